//! IceTowers (Andrew Looney, 1999): turnless tower building with cap, mine and split.
//!
//! Every colour has 15 pyramids (five each of 1, 2 and 3 pips), all freestanding at the start. Any seat
//! may act at any time: cap with a freestanding pyramid of its colour, mine an excess pyramid of its
//! colour, or split a tower between two same-colour pieces of another colour. A two-seat game adds Gus
//! the ghost, a third colour nobody moves. The game ends when every seat has agreed to stop (or when
//! the table's move limit is reached, which stands in for the clock at a real table).

mod actions;
mod bot;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::{Game, GameRng, Hue, RuleError, Seat, ToAct};

pub use actions::Action;
pub use bot::TowerBot;

/// Pips of a pyramid: 1 (small), 2 (medium) or 3 (large).
pub type Pips = u8;
/// A side that owns pyramids: seats are `0..seats`, Gus the ghost (two-seat games) is `seats`.
pub type Side = u8;
/// A tower's stable identity: a new tower gets a new id, and ids are never reused.
pub type TowerId = u32;

/// Pyramids of each size per colour.
pub const PER_SIZE: usize = 5;
/// Pips per colour: 5 x (1 + 2 + 3).
pub const PIPS_PER_COLOUR: i64 = 30;
/// Default move limit, standing in for "everyone agrees to stop" when the clock runs out.
pub const DEFAULT_MOVE_LIMIT: u32 = 400;
/// The longest move limit a setup may ask for.
pub const MAX_MOVE_LIMIT: u32 = 10_000;

/// One pyramid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Pyramid {
    pub side: Side,
    pub pips: Pips,
}

/// A stack of pyramids, largest at the bottom; a freestanding pyramid is a tower of one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tower {
    pub id: TowerId,
    /// Bottom first.
    pub pieces: Vec<Pyramid>,
    /// For each pyramid (bottom first), the tower it was last mined from, which it may never cap
    /// (no minebacks, in a later move as in the same one). The memory follows the pyramid wherever
    /// it goes (capping another tower, split free again) until it is mined anew; it is empty when no
    /// pyramid of the tower remembers a tower, and else as long as `pieces`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mined_from: Vec<Option<TowerId>>,
}

impl Tower {
    /// The top pyramid (towers are never empty).
    pub fn top(&self) -> Pyramid {
        *self.pieces.last().expect("towers are never empty")
    }

    /// Total pips in the tower.
    pub fn pips(&self) -> i64 {
        self.pieces.iter().map(|p| p.pips as i64).sum()
    }

    /// True for a lone pyramid standing on the table.
    pub fn is_freestanding(&self) -> bool {
        self.pieces.len() == 1
    }

    fn count(&self, side: Side) -> usize {
        self.pieces.iter().filter(|p| p.side == side).count()
    }

    /// The tower the pyramid at `index` was last mined from, if it was ever mined.
    pub fn memory(&self, index: usize) -> Option<TowerId> {
        self.mined_from.get(index).copied().flatten()
    }

    /// Put `piece`, remembering `memory`, on top.
    fn push(&mut self, piece: Pyramid, memory: Option<TowerId>) {
        if memory.is_some() && self.mined_from.is_empty() {
            self.mined_from = vec![None; self.pieces.len()];
        }
        self.pieces.push(piece);
        if !self.mined_from.is_empty() {
            self.mined_from.push(memory);
        }
    }

    /// Take out the pyramid at `index` (the tower keeps at least one).
    fn remove(&mut self, index: usize) -> Pyramid {
        if !self.mined_from.is_empty() {
            self.mined_from.remove(index);
            self.forget_if_none();
        }
        self.pieces.remove(index)
    }

