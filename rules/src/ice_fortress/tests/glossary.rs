//! The glossary, verb by verb, through the powers that use them: drawing, crystallizing, repelling,
//! destroying a pillar, destroying a room, boosting, searching, neutralizing; and the dice verbs.

use super::*;

/// Character 0 as Autumn, the fierce cunning Banisher (the rulebook's example).
fn autumn() -> IceFortress {
    let mut s = building();
    set_character(&mut s, 0, "Autumn", &["fierce", "cunning"], "Banisher");
    s
}

fn ability(name: &str) -> CardRef {
    CardRef::Ability(
        content()
            .characters
            .abilities
            .iter()
            .find(|a| a.name == name)
            .unwrap()
            .id,
    )
}

fn class(name: &str) -> CardRef {
    CardRef::Class(
        content()
            .characters
            .classes
            .iter()
            .find(|a| a.name == name)
            .unwrap()
            .id,
    )
}

fn name_card(name: &str) -> CardRef {
    CardRef::Name(
        content()
            .characters
            .names
            .iter()
            .find(|a| a.name == name)
            .unwrap()
            .id,
    )
}

#[test]
fn autumn_looks_at_two_rooms_draws_one_and_puts_the_other_on_the_bottom() {
    let mut s = autumn();
    act(
        &mut s,
        Action::UsePower {
            power: power(name_card("Autumn"), 0),
            pay: vec![],
        },
    );
    assert_eq!(s.decision(), Some(&Decision::LookSize(2)));
    act(&mut s, Action::PickSize { size: Size::Medium });
    let Some(Decision::LookPick(cards)) = s.decision().cloned() else {
        panic!("expected the looked-at rooms");
    };
    assert_eq!(cards.len(), 2);
    assert_eq!(s.deck_len(Size::Medium), 30);
    act(&mut s, Action::PickRoom { room: cards[1] });
    assert_eq!(s.supply(), &[cards[1]]);
    assert_eq!(s.deck(Size::Medium).bottom, vec![cards[0]]);
    assert_eq!(s.deck_len(Size::Medium), 31);
    // Then repel an invader: there is none, so nothing more happens.
    assert_eq!(s.decision(), None);
}

#[test]
fn bottom_rooms_are_drawn_only_after_the_rest_of_the_deck() {
    let mut d = Deck {
        pile: vec![1, 2],
        bottom: vec![7, 5],
    };
    let mut rng = GameRng::new(1);
    let mut drawn: Vec<RoomId> = (0..4).filter_map(|_| d.draw(&mut rng)).collect();
    assert_eq!(&drawn[2..], &[7, 5]);
    drawn.truncate(2);
    drawn.sort();
    assert_eq!(drawn, vec![1, 2]);
    assert_eq!(d.draw(&mut rng), None);
}

#[test]
fn fierce_costs_a_fire_shard_and_crystallizes() {
    let mut s = autumn();
    let fierce = power(ability("fierce"), 0);
    let room = named(FLAME_HALL);
    put_room(&mut s, room, Spot::Foundation(0));
    put_invader(&mut s, InvaderAt::Square { room, square: 0 }, Element::Fire);
    put_invader(
        &mut s,
        InvaderAt::Square { room, square: 1 },
        Element::Water,
    );
    refused(
        &s,
        Action::UsePower {
            power: fierce,
            pay: vec![Pay::Shard(Element::Fire)],
        },
        "fire shard",
    );
    give_shards(&mut s, Element::Water, 1);
    refused(
        &s,
        Action::UsePower {
            power: fierce,
            pay: vec![Pay::Shard(Element::Water)],
        },
        "fire shard",
    );
    give_shards(&mut s, Element::Fire, 1);
    act(
        &mut s,
        Action::UsePower {
            power: fierce,
            pay: vec![Pay::Shard(Element::Fire)],
        },
    );
    // Two invaders to crystallize: choose one, then the other is the only option.
    act(
        &mut s,
        Action::PickInvader {
            at: InvaderAt::Square { room, square: 1 },
        },
    );
    assert_eq!(s.shards(), [1, 2, 0, 0]);
    assert_eq!(s.spent_shards(), [1, 0, 0, 0]);
    assert!(s.invader_spots().is_empty());
}

