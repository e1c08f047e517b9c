//! Ice Castle: a race across a grid of face-down door tiles, opened and closed with secret cards.
//!
//! Each turn a seat draws up to 4 cards, plays exactly one (onto the castle or to the discard), then
//! may move its character one tile through open doors. The first character to stand on an open door
//! of the row opposite its starting side wins at once. Hands are secret: see [`IceCastle::view`] and
//! [`crate::Game::determinize`]. Choices the rulebook leaves open are written down in
//! `rules/design/ice-castle.md`.

mod actions;
mod ai;
pub mod bot;
mod check;
mod components;
mod flow;
mod invariants;
mod text;
mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_ai;
#[cfg(test)]
mod tests_battery;
#[cfg(test)]
mod tests_cards;
#[cfg(test)]
mod tests_hidden;
#[cfg(test)]
mod tests_moves;
#[cfg(test)]
mod tests_tiles;

use serde::{Deserialize, Serialize};

use crate::{GameRng, Hue, RuleError, Seat};

pub use actions::Action;
pub use components::{
    CARDS, Card, Cell, Colour, Side, TILES, Tile, TileKind, full_deck, full_tiles,
};
pub use view::{CastleView, TileView};

/// Cards each seat is dealt at the start.
pub const HAND_START: usize = 3;
/// A seat draws up to this many cards at the start of its turn.
pub const HAND_MAX: usize = 4;
/// Turns (all seats together, bonus turns included) after which an unfinished game ends in a draw.
pub const DEFAULT_TURN_LIMIT: u32 = 400;
/// Turns a character stays frozen: its owner's next two turns.
pub const FREEZE_TURNS: u8 = 2;

/// How to set up a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// 2 to 4 players.
    pub players: usize,
    /// Seed of the shuffles and of every draw.
    pub seed: u64,
    /// The colour of each seat's figure, as the players chose them (a save keeps them); the rules
    /// play the same whatever they are. `None` (and in older saves): the table's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hues: Option<Vec<Hue>>,
}

impl Setup {
    /// A game for `players` seats from `seed`.
    pub fn new(players: usize, seed: u64) -> Self {
        Setup {
            players,
            seed,
            hues: None,
        }
    }
}

/// Where a turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// The seat to act draws a card (a chance event).
    Draw,
    /// The seat to act plays exactly one card, onto the castle or to the discard.
    Play,
    /// The seat to act may move its character one tile.
    Move,
    /// The character just landed on an Extra Key tile: a bonus open or close of any colour (or skip).
    BonusKey,
    /// Someone won, or the turn limit ran out.
    Over,
}

/// The Freeze card lying under a character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Freeze {
    /// The frozen seat.
    pub seat: Seat,
    /// Turns of that seat still to be spent without moving.
    pub turns_left: u8,
}

/// The whole state of a game of Ice Castle (including what some seats may not see).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IceCastle {
    players: usize,
    rows: u8,
    cols: u8,
    /// Row-major, row 0 on the South side.
    tiles: Vec<Tile>,
    /// Tiles left out of a 3-4 player castle (face down, never used).
    unused: Vec<Tile>,
    /// Ice slides, each between two diagonal neighbours, the lower cell first; sorted.
    slides: Vec<(Cell, Cell)>,
    sides: Vec<Side>,
    /// `None`: off the castle, at its own side.
    characters: Vec<Option<Cell>>,
    /// For a character that stepped out of the castle: the tile it left by, which it may not come
    /// back in through ("re-enter ... through a different door").
    left_by: Vec<Option<Cell>>,
    freeze: Option<Freeze>,
    /// Each hand sorted.
    hands: Vec<Vec<Card>>,
    /// The draw pile, unordered (kept sorted): a draw takes a random card.
    pile: Vec<Card>,
    /// Face up, the top is last.
    discard: Vec<Card>,
    current: Seat,
    phase: Phase,
    /// The turn under way is a bonus turn, earned on an Extra Turn door at the end of the last.
    bonus_turn: bool,
    /// Turns begun so far, bonus turns included.
    turns: u32,
    turn_limit: u32,
    winner: Option<Seat>,
    rng: GameRng,
}

