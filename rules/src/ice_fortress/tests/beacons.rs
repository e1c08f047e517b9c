//! Beacons: four rooms of one element stacked, the card flipped (Immediately, new ability, one more
//! invader a turn), name cards to their advanced side, the fourth beacon wins at once.

use super::*;

/// The player builds `small` on `medium`'s group, the fourth room of an [`almost_beacon`].
fn complete_beacon(s: &mut IceFortress, medium: RoomId, small: RoomId) {
    act(
        s,
        Action::BuildRoom {
            room: small,
            on: Spot::Group {
                room: medium,
                group: 0,
            },
        },
    );
}

/// A column of `e` three rooms high (jumbo, large, medium) with the medium's group filled, and a
/// small room of `e` in the supply; building it completes the beacon.
fn almost_beacon(s: &mut IceFortress, e: RoomElement, space: u8) -> (RoomId, RoomId) {
    column(s, [e; 4], space)
}

/// A column three rooms high (jumbo, large, medium: the first three of `elements`) with the
/// medium's group filled, and a small room of the last element in the supply.
fn column(s: &mut IceFortress, elements: [RoomElement; 4], space: u8) -> (RoomId, RoomId) {
    let taken: Vec<RoomId> = s.built().keys().copied().collect();
    let pick = |size: Size, e: RoomElement, f: &dyn Fn(&RoomCard) -> bool| {
        find(|c| c.size == size && c.element == e && f(c) && !taken.contains(&c.id))
    };
    let jumbo = pick(Size::Jumbo, elements[0], &|_| true);
    let large = pick(Size::Large, elements[1], &|c| !c.crystal);
    let medium = pick(Size::Medium, elements[2], &|_| true);
    let small = pick(Size::Small, elements[3], &|_| true);
    put_room(s, jumbo, Spot::Foundation(space));
    fill_group(s, jumbo, 0);
    let mut below = jumbo;
    for room in [large, medium] {
        put_room(
            s,
            room,
            Spot::Group {
                room: below,
                group: 0,
            },
        );
        fill_group(s, room, 0);
        below = room;
    }
    to_supply(s, small);
    (medium, small)
}

#[test]
fn four_rooms_of_one_element_stacked_make_a_beacon_and_flip_its_card() {
    let mut s = building();
    let (medium, small) = almost_beacon(&mut s, RoomElement::Earth, 0);
    assert!(!s.slot(Element::Earth).beacon);
    complete_beacon(&mut s, medium, small);
    assert_eq!(s.stack_height(small), 4);
    assert!(s.slot(Element::Earth).beacon);
    assert_eq!(s.beacons(), 1);
    assert_eq!(s.scores(), vec![1, 1]);
}

#[test]
fn three_rooms_of_one_element_stacked_are_no_beacon() {
    // "A beacon is a vertical stack of four or more rooms": the third room of a pure column, built
    // through the action (which checks for a beacon), flips nothing.
    let mut s = building();
    let e = RoomElement::Earth;
    let jumbo = find(|c| c.size == Size::Jumbo && c.element == e);
    let large = find(|c| c.size == Size::Large && c.element == e && !c.crystal);
    let medium = find(|c| c.size == Size::Medium && c.element == e);
    put_room(&mut s, jumbo, Spot::Foundation(0));
    fill_group(&mut s, jumbo, 0);
    put_room(
        &mut s,
        large,
        Spot::Group {
            room: jumbo,
            group: 0,
        },
    );
    fill_group(&mut s, large, 0);
    to_supply(&mut s, medium);
    act(
        &mut s,
        Action::BuildRoom {
            room: medium,
            on: Spot::Group {
                room: large,
                group: 0,
            },
        },
    );
    assert_eq!(s.stack_height(medium), 3);
    assert_eq!(s.beacons(), 0);
    assert!(!s.slot(Element::Earth).beacon, "the card is not flipped");
    assert!(!s.advanced(), "the name cards are not flipped");
}

#[test]
fn a_stack_of_mixed_elements_is_no_beacon() {
    let mut s = building();
    let (medium, _) = almost_beacon(&mut s, RoomElement::Earth, 0);
    let small = find(|c| c.size == Size::Small && c.element == RoomElement::Air);
    to_supply(&mut s, small);
    complete_beacon(&mut s, medium, small);
    assert_eq!(s.stack_height(small), 1);
    assert_eq!(s.beacons(), 0);
}

/// "A beacon is a vertical stack of four or more rooms, each of the same element": a room of
/// another element (or a white room) in the middle of a column cuts the stack there.
#[test]
fn a_room_of_another_element_in_the_middle_cuts_the_stack() {
    for middle in [RoomElement::Fire, RoomElement::White] {
        let mut s = building();
        let earth = RoomElement::Earth;
        let (medium, small) = column(&mut s, [earth, earth, middle, earth], 0);
        let large = match s.built()[&medium].on {
            Spot::Group { room, .. } => room,
            Spot::Foundation(_) => unreachable!("the medium stands on the large"),
        };
        complete_beacon(&mut s, medium, small);
        assert_eq!(s.stack_height(small), 1, "{middle:?} in the middle");
        assert_eq!(s.stack_height(large), 2);
        assert_eq!(s.beacons(), 0);
    }
}

