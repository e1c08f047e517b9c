//! Tests of the levels, the search plans and a quick strength check of tree search in every
//! competitive game (a small fixed budget against random play, a handful of seeded games).

use super::*;
use crate::ice_castle::{self, IceCastle};
use crate::ice_colony::{self, IceColony};
use crate::icetowers::{self, IceTowers};
use crate::sprawl::{self, Sprawl};
use std::time::Duration;

/// Tree search of `iterations` in seat `g % seats` of game `g`, random bots elsewhere: its share of
/// the wins over `games` seeded games.
fn share_against_random<G: Game>(make: impl Fn(u64) -> G, games: u64, iterations: u32) -> f64 {
    let mut won = 0.0;
    for g in 0..games {
        let state = make(g);
        let seats = state.num_seats();
        let me = g as usize % seats;
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
            .map(|s| -> Box<dyn Bot<G>> {
                if s == me {
                    Box::new(Mcts::new(Budget::Iterations(iterations), g))
                } else {
                    Box::new(RandomBot::new(g * 10 + s as u64))
                }
            })
            .collect();
        won += play_match(state, &mut bots, &mut GameRng::new(g + 500)).returns[me];
    }
    won / games as f64
}

#[test]
fn hard_thinks_250_ms_within_the_game_cap_and_fixed_counts_iterations_only() {
    let castle = IceCastle::search_plan().hard_iterations;
    assert_eq!(
        Level::Hard.budget_for::<IceCastle>(),
        Budget::Time(Duration::from_millis(250), castle)
    );
    assert_eq!(
        Level::Hard.fixed_budget::<IceCastle>(),
        Budget::Iterations(castle)
    );
    assert_eq!(
        Level::Normal.fixed_budget::<IceTowers>(),
        Budget::Iterations(300)
    );
    assert_eq!(
        Level::Easy.budget_for::<IceColony>(),
        Budget::Iterations(40)
    );
    // Where an iteration is expensive, every level is scaled down, in order.
    let plan = IceCastle::search_plan();
    assert!(plan.easy_iterations < plan.normal_iterations);
    assert!(plan.normal_iterations < plan.hard_iterations);
    // Every calibrated cap is far below the game-independent one.
    for cap in [
        castle,
        IceColony::search_plan().hard_iterations,
        IceTowers::search_plan().hard_iterations,
    ] {
        assert!((100..=10_000).contains(&cap), "cap {cap}");
    }
}

#[test]
fn a_fixed_level_bot_plays_the_same_moves_from_the_same_seed() {
    let state = IceColony::new(&ice_colony::Setup::new(2, 4)).unwrap();
    let mut s = state.clone();
    while s.to_act() == ToAct::Chance {
        s.apply_chance();
    }
    let ToAct::Seats(seats) = s.to_act() else {
        panic!("the colony starts with a placement");
    };
    let a = Level::Easy.fixed_bot::<IceColony>(3).search(&s, seats[0]);
    let b = Level::Easy.fixed_bot::<IceColony>(3).search(&s, seats[0]);
    assert_eq!(a, b);
}

#[test]
fn softmax_gives_chances_that_sum_to_one_in_the_order_of_the_values() {
    let p = softmax(&[3.0, 1.0, 2.0], 1.0);
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert!(p[0] > p[2] && p[2] > p[1]);
    let even = softmax(&[5.0, 5.0], 2.0);
    assert!((even[0] - 0.5).abs() < 1e-12);
    // Huge values do not overflow.
    let big = softmax(&[1e6, 0.0], 1.0);
    assert!((big[0] - 1.0).abs() < 1e-12);
}

#[test]
fn search_beats_random_at_ice_castle() {
    let share = share_against_random(
        |g| IceCastle::new(&ice_castle::Setup::new(2, g)).unwrap(),
        3,
        6,
    );
    assert!(share >= 0.99, "won {:.0}%", 100.0 * share);
}

#[test]
fn search_beats_random_at_ice_colony() {
    let share = share_against_random(
        |g| {
            IceColony::new(&ice_colony::Setup {
                round_limit: 20,
                ..ice_colony::Setup::new(2, g)
            })
            .unwrap()
        },
        4,
        150,
    );
    assert!(share >= 0.74, "won {:.0}%", 100.0 * share);
}

#[test]
fn search_beats_random_at_icetowers() {
    let share = share_against_random(
        |g| {
            IceTowers::new(&icetowers::Setup {
                move_limit: 60,
                ..icetowers::Setup::new(2, g)
            })
            .unwrap()
        },
        6,
        200,
    );
    assert!(share >= 0.8, "won {:.0}%", 100.0 * share);
}

#[test]
fn search_beats_two_random_seats_at_sprawl() {
    let share = share_against_random(|g| Sprawl::new(&sprawl::Setup::new(3, g)).unwrap(), 3, 60);
    assert!(share >= 0.66, "won {:.0}%", 100.0 * share);
}

/// Sprawl counts points left in the stash, fewest winning: the greedy bot reads the standing, not the
/// raw scores, so its first tower is the largest piece (it used to pick the smallest).
#[test]
fn greedy_plays_for_the_fewest_points_at_sprawl() {
    for seed in 0..5 {
        let s = Sprawl::new(&sprawl::Setup::new(3, seed)).unwrap();
        let ToAct::Seats(seats) = s.to_act() else {
            panic!("a seat is to act at the start")
        };
        let first = GreedyBot::new(seed).choose(&s, seats[0]);
        assert!(
            matches!(first, Some(sprawl::Action::PlaceFirstTower { size: 3, .. })),
            "seed {seed}: {first:?}"
        );
    }
}

/// The standing turns Sprawl's points round and leaves other games' points as they are.
#[test]
fn standing_is_the_scores_unless_the_fewest_points_win() {
    let towers = IceTowers::new(&icetowers::Setup::new(3, 1)).unwrap();
    assert_eq!(towers.standing(), towers.scores());
    let sprawl = Sprawl::new(&sprawl::Setup::new(3, 1)).unwrap();
    let turned: Vec<i64> = sprawl.scores().iter().map(|&p| -p).collect();
    assert_eq!(sprawl.standing(), turned);
}

#[test]
fn a_step_plays_chance_or_the_bots_move_until_the_game_is_over() {
    let mut s = IceColony::new(&ice_colony::Setup::new(2, 3)).unwrap();
    let mut bot = RandomBot::new(3);
    let (mut steps, mut chances) = (0, 0);
    loop {
        let chance = s.to_act() == ToAct::Chance;
        let before = s.clone();
        if !step(&mut s, &mut bot) {
            break;
        }
        assert_ne!(s, before, "a step changed nothing");
        chances += usize::from(chance);
        steps += 1;
        assert!(steps <= s.max_game_length(), "past the game's bound");
    }
    assert_eq!(s.to_act(), ToAct::Over);
    assert!(chances > 0 && steps > chances, "{chances} of {steps} steps");

    /// A bot that never finds a move.
    struct Stuck;
    impl<G: Game> Bot<G> for Stuck {
        fn choose(&mut self, _: &G, _: Seat) -> Option<G::Action> {
            None
        }
    }
    let mut s = IceTowers::new(&icetowers::Setup::new(2, 1)).unwrap();
    let before = s.clone();
    assert!(!step(&mut s, &mut Stuck));
    assert_eq!(s, before);
}