/// The castle for `players` seats: its rows and columns, and the side each seat enters from.
pub(super) fn layout(players: usize) -> Option<(u8, u8, Vec<Side>)> {
    match players {
        2 => Some((8, 5, vec![Side::South, Side::North])),
        3 => Some((6, 6, vec![Side::South, Side::West, Side::North])),
        4 => Some((6, 6, vec![Side::South, Side::West, Side::North, Side::East])),
        _ => None,
    }
}

impl IceCastle {
    /// A new game: tiles shuffled closed side up into the castle, 3 cards dealt to each seat.
    pub fn new(setup: &Setup) -> Result<Self, RuleError> {
        if let Some(why) = crate::GameKind::IceCastle.refuse_seats(setup.players) {
            return Err(RuleError::new(why));
        }
        let (rows, cols, sides) = layout(setup.players)
            .ok_or_else(|| RuleError::new("no castle for that many players"))?;
        if let Some(why) = setup
            .hues
            .as_ref()
            .and_then(|h| Hue::refuse(h, setup.players))
        {
            return Err(RuleError::new(why));
        }
        let mut rng = GameRng::new(setup.seed);
        let mut tiles = full_tiles();
        rng.shuffle(&mut tiles);
        let unused = tiles.split_off(rows as usize * cols as usize);
        let mut pile = full_deck();
        let mut hands = Vec::with_capacity(setup.players);
        for _ in 0..setup.players {
            let mut hand = Vec::with_capacity(HAND_MAX);
            for _ in 0..HAND_START {
                if let Some(card) = rng.take(&mut pile) {
                    hand.push(card);
                }
            }
            hand.sort();
            hands.push(hand);
        }
        let state = IceCastle {
            players: setup.players,
            rows,
            cols,
            tiles,
            unused,
            slides: Vec::new(),
            sides,
            characters: vec![None; setup.players],
            left_by: vec![None; setup.players],
            freeze: None,
            hands,
            pile,
            discard: Vec::new(),
            current: 0,
            phase: Phase::Draw,
            bonus_turn: false,
            turns: 1,
            turn_limit: DEFAULT_TURN_LIMIT,
            winner: None,
            rng,
        };
        Ok(state)
    }

    /// The same game with another turn limit (all seats' turns together; at least 1).
    pub fn with_turn_limit(mut self, limit: u32) -> Self {
        self.turn_limit = limit.max(1);
        self
    }

    /// Number of tile rows (North-South).
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Number of tile columns (West-East).
    pub fn cols(&self) -> u8 {
        self.cols
    }

