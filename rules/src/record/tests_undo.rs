//! Undo and redo: undo goes back only to a point after which nothing random or hidden was revealed,
//! takes back a human's move with the AI moves after it, and redo plays the undone steps again.

use super::*;
use crate::fuzz::targets::random_game;
use crate::ice_castle::{self, IceCastle};
use crate::ice_colony::{self, IceColony};
use crate::ice_fortress::{self, IceFortress};
use crate::icetowers::{self, IceTowers};
use crate::sprawl::{self, Sprawl};
use crate::{GameRng, ToAct};

/// Play `rec` on by random legal moves until `stop` holds (or `limit` steps).
fn play_until<G: Recorded>(
    rec: &mut Recorder<G>,
    rng: &mut GameRng,
    limit: usize,
    stop: impl Fn(&Recorder<G>) -> bool,
) {
    for _ in 0..limit {
        if stop(rec) {
            return;
        }
        match rec.state().to_act() {
            ToAct::Over => return,
            ToAct::Chance => rec.chance().unwrap(),
            ToAct::Seats(seats) => {
                let seat = seats[rng.below(seats.len())];
                let legal = rec.state().legal_actions(seat);
                rec.act(seat, &legal[rng.below(legal.len())].clone())
                    .unwrap();
            }
        }
    }
}

/// Over random games with seat 0 human: after every step, undo's target is at or above the floor, no
/// chance step and no revealing action lies between it and the end, and undo lands on the state a
/// fresh replay of that many steps gives; redo then brings back the state before the undo.
fn undo_never_crosses_a_reveal<G: Recorded>(setup: G::Setup, seed: u64, steps: usize) {
    let mut rec = Recorder::<G>::new(setup).unwrap();
    let mut rng = GameRng::new(seed);
    let human = |seat: Seat| seat == 0;
    let mut undos = 0;
    for _ in 0..steps {
        play_until(&mut rec, &mut rng, 1, |_| false);
        assert_eq!(rec.undo_floor(), rec.record().undo_floor());
        let Some(target) = rec.undo_target(human) else {
            continue;
        };
        assert!(target >= rec.undo_floor());
        let mut state = rec.record().state_at(target).unwrap();
        for step in &rec.record().steps[target..] {
            let Step::Act { seat, action } = step else {
                panic!("undo would cross a chance step");
            };
            assert!(!state.reveals(*seat, action), "undo would cross {step:?}");
            state.apply(*seat, action).unwrap();
        }
        if rng.below(4) == 0 {
            let before = rec.state().clone();
            let len = rec.len();
            assert!(rec.undo(human));
            undos += 1;
            assert_eq!(rec.len(), target);
            assert_eq!(rec.state(), &rec.record().state_at(target).unwrap());
            assert_eq!(rec.log().len(), target);
            assert!(rec.redo());
            assert_eq!((rec.state(), rec.len()), (&before, len));
        }
    }
    assert!(undos > 0, "{}: no undo was tried", G::KIND.title());
}

#[test]
fn undo_never_crosses_a_chance_step_or_a_revealing_action_in_any_game() {
    undo_never_crosses_a_reveal::<IceTowers>(icetowers::Setup::new(2, 1), 1, 300);
    undo_never_crosses_a_reveal::<Sprawl>(sprawl::Setup::new(3, 1), 1, 300);
    undo_never_crosses_a_reveal::<IceCastle>(ice_castle::Setup::new(2, 1), 1, 300);
    undo_never_crosses_a_reveal::<IceColony>(ice_colony::Setup::new(2, 1), 1, 300);
    undo_never_crosses_a_reveal::<IceFortress>(ice_fortress::Setup::new(1, 1), 1, 300);
}

#[test]
fn a_player_cannot_see_a_die_and_then_take_back_the_move_before_it() {
    // Ice Colony: choosing a territory is followed by the fate die.
    let mut rec = Recorder::<IceColony>::new(ice_colony::Setup::new(2, 4)).unwrap();
    let mut rng = GameRng::new(4);
    play_until(&mut rec, &mut rng, 2000, |r| {
        matches!(r.state().phase(), ice_colony::Phase::Fate { .. })
    });
    assert!(matches!(
        rec.state().phase(),
        ice_colony::Phase::Fate { .. }
    ));
    let Some(Step::Act { seat: chooser, .. }) = rec.record().steps.last().cloned() else {
        panic!("the fate die follows a choice");
    };
    // Before the roll the choice may still be taken back...
    assert_eq!(rec.undo_target(|s| s == chooser), Some(rec.len() - 1));
    rec.chance().unwrap();
    // ...once the die has shown, it may not.
    assert_eq!(rec.undo_floor(), rec.len());
    assert_eq!(rec.undo_target(|s| s == chooser), None);
    let before = rec.state().clone();
    assert!(!rec.undo(|s| s == chooser));
    assert_eq!(rec.state(), &before);
}

