//! Bots that play any [`Game`] through the trait, and a match runner for headless play.

mod greedy;
pub mod mcts;
mod random;
#[cfg(test)]
mod tests;

pub use greedy::GreedyBot;
pub use mcts::{Budget, Candidates, Mcts, Policy, SearchPlan, random_policy};
pub use random::RandomBot;

use crate::{Game, GameRng, Seat, ToAct};

/// Something that picks an action for a seat.
pub trait Bot<G: Game>: Send {
    /// The action `seat` plays now, or `None` if it has none (or prefers to wait, in a turnless game).
    fn choose(&mut self, state: &G, seat: Seat) -> Option<G::Action>;
}

/// One step of `state` with `bot` playing every seat: chance is resolved, or the bot's move for the
/// first seat to act is played. `false` once the game is over or the bot finds no move.
///
/// # Panics
/// If the rules refuse the bot's move (the bot is broken).
pub fn step<G: Game>(state: &mut G, bot: &mut dyn Bot<G>) -> bool {
    match state.to_act() {
        ToAct::Over => false,
        ToAct::Chance => {
            state.apply_chance();
            true
        }
        ToAct::Seats(seats) => match bot.choose(state, seats[0]) {
            None => false,
            Some(a) => {
                if let Err(e) = state.apply(seats[0], &a) {
                    panic!(
                        "the rules refused the bot's move for seat {}: {e}",
                        seats[0]
                    );
                }
                true
            }
        },
    }
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

/// Per-seat chances of winning guessed from per-seat strengths: `exp(v / temperature)`, normalized
/// (for two seats, a logistic curve of the difference). For a game's [`Game::estimate`].
pub fn softmax(values: &[f64], temperature: f64) -> Vec<f64> {
    let top = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = values
        .iter()
        .map(|v| ((v - top) / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}

/// Hard's thinking time per decision.
pub const HARD_TIME: std::time::Duration = std::time::Duration::from_millis(250);

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

    /// The budget in game `G`: the game's easy and normal iteration counts; hard thinks for at most
    /// 250 ms and at most the game's calibrated [`SearchPlan::hard_iterations`], so on an idle core
    /// the cap, not the clock, usually ends it.
    pub fn budget_for<G: Game>(self) -> Budget {
        let plan = G::search_plan();
        match self {
            Level::Easy => Budget::Iterations(plan.easy_iterations),
            Level::Normal => Budget::Iterations(plan.normal_iterations),
            Level::Hard => Budget::Time(HARD_TIME, plan.hard_iterations),
        }
    }

    /// The budget in game `G` counted in iterations only (hard: its cap, without the clock), so that
    /// play depends on the seed alone, not on the machine or its load: for measuring strength.
    pub fn fixed_budget<G: Game>(self) -> Budget {
        match self.budget_for::<G>() {
            Budget::Time(_, cap) => Budget::Iterations(cap),
            b => b,
        }
    }

    /// A search bot of this level for any game (hard within 250 ms).
    pub fn bot<G: Game>(self, seed: u64) -> Mcts<G> {
        Mcts::new(self.budget_for::<G>(), seed)
    }

    /// A search bot of this level that counts iterations only ([`Level::fixed_budget`]).
    pub fn fixed_bot<G: Game>(self, seed: u64) -> Mcts<G> {
        Mcts::new(self.fixed_budget::<G>(), seed)
    }

    /// Look a level up by name.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}
