//! Hidden information: the castle as one seat sees it, and determinizations for search.
//!
//! Public: the board (a face-down tile shows only its colour), characters, the freeze, the discard
//! pile, the number of cards in each hand and in the pile. Secret: each hand, the pile's cards, and
//! what the face-down tiles hide.

use serde::{Deserialize, Serialize};

use super::{Card, Cell, Colour, Freeze, IceCastle, Phase, Side, TileKind};
use crate::{GameRng, Seat};

/// A tile as every player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TileView {
    /// Colour of the door (visible face down too).
    pub colour: Colour,
    /// What the open side shows, once the tile has been opened at least once.
    pub kind: Option<TileKind>,
    /// Open side up.
    pub open: bool,
    /// A Padlock lies on it.
    pub padlock: bool,
    /// An Axe lies on it (a frozen door open for good).
    pub axed: bool,
    /// Seats (bit per seat) that have claimed its bonus.
    pub bonus_used: u8,
}

impl TileView {
    /// Whether `seat` has claimed its bonus.
    pub fn bonus_used_by(&self, seat: Seat) -> bool {
        seat < 8 && self.bonus_used & (1 << seat) != 0
    }

    /// Whether a character may stand on it now.
    pub fn passable(&self) -> bool {
        self.open && !self.padlock && (self.kind != Some(TileKind::Frozen) || self.axed)
    }
}

/// The state of the game as one seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastleView {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// Number of seats.
    pub players: usize,
    /// Tile rows (North-South).
    pub rows: u8,
    /// Tile columns (West-East).
    pub cols: u8,
    /// Row-major, row 0 on the South side.
    pub tiles: Vec<TileView>,
    /// Ice slides, each by its two end cells (lower row first).
    pub slides: Vec<(Cell, Cell)>,
    /// The side each seat starts from.
    pub sides: Vec<Side>,
    /// `None`: off the castle at its own side.
    pub characters: Vec<Option<Cell>>,
    /// For a character that stepped out: the door it left by, which it may not re-enter by (everyone
    /// saw it go).
    pub left_by: Vec<Option<Cell>>,
    /// The Freeze card, while it holds a character.
    pub freeze: Option<Freeze>,
    /// This seat's own hand.
    pub hand: Vec<Card>,
    /// Cards in every seat's hand (this seat's included).
    pub hand_counts: Vec<usize>,
    /// Cards in the draw pile.
    pub pile_count: usize,
    /// Face up, top last.
    pub discard: Vec<Card>,
    /// The seat whose turn it is.
    pub current: Seat,
    /// The step of the current turn.
    pub phase: Phase,
    /// The turn under way is a bonus turn (earned on an Extra Turn door).
    pub bonus_turn: bool,
    /// Turns begun so far.
    pub turns: u32,
    /// Turns after which the game ends in a draw.
    pub turn_limit: u32,
    /// The winner, once someone has crossed.
    pub winner: Option<Seat>,
}

impl CastleView {
    /// The tile at `cell` as seen.
    pub fn tile(&self, cell: Cell) -> Option<&TileView> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| &self.tiles[cell.row as usize * self.cols as usize + cell.col as usize])
    }
}

impl IceCastle {
    /// The game as `seat` sees it: the public board plus its own hand.
    pub fn view(&self, seat: Seat) -> CastleView {
        CastleView {
            seat,
            players: self.players,
            rows: self.rows,
            cols: self.cols,
            tiles: self
                .tiles
                .iter()
                .map(|t| TileView {
                    colour: t.colour,
                    kind: t.revealed.then_some(t.kind),
                    open: t.open,
                    padlock: t.padlock,
                    axed: t.axed,
                    bonus_used: t.bonus_used,
                })
                .collect(),
            slides: self.slides.clone(),
            sides: self.sides.clone(),
            characters: self.characters.clone(),
            left_by: (0..self.players).map(|p| self.left_by(p)).collect(),
            freeze: self.freeze,
            hand: self.hand(seat).to_vec(),
            hand_counts: self.hands.iter().map(Vec::len).collect(),
            pile_count: self.pile.len(),
            discard: self.discard.clone(),
            current: self.current,
            phase: self.phase,
            bonus_turn: self.bonus_turn,
            turns: self.turns,
            turn_limit: self.turn_limit,
            winner: self.winner,
        }
    }
}

/// A copy of `s` that `seat` could not tell from the real one: the other hands re-dealt from the cards
/// it has not seen (pile and other hands), the face-down tiles' kinds re-shuffled within each colour
/// (unused tiles included), and the RNG re-seeded.
pub(super) fn determinize(s: &IceCastle, seat: Seat, seed: u64) -> IceCastle {
    let mut copy = s.clone();
    let mut rng = GameRng::new(seed);
    let mut unseen = std::mem::take(&mut copy.pile);
    for (other, hand) in copy.hands.iter_mut().enumerate() {
        if other != seat {
            unseen.append(hand);
        }
    }
    unseen.sort();
    for (other, hand) in copy.hands.iter_mut().enumerate() {
        if other == seat {
            continue;
        }
        let n = s.hands[other].len();
        for _ in 0..n {
            if let Some(card) = rng.take(&mut unseen) {
                hand.push(card);
            }
        }
        hand.sort();
    }
    copy.pile = unseen;
    for colour in super::Colour::ALL {
        let hidden = |t: &super::Tile| t.colour == colour && !t.revealed;
        let mut kinds: Vec<TileKind> = copy
            .tiles
            .iter()
            .chain(&copy.unused)
            .filter(|t| hidden(t))
            .map(|t| t.kind)
            .collect();
        // Sorted first, so the result depends only on what `seat` sees, not on the hidden layout.
        kinds.sort();
        rng.shuffle(&mut kinds);
        let mut next = kinds.into_iter();
        for t in copy.tiles.iter_mut().chain(copy.unused.iter_mut()) {
            if hidden(t)
                && let Some(kind) = next.next()
            {
                t.kind = kind;
            }
        }
    }
    copy.rng = GameRng::new(rng.next_u64());
    copy
}
