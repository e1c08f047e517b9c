//! Ice Fortress actions: every choice a seat makes, which are legal, why one is refused, what it does,
//! and how it reads.

use serde::{Deserialize, Serialize};

use super::content::*;
use super::powers::Pay;
use super::state::*;
use crate::{Game, GameRng, Refused, RuleError, Seat, ToAct};

/// One choice of the seat whose character's turn it is.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Setup: keep this dealt ability card (two are kept; the rest are discarded).
    KeepAbility { card: CardId },
    /// Place rolled die `die` as a pillar on `square` of built room `room`.
    PlacePillar {
        die: DieId,
        room: RoomId,
        square: u8,
    },
    /// Build supply room `room` on a foundation space or a completed pillar group.
    BuildRoom { room: RoomId, on: Spot },
    /// Use a power, paying its costs in order (a die or a shard for each).
    UsePower { power: PowerRef, pay: Vec<Pay> },
    /// Finish building: pull the invaders.
    EndBuild,
    /// Choose a room deck (to draw from or look at).
    PickSize { size: Size },
    /// Choose a room (to draw, take, destroy, or repel the invaders of).
    PickRoom { room: RoomId },
    /// Choose an invader to crystallize or repel.
    PickInvader { at: InvaderAt },
    /// Choose a pillar to destroy.
    PickPillar { room: RoomId, square: u8 },
    /// Choose an element whose invader ability is neutralized.
    PickElement { element: Element },
    /// Change rolled die `die` to `value`.
    SetDie { die: DieId, value: u8 },
    /// Choose where the pulled invader lands, among equal places.
    PlaceInvader { at: InvaderAt },
    /// Choose the supply room a water invader floods.
    Flood { room: RoomId },
    /// End of round: discard a supply room (to the bottom of its deck).
    DiscardRoom { room: RoomId },
    /// End of round: discard a shard of `element` (back to the bag).
    DiscardShard { element: Element },
}

fn refuse<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::new(msg))
}

/// Legal actions of `seat`, sorted.
pub(super) fn legal(s: &IceFortress, seat: Seat) -> Vec<Action> {
    if may_act(s, seat).is_err() {
        return Vec::new();
    }
    if s.decision.is_some() {
        return s.decision_options();
    }
    let mut out = Vec::new();
    match s.phase {
        Phase::Draft => {
            if let Some(ch) = s.characters.get(s.current) {
                out.extend(ch.draft.iter().map(|&card| Action::KeepAbility { card }));
            }
        }
        Phase::Build => {
            out.push(Action::EndBuild);
            let rolled = s.rolled();
            for b in s.built.values() {
                for square in 0..b.pillars.len() as u8 {
                    if b.pillars[square as usize].is_some() || b.invaders[square as usize].is_some()
                    {
                        continue;
                    }
                    let mut seen = [false; 7];
                    for &die in &rolled {
                        let v = s.dice[die as usize].value;
                        let ok = seen[v as usize]
                            || s.square_check::<Refused>(b.card, square, v).is_ok();
                        if ok {
                            seen[v as usize] = true;
                            out.push(Action::PlacePillar {
                                die,
                                room: b.card,
                                square,
                            });
                        }
                    }
                }
            }
            for &room in &s.supply {
                for on in spots(s) {
                    if s.build_check::<Refused>(room, on).is_ok() {
                        out.push(Action::BuildRoom { room, on });
                    }
                }
            }
            for (r, p) in s.powers() {
                if s.used.contains(&r) {
                    continue;
                }
                for pay in s.payments(&p.cost) {
                    out.push(Action::UsePower { power: r, pay });
                }
            }
        }
        Phase::EndOfRound => {
            if s.supply.len() > s.supply_limit() {
                out.extend(s.supply.iter().map(|&room| Action::DiscardRoom { room }));
            }
            if s.shards.iter().map(|&n| n as usize).sum::<usize>() > s.supply_limit() {
                out.extend(
                    Element::ALL
                        .iter()
                        .filter(|e| s.shards[e.index()] > 0)
                        .map(|&element| Action::DiscardShard { element }),
                );
            }
        }
        _ => {}
    }
    out.sort();
    out.dedup();
    out
}

