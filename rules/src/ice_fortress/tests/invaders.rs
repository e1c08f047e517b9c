//! Invaders: the highest uncovered room of their element, pillars before squares, ties chosen by the
//! current player, the shield attacked when there is no place, and each element's harm.

use super::*;

fn sq(room: RoomId, square: u8) -> InvaderAt {
    InvaderAt::Square { room, square }
}

/// A fire column: Flame Hall on the foundation, Flame Barracks on its group 0.
fn fire_column() -> (IceFortress, RoomId, RoomId) {
    let mut s = building();
    let hall = named(FLAME_HALL);
    let barracks = named("Flame Barracks");
    put_room(&mut s, hall, Spot::Foundation(0));
    fill_group(&mut s, hall, 0);
    put_room(
        &mut s,
        barracks,
        Spot::Group {
            room: hall,
            group: 0,
        },
    );
    (s, hall, barracks)
}

#[test]
fn an_invader_enters_the_highest_room_of_its_element() {
    let (mut s, _, barracks) = fire_column();
    let other = named("Kindle Keep");
    put_room(&mut s, other, Spot::Foundation(1));
    // Level 2 Flame Barracks has four empty squares: the invader lands there (a tie among them).
    pull(&mut s, Element::Fire);
    match s.decision() {
        Some(Decision::PlaceInvader { options, .. }) => {
            assert_eq!(options.len(), 4);
            assert!(options.iter().all(|o| o.room() == barracks));
        }
        d => panic!("expected a landing choice, got {d:?}"),
    }
    act(
        &mut s,
        Action::PlaceInvader {
            at: sq(barracks, 2),
        },
    );
    assert_eq!(
        s.built_room(barracks).unwrap().invaders[2],
        Some(Element::Fire)
    );
}

#[test]
fn an_empty_pillar_comes_before_an_empty_square() {
    let (mut s, _, barracks) = fire_column();
    put_pillar(&mut s, barracks, 2, 5);
    pull(&mut s, Element::Fire);
    // The only empty pillar is square 2: no choice, the invader lands there (and melts it).
    assert_eq!(
        s.built_room(barracks).unwrap().invaders[2],
        Some(Element::Fire)
    );
    assert_eq!(s.decision(), None);
}

#[test]
fn an_invader_on_a_pillar_leaves_it_full_for_the_next() {
    let (mut s, _, barracks) = fire_column();
    put_pillar(&mut s, barracks, 0, 3);
    put_pillar(&mut s, barracks, 2, 5);
    put_invader(&mut s, sq(barracks, 0), Element::Air);
    // Square 0 has a pillar with an invader; square 2 is the one empty pillar.
    s.slots[Element::Fire.index()].neutralized = true; // no melting, to keep the pillar
    pull(&mut s, Element::Fire);
    assert_eq!(
        s.built_room(barracks).unwrap().invaders[2],
        Some(Element::Fire)
    );
    assert_eq!(s.pillar_value(barracks, 2), Some(5));
}

#[test]
fn with_no_empty_pillar_an_empty_square_is_taken() {
    let (mut s, _, barracks) = fire_column();
    // Pillars under invaders on squares 0-2: none is empty, so the fire invader takes square 3,
    // and landing on a square melts nothing.
    for q in 0..3 {
        put_pillar(&mut s, barracks, q, q + 2);
        put_invader(&mut s, sq(barracks, q), Element::Fire);
    }
    let before = s.clone();
    pull(&mut s, Element::Fire);
    assert_eq!(
        s.built_room(barracks).unwrap().invaders[3],
        Some(Element::Fire)
    );
    for q in 0..3 {
        assert_eq!(s.pillar_value(barracks, q), Some(q + 2), "square {q}");
    }
    assert_eq!(
        s.dice_at(DieAt::Pool),
        before.dice_at(DieAt::Pool),
        "no die comes back to the pool"
    );
}

#[test]
fn a_full_room_sends_the_invader_to_the_next_highest_room() {
    let (mut s, hall, barracks) = fire_column();
    for q in 0..4 {
        put_invader(&mut s, sq(barracks, q), Element::Fire);
    }
    // Flame Hall is covered (a room on it); a second fire room on the foundation takes it.
    let keep = named("Kindle Keep");
    put_room(&mut s, keep, Spot::Foundation(1));
    put_pillar(&mut s, keep, 6, 2);
    pull(&mut s, Element::Fire);
    assert_eq!(s.built_room(keep).unwrap().invaders[6], Some(Element::Fire));
    assert!(
        s.built_room(hall)
            .unwrap()
            .invaders
            .iter()
            .all(Option::is_none)
    );
}

