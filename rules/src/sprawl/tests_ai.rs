//! The Sprawl AI seat against random bots (seeded sets at every table size) and on set positions.

use super::bot::{Effort, SprawlBot};
use super::*;
use crate::bots::{Bot, RandomBot, play_match};

/// Outright wins (`returns[me] == 1.0`) of one AI seat, at rotating seats, against `others` over
/// `games` seeded games.
fn wins_against(
    players: usize,
    variants: Variants,
    games: u64,
    first_seed: u64,
    others: fn(u64) -> Box<dyn Bot<Sprawl>>,
) -> u64 {
    let mut won = 0;
    for g in 0..games {
        let seed = first_seed + g;
        let me = (g as usize) % players;
        let s = Sprawl::new(&Setup::new(players, seed).with(variants)).unwrap();
        let mut bots: Vec<Box<dyn Bot<Sprawl>>> = (0..players)
            .map(|i| -> Box<dyn Bot<Sprawl>> {
                if i == me {
                    Box::new(SprawlBot::new(seed))
                } else {
                    others(seed * 31 + i as u64)
                }
            })
            .collect();
        let result = play_match(s, &mut bots, &mut GameRng::new(seed));
        if result.returns[me] == 1.0 {
            won += 1;
        }
    }
    won
}

fn random_bot(seed: u64) -> Box<dyn Bot<Sprawl>> {
    Box::new(RandomBot::new(seed))
}

fn one_ply_bot(seed: u64) -> Box<dyn Bot<Sprawl>> {
    Box::new(SprawlBot::new(seed).with_effort(Effort::ONE_PLY))
}

/// Outright wins against random bots, basic rules and with every variant on.
fn wins(players: usize, games: u64) -> (u64, u64) {
    let basic = wins_against(players, Variants::none(), games, 500, random_bot);
    let all = wins_against(players, Variants::of(&Variant::ALL), games, 900, random_bot);
    eprintln!("{players} players: basic {basic}/{games}, all variants {all}/{games}");
    (basic, all)
}

fn assert_at_least(won: u64, games: u64, percent: u64) {
    assert!(
        won * 100 >= games * percent,
        "won {won} of {games}, below {percent}%"
    );
}

/// Regression bars for one AI seat among random ones (see rules/design/sprawl.md, "AI", and
/// `win_rates_by_position`): they record what it reaches and guard against regressions. Issue #52
/// settled that one AI seat alone among five to seven random seats is not a bar of issue #5 (the
/// mixed tables below are); since branches may no longer point off the board, the 5-seat basic set
/// wins about 82%, so 5 seats share the 6-8 bars. The quick sets are small (20 games at 5-8
/// seats: +-18 points), hence their lower bar.
fn bar(players: usize, long: bool) -> u64 {
    match players {
        3 | 4 => 90,
        _ if long => 70,
        _ => 60,
    }
}

/// A quick seeded set for the normal test run (`games` per rule set).
fn quick(players: usize, games: u64) {
    let (basic, all) = wins(players, games);
    assert_at_least(basic, games, bar(players, false));
    assert_at_least(all, games, bar(players, false));
}

#[test]
fn ai_seat_beats_two_random_bots() {
    quick(3, 30);
}

#[test]
fn ai_seat_beats_three_random_bots() {
    quick(4, 30);
}

#[test]
fn ai_seat_beats_four_random_bots() {
    quick(5, 20);
}

#[test]
fn ai_seat_beats_five_random_bots() {
    quick(6, 20);
}

#[test]
fn ai_seat_beats_six_random_bots() {
    quick(7, 20);
}

#[test]
fn ai_seat_beats_seven_random_bots() {
    quick(8, 20);
}

/// Tables where AI seats and random bots alternate (AI, random, AI, ...; the seating turns one
/// place each game): the AI seats' share of the wins (a shared win counts its share) over `games`
/// seeded games with `variants`.
fn mixed_table_share(players: usize, variants: Variants, games: u64, first_seed: u64) -> f64 {
    let mut share = 0.0;
    for g in 0..games {
        let seed = first_seed + g;
        let ai = |seat: usize| (seat + g as usize).is_multiple_of(2);
        let s = Sprawl::new(&Setup::new(players, seed).with(variants)).unwrap();
        let mut bots: Vec<Box<dyn Bot<Sprawl>>> = (0..players)
            .map(|i| -> Box<dyn Bot<Sprawl>> {
                if ai(i) {
                    Box::new(SprawlBot::new(seed * 31 + i as u64))
                } else {
                    random_bot(seed * 31 + i as u64)
                }
            })
            .collect();
        let result = play_match(s, &mut bots, &mut GameRng::new(seed));
        share += (0..players)
            .filter(|&i| ai(i))
            .map(|i| result.returns[i])
            .sum::<f64>();
    }
    share
}