/// Every place a room could be built: foundation spaces and the groups of built rooms.
fn spots(s: &IceFortress) -> Vec<Spot> {
    let mut v: Vec<Spot> = (0..s.foundation.len() as u8)
        .map(Spot::Foundation)
        .collect();
    for b in s.built.values() {
        for g in 0..b.above.len() as u8 {
            v.push(Spot::Group {
                room: b.card,
                group: g,
            });
        }
    }
    v
}

fn may_act(s: &IceFortress, seat: Seat) -> Result<(), RuleError> {
    if seat >= s.players {
        return refuse(format!("there is no seat {}", seat.saturating_add(1)));
    }
    match s.to_act() {
        ToAct::Over => refuse("the game is over"),
        ToAct::Chance => match s.phase {
            Phase::Invaders => refuse("wait: an invader is being pulled from the bag"),
            _ => refuse("wait: the dice are being rolled"),
        },
        ToAct::Seats(seats) if !seats.contains(&seat) => refuse(format!(
            "it is not your turn: {} is playing",
            s.title(s.current)
        )),
        ToAct::Seats(_) => Ok(()),
    }
}

/// What the pending decision asks for, in a player's words.
pub fn prompt(d: &Decision) -> &'static str {
    match d {
        Decision::Invader {
            removal: Removal::Crystallize,
            ..
        } => "choose an invader to crystallize",
        Decision::Invader { .. } => "choose an invader to repel",
        Decision::RepelRoom => "choose a room to repel every invader from",
        Decision::DestroyPillar => "choose a pillar to destroy",
        Decision::DestroyRoom => "choose a room to destroy",
        Decision::DrawSize => "choose the deck to draw a room from",
        Decision::LookSize(_) => "choose the deck to look at",
        Decision::LookPick(_) => "choose which of the rooms you looked at to draw",
        Decision::Search => "choose the room to take from a deck",
        Decision::Neutralize => "choose the element whose invader ability to neutralize",
        Decision::AdjustDie(_) => "choose a die and its new value",
        Decision::FlipDie => "choose a die to turn over",
        Decision::PlaceInvader { .. } => "choose where the invader lands",
        Decision::Flood => "choose the supply room the water floods",
    }
}

pub(super) fn check(s: &IceFortress, seat: Seat, action: &Action) -> Result<(), RuleError> {
    may_act(s, seat)?;
    if let Some(d) = &s.decision {
        if s.decision_options().contains(action) {
            return Ok(());
        }
        return refuse(format!("that is not one of the choices: {}", prompt(d)));
    }
    match (s.phase, action) {
        (Phase::Draft, Action::KeepAbility { card }) => {
            let dealt = s
                .characters
                .get(s.current)
                .is_some_and(|c| c.draft.contains(card));
            if dealt {
                Ok(())
            } else {
                refuse("that ability card was not dealt to you")
            }
        }
        (Phase::Draft, _) => refuse("first choose the ability cards you keep"),
        (Phase::Build, Action::PlacePillar { die, room, square }) => {
            let Some(d) = s.dice.get(*die as usize) else {
                return refuse(format!("there is no die {die}"));
            };
            if d.at != DieAt::Rolled {
                return refuse("that die is not one of your unused rolled dice");
            }
            s.square_refuses(*room, *square, d.value)
        }
        (Phase::Build, Action::BuildRoom { room, on }) => s.build_refuses(*room, *on),
        (Phase::Build, Action::UsePower { power, pay }) => {
            let Some(p) = s.power(*power) else {
                return refuse("your character has no such power");
            };
            if s.used.contains(power) {
                return refuse("each power may be used only once a turn");
            }
            if !s.pays(&p.cost, pay) {
                return refuse(format!(
                    "that does not pay the power's cost: {}",
                    cost_text(&p.cost)
                ));
            }
            Ok(())
        }
        (Phase::Build, Action::EndBuild) => Ok(()),
        (Phase::EndOfRound, Action::DiscardRoom { room }) => {
            if s.supply.len() <= s.supply_limit() {
                refuse("the supply holds no more rooms than the difficulty allows")
            } else if !s.supply.contains(room) {
                refuse("that room is not in the supply")
            } else {
                Ok(())
            }
        }
        (Phase::EndOfRound, Action::DiscardShard { element }) => {
            if s.shards.iter().map(|&n| n as usize).sum::<usize>() <= s.supply_limit() {
                refuse("the supply holds no more shards than the difficulty allows")
            } else if s.shards[element.index()] == 0 {
                refuse(format!(
                    "there is no {} shard in the supply",
                    element.name()
                ))
            } else {
                Ok(())
            }
        }
        (Phase::EndOfRound, _) => refuse("discard the supply down to the difficulty first"),
        (_, Action::EndBuild | Action::PlacePillar { .. } | Action::BuildRoom { .. }) => {
            refuse("you may build only during your build step")
        }
        (_, Action::UsePower { .. }) => refuse("powers are used only during your build step"),
        (_, Action::DiscardRoom { .. } | Action::DiscardShard { .. }) => {
            refuse("the supply is discarded only at the end of a round")
        }
        (_, Action::KeepAbility { .. }) => refuse("abilities are kept only at setup"),
        _ => refuse("there is nothing to choose now"),
    }
}

