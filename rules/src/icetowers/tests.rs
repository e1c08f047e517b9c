//! One test per rule sentence of the IceTowers rulebook, its strategy example, and the battery.

use super::*;
use crate::battery::{self, BatteryConfig};

const RED: Side = 0;
const GREEN: Side = 1;
const BLUE: Side = 2;

fn p(side: Side, pips: Pips) -> Pyramid {
    Pyramid { side, pips }
}

/// Three seats coloured Red, Green, Blue, with `towers` built and everything else freestanding.
fn table(towers: &[Vec<Pyramid>]) -> IceTowers {
    let setup = Setup {
        hues: Some(vec![Hue::Red, Hue::Green, Hue::Blue]),
        ..Setup::new(3, 1)
    };
    IceTowers::with_towers(&setup, towers).unwrap()
}

/// Id of the first tower that is exactly `pieces`.
fn find(s: &IceTowers, pieces: &[Pyramid]) -> TowerId {
    s.towers()
        .iter()
        .find(|t| t.pieces == pieces)
        .expect("tower present")
        .id
}

fn free(s: &IceTowers, side: Side, pips: Pips) -> TowerId {
    find(s, &[p(side, pips)])
}

fn refused(s: &IceTowers, seat: Seat, a: Action, why: &str) {
    let mut copy = s.clone();
    let err = copy.apply(seat, &a).expect_err("move should be refused");
    assert!(err.0.contains(why), "reason {err:?} should mention {why:?}");
    assert_eq!(&copy, s, "a refused move changes nothing");
    assert!(!s.legal_actions(seat).contains(&a));
}

fn allowed(s: &IceTowers, seat: Seat, a: Action) -> IceTowers {
    assert!(s.legal_actions(seat).contains(&a), "{a:?} should be legal");
    let mut next = s.clone();
    next.apply(seat, &a).unwrap();
    next
}

#[test]
fn two_to_six_colours() {
    for seats in 2..=6 {
        assert!(IceTowers::new(&Setup::new(seats, 0)).is_ok());
    }
    assert!(IceTowers::new(&Setup::new(1, 0)).is_err());
    assert!(IceTowers::new(&Setup::new(7, 0)).is_err());
}

#[test]
fn fifteen_pyramids_per_colour_five_of_each_size_all_freestanding() {
    let s = IceTowers::new(&Setup::new(4, 0)).unwrap();
    assert_eq!(s.towers().len(), 4 * 15);
    assert!(s.towers().iter().all(Tower::is_freestanding));
    for side in 0..4 {
        for pips in 1..=3 {
            let n = s
                .towers()
                .iter()
                .filter(|t| t.top() == p(side, pips))
                .count();
            assert_eq!(n, 5);
        }
    }
    s.check_invariants().unwrap();
}

#[test]
fn two_players_summon_gus_the_ghost_as_a_third_colour() {
    let s = IceTowers::new(&Setup::new(2, 0)).unwrap();
    assert_eq!(s.sides(), 3);
    assert_eq!(s.gus(), Some(2));
    assert_eq!(s.towers().len(), 45);
    // Gus never acts: only the two seats may.
    assert_eq!(s.to_act(), ToAct::Seats(vec![0, 1]));
    assert!(
        s.legal_actions(2).is_empty(),
        "nobody moves Gus's pyramids for him"
    );
    let mut copy = s.clone();
    let gus_cap = Action::Cap {
        piece: free(&s, 2, 1),
        onto: free(&s, 2, 3),
    };
    assert!(copy.apply(2, &gus_cap).is_err());
    assert!(copy.apply(2, &Action::Stop).is_err());
    assert_eq!(copy, s, "a move for Gus changes nothing");
    // Nor may either player pick up one of his pyramids: every cap they may make moves their own.
    for seat in 0..2 {
        refused(&s, seat, gus_cap.clone(), "own colour");
        let caps: Vec<TowerId> = s
            .legal_actions(seat)
            .iter()
            .filter_map(|a| match a {
                Action::Cap { piece, .. } => Some(*piece),
                _ => None,
            })
            .collect();
        assert!(!caps.is_empty());
        for piece in caps {
            assert_eq!(s.tower(piece).unwrap().top().side, seat as Side);
        }
    }
    assert_eq!(s.scores().len(), 2);
    assert_eq!(s.side_scores(), vec![30, 30, 30]);
    assert_eq!(IceTowers::new(&Setup::new(3, 0)).unwrap().gus(), None);
}

#[test]
fn colours_must_differ() {
    let setup = Setup {
        hues: Some(vec![Hue::Red, Hue::Red, Hue::Blue]),
        ..Setup::new(3, 0)
    };
    assert!(IceTowers::new(&setup).is_err());
}

