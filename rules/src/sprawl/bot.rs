//! A heuristic Sprawl bot: one ply ahead, weighing pips placed safely against pips left in danger.
//!
//! Sprawl is won by emptying your stash, so the evaluation counts the pips a seat has on the board in
//! live sprawl, takes off part of what stands where an opponent could neutralize it next turn, adds a
//! little for room to spore, and compares with the other seats. In Counting Coup it always asks "are
//! you sure?" (asking costs nothing) and takes a spore back when the asker could take more than a card.

use super::moves;
use super::{Action, Cell, Dir, Phase, Sprawl, Square, Tower};
use crate::bots::Bot;
use crate::{Game, GameRng, Seat};

/// The heuristic bot; `rng` breaks ties between equally good moves.
pub struct SprawlBot {
    rng: GameRng,
}

impl SprawlBot {
    /// A bot whose tie-breaks follow `seed`.
    pub fn new(seed: u64) -> Self {
        SprawlBot {
            rng: GameRng::new(seed),
        }
    }
}

impl Bot<Sprawl> for SprawlBot {
    fn choose(&mut self, state: &Sprawl, seat: Seat) -> Option<Action> {
        let legal = state.legal_actions(seat);
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        match state.phase() {
            Phase::Asking { .. } => return Some(Action::AreYouSure),
            Phase::Answering { spore, .. } => {
                let pips = match spore {
                    Action::Spore { size, pieces, .. } => (0..*pieces).map(|i| size - i).sum(),
                    _ => 0,
                };
                let keep = pips <= 1 || !legal.contains(&Action::TakeBack);
                return Some(if keep {
                    Action::KeepMove
                } else {
                    Action::TakeBack
                });
            }
            Phase::Play => {}
        }
        let mut best: Vec<&Action> = Vec::new();
        let mut best_value = f64::NEG_INFINITY;
        for a in &legal {
            let mut next = state.clone();
            next.apply_unchecked(seat, a);
            let value = if next.is_over() {
                // The move ends the game: only the result counts.
                1000.0 * (next.returns()[seat] - 0.5) + evaluate(&next, seat)
            } else {
                evaluate(&next, seat)
            };
            if value > best_value + 1e-9 {
                best_value = value;
                best.clear();
            }
            if (value - best_value).abs() <= 1e-9 {
                best.push(a);
            }
        }
        if best.is_empty() {
            None
        } else {
            Some(best[self.rng.below(best.len())].clone())
        }
    }
}

/// Whether some opponent of the tower's controller could plausibly neutralize it with one branch: a
/// vacant square next to it that an opponent's tower or branch could lay a missing size into, pointing
/// at it. Depth, capacity and stash limits are ignored, so this errs toward caution.
fn threatened(s: &Sprawl, sq: Square, t: &Tower) -> bool {
    let b = s.board();
    let owner = t.controller();
    let lacks = |size: u8| {
        if s.variants().superior_forces {
            let attack: u32 = b
                .attackers(sq)
                .iter()
                .filter(|x| x.owner != owner)
                .map(|x| x.size as u32)
                .sum();
            attack + size as u32 > t.pips()
        } else {
            !t.has_size(size)
        }
    };
    if !(1..=3).any(lacks) {
        return false;
    }
    for d in Dir::ALL {
        let Some(n) = b.step(sq, d, 1).filter(|&n| b.is_vacant(n)) else {
            continue;
        };
        let toward = d.opposite();
        for e in Dir::ALL {
            let Some(m) = b.step(n, e, 1).filter(|&m| m != sq) else {
                continue;
            };
            // `m` is the source, the new branch lies on `n` (reached from `m` going `e.opposite()`).
            let out = e.opposite();
            match b.get(m) {
                Some(Cell::Tower(src))
                    if !src.neutralized && src.controller() != owner && out == toward =>
                {
                    return true;
                }
                Some(Cell::Branch(src))
                    if src.owner != owner && src.size >= 2 && b.is_live(src) =>
                {
                    let fits = if out == src.dir {
                        toward != out.opposite()
                    } else {
                        out != src.dir.opposite() && toward == out
                    };
                    if fits && lacks(src.size - 1) {
                        return true;
                    }
                }
                _ => {}
            }
        }
    }
    false
}

/// Vacant squares next to `seat`'s live towers: room to branch, and a guard against being boxed in.
fn elbow_room(s: &Sprawl, seat: Seat) -> usize {
    let b = s.board();
    b.cells()
        .filter(|(_, c)| matches!(c, Cell::Tower(t) if !t.neutralized && t.controller() as Seat == seat))
        .map(|(sq, _)| {
            Dir::ALL
                .into_iter()
                .filter(|&d| b.step(sq, d, 1).is_some_and(|n| b.is_vacant(n)))
                .count()
        })
        .sum()
}

/// How good the position is for `seat`: higher is better.
pub fn evaluate(s: &Sprawl, seat: Seat) -> f64 {
    let n = s.players();
    let b = s.board();
    let mut placed = vec![0.0; n];
    let mut at_risk = vec![0.0; n];
    for (sq, cell) in b.cells() {
        match cell {
            Cell::Tower(t) if !t.neutralized => {
                for p in &t.pieces {
                    placed[p.owner as usize] += p.size as f64;
                }
                if threatened(s, sq, t) {
                    let mut loss = vec![0.0; n];
                    for p in &t.pieces {
                        loss[p.owner as usize] += p.size as f64;
                    }
                    for (at, c) in b.cells() {
                        if let Cell::Branch(br) = c
                            && br.root == sq
                            && at != sq
                        {
                            loss[br.owner as usize] += br.size as f64;
                        }
                    }
                    for (r, l) in at_risk.iter_mut().zip(loss) {
                        *r += l;
                    }
                }
            }
            Cell::Branch(br) if b.is_live(br) => placed[br.owner as usize] += br.size as f64,
            _ => {}
        }
    }
    let strength = |p: usize| placed[p] - 0.6 * at_risk[p];
    let room =
        s.spore_squares(seat).len().min(4) as f64 * 0.4 + elbow_room(s, seat).min(6) as f64 * 0.15;
    let others = (0..n)
        .filter(|&p| p != seat)
        .map(strength)
        .fold(f64::NEG_INFINITY, f64::max);
    let coup = s.face_down_cards(seat) as f64 * 1.3;
    strength(seat) + room + coup - 0.5 * others.max(0.0)
}

/// Whether `seat` has a move that neutralizes `sq` right now (used by tests and analysis tools).
pub fn can_neutralize(s: &Sprawl, seat: Seat, sq: Square) -> bool {
    moves::could_neutralize(s, seat, sq)
}
