//! Random clicks on all five games' tables, through the same pure handlers the mouse uses.
//!
//! Each test plays a few seeded games by random legal moves and, before every move, makes random
//! clicks of every kind the app can send for that game, holding the selection the app would hold
//! (stale ones kept from earlier positions included). No click may panic; whatever a click plays or
//! offers must be legal for the clicking seat; a refused click must say why. The tallies at the end
//! make sure clicks both played and were refused, so no test passes on clicks that did nothing.

use std::fmt::Debug;

use hoarfrost_rules::{Game, GameRng, Seat, ToAct};

/// What the clicks of one test did.
#[derive(Default, Debug)]
struct Tally {
    /// Moves played in the games clicked on.
    moves: usize,
    plays: usize,
    offers: usize,
    selects: usize,
    refusals: usize,
}

impl Tally {
    /// A click played `a`: it must be one of `legal`.
    fn play<A: PartialEq + Debug>(&mut self, legal: &[A], a: &A, at: &dyn Fn() -> String) {
        assert!(legal.contains(a), "{}: played the illegal {a:?}", at());
        self.plays += 1;
    }

    /// A click offered `options` to choose from: at least two, all legal.
    fn offer<A: PartialEq + Debug>(&mut self, legal: &[A], options: &[A], at: &dyn Fn() -> String) {
        assert!(options.len() >= 2, "{}: offered {options:?}", at());
        for a in options {
            assert!(legal.contains(a), "{}: offered the illegal {a:?}", at());
        }
        self.offers += 1;
    }

    /// A click was refused: it must say why.
    fn refuse(&mut self, why: &str, at: &dyn Fn() -> String) {
        assert!(!why.trim().is_empty(), "{}: refused without a reason", at());
        self.refusals += 1;
    }

    /// Fails unless at least `min` clicks played and `min` were refused.
    fn assert_enough(&self, game: &str, min: usize) {
        println!("{game}: {self:?}");
        assert!(
            self.plays >= min && self.refusals >= min,
            "{game}: too few plays or refusals: {self:?}"
        );
    }
}

/// A random element of `items`, `None` if it is empty.
fn pick<T: Clone>(rng: &mut GameRng, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[rng.below(items.len())].clone())
}

/// True one time in `n`.
fn one_in(rng: &mut GameRng, n: usize) -> bool {
    rng.below(n) == 0
}

/// A random legal move of `seat`.
fn random_move<G: Game>(s: &G, seat: Seat, rng: &mut GameRng) -> G::Action {
    pick(rng, &s.legal_actions(seat)).expect("a seat that may act has a legal move")
}

/// Plays `s` (chance resolved) with the moves `mover` picks, for at most `steps` moves, calling
/// `clicks` with the state, a seat that may act (a random one where several may) and the step,
/// before each move of that seat. Returns the moves played.
fn play<G: Game>(
    mut s: G,
    rng: &mut GameRng,
    steps: usize,
    mut mover: impl FnMut(&G, Seat, &mut GameRng) -> G::Action,
    mut clicks: impl FnMut(&G, Seat, usize, &mut GameRng),
) -> usize {
    let mut step = 0;
    while step < steps {
        match s.to_act() {
            ToAct::Over => break,
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(seats) => {
                let seat = seats[rng.below(seats.len())];
                clicks(&s, seat, step, rng);
                let a = mover(&s, seat, rng);
                s.apply(seat, &a).expect("a chosen move applies");
                step += 1;
            }
        }
    }
    step
}

mod fortress {
    use super::*;
    use crate::plugins::games::ice_fortress::click::{Handled, Input, Selection, Target, handle};
    use crate::plugins::games::ice_fortress::input::is_stale;
    use hoarfrost_rules::bots::Bot;
    use hoarfrost_rules::ice_fortress::{
        DieId, Element, FortressBot, IceFortress, InvaderAt, Pay, PowerRef, RoomId, Setup, Size,
    };

