//! The conformance battery on Ice Colony: random seeded games with every step checked.

use super::*;
use crate::battery::{self, BatteryConfig};

/// Game `seed`: 2 to 4 players, both Clear options, a short round limit so random games stay quick.
fn make(seed: u64, round_limit: u32) -> IceColony {
    let clear_terrain = if seed.is_multiple_of(2) {
        ClearTerrain::NoEffect
    } else {
        ClearTerrain::NoTerritory
    };
    IceColony::new(&Setup {
        players: 2 + (seed % 3) as usize,
        clear_terrain,
        seed,
        round_limit,
    })
    .unwrap()
}

#[test]
fn battery_ice_colony() {
    let cfg = BatteryConfig {
        legal_per_step: 2,
        random_per_step: 3,
        ..BatteryConfig::games(1000)
    };
    let report = battery::run(|seed| make(seed, 12), &cfg);
    assert_eq!(report.games, 1000);
    assert!(report.illegal_refused > 0);
}

/// The long battery: `cargo test -p hoarfrost-rules --release -- --ignored battery_long_ice_colony`.
#[test]
#[ignore]
fn battery_long_ice_colony() {
    let cfg = BatteryConfig {
        ron_every: 16,
        legal_per_step: 1,
        random_per_step: 2,
        ..BatteryConfig::games(100_000)
    };
    battery::run(|seed| make(seed, DEFAULT_ROUND_LIMIT), &cfg);
}
