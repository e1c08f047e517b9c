//! One test per rule sentence of the IceTowers rulebook, its strategy example, and the battery.

use super::*;
use crate::battery::{self, BatteryConfig};

const RED: Side = 0;
const GREEN: Side = 1;
const BLUE: Side = 2;

fn p(side: Side, pips: Pips) -> Pyramid {
    Pyramid { side, pips }
}

/// Three seats coloured Red, Green, Blue, with `towers` built and everything else freestanding.
fn table(towers: &[Vec<Pyramid>]) -> IceTowers {
    let setup = Setup {
        hues: Some(vec![Hue::Red, Hue::Green, Hue::Blue]),
        ..Setup::new(3, 1)
    };
    IceTowers::with_towers(&setup, towers).unwrap()
}

/// Id of the first tower that is exactly `pieces`.
fn find(s: &IceTowers, pieces: &[Pyramid]) -> TowerId {
    s.towers()
        .iter()
        .find(|t| t.pieces == pieces)
        .expect("tower present")
        .id
}

fn free(s: &IceTowers, side: Side, pips: Pips) -> TowerId {
    find(s, &[p(side, pips)])
}

fn refused(s: &IceTowers, seat: Seat, a: Action, why: &str) {
    let mut copy = s.clone();
    let err = copy.apply(seat, &a).expect_err("move should be refused");
    assert!(err.0.contains(why), "reason {err:?} should mention {why:?}");
    assert_eq!(&copy, s, "a refused move changes nothing");
    assert!(!s.legal_actions(seat).contains(&a));
}

fn allowed(s: &IceTowers, seat: Seat, a: Action) -> IceTowers {
    assert!(s.legal_actions(seat).contains(&a), "{a:?} should be legal");
    let mut next = s.clone();
    next.apply(seat, &a).unwrap();
    next
}

#[test]
fn two_to_six_colours() {
    for seats in 2..=6 {
        assert!(IceTowers::new(&Setup::new(seats, 0)).is_ok());
    }
    assert!(IceTowers::new(&Setup::new(1, 0)).is_err());
    assert!(IceTowers::new(&Setup::new(7, 0)).is_err());
}

#[test]
fn fifteen_pyramids_per_colour_five_of_each_size_all_freestanding() {
    let s = IceTowers::new(&Setup::new(4, 0)).unwrap();
    assert_eq!(s.towers().len(), 4 * 15);
    assert!(s.towers().iter().all(Tower::is_freestanding));
    for side in 0..4 {
        for pips in 1..=3 {
            let n = s
                .towers()
                .iter()
                .filter(|t| t.top() == p(side, pips))
                .count();
            assert_eq!(n, 5);
        }
    }
    s.check_invariants().unwrap();
}

#[test]
fn two_players_summon_gus_the_ghost_as_a_third_colour() {
    let s = IceTowers::new(&Setup::new(2, 0)).unwrap();
    assert_eq!(s.sides(), 3);
    assert_eq!(s.gus(), Some(2));
    assert_eq!(s.towers().len(), 45);
    // Gus never acts: only the two seats may.
    assert_eq!(s.to_act(), ToAct::Seats(vec![0, 1]));
    assert!(
        s.legal_actions(2).is_empty(),
        "nobody moves Gus's pyramids for him"
    );
    let mut copy = s.clone();
    let gus_cap = Action::Cap {
        piece: free(&s, 2, 1),
        onto: free(&s, 2, 3),
    };
    assert!(copy.apply(2, &gus_cap).is_err());
    assert!(copy.apply(2, &Action::Stop).is_err());
    assert_eq!(copy, s, "a move for Gus changes nothing");
    // Nor may either player pick up one of his pyramids: every cap they may make moves their own.
    for seat in 0..2 {
        refused(&s, seat, gus_cap.clone(), "own colour");
        let caps: Vec<TowerId> = s
            .legal_actions(seat)
            .iter()
            .filter_map(|a| match a {
                Action::Cap { piece, .. } => Some(*piece),
                _ => None,
            })
            .collect();
        assert!(!caps.is_empty());
        for piece in caps {
            assert_eq!(s.tower(piece).unwrap().top().side, seat as Side);
        }
    }
    assert_eq!(s.scores().len(), 2);
    assert_eq!(s.side_scores(), vec![30, 30, 30]);
    assert_eq!(IceTowers::new(&Setup::new(3, 0)).unwrap().gus(), None);
}

