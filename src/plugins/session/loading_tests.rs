//! What opening a save does with every kind of file: a good one is staged for its table; each
//! [`LoadError`] becomes its own message and nothing is staged.

use super::*;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::registry::every_game;
use hoarfrost_rules::Game;
use hoarfrost_rules::Hue;
use hoarfrost_rules::ice_colony::IceColony;
use hoarfrost_rules::icetowers::{IceTowers, Setup};

/// A save of an IceTowers game (seat 1 human, seat 2 AI, chosen colours) after `n` moves.
fn icetowers_save(n: usize) -> String {
    let setup = Setup {
        hues: Some(vec![Hue::Blue, Hue::Red, Hue::Green]),
        ..Setup::new(2, 9)
    };
    let mut recorder = Recorder::<IceTowers>::new(setup).unwrap();
    for _ in 0..n {
        let seat = match recorder.state().to_act() {
            hoarfrost_rules::ToAct::Seats(s) => s[0],
            other => panic!("unexpected {other:?}"),
        };
        let action = recorder.state().legal_actions(seat)[0].clone();
        recorder.act(seat, &action).unwrap();
    }
    save::to_string(&["human".into(), "ai".into()], false, recorder.record()).unwrap()
}

fn refused(text: &str) -> String {
    match stage(&every_game(), text, LoadMode::Resume) {
        Ok(_) => panic!("{text:?} was staged"),
        Err(message) => message,
    }
}

#[test]
fn seat_words_give_kinds_and_clean_names() {
    let words: Vec<String> = [
        "human:Anna",
        "human",
        "ai:hard",
        "human:",
        "human:\u{7}  Bo\nb  ",
        "human:abcdefghijklmnopqrstuvwxyz",
        "visitor:Eve",
    ]
    .map(String::from)
    .to_vec();
    use SeatKind::{Ai, Human};
    assert_eq!(
        seat_kinds(&words),
        [Human, Human, Ai, Human, Human, Human, Ai]
    );
    assert_eq!(
        seat_names(&words),
        ["Anna", "", "", "", "Bob", "abcdefghijklmnop", ""]
    );
}

#[test]
fn a_good_save_sets_the_table_up_for_its_game_and_waits_for_it() {
    let staged = stage(&every_game(), &icetowers_save(4), LoadMode::Resume).unwrap();
    assert_eq!((staged.game, staged.steps), (GameKind::IceTowers, 4));
    let mut world = World::new();
    world.init_resource::<Notice>();
    world.init_resource::<NextState<Screen>>();
    (staged.apply)(&mut world);
    let choice = world.resource::<SetupChoice>();
    assert_eq!(choice.game, GameKind::IceTowers);
    assert_eq!(choice.kinds(), vec![SeatKind::Human, SeatKind::Ai]);
    assert_eq!(choice.hues(), vec![Hue::Blue, Hue::Red]);
    assert_eq!(choice.seed, 9);
    match &world.resource::<Pending<IceTowers>>().0 {
        Some(PendingGame::Resume { recorder, tutorial }) => {
            assert_eq!(recorder.len(), 4);
            assert!(!tutorial);
        }
        _ => panic!("no game waits"),
    }
    assert!(matches!(
        *world.resource::<NextState<Screen>>(),
        NextState::Pending(Screen::Playing)
    ));
}

#[test]
fn a_save_opened_for_replay_waits_at_its_start() {
    let staged = stage(&every_game(), &icetowers_save(3), LoadMode::Replay).unwrap();
    let mut world = World::new();
    world.init_resource::<Notice>();
    world.init_resource::<NextState<Screen>>();
    (staged.apply)(&mut world);
    match &world.resource::<Pending<IceTowers>>().0 {
        Some(PendingGame::Replay(r)) => assert_eq!((r.len(), r.position()), (3, 0)),
        _ => panic!("no replay waits"),
    }
}

#[test]
fn every_load_error_gives_its_own_message_and_stages_nothing() {
    let good = icetowers_save(4);
    assert!(refused("plain garbage").contains("not a Hoarfrost save"));
    assert!(refused("").contains("damaged or cut short"));
    assert!(refused(&good[..good.len() / 2]).contains("damaged or cut short"));
    let old = good.replacen(
        &format!("format: {}", hoarfrost_rules::save::FORMAT),
        "format: 0",
        1,
    );
    assert!(
        refused(&old).contains("saved by format 0"),
        "{}",
        refused(&old)
    );
    let unknown = good.replacen("\"icetowers\"", "\"chess\"", 1);
    assert!(refused(&unknown).contains("unknown game 'chess'"));
    let one_seat = good.replacen("\"ai\",", "", 1);
    assert!(
        refused(&one_seat).contains("lists 1 seat but"),
        "{}",
        refused(&one_seat)
    );
    let bad_step = good.replacen("Act(seat: 0", "Act(seat: 7", 1);
    assert!(
        refused(&bad_step).contains("does not replay from step ")
            && !refused(&bad_step).contains("(seat 8: "),
        "{}",
        refused(&bad_step)
    );
    let colony = good.replacen("\"icetowers\"", "\"ice-colony\"", 1);
    assert!(refused(&colony).contains("damaged"), "{}", refused(&colony));
    match stage_game::<IceColony>(&good, LoadMode::Resume) {
        Err(e) => assert!(
            e.to_string()
                .contains("IceTowers save, not an Ice Colony one")
        ),
        Ok(_) => panic!("an IceTowers save opened as Ice Colony"),
    }
    let missing = stage_file(
        &every_game(),
        std::path::Path::new("/nonexistent/x.ron"),
        LoadMode::Resume,
    );
    assert!(missing.err().unwrap().contains("could not be read"));
}

#[test]
fn an_ice_castle_save_seats_its_players_in_the_colours_they_chose() {
    use hoarfrost_rules::ice_castle::{IceCastle, Setup};
    let setup = Setup {
        hues: Some(vec![Hue::Cyan, Hue::Black]),
        ..Setup::new(2, 4)
    };
    let recorder = Recorder::<IceCastle>::new(setup).unwrap();
    let text = save::to_string(
        &["human".into(), "ai:hard".into()],
        false,
        recorder.record(),
    );
    let staged = stage(&every_game(), &text.unwrap(), LoadMode::Resume).unwrap();
    let mut world = World::new();
    world.init_resource::<Notice>();
    world.init_resource::<NextState<Screen>>();
    (staged.apply)(&mut world);
    let choice = world.resource::<SetupChoice>();
    assert_eq!(choice.hues(), vec![Hue::Cyan, Hue::Black]);
    assert_eq!(
        choice.levels(),
        vec![None, Some(hoarfrost_rules::bots::Level::Hard)]
    );
}
