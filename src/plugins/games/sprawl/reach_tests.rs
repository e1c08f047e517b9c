//! The mouse at the Sprawl table: a pyramid in a stash tray (`pick_from`) or a size in the "Your
//! stash" window picks the size to play; a click on a square (its tile, or a piece on it: both carry
//! the square) plays the one move `matches_at` finds there with that size, or leaves several open as
//! `Choices`, which the side panel offers as buttons and, for a branch's direction, the board as
//! arrows (`arrows`). The panel also offers the game's own buttons (`HudSpec::panel_actions`: the
//! Counting Coup questions and answers) and a seat's button (`HudSpec::seat_button`), taken from the
//! table's `hud_spec`.
//!
//! The search starts from nothing picked and tries every click the table draws, up to
//! [`MAX_CLICKS`] in a row, visiting each picked size once. What a click leaves open is collected
//! at once, as the panel shows it the moment the click is made; the choices held then change no
//! later click but the panel's buttons, so the picked size alone is the state searched.
//! As a square click with "any" picked offers every size, the search would not notice a broken
//! tray, so in the Play phase a click on the seat's own tray must also pick each size in stock.

use std::collections::BTreeSet;

use hoarfrost_rules::sprawl::{Action, Phase, Setup, Sprawl, Square, Variant, Variants};
use hoarfrost_rules::{Game, GameRng, Seat};

use crate::plugins::core::testing::reach::{random_move, same_moves, walk};

use crate::plugins::games::sprawl::arrows::arrows;
use crate::plugins::games::sprawl::input::matches_at;
use crate::plugins::games::sprawl::stash::{StashPiece, pick_from, tray_pieces};
use crate::plugins::games::sprawl::table::hud_spec;
use crate::plugins::session::words::HudSpec;

/// The longest click sequence tried (a size, a square, an arrow need three).
const MAX_CLICKS: usize = 4;

/// A click the table (or the stash window) can take.
#[derive(Clone, Copy, Debug)]
enum Click {
    /// A pyramid in a stash tray, any seat's.
    Tray(StashPiece),
    /// "any" or a size in the "Your stash" window.
    Window(Option<u8>),
    /// A square's tile or a piece on it.
    Square(Square),
}

/// Every click the table offers `seat` with `pick` picked.
fn clicks(s: &Sprawl, seat: Seat, pick: Option<u8>, squares: &[Square]) -> Vec<Click> {
    let mut trays: Vec<StashPiece> = tray_pieces(s, Some(seat), pick)
        .into_iter()
        .map(|(piece, _, _)| piece)
        .collect();
    trays.dedup();
    let mut out: Vec<Click> = trays.into_iter().map(Click::Tray).collect();
    // The window shows only in the Play phase, its sizes greyed out when none is left.
    if matches!(s.phase(), Phase::Play) {
        let stash = s.stash(seat);
        out.push(Click::Window(None));
        out.extend(
            (1..=3u8)
                .filter(|&k| stash[k as usize - 1] > 0)
                .map(|k| Click::Window(Some(k))),
        );
    }
    out.extend(squares.iter().map(|&sq| Click::Square(sq)));
    out
}

/// What the mouse can make `seat` play in `s`: every move a click sequence plays, offers in the
/// panel or on an arrow, and the panel's own buttons.
fn reachable(s: &Sprawl, seat: Seat, hud: &HudSpec<Sprawl>) -> BTreeSet<Action> {
    let legal = s.legal_actions(seat);
    let squares: Vec<Square> = s.board().squares().collect();
    let mut out: BTreeSet<Action> = (hud.panel_actions)(s, seat).into_iter().collect();
    if let Some((_, a)) = hud.seat_button.and_then(|b| b(s, seat)) {
        out.insert(a);
    }
    let mut seen: Vec<Option<u8>> = vec![None];
    let mut frontier = seen.clone();
    for _ in 0..MAX_CLICKS {
        let mut next = Vec::new();
        for &pick in &frontier {
            for click in clicks(s, seat, pick, &squares) {
                let picked = match click {
                    Click::Tray(piece) => match pick_from(s, Some(seat), piece, pick) {
                        Ok(p) => p,
                        Err(_) => continue,
                    },
                    Click::Window(p) => p,
                    Click::Square(sq) => {
                        let matches = matches_at(&legal, sq, pick);
                        // One plays; several are offered in the panel, a branch's directions also
                        // as arrows; none is refused and changes nothing.
                        out.extend(arrows(&matches).into_iter().map(|(_, a)| a));
                        out.extend(matches);
                        continue;
                    }
                };
                if !seen.contains(&picked) {
                    seen.push(picked);
                    next.push(picked);
                }
            }
        }
        frontier = next;
    }
    out
}

