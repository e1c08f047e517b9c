//! Ice Castle actions: what the seat to act may do, why an action is refused, and what it does.

use serde::{Deserialize, Serialize};

use super::check::check;
use super::{Card, Cell, FREEZE_TURNS, Freeze, IceCastle, Phase, TileKind};
use crate::{Refused, Seat};

/// One choice of the seat whose turn it is. Cards are named by kind (two Red Keys are the same play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Play a Key of the door's colour (or a Skeleton Key) to open the door at `tile`.
    Open { card: Card, tile: Cell },
    /// Play a Key of the door's colour (or a Skeleton Key) to close the door at `tile`.
    Close { card: Card, tile: Cell },
    /// Play a Skeleton Key to take the padlock off `tile` (the door stays open or closed as it was).
    Unlock { tile: Cell },
    /// Play a Padlock onto `tile`.
    Padlock { tile: Cell },
    /// Play an Ice Slide between the diagonal neighbours `a` and `b` (`a < b`; see [`Action::slide`]).
    Slide { a: Cell, b: Cell },
    /// Play an Axe onto the revealed frozen door at `tile`, opening it for good.
    Axe { tile: Cell },
    /// Play the Freeze card under the character of `seat`.
    Freeze { seat: Seat },
    /// Play the Magic Wand to move the character of `seat` one tile, to `to`.
    Wand { seat: Seat, to: Cell },
    /// Put a card on the discard pile without using it.
    Discard { card: Card },
    /// Move your character to `to` (entering the castle from your side, or one step inside it).
    Move { to: Cell },
    /// Step out of the castle, back to your starting side.
    Exit,
    /// Do not move this turn.
    Stay,
    /// Extra Key bonus: open the door at `tile`, any colour.
    BonusOpen { tile: Cell },
    /// Extra Key bonus: close the door at `tile`, any colour.
    BonusClose { tile: Cell },
    /// Leave the Extra Key bonus unused.
    SkipBonus,
}

impl Action {
    /// An Ice Slide between `a` and `b`, in either order.
    pub fn slide(a: Cell, b: Cell) -> Action {
        if a < b {
            Action::Slide { a, b }
        } else {
            Action::Slide { a: b, b: a }
        }
    }

    /// The card this action plays, if any.
    pub fn card(&self) -> Option<Card> {
        match *self {
            Action::Open { card, .. } | Action::Close { card, .. } | Action::Discard { card } => {
                Some(card)
            }
            Action::Unlock { .. } => Some(Card::Skeleton),
            Action::Padlock { .. } => Some(Card::Padlock),
            Action::Slide { .. } => Some(Card::Slide),
            Action::Axe { .. } => Some(Card::Axe),
            Action::Freeze { .. } => Some(Card::Freeze),
            Action::Wand { .. } => Some(Card::Wand),
            _ => None,
        }
    }

    pub(super) fn phase(&self) -> Phase {
        match self {
            Action::Move { .. } | Action::Exit | Action::Stay => Phase::Move,
            Action::BonusOpen { .. } | Action::BonusClose { .. } | Action::SkipBonus => {
                Phase::BonusKey
            }
            _ => Phase::Play,
        }
    }
}

pub(super) fn legal(s: &IceCastle, seat: Seat) -> Vec<Action> {
    if seat >= s.players || seat != s.current {
        return Vec::new();
    }
    let mut out = Vec::new();
    match s.phase {
        Phase::Draw | Phase::Over => return out,
        Phase::Play => play_candidates(s, seat, &mut out),
        Phase::Move => {
            out.push(Action::Stay);
            out.push(Action::Exit);
            out.extend(s.steps(seat).into_iter().map(|to| Action::Move { to }));
        }
        Phase::BonusKey => {
            out.push(Action::SkipBonus);
            for (tile, t) in s.cells().zip(&s.tiles) {
                if t.open {
                    out.push(Action::BonusClose { tile });
                } else {
                    out.push(Action::BonusOpen { tile });
                }
            }
        }
    }
    out.retain(|a| check::<Refused>(s, seat, a).is_ok());
    if !out.is_sorted() {
        out.sort();
        out.dedup();
    }
    out
}

