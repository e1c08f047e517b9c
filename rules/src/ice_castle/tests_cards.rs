//! Ice Castle tests: Keys, Skeleton Keys, Padlocks and Axes, with their limits.

use super::tests::*;
use super::*;

pub(super) const RED: Card = Card::Key(Colour::Red);
const BLUE: Card = Card::Key(Colour::Blue);
pub(super) const SK: Card = Card::Skeleton;

/// Seat 0 to play `hand`; a closed red tile at B2 and an open red tile at C2.
fn doors(hand: &[Card]) -> IceCastle {
    playing(2, hand).edited(|s| {
        set_tile(s, c(1, 1), Colour::Red, TileKind::Plain, false);
        set_tile(s, c(1, 2), Colour::Red, TileKind::Plain, true);
    })
}

#[test]
fn a_key_opens_a_door_of_its_colour_and_goes_to_the_discard() {
    let s = doors(&[RED, SK, SK, SK]);
    let s = allowed(
        &s,
        0,
        Action::Open {
            card: RED,
            tile: c(1, 1),
        },
    );
    assert!(s.tile(c(1, 1)).unwrap().open);
    assert_eq!(s.discard_top(), Some(RED));
    assert!(!s.hand(0).contains(&RED));
}

#[test]
fn opening_a_face_down_tile_reveals_what_it_hides() {
    let s = playing(2, &[SK; 4]);
    let cell = c(3, 3);
    assert!(!s.tile(cell).unwrap().revealed);
    assert_eq!(s.view(1).tile(cell).unwrap().kind, None);
    let s = allowed(
        &s,
        0,
        Action::Open {
            card: SK,
            tile: cell,
        },
    );
    assert_eq!(
        s.view(1).tile(cell).unwrap().kind,
        Some(s.tile(cell).unwrap().kind)
    );
}

#[test]
fn a_key_closes_a_door_of_its_colour() {
    let s = doors(&[RED, SK, SK, SK]);
    let s = allowed(
        &s,
        0,
        Action::Close {
            card: RED,
            tile: c(1, 2),
        },
    );
    assert!(!s.tile(c(1, 2)).unwrap().open);
    assert_eq!(s.discard_top(), Some(RED), "the key goes to the discard");
}

#[test]
fn a_key_fits_only_doors_of_its_colour() {
    let s = doors(&[BLUE, SK, SK, SK]);
    refused(
        &s,
        0,
        Action::Open {
            card: BLUE,
            tile: c(1, 1),
        },
        "only opens or closes blue doors",
    );
    refused(
        &s,
        0,
        Action::Close {
            card: BLUE,
            tile: c(1, 2),
        },
        "only opens or closes blue doors",
    );
    refused(
        &s,
        0,
        Action::Open {
            card: RED,
            tile: c(1, 1),
        },
        "you hold no Red Key",
    );
}

#[test]
fn only_keys_open_and_close_doors() {
    let s = doors(&[Card::Padlock, SK, SK, SK]);
    refused(
        &s,
        0,
        Action::Open {
            card: Card::Padlock,
            tile: c(1, 1),
        },
        "cannot open or close doors",
    );
}

#[test]
fn an_open_door_cannot_be_opened_nor_a_closed_one_closed() {
    let s = doors(&[RED, SK, SK, SK]);
    refused(
        &s,
        0,
        Action::Open {
            card: RED,
            tile: c(1, 2),
        },
        "already open",
    );
    refused(
        &s,
        0,
        Action::Close {
            card: RED,
            tile: c(1, 1),
        },
        "already closed",
    );
}

#[test]
fn no_door_is_closed_while_a_character_stands_on_it() {
    let s = doors(&[RED, SK, SK, SK]).edited(|s| s.characters[1] = Some(c(1, 2)));
    refused(
        &s,
        0,
        Action::Close {
            card: RED,
            tile: c(1, 2),
        },
        "character stands on it",
    );
    refused(
        &s,
        0,
        Action::Close {
            card: SK,
            tile: c(1, 2),
        },
        "character stands on it",
    );
}

