//! Pillars: every square constraint, linked black squares, invaders on squares, and the rulebook's
//! destroyed white pillar under a filled black square.

use super::*;

/// Flame Hall (jumbo fire) on the foundation: squares (by index) any, 3-6, 1-2, black +3 of square 2,
/// 3-4, 3-4, any, black = of square 6.
fn hall() -> (IceFortress, RoomId) {
    let mut s = building();
    let r = named(FLAME_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    (s, r)
}

#[test]
fn a_blank_square_takes_any_die() {
    for v in 1..=6 {
        let (mut s, r) = hall();
        let d = roll(&mut s, &[v]);
        act(
            &mut s,
            Action::PlacePillar {
                die: d[0],
                room: r,
                square: 0,
            },
        );
        assert_eq!(s.pillar_value(r, 0), Some(v));
    }
}

#[test]
fn a_numbered_square_takes_exactly_that_number() {
    let mut s = building();
    let r = named("Spark Vault"); // any, 1, 6, 1-3
    put_room(&mut s, r, Spot::Foundation(0));
    let d = roll(&mut s, &[1, 2, 6]);
    refused(
        &s,
        Action::PlacePillar {
            die: d[1],
            room: r,
            square: 1,
        },
        "only a 1",
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[0],
            room: r,
            square: 1,
        },
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[2],
            room: r,
            square: 2,
        },
    );
}

#[test]
fn a_range_square_takes_a_value_in_the_range() {
    let (mut s, r) = hall();
    let d = roll(&mut s, &[2, 3, 6, 7 - 1]);
    refused(
        &s,
        Action::PlacePillar {
            die: d[0],
            room: r,
            square: 1,
        },
        "3 to 6",
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[1],
            room: r,
            square: 1,
        },
    );
    refused(
        &s,
        Action::PlacePillar {
            die: d[2],
            room: r,
            square: 4,
        },
        "3 to 4",
    );
}

#[test]
fn a_black_square_needs_its_linked_square_filled_first() {
    let (mut s, r) = hall();
    let d = roll(&mut s, &[4, 1]);
    refused(
        &s,
        Action::PlacePillar {
            die: d[0],
            room: r,
            square: 3,
        },
        // Square index 2, the third: players count squares from 1.
        "square 3 first",
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[1],
            room: r,
            square: 2,
        },
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[0],
            room: r,
            square: 3,
        },
    );
}

#[test]
fn a_black_square_obeys_its_modifier_plus() {
    // The rulebook: linked to a pillar of 4 with +1, a 5 must go on it.
    let mut s = building();
    let r = named(STONE_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    put_pillar(&mut s, r, 0, 4);
    let d = roll(&mut s, &[6, 5, 4]);
    refused(
        &s,
        Action::PlacePillar {
            die: d[0],
            room: r,
            square: 3,
        },
        "a 5",
    );
    refused(
        &s,
        Action::PlacePillar {
            die: d[2],
            room: r,
            square: 3,
        },
        "a 5",
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[1],
            room: r,
            square: 3,
        },
    );
}

#[test]
fn a_black_square_obeys_minus_times_and_same() {
    let mut s = building();
    let minus = named("Flame Barracks"); // any, = of 0, 4-6, -2 of 2
    let times = named(SPRING_REFECTORY); // 1-3, x2 of 0
    put_room(&mut s, minus, Spot::Foundation(0));
    put_room(&mut s, times, Spot::Foundation(1));
    put_pillar(&mut s, minus, 0, 3);
    put_pillar(&mut s, minus, 2, 5);
    put_pillar(&mut s, times, 0, 3);
    let d = roll(&mut s, &[3, 4, 3, 6, 2]);
    // Same: 3 (square index 0 is the first square in words).
    refused(
        &s,
        Action::PlacePillar {
            die: d[1],
            room: minus,
            square: 1,
        },
        "that black square must match the 3 on square 1",
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[0],
            room: minus,
            square: 1,
        },
    );
    // Minus 2 of 5: 3.
    refused(
        &s,
        Action::PlacePillar {
            die: d[1],
            room: minus,
            square: 3,
        },
        "a 3",
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[2],
            room: minus,
            square: 3,
        },
    );
    // Times 2 of 3: 6.
    refused(
        &s,
        Action::PlacePillar {
            die: d[4],
            room: times,
            square: 1,
        },
        "a 6",
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[3],
            room: times,
            square: 1,
        },
    );
}

#[test]
fn no_die_fits_a_black_square_whose_result_is_off_the_die() {
    let mut s = building();
    let r = named("Cinder Workshop"); // any, black -1 of square 0, any
    put_room(&mut s, r, Spot::Foundation(0));
    put_pillar(&mut s, r, 0, 1);
    // 1 - 1 = 0 is on no die: every value is refused on the black square.
    let d = roll(&mut s, &[1, 2, 3, 4, 5, 6]);
    for &die in &d {
        refused(
            &s,
            Action::PlacePillar {
                die,
                room: r,
                square: 1,
            },
            "no die can be",
        );
    }
    assert!(!s.legal_actions(0).iter().any(|a| matches!(
        a,
        Action::PlacePillar { room, square: 1, .. } if *room == r
    )));
}

#[test]
fn no_pillar_on_a_square_holding_an_invader() {
    let (mut s, r) = hall();
    put_invader(
        &mut s,
        InvaderAt::Square { room: r, square: 0 },
        Element::Fire,
    );
    let d = roll(&mut s, &[3]);
    refused(
        &s,
        Action::PlacePillar {
            die: d[0],
            room: r,
            square: 0,
        },
        "invader",
    );
}

#[test]
fn only_unused_rolled_dice_become_pillars() {
    let (mut s, r) = hall();
    let d = roll(&mut s, &[3]);
    act(
        &mut s,
        Action::PlacePillar {
            die: d[0],
            room: r,
            square: 0,
        },
    );
    refused(
        &s,
        Action::PlacePillar {
            die: d[0],
            room: r,
            square: 1,
        },
        "not one of your",
    );
    refused(
        &s,
        Action::PlacePillar {
            die: 49,
            room: r,
            square: 1,
        },
        "not one of your",
    );
    refused(
        &s,
        Action::PlacePillar {
            die: 50,
            room: r,
            square: 1,
        },
        "no die 50",
    );
    let d = roll(&mut s, &[3]);
    refused(
        &s,
        Action::PlacePillar {
            die: d[0],
            room: r,
            square: 0,
        },
        "already",
    );
    refused(
        &s,
        Action::PlacePillar {
            die: d[0],
            room: r,
            square: 9,
        },
        "no pillar square 9",
    );
}

#[test]
fn a_destroyed_white_pillar_under_a_filled_black_square_obeys_only_its_own_square() {
    // The rulebook's air room: a 2 on the white 1-3 square, a 4 on the black x2 square; the 2 is
    // destroyed; a new pillar on the white square may be any of 1-3.
    let mut s = building();
    let r = named(WIND_ARMOURY);
    put_room(&mut s, r, Spot::Foundation(0));
    put_pillar(&mut s, r, 0, 2);
    put_pillar(&mut s, r, 1, 4);
    s.remove_pillar(r, 0);
    s.check_invariants().unwrap();
    for v in [1, 3] {
        let mut t = s.clone();
        let d = roll(&mut t, &[v]);
        act(
            &mut t,
            Action::PlacePillar {
                die: d[0],
                room: r,
                square: 0,
            },
        );
    }
    let d = roll(&mut s, &[4]);
    refused(
        &s,
        Action::PlacePillar {
            die: d[0],
            room: r,
            square: 0,
        },
        "1 to 3",
    );
}
