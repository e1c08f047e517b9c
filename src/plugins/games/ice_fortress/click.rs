//! What a click means in Ice Fortress, as a pure function of the rules state, the player's current
//! selection and the thing clicked: play an action, change the selection, offer several actions in
//! the panel, or explain in the rules' words why nothing happens.
//!
//! Building takes two clicks (a rolled die then a pillar square; a supply room then a foundation
//! space or a filled pillar group); a power is started from the panel and paid by clicking dice and
//! shards. Choices a power or an invader hands the player are answered by clicking what they name.

use bevy::prelude::Component;
use hoarfrost_rules::ice_fortress::{
    Action, Decision, DieAt, DieId, Element, IceFortress, InvaderAt, Pay, Phase, PowerRef, RoomId,
    Size, Spot, cost_text, prompt,
};
use hoarfrost_rules::{Game, Seat};

/// Something on the table a player can click (a component on its entity).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Die(DieId),
    Square {
        room: RoomId,
        square: u8,
    },
    /// A room card, in the supply or the fortress.
    Room(RoomId),
    /// An empty foundation space.
    Space(u8),
    /// A pillar group's outline (or the ghost of the selected room shown on it).
    Group {
        room: RoomId,
        group: u8,
    },
    Invader(InvaderAt),
    Deck(Size),
    Shard(Element),
    /// An element's Invader/Beacon card.
    Slot(Element),
}

/// What the player has picked up and not yet put down.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Selection {
    #[default]
    None,
    Die(DieId),
    Room(RoomId),
    /// A power being paid for: what has been clicked so far.
    Power {
        power: PowerRef,
        paid: Vec<Pay>,
    },
}

/// What a click does.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Play(Action),
    Select(Selection),
    /// Several actions fit: the panel offers them.
    Choose(Vec<Action>),
    Explain(String),
}

/// Whether `a` is an answer to a decision that a click on `t` names.
fn answers(s: &IceFortress, a: &Action, t: Target) -> bool {
    match (a.clone(), t) {
        (Action::PickInvader { at }, Target::Invader(x)) => at == x,
        (Action::PickInvader { at }, Target::Square { room, square }) => {
            at == InvaderAt::Square { room, square }
        }
        (Action::PickInvader { at }, Target::Group { room, group }) => {
            at == InvaderAt::Group { room, group }
        }
        (Action::PickRoom { room }, Target::Room(r)) => room == r,
        (Action::PickRoom { room }, Target::Square { room: r, .. }) => room == r,
        (Action::PickRoom { room }, Target::Invader(at)) => room == at.room(),
        (Action::PickPillar { room, square }, Target::Square { room: r, square: q }) => {
            room == r && square == q
        }
        (Action::PickPillar { room, square }, Target::Die(d)) => {
            s.dice().get(d as usize).map(|d| d.at) == Some(DieAt::Pillar { room, square })
        }
        (Action::PickSize { size }, Target::Deck(d)) => size == d,
        (Action::PickElement { element }, Target::Slot(e) | Target::Shard(e)) => element == e,
        (Action::SetDie { die, .. }, Target::Die(d)) => die == d,
        (Action::PlaceInvader { at }, Target::Square { room, square }) => {
            at == InvaderAt::Square { room, square }
        }
        (Action::PlaceInvader { at }, Target::Group { room, group }) => {
            at == InvaderAt::Group { room, group }
        }
        (Action::PlaceInvader { at }, Target::Room(r)) => at.room() == r,
        (Action::Flood { room }, Target::Room(r)) => room == r,
        _ => false,
    }
}

/// One legal action plays; several are offered; none explains with `why`.
fn pick(mut options: Vec<Action>, why: impl FnOnce() -> String) -> Outcome {
    match options.len() {
        0 => Outcome::Explain(why()),
        1 => Outcome::Play(options.remove(0)),
        _ => Outcome::Choose(options),
    }
}

/// The group of `room` that `square` belongs to.
fn group_of(s: &IceFortress, room: RoomId, square: u8) -> Option<u8> {
    let card = s.card(room)?;
    card.groups
        .iter()
        .position(|g| g.squares.contains(&square))
        .map(|g| g as u8)
}

