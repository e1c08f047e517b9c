//! A heuristic Ice Castle bot that sees only what its seat may know.
//!
//! It lists its legal actions on a determinization of the state and judges them on its seat's
//! [`CastleView`]: a shortest-path cost to the goal row over the doors as seen (closed doors cost a
//! key, frozen ones an axe, padlocks a skeleton key; a face-down door is hoped to be open), its own cost
//! after the best move minus a share of the nearest opponent's cost. It opens doors on its path,
//! closes and padlocks doors on the opponents', and keeps the cards it needs.

use super::{Action, Card, CastleView, Cell, IceCastle, Phase, Side, TileKind, TileView};
use crate::bots::Bot;
use crate::{Game, GameRng, Seat};

/// Value of standing on the goal row (a win).
const WIN: f32 = 1000.0;

/// The heuristic's weights: what each kind of door adds to a path, what blocking and bonus tiles are
/// worth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A padlock, holding a skeleton key / not.
    pub padlock_skeleton: f32,
    pub padlock: f32,
    /// A frozen door, holding an axe / not.
    pub frozen_axe: f32,
    pub frozen: f32,
    /// A closed door, holding a key of its colour / not; extra when still face down.
    pub closed_key: f32,
    pub closed: f32,
    pub face_down: f32,
    /// A door another character stands on.
    pub occupied: f32,
    /// The nearest opponent's cost counts `block_near` when at most `near`, else `block_far`.
    pub near: f32,
    pub block_near: f32,
    pub block_far: f32,
    /// Landing on a fresh Extra Turn / Extra Key tile.
    pub extra_turn: f32,
    pub extra_key: f32,
    /// Scale of the wish to keep a card rather than play it without effect.
    pub keep: f32,
    /// Doors further from the seat's character count for less: a door `d` steps away costs
    /// `1 / (1 + far * (d - 1))` of its weight (0: all alike).
    pub far: f32,
}

impl Weights {
    /// The weights `CastleBot` has played with since Ice Castle went in.
    pub const ORIGINAL: Weights = Weights {
        padlock_skeleton: 1.0,
        padlock: 3.0,
        frozen_axe: 1.0,
        frozen: 4.0,
        closed_key: 0.4,
        closed: 1.0,
        face_down: 0.2,
        occupied: 1.5,
        near: 3.0,
        block_near: 1.5,
        block_far: 0.6,
        extra_turn: 1.0,
        extra_key: 0.5,
        keep: 0.01,
        far: 0.0,
    };
}

impl Weights {
    /// Tuned against [`Weights::ORIGINAL`] by self-play: the first fourteen weights by a random
    /// local search (`tests_ai::tune_weights`; 62.0% of 1,000 fresh games against the original, far
    /// 0), then `far` by hand (0.15 to 5 tried; 0.6 to 1 best): 73.1% of 1,000 fresh games, seeds
    /// 40000-40999 [70.3, 75.8]. Against the original: a closed or frozen door without the card for
    /// it costs less, one with the skeleton key or axe in hand more, doors far from the character
    /// count for less (a door next to it costs its weight, one five steps away a fourth), and blocking
    /// the nearest opponent weighs about 0.5-0.8 of its own progress everywhere (the original weighed
    /// 1.5 once the opponent was within 3). Used by tree search (`super::ai`).
    pub const TUNED: Weights = Weights {
        padlock_skeleton: 2.0,
        padlock: 2.94,
        frozen_axe: 1.96,
        frozen: 2.8,
        closed_key: 0.4,
        closed: 0.7,
        face_down: 0.137,
        occupied: 1.47,
        near: 0.706,
        block_near: 0.514,
        block_far: 0.823,
        extra_turn: 0.98,
        extra_key: 0.7,
        keep: 0.0196,
        far: 0.8,
    };
}

/// The heuristic Ice Castle bot.
pub struct CastleBot {
    rng: GameRng,
    weights: Weights,
}

impl CastleBot {
    /// A bot whose tie-breaks (and determinizations) follow `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_weights(seed, Weights::ORIGINAL)
    }

    /// The bot with the weights tree search uses ([`Weights::TUNED`]).
    pub fn tuned(seed: u64) -> Self {
        Self::with_weights(seed, Weights::TUNED)
    }

    /// The bot with other weights.
    pub fn with_weights(seed: u64, weights: Weights) -> Self {
        CastleBot {
            rng: GameRng::new(seed),
            weights,
        }
    }
}

impl Bot<IceCastle> for CastleBot {
    fn choose(&mut self, state: &IceCastle, seat: Seat) -> Option<Action> {
        let imagined = state.determinize(seat, self.rng.next_u64());
        best_action(&imagined, seat, &self.weights, &mut self.rng)
    }
}

