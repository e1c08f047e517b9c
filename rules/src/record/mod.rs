//! Game records: a game is its setup and the ordered steps played from it.
//!
//! A step is a seat's action or a chance event. Chance is resolved by the state's own seeded RNG, so
//! replaying the same steps from the same setup reproduces the game exactly, on every machine. A
//! [`Record`] is what a save file holds; a [`Recorder`] plays a live game into one (with undo and redo);
//! a [`Replay`] steps through a finished or saved one.

mod games;
mod recorder;
mod replay;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_undo;

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{Game, GameKind, RuleError, Seat, ToAct};

pub use recorder::Recorder;
pub use replay::{Replay, SNAPSHOT_EVERY};

/// A game that can be recorded: built from a serializable setup, named by its [`GameKind`].
pub trait Recorded: Game {
    /// Everything a new game is made from (seats, options, seed).
    type Setup: Serialize + DeserializeOwned + Clone + Debug + PartialEq + Send + Sync + 'static;

    /// Which game this is (its slug goes into save files).
    const KIND: GameKind;

    /// The game at its start.
    fn from_setup(setup: &Self::Setup) -> Result<Self, RuleError>;

    /// The chance event just resolved, in plain words (`self` before it, `after` after it). It must not
    /// show what a player may not know (a drawn card's face).
    fn describe_chance(&self, _after: &Self) -> String {
        "chance".to_string()
    }

    /// What the pending chance event is like: dice rolled (the default) or something drawn.
    fn chance_kind(&self) -> ChanceKind {
        ChanceKind::Roll
    }

    /// The rulings that changed what this game allows, each with the save format that first wrote
    /// games under it (see `save::FORMAT`), in the words a refused old save names them.
    const RULINGS: &'static [Ruling] = &[];
}

/// A change to a game's rules after which a save written before it may not replay: an old save
/// whose record the new rule refuses is refused with these words (rules/design/saves.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The first save format written under the ruling.
    pub since_format: u32,
    /// What changed, quoting the rulebook's sentence.
    pub words: &'static str,
}

/// What a chance event is like, for the table's sounds and pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChanceKind {
    /// Dice are rolled.
    Roll,
    /// A card, a figure or a piece is drawn (from a deck or a bag).
    Draw,
}

/// One step of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step<A> {
    /// `seat` played `action`.
    Act { seat: Seat, action: A },
    /// The pending chance event was resolved from the state's RNG.
    Chance,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The setup itself is refused by the game.
    Setup(RuleError),
    /// Step `step` (counted from 1) cannot be played: by `seat` (`None` for chance), `action` as
    /// written in the record, refused for `reason`.
    Step {
        step: usize,
        seat: Option<Seat>,
        action: String,
        reason: String,
    },
    /// More steps were asked for than the record holds.
    Beyond { asked: usize, len: usize },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "the game's setup is refused: {e}"),
            ReplayError::Step {
                step,
                seat: Some(seat),
                action,
                reason,
            } => write!(
                f,
                "step {step} (seat {}: {action}): {reason}",
                seat.saturating_add(1)
            ),
            ReplayError::Step { step, reason, .. } => write!(f, "step {step} (chance): {reason}"),
            ReplayError::Beyond { asked, len } => {
                let len = crate::words::count(*len as i64, "step", "steps");
                write!(f, "the record has {len}, not {asked}")
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// A whole game: its setup and every step played, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Recorded> {
    pub setup: G::Setup,
    pub steps: Vec<Step<G::Action>>,
}

impl<G: Recorded> Record<G> {
    /// A record of a game not yet begun.
    pub fn new(setup: G::Setup) -> Self {
        Record {
            setup,
            steps: Vec::new(),
        }
    }

    /// Number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True before the first step.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The game at its start.
    pub fn start(&self) -> Result<G, ReplayError> {
        G::from_setup(&self.setup).map_err(ReplayError::Setup)
    }

    /// The game after its first `n` steps, each checked as a player's action would be.
    pub fn state_at(&self, n: usize) -> Result<G, ReplayError> {
        if n > self.len() {
            return Err(ReplayError::Beyond {
                asked: n,
                len: self.len(),
            });
        }
        let mut state = self.start()?;
        for (i, step) in self.steps[..n].iter().enumerate() {
            play_step(&mut state, i, step)?;
        }
        Ok(state)
    }

    /// The game after every step.
    pub fn state(&self) -> Result<G, ReplayError> {
        self.state_at(self.len())
    }

