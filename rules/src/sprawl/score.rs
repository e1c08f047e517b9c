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
    /// The tie-break counts in the order they are applied: more is better.
    pub fn tie_breaks(&self) -> [u32; 5] {
        [
            self.neutralized_pips,
            self.neutralized_towers,
            self.spaces,
            self.tower_pips,
            self.towers,
        ]
    }

    /// Sort key: smaller is better.
    fn key(&self) -> (i64, [std::cmp::Reverse<u32>; 5]) {
        (self.points, self.tie_breaks().map(std::cmp::Reverse))
    }
}

/// What each of `Standing::tie_breaks` counts, for players.
const TIE_BREAK_NAMES: [&str; 5] = [
    "pips of towers neutralized",
    "towers neutralized",
    "squares held",
    "pips in towers held",
    "towers held",
];

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

    /// How a finished game's tie on points was settled, for the game-over screen: the seats level
    /// on fewest points, then the tie-breaks in order, each with every contender's count: those
    /// they were level on in one line, then the one that set some of them apart. Empty while the
    /// game runs or when one seat has fewest points alone.
    pub fn tie_break_lines(&self) -> Vec<String> {
        let table = self.standings();
        let Some(best) = table.first().map(|st| st.points) else {
            return Vec::new();
        };
        let mut level: Vec<&Standing> = table.iter().filter(|st| st.points == best).collect();
        if !self.over || level.len() < 2 {
            return Vec::new();
        }
        let name = |st: &Standing| self.hue(st.seat).name();
        let names = |level: &[&Standing]| {
            let names: Vec<&str> = level.iter().map(|st| name(st)).collect();
            crate::words::listed(&names)
        };
        let mut lines = vec![format!(
            "{} have {} left each: the tie-breaks decide.",
            names(&level),
            crate::words::count(best, "point", "points")
        )];
        // Tie-breaks the contenders are level on, since the last one that set some apart.
        let mut even: Vec<(usize, String)> = Vec::new();
        for (number, what) in TIE_BREAK_NAMES.iter().enumerate() {
            let value = |st: &Standing| st.tie_breaks()[number];
            let most = level.iter().map(|st| value(st)).max().unwrap_or(0);
            if level.iter().all(|st| value(st) == most) {
                even.push((number + 1, format!("{what} {most} each")));
                continue;
            }
            if !even.is_empty() {
                lines.push(format!("{}.", level_on(&names(&level), &even)));
                even.clear();
            }
            let counts: Vec<String> = level
                .iter()
                .map(|st| format!("{} {}", name(st), value(st)))
                .collect();
            lines.push(format!(
                "Tie-break {}, {what}: {}.",
                number + 1,
                counts.join(", ")
            ));
            level.retain(|st| value(st) == most);
            if level.len() == 1 {
                return lines;
            }
        }
        lines.push(if even.is_empty() {
            format!(
                "{} are level on every tie-break and share the win.",
                names(&level)
            )
        } else {
            format!("{}, and share the win.", level_on(&names(&level), &even))
        });
        lines
    }
}

/// Who was level on which tie-breaks (number, name and count): "Red and Yellow are level on
/// tie-breaks 1 and 2: pips of towers neutralized 0 each, towers neutralized 0 each".
fn level_on(who: &str, even: &[(usize, String)]) -> String {
    let numbers: Vec<String> = even.iter().map(|(n, _)| n.to_string()).collect();
    let numbers: Vec<&str> = numbers.iter().map(String::as_str).collect();
    let counts: Vec<&str> = even.iter().map(|(_, c)| c.as_str()).collect();
    let word = if even.len() == 1 {
        "tie-break"
    } else {
        "tie-breaks"
    };
    format!(
        "{who} are level on {word} {}: {}",
        crate::words::listed(&numbers),
        counts.join(", ")
    )
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