/// The costs of a power in words.
pub fn cost_text(costs: &[Cost]) -> String {
    if costs.is_empty() {
        return "nothing".into();
    }
    // The same cost twice or more in a row is counted: "two shards", as the cards say it.
    let mut runs: Vec<(Cost, usize)> = Vec::new();
    for &c in costs {
        match runs.last_mut() {
            Some((last, n)) if *last == c => *n += 1,
            _ => runs.push((c, 1)),
        }
    }
    let number = |n: usize| match n {
        2 => "two".to_string(),
        3 => "three".to_string(),
        n => n.to_string(),
    };
    runs.into_iter()
        .flat_map(|(c, n)| match (c, n) {
            (Cost::AnyShard, 2..) => vec![format!("{} shards", number(n))],
            (Cost::Shard(e), 2..) => vec![format!("{} {} shards", number(n), e.name())],
            (c, n) => vec![one_cost(c); n],
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

/// One cost in words: "a fire shard", "any shard", "a die of 5 or 6".
fn one_cost(c: Cost) -> String {
    match c {
        Cost::Shard(e) => crate::words::a(&format!("{} shard", e.name())),
        Cost::AnyShard => "any shard".to_string(),
        Cost::Die(a, b) if a == b => format!("a die of {a}"),
        Cost::Die(1, 6) => "any die".to_string(),
        Cost::Die(a, b) if b == a + 1 => format!("a die of {a} or {b}"),
        Cost::Die(a, b) => format!("a die of {a} to {b}"),
    }
}

pub(super) fn apply(s: &mut IceFortress, action: &Action) {
    if s.decision.is_some() {
        s.resolve(action);
        s.advance();
        return;
    }
    match *action {
        Action::KeepAbility { card } => s.keep_ability(card),
        Action::PlacePillar { die, room, square } => s.place_pillar(die, room, square),
        Action::BuildRoom { room, on } => s.build_room(room, on),
        Action::UsePower { power, ref pay } => s.use_power(power, pay),
        Action::EndBuild => s.end_build(),
        Action::DiscardRoom { room } => s.destroy_room(room),
        Action::DiscardShard { element } => {
            let i = element.index();
            if s.shards[i] > 0 {
                s.shards[i] -= 1;
                s.bag[i] += 1;
            }
        }
        _ => {}
    }
    s.advance();
}

fn room_name(s: &IceFortress, room: RoomId) -> String {
    s.card(room)
        .map_or(format!("room {room}"), |c| format!("the {}", c.name))
}

fn at_text(s: &IceFortress, at: InvaderAt) -> String {
    match at {
        InvaderAt::Square { room, square } => {
            let what = if s.pillar_value(room, square).is_some() {
                "pillar"
            } else {
                "pillar square"
            };
            // Squares and groups counted from 1, as the tooltips count them.
            format!(
                "the {what} {} of {}",
                u16::from(square) + 1,
                room_name(s, room)
            )
        }
        InvaderAt::Group { room, group } => {
            format!(
                "pillar group {} of {}",
                u16::from(group) + 1,
                room_name(s, room)
            )
        }
    }
}

fn card_name(s: &IceFortress, card: CardRef) -> String {
    let c = &s.content().characters;
    match card {
        CardRef::Name(n) => c
            .names
            .get(n as usize)
            .map(|x| format!("{}'s name card", x.name)),
        CardRef::Ability(a) => c
            .abilities
            .get(a as usize)
            .map(|x| format!("the {} ability", x.name)),
        CardRef::Class(k) => c
            .classes
            .get(k as usize)
            .map(|x| format!("the {} class", x.name)),
        CardRef::Beacon(b) => s
            .content()
            .invaders
            .get(b as usize)
            .map(|x| format!("the {}", x.beacon_name)),
    }
    .unwrap_or_else(|| "an unknown card".into())
}

pub(super) fn describe(s: &IceFortress, seat: Seat, action: &Action) -> String {
    let actor = if s.current_seat() == seat {
        Some(s.current)
    } else {
        s.characters.iter().position(|c| c.seat == seat)
    };
    let who = actor
        .and_then(|i| s.characters.get(i))
        .and_then(|c| s.content().characters.names.get(c.name as usize))
        .map_or(format!("Seat {seat}"), |n| n.name.clone());
    // A die by its value; where another rolled die shows the same, also by its place in the tray
    // from the left, as the table shows them.
    let die = |d: DieId| {
        let Some(x) = s.dice.get(d as usize) else {
            return format!("die {d}");
        };
        let rolled = |o: &&Die| o.at == DieAt::Rolled;
        let twins = s
            .dice
            .iter()
            .filter(rolled)
            .filter(|o| o.value == x.value)
            .count();
        if x.at == DieAt::Rolled && twins > 1 {
            let place = s.dice[..d as usize].iter().filter(rolled).count() + 1;
            format!("a {} (rolled die {place})", x.value)
        } else {
            format!("a {}", x.value)
        }
    };
    match action {
        Action::KeepAbility { card } => {
            let name = s
                .content()
                .characters
                .abilities
                .get(*card as usize)
                .map_or("unknown".into(), |a| a.name.clone());
            format!("{who} keeps the {name} ability")
        }
        Action::PlacePillar {
            die: d,
            room,
            square,
        } => format!(
            "{who} places {} as a pillar on square {} of {}",
            die(*d),
            u16::from(*square) + 1,
            room_name(s, *room)
        ),
        Action::BuildRoom { room, on } => {
            let place = match on {
                // Counted from 1, as the tooltips count them.
                Spot::Foundation(i) => format!("foundation space {}", u16::from(*i) + 1),
                Spot::Group { room: base, group } => {
                    format!(
                        "pillar group {} of {}",
                        u16::from(*group) + 1,
                        room_name(s, *base)
                    )
                }
            };
            format!("{who} builds {} on {place}", room_name(s, *room))
        }
        Action::UsePower { power, pay } => {
            // The card's text in brackets, without its own full stop ("Search for a room.").
            let text = s.power(*power).map_or(String::new(), |p| {
                format!(" (\"{}\")", p.text.trim_end_matches('.'))
            });
            let paid: Vec<String> = pay
                .iter()
                .map(|p| match *p {
                    Pay::Die(d) => die(d),
                    Pay::Shard(e) => crate::words::a(&format!("{} shard", e.name())),
                })
                .collect();
            let paid = if paid.is_empty() {
                String::new()
            } else {
                format!(", paying {}", paid.join(" and "))
            };
            // The character's own name card is "the name card", not "Eve uses Eve's name card".
            let card = card_name(s, power.card);
            let card = card
                .strip_prefix(&format!("{who}'s "))
                .map_or(card.clone(), |own| format!("the {own}"));
            format!("{who} uses {card}{text}{paid}")
        }
        Action::EndBuild => format!("{who} ends the build step"),
        Action::PickSize { size } => format!("{who} chooses the {} deck", size.name()),
        Action::PickRoom { room } => format!("{who} chooses {}", room_name(s, *room)),
        Action::PickInvader { at } => format!("{who} chooses the invader on {}", at_text(s, *at)),
        Action::PickPillar { room, square } => format!(
            "{who} chooses the pillar on square {} of {}",
            u16::from(*square) + 1,
            room_name(s, *room)
        ),
        Action::PickElement { element } => format!("{who} chooses {}", element.name()),
        Action::SetDie { die: d, value } => format!("{who} turns {} to {value}", die(*d)),
        Action::PlaceInvader { at } => format!("{who} sends the invader to {}", at_text(s, *at)),
        Action::Flood { room } => format!("{who} lets the water flood {}", room_name(s, *room)),
        Action::DiscardRoom { room } => format!("{who} discards {}", room_name(s, *room)),
        Action::DiscardShard { element } => {
            format!(
                "{who} discards {}",
                crate::words::a(&format!("{} shard", element.name()))
            )
        }
    }
}

pub(super) fn random(s: &IceFortress, rng: &mut GameRng) -> Action {
    let rooms = ROOM_COUNT + 2;
    let room = |rng: &mut GameRng| -> RoomId {
        // Mostly rooms in play, so many random actions are near-legal.
        let inplay: Vec<RoomId> = s
            .built
            .keys()
            .copied()
            .chain(s.supply.iter().copied())
            .collect();
        if !inplay.is_empty() && rng.below(3) > 0 {
            inplay[rng.below(inplay.len())]
        } else {
            rng.below(rooms) as RoomId
        }
    };
    let size = |rng: &mut GameRng| Size::ALL[rng.below(4)];
    let element = |rng: &mut GameRng| Element::ALL[rng.below(4)];
    let at = |rng: &mut GameRng| {
        let r = room(rng);
        if rng.below(2) == 0 {
            InvaderAt::Square {
                room: r,
                square: rng.below(10) as u8,
            }
        } else {
            InvaderAt::Group {
                room: r,
                group: rng.below(3) as u8,
            }
        }
    };
    match rng.below(15) {
        0 => Action::KeepAbility {
            card: rng.below(24) as CardId,
        },
        1 => Action::PlacePillar {
            die: rng.below(DICE + 2) as DieId,
            room: room(rng),
            square: rng.below(10) as u8,
        },
        2 => Action::BuildRoom {
            room: room(rng),
            on: if rng.below(3) == 0 {
                Spot::Foundation(rng.below(8) as u8)
            } else {
                Spot::Group {
                    room: room(rng),
                    group: rng.below(3) as u8,
                }
            },
        },
        3 => {
            let card = match rng.below(4) {
                0 => CardRef::Name(rng.below(5) as CardId),
                1 => CardRef::Ability(rng.below(24) as CardId),
                2 => CardRef::Class(rng.below(11) as CardId),
                _ => CardRef::Beacon(rng.below(9) as CardId),
            };
            let pay = (0..rng.below(3))
                .map(|_| {
                    if rng.below(2) == 0 {
                        Pay::Die(rng.below(DICE + 1) as DieId)
                    } else {
                        Pay::Shard(element(rng))
                    }
                })
                .collect();
            Action::UsePower {
                power: PowerRef {
                    card,
                    index: rng.below(3) as u8,
                },
                pay,
            }
        }
        4 => Action::EndBuild,
        5 => Action::PickSize { size: size(rng) },
        6 => Action::PickRoom { room: room(rng) },
        7 => Action::PickInvader { at: at(rng) },
        8 => Action::PickPillar {
            room: room(rng),
            square: rng.below(10) as u8,
        },
        9 => Action::PickElement {
            element: element(rng),
        },
        10 => Action::SetDie {
            die: rng.below(DICE + 2) as DieId,
            value: rng.below(8) as u8,
        },
        11 => Action::PlaceInvader { at: at(rng) },
        12 => Action::Flood { room: room(rng) },
        13 => Action::DiscardRoom { room: room(rng) },
        _ => Action::DiscardShard {
            element: element(rng),
        },
    }
}
