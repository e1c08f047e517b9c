//! Ice Castle tests: Ice Slides, Freeze, Magic Wand, and the Extra Key and Extra Turn doors.

use super::tests::*;
use super::tests_cards::{RED, SK, padlocked};
use super::*;
use crate::{Game, ToAct};

#[test]
fn an_ice_slide_joins_two_diagonal_tiles_for_good() {
    let s = playing(2, &[Card::Slide, SK, SK, SK]).edited(|s| {
        open_plain(s, &[c(2, 2), c(3, 3)]);
        s.characters[0] = Some(c(2, 2));
    });
    let slid = allowed(&s, 0, Action::slide(c(3, 3), c(2, 2)));
    assert_eq!(slid.slides(), &[(c(2, 2), c(3, 3))]);
    assert_eq!(slid.discard_top(), None, "the slide stays on the castle");
    allowed(&slid, 0, Action::Move { to: c(3, 3) });
    refused(
        &s,
        0,
        Action::Slide {
            a: c(2, 2),
            b: c(4, 4),
        },
        "corner to corner",
    );
    refused(
        &s,
        0,
        Action::Slide {
            a: c(2, 2),
            b: c(2, 3),
        },
        "corner to corner",
    );
}

/// A slide is a path both ways: down from its upper end too, and whichever way it leans.
#[test]
fn an_ice_slide_is_used_from_either_end_and_either_way_it_leans() {
    let slid = |slide: (Cell, Cell), from: Cell| {
        to_move(&playing(2, &[SK; 4]).edited(|s| {
            open_plain(s, &[slide.0, slide.1]);
            let card = s.pile.iter().position(|&c| c == Card::Slide).unwrap();
            s.pile.remove(card);
            s.slides = vec![slide];
            s.characters[0] = Some(from);
        }))
    };
    // Leaning right going up (C3 to D4): taken down from D4.
    let down = allowed(
        &slid((c(2, 2), c(3, 3)), c(3, 3)),
        0,
        Action::Move { to: c(2, 2) },
    );
    assert_eq!(down.character(0), Some(c(2, 2)));
    // Leaning left going up (D3 to C4): taken up and down.
    let lean = (c(2, 3), c(3, 2));
    let up = allowed(&slid(lean, c(2, 3)), 0, Action::Move { to: c(3, 2) });
    assert_eq!(up.character(0), Some(c(3, 2)));
    let down = allowed(&slid(lean, c(3, 2)), 0, Action::Move { to: c(2, 3) });
    assert_eq!(down.character(0), Some(c(2, 3)));
    // Without the slide the same diagonal steps are refused.
    let bare = to_move(&playing(2, &[SK; 4]).edited(|s| {
        open_plain(s, &[c(2, 3), c(3, 2)]);
        s.characters[0] = Some(c(3, 2));
    }));
    refused(
        &bare,
        0,
        Action::Move { to: c(2, 3) },
        "diagonally only along an ice slide",
    );
}

#[test]
fn both_doors_of_an_ice_slide_must_be_open_to_slide() {
    let s = playing(2, &[Card::Slide, SK, SK, SK]).edited(|s| {
        open_plain(s, &[c(2, 2)]);
        set_tile(s, c(3, 1), Colour::Blue, TileKind::Plain, false);
        s.characters[0] = Some(c(2, 2));
    });
    let slid = allowed(&s, 0, Action::slide(c(2, 2), c(3, 1)));
    refused(&slid, 0, Action::Move { to: c(3, 1) }, "closed");
}

#[test]
fn ice_slides_do_not_cross_or_repeat() {
    let s = playing(2, &[Card::Slide, Card::Slide, SK, SK]).edited(|s| {
        let i = s.pile.iter().position(|&c| c == Card::Slide).unwrap();
        s.pile.remove(i);
        s.slides.push((c(2, 2), c(3, 3)));
    });
    refused(&s, 0, Action::slide(c(2, 2), c(3, 3)), "already joins");
    refused(&s, 0, Action::slide(c(2, 3), c(3, 2)), "crosses");
    allowed(&s, 0, Action::slide(c(3, 3), c(4, 4)));
}

