//! Sprawl (Invisible City Productions, 2003): grow towers, branches and spores across a chessboard.
//!
//! Three to eight players each hold a stash of 15 pyramids (five each of 1, 2 and 3 pips). After a
//! first tower placed anywhere, every turn a player builds on a tower, lays a branch off a tower or a
//! branch, or spores a new tower where one of their branch points targets. Branch points attack the
//! square they point at and can neutralize towers there. When the player to move has no valid move the
//! game ends; neutralized towers and their branches go back to the stashes and the fewest stash points
//! wins. Four variants can be mixed in: Counting Coup, Sprawlgami, Overload and Superior Forces.

mod actions;
mod ai_hooks;
mod board;
pub mod bot;
mod invariants;
mod moves;
mod rules;
mod score;
mod setup;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_ai;
#[cfg(test)]
mod tests_play;
#[cfg(test)]
mod tests_variants;

use serde::{Deserialize, Serialize};

use crate::{Game, GameRng, Hue, RuleError, Seat, ToAct};

pub use actions::Action;
pub use board::{Board, Branch, Cell, Dir, Piece, Square, Tower};
pub use rules::size_name;
pub use score::Standing;
pub use setup::{Setup, Variant, Variants};

/// Pyramids of each size in a stash.
pub const PER_SIZE: u8 = 5;
/// Pips in a full stash: 5 x (1 + 2 + 3).
pub const STASH_PIPS: i64 = 30;
/// Cards in the Counting Coup deck (a poker deck without jokers).
pub const DECK_SIZE: usize = 52;

/// Board size (columns, rows) for a number of players: 5x6 for 3, 6x6 for 4 to 6, 8x8 for 7 or 8.
pub fn board_size(players: usize) -> Option<(u8, u8)> {
    match players {
        3 => Some((5, 6)),
        4..=6 => Some((6, 6)),
        7 | 8 => Some((8, 8)),
        _ => None,
    }
}

/// How many branch pieces a tower of `height` pieces can support: every square its branches can reach,
/// which is every square within `height` orthogonal steps (4 for one piece, 12 for two, 24 for three).
pub fn branch_capacity(height: usize) -> usize {
    2 * height * (height + 1)
}

/// The Counting Coup deck, by rank (1 = Ace .. 13 = King): four of each, sorted.
pub(super) fn full_deck() -> Vec<u8> {
    (1..=13).flat_map(|r| [r; 4]).collect()
}

/// Coup value of a face-down card: Ace to 10 take one point off, Jack, Queen and King two.
pub fn card_value(rank: u8) -> i64 {
    if rank > 10 { 2 } else { 1 }
}

/// Where the turn stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The current player moves.
    Play,
    /// Counting Coup: a spore was just made; `askers[next]` decides whether to ask "are you sure?".
    Asking {
        sporer: u8,
        spore: Action,
        askers: Vec<u8>,
        next: u8,
    },
    /// Counting Coup: `challenger` asked; the sporer takes the spore back or keeps it.
    Answering {
        sporer: u8,
        challenger: u8,
        spore: Action,
    },
}

/// The whole state of a game of Sprawl.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprawl {
    players: usize,
    variants: Variants,
    hues: Vec<Hue>,
    board: Board,
    /// Pieces of sizes 1, 2, 3 left in each stash.
    stash: Vec<[u8; 3]>,
    first_player: u8,
    current: u8,
    /// Whether each seat has placed its first tower.
    started: Vec<bool>,
    phase: Phase,
    /// Spores taken back this turn after a challenge: the player must make a different move.
    taken_back: Vec<Action>,
    /// Counting Coup: ranks (1 = Ace .. 13 = King) still in the deck, unordered.
    deck: Vec<u8>,
    /// Counting Coup: each seat's face-down cards; nobody looks at them until the end.
    cards: Vec<Vec<u8>>,
    /// Pips of other players' towers each seat has helped neutralize, and how many.
    neutralized_pips: Vec<u32>,
    neutralized_count: Vec<u32>,
    over: bool,
    rng: GameRng,
}

impl Sprawl {
    /// A new game: empty board sized for the players, full stashes, a random first player.
    pub fn new(setup: &Setup) -> Result<Self, RuleError> {
        if let Some(why) = crate::GameKind::Sprawl.refuse_seats(setup.players) {
            return Err(RuleError::new(why));
        }
        let (cols, rows) = board_size(setup.players)
            .ok_or_else(|| RuleError::new("no board for that many players"))?;
        let hues = setup
            .hues
            .clone()
            .unwrap_or_else(|| Hue::defaults(setup.players));
        if let Some(why) = Hue::refuse(&hues, setup.players) {
            return Err(RuleError::new(why));
        }
        let mut rng = GameRng::new(setup.seed);
        let first = rng.below(setup.players) as u8;
        let deck = if setup.variants.counting_coup {
            full_deck()
        } else {
            Vec::new()
        };
        Ok(Sprawl {
            players: setup.players,
            variants: setup.variants,
            hues,
            board: Board::new(cols, rows),
            stash: vec![[PER_SIZE; 3]; setup.players],
            first_player: first,
            current: first,
            started: vec![false; setup.players],
            phase: Phase::Play,
            taken_back: Vec::new(),
            deck,
            cards: vec![Vec::new(); setup.players],
            neutralized_pips: vec![0; setup.players],
            neutralized_count: vec![0; setup.players],
            over: false,
            rng,
        })
    }