    /// Step `i` (counted from 0) in plain words with its player, e.g. "seat 2: Red caps ...". This
    /// replays the first `i` steps; for many lines use [`Record::log`], a [`Recorder`] or a [`Replay`].
    pub fn describe(&self, i: usize) -> Result<String, ReplayError> {
        let step = self.steps.get(i).ok_or(ReplayError::Beyond {
            asked: i + 1,
            len: self.len(),
        })?;
        let before = self.state_at(i)?;
        let mut after = before.clone();
        play_step(&mut after, i, step)?;
        Ok(describe_step(&before, &after, step))
    }

    /// Every step in plain words, in order.
    pub fn log(&self) -> Result<Vec<String>, ReplayError> {
        let mut state = self.start()?;
        let mut lines = Vec::with_capacity(self.len());
        for (i, step) in self.steps.iter().enumerate() {
            let before = state.clone();
            play_step(&mut state, i, step)?;
            lines.push(describe_step(&before, &state, step));
        }
        Ok(lines)
    }

    /// The smallest step count undo may go back to: just after the last chance step or action that
    /// revealed something (see [`Game::reveals`]); 0 if none did. Replays the record (a [`Recorder`]
    /// keeps it as it goes); a record that does not replay gives its length: nothing may be undone.
    pub fn undo_floor(&self) -> usize {
        let Ok(mut state) = self.start() else {
            return self.len();
        };
        let mut floor = 0;
        for (i, step) in self.steps.iter().enumerate() {
            match play_step_revealing(&mut state, i, step) {
                Ok(true) => floor = i + 1,
                Ok(false) => {}
                Err(_) => return self.len(),
            }
        }
        floor
    }
}

/// Play step `i` (counted from 0) on `state`, checked: a seat must be one that may act and its action
/// legal; chance must be pending. Refused steps leave `state` as it was.
pub(crate) fn play_step<G: Game>(
    state: &mut G,
    i: usize,
    step: &Step<G::Action>,
) -> Result<(), ReplayError> {
    play(state, i, step, false).map(|_| ())
}

/// [`play_step`], also telling whether the step revealed something (see [`Game::reveals`]; chance
/// always does). `reveals` is asked only of an action found legal.
pub(crate) fn play_step_revealing<G: Game>(
    state: &mut G,
    i: usize,
    step: &Step<G::Action>,
) -> Result<bool, ReplayError> {
    play(state, i, step, true)
}

fn play<G: Game>(
    state: &mut G,
    i: usize,
    step: &Step<G::Action>,
    ask_reveals: bool,
) -> Result<bool, ReplayError> {
    let refuse = |seat: Option<Seat>, action: String, reason: String| ReplayError::Step {
        step: i + 1,
        seat,
        action,
        reason,
    };
    match step {
        Step::Chance => match state.to_act() {
            ToAct::Chance => {
                state.apply_chance();
                Ok(true)
            }
            ToAct::Over => Err(refuse(None, String::new(), "the game is over".into())),
            ToAct::Seats(_) => Err(refuse(
                None,
                String::new(),
                "no chance event is pending; a player is to act".into(),
            )),
        },
        Step::Act { seat, action } => {
            let seat = *seat;
            // Written from the file, not described: the game's words are only for legal actions.
            let written = || format!("{action:?}");
            check_act(state, seat, action).map_err(|e| refuse(Some(seat), written(), e.0))?;
            let reveals = ask_reveals && state.reveals(seat, action);
            state.apply_unchecked(seat, action);
            Ok(reveals)
        }
    }
}

/// Ok if `seat` may act now and `action` is legal for it.
pub(crate) fn check_act<G: Game>(
    state: &G,
    seat: Seat,
    action: &G::Action,
) -> Result<(), RuleError> {
    match state.to_act() {
        ToAct::Seats(seats) if seats.contains(&seat) => state.check(seat, action),
        ToAct::Seats(_) if seat >= state.num_seats() => Err(RuleError::new(format!(
            "there is no seat {} in a game of {}",
            seat.saturating_add(1),
            state.num_seats()
        ))),
        ToAct::Seats(_) => Err(RuleError::new(format!(
            "seat {} may not act now",
            seat.saturating_add(1)
        ))),
        ToAct::Chance => Err(RuleError::new("a chance event is pending")),
        ToAct::Over => Err(RuleError::new("the game is over")),
    }
}

/// A step in plain words: "seat N: <the game's description>" or "chance: <what happened>".
pub(crate) fn describe_step<G: Recorded>(before: &G, after: &G, step: &Step<G::Action>) -> String {
    match step {
        Step::Act { seat, action } => {
            format!(
                "seat {}: {}",
                seat.saturating_add(1),
                before.action_to_string(*seat, action)
            )
        }
        Step::Chance => format!("chance: {}", before.describe_chance(after)),
    }
}
