//! Ice Castle checks: whether an action is allowed now, and a reason a player understands if not.

use super::{Action, Card, Cell, IceCastle, Phase, TileKind};
use crate::{Refusal, Seat};

fn err<T, E: Refusal>(msg: &str) -> Result<T, E> {
    Err(E::because(|| msg))
}

/// A seat past the table (from a damaged save, it can be any number, the largest too).
fn no_seat<E: Refusal>(seat: Seat) -> E {
    E::because(|| format!("there is no seat {}", seat.saturating_add(1)))
}

fn may_act<E: Refusal>(s: &IceCastle, seat: Seat, action: &Action) -> Result<(), E> {
    if seat >= s.players {
        return Err(no_seat(seat));
    }
    match s.phase {
        Phase::Over => return err("the game is over"),
        Phase::Draw => return err("a card must be drawn first"),
        _ => {}
    }
    if seat != s.current {
        return Err(E::because(|| {
            format!("it is {}'s turn", IceCastle::seat_name(s.current))
        }));
    }
    if action.phase() == s.phase {
        return Ok(());
    }
    match (s.phase, action.phase()) {
        (Phase::Play, _) => err("play a card first (onto the castle or to the discard)"),
        (Phase::Move, Phase::Play) => err("you have already played your card this turn"),
        (Phase::Move, _) => {
            err("an Extra Key bonus comes only from stepping onto an Extra Key door")
        }
        (Phase::BonusKey, _) => err("use or skip your Extra Key bonus first"),
        _ => err("that is not possible now"),
    }
}

fn in_hand<E: Refusal>(s: &IceCastle, seat: Seat, card: Card) -> Result<(), E> {
    if s.hands[seat].contains(&card) {
        Ok(())
    } else {
        Err(E::because(|| format!("you hold no {}", card.name())))
    }
}

fn on_castle<E: Refusal>(s: &IceCastle, cell: Cell) -> Result<(), E> {
    if s.contains(cell) {
        Ok(())
    } else {
        Err(E::because(|| {
            format!("{} is not a tile of the castle", cell.name())
        }))
    }
}

fn can_open<E: Refusal>(s: &IceCastle, tile: Cell) -> Result<(), E> {
    on_castle(s, tile)?;
    let t = s.tiles[s.index(tile)];
    if t.padlock {
        return err(
            "a padlocked door cannot be opened or closed until a Skeleton Key removes the padlock",
        );
    }
    if t.open {
        return err("that door is already open");
    }
    Ok(())
}

fn can_close<E: Refusal>(s: &IceCastle, tile: Cell) -> Result<(), E> {
    on_castle(s, tile)?;
    let t = s.tiles[s.index(tile)];
    if t.padlock {
        return err(
            "a padlocked door cannot be opened or closed until a Skeleton Key removes the padlock",
        );
    }
    if !t.open {
        return err("that door is already closed");
    }
    if t.axed {
        return err("a frozen door opened with an Axe stays open for good");
    }
    if s.occupant(tile).is_some() {
        return err("you cannot close a door while a character stands on it");
    }
    Ok(())
}

fn key_fits<E: Refusal>(s: &IceCastle, card: Card, tile: Cell) -> Result<(), E> {
    let colour = s.tiles[s.index(tile)].colour;
    match card {
        Card::Key(c) if c != colour => Err(E::because(|| {
            format!(
                "{} only opens or closes {} doors; this door is {}",
                crate::words::a(&card.name()),
                c.name().to_lowercase(),
                colour.name().to_lowercase()
            )
        })),
        Card::Key(_) | Card::Skeleton => Ok(()),
        _ => Err(E::because(|| {
            format!(
                "{} cannot open or close doors; use a Key or a Skeleton Key",
                crate::words::a(&card.name())
            )
        })),
    }
}

