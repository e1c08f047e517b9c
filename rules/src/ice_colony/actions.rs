//! Ice Colony actions: what a player may do at each step, why an action is refused, what it does, and
//! how it reads.

use serde::{Deserialize, Serialize};

use super::board::{self, SQUARES, Square, square_name};
use super::flow;
use super::{Colour, IceColony, Phase, STACK_LIMIT};
use crate::{Game, GameRng, RuleError, Seat, ToAct, words};

/// What an edge token does to its holder's dice-off roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Shift {
    /// Spend it: -1.
    Down,
    /// Keep it.
    Keep,
    /// Spend it: +1.
    Up,
}

/// One choice of a player; each maps onto a click.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Setup: put your first 1-pip piece on `square`.
    Place { square: Square },
    /// Before the round's dice-off: spend your edge token for -1 or +1, or keep it.
    Initiative { shift: Shift },
    /// Make `square`, one of your territories, the active territory and roll the fate die for it.
    Choose { square: Square },
    /// Do nothing more this turn and take an edge token (you never hold more than one).
    Pass,
    /// Move `pips` worth of units from the active territory to the adjacent square `to`.
    Move { to: Square, pips: u8 },
    /// Attack the adjacent enemy territory `to` with every unit of the active territory, spending
    /// your edge token for +1 if `edge`.
    Attack { to: Square, edge: bool },
    /// As the defender, spend your edge token for +1 (`edge`) or keep it.
    Defend { edge: bool },
    /// After wiping out the defender, move `pips` worth of the attacking units into its square.
    Occupy { pips: u8 },
    /// Decline the extra move a Blue active territory allows, ending the turn.
    EndTurn,
}

pub(super) fn legal(s: &IceColony, seat: Seat) -> Vec<Action> {
    if may_act(s, seat).is_err() {
        return Vec::new();
    }
    let mut out = Vec::new();
    match &s.phase {
        Phase::Place => {
            out.extend(
                placements(s, seat)
                    .into_iter()
                    .map(|square| Action::Place { square }),
            );
        }
        Phase::Initiative { .. } => {
            for shift in [Shift::Down, Shift::Keep, Shift::Up] {
                out.push(Action::Initiative { shift });
            }
        }
        Phase::Choose => {
            for sq in 0..SQUARES as Square {
                if s.unit(sq).is_some_and(|u| u.owner == seat) {
                    out.push(Action::Choose { square: sq });
                }
            }
        }
        Phase::Act { square } => {
            out.push(Action::Pass);
            push_moves(s, *square, false, &mut out);
            for to in board::neighbours(*square) {
                if s.unit(to).is_some_and(|u| u.owner != seat) {
                    out.push(Action::Attack { to, edge: false });
                    if s.has_edge(seat) {
                        out.push(Action::Attack { to, edge: true });
                    }
                }
            }
        }
        Phase::ForcedMove { square } => push_moves(s, *square, true, &mut out),
        Phase::ExtraMove { square } => {
            out.push(Action::EndTurn);
            push_moves(s, *square, false, &mut out);
        }
        Phase::Defend { .. } => {
            out.push(Action::Defend { edge: false });
            if s.has_edge(seat) {
                out.push(Action::Defend { edge: true });
            }
        }
        Phase::Occupy { from, .. } => {
            for pips in flow::occupy_options(s, *from) {
                out.push(Action::Occupy { pips });
            }
        }
        _ => {}
    }
    out.sort_unstable();
    out
}

fn push_moves(s: &IceColony, from: Square, forced: bool, out: &mut Vec<Action>) {
    for (to, pips) in flow::moves(s, from, forced) {
        out.push(Action::Move { to, pips });
    }
}

/// Squares where `seat` may put its first piece: open, and at least 2 steps from every other player's
/// piece (if none is, any open square).
pub(super) fn placements(s: &IceColony, seat: Seat) -> Vec<Square> {
    let open: Vec<Square> = (0..SQUARES as Square)
        .filter(|&sq| s.enterable(sq) && s.unit(sq).is_none())
        .collect();
    let far: Vec<Square> = open
        .iter()
        .copied()
        .filter(|&sq| far_enough(s, seat, sq))
        .collect();
    if far.is_empty() { open } else { far }
}

