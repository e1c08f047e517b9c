//! Monte Carlo tree search for any [`Game`]: single-observer information-set MCTS.
//!
//! Each iteration samples a determinization of the root as the searching seat could imagine it
//! ([`Game::determinize`]: hidden hands and future chance re-sampled), then walks one tree shared by all
//! samples. Children are keyed by (seat, action); a child's UCB uses how often it was *available*, not
//! its parent's visits, since different samples allow different actions. Chance is open-loop: it is
//! resolved from the sample's RNG and not stored in the tree. Rollouts play a policy (random unless the
//! game supplies one) for a bounded depth and score with [`Game::estimate`].

use std::time::{Duration, Instant};

use super::Bot;
use crate::{Game, GameRng, Seat, ToAct};

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// A fixed number of iterations: deterministic given the seed.
    Iterations(u32),
    /// Wall-clock time, with an iteration cap.
    Time(Duration, u32),
}

/// A rollout policy: the action `seat` plays in a simulated game.
pub type Policy<G> = fn(&G, Seat, &mut GameRng) -> Option<<G as Game>::Action>;

/// How tree search plays one game ([`Game::search_plan`]): a game supplies a better rollout policy, a
/// rollout depth that suits its [`Game::estimate`], and the iteration cap of [`super::Level::Hard`].
pub struct SearchPlan<G: Game> {
    /// The action a seat plays in a rollout.
    pub policy: Policy<G>,
    /// Actions a rollout plays (chance included) before it is scored with [`Game::estimate`].
    pub rollout_depth: usize,
    /// Iterations of [`super::Level::Easy`] and [`super::Level::Normal`] (40 and 300 unless an
    /// iteration is expensive in this game).
    pub easy_iterations: u32,
    pub normal_iterations: u32,
    /// Hard's iteration cap: calibrated per game so that on one idle core the cap, not the 250 ms
    /// clock, ends most decisions (hard then plays the same moves on a busy machine).
    pub hard_iterations: u32,
    /// The actions search considers for a seat (a subset of the legal ones, e.g. a heuristic's best
    /// few, best first); `None`: all legal actions.
    pub candidates: Option<Candidates<G>>,
    /// With candidates: the first (the heuristic's choice) is played unless the search's pick has a
    /// mean return higher by more than this; 0: the most visited action, whatever the heuristic says.
    pub keep_first: f64,
}

/// The actions worth searching for a seat: a non-empty subset of its legal actions when it has any.
pub type Candidates<G> = fn(&G, Seat) -> Vec<<G as Game>::Action>;

impl<G: Game> Default for SearchPlan<G> {
    /// Random rollouts of 40 actions; hard capped at 50,000 iterations (in practice the clock ends it).
    fn default() -> Self {
        SearchPlan {
            policy: random_policy::<G>,
            rollout_depth: 40,
            easy_iterations: 40,
            normal_iterations: 300,
            hard_iterations: 50_000,
            candidates: None,
            keep_first: 0.0,
        }
    }
}

/// The MCTS bot.
pub struct Mcts<G: Game> {
    pub budget: Budget,
    /// UCB exploration constant.
    pub exploration: f64,
    /// Actions a rollout plays before it is scored with [`Game::estimate`].
    pub rollout_depth: usize,
    pub policy: Policy<G>,
    /// The actions searched for a seat ([`SearchPlan::candidates`]).
    pub candidates: Option<Candidates<G>>,
    /// [`SearchPlan::keep_first`].
    pub keep_first: f64,
    /// Iterations the last search ran (0 when it had one action or none).
    pub last_iterations: u32,
    rng: GameRng,
}

/// Uniformly random legal action.
pub fn random_policy<G: Game>(state: &G, seat: Seat, rng: &mut GameRng) -> Option<G::Action> {
    let legal = state.legal_actions(seat);
    (!legal.is_empty()).then(|| legal[rng.below(legal.len())].clone())
}

struct Node<A> {
    seat: Seat,
    action: Option<A>,
    children: Vec<usize>,
    visits: f64,
    available: f64,
    /// Sum of the returns of `seat`, the seat that moved into this node.
    value: f64,
}

