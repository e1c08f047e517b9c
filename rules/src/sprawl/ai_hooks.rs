//! Tree-search hooks for Sprawl ([`crate::Game::search_plan`]): random rollouts scored by the
//! game's estimate (fewest points left in the stash), and hard's iteration cap.

use super::Sprawl;
use crate::bots::SearchPlan;

/// Search plan: the default random rollouts of 40 actions; hard capped at 3,000 iterations (about
/// 190 ms of one core at three seats).
pub(super) fn plan() -> SearchPlan<Sprawl> {
    SearchPlan {
        hard_iterations: 3_000,
        ..SearchPlan::default()
    }
}
