//! The difficulty curve: diagnostics of how bot games end (ignored, release mode).

use super::*;
use crate::bots::Bot;

/// Per game: won, rounds, beacons, shield hits, boosts, pillars standing at the end.
#[test]
#[ignore]
fn curve_diagnostics() {
    let games: u64 = std::env::var("IF_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    let players: usize = std::env::var("IF_PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let level: u8 = std::env::var("IF_LEVEL")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(7);
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
    let trace: Option<u64> = std::env::var("IF_TRACE").ok().and_then(|v| v.parse().ok());
    let mut tot = [0f64; 8];
    for g in 0..games {
        let seed = 1_000_003u64 + level as u64 * 100_000 + g;
        let setup = Setup {
            difficulty: level,
            ..Setup::new(players, seed)
        };
        let mut s = IceFortress::new(&setup, &content).unwrap();
        let weights = bot::Weights::default()
            .parse_overrides(&std::env::var("IF_W").unwrap_or_default())
            .unwrap();
        let mut bots: Vec<FortressBot> = (0..players)
            .map(|p| FortressBot::with_weights(seed ^ p as u64, weights))
            .collect();
        let (mut hits, mut boosts, mut hit_round) = (0, 0, Vec::new());
        let mut beacon_rounds = Vec::new();
        while !s.is_over() {
            let before = (s.shield(), s.beacons());
            match s.to_act() {
                ToAct::Chance => s.apply_chance(),
                ToAct::Seats(v) => {
                    let a = bots[v[0]].choose(&s, v[0]).unwrap();
                    if trace == Some(g) && (12..=13).contains(&s.round()) {
                        let dice: Vec<u8> = s
                            .rolled()
                            .iter()
                            .map(|&d| s.dice()[d as usize].value)
                            .collect();
                        println!(
                            "r{} {} | rolled {dice:?}",
                            s.round(),
                            s.action_to_string(v[0], &a)
                        );
                    }
                    s.apply_unchecked(v[0], &a);
                }
                ToAct::Over => break,
            }
            if s.shield() < before.0 {
                hits += 1;
                hit_round.push(s.round());
            } else if s.shield() > before.0 {
                boosts += s.shield() - before.0;
            }
            if s.beacons() > before.1 {
                beacon_rounds.push(s.round());
            }
        }
        let pillars = s
            .dice()
            .iter()
            .filter(|d| matches!(d.at, DieAt::Pillar { .. }))
            .count();
        if std::env::var("IF_PILLARS").is_ok() && s.round() >= s.round_limit() {
            // Where the dice stand in a game that ran out of rounds.
            for b in s.built().values() {
                let c = s.card(b.card).unwrap();
                let used = b.pillars.iter().filter(|p| p.is_some()).count();
                println!(
                    "      {:?} {:?} L{} covered {} pillars {}/{} groups {} above {:?} inv {:?}",
                    c.element,
                    c.size,
                    b.level,
                    b.is_covered(),
                    used,
                    b.pillars.len(),
                    c.groups.len(),
                    b.above,
                    b.invaders
                );
            }
        }
        let inv = s.invaders_in_fortress();
        let cols: Vec<usize> = Element::ALL
            .iter()
            .map(|&e| {
                s.built()
                    .values()
                    .filter(|b| s.card(b.card).unwrap().element.element() == Some(e))
                    .map(|b| s.stack_height(b.card))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        println!(
            "    columns {cols:?} supply {} pool {}",
            s.supply().len(),
            s.pool_count()
        );
        println!(
            "{g:3} {:?} r{:2} b{} hits {hits:2} boosts {boosts:2} pillars {pillars:2} inv {inv:?} beacons at {beacon_rounds:?} hits at {hit_round:?}",
            s.phase(),
            s.round(),
            s.beacons()
        );
        tot[0] += f64::from(u8::from(s.phase() == Phase::Won));
        tot[1] += s.round() as f64;
        tot[2] += s.beacons() as f64;
        tot[3] += hits as f64;
        tot[4] += boosts as f64;
        tot[5] += pillars as f64;
    }
    let n = games as f64;
    println!(
        "won {:.0}% rounds {:.1} beacons {:.2} hits {:.1} boosts {:.1} pillars {:.1}",
        tot[0] * 100.0 / n,
        tot[1] / n,
        tot[2] / n,
        tot[3] / n,
        tot[4] / n,
        tot[5] / n
    );
}

/// The bot never reads the game's own random stream: two copies that differ only in the seed of
/// that stream (the hidden order of the decks and the bag) get the same choices. Chance steps are
/// resolved on the game itself, so the comparison goes on through several turns.
#[test]
fn the_bot_does_not_peek_at_the_hidden_draws() {
    let mut s = game(1, 11);
    let mut compared = 0;
    let mut later = 0;
    for step in 0..400 {
        if s.is_over() || compared >= 30 {
            break;
        }
        match s.to_act() {
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(v) => {
                let mut other = s.clone();
                *other.rng_mut() = GameRng::new(999 + step);
                let a = FortressBot::new(5).choose(&s, v[0]).unwrap();
                let b = FortressBot::new(5).choose(&other, v[0]).unwrap();
                assert_eq!(a, b, "the choice changed with the hidden random stream");
                compared += 1;
                if (s.round(), s.current()) != (1, 0) {
                    later += 1;
                }
                s.apply(v[0], &a).unwrap();
            }
            _ => break,
        }
    }
    assert!(compared >= 20, "only {compared} decisions compared");
    assert!(later > 0, "no decision after the first turn was compared");
}

/// The dice budget: once the dice not standing as pillars barely cover what the unbuilt beacons'
/// columns still need, a pillar off those columns costs the bot far more than while dice are
/// plenty, and a pillar on a column costs nothing extra.
#[test]
fn the_bot_keeps_dice_for_its_beacon_columns_when_they_run_short() {
    // A reserve of ten: 26 free dice are short of the need (18 here) plus reserve, 46 are not.
    let w = bot::Weights {
        reserve: 10.0,
        ..bot::Weights::default()
    };
    // One jumbo room per element on the foundation, and a white room (no column) beside them.
    let position = |short: bool| {
        let mut s = building();
        let mut spare = Vec::new();
        for (i, e) in [
            RoomElement::Fire,
            RoomElement::Water,
            RoomElement::Air,
            RoomElement::Earth,
        ]
        .into_iter()
        .enumerate()
        {
            let rooms = find_all(|c| c.size == Size::Jumbo && c.element == e);
            put_room(&mut s, rooms[0], Spot::Foundation(i as u8));
            spare.push(rooms[1]);
        }
        // Three more jumbo rooms whose pillars, when `short`, hold 24 of the 50 dice.
        for (i, &r) in spare.iter().take(3).enumerate() {
            put_room(&mut s, r, Spot::Foundation(4 + i as u8));
            if short {
                fill_group(&mut s, r, 0);
                fill_group(&mut s, r, 1);
            }
        }
        let white = find(|c| c.element == RoomElement::White && c.size == Size::Large);
        put_room(&mut s, white, Spot::Foundation(7));
        (s, white)
    };
    let cost_of_a_wasted_die = |short: bool| {
        let (s, white) = position(short);
        let mut t = s.clone();
        put_pillar(&mut t, white, 0, 3);
        bot::evaluate_with(&s, &w) - bot::evaluate_with(&t, &w)
    };
    let plenty = cost_of_a_wasted_die(false);
    let short = cost_of_a_wasted_die(true);
    assert!(short >= plenty + w.budget - 1e-6, "{plenty} then {short}");
    // Short of dice, a pillar on a column's group beats a pillar on the white room.
    let (s, white) = position(true);
    let earth = s.foundation()[3].unwrap();
    let mut on_column = s.clone();
    put_pillar(&mut on_column, earth, 0, 4);
    let mut wasted = s.clone();
    put_pillar(&mut wasted, white, 0, 3);
    assert!(bot::evaluate_with(&on_column, &w) > bot::evaluate_with(&wasted, &w) + w.budget / 2.0);
}

/// One bot game of `players` at `level`, seeded as the win-rate table seeds its games.
fn bot_game(players: usize, level: u8, seed: u64) -> IceFortress {
    let setup = Setup {
        difficulty: level,
        ..Setup::new(players, seed)
    };
    let state = IceFortress::new(&setup, &content()).unwrap();
    let mut bots: Vec<Box<dyn Bot<IceFortress>>> = (0..players)
        .map(|p| Box::new(FortressBot::new(seed ^ p as u64)) as Box<dyn Bot<IceFortress>>)
        .collect();
    let mut rng = GameRng::new(seed);
    bot::play_to_end(state, &mut bots, &mut rng).0
}

/// Seeds of short one-player games at difficulty 7 that the shipped bot and content win (found
/// with `seeds_of_short_wins`); a bot or content change that loses them is a regression to look at.
const SHORT_WINS_AT_7: [u64; 3] = [1_700_004, 1_700_010, 1_700_033];

/// Regression, quick: the bot still wins a few seeded introductory games (difficulty 7, solo).
#[test]
fn the_bot_wins_seeded_introductory_games() {
    let won: Vec<u64> = SHORT_WINS_AT_7
        .iter()
        .copied()
        .filter(|&seed| bot_game(1, 7, seed).phase() == Phase::Won)
        .collect();
    assert!(
        won.len() >= SHORT_WINS_AT_7.len() - 1,
        "won only the games of seeds {won:?} of {SHORT_WINS_AT_7:?}"
    );
}

/// Lists seeds of one-player games at difficulty 7 with their result and length, to pick
/// `SHORT_WINS_AT_7`: `cargo test --release -- --ignored --nocapture seeds_of_short_wins`.
#[test]
#[ignore]
fn seeds_of_short_wins() {
    // The seeds of the win-rate table's level-7 games (and of `curve_diagnostics`).
    for seed in 1_700_003..1_700_043 {
        let s = bot_game(1, 7, seed);
        println!("seed {seed}: {:?} in {} rounds", s.phase(), s.round());
    }
}

/// Regression: the bot wins the introductory game (difficulty 7, one player) often enough.
/// Release mode: `cargo test --release -- --ignored the_bot_wins_the_introductory_game`.
#[test]
#[ignore]
fn the_bot_wins_the_introductory_game_often() {
    let rows = win_rates(&content(), &[7], 1, 20, 7).unwrap();
    assert!(rows[0].wins >= 8, "only {} of 20 won", rows[0].wins);
}

/// The rulebook's curve, in order, with its setup (no assist): wins rise with the level (3 < 5 < 7
/// <= 9) for one player (solo, two characters) and two players, level 3 is almost impossible
/// (under 12%) and level 7, the introductory game, near an even chance (40% to 60%), 400 games per
/// level as in the design note's table. Release mode, a few minutes:
/// `cargo test --release -- --ignored wins_rise_with_the_difficulty_level`.
#[test]
#[ignore]
fn wins_rise_with_the_difficulty_level() {
    for players in [1, 2] {
        let rows = win_rates(&content(), &[3, 5, 7, 9], players, 400, 1).unwrap();
        let wins: Vec<usize> = rows.iter().map(|r| r.wins).collect();
        assert!(
            wins[0] < wins[1] && wins[1] < wins[2] && wins[2] <= wins[3],
            "{players} player(s), wins at 3, 5, 7, 9: {wins:?}"
        );
        assert!(wins[0] < 48, "{players} player(s), level 3 won {}", wins[0]);
        assert!(
            (160..=240).contains(&wins[2]),
            "{players} player(s), level 7 won {}",
            wins[2]
        );
    }
}