#[test]
fn a_position_with_numbers_no_game_reaches_is_refused_not_panicked_on() {
    // Each edit once passed the check and then panicked: a seat with no colour, Gus with none,
    // a tower id about to overflow; or played on past its limit.
    let s = IceTowers::new(&Setup::new(3, 0)).unwrap();
    type Edit = fn(&mut IceTowers);
    let broken: [(&str, Edit); 6] = [
        ("3 colours are needed, 2 given", |s| {
            s.hues.pop();
            s.towers.retain(|t| t.top().side != 2);
        }),
        ("3 colours are needed, 2 given", |s| {
            s.seats = 2;
            s.stopped.pop();
            s.hues.pop();
            s.towers.retain(|t| t.top().side != 2);
        }),
        ("same colour", |s| s.hues[1] = s.hues[0]),
        ("takes 2 to 6 seats", |s| s.seats = 7),
        ("ids issued", |s| s.next_id = TowerId::MAX),
        ("move 401", |s| s.moves = 401),
    ];
    crate::refusals::each_refused(&s, &broken, |s| s.check_invariants());
}

#[test]
fn play_is_turnless_every_seat_may_act() {
    let s = IceTowers::new(&Setup::new(5, 0)).unwrap();
    assert_eq!(s.to_act(), ToAct::Seats(vec![0, 1, 2, 3, 4]));
    for seat in 0..5 {
        assert!(s.legal_actions(seat).len() > 1);
    }
}

#[test]
fn cap_a_pyramid_with_a_freestanding_pyramid_of_your_colour() {
    let s = table(&[]);
    let next = allowed(
        &s,
        0,
        Action::Cap {
            piece: free(&s, RED, 2),
            onto: free(&s, BLUE, 3),
        },
    );
    find(&next, &[p(BLUE, 3), p(RED, 2)]);
    assert_eq!(next.towers().len(), s.towers().len() - 1);
}

#[test]
fn cap_a_tower() {
    let s = table(&[vec![p(BLUE, 3), p(GREEN, 2)]]);
    let tower = find(&s, &[p(BLUE, 3), p(GREEN, 2)]);
    let next = allowed(
        &s,
        0,
        Action::Cap {
            piece: free(&s, RED, 1),
            onto: tower,
        },
    );
    find(&next, &[p(BLUE, 3), p(GREEN, 2), p(RED, 1)]);
}

#[test]
fn equal_sizes_may_cap_each_other() {
    let s = table(&[]);
    allowed(
        &s,
        0,
        Action::Cap {
            piece: free(&s, RED, 3),
            onto: free(&s, GREEN, 3),
        },
    );
}

#[test]
fn cap_only_with_your_own_colour() {
    let s = table(&[]);
    refused(
        &s,
        0,
        Action::Cap {
            piece: free(&s, GREEN, 1),
            onto: free(&s, BLUE, 3),
        },
        "own colour",
    );
}

#[test]
fn cap_only_with_a_freestanding_pyramid() {
    let s = table(&[vec![p(RED, 3), p(RED, 2)]]);
    let tower = find(&s, &[p(RED, 3), p(RED, 2)]);
    refused(
        &s,
        0,
        Action::Cap {
            piece: tower,
            onto: free(&s, BLUE, 3),
        },
        "freestanding",
    );
}

#[test]
fn never_placed_atop_a_smaller_one() {
    let s = table(&[]);
    refused(
        &s,
        0,
        Action::Cap {
            piece: free(&s, RED, 3),
            onto: free(&s, BLUE, 2),
        },
        "smaller",
    );
    let s = table(&[vec![p(BLUE, 3), p(GREEN, 1)]]);
    let tower = find(&s, &[p(BLUE, 3), p(GREEN, 1)]);
    refused(
        &s,
        0,
        Action::Cap {
            piece: free(&s, RED, 2),
            onto: tower,
        },
        "smaller",
    );
}

#[test]
fn a_pyramid_cannot_cap_itself() {
    let s = table(&[]);
    let me = free(&s, RED, 2);
    refused(
        &s,
        0,
        Action::Cap {
            piece: me,
            onto: me,
        },
        "itself",
    );
}

#[test]
fn mine_an_excess_pyramid_from_a_tower_not_topped_by_you() {
    let s = table(&[vec![p(RED, 3), p(RED, 2), p(BLUE, 1)]]);
    let t = find(&s, &[p(RED, 3), p(RED, 2), p(BLUE, 1)]);
    let next = allowed(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 0,
            onto: None,
        },
    );
    find(&next, &[p(RED, 2), p(BLUE, 1)]);
    assert!(
        next.towers().last().unwrap().pieces == [p(RED, 3)],
        "the mined piece stands freestanding"
    );
}

