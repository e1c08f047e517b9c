//! IceTowers moves: what each seat may do, why a move is refused, and what a move does.

use serde::{Deserialize, Serialize};

use super::{IceTowers, Pyramid, Side, TowerId};
use crate::{Game, GameRng, RuleError, Seat, ToAct, words};

/// A move at the IceTowers table.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Pick up the freestanding pyramid `piece` (of your colour) and cap tower `onto` with it.
    Cap { piece: TowerId, onto: TowerId },
    /// Take the pyramid at `index` (0 = bottom) out of tower `from`, then cap `onto`, or set it down
    /// freestanding when `onto` is `None`.
    Mine {
        from: TowerId,
        index: u8,
        onto: Option<TowerId>,
    },
    /// Split tower `tower` below the pyramid at `at`: the pyramids from `at` up stand as a new tower.
    Split { tower: TowerId, at: u8 },
    /// Agree to stop. Any later move by anyone cancels every agreement.
    Stop,
}

pub(super) fn legal(s: &IceTowers, seat: Seat) -> Vec<Action> {
    if may_act(s, seat).is_err() {
        return Vec::new();
    }
    let me = seat as Side;
    // Made in the actions' order (caps, mines, splits, then stop; each by tower id, as the towers
    // are kept), so that sorting is a check.
    let mut out = Vec::with_capacity(64);
    for piece in s
        .towers
        .iter()
        .filter(|t| t.is_freestanding() && t.top().side == me)
    {
        for onto in &s.towers {
            if onto.id != piece.id
                && Some(onto.id) != piece.memory(0)
                && onto.top().pips >= piece.top().pips
            {
                out.push(Action::Cap {
                    piece: piece.id,
                    onto: onto.id,
                });
            }
        }
    }
    for from in s.towers.iter().filter(|t| t.top().side != me) {
        if from.count(me) < 2 {
            continue;
        }
        for (index, p) in from.pieces.iter().enumerate().filter(|(_, p)| p.side == me) {
            out.push(Action::Mine {
                from: from.id,
                index: index as u8,
                onto: None,
            });
            for onto in &s.towers {
                if onto.id != from.id && onto.top().pips >= p.pips {
                    out.push(Action::Mine {
                        from: from.id,
                        index: index as u8,
                        onto: Some(onto.id),
                    });
                }
            }
        }
    }
    for from in &s.towers {
        for at in 1..from.pieces.len() {
            let (below, above) = (from.pieces[at - 1], from.pieces[at]);
            if below.side == above.side && above.side != me {
                out.push(Action::Split {
                    tower: from.id,
                    at: at as u8,
                });
            }
        }
    }
    out.push(Action::Stop);
    if !out.is_sorted() {
        out.sort_unstable();
    }
    out
}

fn may_act(s: &IceTowers, seat: Seat) -> Result<(), RuleError> {
    if seat >= s.seats {
        return Err(RuleError::new(format!(
            "there is no seat {}",
            seat.saturating_add(1)
        )));
    }
    match s.to_act() {
        ToAct::Over => Err(RuleError::new("the game is over")),
        _ if s.stopped[seat] => Err(RuleError::new(
            "you have agreed to stop; you may move again once someone else moves",
        )),
        _ => Ok(()),
    }
}

pub(super) fn check(s: &IceTowers, seat: Seat, action: &Action) -> Result<(), RuleError> {
    may_act(s, seat)?;
    let me = seat as Side;
    match *action {
        Action::Cap { piece, onto } => {
            let p = &s.towers[s.index(piece)?];
            let target = &s.towers[s.index(onto)?];
            if p.top().side != me {
                return Err(RuleError::new(
                    "you may only pick up pyramids of your own colour",
                ));
            }
            if !p.is_freestanding() {
                return Err(RuleError::new(
                    "only a freestanding pyramid can be picked up to cap",
                ));
            }
            if piece == onto {
                return Err(RuleError::new("a pyramid cannot cap itself"));
            }
            if p.memory(0) == Some(onto) {
                return Err(RuleError::new(NO_MINEBACKS));
            }
            fits(p.top(), target.top())
        }
        Action::Mine { from, index, onto } => {
            let t = &s.towers[s.index(from)?];
            let p = *t.pieces.get(index as usize).ok_or_else(|| {
                let n = words::count(t.pieces.len() as i64, "pyramid", "pyramids");
                RuleError::new(format!("that tower has only {n}"))
            })?;
            if p.side != me {
                return Err(RuleError::new(
                    "you may only mine pyramids of your own colour",
                ));
            }
            if t.top().side == me {
                return Err(RuleError::new(
                    "you cannot mine from a tower your colour tops",
                ));
            }
            if t.count(me) < 2 {
                return Err(RuleError::new(
                    "you may only mine an excess pyramid: the tower needs two or more of yours",
                ));
            }
            match onto {
                None => Ok(()),
                Some(onto) if onto == from => Err(RuleError::new(NO_MINEBACKS)),
                Some(onto) => fits(p, s.towers[s.index(onto)?].top()),
            }
        }
        Action::Split { tower, at } => {
            let t = &s.towers[s.index(tower)?];
            let at = at as usize;
            if at == 0 || at >= t.pieces.len() {
                return Err(RuleError::new("a tower splits between two of its pyramids"));
            }
            let (below, above) = (t.pieces[at - 1], t.pieces[at]);
            if below.side != above.side {
                return Err(RuleError::new(
                    "a tower splits only between two pyramids of the same colour",
                ));
            }
            if above.side == me {
                return Err(RuleError::new(
                    "you may not split between two pyramids of your own colour",
                ));
            }
            Ok(())
        }
        Action::Stop => Ok(()),
    }
}

