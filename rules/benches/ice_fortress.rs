//! Ice Fortress benches: legal-action generation and full games, random and by the heuristic bot
//! (`cargo bench -p hoarfrost-rules --bench ice_fortress`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::ice_fortress::{FortressBot, IceFortress, Phase, Setup};
use hoarfrost_rules::{Game, GameRng, ToAct};
use std::hint::black_box;

/// Plays random legal actions to the end; returns the number of actions.
fn playout(mut s: IceFortress, rng: &mut GameRng) -> usize {
    let mut n = 0;
    loop {
        match s.to_act() {
            ToAct::Over => return n,
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(seats) => {
                let seat = seats[0];
                let legal = s.legal_actions(seat);
                s.apply_unchecked(seat, &legal[rng.below(legal.len())]);
            }
        }
        n += 1;
    }
}

/// A 2-player game played by the bot until its fourth build step, stopped in the build step.
fn midgame() -> IceFortress {
    let mut s = IceFortress::standard(&Setup::new(2, 7)).expect("standard game");
    let mut bot = FortressBot::new(7);
    let mut builds = 0;
    loop {
        match s.to_act() {
            ToAct::Over => return s,
            ToAct::Chance => {
                s.apply_chance();
                if s.phase() == Phase::Build && s.decision().is_none() {
                    builds += 1;
                    if builds == 4 {
                        return s;
                    }
                }
            }
            ToAct::Seats(seats) => {
                let a = bot.choose(&s, seats[0]).expect("a bot move");
                s.apply_unchecked(seats[0], &a);
            }
        }
    }
}

fn benches(c: &mut Criterion) {
    let mut start = IceFortress::standard(&Setup::new(2, 7)).expect("standard game");
    while start.phase() == Phase::Draft {
        let a = start.legal_actions(start.current_seat())[0].clone();
        start.apply_unchecked(0, &a);
    }
    start.apply_chance();
    let mid = midgame();
    c.bench_function("ice_fortress/legal_actions/first_build", |b| {
        b.iter(|| black_box(&start).legal_actions(black_box(&start).current_seat()))
    });
    c.bench_function("ice_fortress/legal_actions/mid_game", |b| {
        b.iter(|| black_box(&mid).legal_actions(black_box(&mid).current_seat()))
    });

    let setup = Setup {
        round_limit: 20,
        ..Setup::new(2, 1)
    };
    let fresh = IceFortress::standard(&setup).expect("standard game");
    let actions = playout(fresh.clone(), &mut GameRng::new(3));
    let mut group = c.benchmark_group("ice_fortress/playout");
    group.throughput(Throughput::Elements(actions as u64));
    let mut rng = GameRng::new(3);
    group.bench_function("random_2p", |b| b.iter(|| playout(fresh.clone(), &mut rng)));
    group.sample_size(10);
    group.bench_function("bot_2p", |b| {
        b.iter(|| {
            let mut s = fresh.clone();
            let mut bot = FortressBot::new(1);
            while let Some(seat) = match s.to_act() {
                ToAct::Over => None,
                ToAct::Chance => {
                    s.apply_chance();
                    Some(usize::MAX)
                }
                ToAct::Seats(v) => Some(v[0]),
            } {
                if seat != usize::MAX
                    && let Some(a) = bot.choose(&s, seat)
                {
                    s.apply_unchecked(seat, &a);
                }
            }
            s.beacons()
        })
    });
    group.finish();
}

criterion_group!(ice_fortress, benches);
criterion_main!(ice_fortress);
