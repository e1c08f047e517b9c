//! What the player is told: the notice line (the last move, or why a move was refused) and the
//! warnings banner's lines (files that failed to load, an autosave that failed), which stay until
//! closed.

use bevy::prelude::*;

/// The last message for the player: an illegal move's reason, or what just happened.
#[derive(Resource, Default, Debug)]
pub struct Notice {
    pub text: String,
    pub is_error: bool,
    /// Counts the messages shown, the same text shown again included (a system that merely holds
    /// the notice mutably marks it changed without showing anything).
    shown: u64,
}

impl Notice {
    pub fn error(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.is_error = true;
        self.shown += 1;
    }

    pub fn info(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.is_error = false;
        self.shown += 1;
    }

    /// How many messages have been shown so far.
    pub fn shown(&self) -> u64 {
        self.shown
    }
}

/// The warnings shown in the banner, oldest first, each with its topic.
#[derive(Resource, Default, Debug)]
pub struct Warnings {
    pub(crate) lines: Vec<(&'static str, String)>,
}

impl Warnings {
    /// Show `text` under `topic`, in place of an earlier warning of that topic.
    pub fn set(&mut self, topic: &'static str, text: impl Into<String>) {
        let text = text.into();
        match self.lines.iter_mut().find(|(t, _)| *t == topic) {
            Some((_, line)) => *line = text,
            None => self.lines.push((topic, text)),
        }
    }

    /// Change the warning of `topic` to `text` if it is still shown (not closed).
    pub fn update(&mut self, topic: &'static str, text: impl Into<String>) {
        if let Some((_, line)) = self.lines.iter_mut().find(|(t, _)| *t == topic) {
            *line = text.into();
        }
    }

    /// The warning of `topic` no longer holds.
    pub fn clear(&mut self, topic: &'static str) {
        self.lines.retain(|(t, _)| *t != topic);
    }

    /// The warning of `topic`, if shown.
    pub fn get(&self, topic: &str) -> Option<&str> {
        self.lines
            .iter()
            .find(|(t, _)| *t == topic)
            .map(|(_, line)| line.as_str())
    }

    /// Whether there is nothing to show.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}
