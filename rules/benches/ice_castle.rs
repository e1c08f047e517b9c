//! Ice Castle benches: legal-action generation, random playouts and a bot decision
//! (`cargo bench -p hoarfrost-rules --bench ice_castle`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::ice_castle::{IceCastle, Setup, bot::CastleBot};
use hoarfrost_rules::{Game, GameRng, ToAct};
use std::hint::black_box;

/// Plays random legal actions (and draws) to the end; returns the number of steps.
fn playout(mut s: IceCastle, rng: &mut GameRng) -> usize {
    let mut n = 0;
    loop {
        match s.to_act() {
            ToAct::Over => return n,
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(seats) => {
                let seat = seats[rng.below(seats.len())];
                let legal = s.legal_actions(seat);
                s.apply_unchecked(seat, &legal[rng.below(legal.len())]);
            }
        }
        n += 1;
    }
}

/// A game after `steps` random steps, stopped where a seat is about to play a card.
fn midgame(players: usize, steps: usize) -> IceCastle {
    let mut s = IceCastle::new(&Setup::new(players, 7)).expect("valid setup");
    let mut rng = GameRng::new(7);
    for i in 0.. {
        match s.to_act() {
            ToAct::Over => break,
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(seats) => {
                if i >= steps && s.hand(seats[0]).len() == 4 {
                    break;
                }
                let legal = s.legal_actions(seats[0]);
                s.apply_unchecked(seats[0], &legal[rng.below(legal.len())]);
            }
        }
    }
    s
}

fn benches(c: &mut Criterion) {
    let mut start = IceCastle::new(&Setup::new(2, 7)).expect("valid setup");
    start.apply_chance();
    let mid2 = midgame(2, 120);
    let mid4 = midgame(4, 120);
    c.bench_function("ice_castle/legal_actions/start_2p", |b| {
        b.iter(|| black_box(&start).legal_actions(0))
    });
    c.bench_function("ice_castle/legal_actions/mid_2p", |b| {
        b.iter(|| black_box(&mid2).legal_actions(mid2.current()))
    });
    c.bench_function("ice_castle/legal_actions/mid_4p", |b| {
        b.iter(|| black_box(&mid4).legal_actions(mid4.current()))
    });
    c.bench_function("ice_castle/determinize/mid_4p", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(&mid4).determinize(0, seed)
        })
    });
    c.bench_function("ice_castle/bot_choice/mid_2p", |b| {
        let mut bot = CastleBot::new(1);
        b.iter(|| bot.choose(black_box(&mid2), mid2.current()))
    });

    let fresh = IceCastle::new(&Setup::new(2, 1))
        .expect("valid setup")
        .with_turn_limit(100);
    let steps = playout(fresh.clone(), &mut GameRng::new(3));
    let mut rng = GameRng::new(3);
    let mut group = c.benchmark_group("ice_castle/playout");
    group.throughput(Throughput::Elements(steps as u64));
    group.bench_function("random_2p_100_turns", |b| {
        b.iter(|| playout(fresh.clone(), &mut rng))
    });
    group.finish();
}

criterion_group!(ice_castle, benches);
criterion_main!(ice_castle);
