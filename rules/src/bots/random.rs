//! A bot that plays a uniformly random legal action: the baseline every other bot must beat.

use super::Bot;
use crate::{Game, GameRng, Seat};

/// Uniformly random among the legal actions.
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::new(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, state: &G, seat: Seat) -> Option<G::Action> {
        let legal = state.legal_actions(seat);
        if legal.is_empty() {
            None
        } else {
            Some(legal[self.rng.below(legal.len())].clone())
        }
    }
}
