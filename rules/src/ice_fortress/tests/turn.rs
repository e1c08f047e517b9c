//! The turn: roll, build and powers in any order (each once), spent dice and shards returned,
//! invaders pulled, the round's discard; solo turns alternate; the round limit.

use super::*;

#[test]
fn roll_the_dice_shown_on_the_character_cards() {
    let mut s = game(2, 11);
    assert_eq!(s.to_act(), ToAct::Chance);
    let want = s.dice_shown(0);
    let ch = &s.characters()[0];
    let c = content();
    let sum = c.characters.names[ch.name as usize].starting.dice as usize
        + ch.abilities
            .iter()
            .map(|&a| c.characters.abilities[a as usize].dice as usize)
            .sum::<usize>();
    assert_eq!(want, sum, "class cards show no dice");
    s.apply_chance();
    assert_eq!(s.phase(), Phase::Build);
    assert_eq!(s.rolled().len(), want);
}

/// "Roll all the dice depicted on your character cards": a class card's dice count too (the shipped
/// classes show none, so the content is changed here to give each class one).
#[test]
fn a_class_cards_dice_are_rolled_too() {
    let mut changed = (*content()).clone();
    for class in &mut changed.characters.classes {
        class.dice = 1;
    }
    let mut s = IceFortress::new(&Setup::new(2, 11), &changed).unwrap();
    while s.phase() == Phase::Draft {
        let seat = s.current_seat();
        let a = s.legal_actions(seat)[0].clone();
        s.apply(seat, &a).unwrap();
    }
    let plain = game(2, 11);
    assert_eq!(s.dice_shown(0), plain.dice_shown(0) + 1);
    s.apply_chance();
    assert_eq!(s.rolled().len(), plain.dice_shown(0) + 1);
}

#[test]
fn never_more_dice_than_the_unused_pool() {
    let mut s = game(2, 11);
    let room = named(FLAME_HALL);
    put_room(&mut s, room, Spot::Foundation(0));
    // Tie up all but two dice as spent (as if on cards).
    for d in s.dice_at(DieAt::Pool).into_iter().skip(2) {
        s.dice[d as usize].at = DieAt::Spent;
    }
    s.apply_chance();
    assert_eq!(s.rolled().len(), 2);
}

#[test]
fn powers_are_used_once_a_turn_before_between_and_after_building() {
    let mut s = building();
    set_character(&mut s, 0, "Rose", &["nimble", "steady"], "Mason");
    let room = named(FLAME_HALL);
    put_room(&mut s, room, Spot::Foundation(0));
    let d = roll(&mut s, &[2, 2, 6]);
    let rose = power(CardRef::Class(s.characters()[0].class), 0);
    act(
        &mut s,
        Action::UsePower {
            power: rose,
            pay: vec![],
        },
    );
    act(
        &mut s,
        Action::SetDie {
            die: d[0],
            value: 1,
        },
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[0],
            room,
            square: 2,
        },
    );
    refused(
        &s,
        Action::UsePower {
            power: rose,
            pay: vec![],
        },
        "once a turn",
    );
    let nimble = power(
        CardRef::Ability(
            content()
                .characters
                .abilities
                .iter()
                .find(|a| a.name == "nimble")
                .unwrap()
                .id,
        ),
        0,
    );
    act(
        &mut s,
        Action::UsePower {
            power: nimble,
            pay: vec![],
        },
    );
    act(
        &mut s,
        Action::SetDie {
            die: d[1],
            value: 3,
        },
    );
    act(
        &mut s,
        Action::PlacePillar {
            die: d[1],
            room,
            square: 1,
        },
    );
    let steady = power(
        CardRef::Ability(
            content()
                .characters
                .abilities
                .iter()
                .find(|a| a.name == "steady")
                .unwrap()
                .id,
        ),
        0,
    );
    act(
        &mut s,
        Action::UsePower {
            power: steady,
            pay: vec![Pay::Die(d[2])],
        },
    );
    assert!(s.used_powers().contains(&steady));
    assert_eq!(s.dice()[d[2] as usize].at, DieAt::Spent);
    refused(
        &s,
        Action::UsePower {
            power: power(CardRef::Class(99), 0),
            pay: vec![],
        },
        "no such power",
    );
}

