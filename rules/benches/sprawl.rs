//! Sprawl benches: legal-action generation, random playouts and the heuristic bot
//! (`cargo bench -p hoarfrost-rules --bench sprawl`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::sprawl::bot::SprawlBot;
use hoarfrost_rules::sprawl::{Setup, Sprawl, Variant, Variants};
use hoarfrost_rules::{Game, GameRng, ToAct};
use std::hint::black_box;

/// A game of `players` seats after up to `moves` random actions (stopping early if it ends).
fn midgame(players: usize, variants: Variants, moves: usize) -> Sprawl {
    let mut s = Sprawl::new(&Setup::new(players, 7).with(variants)).unwrap();
    let mut rng = GameRng::new(7);
    for _ in 0..moves {
        let ToAct::Seats(seats) = s.to_act() else {
            break;
        };
        let legal = s.legal_actions(seats[0]);
        let next = {
            let mut copy = s.clone();
            copy.apply_unchecked(seats[0], &legal[rng.below(legal.len())]);
            copy
        };
        if next.is_over() {
            break;
        }
        s = next;
    }
    s
}

/// Plays random legal actions to the end; returns the number of actions.
fn playout(mut s: Sprawl, rng: &mut GameRng) -> usize {
    let mut n = 0;
    while let ToAct::Seats(seats) = s.to_act() {
        let seat = seats[0];
        let legal = s.legal_actions(seat);
        s.apply_unchecked(seat, &legal[rng.below(legal.len())]);
        n += 1;
    }
    n
}

fn benches(c: &mut Criterion) {
    let start = Sprawl::new(&Setup::new(4, 7)).unwrap();
    let mid4 = midgame(4, Variants::none(), 20);
    let mid8 = midgame(8, Variants::of(&Variant::ALL), 40);
    let seat = |s: &Sprawl| match s.to_act() {
        ToAct::Seats(v) => v[0],
        _ => 0,
    };
    let (s4, s8) = (seat(&mid4), seat(&mid8));
    c.bench_function("sprawl/legal_actions/start_4p", |b| {
        b.iter(|| black_box(&start).legal_actions(start.first_player()))
    });
    c.bench_function("sprawl/legal_actions/mid_4p", |b| {
        b.iter(|| black_box(&mid4).legal_actions(s4))
    });
    c.bench_function("sprawl/legal_actions/mid_8p_all_variants", |b| {
        b.iter(|| black_box(&mid8).legal_actions(s8))
    });

    let mut group = c.benchmark_group("sprawl/playout");
    for (name, players, variants) in [
        ("random_3p", 3, Variants::none()),
        ("random_8p_all_variants", 8, Variants::of(&Variant::ALL)),
    ] {
        let fresh = Sprawl::new(&Setup::new(players, 1).with(variants)).unwrap();
        let per_game = playout(fresh.clone(), &mut GameRng::new(3));
        let mut rng = GameRng::new(3);
        group.throughput(Throughput::Elements(per_game as u64));
        group.bench_function(name, |b| b.iter(|| playout(fresh.clone(), &mut rng)));
    }
    group.finish();

    let mut bot = SprawlBot::new(1);
    c.bench_function("sprawl/heuristic_bot/choose_mid_4p", |b| {
        b.iter(|| bot.choose(black_box(&mid4), s4))
    });
}

criterion_group!(sprawl, benches);
criterion_main!(sprawl);
