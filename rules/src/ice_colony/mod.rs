//! Ice Colony (Blake Cetnar, 2011): grow a colony on a 5x5 board of terrain pyramids and take over
//! your rivals' territories.
//!
//! Players are White, Orange, Purple and Light Blue. The 3-pip pieces of the six other colours are
//! drawn from a bag to make the board, one square at a time, row by row. Each turn a player picks a
//! territory, rolls the fate die for it (grow, shrink or nothing, changed by its terrain) and then
//! passes (taking an edge token), moves units to an adjacent square, or attacks an adjacent enemy
//! territory. The game ends when one player is left or every square is taken; most territories wins.
//! Every die is a chance node, so players see each roll before they decide.

mod actions;
mod board;
pub mod bot;
mod colour;
mod flow;
mod phase;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::{Game, GameRng, RuleError, Seat, ToAct};

pub use actions::{Action, Shift};
pub use board::{
    SIDE, SQUARES, Square, Stock, adjacent, col, distance, neighbours, row, square_name,
};
pub use colour::{ClearTerrain, Colour};
pub use phase::{DiceRoll, InitiativeRoll, Phase};

/// Pieces of each size per colour (five trios).
pub const PER_SIZE: u8 = 5;
/// Most pips one player may keep in a territory.
pub const STACK_LIMIT: u8 = 3;
/// Default number of rounds after which the game ends on territories (the rules allow endless passing).
pub const DEFAULT_ROUND_LIMIT: u32 = 60;
/// The round limits a setup may ask for.
pub const ROUND_LIMITS: std::ops::RangeInclusive<u32> = 1..=1000;

/// One player's units in a territory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    pub owner: Seat,
    /// Pieces by size: `[1-pip, 2-pip, 3-pip]` counts.
    pub pieces: Stock,
}

impl Unit {
    /// Total pips.
    pub fn pips(&self) -> u8 {
        board::pips(self.pieces)
    }

    /// The pieces' sizes, largest first (for drawing them).
    pub fn piece_list(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for size in (1..=3u8).rev() {
            out.extend(std::iter::repeat_n(
                size,
                self.pieces[size as usize - 1] as usize,
            ));
        }
        out
    }
}

/// How to set up a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// 2 to 4 players; seat `i` plays [`Colour::PLAYERS`]`[i]`.
    pub players: usize,
    /// What the Clear terrain means.
    pub clear_terrain: ClearTerrain,
    /// Seed of the game's dice and draws.
    pub seed: u64,
    /// The game ends on territories after this many rounds (see the design note).
    pub round_limit: u32,
}

impl Setup {
    /// `players` seats, Clear has no effect, the default round limit.
    pub fn new(players: usize, seed: u64) -> Self {
        Setup {
            players,
            clear_terrain: ClearTerrain::NoEffect,
            seed,
            round_limit: DEFAULT_ROUND_LIMIT,
        }
    }
}

/// The whole state of a game of Ice Colony.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IceColony {
    players: usize,
    clear: ClearTerrain,
    round_limit: u32,
    /// Terrain piece on each square (`None` until drawn).
    terrain: [Option<Colour>; SQUARES],
    units: [Option<Unit>; SQUARES],
    pools: Vec<Stock>,
    edge: Vec<bool>,
    /// Terrain pieces still in the bag (kept unordered: a draw takes a random one).
    bag: Vec<Colour>,
    /// Pieces out of play, per colour in [`Colour::ALL`] order.
    set_aside: Vec<Stock>,
    phase: Phase,
    /// Turn order of this round (placing order during setup).
    order: Vec<Seat>,
    /// Index into `order` of the seat whose turn it is.
    turn: usize,
    /// 0 during setup, then 1, 2, ...
    round: u32,
    /// Winner of the setup dice-off; in a two-player game they go first every round.
    first: Seat,
    last_dice: Option<DiceRoll>,
    rng: GameRng,
}

impl IceColony {
    /// A new game: the bag holds the 30 terrain pieces and the board is still empty; the first chance
    /// events draw it.
    pub fn new(setup: &Setup) -> Result<Self, RuleError> {
        if let Some(why) = crate::GameKind::IceColony.refuse_seats(setup.players) {
            return Err(RuleError::new(why));
        }
        if !ROUND_LIMITS.contains(&setup.round_limit) {
            return Err(RuleError::new(format!(
                "the round limit must be {} to {}, not {}",
                ROUND_LIMITS.start(),
                ROUND_LIMITS.end(),
                setup.round_limit
            )));
        }
        let mut set_aside = vec![[0; 3]; Colour::ALL.len()];
        let mut bag = Vec::new();
        for c in Colour::ALL {
            if Colour::TERRAIN.contains(&c) {
                set_aside[c.index()] = [PER_SIZE, PER_SIZE, 0];
                bag.extend(std::iter::repeat_n(c, PER_SIZE as usize));
            } else if !Colour::PLAYERS[..setup.players].contains(&c) {
                set_aside[c.index()] = [PER_SIZE; 3];
            }
        }
        Ok(IceColony {
            players: setup.players,
            clear: setup.clear_terrain,
            round_limit: setup.round_limit,
            terrain: [None; SQUARES],
            units: [None; SQUARES],
            pools: vec![[PER_SIZE; 3]; setup.players],
            edge: vec![false; setup.players],
            bag,
            set_aside,
            phase: Phase::FillBoard { next: 0 },
            order: Vec::new(),
            turn: 0,
            round: 0,
            first: 0,
            last_dice: None,
            rng: GameRng::new(setup.seed),
        })
    }