    /// A position for tests, examples and scenes: `towers` (bottom piece first) and `branches`
    /// (each with its owner, size, direction and source square, sources listed before what comes off
    /// them) on a new game's board, with `to_move` to play. Seats with a piece on the board count as
    /// having placed their first tower; towers already attacked enough are neutralized.
    pub fn with_layout(
        setup: &Setup,
        towers: &[(Square, Vec<Piece>)],
        branches: &[(Square, Piece, Dir, Square)],
        to_move: Seat,
    ) -> Result<Self, RuleError> {
        let mut s = Sprawl::new(setup)?;
        if to_move >= s.players {
            return Err(RuleError::new(format!(
                "there is no seat {}",
                to_move.saturating_add(1)
            )));
        }
        s.current = to_move as u8;
        s.first_player = to_move as u8;
        for (sq, pieces) in towers {
            if !s.board.is_vacant(*sq) || pieces.is_empty() {
                return Err(RuleError::new(format!(
                    "cannot stand a tower on {}",
                    sq.name()
                )));
            }
            for p in pieces {
                s.take_from_stash(*p)?;
            }
            s.board.set(
                *sq,
                Cell::Tower(Tower {
                    pieces: pieces.clone(),
                    neutralized: false,
                }),
            );
        }
        for &(sq, piece, dir, source) in branches {
            let (root, depth) = match s.board.get(source) {
                Some(Cell::Tower(_)) => (source, 1),
                Some(Cell::Branch(b)) => (b.root, b.depth + 1),
                _ => return Err(RuleError::new(format!("no source on {}", source.name()))),
            };
            if !s.board.is_vacant(sq)
                || source.dir_to(sq).is_none()
                || s.board.step(sq, dir, 1).is_none()
            {
                return Err(RuleError::new(format!(
                    "cannot lay a branch on {}",
                    sq.name()
                )));
            }
            s.take_from_stash(piece)?;
            let b = Branch {
                owner: piece.owner,
                size: piece.size,
                dir,
                source,
                root,
                depth,
            };
            s.board.set(sq, Cell::Branch(b));
        }
        for seat in 0..s.players {
            s.started[seat] = s.stash[seat] != [PER_SIZE; 3];
        }
        rules::neutralize_all(&mut s);
        s.check_invariants().map_err(RuleError)?;
        Ok(s)
    }

