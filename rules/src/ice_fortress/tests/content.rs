//! The shipped content and the loader: counts, the rulebook's cards, and malformed files refused with a
//! message naming the card and the problem (never a panic).

use super::*;

fn whole() -> String {
    ron::to_string(&*content()).unwrap()
}

/// The shipped content, changed by `f`, checked.
fn broken(f: impl FnOnce(&mut Content)) -> String {
    let mut c = (*content()).clone();
    f(&mut c);
    let text = ron::to_string(&c).unwrap();
    Content::from_ron(&text).expect_err("should be refused").0
}

fn room_named(c: &mut Content, name: &str) -> usize {
    c.rooms.iter().position(|r| r.name == name).unwrap()
}

#[test]
fn the_shipped_content_loads_and_round_trips_through_one_document() {
    let c = Content::standard().unwrap();
    let again = Content::from_ron(&whole()).unwrap();
    assert_eq!(c, again);
}

#[test]
fn one_hundred_twelve_rooms_in_four_decks() {
    let c = content();
    assert_eq!(c.rooms.len(), 112);
    let count = |s: Size| c.rooms.iter().filter(|r| r.size == s).count();
    assert_eq!(count(Size::Jumbo), 12);
    assert_eq!(count(Size::Large), 26);
    assert_eq!(count(Size::Medium), 32);
    // The rulebook's 36 small rooms would make 106 cards; the six missing ones are small rooms.
    assert_eq!(count(Size::Small), 42);
    assert_eq!(c.foundation.decks.total(), 112);
}

#[test]
fn rooms_come_in_the_four_elements_and_white() {
    let c = content();
    for el in [
        RoomElement::Fire,
        RoomElement::Water,
        RoomElement::Air,
        RoomElement::Earth,
        RoomElement::White,
    ] {
        assert!(c.rooms.iter().any(|r| r.element == el), "{el:?}");
    }
    // White rooms show only ice crystals: no element, always a crystal.
    for r in c.rooms.iter().filter(|r| r.element == RoomElement::White) {
        assert_eq!(r.element.element(), None);
        assert!(r.crystal, "{}", r.name);
    }
}

#[test]
fn the_size_ladder_jumbo_holds_large_holds_medium_holds_small() {
    let c = content();
    for r in c.rooms.iter() {
        let want = match r.size {
            Size::Jumbo => Some(Size::Large),
            Size::Large => Some(Size::Medium),
            Size::Medium => Some(Size::Small),
            Size::Small => None,
        };
        for g in &r.groups {
            assert_eq!(Some(g.size), want, "{}", r.name);
        }
        if r.size != Size::Small {
            assert!(!r.groups.is_empty(), "{} holds a room", r.name);
        } else {
            assert!(!r.squares.is_empty(), "{} has squares for invaders", r.name);
        }
    }
    // Jumbo rooms have two groups of four, large rooms groups of two.
    for r in c.rooms.iter().filter(|r| r.size == Size::Jumbo) {
        assert_eq!(r.groups.len(), 2);
        assert!(r.groups.iter().all(|g| g.squares.len() == 4));
    }
    for r in c.rooms.iter().filter(|r| r.size == Size::Large) {
        assert!(r.groups.iter().all(|g| g.squares.len() == 2));
    }
}

#[test]
fn every_kind_of_square_is_printed() {
    let c = content();
    let squares: Vec<Constraint> = c.rooms.iter().flat_map(|r| r.squares.clone()).collect();
    assert!(squares.contains(&Constraint::Any));
    assert!(squares.iter().any(|q| matches!(q, Constraint::Exact(_))));
    assert!(squares.iter().any(|q| matches!(q, Constraint::Range(..))));
    for m in [
        Modifier::Plus(1),
        Modifier::Minus(1),
        Modifier::Times(2),
        Modifier::Same,
    ] {
        assert!(
            squares
                .iter()
                .any(|q| matches!(q, Constraint::Linked { modifier, .. } if *modifier == m)),
            "{m:?}"
        );
    }
}

#[test]
fn the_rulebook_jumbo_earth_room_and_large_water_room_are_in_the_box() {
    let c = content();
    // Jumbo earth: two groups of four for large rooms, three 4-5 squares and a black +1 on one.
    let four_five = [
        Constraint::Range(4, 5),
        Constraint::Range(4, 5),
        Constraint::Range(4, 5),
        Constraint::Linked {
            to: 0,
            modifier: Modifier::Plus(1),
        },
    ];
    assert!(c.rooms.iter().any(|r| {
        r.size == Size::Jumbo
            && r.element == RoomElement::Earth
            && r.squares[..4] == four_five
            && r.squares[4..]
                == four_five[..]
                    .iter()
                    .map(|q| match *q {
                        Constraint::Linked { modifier, .. } => {
                            Constraint::Linked { to: 4, modifier }
                        }
                        q => q,
                    })
                    .collect::<Vec<_>>()[..]
    }));
    // Large water: a medium group of a 1-3 square and a black x2 square, and an ice crystal.
    assert!(c.rooms.iter().any(|r| r.size == Size::Large
        && r.element == RoomElement::Water
        && r.crystal
        && r.groups.len() == 1
        && r.squares
            == [
                Constraint::Range(1, 3),
                Constraint::Linked {
                    to: 0,
                    modifier: Modifier::Times(2)
                }
            ]));
}

