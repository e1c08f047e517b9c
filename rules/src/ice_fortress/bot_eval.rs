//! The position score of the Ice Fortress auto-player: beacons, pure element columns, pillars on the
//! groups that will carry the next room, dead pillars (dice lost to later turns), useful supply
//! rooms, the shield and the risk of the next pull, shards and invaders.

use serde::{Deserialize, Serialize};

use super::super::*;

/// The weights of the position score; [`Weights::default`] is the tuned set.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weights {
    /// Per completed beacon.
    pub beacon: f64,
    /// Per shield cube.
    pub shield: f64,
    /// Times the square of the cubes below `low_at`: a thin shield is worse than linear.
    pub low: f64,
    /// Shield level under which `low` applies.
    pub low_at: f64,
    /// Per expected shield cube lost to the next turn's pull (invaders with nowhere to land).
    pub risk: f64,
    /// Per air invader while air's harm lasts (a die lost every turn).
    pub air: f64,
    /// Per other invader in the fortress.
    pub invader: f64,
    /// Per height squared of a pure beacon column.
    pub column: f64,
    /// Per pillar group blocked by an invader on a pure column, times the next height squared.
    pub blocked: f64,
    /// Per pillar on a loose square of an uncovered pure column top (a decoy for invaders), up to two.
    pub decoy: f64,
    /// Per shard in the supply.
    pub shard: f64,
    /// Per pillar group of a target column filled, times the next height squared.
    pub pillar: f64,
    /// Per wrong-element room built on a growing column, times its height squared.
    pub bury: f64,
    /// Per die standing as a pillar (the dice run out when pillars are spent carelessly).
    pub die: f64,
    /// Share of a column's value for columns other than the element's target (1: all alike).
    pub others: f64,
    /// Per die standing as a dead pillar: on no free group of a growing column and under no room.
    pub dead: f64,
    /// Share of the pillar value for the groups of a room other than its fullest free one.
    pub spread: f64,
    /// Per free landing place of an element, up to six (invaders there spare the shield).
    pub room: f64,
    /// Per die in the unused pool below `pool_at` (the next rolls come from there).
    pub pool: f64,
    /// Pool size under which `pool` applies.
    pub pool_at: f64,
    /// Per foundation space missing for the elements that still need a jumbo room to start their
    /// column (a small room on the last free space can block a beacon for the rest of the game).
    pub crowd: f64,
    /// Share of the pillar value for the free groups of a pure column shorter than the element's
    /// tallest (a second branch spends dice that the tallest column will need).
    pub branch: f64,
    /// Per die short of the dice budget: the dice still needed to finish every unbuilt beacon's
    /// best column, plus `reserve`, against the dice not standing as pillars. A pillar off those
    /// columns costs this much more once the dice run short; a pillar on them costs nothing extra.
    pub budget: f64,
    /// Dice kept free beyond the columns' needs (the next rolls come from them).
    pub reserve: f64,
    /// Samples of the hidden draws an action with a random outcome is judged on; 0 lets the
    /// look-ahead read the game's own random stream (it peeks at draws: for comparison only).
    pub samples: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            beacon: 20_000.0,
            shield: 400.0,
            low: 150.0,
            low_at: 4.0,
            risk: 400.0,
            air: 250.0,
            invader: 30.0,
            column: 300.0,
            blocked: 150.0,
            decoy: 0.0,
            shard: 50.0,
            pillar: 60.0,
            bury: 0.0,
            die: 15.0,
            others: 1.0,
            dead: 0.0,
            spread: 1.0,
            room: 60.0,
            pool: 0.0,
            pool_at: 8.0,
            samples: 1.0,
            crowd: 800.0,
            branch: 1.0,
            budget: 300.0,
            reserve: 2.0,
        }
    }
}

