//! The end of a game of Sprawl: neutralized sprawl goes home, stashes are counted, ties are broken.

use serde::{Deserialize, Serialize};

use super::{Cell, Sprawl, Square, card_value};
use crate::Seat;

/// One seat's result, with everything the tie-breaks look at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub seat: Seat,
    /// Points left in the stash, less coup cards once the game is over: fewest wins.
    pub points: i64,
    /// Tie-break 1: pips of other players' towers this seat neutralized.
    pub neutralized_pips: u32,
    /// Tie-break 2: how many such towers.
    pub neutralized_towers: u32,
    /// Tie-break 3: squares holding this seat's live towers or branches.
    pub spaces: u32,
    /// Tie-break 4: pips in live towers this seat controls.
    pub tower_pips: u32,
    /// Tie-break 5: live towers this seat controls.
    pub towers: u32,
}

impl Standing {
    /// Sort key: smaller is better.
    fn key(&self) -> (i64, i64, i64, i64, i64, i64) {
        (
            self.points,
            -(self.neutralized_pips as i64),
            -(self.neutralized_towers as i64),
            -(self.spaces as i64),
            -(self.tower_pips as i64),
            -(self.towers as i64),
        )
    }
}

pub(super) fn scores(s: &Sprawl) -> Vec<i64> {
    (0..s.players)
        .map(|seat| {
            let coup: i64 = if s.over {
                s.cards[seat].iter().map(|&c| card_value(c)).sum()
            } else {
                0
            };
            s.stash_pips(seat) - coup
        })
        .collect()
}

fn standing(s: &Sprawl, seat: Seat, points: i64) -> Standing {
    let me = seat as u8;
    let mut st = Standing {
        seat,
        points,
        neutralized_pips: s.neutralized_pips[seat],
        neutralized_towers: s.neutralized_count[seat],
        spaces: 0,
        tower_pips: 0,
        towers: 0,
    };
    for (_, cell) in s.board.cells() {
        match cell {
            Cell::Tower(t) if !t.neutralized && t.controller() == me => {
                st.spaces += 1;
                st.towers += 1;
                st.tower_pips += t.pips();
            }
            Cell::Branch(b) if b.owner == me && s.board.is_live(b) => st.spaces += 1,
            _ => {}
        }
    }
    st
}

impl Sprawl {
    /// Every seat's standing, best first (fewest points, then the tie-breaks in order).
    pub fn standings(&self) -> Vec<Standing> {
        let points = scores(self);
        let mut out: Vec<Standing> = (0..self.players)
            .map(|seat| standing(self, seat, points[seat]))
            .collect();
        out.sort_by_key(|st| (st.key(), st.seat));
        out
    }
}

pub(super) fn returns(s: &Sprawl) -> Vec<f64> {
    let table = s.standings();
    let mut out = vec![0.0; s.players];
    let Some(best) = table.first().map(Standing::key) else {
        return out;
    };
    let winners: Vec<Seat> = table
        .iter()
        .filter(|st| st.key() == best)
        .map(|st| st.seat)
        .collect();
    for &w in &winners {
        out[w] = 1.0 / winners.len() as f64;
    }
    out
}

/// End the game: pieces of neutralized towers and of every branch attached to them go back to their
/// owners' stashes.
pub(super) fn finish(s: &mut Sprawl) {
    let dead: Vec<Square> = s
        .board
        .cells()
        .filter_map(|(sq, c)| match c {
            Cell::Tower(t) if t.neutralized => Some(sq),
            _ => None,
        })
        .collect();
    let squares: Vec<Square> = s.board.squares().collect();
    for sq in squares {
        let pieces = match s.board.get(sq) {
            Some(Cell::Branch(b)) if dead.contains(&b.root) => vec![(b.owner, b.size)],
            Some(Cell::Tower(t)) if t.neutralized => {
                t.pieces.iter().map(|p| (p.owner, p.size)).collect()
            }
            _ => continue,
        };
        for (owner, size) in pieces {
            s.stash[owner as usize][size as usize - 1] += 1;
        }
        s.board.set(sq, Cell::Empty);
    }
    s.over = true;
}
