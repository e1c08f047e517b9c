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
//! spotted as soon as it happens (`end`), and a simulation whose game is then bound to end plays
//! on to the final tally. In Counting Coup it always asks
//! "are you sure?" (asking costs nothing) and takes a questioned spore back unless it is a lone
//! small piece (worth less than the card it would give away).

mod end;
mod eval;
mod search;

use super::{Action, Phase, Sprawl};
use crate::bots::Bot;
use crate::{Game, GameRng, Seat};

pub use eval::evaluate;

/// How hard the bot thinks: candidates kept from the one-ply ordering, simulations per candidate,
/// how far each simulation looks, how the other seats play in it, and what the first tower costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Moves (best by the one-ply evaluation) compared by simulation.
    pub candidates: usize,
    /// Simulated continuations of each candidate.
    pub rollouts: usize,
    /// Simulations stop when the bot is about to take this many more turns (or the game ends);
    /// [`TO_THE_END`] plays every simulation out.
    pub turns_ahead: usize,
    /// Percent of the other seats' simulated moves that are their greediest rather than random.
    pub greed: usize,
    /// Simulations shared out among the squares for the first tower (0: the static choice alone).
    pub first_tower: usize,
}

/// More turns than any seat can take (15 pieces each): simulations play on to the end of the game.
pub const TO_THE_END: usize = 16;

impl Effort {
    /// Three to five seats: a few milliseconds per decision in a release build.
    pub const NORMAL: Effort = Effort {
        candidates: 8,
        rollouts: 12,
        turns_ahead: 3,
        greed: 25,
        first_tower: 0,
    };
    /// Six to eight seats, where the first two or three turns decide most games: simulations play
    /// to the end and the first tower's square is searched (tens of milliseconds per decision in a
    /// release build, up to about half a second for the first tower).
    pub const LARGE_TABLE: Effort = Effort {
        turns_ahead: TO_THE_END,
        first_tower: 2_000,
        ..Effort::NORMAL
    };
    /// One ply only: the static evaluation alone.
    pub const ONE_PLY: Effort = Effort {
        candidates: 1,
        rollouts: 0,
        turns_ahead: 0,
        greed: 0,
        first_tower: 0,
    };

    /// The default effort at a table of `players`.
    pub fn for_table(players: usize) -> Effort {
        if players >= 6 {
            Effort::LARGE_TABLE
        } else {
            Effort::NORMAL
        }
    }
}

/// The AI seat; `rng` breaks ties and drives its simulations.
pub struct SprawlBot {
    rng: GameRng,
    /// `None`: [`Effort::for_table`].
    effort: Option<Effort>,
}

impl SprawlBot {
    /// A bot whose tie-breaks and simulations follow `seed`.
    pub fn new(seed: u64) -> Self {
        SprawlBot {
            rng: GameRng::new(seed),
            effort: None,
        }
    }

    /// The same bot thinking with another effort.
    pub fn with_effort(mut self, effort: Effort) -> Self {
        self.effort = Some(effort);
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
                self.effort
                    .unwrap_or_else(|| Effort::for_table(state.players())),
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
