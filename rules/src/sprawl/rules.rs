//! The rule checks of Sprawl: what each board move needs, what it does to the board, and when a
//! tower is neutralized.

use super::{Action, Board, Branch, Cell, Piece, Sprawl, Square, Tower, branch_capacity};
use crate::{Refusal, Seat};

/// Name of a size for players ("small (1)").
pub fn size_name(size: u8) -> &'static str {
    match size {
        1 => "small (1)",
        2 => "medium (2)",
        3 => "large (3)",
        _ => "pyramid",
    }
}

fn err<T, E: Refusal, S: Into<String>>(why: impl FnOnce() -> S) -> Result<T, E> {
    Err(E::because(why))
}

/// Seats whose branch points would neutralize a tower of `pieces` on `sq`: only branches of players other
/// than the tower's controller attack it. Basic rule: a size missing from the tower neutralizes it.
/// Superior Forces: the attacking pips together must exceed the tower's pips. Empty if the tower stands.
pub(super) fn culprits(board: &Board, sq: Square, pieces: &[Piece], superior: bool) -> Vec<u8> {
    let Some(top) = pieces.last() else {
        return Vec::new();
    };
    let attackers: Vec<Branch> = board
        .attackers(sq)
        .into_iter()
        .filter(|b| b.owner != top.owner)
        .collect();
    let mut out: Vec<u8> = if superior {
        let attack: u32 = attackers.iter().map(|b| b.size as u32).sum();
        let defence: u32 = pieces.iter().map(|p| p.size as u32).sum();
        if attack > defence {
            attackers.iter().map(|b| b.owner).collect()
        } else {
            Vec::new()
        }
    } else {
        attackers
            .iter()
            .filter(|b| !pieces.iter().any(|p| p.size == b.size))
            .map(|b| b.owner)
            .collect()
    };
    out.sort_unstable();
    out.dedup();
    out
}

/// Neutralize every live tower that is now attacked enough, crediting the attacking players.
pub(super) fn neutralize_all(s: &mut Sprawl) {
    let superior = s.variants.superior_forces;
    let squares: Vec<Square> = s.board.squares().collect();
    for sq in squares {
        let Some(t) = s.board.tower(sq) else { continue };
        if t.neutralized {
            continue;
        }
        let who = culprits(&s.board, sq, &t.pieces, superior);
        if who.is_empty() {
            continue;
        }
        let pips = t.pips();
        if let Some(t) = s.board.tower_mut(sq) {
            t.neutralized = true;
        }
        for w in who.into_iter().map(usize::from) {
            s.neutralized_pips[w] = s.neutralized_pips[w].saturating_add(pips);
            s.neutralized_count[w] = s.neutralized_count[w].saturating_add(1);
        }
    }
}

/// The pieces a spore stacks: `size` at the bottom, then one size smaller for each further piece.
pub(super) fn spore_pieces(owner: u8, size: u8, pieces: u8) -> Vec<Piece> {
    (0..pieces)
        .map(|i| Piece {
            owner,
            size: size.saturating_sub(i),
        })
        .collect()
}

