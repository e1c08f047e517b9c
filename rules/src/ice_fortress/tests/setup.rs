//! Setup: invader cards, the supply, characters and the draft, solo play, the bag, the difficulty.

use super::*;

#[test]
fn one_random_invader_card_of_each_element_is_dealt() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let s = IceFortress::standard(&Setup::new(2, seed)).unwrap();
        for e in Element::ALL {
            let slot = s.slot(e);
            assert_eq!(content().invaders[slot.card as usize].element, e);
            assert!(!slot.beacon && !slot.neutralized);
            seen.insert(slot.card);
        }
    }
    assert_eq!(seen.len(), 8, "both cards of every element turn up");
}

/// The sizes of the rooms in the supply, smallest first.
fn supply_sizes(s: &IceFortress) -> Vec<Size> {
    let mut sizes: Vec<Size> = s
        .supply()
        .iter()
        .map(|&r| s.card(r).unwrap().size)
        .collect();
    sizes.sort();
    sizes
}

/// "Deal the top card from each deck face-up to another side of the board." (issue 52's ruling):
/// one room of each size, at every level of the track, in a new game.
#[test]
fn one_room_of_each_size_is_dealt_to_the_supply_at_every_level() {
    for level in 1..=10 {
        let setup = Setup {
            difficulty: level,
            ..Setup::new(3, 9)
        };
        assert!(!setup.jumbo_assist, "a new game has no assist");
        let s = IceFortress::standard(&setup).unwrap();
        assert_eq!(supply_sizes(&s), Size::ALL.to_vec(), "level {level}");
        for z in Size::ALL {
            assert_eq!(s.deck_len(z), content().foundation.decks.of(z) - 1);
        }
        assert!(s.built().is_empty());
        assert_eq!(s.foundation().len(), 8);
        s.check_invariants().unwrap();
    }
}

/// The assist's rooms at `level`, as the track lists them.
fn assist_dealt(level: u8) -> Vec<Size> {
    let l = content()
        .difficulty
        .levels
        .iter()
        .find(|l| l.level == level)
        .cloned();
    l.unwrap().assist_dealt
}

/// With the jumbo-room assist (an option, off by default) a level deals the rooms the track lists
/// for it: the gentler the level, the more jumbo rooms (the only rooms the foundation takes).
#[test]
fn the_jumbo_assist_deals_the_levels_rooms_to_the_supply() {
    for level in [3, 5, 7, 9] {
        let setup = Setup {
            difficulty: level,
            ..Setup::new(1, 4)
        }
        .with_jumbo_assist(true);
        let s = IceFortress::standard(&setup).unwrap();
        let mut dealt = assist_dealt(level);
        dealt.sort();
        assert_eq!(supply_sizes(&s), dealt, "level {level}");
        for z in Size::ALL {
            let n = dealt.iter().filter(|&&d| d == z).count();
            assert_eq!(s.deck_len(z), content().foundation.decks.of(z) - n);
        }
        s.check_invariants().unwrap();
    }
    let jumbos = |level: u8| {
        assist_dealt(level)
            .iter()
            .filter(|&&d| d == Size::Jumbo)
            .count()
    };
    assert!(jumbos(3) < jumbos(5) && jumbos(5) < jumbos(7) && jumbos(7) <= jumbos(9));
}

/// A setup written before the assist was an option (a format-1 save) has no `jumbo_assist` and
/// dealt the extra rooms: it reads as on, so the old game replays as it was played; a new setup
/// writes the field.
#[test]
fn a_setup_without_the_assist_field_reads_as_assisted() {
    let old = "(players: 2, difficulty: 7, seed: 5, round_limit: 40)";
    let setup: Setup = ron::from_str(old).unwrap();
    assert!(setup.jumbo_assist);
    assert_eq!(setup, Setup::new(2, 5).with_jumbo_assist(true));
    let written = ron::to_string(&Setup::new(2, 5)).unwrap();
    assert!(written.contains("jumbo_assist:false"), "{written}");
}