#[test]
fn mining_past_a_towers_top_is_refused_with_its_height_in_words() {
    let s = table(&[]);
    let mine = |from, index| Action::Mine {
        from,
        index,
        onto: None,
    };
    let err = s.check(0, &mine(free(&s, RED, 3), 1)).unwrap_err();
    assert_eq!(err.0, "that tower has only 1 pyramid");
    let s = table(&[vec![p(RED, 3), p(BLUE, 2)]]);
    let t = find(&s, &[p(RED, 3), p(BLUE, 2)]);
    refused(&s, 0, mine(t, 2), "that tower has only 2 pyramids");
}

#[test]
fn mine_needs_two_or_more_of_your_pyramids() {
    let s = table(&[vec![p(RED, 3), p(BLUE, 2), p(GREEN, 1)]]);
    let t = find(&s, &[p(RED, 3), p(BLUE, 2), p(GREEN, 1)]);
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 0,
            onto: None,
        },
        "two or more",
    );
}

#[test]
fn no_mining_from_a_tower_your_colour_tops() {
    let s = table(&[vec![p(RED, 3), p(RED, 2), p(RED, 1)]]);
    let t = find(&s, &[p(RED, 3), p(RED, 2), p(RED, 1)]);
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 0,
            onto: None,
        },
        "tops",
    );
}

#[test]
fn mine_only_your_own_colour() {
    let s = table(&[vec![p(RED, 3), p(BLUE, 2), p(RED, 2), p(GREEN, 1)]]);
    let t = find(&s, &[p(RED, 3), p(BLUE, 2), p(RED, 2), p(GREEN, 1)]);
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 1,
            onto: None,
        },
        "own colour",
    );
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 9,
            onto: None,
        },
        "only 4",
    );
}

#[test]
fn a_mined_piece_may_cap_another_tower() {
    let s = table(&[vec![p(RED, 3), p(RED, 2), p(BLUE, 1)]]);
    let t = find(&s, &[p(RED, 3), p(RED, 2), p(BLUE, 1)]);
    let target = free(&s, GREEN, 2);
    let next = allowed(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 1,
            onto: Some(target),
        },
    );
    find(&next, &[p(GREEN, 2), p(RED, 2)]);
    find(&next, &[p(RED, 3), p(BLUE, 1)]);
    // The mined piece, too, never goes on a smaller one.
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 0,
            onto: Some(target),
        },
        "smaller",
    );
}

#[test]
fn no_minebacks() {
    let s = table(&[vec![p(RED, 3), p(RED, 2), p(BLUE, 2)]]);
    let t = find(&s, &[p(RED, 3), p(RED, 2), p(BLUE, 2)]);
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 1,
            onto: Some(t),
        },
        "minebacks",
    );
}

#[test]
fn no_minebacks_in_a_later_move_either() {
    // Set down freestanding, the mined pyramid still may not cap the tower it came from; it may cap
    // any other, and other freestanding pyramids of its size may cap that tower.
    let s = table(&[vec![p(RED, 3), p(RED, 2), p(BLUE, 2)]]);
    let t = find(&s, &[p(RED, 3), p(RED, 2), p(BLUE, 2)]);
    let next = allowed(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 1,
            onto: None,
        },
    );
    let mined = next.towers().last().unwrap();
    assert_eq!(
        (mined.pieces.as_slice(), mined.memory(0)),
        (&[p(RED, 2)][..], Some(t))
    );
    let mined = mined.id;
    refused(
        &next,
        0,
        Action::Cap {
            piece: mined,
            onto: t,
        },
        "minebacks",
    );
    allowed(
        &next,
        0,
        Action::Cap {
            piece: mined,
            onto: free(&next, GREEN, 3),
        },
    );
    let other = next
        .towers()
        .iter()
        .find(|x| x.pieces == [p(RED, 2)] && x.id != mined)
        .unwrap()
        .id;
    allowed(
        &next,
        0,
        Action::Cap {
            piece: other,
            onto: t,
        },
    );
    // The memory travels with the state (saves, undo) and is left out where there is none.
    let text = ron::to_string(&next).unwrap();
    assert_eq!(ron::from_str::<IceTowers>(&text).unwrap(), next);
    assert_eq!(text.matches("mined_from").count(), 1);
}

/// T is Blue large, Red medium, Red medium, Blue medium; Red mines its lower medium and sets it down
/// freestanding as X. Returns the table, T and X.
fn mined_and_set_down() -> (IceTowers, TowerId, TowerId) {
    let t0 = [p(BLUE, 3), p(RED, 2), p(RED, 2), p(BLUE, 2)];
    let s = table(&[t0.to_vec()]);
    let t = find(&s, &t0);
    let s = allowed(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 1,
            onto: None,
        },
    );
    let x = s.towers().last().unwrap().id;
    (s, t, x)
}

