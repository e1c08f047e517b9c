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
