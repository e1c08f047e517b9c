//! Rooms: size matches the group, the group's pillars all filled, no invader on it, the foundation
//! needs no pillars, ice crystal rooms boost the shield; the rulebook's two example rooms.

use super::*;

fn jumbo_on_foundation() -> (IceFortress, RoomId) {
    let mut s = building();
    let r = named(FLAME_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    (s, r)
}

#[test]
fn building_on_the_foundation_needs_no_pillars() {
    let mut s = building();
    let r = named(STONE_HALL);
    to_supply(&mut s, r);
    act(
        &mut s,
        Action::BuildRoom {
            room: r,
            on: Spot::Foundation(2),
        },
    );
    assert_eq!(s.foundation()[2], Some(r));
    assert_eq!(s.built_room(r).unwrap().level, 1);
    assert!(!s.supply().contains(&r));
}

#[test]
fn a_foundation_space_holds_one_room() {
    let (mut s, _) = jumbo_on_foundation();
    let r = named(STONE_HALL);
    to_supply(&mut s, r);
    refused(
        &s,
        Action::BuildRoom {
            room: r,
            on: Spot::Foundation(0),
        },
        "already holds",
    );
    refused(
        &s,
        Action::BuildRoom {
            room: r,
            on: Spot::Foundation(8),
        },
        "no space 8",
    );
}

#[test]
fn the_foundation_takes_the_sizes_the_board_allows() {
    // The shipped board takes only jumbo rooms, as the rulebook says.
    let mut s = building();
    let r = named(SPRING_REFECTORY);
    to_supply(&mut s, r);
    refused(
        &s,
        Action::BuildRoom {
            room: r,
            on: Spot::Foundation(0),
        },
        "large room may not",
    );
    // A board whose data allows every size takes the large room on a jumbo space.
    let mut c = (*content()).clone();
    c.foundation.sizes = Size::ALL.to_vec();
    let mut t = IceFortress::new(&Setup::new(2, 1), &c).unwrap();
    t.phase = Phase::Build;
    t.current = 0;
    for c in &mut t.characters {
        let d = std::mem::take(&mut c.draft);
        c.abilities = d[..2].to_vec();
    }
    to_supply(&mut t, r);
    act(
        &mut t,
        Action::BuildRoom {
            room: r,
            on: Spot::Foundation(0),
        },
    );
    assert_eq!(t.foundation()[0], Some(r));
}

#[test]
fn a_room_must_be_the_size_of_the_group() {
    let (mut s, r) = jumbo_on_foundation();
    fill_group(&mut s, r, 0);
    let medium = named("Pyre Chapel");
    let large = named("Flame Barracks");
    to_supply(&mut s, medium);
    to_supply(&mut s, large);
    let on = Spot::Group { room: r, group: 0 };
    refused(
        &s,
        Action::BuildRoom { room: medium, on },
        "takes a large room",
    );
    act(&mut s, Action::BuildRoom { room: large, on });
    assert_eq!(s.built_room(large).unwrap().level, 2);
    assert!(s.built_room(r).unwrap().is_covered());
}

#[test]
fn every_pillar_of_the_group_must_be_filled() {
    let (mut s, r) = jumbo_on_foundation();
    let large = named("Flame Barracks");
    to_supply(&mut s, large);
    put_pillar(&mut s, r, 0, 1);
    put_pillar(&mut s, r, 1, 3);
    put_pillar(&mut s, r, 2, 1);
    let on = Spot::Group { room: r, group: 0 };
    refused(&s, Action::BuildRoom { room: large, on }, "every pillar");
    put_pillar(&mut s, r, 3, 4);
    act(&mut s, Action::BuildRoom { room: large, on });
}

#[test]
fn pillars_outside_the_group_do_not_matter() {
    let (mut s, r) = jumbo_on_foundation();
    fill_group(&mut s, r, 1);
    let large = named("Flame Barracks");
    to_supply(&mut s, large);
    refused(
        &s,
        Action::BuildRoom {
            room: large,
            on: Spot::Group { room: r, group: 0 },
        },
        "every pillar",
    );
    act(
        &mut s,
        Action::BuildRoom {
            room: large,
            on: Spot::Group { room: r, group: 1 },
        },
    );
}

#[test]
fn no_room_on_a_group_with_an_invader_on_it_or_on_its_pillars() {
    let (mut s, r) = jumbo_on_foundation();
    fill_group(&mut s, r, 0);
    let large = named("Flame Barracks");
    to_supply(&mut s, large);
    let on = Spot::Group { room: r, group: 0 };
    let mut t = s.clone();
    put_invader(
        &mut t,
        InvaderAt::Square { room: r, square: 1 },
        Element::Fire,
    );
    refused(&t, Action::BuildRoom { room: large, on }, "invader blocks");
    let mut t = s.clone();
    put_invader(
        &mut t,
        InvaderAt::Group { room: r, group: 0 },
        Element::Earth,
    );
    refused(&t, Action::BuildRoom { room: large, on }, "invader blocks");
    // An invader on a square of the other group does not block.
    put_invader(
        &mut s,
        InvaderAt::Square { room: r, square: 5 },
        Element::Fire,
    );
    act(&mut s, Action::BuildRoom { room: large, on });
}

#[test]
fn only_supply_rooms_are_built_and_a_group_takes_one_room() {
    let (mut s, r) = jumbo_on_foundation();
    fill_group(&mut s, r, 0);
    let large = named("Flame Barracks");
    refused(
        &s,
        Action::BuildRoom {
            room: large,
            on: Spot::Group { room: r, group: 0 },
        },
        "not in the supply",
    );
    to_supply(&mut s, large);
    act(
        &mut s,
        Action::BuildRoom {
            room: large,
            on: Spot::Group { room: r, group: 0 },
        },
    );
    let other = named("Cinder Gallery");
    to_supply(&mut s, other);
    refused(
        &s,
        Action::BuildRoom {
            room: other,
            on: Spot::Group { room: r, group: 0 },
        },
        "already sits",
    );
    refused(
        &s,
        Action::BuildRoom {
            room: other,
            on: Spot::Group { room: r, group: 2 },
        },
        "no pillar group 2",
    );
}

#[test]
fn an_ice_crystal_room_boosts_the_shield_even_past_its_start() {
    let mut s = building();
    assert_eq!(s.shield(), 7);
    let crystal = named(SPRING_REFECTORY);
    let plain = named(STONE_HALL);
    to_supply(&mut s, crystal);
    to_supply(&mut s, plain);
    act(
        &mut s,
        Action::BuildRoom {
            room: plain,
            on: Spot::Foundation(0),
        },
    );
    assert_eq!(s.shield(), 7);
    fill_group(&mut s, plain, 0);
    act(
        &mut s,
        Action::BuildRoom {
            room: crystal,
            on: Spot::Group {
                room: plain,
                group: 0,
            },
        },
    );
    assert_eq!(s.shield(), 8);
}

#[test]
fn the_shield_never_holds_more_than_the_ten_cubes() {
    let mut s = building();
    s.shield = 10;
    let crystal = named(SPRING_REFECTORY);
    to_supply(&mut s, crystal);
    let hall = named(STONE_HALL);
    put_room(&mut s, hall, Spot::Foundation(1));
    fill_group(&mut s, hall, 0);
    act(
        &mut s,
        Action::BuildRoom {
            room: crystal,
            on: Spot::Group {
                room: hall,
                group: 0,
            },
        },
    );
    assert_eq!(s.shield(), 10);
}

#[test]
fn the_rulebook_jumbo_earth_room_takes_a_large_room_on_either_group() {
    let mut s = building();
    let jumbo = named(STONE_HALL);
    put_room(&mut s, jumbo, Spot::Foundation(0));
    let d = roll(&mut s, &[4, 5, 4, 5]);
    act(
        &mut s,
        Action::PlacePillar {
            die: d[0],
            room: jumbo,
            square: 0,
        },
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[1],
            room: jumbo,
            square: 1,
        },
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[2],
            room: jumbo,
            square: 2,
        },
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[3],
            room: jumbo,
            square: 3,
        },
    );
    let large = find(|c| c.size == Size::Large && c.element == RoomElement::Water);
    to_supply(&mut s, large);
    act(
        &mut s,
        Action::BuildRoom {
            room: large,
            on: Spot::Group {
                room: jumbo,
                group: 0,
            },
        },
    );
}

