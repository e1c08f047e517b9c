//! The Ice Colony table holds no selection between clicks: a click on a square (its tile or a
//! pyramid on it) plays the one action there or leaves several in the side panel, which also offers
//! the actions played on no square (pass, initiative, defence, occupation, end of turn). So the
//! click sequences are short: a button, a square, or a square and then one of the choices it left.
//! In seeded random games of every table size and both meanings of Clear terrain, at every position
//! where a seat may act, every legal action of the seat must be among what those sequences play, and
//! nothing else may be.

use std::collections::{BTreeMap, BTreeSet};

use hoarfrost_rules::ice_colony::{Action, ClearTerrain, IceColony, SQUARES, Setup, Shift, Square};
use hoarfrost_rules::{Game, GameRng, Seat};

use crate::plugins::core::testing::reach::{random_move, same_moves, walk};

use crate::plugins::games::ice_colony::input::{SquareClick, click_square};
use crate::plugins::games::ice_colony::table::hud_spec;

/// Every action `seat` plays with at most two clicks: a panel button, a square, or a square and one
/// of the choices it leaves in the panel. `lost` names kinds of click left out, to check that the
/// test fails without them.
fn reachable(s: &IceColony, seat: Seat, lost: &[&str]) -> BTreeSet<Action> {
    let mut found = BTreeSet::new();
    if !lost.contains(&"panel") {
        found.extend((hud_spec().panel_actions)(s, seat));
    }
    if !lost.contains(&"squares") {
        for square in 0..SQUARES as Square {
            match click_square(s, seat, square) {
                SquareClick::Play(a) => {
                    found.insert(a);
                }
                SquareClick::Choose(options) => {
                    assert!(options.len() >= 2, "square {square} offered {options:?}");
                    if !lost.contains(&"choices") {
                        found.extend(options);
                    }
                }
                SquareClick::Explain(why) => {
                    assert!(
                        !why.trim().is_empty(),
                        "square {square} refused without a reason"
                    );
                }
            }
        }
    }
    found
}

/// A name for the kind of `a`, to tally which kinds were checked.
fn kind(a: &Action) -> String {
    match a {
        Action::Place { .. } => "Place".into(),
        Action::Initiative { shift } => format!("Initiative {shift:?}"),
        Action::Choose { .. } => "Choose".into(),
        Action::Pass => "Pass".into(),
        Action::Move { pips, .. } => format!("Move {pips}"),
        Action::Attack { edge, .. } => format!("Attack edge {edge}"),
        Action::Defend { edge } => format!("Defend edge {edge}"),
        Action::Occupy { pips } => format!("Occupy {pips}"),
        Action::EndTurn => "EndTurn".into(),
    }
}

/// The kinds every run must have checked.
fn kinds() -> Vec<String> {
    let mut all = vec![
        Action::Place { square: 0 },
        Action::Choose { square: 0 },
        Action::Pass,
        Action::EndTurn,
    ];
    all.extend((1..=3).map(|pips| Action::Occupy { pips }));
    all.extend([Shift::Down, Shift::Keep, Shift::Up].map(|shift| Action::Initiative { shift }));
    all.extend((1..=3).map(|pips| Action::Move { to: 0, pips }));
    all.extend([false, true].map(|edge| Action::Attack { to: 0, edge }));
    all.extend([false, true].map(|edge| Action::Defend { edge }));
    all.iter().map(kind).collect()
}

/// Plays seeded random games and checks every position; returns the legal actions checked, by
/// kind, or says where the clicks first missed a legal action or played an illegal one.
fn check_games(
    games: &[(usize, u64)],
    steps: usize,
    lost: &[&str],
) -> Result<BTreeMap<String, usize>, String> {
    let mut checked = BTreeMap::new();
    for &(players, seed) in games {
        let mut rng = GameRng::new(seed);
        let clear_terrain = if seed.is_multiple_of(2) {
            ClearTerrain::NoTerritory
        } else {
            ClearTerrain::NoEffect
        };
        let setup = Setup {
            clear_terrain,
            ..Setup::new(players, seed)
        };
        let s = IceColony::new(&setup).unwrap();
        walk(s, &mut rng, steps, random_move, |s, seat, step| {
            let legal: BTreeSet<Action> = s.legal_actions(seat).into_iter().collect();
            let found = reachable(s, seat, lost);
            let at = format!(
                "Ice Colony, {players} players, seed {seed}, step {step}, seat {seat} ({:?})",
                s.phase()
            );
            same_moves(&at, &legal, &found)?;
            for a in &legal {
                *checked.entry(kind(a)).or_insert(0) += 1;
            }
            Ok(())
        })?;
    }
    Ok(checked)
}

/// Every table size four times, Clear a territory with odd seeds and none with even ones.
const GAMES: [(usize, u64); 12] = [
    (2, 1),
    (3, 2),
    (4, 3),
    (2, 4),
    (3, 5),
    (4, 6),
    (2, 7),
    (3, 8),
    (4, 9),
    (2, 10),
    (3, 11),
    (4, 12),
];
const STEPS: usize = 600;

#[test]
fn every_legal_ice_colony_move_can_be_clicked() {
    let checked = check_games(&GAMES, STEPS, &[]).unwrap_or_else(|e| panic!("{e}"));
    println!("Ice Colony, legal actions checked by kind: {checked:?}");
    for k in kinds() {
        assert!(
            checked.contains_key(&k),
            "no {k} was ever legal in the games played: {checked:?}"
        );
    }
}

/// The search above can fail: without any one kind of click, some legal move is out of reach.
#[test]
fn without_any_kind_of_click_some_ice_colony_move_is_out_of_reach() {
    for lost in ["panel", "squares", "choices"] {
        match check_games(&GAMES, STEPS, &[lost]) {
            Err(e) => assert!(e.contains("no click sequence plays"), "without {lost}: {e}"),
            Ok(_) => panic!("every legal move was reached without the {lost} clicks"),
        }
    }
}
