//! Sprawl actions: the action space, whose turn it is, Counting Coup questions, and descriptions.

use serde::{Deserialize, Serialize};

use super::moves;
use super::rules::{self, size_name};
use super::{Dir, Phase, Sprawl, Square, score};
use crate::{GameRng, RuleError, Seat};

/// One choice of one seat. Board moves map onto clicks: a stash size, a square, a direction if needed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Your first turn: stand a piece of `size` upright on any vacant square.
    PlaceFirstTower { sq: Square, size: u8 },
    /// Cap the tower on `sq` with a piece of `size`, one smaller than its top.
    Build { sq: Square, size: u8 },
    /// Lay a piece of `size` on its side on `to`, next to its source `from`, pointing `dir`.
    Branch {
        from: Square,
        to: Square,
        size: u8,
        dir: Dir,
    },
    /// Start a tower on the targeted square `sq` with a piece of `size`; with Overload, `pieces` > 1
    /// stacks that many pieces, each one size smaller than the one below.
    Spore { sq: Square, size: u8, pieces: u8 },
    /// Counting Coup: ask the sporer "are you sure?".
    AreYouSure,
    /// Counting Coup: let the spore stand without asking.
    StaySilent,
    /// Counting Coup: take the questioned spore back (the asker earns a face-down card).
    TakeBack,
    /// Counting Coup: keep the questioned spore.
    KeepMove,
}

pub(super) fn legal(s: &Sprawl, seat: Seat) -> Vec<Action> {
    if s.over || seat >= s.players {
        return Vec::new();
    }
    match &s.phase {
        Phase::Play if seat == s.current as Seat => moves::moves(s, seat),
        Phase::Asking { askers, next, .. } if askers.get(*next as usize) == Some(&(seat as u8)) => {
            vec![Action::AreYouSure, Action::StaySilent]
        }
        Phase::Answering { sporer, .. } if *sporer as Seat == seat => {
            if may_take_back(s) {
                vec![Action::TakeBack, Action::KeepMove]
            } else {
                vec![Action::KeepMove]
            }
        }
        _ => Vec::new(),
    }
}

/// The questioned spore can be taken back only if the sporer then has a different move to make.
fn may_take_back(s: &Sprawl) -> bool {
    let mut copy = s.clone();
    undo_spore(&mut copy);
    !moves::moves(&copy, copy.current as Seat).is_empty()
}

/// Lift the questioned spore off the board, back into the stash, and forbid it for the rest of the turn.
fn undo_spore(s: &mut Sprawl) {
    let spore = match &s.phase {
        Phase::Answering { spore, .. } | Phase::Asking { spore, .. } => spore.clone(),
        Phase::Play => return,
    };
    if let Action::Spore { sq, .. } = spore
        && let Some(t) = s.board.tower(sq)
    {
        for p in t.pieces.clone() {
            s.stash[p.owner as usize][p.size as usize - 1] += 1;
        }
        s.board.set(sq, super::Cell::Empty);
    }
    s.taken_back.push(spore);
    s.phase = Phase::Play;
}

pub(super) fn check(s: &Sprawl, seat: Seat, action: &Action) -> Result<(), RuleError> {
    if seat >= s.players {
        return Err(RuleError::new(format!(
            "there is no seat {}",
            seat.saturating_add(1)
        )));
    }
    if s.over {
        return Err(RuleError::new("the game is over"));
    }
    let name = |x: u8| s.hue(x as Seat).name();
    let question = matches!(action, Action::AreYouSure | Action::StaySilent);
    let answer = matches!(action, Action::TakeBack | Action::KeepMove);
    match &s.phase {
        Phase::Play => {
            if seat != s.current as Seat {
                return Err(RuleError::new(format!("it is {}'s turn", name(s.current))));
            }
            if s.taken_back.contains(action) {
                return Err(RuleError::new(
                    "you took that spore back; make a different move",
                ));
            }
            rules::check_move(s, seat, action)
        }
        Phase::Asking {
            sporer,
            askers,
            next,
            ..
        } => {
            let asker = askers.get(*next as usize).copied().unwrap_or(0);
            if seat != asker as Seat {
                return Err(RuleError::new(format!(
                    "{} is deciding whether to question {}'s spore",
                    name(asker),
                    name(*sporer)
                )));
            }
            if !question {
                return Err(RuleError::new(
                    "first ask \"are you sure?\" about the new spore, or stay silent",
                ));
            }
            Ok(())
        }
        Phase::Answering {
            sporer, challenger, ..
        } => {
            if seat != *sporer as Seat {
                return Err(RuleError::new(format!(
                    "{} must answer {}'s question first",
                    name(*sporer),
                    name(*challenger)
                )));
            }
            if !answer {
                return Err(RuleError::new(
                    "answer the question: take the spore back or keep it",
                ));
            }
            if *action == Action::TakeBack && !may_take_back(s) {
                return Err(RuleError::new(
                    "you have no other move to make, so the spore stands",
                ));
            }
            Ok(())
        }
    }
}

