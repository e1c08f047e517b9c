//! A one-ply greedy bot: plays the action that most improves its lead in standing (points, or
//! points turned round where the fewest win), ties broken at random.

use super::Bot;
use crate::{Game, GameRng, Seat, ToAct};

/// Picks the action maximizing `own standing - best other standing` right after it.
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

/// `seat`'s lead: its standing minus the best standing of any other seat.
pub fn lead<G: Game>(state: &G, seat: Seat) -> i64 {
    let standing = state.standing();
    let best_other = standing
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, &v)| v)
        .max();
    standing[seat] - best_other.unwrap_or(0)
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