    /// Lift off the pyramids from `at` up, with their memories.
    fn split_off(&mut self, at: usize) -> (Vec<Pyramid>, Vec<Option<TowerId>>) {
        let lifted = self.pieces.split_off(at);
        let mut memories = Vec::new();
        if !self.mined_from.is_empty() {
            memories = self.mined_from.split_off(at);
            self.forget_if_none();
            if memories.iter().all(Option::is_none) {
                memories.clear();
            }
        }
        (lifted, memories)
    }

    /// No pyramid left remembers a tower: keep no list (one way to write "none", for equality).
    fn forget_if_none(&mut self) {
        if self.mined_from.iter().all(Option::is_none) {
            self.mined_from.clear();
        }
    }
}

/// How to set up a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// 2 to 6 seats.
    pub seats: usize,
    /// Colour of each seat, then Gus's in a two-seat game; defaults in seat order when `None`.
    pub hues: Option<Vec<Hue>>,
    pub seed: u64,
    pub move_limit: u32,
}

impl Setup {
    pub fn new(seats: usize, seed: u64) -> Self {
        Setup {
            seats,
            hues: None,
            seed,
            move_limit: DEFAULT_MOVE_LIMIT,
        }
    }
}

/// Colours on the table for `seats` seats: one each, and Gus the ghost's in a two-seat game.
fn sides_for(seats: usize) -> usize {
    if seats == 2 { 3 } else { seats }
}

/// The whole state of a game of IceTowers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IceTowers {
    seats: usize,
    hues: Vec<Hue>,
    towers: Vec<Tower>,
    next_id: TowerId,
    /// Seats that have agreed to stop; any move clears every agreement.
    stopped: Vec<bool>,
    moves: u32,
    move_limit: u32,
    rng: GameRng,
    /// Every position the game has been in, as [`IceTowers::position_key`]s: the start, then one
    /// after each move. The players remember them; the bot uses them not to go round in circles.
    seen: Vec<u64>,
}

impl IceTowers {
    /// A new game: every pyramid freestanding, colour by colour, small to large.
    pub fn new(setup: &Setup) -> Result<Self, RuleError> {
        if let Some(why) = crate::GameKind::IceTowers.refuse_seats(setup.seats) {
            return Err(RuleError::new(why));
        }
        if !(1..=MAX_MOVE_LIMIT).contains(&setup.move_limit) {
            return Err(RuleError::new(format!(
                "the move limit must be 1 to {MAX_MOVE_LIMIT}, not {}",
                setup.move_limit
            )));
        }
        let sides = sides_for(setup.seats);
        let hues = setup.hues.clone().unwrap_or_else(|| Hue::defaults(sides));
        if let Some(why) = Hue::refuse(&hues, sides) {
            return Err(RuleError::new(why));
        }
        let mut state = IceTowers {
            seats: setup.seats,
            hues,
            towers: Vec::new(),
            next_id: 0,
            stopped: vec![false; setup.seats],
            moves: 0,
            move_limit: setup.move_limit,
            rng: GameRng::new(setup.seed),
            seen: Vec::new(),
        };
        for side in 0..sides as Side {
            for pips in 1..=3 {
                for _ in 0..PER_SIZE {
                    state.push_tower(vec![Pyramid { side, pips }], Vec::new());
                }
            }
        }
        state.seen = vec![state.position_key()];
        Ok(state)
    }

    /// A position for tests and rulebook examples: `towers` as given (bottom first), every other pyramid
    /// freestanding. Fails if a colour would need more pyramids of a size than it has.
    pub fn with_towers(setup: &Setup, towers: &[Vec<Pyramid>]) -> Result<Self, RuleError> {
        let mut state = IceTowers::new(setup)?;
        let mut free = std::mem::take(&mut state.towers);
        state.next_id = 0;
        for pieces in towers {
            for p in pieces {
                let at = free
                    .iter()
                    .position(|t| t.top() == *p)
                    .ok_or_else(|| RuleError::new(format!("no pyramid {p:?} left")))?;
                free.remove(at);
            }
            state.push_tower(pieces.clone(), Vec::new());
        }
        for t in free {
            state.push_tower(t.pieces, t.mined_from);
        }
        state.seen = vec![state.position_key()];
        state.check_invariants().map_err(RuleError)?;
        Ok(state)
    }