    /// A room on the table (supply or fortress), or now and then any room: one that was on the
    /// table a moment ago may still be drawn there.
    fn room(s: &IceFortress, rng: &mut GameRng) -> RoomId {
        let on_table: Vec<RoomId> = s.supply().iter().chain(s.built().keys()).copied().collect();
        match pick(rng, &on_table) {
            Some(r) if !one_in(rng, 4) => r,
            _ => rng.below(s.content().rooms.len()) as RoomId,
        }
    }

    /// A target drawn on the table now, or a stale one from an earlier position.
    fn target(s: &IceFortress, rng: &mut GameRng) -> Target {
        let r = room(s, rng);
        let card = s.card(r).expect("room ids index the content");
        let (squares, groups) = (card.squares.len(), card.groups.len());
        match rng.below(9) {
            // Now and then an id past the last die: the table never draws one, but nothing may break.
            0 => Target::Die(rng.below(s.dice().len() + 3) as DieId),
            1 if squares > 0 => Target::Square {
                room: r,
                square: rng.below(squares) as u8,
            },
            2 if groups > 0 => Target::Group {
                room: r,
                group: rng.below(groups) as u8,
            },
            3 => Target::Space(rng.below(s.foundation().len().max(1)) as u8),
            4 => match pick(rng, &s.invader_spots()) {
                Some((at, _)) if !one_in(rng, 3) => Target::Invader(at),
                _ if groups > 0 && one_in(rng, 2) => Target::Invader(InvaderAt::Group {
                    room: r,
                    group: rng.below(groups) as u8,
                }),
                _ => Target::Invader(InvaderAt::Square {
                    room: r,
                    square: rng.below(squares.max(1)) as u8,
                }),
            },
            5 => Target::Deck(Size::ALL[rng.below(4)]),
            6 => Target::Shard(Element::ALL[rng.below(4)]),
            7 => Target::Slot(Element::ALL[rng.below(4)]),
            _ => Target::Room(r),
        }
    }

    /// A power to start: one of the current character's (or a beacon's), or one seen earlier.
    fn power(s: &IceFortress, seen: &[PowerRef], rng: &mut GameRng) -> Option<PowerRef> {
        let now: Vec<PowerRef> = s.powers().into_iter().map(|(r, _)| r).collect();
        if one_in(rng, 4) {
            pick(rng, seen)
        } else {
            pick(rng, &now)
        }
    }

    /// A selection to hold: what a player could have picked up now, or kept from before.
    fn selection(s: &IceFortress, seen: &[PowerRef], rng: &mut GameRng) -> Selection {
        match rng.below(4) {
            0 => Selection::None,
            1 => match pick(rng, &s.rolled()) {
                Some(d) if !one_in(rng, 4) => Selection::Die(d),
                _ => Selection::Die(rng.below(s.dice().len() + 3) as DieId),
            },
            2 => Selection::Room(room(s, rng)),
            _ => match power(s, seen, rng) {
                Some(power) => {
                    let paid = (0..rng.below(3))
                        .map(|_| {
                            if one_in(rng, 2) {
                                Pay::Die(rng.below(s.dice().len() + 3) as DieId)
                            } else {
                                Pay::Shard(Element::ALL[rng.below(4)])
                            }
                        })
                        .collect();
                    Selection::Power { power, paid }
                }
                None => Selection::None,
            },
        }
    }