/// Why a mined pyramid may not cap the tower it came from, now or later.
const NO_MINEBACKS: &str = "no minebacks: a mined pyramid may not cap the tower it came from";

fn fits(piece: Pyramid, top: Pyramid) -> Result<(), RuleError> {
    if piece.pips > top.pips {
        Err(RuleError::new(
            "a pyramid can never be placed atop a smaller one",
        ))
    } else {
        Ok(())
    }
}

pub(super) fn apply(s: &mut IceTowers, seat: Seat, action: &Action) {
    match *action {
        Action::Cap { piece, onto } => {
            let i = s.index(piece).expect("legal cap");
            let capping = s.towers.remove(i);
            let j = s.index(onto).expect("legal cap");
            s.towers[j].push(capping.top(), capping.memory(0));
        }
        Action::Mine { from, index, onto } => {
            // The pyramid mined remembers this tower from now on, whatever it remembered before.
            let i = s.index(from).expect("legal mine");
            let p = s.towers[i].remove(index as usize);
            match onto {
                Some(onto) => {
                    let j = s.index(onto).expect("legal mine");
                    s.towers[j].push(p, Some(from));
                }
                None => {
                    s.push_tower(vec![p], vec![Some(from)]);
                }
            }
        }
        Action::Split { tower, at } => {
            let i = s.index(tower).expect("legal split");
            let (lifted, memories) = s.towers[i].split_off(at as usize);
            s.push_tower(lifted, memories);
        }
        Action::Stop => {
            s.stopped[seat] = true;
            return;
        }
    }
    s.moves += 1;
    s.stopped.iter_mut().for_each(|x| *x = false);
    let key = s.position_key();
    s.seen.push(key);
}

pub(super) fn describe(s: &IceTowers, seat: Seat, action: &Action) -> String {
    let who = s.hues.get(seat).map_or("?", |h| h.name());
    match *action {
        Action::Cap { piece, onto } => {
            format!("{who} caps {} with {}", s.describe(onto), s.describe(piece))
        }
        Action::Mine { from, index, onto } => {
            let piece = s
                .tower(from)
                .and_then(|t| t.pieces.get(index as usize))
                .map_or("a pyramid".to_string(), |p| {
                    crate::words::a(&s.piece_name(*p))
                });
            let to = match onto {
                Some(onto) => format!("caps {} with it", s.describe(onto)),
                None => "sets it down freestanding".to_string(),
            };
            format!("{who} mines {piece} from {} and {to}", s.describe(from))
        }
        Action::Split { tower, at } => {
            // Told by what is lifted off, as a player sees it (not by the pyramid's place).
            let pieces = s.tower(tower).map_or(&[][..], |t| &t.pieces[..]);
            let lifted = pieces
                .get(at as usize)
                .map_or("its upper part".into(), |p| {
                    format!("the {}", s.piece_name(*p))
                });
            let rest = if (at as usize) + 1 < pieces.len() {
                " and what stands on it"
            } else {
                ""
            };
            format!(
                "{who} splits {}, lifting off {lifted}{rest}",
                s.describe(tower)
            )
        }
        Action::Stop => format!("{who} agrees to stop"),
    }
}

pub(super) fn random(s: &IceTowers, rng: &mut GameRng) -> Action {
    let ids = s.next_id as usize + 1;
    let id = |rng: &mut GameRng| rng.below(ids) as TowerId;
    match rng.below(4) {
        0 => Action::Cap {
            piece: id(rng),
            onto: id(rng),
        },
        1 => {
            let onto = if rng.below(3) == 0 {
                None
            } else {
                Some(id(rng))
            };
            Action::Mine {
                from: id(rng),
                index: rng.below(8) as u8,
                onto,
            }
        }
        2 => Action::Split {
            tower: id(rng),
            at: rng.below(8) as u8,
        },
        _ => Action::Stop,
    }
}
