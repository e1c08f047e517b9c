//! Decision time of the tree-search levels (`cargo bench -p hoarfrost-rules --bench ai`).
//!
//! Two parts per competitive game:
//! - criterion: easy, normal and hard counted by its iteration cap ([`Level::fixed_bot`]) on one
//!   mid-game position;
//! - the distribution of hard's real decisions (250 ms budget with the game's cap) over whole games
//!   against the game's own bot: percentiles, the slowest, and the share of decisions the cap (not the
//!   clock) ended. Printed before criterion's figures; `HF_BENCH_GAMES` sets the games (default 2).

use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use hoarfrost_rules::bots::{Bot, Budget, Level, Mcts};
use hoarfrost_rules::ice_castle::{self, IceCastle, bot::CastleBot};
use hoarfrost_rules::ice_colony::{self, IceColony, bot::ColonyBot};
use hoarfrost_rules::icetowers::{self, IceTowers, TowerBot};
use hoarfrost_rules::sprawl::{self, Sprawl, bot::SprawlBot};
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

fn levels<G: Game>(c: &mut Criterion, name: &str, state: &G, seat: Seat) {
    for level in Level::ALL {
        c.bench_function(&format!("ai/{name}/{}", level.name()), |b| {
            b.iter(|| level.fixed_bot::<G>(1).search(black_box(state), seat))
        });
    }
}

/// Hard (the real 250 ms budget) in seat 0 against the game's own bot elsewhere, `games` seeded games:
/// every decision with a choice is timed. Prints percentiles and the share the cap ended.
fn distribution<G: Game>(
    name: &str,
    games: u64,
    setup: impl Fn(u64) -> G,
    own: impl Fn(u64) -> Box<dyn Bot<G>>,
) {
    let cap = match Level::Hard.budget_for::<G>() {
        Budget::Time(_, cap) | Budget::Iterations(cap) => cap,
    };
    let mut times = Vec::new();
    let mut by_cap = 0;
    for g in 0..games {
        let mut s = setup(g);
        let seats = s.num_seats();
        let mut hard: Mcts<G> = Level::Hard.bot(g);
        let mut others: Vec<Box<dyn Bot<G>>> = (0..seats).map(|k| own(g * 10 + k as u64)).collect();
        let mut rng = GameRng::new(g);
        loop {
            match s.to_act() {
                ToAct::Over => break,
                ToAct::Chance => s.apply_chance(),
                ToAct::Seats(list) => {
                    let seat = list[rng.below(list.len())];
                    let a = if seat == (g as usize) % seats {
                        let started = Instant::now();
                        let a = hard.search(&s, seat);
                        if hard.last_iterations > 0 {
                            times.push(started.elapsed().as_secs_f64() * 1e3);
                            by_cap += usize::from(hard.last_iterations >= cap);
                        }
                        a
                    } else {
                        others[seat].choose(&s, seat)
                    };
                    match a {
                        Some(a) => s.apply_unchecked(seat, &a),
                        None => break,
                    }
                }
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    if times.is_empty() {
        return;
    }
    println!(
        "ai/{name}/hard decisions: {} over {games} games, cap {cap}: p50 {:.0} ms, p90 {:.0} ms, \
         p99 {:.0} ms, max {:.0} ms; {:.0}% ended by the cap",
        times.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        100.0 * by_cap as f64 / times.len() as f64
    );
}

fn benches(c: &mut Criterion) {
    let games = std::env::var("HF_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    if games > 0 {
        distribution(
            "icetowers_2p",
            games,
            |g| IceTowers::new(&icetowers::Setup::new(2, g)).unwrap(),
            |seed| Box::new(TowerBot::new(seed)),
        );
        distribution(
            "ice_colony_2p",
            games,
            |g| IceColony::new(&ice_colony::Setup::new(2, g)).unwrap(),
            |seed| Box::new(ColonyBot::new(seed)),
        );
        distribution(
            "ice_castle_2p",
            games,
            |g| IceCastle::new(&ice_castle::Setup::new(2, g)).unwrap(),
            |seed| Box::new(CastleBot::new(seed)),
        );
        distribution(
            "sprawl_3p",
            games,
            |g| Sprawl::new(&sprawl::Setup::new(3, g)).unwrap(),
            |seed| Box::new(SprawlBot::new(seed)),
        );
    }
    let (towers, seat) = advance(IceTowers::new(&icetowers::Setup::new(3, 2)).unwrap(), 30, 2);
    levels(c, "icetowers_3p", &towers, seat);
    let (colony, seat) = advance(
        IceColony::new(&ice_colony::Setup::new(2, 2)).unwrap(),
        30,
        2,
    );
    levels(c, "ice_colony_2p", &colony, seat);
    let (castle, seat) = advance(
        IceCastle::new(&ice_castle::Setup::new(2, 2)).unwrap(),
        12,
        2,
    );
    levels(c, "ice_castle_2p", &castle, seat);
    let (sprawl, seat) = advance(Sprawl::new(&sprawl::Setup::new(3, 2)).unwrap(), 6, 2);
    levels(c, "sprawl_3p", &sprawl, seat);
}

criterion_group! {
    name = ai;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(ai);