#[test]
fn colours_must_differ() {
    let setup = Setup {
        hues: Some(vec![Hue::Red, Hue::Red, Hue::Blue]),
        ..Setup::new(3, 0)
    };
    assert!(IceTowers::new(&setup).is_err());
}

#[test]
fn play_is_turnless_every_seat_may_act() {
    let s = IceTowers::new(&Setup::new(5, 0)).unwrap();
    assert_eq!(s.to_act(), ToAct::Seats(vec![0, 1, 2, 3, 4]));
    for seat in 0..5 {
        assert!(s.legal_actions(seat).len() > 1);
    }
}

#[test]
fn cap_a_pyramid_with_a_freestanding_pyramid_of_your_colour() {
    let s = table(&[]);
    let next = allowed(
        &s,
        0,
        Action::Cap {
            piece: free(&s, RED, 2),
            onto: free(&s, BLUE, 3),
        },
    );
    find(&next, &[p(BLUE, 3), p(RED, 2)]);
    assert_eq!(next.towers().len(), s.towers().len() - 1);
}

#[test]
fn cap_a_tower() {
    let s = table(&[vec![p(BLUE, 3), p(GREEN, 2)]]);
    let tower = find(&s, &[p(BLUE, 3), p(GREEN, 2)]);
    let next = allowed(
        &s,
        0,
        Action::Cap {
            piece: free(&s, RED, 1),
            onto: tower,
        },
    );
    find(&next, &[p(BLUE, 3), p(GREEN, 2), p(RED, 1)]);
}

#[test]
fn equal_sizes_may_cap_each_other() {
    let s = table(&[]);
    allowed(
        &s,
        0,
        Action::Cap {
            piece: free(&s, RED, 3),
            onto: free(&s, GREEN, 3),
        },
    );
}

#[test]
fn cap_only_with_your_own_colour() {
    let s = table(&[]);
    refused(
        &s,
        0,
        Action::Cap {
            piece: free(&s, GREEN, 1),
            onto: free(&s, BLUE, 3),
        },
        "own colour",
    );
}

#[test]
fn cap_only_with_a_freestanding_pyramid() {
    let s = table(&[vec![p(RED, 3), p(RED, 2)]]);
    let tower = find(&s, &[p(RED, 3), p(RED, 2)]);
    refused(
        &s,
        0,
        Action::Cap {
            piece: tower,
            onto: free(&s, BLUE, 3),
        },
        "freestanding",
    );
}

#[test]
fn never_placed_atop_a_smaller_one() {
    let s = table(&[]);
    refused(
        &s,
        0,
        Action::Cap {
            piece: free(&s, RED, 3),
            onto: free(&s, BLUE, 2),
        },
        "smaller",
    );
    let s = table(&[vec![p(BLUE, 3), p(GREEN, 1)]]);
    let tower = find(&s, &[p(BLUE, 3), p(GREEN, 1)]);
    refused(
        &s,
        0,
        Action::Cap {
            piece: free(&s, RED, 2),
            onto: tower,
        },
        "smaller",
    );
}

#[test]
fn a_pyramid_cannot_cap_itself() {
    let s = table(&[]);
    let me = free(&s, RED, 2);
    refused(
        &s,
        0,
        Action::Cap {
            piece: me,
            onto: me,
        },
        "itself",
    );
}

