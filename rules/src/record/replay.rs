//! Stepping through a recorded game: forward, back, or to any step, with the log so far.
//!
//! The record is checked once, when the replay is made; snapshots of the state every
//! [`SNAPSHOT_EVERY`] steps make going back or jumping cost at most that many steps of replay.

use super::{Record, Recorded, ReplayError, Step, describe_step, play_step};

/// Steps between two kept snapshots.
pub const SNAPSHOT_EVERY: usize = 64;

/// A recorded game being watched step by step.
#[derive(Clone, Debug)]
pub struct Replay<G: Recorded> {
    record: Record<G>,
    /// Every step in plain words.
    lines: Vec<String>,
    /// The state after `i * every` steps.
    snapshots: Vec<G>,
    every: usize,
    position: usize,
    state: G,
}

impl<G: Recorded> Replay<G> {
    /// A replay of `record` at its start (the whole record is checked now).
    pub fn new(record: Record<G>) -> Result<Self, ReplayError> {
        Self::with_snapshots_every(record, SNAPSHOT_EVERY)
    }

    /// The same, keeping a snapshot every `every` steps (at least 1).
    pub fn with_snapshots_every(record: Record<G>, every: usize) -> Result<Self, ReplayError> {
        let every = every.max(1);
        let start = record.start()?;
        let mut state = start.clone();
        let mut snapshots = vec![start.clone()];
        let mut lines = Vec::with_capacity(record.len());
        for (i, step) in record.steps.iter().enumerate() {
            let before = state.clone();
            play_step(&mut state, i, step)?;
            lines.push(describe_step(&before, &state, step));
            if (i + 1) % every == 0 {
                snapshots.push(state.clone());
            }
        }
        Ok(Replay {
            record,
            lines,
            snapshots,
            every,
            position: 0,
            state: start,
        })
    }

    /// The record being replayed.
    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    /// Number of steps in the record.
    pub fn len(&self) -> usize {
        self.record.len()
    }

    /// True for a record with no step.
    pub fn is_empty(&self) -> bool {
        self.record.is_empty()
    }

    /// Steps played so far (0 at the start, [`Replay::len`] at the end).
    pub fn position(&self) -> usize {
        self.position
    }

    /// The state after [`Replay::position`] steps.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// True at the last step.
    pub fn at_end(&self) -> bool {
        self.position == self.len()
    }

    /// Play the next step; false at the end.
    pub fn forward(&mut self) -> bool {
        if self.at_end() {
            return false;
        }
        apply(&mut self.state, &self.record.steps[self.position]);
        self.position += 1;
        true
    }

    /// Go back one step; false at the start.
    pub fn back(&mut self) -> bool {
        if self.position == 0 {
            return false;
        }
        self.jump(self.position - 1);
        true
    }

    /// Go to the state after `n` steps (the end if `n` is past it).
    pub fn jump(&mut self, n: usize) {
        let n = n.min(self.len());
        if n < self.position || n - self.position > self.every {
            let k = (n / self.every).min(self.snapshots.len() - 1);
            self.state = self.snapshots[k].clone();
            self.position = k * self.every;
        }
        while self.position < n {
            self.forward();
        }
    }

    /// The steps played so far in plain words, the latest last.
    pub fn log(&self) -> &[String] {
        &self.lines[..self.position]
    }

    /// Every step of the record in plain words.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }
}

/// Apply a step already checked when the replay was made.
fn apply<G: Recorded>(state: &mut G, step: &Step<G::Action>) {
    match step {
        Step::Act { seat, action } => state.apply_unchecked(*seat, action),
        Step::Chance => state.apply_chance(),
    }
}
