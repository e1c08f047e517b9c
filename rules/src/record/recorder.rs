//! A live game that records itself: every step goes through [`Recorder`], which checks it, applies it
//! to the state, appends it to the [`Record`], and keeps the undo floor and a redo stack.
//!
//! Undo rule: undo may go back only to a point after which nothing random or hidden was revealed (a
//! chance step, or an action for which [`crate::Game::reveals`] says so). The state at that floor is
//! kept, so undo replays only the few steps after it.

use super::{Record, Recorded, ReplayError, Step, check_act, describe_step, play_step_revealing};
use crate::{RuleError, Seat, ToAct};

/// A game in progress with its record, undo floor and redo stack.
#[derive(Clone, Debug)]
pub struct Recorder<G: Recorded> {
    record: Record<G>,
    state: G,
    /// Steps before this count may not be undone.
    floor: usize,
    /// The state after the first `floor` steps.
    floor_state: G,
    /// Groups of undone steps, the last undone group on top, each in playing order.
    redo: Vec<Vec<Step<G::Action>>>,
    /// Every step in plain words.
    lines: Vec<String>,
}

impl<G: Recorded> Recorder<G> {
    /// A new game from `setup`.
    pub fn new(setup: G::Setup) -> Result<Self, RuleError> {
        let state = G::from_setup(&setup)?;
        Ok(Recorder {
            record: Record::new(setup),
            floor_state: state.clone(),
            state,
            floor: 0,
            redo: Vec::new(),
            lines: Vec::new(),
        })
    }

    /// Replay `record` (every step checked) and go on from its end.
    pub fn from_record(record: Record<G>) -> Result<Self, ReplayError> {
        let mut state = record.start()?;
        let mut floor = 0;
        let mut floor_state = state.clone();
        let mut lines = Vec::with_capacity(record.len());
        for (i, step) in record.steps.iter().enumerate() {
            let before = state.clone();
            let reveals = play_step_revealing(&mut state, i, step)?;
            lines.push(describe_step(&before, &state, step));
            if reveals {
                floor = i + 1;
                floor_state = state.clone();
            }
        }
        Ok(Recorder {
            record,
            state,
            floor,
            floor_state,
            redo: Vec::new(),
            lines,
        })
    }

    /// The game now.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Everything played so far.
    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    /// The record, giving up the recorder.
    pub fn into_record(self) -> Record<G> {
        self.record
    }

    /// Number of steps played.
    pub fn len(&self) -> usize {
        self.record.len()
    }

    /// True before the first step.
    pub fn is_empty(&self) -> bool {
        self.record.is_empty()
    }

    /// `seat` plays `action`: refused with the rule's reason (nothing changes) unless `seat` may act
    /// and the action is legal.
    pub fn act(&mut self, seat: Seat, action: &G::Action) -> Result<(), RuleError> {
        check_act(&self.state, seat, action)?;
        let reveals = self.state.reveals(seat, action);
        let step = Step::Act {
            seat,
            action: action.clone(),
        };
        let line = describe_step(&self.state, &self.state, &step);
        self.state.apply_unchecked(seat, action);
        self.pushed(step, reveals, line);
        Ok(())
    }

    /// Resolve the pending chance event; refused if none is pending.
    pub fn chance(&mut self) -> Result<(), RuleError> {
        if self.state.to_act() != ToAct::Chance {
            return Err(RuleError::new("no chance event is pending"));
        }
        let before = self.state.clone();
        self.state.apply_chance();
        let line = describe_step(&before, &self.state, &Step::Chance);
        self.pushed(Step::Chance, true, line);
        Ok(())
    }

    /// Play a step of either kind.
    pub fn step(&mut self, step: &Step<G::Action>) -> Result<(), RuleError> {
        match step {
            Step::Act { seat, action } => self.act(*seat, action),
            Step::Chance => self.chance(),
        }
    }

    /// Append a step just applied; a step other than the next one to redo drops the redo stack.
    fn pushed(&mut self, step: Step<G::Action>, reveals: bool, line: String) {
        match self.redo.last_mut() {
            Some(group) if group.first() == Some(&step) => {
                group.remove(0);
                if group.is_empty() {
                    self.redo.pop();
                }
            }
            Some(_) => self.redo.clear(),
            None => {}
        }
        self.record.steps.push(step);
        self.lines.push(line);
        if reveals {
            self.floor = self.record.len();
            self.floor_state = self.state.clone();
        }
    }

    /// The smallest step count undo may go back to (just after the last reveal).
    pub fn undo_floor(&self) -> usize {
        self.floor
    }

    /// Where undo would go back to: the step count just before the last act of a seat for which
    /// `human` is true, if that act lies after the floor. Undo thus takes back a human's move together
    /// with every AI move after it. `None` if there is nothing a human may take back.
    pub fn undo_target(&self, human: impl Fn(Seat) -> bool) -> Option<usize> {
        (self.floor..self.record.len())
            .rev()
            .find(|&i| matches!(self.record.steps[i], Step::Act { seat, .. } if human(seat)))
    }

    /// Take back the last human move (and the moves after it); false if there is none to take back.
    pub fn undo(&mut self, human: impl Fn(Seat) -> bool) -> bool {
        let Some(target) = self.undo_target(human) else {
            return false;
        };
        let undone = self.record.steps.split_off(target);
        self.redo.push(undone);
        self.lines.truncate(target);
        let mut state = self.floor_state.clone();
        for step in &self.record.steps[self.floor..] {
            // Every step after the floor was checked when played and is not chance.
            if let Step::Act { seat, action } = step {
                state.apply_unchecked(*seat, action);
            }
        }
        self.state = state;
        true
    }

    /// True if an undone group of steps can be played again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Play the last undone group of steps again; false if there is none (or it no longer applies).
    pub fn redo(&mut self) -> bool {
        let Some(group) = self.redo.pop() else {
            return false;
        };
        let rest = std::mem::take(&mut self.redo);
        for step in &group {
            if self.step(step).is_err() {
                return false;
            }
        }
        self.redo = rest;
        true
    }

    /// Every step so far in plain words ("seat 2: ...", "chance: ..."), for the game log panel.
    pub fn log(&self) -> &[String] {
        &self.lines
    }
}