/// The action the heuristic rates best for `seat` in `s` (ties broken by `rng`), judged on `seat`'s
/// view of `s` only.
pub(super) fn best_action(
    s: &IceCastle,
    seat: Seat,
    w: &Weights,
    rng: &mut GameRng,
) -> Option<Action> {
    let legal = s.legal_actions(seat);
    let view = s.view(seat);
    let base = Board::new(&view, w);
    let mut best: Vec<Action> = Vec::new();
    let mut best_value = f32::NEG_INFINITY;
    for a in legal {
        let value = evaluate(&base, &view, seat, &a);
        if value > best_value + 1e-4 {
            best_value = value;
            best.clear();
        }
        if value >= best_value - 1e-4 {
            best.push(a);
        }
    }
    if best.is_empty() {
        None
    } else {
        Some(best[rng.below(best.len())])
    }
}

/// `seat`'s legal actions in `s` the heuristic rates best: at most `k` of them (ties broken by
/// the action order), judged on `seat`'s view of `s` only.
pub(super) fn best_few(s: &IceCastle, seat: Seat, k: usize, w: &Weights) -> Vec<Action> {
    let legal = s.legal_actions(seat);
    if legal.len() <= k {
        return legal;
    }
    let mut rated = rated(s, seat, legal, w);
    rated.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    rated.into_iter().take(k).map(|(_, a)| a).collect()
}

/// Each of `actions` with the heuristic's score for `seat` (higher is better).
pub(super) fn rated(
    s: &IceCastle,
    seat: Seat,
    actions: Vec<Action>,
    w: &Weights,
) -> Vec<(f32, Action)> {
    let view = s.view(seat);
    let base = Board::new(&view, w);
    actions
        .into_iter()
        .map(|a| (evaluate(&base, &view, seat, &a), a))
        .collect()
}

/// Each seat's cost to reach its goal row as the board stands (doors it holds keys for are cheaper),
/// plus the turns it must still spend frozen; 0 for a seat standing on its goal. The seat whose turn
/// it is counts from where its best move this turn would take it.
pub(super) fn race_costs(s: &IceCastle, w: &Weights) -> Vec<f32> {
    let view = s.view(s.current());
    let b = Board::new(&view, w);
    let moving = matches!(s.phase(), Phase::Draw | Phase::Play | Phase::Move);
    (0..view.players)
        .map(|seat| {
            let hand = s.hand(seat);
            let cost = if seat == s.current() && moving {
                (-b.best_move_value(seat, hand, true)).max(0.0)
            } else if b.characters[seat].is_some_and(|c| b.is_goal(seat, c)) {
                0.0
            } else {
                let dist = b.distances(seat, Some(hand));
                b.cost_from(seat, &dist, Some(hand))
            };
            cost + f32::from(b.frozen[seat])
        })
        .collect()
}

/// The board as a seat sees it, which the bot edits to try an action.
#[derive(Clone)]
struct Board {
    rows: u8,
    cols: u8,
    tiles: Vec<TileView>,
    slides: Vec<(Cell, Cell)>,
    sides: Vec<Side>,
    characters: Vec<Option<Cell>>,
    /// Turns each seat must still spend frozen.
    frozen: Vec<u8>,
    w: Weights,
}

impl Board {
    fn new(v: &CastleView, w: &Weights) -> Self {
        let mut frozen = vec![0; v.players];
        if let Some(f) = v.freeze {
            frozen[f.seat] = f.turns_left;
        }
        Board {
            rows: v.rows,
            cols: v.cols,
            tiles: v.tiles.clone(),
            slides: v.slides.clone(),
            sides: v.sides.clone(),
            characters: v.characters.clone(),
            frozen,
            w: *w,
        }
    }

    fn at(&self, c: Cell) -> usize {
        c.row as usize * self.cols as usize + c.col as usize
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(
            (i / self.cols as usize) as u8,
            (i % self.cols as usize) as u8,
        )
    }

    fn occupied(&self, c: Cell) -> bool {
        self.characters.contains(&Some(c))
    }

    fn neighbours(&self, c: Cell) -> Vec<Cell> {
        let mut out = Vec::with_capacity(6);
        if c.row > 0 {
            out.push(Cell::new(c.row - 1, c.col));
        }
        if c.row + 1 < self.rows {
            out.push(Cell::new(c.row + 1, c.col));
        }
        if c.col > 0 {
            out.push(Cell::new(c.row, c.col - 1));
        }
        if c.col + 1 < self.cols {
            out.push(Cell::new(c.row, c.col + 1));
        }
        for &(a, b) in &self.slides {
            if a == c {
                out.push(b);
            } else if b == c {
                out.push(a);
            }
        }
        out
    }

