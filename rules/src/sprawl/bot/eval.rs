//! The static side of the Sprawl bot: a position's value for one seat, and a quick score for a move.

use super::super::{Action, Board, Cell, Dir, Sprawl, Square, Tower};
use crate::Seat;

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

/// Pips in the branches of the tree rooted at `root` (the tower itself not counted), by owner.
fn tree_pips(b: &Board, root: Square, out: &mut [f64]) {
    for (at, c) in b.cells() {
        if let Cell::Branch(br) = c
            && br.root == root
            && at != root
        {
            out[br.owner as usize] += br.size as f64;
        }
    }
}

/// What the tie-breaks are worth, in pips, to each seat: points are often tied at the end, and then
/// neutralizing anything at all wins (tie-break 1), before having more live pieces on the board
/// (tie-break 3).
fn tie_breaks(s: &Sprawl) -> Vec<f64> {
    let b = s.board();
    let mut out: Vec<f64> = (0..s.players())
        .map(|p| {
            let pips = s.neutralized_by(p).0 as f64;
            if pips > 0.0 {
                TIE_NEUTRALIZED + 0.05 * pips
            } else {
                0.0
            }
        })
        .collect();
    let spaces = TIE_SPACE;
    for (_, c) in b.cells() {
        match c {
            Cell::Tower(t) if !t.neutralized => out[t.controller() as usize] += spaces,
            Cell::Branch(br) if b.is_live(br) => out[br.owner as usize] += spaces,
            _ => {}
        }
    }
    out
}

/// Per seat: the pips it has in live sprawl, and how many of them stand in towers (with their
/// trees) that some opponent could plausibly neutralize next turn.
fn live_pips(s: &Sprawl) -> (Vec<f64>, Vec<f64>) {
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
                    for p in &t.pieces {
                        at_risk[p.owner as usize] += p.size as f64;
                    }
                    tree_pips(b, sq, &mut at_risk);
                }
            }
            Cell::Branch(br) if b.is_live(br) => placed[br.owner as usize] += br.size as f64,
            _ => {}
        }
    }
    (placed, at_risk)
}

/// How good the position is for `seat`: higher is better.
///
/// Each seat's strength is the pips it has in live sprawl, less 0.6 x what stands in towers (with their
/// trees) that some opponent could plausibly neutralize next turn; `seat` adds a little for room to
/// spore and branch and for coup cards, and subtracts half the strongest opponent's strength.
pub fn evaluate(s: &Sprawl, seat: Seat) -> f64 {
    let n = s.players();
    let (placed, at_risk) = live_pips(s);
    let risk = RISK;
    let ties = tie_breaks(s);
    let strength = |p: usize| placed[p] - risk * at_risk[p] + ties[p];
    let (live, in_danger) = exposure(s, seat);
    // Losing every live tower leaves the seat without a move, which ends the game on its next turn
    // with nothing more placed: far worse than the pips at stake.
    let stranded = if live > 0 && live == in_danger {
        STRANDED + 0.4 * placed[seat]
    } else {
        0.0
    };
    let room =
        s.spore_squares(seat).len().min(4) as f64 * 0.4 + elbow_room(s, seat).min(6) as f64 * 0.15;
    let others = (0..n)
        .filter(|&p| p != seat)
        .map(strength)
        .fold(f64::NEG_INFINITY, f64::max);
    let coup = s.face_down_cards(seat) as f64 * 1.3;
    strength(seat) + room + coup - 0.5 * others.max(0.0) - stranded
}

/// Share of the pips in a tower (and its tree) that some opponent could neutralize next turn counted
/// as lost already.
const RISK: f64 = 0.6;

/// Tie-break 1 in pips: having neutralized anything beats every tied seat that has not.
const TIE_NEUTRALIZED: f64 = 0.5;

/// Tie-break 3 in pips, per live piece on the board.
const TIE_SPACE: f64 = 0.1;

/// Penalty for a position where every live tower of the seat could fall next turn.
const STRANDED: f64 = 4.0;

/// `seat`'s live towers, and how many of them some opponent could plausibly neutralize next turn.
fn exposure(s: &Sprawl, seat: Seat) -> (usize, usize) {
    let mut live = 0;
    let mut in_danger = 0;
    for (sq, c) in s.board().cells() {
        if let Cell::Tower(t) = c
            && !t.neutralized
            && t.controller() as Seat == seat
        {
            live += 1;
            if threatened(s, sq, t) {
                in_danger += 1;
            }
        }
    }
    (live, in_danger)
}

