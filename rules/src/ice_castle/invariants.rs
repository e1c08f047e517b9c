//! Ice Castle invariants: every one of the 54 cards and 40 tiles accounted for, and a sane board.

use std::collections::BTreeMap;

use super::{
    CARDS, Card, HAND_MAX, HAND_START, IceCastle, Phase, TILES, TileKind, full_deck, full_tiles,
};

pub(super) fn check(s: &IceCastle) -> Result<(), String> {
    // The castle and seats the rules set up for the number of players (a position may hold
    // anything, and the checks below index by seat).
    if let Some(why) = crate::GameKind::IceCastle.refuse_seats(s.players) {
        return Err(why);
    }
    let (rows, cols, sides) =
        super::layout(s.players).ok_or_else(|| "no castle for that many players".to_string())?;
    if (s.rows, s.cols, &s.sides) != (rows, cols, &sides) {
        return Err(format!(
            "a {}x{} castle entered from {:?} is not the one for {} players",
            s.cols, s.rows, s.sides, s.players
        ));
    }
    if s.winner.is_some_and(|w| w >= s.players) {
        return Err("the winner is not at the table".into());
    }
    cards(s)?;
    tiles(s)?;
    hands(s)?;
    board(s)?;
    turn(s)
}

/// Where every card is: pile, discard, hands, or lying on the castle (padlocks, slides, axes, freeze).
fn cards(s: &IceCastle) -> Result<(), String> {
    let mut seen: BTreeMap<Card, usize> = BTreeMap::new();
    let mut add = |card: Card, n: usize| *seen.entry(card).or_default() += n;
    for &c in s
        .pile
        .iter()
        .chain(&s.discard)
        .chain(s.hands.iter().flatten())
    {
        add(c, 1);
    }
    add(Card::Padlock, s.tiles.iter().filter(|t| t.padlock).count());
    add(Card::Axe, s.tiles.iter().filter(|t| t.axed).count());
    add(Card::Slide, s.slides.len());
    add(Card::Freeze, usize::from(s.freeze.is_some()));
    let total: usize = seen.values().sum();
    let mut want: BTreeMap<Card, usize> = BTreeMap::new();
    for c in full_deck() {
        *want.entry(c).or_default() += 1;
    }
    if total != CARDS || seen != want {
        return Err(format!(
            "cards not accounted for: {total} found, by kind {seen:?}"
        ));
    }
    if s.pile.windows(2).any(|w| w[0] > w[1]) {
        return Err("the draw pile is not kept unordered (sorted)".into());
    }
    Ok(())
}

fn tiles(s: &IceCastle) -> Result<(), String> {
    if s.tiles.len() != s.rows as usize * s.cols as usize {
        return Err(format!(
            "{} tiles on a {}x{} castle",
            s.tiles.len(),
            s.cols,
            s.rows
        ));
    }
    let mut all: Vec<_> = s
        .tiles
        .iter()
        .chain(&s.unused)
        .map(|t| (t.colour, t.kind))
        .collect();
    all.sort();
    let mut want: Vec<_> = full_tiles().iter().map(|t| (t.colour, t.kind)).collect();
    want.sort();
    if all.len() != TILES || all != want {
        return Err(format!("tiles not accounted for: {} found", all.len()));
    }
    for t in &s.unused {
        if t.open || t.revealed || t.padlock || t.axed || t.bonus_used != 0 {
            return Err("an unused tile has been played on".into());
        }
    }
    for (i, t) in s.tiles.iter().enumerate() {
        if t.open && !t.revealed {
            return Err(format!("tile {i} is open but not revealed"));
        }
        if t.axed && !(t.kind == TileKind::Frozen && t.open) {
            return Err(format!(
                "tile {i} carries an Axe but is not an open frozen door"
            ));
        }
        let bonus = matches!(t.kind, TileKind::ExtraKey | TileKind::ExtraTurn);
        if t.bonus_used != 0 && !(bonus && t.revealed) {
            return Err(format!("tile {i} has a bonus claimed but offers none"));
        }
        if t.bonus_used >> s.players != 0 {
            return Err(format!("tile {i} has a bonus claimed by no seat"));
        }
    }
    Ok(())
}

fn hands(s: &IceCastle) -> Result<(), String> {
    if s.hands.len() != s.players {
        return Err("hands do not match the seats".into());
    }
    for (seat, hand) in s.hands.iter().enumerate() {
        if hand.windows(2).any(|w| w[0] > w[1]) {
            return Err(format!("hand of seat {seat} is not sorted"));
        }
        let want = if seat == s.current && s.phase == Phase::Play {
            HAND_MAX
        } else {
            HAND_START
        };
        if hand.len() != want {
            return Err(format!(
                "seat {seat} holds {} in phase {:?}, not {want}",
                crate::words::count(hand.len() as i64, "card", "cards"),
                s.phase
            ));
        }
    }
    Ok(())
}

fn board(s: &IceCastle) -> Result<(), String> {
    if s.characters.len() != s.players || s.sides.len() != s.players || s.left_by.len() != s.players
    {
        return Err("characters or sides do not match the seats".into());
    }
    for seat in 0..s.players {
        if let (Some(_), Some(left)) = (s.character(seat), s.left_by(seat)) {
            return Err(format!(
                "character {seat} is in the castle but remembers leaving by {}",
                left.name()
            ));
        }
    }
    for (seat, at) in s.characters.iter().enumerate() {
        let Some(cell) = *at else { continue };
        if !s.contains(cell) {
            return Err(format!("character {seat} is off the board at {cell:?}"));
        }
        if !s.passable(cell) {
            return Err(format!("character {seat} stands on an impassable tile"));
        }
        if s.occupant(cell) != Some(seat) {
            return Err(format!("two characters share {}", cell.name()));
        }
        if s.winner != Some(seat) && s.is_goal(seat, cell) {
            return Err(format!("character {seat} reached its goal but has not won"));
        }
    }
    for (i, &(a, b)) in s.slides.iter().enumerate() {
        if !(s.contains(a) && s.contains(b) && a < b && a.is_diagonal_to(b)) {
            return Err(format!("bad ice slide {a:?}-{b:?}"));
        }
        if i > 0 && s.slides[i - 1] >= (a, b) {
            return Err("ice slides not sorted or repeated".into());
        }
        if s.has_slide(
            super::Cell::new(a.row, b.col),
            super::Cell::new(b.row, a.col),
        ) {
            return Err("two ice slides cross".into());
        }
    }
    if let Some(f) = s.freeze {
        if f.seat >= s.players || s.character(f.seat).is_none() {
            return Err("the Freeze card holds no character".into());
        }
        if !(1..=super::FREEZE_TURNS).contains(&f.turns_left) {
            return Err(format!("freeze has {} turns left", f.turns_left));
        }
    }
    Ok(())
}

fn turn(s: &IceCastle) -> Result<(), String> {
    if s.current >= s.players {
        return Err("no such current seat".into());
    }
    if s.winner.is_some() && s.phase != Phase::Over {
        return Err("someone won but the game goes on".into());
    }
    if s.turns > s.turn_limit {
        return Err("past the turn limit".into());
    }
    if s.phase == Phase::BonusKey {
        let on_key = s
            .character(s.current)
            .and_then(|c| s.tile(c))
            .is_some_and(|t| t.kind == TileKind::ExtraKey && !t.bonus_used(s.current));
        if !on_key {
            return Err("an Extra Key bonus pending off an unused Extra Key tile".into());
        }
    }
    Ok(())
}