#[test]
fn the_doors_at_the_ends_of_an_ice_slide_still_open_close_and_lock() {
    let s = playing(2, &[RED, Card::Padlock, SK, SK]).edited(|s| {
        let i = s.pile.iter().position(|&c| c == Card::Slide).unwrap();
        s.pile.remove(i);
        s.slides.push((c(2, 2), c(3, 3)));
        set_tile(s, c(2, 2), Colour::Red, TileKind::Plain, true);
        set_tile(s, c(3, 3), Colour::Red, TileKind::Plain, false);
    });
    allowed(
        &s,
        0,
        Action::Close {
            card: RED,
            tile: c(2, 2),
        },
    );
    allowed(
        &s,
        0,
        Action::Open {
            card: SK,
            tile: c(3, 3),
        },
    );
    let locked = allowed(&s, 0, Action::Padlock { tile: c(3, 3) });
    assert_eq!(locked.slides().len(), 1, "the slide stays");
}

#[test]
fn a_padlock_at_the_end_of_an_ice_slide_blocks_the_slide() {
    let s = playing(2, &[SK; 4]).edited(|s| {
        let i = s.pile.iter().position(|&c| c == Card::Slide).unwrap();
        s.pile.remove(i);
        s.slides.push((c(2, 2), c(3, 3)));
        open_plain(s, &[c(2, 2), c(3, 3)]);
        s.characters[0] = Some(c(2, 2));
    });
    allowed(&to_move(&s), 0, Action::Move { to: c(3, 3) });
    // The far door is still open under the padlock.
    let locked = padlocked(&s, c(3, 3));
    assert!(locked.tile(c(3, 3)).unwrap().open);
    refused(
        &to_move(&locked),
        0,
        Action::Move { to: c(3, 3) },
        "padlock blocks",
    );
}

/// Seat 0 to play `hand`, with seat 1 standing on D5.
fn opponent_inside(hand: &[Card]) -> IceCastle {
    playing(2, hand).edited(|s| {
        open_plain(s, &[c(4, 3), c(3, 3), c(5, 3), c(4, 2), c(4, 4), c(0, 0)]);
        s.characters[1] = Some(c(4, 3));
    })
}

#[test]
fn freeze_holds_an_opponent_for_two_of_its_turns_though_it_still_draws_and_plays() {
    let s = opponent_inside(&[Card::Freeze, SK, SK, SK]);
    let mut s = allowed(&s, 0, Action::Freeze { seat: 1 });
    assert_eq!(
        s.freeze(),
        Some(Freeze {
            seat: 1,
            turns_left: 2
        })
    );
    for round in 0..2 {
        s = pass_turn(&s);
        assert_eq!((s.current(), s.phase()), (1, Phase::Play));
        assert_eq!(s.hand(1).len(), 4, "the frozen player still draws");
        s = to_move(&s);
        assert_eq!(s.hand(1).len(), 3, "and still plays");
        assert_eq!(
            s.current(),
            0,
            "no move for a frozen character (round {round})"
        );
        assert_eq!(s.character(1), Some(c(4, 3)));
        s.apply_chance();
        s = to_move(&s);
    }
    assert_eq!(s.freeze(), None);
    assert!(
        s.discard().contains(&Card::Freeze),
        "the Freeze card goes to the discard"
    );
    s = pass_turn(&s);
    s = to_move(&s);
    allowed(&s, 1, Action::Move { to: c(5, 3) });
}

#[test]
fn freeze_only_an_opponent_inside_the_castle() {
    let s = opponent_inside(&[Card::Freeze, SK, SK, SK]);
    refused(&s, 0, Action::Freeze { seat: 0 }, "your own character");
    let out = s.edited(|s| s.characters[1] = None);
    refused(&out, 0, Action::Freeze { seat: 1 }, "inside the castle");
    refused(&s, 0, Action::Freeze { seat: 2 }, "no seat 3");
}

/// A damaged save can name any seat: the largest number is refused with a message (in a debug
/// build the message's `seat + 1` used to overflow and panic) and can still be described.
#[test]
fn a_seat_number_past_the_table_is_refused_whatever_its_size() {
    let s = opponent_inside(&[Card::Freeze, Card::Wand, SK, SK]);
    let far = Seat::MAX;
    refused(&s, 0, Action::Freeze { seat: far }, "no seat");
    let wand = Action::Wand {
        seat: far,
        to: c(1, 1),
    };
    refused(&s, 0, wand, "no seat");
    refused(&s, far, Action::Freeze { seat: 1 }, "no seat");
    assert!(s.action_to_string(0, &wand).contains("Player"));
    assert!(s.action_to_string(far, &wand).contains("Player"));
}