    fn push_tower(&mut self, pieces: Vec<Pyramid>, mined_from: Vec<Option<TowerId>>) -> TowerId {
        let id = self.next_id;
        self.next_id += 1;
        self.towers.push(Tower {
            id,
            pieces,
            mined_from,
        });
        id
    }

    /// Number of sides with pyramids: the seats, plus Gus in a two-seat game.
    pub fn sides(&self) -> usize {
        self.hues.len()
    }

    /// The side of Gus the ghost, if he plays.
    pub fn gus(&self) -> Option<Side> {
        (self.seats == 2).then_some(2)
    }

    /// Colour of a side.
    pub fn hue(&self, side: Side) -> Hue {
        self.hues[side as usize]
    }

    /// Towers in id order.
    pub fn towers(&self) -> &[Tower] {
        &self.towers
    }

    /// A tower by id.
    pub fn tower(&self, id: TowerId) -> Option<&Tower> {
        self.towers
            .binary_search_by_key(&id, |t| t.id)
            .ok()
            .map(|i| &self.towers[i])
    }

    /// Moves made so far (agreements to stop not counted).
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The move limit that ends the game if nobody stops first.
    pub fn move_limit(&self) -> u32 {
        self.move_limit
    }

    /// The position as a number: which towers stand, each by its pyramids bottom first, whatever
    /// their ids and order (a wrapping sum of one hash per tower, the same on every build: FNV-1a
    /// over the pyramids, then mixed as splitmix64 does, so that towers alike but for one pyramid's
    /// colour do not cancel out in the sum). Where a mined pyramid may not go back is not part of it.
    pub fn position_key(&self) -> u64 {
        self.towers
            .iter()
            .map(|t| {
                let h = crate::fnv1a(t.pieces.iter().flat_map(|p| [p.side, p.pips]));
                let h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                let h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                h ^ (h >> 31)
            })
            .fold(0, u64::wrapping_add)
    }

    /// How many times the game has been in the position it is in now, counting now (1 the first
    /// time).
    pub fn times_seen(&self) -> usize {
        let key = self.position_key();
        self.seen.iter().filter(|&&k| k == key).count()
    }

    /// Whether `seat` has agreed to stop.
    pub fn has_stopped(&self, seat: Seat) -> bool {
        self.stopped.get(seat).copied().unwrap_or(false)
    }

    /// Pips in towers topped by each side, Gus included.
    pub fn side_scores(&self) -> Vec<i64> {
        let mut scores = vec![0; self.sides()];
        for t in &self.towers {
            scores[t.top().side as usize] += t.pips();
        }
        scores
    }

    fn index(&self, id: TowerId) -> Result<usize, RuleError> {
        self.towers
            .binary_search_by_key(&id, |t| t.id)
            .map_err(|_| RuleError::new(format!("there is no tower #{id}")))
    }

    fn describe(&self, id: TowerId) -> String {
        match self.tower(id) {
            Some(t) if t.is_freestanding() => format!("the {}", self.piece_name(t.top())),
            Some(t) => format!(
                "the {}-high tower topped by {}",
                t.pieces.len(),
                crate::words::a(&self.piece_name(t.top()))
            ),
            None => format!("tower #{id}"),
        }
    }

    fn piece_name(&self, p: Pyramid) -> String {
        let size = ["", "small", "medium", "large"][p.pips.min(3) as usize];
        format!("{} {}", self.hue(p.side).name(), size)
    }
}

impl Game for IceTowers {
    type Action = Action;

    fn num_seats(&self) -> usize {
        self.seats
    }