/// What clicking `t` does for `seat` holding `sel`.
pub fn click(s: &IceFortress, seat: Seat, sel: &Selection, t: Target) -> Outcome {
    let legal = s.legal_actions(seat);
    if legal.is_empty() {
        return Outcome::Explain(match s.check(seat, &Action::EndBuild) {
            Err(e) => e.0,
            Ok(()) => "nothing to do now".into(),
        });
    }
    if let Some(d) = s.decision() {
        let fits: Vec<Action> = legal.into_iter().filter(|a| answers(s, a, t)).collect();
        return pick(fits, || {
            let extra = match d {
                Decision::LookPick(_) | Decision::Search => " (in the panel)",
                _ => "",
            };
            format!("that is not one of the choices: {}{extra}", prompt(d))
        });
    }
    match s.phase() {
        Phase::Draft => {
            Outcome::Explain("first choose the ability cards you keep, in the panel".into())
        }
        Phase::EndOfRound => {
            let fits = legal
                .into_iter()
                .filter(|a| match (a.clone(), t) {
                    (Action::DiscardRoom { room }, Target::Room(r)) => room == r,
                    (Action::DiscardShard { element }, Target::Shard(e)) => element == e,
                    _ => false,
                })
                .collect();
            pick(fits, || {
                "end of the round: click supply rooms or shards to discard down to the difficulty"
                    .into()
            })
        }
        Phase::Build => build_click(s, seat, sel, t, legal),
        _ => Outcome::Explain("wait: the invaders are on their way".into()),
    }
}

fn build_click(
    s: &IceFortress,
    seat: Seat,
    sel: &Selection,
    t: Target,
    legal: Vec<Action>,
) -> Outcome {
    if let Selection::Power { power, paid } = sel {
        let pay = match t {
            Target::Die(d) => Some(Pay::Die(d)),
            Target::Shard(e) => Some(Pay::Shard(e)),
            _ => None,
        };
        if let Some(pay) = pay {
            return pay_click(s, *power, paid, pay, &legal);
        }
    }
    let rolled = |d: DieId| {
        s.dice()
            .get(d as usize)
            .is_some_and(|d| d.at == DieAt::Rolled)
    };
    match (sel, t) {
        (Selection::Die(held), Target::Die(d)) if *held == d => Outcome::Select(Selection::None),
        (_, Target::Die(d)) if rolled(d) => Outcome::Select(Selection::Die(d)),
        (_, Target::Die(_)) => {
            Outcome::Explain("that die is not one of your rolled dice: it cannot be moved".into())
        }
        (Selection::Die(d), Target::Square { room, square }) => {
            place_pillar(s, seat, *d, room, square)
        }
        (
            Selection::Die(d),
            Target::Room(room) | Target::Invader(InvaderAt::Square { room, .. }),
        ) => die_on_room(legal, *d, room),
        (Selection::Room(held), Target::Room(r)) if *held == r => Outcome::Select(Selection::None),
        (_, Target::Room(r)) if s.supply().contains(&r) => Outcome::Select(Selection::Room(r)),
        (Selection::Room(r), Target::Space(i)) => build(s, seat, *r, Spot::Foundation(i)),
        (Selection::Room(r), Target::Group { room, group }) => {
            build(s, seat, *r, Spot::Group { room, group })
        }
        (Selection::Room(r), Target::Square { room, square }) => match group_of(s, room, square) {
            Some(group) => build(s, seat, *r, Spot::Group { room, group }),
            None => Outcome::Explain(
                "that square is not part of a pillar group: no room stands on it".into(),
            ),
        },
        (Selection::Room(r), Target::Room(room)) => room_on_room(s, seat, legal, *r, room),
        (_, Target::Square { room, square }) => square_without_die(s, legal, room, square),
        (_, Target::Space(_) | Target::Group { .. }) => {
            Outcome::Explain("pick a room from the supply first, then where to build it".into())
        }
        (_, Target::Shard(_)) => Outcome::Explain(
            "shards pay for powers: press Use beside a power in the Characters and cards window, \
             then click its cost"
                .into(),
        ),
        (_, Target::Deck(_)) => Outcome::Explain(
            "rooms are drawn by powers: press Use beside one in the Characters and cards window"
                .into(),
        ),
        _ => Outcome::Explain("pick one of your rolled dice or a supply room".into()),
    }
}

/// Holding die `die`, a click on `square` of `room`: stands the die there, or says why not.
fn place_pillar(s: &IceFortress, seat: Seat, die: DieId, room: RoomId, square: u8) -> Outcome {
    let a = Action::PlacePillar { die, room, square };
    match s.check(seat, &a) {
        Ok(()) => Outcome::Play(a),
        Err(e) => Outcome::Explain(e.0),
    }
}

