//! Bots that play any [`Game`] through the trait, and a match runner for headless play.

mod greedy;
pub mod mcts;
mod random;

pub use greedy::GreedyBot;
pub use mcts::{Budget, Mcts};
pub use random::RandomBot;

use crate::{Game, GameRng, Seat, ToAct};

/// Something that picks an action for a seat.
pub trait Bot<G: Game>: Send {
    /// The action `seat` plays now, or `None` if it has none (or prefers to wait, in a turnless game).
    fn choose(&mut self, state: &G, seat: Seat) -> Option<G::Action>;
}

/// The result of one headless game.
#[derive(Clone, Debug)]
pub struct MatchResult {
    pub scores: Vec<i64>,
    pub returns: Vec<f64>,
    pub actions: usize,
}

/// Play `state` to the end with one bot per seat. In a turnless game the seat that moves next is drawn
/// from `rng` among those who may act, standing in for who reacts first at the table.
pub fn play_match<G: Game>(
    mut state: G,
    bots: &mut [Box<dyn Bot<G>>],
    rng: &mut GameRng,
) -> MatchResult {
    let mut actions = 0;
    let bound = state.max_game_length();
    loop {
        match state.to_act() {
            ToAct::Over => break,
            ToAct::Chance => state.apply_chance(),
            ToAct::Seats(seats) => {
                let seat = seats[rng.below(seats.len())];
                match bots[seat].choose(&state, seat) {
                    Some(a) => state.apply_unchecked(seat, &a),
                    None => panic!("bot for seat {seat} found no action although it may act"),
                }
            }
        }
        actions += 1;
        assert!(actions <= bound, "game exceeded its declared bound {bound}");
    }
    MatchResult {
        scores: state.scores(),
        returns: state.returns(),
        actions,
    }
}

/// AI strength levels, as chosen per seat on the title screen: Monte Carlo tree search with a budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The name shown and typed (`easy`, `normal`, `hard`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The search budget: a few dozen iterations, a few hundred, or 250 ms of thought.
    pub fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget::Iterations(40),
            Level::Normal => Budget::Iterations(300),
            Level::Hard => Budget::Time(std::time::Duration::from_millis(250), 50_000),
        }
    }

    /// A search bot of this level for any game.
    pub fn bot<G: Game>(self, seed: u64) -> Mcts<G> {
        Mcts::new(self.budget(), seed)
    }

    /// Look a level up by name.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}