fn far_enough(s: &IceColony, seat: Seat, sq: Square) -> bool {
    (0..SQUARES as Square).all(|other| {
        s.unit(other)
            .is_none_or(|u| u.owner == seat || board::distance(sq, other) >= 2)
    })
}

fn may_act(s: &IceColony, seat: Seat) -> Result<(), RuleError> {
    if seat >= s.players {
        return Err(RuleError::new(format!(
            "there is no seat {}",
            seat.saturating_add(1)
        )));
    }
    match s.to_act() {
        ToAct::Over => Err(RuleError::new("the game is over")),
        ToAct::Chance => Err(RuleError::new("the dice must be rolled first")),
        ToAct::Seats(seats) if !seats.contains(&seat) => {
            let who = seats
                .first()
                .map_or("another player", |&p| s.colour(p).name());
            Err(RuleError::new(format!("it is {who}'s move, not yours")))
        }
        ToAct::Seats(_) => Ok(()),
    }
}

/// What the pending step asks of the player (for refusals, and the panel's prompt).
pub(super) fn expected(phase: &Phase) -> &'static str {
    match phase {
        Phase::Place => "place your first piece",
        Phase::Initiative { .. } => "say whether to spend your edge token on the dice-off",
        Phase::Choose => "choose one of your territories to roll the fate die for",
        Phase::Act { .. } => "pass, move or attack from the active territory",
        Phase::ForcedMove { .. } => {
            "move units off the active territory: it holds more than 3 pips"
        }
        Phase::ExtraMove { .. } => "move once more from the Blue territory, or end your turn",
        Phase::Defend { .. } => "say whether to spend your edge token on the defence",
        Phase::Occupy { .. } => "choose how many pips move into the square you took",
        _ => "wait",
    }
}

fn square(sq: Square) -> Result<Square, RuleError> {
    if (sq as usize) < SQUARES {
        Ok(sq)
    } else {
        Err(RuleError::new(format!(
            "there is no square #{sq} on the board"
        )))
    }
}

pub(super) fn check(s: &IceColony, seat: Seat, action: &Action) -> Result<(), RuleError> {
    may_act(s, seat)?;
    let wrong = || Err(RuleError::new(format!("not now: {}", expected(&s.phase))));
    match (&s.phase, action) {
        (Phase::Place, Action::Place { square: sq }) => {
            let sq = square(*sq)?;
            enterable(s, sq)?;
            if s.unit(sq).is_some() {
                return Err(RuleError::new("that square is already taken"));
            }
            if !placements(s, seat).contains(&sq) {
                return Err(RuleError::new(
                    "your first piece must be at least 2 squares from every other player's piece",
                ));
            }
        }
        (Phase::Initiative { .. }, Action::Initiative { .. }) => {}
        (Phase::Choose, Action::Choose { square: sq }) => {
            let sq = square(*sq)?;
            if s.unit(sq).is_none_or(|u| u.owner != seat) {
                return Err(RuleError::new("choose a territory you control"));
            }
        }
        (Phase::Act { .. }, Action::Pass) => {}
        (
            Phase::Act { square: from }
            | Phase::ForcedMove { square: from }
            | Phase::ExtraMove { square: from },
            Action::Move { to, pips },
        ) => check_move(s, seat, *from, *to, *pips)?,
        (Phase::Act { square: from }, Action::Attack { to, edge }) => {
            let to = square(*to)?;
            if !board::adjacent(*from, to) {
                return Err(RuleError::new(
                    "you may only attack a square sharing an edge with the active territory",
                ));
            }
            if s.unit(to).is_none_or(|u| u.owner == seat) {
                return Err(RuleError::new("there is no enemy there to attack"));
            }
            if *edge && !s.has_edge(seat) {
                return Err(RuleError::new("you have no edge token to spend"));
            }
        }
        (Phase::ForcedMove { .. }, Action::Pass | Action::Attack { .. }) => {
            return Err(RuleError::new(
                "the active territory holds more than 3 pips: you must move units off it",
            ));
        }
        (Phase::ExtraMove { .. }, Action::EndTurn) => {}
        (Phase::ExtraMove { .. }, Action::Pass | Action::Attack { .. }) => {
            return Err(RuleError::new(
                "Blue allows one extra move, nothing else: move again or end your turn",
            ));
        }
        (Phase::Defend { .. }, Action::Defend { edge }) => {
            if *edge && !s.has_edge(seat) {
                return Err(RuleError::new("you have no edge token to spend"));
            }
        }
        (Phase::Occupy { from, .. }, Action::Occupy { pips }) => {
            let total = s.unit(*from).map_or(0, |u| u.pips());
            if *pips == 0 || *pips > total {
                let pips = words::count(i64::from(total), "pip", "pips");
                return Err(RuleError::new(format!("move 1 to {pips}")));
            }
            if !flow::occupy_options(s, *from).contains(pips) {
                return Err(cannot_break());
            }
        }
        _ => return wrong(),
    }
    if legal(s, seat).binary_search(action).is_err() {
        return Err(RuleError::new(format!(
            "that is not allowed now: {}",
            expected(&s.phase)
        )));
    }
    Ok(())
}