/// Red mines a medium out of T and sets it down as X, then caps X with another medium and a small;
/// Green tops it: X is Red medium (from T), Red medium, Red small, Green small. Returns the table,
/// T and X.
fn mined_out_and_capped() -> (IceTowers, TowerId, TowerId) {
    let (s, t, x) = mined_and_set_down();
    let cap = |s: &IceTowers, side, pips| Action::Cap {
        piece: s
            .towers()
            .iter()
            .find(|tw| tw.id != x && tw.pieces == [p(side, pips)])
            .unwrap()
            .id,
        onto: x,
    };
    let s = allowed(&s, 0, cap(&s, RED, 2));
    let s = allowed(&s, 0, cap(&s, RED, 1));
    let s = allowed(&s, 1, cap(&s, GREEN, 1));
    (s, t, x)
}

#[test]
fn the_memory_of_a_mine_stays_with_the_mined_pyramid_not_with_what_stands_on_it() {
    // Red mines X's bottom medium (the one from T) out again: the medium left at X's bottom never
    // came out of T, and once split free it may cap T.
    let (s, t, x) = mined_out_and_capped();
    let mine = |from, index| Action::Mine {
        from,
        index,
        onto: None,
    };
    // Mined out of X, the medium from T may cap T at once: it now comes from X.
    allowed(
        &s,
        0,
        Action::Mine {
            from: x,
            index: 0,
            onto: Some(t),
        },
    );
    let s = allowed(&s, 0, mine(x, 0));
    let (again, rest) = (s.towers().last().unwrap(), &s.towers()[s.index(x).unwrap()]);
    assert_eq!(
        again.memory(0),
        Some(x),
        "the medium mined again remembers X"
    );
    assert_eq!(
        (rest.pieces.as_slice(), rest.memory(0)),
        (&[p(RED, 2), p(RED, 1), p(GREEN, 1)][..], None),
        "what is left of X came out of no tower"
    );
    let s = allowed(&s, 1, Action::Split { tower: x, at: 1 });
    allowed(&s, 0, Action::Cap { piece: x, onto: t });
}

/// Mining a pyramid from above the remembered one leaves the memory where it is: the bottom
/// pyramid still came out of T.
#[test]
fn mining_from_above_a_mined_pyramid_leaves_its_memory() {
    let (s, t, x) = mined_out_and_capped();
    // Red mines the upper medium out of X: X's bottom is still the medium from T.
    let s = allowed(
        &s,
        0,
        Action::Mine {
            from: x,
            index: 1,
            onto: None,
        },
    );
    let x_now = &s.towers()[s.index(x).unwrap()];
    assert_eq!(x_now.memory(0), Some(t));
    assert_eq!(x_now.pieces, [p(RED, 2), p(RED, 1), p(GREEN, 1)]);
    let s = allowed(&s, 1, Action::Split { tower: x, at: 1 });
    refused(&s, 0, Action::Cap { piece: x, onto: t }, "minebacks");
}

/// "The 'No minebacks' rule forbids a mined piece from being used to cap the tower it came from":
/// a mined pyramid set down freestanding keeps that memory while others cap it, and still has it
/// when another seat splits it free again.
#[test]
fn a_mined_piece_capped_by_others_and_split_free_again_still_may_not_cap_the_tower_it_came_from() {
    let (s, t, x) = mined_and_set_down();
    assert_eq!(s.tower(x).unwrap().memory(0), Some(t));
    // Red caps X with a small, Green tops it with a small of its own.
    let s = allowed(
        &s,
        0,
        Action::Cap {
            piece: free(&s, RED, 1),
            onto: x,
        },
    );
    let s = allowed(
        &s,
        1,
        Action::Cap {
            piece: free(&s, GREEN, 1),
            onto: x,
        },
    );
    // Blue splits between the two reds: the mined medium stands alone again, and remembers T.
    let split = Action::Split { tower: x, at: 1 };
    assert_eq!(
        s.action_to_string(2, &split),
        "Blue splits the 3-high tower topped by a Green small, lifting off the Red small and what \
         stands on it"
    );
    let s = allowed(&s, 2, split);
    assert_eq!(s.tower(x).unwrap().pieces, [p(RED, 2)]);
    assert_eq!(
        s.tower(t).unwrap().pieces,
        [p(BLUE, 3), p(RED, 2), p(BLUE, 2)]
    );
    refused(&s, 0, Action::Cap { piece: x, onto: t }, "minebacks");
    // Only the mined pyramid is barred: another red medium may cap T.
    let other = s
        .towers()
        .iter()
        .find(|o| o.pieces == [p(RED, 2)] && o.id != x)
        .unwrap()
        .id;
    allowed(
        &s,
        0,
        Action::Cap {
            piece: other,
            onto: t,
        },
    );
}

