//! Eight seeded games, two each of one to four players (a solo player runs two characters), are
//! played mostly by [`FortressBot`] with random legal moves mixed in (and powers favoured now and
//! then, so that their choices come up). In a position where a seat may act, the search starts
//! from an empty hand and sends through [`handle`] every click on a target the table draws there
//! ([`table_targets`]) and every Use button the character window shows ([`power_buttons`]),
//! breadth first over the selections they lead to. What the clicks play, what they leave offered
//! in the panel (`Choices`) and what the side panel lists by itself (`HudSpec::panel_actions`)
//! must together be exactly the seat's legal actions: none missing (the mouse can make every
//! move) and none extra. As the panel lists every option of a short choice, that alone would not
//! notice a broken click there, so the clicks alone must also play every legal action except the
//! few the app leaves to the panel ([`panel_only`]).
//!
//! One test checks every draft, choice, invader landing and end-of-round position; the other a
//! random sample of the build step's (each is searched over every die, room and power held, which
//! is dear). Both fail unless they met every kind of action and choice at least once.
//!
//! The search needs no depth guess: a selection is a held die, a held room or a power with the part
//! of its cost clicked so far, always strictly shorter than the cost (the click completing it
//! plays), so the distinct selections are few and the search stops by itself after at most
//! `1 + longest cost` clicks (three with the shipped cards: Use, then two payments). [`MAX_CLICKS`]
//! only guards that bound: the test fails if the search is still finding new selections there.

use std::collections::{BTreeMap, BTreeSet};

use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::ice_fortress::{
    Action, CardRef, Decision, Element, FortressBot, IceFortress, Pay, Phase, Setup, Size, Spot,
};
use hoarfrost_rules::{Game, GameRng, Seat};

use crate::plugins::core::testing::reach::walk;

use crate::plugins::games::ice_fortress::click::{Handled, Input, Selection, Target, handle};
use crate::plugins::games::ice_fortress::hud::hud_spec;
use crate::plugins::games::ice_fortress::pieces::{FigurePiece, figures};

/// A guard on the length of a click sequence: more than any power's cost needs (see the module doc).
const MAX_CLICKS: usize = 6;

/// Every target the table draws in `s` while `held` is held: the dice, the foundation spaces, the
/// rooms of the supply and the fortress with their squares and pillar groups, the figures
/// (invaders and shards), the decks and the Invader/Beacon cards, and the ghosts of the held room
/// on the places it may be built (as `pieces` and `input` spawn them).
fn table_targets(s: &IceFortress, legal: &[Action], held: &Selection) -> Vec<Target> {
    let mut v: Vec<Target> = (0..s.dice().len() as u8).map(Target::Die).collect();
    v.extend((0..s.foundation().len() as u8).map(Target::Space));
    let rooms: BTreeSet<_> = s.supply().iter().chain(s.built().keys()).copied().collect();
    for room in rooms {
        let card = s.card(room).expect("rooms on the table are in the content");
        v.push(Target::Room(room));
        v.extend((0..card.squares.len() as u8).map(|square| Target::Square { room, square }));
        v.extend((0..card.groups.len() as u8).map(|group| Target::Group { room, group }));
    }
    for f in figures(s) {
        v.push(match f {
            FigurePiece::Invader(at, _) => Target::Invader(at),
            FigurePiece::Shard(e, _) => Target::Shard(e),
        });
    }
    v.extend(Size::ALL.map(Target::Deck));
    v.extend(Element::ALL.map(Target::Slot));
    if let Selection::Room(r) = held {
        for a in legal {
            if let Action::BuildRoom { room, on } = *a
                && room == *r
            {
                v.push(match on {
                    Spot::Foundation(i) => Target::Space(i),
                    Spot::Group { room, group } => Target::Group { room, group },
                });
            }
        }
    }
    v.dedup();
    v
}

/// The Use buttons of the character window: every power of the current character and the built
/// beacons not used this turn, shown in the build step while no choice is pending.
fn power_buttons(s: &IceFortress) -> Vec<Input> {
    if s.phase() != Phase::Build || s.decision().is_some() {
        return Vec::new();
    }
    s.powers()
        .into_iter()
        .map(|(r, _)| r)
        .filter(|r| !s.used_powers().contains(r))
        .map(Input::Start)
        .collect()
}

/// What the mouse can do for `seat` in `s`.
struct Reach {
    /// Actions played by a sequence of clicks (on the table and the Use buttons), or offered in the
    /// panel after one.
    clicked: BTreeSet<Action>,
    /// Actions the side panel lists by itself.
    listed: BTreeSet<Action>,
    /// Distinct selections the clicks reached (the empty one included).
    selections: usize,
    /// Clicks in the longest sequence that still reached a new selection, plus the one after it.
    depth: usize,
}