#[test]
fn the_magic_wand_moves_an_opponent_one_tile_it_could_move_to() {
    let s = opponent_inside(&[Card::Wand, SK, SK, SK]).edited(|s| {
        s.characters[0] = Some(c(4, 4));
    });
    let legal: Vec<Action> = s
        .legal_actions(0)
        .into_iter()
        .filter(|a| matches!(a, Action::Wand { .. }))
        .collect();
    assert_eq!(
        legal,
        vec![
            Action::Wand {
                seat: 1,
                to: c(3, 3)
            },
            Action::Wand {
                seat: 1,
                to: c(4, 2)
            },
            Action::Wand {
                seat: 1,
                to: c(5, 3)
            },
        ],
        "never onto an occupied tile, never diagonally without a slide"
    );
    let moved = allowed(
        &s,
        0,
        Action::Wand {
            seat: 1,
            to: c(3, 3),
        },
    );
    assert_eq!(moved.character(1), Some(c(3, 3)));
    assert_eq!(moved.discard_top(), Some(Card::Wand));
    assert_eq!(
        moved.phase(),
        Phase::Move,
        "the wand is the card; the move is still yours"
    );
    refused(
        &s,
        0,
        Action::Wand {
            seat: 1,
            to: c(4, 4),
        },
        "only one character",
    );
    refused(
        &s,
        0,
        Action::Wand {
            seat: 1,
            to: c(5, 4),
        },
        "diagonally only along an ice slide",
    );
    refused(
        &s,
        0,
        Action::Wand {
            seat: 1,
            to: c(2, 3),
        },
        "one tile",
    );
    refused(
        &s,
        0,
        Action::Wand {
            seat: 0,
            to: c(3, 4),
        },
        "on yourself",
    );
}

#[test]
fn the_magic_wand_cannot_move_a_frozen_character() {
    let s = opponent_inside(&[Card::Wand, SK, SK, SK]).edited(|s| {
        let i = s.pile.iter().position(|&c| c == Card::Freeze).unwrap();
        s.pile.remove(i);
        s.freeze = Some(Freeze {
            seat: 1,
            turns_left: 1,
        });
    });
    refused(
        &s,
        0,
        Action::Wand {
            seat: 1,
            to: c(3, 3),
        },
        "frozen",
    );
}

/// Seat 0 at C1 to move, with `kind` face up (red) at C2.
fn bonus_tile(kind: TileKind) -> IceCastle {
    let s = playing(2, &[SK, SK, SK, SK]).edited(|s| {
        open_plain(s, &[c(0, 2)]);
        set_tile(s, c(1, 2), Colour::Red, kind, true);
        set_tile(s, c(5, 0), Colour::Green, TileKind::Plain, false);
        s.characters[0] = Some(c(0, 2));
    });
    to_move(&s)
}

#[test]
fn an_extra_key_tile_gives_a_bonus_open_or_close_of_any_colour() {
    let s = allowed(
        &bonus_tile(TileKind::ExtraKey),
        0,
        Action::Move { to: c(1, 2) },
    );
    assert_eq!(s.phase(), Phase::BonusKey);
    assert_eq!(s.current(), 0);
    assert!(s.legal_actions(0).contains(&Action::SkipBonus));
    let b = allowed(&s, 0, Action::BonusOpen { tile: c(5, 0) });
    assert!(b.tile(c(5, 0)).unwrap().open);
    assert_eq!(b.hand(0).len(), 3, "no card is spent");
    assert!(b.tile(c(1, 2)).unwrap().bonus_used(0));
    assert_eq!(
        (b.current(), b.phase()),
        (1, Phase::Draw),
        "and no extra move"
    );
    let closed = allowed(&s, 0, Action::BonusClose { tile: c(0, 2) });
    assert!(!closed.tile(c(0, 2)).unwrap().open);
    refused(
        &s,
        0,
        Action::BonusClose { tile: c(1, 2) },
        "character stands on it",
    );
    refused(&s, 0, Action::Stay, "Extra Key bonus first");
}

