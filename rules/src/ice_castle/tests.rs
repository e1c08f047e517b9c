//! Ice Castle tests: components, setup and the turn; shared position helpers.

use super::*;
use crate::{Game, ToAct};

pub(super) fn c(row: u8, col: u8) -> Cell {
    Cell::new(row, col)
}

/// A fresh game.
pub(super) fn fresh(players: usize, seed: u64) -> IceCastle {
    IceCastle::new(&Setup::new(players, seed)).unwrap()
}

/// Seat 0 has drawn and is about to play, holding `hand` (4 cards); every door is closed.
pub(super) fn playing(players: usize, hand: &[Card]) -> IceCastle {
    let mut s = fresh(players, 1);
    s.apply_chance();
    s.edited(|s| set_hand(s, 0, hand))
}

/// Give `seat` exactly `cards`, returning its old hand to the pile (cards come from pile or discard).
pub(super) fn set_hand(s: &mut IceCastle, seat: Seat, cards: &[Card]) {
    s.pile.append(&mut s.hands[seat]);
    for &card in cards {
        if let Some(i) = s.pile.iter().position(|&x| x == card) {
            s.pile.remove(i);
        } else if let Some(i) = s.discard.iter().position(|&x| x == card) {
            s.discard.remove(i);
        } else {
            panic!("no {card:?} left to give");
        }
        s.hands[seat].push(card);
    }
    s.hands[seat].sort();
    s.pile.sort();
}

/// Make the tile at `cell` a `colour` `kind` tile (swapped in from elsewhere), open or closed, revealed.
pub(super) fn set_tile(s: &mut IceCastle, cell: Cell, colour: Colour, kind: TileKind, open: bool) {
    let here = s.index(cell);
    let want = |t: &Tile| t.colour == colour && t.kind == kind && !t.revealed;
    if let Some(i) = (0..s.unused.len()).find(|&i| want(&s.unused[i])) {
        std::mem::swap(&mut s.tiles[here], &mut s.unused[i]);
    } else if let Some(i) = (0..s.tiles.len()).find(|&i| i != here && want(&s.tiles[i])) {
        s.tiles.swap(here, i);
    } else if !(s.tiles[here].colour == colour && s.tiles[here].kind == kind) {
        panic!("no {colour:?} {kind:?} tile left to place");
    }
    let t = &mut s.tiles[here];
    t.open = open;
    t.revealed = true;
}

/// Open plain doors of each cell given (colour chosen to avoid clashing with Red tests: Blue).
pub(super) fn open_plain(s: &mut IceCastle, cells: &[Cell]) {
    for (i, &cell) in cells.iter().enumerate() {
        set_tile(s, cell, Colour::ALL[i % 4], TileKind::Plain, true);
    }
}

pub(super) fn refused(s: &IceCastle, seat: Seat, a: Action, why: &str) {
    let mut copy = s.clone();
    let err = copy.apply(seat, &a).expect_err("action should be refused");
    assert!(err.0.contains(why), "reason {err:?} should mention {why:?}");
    assert_eq!(&copy, s, "a refused action changes nothing");
    assert!(!s.legal_actions(seat).contains(&a));
}

pub(super) fn allowed(s: &IceCastle, seat: Seat, a: Action) -> IceCastle {
    assert!(s.legal_actions(seat).contains(&a), "{a:?} should be legal");
    let mut next = s.clone();
    next.apply(seat, &a).unwrap();
    next.check_invariants().unwrap();
    next
}

/// Discard the current seat's first card, reaching its move.
pub(super) fn to_move(s: &IceCastle) -> IceCastle {
    let seat = s.current();
    let card = s.hand(seat)[0];
    allowed(s, seat, Action::Discard { card })
}

/// From the current seat's move: stay, and let the next turn's draw happen.
pub(super) fn pass_turn(s: &IceCastle) -> IceCastle {
    let mut next = allowed(s, s.current(), Action::Stay);
    next.apply_chance();
    next
}

/// Whole turn for the current seat: discard, stay, next draw.
pub(super) fn idle_turn(s: &IceCastle) -> IceCastle {
    let mut next = to_move(s);
    if next.phase() == Phase::Move {
        next = allowed(&next, next.current(), Action::Stay);
    }
    next.apply_chance();
    next
}

#[test]
fn the_box_holds_40_door_tiles_by_colour_and_kind() {
    let tiles = full_tiles();
    assert_eq!(tiles.len(), 40);
    for colour in Colour::ALL {
        let n = |kind| {
            tiles
                .iter()
                .filter(|t| t.colour == colour && t.kind == kind)
                .count()
        };
        assert_eq!(n(TileKind::Plain), 6);
        assert_eq!(n(TileKind::Frozen), 2);
        assert_eq!(n(TileKind::ExtraKey), 1);
        assert_eq!(n(TileKind::ExtraTurn), 1);
    }
    assert!(tiles.iter().all(|t| !t.open && !t.revealed));
}

