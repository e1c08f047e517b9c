//! The Sprawl AI seat: a one-ply heuristic picks a few candidate moves, and short simulated
//! continuations of each decide between them.
//!
//! Sprawl is won by emptying your stash before somebody runs out of moves, so both the pips a move
//! puts on the board and *when the game ends* matter: a seat that neutralizes another seat's last
//! tower ends the game at that seat's next turn. The static evaluation ([`evaluate`]) counts pips in
//! live sprawl and what is in danger; the search plays each candidate on, a round or two, with every
//! seat following a simple policy (mostly random moves for the others, now and then their greediest
//! one; the bot's own greediest move for itself) and scores the outcome, so it sees games that end,
//! towers that fall and chances to neutralize that one ply misses; a seat left without a move is
//! spotted as soon as it happens ([`end`]), and a simulation whose game is then bound to end plays
//! on to the final tally. In Counting Coup it always asks
//! "are you sure?" (asking costs nothing) and takes a spore back when the asker could take more than
//! a card.

mod end;
mod eval;
mod search;

use super::moves;
use super::{Action, Phase, Sprawl, Square};
use crate::bots::Bot;
use crate::{Game, GameRng, Seat};

pub use eval::evaluate;

/// How hard the bot thinks: candidates kept from the one-ply ordering, simulations per candidate,
/// and how many of its own turns each simulation looks ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Moves (best by the one-ply evaluation) compared by simulation.
    pub candidates: usize,
    /// Simulated continuations of each candidate.
    pub rollouts: usize,
    /// Simulations stop when the bot is about to take this many more turns (or the game ends).
    pub turns_ahead: usize,
    /// Percent of the other seats' simulated moves that are their greediest rather than random.
    pub greed: usize,
}

impl Effort {
    /// The default: a few milliseconds per decision in a release build.
    pub const NORMAL: Effort = Effort {
        candidates: 8,
        rollouts: 12,
        turns_ahead: 3,
        greed: 25,
    };
    /// One ply only: the static evaluation alone.
    pub const ONE_PLY: Effort = Effort {
        candidates: 1,
        rollouts: 0,
        turns_ahead: 0,
        greed: 0,
    };
}

/// The AI seat; `rng` breaks ties and drives its simulations.
pub struct SprawlBot {
    rng: GameRng,
    effort: Effort,
}

impl SprawlBot {
    /// A bot whose tie-breaks and simulations follow `seed`.
    pub fn new(seed: u64) -> Self {
        SprawlBot {
            rng: GameRng::new(seed),
            effort: Effort::NORMAL,
        }
    }

    /// The same bot thinking with another effort.
    pub fn with_effort(mut self, effort: Effort) -> Self {
        self.effort = effort;
        self
    }
}

impl Bot<Sprawl> for SprawlBot {
    fn choose(&mut self, state: &Sprawl, seat: Seat) -> Option<Action> {
        let legal = state.legal_actions(seat);
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        match state.phase() {
            Phase::Asking { .. } => Some(Action::AreYouSure),
            Phase::Answering { spore, .. } => Some(answer(spore, &legal)),
            Phase::Play => Some(search::best_move(
                state,
                seat,
                legal,
                self.effort,
                &mut self.rng,
            )),
        }
    }
}

/// Counting Coup: take a questioned spore back unless it is a lone small piece (worth less than the
/// card it gives away) or there is nothing else to do.
fn answer(spore: &Action, legal: &[Action]) -> Action {
    let pips = eval::pips_placed(spore);
    if pips <= 1 || !legal.contains(&Action::TakeBack) {
        Action::KeepMove
    } else {
        Action::TakeBack
    }
}

/// Whether `seat` has a move that neutralizes `sq` right now (used by tests and analysis tools).
pub fn can_neutralize(s: &Sprawl, seat: Seat, sq: Square) -> bool {
    moves::could_neutralize(s, seat, sq)
}
