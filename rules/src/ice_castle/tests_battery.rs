//! Ice Castle conformance batteries: random games, and random play from bot-made midgames.

use super::tests::fresh;
use super::*;
use crate::battery::{self, BatteryConfig};
use crate::{Game, ToAct};

fn make(seed: u64) -> IceCastle {
    let players = 2 + (seed % 3) as usize;
    fresh(players, seed).with_turn_limit(40)
}

#[test]
fn battery_ice_castle() {
    let cfg = BatteryConfig {
        legal_per_step: 1,
        random_per_step: 2,
        ..BatteryConfig::games(1000)
    };
    let report = battery::run(make, &cfg);
    assert_eq!(report.games, 1000);
    assert!(report.illegal_refused > 0);
}

/// A game played by bots for a while, so random play from there often finishes the race.
fn bot_midgame(seed: u64) -> IceCastle {
    use crate::bots::Bot;
    let mut s = make(seed);
    let mut bots: Vec<bot::CastleBot> = (0..s.num_seats())
        .map(|p| bot::CastleBot::new(seed * 8 + p as u64))
        .collect();
    for _ in 0..20 + seed % 50 {
        match s.to_act() {
            ToAct::Over => break,
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(seats) => {
                let a = bots[seats[0]].choose(&s, seats[0]).expect("a legal action");
                s.apply(seats[0], &a).unwrap();
            }
        }
    }
    s
}

#[test]
fn battery_ice_castle_from_bot_midgames() {
    let cfg = BatteryConfig {
        ..BatteryConfig::games(100)
    };
    let report = battery::run(bot_midgame, &cfg);
    assert_eq!(report.games, 100);
    let won = (0..40)
        .filter(|&seed| {
            let mut s = bot_midgame(seed);
            let mut rng = GameRng::new(seed);
            loop {
                match s.to_act() {
                    ToAct::Over => break,
                    ToAct::Chance => s.apply_chance(),
                    ToAct::Seats(seats) => {
                        let legal = s.legal_actions(seats[0]);
                        s.apply_unchecked(seats[0], &legal[rng.below(legal.len())]);
                    }
                }
            }
            s.winner().is_some()
        })
        .count();
    assert!(won > 0, "some battery games end in a win");
}

/// The long battery: `cargo test -p hoarfrost-rules --release -- --ignored battery_long`.
#[test]
#[ignore]
fn battery_long_ice_castle() {
    let cfg = BatteryConfig {
        ron_every: 8,
        legal_per_step: 1,
        random_per_step: 2,
        ..BatteryConfig::games(100_000)
    };
    // Every tenth game runs to the full default turn limit; the rest stop after 100 turns.
    let make = |seed: u64| {
        let s = fresh(2 + (seed % 3) as usize, seed);
        if seed.is_multiple_of(10) {
            s
        } else {
            s.with_turn_limit(100)
        }
    };
    battery::run(make, &cfg);
}