#[test]
fn the_box_holds_54_draw_cards() {
    let deck = full_deck();
    assert_eq!(deck.len(), 54);
    let n = |card| deck.iter().filter(|&&c| c == card).count();
    for colour in Colour::ALL {
        assert_eq!(n(Card::Key(colour)), 7);
    }
    assert_eq!(n(Card::Skeleton), 10);
    assert_eq!(n(Card::Padlock), 6);
    assert_eq!(n(Card::Slide), 5);
    assert_eq!(n(Card::Axe), 3);
    assert_eq!(n(Card::Freeze), 1);
    assert_eq!(n(Card::Wand), 1);
}

#[test]
fn two_players_build_a_5_by_8_castle_and_face_each_other() {
    let s = fresh(2, 3);
    assert_eq!((s.cols(), s.rows()), (5, 8));
    assert_eq!(s.unused_tiles().len(), 0);
    assert_eq!(s.side(0).opposite(), s.side(1));
    assert_eq!(s.cells().count(), 40);
}

#[test]
fn three_or_four_players_build_6_by_6_and_leave_4_tiles_out() {
    for players in [3, 4] {
        let s = fresh(players, 3);
        assert_eq!((s.cols(), s.rows()), (6, 6));
        assert_eq!(s.unused_tiles().len(), 4);
        let sides: Vec<Side> = (0..players).map(|p| s.side(p)).collect();
        // Clockwise from South; three players leave East empty.
        let clockwise = [Side::South, Side::West, Side::North, Side::East];
        assert_eq!(sides, clockwise[..players], "{players} players");
        s.check_invariants().unwrap();
    }
}

#[test]
fn only_two_to_four_players() {
    assert!(IceCastle::new(&Setup::new(1, 0)).is_err());
    assert!(IceCastle::new(&Setup::new(5, 0)).is_err());
}

#[test]
fn tiles_are_shuffled_and_laid_closed_side_up() {
    let a = fresh(2, 1);
    let b = fresh(2, 2);
    for cell in a.cells() {
        let t = a.tile(cell).unwrap();
        assert!(!t.open && !t.revealed && !t.padlock && !t.axed);
    }
    let kinds = |s: &IceCastle| {
        s.cells()
            .map(|c| {
                let t = s.tile(c).unwrap();
                (t.colour, t.kind)
            })
            .collect::<Vec<_>>()
    };
    assert_ne!(kinds(&a), kinds(&b));
}

#[test]
fn characters_start_off_the_castle_each_on_its_own_side() {
    let s = fresh(4, 1);
    for seat in 0..4 {
        assert_eq!(s.character(seat), None);
    }
    assert_eq!(
        (0..4).map(|p| s.side(p)).collect::<Vec<_>>(),
        vec![Side::South, Side::West, Side::North, Side::East],
        "seats go clockwise around the table"
    );
}

#[test]
fn each_player_is_dealt_three_cards_and_the_rest_form_the_draw_pile() {
    let s = fresh(3, 5);
    for seat in 0..3 {
        assert_eq!(s.hand(seat).len(), 3);
    }
    assert_eq!(s.pile_count(), 54 - 9);
    assert!(s.discard().is_empty());
}

#[test]
fn a_turn_begins_by_drawing_one_card_up_to_four() {
    let mut s = fresh(2, 5);
    assert_eq!(s.to_act(), ToAct::Chance);
    assert!(s.legal_actions(0).is_empty());
    s.apply_chance();
    assert_eq!(s.hand(0).len(), 4);
    assert_eq!(s.pile_count(), 54 - 7);
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(s.to_act(), ToAct::Seats(vec![0]));
}

#[test]
fn exactly_one_card_is_played_before_moving() {
    let s = playing(2, &[Card::Skeleton; 4]);
    refused(&s, 0, Action::Stay, "play a card first");
    refused(&s, 0, Action::Move { to: c(0, 0) }, "play a card first");
    let s = to_move(&s);
    assert_eq!(s.hand(0).len(), 3);
    refused(
        &s,
        0,
        Action::Discard {
            card: Card::Skeleton,
        },
        "already played",
    );
    refused(
        &s,
        0,
        Action::Open {
            card: Card::Skeleton,
            tile: c(0, 0),
        },
        "already played",
    );
}