    /// Cost of opening the way into `c` for `seat` (0 when it could step in now, if free).
    fn door_cost(&self, c: Cell, seat: Seat, hand: Option<&[Card]>) -> f32 {
        let t = &self.tiles[self.at(c)];
        let holds = |f: &dyn Fn(Card) -> bool| hand.is_some_and(|h| h.iter().any(|&x| f(x)));
        let mut cost = 0.0;
        if t.padlock {
            cost += if holds(&|x| x == Card::Skeleton) {
                self.w.padlock_skeleton
            } else {
                self.w.padlock
            };
        }
        let frozen = t.kind == Some(TileKind::Frozen) && !t.axed;
        if frozen {
            cost += if holds(&|x| x == Card::Axe) {
                self.w.frozen_axe
            } else {
                self.w.frozen
            };
        }
        if !t.open && !frozen {
            cost += if holds(&|x| x.fits(t.colour)) {
                self.w.closed_key
            } else {
                self.w.closed
            };
            if t.kind.is_none() {
                cost += self.w.face_down;
            }
        }
        if self
            .characters
            .iter()
            .enumerate()
            .any(|(s, &p)| s != seat && p == Some(c))
        {
            cost += self.w.occupied;
        }
        cost
    }

    /// Each cell's cost for `seat` from standing there to standing on its goal row.
    fn distances(&self, seat: Seat, hand: Option<&[Card]>) -> Vec<f32> {
        let n = self.tiles.len();
        let side = self.sides[seat];
        let steps = self.steps_from(seat);
        let enter: Vec<f32> = (0..n)
            .map(|i| {
                let scale = 1.0 / (1.0 + self.w.far * (steps[i] - 1.0).max(0.0));
                1.0 + scale * self.door_cost(self.cell(i), seat, hand)
            })
            .collect();
        let mut dist = vec![f32::INFINITY; n];
        let mut done = vec![false; n];
        for (i, d) in dist.iter_mut().enumerate() {
            if side.is_goal(self.cell(i), self.rows, self.cols) {
                *d = 0.0;
            }
        }
        loop {
            let mut next = None;
            for i in 0..n {
                if !done[i] && dist[i].is_finite() && next.is_none_or(|j: usize| dist[i] < dist[j])
                {
                    next = Some(i);
                }
            }
            let Some(i) = next else { break };
            done[i] = true;
            let via = dist[i] + enter[i];
            for nb in self.neighbours(self.cell(i)) {
                let j = self.at(nb);
                if via < dist[j] {
                    dist[j] = via;
                }
            }
        }
        // Goal cells still have to be entered: standing on one is a win, reaching one costs its door.
        dist
    }

    /// Plain steps from `seat`'s character (or from outside, entering counting one) to each cell,
    /// doors ignored.
    fn steps_from(&self, seat: Seat) -> Vec<f32> {
        let n = self.tiles.len();
        if self.w.far == 0.0 {
            // Every door then costs its full weight: no need to walk the board.
            return vec![1.0; n];
        }
        let mut steps = vec![f32::INFINITY; n];
        let mut queue = std::collections::VecDeque::new();
        match self.characters[seat] {
            Some(c) => {
                steps[self.at(c)] = 0.0;
                queue.push_back(c);
            }
            None => {
                let side = self.sides[seat];
                for (i, step) in steps.iter_mut().enumerate() {
                    let c = self.cell(i);
                    if side.is_entry(c, self.rows, self.cols) {
                        *step = 1.0;
                        queue.push_back(c);
                    }
                }
            }
        }
        while let Some(c) = queue.pop_front() {
            let next = steps[self.at(c)] + 1.0;
            for nb in self.neighbours(c) {
                let j = self.at(nb);
                if next < steps[j] {
                    steps[j] = next;
                    queue.push_back(nb);
                }
            }
        }
        steps
    }

    /// `seat`'s cost to the goal from where its character stands (or waits outside).
    fn cost_from(&self, seat: Seat, dist: &[f32], hand: Option<&[Card]>) -> f32 {
        match self.characters[seat] {
            Some(c) => dist[self.at(c)],
            None => self.outside_cost(seat, dist, hand),
        }
    }

    fn outside_cost(&self, seat: Seat, dist: &[f32], hand: Option<&[Card]>) -> f32 {
        let side = self.sides[seat];
        (0..self.tiles.len())
            .map(|i| self.cell(i))
            .filter(|&c| side.is_entry(c, self.rows, self.cols))
            .map(|c| 1.0 + self.door_cost(c, seat, hand) + dist[self.at(c)])
            .fold(f32::INFINITY, f32::min)
    }

    /// Cells `seat` could step to now.
    fn steps(&self, seat: Seat) -> Vec<Cell> {
        let side = self.sides[seat];
        let free = |c: &Cell| self.tiles[self.at(*c)].passable() && !self.occupied(*c);
        match self.characters[seat] {
            None => (0..self.tiles.len())
                .map(|i| self.cell(i))
                .filter(|&c| side.is_entry(c, self.rows, self.cols))
                .filter(free)
                .collect(),
            Some(c) => self.neighbours(c).into_iter().filter(free).collect(),
        }
    }