/// Holding die `d`, a click on a whole room: the squares of `room` the die may stand on.
fn die_on_room(legal: Vec<Action>, d: DieId, room: RoomId) -> Outcome {
    let fits = legal
        .into_iter()
        .filter(|a| matches!(*a, Action::PlacePillar { die, room: r, .. } if die == d && r == room))
        .collect();
    pick(fits, || "no square of that room takes this die".into())
}

/// Holding room `r`, a click on built room `room`: builds on one of its pillar groups, or says
/// why none takes it.
fn room_on_room(
    s: &IceFortress,
    seat: Seat,
    legal: Vec<Action>,
    r: RoomId,
    room: RoomId,
) -> Outcome {
    let fits: Vec<Action> = legal
        .into_iter()
        .filter(|a| matches!(*a, Action::BuildRoom { room: x, on: Spot::Group { room: y, .. } } if x == r && y == room))
        .collect();
    if fits.is_empty() {
        let first = (0..s.card(room).map_or(0, |c| c.groups.len()) as u8)
            .map(|group| {
                s.check(
                    seat,
                    &Action::BuildRoom {
                        room: r,
                        on: Spot::Group { room, group },
                    },
                )
            })
            .find_map(Result::err);
        return Outcome::Explain(
            first.map_or("that room has no pillar group to build on".into(), |e| e.0),
        );
    }
    pick(fits, String::new)
}

/// A click on `square` of `room` with no die held: the rolled dice that fit it, or why none does.
fn square_without_die(s: &IceFortress, legal: Vec<Action>, room: RoomId, square: u8) -> Outcome {
    let fits = legal
        .into_iter()
        .filter(|a| matches!(*a, Action::PlacePillar { room: r, square: q, .. } if r == room && q == square))
        .collect();
    pick(fits, || {
        match s
            .built_room(room)
            .map(|b| b.pillars[square as usize].is_some())
        {
            Some(true) => "that square already holds a pillar".into(),
            _ => "none of your rolled dice fits that square".into(),
        }
    })
}

fn build(s: &IceFortress, seat: Seat, room: RoomId, on: Spot) -> Outcome {
    let a = Action::BuildRoom { room, on };
    match s.check(seat, &a) {
        Ok(()) => Outcome::Play(a),
        Err(e) => Outcome::Explain(e.0),
    }
}

/// Whether `part` is contained (as a multiset) in `whole`.
/// Whether some legal way of paying for `power` now includes what has been `paid` so far.
pub fn payable(s: &IceFortress, power: PowerRef, paid: &[Pay]) -> bool {
    s.legal_actions(s.current_seat()).iter().any(|a| {
        matches!(a, Action::UsePower { power: p, pay } if *p == power && sub_multiset(paid, pay))
    })
}

fn sub_multiset(part: &[Pay], whole: &[Pay]) -> bool {
    let mut left = whole.to_vec();
    part.iter().all(|p| match left.iter().position(|q| q == p) {
        Some(i) => {
            left.remove(i);
            true
        }
        None => false,
    })
}

/// Start paying for `power`: plays it at once when it costs nothing.
pub fn start_power(s: &IceFortress, seat: Seat, power: PowerRef) -> Outcome {
    let ways: Vec<Vec<Pay>> = s
        .legal_actions(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::UsePower { power: p, pay } if p == power => Some(pay),
            _ => None,
        })
        .collect();
    match ways.as_slice() {
        [] => Outcome::Explain(
            match s.check(seat, &Action::UsePower { power, pay: vec![] }) {
                Err(e) => e.0,
                Ok(()) => "that power cannot be used now".into(),
            },
        ),
        [only] if only.is_empty() => Outcome::Play(Action::UsePower { power, pay: vec![] }),
        _ => Outcome::Select(Selection::Power {
            power,
            paid: vec![],
        }),
    }
}