impl Weights {
    /// Override weights from `name=value` pairs separated by commas; an error names the bad pair.
    pub fn parse_overrides(mut self, text: &str) -> Result<Weights, String> {
        for pair in text.split(',').filter(|p| !p.trim().is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("'{pair}' is not name=value"))?;
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("'{value}' is not a number"))?;
            let slot = match name.trim() {
                "beacon" => &mut self.beacon,
                "shield" => &mut self.shield,
                "low" => &mut self.low,
                "low_at" => &mut self.low_at,
                "risk" => &mut self.risk,
                "air" => &mut self.air,
                "invader" => &mut self.invader,
                "column" => &mut self.column,
                "blocked" => &mut self.blocked,
                "decoy" => &mut self.decoy,
                "shard" => &mut self.shard,
                "pillar" => &mut self.pillar,
                "bury" => &mut self.bury,
                "die" => &mut self.die,
                "others" => &mut self.others,
                "dead" => &mut self.dead,
                "spread" => &mut self.spread,
                "room" => &mut self.room,
                "pool" => &mut self.pool,
                "pool_at" => &mut self.pool_at,
                "samples" => &mut self.samples,
                "crowd" => &mut self.crowd,
                "branch" => &mut self.branch,
                "budget" => &mut self.budget,
                "reserve" => &mut self.reserve,
                other => return Err(format!("no weight named '{other}'")),
            };
            *slot = value;
        }
        Ok(self)
    }
}

/// Score of a position for the defenders with the standard weights: higher is better.
pub fn evaluate(s: &IceFortress) -> f64 {
    evaluate_with(s, &Weights::default())
}

/// Every built room that tops a pure column (see [`is_pure`]), with its card and element.
fn pure_rooms(s: &IceFortress) -> impl Iterator<Item = (&BuiltRoom, &RoomCard, Element)> {
    s.built().values().filter_map(|b| {
        let card = s.card(b.card)?;
        let e = card.element.element()?;
        is_pure(s, b, card, e).then_some((b, card, e))
    })
}

/// True when built room `b` tops a pure column: the element's rooms stacked from a foundation jumbo
/// room, one size smaller per level, and that element's beacon not yet built.
fn is_pure(s: &IceFortress, b: &BuiltRoom, card: &RoomCard, e: Element) -> bool {
    let h = s.stack_height(b.card);
    h == b.level as usize && !s.slot(e).beacon && card.size == pure_size(h)
}

