//! Tests of Ice Fortress: the content loader, one test per rule of the rulebook, its worked examples,
//! the battery and the bot. Positions are placed directly with the helpers below.

mod battery;
mod beacons;
mod content;
mod curve;
mod glossary;
mod invaders;
mod pillars;
mod rooms;
mod setup;
mod turn;

use super::*;

/// The shipped content (parsed once).
pub(super) fn content() -> std::sync::Arc<Content> {
    Content::standard_shared().expect("shipped content loads")
}

/// A game of `players` after the draft (each character keeps its first dealt abilities), at the
/// first roll.
pub(super) fn game(players: usize, seed: u64) -> IceFortress {
    let mut s = IceFortress::standard(&Setup::new(players, seed)).unwrap();
    while s.phase() == Phase::Draft {
        let seat = s.current_seat();
        let a = s.legal_actions(seat)[0].clone();
        s.apply(seat, &a).unwrap();
    }
    s
}

/// A two-player game in its first build step with no dice rolled and an empty supply, the decks full.
pub(super) fn building() -> IceFortress {
    let mut s = game(2, 1);
    s.phase = Phase::Build;
    for r in std::mem::take(&mut s.supply) {
        let size = s.card(r).unwrap().size;
        s.decks[size.index()].pile.push(r);
        s.decks[size.index()].pile.sort_unstable();
    }
    s.check_invariants().unwrap();
    s
}

/// The first room (by id) matching `f`.
pub(super) fn find(f: impl Fn(&RoomCard) -> bool) -> RoomId {
    content()
        .rooms
        .iter()
        .find(|c| f(c))
        .expect("a room matches")
        .id
}

/// Every room matching `f`.
pub(super) fn find_all(f: impl Fn(&RoomCard) -> bool) -> Vec<RoomId> {
    content()
        .rooms
        .iter()
        .filter(|c| f(c))
        .map(|c| c.id)
        .collect()
}

fn take_card(s: &mut IceFortress, room: RoomId) {
    if let Some(i) = s.supply.iter().position(|&r| r == room) {
        s.supply.remove(i);
        return;
    }
    for d in &mut s.decks {
        if d.remove(room) {
            return;
        }
    }
    panic!("room {room} is neither in a deck nor in the supply");
}

/// Put `room` in the fortress on `on` directly (no shield boost, no beacon check).
pub(super) fn put_room(s: &mut IceFortress, room: RoomId, on: Spot) {
    take_card(s, room);
    let card = s.card(room).unwrap().clone();
    let level = match on {
        Spot::Foundation(i) => {
            s.foundation[i as usize] = Some(room);
            1
        }
        Spot::Group { room: base, group } => {
            let b = s.built.get_mut(&base).unwrap();
            b.above[group as usize] = Some(room);
            b.level + 1
        }
    };
    s.built.insert(
        room,
        BuiltRoom {
            card: room,
            on,
            level,
            pillars: vec![None; card.squares.len()],
            invaders: vec![None; card.squares.len()],
            group_invaders: vec![None; card.groups.len()],
            above: vec![None; card.groups.len()],
        },
    );
}

/// Fill every square of `group` of `room` with pillars of legal values (found by search).
pub(super) fn fill_group(s: &mut IceFortress, room: RoomId, group: u8) {
    let squares = s.card(room).unwrap().groups[group as usize].squares.clone();
    // Unlinked squares first, so black squares find their link filled.
    let mut order = squares.clone();
    order.sort_by_key(|&q| {
        matches!(
            s.card(room).unwrap().squares[q as usize],
            Constraint::Linked { .. }
        )
    });
    for q in order {
        let v = (1..=6)
            .find(|&v| s.square_refuses(room, q, v).is_ok())
            .expect("some value fits");
        put_pillar(s, room, q, v);
    }
}

/// Put a pillar showing `value` on `square` of `room` directly (a die from the pool).
pub(super) fn put_pillar(s: &mut IceFortress, room: RoomId, square: u8, value: u8) -> DieId {
    let die = s.dice_at(DieAt::Pool)[0];
    s.dice[die as usize].value = value;
    s.place_pillar(die, room, square);
    die
}

/// Give the current character rolled dice showing `values`; their ids.
pub(super) fn roll(s: &mut IceFortress, values: &[u8]) -> Vec<DieId> {
    let pool = s.dice_at(DieAt::Pool);
    let mut ids = Vec::new();
    for (&die, &v) in pool.iter().zip(values) {
        s.dice[die as usize].value = v;
        s.dice[die as usize].at = DieAt::Rolled;
        ids.push(die);
    }
    ids
}

/// Put an invader of `e` from the bag on `at`.
pub(super) fn put_invader(s: &mut IceFortress, at: InvaderAt, e: Element) {
    s.bag[e.index()] -= 1;
    let b = s.built.get_mut(&at.room()).unwrap();
    match at {
        InvaderAt::Square { square, .. } => b.invaders[square as usize] = Some(e),
        InvaderAt::Group { group, .. } => b.group_invaders[group as usize] = Some(e),
    }
}