#[test]
fn the_extra_key_cannot_close_a_door_opened_with_an_axe() {
    let s = bonus_tile(TileKind::ExtraKey).edited(|s| {
        let i = s.pile.iter().position(|&c| c == Card::Axe).unwrap();
        s.pile.remove(i);
        set_tile(s, c(3, 3), Colour::Blue, TileKind::Frozen, true);
        s.tile_mut(c(3, 3)).axed = true;
    });
    let s = allowed(&s, 0, Action::Move { to: c(1, 2) });
    assert_eq!(s.phase(), Phase::BonusKey);
    refused(
        &s,
        0,
        Action::BonusClose { tile: c(3, 3) },
        "stays open for good",
    );
}

#[test]
fn the_extra_key_cannot_remove_a_padlock() {
    let s = allowed(
        &bonus_tile(TileKind::ExtraKey),
        0,
        Action::Move { to: c(1, 2) },
    );
    let s = padlocked(&s, c(5, 0));
    refused(&s, 0, Action::BonusOpen { tile: c(5, 0) }, "padlocked");
    // Nor close a padlocked door: C1, open, with a padlock put on it.
    let s = padlocked(&s, c(0, 2));
    assert!(s.tile(c(0, 2)).unwrap().open);
    refused(&s, 0, Action::BonusClose { tile: c(0, 2) }, "padlocked");
}

#[test]
fn each_player_uses_an_extra_key_once_but_others_may_use_it_too() {
    let s = allowed(
        &bonus_tile(TileKind::ExtraKey),
        0,
        Action::Move { to: c(1, 2) },
    );
    let mut s = allowed(&s, 0, Action::BonusOpen { tile: c(5, 0) });
    s.apply_chance();
    s = idle_turn(&s);
    // Back on C1, then onto the Extra Key again: no second bonus.
    s = to_move(&s);
    s = allowed(&s, 0, Action::Move { to: c(0, 2) });
    s.apply_chance();
    s = idle_turn(&s);
    s = to_move(&s);
    s = allowed(&s, 0, Action::Move { to: c(1, 2) });
    assert_eq!((s.current(), s.phase()), (1, Phase::Draw));
    // Player 2 steps on it and gets the bonus.
    let other = idle_turn(&playing(2, &[SK; 4])).edited(|s| {
        open_plain(s, &[c(2, 2)]);
        set_tile(s, c(1, 2), Colour::Red, TileKind::ExtraKey, true);
        let at = s.index(c(1, 2));
        s.tiles[at].bonus_used = 1;
        s.characters[1] = Some(c(2, 2));
    });
    let other = allowed(&to_move(&other), 1, Action::Move { to: c(1, 2) });
    assert_eq!(other.phase(), Phase::BonusKey);
}

#[test]
fn opening_an_extra_key_or_extra_turn_door_gives_no_bonus() {
    for kind in [TileKind::ExtraKey, TileKind::ExtraTurn] {
        let s = playing(2, &[SK; 4]).edited(|s| set_tile(s, c(2, 2), Colour::Red, kind, false));
        let s = allowed(
            &s,
            0,
            Action::Open {
                card: SK,
                tile: c(2, 2),
            },
        );
        let s = allowed(&s, 0, Action::Stay);
        assert_eq!(s.current(), 1);
        assert!(!s.bonus_turn());
    }
}

