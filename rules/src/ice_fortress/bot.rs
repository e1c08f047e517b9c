//! A greedy heuristic auto-player for Ice Fortress, and the win-rate table by difficulty.
//!
//! The bot scores a position (beacons, pure element columns, pillars on their groups, useful supply
//! rooms, the shield, shards, invaders) and plays the action with the best score right after it,
//! looking through its own follow-up choices (a power's deck or target) before judging.

use serde::{Deserialize, Serialize};

use super::*;
use crate::bots::{Bot, play_match};

/// The greedy heuristic player.
pub struct FortressBot {
    rng: GameRng,
    weights: Weights,
}

impl FortressBot {
    /// A bot with the standard weights.
    pub fn new(seed: u64) -> Self {
        Self::with_weights(seed, Weights::default())
    }

    /// A bot with its own weights (for tuning).
    pub fn with_weights(seed: u64, weights: Weights) -> Self {
        FortressBot {
            rng: GameRng::new(seed),
            weights,
        }
    }
}

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
    for b in s.built().values() {
        let Some(card) = content.room(b.card) else {
            continue;
        };
        let Some(e) = card.element.element() else {
            v += 30.0;
            continue;
        };
        if !b.is_covered() {
            room_for[e.index()] += b.invaders.iter().filter(|i| i.is_none()).count();
        }
        let h = s.stack_height(b.card);
        let pure = h == b.level as usize && !s.slot(e).beacon && card.size == pure_size(h);
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
            let weight = ((h + 1) * (h + 1)) as f64;
            v += filled as f64 * w.pillar * weight / group.squares.len() as f64;
            if blocked {
                v -= w.blocked * weight;
            }
            wanted.push((e, group.size, weight));
        }
    }
    for e in Element::ALL {
        v += room_for[e.index()].min(6) as f64 * 60.0;
    }
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
    v -= pillars as f64 * w.die;
    v
}