#[test]
fn the_rulebook_large_water_room_takes_a_medium_room_and_boosts_the_shield() {
    let mut s = building();
    let large = named(SPRING_REFECTORY);
    to_supply(&mut s, large);
    let hall = named(STONE_HALL);
    put_room(&mut s, hall, Spot::Foundation(0));
    fill_group(&mut s, hall, 0);
    act(
        &mut s,
        Action::BuildRoom {
            room: large,
            on: Spot::Group {
                room: hall,
                group: 0,
            },
        },
    );
    assert_eq!(s.shield(), 8);
    let d = roll(&mut s, &[2, 4]);
    act(
        &mut s,
        Action::PlacePillar {
            die: d[0],
            room: large,
            square: 0,
        },
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[1],
            room: large,
            square: 1,
        },
    );
    let medium = find(|c| c.size == Size::Medium && c.element == RoomElement::Air);
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
    // The ice crystal section never takes a room: the card has a single group.
    assert_eq!(s.card(large).unwrap().groups.len(), 1);
}

#[test]
fn a_position_with_a_room_on_a_pillar_group_of_another_size_is_refused() {
    // A small room laid on the large-room group of a jumbo room: the rules never build it, and a
    // position file that has it is refused with a reason.
    let mut s = building();
    let hall = named(STONE_HALL);
    put_room(&mut s, hall, Spot::Foundation(0));
    fill_group(&mut s, hall, 0);
    s.check_invariants().unwrap();
    let small = named("Kindle Niche");
    put_room(
        &mut s,
        small,
        Spot::Group {
            room: hall,
            group: 0,
        },
    );
    let err = s.check_invariants().unwrap_err();
    assert!(err.contains("does not fit its pillar group"), "{err}");
}