/// Crystallizing puts the invader into the supply as a crystal that "from then on" pays for powers
/// as a shard of its element.
#[test]
fn a_crystallized_invader_becomes_a_shard_of_its_element_that_pays_for_powers() {
    // Gentle crystallizes for a die of 1; brave costs an earth shard.
    let mut s = building();
    set_character(&mut s, 0, "Rose", &["brave", "gentle"], "Banisher");
    let one = roll(&mut s, &[1])[0];
    let brave = power(ability("brave"), 0);
    let pay_earth = Action::UsePower {
        power: brave,
        pay: vec![Pay::Shard(Element::Earth)],
    };
    let room = named(STONE_HALL);
    put_room(&mut s, room, Spot::Foundation(0));
    let at = InvaderAt::Group { room, group: 0 };
    put_invader(&mut s, at, Element::Earth);
    // A fire invader too, so that the crystallize verb asks which one.
    let hall = named(FLAME_HALL);
    put_room(&mut s, hall, Spot::Foundation(1));
    let fire = InvaderAt::Square {
        room: hall,
        square: 0,
    };
    put_invader(&mut s, fire, Element::Fire);
    let bag = s.bag_count();
    assert_eq!(s.shards(), [0; 4]);
    refused(&s, pay_earth.clone(), "earth shard");
    act(
        &mut s,
        Action::UsePower {
            power: power(ability("gentle"), 0),
            pay: vec![Pay::Die(one)],
        },
    );
    assert_eq!(
        s.legal_actions(0),
        vec![Action::PickInvader { at: fire }, Action::PickInvader { at }]
    );
    act(&mut s, Action::PickInvader { at });
    assert_eq!(s.invader_spots(), vec![(fire, Element::Fire)]);
    assert_eq!(s.shards(), [0, 0, 0, 1], "one earth shard in the supply");
    assert_eq!(s.bag_count(), bag, "crystallized, not repelled to the bag");
    // The crystal pays brave's earth shard cost.
    let supply = s.supply().len();
    act(&mut s, pay_earth);
    assert_eq!(s.shards(), [0; 4]);
    assert_eq!(s.spent_shards(), [0, 0, 0, 1]);
    assert_eq!(
        s.supply().len(),
        supply + 2,
        "a medium and a small room drawn"
    );
}

#[test]
fn cunning_costs_a_die_of_three_and_searches_then_shuffles_that_deck() {
    let mut s = autumn();
    let cunning = power(ability("cunning"), 0);
    let d = roll(&mut s, &[4, 3]);
    refused(
        &s,
        Action::UsePower {
            power: cunning,
            pay: vec![Pay::Die(d[0])],
        },
        "a die of 3",
    );
    refused(
        &s,
        Action::UsePower {
            power: cunning,
            pay: vec![],
        },
        "a die of 3",
    );
    let want = named(STONE_HALL);
    let bottom = named("Kindle Keep");
    s.decks[Size::Jumbo.index()].remove(bottom);
    s.decks[Size::Jumbo.index()].put_bottom(bottom);
    act(
        &mut s,
        Action::UsePower {
            power: cunning,
            pay: vec![Pay::Die(d[1])],
        },
    );
    assert_eq!(s.dice()[d[1] as usize].at, DieAt::Spent);
    assert_eq!(s.decision(), Some(&Decision::Search));
    assert_eq!(s.legal_actions(0).len(), 112, "any room of any deck");
    act(&mut s, Action::PickRoom { room: want });
    assert_eq!(s.supply(), &[want]);
    assert!(
        s.deck(Size::Jumbo).bottom.is_empty(),
        "the deck was shuffled"
    );
    assert!(s.deck(Size::Jumbo).pile.contains(&bottom));
}

