//! Ice Castle tests: entering, moving, stepping out, winning and the turn limit.

use super::tests::*;
use super::*;
use crate::{Game, ToAct};

#[test]
fn a_character_enters_through_an_open_door_on_the_row_nearest_its_side() {
    let s =
        playing(2, &[Card::Skeleton; 4]).edited(|s| open_plain(s, &[c(0, 2), c(1, 2), c(7, 1)]));
    let m = to_move(&s);
    let legal = m.legal_actions(0);
    assert!(legal.contains(&Action::Move { to: c(0, 2) }));
    refused(&m, 0, Action::Move { to: c(1, 2) }, "row nearest its side");
    refused(&m, 0, Action::Move { to: c(7, 1) }, "row nearest its side");
    refused(&m, 0, Action::Move { to: c(0, 3) }, "closed");
    let after = allowed(&m, 0, Action::Move { to: c(0, 2) });
    assert_eq!(after.character(0), Some(c(0, 2)));
    // North enters from row 8 (index 7).
    let mut n = idle_turn(&s);
    n = to_move(&n);
    assert_eq!(n.current(), 1);
    assert!(n.legal_actions(1).contains(&Action::Move { to: c(7, 1) }));
    assert!(!n.legal_actions(1).contains(&Action::Move { to: c(0, 2) }));
}

#[test]
fn a_character_moves_one_tile_orthogonally_through_open_doors() {
    let s = playing(2, &[Card::Skeleton; 4]).edited(|s| {
        open_plain(
            s,
            &[
                c(2, 2),
                c(3, 2),
                c(2, 3),
                c(1, 2),
                c(2, 1),
                c(3, 3),
                c(4, 2),
            ],
        );
        s.characters[0] = Some(c(2, 2));
    });
    let m = to_move(&s);
    let moves: Vec<Action> = m
        .legal_actions(0)
        .into_iter()
        .filter(|a| matches!(a, Action::Move { .. }))
        .collect();
    assert_eq!(
        moves,
        vec![
            Action::Move { to: c(1, 2) },
            Action::Move { to: c(2, 1) },
            Action::Move { to: c(2, 3) },
            Action::Move { to: c(3, 2) },
        ]
    );
    refused(&m, 0, Action::Move { to: c(4, 2) }, "one tile");
    refused(
        &m,
        0,
        Action::Move { to: c(3, 3) },
        "diagonally only along an ice slide",
    );
}

#[test]
fn closed_doors_cannot_be_passed() {
    let s = playing(2, &[Card::Skeleton; 4]).edited(|s| {
        open_plain(s, &[c(2, 2)]);
        set_tile(s, c(3, 2), Colour::Red, TileKind::Plain, false);
        s.characters[0] = Some(c(2, 2));
    });
    refused(&to_move(&s), 0, Action::Move { to: c(3, 2) }, "closed");
}

#[test]
fn only_one_character_may_stand_on_a_tile() {
    let s = playing(2, &[Card::Skeleton; 4]).edited(|s| {
        open_plain(s, &[c(2, 2), c(3, 2), c(0, 0)]);
        s.characters[0] = Some(c(2, 2));
        s.characters[1] = Some(c(3, 2));
    });
    refused(
        &to_move(&s),
        0,
        Action::Move { to: c(3, 2) },
        "only one character",
    );
    // West (seat 1 of 4) stands on the corner South would enter by.
    let s = playing(4, &[Card::Skeleton; 4]).edited(|s| {
        open_plain(s, &[c(0, 0)]);
        s.characters[1] = Some(c(0, 0));
    });
    refused(
        &to_move(&s),
        0,
        Action::Move { to: c(0, 0) },
        "only one character",
    );
}

#[test]
fn a_character_may_step_out_to_its_side_and_re_enter_later() {
    let s = playing(2, &[Card::Skeleton; 4]).edited(|s| {
        open_plain(s, &[c(4, 2), c(0, 4)]);
        s.characters[0] = Some(c(4, 2));
    });
    let out = allowed(&to_move(&s), 0, Action::Exit);
    assert_eq!(out.character(0), None);
    assert_eq!(out.current(), 1, "stepping out is the turn's move");
    let mut back = idle_turn(&{
        let mut x = out.clone();
        x.apply_chance();
        x
    });
    back = to_move(&back);
    assert_eq!(back.current(), 0);
    refused(&back, 0, Action::Exit, "already outside");
    let back = allowed(&back, 0, Action::Move { to: c(0, 4) });
    assert_eq!(back.character(0), Some(c(0, 4)));
}

