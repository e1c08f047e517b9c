//! The heuristic bot against random bots, seeded.

use super::bot::SprawlBot;
use super::*;
use crate::bots::{Bot, RandomBot, play_match};

/// Outright wins of one heuristic bot against random bots over `games` seeded games.
fn wins(players: usize, variants: Variants, games: u64, first_seed: u64) -> u64 {
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
                    Box::new(RandomBot::new(seed * 31 + i as u64))
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

#[test]
fn heuristic_bot_beats_two_random_bots_in_at_least_90_percent_of_games() {
    let games = 100;
    let won = wins(3, Variants::none(), games, 500);
    eprintln!("basic: won {won} of {games}");
    assert!(won * 10 >= games * 9, "won {won} of {games}");
}

#[test]
fn heuristic_bot_beats_random_bots_with_every_variant_on() {
    let games = 40;
    let won = wins(4, Variants::of(&Variant::ALL), games, 900);
    eprintln!("all variants: won {won} of {games}");
    assert!(won * 10 >= games * 9, "won {won} of {games}");
}

/// At eight seats games are short and a seat late in the turn order often gets one turn fewer when
/// someone is stuck, so outright wins against seven random bots are counted against a lower bar
/// (random play would win one game in eight).
#[test]
fn heuristic_bot_beats_random_bots_at_a_full_table() {
    let games = 30;
    let won = wins(8, Variants::none(), games, 1300);
    eprintln!("eight players: won {won} of {games}");
    assert!(won * 10 >= games * 6, "won {won} of {games}");
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
    let choice = SprawlBot::new(3).choose(&s, 0);
    assert_eq!(choice, Some(branch("a3", "b3", 1, Dir::East)));
}