#[test]
fn mine_an_excess_pyramid_from_a_tower_not_topped_by_you() {
    let s = table(&[vec![p(RED, 3), p(RED, 2), p(BLUE, 1)]]);
    let t = find(&s, &[p(RED, 3), p(RED, 2), p(BLUE, 1)]);
    let next = allowed(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 0,
            onto: None,
        },
    );
    find(&next, &[p(RED, 2), p(BLUE, 1)]);
    assert!(
        next.towers().last().unwrap().pieces == [p(RED, 3)],
        "the mined piece stands freestanding"
    );
}

#[test]
fn mining_past_a_towers_top_is_refused_with_its_height_in_words() {
    let s = table(&[]);
    let mine = |from, index| Action::Mine {
        from,
        index,
        onto: None,
    };
    let err = s.check(0, &mine(free(&s, RED, 3), 1)).unwrap_err();
    assert_eq!(err.0, "that tower has only 1 pyramid");
    let s = table(&[vec![p(RED, 3), p(BLUE, 2)]]);
    let t = find(&s, &[p(RED, 3), p(BLUE, 2)]);
    refused(&s, 0, mine(t, 2), "that tower has only 2 pyramids");
}

#[test]
fn mine_needs_two_or_more_of_your_pyramids() {
    let s = table(&[vec![p(RED, 3), p(BLUE, 2), p(GREEN, 1)]]);
    let t = find(&s, &[p(RED, 3), p(BLUE, 2), p(GREEN, 1)]);
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 0,
            onto: None,
        },
        "two or more",
    );
}

#[test]
fn no_mining_from_a_tower_your_colour_tops() {
    let s = table(&[vec![p(RED, 3), p(RED, 2), p(RED, 1)]]);
    let t = find(&s, &[p(RED, 3), p(RED, 2), p(RED, 1)]);
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 0,
            onto: None,
        },
        "tops",
    );
}

#[test]
fn mine_only_your_own_colour() {
    let s = table(&[vec![p(RED, 3), p(BLUE, 2), p(RED, 2), p(GREEN, 1)]]);
    let t = find(&s, &[p(RED, 3), p(BLUE, 2), p(RED, 2), p(GREEN, 1)]);
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 1,
            onto: None,
        },
        "own colour",
    );
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 9,
            onto: None,
        },
        "only 4",
    );
}

#[test]
fn a_mined_piece_may_cap_another_tower() {
    let s = table(&[vec![p(RED, 3), p(RED, 2), p(BLUE, 1)]]);
    let t = find(&s, &[p(RED, 3), p(RED, 2), p(BLUE, 1)]);
    let target = free(&s, GREEN, 2);
    let next = allowed(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 1,
            onto: Some(target),
        },
    );
    find(&next, &[p(GREEN, 2), p(RED, 2)]);
    find(&next, &[p(RED, 3), p(BLUE, 1)]);
    // The mined piece, too, never goes on a smaller one.
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 0,
            onto: Some(target),
        },
        "smaller",
    );
}

#[test]
fn no_minebacks() {
    let s = table(&[vec![p(RED, 3), p(RED, 2), p(BLUE, 2)]]);
    let t = find(&s, &[p(RED, 3), p(RED, 2), p(BLUE, 2)]);
    refused(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 1,
            onto: Some(t),
        },
        "minebacks",
    );
}