#[test]
fn thirty_eight_character_cards() {
    let c = &content().characters;
    assert_eq!(c.names.len() + c.abilities.len() + c.classes.len(), 38);
    // The rulebook's 4 + 22 + 10 makes 36: the two missing cards are abilities.
    assert_eq!(
        (c.names.len(), c.abilities.len(), c.classes.len()),
        (4, 24, 10)
    );
    let names: Vec<&str> = c.names.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(names, ["Autumn", "Eve", "Scarlett", "Rose"]);
    for n in &c.names {
        assert!(n.starting.title.ends_with("the"), "{}", n.starting.title);
        assert_eq!(n.advanced.powers.len(), n.starting.powers.len() + 1);
    }
    assert!(c.abilities.iter().all(|a| (1..=3).contains(&a.dice)));
}

#[test]
fn the_rulebook_character_autumn_the_fierce_cunning_banisher() {
    let c = &content().characters;
    let autumn = c.names.iter().find(|n| n.name == "Autumn").unwrap();
    assert!(
        autumn.starting.powers[0]
            .text
            .starts_with("Look at 2 rooms")
    );
    assert!(autumn.starting.powers[0].cost.is_empty());
    let fierce = c.abilities.iter().find(|a| a.name == "fierce").unwrap();
    assert_eq!(fierce.powers[0].cost, [Cost::Shard(Element::Fire)]);
    let cunning = c.abilities.iter().find(|a| a.name == "cunning").unwrap();
    assert_eq!(cunning.powers[0].cost, [Cost::Die(3, 3)]);
    let banisher = c.classes.iter().find(|a| a.name == "Banisher").unwrap();
    assert!(banisher.powers[0].text.starts_with("Repel all invaders"));
    assert!(banisher.powers[0].cost.is_empty());
    assert_eq!(banisher.dice, 0);
    // Her title reads from the cards.
    let mut s = game(2, 3);
    set_character(&mut s, 0, "Autumn", &["fierce", "cunning"], "Banisher");
    assert_eq!(s.title(0), "Autumn, the fierce cunning Banisher");
}

#[test]
fn eight_invader_cards_two_per_element_with_the_beacon_of_fire() {
    let c = content();
    assert_eq!(c.invaders.len(), 8);
    let fire = c
        .invaders
        .iter()
        .find(|i| i.beacon_name == "Beacon of Fire")
        .unwrap();
    assert_eq!(fire.element, Element::Fire);
    assert_eq!(
        fire.immediately,
        [
            Verb::DrawRoom(Some(Size::Jumbo)),
            Verb::DrawRoom(Some(Size::Large)),
            Verb::DrawRoom(Some(Size::Medium)),
            Verb::DrawRoom(Some(Size::Small))
        ]
    );
    assert!(c.invaders.iter().all(|i| i.extra_invaders == 1));
}

#[test]
fn a_group_referring_to_a_missing_square_is_refused() {
    let e = broken(|c| {
        let i = room_named(c, "Flame Hall");
        c.rooms[i].groups[0].squares.push(9);
    });
    assert!(e.contains("Flame Hall") && e.contains("square 9"), "{e}");
}

#[test]
fn a_link_cycle_is_refused() {
    let e = broken(|c| {
        let i = room_named(c, "Flame Hall");
        c.rooms[i].squares[0] = Constraint::Linked {
            to: 3,
            modifier: Modifier::Plus(1),
        };
        c.rooms[i].squares[3] = Constraint::Linked {
            to: 0,
            modifier: Modifier::Minus(1),
        };
    });
    assert!(e.contains("Flame Hall") && e.contains("cycle"), "{e}");
}

#[test]
fn counts_not_adding_up_to_112_are_refused() {
    let e = broken(|c| c.foundation.decks.small = 36);
    assert!(e.contains("106") && e.contains("112"), "{e}");
    let e = broken(|c| {
        c.rooms.pop();
    });
    assert!(e.contains("there are 41 small rooms, not 42"), "{e}");
    let e = broken(|c| c.foundation.beacon_height = 1);
    assert!(e.contains("a beacon of 1 room cannot be stacked"), "{e}");
}