/// Why `seat`'s character could not step to `to` now, if it could not.
fn step_ok<E: Refusal>(s: &IceCastle, seat: Seat, to: Cell) -> Result<(), E> {
    on_castle(s, to)?;
    match s.character(seat) {
        None if !s.is_entry(seat, to) => {
            return err("a character enters the castle through a door on the row nearest its side");
        }
        None if s.left_by(seat) == Some(to) => {
            return err(
                "your character stepped out by this door: it comes back in through a different one",
            );
        }
        Some(from) if from == to => return err("that is where the character already stands"),
        Some(from) if !s.neighbours(from).contains(&to) => {
            return err(
                "a character moves one tile forward, back, left or right (diagonally only along an ice slide)",
            );
        }
        _ => {}
    }
    let t = s.tiles[s.index(to)];
    if !t.open {
        return err("that door is closed");
    }
    if t.padlock {
        return err("a padlock blocks that door");
    }
    if t.kind == TileKind::Frozen && !t.axed {
        return err("a frozen door cannot be passed until an Axe opens it");
    }
    if s.occupant(to).is_some() {
        return err("only one character may stand on a tile");
    }
    Ok(())
}

pub(super) fn check<E: Refusal>(s: &IceCastle, seat: Seat, action: &Action) -> Result<(), E> {
    may_act(s, seat, action)?;
    if let Some(card) = action.card() {
        in_hand(s, seat, card)?;
    }
    match *action {
        Action::Open { card, tile } => {
            can_open(s, tile)?;
            key_fits(s, card, tile)
        }
        Action::Close { card, tile } => {
            can_close(s, tile)?;
            key_fits(s, card, tile)
        }
        Action::Unlock { tile } => {
            on_castle(s, tile)?;
            if s.tiles[s.index(tile)].padlock {
                Ok(())
            } else {
                err("there is no padlock on that door")
            }
        }
        Action::Padlock { tile } => {
            on_castle(s, tile)?;
            if s.tiles[s.index(tile)].padlock {
                return err("padlocks cannot be stacked: that door already has one");
            }
            if s.occupant(tile).is_some() {
                return err("you cannot padlock a door while a character stands on it");
            }
            Ok(())
        }
        Action::Slide { a, b } => {
            on_castle(s, a)?;
            on_castle(s, b)?;
            if !a.is_diagonal_to(b) {
                return err("an ice slide joins two tiles that touch corner to corner");
            }
            if a > b {
                return err("name an ice slide from its southern end");
            }
            if s.has_slide(a, b) {
                return err("an ice slide already joins those tiles");
            }
            let (c, d) = crossing(a, b);
            if s.has_slide(c, d) {
                return err("another ice slide already crosses that gap");
            }
            Ok(())
        }
        Action::Axe { tile } => {
            on_castle(s, tile)?;
            let t = s.tiles[s.index(tile)];
            if !(t.revealed && t.kind == TileKind::Frozen) {
                return err("an Axe only opens a door known to be frozen");
            }
            if t.axed {
                return err("an Axe already keeps that door open");
            }
            if t.padlock {
                return err("an Axe cannot open a padlock; only a Skeleton Key removes it");
            }
            Ok(())
        }
        Action::Freeze { seat: target } => {
            if target >= s.players {
                return Err(no_seat(target));
            }
            if target == seat {
                return err("you cannot freeze your own character");
            }
            if s.character(target).is_none() {
                return err("only a character inside the castle can be frozen");
            }
            Ok(())
        }
        Action::Wand { seat: target, to } => {
            if target >= s.players {
                return Err(no_seat(target));
            }
            if target == seat {
                return err("you cannot use the Magic Wand on yourself");
            }
            if s.character(target).is_none() {
                return err("the Magic Wand moves only a character inside the castle");
            }
            if s.is_frozen(target) {
                return err("a frozen character cannot be moved");
            }
            step_ok(s, target, to)
        }
        Action::Discard { .. } | Action::Stay | Action::SkipBonus => Ok(()),
        Action::Move { to } => {
            if s.is_frozen(seat) {
                return err("your character is frozen");
            }
            step_ok(s, seat, to)
        }
        Action::Exit => {
            if s.is_frozen(seat) {
                return err("your character is frozen");
            }
            if s.character(seat).is_none() {
                return err("your character is already outside the castle");
            }
            Ok(())
        }
        Action::BonusOpen { tile } => can_open(s, tile),
        Action::BonusClose { tile } => can_close(s, tile),
    }
}

/// The other diagonal of the 2x2 block an ice slide from `a` (lower) to `b` spans.
fn crossing(a: Cell, b: Cell) -> (Cell, Cell) {
    (Cell::new(a.row, b.col), Cell::new(b.row, a.col))
}
