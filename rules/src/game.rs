//! The one trait every game implements, modelled on OpenSpiel's `State`.
//!
//! A state says who may act ([`ToAct`]), lists each seat's legal actions (sorted, deterministic),
//! applies an action checked (with a reason when it is illegal, leaving the state untouched) or
//! unchecked (for search), resolves chance from its own seeded RNG, and reports scores and returns.

use std::fmt::Debug;
use std::hash::Hash;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::GameRng;

/// A seat at the table, numbered from 0.
pub type Seat = usize;

/// Who may act now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// These seats may act (one seat in a turn-based game; several in a turnless one).
    Seats(Vec<Seat>),
    /// Chance acts next: call [`Game::apply_chance`].
    Chance,
    /// The game is over.
    Over,
}

/// Why an action was refused. The message is meant for a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError(pub String);

impl RuleError {
    pub fn new(msg: impl Into<String>) -> Self {
        RuleError(msg.into())
    }
}

/// What a rule check gives when it refuses: the reason in words ([`RuleError`]), or only that it
/// refuses ([`Refused`]) where nobody reads the words (legal-action generation, the search), so
/// that they are not made and thrown away. A check written once, generic over this, serves both.
pub trait Refusal: Sized {
    /// The refusal; `why` makes its words, called only by a refusal that keeps them.
    fn because<S: Into<String>>(why: impl FnOnce() -> S) -> Self;
}

impl Refusal for RuleError {
    fn because<S: Into<String>>(why: impl FnOnce() -> S) -> Self {
        RuleError(why().into())
    }
}

/// A refusal without its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused;

impl Refusal for Refused {
    fn because<S: Into<String>>(_why: impl FnOnce() -> S) -> Self {
        Refused
    }
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RuleError {}

/// A game state. Cloning a state clones its RNG, so a clone goes on identically.
/// The seed of [`Game::as_seen_by`]'s stand-ins: fixed, so they carry nothing of the game.
pub const SEEN_SEED: u64 = 0x5EE0_F5EA;

pub trait Game:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// One move of one seat, or a choice the rules hand a seat.
    type Action: Clone
        + Debug
        + PartialEq
        + Eq
        + Ord
        + Hash
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;

    /// Number of seats (players) in this game.
    fn num_seats(&self) -> usize;

    /// Who may act now.
    fn to_act(&self) -> ToAct;

    /// Legal actions of `seat` now, sorted and without duplicates; empty if the seat may not act.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// Ok if `seat` may play `action` now, otherwise the rule it breaks.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), RuleError>;

    /// Apply an action known to be legal (it came from [`Game::legal_actions`]).
    fn apply_unchecked(&mut self, seat: Seat, action: &Self::Action);