#[test]
fn a_level_dealing_more_than_eight_rooms_is_refused() {
    let e = broken(|c| c.difficulty.levels[0].assist_dealt = vec![Size::Jumbo; 9]);
    assert!(e.contains("level 1") && e.contains("at most 8"), "{e}");
    // A level without `dealt` deals the rulebook's one room of each size.
    let text = r#"(standard: 3, levels: [(level: 3, label: "hard")])"#;
    let track: DifficultyTrack = ron::from_str(text).unwrap();
    assert_eq!(track.levels[0].assist_dealt, Size::ALL.to_vec());
}

#[test]
fn other_broken_cards_are_refused_by_name() {
    let e = broken(|c| {
        let i = room_named(c, "Flame Hall");
        c.rooms[i].squares[1] = Constraint::Range(5, 7);
    });
    assert!(e.contains("Flame Hall") && e.contains("5-7"), "{e}");
    let e = broken(|c| {
        let i = room_named(c, "Flame Hall");
        c.rooms[i].squares[2] = Constraint::Exact(6);
    });
    assert!(
        e.contains("Flame Hall") && e.contains("no die can ever"),
        "{e}"
    );
    let e = broken(|c| {
        let i = room_named(c, "Flame Hall");
        c.rooms[i].groups[0].size = Size::Jumbo;
    });
    assert!(
        e.contains("Flame Hall") && e.contains("smaller rooms"),
        "{e}"
    );
    let e = broken(|c| {
        let i = c
            .rooms
            .iter()
            .position(|r| r.element == RoomElement::White)
            .unwrap();
        c.rooms[i].crystal = false;
    });
    assert!(e.contains("white room"), "{e}");
    let e = broken(|c| c.characters.abilities[1].powers[0].cost = vec![Cost::Die(0, 3)]);
    assert!(e.contains("cunning"), "{e}");
    let e = broken(|c| c.characters.names[0].starting.title = "Autumn".into());
    assert!(e.contains("Autumn") && e.contains("\"the\""), "{e}");
    let e = broken(|c| c.invaders[1].element = Element::Air);
    assert!(e.contains("there is 1 fire invader card, not 2"), "{e}");
    let e = broken(|c| c.characters.classes.pop().map(|_| ()).unwrap_or(()));
    assert!(e.contains("class cards"), "{e}");
    let e = broken(|c| c.characters.counts.abilities = 22);
    assert!(e.contains("36") && e.contains("38"), "{e}");
    let e = broken(|c| c.rooms[5].id = 7);
    assert!(e.contains("position 5"), "{e}");
    // A power looks at 1 to 5 rooms and changes a die by 1 to 5 pips, as a position's choice must.
    let e = broken(|c| c.characters.abilities[0].powers[0].effects = vec![Verb::LookRooms(6)]);
    assert!(e.contains("looking at 6 rooms is not allowed (1-5)"), "{e}");
    let e = broken(|c| c.characters.abilities[0].powers[0].effects = vec![Verb::AdjustDie(0)]);
    assert!(
        e.contains("changing a die by 0 is not allowed (1-5)"),
        "{e}"
    );
}

#[test]
fn unreadable_files_are_refused_not_panicked_on() {
    for text in ["", "(", "[1, 2", "(rooms: 5)", "\u{0}\u{1}garbage"] {
        assert!(Content::from_ron(text).is_err());
        assert!(Content::from_parts(text, text, text, text, text).is_err());
    }
    // Truncations of the real document never panic.
    let doc = whole();
    for cut in (0..doc.len()).step_by(997) {
        if doc.is_char_boundary(cut) {
            assert!(Content::from_ron(&doc[..cut]).is_err());
        }
    }
    let e = Content::from_parts("[", "", "", "", "").unwrap_err();
    assert!(e.0.starts_with("rooms file"), "{e}");
}

#[test]
fn a_game_refuses_broken_content() {
    let mut c = (*content()).clone();
    c.rooms[0].groups[0].squares.push(40);
    assert!(IceFortress::new(&Setup::new(2, 0), &c).is_err());
}

/// A card prints a square's mark; words count squares from 1, as players do ("same as" for `=`).
#[test]
fn a_square_is_printed_by_its_mark_and_told_counting_from_one() {
    let plus = Constraint::Linked {
        to: 0,
        modifier: Modifier::Plus(1),
    };
    assert_eq!(plus.mark(), "+1");
    assert_eq!(plus.label(), "+1 of square 1");
    let same = Constraint::Linked {
        to: 5,
        modifier: Modifier::Same,
    };
    assert_eq!(same.mark(), "=");
    assert_eq!(same.label(), "same as square 6");
    assert_eq!(Constraint::Range(4, 5).label(), "4-5");
    assert_eq!(Constraint::Any.mark(), "any");
}