#[test]
fn a_character_that_steps_out_comes_back_in_through_a_different_door() {
    // "...exit the Ice Castle (back to your starting side), and then re-enter the Ice Castle on a
    // later turn through a different door."
    let s = playing(2, &[Card::Skeleton; 4]).edited(|s| {
        open_plain(s, &[c(0, 2), c(0, 4)]);
        s.characters[0] = Some(c(0, 2));
    });
    let mut out = allowed(&to_move(&s), 0, Action::Exit);
    assert_eq!(out.left_by(0), Some(c(0, 2)));
    out.apply_chance();
    let back = to_move(&idle_turn(&out));
    assert_eq!(back.current(), 0);
    assert_eq!(back.steps(0), vec![c(0, 4)]);
    refused(&back, 0, Action::Move { to: c(0, 2) }, "different");
    let inside = allowed(&back, 0, Action::Move { to: c(0, 4) });
    assert_eq!(
        (inside.character(0), inside.left_by(0)),
        (Some(c(0, 4)), None)
    );
    // Out again by the other door: now the first one is the way back in.
    let mut next = inside;
    next.apply_chance();
    let mut out = allowed(&to_move(&idle_turn(&next)), 0, Action::Exit);
    assert_eq!(out.left_by(0), Some(c(0, 4)));
    out.apply_chance();
    assert_eq!(to_move(&idle_turn(&out)).steps(0), vec![c(0, 2)]);
}

#[test]
fn reaching_an_open_door_on_the_far_row_wins_at_once() {
    let s = playing(2, &[Card::Skeleton; 4]).edited(|s| {
        open_plain(s, &[c(6, 1), c(7, 1)]);
        set_tile(s, c(7, 2), Colour::Red, TileKind::ExtraTurn, true);
        s.characters[0] = Some(c(6, 1));
    });
    let m = to_move(&s);
    let won = allowed(&m, 0, Action::Move { to: c(7, 1) });
    assert_eq!(won.winner(), Some(0));
    assert_eq!(won.to_act(), ToAct::Over);
    assert_eq!(won.scores(), vec![1, 0]);
    assert_eq!(won.returns(), vec![1.0, 0.0]);
    assert!(won.legal_actions(0).is_empty() && won.legal_actions(1).is_empty());
}

#[test]
fn reaching_an_extra_key_or_extra_turn_door_on_the_far_row_wins_at_once_with_no_bonus() {
    for kind in [TileKind::ExtraKey, TileKind::ExtraTurn] {
        let s = playing(2, &[Card::Skeleton; 4]).edited(|s| {
            open_plain(s, &[c(6, 1)]);
            set_tile(s, c(7, 1), Colour::Red, kind, true);
            s.characters[0] = Some(c(6, 1));
        });
        let won = allowed(&to_move(&s), 0, Action::Move { to: c(7, 1) });
        assert_eq!(won.winner(), Some(0), "{kind:?}");
        assert_eq!((won.phase(), won.to_act()), (Phase::Over, ToAct::Over));
        // No bonus key step, no bonus turn, no draw.
        assert!(!won.bonus_turn());
        assert!(!won.tile(c(7, 1)).unwrap().bonus_used(0));
        assert_eq!(won.hand(0).len(), 3);
        assert!(won.legal_actions(0).is_empty());
    }
}

#[test]
fn the_goal_of_the_north_player_is_the_south_row() {
    let s = playing(2, &[Card::Skeleton; 4]).edited(|s| {
        open_plain(s, &[c(1, 1), c(0, 1), c(6, 4)]);
        s.characters[1] = Some(c(1, 1));
        s.characters[0] = Some(c(6, 4));
    });
    let mut s = idle_turn(&s);
    assert_eq!(s.current(), 1);
    s = to_move(&s);
    let won = allowed(&s, 1, Action::Move { to: c(0, 1) });
    assert_eq!(won.winner(), Some(1));
    assert!(!won.is_goal(0, c(0, 1)));
}