    /// Every cell of the castle, row by row from the South.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| Cell { row, col }))
    }

    /// Whether `cell` is on the castle.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.row < self.rows && cell.col < self.cols
    }

    fn index(&self, cell: Cell) -> usize {
        cell.row as usize * self.cols as usize + cell.col as usize
    }

    /// The tile at `cell`, the whole truth: its kind shows even face down. Show players [`Self::view`].
    pub fn tile(&self, cell: Cell) -> Option<&Tile> {
        self.contains(cell).then(|| &self.tiles[self.index(cell)])
    }

    fn tile_mut(&mut self, cell: Cell) -> &mut Tile {
        let i = self.index(cell);
        &mut self.tiles[i]
    }

    /// Tiles left out of a 3-4 player castle.
    pub fn unused_tiles(&self) -> &[Tile] {
        &self.unused
    }

    /// Ice slides on the castle, each as its two end cells (lower row first).
    pub fn slides(&self) -> &[(Cell, Cell)] {
        &self.slides
    }

    /// Whether an ice slide joins `a` and `b`.
    pub fn has_slide(&self, a: Cell, b: Cell) -> bool {
        let key = if a < b { (a, b) } else { (b, a) };
        self.slides.binary_search(&key).is_ok()
    }

    /// The side `seat` starts from.
    pub fn side(&self, seat: Seat) -> Side {
        self.sides[seat]
    }

    /// Where `seat`'s character stands: `None` while it waits off the castle at its own side.
    pub fn character(&self, seat: Seat) -> Option<Cell> {
        self.characters.get(seat).copied().flatten()
    }

    /// The tile `seat`'s character stepped out of the castle by, while it stays out: it comes
    /// back in through a different door.
    pub fn left_by(&self, seat: Seat) -> Option<Cell> {
        self.left_by.get(seat).copied().flatten()
    }

    /// The seat whose character stands on `cell`, if any.
    pub fn occupant(&self, cell: Cell) -> Option<Seat> {
        self.characters.iter().position(|&c| c == Some(cell))
    }

    /// The Freeze card, while it holds a character.
    pub fn freeze(&self) -> Option<Freeze> {
        self.freeze
    }

    /// Whether `seat`'s character is frozen.
    pub fn is_frozen(&self, seat: Seat) -> bool {
        self.freeze.is_some_and(|f| f.seat == seat)
    }

    /// `seat`'s hand (secret from the other seats), sorted.
    pub fn hand(&self, seat: Seat) -> &[Card] {
        self.hands.get(seat).map_or(&[], |h| h.as_slice())
    }

    /// The discard pile, face up, its top last.
    pub fn discard(&self) -> &[Card] {
        &self.discard
    }

    /// The top card of the discard pile.
    pub fn discard_top(&self) -> Option<Card> {
        self.discard.last().copied()
    }

    /// Cards in the draw pile.
    pub fn pile_count(&self) -> usize {
        self.pile.len()
    }

    /// The seat whose turn it is.
    pub fn current(&self) -> Seat {
        self.current
    }

    /// The step of the current turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the turn under way is a bonus turn (earned on an Extra Turn door).
    pub fn bonus_turn(&self) -> bool {
        self.bonus_turn
    }

    /// Turns begun so far (bonus turns included).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// The turn limit after which the game ends in a draw.
    pub fn turn_limit(&self) -> u32 {
        self.turn_limit
    }

    /// The winner, once someone has crossed.
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }

    /// Whether a character can stand on `cell`: face up, not frozen over (unless axed), no padlock.
    pub fn passable(&self, cell: Cell) -> bool {
        self.tile(cell).is_some_and(Tile::passable)
    }

    /// Whether `cell` is on the row `seat` must reach.
    pub fn is_goal(&self, seat: Seat, cell: Cell) -> bool {
        self.sides[seat].is_goal(cell, self.rows, self.cols)
    }

    /// Whether `cell` is on the row by which `seat` enters the castle.
    pub fn is_entry(&self, seat: Seat, cell: Cell) -> bool {
        self.sides[seat].is_entry(cell, self.rows, self.cols)
    }

    /// Cells one step from `from`: orthogonal neighbours, and diagonal ones along an ice slide.
    pub fn neighbours(&self, from: Cell) -> Vec<Cell> {
        let mut out = Vec::with_capacity(8);
        for (dr, dc) in [
            (-1i8, 0i8),
            (1, 0),
            (0, -1),
            (0, 1),
            (-1, -1),
            (-1, 1),
            (1, -1),
            (1, 1),
        ] {
            let row = from.row as i16 + dr as i16;
            let col = from.col as i16 + dc as i16;
            if row < 0 || col < 0 {
                continue;
            }
            let to = Cell {
                row: row as u8,
                col: col as u8,
            };
            if !self.contains(to) {
                continue;
            }
            if dr != 0 && dc != 0 && !self.has_slide(from, to) {
                continue;
            }
            out.push(to);
        }
        out
    }

    /// Cells `seat`'s character could step to now, ignoring whose turn it is and any freeze:
    /// from its side onto a free open door of its entry row (not the one it stepped out by), or
    /// from its tile to a free open neighbour.
    pub fn steps(&self, seat: Seat) -> Vec<Cell> {
        let mut out: Vec<Cell> = match self.character(seat) {
            None => self
                .cells()
                .filter(|&c| self.is_entry(seat, c) && Some(c) != self.left_by(seat))
                .filter(|&c| self.passable(c) && self.occupant(c).is_none())
                .collect(),
            Some(from) => self
                .neighbours(from)
                .into_iter()
                .filter(|&c| self.passable(c) && self.occupant(c).is_none())
                .collect(),
        };
        out.sort();
        out
    }

    /// Make a position for tests and examples: `edit` changes anything, then the invariants must hold.
    #[cfg(test)]
    pub(crate) fn edited(&self, edit: impl FnOnce(&mut IceCastle)) -> IceCastle {
        let mut copy = self.clone();
        edit(&mut copy);
        if let Err(e) = crate::Game::check_invariants(&copy) {
            panic!("edited position breaks an invariant: {e}");
        }
        copy
    }

    fn seat_name(seat: Seat) -> String {
        format!("Player {}", seat.saturating_add(1))
    }
}
