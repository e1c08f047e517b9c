//! Generating Sprawl's board moves, and whether a player could neutralize a tower with one move now.

use super::rules::{check_move, neutralized_by_move};
use super::{Action, Cell, Dir, Sprawl, Square};
use crate::{Refused, Seat};

/// Push every board move `seat` could try onto `out`, in any order, some more than once.
fn gather(s: &Sprawl, seat: Seat, out: &mut Vec<Action>) {
    let me = seat as u8;
    let b = &s.board;
    if !s.started[seat] {
        for sq in b.squares().filter(|&sq| b.is_vacant(sq)) {
            for size in 1..=3 {
                out.push(Action::PlaceFirstTower { sq, size });
            }
        }
        return;
    }
    let max_pieces = if s.variants.overload { 3 } else { 1 };
    for (sq, cell) in b.cells() {
        match cell {
            Cell::Tower(t) if !t.neutralized => {
                if t.top().size >= 2 {
                    out.push(Action::Build {
                        sq,
                        size: t.top().size - 1,
                    });
                }
                if t.controller() == me {
                    for dir in Dir::ALL {
                        if let Some(to) = b.step(sq, dir, 1).filter(|&to| b.is_vacant(to)) {
                            for size in 1..=3 {
                                out.push(Action::Branch {
                                    from: sq,
                                    to,
                                    size,
                                    dir,
                                });
                            }
                        }
                    }
                }
            }
            Cell::Branch(br) if br.owner == me && b.is_live(br) => {
                if br.size >= 2 {
                    for e in Dir::ALL.into_iter().filter(|&e| e != br.dir.opposite()) {
                        let Some(to) = b.step(sq, e, 1).filter(|&to| b.is_vacant(to)) else {
                            continue;
                        };
                        for dir in Dir::ALL {
                            if (e == br.dir && dir != e.opposite()) || dir == e {
                                out.push(Action::Branch {
                                    from: sq,
                                    to,
                                    size: br.size - 1,
                                    dir,
                                });
                            }
                        }
                    }
                }
                if let Some(t) = b.targeted_by(sq, br).filter(|&t| b.is_vacant(t)) {
                    for size in 1..=3 {
                        for pieces in 1..=size.min(max_pieces) {
                            out.push(Action::Spore {
                                sq: t,
                                size,
                                pieces,
                            });
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// The board moves `seat` may make now (turn order aside), sorted; taken-back spores are excluded.
/// The candidates are checked first and only those kept are sorted (fewer to sort).
pub(super) fn moves(s: &Sprawl, seat: Seat) -> Vec<Action> {
    let mut out = Vec::with_capacity(64);
    gather(s, seat, &mut out);
    out.retain(|a| !s.taken_back.contains(a) && check_move::<Refused>(s, seat, a).is_ok());
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether `seat` has a move that would neutralize the tower on `sq` (Counting Coup): a branch that
/// attacks it, or in Sprawlgami a build on it that leaves it attacked by a size it lacks.
pub(super) fn could_neutralize(s: &Sprawl, seat: Seat, sq: Square) -> bool {
    if !s.started[seat] {
        return false;
    }
    if s.variants.sprawlgami
        && (1..=3).any(|size| {
            let a = Action::Build { sq, size };
            check_move::<Refused>(s, seat, &a).is_ok()
                && neutralized_by_move(s, seat, &a).contains(&sq)
        })
    {
        return true;
    }
    let b = &s.board;
    for d in Dir::ALL {
        let Some(to) = b.step(sq, d, 1).filter(|&to| b.is_vacant(to)) else {
            continue;
        };
        for e in Dir::ALL {
            let Some(from) = b.step(to, e, 1) else {
                continue;
            };
            for size in 1..=3 {
                let a = Action::Branch {
                    from,
                    to,
                    size,
                    dir: d.opposite(),
                };
                if check_move::<Refused>(s, seat, &a).is_ok()
                    && neutralized_by_move(s, seat, &a).contains(&sq)
                {
                    return true;
                }
            }
        }
    }
    false
}