#[test]
fn a_skeleton_key_opens_or_closes_a_door_of_any_colour() {
    let s = playing(2, &[SK, SK, SK, SK]).edited(|s| {
        set_tile(s, c(2, 2), Colour::Green, TileKind::Plain, false);
        set_tile(s, c(2, 3), Colour::Yellow, TileKind::Plain, true);
    });
    let opened = allowed(
        &s,
        0,
        Action::Open {
            card: SK,
            tile: c(2, 2),
        },
    );
    assert!(opened.tile(c(2, 2)).unwrap().open);
    let closed = allowed(
        &s,
        0,
        Action::Close {
            card: SK,
            tile: c(2, 3),
        },
    );
    assert!(!closed.tile(c(2, 3)).unwrap().open);
    assert_eq!(closed.discard_top(), Some(SK));
}

#[test]
fn a_skeleton_key_removes_a_padlock_and_the_door_stays_as_it_was() {
    let s = doors(&[SK, RED, RED, RED]).edited(|s| {
        s.pile.retain({
            let mut taken = 0;
            move |&c| {
                let take = c == Card::Padlock && taken < 2;
                taken += usize::from(take);
                !take
            }
        });
        s.tile_mut(c(1, 1)).padlock = true;
        s.tile_mut(c(1, 2)).padlock = true;
    });
    let a = allowed(&s, 0, Action::Unlock { tile: c(1, 1) });
    let t = a.tile(c(1, 1)).unwrap();
    assert!(!t.padlock && !t.open, "a closed door stays closed");
    assert_eq!(&a.discard()[a.discard().len() - 2..], &[Card::Padlock, SK]);
    let b = allowed(&s, 0, Action::Unlock { tile: c(1, 2) });
    let t = b.tile(c(1, 2)).unwrap();
    assert!(!t.padlock && t.open, "an open door stays open");
    refused(&s, 0, Action::Unlock { tile: c(3, 3) }, "no padlock");
    let no_skeleton = doors(&[RED; 4]).edited(|s| {
        let i = s.pile.iter().position(|&c| c == Card::Padlock).unwrap();
        s.pile.remove(i);
        s.tile_mut(c(1, 1)).padlock = true;
    });
    refused(
        &no_skeleton,
        0,
        Action::Unlock { tile: c(1, 1) },
        "you hold no Skeleton Key",
    );
}

/// `s` with a padlock (taken from the pile) on `cell`.
pub(super) fn padlocked(s: &IceCastle, cell: Cell) -> IceCastle {
    s.edited(|s| {
        let i = s.pile.iter().position(|&c| c == Card::Padlock).unwrap();
        s.pile.remove(i);
        let at = s.index(cell);
        s.tiles[at].padlock = true;
    })
}

#[test]
fn padlocks_go_on_open_or_closed_doors_and_stay_on_the_castle() {
    let s = doors(&[Card::Padlock, Card::Padlock, SK, SK]);
    let a = allowed(&s, 0, Action::Padlock { tile: c(1, 1) });
    assert!(a.tile(c(1, 1)).unwrap().padlock);
    assert_eq!(a.discard_top(), None, "the padlock lies on the door");
    let b = allowed(&s, 0, Action::Padlock { tile: c(1, 2) });
    assert!(b.tile(c(1, 2)).unwrap().padlock && b.tile(c(1, 2)).unwrap().open);
}

#[test]
fn padlocks_cannot_be_stacked() {
    let s = padlocked(&doors(&[Card::Padlock, SK, SK, SK]), c(1, 1));
    refused(
        &s,
        0,
        Action::Padlock { tile: c(1, 1) },
        "cannot be stacked",
    );
}

