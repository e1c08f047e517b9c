//! Records and replays: the same steps from the same setup give the same game, tampered records are
//! refused with the step and the rule, and a replay goes forward, back and to any step.

use super::*;
use crate::fuzz::targets::random_game;
use crate::ice_castle::{self, IceCastle};
use crate::ice_colony::{self, IceColony};
use crate::ice_fortress::{self, IceFortress};
use crate::icetowers::{self, IceTowers};
use crate::sprawl::{self, Sprawl};

fn towers(seed: u64, steps: usize) -> Recorder<IceTowers> {
    random_game::<IceTowers>(icetowers::Setup::new(3, seed), seed, steps).unwrap()
}

/// Replaying a recorder's record (also after a RON round trip) gives exactly its state.
fn reproduces<G: Recorded>(setup: G::Setup, seed: u64, steps: usize) {
    let rec = random_game::<G>(setup, seed, steps).unwrap();
    assert!(
        rec.len() > 10,
        "{} played only {} steps",
        G::KIND.title(),
        rec.len()
    );
    assert_eq!(
        &rec.record().state().unwrap(),
        rec.state(),
        "{}",
        G::KIND.title()
    );
    let text = ron::to_string(rec.record()).unwrap();
    let back: Record<G> = ron::from_str(&text).unwrap();
    assert_eq!(&back, rec.record());
    assert_eq!(&back.state().unwrap(), rec.state(), "{}", G::KIND.title());
}

#[test]
fn a_replay_of_the_same_steps_from_the_same_setup_is_the_same_game() {
    reproduces::<IceTowers>(icetowers::Setup::new(3, 5), 5, 400);
    reproduces::<Sprawl>(sprawl::Setup::new(4, 6), 6, 400);
    reproduces::<IceCastle>(ice_castle::Setup::new(3, 5), 5, 400);
    reproduces::<IceColony>(ice_colony::Setup::new(3, 5), 5, 400);
    reproduces::<IceFortress>(ice_fortress::Setup::new(2, 5), 5, 400);
}

#[test]
fn a_tampered_step_is_refused_with_its_number_seat_and_rule() {
    let mut record = towers(3, 40).into_record();
    let Step::Act { seat, .. } = record.steps[20] else {
        panic!("IceTowers has no chance steps");
    };
    record.steps[20] = Step::Act {
        seat,
        action: icetowers::Action::Split { tower: 0, at: 99 },
    };
    let err = record.state().unwrap_err();
    assert!(matches!(err, ReplayError::Step { step: 21, .. }), "{err:?}");
    let text = err.to_string();
    assert!(
        text.starts_with(&format!("step 21 (seat {}: Split", seat + 1)),
        "{text}"
    );
    // The steps before it still replay.
    assert!(record.state_at(20).is_ok());
    assert!(Replay::new(record.clone()).is_err());
    assert!(Recorder::from_record(record).is_err());
}

#[test]
fn a_step_by_a_seat_that_may_not_act_is_refused() {
    let mut record = random_game::<IceCastle>(ice_castle::Setup::new(2, 4), 4, 10)
        .unwrap()
        .into_record();
    let i = record
        .steps
        .iter()
        .position(|s| matches!(s, Step::Act { .. }))
        .unwrap();
    let Step::Act { seat, action } = record.steps[i].clone() else {
        unreachable!()
    };
    record.steps[i] = Step::Act {
        seat: 1 - seat,
        action,
    };
    let err = record.state().unwrap_err().to_string();
    assert!(
        err.ends_with(&format!("seat {} may not act now", 2 - seat)),
        "{err}"
    );
    record.steps[i] = Step::Act { seat: 99, action };
    let err = record.state().unwrap_err().to_string();
    assert!(
        err.ends_with("there is no seat 100 in a game of 2"),
        "{err}"
    );
}

#[test]
fn a_chance_step_where_no_chance_is_pending_is_refused() {
    let mut record = towers(5, 10).into_record();
    record.steps.insert(3, Step::Chance);
    let err = record.state().unwrap_err();
    assert_eq!(
        err.to_string(),
        "step 4 (chance): no chance event is pending; a player is to act"
    );
}