    #[test]
    fn random_clicks_on_ice_fortress_play_only_legal_moves() {
        let mut tally = Tally::default();
        for (players, seed) in [(1, 1), (2, 2), (3, 3), (4, 4)] {
            let mut rng = GameRng::new(seed);
            let s = IceFortress::standard(&Setup::new(players, seed)).unwrap();
            // Mostly the bot's moves: random ones lose within a few turns.
            let mut bot = FortressBot::new(seed);
            let mover = |s: &IceFortress, seat, rng: &mut GameRng| match bot.choose(s, seat) {
                Some(a) if !one_in(rng, 4) => a,
                _ => random_move(s, seat, rng),
            };
            let mut sel = Selection::None;
            let mut seen: Vec<PowerRef> = Vec::new();
            tally.moves += play(s, &mut rng, 300, mover, |s, seat, step, rng| {
                // What the table drops when the state changes.
                if is_stale(s, &sel) {
                    sel = Selection::None;
                }
                for (r, _) in s.powers() {
                    if !seen.contains(&r) {
                        seen.push(r);
                    }
                }
                let legal = s.legal_actions(seat);
                for _ in 0..20 {
                    if one_in(rng, 6) {
                        sel = selection(s, &seen, rng);
                    }
                    let input = match rng.below(10) {
                        0 => match power(s, &seen, rng) {
                            Some(p) => Input::Start(p),
                            None => Input::Table(target(s, rng)),
                        },
                        1 => Input::Panel(match pick(rng, &legal) {
                            Some(a) if one_in(rng, 2) => a,
                            _ => s.random_action(rng),
                        }),
                        _ => Input::Table(target(s, rng)),
                    };
                    let before = sel.clone();
                    let at = || {
                        format!(
                            "seed {seed}, step {step}, seat {seat}: {input:?} holding {before:?}"
                        )
                    };
                    match handle(s, seat, &mut sel, &input) {
                        Handled::Play(a) => {
                            if let Input::Panel(p) = &input {
                                // A panel press plays what it names, once the rules accept it.
                                assert_eq!(&a, p, "{}", at());
                                assert!(s.check(seat, &a).is_ok(), "{}", at());
                                tally.plays += 1;
                            } else {
                                tally.play(&legal, &a, &at);
                            }
                            assert_eq!(sel, Selection::None, "{}: kept {sel:?}", at());
                        }
                        Handled::Offer(options) => tally.offer(&legal, &options, &at),
                        Handled::Selected => tally.selects += 1,
                        Handled::Refused(why) => tally.refuse(&why, &at),
                    }
                }
            });
        }
        tally.assert_enough("Ice Fortress", 100);
    }
}

mod sprawl {
    use super::*;
    use crate::plugins::games::sprawl::arrows::arrows;
    use crate::plugins::games::sprawl::input::{explain, matches_at, size_of, square_of};
    use crate::plugins::games::sprawl::stash::{StashPiece, pick_from, picked_note};
    use hoarfrost_rules::sprawl::{Action, Setup, Sprawl, Square, Variant, Variants};

    #[test]
    fn random_clicks_on_sprawl_play_the_move_on_the_square_clicked_or_say_why_not() {
        let mut tally = Tally::default();
        // Random play often ends a game of Sprawl early (a player left without a move): many games,
        // every table size, the variants mixed in by the seed's bits.
        for seed in 1..=12u64 {
            let players = 3 + seed as usize % 6;
            let variants: Vec<Variant> = (0..4)
                .filter(|i| seed >> i & 1 == 1)
                .map(|i| Variant::ALL[i])
                .collect();
            let variants = Variants::of(&variants);
            let mut rng = GameRng::new(seed);
            let s = Sprawl::new(&Setup::new(players, seed).with(variants)).unwrap();
            let squares: Vec<Square> = s.board().squares().collect();
            tally.moves += play(s, &mut rng, 200, random_move, |s, seat, step, rng| {
                let legal = s.legal_actions(seat);
                for _ in 0..20 {
                    let sq = squares[rng.below(squares.len())];
                    // The picked size: any, or one from the tray or the stash window.
                    let size = match rng.below(4) {
                        0 => None,
                        k => Some(k as u8),
                    };
                    if one_in(rng, 5) {
                        // A pyramid in any seat's tray, clicked by the acting seat (or out of turn).
                        let piece = StashPiece {
                            seat: rng.below(s.num_seats()),
                            size: rng.below(3) as u8 + 1,
                        };
                        let acting = (!one_in(rng, 4)).then_some(seat);
                        let at = || format!("seed {seed}, step {step}: {piece:?} by {acting:?}");
                        match pick_from(s, acting, piece, size) {
                            Ok(Some(size)) => {
                                let note = picked_note(s, piece.seat, size);
                                assert!(!note.is_empty(), "{}", at());
                                tally.selects += 1;
                            }
                            Ok(None) => tally.selects += 1,
                            Err(why) => tally.refuse(&why, &at),
                        }
                        continue;
                    }
                    let at =
                        || format!("seed {seed}, step {step}, seat {seat}: {sq:?} with {size:?}");
                    if one_in(rng, 5) {
                        // A square clicked by a seat not to move: refused, in the rules' words.
                        let other = (seat + 1 + rng.below(s.num_seats() - 1)) % s.num_seats();
                        let why = explain(s, other, sq, size);
                        assert!(
                            why.contains("'s turn") || why.contains("panel"),
                            "{}: seat {other} out of turn: {why}",
                            at()
                        );
                        tally.refuse(&why, &at);
                        continue;
                    }
                    let matches = matches_at(&legal, sq, size);
                    // Each move a click can mean is played on the square clicked, with the size picked.
                    for a in &matches {
                        assert_eq!(square_of(a), Some(sq), "{}: {a:?}", at());
                        assert!(
                            size.is_none_or(|p| size_of(a) == Some(p)),
                            "{}: {a:?}",
                            at()
                        );
                    }
                    match matches.len() {
                        0 => tally.refuse(&explain(s, seat, sq, size), &at),
                        1 => tally.play(&legal, &matches[0], &at),
                        _ => {
                            tally.offer(&legal, &matches, &at);
                            for (dir, a) in arrows(&matches) {
                                assert!(matches.contains(&a), "{}: arrow {a:?}", at());
                                assert!(
                                    matches!(a, Action::Branch { dir: d, .. } if d == dir),
                                    "{}: arrow {dir:?} plays {a:?}",
                                    at()
                                );
                            }
                        }
                    }
                }
            });
        }
        tally.assert_enough("Sprawl", 100);
    }
}