/// How good a square is for `seat`'s first tower (a large one): away from towers that could attack
/// it next turn, with room to branch, and standing between two other towers that threaten each other
/// (an early neutralization can end the game before the bot has caught up).
pub(super) fn first_tower_value(s: &Sprawl, seat: Seat, sq: Square) -> f64 {
    let b = s.board();
    let mut value = 0.0;
    for d in Dir::ALL {
        let Some(n) = b.step(sq, d, 1) else {
            continue;
        };
        if b.is_vacant(n) {
            value += 0.3;
            // A tower two squares off in line can lay a branch in between, pointing here; and this
            // tower could do the same to it.
            if b.step(sq, d, 2)
                .and_then(|f| b.tower(f))
                .is_some_and(|t| !t.neutralized && t.controller() as Seat != seat)
            {
                value -= EXPOSED;
            }
        } else if d == Dir::North || d == Dir::East {
            // Between two towers facing each other across this square: block their line.
            let other = b.step(sq, d.opposite(), 1).and_then(|m| b.tower(m));
            if b.tower(n).is_some() && other.is_some() {
                value += BLOCK;
            }
        }
    }
    for (at, c) in b.cells() {
        if let Cell::Tower(t) = c
            && t.controller() as Seat != seat
        {
            let dist = at.col.abs_diff(sq.col) + at.row.abs_diff(sq.row);
            if dist <= 3 {
                value -= 0.3;
            }
        }
    }
    value
}

/// Worth of standing between two towers that could attack each other.
const BLOCK: f64 = 3.0;

/// Cost of a first-tower square that a tower two squares away could attack next turn.
const EXPOSED: f64 = 4.0;

/// Pips a move puts on the board.
pub(super) fn pips_placed(a: &Action) -> u32 {
    match *a {
        Action::PlaceFirstTower { size, .. } | Action::Build { size, .. } => size as u32,
        Action::Branch { size, .. } => size as u32,
        Action::Spore { size, pieces, .. } => {
            (0..pieces).map(|i| size.saturating_sub(i) as u32).sum()
        }
        _ => 0,
    }
}

/// Pips (tower and tree) of another seat's live tower that the branch move would neutralize at once,
/// judged from the board without playing the move.
pub(super) fn neutralizing_gain(s: &Sprawl, seat: Seat, a: &Action) -> u32 {
    let Action::Branch { to, size, dir, .. } = *a else {
        return 0;
    };
    let b = s.board();
    let Some(at) = b.step(to, dir, 1) else {
        return 0;
    };
    let Some(t) = b.tower(at).filter(|t| !t.neutralized) else {
        return 0;
    };
    let owner = t.controller();
    if owner as Seat == seat {
        return 0;
    }
    let falls = if s.variants().superior_forces {
        let attack: u32 = b
            .attackers(at)
            .iter()
            .filter(|x| x.owner != owner)
            .map(|x| x.size as u32)
            .sum();
        attack + size as u32 > t.pips()
    } else {
        !t.has_size(size)
    };
    if !falls {
        return 0;
    }
    let tree = b
        .cells()
        .filter(|(_, c)| matches!(c, Cell::Branch(br) if br.root == at))
        .count() as u32;
    t.pips() + 2 * tree
}

/// A cheap score for a board move, for simulated play: pips placed, plus what it neutralizes.
pub(super) fn quick_score(s: &Sprawl, seat: Seat, a: &Action) -> u32 {
    let space = matches!(a, Action::Branch { .. } | Action::Spore { .. }) as u32;
    pips_placed(a) * 4 + space + neutralizing_gain(s, seat, a) * 6
}

/// A rough chance that `seat` wins from an unfinished position: its lead in safe pips on the board
/// over the strongest other seat, squashed into (0, 1).
pub(super) fn win_chance(s: &Sprawl, seat: Seat) -> f64 {
    let n = s.players();
    let (placed, at_risk) = live_pips(s);
    let ties = tie_breaks(s);
    let strength =
        |p: usize| placed[p] - RISK * at_risk[p] + s.face_down_cards(p) as f64 * 1.3 + ties[p];
    let best_other = (0..n)
        .filter(|&p| p != seat)
        .map(strength)
        .fold(f64::NEG_INFINITY, f64::max);
    let lead = strength(seat) - best_other;
    1.0 / (1.0 + (-lead / 2.5).exp())
}
