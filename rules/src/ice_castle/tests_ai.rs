//! Tree-search hooks: the race estimate and the candidate actions.

use super::*;
use crate::Game;

#[test]
fn the_estimate_favours_the_seat_nearer_its_goal_and_sums_to_one() {
    let s = IceCastle::new(&Setup::new(2, 3)).unwrap();
    let even = s.estimate();
    assert!((even.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // South (seat 0) stands on an open door two rows from its goal; North is still outside.
    let c = (1..s.rows() - 2)
        .rev()
        .flat_map(|row| (0..s.cols()).map(move |col| Cell::new(row, col)))
        .find(|&c| s.tile(c).is_some_and(|t| t.kind == TileKind::Plain))
        .expect("some plain door in the castle");
    let near = s.edited(|s| {
        let i = s.index(c);
        s.tiles[i].open = true;
        s.tiles[i].revealed = true;
        s.characters[0] = Some(c);
    });
    let e = near.estimate();
    assert!(e[0] > 0.8 && e[0] > even[0], "{e:?}");
}

#[test]
fn search_considers_the_heuristics_best_two_legal_actions() {
    for seed in 0..8 {
        let mut s = IceCastle::new(&Setup::new(2, seed)).unwrap();
        while s.to_act() == crate::ToAct::Chance {
            s.apply_chance();
        }
        let seat = s.current();
        let legal = s.legal_actions(seat);
        let few = bot::best_few(&s, seat, 2, &bot::Weights::TUNED);
        assert!(legal.len() > 2);
        assert_eq!(few.len(), 2);
        assert!(few.iter().all(|a| legal.contains(a)));
        // No action left out scores above either action kept, and the best comes first.
        let rated = bot::rated(&s, seat, legal, &bot::Weights::TUNED);
        let score = |a: &Action| rated.iter().find(|(_, b)| b == a).unwrap().0;
        let kept = score(&few[0]).min(score(&few[1]));
        for (v, a) in &rated {
            assert!(
                few.contains(a) || *v <= kept,
                "seed {seed}: {a:?} ({v}) beats {few:?} ({kept})"
            );
        }
        assert!(
            score(&few[0]) >= score(&few[1]),
            "seed {seed}: the best first"
        );
    }
}

/// Wins of weights `a` against `b`, seats rotated, games on seeds `seeds`.
fn duel(a: &bot::Weights, b: &bot::Weights, seeds: std::ops::Range<u64>) -> f64 {
    let mut won = 0.0;
    for seed in seeds {
        let me = (seed % 2) as usize;
        let state = IceCastle::new(&Setup::new(2, seed)).unwrap();
        let mut bots: Vec<Box<dyn crate::bots::Bot<IceCastle>>> = (0..2)
            .map(|s| -> Box<dyn crate::bots::Bot<IceCastle>> {
                let w = if s == me { *a } else { *b };
                Box::new(bot::CastleBot::with_weights(seed * 3 + s as u64, w))
            })
            .collect();
        let r = crate::bots::play_match(state, &mut bots, &mut crate::GameRng::new(seed));
        won += r.returns[me];
    }
    won
}

/// The tuned weights win clearly more than their share against the original ones on a seeded set
/// (1,000 games measured 73.1%, `hoarfrost-cli --game ice-castle --bots tuned,ai --rotate --games
/// 1000 --seed 40000`), and counting far doors for less is what lifts them most.
#[test]
fn tuned_weights_beat_the_original_ones() {
    let games = 120;
    let seeds = 3000..3000 + games;
    let won = duel(&bot::Weights::TUNED, &bot::Weights::ORIGINAL, seeds.clone());
    assert!(won >= 0.62 * games as f64, "won {won} of {games}");
    let near_alike = bot::Weights {
        far: 0.0,
        ..bot::Weights::TUNED
    };
    let without_far = duel(&near_alike, &bot::Weights::ORIGINAL, seeds);
    assert!(won > without_far, "{won} with far, {without_far} without");
}

/// How [`bot::Weights::TUNED`] was found: from the original (or, with `FROM_TUNED=1`, the tuned)
/// weights, change one to three of them by a factor (`FINE=1`: smaller factors) and keep the change
/// when it wins more than `MARGIN` games more than the incumbent against the original weights over
/// the same `GAMES` fresh seeds; `ITERS` rounds, then a check on fresh seeds. TUNED is round 62 of
/// `ITERS=80 GAMES=300 SEED=77` with `far` at 0 (later rounds kept changes that a 600-game check
/// did not confirm); `far` was set by hand afterwards.
/// `cargo test --release -p hoarfrost-rules ice_castle::tests_ai::tune_weights -- --ignored --nocapture`
#[test]
#[ignore]
fn tune_weights() {
    let var = |n: &str, d: usize| {
        std::env::var(n)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let (iters, games) = (var("ITERS", 60), var("GAMES", 300) as u64);
    let orig = bot::Weights::ORIGINAL;
    let mut best = if var("FROM_TUNED", 0) == 1 {
        bot::Weights::TUNED
    } else {
        orig
    };
    let fine = var("FINE", 0) == 1;
    let mut rng = crate::GameRng::new(var("SEED", 77) as u64);
    let mut next_seed = 100_000u64;
    let fields = 15;
    for it in 0..iters {
        let mut cand = best;
        let n = 1 + rng.below(3);
        for _ in 0..n {
            let f = if fine {
                [0.8f32, 0.9, 1.1, 1.25][rng.below(4)]
            } else {
                [0.5f32, 0.7, 1.4, 2.0][rng.below(4)]
            };
            let field: &mut f32 = match rng.below(fields) {
                0 => &mut cand.padlock_skeleton,
                1 => &mut cand.padlock,
                2 => &mut cand.frozen_axe,
                3 => &mut cand.frozen,
                4 => &mut cand.closed_key,
                5 => &mut cand.closed,
                6 => &mut cand.face_down,
                7 => &mut cand.occupied,
                8 => &mut cand.near,
                9 => &mut cand.block_near,
                10 => &mut cand.block_far,
                11 => &mut cand.extra_turn,
                12 => &mut cand.extra_key,
                13 => &mut cand.keep,
                _ => &mut cand.far,
            };
            *field *= f;
        }
        let seeds = next_seed..next_seed + games;
        next_seed += games;
        let inc = duel(&best, &orig, seeds.clone());
        let new = duel(&cand, &orig, seeds);
        eprintln!("iter {it}: incumbent {inc}/{games}, candidate {new}/{games}");
        if new > inc + var("MARGIN", 0) as f64 {
            best = cand;
            eprintln!("  accepted {best:?}");
        }
    }
    let check = duel(&best, &orig, 900_000..900_000 + 2 * games);
    eprintln!(
        "final {best:?}\n  vs original on fresh seeds: {check}/{}",
        2 * games
    );
}