    fn to_act(&self) -> ToAct {
        if self.moves >= self.move_limit || self.stopped.iter().all(|&s| s) {
            return ToAct::Over;
        }
        ToAct::Seats((0..self.seats).filter(|&s| !self.stopped[s]).collect())
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

    fn scores(&self) -> Vec<i64> {
        let mut s = self.side_scores();
        s.truncate(self.seats);
        s
    }

    /// The heuristic bot's judgement of each seat (`bot::evaluate`: its lead, less what one
    /// opposing cap could take) turned into chances of winning.
    fn estimate(&self) -> Vec<f64> {
        bot::estimate(self)
    }

    fn search_plan() -> crate::bots::SearchPlan<Self> {
        bot::plan()
    }

    fn action_to_string(&self, seat: Seat, action: &Action) -> String {
        actions::describe(self, seat, action)
    }

    fn random_action(&self, rng: &mut GameRng) -> Action {
        actions::random(self, rng)
    }

    fn max_game_length(&self) -> usize {
        // Between two moves each seat can agree to stop at most once.
        (self.move_limit as usize + 1) * (self.seats + 1)
    }

    fn check_invariants(&self) -> Result<(), String> {
        // The numbers the checks below and the rules rely on (a position may hold anything).
        if let Some(why) = crate::GameKind::IceTowers.refuse_seats(self.seats) {
            return Err(why);
        }
        let sides = sides_for(self.seats);
        if let Some(why) = Hue::refuse(&self.hues, sides) {
            return Err(why);
        }
        if !(1..=MAX_MOVE_LIMIT).contains(&self.move_limit) || self.moves > self.move_limit {
            return Err(format!(
                "move {} of a limit of {}, not 1 to {MAX_MOVE_LIMIT}",
                self.moves, self.move_limit
            ));
        }
        // Each pyramid starts as a tower with an id of its own, and a move makes two new towers at most.
        let most_ids = 3 * PER_SIZE * sides + 2 * self.moves as usize;
        if self.next_id as usize > most_ids {
            return Err(format!(
                "tower ids issued up to {}, more than {most_ids} in {} moves",
                self.next_id, self.moves
            ));
        }
        let mut counts = vec![[0usize; 3]; self.sides()];
        for (i, t) in self.towers.iter().enumerate() {
            if t.pieces.is_empty() {
                return Err(format!("tower #{} is empty", t.id));
            }
            if i > 0 && self.towers[i - 1].id >= t.id {
                return Err("towers are not in id order".into());
            }
            if t.id >= self.next_id {
                return Err(format!("tower #{} has an id not yet issued", t.id));
            }
            if !t.mined_from.is_empty()
                && (t.mined_from.len() != t.pieces.len()
                    || t.mined_from.iter().all(Option::is_none))
            {
                return Err(format!("tower #{} remembers mines out of step", t.id));
            }
            if t.mined_from.iter().flatten().any(|&m| m >= self.next_id) {
                return Err(format!("tower #{} remembers a tower not yet made", t.id));
            }
            if t.pieces.windows(2).any(|w| w[1].pips > w[0].pips) {
                return Err(format!("tower #{} has a pyramid on a smaller one", t.id));
            }
            for p in &t.pieces {
                if !(1..=3).contains(&p.pips) || p.side as usize >= self.sides() {
                    return Err(format!("tower #{} holds an impossible pyramid {p:?}", t.id));
                }
                counts[p.side as usize][p.pips as usize - 1] += 1;
            }
        }
        for (side, c) in counts.iter().enumerate() {
            if c.iter().any(|&n| n != PER_SIZE) {
                return Err(format!(
                    "{} has {c:?} pyramids of sizes 1-3, not 5 each",
                    self.hues[side].name()
                ));
            }
        }
        if self.stopped.len() != self.seats {
            return Err("stop agreements do not match the seats".into());
        }
        if self.seen.last() != Some(&self.position_key())
            || self.seen.len() != self.moves as usize + 1
        {
            return Err("the positions seen are not one per move, ending with this one".into());
        }
        Ok(())
    }
}
