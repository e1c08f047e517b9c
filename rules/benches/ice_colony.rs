//! Ice Colony benches: legal-action generation and random playouts
//! (`cargo bench -p hoarfrost-rules --bench ice_colony`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hoarfrost_rules::ice_colony::{IceColony, Setup};
use hoarfrost_rules::{Game, GameRng, ToAct};
use std::hint::black_box;

/// One random step (chance included); false at the end.
fn step(s: &mut IceColony, rng: &mut GameRng) -> bool {
    match s.to_act() {
        ToAct::Over => false,
        ToAct::Chance => {
            s.apply_chance();
            true
        }
        ToAct::Seats(seats) => {
            let seat = seats[0];
            let legal = s.legal_actions(seat);
            s.apply_unchecked(seat, &legal[rng.below(legal.len())]);
            true
        }
    }
}

/// A 4-player game after `steps` random steps, stopped where a seat must act.
fn midgame(steps: usize) -> IceColony {
    let mut s = IceColony::new(&Setup::new(4, 7)).unwrap();
    let mut rng = GameRng::new(7);
    for _ in 0..steps {
        step(&mut s, &mut rng);
    }
    while s.to_act() == ToAct::Chance {
        s.apply_chance();
    }
    s
}

/// Plays random legal actions to the end; returns the number of steps.
fn playout(mut s: IceColony, rng: &mut GameRng) -> usize {
    let mut n = 0;
    while step(&mut s, rng) {
        n += 1;
    }
    n
}

fn seat_to_act(s: &IceColony) -> usize {
    match s.to_act() {
        ToAct::Seats(seats) => seats[0],
        _ => 0,
    }
}

fn benches(c: &mut Criterion) {
    let early = midgame(40);
    let mid = midgame(200);
    let (e, m) = (seat_to_act(&early), seat_to_act(&mid));
    c.bench_function("ice_colony/legal_actions/early_4p", |b| {
        b.iter(|| black_box(&early).legal_actions(e))
    });
    c.bench_function("ice_colony/legal_actions/mid_4p", |b| {
        b.iter(|| black_box(&mid).legal_actions(m))
    });

    for players in [2, 4] {
        let fresh = IceColony::new(&Setup::new(players, 1)).unwrap();
        let steps = playout(fresh.clone(), &mut GameRng::new(3));
        let mut rng = GameRng::new(3);
        let mut group = c.benchmark_group("ice_colony/playout");
        group.throughput(Throughput::Elements(steps as u64));
        group.bench_function(format!("random_{players}p_60_rounds"), |b| {
            b.iter(|| playout(fresh.clone(), &mut rng))
        });
        group.finish();
    }
}

criterion_group!(ice_colony, benches);
criterion_main!(ice_colony);
