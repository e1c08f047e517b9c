//! The Sprawl board: squares, directions, and what stands on each square (a tower or a branch).

use serde::{Deserialize, Serialize};

/// A square of the chessboard: `col` 0 is file "a", `row` 0 is rank "1".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

impl Square {
    /// The square at `col`, `row`.
    pub const fn new(col: u8, row: u8) -> Self {
        Square { col, row }
    }

    /// Chess-style name: "a1" is column 0, row 0.
    pub fn name(self) -> String {
        let file = (b'a' + self.col.min(25)) as char;
        format!("{file}{}", self.row as u32 + 1)
    }

    /// The direction from `self` to an orthogonally adjacent `other`, if it is one.
    pub fn dir_to(self, other: Square) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| {
            let (dc, dr) = d.delta();
            self.col as i16 + dc as i16 == other.col as i16
                && self.row as i16 + dr as i16 == other.row as i16
        })
    }
}

/// One of the four orthogonal directions a branch can point. North is toward higher rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    /// The four directions, clockwise from north.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// Column and row change of one step.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Dir::North => (0, 1),
            Dir::East => (1, 0),
            Dir::South => (0, -1),
            Dir::West => (-1, 0),
        }
    }

    /// The direction pointing the other way.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::East => Dir::West,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
        }
    }

    /// Lower-case name for players.
    pub fn name(self) -> &'static str {
        match self {
            Dir::North => "north",
            Dir::East => "east",
            Dir::South => "south",
            Dir::West => "west",
        }
    }
}

/// One pyramid: its owner (seat) and size in pips (1, 2 or 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub owner: u8,
    pub size: u8,
}

/// A stack of upright pyramids, bottom first; each piece is one size smaller than the one below.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tower {
    pub pieces: Vec<Piece>,
    /// Neutralized towers stay neutralized for the rest of the game.
    pub neutralized: bool,
}

impl Tower {
    /// The top piece (towers are never empty).
    pub fn top(&self) -> Piece {
        self.pieces
            .last()
            .copied()
            .unwrap_or(Piece { owner: 0, size: 0 })
    }

    /// The seat controlling the tower: the owner of its top piece.
    pub fn controller(&self) -> u8 {
        self.top().owner
    }

    /// Number of pieces in the tower.
    pub fn height(&self) -> usize {
        self.pieces.len()
    }

    /// Total pips in the tower.
    pub fn pips(&self) -> u32 {
        self.pieces.iter().map(|p| p.size as u32).sum()
    }

    /// Whether the tower holds a piece of `size`.
    pub fn has_size(&self, size: u8) -> bool {
        self.pieces.iter().any(|p| p.size == size)
    }
}

/// A pyramid lying on its side, pointing `dir`, attached to `source` and ultimately to the tower at `root`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch {
    pub owner: u8,
    pub size: u8,
    pub dir: Dir,
    /// The tower or branch this branch came off.
    pub source: Square,
    /// The tower whose sprawl this branch belongs to.
    pub root: Square,
    /// Pieces from the root tower to this branch: 1 for a branch laid off the tower itself.
    pub depth: u8,
}

/// What stands on a square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cell {
    Empty,
    Tower(Tower),
    Branch(Branch),
}

/// The chessboard and its contents, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    cols: u8,
    rows: u8,
    cells: Vec<Cell>,
}

impl Board {
    /// An empty board of `cols` x `rows` squares.
    pub fn new(cols: u8, rows: u8) -> Self {
        Board {
            cols,
            rows,
            cells: vec![Cell::Empty; cols as usize * rows as usize],
        }
    }

    /// Number of columns.
    pub fn cols(&self) -> u8 {
        self.cols
    }

    /// Number of rows.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Whether `sq` lies on the board.
    pub fn contains(&self, sq: Square) -> bool {
        sq.col < self.cols && sq.row < self.rows
    }