/// Each element's target column: the tallest pure column (jumbo on the foundation, then one size
/// smaller per level, all of the element) that still has a free pillar group; `None` once its
/// beacon is built or when no column can grow.
pub fn targets(s: &IceFortress) -> [Option<RoomId>; 4] {
    let mut best: [Option<(usize, usize, RoomId)>; 4] = [None; 4];
    for b in s.built().values() {
        let Some(card) = s.card(b.card) else {
            continue;
        };
        let Some(e) = card.element.element() else {
            continue;
        };
        if s.slot(e).beacon {
            continue;
        }
        let h = s.stack_height(b.card);
        if h != b.level as usize || card.size != pure_size(h) {
            continue;
        }
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
fn pure_size(h: usize) -> Size {
    match h {
        1 => Size::Jumbo,
        2 => Size::Large,
        3 => Size::Medium,
        _ => Size::Small,
    }
}

/// Value of `s` after the current seat's best follow-up choices (up to `depth` of them).
fn value(s: &IceFortress, seat: Seat, depth: usize, w: &Weights) -> f64 {
    if depth > 0 && s.decision().is_some() && s.to_act() == ToAct::Seats(vec![seat]) {
        let mut best = f64::MIN;
        for a in pruned(s, seat) {
            let mut next = s.clone();
            next.apply_unchecked(seat, &a);
            best = best.max(value(&next, seat, depth - 1, w));
        }
        if best > f64::MIN {
            return best;
        }
    }
    evaluate_with(s, w)
}

/// Legal actions with same-valued dice merged (the lowest die id stands for the others).
fn pruned(s: &IceFortress, seat: Seat) -> Vec<Action> {
    let dice = s.dice();
    let mut first_of = [None::<DieId>; 7];
    for d in s.rolled() {
        let v = dice[d as usize].value as usize;
        if first_of[v].is_none() {
            first_of[v] = Some(d);
        }
    }
    let keep = |d: DieId| first_of[dice[d as usize].value as usize] == Some(d);
    s.legal_actions(seat)
        .into_iter()
        .filter(|a| match a {
            Action::PlacePillar { die, .. } => keep(*die),
            Action::UsePower { pay, .. } => pay.iter().all(|p| match p {
                Pay::Die(d) => keep(*d),
                Pay::Shard(_) => true,
            }),
            Action::SetDie { die, .. } => keep(*die),
            _ => true,
        })
        .collect()
}

fn draft_score(s: &IceFortress, card: CardId) -> i64 {
    let Some(a) = s.content().characters.abilities.get(card as usize) else {
        return 0;
    };
    let mut score = a.dice as i64 * 10;
    for p in &a.powers {
        for v in &p.effects {
            score += match v {
                Verb::DrawRoom(_) | Verb::LookRooms(_) | Verb::SearchRoom => 12,
                Verb::BoostShield | Verb::Neutralize => 8,
                Verb::Crystallize(_) | Verb::Repel(_) | Verb::RepelRoom => 5,
                _ => 2,
            };
        }
        score -= 3 * p.cost.len() as i64;
    }
    score
}

impl Bot<IceFortress> for FortressBot {
    fn choose(&mut self, s: &IceFortress, seat: Seat) -> Option<Action> {
        let legal = pruned(s, seat);
        if legal.is_empty() {
            return None;
        }
        if s.phase() == Phase::Draft && s.decision().is_none() {
            return legal
                .iter()
                .max_by_key(|a| match a {
                    Action::KeepAbility { card } => draft_score(s, *card),
                    _ => 0,
                })
                .cloned();
        }
        let mut best: Vec<&Action> = Vec::new();
        let mut best_v = f64::MIN;
        for a in &legal {
            let mut next = s.clone();
            next.apply_unchecked(seat, a);
            let mut v = value(&next, seat, 2, &self.weights);
            if *a == Action::EndBuild {
                v += 1.0;
            }
            if v > best_v + 1e-9 {
                best_v = v;
                best.clear();
            }
            if (v - best_v).abs() <= 1e-9 {
                best.push(a);
            }
        }
        Some(best[self.rng.below(best.len())].clone())
    }
}

/// One line of the win-rate table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinRateRow {
    pub difficulty: u8,
    pub games: usize,
    pub wins: usize,
    /// Wins divided by games.
    pub rate: f64,
    /// Average beacons completed.
    pub beacons: f64,
    /// Average rounds played.
    pub rounds: f64,
}

/// Play `games` bot games at each difficulty with `players` players on `content`; one row per level.
pub fn win_rates(
    content: &Content,
    difficulties: &[u8],
    players: usize,
    games: usize,
    seed: u64,
) -> Result<Vec<WinRateRow>, RuleError> {
    win_rates_with(
        content,
        difficulties,
        players,
        games,
        seed,
        &Weights::default(),
    )
}

/// [`win_rates`] with bots playing by `weights`.
pub fn win_rates_with(
    content: &Content,
    difficulties: &[u8],
    players: usize,
    games: usize,
    seed: u64,
    weights: &Weights,
) -> Result<Vec<WinRateRow>, RuleError> {
    let mut rows = Vec::new();
    for &difficulty in difficulties {
        let mut wins = 0;
        let mut beacons = 0;
        let mut rounds = 0;
        for g in 0..games {
            let game_seed = seed
                .wrapping_mul(1_000_003)
                .wrapping_add(difficulty as u64 * 100_000 + g as u64);
            let setup = Setup {
                difficulty,
                ..Setup::new(players, game_seed)
            };
            let state = IceFortress::new(&setup, content)?;
            let mut bots: Vec<Box<dyn Bot<IceFortress>>> = (0..players)
                .map(|p| {
                    Box::new(FortressBot::with_weights(game_seed ^ p as u64, *weights))
                        as Box<dyn Bot<IceFortress>>
                })
                .collect();
            let mut rng = GameRng::new(game_seed);
            let (end, _) = play_to_end(state, &mut bots, &mut rng);
            wins += usize::from(end.phase() == Phase::Won);
            beacons += end.beacons();
            rounds += end.round() as usize;
        }
        let n = games.max(1) as f64;
        rows.push(WinRateRow {
            difficulty,
            games,
            wins,
            rate: wins as f64 / n,
            beacons: beacons as f64 / n,
            rounds: rounds as f64 / n,
        });
    }
    Ok(rows)
}

/// Play a game to its end with `bots`; the final state and the number of actions.
pub fn play_to_end(
    mut s: IceFortress,
    bots: &mut [Box<dyn Bot<IceFortress>>],
    rng: &mut GameRng,
) -> (IceFortress, usize) {
    let mut n = 0;
    let bound = s.max_game_length();
    while n < bound {
        match s.to_act() {
            ToAct::Over => break,
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(seats) => {
                let seat = seats[rng.below(seats.len())];
                match bots[seat].choose(&s, seat) {
                    Some(a) => s.apply_unchecked(seat, &a),
                    None => break,
                }
            }
        }
        n += 1;
    }
    (s, n)
}

/// Play one game with `bots` through the shared match runner (used by tests of the runner's path).
pub fn play_with_runner(
    s: IceFortress,
    bots: &mut [Box<dyn Bot<IceFortress>>],
    rng: &mut GameRng,
) -> crate::bots::MatchResult {
    play_match(s, bots, rng)
}