#[test]
fn an_extra_turn_tile_gives_a_full_bonus_turn_once_per_player() {
    let s = allowed(
        &bonus_tile(TileKind::ExtraTurn),
        0,
        Action::Move { to: c(1, 2) },
    );
    assert_eq!(
        (s.current(), s.phase()),
        (0, Phase::Draw),
        "a bonus turn: draw again"
    );
    assert!(s.bonus_turn());
    let mut s = s;
    s.apply_chance();
    assert_eq!(s.hand(0).len(), 4);
    s = to_move(&s);
    s = allowed(&s, 0, Action::Move { to: c(0, 2) });
    assert_eq!(s.current(), 1, "the bonus turn is over");
    assert!(!s.bonus_turn());
    s.apply_chance();
    s = idle_turn(&s);
    s = to_move(&s);
    let s = allowed(&s, 0, Action::Move { to: c(1, 2) });
    assert_eq!(s.current(), 1, "no second bonus for the same player");
}
#[test]
fn a_character_pushed_by_the_wand_gets_no_bonus() {
    let s = opponent_inside(&[Card::Wand, SK, SK, SK])
        .edited(|s| set_tile(s, c(3, 4), Colour::Green, TileKind::ExtraTurn, true))
        .edited(|s| s.characters[1] = Some(c(4, 4)));
    let s = allowed(
        &s,
        0,
        Action::Wand {
            seat: 1,
            to: c(3, 4),
        },
    );
    assert!(!s.tile(c(3, 4)).unwrap().bonus_used(1));
    let mut s = allowed(&s, 0, Action::Stay);
    assert_eq!(s.current(), 1);
    assert!(!s.bonus_turn());
    // Seat 1's own turn on the tile, staying put: still no bonus (only a move of its own onto
    // the tile earns it), so the turn passes on.
    s.apply_chance();
    let s = to_move(&s);
    assert_eq!(s.character(1), Some(c(3, 4)));
    let s = allowed(&s, 1, Action::Stay);
    assert!(!s.bonus_turn());
    assert!(!s.tile(c(3, 4)).unwrap().bonus_used(1));
    assert_eq!(s.current(), 0, "no extra turn for staying on the tile");
}

#[test]
fn a_character_the_wand_puts_on_its_goal_row_has_crossed() {
    let s = opponent_inside(&[Card::Wand, SK, SK, SK]).edited(|s| {
        open_plain(s, &[c(1, 1), c(0, 1)]);
        s.characters[1] = Some(c(1, 1));
    });
    let s = allowed(
        &s,
        0,
        Action::Wand {
            seat: 1,
            to: c(0, 1),
        },
    );
    assert_eq!(s.winner(), Some(1));
    assert_eq!(s.to_act(), ToAct::Over);
}

#[test]
fn the_magic_wand_may_push_a_character_diagonally_along_an_ice_slide() {
    let s = opponent_inside(&[Card::Wand, SK, SK, SK]).edited(|s| {
        let i = s.pile.iter().position(|&c| c == Card::Slide).unwrap();
        s.pile.remove(i);
        s.slides.push((c(4, 3), c(5, 4)));
        open_plain(s, &[c(5, 4)]);
    });
    let pushed = allowed(
        &s,
        0,
        Action::Wand {
            seat: 1,
            to: c(5, 4),
        },
    );
    assert_eq!(pushed.character(1), Some(c(5, 4)));
    refused(
        &s,
        0,
        Action::Wand {
            seat: 1,
            to: c(3, 2),
        },
        "diagonally only along an ice slide",
    );
}

#[test]
fn the_magic_wand_moves_only_a_character_inside_the_castle() {
    let s = opponent_inside(&[Card::Wand, SK, SK, SK]).edited(|s| {
        open_plain(s, &[c(7, 1)]);
        s.characters[1] = None;
    });
    assert_eq!(s.steps(1), vec![c(7, 1)], "it could enter there itself");
    refused(
        &s,
        0,
        Action::Wand {
            seat: 1,
            to: c(7, 1),
        },
        "only a character inside the castle",
    );
    assert!(
        !s.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Wand { .. }))
    );
}

#[test]
fn the_magic_wand_cannot_push_onto_a_closed_frozen_or_padlocked_door() {
    let s = opponent_inside(&[Card::Wand, SK, SK, SK]).edited(|s| {
        s.tile_mut(c(3, 3)).open = false;
        set_tile(s, c(5, 3), Colour::Red, TileKind::Frozen, true);
    });
    let s = padlocked(&s, c(4, 2));
    let wand = |to| Action::Wand { seat: 1, to };
    refused(&s, 0, wand(c(3, 3)), "closed");
    refused(&s, 0, wand(c(5, 3)), "frozen door cannot be passed");
    refused(&s, 0, wand(c(4, 2)), "padlock blocks");
    allowed(&s, 0, wand(c(4, 4)));
    let axed = s.edited(|s| {
        let i = s.pile.iter().position(|&c| c == Card::Axe).unwrap();
        s.pile.remove(i);
        s.tile_mut(c(5, 3)).axed = true;
    });
    allowed(&axed, 0, wand(c(5, 3)));
}