/// Every action the clicks and buttons of `seat` can play in `s`, searched breadth first over the
/// selections from an empty hand.
fn reach(s: &IceFortress, seat: Seat) -> Reach {
    let legal = s.legal_actions(seat);
    let listed = (hud_spec().panel_actions)(s, seat).into_iter().collect();
    let mut clicked = BTreeSet::new();
    let buttons = power_buttons(s);
    let mut seen = vec![Selection::None];
    let mut frontier = vec![Selection::None];
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        assert!(
            depth <= MAX_CLICKS,
            "still finding new selections after {MAX_CLICKS} clicks: {frontier:?}"
        );
        let mut next = Vec::new();
        for held in &frontier {
            let inputs = table_targets(s, &legal, held)
                .into_iter()
                .map(Input::Table)
                .chain(buttons.iter().cloned());
            for input in inputs {
                let mut sel = held.clone();
                match handle(s, seat, &mut sel, &input) {
                    Handled::Play(a) => {
                        clicked.insert(a);
                    }
                    Handled::Offer(options) => clicked.extend(options),
                    Handled::Selected => {
                        if !seen.contains(&sel) {
                            seen.push(sel.clone());
                            next.push(sel);
                        }
                    }
                    Handled::Refused(_) => {}
                }
            }
        }
        frontier = next;
    }
    Reach {
        clicked,
        listed,
        selections: seen.len(),
        depth,
    }
}

/// Whether `a` is made in the panel only, by the app's design: keeping an ability, ending the build
/// step, and taking a room looked at or searched for (those rooms are not on the table).
fn panel_only(s: &IceFortress, a: &Action) -> bool {
    match a {
        Action::KeepAbility { .. } | Action::EndBuild => true,
        Action::PickRoom { .. } => {
            matches!(s.decision(), Some(Decision::LookPick(_) | Decision::Search))
        }
        _ => false,
    }
}

/// The kind of an action, for the coverage tally.
fn kind(a: &Action) -> &'static str {
    match a {
        Action::KeepAbility { .. } => "KeepAbility",
        Action::PlacePillar { .. } => "PlacePillar",
        Action::BuildRoom {
            on: Spot::Foundation(_),
            ..
        } => "BuildRoom on the foundation",
        Action::BuildRoom { .. } => "BuildRoom on a group",
        Action::UsePower { power, .. } if matches!(power.card, CardRef::Beacon(_)) => {
            "UsePower of a beacon"
        }
        Action::UsePower { pay, .. } if pay.is_empty() => "UsePower free",
        Action::UsePower { pay, .. } if pay.len() >= 2 => "UsePower paid twice",
        Action::UsePower { pay, .. } if matches!(pay[0], Pay::Shard(_)) => {
            "UsePower paid with a shard"
        }
        Action::UsePower { .. } => "UsePower paid with a die",
        Action::EndBuild => "EndBuild",
        Action::PickSize { .. } => "PickSize",
        Action::PickRoom { .. } => "PickRoom",
        Action::PickInvader { .. } => "PickInvader",
        Action::PickPillar { .. } => "PickPillar",
        Action::PickElement { .. } => "PickElement",
        Action::SetDie { .. } => "SetDie",
        Action::PlaceInvader { .. } => "PlaceInvader",
        Action::Flood { .. } => "Flood",
        Action::DiscardRoom { .. } => "DiscardRoom",
        Action::DiscardShard { .. } => "DiscardShard",
    }
}

/// The kind of a position: its phase and pending choice ("Build: Search").
fn situation(s: &IceFortress) -> String {
    match s.decision() {
        Some(d) => {
            let d = format!("{d:?}");
            let name = d.split([' ', '(', '{']).next().unwrap_or("");
            format!("{:?}: {name}", s.phase())
        }
        None => format!("{:?}", s.phase()),
    }
}

/// What the checked positions covered.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    /// Legal actions checked, by kind.
    kinds: BTreeMap<&'static str, usize>,
    /// Positions checked, by phase and pending choice.
    situations: BTreeMap<String, usize>,
    /// The most distinct selections one position's clicks reached.
    most_selections: usize,
    /// The longest click sequence the search needed.
    deepest: usize,
}

impl Coverage {
    /// Fails unless every one of `kinds` and `situations` was checked at least once.
    fn assert_covers(&self, kinds: &[&str], situations: &[&str]) {
        println!("{self:#?}");
        for k in kinds {
            assert!(self.kinds.contains_key(k), "no {k} was checked: {self:#?}");
        }
        for k in situations {
            assert!(
                self.situations.contains_key(*k),
                "no position of {k} was checked: {self:#?}"
            );
        }
    }
}

