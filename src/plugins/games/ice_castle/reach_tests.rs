//! In seeded random games of every table size, at every position where a seat may act, a search
//! over click sequences from an empty hand selection collects every action some sequence of at most
//! [`MAX_CLICKS`] clicks plays: the hand-over window's button, a card in the hand window (picked or
//! put back), the buttons under a picked card, a click on any door tile (or what lies on it), the
//! side panel's buttons, and the choices a tile click leaves in the panel. Every legal action of the
//! seat must be among them, and nothing else may be.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use hoarfrost_rules::ice_castle::{Action, Card, Cell, IceCastle, Phase, Setup};
use hoarfrost_rules::{Game, GameRng, Seat};

use crate::plugins::core::testing::reach::{random_move, same_moves, walk};

use crate::plugins::core::seats::SeatKind;
use crate::plugins::games::ice_castle::hud::hud_spec;
use crate::plugins::games::ice_castle::input::{
    TileClick, card_buttons, click_tile, must_hand_over,
};

/// The longest click sequence searched: hand over, pick a card, click a tile, pick in the panel.
const MAX_CLICKS: usize = 4;

/// What the table holds between two clicks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Held {
    /// The seat that said who it is in the hand-over window.
    shown_to: Option<Seat>,
    /// The card picked in the hand window.
    card: Option<Card>,
}

/// What one click does: the state held after it, the actions it plays (a button or a tile with one
/// action) and those it leaves in the panel to pick from (one more click each).
struct Clicked {
    after: Held,
    plays: Vec<Action>,
    offers: Vec<Action>,
}

impl Clicked {
    fn select(after: Held) -> Self {
        Clicked {
            after,
            plays: Vec::new(),
            offers: Vec::new(),
        }
    }
}

/// Every click `seat` can make at the table of `s` (seats of kinds `seats`) while holding `held`.
/// `lost` names kinds of click left out, to check that the test fails without them.
fn clicks(
    s: &IceCastle,
    seat: Seat,
    seats: &[SeatKind],
    held: Held,
    lost: &[&str],
) -> Vec<Clicked> {
    let mut out = Vec::new();
    let hidden = must_hand_over(seats, held.shown_to, seat);
    // The side panel's buttons are shown at a hand-over too: they name no card.
    if !lost.contains(&"panel") {
        out.push(Clicked {
            after: held,
            plays: (hud_spec().panel_actions)(s, seat),
            offers: Vec::new(),
        });
    }
    if hidden {
        // Only the hand-over button; a tile click is refused until it is pressed.
        if !lost.contains(&"hand over") {
            out.push(Clicked::select(Held {
                shown_to: Some(seat),
                ..held
            }));
        }
        return out;
    }
    let view = s.view(seat);
    if view.phase == Phase::Play {
        // Each card button of the hand window picks the card, or puts back the one picked.
        if !lost.contains(&"hand") {
            for &card in &view.hand {
                let card = (held.card != Some(card)).then_some(card);
                out.push(Clicked::select(Held { card, ..held }));
            }
        }
        // The buttons under the picked card.
        if let Some(card) = held.card
            && !lost.contains(&"card buttons")
        {
            out.push(Clicked {
                after: Held { card: None, ..held },
                plays: card_buttons(s, seat, card),
                offers: Vec::new(),
            });
        }
    }
    // Every door tile drawn (a figure, mark or padlock on it is clicked as the tile).
    if !lost.contains(&"tiles") {
        for row in 0..view.rows {
            for col in 0..view.cols {
                let cell = Cell::new(row, col);
                if view.tile(cell).is_none() {
                    continue;
                }
                let (plays, offers) = match click_tile(s, seat, held.card, cell) {
                    TileClick::Play(a) => (vec![a], Vec::new()),
                    TileClick::Choose(options) => {
                        assert!(options.len() >= 2, "{cell:?} offered {options:?}");
                        (Vec::new(), options)
                    }
                    TileClick::Explain(why) => {
                        assert!(!why.trim().is_empty(), "{cell:?} refused without a reason");
                        continue;
                    }
                };
                out.push(Clicked {
                    after: held,
                    plays,
                    offers,
                });
            }
        }
    }
    out
}

