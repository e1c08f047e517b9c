//! The mouse at the IceTowers table: a click on a pyramid (any tower, any height: every pyramid is
//! drawn with its place, `PieceAt`) goes to `click_piece` with the pyramid picked up so far, a click
//! on the bare table to `click_table`; either picks a pyramid up, plays a move, puts the pyramid
//! down or explains a refusal. The side panel adds the game's buttons (`HudSpec::panel_actions`) and
//! each seat's own (`HudSpec::seat_button`: Stop), taken from the table's `hud_spec`.
//!
//! The game is turnless: every seat that may act is checked, each calling the handlers as itself
//! (the app picks the clicking seat among several human ones with `acting_human`; that choice is
//! not searched here). The search starts from nothing picked up and tries every click, up to
//! [`MAX_CLICKS`] in a row, visiting each picked-up pyramid once.

use std::collections::BTreeSet;

use hoarfrost_rules::icetowers::{Action, IceTowers, Setup, TowerId};
use hoarfrost_rules::{Game, GameRng, Seat, ToAct};

use crate::plugins::games::icetowers::input::{Outcome, Source, click_piece, click_table};
use crate::plugins::games::icetowers::table::hud_spec;
use crate::plugins::session::words::HudSpec;

use crate::plugins::core::testing::reach::{same_moves, walk};

/// The longest click sequence tried (a pick-up and a destination need two).
const MAX_CLICKS: usize = 4;

/// A click the table can take: a pyramid (its tower and height), or the bare table (`None`).
type Click = Option<(TowerId, u8)>;

/// Every click the table offers: each pyramid drawn, and the table top.
fn clicks(s: &IceTowers) -> Vec<Click> {
    let mut out: Vec<Click> = s
        .towers()
        .iter()
        .flat_map(|t| (0..t.pieces.len() as u8).map(move |i| Some((t.id, i))))
        .collect();
    out.push(None);
    out
}

/// What the mouse can make `seat` play in `s`: every move a click sequence plays, and the panel's
/// buttons.
fn reachable(s: &IceTowers, seat: Seat, hud: &HudSpec<IceTowers>) -> BTreeSet<Action> {
    let mut out: BTreeSet<Action> = (hud.panel_actions)(s, seat).into_iter().collect();
    if let Some((_, a)) = hud.seat_button.and_then(|b| b(s, seat)) {
        out.insert(a);
    }
    let clicks = clicks(s);
    let mut seen: Vec<Option<Source>> = vec![None];
    let mut frontier = seen.clone();
    for _ in 0..MAX_CLICKS {
        let mut next = Vec::new();
        for &selection in &frontier {
            for &click in &clicks {
                let outcome = match click {
                    Some((tower, index)) => click_piece(s, seat, selection, tower, index),
                    None => click_table(s, seat, selection),
                };
                let after = match outcome {
                    Outcome::Select(source) => Some(source),
                    Outcome::Deselect => None,
                    Outcome::Play(a) => {
                        out.insert(a);
                        continue;
                    }
                    Outcome::Explain(_) => continue,
                };
                if !seen.contains(&after) {
                    seen.push(after);
                    next.push(after);
                }
            }
        }
        frontier = next;
    }
    out
}

/// What the positions checked held, so that no test passes on moves that never came up.
#[derive(Default, Debug)]
struct Seen {
    /// Seats checked (one position counts once for every seat that may act in it).
    seats: usize,
    /// Positions where more than one seat could act.
    shared: usize,
    caps: usize,
    mines_down: usize,
    mines_onto: usize,
    splits: usize,
    stops: usize,
}

#[test]
fn every_legal_icetowers_move_can_be_made_with_the_mouse() {
    let hud = hud_spec();
    let mut seen = Seen::default();
    // Two seats (with Gus the ghost) to six, two games each.
    let games = [
        (2, 1),
        (3, 2),
        (4, 3),
        (5, 4),
        (6, 5),
        (2, 6),
        (3, 7),
        (4, 8),
        (5, 9),
        (6, 10),
    ];
    // Stop only now and then: a table where every seat has stopped is over.
    let mover = |s: &IceTowers, seat: Seat, rng: &mut GameRng| {
        let mut moves = s.legal_actions(seat);
        if moves.len() > 1 && rng.below(8) != 0 {
            moves.retain(|a| *a != Action::Stop);
        }
        moves[rng.below(moves.len())].clone()
    };
    for (seats, seed) in games {
        let s = IceTowers::new(&Setup::new(seats, seed)).unwrap();
        let mut rng = GameRng::new(seed);
        walk(s, &mut rng, 120, mover, |s, seat, step| {
            // Counted once, at the first of the seats that may act.
            if let ToAct::Seats(acting) = s.to_act() {
                seen.shared += usize::from(acting.len() > 1 && acting[0] == seat);
            }
            let legal: BTreeSet<Action> = s.legal_actions(seat).into_iter().collect();
            let reached = reachable(s, seat, &hud);
            let at = format!("IceTowers, {seats} seats, seed {seed}, step {step}, seat {seat}");
            same_moves(&at, &legal, &reached)?;
            seen.seats += 1;
            for a in &legal {
                match a {
                    Action::Cap { .. } => seen.caps += 1,
                    Action::Mine { onto: None, .. } => seen.mines_down += 1,
                    Action::Mine { onto: Some(_), .. } => seen.mines_onto += 1,
                    Action::Split { .. } => seen.splits += 1,
                    Action::Stop => seen.stops += 1,
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    }
    println!("IceTowers: {seen:?}");
    assert!(seen.seats >= 1000, "too few positions: {seen:?}");
    assert!(seen.shared > 0, "never several seats at once: {seen:?}");
    for (kind, n) in [
        ("cap", seen.caps),
        ("mine onto the table", seen.mines_down),
        ("mine onto a tower", seen.mines_onto),
        ("split", seen.splits),
        ("stop", seen.stops),
    ] {
        assert!(n > 0, "no {kind} came up: {seen:?}");
    }
}