#[test]
fn a_card_may_be_played_to_the_discard() {
    let s = playing(2, &[Card::Axe, Card::Slide, Card::Skeleton, Card::Wand]);
    assert_eq!(
        s.action_to_string(0, &Action::Discard { card: Card::Axe }),
        "Player 1 discards an Axe"
    );
    assert_eq!(
        s.action_to_string(0, &Action::Discard { card: Card::Wand }),
        "Player 1 discards a Magic Wand"
    );
    let s = allowed(&s, 0, Action::Discard { card: Card::Wand });
    assert_eq!(s.discard_top(), Some(Card::Wand));
    assert_eq!(s.hand(0), &[Card::Skeleton, Card::Slide, Card::Axe]);
    refused(
        &playing(2, &[Card::Skeleton; 4]),
        0,
        Action::Discard { card: Card::Axe },
        "you hold no Axe",
    );
}

#[test]
fn moving_is_optional() {
    let s = to_move(&playing(2, &[Card::Skeleton; 4]));
    let s = allowed(&s, 0, Action::Stay);
    assert_eq!(s.current(), 1);
    assert_eq!(s.phase(), Phase::Draw);
    assert_eq!(s.character(0), None);
}

#[test]
fn play_goes_clockwise_around_the_table() {
    let mut s = fresh(4, 2);
    s.apply_chance();
    let mut order = vec![];
    for _ in 0..5 {
        order.push(s.current());
        s = idle_turn(&s);
    }
    assert_eq!(order, vec![0, 1, 2, 3, 0]);
}

#[test]
fn the_discard_pile_is_reshuffled_into_a_new_draw_pile_when_it_runs_out() {
    let mut s = fresh(2, 9);
    s.apply_chance();
    let s = s.edited(|s| {
        let mut rest = std::mem::take(&mut s.pile);
        s.discard.append(&mut rest);
    });
    assert_eq!(s.pile_count(), 0);
    let mut next = to_move(&s);
    next = allowed(&next, 0, Action::Stay);
    let before = next.discard().len();
    next.apply_chance();
    assert_eq!(next.hand(1).len(), 4);
    assert!(next.discard().is_empty());
    assert_eq!(next.pile_count(), before - 1);
    next.check_invariants().unwrap();
}

#[test]
fn same_seed_same_actions_same_game() {
    let play = || {
        let mut s = fresh(3, 77);
        let mut rng = GameRng::new(5);
        for _ in 0..300 {
            match s.to_act() {
                ToAct::Over => break,
                ToAct::Chance => s.apply_chance(),
                ToAct::Seats(seats) => {
                    let legal = s.legal_actions(seats[0]);
                    let a = legal[rng.below(legal.len())];
                    s.apply(seats[0], &a).unwrap();
                }
            }
        }
        ron::to_string(&s).unwrap()
    };
    assert_eq!(play(), play());
}

#[test]
fn every_action_has_a_description() {
    let s = playing(2, &[Card::Skeleton, Card::Padlock, Card::Slide, Card::Wand]);
    for a in s.legal_actions(0) {
        assert!(s.action_to_string(0, &a).starts_with("Player 1 "));
    }
}

#[test]
fn the_players_colours_are_kept_in_the_setup_and_change_no_rule() {
    let setup = Setup {
        hues: Some(vec![Hue::Cyan, Hue::Black]),
        ..Setup::new(2, 5)
    };
    // The same game as with the table's own colours.
    assert_eq!(IceCastle::new(&setup).unwrap(), fresh(2, 5));
    // Kept when saved, and an older save without them still reads.
    let text = ron::to_string(&setup).unwrap();
    assert_eq!(ron::from_str::<Setup>(&text).unwrap(), setup);
    let older = ron::to_string(&Setup::new(2, 5)).unwrap();
    assert!(!older.contains("hues"), "{older}");
    assert_eq!(ron::from_str::<Setup>(&older).unwrap(), Setup::new(2, 5));
    // One colour each, all different.
    for hues in [vec![Hue::Cyan], vec![Hue::Cyan, Hue::Cyan]] {
        let bad = Setup {
            hues: Some(hues),
            ..Setup::new(2, 5)
        };
        assert!(IceCastle::new(&bad).is_err());
    }
}

#[test]
fn a_position_with_another_castle_or_seat_count_is_refused_not_panicked_on() {
    // Nine seats once overflowed the check's own shift; a castle one row deep made the first step
    // a win; a winner not at the table.
    let s = fresh(2, 1);
    type Edit = fn(&mut IceCastle);
    let broken: [(&str, Edit); 4] = [
        ("takes 2 to 4 seats, not 9", |s| s.players = 9),
        ("not the one for 2 players", |s| (s.rows, s.cols) = (1, 40)),
        ("not the one for 2 players", |s| s.sides[1] = s.sides[0]),
        ("winner", |s| s.winner = Some(99)),
    ];
    crate::refusals::each_refused(&s, &broken, |s| s.check_invariants());
}