#[test]
fn the_beacon_of_fire_draws_a_room_of_each_size() {
    let mut s = building();
    let fire = content()
        .invaders
        .iter()
        .find(|c| c.beacon_name == "Beacon of Fire")
        .unwrap()
        .id;
    s.slots[0].card = fire;
    let (medium, small) = almost_beacon(&mut s, RoomElement::Fire, 0);
    let decks: Vec<usize> = Size::ALL.iter().map(|&z| s.deck_len(z)).collect();
    complete_beacon(&mut s, medium, small);
    for (i, z) in Size::ALL.iter().enumerate() {
        assert_eq!(s.deck_len(*z), decks[i] - 1, "{z:?}");
    }
    assert_eq!(s.supply().len(), 4);
}

#[test]
fn the_beacon_ability_is_open_to_every_character_once_a_turn() {
    let mut s = building();
    let fire = content()
        .invaders
        .iter()
        .find(|c| c.beacon_name == "Beacon of Fire")
        .unwrap()
        .id;
    s.slots[0].card = fire;
    flip(&mut s, Element::Fire);
    let r = power(CardRef::Beacon(fire), 0);
    for c in 0..2 {
        s.current = c;
        assert!(s.powers().iter().any(|(p, _)| *p == r), "character {c}");
    }
    s.current = 0;
    let room = named(FLAME_HALL);
    put_room(&mut s, room, Spot::Foundation(0));
    put_invader(&mut s, InvaderAt::Square { room, square: 0 }, Element::Fire);
    let d = roll(&mut s, &[6]);
    act(
        &mut s,
        Action::UsePower {
            power: r,
            pay: vec![Pay::Die(d[0])],
        },
    );
    assert_eq!(s.shards()[0], 1, "crystallized");
    let d = roll(&mut s, &[5]);
    refused(
        &s,
        Action::UsePower {
            power: r,
            pay: vec![Pay::Die(d[0])],
        },
        "once a turn",
    );
}

#[test]
fn each_beacon_adds_an_invader_a_turn() {
    let mut s = building();
    act(&mut s, Action::EndBuild);
    assert_eq!(s.to_pull(), 2);
    let mut s = building();
    flip(&mut s, Element::Water);
    flip(&mut s, Element::Air);
    act(&mut s, Action::EndBuild);
    assert_eq!(s.to_pull(), 4);
}

#[test]
fn the_first_beacon_flips_every_name_card_to_its_advanced_side() {
    let mut s = building();
    let shown: Vec<usize> = (0..2).map(|c| s.powers_of(c)).collect();
    let title = s.title(0);
    let (medium, small) = almost_beacon(&mut s, RoomElement::Water, 0);
    assert!(!s.advanced());
    complete_beacon(&mut s, medium, small);
    assert!(s.advanced());
    for (c, before) in shown.iter().enumerate() {
        // The advanced name side adds a power; the beacon adds its ability.
        assert_eq!(s.powers_of(c), before + 2, "character {c}");
    }
    assert_ne!(s.title(0), title);
}

#[test]
fn the_fourth_beacon_wins_at_once_without_its_immediately_effect() {
    let mut s = building();
    let fire = content()
        .invaders
        .iter()
        .find(|c| c.beacon_name == "Beacon of Fire")
        .unwrap()
        .id;
    s.slots[0].card = fire;
    flip(&mut s, Element::Water);
    flip(&mut s, Element::Air);
    flip(&mut s, Element::Earth);
    let (medium, small) = almost_beacon(&mut s, RoomElement::Fire, 0);
    complete_beacon(&mut s, medium, small);
    assert_eq!(s.phase(), Phase::Won);
    assert!(s.is_over());
    assert!(
        s.supply().is_empty(),
        "the Immediately effect is not resolved"
    );
    assert_eq!(s.returns(), vec![1.0, 1.0]);
    assert!(s.legal_actions(0).is_empty());
}

/// Only the first beacon of an element flips its card: a second one runs no Immediately effect
/// again (the Beacon of Fire's, one room of each size drawn, would show at once).
#[test]
fn a_second_beacon_of_the_same_element_flips_nothing_more() {
    let mut s = building();
    let fire = content()
        .invaders
        .iter()
        .find(|c| c.beacon_name == "Beacon of Fire")
        .unwrap()
        .id;
    s.slots[Element::Fire.index()].card = fire;
    let (m1, s1) = almost_beacon(&mut s, RoomElement::Fire, 0);
    act(
        &mut s,
        Action::BuildRoom {
            room: s1,
            on: Spot::Group { room: m1, group: 0 },
        },
    );
    assert_eq!(s.beacons(), 1);
    assert_eq!(s.supply().len(), 4, "the first beacon drew its rooms");
    assert_eq!(s.decision(), None);
    let (m2, s2) = almost_beacon(&mut s, RoomElement::Fire, 1);
    let supply = s.supply().len();
    let decks: Vec<usize> = Size::ALL.iter().map(|&z| s.deck_len(z)).collect();
    act(
        &mut s,
        Action::BuildRoom {
            room: s2,
            on: Spot::Group { room: m2, group: 0 },
        },
    );
    assert_eq!(s.stack_height(s2), 4, "a second fire beacon stands");
    assert_eq!(s.beacons(), 1);
    assert_eq!(s.supply().len(), supply - 1, "only the built room left it");
    for (i, z) in Size::ALL.iter().enumerate() {
        assert_eq!(s.deck_len(*z), decks[i], "nothing drawn from {z:?}");
    }
    assert_eq!(s.decision(), None);
}