#[test]
fn freeze_holds_for_two_of_the_frozen_players_own_turns_with_three_or_four_players() {
    for players in [3, 4] {
        let s = playing(players, &[Card::Freeze, SK, SK, SK]).edited(|s| {
            open_plain(s, &[c(3, 3), c(2, 3)]);
            s.characters[2] = Some(c(3, 3));
        });
        let mut s = allowed(&s, 0, Action::Freeze { seat: 2 });
        s = pass_turn(&s);
        for frozen_turn in 0..2u8 {
            while s.current() != 2 {
                assert!(
                    s.is_frozen(2),
                    "other players' turns do not thaw it ({players} players)"
                );
                s = idle_turn(&s);
            }
            assert_eq!(s.freeze().unwrap().turns_left, 2 - frozen_turn);
            assert_eq!(s.hand(2).len(), 4, "the frozen player still draws");
            s = to_move(&s);
            assert_eq!(s.hand(2).len(), 3, "and still plays");
            assert_eq!(
                s.current(),
                3 % players,
                "no move for a frozen character ({players} players, turn {frozen_turn})"
            );
            assert_eq!(s.character(2), Some(c(3, 3)));
            s.apply_chance();
        }
        assert_eq!(s.freeze(), None, "{players} players");
        assert!(s.discard().contains(&Card::Freeze));
        while s.current() != 2 {
            s = idle_turn(&s);
        }
        allowed(&to_move(&s), 2, Action::Move { to: c(2, 3) });
    }
}

#[test]
fn skipping_an_extra_key_bonus_keeps_it_for_a_later_visit() {
    let s = allowed(
        &bonus_tile(TileKind::ExtraKey),
        0,
        Action::Move { to: c(1, 2) },
    );
    let mut s = allowed(&s, 0, Action::SkipBonus);
    assert_eq!((s.current(), s.phase()), (1, Phase::Draw));
    assert!(!s.tile(c(1, 2)).unwrap().bonus_used(0));
    s.apply_chance();
    s = idle_turn(&s);
    // Off to C1, then back onto the Extra Key: the bonus is offered again.
    s = to_move(&s);
    s = allowed(&s, 0, Action::Move { to: c(0, 2) });
    s.apply_chance();
    s = idle_turn(&s);
    s = to_move(&s);
    s = allowed(&s, 0, Action::Move { to: c(1, 2) });
    assert_eq!((s.current(), s.phase()), (0, Phase::BonusKey));
    let used = allowed(&s, 0, Action::BonusOpen { tile: c(5, 0) });
    assert!(used.tile(c(5, 0)).unwrap().open);
    allowed(&s, 0, Action::BonusClose { tile: c(0, 2) });
}

#[test]
fn the_extra_key_cannot_close_a_door_another_character_stands_on() {
    let s = bonus_tile(TileKind::ExtraKey).edited(|s| {
        open_plain(s, &[c(3, 3)]);
        s.characters[1] = Some(c(3, 3));
    });
    let s = allowed(&s, 0, Action::Move { to: c(1, 2) });
    assert_eq!(s.phase(), Phase::BonusKey);
    refused(
        &s,
        0,
        Action::BonusClose { tile: c(3, 3) },
        "character stands on it",
    );
    allowed(&s, 0, Action::BonusClose { tile: c(0, 2) });
}

#[test]
fn another_player_may_take_the_bonus_turn_of_an_extra_turn_tile_already_used() {
    let s = bonus_tile(TileKind::ExtraTurn).edited(|s| {
        open_plain(s, &[c(2, 2)]);
        s.characters[1] = Some(c(2, 2));
    });
    let mut s = allowed(&s, 0, Action::Move { to: c(1, 2) });
    assert_eq!((s.current(), s.phase()), (0, Phase::Draw));
    s.apply_chance();
    s = to_move(&s);
    s = allowed(&s, 0, Action::Move { to: c(0, 2) });
    assert!(s.tile(c(1, 2)).unwrap().bonus_used(0));
    assert_eq!(s.current(), 1);
    s.apply_chance();
    s = to_move(&s);
    let mut s = allowed(&s, 1, Action::Move { to: c(1, 2) });
    assert!(s.tile(c(1, 2)).unwrap().bonus_used(1));
    assert_eq!(
        (s.current(), s.phase()),
        (1, Phase::Draw),
        "Player 2 gets its own bonus turn"
    );
    s.apply_chance();
    assert_eq!(s.hand(1).len(), 4);
    s = idle_turn(&s);
    assert_eq!(s.current(), 0, "the bonus turn is over");
}