/// Every action some sequence of at most [`MAX_CLICKS`] clicks plays, from an empty selection.
fn reachable(s: &IceCastle, seat: Seat, seats: &[SeatKind], lost: &[&str]) -> BTreeSet<Action> {
    let start = Held {
        shown_to: None,
        card: None,
    };
    let mut seen = HashSet::from([start]);
    let mut frontier = vec![start];
    let mut found = BTreeSet::new();
    for depth in 1..=MAX_CLICKS {
        let mut next = Vec::new();
        for held in frontier {
            for c in clicks(s, seat, seats, held, lost) {
                found.extend(c.plays);
                // An offered action takes one more click, on its button in the panel.
                if depth < MAX_CLICKS {
                    found.extend(c.offers);
                }
                if seen.insert(c.after) {
                    next.push(c.after);
                }
            }
        }
        frontier = next;
    }
    found
}

/// A name for the kind of `a`, to tally which kinds were checked.
fn kind(a: &Action) -> &'static str {
    match a {
        Action::Open {
            card: Card::Skeleton,
            ..
        } => "Open (Skeleton)",
        Action::Open { .. } => "Open (Key)",
        Action::Close {
            card: Card::Skeleton,
            ..
        } => "Close (Skeleton)",
        Action::Close { .. } => "Close (Key)",
        Action::Unlock { .. } => "Unlock",
        Action::Padlock { .. } => "Padlock",
        Action::Slide { .. } => "Slide",
        Action::Axe { .. } => "Axe",
        Action::Freeze { .. } => "Freeze",
        Action::Wand { .. } => "Wand",
        Action::Discard { .. } => "Discard",
        Action::Move { .. } => "Move",
        Action::Exit => "Exit",
        Action::Stay => "Stay",
        Action::BonusOpen { .. } => "BonusOpen",
        Action::BonusClose { .. } => "BonusClose",
        Action::SkipBonus => "SkipBonus",
    }
}

/// The kinds every run must have checked.
const KINDS: [&str; 17] = [
    "Open (Skeleton)",
    "Open (Key)",
    "Close (Skeleton)",
    "Close (Key)",
    "Unlock",
    "Padlock",
    "Slide",
    "Axe",
    "Freeze",
    "Wand",
    "Discard",
    "Move",
    "Exit",
    "Stay",
    "BonusOpen",
    "BonusClose",
    "SkipBonus",
];

/// The seats of a game of `players`: all human (a hand-over before every turn) for even seeds, else
/// only `seat` human.
fn seat_kinds(players: usize, seed: u64, seat: Seat) -> Vec<SeatKind> {
    (0..players)
        .map(|i| {
            if seed.is_multiple_of(2) || i == seat {
                SeatKind::Human
            } else {
                SeatKind::Ai
            }
        })
        .collect()
}

/// Plays seeded random games and checks every position; returns the legal actions checked, by
/// kind, or says where the clicks first missed a legal action or played an illegal one.
fn check_games(
    games: &[(usize, u64)],
    steps: usize,
    lost: &[&str],
) -> Result<BTreeMap<&'static str, usize>, String> {
    let mut checked = BTreeMap::new();
    for &(players, seed) in games {
        let mut rng = GameRng::new(seed);
        let s = IceCastle::new(&Setup::new(players, seed)).unwrap();
        walk(s, &mut rng, steps, random_move, |s, seat, step| {
            let legal: BTreeSet<Action> = s.legal_actions(seat).into_iter().collect();
            let kinds = seat_kinds(players, seed, seat);
            let found = reachable(s, seat, &kinds, lost);
            let at = format!(
                "Ice Castle, {players} players, seed {seed}, step {step}, seat {seat} ({:?} phase)",
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

/// Every table size twice: odd seeds with one human seat, even ones all human (hand-overs).
const GAMES: [(usize, u64); 6] = [(2, 1), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6)];
const STEPS: usize = 300;

#[test]
fn every_legal_ice_castle_move_can_be_clicked() {
    let checked = check_games(&GAMES, STEPS, &[]).unwrap_or_else(|e| panic!("{e}"));
    println!("Ice Castle, legal actions checked by kind: {checked:?}");
    for k in KINDS {
        assert!(
            checked.contains_key(k),
            "no {k} was ever legal in the games played: {checked:?}"
        );
    }
}

/// The search above can fail: without any one kind of click, some legal move is out of reach.
#[test]
fn without_any_kind_of_click_some_ice_castle_move_is_out_of_reach() {
    for lost in ["panel", "hand over", "hand", "card buttons", "tiles"] {
        match check_games(&GAMES, STEPS, &[lost]) {
            Err(e) => assert!(e.contains("no click sequence plays"), "without {lost}: {e}"),
            Ok(_) => panic!("every legal move was reached without the {lost} clicks"),
        }
    }
}