    fn index(&self, sq: Square) -> Option<usize> {
        self.contains(sq)
            .then(|| sq.row as usize * self.cols as usize + sq.col as usize)
    }

    /// The contents of `sq`, or `None` off the board.
    pub fn get(&self, sq: Square) -> Option<&Cell> {
        self.index(sq).map(|i| &self.cells[i])
    }

    pub(super) fn set(&mut self, sq: Square, cell: Cell) {
        if let Some(i) = self.index(sq) {
            self.cells[i] = cell;
        }
    }

    pub(super) fn tower_mut(&mut self, sq: Square) -> Option<&mut Tower> {
        let i = self.index(sq)?;
        match &mut self.cells[i] {
            Cell::Tower(t) => Some(t),
            _ => None,
        }
    }

    /// True when the board holds one cell per square (a board read from a file may not).
    pub fn is_whole(&self) -> bool {
        self.cells.len() == self.cols as usize * self.rows as usize
    }

    /// Every square, row by row from a1.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| Square { col, row }))
    }

    /// Squares with their contents, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Square, &Cell)> + '_ {
        self.squares().zip(self.cells.iter())
    }

    /// The tower on `sq`, if any.
    pub fn tower(&self, sq: Square) -> Option<&Tower> {
        match self.get(sq) {
            Some(Cell::Tower(t)) => Some(t),
            _ => None,
        }
    }

    /// The branch on `sq`, if any.
    pub fn branch(&self, sq: Square) -> Option<&Branch> {
        match self.get(sq) {
            Some(Cell::Branch(b)) => Some(b),
            _ => None,
        }
    }

    /// Whether `sq` is on the board and empty.
    pub fn is_vacant(&self, sq: Square) -> bool {
        matches!(self.get(sq), Some(Cell::Empty))
    }

    /// The square `n` steps from `sq` toward `dir`, if it is on the board.
    pub fn step(&self, sq: Square, dir: Dir, n: u8) -> Option<Square> {
        let (dc, dr) = dir.delta();
        let col = sq.col as i16 + dc as i16 * n as i16;
        let row = sq.row as i16 + dr as i16 * n as i16;
        let to = Square {
            col: u8::try_from(col).ok()?,
            row: u8::try_from(row).ok()?,
        };
        self.contains(to).then_some(to)
    }

    /// The square a branch on `sq` attacks: the adjacent one it points at.
    pub fn attacked_by(&self, sq: Square, b: &Branch) -> Option<Square> {
        self.step(sq, b.dir, 1)
    }

    /// The square a branch on `sq` targets: its pip count away in its direction.
    pub fn targeted_by(&self, sq: Square, b: &Branch) -> Option<Square> {
        self.step(sq, b.dir, b.size)
    }

    /// Branches pointing at `sq` from the squares next to it.
    pub fn attackers(&self, sq: Square) -> Vec<Branch> {
        Dir::ALL
            .into_iter()
            .filter_map(|d| {
                let from = self.step(sq, d, 1)?;
                let b = self.branch(from)?;
                (b.dir == d.opposite()).then_some(*b)
            })
            .collect()
    }

    /// Whether a branch belongs to a tower that is still live (branches of neutralized towers only attack).
    pub fn is_live(&self, b: &Branch) -> bool {
        self.tower(b.root).is_some_and(|t| !t.neutralized)
    }

    /// Number of branch pieces supported by the tower on `root`.
    pub fn supported(&self, root: Square) -> usize {
        self.cells
            .iter()
            .filter(|c| matches!(c, Cell::Branch(b) if b.root == root))
            .count()
    }

    /// Live branches of `seat` targeting `sq`.
    pub fn live_targeters(&self, seat: u8, sq: Square) -> usize {
        self.cells()
            .filter(|(at, c)| match c {
                Cell::Branch(b) => {
                    b.owner == seat && self.targeted_by(*at, b) == Some(sq) && self.is_live(b)
                }
                _ => false,
            })
            .count()
    }
}