fn pay_click(
    s: &IceFortress,
    power: PowerRef,
    paid: &[Pay],
    pay: Pay,
    legal: &[Action],
) -> Outcome {
    let mut now = paid.to_vec();
    if let Some(i) = now
        .iter()
        .position(|&p| p == pay && matches!(p, Pay::Die(_)))
    {
        now.remove(i);
        return Outcome::Select(Selection::Power { power, paid: now });
    }
    now.push(pay);
    let ways: Vec<&Vec<Pay>> = legal
        .iter()
        .filter_map(|a| match a {
            Action::UsePower { power: p, pay } if *p == power => Some(pay),
            _ => None,
        })
        .filter(|w| sub_multiset(&now, w))
        .collect();
    if ways.is_empty() {
        let cost = s.power(power).map_or(String::new(), |p| cost_text(&p.cost));
        return Outcome::Explain(format!("that does not pay this power: it costs {cost}"));
    }
    // Paid in full: in the order clicked where the rules list that order, else the listed one.
    let full = ways
        .iter()
        .find(|w| w.as_slice() == now.as_slice())
        .or_else(|| ways.iter().find(|w| w.len() == now.len()));
    if let Some(full) = full {
        return Outcome::Play(Action::UsePower {
            power,
            pay: (*full).clone(),
        });
    }
    Outcome::Select(Selection::Power { power, paid: now })
}

/// The clicks (and panel presses) a player makes to play `a`: what the scripted play-through and
/// the tutorial use, through the same handler as the mouse.
pub fn inputs_for(s: &IceFortress, a: &Action) -> Vec<Input> {
    use Input::{Panel, Start, Table};
    match a.clone() {
        Action::PlacePillar { die, room, square } => {
            vec![
                Table(Target::Die(die)),
                Table(Target::Square { room, square }),
            ]
        }
        Action::BuildRoom { room, on } => vec![
            Table(Target::Room(room)),
            Table(match on {
                Spot::Foundation(i) => Target::Space(i),
                Spot::Group { room, group } => Target::Group { room, group },
            }),
        ],
        Action::UsePower { power, pay } => {
            let mut v = vec![Start(power)];
            v.extend(pay.iter().map(|p| match *p {
                Pay::Die(d) => Table(Target::Die(d)),
                Pay::Shard(e) => Table(Target::Shard(e)),
            }));
            v
        }
        Action::PickInvader { at } => vec![Table(Target::Invader(at))],
        Action::PickRoom { room } => match s.decision() {
            Some(Decision::LookPick(_) | Decision::Search) => vec![Panel(a.clone())],
            _ => vec![Table(Target::Room(room))],
        },
        Action::PickPillar { room, square } => vec![Table(Target::Square { room, square })],
        Action::PickSize { size } => vec![Table(Target::Deck(size))],
        Action::PickElement { element } => vec![Table(Target::Slot(element))],
        Action::PlaceInvader { at } => vec![Table(match at {
            InvaderAt::Square { room, square } => Target::Square { room, square },
            InvaderAt::Group { room, group } => Target::Group { room, group },
        })],
        Action::Flood { room } | Action::DiscardRoom { room } => vec![Table(Target::Room(room))],
        Action::DiscardShard { element } => vec![Table(Target::Shard(element))],
        Action::KeepAbility { .. } | Action::EndBuild | Action::SetDie { .. } => {
            vec![Panel(a.clone())]
        }
    }
}

/// One input of a player: a click on the table, a power started in the panel, or a panel button.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    Table(Target),
    Start(PowerRef),
    Panel(Action),
}

/// What handling one input did.
#[derive(Clone, Debug, PartialEq)]
pub enum Handled {
    /// Play this action (the selection is cleared).
    Play(Action),
    /// Offer these in the panel.
    Offer(Vec<Action>),
    /// The selection changed.
    Selected,
    /// Nothing changed, for this reason.
    Refused(String),
}

/// Handle one input of `seat`, updating its selection: the one path for mouse clicks, panel
/// presses and scripted play.
pub fn handle(s: &IceFortress, seat: Seat, sel: &mut Selection, input: &Input) -> Handled {
    let outcome = match input {
        Input::Table(t) => click(s, seat, sel, *t),
        Input::Start(power) => start_power(s, seat, *power),
        Input::Panel(a) => match s.check(seat, a) {
            Ok(()) => Outcome::Play(a.clone()),
            Err(e) => Outcome::Explain(e.0),
        },
    };
    match outcome {
        Outcome::Play(a) => {
            *sel = Selection::None;
            Handled::Play(a)
        }
        Outcome::Select(next) => {
            *sel = next;
            Handled::Selected
        }
        Outcome::Choose(options) => Handled::Offer(options),
        Outcome::Explain(why) => Handled::Refused(why),
    }
}

#[cfg(test)]
#[path = "click_tests.rs"]
mod tests;