/// "The 'No minebacks' rule forbids a mined piece from being used to cap the tower it came from"
/// (issue 52's ruling): a pyramid mined straight onto another tower is a mined piece too, so once
/// another seat splits it free it still may not cap the tower it came from.
#[test]
fn a_mined_piece_used_as_a_cap_and_split_free_by_another_seat_may_not_cap_its_old_tower() {
    let t0 = [p(BLUE, 3), p(RED, 2), p(RED, 2), p(BLUE, 2)];
    let u0 = [p(GREEN, 3), p(RED, 2)];
    let s = table(&[t0.to_vec(), u0.to_vec()]);
    let (t, u) = (find(&s, &t0), find(&s, &u0));
    let s = allowed(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 1,
            onto: Some(u),
        },
    );
    assert_eq!(
        s.tower(u).unwrap().pieces,
        [p(GREEN, 3), p(RED, 2), p(RED, 2)]
    );
    assert_eq!(s.tower(u).unwrap().memory(2), Some(t));
    // Red may not split between its own pyramids; Green may, and the mined medium stands alone.
    refused(&s, 0, Action::Split { tower: u, at: 2 }, "your own colour");
    let s = allowed(&s, 1, Action::Split { tower: u, at: 2 });
    let freed = s.towers().last().unwrap();
    assert_eq!(
        (freed.pieces.as_slice(), freed.memory(0)),
        ([p(RED, 2)].as_slice(), Some(t))
    );
    let freed = freed.id;
    refused(
        &s,
        0,
        Action::Cap {
            piece: freed,
            onto: t,
        },
        "minebacks",
    );
    // The medium that was U's top before never came out of T: U keeps no memory.
    assert_eq!(s.tower(u).unwrap().pieces, [p(GREEN, 3), p(RED, 2)]);
    assert!(s.tower(u).unwrap().mined_from.is_empty());
}

/// "The 'No minebacks' rule forbids a mined piece from being used to cap the tower it came from"
/// (issue 52's ruling): the memory lasts after the mined pyramid has capped another tower. Set down
/// freestanding, it caps a red large; Green splits it free again, and it still may not cap the
/// tower it came from, though it may cap any other.
#[test]
fn a_mined_piece_that_capped_another_tower_and_was_split_free_still_may_not_cap_its_old_tower() {
    let (s, t, x) = mined_and_set_down();
    let large = free(&s, RED, 3);
    let s = allowed(
        &s,
        0,
        Action::Cap {
            piece: x,
            onto: large,
        },
    );
    assert_eq!(s.tower(large).unwrap().pieces, [p(RED, 3), p(RED, 2)]);
    assert_eq!(
        s.tower(large).unwrap().memory(1),
        Some(t),
        "the memory went with the pyramid"
    );
    let s = allowed(
        &s,
        1,
        Action::Split {
            tower: large,
            at: 1,
        },
    );
    let freed = s.towers().last().unwrap();
    assert_eq!(
        (freed.pieces.as_slice(), freed.memory(0)),
        ([p(RED, 2)].as_slice(), Some(t))
    );
    assert!(s.tower(large).unwrap().mined_from.is_empty());
    let freed = freed.id;
    refused(
        &s,
        0,
        Action::Cap {
            piece: freed,
            onto: t,
        },
        "minebacks",
    );
    allowed(
        &s,
        0,
        Action::Cap {
            piece: freed,
            onto: free(&s, GREEN, 3),
        },
    );
}

/// No minebacks when the old tower is split: its lower part keeps the tower's name and is still the
/// tower the mined piece came from; the upper part is a new tower, which the mined piece may cap.
#[test]
fn when_the_old_tower_is_split_the_mined_piece_may_cap_its_upper_part_but_not_its_lower() {
    let t0 = [p(BLUE, 3), p(RED, 2), p(RED, 2), p(GREEN, 2), p(GREEN, 2)];
    let s = table(&[t0.to_vec()]);
    let t = find(&s, &t0);
    let s = allowed(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 1,
            onto: None,
        },
    );
    let x = s.towers().last().unwrap().id;
    // Blue splits T between the two greens.
    let s = allowed(&s, 2, Action::Split { tower: t, at: 3 });
    let upper = s.towers().last().unwrap();
    assert_eq!(
        s.tower(t).unwrap().pieces,
        [p(BLUE, 3), p(RED, 2), p(GREEN, 2)],
        "the lower part keeps T's id"
    );
    assert_eq!(
        (upper.pieces.as_slice(), upper.memory(0)),
        (&[p(GREEN, 2)][..], None)
    );
    let upper = upper.id;
    assert_ne!(upper, t);
    assert_eq!(s.tower(x).unwrap().memory(0), Some(t));
    refused(&s, 0, Action::Cap { piece: x, onto: t }, "minebacks");
    let s = allowed(
        &s,
        0,
        Action::Cap {
            piece: x,
            onto: upper,
        },
    );
    find(&s, &[p(GREEN, 2), p(RED, 2)]);
}