#[test]
fn no_minebacks_in_a_later_move_either() {
    // Set down freestanding, the mined pyramid still may not cap the tower it came from; it may cap
    // any other, and other freestanding pyramids of its size may cap that tower.
    let s = table(&[vec![p(RED, 3), p(RED, 2), p(BLUE, 2)]]);
    let t = find(&s, &[p(RED, 3), p(RED, 2), p(BLUE, 2)]);
    let next = allowed(
        &s,
        0,
        Action::Mine {
            from: t,
            index: 1,
            onto: None,
        },
    );
    let mined = next.towers().last().unwrap();
    assert_eq!(
        (mined.pieces.as_slice(), mined.mined_from),
        (&[p(RED, 2)][..], Some(t))
    );
    let mined = mined.id;
    refused(
        &next,
        0,
        Action::Cap {
            piece: mined,
            onto: t,
        },
        "minebacks",
    );
    allowed(
        &next,
        0,
        Action::Cap {
            piece: mined,
            onto: free(&next, GREEN, 3),
        },
    );
    let other = next
        .towers()
        .iter()
        .find(|x| x.pieces == [p(RED, 2)] && x.id != mined)
        .unwrap()
        .id;
    allowed(
        &next,
        0,
        Action::Cap {
            piece: other,
            onto: t,
        },
    );
    // The memory travels with the state (saves, undo) and is left out where there is none.
    let text = ron::to_string(&next).unwrap();
    assert_eq!(ron::from_str::<IceTowers>(&text).unwrap(), next);
    assert_eq!(text.matches("mined_from").count(), 1);
}

#[test]
fn the_memory_of_a_mine_stays_with_the_mined_pyramid_not_with_what_stands_on_it() {
    // Red mines a medium out of T and sets it down as X, then caps X with another medium and a small;
    // Green tops it. Red mines X's bottom medium (the one from T) out again: the medium left at X's
    // bottom never came out of T, and once split free it may cap T.
    let s = table(&[vec![p(BLUE, 3), p(RED, 2), p(RED, 2), p(BLUE, 2)]]);
    let t = find(&s, &[p(BLUE, 3), p(RED, 2), p(RED, 2), p(BLUE, 2)]);
    let mine = |from, index| Action::Mine {
        from,
        index,
        onto: None,
    };
    let s = allowed(&s, 0, mine(t, 1));
    let x = s.towers().last().unwrap().id;
    let cap = |s: &IceTowers, side, pips, onto| Action::Cap {
        piece: s
            .towers()
            .iter()
            .find(|t| t.id != onto && t.id != x && t.pieces == [p(side, pips)])
            .unwrap()
            .id,
        onto,
    };
    let s = allowed(&s, 0, cap(&s, RED, 2, x));
    let s = allowed(&s, 0, cap(&s, RED, 1, x));
    let s = allowed(&s, 1, cap(&s, GREEN, 1, x));
    let s = allowed(&s, 0, mine(x, 0));
    let (again, rest) = (s.towers().last().unwrap(), &s.towers()[s.index(x).unwrap()]);
    assert_eq!(
        again.mined_from,
        Some(x),
        "the medium mined again remembers X"
    );
    assert_eq!(
        (rest.pieces.as_slice(), rest.mined_from),
        (&[p(RED, 2), p(RED, 1), p(GREEN, 1)][..], None),
        "what is left of X came out of no tower"
    );
    let s = allowed(&s, 1, Action::Split { tower: x, at: 1 });
    allowed(&s, 0, Action::Cap { piece: x, onto: t });
}

#[test]
fn split_between_two_same_colour_pieces_not_yours() {
    let s = table(&[vec![p(RED, 3), p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]]);
    let t = find(&s, &[p(RED, 3), p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]);
    let next = allowed(&s, 0, Action::Split { tower: t, at: 2 });
    find(&next, &[p(RED, 3), p(BLUE, 3)]);
    find(&next, &[p(BLUE, 2), p(GREEN, 1)]);
    assert_eq!(next.towers().len(), s.towers().len() + 1);
}

#[test]
fn no_split_between_different_colours() {
    let s = table(&[vec![p(RED, 3), p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]]);
    let t = find(&s, &[p(RED, 3), p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]);
    refused(&s, 0, Action::Split { tower: t, at: 1 }, "same colour");
    refused(&s, 0, Action::Split { tower: t, at: 0 }, "between");
    refused(&s, 0, Action::Split { tower: t, at: 4 }, "between");
}

