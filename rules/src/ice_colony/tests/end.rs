//! The end of the game, winning, the round limit, invariants, determinism and saving.

use super::*;

/// Units of one player on `squares`, made of every piece it has: five 1s, five 2s, then 3s.
fn fill(seat: Seat, squares: &[Square]) -> Vec<(Square, Seat, u8)> {
    squares
        .iter()
        .enumerate()
        .map(|(i, &q)| (q, seat, [1, 2, 3][i / 5]))
        .collect()
}

#[test]
fn the_game_ends_when_only_one_player_has_pieces_on_the_board() {
    let mut s = game(
        2,
        &[(12, Colour::Clear), (13, Colour::Clear)],
        &[(12, WHITE, 1), (13, ORANGE, 1)],
    );
    fate(&mut s, 12, 2);
    s.apply(
        WHITE,
        &Action::Attack {
            to: 13,
            edge: false,
        },
    )
    .unwrap();
    s.apply_dice(&[6, 1]).unwrap();
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.scores(), vec![1, 0]);
    assert_eq!(s.returns(), vec![1.0, 0.0]);
    assert!(s.legal_actions(WHITE).is_empty());
    refused(&s, WHITE, Action::Pass, "over");
}

#[test]
fn the_game_ends_when_a_fate_die_reduce_wipes_out_a_players_last_territory() {
    let mut s = game(
        2,
        &[(12, Colour::Clear)],
        &[(12, WHITE, 1), (24, ORANGE, 1)],
    );
    fate(&mut s, 12, 1);
    assert_eq!(s.unit(12), None);
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.scores(), vec![0, 1]);
    assert_eq!(s.returns(), vec![0.0, 1.0]);
    // With two players still on the board, play goes on.
    let mut t = game(
        3,
        &[(12, Colour::Clear)],
        &[(12, WHITE, 1), (24, ORANGE, 1), (0, PURPLE, 1)],
    );
    fate(&mut t, 12, 1);
    assert_eq!(t.phase(), &Phase::Choose);
    assert_eq!(t.current_seat(), Some(ORANGE));
}

#[test]
fn the_game_ends_when_a_beaten_attacker_loses_its_last_unit() {
    let mut s = game(
        2,
        &[(12, Colour::Clear), (13, Colour::Clear)],
        &[(12, WHITE, 1), (13, ORANGE, 1)],
    );
    fate(&mut s, 12, 2);
    s.apply(
        WHITE,
        &Action::Attack {
            to: 13,
            edge: false,
        },
    )
    .unwrap();
    s.apply_dice(&[1, 6]).unwrap();
    assert_eq!(s.unit(12), None);
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.scores(), vec![0, 1]);
    assert_eq!(s.returns(), vec![0.0, 1.0]);
    refused(&s, ORANGE, Action::Choose { square: 13 }, "over");
}

#[test]
fn the_game_ends_when_every_square_is_occupied_and_most_territories_wins() {
    // White keeps a 1 and a 2 in its pool, so its 3 on B3 can split.
    let mut units: Vec<(Square, Seat, u8)> = (0..11)
        .zip([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3])
        .map(|(q, p)| (q, WHITE, p))
        .collect();
    units.push((11, WHITE, 3));
    units.extend(fill(ORANGE, &(13..25).collect::<Vec<_>>()));
    let mut s = game(2, &[(11, Colour::Blue)], &units);
    fate(&mut s, 11, 2);
    s.apply(WHITE, &Action::Move { to: 12, pips: 1 }).unwrap();
    assert_eq!(
        s.to_act(),
        ToAct::Over,
        "no extra Blue move once the board is full"
    );
    assert_eq!(s.scores(), vec![13, 12]);
    assert_eq!(s.returns(), vec![1.0, 0.0]);
}

#[test]
fn with_clear_as_no_territory_the_clear_squares_need_not_be_occupied() {
    let setup = Setup {
        clear_terrain: ClearTerrain::NoTerritory,
        ..Setup::new(2, 1)
    };
    // board() puts the five Clear pieces on A1-E1.
    let mut units = vec![(11, WHITE, 3)];
    units.extend([5, 6, 7, 8].map(|q| (q, WHITE, 1)));
    units.extend([9, 10, 13, 14].map(|q| (q, WHITE, 2)));
    units.extend(fill(ORANGE, &(15..25).collect::<Vec<_>>()));
    let mut s = IceColony::with_board(&setup, board(&[(11, Colour::Yellow)]), &units).unwrap();
    assert_eq!(s.terrain(0), Some(Colour::Clear));
    fate(&mut s, 11, 2);
    s.apply(WHITE, &Action::Move { to: 12, pips: 1 }).unwrap();
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.scores(), vec![10, 10]);
    assert_eq!(s.returns(), vec![0.5, 0.5], "a tie shares the win");
}

#[test]
fn the_round_limit_ends_the_game_on_territories() {
    let setup = Setup {
        round_limit: 3,
        ..Setup::new(2, 1)
    };
    let mut s = IceColony::with_board(
        &setup,
        board(&[]),
        &[(0, WHITE, 1), (24, ORANGE, 1), (23, ORANGE, 1)],
    )
    .unwrap();
    for sq in [0, 24] {
        fate(&mut s, sq, 2);
        let seat = s.unit(sq).unwrap().owner;
        s.apply(seat, &Action::Pass).unwrap();
    }
    assert_eq!(s.round(), 3);
    for sq in [0, 24] {
        fate(&mut s, sq, 2);
        let seat = s.unit(sq).unwrap().owner;
        s.apply(seat, &Action::Pass).unwrap();
    }
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.returns(), vec![0.0, 1.0]);
}