#[test]
fn split_between_two_same_colour_pieces_not_yours() {
    let s = table(&[vec![p(RED, 3), p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]]);
    let t = find(&s, &[p(RED, 3), p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]);
    let next = allowed(&s, 0, Action::Split { tower: t, at: 2 });
    find(&next, &[p(RED, 3), p(BLUE, 3)]);
    find(&next, &[p(BLUE, 2), p(GREEN, 1)]);
    assert_eq!(next.towers().len(), s.towers().len() + 1);
}

#[test]
fn no_split_between_different_colours() {
    let s = table(&[vec![p(RED, 3), p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]]);
    let t = find(&s, &[p(RED, 3), p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]);
    refused(&s, 0, Action::Split { tower: t, at: 1 }, "same colour");
    refused(&s, 0, Action::Split { tower: t, at: 0 }, "between");
    refused(&s, 0, Action::Split { tower: t, at: 4 }, "between");
}

#[test]
fn no_split_between_your_own_pieces() {
    let s = table(&[vec![p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]]);
    let t = find(&s, &[p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]);
    refused(&s, 2, Action::Split { tower: t, at: 1 }, "own colour");
    allowed(&s, 0, Action::Split { tower: t, at: 1 });
}

#[test]
fn anyone_may_split_between_gus_pieces() {
    let setup = Setup::new(2, 0);
    let gus = 2;
    let s = IceTowers::with_towers(&setup, &[vec![p(gus, 3), p(gus, 2)]]).unwrap();
    let t = find(&s, &[p(gus, 3), p(gus, 2)]);
    allowed(&s, 0, Action::Split { tower: t, at: 1 });
    allowed(&s, 1, Action::Split { tower: t, at: 1 });
}

#[test]
fn score_is_pips_in_towers_your_colour_tops() {
    let s = table(&[
        vec![p(BLUE, 3), p(GREEN, 3), p(RED, 2)],
        vec![p(RED, 3), p(GREEN, 1)],
    ]);
    // Red: the 8-pip tower plus its 11 pips still freestanding (30 - 3 - 2 - 3 ... see below).
    let red_free: i64 = s
        .towers()
        .iter()
        .filter(|t| t.pieces == [t.top()] && t.top().side == RED)
        .map(Tower::pips)
        .sum();
    assert_eq!(red_free, 30 - 2 - 3);
    assert_eq!(s.scores()[0], 8 + red_free);
    assert_eq!(s.scores()[1], 30 - 3 - 1 + 4);
    assert_eq!(s.scores()[2], 30 - 3);
    assert_eq!(
        s.scores().iter().sum::<i64>(),
        90,
        "every pip counts for exactly one colour"
    );
}

#[test]
fn everyone_starts_at_thirty() {
    let s = IceTowers::new(&Setup::new(6, 3)).unwrap();
    assert!(s.scores().iter().all(|&x| x == PIPS_PER_COLOUR));
}

#[test]
fn the_game_ends_when_everyone_agrees_to_stop() {
    let mut s = IceTowers::new(&Setup::new(3, 0)).unwrap();
    s.apply(0, &Action::Stop).unwrap();
    assert_eq!(s.to_act(), ToAct::Seats(vec![1, 2]));
    refused(
        &s,
        0,
        Action::Cap {
            piece: free(&s, 0, 1),
            onto: free(&s, 1, 1),
        },
        "agreed to stop",
    );
    s.apply(1, &Action::Stop).unwrap();
    s.apply(2, &Action::Stop).unwrap();
    assert_eq!(s.to_act(), ToAct::Over);
    assert!(s.legal_actions(0).is_empty());
    refused(&s, 1, Action::Stop, "over");
}

#[test]
fn a_move_cancels_every_agreement_to_stop() {
    let mut s = table(&[]);
    s.apply(0, &Action::Stop).unwrap();
    s.apply(1, &Action::Stop).unwrap();
    let cap = Action::Cap {
        piece: free(&s, BLUE, 1),
        onto: free(&s, RED, 1),
    };
    s.apply(2, &cap).unwrap();
    assert_eq!(s.to_act(), ToAct::Seats(vec![0, 1, 2]));
}

#[test]
fn the_move_limit_ends_the_game() {
    let setup = Setup {
        move_limit: 1,
        ..Setup::new(3, 0)
    };
    let mut s = IceTowers::new(&setup).unwrap();
    let cap = Action::Cap {
        piece: free(&s, 0, 1),
        onto: free(&s, 1, 1),
    };
    s.apply(0, &cap).unwrap();
    assert!(s.is_over());
    // A save cannot ask for a game that is over before it starts, or one without end.
    for limit in [0, MAX_MOVE_LIMIT + 1] {
        let setup = Setup {
            move_limit: limit,
            ..Setup::new(3, 0)
        };
        let err = IceTowers::new(&setup).unwrap_err();
        assert!(err.0.contains("move limit must be 1 to"), "{err:?}");
    }
}