fn enterable(s: &IceColony, sq: Square) -> Result<(), RuleError> {
    if s.enterable(sq) {
        Ok(())
    } else {
        Err(RuleError::new(
            "Clear is no territory in this game: nobody may enter it",
        ))
    }
}

fn cannot_break() -> RuleError {
    RuleError::new(
        "your pool lacks the pieces to break this unit into those amounts; move all of it or another amount",
    )
}

fn check_move(
    s: &IceColony,
    seat: Seat,
    from: Square,
    to: Square,
    pips: u8,
) -> Result<(), RuleError> {
    let to = square(to)?;
    if !board::adjacent(from, to) {
        return Err(RuleError::new(
            "units move only to a square sharing an edge with the active territory",
        ));
    }
    enterable(s, to)?;
    let total = s.unit(from).map_or(0, |u| u.pips());
    if pips == 0 || pips > total {
        let has = words::count(i64::from(total), "pip", "pips");
        return Err(RuleError::new(format!(
            "the active territory has {has}: move 1 to {total}"
        )));
    }
    let there = match s.unit(to) {
        Some(u) if u.owner != seat => {
            // Only the act may attack; a forced or extra move has nowhere to go there.
            let instead = if matches!(s.phase, Phase::Act { .. }) {
                ": attack it instead"
            } else {
                ""
            };
            return Err(RuleError::new(format!(
                "{} holds that square{instead}",
                s.colour(u.owner).name()
            )));
        }
        Some(u) => u.pips(),
        None => 0,
    };
    if there + pips > STACK_LIMIT {
        return Err(RuleError::new(
            "no more than 3 pips of units may share a territory",
        ));
    }
    if matches!(s.phase, Phase::ForcedMove { .. }) && total - pips > STACK_LIMIT {
        return Err(RuleError::new(
            "move enough units off to leave at most 3 pips behind",
        ));
    }
    let u = s
        .unit(from)
        .ok_or_else(|| RuleError::new("the active territory is empty"))?;
    if !board::can_split(u.pieces, s.pool(seat), pips) {
        return Err(cannot_break());
    }
    Ok(())
}