    /// A position for tests, puzzles and examples: the board laid as `terrain` (row by row from A1),
    /// units given as `(square, seat, pips)` made of the fewest pieces, and seat 0 about to choose a
    /// territory in round 2 (order 0, 1, ...). Fails if the pieces do not exist or a unit stands where
    /// it may not.
    pub fn with_board(
        setup: &Setup,
        terrain: [Colour; SQUARES],
        units: &[(Square, Seat, u8)],
    ) -> Result<Self, RuleError> {
        let mut s = IceColony::new(setup)?;
        for (sq, c) in terrain.into_iter().enumerate() {
            let i = s
                .bag
                .iter()
                .position(|&b| b == c)
                .ok_or_else(|| RuleError::new(format!("no {} terrain piece left", c.name())))?;
            s.bag.remove(i);
            s.terrain[sq] = Some(c);
        }
        s.set_bag_aside();
        for &(sq, seat, pips) in units {
            if seat >= s.players || !(1..=STACK_LIMIT).contains(&pips) {
                return Err(RuleError::new(format!(
                    "no unit of {pips} pips for seat {seat}"
                )));
            }
            if !s.enterable(sq) || s.units[sq as usize].is_some() {
                return Err(RuleError::new(format!(
                    "no unit can stand on {}",
                    square_name(sq)
                )));
            }
            let pieces = board::form(s.pools[seat], &[pips])
                .and_then(|f| f.first().copied())
                .ok_or_else(|| RuleError::new("not enough pieces in the pool"))?;
            s.pools[seat] = board::minus(s.pools[seat], pieces)
                .ok_or_else(|| RuleError::new("not enough pieces in the pool"))?;
            s.units[sq as usize] = Some(Unit {
                owner: seat,
                pieces,
            });
        }
        s.order = (0..s.players).collect();
        s.turn = 0;
        s.round = 2;
        s.phase = Phase::Choose;
        s.check_invariants().map_err(RuleError)?;
        Ok(s)
    }

    /// Resolve the pending dice with the faces given instead of the state's RNG (physical dice, tests,
    /// a bot weighing outcomes). Dice are read in order: a dice-off reads one per player in seat order
    /// (then the tied players again), the fate die reads one (more after a first-round Reduce), a battle
    /// reads the attacker's then the defender's. Refused, changing nothing, if no dice are due, a face
    /// is not 1 to 6, or too few or too many are given.
    pub fn apply_dice(&mut self, dice: &[u8]) -> Result<(), RuleError> {
        if matches!(self.phase, Phase::FillBoard { .. }) {
            return Err(RuleError::new(
                "the terrain is drawn from the bag, not rolled",
            ));
        }
        let mut copy = self.clone();
        let mut faces = dice.iter().copied();
        flow::resolve_dice(&mut copy, &mut || faces.next())?;
        if faces.next().is_some() {
            return Err(RuleError::new("more dice were given than the roll needs"));
        }
        *self = copy;
        Ok(())
    }