mod ice_castle {
    use super::*;
    use crate::plugins::games::ice_castle::input::{
        TileClick, card_buttons, card_still_held, click_tile,
    };
    use hoarfrost_rules::ice_castle::{Card, Cell, IceCastle, Phase, Setup};

    #[test]
    fn random_clicks_on_ice_castle_play_only_legal_moves() {
        let mut tally = Tally::default();
        for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
            let mut rng = GameRng::new(seed);
            let s = IceCastle::new(&Setup::new(players, seed)).unwrap();
            let mut selected: Option<Card> = None;
            tally.moves += play(s, &mut rng, 250, random_move, |s, seat, step, rng| {
                // What the table forgets after a move.
                if selected.is_some_and(|c| !card_still_held(s, c)) {
                    selected = None;
                }
                let legal = s.legal_actions(seat);
                let hand = s.hand(seat).to_vec();
                for _ in 0..20 {
                    if s.phase() == Phase::Play && one_in(rng, 4) {
                        // A card button in the hand window: picks it, or puts it back.
                        let Some(card) = pick(rng, &hand) else {
                            continue;
                        };
                        selected = if selected == Some(card) {
                            None
                        } else {
                            Some(card)
                        };
                        for a in card_buttons(s, seat, card) {
                            assert!(
                                legal.contains(&a),
                                "seed {seed}, step {step}: {card:?} button plays the illegal {a:?}"
                            );
                        }
                        tally.selects += 1;
                        continue;
                    }
                    // Now and then any card, even one not in the hand (which the app never keeps).
                    let card = if one_in(rng, 10) {
                        pick(rng, &Card::KINDS)
                    } else {
                        selected
                    };
                    let cell = Cell::new(
                        rng.below(s.rows() as usize) as u8,
                        rng.below(s.cols() as usize) as u8,
                    );
                    let at =
                        || format!("seed {seed}, step {step}, seat {seat}: {cell:?} with {card:?}");
                    match click_tile(s, seat, card, cell) {
                        TileClick::Play(a) => tally.play(&legal, &a, &at),
                        TileClick::Choose(options) => tally.offer(&legal, &options, &at),
                        TileClick::Explain(why) => tally.refuse(&why, &at),
                    }
                }
            });
        }
        tally.assert_enough("Ice Castle", 100);
    }
}

mod ice_colony {
    use super::*;
    use crate::plugins::games::ice_colony::input::{SquareClick, click_square};
    use hoarfrost_rules::ice_colony::{IceColony, SQUARES, Setup, Square};