pub(super) fn apply(s: &mut IceColony, seat: Seat, action: &Action) {
    match (s.phase.clone(), action) {
        (Phase::Place, Action::Place { square }) => {
            s.pools[seat][0] = s.pools[seat][0].saturating_sub(1);
            s.units[*square as usize] = Some(super::Unit {
                owner: seat,
                pieces: [1, 0, 0],
            });
            s.turn += 1;
            if s.turn >= s.order.len() {
                flow::start_round(s);
            }
        }
        (
            Phase::Initiative {
                mut waiting,
                mut shifts,
            },
            Action::Initiative { shift },
        ) => {
            if *shift != Shift::Keep {
                s.edge[seat] = false;
                shifts[seat] = if *shift == Shift::Up { 1 } else { -1 };
            }
            waiting.retain(|&p| p != seat);
            s.phase = if waiting.is_empty() {
                Phase::DiceOff { shifts }
            } else {
                Phase::Initiative { waiting, shifts }
            };
        }
        (Phase::Choose, Action::Choose { square }) => s.phase = Phase::Fate { square: *square },
        (Phase::Act { .. }, Action::Pass) => {
            s.edge[seat] = true;
            flow::end_turn(s);
        }
        (
            phase @ (Phase::Act { square: from }
            | Phase::ForcedMove { square: from }
            | Phase::ExtraMove { square: from }),
            Action::Move { to, pips },
        ) => {
            flow::move_units(s, from, *to, *pips);
            if flow::game_ended(s) {
                s.phase = Phase::Over;
                return;
            }
            let first = !matches!(phase, Phase::ExtraMove { .. });
            let blue = s.terrain(from).is_some_and(|t| t.extra_moves() > 0);
            if first && blue && !flow::moves(s, from, false).is_empty() {
                s.phase = Phase::ExtraMove { square: from };
            } else {
                flow::end_turn(s);
            }
        }
        (Phase::Act { square: from }, Action::Attack { to, edge }) => {
            if *edge {
                s.edge[seat] = false;
            }
            let defender = s.unit(*to).map_or(seat, |u| u.owner);
            s.phase = if s.has_edge(defender) {
                Phase::Defend {
                    from,
                    to: *to,
                    attacker_edge: *edge,
                }
            } else {
                Phase::Battle {
                    from,
                    to: *to,
                    attacker_edge: *edge,
                    defender_edge: false,
                }
            };
        }
        (
            Phase::Defend {
                from,
                to,
                attacker_edge,
            },
            Action::Defend { edge },
        ) => {
            if *edge {
                s.edge[seat] = false;
            }
            s.phase = Phase::Battle {
                from,
                to,
                attacker_edge,
                defender_edge: *edge,
            };
        }
        (Phase::Occupy { from, to }, Action::Occupy { pips }) => {
            flow::move_units(s, from, to, *pips);
            flow::end_turn(s);
        }
        (Phase::ExtraMove { .. }, Action::EndTurn) => flow::end_turn(s),
        _ => {}
    }
}

pub(super) fn describe(s: &IceColony, seat: Seat, action: &Action) -> String {
    let who = Colour::PLAYERS.get(seat).map_or("?", |c| c.name());
    let from = s.active_square().map_or("?".to_string(), square_name);
    match *action {
        Action::Place { square } => {
            format!("{who} places a first piece on {}", square_name(square))
        }
        Action::Initiative { shift } => match shift {
            Shift::Down => format!("{who} spends the edge token: -1 on the dice-off"),
            Shift::Keep => format!("{who} keeps the edge token"),
            Shift::Up => format!("{who} spends the edge token: +1 on the dice-off"),
        },
        Action::Choose { square } => {
            format!("{who} rolls the fate die for {}", square_name(square))
        }
        Action::Pass => format!("{who} passes and takes an edge token"),
        Action::Move { to, pips } => format!(
            "{who} moves {pips} pip{} from {from} to {}",
            if pips == 1 { "" } else { "s" },
            square_name(to)
        ),
        Action::Attack { to, edge } => format!(
            "{who} attacks {} from {from}{}",
            square_name(to),
            if edge {
                ", spending the edge token (+1)"
            } else {
                ""
            }
        ),
        Action::Defend { edge: true } => format!("{who} spends the edge token to defend (+1)"),
        Action::Defend { edge: false } => format!("{who} defends without the edge token"),
        Action::Occupy { pips } => {
            let to = match s.phase {
                Phase::Occupy { to, .. } => square_name(to),
                _ => "the square taken".to_string(),
            };
            format!(
                "{who} moves {pips} pip{} into {to}",
                if pips == 1 { "" } else { "s" }
            )
        }
        Action::EndTurn => format!("{who} ends the turn"),
    }
}

/// Any action of the action space, near-legal often: squares up to one past the board, pips 0 to 4.
pub(super) fn random(rng: &mut GameRng) -> Action {
    let sq = |rng: &mut GameRng| rng.below(SQUARES + 1) as Square;
    let pips = |rng: &mut GameRng| rng.below(5) as u8;
    match rng.below(9) {
        0 => Action::Place { square: sq(rng) },
        1 => Action::Initiative {
            shift: [Shift::Down, Shift::Keep, Shift::Up][rng.below(3)],
        },
        2 => Action::Choose { square: sq(rng) },
        3 => Action::Pass,
        4 => Action::Move {
            to: sq(rng),
            pips: pips(rng),
        },
        5 => Action::Attack {
            to: sq(rng),
            edge: rng.below(2) == 1,
        },
        6 => Action::Defend {
            edge: rng.below(2) == 1,
        },
        7 => Action::Occupy { pips: pips(rng) },
        _ => Action::EndTurn,
    }
}