    fn set_bag_aside(&mut self) {
        for c in std::mem::take(&mut self.bag) {
            self.set_aside[c.index()][2] += 1;
        }
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Colour of a seat.
    pub fn colour(&self, seat: Seat) -> Colour {
        Colour::PLAYERS[seat.min(3)]
    }

    /// What the Clear terrain means in this game.
    pub fn clear_terrain(&self) -> ClearTerrain {
        self.clear
    }

    /// Rounds after which the game ends on territories.
    pub fn round_limit(&self) -> u32 {
        self.round_limit
    }

    /// Terrain colour of each square, row by row from A1 (`None` while not yet drawn).
    pub fn terrain_grid(&self) -> &[Option<Colour>; SQUARES] {
        &self.terrain
    }

    /// Terrain colour of a square.
    pub fn terrain(&self, sq: Square) -> Option<Colour> {
        self.terrain.get(sq as usize).copied().flatten()
    }

    /// Units on each square, row by row from A1.
    pub fn units(&self) -> &[Option<Unit>; SQUARES] {
        &self.units
    }

    /// The units on a square.
    pub fn unit(&self, sq: Square) -> Option<Unit> {
        self.units.get(sq as usize).copied().flatten()
    }

    /// Whether pieces may ever stand on a square (Clear may be no territory).
    pub fn enterable(&self, sq: Square) -> bool {
        match self.terrain(sq) {
            None => false,
            Some(Colour::Clear) => self.clear == ClearTerrain::NoEffect,
            Some(_) => true,
        }
    }

    /// A seat's pool: its pieces not on the board.
    pub fn pool(&self, seat: Seat) -> Stock {
        self.pools.get(seat).copied().unwrap_or([0; 3])
    }

    /// Whether a seat holds an edge token.
    pub fn has_edge(&self, seat: Seat) -> bool {
        self.edge.get(seat).copied().unwrap_or(false)
    }

    /// Terrain pieces still in the bag (only while the board is being drawn).
    pub fn bag(&self) -> &[Colour] {
        &self.bag
    }

    /// Pieces set aside, per colour.
    pub fn set_aside(&self, c: Colour) -> Stock {
        self.set_aside[c.index()]
    }

    /// The pending step.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The most recent dice.
    pub fn last_dice(&self) -> Option<&DiceRoll> {
        self.last_dice.as_ref()
    }

    /// The round (0 during setup).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Turn order of this round.
    pub fn order(&self) -> &[Seat] {
        &self.order
    }

    /// The seat whose turn (or placement) it is, if any.
    pub fn current_seat(&self) -> Option<Seat> {
        match self.phase {
            Phase::Place
            | Phase::Choose
            | Phase::Fate { .. }
            | Phase::Act { .. }
            | Phase::ForcedMove { .. }
            | Phase::ExtraMove { .. }
            | Phase::Defend { .. }
            | Phase::Battle { .. }
            | Phase::Occupy { .. } => self.order.get(self.turn).copied(),
            _ => None,
        }
    }

    /// The seat to act and what the pending step asks of it ("choose one of your territories to
    /// roll the fate die for"), while one seat is to act.
    pub fn asks(&self) -> Option<(Seat, &'static str)> {
        match self.to_act() {
            ToAct::Seats(seats) if seats.len() == 1 => {
                Some((seats[0], actions::expected(&self.phase)))
            }
            _ => None,
        }
    }

    /// The active territory of the current turn, once chosen.
    pub fn active_square(&self) -> Option<Square> {
        match self.phase {
            Phase::Fate { square }
            | Phase::Act { square }
            | Phase::ForcedMove { square }
            | Phase::ExtraMove { square } => Some(square),
            Phase::Defend { from, .. }
            | Phase::Battle { from, .. }
            | Phase::Occupy { from, .. } => Some(from),
            _ => None,
        }
    }

    /// Territories a seat controls.
    pub fn territories(&self, seat: Seat) -> usize {
        self.units
            .iter()
            .flatten()
            .filter(|u| u.owner == seat)
            .count()
    }

    /// Whether a seat still has pieces on the board (everyone counts as in during setup).
    pub fn in_game(&self, seat: Seat) -> bool {
        self.round == 0 || self.territories(seat) > 0
    }
}

impl Game for IceColony {
    type Action = Action;

    fn num_seats(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> ToAct {
        match &self.phase {
            Phase::Over => ToAct::Over,
            Phase::FillBoard { .. }
            | Phase::FirstDiceOff
            | Phase::DiceOff { .. }
            | Phase::Fate { .. }
            | Phase::Battle { .. } => ToAct::Chance,
            Phase::Initiative { waiting, .. } => match waiting.first() {
                Some(&seat) => ToAct::Seats(vec![seat]),
                None => ToAct::Over,
            },
            Phase::Defend { to, .. } => match self.unit(*to) {
                Some(u) => ToAct::Seats(vec![u.owner]),
                None => ToAct::Over,
            },
            _ => match self.current_seat() {
                Some(seat) => ToAct::Seats(vec![seat]),
                None => ToAct::Over,
            },
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

    fn apply_chance(&mut self) {
        if let Phase::FillBoard { next } = self.phase {
            flow::draw_terrain(self, next);
            return;
        }
        let mut rng = self.rng.clone();
        let result = flow::resolve_dice(self, &mut || Some(rng.d6()));
        self.rng = rng;
        debug_assert!(result.is_ok(), "chance resolves with a live die");
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn scores(&self) -> Vec<i64> {
        (0..self.players)
            .map(|s| self.territories(s) as i64)
            .collect()
    }

    /// The heuristic bot's standing of each seat (territories, pips, room, exposure) turned into
    /// chances of winning: see [`bot::estimate_all`].
    fn estimate(&self) -> Vec<f64> {
        bot::estimate_all(self)
    }

    fn search_plan() -> crate::bots::SearchPlan<Self> {
        bot::plan()
    }

    fn action_to_string(&self, seat: Seat, action: &Action) -> String {
        actions::describe(self, seat, action)
    }

    fn random_action(&self, rng: &mut GameRng) -> Action {
        actions::random(rng)
    }

    fn max_game_length(&self) -> usize {
        // Setup: 25 draws, one dice-off, one placement each. Each round: an initiative choice per
        // seat and a dice-off, then per turn at most choose, fate, attack, defend, battle, occupy.
        let p = self.players;
        SQUARES + 1 + p + self.round_limit as usize * (p + 1 + 6 * p) + 1
    }

    fn check_invariants(&self) -> Result<(), String> {
        flow::invariants(self)
    }
}
