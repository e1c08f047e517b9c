//! Tests of what clicks mean in Ice Fortress: every action the auto-player takes can be made with
//! clicks, and wrong clicks explain themselves and change nothing.

use super::*;
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::ice_fortress::{FortressBot, Setup};
use hoarfrost_rules::{GameRng, ToAct};

/// Play the inputs for `a` and return what they played (choosing `a` when offered).
fn play_by_clicks(s: &IceFortress, seat: Seat, a: &Action) -> Action {
    let mut sel = Selection::None;
    let inputs = inputs_for(s, a);
    for (i, input) in inputs.iter().enumerate() {
        match handle(s, seat, &mut sel, input) {
            Handled::Play(played) => {
                assert_eq!(i, inputs.len() - 1, "{a:?} played early as {played:?}");
                return played;
            }
            Handled::Offer(options) => {
                assert!(options.contains(a), "{a:?} not offered among {options:?}");
                return a.clone();
            }
            Handled::Selected => {}
            Handled::Refused(why) => panic!("{a:?}: input {input:?} refused: {why}"),
        }
    }
    panic!("{a:?}: the inputs {inputs:?} played nothing");
}

/// Every action of a bot-played game, made by clicks, is the action the bot chose.
#[test]
fn every_auto_player_action_can_be_clicked() {
    for seed in [1, 2] {
        let mut s = IceFortress::standard(&Setup::new(2, seed)).unwrap();
        let mut bot = FortressBot::new(seed);
        let mut rng = GameRng::new(seed);
        let mut kinds = std::collections::HashSet::new();
        for _ in 0..3000 {
            match s.to_act() {
                ToAct::Over => break,
                ToAct::Chance => s.apply_chance(),
                ToAct::Seats(seats) => {
                    let seat = seats[0];
                    let a = bot
                        .choose(&s, seat)
                        .unwrap_or_else(|| s.random_action(&mut rng));
                    let played = play_by_clicks(&s, seat, &a);
                    assert_eq!(played, a);
                    kinds.insert(std::mem::discriminant(&a));
                    s.apply(seat, &a).unwrap();
                }
            }
        }
        assert!(
            kinds.len() >= 5,
            "only {} kinds of action seen",
            kinds.len()
        );
    }
}

/// A state in the build step with at least one rolled die.
fn in_build(seed: u64) -> IceFortress {
    in_build_where(seed, |_| true)
}

/// The first state of a bot-played solo game in the build step, with at least one rolled die,
/// for which `wanted` holds.
fn in_build_where(seed: u64, wanted: impl Fn(&IceFortress) -> bool) -> IceFortress {
    in_build_of(1, seed, wanted)
}

/// The first state of a bot-played game of `players` players in the build step, with at least
/// one rolled die, for which `wanted` holds.
fn in_build_of(players: usize, seed: u64, wanted: impl Fn(&IceFortress) -> bool) -> IceFortress {
    let mut s = IceFortress::standard(&Setup::new(players, seed)).unwrap();
    let mut bot = FortressBot::new(seed);
    for _ in 0..3000 {
        if s.phase() == Phase::Build
            && s.decision().is_none()
            && !s.rolled().is_empty()
            && wanted(&s)
        {
            return s;
        }
        if !hoarfrost_rules::bots::step(&mut s, &mut bot) {
            break;
        }
    }
    panic!("no build step reached");
}

/// A square of a built room that refuses the first rolled die, with the rules' reason.
fn refused_square(s: &IceFortress) -> Option<(RoomId, u8, String)> {
    let value = s.dice()[s.rolled()[0] as usize].value;
    s.built().values().find_map(|b| {
        (0..b.pillars.len() as u8).find_map(|q| {
            s.square_refuses(b.card, q, value)
                .err()
                .map(|e| (b.card, q, e.0))
        })
    })
}

#[test]
fn a_die_then_a_wrong_square_explains_the_rule_and_keeps_the_die() {
    let s = in_build_where(4, |s| refused_square(s).is_some());
    let die = s.rolled()[0];
    let (room, square, why) = refused_square(&s).unwrap();
    let mut sel = Selection::None;
    assert_eq!(
        handle(&s, 0, &mut sel, &Input::Table(Target::Die(die))),
        Handled::Selected
    );
    assert_eq!(sel, Selection::Die(die));
    let got = handle(
        &s,
        0,
        &mut sel,
        &Input::Table(Target::Square { room, square }),
    );
    assert_eq!(got, Handled::Refused(why));
    assert_eq!(
        sel,
        Selection::Die(die),
        "a refused click keeps the selection"
    );
    // Clicking the same die again puts it down.
    handle(&s, 0, &mut sel, &Input::Table(Target::Die(die)));
    assert_eq!(sel, Selection::None);
}

#[test]
fn a_supply_room_then_an_empty_space_builds_there() {
    let s = in_build(5);
    let room = s.supply()[0];
    let space = s.foundation().iter().position(Option::is_none).unwrap() as u8;
    let mut sel = Selection::None;
    handle(&s, 0, &mut sel, &Input::Table(Target::Room(room)));
    assert_eq!(sel, Selection::Room(room));
    let got = handle(&s, 0, &mut sel, &Input::Table(Target::Space(space)));
    assert_eq!(
        got,
        Handled::Play(Action::BuildRoom {
            room,
            on: Spot::Foundation(space)
        })
    );
    assert_eq!(sel, Selection::None);
}

