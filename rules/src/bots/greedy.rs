//! A one-ply greedy bot: plays the action that most improves its lead in points, ties broken at random.

use super::Bot;
use crate::{Game, GameRng, Seat, ToAct};

/// Picks the action maximizing `own score - best other score` right after it.
pub struct GreedyBot {
    rng: GameRng,
}

impl GreedyBot {
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            rng: GameRng::new(seed),
        }
    }
}

/// `seat`'s lead: its score minus the best score of any other seat.
pub fn lead<G: Game>(state: &G, seat: Seat) -> i64 {
    let scores = state.scores();
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, &v)| v)
        .max();
    scores[seat] - best_other.unwrap_or(0)
}

impl<G: Game> Bot<G> for GreedyBot {
    fn choose(&mut self, state: &G, seat: Seat) -> Option<G::Action> {
        let legal = state.legal_actions(seat);
        let mut best: Vec<&G::Action> = Vec::new();
        let mut best_value = i64::MIN;
        for a in &legal {
            let mut next = state.clone();
            next.apply_unchecked(seat, a);
            let mut value = lead(&next, seat);
            if next.to_act() == ToAct::Over {
                value = value.saturating_mul(4);
            }
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(a);
            }
        }
        if best.is_empty() {
            None
        } else {
            Some(best[self.rng.below(best.len())].clone())
        }
    }
}