#[test]
fn undo_takes_back_the_human_move_with_the_ai_moves_after_it() {
    let mut rec = Recorder::<IceTowers>::new(icetowers::Setup::new(3, 2)).unwrap();
    let mut rng = GameRng::new(2);
    // Play on until seat 1 (the human) has moved and an AI seat has moved after it.
    play_until(&mut rec, &mut rng, 60, |r| {
        let steps = &r.record().steps;
        steps
            .iter()
            .rposition(|s| matches!(s, Step::Act { seat: 1, .. }))
            .is_some_and(|i| steps[i + 1..].iter().any(|s| matches!(s, Step::Act { .. })))
    });
    let human = |s: Seat| s == 1;
    let target = rec.undo_target(human).unwrap();
    assert!(matches!(
        rec.record().steps[target],
        Step::Act { seat: 1, .. }
    ));
    // The case the test is about: AI moves came after the human's.
    assert!(
        rec.record().steps[target + 1..]
            .iter()
            .any(|s| matches!(s, Step::Act { .. })),
        "no AI move after seat 1's: pick another seed"
    );
    assert!(
        rec.record().steps[target + 1..]
            .iter()
            .all(|s| !matches!(s, Step::Act { seat: 1, .. }))
    );
    let expected = rec.record().state_at(target).unwrap();
    assert!(rec.undo(human));
    assert_eq!(rec.len(), target, "the AI moves went with it");
    assert_eq!(rec.state(), &expected);
    assert!(matches!(rec.state().to_act(), ToAct::Seats(s) if s.contains(&1)));
    // Nobody human: nothing to undo.
    assert_eq!(rec.undo_target(|_| false), None);
}

#[test]
fn redo_is_dropped_when_a_different_move_is_played_and_kept_for_the_same_one() {
    // IceTowers is turnless: seat 0 (human) moves, then the AI seats 1 and 2.
    let mut rec = Recorder::<IceTowers>::new(icetowers::Setup::new(3, 3)).unwrap();
    for seat in 0..3 {
        let legal = rec.state().legal_actions(seat);
        rec.act(seat, &legal[legal.len() / 2]).unwrap();
    }
    let all = rec.record().clone();
    assert!(rec.undo(|s| s == 0));
    assert_eq!(rec.len(), 0);
    assert!(rec.can_redo());
    // Playing the undone move again keeps the AI moves after it for redo.
    let Step::Act { seat, action } = all.steps[0].clone() else {
        unreachable!()
    };
    rec.act(seat, &action).unwrap();
    assert!(rec.can_redo());
    assert!(rec.redo());
    assert_eq!(rec.record(), &all);
    assert_eq!(rec.state(), &all.state().unwrap());
    assert!(!rec.can_redo());
    // A different move drops it.
    assert!(rec.undo(|s| s == 0));
    let other = rec
        .state()
        .legal_actions(seat)
        .into_iter()
        .find(|a| *a != action)
        .unwrap();
    rec.act(seat, &other).unwrap();
    assert!(!rec.can_redo());
    assert!(!rec.redo());
}

#[test]
fn a_refused_act_changes_nothing_in_the_recorder() {
    let mut rec = Recorder::<IceTowers>::new(icetowers::Setup::new(2, 3)).unwrap();
    let before = (rec.state().clone(), rec.len());
    let err = rec
        .act(0, &icetowers::Action::Split { tower: 0, at: 9 })
        .unwrap_err();
    assert!(!err.0.is_empty());
    let err = rec.act(5, &icetowers::Action::Stop).unwrap_err();
    assert_eq!(err.0, "there is no seat 6 in a game of 2");
    assert!(rec.chance().is_err());
    assert_eq!((rec.state().clone(), rec.len()), before);
}

/// Over random games, every action that draws on the RNG inside `apply` reports `reveals`, except
/// those `allowed` to draw unseen; returns how many drawing actions were seen.
fn every_rng_draw_is_a_reveal<G: Recorded>(
    setup: G::Setup,
    games: u64,
    allowed: impl Fn(&G::Action) -> bool,
) -> usize {
    let mut draws = 0;
    for seed in 0..games {
        let rec = random_game::<G>(setup.clone(), seed, 3000).unwrap();
        let mut state = rec.record().start().unwrap();
        for step in &rec.record().steps {
            let mut after = state.clone();
            match step {
                Step::Chance => after.apply_chance(),
                Step::Act { seat, action } => {
                    after.apply_unchecked(*seat, action);
                    if after.clone().rng_mut() != state.clone().rng_mut() {
                        draws += 1;
                        assert!(
                            state.reveals(*seat, action) || allowed(action),
                            "{}: {action:?} draws but does not reveal",
                            G::KIND.title()
                        );
                    }
                }
            }
            state = after;
        }
    }
    draws
}

