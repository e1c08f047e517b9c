//! Ice Castle action texts for players, and random actions (legal or not) for the battery.

use super::{Action, Card, Cell, IceCastle};
use crate::{GameRng, Seat};

pub(super) fn describe(s: &IceCastle, seat: Seat, action: &Action) -> String {
    let who = IceCastle::seat_name(seat);
    let door = |cell: Cell| match s.tile(cell) {
        Some(t) => format!(
            "the {} door at {}",
            t.colour.name().to_lowercase(),
            cell.name()
        ),
        None => format!("the door at {}", cell.name()),
    };
    match *action {
        Action::Open { card, tile } => {
            format!("{who} opens {} with a {}", door(tile), card.name())
        }
        Action::Close { card, tile } => {
            format!("{who} closes {} with a {}", door(tile), card.name())
        }
        Action::Unlock { tile } => {
            format!(
                "{who} removes the padlock from {} with a Skeleton Key",
                door(tile)
            )
        }
        Action::Padlock { tile } => format!("{who} padlocks {}", door(tile)),
        Action::Slide { a, b } => {
            format!("{who} lays an Ice Slide from {} to {}", a.name(), b.name())
        }
        Action::Axe { tile } => format!("{who} breaks the ice of {} with an Axe", door(tile)),
        Action::Freeze { seat: t } => {
            format!("{who} freezes {}", IceCastle::seat_name(t))
        }
        Action::Wand { seat: t, to } => format!(
            "{who} waves the Magic Wand: {} moves to {}",
            IceCastle::seat_name(t),
            to.name()
        ),
        Action::Discard { card } => {
            let name = card.name();
            let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
                "an"
            } else {
                "a"
            };
            format!("{who} discards {article} {name}")
        }
        Action::Move { to } if s.character(seat).is_none() => {
            format!("{who} enters the castle at {}", to.name())
        }
        Action::Move { to } => format!("{who} moves to {}", to.name()),
        Action::Exit => format!("{who} steps out of the castle"),
        Action::Stay => format!("{who} does not move"),
        Action::BonusOpen { tile } => format!("{who} uses the Extra Key to open {}", door(tile)),
        Action::BonusClose { tile } => {
            format!("{who} uses the Extra Key to close {}", door(tile))
        }
        Action::SkipBonus => format!("{who} leaves the Extra Key unused"),
    }
}

pub(super) fn random(s: &IceCastle, rng: &mut GameRng) -> Action {
    let cell = |rng: &mut GameRng| {
        Cell::new(
            rng.below(s.rows as usize + 1) as u8,
            rng.below(s.cols as usize + 1) as u8,
        )
    };
    let card = |rng: &mut GameRng| Card::KINDS[rng.below(Card::KINDS.len())];
    let seat = |rng: &mut GameRng| rng.below(s.players + 1);
    match rng.below(15) {
        0 => Action::Open {
            card: card(rng),
            tile: cell(rng),
        },
        1 => Action::Close {
            card: card(rng),
            tile: cell(rng),
        },
        2 => Action::Unlock { tile: cell(rng) },
        3 => Action::Padlock { tile: cell(rng) },
        4 => {
            let a = cell(rng);
            let b = Cell::new(
                (a.row as usize + rng.below(2)) as u8,
                (a.col as usize + rng.below(3)).saturating_sub(1) as u8,
            );
            Action::Slide { a, b }
        }
        5 => Action::Axe { tile: cell(rng) },
        6 => Action::Freeze { seat: seat(rng) },
        7 => Action::Wand {
            seat: seat(rng),
            to: cell(rng),
        },
        8 => Action::Discard { card: card(rng) },
        9 => Action::Move { to: cell(rng) },
        10 => Action::Exit,
        11 => Action::Stay,
        12 => Action::BonusOpen { tile: cell(rng) },
        13 => Action::BonusClose { tile: cell(rng) },
        _ => Action::SkipBonus,
    }
}