impl<G: Game> Mcts<G> {
    /// A search bot with the game's own [`SearchPlan`] (rollout policy and depth).
    pub fn new(budget: Budget, seed: u64) -> Self {
        let plan = G::search_plan();
        Mcts {
            budget,
            exploration: 0.7,
            rollout_depth: plan.rollout_depth,
            policy: plan.policy,
            candidates: plan.candidates,
            keep_first: plan.keep_first,
            last_iterations: 0,
            rng: GameRng::new(seed),
        }
    }

    /// Search from `root` for `me`; `None` if `me` has no legal action.
    pub fn search(&mut self, root: &G, me: Seat) -> Option<G::Action> {
        let legal = self.actions(root, me);
        self.last_iterations = 0;
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        let mut tree: Vec<Node<G::Action>> = vec![Node {
            seat: me,
            action: None,
            children: vec![],
            visits: 0.0,
            available: 0.0,
            value: 0.0,
        }];
        let started = Instant::now();
        let (cap, deadline) = match self.budget {
            Budget::Iterations(n) => (n, None),
            Budget::Time(d, n) => (n, Some(d)),
        };
        for i in 0..cap {
            if deadline.is_some_and(|d| started.elapsed() >= d) {
                break;
            }
            self.iterate(root, me, &mut tree);
            self.last_iterations = i + 1;
        }
        let mine = |c: &&usize| tree[**c].seat == me;
        let picked = tree[0]
            .children
            .iter()
            .filter(mine)
            .max_by(|&&a, &&b| tree[a].visits.total_cmp(&tree[b].visits))?;
        let first = tree[0]
            .children
            .iter()
            .filter(mine)
            .find(|&&c| tree[c].action.as_ref() == legal.first());
        let mean = |c: usize| tree[c].value / tree[c].visits.max(1.0);
        let chosen = match first {
            Some(&f)
                if self.candidates.is_some()
                    && self.keep_first > 0.0
                    && mean(*picked) <= mean(f) + self.keep_first =>
            {
                f
            }
            _ => *picked,
        };
        tree[chosen].action.clone()
    }

    /// The actions searched for `seat` in `s`.
    fn actions(&self, s: &G, seat: Seat) -> Vec<G::Action> {
        match self.candidates {
            Some(f) => f(s, seat),
            None => s.legal_actions(seat),
        }
    }

    fn iterate(&mut self, root: &G, me: Seat, tree: &mut Vec<Node<G::Action>>) {
        let mut s = root.determinize(me, self.rng.next_u64());
        let mut node = 0;
        let mut path = vec![0];
        loop {
            while s.to_act() == ToAct::Chance {
                s.apply_chance();
            }
            let ToAct::Seats(seats) = s.to_act() else {
                break;
            };
            let seat = if node == 0 && seats.contains(&me) {
                me
            } else {
                seats[self.rng.below(seats.len())]
            };
            let legal = self.actions(&s, seat);
            if legal.is_empty() {
                break;
            }
            let mut untried = Vec::new();
            let mut best: Option<(f64, usize)> = None;
            for a in &legal {
                let child = tree[node]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| tree[c].seat == seat && tree[c].action.as_ref() == Some(a));
                match child {
                    None => untried.push(a),
                    Some(c) => {
                        tree[c].available += 1.0;
                        let n = &tree[c];
                        let ucb = n.value / n.visits
                            + self.exploration * (n.available.ln() / n.visits).sqrt();
                        if best.is_none_or(|(b, _)| ucb > b) {
                            best = Some((ucb, c));
                        }
                    }
                }
            }
            if !untried.is_empty() {
                let a = untried[self.rng.below(untried.len())].clone();
                s.apply_unchecked(seat, &a);
                tree.push(Node {
                    seat,
                    action: Some(a),
                    children: vec![],
                    visits: 0.0,
                    available: 1.0,
                    value: 0.0,
                });
                let id = tree.len() - 1;
                tree[node].children.push(id);
                path.push(id);
                break;
            }
            let (_, c) = best.expect("some child is available when nothing is untried");
            let a = tree[c].action.clone().expect("children carry actions");
            s.apply_unchecked(seat, &a);
            node = c;
            path.push(c);
        }
        let result = self.rollout(s);
        for &n in &path {
            let node = &mut tree[n];
            node.visits += 1.0;
            node.value += result.get(node.seat).copied().unwrap_or(0.0);
        }
    }

    fn rollout(&mut self, mut s: G) -> Vec<f64> {
        for _ in 0..self.rollout_depth {
            match s.to_act() {
                ToAct::Over => break,
                ToAct::Chance => s.apply_chance(),
                ToAct::Seats(seats) => {
                    let seat = seats[self.rng.below(seats.len())];
                    match (self.policy)(&s, seat, &mut self.rng) {
                        Some(a) => s.apply_unchecked(seat, &a),
                        None => break,
                    }
                }
            }
        }
        s.estimate()
    }
}