/// Score of a position for the defenders: higher is better.
pub fn evaluate_with(s: &IceFortress, w: &Weights) -> f64 {
    match s.phase() {
        Phase::Won => return 1e7,
        Phase::Lost => return -1e7 + s.beacons() as f64 * 1e5,
        _ => {}
    }
    let mut v = s.beacons() as f64 * w.beacon;
    let shield = s.shield() as f64;
    v += shield * w.shield;
    let thin = (w.low_at - shield).max(0.0);
    v -= thin * thin * w.low;
    let content = s.content();
    let targets = targets(s);
    // Rooms wanted: (element, size) on a free group of the element's target column.
    let mut wanted: Vec<(Element, Size, f64)> = Vec::new();
    let mut column_of = [false; 4];
    // Free landing places per element: invaders that land there do not hit the shield.
    let mut room_for = [0usize; 4];
    let mut dead = 0usize;
    // The tallest pure column of each element.
    let mut tallest = [0usize; 4];
    for b in s.built().values() {
        if let Some(card) = content.room(b.card)
            && let Some(e) = card.element.element()
            && is_pure(s, b, card, e)
        {
            let h = s.stack_height(b.card);
            tallest[e.index()] = tallest[e.index()].max(h);
        }
    }
    for b in s.built().values() {
        let Some(card) = content.room(b.card) else {
            continue;
        };
        let Some(e) = card.element.element() else {
            v += 30.0;
            dead += b
                .pillars
                .iter()
                .enumerate()
                .filter(|(q, p)| p.is_some() && !s.square_under_room(b.card, *q as u8))
                .count();
            continue;
        };
        if !b.is_covered() {
            room_for[e.index()] += b.invaders.iter().filter(|i| i.is_none()).count();
        }
        let h = s.stack_height(b.card);
        let pure = is_pure(s, b, card, e);
        // Pillars on a free group of a growing column are useful; under a room they are spent.
        let in_free_group = |q: usize| {
            card.groups
                .iter()
                .zip(&b.above)
                .any(|(g, above)| above.is_none() && g.squares.contains(&(q as u8)))
        };
        for (q, p) in b.pillars.iter().enumerate() {
            if p.is_some() && !s.square_under_room(b.card, q as u8) && !(pure && in_free_group(q)) {
                dead += 1;
            }
        }
        if !pure {
            v += 20.0;
            // A wrong room on a column that could still grow buries it.
            if let Spot::Group { room, .. } = b.on
                && let Some(below) = s.built_room(room)
                && let Some(bc) = content.room(room)
                && let Some(be) = bc.element.element()
                && be != e
                && !s.slot(be).beacon
                && s.stack_height(room) == below.level as usize
                && bc.size == pure_size(below.level as usize)
            {
                v -= w.bury * (below.level * below.level) as f64;
            }
            continue;
        }
        column_of[e.index()] = true;
        let target = w.others >= 1.0 || targets[e.index()] == Some(b.card);
        v += if target {
            w.column * (h * h) as f64
        } else {
            w.column * w.others * (h * h) as f64
        };
        if !b.is_covered() {
            let decoys = (0..card.squares.len())
                .filter(|&q| {
                    b.pillars[q].is_some()
                        && b.invaders[q].is_none()
                        && !card.groups.iter().any(|g| g.squares.contains(&(q as u8)))
                })
                .count();
            v += decoys.min(2) as f64 * w.decoy;
        }
        if !target {
            continue;
        }
        // Free groups by how full they are: the fullest counts whole, the others at `spread`.
        let mut progress: Vec<(f64, bool, Size)> = Vec::new();
        for (g, group) in card.groups.iter().enumerate() {
            if b.above[g].is_some() {
                continue;
            }
            let filled = group
                .squares
                .iter()
                .filter(|&&q| b.pillars[q as usize].is_some())
                .count();
            let blocked = b.group_invaders[g].is_some()
                || group
                    .squares
                    .iter()
                    .any(|&q| b.invaders[q as usize].is_some());
            progress.push((
                filled as f64 / group.squares.len() as f64,
                blocked,
                group.size,
            ));
        }
        progress.sort_by(|a, b| b.0.total_cmp(&a.0));
        let weight = ((h + 1) * (h + 1)) as f64;
        let branch = h < tallest[e.index()];
        if branch && w.branch <= 0.0 {
            continue;
        }
        for (i, &(fill, blocked, size)) in progress.iter().enumerate() {
            let share = if i == 0 { 1.0 } else { w.spread } * if branch { w.branch } else { 1.0 };
            v += fill * w.pillar * weight * share;
            if blocked {
                v -= w.blocked * weight;
            }
            wanted.push((e, size, weight));
        }
    }
    for e in Element::ALL {
        v += room_for[e.index()].min(6) as f64 * w.room;
    }
    let needed = Element::ALL
        .iter()
        .filter(|&&e| !column_of[e.index()] && !s.slot(e).beacon)
        .count();
    let free = s.foundation().iter().filter(|f| f.is_none()).count();
    v -= needed.saturating_sub(free) as f64 * w.crowd;
    // Expected shield cubes lost to the next pull: invaders of an element with nowhere to land.
    let bag = s.bag();
    let in_bag = s.bag_count();
    if in_bag > 0 {
        let pulls = (content.foundation.invaders_per_turn as usize + s.beacons()).min(in_bag);
        let homeless: usize = Element::ALL
            .iter()
            .filter(|&&e| s.landing_options(e).is_empty())
            .map(|&e| bag[e.index()] as usize)
            .sum();
        v -= w.risk * pulls as f64 * homeless as f64 / in_bag as f64;
    }
    for &r in s.supply() {
        let Some(card) = content.room(r) else {
            continue;
        };
        let mut best: f64 = 15.0;
        if let Some(e) = card.element.element() {
            if s.slot(e).beacon {
                best = 10.0;
            } else if card.size == Size::Jumbo && !column_of[e.index()] {
                best = 260.0;
            }
            for &(we, size, weight) in &wanted {
                if we == e && size == card.size {
                    best = best.max(100.0 * weight);
                }
            }
        } else if card.crystal {
            best = 40.0;
        }
        v += best;
    }
    v += s.shards().iter().map(|&n| n as f64).sum::<f64>() * w.shard;
    let inv = s.invaders_in_fortress();
    for e in Element::ALL {
        let per = if e == Element::Air && s.harm_active(e) {
            w.air
        } else {
            w.invader
        };
        v -= inv[e.index()] as f64 * per;
    }
    v += s.rolled().len() as f64 * 3.0;
    // Pillars are the 50 dice: one stuck where no room will stand is a die lost to later turns.
    let pillars = s
        .dice()
        .iter()
        .filter(|d| matches!(d.at, DieAt::Pillar { .. }))
        .count();
    v -= pillars as f64 * w.die + dead as f64 * w.dead;
    if w.budget > 0.0 {
        let free = s.dice().len().saturating_sub(pillars) as f64;
        let short = (dice_needed(s) + w.reserve - free).max(0.0);
        v -= short * w.budget;
    }
    let short = (w.pool_at - s.pool_count() as f64).max(0.0);
    v -= short * w.pool;
    v
}

