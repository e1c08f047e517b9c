//! Seeing the end of a game of Sprawl coming: a seat left without a valid move ends the game at the
//! beginning of its next turn, so from any position the bot can tell whether (and after how many
//! turns) the game is already bound to end.

use super::super::{Action, Cell, Dir, Phase, Sprawl, moves, rules};
use crate::{Game, Seat};

/// Whether `seat` has at least one valid board move: a cheap look for a build or a branch off one of
/// its live towers first, the full move list only when that finds nothing.
pub(super) fn has_move(s: &Sprawl, seat: Seat) -> bool {
    if !s.has_started(seat) {
        return s.board().cells().any(|(_, c)| matches!(c, Cell::Empty));
    }
    let stash = s.stash(seat);
    if stash == [0; 3] {
        return false;
    }
    let b = s.board();
    for (sq, c) in b.cells() {
        let Cell::Tower(t) = c else { continue };
        if t.neutralized || t.controller() as Seat != seat {
            continue;
        }
        let top = t.top().size;
        if top >= 2 && stash[top as usize - 2] > 0 {
            return true;
        }
        for dir in Dir::ALL {
            let Some(to) = b.step(sq, dir, 1).filter(|&to| b.is_vacant(to)) else {
                continue;
            };
            for size in 1..=3u8 {
                if stash[size as usize - 1] == 0 {
                    continue;
                }
                let a = Action::Branch {
                    from: sq,
                    to,
                    size,
                    dir,
                };
                if rules::check_move::<crate::Refused>(s, seat, &a).is_ok() {
                    return true;
                }
            }
        }
    }
    !moves::moves(s, seat).is_empty()
}

/// The seat whose turn is being played (in a Counting Coup exchange, the one who spored).
fn current(s: &Sprawl) -> Seat {
    match s.phase() {
        Phase::Play => s.current_player(),
        Phase::Asking { sporer, .. } | Phase::Answering { sporer, .. } => *sporer as Seat,
    }
}

/// If some seat has no valid move left, how many turns are still played before the game ends at the
/// beginning of the first such seat's turn, the turn being played now counted (so 1 means the game
/// ends when this turn is over). `None` while every seat can still move. Moves only ever fill
/// squares, so a seat without a move never gets one back (a Counting Coup take-back aside).
pub(super) fn turns_left(s: &Sprawl) -> Option<usize> {
    if s.is_over() {
        return Some(0);
    }
    let n = s.players();
    let current = current(s);
    // The seat to move in play has a move, or the game would already be over; a sporer under
    // question is checked again at its next turn (offset n).
    (1..=n).find(|&i| !has_move(s, (current + i) % n))
}

/// A move of `seat` (from `legal`) that leaves the next seat without a move when `seat` would win
/// the game that then ends at once: a branch or spore on a square next to one of the next seat's
/// live towers or where it could spore, or a branch that neutralizes one of its towers. `None` if
/// there is none (or the next seat keeps a move whatever `seat` does).
pub(super) fn winning_end(s: &Sprawl, seat: Seat, legal: &[Action]) -> Option<Action> {
    let n = s.players();
    let next = (seat + 1) % n;
    let b = s.board();
    let towers: Vec<_> = b
        .cells()
        .filter(|(_, c)| matches!(c, Cell::Tower(t) if !t.neutralized && t.controller() as Seat == next))
        .map(|(sq, _)| sq)
        .collect();
    if towers.is_empty() {
        return None;
    }
    let spores = s.spore_squares(next);
    let near = |sq: super::super::Square| {
        spores.contains(&sq)
            || towers
                .iter()
                .any(|&t| t.col.abs_diff(sq.col) + t.row.abs_diff(sq.row) <= 1)
    };
    legal
        .iter()
        .filter(|a| match **a {
            Action::Branch { to, dir, .. } => {
                near(to) || b.step(to, dir, 1).is_some_and(|x| towers.contains(&x))
            }
            Action::Spore { sq, .. } => near(sq),
            _ => false,
        })
        .find(|a| {
            let mut after = s.clone();
            after.apply_unchecked(seat, a);
            after.is_over() && after.returns()[seat] >= 1.0
        })
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::{GREEN, RED, YELLOW, branch, p, position};
    use super::*;

    #[test]
    fn a_seat_whose_last_tower_falls_ends_the_game_at_its_next_turn() {
        // Green's only tower stands on c3; Red's medium branch on b3 neutralizes it. Yellow still
        // moves, then the game ends at Green's turn.
        let s = position(
            &[
                ("a3", vec![p(RED, 3)]),
                ("c3", vec![p(GREEN, 3)]),
                ("e6", vec![p(YELLOW, 1)]),
            ],
            &[],
            RED,
        );
        assert_eq!(turns_left(&s), None);
        let mut after = s.clone();
        after
            .apply(RED as Seat, &branch("a3", "b3", 2, Dir::East))
            .unwrap();
        assert!(!has_move(&after, GREEN as Seat));
        assert!(has_move(&after, YELLOW as Seat));
        assert_eq!(turns_left(&after), Some(1));
        let reply = after.legal_actions(YELLOW as Seat)[0].clone();
        after.apply(YELLOW as Seat, &reply).unwrap();
        assert!(after.is_over());
    }

    #[test]
    fn a_boxed_in_tower_leaves_its_seat_without_a_move() {
        // Red's small tower in the corner: nothing builds on a 1, and both neighbours are taken.
        let s = position(
            &[
                ("a1", vec![p(RED, 1)]),
                ("b1", vec![p(YELLOW, 2)]),
                ("a2", vec![p(GREEN, 3)]),
            ],
            &[],
            YELLOW,
        );
        assert!(!has_move(&s, RED as Seat));
        // Yellow moves now, Green next, then the game ends at Red's turn.
        assert_eq!(turns_left(&s), Some(2));
    }

    #[test]
    fn the_next_seat_can_be_left_without_a_move_when_that_wins() {
        // Yellow (next after Red) has one tower, which a Red branch on b3 neutralizes: the game ends
        // at once with Red ahead.
        let s = position(
            &[
                ("a3", vec![p(RED, 3)]),
                ("c3", vec![p(YELLOW, 2)]),
                ("e6", vec![p(GREEN, 1)]),
            ],
            &[],
            RED,
        );
        let legal = s.legal_actions(RED as Seat);
        let Some(Action::Branch { to, dir, .. }) = winning_end(&s, RED as Seat, &legal) else {
            panic!("a winning end was expected");
        };
        assert_eq!((to, dir), (super::super::super::tests::at("b3"), Dir::East));
        // With Green's tower in reach instead, nothing ends the game at once.
        let s = position(
            &[
                ("a3", vec![p(RED, 3)]),
                ("c3", vec![p(GREEN, 2)]),
                ("e6", vec![p(YELLOW, 1)]),
            ],
            &[],
            RED,
        );
        let legal = s.legal_actions(RED as Seat);
        assert_eq!(winning_end(&s, RED as Seat, &legal), None);
    }
}