#[test]
fn a_refused_setup_is_named() {
    let record = Record::<IceTowers>::new(icetowers::Setup::new(9, 1));
    let err = record.state().unwrap_err().to_string();
    assert!(err.starts_with("the game's setup is refused: "), "{err}");
    assert!(err.contains("2 to 6 seats"), "{err}");
}

#[test]
fn asking_past_the_end_is_an_error_not_a_panic() {
    let record = towers(6, 5).into_record();
    assert_eq!(
        record.state_at(6).unwrap_err(),
        ReplayError::Beyond { asked: 6, len: 5 }
    );
    assert!(record.describe(5).is_err());
}

#[test]
fn steps_are_described_with_their_player_and_chance_in_words() {
    let rec = random_game::<IceCastle>(ice_castle::Setup::new(2, 7), 7, 6).unwrap();
    let record = rec.record();
    assert_eq!(record.steps[0], Step::Chance);
    assert_eq!(record.describe(0).unwrap(), "chance: Player 1 draws a card");
    let line = record.describe(1).unwrap();
    assert!(line.starts_with("seat 1: "), "{line}");
    let log = record.log().unwrap();
    assert_eq!(log.len(), record.len());
    for (i, line) in log.iter().enumerate() {
        assert_eq!(line, &record.describe(i).unwrap());
    }
    assert_eq!(rec.log(), &log[..]);
}

#[test]
fn ice_colony_chance_steps_say_what_the_dice_showed() {
    let rec = random_game::<IceColony>(ice_colony::Setup::new(2, 3), 3, 40).unwrap();
    let log = rec.log();
    assert!(log[0].starts_with("chance: a ") && log[0].ends_with("terrain piece is drawn for A1"));
    assert!(
        log.iter()
            .any(|l| l == "chance: the dice-off is rolled: White goes first"
                || l == "chance: the dice-off is rolled: Orange goes first"),
        "{log:#?}"
    );
    assert!(
        log.iter()
            .any(|l| l.starts_with("chance: the fate die for ") && l.contains("pip")),
        "{log:#?}"
    );
}

#[test]
fn ice_fortress_chance_steps_show_the_rolled_faces() {
    let rec = random_game::<IceFortress>(ice_fortress::Setup::new(1, 3), 3, 200).unwrap();
    let rolls: Vec<&String> = rec
        .log()
        .iter()
        .filter(|l| l.starts_with("chance: the dice are rolled: "))
        .collect();
    assert!(!rolls.is_empty(), "{:#?}", rec.log());
    assert!(
        rec.log()
            .iter()
            .any(|l| l.contains("invader is pulled from the bag")),
        "{:#?}",
        rec.log()
    );
}

#[test]
fn one_die_rolled_by_a_power_is_a_die_and_the_turns_roll_is_the_dice() {
    let (mut single, mut several) = (0, 0);
    for seed in 0..12 {
        let rec = random_game::<IceFortress>(ice_fortress::Setup::new(1, seed), seed, 600).unwrap();
        for line in rec.log() {
            if let Some(faces) = line.strip_prefix("chance: a die is rolled: ") {
                assert!(faces.parse::<u8>().is_ok(), "{line}");
                single += 1;
            } else if let Some(faces) = line.strip_prefix("chance: the dice are rolled: ") {
                assert!(faces.contains(", "), "one die called 'the dice': {line}");
                several += 1;
            }
        }
    }
    assert!(
        single > 0 && several > 0,
        "{single} single rolls, {several} turn rolls"
    );
}