    fn take_from_stash(&mut self, p: Piece) -> Result<(), RuleError> {
        let slot = self
            .stash
            .get_mut(p.owner as usize)
            .and_then(|st| st.get_mut((p.size as usize).wrapping_sub(1)))
            .ok_or_else(|| RuleError::new(format!("impossible piece {p:?}")))?;
        if *slot == 0 {
            return Err(RuleError::new(format!("no piece {p:?} left in the stash")));
        }
        *slot -= 1;
        Ok(())
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The variants in play.
    pub fn variants(&self) -> Variants {
        self.variants
    }

    /// Colour of a seat.
    pub fn hue(&self, seat: Seat) -> Hue {
        self.hues[seat]
    }

    /// The board and everything on it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Board dimensions (columns, rows).
    pub fn dimensions(&self) -> (u8, u8) {
        (self.board.cols(), self.board.rows())
    }

    /// Contents of a square (`None` off the board).
    pub fn cell(&self, sq: Square) -> Option<&Cell> {
        self.board.get(sq)
    }

    /// Pieces of sizes 1, 2 and 3 left in `seat`'s stash.
    pub fn stash(&self, seat: Seat) -> [u8; 3] {
        self.stash.get(seat).copied().unwrap_or([0; 3])
    }

    /// Pips left in `seat`'s stash.
    pub fn stash_pips(&self, seat: Seat) -> i64 {
        let st = self.stash(seat);
        (0..3).map(|i| st[i] as i64 * (i as i64 + 1)).sum()
    }

    /// The seat whose turn it is (in a Counting Coup exchange, the one who spored).
    pub fn current_player(&self) -> Seat {
        self.current as Seat
    }

    /// The seat that moved first.
    pub fn first_player(&self) -> Seat {
        self.first_player as Seat
    }

    /// Where the turn stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Whether `seat` has placed its first tower.
    pub fn has_started(&self, seat: Seat) -> bool {
        self.started.get(seat).copied().unwrap_or(false)
    }

    /// Spores taken back this turn (the player must now make a different move).
    pub fn taken_back(&self) -> &[Action] {
        &self.taken_back
    }

    /// Whether the tower on `sq` is neutralized (`false` if there is no tower).
    pub fn is_neutralized(&self, sq: Square) -> bool {
        self.board.tower(sq).is_some_and(|t| t.neutralized)
    }

    /// Every on-board square targeted by one of `seat`'s live branch points (the coloured dots).
    pub fn targeted_squares(&self, seat: Seat) -> Vec<Square> {
        let mut out: Vec<Square> = self
            .board
            .cells()
            .filter_map(|(sq, c)| match c {
                Cell::Branch(b) if b.owner as Seat == seat && self.board.is_live(b) => {
                    self.board.targeted_by(sq, b)
                }
                _ => None,
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Vacant squares `seat` targets: where it could spore (size and safety aside).
    pub fn spore_squares(&self, seat: Seat) -> Vec<Square> {
        let mut out = self.targeted_squares(seat);
        out.retain(|&sq| self.board.is_vacant(sq));
        out
    }

    /// Branch points attacking `sq`.
    pub fn attackers(&self, sq: Square) -> Vec<Branch> {
        self.board.attackers(sq)
    }

    /// Number of face-down coup cards `seat` holds (their faces stay hidden until the end).
    pub fn face_down_cards(&self, seat: Seat) -> usize {
        self.cards.get(seat).map_or(0, Vec::len)
    }

    /// The coup cards of `seat` (ranks, 1 = Ace), revealed once the game is over.
    pub fn revealed_cards(&self, seat: Seat) -> Option<&[u8]> {
        if self.over {
            self.cards.get(seat).map(Vec::as_slice)
        } else {
            None
        }
    }

    /// Cards left in the Counting Coup deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// Pips and number of other players' towers `seat` has neutralized.
    pub fn neutralized_by(&self, seat: Seat) -> (u32, u32) {
        (
            self.neutralized_pips.get(seat).copied().unwrap_or(0),
            self.neutralized_count.get(seat).copied().unwrap_or(0),
        )
    }
}

impl Game for Sprawl {
    type Action = Action;

    fn search_plan() -> crate::bots::SearchPlan<Self> {
        ai_hooks::plan()
    }

    fn num_seats(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> ToAct {
        if self.over {
            return ToAct::Over;
        }
        match &self.phase {
            Phase::Play => ToAct::Seats(vec![self.current as Seat]),
            Phase::Asking { askers, next, .. } => ToAct::Seats(vec![
                askers.get(*next as usize).copied().unwrap_or(0) as Seat,
            ]),
            Phase::Answering { sporer, .. } => ToAct::Seats(vec![*sporer as Seat]),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        actions::legal(self, seat)
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        actions::check(self, seat, action)
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action) {
        actions::apply(self, seat, action)
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    /// Nobody has seen any coup card, so every face-down card is re-dealt from the unseen ones.
    fn determinize(&self, _seat: Seat, seed: u64) -> Self {
        let mut copy = self.clone();
        copy.rng = GameRng::new(seed);
        let mut pool: Vec<u8> = copy.deck.clone();
        for hand in &copy.cards {
            pool.extend_from_slice(hand);
        }
        pool.sort_unstable();
        for seat in 0..copy.players {
            let n = copy.cards[seat].len();
            let mut hand = Vec::with_capacity(n);
            for _ in 0..n {
                if let Some(c) = copy.rng.take(&mut pool) {
                    hand.push(c);
                }
            }
            copy.cards[seat] = hand;
        }
        copy.deck = pool;
        copy
    }

    /// Points left in each stash, as the rulebook counts them (fewest wins); once the game is over,
    /// after neutralized pieces have come back and coup cards are subtracted.
    fn scores(&self) -> Vec<i64> {
        score::scores(self)
    }

    /// 1 shared among the winners: fewest points, then the recorded tie-breaks.
    fn returns(&self) -> Vec<f64> {
        score::returns(self)
    }

    /// Fewest points left in the stash is best.
    fn standing(&self) -> Vec<i64> {
        self.scores().iter().map(|&s| -s).collect()
    }

    fn action_to_string(&self, seat: Seat, action: &Action) -> String {
        actions::describe(self, seat, action)
    }

    fn random_action(&self, rng: &mut GameRng) -> Action {
        actions::random(self, rng)
    }

    fn max_game_length(&self) -> usize {
        // Every move places at least one piece, and only a taken-back spore (one per coup card) ever
        // returns pieces; each spore may be followed by one question per other player and an answer.
        let moves = PER_SIZE as usize * 3 * self.players + DECK_SIZE;
        moves * (self.players + 1) + 1
    }

    fn check_invariants(&self) -> Result<(), String> {
        invariants::invariants(self)
    }

    fn check_position(&self) -> Result<(), String> {
        invariants::playable(self)
    }
}