/// "Any player who lands on an Extra Key tile ... / Extra Turn tile": stepping in from outside onto
/// one in the entry row is landing on it too.
#[test]
fn entering_the_castle_onto_a_bonus_door_earns_its_bonus() {
    for kind in [TileKind::ExtraKey, TileKind::ExtraTurn] {
        let s = playing(2, &[SK; 4]).edited(|s| set_tile(s, c(0, 2), Colour::Red, kind, true));
        let s = allowed(&to_move(&s), 0, Action::Move { to: c(0, 2) });
        match kind {
            TileKind::ExtraKey => assert_eq!((s.current(), s.phase()), (0, Phase::BonusKey)),
            _ => {
                assert_eq!(
                    (s.current(), s.phase(), s.bonus_turn()),
                    (0, Phase::Draw, true)
                );
                assert!(s.tile(c(0, 2)).unwrap().bonus_used(0));
            }
        }
    }
}

/// "They must move their CHARACTER onto the tile": staying on an Extra Key door whose bonus is
/// still unused earns nothing.
#[test]
fn staying_on_an_unused_extra_key_door_earns_no_bonus() {
    let s = playing(2, &[SK; 4]).edited(|s| {
        set_tile(s, c(1, 2), Colour::Red, TileKind::ExtraKey, true);
        s.characters[0] = Some(c(1, 2));
    });
    let s = allowed(&to_move(&s), 0, Action::Stay);
    assert_eq!((s.current(), s.phase()), (1, Phase::Draw));
    assert!(!s.tile(c(1, 2)).unwrap().bonus_used(0));
}

/// Bonus turns are turns: they count toward the turn limit (`rules/design/ice-castle.md`).
#[test]
fn a_bonus_turn_counts_toward_the_turn_limit() {
    let s = bonus_tile(TileKind::ExtraTurn);
    // Earned on the last turn the limit allows, the bonus is never taken.
    let last = s.clone().with_turn_limit(s.turns());
    let over = allowed(&last, 0, Action::Move { to: c(1, 2) });
    assert_eq!((over.phase(), over.bonus_turn()), (Phase::Over, false));
    let s = s.clone().with_turn_limit(s.turns() + 1);
    let mut s = allowed(&s, 0, Action::Move { to: c(1, 2) });
    assert_eq!(
        (s.current(), s.bonus_turn(), s.turns()),
        (0, true, s.turn_limit())
    );
    s.apply_chance();
    let s = allowed(&to_move(&s), 0, Action::Stay);
    assert_eq!(
        (s.phase(), s.winner()),
        (Phase::Over, None),
        "the limit ends the game"
    );
    assert_eq!(s.returns(), vec![0.5, 0.5]);
}

/// A frozen player must still play a card, the Magic Wand included, and gets no move after it.
#[test]
fn a_frozen_player_who_plays_the_wand_gets_no_move_afterwards() {
    let s = opponent_inside(&[Card::Wand, SK, SK, SK]).edited(|s| {
        let i = s.pile.iter().position(|&c| c == Card::Freeze).unwrap();
        s.pile.remove(i);
        s.freeze = Some(Freeze {
            seat: 0,
            turns_left: 1,
        });
        s.characters[0] = Some(c(0, 0));
    });
    let s = allowed(
        &s,
        0,
        Action::Wand {
            seat: 1,
            to: c(3, 3),
        },
    );
    assert_eq!(s.character(1), Some(c(3, 3)));
    assert_eq!(
        (s.current(), s.phase()),
        (1, Phase::Draw),
        "no move for seat 0"
    );
    assert_eq!(s.character(0), Some(c(0, 0)));
}