    /// Apply an action from outside (a click, a file): refused with a reason, state unchanged, if illegal.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<(), RuleError> {
        self.check(seat, action)?;
        self.apply_unchecked(seat, action);
        Ok(())
    }

    /// True if `action` by `seat`, played in this state (before it is applied), reveals something
    /// random or hidden: a card drawn or looked at, a die rolled, a face-down tile turned up. Undo
    /// never goes back past such an action (nor past a chance step), so nobody can see an outcome and
    /// then change the move that led to it. Only asked for legal actions.
    fn reveals(&self, _seat: Seat, _action: &Self::Action) -> bool {
        false
    }

    /// Resolve the pending chance event (dice, draws) from the state's own RNG.
    /// Only called when [`Game::to_act`] is [`ToAct::Chance`]; games without chance never are.
    fn apply_chance(&mut self) {}

    /// The state's RNG, so search can re-seed a copy (a determinization of what is still unknown).
    fn rng_mut(&mut self) -> &mut GameRng;

    /// A copy of this state as `seat` could imagine it: what `seat` cannot know (other hands, deck
    /// order, future rolls) is re-sampled from `seed`. Games with no hidden information only re-seed.
    fn determinize(&self, _seat: Seat, seed: u64) -> Self {
        let mut copy = self.clone();
        *copy.rng_mut() = GameRng::new(seed);
        copy
    }

    /// The state as `seat` may know it, for that seat's screen across a network: what `seat`
    /// cannot know (other hands, what face-down tiles hide, the order of any deck or pile, the RNG
    /// that decides future rolls and draws) is replaced by stand-ins that depend only on what it
    /// can see, so the copy tells it nothing more. By default a determinization with a fixed seed:
    /// each game's [`Game::determinize`] re-deals what is hidden from what the seat has not seen,
    /// sorted first. The battery checks it: two states `seat` cannot tell apart give one view.
    fn as_seen_by(&self, seat: Seat) -> Self {
        self.determinize(seat, SEEN_SEED)
    }

    /// Points per seat, as the rulebook counts them (shown in the HUD).
    fn scores(&self) -> Vec<i64>;

    /// Per-seat standing, higher is better: the scores, turned round by a game where the fewest
    /// points win. Bots and the default returns and estimate read this, never `scores` directly.
    fn standing(&self) -> Vec<i64> {
        self.scores()
    }

    /// Per-seat result in `[0, 1]` once the game is over: 1 shared among the winners, 0 for the rest.
    fn returns(&self) -> Vec<f64> {
        let standing = self.standing();
        let best = standing.iter().copied().max().unwrap_or(0);
        let winners = standing.iter().filter(|&&s| s == best).count().max(1) as f64;
        standing
            .iter()
            .map(|&s| if s == best { 1.0 / winners } else { 0.0 })
            .collect()
    }

    /// A quick estimate in `[0, 1]` per seat of how the game is going, for search cut off before the end:
    /// the returns once over, otherwise each seat's standing placed between the lowest and the highest.
    fn estimate(&self) -> Vec<f64> {
        if self.is_over() {
            return self.returns();
        }
        let standing = self.standing();
        let (lo, hi) = (
            standing.iter().copied().min().unwrap_or(0),
            standing.iter().copied().max().unwrap_or(0),
        );
        if hi == lo {
            return vec![1.0 / standing.len().max(1) as f64; standing.len()];
        }
        standing
            .iter()
            .map(|&s| (s - lo) as f64 / (hi - lo) as f64)
            .collect()
    }

    /// How tree search ([`crate::bots::Mcts`]) plays this game: its rollout policy, rollout depth and
    /// the iteration cap of the hard level. The default: uniformly random rollouts of 40 actions.
    fn search_plan() -> crate::bots::SearchPlan<Self> {
        crate::bots::SearchPlan::default()
    }

    /// True when the game is over.
    fn is_over(&self) -> bool {
        self.to_act() == ToAct::Over
    }

    /// A player-readable description of `action` by `seat` in this state.
    fn action_to_string(&self, seat: Seat, action: &Self::Action) -> String;

    /// Any action of the game's action space, legal here or not (for fuzzing and the battery).
    fn random_action(&self, rng: &mut GameRng) -> Self::Action;

    /// An upper bound on the number of actions (chance included) in any game.
    fn max_game_length(&self) -> usize;

    /// The game's own invariants (pieces conserved, ...); the message names what is broken.
    fn check_invariants(&self) -> Result<(), String>;

    /// Whether a table position read from a file (`--scene`) can be played from: its invariants,
    /// and whatever else a game reached by play always has (a test or rulebook position may lack
    /// it, to show a refusal).
    fn check_position(&self) -> Result<(), String> {
        self.check_invariants()?;
        // Play reaches no position where the one to act has nothing to do; a file could.
        if let ToAct::Seats(seats) = self.to_act() {
            if seats.is_empty() {
                return Err("nobody is to act, yet the game goes on".into());
            }
            if let Some(seat) = seats.iter().find(|&&s| self.legal_actions(s).is_empty()) {
                return Err(format!("seat {seat} is to act but has nothing it may do"));
            }
        }
        Ok(())
    }
}
