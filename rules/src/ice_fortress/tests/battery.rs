//! The conformance battery on Ice Fortress, and the bot against the random player.

use super::*;
use crate::battery::{self, BatteryConfig};
use crate::bots::{Bot, RandomBot};

fn make(seed: u64) -> IceFortress {
    let players = 1 + (seed % 4) as usize;
    let setup = Setup {
        difficulty: 3 + (seed % 5) as u8,
        round_limit: 4,
        ..Setup::new(players, seed)
    };
    IceFortress::standard(&setup).unwrap()
}

#[test]
fn battery_ice_fortress() {
    let cfg = BatteryConfig {
        legal_per_step: 1,
        random_per_step: 2,
        ..BatteryConfig::games(1000)
    };
    let report = battery::run(make, &cfg);
    assert_eq!(report.games, 1000);
    assert!(report.illegal_refused > 0);
}

/// The long battery: `cargo test -p hoarfrost-rules --release -- --ignored battery_long_ice_fortress`.
#[test]
#[ignore]
fn battery_long_ice_fortress() {
    let cfg = BatteryConfig {
        ron_every: 8,
        legal_per_step: 1,
        random_per_step: 2,
        ..BatteryConfig::games(100_000)
    };
    battery::run(make, &cfg);
}

/// How far the defenders got: a win, then beacons, then rounds held, then rooms built.
fn progress(s: &IceFortress) -> (bool, usize, u32, usize) {
    (
        s.phase() == Phase::Won,
        s.beacons(),
        s.round(),
        s.built().len(),
    )
}

#[test]
fn the_heuristic_bot_beats_the_random_player() {
    let games = 20;
    let mut better = 0;
    for seed in 0..games {
        let setup = Setup {
            round_limit: 6,
            ..Setup::new(2, 500 + seed)
        };
        let state = IceFortress::standard(&setup).unwrap();
        let mut bots: Vec<Box<dyn Bot<IceFortress>>> = vec![
            Box::new(FortressBot::new(seed)),
            Box::new(FortressBot::new(seed + 1)),
        ];
        let (bot_end, _) = bot::play_to_end(state.clone(), &mut bots, &mut GameRng::new(seed));
        let mut randoms: Vec<Box<dyn Bot<IceFortress>>> = vec![
            Box::new(RandomBot::new(seed)),
            Box::new(RandomBot::new(seed + 1)),
        ];
        let (random_end, _) = bot::play_to_end(state, &mut randoms, &mut GameRng::new(seed));
        if progress(&bot_end) > progress(&random_end) {
            better += 1;
        }
    }
    assert!(
        better * 10 >= games * 9,
        "the bot did better in only {better} of {games}"
    );
}

#[test]
fn bot_games_run_through_the_shared_match_runner() {
    let state = IceFortress::standard(&Setup::new(3, 2)).unwrap();
    let mut bots: Vec<Box<dyn Bot<IceFortress>>> = (0..3)
        .map(|i| Box::new(FortressBot::new(i)) as Box<dyn Bot<IceFortress>>)
        .collect();
    let result = bot::play_with_runner(state, &mut bots, &mut GameRng::new(2));
    assert_eq!(result.returns.len(), 3);
    assert!(result.actions > 10);
}

#[test]
fn the_win_rate_table_has_a_row_per_difficulty() {
    let rows = win_rates(&content(), &[5, 7], 1, 1, 3).unwrap();
    assert_eq!(
        rows.iter().map(|r| r.difficulty).collect::<Vec<_>>(),
        vec![5, 7]
    );
    assert!(rows.iter().all(|r| r.games == 1));
}