#[test]
fn no_split_between_your_own_pieces() {
    let s = table(&[vec![p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]]);
    let t = find(&s, &[p(BLUE, 3), p(BLUE, 2), p(GREEN, 1)]);
    refused(&s, 2, Action::Split { tower: t, at: 1 }, "own colour");
    allowed(&s, 0, Action::Split { tower: t, at: 1 });
}

#[test]
fn anyone_may_split_between_gus_pieces() {
    let setup = Setup::new(2, 0);
    let gus = 2;
    let s = IceTowers::with_towers(&setup, &[vec![p(gus, 3), p(gus, 2)]]).unwrap();
    let t = find(&s, &[p(gus, 3), p(gus, 2)]);
    allowed(&s, 0, Action::Split { tower: t, at: 1 });
    allowed(&s, 1, Action::Split { tower: t, at: 1 });
}

#[test]
fn score_is_pips_in_towers_your_colour_tops() {
    let s = table(&[
        vec![p(BLUE, 3), p(GREEN, 3), p(RED, 2)],
        vec![p(RED, 3), p(GREEN, 1)],
    ]);
    // Red: the 8-pip tower plus its 11 pips still freestanding (30 - 3 - 2 - 3 ... see below).
    let red_free: i64 = s
        .towers()
        .iter()
        .filter(|t| t.pieces == [t.top()] && t.top().side == RED)
        .map(Tower::pips)
        .sum();
    assert_eq!(red_free, 30 - 2 - 3);
    assert_eq!(s.scores()[0], 8 + red_free);
    assert_eq!(s.scores()[1], 30 - 3 - 1 + 4);
    assert_eq!(s.scores()[2], 30 - 3);
    assert_eq!(
        s.scores().iter().sum::<i64>(),
        90,
        "every pip counts for exactly one colour"
    );
}

#[test]
fn everyone_starts_at_thirty() {
    let s = IceTowers::new(&Setup::new(6, 3)).unwrap();
    assert!(s.scores().iter().all(|&x| x == PIPS_PER_COLOUR));
}

#[test]
fn the_game_ends_when_everyone_agrees_to_stop() {
    let mut s = IceTowers::new(&Setup::new(3, 0)).unwrap();
    s.apply(0, &Action::Stop).unwrap();
    assert_eq!(s.to_act(), ToAct::Seats(vec![1, 2]));
    refused(
        &s,
        0,
        Action::Cap {
            piece: free(&s, 0, 1),
            onto: free(&s, 1, 1),
        },
        "agreed to stop",
    );
    s.apply(1, &Action::Stop).unwrap();
    s.apply(2, &Action::Stop).unwrap();
    assert_eq!(s.to_act(), ToAct::Over);
    assert!(s.legal_actions(0).is_empty());
    refused(&s, 1, Action::Stop, "over");
}

#[test]
fn a_move_cancels_every_agreement_to_stop() {
    let mut s = table(&[]);
    s.apply(0, &Action::Stop).unwrap();
    s.apply(1, &Action::Stop).unwrap();
    let cap = Action::Cap {
        piece: free(&s, BLUE, 1),
        onto: free(&s, RED, 1),
    };
    s.apply(2, &cap).unwrap();
    assert_eq!(s.to_act(), ToAct::Seats(vec![0, 1, 2]));
}

#[test]
fn the_move_limit_ends_the_game() {
    let setup = Setup {
        move_limit: 1,
        ..Setup::new(3, 0)
    };
    let mut s = IceTowers::new(&setup).unwrap();
    let cap = Action::Cap {
        piece: free(&s, 0, 1),
        onto: free(&s, 1, 1),
    };
    s.apply(0, &cap).unwrap();
    assert!(s.is_over());
}

#[test]
fn winner_takes_the_return() {
    let s = table(&[vec![p(BLUE, 3), p(RED, 3)]]);
    assert_eq!(s.returns(), vec![1.0, 0.0, 0.0]);
}

