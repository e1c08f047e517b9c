//! A greedy heuristic auto-player for Ice Fortress, and the win-rate table by difficulty.
//!
//! The bot scores a position (`bot_eval.rs`) and plays the action with the best score right after
//! it, looking through its own follow-up choices (a power's deck or target) before judging. It never
//! reads the game's own random stream: every look-ahead runs on a copy whose stream is reseeded from
//! the bot's, and an action whose outcome is random (a draw) is judged on several such samples.

use super::*;
use crate::bots::Bot;

#[path = "bot_eval.rs"]
mod eval;
#[path = "bot_table.rs"]
mod table;

pub use eval::{Weights, evaluate, evaluate_with, targets};
pub use table::{WinRateRow, play_to_end, play_with_runner, win_rates, win_rates_with};

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
    let legal = s.legal_actions(seat);
    if matches!(s.decision(), Some(Decision::Search)) {
        return search_choices(s, legal);
    }
    legal
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

/// A search's choices, one per kind of room (element, size, crystal): the card of each kind whose
/// pillar groups take the most die values. The score sees no other difference between cards.
fn search_choices(s: &IceFortress, legal: Vec<Action>) -> Vec<Action> {
    let mut best: Vec<((RoomElement, Size, bool), f64, Action)> = Vec::new();
    for a in legal {
        let Action::PickRoom { room } = a else {
            continue;
        };
        let Some(card) = s.card(room) else {
            continue;
        };
        let kind = (card.element, card.size, card.crystal);
        let ease = ease(card);
        match best.iter_mut().find(|(k, _, _)| *k == kind) {
            Some(b) if b.1 >= ease => {}
            Some(b) => *b = (kind, ease, a),
            None => best.push((kind, ease, a)),
        }
    }
    best.into_iter().map(|(_, _, a)| a).collect()
}

/// How easily a room's pillar groups fill: the mean number of die values each group square takes.
fn ease(card: &RoomCard) -> f64 {
    let mut total = 0.0;
    let mut n = 0.0;
    for g in &card.groups {
        for &q in &g.squares {
            total += match card.squares.get(q as usize) {
                Some(Constraint::Any) => 6.0,
                Some(Constraint::Exact(_)) | Some(Constraint::Linked { .. }) => 1.0,
                Some(Constraint::Range(a, b)) => (b.saturating_sub(*a) + 1) as f64,
                None => 0.0,
            };
            n += 1.0;
        }
    }
    if n > 0.0 { total / n } else { 6.0 }
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
        // Common random numbers: every action is judged on the same reseeded copies.
        let samples = (self.weights.samples.round() as usize).max(1);
        let seeds: Vec<u64> = (0..samples).map(|_| self.rng.next_u64()).collect();
        let mut best: Vec<&Action> = Vec::new();
        let mut best_v = f64::MIN;
        for a in &legal {
            let mut v = 0.0;
            let mut n = 0;
            for &seed in &seeds {
                let mut next = s.clone();
                if self.weights.samples >= 0.5 {
                    *next.rng_mut() = GameRng::new(seed);
                }
                next.apply_unchecked(seat, a);
                // An action that drew nothing and starts no power is the same on every copy.
                let random = matches!(a, Action::UsePower { .. } | Action::PickSize { .. })
                    || next.rng_mut() != &GameRng::new(seed);
                v += value(&next, seat, 2, &self.weights);
                n += 1;
                if !random {
                    break;
                }
            }
            let mut v = v / n as f64;
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