/// Move `room` from its deck into the supply.
pub(super) fn to_supply(s: &mut IceFortress, room: RoomId) {
    take_card(s, room);
    s.supply.push(room);
    s.supply.sort_unstable();
}

/// Move shards of `e` from the bag to the supply.
pub(super) fn give_shards(s: &mut IceFortress, e: Element, n: u8) {
    s.bag[e.index()] -= n;
    s.shards[e.index()] += n;
}

/// Apply as the current seat, expecting success.
pub(super) fn act(s: &mut IceFortress, a: Action) {
    let seat = s.current_seat();
    assert!(
        s.legal_actions(seat).contains(&a),
        "{a:?} should be legal; legal: {:?}",
        s.legal_actions(seat)
    );
    s.apply(seat, &a).unwrap();
    s.check_invariants().unwrap();
}

/// Apply as the current seat, expecting a refusal whose reason mentions `why`, changing nothing.
pub(super) fn refused(s: &IceFortress, a: Action, why: &str) {
    let seat = s.current_seat();
    let mut copy = s.clone();
    let err = copy.apply(seat, &a).expect_err("should be refused");
    assert!(err.0.contains(why), "reason {err:?} should mention {why:?}");
    assert_eq!(&copy, s, "a refused action changes nothing");
    assert!(!s.legal_actions(seat).contains(&a));
}

/// The power `index` on `card` of the current character, if it has it.
pub(super) fn power(card: CardRef, index: u8) -> PowerRef {
    PowerRef { card, index }
}

/// Make character `c` have exactly these cards; another character who held one of them gets a card
/// nobody holds in its place (each card is dealt once).
pub(super) fn set_character(
    s: &mut IceFortress,
    c: usize,
    name: &str,
    abilities: &[&str],
    class: &str,
) {
    let chars = &content().characters;
    let id = |list: &[TraitCard], n: &str| list.iter().find(|x| x.name == n).unwrap().id;
    let name = chars.names.iter().find(|x| x.name == name).unwrap().id;
    let mut kept: Vec<CardId> = abilities.iter().map(|a| id(&chars.abilities, a)).collect();
    kept.sort_unstable();
    let class = id(&chars.classes, class);
    let ch = &mut s.characters[c];
    (ch.name, ch.class) = (name, class);
    ch.abilities = kept.clone();
    ch.draft.retain(|a| !kept.contains(a));
    let held = |s: &IceFortress, card: fn(&Character) -> Vec<CardId>| -> Vec<CardId> {
        s.characters.iter().flat_map(card).collect()
    };
    for k in (0..s.characters.len()).filter(|&k| k != c) {
        if s.characters[k].name == name {
            let taken = held(s, |ch| vec![ch.name]);
            s.characters[k].name = free(chars.names.iter().map(|n| n.id), &taken);
        }
        if s.characters[k].class == class {
            let taken = held(s, |ch| vec![ch.class]);
            s.characters[k].class = free(chars.classes.iter().map(|n| n.id), &taken);
        }
        for i in 0..s.characters[k].abilities.len() {
            if kept.contains(&s.characters[k].abilities[i]) {
                let taken = held(s, |ch| [ch.abilities.clone(), ch.draft.clone()].concat());
                s.characters[k].abilities[i] = free(chars.abilities.iter().map(|n| n.id), &taken);
            }
        }
        s.characters[k].abilities.sort_unstable();
        s.characters[k].draft.retain(|a| !kept.contains(a));
    }
}

/// The first card of `all` not in `taken`.
fn free(mut all: impl Iterator<Item = CardId>, taken: &[CardId]) -> CardId {
    all.find(|card| !taken.contains(card)).unwrap()
}

/// The room card called `name`.
pub(super) fn named(name: &str) -> RoomId {
    find(|c| c.name == name)
}

/// End the build step with only `e` figures left in the bag (the others moved to the supply as
/// shards), and pull one invader: it is of element `e`.
pub(super) fn pull(s: &mut IceFortress, e: Element) {
    for other in Element::ALL {
        if other != e {
            let n = s.bag[other.index()];
            give_shards(s, other, n);
        }
    }
    s.phase = Phase::Invaders;
    s.to_pull = 1;
    assert_eq!(s.to_act(), ToAct::Chance);
    s.apply_chance();
    s.check_invariants().unwrap();
}

/// Flip the beacon side of `e`'s card without building it.
pub(super) fn flip(s: &mut IceFortress, e: Element) {
    s.slots[e.index()].beacon = true;
}

pub(super) const FLAME_HALL: &str = "Flame Hall";
pub(super) const STONE_HALL: &str = "Stone Hall";
pub(super) const SPRING_REFECTORY: &str = "Spring Refectory";
pub(super) const WIND_ARMOURY: &str = "Wind Armoury";

impl IceFortress {
    /// Powers character `c` has now (test helper).
    pub(super) fn powers_of(&self, c: usize) -> usize {
        let mut t = self.clone();
        t.current = c;
        t.powers().len()
    }
}