    #[test]
    fn random_clicks_on_ice_colony_play_only_legal_moves() {
        let mut tally = Tally::default();
        for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
            let mut rng = GameRng::new(seed);
            let s = IceColony::new(&Setup::new(players, seed)).unwrap();
            tally.moves += play(s, &mut rng, 250, random_move, |s, seat, step, rng| {
                let legal = s.legal_actions(seat);
                for _ in 0..20 {
                    let square = rng.below(SQUARES) as Square;
                    let at = || format!("seed {seed}, step {step}, seat {seat}: square {square}");
                    match click_square(s, seat, square) {
                        SquareClick::Play(a) => tally.play(&legal, &a, &at),
                        SquareClick::Choose(options) => tally.offer(&legal, &options, &at),
                        SquareClick::Explain(why) => tally.refuse(&why, &at),
                    }
                }
            });
        }
        tally.assert_enough("Ice Colony", 100);
    }
}

mod icetowers {
    use super::*;
    use crate::plugins::games::icetowers::input::{
        Outcome, Source, action_for, click_piece, click_table, targets,
    };
    use hoarfrost_rules::icetowers::{IceTowers, Setup, TowerId};

    /// Every pyramid on the table as (tower, index).
    fn pieces(s: &IceTowers) -> Vec<(TowerId, u8)> {
        s.towers()
            .iter()
            .flat_map(|t| (0..t.pieces.len() as u8).map(move |i| (t.id, i)))
            .collect()
    }

    #[test]
    fn random_clicks_on_icetowers_play_only_legal_moves() {
        let mut tally = Tally::default();
        // Lit towers checked to play the selection's move.
        let mut lit = 0;
        for (seats, seed) in [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (2, 6)] {
            let mut rng = GameRng::new(seed);
            let s = IceTowers::new(&Setup::new(seats, seed)).unwrap();
            // The selection is kept across moves (other seats move meanwhile), and a click may land
            // on a pyramid drawn for an earlier position.
            let mut selection: Option<Source> = None;
            let mut earlier: Vec<(TowerId, u8)> = Vec::new();
            tally.moves += play(s, &mut rng, 150, random_move, |s, seat, step, rng| {
                let legal = s.legal_actions(seat);
                let now = pieces(s);
                let newest = s.towers().last().map_or(0, |t| t.id);
                if let Some(source) = selection {
                    // Every lit tower takes the selection, and clicking it plays that move.
                    for onto in targets(s, seat, source) {
                        let a = action_for(source, Some(onto)).unwrap();
                        assert!(legal.contains(&a), "seed {seed}, step {step}: lit {a:?}");
                        let top = s.tower(onto).unwrap().pieces.len() as u8 - 1;
                        assert_eq!(
                            click_piece(s, seat, selection, onto, top),
                            Outcome::Play(a),
                            "seed {seed}, step {step}, seat {seat}: lit tower {onto}"
                        );
                        lit += 1;
                    }
                }
                for _ in 0..20 {
                    if one_in(rng, 12) {
                        selection = None; // Escape.
                        continue;
                    }
                    let clicked = match rng.below(8) {
                        0 => None,
                        1 | 2 if !earlier.is_empty() => pick(rng, &earlier),
                        // Any id up to a few past the newest tower, any index: gone or never was.
                        3 => Some((
                            rng.below(newest as usize + 4) as TowerId,
                            rng.below(6) as u8,
                        )),
                        _ => pick(rng, &now),
                    };
                    let held = selection;
                    let at = || {
                        format!(
                            "seed {seed}, step {step}, seat {seat}: {clicked:?} holding {held:?}"
                        )
                    };
                    let outcome = match clicked {
                        Some((tower, index)) => click_piece(s, seat, selection, tower, index),
                        None => click_table(s, seat, selection),
                    };
                    match outcome {
                        Outcome::Select(source) => {
                            selection = Some(source);
                            tally.selects += 1;
                        }
                        Outcome::Play(a) => {
                            tally.play(&legal, &a, &at);
                            selection = None;
                        }
                        Outcome::Deselect => selection = None,
                        Outcome::Explain(why) => tally.refuse(&why, &at),
                    }
                }
                earlier = now;
            });
        }
        tally.assert_enough("IceTowers", 100);
        assert!(lit >= 100, "only {lit} lit towers checked");
    }
}