#[test]
fn winner_takes_the_return() {
    let s = table(&[vec![p(BLUE, 3), p(RED, 3)]]);
    assert_eq!(s.returns(), vec![1.0, 0.0, 0.0]);
}

/// "If only two players are available, summon Gus the ghost": his pyramids score, but he is not a
/// seat, so the winner is the seat with the most points even when Gus has more.
#[test]
fn gus_scoring_the_most_does_not_take_the_win_from_the_better_seat() {
    let gus = 2;
    for (winner, loser) in [(0, 1), (1, 0)] {
        let towers = [
            vec![p(0, 3), p(gus, 3)],
            vec![p(1, 3), p(gus, 3)],
            vec![p(loser, 2), p(winner, 2)],
        ];
        let mut s = IceTowers::with_towers(&Setup::new(2, 0), &towers).unwrap();
        s.apply(0, &Action::Stop).unwrap();
        s.apply(1, &Action::Stop).unwrap();
        assert!(s.is_over());
        let mut returns = vec![0.0, 0.0];
        returns[winner as usize] = 1.0;
        assert_eq!(s.returns(), returns, "Gus has the most points, not the win");
        let mut seats = vec![25, 25];
        seats[winner as usize] = 29;
        assert_eq!(s.side_scores(), [seats.clone(), vec![36]].concat());
        assert_eq!(s.scores(), seats);
    }
}

/// The rulebook's strategy example: Red tops a tower holding two green larges, Blue tops one holding
/// two red larges. Leaving them gives Green's points to Red and Red's to Blue; whoever mines first
/// hands the other a cap at once.
#[test]
fn strategy_example_the_standoff() {
    let x = vec![p(GREEN, 3), p(GREEN, 3), p(RED, 3)];
    let y = vec![p(RED, 3), p(RED, 3), p(BLUE, 3)];
    let s = table(&[x.clone(), y.clone()]);
    let (tx, ty) = (find(&s, &x), find(&s, &y));
    // Unmined, the green pips count for Red and the red pips for Blue.
    assert_eq!(s.tower(tx).unwrap().top().side, RED);
    assert_eq!(s.tower(ty).unwrap().top().side, BLUE);
    // Both may mine a large.
    let green_mines = Action::Mine {
        from: tx,
        index: 1,
        onto: None,
    };
    let red_mines = Action::Mine {
        from: ty,
        index: 1,
        onto: None,
    };
    assert!(s.legal_actions(1).contains(&green_mines));
    assert!(s.legal_actions(0).contains(&red_mines));
    // If Green mines first and sets the large down, Red mines a large and caps it at once.
    let after = allowed(&s, 1, green_mines);
    let green_large = after.towers().last().unwrap().id;
    let punish = Action::Mine {
        from: ty,
        index: 1,
        onto: Some(green_large),
    };
    let punished = allowed(&after, 0, punish);
    assert!(punished.scores()[0] > after.scores()[0]);
    assert!(punished.scores()[1] < after.scores()[1]);
    // And the other way round: if Red mines first, Green caps Red's large with its own.
    let after = allowed(&s, 0, red_mines);
    let red_large = after.towers().last().unwrap().id;
    let punished = allowed(
        &after,
        1,
        Action::Mine {
            from: tx,
            index: 1,
            onto: Some(red_large),
        },
    );
    assert!(punished.scores()[1] > after.scores()[1]);
}

/// The standoff of the strategy example: X, two green larges topped by a red large; Y, two red larges
/// topped by a blue large; every other pyramid freestanding.
fn standoff() -> (IceTowers, TowerId, TowerId) {
    let x = vec![p(GREEN, 3), p(GREEN, 3), p(RED, 3)];
    let y = vec![p(RED, 3), p(RED, 3), p(BLUE, 3)];
    let s = table(&[x.clone(), y.clone()]);
    let (tx, ty) = (find(&s, &x), find(&s, &y));
    (s, tx, ty)
}

/// "To leave the pieces unmined gives Green's points to Red, but Red's points go to Blue." When
/// everyone agrees to stop, the towers count as they stand.
#[test]
fn strategy_example_left_unmined_greens_points_go_to_red_and_reds_to_blue() {
    let (mut s, _, _) = standoff();
    // Red: its 21 freestanding pips, its large on X and Green's two larges under it. Green: its 30
    // less those two larges. Blue: its 27 freestanding pips, its large on Y and Red's two larges.
    assert_eq!(s.scores(), [21 + 3 + 6, 30 - 6, 27 + 3 + 6]);
    for seat in 0..3 {
        s.apply(seat, &Action::Stop).unwrap();
    }
    assert!(s.is_over());
    assert_eq!(s.scores(), [30, 24, 36]);
    assert_eq!(s.returns(), [0.0, 0.0, 1.0]);
}

