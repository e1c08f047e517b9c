//! The pieces of Ice Castle: door tiles, draw cards, cells of the castle and the sides of the table.

use serde::{Deserialize, Serialize};

use crate::{Hue, Seat};

/// Number of door tiles in the box.
pub const TILES: usize = 40;
/// Number of draw cards in the box.
pub const CARDS: usize = 54;

/// A door colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Yellow,
    Green,
    Blue,
}

impl Colour {
    /// The four door colours.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue];

    /// The colour's name for players.
    pub fn name(self) -> &'static str {
        self.hue().name()
    }

    /// The table colour to draw it with (shared with the pyramid games, so markings match).
    pub fn hue(self) -> Hue {
        match self {
            Colour::Red => Hue::Red,
            Colour::Yellow => Hue::Yellow,
            Colour::Green => Hue::Green,
            Colour::Blue => Hue::Blue,
        }
    }
}

/// What the open side of a door tile shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TileKind {
    /// Plain open doors: pass freely.
    Plain,
    /// Frozen doors: impassable until an Axe opens them for good.
    Frozen,
    /// Open doors, and a bonus open or close (any colour) for each player who steps on it, once.
    ExtraKey,
    /// Open doors, and a bonus turn for each player who steps on it, once.
    ExtraTurn,
}

impl TileKind {
    /// The kind's name for players.
    pub fn name(self) -> &'static str {
        match self {
            TileKind::Plain => "open door",
            TileKind::Frozen => "frozen door",
            TileKind::ExtraKey => "Extra Key door",
            TileKind::ExtraTurn => "Extra Turn door",
        }
    }
}

/// One door tile as it lies on the castle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tile {
    /// Colour of the door (shown on both sides; Keys must match it).
    pub colour: Colour,
    /// What the open side shows (secret until the tile is first opened).
    pub kind: TileKind,
    /// Open side up.
    pub open: bool,
    /// Opened at least once, so everyone knows its kind.
    pub revealed: bool,
    /// A Padlock card lies on it.
    pub padlock: bool,
    /// An Axe card lies on it (a frozen door opened for good).
    pub axed: bool,
    /// Seats (bit per seat) that have claimed its bonus.
    pub bonus_used: u8,
}

impl Tile {
    /// A tile closed side up, as dealt.
    pub fn new(colour: Colour, kind: TileKind) -> Self {
        Tile {
            colour,
            kind,
            open: false,
            revealed: false,
            padlock: false,
            axed: false,
            bonus_used: 0,
        }
    }

    /// Whether a character may stand on it: face up, not frozen over (unless axed), no padlock.
    pub fn passable(&self) -> bool {
        self.open && !self.padlock && (self.kind != TileKind::Frozen || self.axed)
    }

    /// Whether `seat` has claimed this tile's bonus.
    pub fn bonus_used(&self, seat: Seat) -> bool {
        seat < 8 && self.bonus_used & (1 << seat) != 0
    }

    pub(super) fn use_bonus(&mut self, seat: Seat) {
        if seat < 8 {
            self.bonus_used |= 1 << seat;
        }
    }
}

/// All 40 door tiles, closed side up: per colour 6 open, 2 frozen, 1 Extra Key, 1 Extra Turn.
pub fn full_tiles() -> Vec<Tile> {
    let mut out = Vec::with_capacity(TILES);
    for colour in Colour::ALL {
        for (kind, n) in [
            (TileKind::Plain, 6),
            (TileKind::Frozen, 2),
            (TileKind::ExtraKey, 1),
            (TileKind::ExtraTurn, 1),
        ] {
            out.extend(std::iter::repeat_n(Tile::new(colour, kind), n));
        }
    }
    out
}

/// A draw card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Card {
    /// Opens or closes a door of its colour.
    Key(Colour),
    /// Opens or closes any door, or removes a padlock.
    Skeleton,
    /// Locks a door as it is, and blocks passage through it.
    Padlock,
    /// A permanent diagonal passage between two tiles.
    Slide,
    /// Opens a frozen door for good.
    Axe,
    /// Holds an opponent's character for two of its turns.
    Freeze,
    /// Moves an opponent's character one tile.
    Wand,
}

impl Card {
    /// Every kind of card, in order.
    pub const KINDS: [Card; 10] = [
        Card::Key(Colour::Red),
        Card::Key(Colour::Yellow),
        Card::Key(Colour::Green),
        Card::Key(Colour::Blue),
        Card::Skeleton,
        Card::Padlock,
        Card::Slide,
        Card::Axe,
        Card::Freeze,
        Card::Wand,
    ];

    /// How many of this card the box holds.
    pub fn copies(self) -> usize {
        match self {
            Card::Key(_) => 7,
            Card::Skeleton => 10,
            Card::Padlock => 6,
            Card::Slide => 5,
            Card::Axe => 3,
            Card::Freeze | Card::Wand => 1,
        }
    }

    /// The card's name for players.
    pub fn name(self) -> String {
        match self {
            Card::Key(c) => format!("{} Key", c.name()),
            Card::Skeleton => "Skeleton Key".into(),
            Card::Padlock => "Padlock".into(),
            Card::Slide => "Ice Slide".into(),
            Card::Axe => "Axe".into(),
            Card::Freeze => "Freeze".into(),
            Card::Wand => "Magic Wand".into(),
        }
    }

    /// Whether it can open or close `colour` doors.
    pub fn fits(self, colour: Colour) -> bool {
        match self {
            Card::Key(c) => c == colour,
            Card::Skeleton => true,
            _ => false,
        }
    }
}

/// All 54 draw cards, sorted.
pub fn full_deck() -> Vec<Card> {
    let mut out = Vec::with_capacity(CARDS);
    for card in Card::KINDS {
        out.extend(std::iter::repeat_n(card, card.copies()));
    }
    out
}

/// A square of the castle: row 0 is on the South side, column 0 on the West side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    /// Row from the South side, from 0.
    pub row: u8,
    /// Column from the West side, from 0.
    pub col: u8,
}

impl Cell {
    /// The cell at `row` (from the South) and `col` (from the West).
    pub fn new(row: u8, col: u8) -> Self {
        Cell { row, col }
    }

    /// A name for players: column letter from the West, row number from the South ("B3").
    pub fn name(self) -> String {
        let col = (b'A' + self.col.min(25)) as char;
        format!("{col}{}", self.row as u32 + 1)
    }

    /// Whether `other` touches this cell corner to corner.
    pub fn is_diagonal_to(self, other: Cell) -> bool {
        self.row.abs_diff(other.row) == 1 && self.col.abs_diff(other.col) == 1
    }
}

/// A side of the castle, where a seat starts and enters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    South,
    West,
    North,
    East,
}

impl Side {
    /// The side's name for players.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::West => "West",
            Side::North => "North",
            Side::East => "East",
        }
    }

    /// Whether `cell` is on the row (or column) nearest this side: where its character enters.
    pub fn is_entry(self, cell: Cell, rows: u8, cols: u8) -> bool {
        match self {
            Side::South => cell.row == 0,
            Side::North => cell.row + 1 == rows,
            Side::West => cell.col == 0,
            Side::East => cell.col + 1 == cols,
        }
    }

    /// Whether `cell` is on the last row opposite this side: the goal.
    pub fn is_goal(self, cell: Cell, rows: u8, cols: u8) -> bool {
        self.opposite().is_entry(cell, rows, cols)
    }

    /// The side across the castle.
    pub fn opposite(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
            Side::West => Side::East,
            Side::East => Side::West,
        }
    }
}