#[test]
fn a_padlocked_door_cannot_be_opened_or_closed() {
    let s = padlocked(&padlocked(&doors(&[RED, SK, SK, SK]), c(1, 1)), c(1, 2));
    refused(
        &s,
        0,
        Action::Open {
            card: RED,
            tile: c(1, 1),
        },
        "padlocked",
    );
    refused(
        &s,
        0,
        Action::Open {
            card: SK,
            tile: c(1, 1),
        },
        "padlocked",
    );
    refused(
        &s,
        0,
        Action::Close {
            card: SK,
            tile: c(1, 2),
        },
        "padlocked",
    );
}

#[test]
fn a_padlock_blocks_the_way_even_through_an_open_door() {
    let s = padlocked(&doors(&[SK; 4]), c(1, 2)).edited(|s| {
        open_plain(s, &[c(0, 2)]);
        s.characters[0] = Some(c(0, 2));
    });
    refused(
        &to_move(&s),
        0,
        Action::Move { to: c(1, 2) },
        "padlock blocks",
    );
}

#[test]
fn no_padlock_on_a_door_a_character_stands_on() {
    let s = doors(&[Card::Padlock, SK, SK, SK]).edited(|s| s.characters[1] = Some(c(1, 2)));
    refused(
        &s,
        0,
        Action::Padlock { tile: c(1, 2) },
        "character stands on it",
    );
}

/// Seat 0 to play `hand`; a revealed frozen red door at C4, open side up.
fn frozen(hand: &[Card]) -> IceCastle {
    playing(2, hand).edited(|s| {
        set_tile(s, c(3, 2), Colour::Red, TileKind::Frozen, true);
        open_plain(s, &[c(2, 2)]);
        s.characters[0] = Some(c(2, 2));
    })
}

#[test]
fn a_frozen_door_cannot_be_passed_until_an_axe_opens_it() {
    let s = frozen(&[Card::Axe, SK, SK, SK]);
    refused(&to_move(&s), 0, Action::Move { to: c(3, 2) }, "frozen door");
    let axed = allowed(&s, 0, Action::Axe { tile: c(3, 2) });
    assert!(axed.tile(c(3, 2)).unwrap().axed);
    allowed(&axed, 0, Action::Move { to: c(3, 2) });
}

#[test]
fn an_axe_stays_on_its_door_and_the_door_cannot_be_closed() {
    let s = frozen(&[Card::Axe, RED, SK, SK]);
    let mut axed = allowed(&s, 0, Action::Axe { tile: c(3, 2) });
    assert_eq!(axed.discard_top(), None, "the Axe stays on the door");
    axed = idle_turn(&pass_turn(&axed));
    let axed = axed.edited(|s| set_hand(s, 0, &[RED, SK, BLUE, BLUE]));
    refused(
        &axed,
        0,
        Action::Close {
            card: RED,
            tile: c(3, 2),
        },
        "stays open for good",
    );
    refused(
        &axed,
        0,
        Action::Close {
            card: SK,
            tile: c(3, 2),
        },
        "stays open for good",
    );
}

#[test]
fn a_second_axe_cannot_go_on_a_door_already_axed() {
    let s = frozen(&[Card::Axe, SK, SK, SK]);
    let mut axed = allowed(&s, 0, Action::Axe { tile: c(3, 2) });
    axed = idle_turn(&pass_turn(&axed));
    let axed = axed.edited(|s| set_hand(s, 0, &[Card::Axe, SK, SK, SK]));
    refused(
        &axed,
        0,
        Action::Axe { tile: c(3, 2) },
        "already keeps that door open",
    );
}

#[test]
fn an_axed_frozen_door_can_still_be_padlocked() {
    let s = frozen(&[Card::Axe, Card::Padlock, SK, SK]);
    let mut axed = allowed(&s, 0, Action::Axe { tile: c(3, 2) });
    axed = idle_turn(&pass_turn(&axed));
    let axed = axed.edited(|s| set_hand(s, 0, &[Card::Padlock, SK, SK, SK]));
    let locked = allowed(&axed, 0, Action::Padlock { tile: c(3, 2) });
    assert!(!locked.passable(c(3, 2)));
}