#[test]
fn the_banisher_repels_every_invader_of_one_room_for_free() {
    let mut s = autumn();
    let a = named(FLAME_HALL);
    let b = named(STONE_HALL);
    put_room(&mut s, a, Spot::Foundation(0));
    put_room(&mut s, b, Spot::Foundation(1));
    put_invader(
        &mut s,
        InvaderAt::Square { room: a, square: 0 },
        Element::Fire,
    );
    put_invader(
        &mut s,
        InvaderAt::Square { room: a, square: 5 },
        Element::Air,
    );
    put_invader(
        &mut s,
        InvaderAt::Group { room: b, group: 1 },
        Element::Earth,
    );
    act(
        &mut s,
        Action::UsePower {
            power: power(class("Banisher"), 0),
            pay: vec![],
        },
    );
    act(&mut s, Action::PickRoom { room: a });
    assert_eq!(s.bag(), [10, 10, 10, 9]);
    assert_eq!(s.invader_spots().len(), 1);
}

#[test]
fn repelling_puts_one_invader_back_in_the_bag() {
    let mut s = building();
    set_character(&mut s, 0, "Eve", &["stern", "stubborn"], "Sapper");
    let r = named(STONE_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    put_invader(
        &mut s,
        InvaderAt::Group { room: r, group: 0 },
        Element::Earth,
    );
    put_invader(
        &mut s,
        InvaderAt::Square { room: r, square: 3 },
        Element::Fire,
    );
    let d = roll(&mut s, &[2]);
    act(
        &mut s,
        Action::UsePower {
            power: power(ability("stubborn"), 0),
            pay: vec![Pay::Die(d[0])],
        },
    );
    // Only earth invaders may be chosen: one, so it goes at once.
    assert_eq!(s.bag(), [9, 10, 10, 10]);
    assert_eq!(s.invader_spots().len(), 1);
}

#[test]
fn destroying_a_pillar_returns_it_to_the_pool_only_with_nothing_on_it() {
    let mut s = building();
    set_character(&mut s, 0, "Eve", &["stern", "stubborn"], "Sapper");
    let hall = named(FLAME_HALL);
    put_room(&mut s, hall, Spot::Foundation(0));
    fill_group(&mut s, hall, 0);
    put_room(
        &mut s,
        named("Flame Barracks"),
        Spot::Group {
            room: hall,
            group: 0,
        },
    );
    let free = put_pillar(&mut s, hall, 4, 3);
    put_pillar(&mut s, hall, 6, 3);
    put_invader(
        &mut s,
        InvaderAt::Square {
            room: hall,
            square: 6,
        },
        Element::Air,
    );
    assert_eq!(
        s.destroyable_pillars(),
        vec![(hall, 4)],
        "not under a room, not under an invader"
    );
    // An earth invader on the pillar's group sits on the card beside the pillars, not on them
    // (it does not block new pillars either): the pillar can still be destroyed.
    let group = s
        .card(hall)
        .unwrap()
        .groups
        .iter()
        .position(|g| g.squares.contains(&4));
    let group = group.expect("square 4 is in a pillar group") as u8;
    put_invader(
        &mut s,
        InvaderAt::Group { room: hall, group },
        Element::Earth,
    );
    assert_eq!(s.destroyable_pillars(), vec![(hall, 4)]);
    act(
        &mut s,
        Action::UsePower {
            power: power(class("Sapper"), 0),
            pay: vec![],
        },
    );
    assert_eq!(s.dice()[free as usize].at, DieAt::Pool);
    assert_eq!(s.pillar_value(hall, 4), None);
}

#[test]
fn destroying_a_room_repels_its_invaders_destroys_its_pillars_and_goes_to_the_bottom() {
    let mut s = building();
    set_character(&mut s, 0, "Eve", &["daring", "stubborn"], "Sapper");
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
    let die = put_pillar(&mut s, large, 0, 2);
    put_invader(
        &mut s,
        InvaderAt::Square {
            room: large,
            square: 1,
        },
        Element::Water,
    );
    let d = roll(&mut s, &[5]);
    // The only room that may be destroyed is destroyed at once (a choice of one is no choice);
    // then the player picks the deck to draw from.
    act(
        &mut s,
        Action::UsePower {
            power: power(ability("daring"), 0),
            pay: vec![Pay::Die(d[0])],
        },
    );
    assert_eq!(s.decision(), Some(&Decision::Search));
    assert!(s.built_room(large).is_none());
    assert_eq!(
        s.built_room(hall).unwrap().above[0],
        None,
        "the group is free again"
    );
    assert_eq!(s.dice()[die as usize].at, DieAt::Pool);
    assert_eq!(s.bag(), [10, 10, 10, 10]);
    assert_eq!(s.deck(Size::Large).bottom, vec![large]);
    assert_eq!(s.shield(), 8, "destroying an ice room costs no cube");
    act(&mut s, Action::PickRoom { room: large });
    assert_eq!(s.supply(), &[large]);
}

#[test]
fn destroying_a_room_repels_an_earth_invader_on_its_pillar_group_too() {
    let mut s = building();
    set_character(&mut s, 0, "Eve", &["daring", "stubborn"], "Sapper");
    let hall = named(STONE_HALL);
    let large = named("Brine Library");
    put_room(&mut s, hall, Spot::Foundation(0));
    fill_group(&mut s, hall, 0);
    put_room(
        &mut s,
        large,
        Spot::Group {
            room: hall,
            group: 0,
        },
    );
    put_invader(
        &mut s,
        InvaderAt::Group {
            room: large,
            group: 1,
        },
        Element::Earth,
    );
    put_invader(
        &mut s,
        InvaderAt::Square {
            room: large,
            square: 0,
        },
        Element::Water,
    );
    let d = roll(&mut s, &[1]);
    act(
        &mut s,
        Action::UsePower {
            power: power(ability("daring"), 0),
            pay: vec![Pay::Die(d[0])],
        },
    );
    assert!(s.built_room(large).is_none());
    // Both go back into the bag: the one on the group as well as the one on the square.
    assert_eq!(s.bag(), [10, 10, 10, 10]);
    assert!(s.invader_spots().is_empty());
}

#[test]
fn a_covered_room_cannot_be_destroyed_but_a_supply_room_can() {
    let mut s = building();
    let hall = named(FLAME_HALL);
    put_room(&mut s, hall, Spot::Foundation(0));
    fill_group(&mut s, hall, 0);
    let top = named("Flame Barracks");
    put_room(
        &mut s,
        top,
        Spot::Group {
            room: hall,
            group: 0,
        },
    );
    let spare = named(STONE_HALL);
    to_supply(&mut s, spare);
    assert_eq!(s.destroyable_rooms(), {
        let mut v = vec![top, spare];
        v.sort();
        v
    });
}

#[test]
fn boosting_adds_a_cube_to_the_shield() {
    let mut s = building();
    set_character(&mut s, 0, "Eve", &["steady", "wise"], "Warden");
    give_shards(&mut s, Element::Air, 2);
    act(
        &mut s,
        Action::UsePower {
            power: power(class("Warden"), 0),
            pay: vec![Pay::Shard(Element::Air), Pay::Shard(Element::Air)],
        },
    );
    assert_eq!(s.shield(), 8);
}

#[test]
fn drawing_a_room_or_a_shard_adds_it_to_the_supply() {
    let mut s = building();
    set_character(&mut s, 0, "Scarlett", &["clever", "proud"], "Alchemist");
    // Scarlett: draw a shard, then a room of a chosen size.
    act(
        &mut s,
        Action::UsePower {
            power: power(name_card("Scarlett"), 0),
            pay: vec![],
        },
    );
    assert_eq!(s.bag_count() + s.shards().iter().sum::<u8>() as usize, 40);
    assert_eq!(s.shards().iter().sum::<u8>(), 1);
    assert_eq!(s.decision(), Some(&Decision::DrawSize));
    act(&mut s, Action::PickSize { size: Size::Small });
    assert_eq!(s.deck_len(Size::Small), 41);
    let d = roll(&mut s, &[5]);
    act(
        &mut s,
        Action::UsePower {
            power: power(ability("proud"), 0),
            pay: vec![Pay::Die(d[0])],
        },
    );
    assert_eq!(s.deck_len(Size::Large), 25);
    assert_eq!(s.supply().len(), 2);
    act(
        &mut s,
        Action::UsePower {
            power: power(ability("clever"), 0),
            pay: vec![],
        },
    );
    let jumbo = named(FLAME_HALL);
    act(&mut s, Action::PickRoom { room: jumbo });
    assert_eq!(s.supply().len(), 3);
    assert!(s.supply().contains(&jumbo));
}

#[test]
fn neutralizing_ends_an_elements_invader_ability_for_the_game() {
    let mut s = building();
    set_character(&mut s, 0, "Eve", &["radiant", "proud"], "Mystic");
    give_shards(&mut s, Element::Fire, 1);
    let d = roll(&mut s, &[6]);
    act(
        &mut s,
        Action::UsePower {
            power: power(ability("radiant"), 0),
            pay: vec![Pay::Shard(Element::Fire), Pay::Die(d[0])],
        },
    );
    // Every element's harm still lasts: all four are offered.
    let offered = |s: &IceFortress| s.legal_actions(0);
    let picks = |elements: &[Element]| {
        elements
            .iter()
            .map(|&element| Action::PickElement { element })
            .collect::<Vec<_>>()
    };
    assert_eq!(offered(&s), picks(&Element::ALL));
    // One already neutralized and one ended by its beacon are not offered (design note).
    let mut fewer = s.clone();
    fewer.slots[Element::Water.index()].neutralized = true;
    fewer.slots[Element::Air.index()].beacon = true;
    assert_eq!(offered(&fewer), picks(&[Element::Fire, Element::Earth]));
    act(
        &mut s,
        Action::PickElement {
            element: Element::Fire,
        },
    );
    assert!(s.slot(Element::Fire).neutralized);
    assert!(!s.harm_active(Element::Fire));
    let r = named(FLAME_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    put_pillar(&mut s, r, 0, 3);
    pull(&mut s, Element::Fire);
    assert_eq!(s.pillar_value(r, 0), Some(3), "no melting");
}

#[test]
fn dice_verbs_change_turn_over_and_roll_dice() {
    let mut s = building();
    set_character(&mut s, 0, "Rose", &["swift", "wild"], "Mason");
    let d = roll(&mut s, &[2, 5]);
    // Rose: change a die by 1.
    act(
        &mut s,
        Action::UsePower {
            power: power(class("Mason"), 0),
            pay: vec![],
        },
    );
    refused(
        &s,
        Action::SetDie {
            die: d[0],
            value: 4,
        },
        "choose a die",
    );
    act(
        &mut s,
        Action::SetDie {
            die: d[0],
            value: 3,
        },
    );
    // Swift: turn a die over (7 - value).
    act(
        &mut s,
        Action::UsePower {
            power: power(ability("swift"), 0),
            pay: vec![],
        },
    );
    // Each rolled die may go only to its opposite face: the 3 to a 4, the 5 to a 2.
    let mut flips = vec![
        Action::SetDie {
            die: d[0],
            value: 4,
        },
        Action::SetDie {
            die: d[1],
            value: 2,
        },
    ];
    flips.sort();
    assert_eq!(s.legal_actions(0), flips);
    act(
        &mut s,
        Action::SetDie {
            die: d[1],
            value: 2,
        },
    );
    assert_eq!(s.dice()[d[1] as usize].value, 2);
    // Wild: pay a shard, roll two more dice (chance).
    give_shards(&mut s, Element::Earth, 1);
    act(
        &mut s,
        Action::UsePower {
            power: power(ability("wild"), 0),
            pay: vec![Pay::Shard(Element::Earth)],
        },
    );
    assert_eq!(s.to_act(), ToAct::Chance);
    s.apply_chance();
    s.apply_chance();
    assert_eq!(s.rolled().len(), 4);
    assert_eq!(s.to_act(), ToAct::Seats(vec![0]));
}

/// A power's extra dice come from the unused pool: with one die left there, "roll 2 more dice"
/// rolls one.
#[test]
fn a_power_rolls_no_more_dice_than_the_pool_has_left() {
    let mut s = building();
    set_character(&mut s, 0, "Rose", &["swift", "wild"], "Mason");
    roll(&mut s, &[2, 5]);
    for d in s.dice_at(DieAt::Pool).into_iter().skip(1) {
        s.dice[d as usize].at = DieAt::Spent;
    }
    give_shards(&mut s, Element::Earth, 1);
    act(
        &mut s,
        Action::UsePower {
            power: power(ability("wild"), 0),
            pay: vec![Pay::Shard(Element::Earth)],
        },
    );
    assert_eq!(s.to_act(), ToAct::Chance);
    s.apply_chance();
    assert_eq!(s.to_act(), ToAct::Seats(vec![0]), "one roll, not two");
    assert_eq!(s.rolled().len(), 3);
    assert!(s.dice_at(DieAt::Pool).is_empty());
}

#[test]
fn a_neutralized_air_ability_cuts_no_dice() {
    let mut s = game(2, 4);
    let shown = s.dice_shown(0);
    let r = named("Sky Hall");
    put_room(&mut s, r, Spot::Foundation(0));
    put_invader(
        &mut s,
        InvaderAt::Square { room: r, square: 0 },
        Element::Air,
    );
    put_invader(
        &mut s,
        InvaderAt::Square { room: r, square: 1 },
        Element::Air,
    );
    // What the neutralize verb does (the fire test above goes through the power).
    s.slots[Element::Air.index()].neutralized = true;
    assert_eq!(s.air_penalty(), 0);
    s.apply_chance();
    assert_eq!(s.rolled().len(), shown);
}

#[test]
fn a_neutralized_earth_invader_lands_on_a_pillar_not_a_group() {
    let mut s = building();
    let r = named(STONE_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    put_pillar(&mut s, r, 4, 5);
    s.slots[Element::Earth.index()].neutralized = true;
    // Like any invader: the one empty pillar, not one of the two free groups.
    pull(&mut s, Element::Earth);
    let b = s.built_room(r).unwrap();
    assert_eq!(b.invaders[4], Some(Element::Earth));
    assert_eq!(b.group_invaders, vec![None, None]);
}

#[test]
fn die_costs_read_as_the_cards_say_them() {
    let text = |a, b| cost_text(&[Cost::Die(a, b)]);
    assert_eq!(text(3, 3), "a die of 3");
    assert_eq!(text(1, 6), "any die");
    assert_eq!(text(5, 6), "a die of 5 or 6");
    assert_eq!(text(4, 6), "a die of 4 to 6");
    assert_eq!(
        cost_text(&[Cost::Die(5, 6), Cost::AnyShard]),
        "a die of 5 or 6 and any shard"
    );
    assert_eq!(cost_text(&[]), "nothing");
    // The same cost twice is counted, as the Warden's card says it ("Pay two shards").
    assert_eq!(cost_text(&[Cost::AnyShard, Cost::AnyShard]), "two shards");
    let fire = Cost::Shard(Element::Fire);
    assert_eq!(cost_text(&[fire, fire, fire]), "three fire shards");
    assert_eq!(
        cost_text(&[Cost::Die(6, 6), Cost::Die(6, 6)]),
        "a die of 6 and a die of 6"
    );
    let content = content();
    let warden = content
        .characters
        .classes
        .iter()
        .flat_map(|c| &c.powers)
        .find(|p| p.cost == [Cost::AnyShard, Cost::AnyShard])
        .expect("a power paid with two shards");
    assert!(
        warden.text.contains(&cost_text(&warden.cost)),
        "{}",
        warden.text
    );
}