pub(super) fn apply(s: &mut Sprawl, seat: Seat, action: &Action) {
    match action {
        Action::AreYouSure => {
            if let Phase::Asking {
                sporer,
                spore,
                askers,
                next,
            } = &s.phase
            {
                let challenger = askers.get(*next as usize).copied().unwrap_or(0);
                s.phase = Phase::Answering {
                    sporer: *sporer,
                    challenger,
                    spore: spore.clone(),
                };
            }
        }
        Action::StaySilent => {
            if let Phase::Asking { askers, next, .. } = &mut s.phase {
                *next += 1;
                if *next as usize >= askers.len() {
                    end_turn(s);
                }
            }
        }
        Action::KeepMove => end_turn(s),
        Action::TakeBack => {
            if let Phase::Answering { challenger, .. } = s.phase {
                undo_spore(s);
                if let Some(card) = s.rng.take(&mut s.deck) {
                    s.cards[challenger as usize].push(card);
                }
            }
        }
        Action::Spore { sq, .. } => {
            rules::place(s, seat, action);
            let askers = coup_askers(s, seat, *sq);
            if askers.is_empty() {
                end_turn(s);
            } else {
                s.phase = Phase::Asking {
                    sporer: seat as u8,
                    spore: action.clone(),
                    askers,
                    next: 0,
                };
            }
        }
        _ => {
            rules::place(s, seat, action);
            end_turn(s);
        }
    }
}

/// Counting Coup: the players, in turn order after the sporer, who could neutralize the new tower
/// with one move on the board as it is now (the rulebook's "on your next turn", judged at once) and
/// so may ask "are you sure?" (nobody can once the deck is empty).
fn coup_askers(s: &Sprawl, sporer: Seat, sq: Square) -> Vec<u8> {
    if !s.variants.counting_coup || s.deck.is_empty() {
        return Vec::new();
    }
    (1..s.players)
        .map(|i| (sporer + i) % s.players)
        .filter(|&o| moves::could_neutralize(s, o, sq))
        .map(|o| o as u8)
        .collect()
}

/// Pass the turn on; the game ends at the beginning of a turn whose player has no valid move.
fn end_turn(s: &mut Sprawl) {
    s.phase = Phase::Play;
    s.taken_back.clear();
    s.current = ((s.current as usize + 1) % s.players) as u8;
    if moves::moves(s, s.current as Seat).is_empty() {
        score::finish(s);
    }
}

pub(super) fn describe(s: &Sprawl, seat: Seat, action: &Action) -> String {
    let who = s.hues.get(seat).map_or("?", |h| h.name());
    match *action {
        Action::PlaceFirstTower { sq, size } => format!(
            "{who} stands a {} on {} as a first tower",
            size_name(size),
            sq.name()
        ),
        Action::Build { sq, size } => {
            format!("{who} builds a {} on {}", size_name(size), sq.name())
        }
        Action::Branch {
            from,
            to,
            size,
            dir,
        } => format!(
            "{who} branches a {} from {} to {}, pointing {}",
            size_name(size),
            from.name(),
            to.name(),
            dir.name()
        ),
        Action::Spore { sq, size, pieces } if pieces > 1 => {
            let stack: Vec<String> = (0..pieces)
                .map(|i| size.saturating_sub(i).to_string())
                .collect();
            format!("{who} spores a {} tower on {}", stack.join("-"), sq.name())
        }
        Action::Spore { sq, size, .. } => {
            format!("{who} spores a {} on {}", size_name(size), sq.name())
        }
        Action::AreYouSure => format!("{who} asks: are you sure?"),
        Action::StaySilent => format!("{who} lets the spore stand"),
        Action::TakeBack => format!("{who} takes the spore back"),
        Action::KeepMove => format!("{who} keeps the spore"),
    }
}

pub(super) fn random(s: &Sprawl, rng: &mut GameRng) -> Action {
    let (cols, rows) = s.dimensions();
    let sq = |rng: &mut GameRng| {
        Square::new(
            rng.below(cols as usize + 1) as u8,
            rng.below(rows as usize + 1) as u8,
        )
    };
    let size = |rng: &mut GameRng| rng.below(4) as u8;
    let dir = |rng: &mut GameRng| Dir::ALL[rng.below(4)];
    match rng.below(9) {
        0 => Action::PlaceFirstTower {
            sq: sq(rng),
            size: size(rng),
        },
        1 => Action::Build {
            sq: sq(rng),
            size: size(rng),
        },
        2 | 3 => {
            let from = sq(rng);
            let to = if rng.below(4) == 0 {
                sq(rng)
            } else {
                s.board.step(from, dir(rng), 1).unwrap_or(from)
            };
            Action::Branch {
                from,
                to,
                size: size(rng),
                dir: dir(rng),
            }
        }
        4 | 5 => {
            // Half the time aim at a square the player to move really targets, so size and stacking
            // mistakes get tried too.
            let aimed = s.spore_squares(s.current as Seat);
            let at = if aimed.is_empty() || rng.below(2) == 0 {
                sq(rng)
            } else {
                aimed[rng.below(aimed.len())]
            };
            Action::Spore {
                sq: at,
                size: size(rng),
                pieces: rng.below(4) as u8,
            }
        }
        6 => Action::AreYouSure,
        7 => Action::StaySilent,
        _ => [Action::TakeBack, Action::KeepMove][rng.below(2)].clone(),
    }
}