/// Whether `seat` may make the board move `action` now, the turn order aside.
pub(super) fn check_move<E: Refusal>(s: &Sprawl, seat: Seat, action: &Action) -> Result<(), E> {
    let me = seat as u8;
    let b = &s.board;
    let on_board = |sq: Square| -> Result<(), E> {
        if b.contains(sq) {
            Ok(())
        } else {
            err(|| format!("{} is off the board", sq.name()))
        }
    };
    let in_stash = |size: u8| -> Result<(), E> {
        if !(1..=3).contains(&size) {
            return err(|| "pyramids come in sizes 1, 2 and 3");
        }
        if s.stash[seat][size as usize - 1] == 0 {
            return err(|| format!("you have no {} left in your stash", size_name(size)));
        }
        Ok(())
    };
    match *action {
        Action::PlaceFirstTower { sq, size } => {
            if s.started[seat] {
                return err(|| "you already have a first tower; new towers must be spored");
            }
            on_board(sq)?;
            in_stash(size)?;
            if !b.is_vacant(sq) {
                return err(|| "that square is taken");
            }
            Ok(())
        }
        _ if !s.started[seat] => err(|| "your first move is to place your first tower"),
        Action::Build { sq, size } => {
            on_board(sq)?;
            let Some(t) = b.tower(sq) else {
                return err(|| "you can only build on a tower");
            };
            if t.neutralized {
                return err(|| "a neutralized tower cannot be built on");
            }
            if t.controller() != me {
                if !s.variants.sprawlgami {
                    return err(|| "you may only build on a tower you control");
                }
                if b.live_targeters(me, sq) == 0 {
                    return err(
                        || "you may only build on another player's tower that one of your live branch points targets",
                    );
                }
            }
            let top = t.top().size;
            if top <= 1 {
                return err(|| "nothing can be built on a small (1)");
            }
            if size != top - 1 {
                return err(|| {
                    format!(
                        "a build must be one size smaller than the top piece: a {}",
                        size_name(top - 1)
                    )
                });
            }
            in_stash(size)
        }
        Action::Branch {
            from,
            to,
            size,
            dir,
        } => {
            on_board(from)?;
            on_board(to)?;
            let Some(e) = from.dir_to(to) else {
                return err(
                    || "a branch is laid in a square orthogonally next to its source, never diagonally",
                );
            };
            let (root, depth) = match b.get(from) {
                Some(Cell::Tower(t)) => {
                    if t.controller() != me {
                        return err(|| "you may only branch off a tower you control");
                    }
                    if t.neutralized {
                        return err(|| "you cannot branch off a neutralized tower");
                    }
                    if dir != e {
                        return err(|| "a branch off a tower points straight away from it");
                    }
                    (from, 1)
                }
                Some(Cell::Branch(src)) => {
                    if src.owner != me {
                        return err(|| "you may only branch off your own branches");
                    }
                    if !b.is_live(src) {
                        return err(|| "you cannot branch off the sprawl of a neutralized tower");
                    }
                    if src.size <= 1 {
                        return err(|| "nothing can branch off a small (1)");
                    }
                    if size != src.size - 1 {
                        return err(|| {
                            format!(
                                "a branch off a branch must be one size smaller: a {}",
                                size_name(src.size - 1)
                            )
                        });
                    }
                    if e == src.dir.opposite() {
                        return err(
                            || "a branch comes off the side or the point of a branch, not its base",
                        );
                    }
                    if e == src.dir {
                        if dir == e.opposite() {
                            return err(
                                || "a branch in the square its source points at may not point back at it",
                            );
                        }
                    } else if dir != e {
                        return err(
                            || "a branch off the side of a branch points straight away from it",
                        );
                    }
                    (src.root, src.depth + 1)
                }
                _ => return err(|| "there is nothing to branch from there"),
            };
            if b.step(to, dir, 1).is_none() {
                return err(|| "a branch must point at an adjacent square, never off the board");
            }
            if !b.is_vacant(to) {
                return err(|| "that square is taken");
            }
            in_stash(size)?;
            let height = b.tower(root).map_or(0, Tower::height);
            if depth as usize > height {
                return err(|| {
                    format!(
                        "a {height}-piece tower supports branches at most {} long",
                        crate::words::count(height as i64, "piece", "pieces")
                    )
                });
            }
            let cap = branch_capacity(height);
            if b.supported(root) >= cap {
                return err(|| {
                    format!("a {height}-piece tower supports at most {cap} branch pieces")
                });
            }
            Ok(())
        }
        Action::Spore { sq, size, pieces } => {
            on_board(sq)?;
            if pieces == 0 {
                return err(|| "a spore places at least one piece");
            }
            if pieces > 1 && !s.variants.overload {
                return err(|| "only the Overload variant lets a spore stack more than one piece");
            }
            if !(1..=3).contains(&size) {
                return err(|| "pyramids come in sizes 1, 2 and 3");
            }
            if pieces > size {
                return err(|| {
                    format!(
                        "each stacked piece is one size smaller, so a spore on a {} stacks at most {size}",
                        size_name(size)
                    )
                });
            }
            for i in 0..pieces {
                in_stash(size - i)?;
            }
            if !b.is_vacant(sq) {
                return err(|| "you can only spore into a vacant square");
            }
            let live = b.live_targeters(me, sq);
            if live == 0 {
                let any = b.cells().any(|(at, c)| {
                    matches!(c, Cell::Branch(br) if br.owner == me && b.targeted_by(at, br) == Some(sq))
                });
                return if any {
                    err(|| "you cannot spore off a branch point on a neutralized tower")
                } else {
                    err(|| "you can only spore where one of your branch points targets")
                };
            }
            if (live as u8) < pieces {
                return err(|| {
                    format!(
                        "stacking {pieces} pieces needs {pieces} of your live branch points targeting that square"
                    )
                });
            }
            if !culprits(
                b,
                sq,
                &spore_pieces(me, size, pieces),
                s.variants.superior_forces,
            )
            .is_empty()
            {
                return err(|| "you may not spore a tower where it would be neutralized at once");
            }
            Ok(())
        }
        _ => err(|| "that answers a Counting Coup question, and none is pending"),
    }
}

/// Put a legal board move's pieces on the board (no turn bookkeeping).
pub(super) fn place(s: &mut Sprawl, seat: Seat, action: &Action) {
    let me = seat as u8;
    match *action {
        Action::PlaceFirstTower { sq, size } => {
            s.started[seat] = true;
            s.stash[seat][size as usize - 1] -= 1;
            s.board.set(
                sq,
                Cell::Tower(Tower {
                    pieces: vec![Piece { owner: me, size }],
                    neutralized: false,
                }),
            );
        }
        Action::Build { sq, size } => {
            s.stash[seat][size as usize - 1] -= 1;
            if let Some(t) = s.board.tower_mut(sq) {
                t.pieces.push(Piece { owner: me, size });
            }
        }
        Action::Branch {
            from,
            to,
            size,
            dir,
        } => {
            let (root, depth) = match s.board.get(from) {
                Some(Cell::Branch(src)) => (src.root, src.depth + 1),
                _ => (from, 1),
            };
            s.stash[seat][size as usize - 1] -= 1;
            s.board.set(
                to,
                Cell::Branch(Branch {
                    owner: me,
                    size,
                    dir,
                    source: from,
                    root,
                    depth,
                }),
            );
        }
        Action::Spore { sq, size, pieces } => {
            for i in 0..pieces {
                s.stash[seat][(size - i) as usize - 1] -= 1;
            }
            s.board.set(
                sq,
                Cell::Tower(Tower {
                    pieces: spore_pieces(me, size, pieces),
                    neutralized: false,
                }),
            );
        }
        _ => {}
    }
    neutralize_all(s);
}

/// Towers the board move would neutralize at once (for bots and the Counting Coup question).
pub(super) fn neutralized_by_move(s: &Sprawl, seat: Seat, action: &Action) -> Vec<Square> {
    let mut next = s.clone();
    place(&mut next, seat, action);
    s.board
        .squares()
        .filter(|&sq| s.board.tower(sq).is_some_and(|t| !t.neutralized) && next.is_neutralized(sq))
        .collect()
}