/// Pillars a pillar group takes at each level of a beacon column, on average: a jumbo room's
/// group four, a large room's two, a medium room's one or two.
const GROUP_DICE: [f64; 3] = [4.0, 2.0, 1.5];

/// Dice still to place to finish every unbuilt beacon along its cheapest pure column: the empty
/// squares of that column top's fullest free group, then a typical group per level above.
fn dice_needed(s: &IceFortress) -> f64 {
    let mut need = [GROUP_DICE.iter().sum::<f64>(); 4];
    for (b, card, e) in pure_rooms(s) {
        let h = s.stack_height(b.card);
        let left = card
            .groups
            .iter()
            .zip(&b.above)
            .filter(|(_, above)| above.is_none())
            .map(|(g, _)| {
                g.squares
                    .iter()
                    .filter(|&&q| b.pillars.get(q as usize).is_some_and(|p| p.is_none()))
                    .count()
            })
            .min();
        let Some(left) = left else {
            continue;
        };
        let above: f64 = GROUP_DICE.iter().skip(h).sum();
        let n = left as f64 + above;
        if n < need[e.index()] {
            need[e.index()] = n;
        }
    }
    Element::ALL
        .iter()
        .filter(|&&e| !s.slot(e).beacon)
        .map(|&e| need[e.index()])
        .sum()
}

/// Each element's target column: the tallest pure column (jumbo on the foundation, then one size
/// smaller per level, all of the element) that still has a free pillar group; `None` once its
/// beacon is built or when no column can grow.
pub fn targets(s: &IceFortress) -> [Option<RoomId>; 4] {
    let mut best: [Option<(usize, usize, RoomId)>; 4] = [None; 4];
    for (b, card, e) in pure_rooms(s) {
        let h = s.stack_height(b.card);
        let free = b.above.iter().filter(|a| a.is_none()).count();
        if free == 0 || card.groups.is_empty() {
            continue;
        }
        // Taller first, then more free groups, then fewer invaders.
        let clean = 10 - b.invader_spots().len().min(10);
        let key = (h, free * 10 + clean, b.card);
        if best[e.index()].is_none_or(|k| (k.0, k.1) < (key.0, key.1)) {
            best[e.index()] = Some(key);
        }
    }
    best.map(|k| k.map(|k| k.2))
}

/// The size of the room at height `h` of a beacon column (jumbo at the bottom).
pub(super) fn pure_size(h: usize) -> Size {
    match h {
        1 => Size::Jumbo,
        2 => Size::Large,
        3 => Size::Medium,
        _ => Size::Small,
    }
}