#[test]
fn every_pyramid_of_every_colour_is_accounted_for() {
    let s = game(3, &[], &[(0, WHITE, 3), (24, ORANGE, 2), (12, PURPLE, 1)]);
    s.check_invariants().unwrap();
    let mut lost = s.clone();
    lost.units[0] = None;
    assert!(lost.check_invariants().unwrap_err().contains("White"));
    let mut extra = s.clone();
    extra.set_aside[Colour::Red.index()][0] += 1;
    assert!(extra.check_invariants().unwrap_err().contains("Red"));
    let mut terrain = s.clone();
    terrain.terrain[5] = Some(Colour::Black);
    assert!(terrain.check_invariants().is_err());
    let mut tall = s.clone();
    tall.units[0] = Some(Unit {
        owner: WHITE,
        pieces: [1, 0, 1],
    });
    tall.pools[WHITE][0] -= 1;
    assert!(tall.check_invariants().unwrap_err().contains("4 pips"));
}

#[test]
fn a_position_with_numbers_no_game_reaches_is_refused_not_panicked_on() {
    // Each edit once passed the check, or panicked in it or in the next move: a seat past the
    // colours, a square off the board, a dice-off without a change per seat, counts that overflow.
    let s = game(3, &[], &[(0, WHITE, 3), (24, ORANGE, 2), (12, PURPLE, 1)]);
    type Edit = fn(&mut IceColony);
    let broken: [(&str, Edit); 9] = [
        ("2 to 4", |s| {
            s.players = 5;
            s.pools.push([0; 3]);
            s.edge.push(false);
        }),
        ("limit of 0", |s| s.round_limit = 0),
        ("round 61", |s| s.round = 61),
        ("turn order", |s| s.order = vec![0, 0, 1]),
        ("turn order", |s| s.first = 7),
        ("off the board", |s| {
            s.phase = Phase::Occupy { from: 0, to: 200 }
        }),
        ("dice-off", |s| {
            s.phase = Phase::Initiative {
                waiting: vec![0],
                shifts: Vec::new(),
            }
        }),
        ("dice-off", |s| {
            s.phase = Phase::DiceOff {
                shifts: vec![0, 127, 0],
            }
        }),
        ("more Red pieces", |s| {
            s.set_aside[Colour::Red.index()][2] = 255
        }),
    ];
    crate::refusals::each_refused(&s, &broken, |s| s.check_invariants());
}

#[test]
fn dice_must_show_1_to_6_and_be_due() {
    let mut s = game(2, &[], &[(0, WHITE, 1), (24, ORANGE, 1)]);
    let before = s.clone();
    assert!(
        s.apply_dice(&[3]).is_err(),
        "no dice are due while choosing"
    );
    s.apply(WHITE, &Action::Choose { square: 0 }).unwrap();
    let chosen = s.clone();
    assert!(s.apply_dice(&[7]).is_err());
    assert!(s.apply_dice(&[0]).is_err());
    assert!(s.apply_dice(&[3, 3]).is_err(), "one die too many");
    assert_eq!(s, chosen);
    assert_ne!(s, before);
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    let play = |seed: u64| {
        let mut s = IceColony::new(&Setup::new(3, seed)).unwrap();
        let mut rng = GameRng::new(99);
        let mut log = Vec::new();
        while let Some(step) = next_step(&mut s, &mut rng) {
            log.push(step);
        }
        (s, log)
    };
    assert_eq!(play(4), play(4));
    assert_ne!(play(4).1, play(5).1);
}

/// One random step; `None` at the end.
fn next_step(s: &mut IceColony, rng: &mut GameRng) -> Option<String> {
    match s.to_act() {
        ToAct::Over => None,
        ToAct::Chance => {
            s.apply_chance();
            Some(format!("{:?}", s.last_dice()))
        }
        ToAct::Seats(seats) => {
            let legal = s.legal_actions(seats[0]);
            let a = legal[rng.below(legal.len())].clone();
            let text = s.action_to_string(seats[0], &a);
            s.apply(seats[0], &a).unwrap();
            Some(text)
        }
    }
}

#[test]
fn a_game_saves_and_loads_mid_battle() {
    let mut s = game(
        2,
        &[(12, Colour::Clear), (13, Colour::Clear)],
        &[(12, WHITE, 2), (13, ORANGE, 1), (0, ORANGE, 1)],
    );
    s.edge[ORANGE] = true;
    fate(&mut s, 12, 2);
    s.apply(
        WHITE,
        &Action::Attack {
            to: 13,
            edge: false,
        },
    )
    .unwrap();
    let text = ron::to_string(&s).unwrap();
    let back: IceColony = ron::from_str(&text).unwrap();
    assert_eq!(back, s);
    assert_eq!(back.to_act(), ToAct::Seats(vec![ORANGE]));
}

#[test]
fn every_action_reads_as_a_sentence() {
    let mut s = game(2, &[], &[(12, WHITE, 3), (13, ORANGE, 1)]);
    assert_eq!(
        s.action_to_string(WHITE, &Action::Choose { square: 12 }),
        "White rolls the fate die for C3"
    );
    fate(&mut s, 12, 2);
    assert_eq!(
        s.action_to_string(WHITE, &Action::Move { to: 7, pips: 2 }),
        "White moves 2 pips from C3 to C2"
    );
    assert!(
        s.action_to_string(WHITE, &Action::Attack { to: 13, edge: true })
            .contains("edge token")
    );
    // One pip, two pips.
    assert!(
        s.action_to_string(WHITE, &Action::Occupy { pips: 1 })
            .starts_with("White moves 1 pip into ")
    );
    assert!(
        s.action_to_string(WHITE, &Action::Occupy { pips: 2 })
            .starts_with("White moves 2 pips into ")
    );
}
