//! Decision time of the tree-search levels on mid-game positions (`cargo bench -p hoarfrost-rules --bench ai`).
//! Hard is a 250 ms time budget by design, so only easy and normal are measured here.

use criterion::{Criterion, criterion_group, criterion_main};
use hoarfrost_rules::bots::Level;
use hoarfrost_rules::ice_colony::{self, IceColony};
use hoarfrost_rules::icetowers::{self, IceTowers};
use hoarfrost_rules::sprawl::{self, Sprawl};
use hoarfrost_rules::{Game, GameRng, Seat, ToAct};
use std::hint::black_box;

/// Play at least `steps` random actions (chance included), then on until the seat to move has a real
/// choice (three or more actions); return the state and that seat.
fn advance<G: Game>(mut s: G, steps: usize, seed: u64) -> (G, Seat) {
    let mut rng = GameRng::new(seed);
    let mut last = 0;
    for step in 0..steps + 500 {
        if step >= steps
            && let ToAct::Seats(seats) = s.to_act()
            && s.legal_actions(seats[0]).len() >= 3
        {
            break;
        }
        match s.to_act() {
            ToAct::Over => break,
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(seats) => {
                let seat = seats[rng.below(seats.len())];
                let legal = s.legal_actions(seat);
                s.apply_unchecked(seat, &legal[rng.below(legal.len())]);
            }
        }
    }
    while s.to_act() == ToAct::Chance {
        s.apply_chance();
    }
    if let ToAct::Seats(seats) = s.to_act() {
        last = seats[0];
    }
    (s, last)
}

fn level<G: Game>(c: &mut Criterion, name: &str, state: &G, seat: Seat) {
    for level in [Level::Easy, Level::Normal] {
        c.bench_function(&format!("ai/{name}/{}", level.name()), |b| {
            b.iter(|| level.bot::<G>(1).search(black_box(state), seat))
        });
    }
}

fn benches(c: &mut Criterion) {
    let (towers, seat) = advance(IceTowers::new(&icetowers::Setup::new(3, 2)).unwrap(), 30, 2);
    level(c, "icetowers_3p", &towers, seat);
    let (colony, seat) = advance(
        IceColony::new(&ice_colony::Setup::new(2, 2)).unwrap(),
        30,
        2,
    );
    level(c, "ice_colony_2p", &colony, seat);
    let (sprawl, seat) = advance(Sprawl::new(&sprawl::Setup::new(3, 2)).unwrap(), 6, 2);
    level(c, "sprawl_3p", &sprawl, seat);
}

criterion_group! {
    name = ai;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(ai);