    fn is_goal(&self, seat: Seat, c: Cell) -> bool {
        self.sides[seat].is_goal(c, self.rows, self.cols)
    }

    /// How close the nearest opponent is, as `seat` fears it (lower is more dangerous).
    fn threat(&self, seat: Seat) -> f32 {
        (0..self.sides.len())
            .filter(|&o| o != seat)
            .map(|o| {
                if self.characters[o].is_some_and(|c| self.is_goal(o, c)) {
                    return -WIN;
                }
                let d = self.distances(o, None);
                self.cost_from(o, &d, None) + f32::from(self.frozen[o])
            })
            .fold(f32::INFINITY, f32::min)
    }

    /// `seat`'s own value after its best move from here (higher is better).
    fn best_move_value(&self, seat: Seat, hand: &[Card], may_move: bool) -> f32 {
        if self.characters[seat].is_some_and(|c| self.is_goal(seat, c)) {
            return WIN;
        }
        let dist = self.distances(seat, Some(hand));
        let mut best = -self.cost_from(seat, &dist, Some(hand));
        if may_move && self.frozen[seat] == 0 {
            for to in self.steps(seat) {
                if self.is_goal(seat, to) {
                    return WIN;
                }
                best = best.max(-dist[self.at(to)] + self.bonus(seat, to));
            }
        }
        best
    }

    /// Worth of landing on an Extra Key or Extra Turn tile not yet used by `seat`.
    fn bonus(&self, seat: Seat, c: Cell) -> f32 {
        let t = &self.tiles[self.at(c)];
        let fresh = t.bonus_used & (1 << seat) == 0;
        match t.kind {
            Some(TileKind::ExtraTurn) if fresh => self.w.extra_turn,
            Some(TileKind::ExtraKey) if fresh => self.w.extra_key,
            _ => 0.0,
        }
    }
}

/// How much the bot would rather keep a card than play it without effect.
fn keep_value(card: Card, hand: &[Card]) -> f32 {
    let copies = hand.iter().filter(|&&c| c == card).count() as f32;
    let base = match card {
        Card::Skeleton => 3.0,
        Card::Key(_) => 1.5,
        Card::Axe => 1.2,
        Card::Freeze | Card::Wand | Card::Padlock => 1.0,
        Card::Slide => 0.8,
    };
    base / copies.max(1.0)
}

/// The value of `action` for `seat`: own progress minus a share of the nearest opponent's.
fn evaluate(base: &Board, view: &CastleView, seat: Seat, action: &Action) -> f32 {
    let mut b = base.clone();
    let mut hand = view.hand.clone();
    if let Some(card) = action.card()
        && let Some(i) = hand.iter().position(|&c| c == card)
    {
        hand.remove(i);
    }
    let set_open = |b: &mut Board, c: Cell, open: bool| {
        let i = b.at(c);
        b.tiles[i].open = open;
    };
    match *action {
        Action::Open { tile, .. } | Action::BonusOpen { tile } => set_open(&mut b, tile, true),
        Action::Close { tile, .. } | Action::BonusClose { tile } => set_open(&mut b, tile, false),
        Action::Unlock { tile } => {
            let i = b.at(tile);
            b.tiles[i].padlock = false;
        }
        Action::Padlock { tile } => {
            let i = b.at(tile);
            b.tiles[i].padlock = true;
        }
        Action::Slide { a, b: to } => b.slides.push((a, to)),
        Action::Axe { tile } => {
            let i = b.at(tile);
            b.tiles[i].axed = true;
            b.tiles[i].open = true;
        }
        Action::Freeze { seat: t } => b.frozen[t] = super::FREEZE_TURNS,
        Action::Wand { seat: t, to } => b.characters[t] = Some(to),
        Action::Move { to } => b.characters[seat] = Some(to),
        Action::Exit => b.characters[seat] = None,
        Action::Discard { .. } | Action::Stay | Action::SkipBonus => {}
    }
    let may_move = view.phase == Phase::Play;
    let mine = b.best_move_value(seat, &hand, may_move);
    let mut value = mine;
    if matches!(*action, Action::Move { to } if b.is_goal(seat, to)) {
        return WIN * 2.0;
    }
    if let Action::Move { to } = *action {
        value += b.bonus(seat, to);
    }
    let threat = b.threat(seat);
    let weight = if threat <= b.w.near {
        b.w.block_near
    } else {
        b.w.block_far
    };
    value += weight * threat.min(30.0);
    if let Some(card) = action.card() {
        value -= b.w.keep * keep_value(card, &view.hand);
    }
    value
}