/// The Beacon of Fire's card id (its Immediately effect draws rooms and asks nothing).
fn beacon_of_fire() -> CardId {
    content()
        .invaders
        .iter()
        .find(|c| c.beacon_name == "Beacon of Fire")
        .unwrap()
        .id
}

/// "Once you complete your first beacon, all players flip their card to the advanced side ... a
/// second ability that can be used once per turn, in addition to the ability that was listed on the
/// starting side." A flip in the middle of a turn keeps that turn's uses (the design note: the
/// advanced side repeats the starting power first): Autumn's power, used before the flip, stays used;
/// the advanced side's new power may be used at once.
#[test]
fn a_name_card_flipped_mid_turn_keeps_its_used_power_used_and_its_new_power_free() {
    let mut s = building();
    set_character(&mut s, 0, "Autumn", &["fierce", "cunning"], "Banisher");
    s.slots[Element::Fire.index()].card = beacon_of_fire();
    let (medium, small) = almost_beacon(&mut s, RoomElement::Fire, 0);
    give_shards(&mut s, Element::Fire, 1);
    let autumn = CardRef::Name(s.characters()[0].name);
    act(
        &mut s,
        Action::UsePower {
            power: power(autumn, 0),
            pay: vec![],
        },
    );
    // Look at two jumbo rooms and draw one; there is no invader to repel.
    act(&mut s, Action::PickSize { size: Size::Jumbo });
    let looked = match s.decision() {
        Some(Decision::LookPick(cards)) => cards[0],
        d => panic!("expected the looked-at rooms, got {d:?}"),
    };
    act(&mut s, Action::PickRoom { room: looked });
    assert_eq!(s.decision(), None);
    assert!(!s.advanced());
    complete_beacon(&mut s, medium, small);
    assert!(s.advanced(), "the first beacon flipped the name cards");
    let on_name = s.powers().iter().filter(|(p, _)| p.card == autumn).count();
    assert_eq!(on_name, 2, "the advanced side shows two powers");
    refused(
        &s,
        Action::UsePower {
            power: power(autumn, 0),
            pay: vec![],
        },
        "once a turn",
    );
    act(
        &mut s,
        Action::UsePower {
            power: power(autumn, 1),
            pay: vec![Pay::Shard(Element::Fire)],
        },
    );
    assert_eq!(s.decision(), Some(&Decision::Search));
}

/// The design note: "A beacon's card stays flipped even if its rooms are destroyed later; the win
/// counts flipped cards." The rulebook flips the card "directly after you complete the beacon" and
/// never flips it back: destroying the beacon's top room leaves the card on its beacon side, still
/// adding its invader a turn.
#[test]
fn a_beacon_card_stays_flipped_after_its_top_room_is_destroyed() {
    let mut s = building();
    set_character(&mut s, 0, "Eve", &["daring", "stubborn"], "Sapper");
    s.slots[Element::Fire.index()].card = beacon_of_fire();
    let (medium, small) = almost_beacon(&mut s, RoomElement::Fire, 0);
    complete_beacon(&mut s, medium, small);
    assert_eq!(s.beacons(), 1);
    let daring = CardRef::Ability(
        content()
            .characters
            .abilities
            .iter()
            .find(|a| a.name == "daring")
            .unwrap()
            .id,
    );
    let d = roll(&mut s, &[4]);
    act(
        &mut s,
        Action::UsePower {
            power: power(daring, 0),
            pay: vec![Pay::Die(d[0])],
        },
    );
    assert_eq!(s.decision(), Some(&Decision::DestroyRoom));
    act(&mut s, Action::PickRoom { room: small });
    assert!(s.built_room(small).is_none(), "the top room is destroyed");
    assert_eq!(s.stack_height(medium), 3, "no beacon stands any more");
    assert!(s.slot(Element::Fire).beacon, "the card stays flipped");
    assert_eq!(s.beacons(), 1);
    assert!(s.advanced());
    // Daring then searches; take the destroyed room back and end the build step.
    act(&mut s, Action::PickRoom { room: small });
    act(&mut s, Action::EndBuild);
    assert_eq!(
        s.to_pull(),
        content().foundation.invaders_per_turn + 1,
        "the flipped card still adds its invader"
    );
}