/// What the positions checked held, so that no test passes on positions that never came up.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves: usize,
    asking: usize,
    answering: usize,
    multi_piece_spores: usize,
    take_backs: usize,
    arrows: usize,
    /// Sizes picked from a tray.
    tray_picks: usize,
}

/// Plays seeded games of Sprawl by random legal moves and checks, before every move, that every
/// legal move of every seat that may act is reachable by the mouse (and nothing else is).
fn check_games(games: &[(usize, u64, Variants)], steps: usize) -> Seen {
    let hud = hud_spec();
    let mut seen = Seen::default();
    for &(players, seed, variants) in games {
        let s = Sprawl::new(&Setup::new(players, seed).with(variants)).unwrap();
        let mut rng = GameRng::new(seed);
        walk(s, &mut rng, steps, random_move, |s, seat, step| {
            let moves = s.legal_actions(seat);
            let legal: BTreeSet<Action> = moves.iter().cloned().collect();
            let reached = reachable(s, seat, &hud);
            let at = format!(
                "Sprawl, {players} players, {variants:?}, seed {seed}, step {step}, seat {seat}, \
                 phase {:?}",
                s.phase()
            );
            same_moves(&at, &legal, &reached)?;
            seen.positions += 1;
            seen.moves += legal.len();
            match s.phase() {
                Phase::Asking { .. } => seen.asking += 1,
                Phase::Answering { .. } => seen.answering += 1,
                Phase::Play => {
                    // "Any" size lets a square click offer every size, so the search above
                    // would pass without the trays: a click on the seat's own tray must pick
                    // each size it still has, and only those.
                    let in_stock: BTreeSet<u8> = (1..=3u8)
                        .filter(|&k| s.stash(seat)[k as usize - 1] > 0)
                        .collect();
                    let picked: BTreeSet<u8> = tray_pieces(s, Some(seat), None)
                        .into_iter()
                        .filter_map(|(piece, _, _)| pick_from(s, Some(seat), piece, None).ok())
                        .flatten()
                        .collect();
                    if picked != in_stock {
                        return Err(format!(
                            "{at}: the tray picks {picked:?}, the stash holds {in_stock:?}"
                        ));
                    }
                    seen.tray_picks += picked.len();
                }
            }
            seen.multi_piece_spores += legal
                .iter()
                .filter(|a| matches!(a, Action::Spore { pieces, .. } if *pieces > 1))
                .count();
            seen.take_backs += usize::from(legal.contains(&Action::TakeBack));
            seen.arrows += s
                .board()
                .squares()
                .flat_map(|sq| [None, Some(1), Some(2), Some(3)].map(|p| (sq, p)))
                .filter(|&(sq, p)| !arrows(&matches_at(&moves, sq, p)).is_empty())
                .count();
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    }
    seen
}

#[test]
fn every_legal_sprawl_move_can_be_made_with_the_mouse() {
    // Every table size; the variants mixed in by the seed's bits, Counting Coup on odd seeds.
    let games: Vec<(usize, u64, Variants)> = (1..=64u64)
        .map(|seed| {
            let variants: Vec<Variant> = (0..4)
                .filter(|i| seed >> i & 1 == 1)
                .map(|i| Variant::ALL[i])
                .collect();
            (3 + seed as usize % 6, seed, Variants::of(&variants))
        })
        .collect();
    let seen = check_games(&games, 200);
    println!("Sprawl: {seen:?}");
    assert!(seen.positions >= 1000, "too few positions: {seen:?}");
    assert!(
        seen.asking > 0 && seen.answering > 0,
        "no Counting Coup question or answer came up: {seen:?}"
    );
    for (kind, n) in [
        ("Overload spore of several pieces", seen.multi_piece_spores),
        ("Counting Coup take-back", seen.take_backs),
        ("choice of direction arrows", seen.arrows),
        ("size picked from a tray", seen.tray_picks),
    ] {
        assert!(n > 0, "no {kind} came up: {seen:?}");
    }
}