#[test]
fn a_replay_goes_forward_back_and_jumps_to_the_same_states_as_a_fresh_replay() {
    let rec = random_game::<IceFortress>(ice_fortress::Setup::new(2, 11), 11, 600).unwrap();
    let record = rec.into_record();
    let mut replay = Replay::with_snapshots_every(record.clone(), 16).unwrap();
    assert_eq!(replay.position(), 0);
    assert!(!replay.back());
    assert_eq!(replay.state(), &record.start().unwrap());
    for _ in 0..5 {
        assert!(replay.forward());
    }
    assert_eq!(replay.log().len(), 5);
    assert_eq!(replay.state(), &record.state_at(5).unwrap());
    let mut rng = crate::GameRng::new(1);
    for _ in 0..12 {
        let n = rng.below(record.len() + 1);
        replay.jump(n);
        assert_eq!(replay.position(), n);
        assert_eq!(replay.state(), &record.state_at(n).unwrap(), "jump to {n}");
        if replay.back() {
            assert_eq!(replay.state(), &record.state_at(n - 1).unwrap());
        }
    }
    replay.jump(usize::MAX);
    assert!(replay.at_end());
    assert!(!replay.forward());
    assert_eq!(replay.log(), replay.lines());
    assert_eq!(replay.lines(), &record.log().unwrap()[..]);
}

/// Every chance step of a random game of `G`: its kind (asked of the state before it) and its line.
fn chance_steps<G: Recorded>(
    setup: G::Setup,
    seed: u64,
    steps: usize,
) -> Vec<(ChanceKind, String)> {
    let record = random_game::<G>(setup, seed, steps)
        .unwrap()
        .record()
        .clone();
    let mut state = record.start().unwrap();
    let mut out = Vec::new();
    for (i, step) in record.steps.iter().enumerate() {
        match step {
            Step::Chance => {
                out.push((state.chance_kind(), record.describe(i).unwrap()));
                state.apply_chance();
            }
            Step::Act { seat, action } => state.apply(*seat, action).unwrap(),
        }
    }
    out
}

#[test]
fn chance_steps_are_draws_where_their_words_say_drawn_and_rolls_elsewhere() {
    let games = [
        chance_steps::<IceCastle>(ice_castle::Setup::new(2, 7), 7, 60),
        chance_steps::<IceColony>(ice_colony::Setup::new(2, 3), 3, 80),
        chance_steps::<IceFortress>(ice_fortress::Setup::new(1, 3), 3, 300),
    ];
    for steps in &games {
        for (kind, line) in steps {
            let drawn = line.contains("draws") || line.contains("drawn") || line.contains("pulled");
            assert_eq!(*kind == ChanceKind::Draw, drawn, "{kind:?}: {line}");
        }
    }
    // Ice Castle only draws; the other two both draw and roll.
    assert!(games[0].iter().all(|(k, _)| *k == ChanceKind::Draw));
    for steps in &games[1..] {
        for kind in [ChanceKind::Draw, ChanceKind::Roll] {
            assert!(steps.iter().any(|(k, _)| *k == kind), "{steps:#?}");
        }
    }
}

/// Every game names a seat it does not have as players count seats, from 1 ("there is no seat 3"
/// for the third seat of a two-seat game), and the largest number given does not overflow.
#[test]
fn every_game_counts_a_missing_seat_from_one() {
    fn check<G: Recorded>(setup: G::Setup) {
        let mut s = G::from_setup(&setup).unwrap();
        while s.to_act() == ToAct::Chance {
            s.apply_chance();
        }
        let ToAct::Seats(seats) = s.to_act() else {
            panic!("{:?}: the game is over at once", G::KIND);
        };
        let action = s.legal_actions(seats[0])[0].clone();
        let n = s.num_seats();
        let err = s.clone().apply(n, &action).unwrap_err();
        assert!(
            err.0.contains(&format!("there is no seat {}", n + 1)),
            "{:?}: {err}",
            G::KIND
        );
        assert!(s.clone().apply(usize::MAX, &action).is_err());
    }
    check::<IceTowers>(icetowers::Setup::new(2, 1));
    check::<Sprawl>(sprawl::Setup::new(3, 1));
    check::<IceColony>(ice_colony::Setup::new(2, 1));
    check::<IceCastle>(ice_castle::Setup::new(2, 1));
    check::<IceFortress>(ice_fortress::Setup::new(2, 1));
}