/// The card plays `seat` could try, in the actions' order (by kind of action, then card, then
/// tile), each once; `legal` keeps those the rules allow.
fn play_candidates(s: &IceCastle, seat: Seat, out: &mut Vec<Action>) {
    let mut cards = s.hands[seat].clone();
    cards.sort_unstable();
    cards.dedup();
    let held = |card: Card| cards.contains(&card);
    let tiles = || s.cells().zip(&s.tiles);
    let keys = cards
        .iter()
        .filter(|c| matches!(c, Card::Key(_) | Card::Skeleton));
    for &card in keys.clone() {
        let fits = tiles().filter(|(_, t)| !t.padlock && !t.open && card.fits(t.colour));
        out.extend(fits.map(|(tile, _)| Action::Open { card, tile }));
    }
    for &card in keys {
        let fits = tiles().filter(|(_, t)| !t.padlock && t.open && card.fits(t.colour));
        out.extend(fits.map(|(tile, _)| Action::Close { card, tile }));
    }
    if held(Card::Skeleton) {
        let locked = tiles().filter(|(_, t)| t.padlock);
        out.extend(locked.map(|(tile, _)| Action::Unlock { tile }));
    }
    if held(Card::Padlock) {
        let free = tiles().filter(|(_, t)| !t.padlock);
        out.extend(free.map(|(tile, _)| Action::Padlock { tile }));
    }
    if held(Card::Slide) {
        for a in s.cells().filter(|a| a.row + 1 < s.rows) {
            for col in [a.col.checked_sub(1), Some(a.col + 1)]
                .into_iter()
                .flatten()
            {
                if col < s.cols {
                    out.push(Action::slide(a, Cell::new(a.row + 1, col)));
                }
            }
        }
    }
    if held(Card::Axe) {
        let frozen = tiles().filter(|(_, t)| t.revealed && t.kind == TileKind::Frozen);
        out.extend(frozen.map(|(tile, _)| Action::Axe { tile }));
    }
    if held(Card::Freeze) {
        out.extend((0..s.players).map(|seat| Action::Freeze { seat }));
    }
    if held(Card::Wand) {
        for target in (0..s.players).filter(|&t| t != seat) {
            out.extend(
                s.steps(target)
                    .into_iter()
                    .map(|to| Action::Wand { seat: target, to }),
            );
        }
    }
    out.extend(cards.iter().map(|&card| Action::Discard { card }));
}

fn take_card(s: &mut IceCastle, seat: Seat, card: Card) {
    if let Some(i) = s.hands[seat].iter().position(|&c| c == card) {
        s.hands[seat].remove(i);
    }
}

fn set_open(s: &mut IceCastle, tile: Cell, open: bool) {
    let t = s.tile_mut(tile);
    t.open = open;
    t.revealed |= open;
}

pub(super) fn apply(s: &mut IceCastle, seat: Seat, action: &Action) {
    if let Some(card) = action.card() {
        take_card(s, seat, card);
    }
    match *action {
        Action::Open { card, tile } | Action::Close { card, tile } => {
            set_open(s, tile, matches!(action, Action::Open { .. }));
            s.discard.push(card);
        }
        Action::Unlock { tile } => {
            s.tile_mut(tile).padlock = false;
            s.discard.push(Card::Padlock);
            s.discard.push(Card::Skeleton);
        }
        Action::Padlock { tile } => s.tile_mut(tile).padlock = true,
        Action::Slide { a, b } => {
            s.slides.push((a, b));
            s.slides.sort();
        }
        Action::Axe { tile } => {
            let t = s.tile_mut(tile);
            t.open = true;
            t.axed = true;
        }
        Action::Freeze { seat: target } => {
            s.freeze = Some(Freeze {
                seat: target,
                turns_left: FREEZE_TURNS,
            })
        }
        Action::Wand { seat: target, to } => {
            s.discard.push(Card::Wand);
            s.place(target, Some(to));
        }
        Action::Discard { card } => s.discard.push(card),
        Action::Move { to } => {
            s.place(seat, Some(to));
            s.after_move(true);
            return;
        }
        Action::Exit => {
            s.place(seat, None);
            s.after_move(false);
            return;
        }
        Action::Stay => {
            s.after_move(false);
            return;
        }
        Action::BonusOpen { tile } | Action::BonusClose { tile } => {
            set_open(s, tile, matches!(action, Action::BonusOpen { .. }));
            if let Some(at) = s.character(seat) {
                s.tile_mut(at).use_bonus(seat);
            }
            s.end_turn();
            return;
        }
        Action::SkipBonus => {
            s.end_turn();
            return;
        }
    }
    s.after_play();
}