#[test]
fn covered_rooms_cannot_be_invaded_and_no_place_attacks_the_shield() {
    let (mut s, hall, barracks) = fire_column();
    for q in 0..4 {
        put_invader(&mut s, sq(barracks, q), Element::Fire);
    }
    let shield = s.shield();
    let bag = s.bag()[0];
    pull(&mut s, Element::Fire);
    assert!(
        s.built_room(hall)
            .unwrap()
            .invaders
            .iter()
            .all(Option::is_none)
    );
    assert_eq!(s.shield(), shield - 1);
    assert_eq!(s.bag()[0], bag, "the invader went back into the bag");
}

#[test]
fn with_no_room_of_its_element_an_invader_attacks_the_shield() {
    // A fire room with an empty pillar stands in the fortress: an air invader does not enter it.
    let mut s = building();
    let r = named(FLAME_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    put_pillar(&mut s, r, 0, 3);
    let shield = s.shield();
    pull(&mut s, Element::Air);
    assert_eq!(s.shield(), shield - 1);
    assert_eq!(s.bag()[Element::Air.index()], 10, "back into the bag");
    assert!(
        s.built_room(r)
            .unwrap()
            .invaders
            .iter()
            .all(Option::is_none)
    );
    assert_eq!(s.pillar_value(r, 0), Some(3));
}

#[test]
fn white_rooms_are_never_invaded() {
    let mut s = building();
    put_room(&mut s, named("Shard Barracks"), Spot::Foundation(0));
    pull(&mut s, Element::Fire);
    assert_eq!(s.shield(), 6);
}

#[test]
fn an_empty_shield_loses_at_once() {
    // Two invaders to pull, one shield cube, no earth room: the first earth invader breaks the
    // shield and the game is lost then, before the second pull.
    let mut s = building();
    s.shield = 1;
    for other in Element::ALL {
        if other != Element::Earth {
            let n = s.bag()[other.index()];
            give_shards(&mut s, other, n);
        }
    }
    let bag = s.bag()[Element::Earth.index()];
    s.phase = Phase::Invaders;
    s.to_pull = 2;
    assert_eq!(s.to_act(), ToAct::Chance);
    s.apply_chance();
    assert_eq!(s.shield(), 0);
    assert_eq!(s.phase(), Phase::Lost, "lost after one pull, not two");
    assert!(s.is_over());
    assert_ne!(s.to_act(), ToAct::Chance, "no second invader is pulled");
    assert_eq!(
        s.bag()[Element::Earth.index()],
        bag,
        "the one attacker went back into the bag"
    );
    assert_eq!(s.returns(), vec![0.0, 0.0]);
}

#[test]
fn the_current_player_chooses_among_equal_rooms() {
    let mut s = building();
    let a = named(FLAME_HALL);
    let b = named("Kindle Keep");
    put_room(&mut s, a, Spot::Foundation(0));
    put_room(&mut s, b, Spot::Foundation(1));
    put_pillar(&mut s, a, 0, 2);
    put_pillar(&mut s, b, 2, 2);
    s.slots[0].neutralized = true;
    pull(&mut s, Element::Fire);
    assert_eq!(s.to_act(), ToAct::Seats(vec![0]));
    assert_eq!(
        s.legal_actions(0),
        vec![
            Action::PlaceInvader { at: sq(a, 0) },
            Action::PlaceInvader { at: sq(b, 2) }
        ]
    );
    refused(
        &s,
        Action::PlaceInvader { at: sq(a, 1) },
        "choose where the invader lands",
    );
    act(&mut s, Action::PlaceInvader { at: sq(b, 2) });
    assert_eq!(s.built_room(b).unwrap().invaders[2], Some(Element::Fire));
}

#[test]
fn fire_invaders_melt_the_pillar_they_land_on() {
    let mut s = building();
    let r = named(FLAME_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    let die = put_pillar(&mut s, r, 0, 2);
    pull(&mut s, Element::Fire);
    assert_eq!(s.built_room(r).unwrap().invaders[0], Some(Element::Fire));
    assert_eq!(s.pillar_value(r, 0), None);
    assert_eq!(s.dice()[die as usize].at, DieAt::Pool);
}

#[test]
fn other_invaders_and_fire_after_its_beacon_keep_the_pillar() {
    let mut s = building();
    let r = named("Sky Hall");
    put_room(&mut s, r, Spot::Foundation(0));
    put_pillar(&mut s, r, 0, 2);
    pull(&mut s, Element::Air);
    assert_eq!(s.pillar_value(r, 0), Some(2));
    let mut s = building();
    let r = named(FLAME_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    put_pillar(&mut s, r, 0, 2);
    flip(&mut s, Element::Fire);
    pull(&mut s, Element::Fire);
    assert_eq!(s.pillar_value(r, 0), Some(2));
}

/// A water invader pulled onto the Ripple Keep, alone on the foundation, with two rooms in the
/// supply: the keep and the two supply rooms.
fn water_enters(s: &mut IceFortress) -> (RoomId, RoomId, RoomId) {
    let r = named("Ripple Keep");
    put_room(s, r, Spot::Foundation(0));
    let a = named(STONE_HALL);
    let b = named(SPRING_REFECTORY);
    to_supply(s, a);
    to_supply(s, b);
    pull(s, Element::Water);
    (r, a, b)
}

#[test]
fn water_invaders_flood_a_supply_room_the_player_chooses() {
    let mut s = building();
    let (r, a, b) = water_enters(&mut s);
    // Eight equal empty squares: choose one, then the flood.
    act(&mut s, Action::PlaceInvader { at: sq(r, 0) });
    assert_eq!(s.decision(), Some(&Decision::Flood));
    assert_eq!(
        s.legal_actions(0),
        vec![Action::Flood { room: a }, Action::Flood { room: b }]
    );
    act(&mut s, Action::Flood { room: b });
    assert_eq!(s.supply(), &[a]);
    assert_eq!(
        s.deck(Size::Large).bottom,
        vec![b],
        "a destroyed room goes to the bottom"
    );
}

#[test]
fn after_the_beacon_of_water_water_invaders_flood_nothing() {
    // "...extra harm when it enters the castle, unless its elemental beacon is built".
    let mut s = building();
    let r = named("Ripple Keep");
    put_room(&mut s, r, Spot::Foundation(0));
    let a = named(STONE_HALL);
    let b = named(SPRING_REFECTORY);
    to_supply(&mut s, a);
    to_supply(&mut s, b);
    flip(&mut s, Element::Water);
    pull(&mut s, Element::Water);
    act(&mut s, Action::PlaceInvader { at: sq(r, 0) });
    assert_ne!(s.decision(), Some(&Decision::Flood));
    assert_eq!(s.supply(), &[a, b]);
}

#[test]
fn water_attacking_the_shield_floods_nothing() {
    let mut s = building();
    to_supply(&mut s, named(STONE_HALL));
    pull(&mut s, Element::Water);
    assert_eq!(s.supply().len(), 1);
    assert_eq!(s.shield(), 6);
}

#[test]
fn earth_invaders_occupy_pillar_groups_blocking_rooms_not_pillars() {
    let mut s = building();
    let r = named(STONE_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    pull(&mut s, Element::Earth);
    let options = match s.decision() {
        Some(Decision::PlaceInvader { options, .. }) => options.clone(),
        d => panic!("{d:?}"),
    };
    assert_eq!(
        options,
        vec![
            InvaderAt::Group { room: r, group: 0 },
            InvaderAt::Group { room: r, group: 1 }
        ]
    );
    act(&mut s, Action::PlaceInvader { at: options[0] });
    assert!(
        s.built_room(r)
            .unwrap()
            .invaders
            .iter()
            .all(Option::is_none)
    );
    // A pillar still goes on the occupied group's squares; a room does not.
    s.phase = Phase::Build;
    s.current = 0;
    let d = roll(&mut s, &[4, 5, 4, 5]);
    for (i, q) in [0u8, 1, 2, 3].iter().enumerate() {
        act(
            &mut s,
            Action::PlacePillar {
                die: d[i],
                room: r,
                square: *q,
            },
        );
    }
    let large = named(SPRING_REFECTORY);
    to_supply(&mut s, large);
    refused(
        &s,
        Action::BuildRoom {
            room: large,
            on: Spot::Group { room: r, group: 0 },
        },
        "invader blocks",
    );
    // One per group: the next earth invader takes the other group, the third hits the shield.
    pull(&mut s, Element::Earth);
    assert_eq!(
        s.built_room(r).unwrap().group_invaders,
        vec![Some(Element::Earth); 2]
    );
    let shield = s.shield();
    s.phase = Phase::Build;
    pull(&mut s, Element::Earth);
    assert_eq!(s.shield(), shield - 1);
}

#[test]
fn after_the_beacon_of_earth_old_group_invaders_stay_and_new_ones_land_normally() {
    let mut s = building();
    let r = named(STONE_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    put_invader(
        &mut s,
        InvaderAt::Group { room: r, group: 0 },
        Element::Earth,
    );
    put_pillar(&mut s, r, 0, 4);
    flip(&mut s, Element::Earth);
    pull(&mut s, Element::Earth);
    let b = s.built_room(r).unwrap();
    assert_eq!(
        b.group_invaders[0],
        Some(Element::Earth),
        "stays until removed"
    );
    // The group invader does not stop the new one landing on the group's pillar.
    assert_eq!(b.invaders[0], Some(Element::Earth));
}

#[test]
fn air_invaders_cut_the_dice_rolled() {
    let mut s = game(2, 4);
    let shown = s.dice_shown(0);
    let r = named("Sky Hall");
    put_room(&mut s, r, Spot::Foundation(0));
    put_invader(&mut s, sq(r, 0), Element::Air);
    put_invader(&mut s, sq(r, 1), Element::Air);
    assert_eq!(s.air_penalty(), 2);
    s.apply_chance();
    assert_eq!(s.rolled().len(), shown - 2);
    // After the Beacon of Air they take nothing.
    let mut t = game(2, 4);
    put_room(&mut t, r, Spot::Foundation(0));
    put_invader(&mut t, sq(r, 0), Element::Air);
    flip(&mut t, Element::Air);
    t.apply_chance();
    assert_eq!(t.rolled().len(), shown);
}

#[test]
fn pillars_come_before_squares_room_by_room_so_a_room_without_pillars_still_ties() {
    let mut s = building();
    let a = named(FLAME_HALL);
    let b = named("Kindle Keep");
    put_room(&mut s, a, Spot::Foundation(0));
    put_room(&mut s, b, Spot::Foundation(1));
    put_pillar(&mut s, a, 0, 2);
    // Fire neutralized, so that no landing melts a pillar and the test sees the places alone.
    s.slots[0].neutralized = true;
    pull(&mut s, Element::Fire);
    // Flame Hall offers its empty pillar only; Kindle Keep, on the same level, its eight squares.
    let mut expected = vec![Action::PlaceInvader { at: sq(a, 0) }];
    expected.extend((0..8).map(|q| Action::PlaceInvader { at: sq(b, q) }));
    expected.sort();
    assert_eq!(s.legal_actions(0), expected);
    act(&mut s, Action::PlaceInvader { at: sq(b, 5) });
    assert_eq!(s.built_room(b).unwrap().invaders[5], Some(Element::Fire));
}

#[test]
fn only_air_invaders_cut_the_dice_rolled() {
    let mut s = game(2, 4);
    let shown = s.dice_shown(0);
    let sky = named("Sky Hall");
    let flame = named(FLAME_HALL);
    let stone = named(STONE_HALL);
    put_room(&mut s, sky, Spot::Foundation(0));
    put_room(&mut s, flame, Spot::Foundation(1));
    put_room(&mut s, stone, Spot::Foundation(2));
    put_invader(&mut s, sq(sky, 0), Element::Air);
    put_invader(&mut s, sq(flame, 0), Element::Fire);
    put_invader(&mut s, sq(flame, 1), Element::Fire);
    put_invader(
        &mut s,
        InvaderAt::Group {
            room: stone,
            group: 0,
        },
        Element::Earth,
    );
    // One air invader: one die fewer, whatever else is in the fortress.
    assert_eq!(s.air_penalty(), 1);
    s.apply_chance();
    assert_eq!(s.rolled().len(), shown - 1);
}

/// "Earth invaders occupy pillar groups, rather than pillars or pillar squares ... one per pillar
/// group." A small room has no pillar group, so while earth's harm lasts an earth invader passes
/// over the highest earth room when it is a small one and takes the free group of the medium earth
/// room on the next level. (The small room tops a fire column: a pure earth column four high would
/// be the Beacon of Earth, which ends the harm, and would cover the medium room.)
#[test]
fn earth_invaders_skip_small_rooms_which_have_no_pillar_group() {
    let mut s = building();
    let stack = |s: &mut IceFortress, rooms: &[RoomId], space: u8| {
        put_room(s, rooms[0], Spot::Foundation(space));
        for w in rooms.windows(2) {
            fill_group(s, w[0], 0);
            put_room(
                s,
                w[1],
                Spot::Group {
                    room: w[0],
                    group: 0,
                },
            );
        }
    };
    // Earth: jumbo, large, and a medium room (level 3) with one free group for a small room.
    let medium = named("Stone Pantry");
    stack(
        &mut s,
        &[named(STONE_HALL), named("Moss Library"), medium],
        0,
    );
    assert_eq!(s.card(medium).unwrap().groups.len(), 1);
    // Fire jumbo, large and medium rooms, with a small earth room on top (level 4).
    let fire_medium = find(|c| c.size == Size::Medium && c.element == RoomElement::Fire);
    let small = named("Ore Closet");
    stack(
        &mut s,
        &[
            named(FLAME_HALL),
            named("Flame Barracks"),
            fire_medium,
            small,
        ],
        1,
    );
    assert_eq!(s.built_room(small).unwrap().level, 4);
    assert!(s.card(small).unwrap().groups.is_empty());
    assert!(s.harm_active(Element::Earth));
    let shield = s.shield();
    pull(&mut s, Element::Earth);
    assert_eq!(
        s.built_room(medium).unwrap().group_invaders,
        vec![Some(Element::Earth)],
        "the medium room's free group is taken"
    );
    assert!(
        s.built_room(small)
            .unwrap()
            .invaders
            .iter()
            .all(Option::is_none),
        "the small room is passed over"
    );
    assert_eq!(s.shield(), shield, "a place was found: no shield hit");
}

/// "Whenever there are multiple valid places for an invader to land, the current player chooses
/// which option it takes" and the water's flood: "The current player chooses which one." The
/// current player is the one whose turn it is: here the second seat of two, and the first is refused.
#[test]
fn the_current_player_chooses_the_landing_and_the_flood_when_it_is_the_second_seat() {
    let mut s = building();
    s.current = 1;
    let (r, a, b) = water_enters(&mut s);
    let not_seat_0 = |s: &IceFortress, a: &Action| {
        assert!(s.legal_actions(0).is_empty());
        let err = s.clone().apply(0, a).unwrap_err();
        assert!(err.0.contains("not your turn"), "{err}");
    };
    // Eight equal empty squares: seat 1 chooses among them.
    assert!(matches!(s.decision(), Some(Decision::PlaceInvader { .. })));
    assert_eq!(s.to_act(), ToAct::Seats(vec![1]));
    let land = Action::PlaceInvader { at: sq(r, 3) };
    assert!(s.legal_actions(1).contains(&land));
    not_seat_0(&s, &land);
    act(&mut s, land);
    // Then the flood, also seat 1's.
    assert_eq!(s.decision(), Some(&Decision::Flood));
    assert_eq!(s.to_act(), ToAct::Seats(vec![1]));
    let flood = Action::Flood { room: a };
    not_seat_0(&s, &flood);
    act(&mut s, flood);
    assert_eq!(s.supply(), &[b]);
    assert_eq!(s.built_room(r).unwrap().invaders[3], Some(Element::Water));
}

/// "Water invaders flood (destroy) one supply room when they enter the fortress": with no room in
/// the supply there is nothing to flood. The invader lands, nothing is destroyed, no flood choice
/// waits, and the turn goes on.
#[test]
fn a_water_invader_entering_with_an_empty_supply_floods_nothing() {
    let mut s = building();
    let r = named("Ripple Keep");
    put_room(&mut s, r, Spot::Foundation(0));
    // The one empty pillar (square 1 takes any die): a single landing place, no choice.
    put_pillar(&mut s, r, 1, 3);
    assert!(s.supply().is_empty());
    pull(&mut s, Element::Water);
    assert_eq!(s.built_room(r).unwrap().invaders[1], Some(Element::Water));
    assert_eq!(s.pillar_value(r, 1), Some(3));
    assert_eq!(s.decision(), None, "no flood choice waits");
    assert_eq!(s.phase(), Phase::Roll, "the turn is over");
    assert_eq!(s.current(), 1);
    assert_eq!(s.to_act(), ToAct::Chance);
}

#[test]
fn a_position_whose_landing_choice_is_not_the_rules_one_is_refused() {
    // A file may say anything about the invader waiting to land: it must be the one pulled, and
    // its choices those the rules give (here the four squares of Flame Barracks).
    let (mut s, hall, _) = fire_column();
    pull(&mut s, Element::Fire);
    s.check_position().unwrap();
    let mut other = s.clone();
    if let Some(Decision::PlaceInvader { element, .. }) = &mut other.decision {
        *element = Element::Water;
    }
    let err = other.check_position().unwrap_err();
    assert!(err.contains("not of the element asked"), "{err}");
    let mut lower = s.clone();
    if let Some(Decision::PlaceInvader { options, .. }) = &mut lower.decision {
        *options = vec![sq(hall, 0), sq(hall, 1)];
    }
    let err = lower.check_position().unwrap_err();
    assert!(err.contains("landing choices"), "{err}");
}