#[test]
fn spent_dice_go_to_the_pool_and_spent_shards_to_the_bag_after_the_turn() {
    let mut s = building();
    set_character(&mut s, 0, "Rose", &["nimble", "steady"], "Warden");
    let d = roll(&mut s, &[6, 3]);
    give_shards(&mut s, Element::Water, 2);
    act(
        &mut s,
        Action::UsePower {
            power: power(
                CardRef::Ability(
                    content()
                        .characters
                        .abilities
                        .iter()
                        .find(|a| a.name == "steady")
                        .unwrap()
                        .id,
                ),
                0,
            ),
            pay: vec![Pay::Die(d[0])],
        },
    );
    let warden = CardRef::Class(s.characters()[0].class);
    act(
        &mut s,
        Action::UsePower {
            power: power(warden, 0),
            pay: vec![Pay::Shard(Element::Water), Pay::Shard(Element::Water)],
        },
    );
    assert_eq!(s.dice()[d[0] as usize].at, DieAt::Spent);
    assert_eq!(s.spent_shards(), [0, 2, 0, 0]);
    act(&mut s, Action::EndBuild);
    while s.phase() == Phase::Invaders {
        if s.to_act() == ToAct::Chance {
            s.apply_chance();
        } else {
            let a = s.legal_actions(0)[0].clone();
            act(&mut s, a);
        }
    }
    // The next character has not rolled yet: the spent die is in the unused pool.
    assert_eq!(s.phase(), Phase::Roll);
    assert_eq!(s.dice()[d[0] as usize].at, DieAt::Pool, "spent dice return");
    assert_eq!(
        s.dice()[d[1] as usize].at,
        DieAt::Pool,
        "unused dice return too"
    );
    assert_eq!(s.spent_shards(), [0; 4]);
    assert!(s.used_powers().is_empty());
    assert_eq!(s.current(), 1);
    s.check_invariants().unwrap();
}

#[test]
fn after_building_two_invaders_are_pulled() {
    let mut s = building();
    act(&mut s, Action::EndBuild);
    assert_eq!(s.phase(), Phase::Invaders);
    assert_eq!(s.to_pull(), 2);
    assert_eq!(s.to_act(), ToAct::Chance);
    s.apply_chance();
    s.apply_chance();
    // No rooms: both hit the shield and return to the bag; the next character rolls.
    assert_eq!(s.shield(), 5);
    assert_eq!(s.bag_count(), 40);
    assert_eq!(s.phase(), Phase::Roll);
    assert_eq!(s.current(), 1);
}

#[test]
fn the_round_ends_with_the_supply_discarded_down_to_the_difficulty() {
    let mut s = building();
    s.current = 1;
    for r in find_all(|c| c.size == Size::Small).into_iter().take(9) {
        to_supply(&mut s, r);
    }
    give_shards(&mut s, Element::Fire, 8);
    s.shield = 10;
    act(&mut s, Action::EndBuild);
    s.apply_chance();
    s.apply_chance();
    assert_eq!(s.phase(), Phase::EndOfRound);
    assert_eq!(s.to_act(), ToAct::Seats(vec![1]));
    refused(&s, Action::EndBuild, "discard");
    let first = s.supply()[0];
    act(&mut s, Action::DiscardRoom { room: first });
    assert_eq!(s.deck(Size::Small).bottom, vec![first]);
    let next = s.supply()[0];
    act(&mut s, Action::DiscardRoom { room: next });
    refused(
        &s,
        Action::DiscardRoom {
            room: s.supply()[0],
        },
        "no more rooms",
    );
    refused(
        &s,
        Action::DiscardShard {
            element: Element::Water,
        },
        "no water shard",
    );
    act(
        &mut s,
        Action::DiscardShard {
            element: Element::Fire,
        },
    );
    assert_eq!(s.shards()[0], 7);
    assert_eq!(s.phase(), Phase::Roll);
    assert_eq!(s.round(), 2);
    assert_eq!(s.current(), 0);
}

#[test]
fn no_discard_after_a_turn_that_does_not_end_the_round() {
    let mut s = building();
    for r in find_all(|c| c.size == Size::Small).into_iter().take(9) {
        to_supply(&mut s, r);
    }
    s.shield = 10;
    act(&mut s, Action::EndBuild);
    s.apply_chance();
    s.apply_chance();
    assert_eq!(s.phase(), Phase::Roll);
    assert_eq!(s.supply().len(), 9);
}

#[test]
fn in_solo_the_two_characters_alternate_turns_on_one_seat() {
    let mut s = game(1, 3);
    assert_eq!(s.current(), 0);
    s.apply_chance();
    s.shield = 10;
    act(&mut s, Action::EndBuild);
    while s.current() == 0 {
        match s.to_act() {
            ToAct::Chance => s.apply_chance(),
            _ => {
                let a = s.legal_actions(0)[0].clone();
                act(&mut s, a);
            }
        }
    }
    assert_eq!(s.current(), 1);
    assert_eq!(s.current_seat(), 0);
    assert_eq!(s.round(), 1);
}

/// A solo game (two characters) with `round_limit`, past the draft, its shield topped up to ten.
fn solo_siege(round_limit: u32) -> IceFortress {
    let mut s = IceFortress::standard(&Setup {
        round_limit,
        ..Setup::new(1, 2)
    })
    .unwrap();
    while s.phase() == Phase::Draft {
        let a = s.legal_actions(0)[0].clone();
        act(&mut s, a);
    }
    s.shield = 10;
    s
}