/// Issue #5's bar read as a table of AI seats and random bots: with AI and random seats
/// alternating, an AI seat wins at least 90% of a seeded set (200 games measured 99.5% at 6 seats,
/// 99.9% at 7 and 99.3% at 8; see rules/design/sprawl.md, "Mixed tables"). At 3 to 5 seats one AI
/// seat alone already wins 90% (`ai_seat_beats_two_random_bots` and the long sets).
#[test]
fn ai_seats_beat_random_bots_at_mixed_tables() {
    for (players, variants, seed) in [
        (6, Variants::none(), 1300),
        (7, Variants::none(), 1600),
        (8, Variants::none(), 1400),
        (8, Variants::of(&Variant::ALL), 1500),
    ] {
        let games = 12;
        let share = mixed_table_share(players, variants, games, seed);
        eprintln!("{players} seats, half AI: AI seats won {share:.1} of {games}");
        assert!(
            share >= 0.9 * games as f64,
            "{players} seats: AI seats won {share:.1} of {games}"
        );
    }
}

/// 100 seeded games per seat count and rule set, against the same bars; the table in
/// rules/design/sprawl.md comes from `GAMES=200` in release:
/// `cargo test --release -p hoarfrost-rules sprawl::tests_ai::win_rates_long -- --ignored --nocapture`.
#[test]
#[ignore]
fn win_rates_long() {
    let games = std::env::var("GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    // Every table size is measured before any bar is checked, so one miss does not hide the rest.
    let sets: Vec<(usize, u64, u64)> = (3..=8)
        .map(|players| {
            let (basic, all) = wins(players, games);
            (players, basic, all)
        })
        .collect();
    for (players, basic, all) in sets {
        assert_at_least(basic, games, bar(players, true));
        assert_at_least(all, games, bar(players, true));
    }
}

/// Against bots that play its own one-ply evaluation (no simulation), the AI seat wins well over its
/// share (1 game in `players`): the simulations do not rely on the other seats playing at random.
#[test]
#[ignore]
fn ai_seat_beats_its_own_one_ply_evaluation() {
    for players in 3..=8 {
        let games = 100;
        let won = wins_against(players, Variants::none(), games, 700, one_ply_bot);
        eprintln!("{players} players against one-ply bots: won {won}/{games}");
        assert!(won * players as u64 > games, "won {won} of {games}");
    }
}

#[test]
fn heuristic_bot_always_asks_and_takes_back_a_threatened_big_spore() {
    use super::tests::{RED, YELLOW, allowed, p, position_with, spore};
    let s = position_with(
        Variants::of(&[Variant::CountingCoup]),
        &[
            ("a1", vec![p(RED, 3)]),
            ("c5", vec![p(YELLOW, 3)]),
            ("e1", vec![p(2, 1)]),
        ],
        &[("a2", p(RED, 3), Dir::North, "a1")],
        RED,
    );
    let asked = allowed(&s, RED, spore("a5", 2));
    let mut bot = SprawlBot::new(1);
    assert_eq!(bot.choose(&asked, 1), Some(Action::AreYouSure));
    let answering = allowed(&asked, YELLOW, Action::AreYouSure);
    assert_eq!(bot.choose(&answering, 0), Some(Action::TakeBack));
    let small = allowed(&s, RED, spore("a5", 1));
    let answering = allowed(&small, YELLOW, Action::AreYouSure);
    assert_eq!(bot.choose(&answering, 0), Some(Action::KeepMove));
}

#[test]
fn heuristic_bot_neutralizes_a_big_opponent_tower_when_it_can() {
    use super::tests::{GREEN, RED, YELLOW, branch, p, position};
    let s = position(
        &[
            ("a3", vec![p(RED, 3)]),
            ("c3", vec![p(YELLOW, 3), p(YELLOW, 2)]),
            ("e6", vec![p(GREEN, 1)]),
        ],
        &[
            ("c4", p(YELLOW, 3), Dir::North, "c3"),
            ("d3", p(YELLOW, 3), Dir::East, "c3"),
        ],
        RED,
    );
    for seed in 0..5 {
        let choice = SprawlBot::new(seed).choose(&s, 0);
        assert_eq!(
            choice,
            Some(branch("a3", "b3", 1, Dir::East)),
            "seed {seed}"
        );
    }
}

#[test]
fn first_tower_never_leaves_a_seat_without_a_move() {
    use super::tests::{GREEN, RED, YELLOW, at, p, position};
    // Red's lone small tower on a1 can only grow into a2 (b1 is Yellow's), and a2 stands between two
    // towers, which the static measure likes. A first tower there would end the game at Red's turn,
    // right after it, with Yellow ahead.
    let s = position(
        &[
            ("a1", vec![p(RED, 1)]),
            ("b1", vec![p(YELLOW, 2)]),
            ("a3", vec![p(YELLOW, 3)]),
        ],
        &[],
        GREEN,
    );
    for seed in 0..5 {
        let Some(Action::PlaceFirstTower { sq, size }) = SprawlBot::new(seed).choose(&s, 2) else {
            panic!("a first tower was expected");
        };
        assert_eq!(size, 3, "seed {seed}");
        assert_ne!(sq, at("a2"), "seed {seed}");
    }
}

#[test]
fn first_tower_is_large_and_out_of_reach_of_a_tower_two_squares_off() {
    use super::tests::{GREEN, RED, at, p, position};
    // Red stands on d4 of the 5x6 board; Green places its first tower.
    let s = position(&[("d4", vec![p(RED, 2)])], &[], GREEN);
    for seed in 0..5 {
        let Some(Action::PlaceFirstTower { sq, size }) = SprawlBot::new(seed).choose(&s, 2) else {
            panic!("a first tower was expected");
        };
        assert_eq!(size, 3, "seed {seed}");
        let reachable = Dir::ALL
            .into_iter()
            .any(|d| s.board().step(at("d4"), d, 2) == Some(sq));
        assert!(
            !reachable,
            "seed {seed}: {} can be attacked from d4",
            sq.name()
        );
    }
}

#[test]
fn first_tower_by_simulation_stands_between_two_towers_that_face_each_other() {
    use super::tests::{GREEN, RED, YELLOW, at, p, position};
    assert_eq!(Effort::for_table(8), Effort::LARGE_TABLE);
    assert_eq!(Effort::for_table(5), Effort::NORMAL);
    // Red's and Yellow's lone small towers face each other across c3: a branch of 2 or 3 laid there
    // neutralizes one of them, which leaves that seat without a move and ends the game before Green
    // has caught up. A first tower on c3 blocks that line.
    let s = position(
        &[("c2", vec![p(RED, 1)]), ("c4", vec![p(YELLOW, 1)])],
        &[],
        GREEN,
    );
    for seed in 0..3 {
        let mut bot = SprawlBot::new(seed).with_effort(Effort::LARGE_TABLE);
        let Some(Action::PlaceFirstTower { sq, size }) = bot.choose(&s, 2) else {
            panic!("a first tower was expected");
        };
        assert_eq!((sq, size), (at("c3"), 3), "seed {seed}");
    }
}

/// The most pips a seat starting with `stash` (pieces of sizes 1, 2, 3) can have placed after
/// `turns` turns of basic rules, where a turn places one piece: its largest pieces, one a turn.
fn most_placed(stash: [u8; 3], turns: usize) -> i64 {
    (1..=3u8)
        .rev()
        .flat_map(|size| std::iter::repeat_n(size as i64, stash[size as usize - 1] as usize))
        .take(turns)
        .sum()
}

/// Checks the measuring helper above (the pace bound `win_rates_by_position` prints), not the
/// game: a seat's largest pieces, one a turn.
#[test]
fn the_pace_bound_counts_a_seats_largest_pieces_one_a_turn() {
    assert_eq!(most_placed([5, 5, 5], 0), 0);
    assert_eq!(most_placed([5, 5, 5], 2), 6);
    assert_eq!(most_placed([5, 5, 5], 7), 19);
    assert_eq!(most_placed([5, 5, 5], 20), STASH_PIPS);
}

/// How seat `me` lost a finished game: on points, or level on points and on which tie-break
/// against the winner, or sharing the win.
fn how_lost(s: &Sprawl, me: Seat) -> String {
    let table = s.standings();
    let mine = table.iter().find(|st| st.seat == me).unwrap();
    let best = &table[0];
    if mine.points > best.points {
        return format!("on points ({} more)", mine.points - best.points);
    }
    match (0..5).find(|&k| mine.tie_breaks()[k] != best.tie_breaks()[k]) {
        Some(k) => format!("on tie-break {}", k + 1),
        None => "sharing the win".to_string(),
    }
}

/// Wins of one AI seat against random bots by its position in the turn order (0 = moves first), and
/// by how the game ended: "fair" when it ended at the turn of a seat from the AI's next one round to
/// the first player (nobody has had more turns than the AI), "unfair" otherwise (the seats from the
/// first player up to the one left without a move have had one turn more), split by who left that
/// seat without a move; and (basic rules) the games a random seat ended with more live pips than the
/// AI seat's largest pieces, one a turn, could have made, or exactly as many: no play of its own wins
/// the first short of neutralizing that seat; and the AI seat against each random seat on its own
/// (ahead, level or behind in the standings). `PLAYERS` (default 8), `GAMES` (default 200),
/// `VARIANTS=1` for all variants; the same seeds as `wins` (500.. basic, 900.. all variants). In
/// release:
/// `PLAYERS=8 GAMES=200 cargo test --release -p hoarfrost-rules sprawl::tests_ai::win_rates_by_position -- --ignored --nocapture`.
#[test]
#[ignore]
fn win_rates_by_position() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let players = env("PLAYERS", 8) as usize;
    let games = env("GAMES", 200);
    let all = env("VARIANTS", 0) == 1;
    let (variants, first_seed) = if all {
        (Variants::of(&Variant::ALL), 900)
    } else {
        (Variants::none(), 500)
    };
    let mut by_position = vec![(0u64, 0u64); players];
    let mut by_end = std::collections::BTreeMap::new();
    let (mut thinking, mut slowest, mut decisions) = (0.0f64, 0.0f64, 0u64);
    // Games where a random seat ended with fewer points than a large piece every turn would have
    // left the AI seat (no play of its own wins them, short of neutralizing that seat), and with
    // exactly as few (only the tie-breaks could win them).
    let (mut outpaced, mut matched) = ((0u64, 0u64), (0u64, 0u64));
    let mut lost_at_pace = (0u64, 0u64);
    let mut matched_lost = std::collections::BTreeMap::new();
    // The AI seat against each random seat on its own: finished ahead, level, behind (points first,
    // then the tie-breaks, as the standings rank them).
    let mut head_to_head = [0u64; 3];
    for g in 0..games {
        let seed = first_seed + g;
        let me = (g as usize) % players;
        let mut s = Sprawl::new(&Setup::new(players, seed).with(variants)).unwrap();
        let pos = (me + players - s.first_player()) % players;
        let mut bots: Vec<Box<dyn Bot<Sprawl>>> = (0..players)
            .map(|i| -> Box<dyn Bot<Sprawl>> {
                if i == me {
                    Box::new(SprawlBot::new(seed))
                } else {
                    random_bot(seed * 31 + i as u64)
                }
            })
            .collect();
        // Who first left each seat without a move.
        let mut stuck_by: Vec<Option<usize>> = vec![None; players];
        let start_stash = s.stash(me);
        let mut my_turns = 0usize;
        let mut could_strike = vec![false; players];
        let mut rng = GameRng::new(seed);
        while let crate::ToAct::Seats(seats) = s.to_act() {
            let seat = seats[rng.below(seats.len())];
            let clock = std::time::Instant::now();
            let a = bots[seat].choose(&s, seat).unwrap();
            if seat == me {
                thinking += clock.elapsed().as_secs_f64();
                decisions += 1;
                slowest = slowest.max(clock.elapsed().as_secs_f64());
            }
            let board_move = matches!(
                a,
                Action::PlaceFirstTower { .. }
                    | Action::Build { .. }
                    | Action::Branch { .. }
                    | Action::Spore { .. }
            );
            if seat == me && board_move {
                my_turns += 1;
                if !all {
                    for m in s.legal_actions(me) {
                        for sq in super::rules::neutralized_by_move(&s, me, &m) {
                            if let Some(t) = s.board().tower(sq) {
                                could_strike[t.controller() as usize] = true;
                            }
                        }
                    }
                }
            }
            s.apply_unchecked(seat, &a);
            for (q, by) in stuck_by.iter_mut().enumerate() {
                if by.is_none() && s.has_started(q) && super::moves::moves(&s, q).is_empty() {
                    *by = Some(seat);
                }
            }
        }
        let won = (s.returns()[me] == 1.0) as u64;
        let stuck = s.current_player();
        let end_pos = (stuck + players - s.first_player()) % players;
        let how = if stuck == me {
            "the AI seat itself had no move"
        } else if end_pos != 0 && end_pos <= pos {
            if stuck_by[stuck] == Some(me) {
                "unfair, the AI left that seat without a move"
            } else {
                "unfair, another seat left that seat without a move"
            }
        } else if stuck_by[stuck] == Some(me) {
            "fair, the AI left that seat without a move"
        } else {
            "fair, another seat left that seat without a move"
        };
        if !all {
            let pace = most_placed(start_stash, my_turns);
            let scores = s.scores();
            let best_other = (0..players).filter(|&q| q != me).map(|q| scores[q]).min();
            // Of those lost, the games where some turn of the AI seat offered a move that
            // neutralized a tower of a seat that ended level with or ahead of that pace.
            let leaders = (0..players).filter(|&q| q != me && scores[q] <= STASH_PIPS - pace);
            if won == 0 && leaders.clone().next().is_some() {
                lost_at_pace.1 += 1;
                lost_at_pace.0 += leaders.clone().any(|q| could_strike[q]) as u64;
            }
            match best_other.map(|b| b.cmp(&(STASH_PIPS - pace))) {
                Some(std::cmp::Ordering::Less) => {
                    outpaced.0 += won;
                    outpaced.1 += 1;
                }
                Some(std::cmp::Ordering::Equal) => {
                    matched.0 += won;
                    matched.1 += 1;
                    if won == 0 {
                        *matched_lost.entry(how_lost(&s, me)).or_insert(0u64) += 1;
                    }
                }
                _ => {}
            }
        }
        let table = s.standings();
        let key = |q: Seat| {
            let st = table.iter().find(|st| st.seat == q).unwrap();
            (st.points, st.tie_breaks().map(std::cmp::Reverse))
        };
        for q in (0..players).filter(|&q| q != me) {
            let i = match key(me).cmp(&key(q)) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Greater => 2,
            };
            head_to_head[i] += 1;
        }
        let e = by_end.entry(how).or_insert((0u64, 0u64));
        e.0 += won;
        e.1 += 1;
        by_position[pos].0 += won;
        by_position[pos].1 += 1;
    }
    let total: u64 = by_position.iter().map(|x| x.0).sum();
    eprintln!(
        "{players} players{}: won {total}/{games}; AI decision {:.1} ms on average, {:.1} ms at most",
        if all { ", all variants" } else { "" },
        thinking * 1000.0 / decisions.max(1) as f64,
        slowest * 1000.0
    );
    for (pos, (w, n)) in by_position.iter().enumerate() {
        eprintln!("  position {pos}: won {w}/{n}");
    }
    for (how, (w, n)) in &by_end {
        eprintln!("  ended {how}: won {w}/{n}");
    }
    let pairs: u64 = head_to_head.iter().sum();
    eprintln!(
        "  head to head, the AI seat against each random seat: ahead in {}/{pairs} ({:.1}%), level in {}, behind in {}",
        head_to_head[0],
        head_to_head[0] as f64 * 100.0 / pairs.max(1) as f64,
        head_to_head[1],
        head_to_head[2]
    );
    if !all {
        eprintln!(
            "  a random seat ended with more live pips than one large piece a turn gives the AI seat: won {}/{}",
            outpaced.0, outpaced.1
        );
        eprintln!(
            "  a random seat ended with exactly as many: won {}/{}",
            matched.0, matched.1
        );
        for (how, n) in &matched_lost {
            eprintln!("    lost {how}: {n}");
        }
        eprintln!(
            "  of those lost, games where a turn of the AI seat offered a move neutralizing a tower of such a seat: {}/{}",
            lost_at_pace.0, lost_at_pace.1
        );
    }
}
