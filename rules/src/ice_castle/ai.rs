//! Tree-search hooks for Ice Castle ([`crate::Game::search_plan`], [`crate::Game::estimate`]).
//!
//! Random play almost never finishes a race (and randomly steps out of the castle), so random
//! rollouts say nothing here. Search instead judges a position by the race itself (each seat's
//! shortest-path cost to its goal row, as the heuristic measures it with its tuned weights), plays no
//! rollout, and only considers the heuristic's best two actions at each node (a card play has some
//! sixty choices; searching more of them did worse, see rules/design/ai.md).

use super::bot::{self, Weights};
use super::{Action, IceCastle};
use crate::bots::{SearchPlan, random_policy, softmax};
use crate::{Game, Seat};

/// How much one step of path cost moves the estimate: smaller is sharper.
const TEMPERATURE: f64 = 1.5;

/// Actions searched per node: the heuristic's best this many.
const CANDIDATES: usize = 2;

/// The heuristic's first choice is played unless search finds another better by this much (in
/// estimated chance of winning): the race estimate judges single actions worse than the heuristic
/// does (rules/design/ai.md).
const KEEP_FIRST: f64 = 0.1;

/// The heuristic's weights the search ranks actions and measures the race with.
const WEIGHTS: Weights = Weights::TUNED;

/// Each seat's chance of winning from here, guessed from the race: a softmax of minus the seats'
/// path costs (the seat whose turn it is counted after its best move). The returns once over.
pub(super) fn estimate(s: &IceCastle) -> Vec<f64> {
    if s.is_over() {
        return s.returns();
    }
    let costs: Vec<f64> = bot::race_costs(s, &WEIGHTS)
        .iter()
        .map(|&c| -f64::from(c.min(60.0)))
        .collect();
    softmax(&costs, TEMPERATURE)
}

/// The heuristic's best few actions.
fn candidates(s: &IceCastle, seat: Seat) -> Vec<Action> {
    bot::best_few(s, seat, CANDIDATES, &WEIGHTS)
}

/// Search plan: no rollout (the estimate judges the leaf), the heuristic's best two actions, its
/// first kept unless clearly beaten. An iteration costs about 2.5 ms of one core (every node on the
/// path ranks all its actions, and two candidates a node make the paths deep), so the levels are
/// scaled down: easy 10 iterations, normal 50, hard capped at 100 (about 250 ms at the bench's
/// mid-game position, less in most).
pub(super) fn plan() -> SearchPlan<IceCastle> {
    SearchPlan {
        policy: random_policy::<IceCastle>,
        rollout_depth: 0,
        easy_iterations: 10,
        normal_iterations: 50,
        hard_iterations: 100,
        candidates: Some(candidates),
        keep_first: KEEP_FIRST,
    }
}