#[test]
fn each_player_gets_a_name_three_abilities_a_class_and_keeps_two_abilities() {
    let mut s = IceFortress::standard(&Setup::new(4, 2)).unwrap();
    assert_eq!(s.phase(), Phase::Draft);
    assert_eq!(s.characters().len(), 4);
    let names: std::collections::BTreeSet<CardId> = s.characters().iter().map(|c| c.name).collect();
    assert_eq!(names.len(), 4);
    for c in s.characters() {
        assert_eq!(c.draft.len(), 3);
    }
    for c in 0..4 {
        assert_eq!(s.to_act(), ToAct::Seats(vec![c]));
        let dealt = s.characters()[c].draft.clone();
        assert_eq!(
            s.legal_actions(c),
            dealt
                .iter()
                .map(|&card| Action::KeepAbility { card })
                .collect::<Vec<_>>()
        );
        act(&mut s, Action::KeepAbility { card: dealt[2] });
        refused(&s, Action::KeepAbility { card: dealt[2] }, "not dealt");
        act(&mut s, Action::KeepAbility { card: dealt[0] });
        assert_eq!(s.characters()[c].abilities, vec![dealt[0], dealt[2]]);
        assert!(s.characters()[c].draft.is_empty(), "the third is discarded");
    }
    assert_eq!(s.phase(), Phase::Roll);
    assert!(
        !s.advanced(),
        "name cards start on the side ending in \"the\""
    );
}

#[test]
fn solo_plays_two_characters_from_six_abilities_two_each() {
    let mut s = IceFortress::standard(&Setup::new(1, 5)).unwrap();
    assert_eq!(s.num_seats(), 1);
    assert_eq!(s.characters().len(), 2);
    assert!(s.characters().iter().all(|c| c.seat == 0));
    assert_eq!(s.characters()[0].draft.len(), 6);
    let six = s.characters()[0].draft.clone();
    act(&mut s, Action::KeepAbility { card: six[1] });
    act(&mut s, Action::KeepAbility { card: six[4] });
    assert_eq!(
        s.characters()[1].draft,
        vec![six[0], six[2], six[3], six[5]]
    );
    act(&mut s, Action::KeepAbility { card: six[5] });
    act(&mut s, Action::KeepAbility { card: six[0] });
    assert_eq!(s.characters()[1].abilities, vec![six[0], six[5]]);
    // The remaining two are discarded: neither character holds them.
    assert!(s.characters().iter().all(|c| c.draft.is_empty()));
    assert_eq!(s.phase(), Phase::Roll);
    s.check_invariants().unwrap();
}

#[test]
fn forty_figures_start_in_the_bag() {
    let s = game(2, 0);
    assert_eq!(s.bag(), [10; 4]);
    assert_eq!(s.bag_count(), 40);
    assert_eq!(s.shards(), [0; 4]);
}

#[test]
fn the_difficulty_sets_the_shield_and_the_supply_limit() {
    let s = IceFortress::standard(&Setup::new(2, 0)).unwrap();
    assert_eq!(s.difficulty(), 7, "7 is the standard introductory game");
    assert_eq!(s.shield(), 7);
    assert_eq!(s.supply_limit(), 7);
    assert_eq!(content().difficulty.standard, STANDARD_DIFFICULTY);
    for d in [3, 5, 10] {
        let s = IceFortress::standard(&Setup {
            difficulty: d,
            ..Setup::new(2, 0)
        })
        .unwrap();
        assert_eq!((s.shield(), s.supply_limit()), (d, d as usize));
    }
    assert!(
        IceFortress::standard(&Setup {
            difficulty: 0,
            ..Setup::new(2, 0)
        })
        .is_err()
    );
    assert!(
        IceFortress::standard(&Setup {
            difficulty: 11,
            ..Setup::new(2, 0)
        })
        .is_err()
    );
}