/// The rulebook's strategy example: Red tops a tower holding two green larges, Blue tops one holding
/// two red larges. Leaving them gives Green's points to Red and Red's to Blue; whoever mines first
/// hands the other a cap at once.
#[test]
fn strategy_example_the_standoff() {
    let x = vec![p(GREEN, 3), p(GREEN, 3), p(RED, 3)];
    let y = vec![p(RED, 3), p(RED, 3), p(BLUE, 3)];
    let s = table(&[x.clone(), y.clone()]);
    let (tx, ty) = (find(&s, &x), find(&s, &y));
    // Unmined, the green pips count for Red and the red pips for Blue.
    assert_eq!(s.tower(tx).unwrap().top().side, RED);
    assert_eq!(s.tower(ty).unwrap().top().side, BLUE);
    // Both may mine a large.
    let green_mines = Action::Mine {
        from: tx,
        index: 1,
        onto: None,
    };
    let red_mines = Action::Mine {
        from: ty,
        index: 1,
        onto: None,
    };
    assert!(s.legal_actions(1).contains(&green_mines));
    assert!(s.legal_actions(0).contains(&red_mines));
    // If Green mines first and sets the large down, Red mines a large and caps it at once.
    let after = allowed(&s, 1, green_mines);
    let green_large = after.towers().last().unwrap().id;
    let punish = Action::Mine {
        from: ty,
        index: 1,
        onto: Some(green_large),
    };
    let punished = allowed(&after, 0, punish);
    assert!(punished.scores()[0] > after.scores()[0]);
    assert!(punished.scores()[1] < after.scores()[1]);
    // And the other way round: if Red mines first, Green caps Red's large with its own.
    let after = allowed(&s, 0, red_mines);
    let red_large = after.towers().last().unwrap().id;
    let punished = allowed(
        &after,
        1,
        Action::Mine {
            from: tx,
            index: 1,
            onto: Some(red_large),
        },
    );
    assert!(punished.scores()[1] > after.scores()[1]);
}

#[test]
fn same_seed_same_actions_same_game() {
    let play = || {
        let mut s = IceTowers::new(&Setup::new(4, 99)).unwrap();
        let mut rng = GameRng::new(5);
        for _ in 0..50 {
            let seat = rng.below(4);
            let legal = s.legal_actions(seat);
            if !legal.is_empty() {
                let a = legal[rng.below(legal.len())].clone();
                s.apply(seat, &a).unwrap();
            }
        }
        ron::to_string(&s).unwrap()
    };
    assert_eq!(play(), play());
}

#[test]
fn every_action_has_a_description() {
    let s = table(&[
        vec![p(RED, 3), p(RED, 2), p(BLUE, 1)],
        vec![p(GREEN, 3), p(GREEN, 2)],
    ]);
    for a in s.legal_actions(0) {
        let text = s.action_to_string(0, &a);
        assert!(text.starts_with("Red "), "{text}");
    }
}

#[test]
fn battery_icetowers() {
    let make = |seed: u64| {
        let seats = 2 + (seed % 5) as usize;
        IceTowers::new(&Setup {
            move_limit: 120,
            ..Setup::new(seats, seed)
        })
        .unwrap()
    };
    let cfg = BatteryConfig {
        ..BatteryConfig::games(1000)
    };
    let report = battery::run(make, &cfg);
    assert_eq!(report.games, 1000);
    assert!(report.illegal_refused > 0);
}

/// The long battery: `cargo test -p hoarfrost-rules --release -- --ignored battery_long`.
#[test]
#[ignore]
fn battery_long_icetowers() {
    let make = |seed: u64| {
        let seats = 2 + (seed % 5) as usize;
        IceTowers::new(&Setup {
            move_limit: 120,
            ..Setup::new(seats, seed)
        })
        .unwrap()
    };
    let cfg = BatteryConfig {
        ron_every: 8,
        legal_per_step: 1,
        random_per_step: 2,
        ..BatteryConfig::games(100_000)
    };
    battery::run(make, &cfg);
}