#[test]
fn in_a_four_player_game_west_must_reach_the_east_column() {
    let s = playing(4, &[Card::Skeleton; 4]);
    assert!(s.is_entry(1, c(3, 0)) && s.is_goal(1, c(3, 5)));
    assert!(s.is_entry(3, c(3, 5)) && s.is_goal(3, c(3, 0)));
    assert!(s.is_goal(2, c(0, 3)) && s.is_goal(0, c(5, 3)));
}

/// West wins on the East column and East on the West column; South crossing the East column does
/// not win (its goal is the North row).
#[test]
fn west_and_east_win_on_the_far_column_and_south_does_not() {
    let s = playing(4, &[Card::Skeleton; 4]).edited(|s| {
        open_plain(s, &[c(2, 4), c(2, 5), c(3, 4), c(3, 5), c(4, 0), c(4, 1)]);
        s.characters[0] = Some(c(2, 4));
        s.characters[1] = Some(c(3, 4));
        s.characters[3] = Some(c(4, 1));
    });
    let south = allowed(&to_move(&s), 0, Action::Move { to: c(2, 5) });
    assert_eq!(south.winner(), None);
    assert_eq!(south.to_act(), ToAct::Chance);
    let mut west = south.clone();
    west.apply_chance();
    assert_eq!(west.current(), 1);
    let won = allowed(&to_move(&west), 1, Action::Move { to: c(3, 5) });
    assert_eq!(won.winner(), Some(1));
    assert_eq!(won.to_act(), ToAct::Over);
    let mut east = idle_turn(&idle_turn(&idle_turn(&s)));
    assert_eq!(east.current(), 3);
    east = to_move(&east);
    let won = allowed(&east, 3, Action::Move { to: c(4, 0) });
    assert_eq!(won.winner(), Some(3));
}

/// "Unless the door is frozen over": a frozen door on the entry row cannot be entered either.
#[test]
fn a_character_cannot_enter_through_a_frozen_door() {
    let s = playing(2, &[Card::Skeleton; 4])
        .edited(|s| set_tile(s, c(0, 2), Colour::Red, TileKind::Frozen, true));
    refused(&to_move(&s), 0, Action::Move { to: c(0, 2) }, "frozen door");
    let axed = s.edited(|s| {
        let card = s.pile.iter().position(|&c| c == Card::Axe).unwrap();
        s.pile.remove(card);
        let i = s.index(c(0, 2));
        s.tiles[i].axed = true;
    });
    allowed(&to_move(&axed), 0, Action::Move { to: c(0, 2) });
}

#[test]
fn the_turn_limit_ends_an_unfinished_game_in_a_draw() {
    let mut s = fresh(2, 4).with_turn_limit(3);
    s.apply_chance();
    s = idle_turn(&s);
    s = idle_turn(&s);
    assert_eq!(s.turns(), 3);
    let s = allowed(&to_move(&s), s.current(), Action::Stay);
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.winner(), None);
    assert_eq!(s.returns(), vec![0.5, 0.5]);
    assert!(s.max_game_length() >= 12);
}

/// A corner square lies on two sides' entry rows: either player may enter by it
/// (`rules/design/ice-castle.md`). Four players: South, West, North, East in turn order.
#[test]
fn a_corner_is_an_entry_square_for_both_sides_it_touches() {
    let corners = [c(0, 0), c(0, 5), c(5, 0), c(5, 5)];
    let s = fresh(4, 1).edited(|s| open_plain(s, &corners));
    let by_seat = [
        [c(0, 0), c(0, 5)],
        [c(0, 0), c(5, 0)],
        [c(5, 0), c(5, 5)],
        [c(0, 5), c(5, 5)],
    ];
    for (seat, want) in by_seat.into_iter().enumerate() {
        let at_move = s.edited(|s| {
            s.current = seat;
            s.phase = Phase::Move;
        });
        let mut entries: Vec<Cell> = at_move
            .legal_actions(seat)
            .into_iter()
            .filter_map(|a| match a {
                Action::Move { to } if corners.contains(&to) => Some(to),
                _ => None,
            })
            .collect();
        entries.sort();
        assert_eq!(entries, want, "seat {seat}");
        for to in want {
            let entered = allowed(&at_move, seat, Action::Move { to });
            assert_eq!(entered.character(seat), Some(to));
        }
    }
}