/// Play `turns` turns of building nothing (the shield kept at ten, so it never breaks).
fn idle_turns(s: &mut IceFortress, turns: usize) {
    for _ in 0..turns {
        s.shield = 10;
        s.apply_chance();
        act(s, Action::EndBuild);
        while matches!(s.phase(), Phase::Invaders | Phase::EndOfRound) {
            match s.to_act() {
                ToAct::Chance => s.apply_chance(),
                ToAct::Over => break,
                _ => {
                    let a = s.legal_actions(0)[0].clone();
                    act(s, a);
                }
            }
        }
    }
}

#[test]
fn the_round_limit_ends_an_unwon_siege_as_a_loss() {
    let mut s = solo_siege(1);
    // Two characters, so two turns a round.
    idle_turns(&mut s, 2);
    assert_eq!(s.phase(), Phase::Lost);
}

/// "All players lose if their ice shield is broken through": with no round limit (a player's game
/// in the app), rounds go on past any limit while the shield holds.
#[test]
fn all_players_lose_only_if_their_ice_shield_is_broken_through_with_no_round_limit() {
    let mut s = solo_siege(NO_ROUND_LIMIT);
    idle_turns(&mut s, 6);
    assert_ne!(s.phase(), Phase::Lost);
    assert!(s.round() >= 3, "round {}", s.round());
    s.check_position().unwrap();
    assert!(s.max_game_length() > 64, "searches still have a bound");
}

#[test]
fn actions_out_of_turn_or_phase_are_refused_with_a_reason() {
    let mut s = game(2, 1);
    let err = s.clone().apply(0, &Action::EndBuild).unwrap_err();
    assert!(err.0.contains("rolled"), "{err}");
    s.apply_chance();
    let err = s.clone().apply(1, &Action::EndBuild).unwrap_err();
    assert!(err.0.contains("not your turn"), "{err}");
    let err = s.clone().apply(7, &Action::EndBuild).unwrap_err();
    assert!(err.0.contains("no seat 8"), "{err}"); // seat index 7: counted from 1 in words
    refused(
        &s,
        Action::PickSize { size: Size::Small },
        "nothing to choose",
    );
    refused(
        &s,
        Action::DiscardShard {
            element: Element::Air,
        },
        "end of a round",
    );
}

#[test]
fn every_legal_action_has_a_description() {
    let mut s = building();
    set_character(&mut s, 0, "Autumn", &["fierce", "cunning"], "Banisher");
    let room = named(FLAME_HALL);
    to_supply(&mut s, room);
    roll(&mut s, &[3, 4]);
    let mut powers = 0;
    for a in s.legal_actions(0) {
        let text = s.action_to_string(0, &a);
        assert!(text.starts_with("Autumn "), "{text}");
        // A power names the card it is on, not the character twice ("Autumn uses Autumn's ..."),
        // and quotes its text in brackets without the text's own full stop.
        if let Action::UsePower { power, .. } = a {
            let card = match power.card {
                CardRef::Name(_) => "the name card".to_string(),
                CardRef::Ability(k) => {
                    format!(
                        "the {} ability",
                        s.content().characters.abilities[k as usize].name
                    )
                }
                CardRef::Class(_) => "the Banisher class".to_string(),
                CardRef::Beacon(_) => "the Beacon".to_string(),
            };
            assert!(
                text.starts_with(&format!("Autumn uses {card} (\"")),
                "{text}"
            );
            assert!(!text.contains(".\")"), "{text}");
            powers += 1;
        }
    }
    assert!(powers > 0, "no power to describe");
}

#[test]
fn a_die_is_named_by_its_value_and_by_its_place_only_where_another_shows_the_same() {
    let mut s = building();
    set_character(&mut s, 0, "Autumn", &["fierce", "cunning"], "Banisher");
    let room = named(FLAME_HALL);
    put_room(&mut s, room, Spot::Foundation(0));
    let d = roll(&mut s, &[3, 4, 3]);
    let text = |d: DieId| {
        s.action_to_string(
            0,
            &Action::PlacePillar {
                die: d,
                room,
                square: 0,
            },
        )
    };
    assert!(
        text(d[1]).contains("places a 4 as a pillar"),
        "{}",
        text(d[1])
    );
    assert!(text(d[0]).contains("a 3 (rolled die 1)"), "{}", text(d[0]));
    assert!(text(d[2]).contains("a 3 (rolled die 3)"), "{}", text(d[2]));
    // Foundation spaces are counted from 1 in the log, as their tooltips count them.
    let jumbo = find(|c| c.size == Size::Jumbo);
    let built = s.action_to_string(
        0,
        &Action::BuildRoom {
            room: jumbo,
            on: Spot::Foundation(0),
        },
    );
    assert!(built.ends_with("on foundation space 1"), "{built}");
}