#[test]
fn a_position_with_a_room_level_past_the_top_is_refused_not_a_panic() {
    // A jumbo room (checked before the large room, by its lower id) on a large room's group, the
    // large room at the highest level there is: the level above it cannot be counted.
    let mut s = building();
    let large = named("Brine Library");
    let jumbo = named(STONE_HALL);
    assert!(jumbo < large);
    put_room(&mut s, large, Spot::Foundation(0));
    fill_group(&mut s, large, 0);
    put_room(
        &mut s,
        jumbo,
        Spot::Group {
            room: large,
            group: 0,
        },
    );
    s.built.get_mut(&large).unwrap().level = u8::MAX;
    assert!(s.check_invariants().is_err());
}

/// The rulebook's jumbo earth room, on its second group: "The white '4-5' pillar squares can hold
/// pillar dice valued 4 or 5 each, and after they're filled, the connected black '+1' pillar square
/// can hold a die of a value one higher (5 or 6). Once all four pillar squares of either of the
/// pillar groups is completely filled, any large room can go on top of it."
#[test]
fn the_rulebook_jumbo_earth_room_obeys_its_squares_and_takes_a_large_room_on_its_second_group() {
    let mut s = building();
    let jumbo = named(STONE_HALL);
    put_room(&mut s, jumbo, Spot::Foundation(0));
    let place = |die: DieId, square: u8| Action::PlacePillar {
        die,
        room: jumbo,
        square,
    };
    let d = roll(&mut s, &[3, 6, 5, 4, 5]);
    // The white 4-5 squares of group 1 (4, 5, 6) refuse a 3 and a 6.
    for q in 4..=6 {
        refused(&s, place(d[0], q), "only 4 to 5");
        refused(&s, place(d[1], q), "only 4 to 5");
    }
    // The black +1 square (7) waits for its white square (4), then takes one higher only.
    refused(&s, place(d[1], 7), "square 5 first"); // index 4: players count from 1.
    act(&mut s, place(d[2], 4));
    refused(&s, place(d[4], 7), "a 6");
    refused(&s, place(d[3], 7), "a 6");
    act(&mut s, place(d[1], 7));
    assert_eq!(s.pillar_value(jumbo, 7), Some(6), "one higher than the 5");
    act(&mut s, place(d[3], 5));
    act(&mut s, place(d[4], 6));
    // Group 1 is full and group 0 empty: a large room goes on group 1 only.
    let large = find(|c| c.size == Size::Large && c.element == RoomElement::Water);
    to_supply(&mut s, large);
    refused(
        &s,
        Action::BuildRoom {
            room: large,
            on: Spot::Group {
                room: jumbo,
                group: 0,
            },
        },
        "every pillar",
    );
    let on = Spot::Group {
        room: jumbo,
        group: 1,
    };
    act(&mut s, Action::BuildRoom { room: large, on });
    assert_eq!(s.built_room(large).unwrap().on, on);
    assert_eq!(s.built_room(large).unwrap().level, 2);
}
