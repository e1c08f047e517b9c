//! The invariants of a Sprawl state, checked by the battery after every step.

use super::rules::culprits;
use super::{Action, Cell, DECK_SIZE, PER_SIZE, Phase, Sprawl, board_size, branch_capacity};

/// The state's invariants: pieces conserved, towers well stacked, branches attached within capacity,
/// no live tower left attacked enough to fall, the coup deck complete.
pub(super) fn invariants(s: &Sprawl) -> Result<(), String> {
    let n = s.players;
    if board_size(n) != Some((s.board.cols(), s.board.rows())) || !s.board.is_whole() {
        return Err(format!("the board does not fit {n} players"));
    }
    if s.stash.len() != n
        || s.started.len() != n
        || s.cards.len() != n
        || s.hues.len() != n
        || s.neutralized_pips.len() != n
        || s.neutralized_count.len() != n
    {
        return Err("per-seat records do not match the players".into());
    }
    if let Some(why) = crate::Hue::refuse(&s.hues, n) {
        return Err(why);
    }
    let mut counts: Vec<[u32; 3]> = s.stash.iter().map(|c| c.map(u32::from)).collect();
    let b = &s.board;
    let bad_piece = |owner: u8, size: u8| owner as usize >= n || !(1..=3).contains(&size);
    for (sq, cell) in b.cells() {
        match cell {
            Cell::Empty => {}
            Cell::Tower(t) => {
                if t.pieces.is_empty() {
                    return Err(format!("empty tower on {}", sq.name()));
                }
                if t.pieces
                    .windows(2)
                    .any(|w| w[0].size.checked_sub(1) != Some(w[1].size))
                {
                    return Err(format!(
                        "tower on {} is not stacked one size smaller",
                        sq.name()
                    ));
                }
                for p in &t.pieces {
                    if bad_piece(p.owner, p.size) {
                        return Err(format!("impossible piece {p:?} on {}", sq.name()));
                    }
                    counts[p.owner as usize][p.size as usize - 1] += 1;
                }
                if !s.started[t.pieces[0].owner as usize] {
                    return Err(format!(
                        "tower on {} belongs to a seat not started",
                        sq.name()
                    ));
                }
                if !t.neutralized
                    && !culprits(b, sq, &t.pieces, s.variants.superior_forces).is_empty()
                {
                    return Err(format!("live tower on {} should be neutralized", sq.name()));
                }
                let cap = branch_capacity(t.height());
                if b.supported(sq) > cap {
                    return Err(format!("tower on {} supports more than {cap}", sq.name()));
                }
            }
            Cell::Branch(br) => {
                if bad_piece(br.owner, br.size) {
                    return Err(format!("impossible branch {br:?} on {}", sq.name()));
                }
                counts[br.owner as usize][br.size as usize - 1] += 1;
                if br.source.dir_to(sq).is_none() {
                    return Err(format!("branch on {} is not next to its source", sq.name()));
                }
                if b.attacked_by(sq, br).is_none() {
                    return Err(format!("branch on {} points off the board", sq.name()));
                }
                let Some(root) = b.tower(br.root) else {
                    return Err(format!("branch on {} has no root tower", sq.name()));
                };
                let ok = match b.get(br.source) {
                    Some(Cell::Tower(_)) => br.source == br.root && br.depth == 1,
                    Some(Cell::Branch(src)) => {
                        src.root == br.root && src.depth.checked_add(1) == Some(br.depth)
                    }
                    _ => false,
                };
                if !ok || br.depth as usize > root.height() {
                    return Err(format!("branch on {} is badly attached", sq.name()));
                }
            }
        }
    }
    for (seat, c) in counts.iter().enumerate() {
        if c.iter().any(|&k| k != u32::from(PER_SIZE)) {
            return Err(format!(
                "seat {seat} has {c:?} pieces of sizes 1-3, not 5 each"
            ));
        }
    }
    let cards: usize = s.deck.len() + s.cards.iter().map(Vec::len).sum::<usize>();
    let expected = if s.variants.counting_coup {
        DECK_SIZE
    } else {
        0
    };
    if cards != expected {
        return Err(format!("{cards} coup cards instead of {expected}"));
    }
    let mut held: Vec<u8> = s
        .deck
        .iter()
        .chain(s.cards.iter().flatten())
        .copied()
        .collect();
    held.sort_unstable();
    if s.variants.counting_coup && held != super::full_deck() {
        return Err("the coup cards are not a deck of four of each rank".into());
    }
    if s.current as usize >= n || s.first_player as usize >= n {
        return Err("current player out of range".into());
    }
    match &s.phase {
        Phase::Play => {}
        Phase::Asking {
            sporer,
            spore,
            askers,
            next,
        } => {
            if s.over
                || !s.variants.counting_coup
                || askers.get(*next as usize).is_none()
                || askers.iter().any(|&a| a as usize >= n)
                || askers
                    .iter()
                    .enumerate()
                    .any(|(i, a)| a == sporer || askers[..i].contains(a))
                || *sporer != s.current
                || !spore_stands(s, *sporer, spore)
            {
                return Err("bad Counting Coup question".into());
            }
        }
        Phase::Answering {
            sporer,
            challenger,
            spore,
        } => {
            if s.over
                || !s.variants.counting_coup
                || *sporer != s.current
                || *challenger as usize >= n
                || challenger == sporer
                || !spore_stands(s, *sporer, spore)
            {
                return Err("bad Counting Coup answer".into());
            }
        }
    }
    Ok(())
}

/// A position to play from: the invariants, and a player to move who has a valid move (a game
/// reached by play would have ended at the start of that player's turn).
pub(super) fn playable(s: &Sprawl) -> Result<(), String> {
    invariants(s)?;
    if !s.over && s.phase == Phase::Play && super::moves::moves(s, s.current as usize).is_empty() {
        return Err("the player to move has no valid move, yet the game goes on".into());
    }
    Ok(())
}

/// Whether the spore a Counting Coup question is about stands on the board as it was made: a tower
/// of the sporer's own pieces only, as many as the spore stacked and each one size smaller, with
/// no branch laid off it yet. Taking it back lifts that tower; it must not lift anything else.
fn spore_stands(s: &Sprawl, sporer: u8, spore: &Action) -> bool {
    let Action::Spore { sq, size, pieces } = *spore else {
        return false;
    };
    let Some(tower) = s.board.tower(sq) else {
        return false;
    };
    tower.pieces.len() == usize::from(pieces)
        && (0..pieces)
            .zip(&tower.pieces)
            .all(|(i, p)| p.owner == sporer && Some(p.size) == size.checked_sub(i))
        && s.board.supported(sq) == 0
}