#[test]
fn clicking_a_space_without_a_room_says_what_to_do_first() {
    let s = in_build(6);
    let mut sel = Selection::None;
    match handle(&s, 0, &mut sel, &Input::Table(Target::Space(0))) {
        Handled::Refused(why) => assert!(why.contains("from the supply"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_click_out_of_turn_is_refused_with_the_rules_reason() {
    // Two players: the seat whose turn it is not clicks on the table.
    let s = in_build_of(2, 7, |_| true);
    let ToAct::Seats(to_act) = s.to_act() else {
        panic!("a seat is to act in the build step");
    };
    let other = 1 - to_act[0];
    assert!(!to_act.contains(&other) && s.legal_actions(other).is_empty());
    let mut sel = Selection::None;
    match handle(&s, other, &mut sel, &Input::Table(Target::Space(0))) {
        Handled::Refused(why) => {
            let playing = format!("it is not your turn: {} is playing", s.title(s.current()));
            assert_eq!(why, playing);
        }
        other => panic!("{other:?}"),
    }
}

/// Holding a die or a room says where it may go, or, where it fits nowhere yet, why: checked for
/// every rolled die and supply room at every build step of two bot-played games.
#[test]
fn a_held_die_or_room_that_fits_nowhere_says_why() {
    use crate::plugins::games::ice_fortress::input::held_text;
    // Per kind (die, room): how often it fitted somewhere, and how often nowhere.
    let mut seen = [[0; 2]; 2];
    let mut check = |kind: usize, fits: bool, said: String, fit: &str, stuck: &str| {
        seen[kind][usize::from(!fits)] += 1;
        let wanted = if fits { fit } else { stuck };
        assert!(said.contains(wanted), "{said}");
    };
    for seed in [3, 8] {
        let mut s = IceFortress::standard(&Setup::new(1, seed)).unwrap();
        let mut bot = FortressBot::new(seed);
        for _ in 0..600 {
            if s.phase() == Phase::Build && s.decision().is_none() {
                let legal = s.legal_actions(0);
                for d in s.rolled() {
                    let fits = legal
                        .iter()
                        .any(|a| matches!(a, Action::PlacePillar { die, .. } if *die == d));
                    let said = held_text(&s, &legal, &Selection::Die(d));
                    check(
                        0,
                        fits,
                        said,
                        "click a lit pillar square",
                        "use the die on a power",
                    );
                }
                for &r in s.supply() {
                    let fits = legal
                        .iter()
                        .any(|a| matches!(a, Action::BuildRoom { room, .. } if *room == r));
                    let said = held_text(&s, &legal, &Selection::Room(r));
                    check(1, fits, said, "click a lit place", "fits no place yet");
                }
            }
            if !hoarfrost_rules::bots::step(&mut s, &mut bot) {
                break;
            }
        }
    }
    assert!(
        seen.iter().flatten().all(|&n| n > 0),
        "cases seen (dice, rooms; fit, not): {seen:?}"
    );
}

/// A power being paid with a die, and a pillar move of that die, in a build step of some game.
fn die_paid_power(s: &IceFortress) -> Option<(PowerRef, DieId, Action)> {
    let seat = s.current_seat();
    let legal = s.legal_actions(seat);
    legal.iter().find_map(|a| {
        let Action::UsePower { power, pay } = a else {
            return None;
        };
        pay.iter().find_map(|p| {
            let Pay::Die(d) = *p else { return None };
            let place = legal
                .iter()
                .find(|b| matches!(b, Action::PlacePillar { die, .. } if *die == d))?;
            Some((*power, d, place.clone()))
        })
    })
}

#[test]
fn a_power_half_paid_with_a_die_goes_stale_once_that_die_is_spent() {
    use crate::plugins::games::ice_fortress::input::is_stale;
    let s = in_build_where(1, |s| die_paid_power(s).is_some());
    let (power, die, place) = die_paid_power(&s).unwrap();
    let held = Selection::Power {
        power,
        paid: vec![Pay::Die(die)],
    };
    assert!(!is_stale(&s, &held), "the die still pays the power");
    // The die goes onto a pillar (as a redo of that move would put it back): the half payment
    // no longer fits any way of paying, and is dropped rather than left to refuse every click.
    let mut after = s.clone();
    after.apply(s.current_seat(), &place).unwrap();
    assert!(is_stale(&after, &held));
}

/// A click on a shard or a deck with nothing to pay or draw sends the player to the powers' Use
/// buttons, by the title of the window they are in.
#[test]
fn a_click_on_a_shard_or_a_deck_names_the_window_of_the_powers() {
    use crate::plugins::games::ice_fortress::hud::CARDS_WINDOW;
    use hoarfrost_rules::ice_fortress::{Element, Size};
    let s = in_build(7);
    for t in [Target::Shard(Element::Fire), Target::Deck(Size::Small)] {
        match click(&s, 0, &Selection::None, t) {
            Outcome::Explain(why) => {
                assert!(why.contains(&format!("the {CARDS_WINDOW} window")), "{why}")
            }
            other => panic!("{t:?}: {other:?}"),
        }
    }
    let help = crate::plugins::games::ice_fortress::hud::hud_spec().help;
    assert!(help.contains(CARDS_WINDOW), "{help}");
}
