//! IceTowers benches: legal-action generation and random playouts (`cargo bench -p hoarfrost-rules --bench icetowers`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hoarfrost_rules::icetowers::{IceTowers, Setup};
use hoarfrost_rules::{Game, GameRng, ToAct};
use std::hint::black_box;

/// A 4-seat game after `moves` random moves.
fn midgame(moves: usize) -> IceTowers {
    let mut s = IceTowers::new(&Setup::new(4, 7)).unwrap();
    let mut rng = GameRng::new(7);
    for _ in 0..moves {
        let seat = rng.below(4);
        let legal: Vec<_> = s
            .legal_actions(seat)
            .into_iter()
            .filter(|a| *a != hoarfrost_rules::icetowers::Action::Stop)
            .collect();
        // A seat with every pyramid built in and nothing to mine or split sits this one out.
        if !legal.is_empty() {
            s.apply_unchecked(seat, &legal[rng.below(legal.len())]);
        }
    }
    s
}

/// Plays random legal actions to the end; returns the number of actions.
fn playout(mut s: IceTowers, rng: &mut GameRng) -> usize {
    let mut n = 0;
    while let ToAct::Seats(seats) = s.to_act() {
        let seat = seats[rng.below(seats.len())];
        let legal = s.legal_actions(seat);
        s.apply_unchecked(seat, &legal[rng.below(legal.len())]);
        n += 1;
    }
    n
}

fn benches(c: &mut Criterion) {
    let start = IceTowers::new(&Setup::new(4, 7)).unwrap();
    let mid = midgame(60);
    c.bench_function("icetowers/legal_actions/start_4p", |b| {
        b.iter(|| black_box(&start).legal_actions(0))
    });
    c.bench_function("icetowers/legal_actions/mid_4p", |b| {
        b.iter(|| black_box(&mid).legal_actions(0))
    });

    let setup = Setup {
        move_limit: 200,
        ..Setup::new(4, 1)
    };
    let fresh = IceTowers::new(&setup).unwrap();
    let mut rng = GameRng::new(3);
    let actions_per_game = playout(fresh.clone(), &mut GameRng::new(3));
    let mut group = c.benchmark_group("icetowers/playout");
    group.throughput(Throughput::Elements(actions_per_game as u64));
    group.bench_function("random_4p_200_moves", |b| {
        b.iter(|| playout(fresh.clone(), &mut rng))
    });
    group.finish();
}

criterion_group!(icetowers, benches);
criterion_main!(icetowers);