impl<G: Game> Bot<G> for Mcts<G> {
    fn choose(&mut self, state: &G, seat: Seat) -> Option<G::Action> {
        self.search(state, seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{RandomBot, play_match};
    use crate::icetowers::{IceTowers, Setup};

    #[test]
    fn mcts_beats_random_at_icetowers() {
        let mut won = 0.0;
        let games = 16;
        for g in 0..games {
            let me = (g % 2) as usize;
            let state = IceTowers::new(&Setup {
                move_limit: 60,
                ..Setup::new(2, g)
            })
            .unwrap();
            let mut bots: Vec<Box<dyn Bot<IceTowers>>> = (0..2)
                .map(|s| -> Box<dyn Bot<IceTowers>> {
                    if s == me {
                        Box::new(Mcts::new(Budget::Iterations(60), g))
                    } else {
                        Box::new(RandomBot::new(g + 100))
                    }
                })
                .collect();
            won += play_match(state, &mut bots, &mut GameRng::new(g)).returns[me];
        }
        assert!(won / games as f64 >= 0.75, "MCTS won only {won} of {games}");
    }

    #[test]
    fn keep_first_plays_the_first_candidate_unless_search_finds_a_clearly_better_one() {
        fn reversed(s: &IceTowers, seat: Seat) -> Vec<crate::icetowers::Action> {
            let mut legal = s.legal_actions(seat);
            legal.reverse();
            legal
        }
        use crate::icetowers::Action;
        // Seat 1 takes the lead and agrees to stop: seat 0's first candidate, Stop, would end the
        // game at once with seat 0 behind, a sure loss, while any other move plays on.
        let mut state = IceTowers::new(&Setup::new(2, 4)).unwrap();
        let lead = state
            .legal_actions(1)
            .into_iter()
            .find(|a| {
                let mut next = state.clone();
                next.apply(1, a).unwrap();
                let score = next.side_scores();
                score[1] > score[0]
            })
            .expect("a move that puts seat 1 ahead");
        state.apply(1, &lead).unwrap();
        state.apply(1, &Action::Stop).unwrap();
        assert_eq!(reversed(&state, 0).first(), Some(&Action::Stop));
        let search = |keep_first: f64| {
            let mut bot = Mcts::<IceTowers>::new(Budget::Iterations(200), 3);
            bot.candidates = Some(reversed);
            bot.keep_first = keep_first;
            bot.search(&state, 0)
        };
        // Returns lie in 0..=1, so no action can beat the first by more than 1.
        assert_eq!(search(1.0), Some(Action::Stop));
        // A loss returns 0: the search finds better than that, by a margin over 0.05 here (seat 0
        // is behind, so its best move's mean return is small, under 0.1 with this seed).
        for keep_first in [0.0, 0.05] {
            let free = search(keep_first).unwrap();
            assert!(state.legal_actions(0).contains(&free));
            assert_ne!(free, Action::Stop, "keep_first {keep_first}");
        }
    }

    #[test]
    fn search_is_deterministic_with_an_iteration_budget() {
        let state = IceTowers::new(&Setup::new(3, 2)).unwrap();
        let a = Mcts::new(Budget::Iterations(40), 9).search(&state, 1);
        let b = Mcts::new(Budget::Iterations(40), 9).search(&state, 1);
        assert_eq!(a, b);
        assert!(state.legal_actions(1).contains(&a.unwrap()));
    }
}