/// "Neither Red nor Green wishes to be the first to mine a large piece ..., because the other will be
/// able to cap it at once", and "either can deny them to Blue": whoever mines first ends no better
/// than in the standoff, the other gains, and Blue loses either way.
#[test]
fn strategy_example_whoever_mines_first_is_capped_at_once_and_gains_nothing() {
    let (s, tx, ty) = standoff();
    let stand = s.scores();
    assert_eq!(stand, [30, 24, 36]);
    let mine = |from, onto| Action::Mine {
        from,
        index: 1,
        onto,
    };
    // Green mines first and sets its large down: 3 pips back for Green...
    let g1 = allowed(&s, 1, mine(tx, None));
    assert_eq!(g1.scores(), [27, 27, 36]);
    let green_large = g1.towers().last().unwrap().id;
    // ...until Red mines a large out of Y and caps it at once: Green is back where it stood, and Red
    // has taken 3 pips from Blue.
    let g2 = allowed(&g1, 0, mine(ty, Some(green_large)));
    assert_eq!(g2.scores(), [33, 24, 33]);
    assert!(g2.scores()[1] <= stand[1] && g2.scores()[0] > stand[0]);
    // Red mines first and sets its large down: 3 pips back from Blue...
    let r1 = allowed(&s, 0, mine(ty, None));
    assert_eq!(r1.scores(), [33, 24, 33]);
    let red_large = r1.towers().last().unwrap().id;
    // ...until Green mines a large out of X and caps it at once: Red ends 3 below the standoff and
    // Green 6 above it.
    let r2 = allowed(&r1, 1, mine(tx, Some(red_large)));
    assert_eq!(r2.scores(), [27, 30, 33]);
    assert!(r2.scores()[0] < stand[0] && r2.scores()[1] > stand[1]);
    // Either way Blue loses the 3 pips of a red large.
    assert!(g2.scores()[2] < stand[2] && r2.scores()[2] < stand[2]);
}

#[test]
fn same_seed_same_actions_same_game() {
    let play = || {
        let mut s = IceTowers::new(&Setup::new(4, 99)).unwrap();
        let mut rng = GameRng::new(5);
        for _ in 0..50 {
            let seat = rng.below(4);
            let legal = s.legal_actions(seat);
            if !legal.is_empty() {
                let a = legal[rng.below(legal.len())].clone();
                s.apply(seat, &a).unwrap();
            }
        }
        ron::to_string(&s).unwrap()
    };
    assert_eq!(play(), play());
}

#[test]
fn every_action_has_a_description() {
    let s = table(&[
        vec![p(RED, 3), p(RED, 2), p(BLUE, 1)],
        vec![p(GREEN, 3), p(GREEN, 2)],
    ]);
    for a in s.legal_actions(0) {
        let text = s.action_to_string(0, &a);
        assert!(text.starts_with("Red "), "{text}");
    }
}

#[test]
fn battery_icetowers() {
    let make = |seed: u64| {
        let seats = 2 + (seed % 5) as usize;
        IceTowers::new(&Setup {
            move_limit: 120,
            ..Setup::new(seats, seed)
        })
        .unwrap()
    };
    let cfg = BatteryConfig {
        ..BatteryConfig::games(1000)
    };
    let report = battery::run(make, &cfg);
    assert_eq!(report.games, 1000);
    assert!(report.illegal_refused > 0);
}

/// The long battery: `cargo test -p hoarfrost-rules --release -- --ignored battery_long`.
#[test]
#[ignore]
fn battery_long_icetowers() {
    let make = |seed: u64| {
        let seats = 2 + (seed % 5) as usize;
        IceTowers::new(&Setup {
            move_limit: 120,
            ..Setup::new(seats, seed)
        })
        .unwrap()
    };
    let cfg = BatteryConfig {
        ron_every: 8,
        legal_per_step: 1,
        random_per_step: 2,
        ..BatteryConfig::games(100_000)
    };
    battery::run(make, &cfg);
}

/// A position whose towers' memories of mines do not fit their pyramids, or name a tower no move
/// has made, breaks the invariants (a scene file is checked so).
#[test]
fn a_position_with_memories_out_of_step_is_refused() {
    let (s, t, x) = mined_and_set_down();
    assert_eq!(s.check_invariants(), Ok(()));
    let with = |memory: Vec<Option<TowerId>>| {
        let mut bad = s.clone();
        let i = bad.index(x).unwrap();
        bad.towers[i].mined_from = memory;
        bad.check_invariants().unwrap_err()
    };
    assert!(with(vec![Some(t), None]).contains("out of step"));
    assert!(with(vec![None]).contains("out of step"));
    assert!(with(vec![Some(999)]).contains("not yet made"));
}