#[test]
fn same_seed_same_actions_same_game() {
    let play = || {
        let mut s = game(2, 21);
        let mut rng = GameRng::new(4);
        for _ in 0..300 {
            match s.to_act() {
                ToAct::Over => break,
                ToAct::Chance => s.apply_chance(),
                ToAct::Seats(v) => {
                    let l = s.legal_actions(v[0]);
                    let a = l[rng.below(l.len())].clone();
                    s.apply(v[0], &a).unwrap();
                }
            }
        }
        s
    };
    assert_eq!(play(), play());
}

/// "If your Name card has 2 dice, your two Ability cards have 1 and 2 dice respectively, and your
/// Class card has 0 dice, you roll 5 dice total": Autumn (2), fierce (1), cunning (2), Banisher (0).
#[test]
fn the_rulebook_character_with_two_one_two_and_no_dice_rolls_five() {
    let mut s = game(2, 11);
    set_character(&mut s, 0, "Autumn", &["fierce", "cunning"], "Banisher");
    let chars = &content().characters;
    let name = chars.names.iter().find(|n| n.name == "Autumn").unwrap();
    let dice = |list: &[TraitCard], n: &str| list.iter().find(|c| c.name == n).unwrap().dice;
    assert_eq!(name.starting.dice, 2);
    assert_eq!(dice(&chars.abilities, "fierce"), 1);
    assert_eq!(dice(&chars.abilities, "cunning"), 2);
    assert_eq!(dice(&chars.classes, "Banisher"), 0);
    assert_eq!(s.dice_shown(0), 5);
    assert_eq!(s.to_act(), ToAct::Chance);
    s.apply_chance();
    assert_eq!(s.phase(), Phase::Build);
    assert_eq!(s.rolled().len(), 5, "you roll 5 dice total");
}

/// Solo: "During the game, alternate turns between the two of them, as if playing a two-player
/// game": after the second character's turn the round ends and the first character plays again,
/// both on the one seat.
#[test]
fn in_solo_the_first_character_plays_again_after_the_second_ends_the_round() {
    let mut s = game(1, 3);
    s.shield = 10;
    let mut turns = Vec::new();
    for _ in 0..4 {
        assert_eq!(s.phase(), Phase::Roll);
        turns.push((s.round(), s.current(), s.current_seat()));
        s.apply_chance();
        act(&mut s, Action::EndBuild);
        while matches!(s.phase(), Phase::Invaders | Phase::EndOfRound) {
            match s.to_act() {
                ToAct::Chance => s.apply_chance(),
                _ => {
                    let a = s.legal_actions(0)[0].clone();
                    act(&mut s, a);
                }
            }
        }
    }
    assert_eq!(turns, vec![(1, 0, 0), (1, 1, 0), (2, 0, 0), (2, 1, 0)]);
}

/// The design note: "each invader owed is pulled from the bag; when the bag is empty the rest are not
/// pulled, and nothing else happens in their place (no shield hit)".
#[test]
fn with_the_bag_empty_the_invaders_owed_are_not_pulled_and_the_shield_is_not_hit() {
    // Every figure is a shard in the supply: neither of the two invaders owed comes.
    let mut s = building();
    for e in Element::ALL {
        give_shards(&mut s, e, 10);
    }
    let shield = s.shield();
    act(&mut s, Action::EndBuild);
    assert_eq!(s.shield(), shield);
    assert_eq!(s.phase(), Phase::Roll, "the turn is over");
    assert_eq!(s.current(), 1);
    assert_eq!(s.to_pull(), 0);
    // One fire figure left, a fire room to land in: the first invader empties the bag, the second
    // is not pulled.
    let mut s = building();
    let r = named(FLAME_HALL);
    put_room(&mut s, r, Spot::Foundation(0));
    // Its one empty pillar is the one landing place (no choice).
    put_pillar(&mut s, r, 0, 2);
    for e in Element::ALL {
        give_shards(&mut s, e, if e == Element::Fire { 9 } else { 10 });
    }
    act(&mut s, Action::EndBuild);
    assert_eq!(s.to_pull(), 2);
    assert_eq!(s.to_act(), ToAct::Chance);
    s.apply_chance();
    s.check_invariants().unwrap();
    assert_eq!(s.built_room(r).unwrap().invaders[0], Some(Element::Fire));
    assert_eq!(s.bag_count(), 0);
    assert_eq!(s.decision(), None);
    assert_eq!(s.shield(), shield, "nothing in the second one's place");
    assert_eq!(s.phase(), Phase::Roll, "the turn is over");
    assert_eq!(s.current(), 1);
}