#[test]
fn one_to_four_players() {
    for p in 1..=4 {
        assert!(IceFortress::standard(&Setup::new(p, 0)).is_ok());
    }
    assert!(IceFortress::standard(&Setup::new(0, 0)).is_err());
    assert!(IceFortress::standard(&Setup::new(5, 0)).is_err());
}

#[test]
fn a_saved_game_goes_on_the_same() {
    let s = game(3, 8);
    let text = ron::to_string(&s).unwrap();
    assert!(
        text.len() < 20_000,
        "the standard content is not written into saves"
    );
    let back: IceFortress = ron::from_str(&text).unwrap();
    assert_eq!(back, s);
    // A game on other content carries it.
    let mut c = (*content()).clone();
    c.foundation.spaces = 4;
    let t = IceFortress::new(&Setup::new(2, 1), &c).unwrap();
    let back: IceFortress = ron::from_str(&ron::to_string(&t).unwrap()).unwrap();
    assert_eq!(back.foundation().len(), 4);
}

#[test]
fn a_position_where_the_one_to_act_has_nothing_to_do_is_refused() {
    // Play never leaves a character to choose from an empty draft; a position file could, and the
    // game would wait for ever.
    let s = IceFortress::standard(&Setup::new(2, 3)).unwrap();
    assert_eq!(s.phase(), Phase::Draft);
    s.check_position().unwrap();
    let mut stuck = s.clone();
    let c = stuck.current;
    stuck.characters[c].draft.clear();
    stuck.characters[c].abilities.clear();
    let err = stuck.check_position().unwrap_err();
    assert!(err.contains("nothing it may do"), "{err}");
}

#[test]
fn a_position_with_numbers_no_game_reaches_is_refused() {
    let s = IceFortress::standard(&Setup::new(2, 3)).unwrap();
    s.check_position().unwrap();
    type Edit = fn(&mut IceFortress);
    let broken: [(&str, Edit); 7] = [
        ("not on the track", |s| s.difficulty = 200),
        ("round limit must be 1 to 1000", |s| s.round_limit = 1001),
        ("past the round limit", |s| s.round = 4_000_000),
        ("does not exist", |s| s.characters[0].class = 250),
        ("does not exist", |s| s.characters[1].draft.push(250)),
        ("dice to roll", |s| s.rolls_pending = 255),
        ("invaders to pull", |s| s.to_pull = 255),
    ];
    crate::refusals::each_refused(&s, &broken, |s| s.check_position());
}

#[test]
fn a_position_whose_cards_queue_or_result_disagree_is_refused() {
    let s = IceFortress::standard(&Setup::new(2, 3)).unwrap();
    let built = super::building();
    type Edit = fn(&mut IceFortress);
    let dealt: [(&str, Edit); 4] = [
        ("held twice", |s| {
            s.characters[1].class = s.characters[0].class
        }),
        ("held twice", |s| {
            let card = s.characters[0].draft[0];
            s.characters[1].draft.push(card);
        }),
        ("keeps 3 abilities", |s| {
            s.characters[0].abilities = std::mem::take(&mut s.characters[0].draft);
        }),
        ("not a fire card", |s| s.slots.swap(0, 1)),
    ];
    let building: [(&str, Edit); 5] = [
        ("won with 0 beacons", |s| s.phase = Phase::Won),
        ("looks at or changes by 200", |s| {
            s.decision = Some(Decision::LookSize(200))
        }),
        ("looks at or changes by 0", |s| {
            s.decision = Some(Decision::AdjustDie(0))
        }),
        ("no power used this turn", |s| {
            s.decision = Some(Decision::DrawSize);
            s.effects = vec![Verb::BoostShield; 3];
        }),
        ("outside a choice", |s| s.effects = vec![Verb::DrawShard]),
    ];
    crate::refusals::each_refused(&s, &dealt, |s| s.check_position());
    crate::refusals::each_refused(&built, &building, |s| s.check_position());
}