#[test]
fn an_axe_cannot_open_a_padlock() {
    let s = padlocked(&frozen(&[Card::Axe, SK, SK, SK]), c(3, 2));
    refused(
        &s,
        0,
        Action::Axe { tile: c(3, 2) },
        "cannot open a padlock",
    );
}

#[test]
fn an_axe_only_opens_a_door_known_to_be_frozen() {
    // The other frozen door lies face down at f1: frozen, but nobody knows it yet.
    let s = frozen(&[Card::Axe, SK, SK, SK]).edited(|s| {
        let colour = s
            .tiles
            .iter()
            .chain(&s.unused)
            .find(|t| t.kind == TileKind::Frozen && !t.revealed)
            .expect("a second frozen door")
            .colour;
        set_tile(s, c(6, 0), colour, TileKind::Frozen, false);
        s.tile_mut(c(6, 0)).revealed = false;
    });
    let hidden = s.tile(c(6, 0)).unwrap();
    assert!(hidden.kind == TileKind::Frozen && !hidden.revealed);
    refused(&s, 0, Action::Axe { tile: c(2, 2) }, "known to be frozen");
    refused(&s, 0, Action::Axe { tile: c(6, 0) }, "known to be frozen");
}

#[test]
fn an_axe_also_opens_a_known_frozen_door_that_was_closed_again() {
    let s = frozen(&[Card::Axe, SK, SK, SK]).edited(|s| s.tile_mut(c(3, 2)).open = false);
    let axed = allowed(&s, 0, Action::Axe { tile: c(3, 2) });
    let t = axed.tile(c(3, 2)).unwrap();
    assert!(t.open && t.axed && axed.passable(c(3, 2)));
}

#[test]
fn a_revealed_frozen_door_can_be_closed_and_reopened_with_keys_but_not_passed_until_axed() {
    let s = frozen(&[RED, SK, SK, SK]);
    let closed = allowed(
        &s,
        0,
        Action::Close {
            card: RED,
            tile: c(3, 2),
        },
    );
    let t = closed.tile(c(3, 2)).unwrap();
    assert!(!t.open && t.revealed);
    assert_eq!(
        closed.view(1).tile(c(3, 2)).unwrap().kind,
        Some(TileKind::Frozen),
        "it stays known to be frozen"
    );
    refused(&closed, 0, Action::Move { to: c(3, 2) }, "closed");
    let again = idle_turn(&pass_turn(&closed)).edited(|s| set_hand(s, 0, &[RED, SK, SK, SK]));
    assert_eq!((again.current(), again.phase()), (0, Phase::Play));
    let reopened = allowed(
        &again,
        0,
        Action::Open {
            card: RED,
            tile: c(3, 2),
        },
    );
    assert!(reopened.tile(c(3, 2)).unwrap().open);
    refused(
        &reopened,
        0,
        Action::Move { to: c(3, 2) },
        "frozen door cannot be passed",
    );
    let by_skeleton = allowed(
        &again,
        0,
        Action::Open {
            card: SK,
            tile: c(3, 2),
        },
    );
    assert!(!by_skeleton.passable(c(3, 2)));
}

#[test]
fn a_padlock_may_go_on_a_revealed_frozen_door_not_yet_axed() {
    let s = frozen(&[Card::Padlock, SK, SK, SK]);
    let locked = allowed(&s, 0, Action::Padlock { tile: c(3, 2) });
    let t = locked.tile(c(3, 2)).unwrap();
    assert!(t.padlock && !t.axed && t.open);
    assert_eq!(locked.discard_top(), None, "the padlock lies on the door");
    let closed = s.edited(|s| s.tile_mut(c(3, 2)).open = false);
    let locked = allowed(&closed, 0, Action::Padlock { tile: c(3, 2) });
    assert!(locked.tile(c(3, 2)).unwrap().padlock);
}