#[test]
fn every_action_that_draws_inside_apply_is_a_reveal() {
    fn none<A>(_: &A) -> bool {
        false
    }
    let towers = every_rng_draw_is_a_reveal::<IceTowers>(icetowers::Setup::new(3, 0), 3, none);
    let colony = every_rng_draw_is_a_reveal::<IceColony>(ice_colony::Setup::new(3, 0), 3, none);
    let castle = every_rng_draw_is_a_reveal::<IceCastle>(ice_castle::Setup::new(3, 0), 3, none);
    assert_eq!((towers, colony, castle), (0, 0, 0));
    let fortress =
        every_rng_draw_is_a_reveal::<IceFortress>(ice_fortress::Setup::new(2, 0), 4, none);
    assert!(
        fortress > 0,
        "no Ice Fortress action drew: the test proves nothing"
    );
}

#[test]
fn a_coup_card_taken_back_in_sprawl_stays_face_down_so_it_is_no_reveal() {
    // Taking back a questioned spore hands the asker a card nobody looks at until the end.
    let is_take_back = |a: &sprawl::Action| *a == sprawl::Action::TakeBack;
    let variants = sprawl::Variants::of(&[sprawl::Variant::CountingCoup]);
    let setup = sprawl::Setup::new(3, 0).with(variants);
    let draws = every_rng_draw_is_a_reveal::<Sprawl>(setup.clone(), 12, is_take_back);
    assert!(draws > 0, "no coup card was drawn: the test proves nothing");
    let rec = random_game::<Sprawl>(setup, 1, 10).unwrap();
    assert!(!rec.state().reveals(0, &sprawl::Action::TakeBack));
}

#[test]
fn opening_a_door_never_opened_reveals_its_kind_and_closing_does_not() {
    let mut rec = Recorder::<IceCastle>::new(ice_castle::Setup::new(2, 9)).unwrap();
    let mut rng = GameRng::new(9);
    let opens = |r: &Recorder<IceCastle>| {
        let s = r.state();
        s.to_act() != ToAct::Chance
            && s.legal_actions(s.current()).iter().any(|a| {
                matches!(a, ice_castle::Action::Open { tile, .. }
                    if !s.tile(*tile).is_some_and(|t| t.revealed))
            })
    };
    play_until(&mut rec, &mut rng, 3000, opens);
    assert!(opens(&rec), "no closed door could be opened");
    let s = rec.state();
    let seat = s.current();
    for a in s.legal_actions(seat) {
        let fresh = |tile| !s.tile(tile).is_some_and(|t| t.revealed);
        let expect = match a {
            ice_castle::Action::Open { tile, .. } | ice_castle::Action::BonusOpen { tile } => {
                fresh(tile)
            }
            _ => false,
        };
        assert_eq!(s.reveals(seat, &a), expect, "{a:?}");
    }
}

#[test]
fn picking_an_ice_fortress_deck_reveals_rooms() {
    let mut rec = Recorder::<IceFortress>::new(ice_fortress::Setup::new(1, 2)).unwrap();
    let mut rng = GameRng::new(2);
    let picks = |r: &Recorder<IceFortress>| {
        let s = r.state();
        matches!(s.to_act(), ToAct::Seats(_))
            && s.legal_actions(s.current_seat())
                .iter()
                .any(|a| matches!(a, ice_fortress::Action::PickSize { .. }))
    };
    let mut found = false;
    for _ in 0..20 {
        play_until(&mut rec, &mut rng, 5000, picks);
        if picks(&rec) {
            found = true;
            break;
        }
        if rec.state().is_over() {
            rec = Recorder::new(ice_fortress::Setup::new(1, rng.next_u64())).unwrap();
        }
    }
    assert!(found, "no deck pick came up");
    let s = rec.state();
    let seat = s.current_seat();
    for a in s.legal_actions(seat) {
        if matches!(a, ice_fortress::Action::PickSize { .. }) {
            assert!(s.reveals(seat, &a));
            rec.act(seat, &a).unwrap();
            assert_eq!(rec.undo_floor(), rec.len());
            return;
        }
    }
}

#[test]
fn every_ice_castle_door_turned_up_inside_an_action_is_a_reveal() {
    let mut turned = 0;
    for seed in 0..4 {
        let rec = random_game::<IceCastle>(
            ice_castle::Setup::new(2 + seed as usize % 3, seed),
            seed,
            3000,
        )
        .unwrap();
        let mut state = rec.record().start().unwrap();
        for step in &rec.record().steps {
            let mut after = state.clone();
            match step {
                Step::Chance => after.apply_chance(),
                Step::Act { seat, action } => {
                    after.apply_unchecked(*seat, action);
                    let shown = |s: &IceCastle| {
                        s.cells()
                            .filter(|&c| s.tile(c).is_some_and(|t| t.revealed))
                            .count()
                    };
                    if shown(&after) > shown(&state) {
                        turned += 1;
                        assert!(state.reveals(*seat, action), "{action:?} turned a door up");
                    }
                }
            }
            state = after;
        }
    }
    assert!(
        turned > 0,
        "no door was ever turned up: the test proves nothing"
    );
}