/// Win rates of the heuristic bot by difficulty (release mode):
/// `cargo test -p hoarfrost-rules --release -- --ignored --nocapture win_rate_table`.
#[test]
#[ignore]
fn win_rate_table() {
    let games: usize = std::env::var("IF_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let players: usize = std::env::var("IF_PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    let start = std::time::Instant::now();
    // IF_DIR=<dir with the five .ron files> measures other content without rebuilding.
    let content = match std::env::var("IF_DIR") {
        Ok(dir) => {
            let read = |f: &str| std::fs::read_to_string(format!("{dir}/{f}.ron")).unwrap();
            Content::from_parts(
                &read("rooms"),
                &read("characters"),
                &read("invaders"),
                &read("foundation"),
                &read("difficulty"),
            )
            .unwrap()
        }
        Err(_) => (*content()).clone(),
    };
    // IF_W="air=300,risk=500" overrides bot weights, for tuning without a rebuild.
    let weights = bot::Weights::default()
        .parse_overrides(&std::env::var("IF_W").unwrap_or_default())
        .unwrap();
    // IF_LEVELS="5,7" measures only those difficulties.
    let levels: Vec<u8> = std::env::var("IF_LEVELS")
        .ok()
        .map(|v| v.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![3, 5, 7, 9]);
    // IF_ASSIST=1 deals with the jumbo-room assist on.
    let assist = std::env::var("IF_ASSIST").is_ok_and(|v| v == "1");
    let rows = bot::win_rates_with(&content, &levels, players, games, 1, &weights, assist).unwrap();
    for r in rows {
        println!(
            "difficulty {:2}: {:4}/{:4} won ({:5.1}%), {:.2} beacons, {:.1} rounds",
            r.difficulty,
            r.wins,
            r.games,
            r.rate * 100.0,
            r.beacons,
            r.rounds
        );
    }
    println!("{:?}", start.elapsed());
}

/// Prints one bot game: `cargo test --release -- --ignored --nocapture trace_bot_game`.
#[test]
#[ignore]
fn trace_bot_game() {
    let mut s = IceFortress::standard(&Setup::new(2, 5)).unwrap();
    let mut bots = [FortressBot::new(1), FortressBot::new(2)];
    let mut n = 0;
    while !s.is_over() && n < 3000 {
        match s.to_act() {
            ToAct::Chance => {
                s.apply_chance();
                if s.phase() == Phase::Build && s.decision().is_none() {
                    let dice: Vec<u8> = s
                        .rolled()
                        .iter()
                        .map(|&d| s.dice()[d as usize].value)
                        .collect();
                    println!(
                        "  rolled {dice:?} shield {} supply {:?} shards {:?}",
                        s.shield(),
                        s.supply()
                            .iter()
                            .map(|&r| s.card(r).unwrap().name.clone())
                            .collect::<Vec<_>>(),
                        s.shards()
                    );
                }
            }
            ToAct::Seats(v) => {
                let a = bots[v[0]].choose(&s, v[0]).unwrap();
                println!("r{} {}", s.round(), s.action_to_string(v[0], &a));
                s.apply(v[0], &a).unwrap();
            }
            ToAct::Over => {}
        }
        n += 1;
    }
    println!(
        "{:?} beacons {} round {}",
        s.phase(),
        s.beacons(),
        s.round()
    );
}

/// A seat's view shows the decks' cards but not their order, nor the RNG: two games whose piles
/// lie in other orders (which no player sees) give the same view.
#[test]
fn a_view_shows_no_deck_order() {
    let game = make(7);
    let mut shuffled = game.clone();
    for deck in &mut shuffled.decks {
        deck.pile.reverse();
    }
    assert!(
        game.decks.iter().any(|d| d.pile.len() > 1),
        "a pile to reorder"
    );
    assert_ne!(shuffled, game);
    let seen = game.as_seen_by(0);
    assert_eq!(shuffled.as_seen_by(0), seen);
    assert_ne!(seen.rng, game.rng);
    let cards = |g: &IceFortress| -> Vec<Vec<RoomId>> {
        g.decks
            .iter()
            .map(|d| {
                let mut c: Vec<RoomId> = d.cards().collect();
                c.sort_unstable();
                c
            })
            .collect()
    };
    assert_eq!(cards(&seen), cards(&game), "the same cards in each deck");
}