/// Checks that the mouse can make exactly the legal moves of `seat` in `s`.
fn check(s: &IceFortress, seat: Seat, at: &dyn Fn() -> String, cov: &mut Coverage) {
    let legal = s.legal_actions(seat);
    let r = reach(s, seat);
    let missing: Vec<&Action> = legal
        .iter()
        .filter(|a| !r.clicked.contains(a) && !r.listed.contains(a))
        .collect();
    assert!(
        missing.is_empty(),
        "{}, {}: no click sequence or button plays {missing:?}",
        at(),
        situation(s)
    );
    let extra: Vec<&Action> = r
        .clicked
        .union(&r.listed)
        .filter(|a| !legal.contains(a))
        .collect();
    assert!(
        extra.is_empty(),
        "{}, {}: the mouse plays the illegal {extra:?}",
        at(),
        situation(s)
    );
    // The panel lists every option of a short choice, so the check above alone would pass with the
    // table's clicks broken there: what the table draws must be playable by clicking it.
    let unclicked: Vec<&Action> = legal
        .iter()
        .filter(|a| !panel_only(s, a) && !r.clicked.contains(a))
        .collect();
    assert!(
        unclicked.is_empty(),
        "{}, {}: only the panel plays {unclicked:?}, clicking what they name does not",
        at(),
        situation(s)
    );
    cov.positions += 1;
    for a in &legal {
        *cov.kinds.entry(kind(a)).or_default() += 1;
    }
    *cov.situations.entry(situation(s)).or_default() += 1;
    cov.most_selections = cov.most_selections.max(r.selections);
    cov.deepest = cov.deepest.max(r.depth);
}

/// Plays at most `steps` moves of a game of `players` from `seed`: the bot's mostly, a random legal
/// move one time in four (a power, when there is one, one time in three of those, so that their
/// choices come up). Before each move, `visit` sees the position, each seat that may act and the
/// step.
fn play(players: usize, seed: u64, steps: usize, mut visit: impl FnMut(&IceFortress, Seat, usize)) {
    let mut rng = GameRng::new(seed);
    let mut bot = FortressBot::new(seed);
    // With the jumbo-room assist the opening is gentler, so the games go on long enough for the
    // late choices (discarding shards at the end of a round) to come up.
    let setup = Setup::new(players, seed).with_jumbo_assist(true);
    let s = IceFortress::standard(&setup).unwrap();
    let mover = |s: &IceFortress, seat: Seat, rng: &mut GameRng| match bot.choose(s, seat) {
        Some(a) if rng.below(4) != 0 => a,
        _ => {
            let legal = s.legal_actions(seat);
            let powers: Vec<&Action> = legal
                .iter()
                .filter(|a| matches!(a, Action::UsePower { .. }))
                .collect();
            if !powers.is_empty() && rng.below(3) == 0 {
                powers[rng.below(powers.len())].clone()
            } else {
                legal[rng.below(legal.len())].clone()
            }
        }
    };
    walk(s, &mut rng, steps, mover, |s, seat, step| {
        visit(s, seat, step);
        Ok(())
    })
    .expect("the visits raise no error");
}

/// The games played: one to four players, two seeds each.
const GAMES: [(usize, u64); 8] = [
    (1, 11),
    (1, 21),
    (2, 12),
    (2, 22),
    (3, 13),
    (3, 23),
    (4, 14),
    (4, 24),
];

/// Moves played per game: far enough for beacons, end-of-round discards and most powers.
const STEPS: usize = 300;

/// Plain build-step positions (no choice pending) are many and the dearest to search (every die,
/// room and power held, every target clicked, some 50 ms each): one in this many, drawn at random,
/// is checked.
const BUILD_SAMPLE: usize = 20;

#[test]
fn every_legal_build_step_move_can_be_made_with_the_mouse() {
    let mut cov = Coverage::default();
    for (players, seed) in GAMES {
        // Its own random source, so that both tests play the same games.
        let mut sample = GameRng::new(seed);
        play(players, seed, STEPS, |s, seat, step| {
            if s.phase() == Phase::Build
                && s.decision().is_none()
                && sample.below(BUILD_SAMPLE) == 0
            {
                let at = || format!("{players} players, seed {seed}, step {step}, seat {seat}");
                check(s, seat, &at, &mut cov);
            }
        });
    }
    cov.assert_covers(
        &[
            "PlacePillar",
            "BuildRoom on the foundation",
            "BuildRoom on a group",
            "UsePower free",
            "UsePower paid with a die",
            "UsePower paid with a shard",
            "UsePower paid twice",
            "UsePower of a beacon",
            "EndBuild",
        ],
        &["Build"],
    );
}

#[test]
fn every_choice_and_discard_can_be_made_with_the_mouse() {
    let mut cov = Coverage::default();
    for (players, seed) in GAMES {
        play(players, seed, STEPS, |s, seat, step| {
            if s.phase() != Phase::Build || s.decision().is_some() {
                let at = || format!("{players} players, seed {seed}, step {step}, seat {seat}");
                check(s, seat, &at, &mut cov);
            }
        });
    }
    cov.assert_covers(
        &[
            "KeepAbility",
            "PickSize",
            "PickRoom",
            "PickInvader",
            "PickPillar",
            "PickElement",
            "SetDie",
            "PlaceInvader",
            "Flood",
            "DiscardRoom",
            "DiscardShard",
        ],
        &[
            "Draft",
            "EndOfRound",
            "Invaders: PlaceInvader",
            "Invaders: Flood",
            "Build: Invader",
            "Build: RepelRoom",
            "Build: DestroyPillar",
            "Build: DestroyRoom",
            "Build: DrawSize",
            "Build: LookSize",
            "Build: LookPick",
            "Build: Search",
            "Build: Neutralize",
            "Build: AdjustDie",
            "Build: FlipDie",
        ],
    );
}
