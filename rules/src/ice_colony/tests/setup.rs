//! Setup: colours, the bag, the board draw, the first dice-off, the first pieces, the Clear option.

use super::*;

#[test]
fn two_to_four_players() {
    for n in 2..=4 {
        assert!(IceColony::new(&Setup::new(n, 0)).is_ok());
    }
    assert!(IceColony::new(&Setup::new(1, 0)).is_err());
    assert!(IceColony::new(&Setup::new(5, 0)).is_err());
    for round_limit in [0, 1001] {
        let setup = Setup {
            round_limit,
            ..Setup::new(2, 0)
        };
        assert!(IceColony::new(&setup).is_err(), "round limit {round_limit}");
    }
}

#[test]
fn players_are_white_orange_purple_and_light_blue() {
    let s = IceColony::new(&Setup::new(4, 0)).unwrap();
    let colours: Vec<Colour> = (0..4).map(|p| s.colour(p)).collect();
    assert_eq!(
        colours,
        vec![
            Colour::White,
            Colour::Orange,
            Colour::Purple,
            Colour::LightBlue
        ]
    );
    for p in 0..4 {
        assert_eq!(
            s.pool(p),
            [5, 5, 5],
            "every player starts with all 15 pieces"
        );
    }
}

#[test]
fn unused_player_colours_are_set_aside() {
    let s = IceColony::new(&Setup::new(2, 0)).unwrap();
    assert_eq!(s.set_aside(Colour::Purple), [5, 5, 5]);
    assert_eq!(s.set_aside(Colour::LightBlue), [5, 5, 5]);
    assert_eq!(s.set_aside(Colour::White), [0, 0, 0]);
    let four = IceColony::new(&Setup::new(4, 0)).unwrap();
    assert_eq!(four.set_aside(Colour::LightBlue), [0, 0, 0]);
}

#[test]
fn the_3_pip_pieces_of_the_other_colours_go_in_the_bag_the_rest_aside() {
    let s = IceColony::new(&Setup::new(3, 0)).unwrap();
    assert_eq!(s.bag().len(), 30);
    for c in Colour::TERRAIN {
        assert_eq!(s.bag().iter().filter(|&&b| b == c).count(), 5);
        assert_eq!(
            s.set_aside(c),
            [5, 5, 0],
            "1- and 2-pip {} set aside",
            c.name()
        );
    }
    assert!(
        !s.bag().contains(&Colour::LightBlue),
        "unused player colours are not terrain"
    );
    s.check_invariants().unwrap();
}

#[test]
fn the_board_is_drawn_one_piece_at_a_time_from_a_corner_row_by_row() {
    let mut s = IceColony::new(&Setup::new(2, 5)).unwrap();
    assert_eq!(s.to_act(), ToAct::Chance);
    for next in 0..SQUARES {
        assert_eq!(
            s.phase(),
            &Phase::FillBoard {
                next: next as Square
            }
        );
        s.apply_chance();
        let filled = s.terrain_grid().iter().take_while(|t| t.is_some()).count();
        assert_eq!(filled, next + 1, "square {next} is filled next");
        if next + 1 < SQUARES {
            assert_eq!(s.bag().len() + filled, 30);
        }
        s.check_invariants().unwrap();
    }
    assert_eq!(s.phase(), &Phase::FirstDiceOff);
    assert!(
        s.bag().is_empty(),
        "the unused terrain pieces are set aside"
    );
    let aside: u8 = Colour::TERRAIN.iter().map(|&c| s.set_aside(c)[2]).sum();
    assert_eq!(aside, 5);
}

#[test]
fn the_board_draw_is_random_and_follows_the_seed() {
    let draw = |seed| {
        let mut s = IceColony::new(&Setup::new(2, seed)).unwrap();
        for _ in 0..SQUARES {
            s.apply_chance();
        }
        *s.terrain_grid()
    };
    assert_eq!(draw(3), draw(3));
    assert_ne!(draw(3), draw(4));
}

#[test]
fn the_terrain_is_drawn_not_rolled() {
    let mut s = IceColony::new(&Setup::new(2, 0)).unwrap();
    let before = s.clone();
    assert!(s.apply_dice(&[3]).is_err());
    assert_eq!(s, before);
}

#[test]
fn a_dice_off_decides_who_places_first() {
    let mut s = after_setup(3, 1, &[2, 5, 3], &[]);
    assert_eq!(s.current_seat(), Some(ORANGE));
    assert_eq!(s.order(), &[1, 2, 0], "then round the table");
    assert_eq!(s.phase(), &Phase::Place);
    refused(&s, WHITE, Action::Place { square: 0 }, "Orange's move");
    s.apply(ORANGE, &Action::Place { square: 0 }).unwrap();
    assert_eq!(s.current_seat(), Some(PURPLE));
}

#[test]
fn players_tied_for_the_highest_roll_dice_off_again() {
    let s = after_setup(3, 1, &[6, 6, 2, 1, 4], &[]);
    assert_eq!(s.current_seat(), Some(ORANGE));
    match s.last_dice() {
        Some(DiceRoll::DiceOff { passes, winner }) => {
            assert_eq!(*winner, ORANGE);
            assert_eq!(passes.len(), 2);
            assert_eq!(passes[1].len(), 2, "only the tied players roll again");
        }
        other => panic!("expected a dice-off, got {other:?}"),
    }
    let mut short = after_setup(3, 1, &[1, 2, 3], &[]);
    short.phase = Phase::FirstDiceOff;
    let before = short.clone();
    assert!(
        short.apply_dice(&[6, 6, 2]).is_err(),
        "the tie needs more dice"
    );
    assert_eq!(short, before);
}

#[test]
fn each_player_places_a_1_pip_piece_from_the_pool() {
    let s = after_setup(2, 1, &[5, 2], &[0]);
    assert_eq!(
        s.unit(0),
        Some(Unit {
            owner: WHITE,
            pieces: [1, 0, 0]
        })
    );
    assert_eq!(s.pool(WHITE), [4, 5, 5]);
}

#[test]
fn first_pieces_are_at_least_2_squares_from_every_other_players_piece() {
    let s = after_setup(3, 1, &[5, 2, 1], &[12]);
    refused(
        &s,
        ORANGE,
        Action::Place { square: 13 },
        "at least 2 squares",
    );
    refused(
        &s,
        ORANGE,
        Action::Place { square: 7 },
        "at least 2 squares",
    );
    refused(&s, ORANGE, Action::Place { square: 12 }, "taken");
    // Two steps away, diagonally or in a line, is far enough.
    allowed(&s, ORANGE, Action::Place { square: 18 });
    allowed(&s, ORANGE, Action::Place { square: 14 });
    let legal = s.legal_actions(ORANGE);
    assert_eq!(legal.len(), 25 - 5);
}

#[test]
fn clear_terrain_can_mean_no_territory_where_nobody_may_enter() {
    let setup = Setup {
        clear_terrain: ClearTerrain::NoTerritory,
        ..Setup::new(2, 1)
    };
    let b = board(&[(0, Colour::Clear), (1, Colour::Green)]);
    assert!(IceColony::with_board(&setup, b, &[(0, WHITE, 1)]).is_err());
    let s = IceColony::with_board(&setup, b, &[(1, WHITE, 2), (24, ORANGE, 1)]).unwrap();
    assert!(!s.enterable(0));
    let mut s2 = s.clone();
    fate(&mut s2, 1, 2);
    refused(
        &s2,
        WHITE,
        Action::Move { to: 0, pips: 1 },
        "nobody may enter",
    );
    // With the other option Clear is an ordinary territory.
    let plain =
        IceColony::with_board(&Setup::new(2, 1), b, &[(1, WHITE, 2), (24, ORANGE, 1)]).unwrap();
    let mut p2 = plain.clone();
    fate(&mut p2, 1, 2);
    allowed(&p2, WHITE, Action::Move { to: 0, pips: 1 });
}

#[test]
fn nobody_places_a_first_piece_on_clear_when_it_is_no_territory() {
    let setup = Setup {
        clear_terrain: ClearTerrain::NoTerritory,
        ..Setup::new(2, 9)
    };
    let mut s = IceColony::new(&setup).unwrap();
    for _ in 0..SQUARES {
        s.apply_chance();
    }
    s.apply_dice(&[6, 1]).unwrap();
    let clear: Vec<Square> = (0..25)
        .filter(|&q| s.terrain(q) == Some(Colour::Clear))
        .collect();
    assert!(!clear.is_empty());
    for q in clear {
        refused(&s, WHITE, Action::Place { square: q }, "nobody may enter");
    }
}

#[test]
fn after_the_first_pieces_the_first_round_begins() {
    let s = after_setup(2, 1, &[2, 5], &[0, 24]);
    assert_eq!(s.round(), 1);
    assert_eq!(s.phase(), &Phase::Choose);
    assert_eq!(s.current_seat(), Some(ORANGE), "the dice-off winner starts");
    let three = after_setup(3, 1, &[2, 5, 1], &[0, 24, 4]);
    assert_eq!(three.round(), 1);
    assert!(
        matches!(three.phase(), Phase::DiceOff { .. }),
        "more players dice off every round"
    );
}

/// "Each player's piece must be placed at least 2 squares away from any other players piece": every
/// piece already placed counts, not only the last one.
#[test]
fn a_first_piece_keeps_2_squares_from_every_earlier_piece_not_only_the_last_one() {
    // White placed on C3, then Orange on A1; Purple places third.
    let s = after_setup(3, 1, &[5, 2, 1], &[12, 0]);
    assert_eq!(s.current_seat(), Some(PURPLE));
    // D3 is 5 steps from Orange's A1, the last piece placed, but beside White's C3.
    refused(
        &s,
        PURPLE,
        Action::Place { square: 13 },
        "at least 2 squares",
    );
    refused(
        &s,
        PURPLE,
        Action::Place { square: 7 },
        "at least 2 squares",
    );
    refused(
        &s,
        PURPLE,
        Action::Place { square: 1 },
        "at least 2 squares",
    );
    allowed(&s, PURPLE, Action::Place { square: 6 });
    // C3 and A1 and their 4 and 2 neighbours are out.
    assert_eq!(s.legal_actions(PURPLE).len(), 25 - 8);
}

/// "Each player's piece must be placed at least 2 squares away from any other players piece"; the
/// book does not say what happens when no open square is that far, and we then let the piece go on
/// any open square. While a far square exists, only far squares are offered.
#[test]
fn a_first_piece_goes_on_any_open_square_when_none_is_2_squares_from_every_other_players_piece() {
    // Orange on B1, D1, A3, C3 and Purple on E3, B5, D5: every other square touches one of them.
    let crowded: [(Square, Seat, u8); 7] = [
        (1, ORANGE, 1),
        (3, ORANGE, 1),
        (10, ORANGE, 1),
        (12, ORANGE, 1),
        (14, PURPLE, 1),
        (21, PURPLE, 1),
        (23, PURPLE, 1),
    ];
    // White places a first piece on that board (a position no real setup reaches: it is made here).
    let placing = |units: &[(Square, Seat, u8)]| {
        let mut s = game(3, &[], units);
        s.phase = Phase::Place;
        s.round = 0;
        s.turn = 0;
        s.check_invariants().unwrap();
        assert_eq!(s.current_seat(), Some(WHITE));
        s
    };
    let s = placing(&crowded);
    let open: Vec<Action> = [
        0, 2, 4, 5, 6, 7, 8, 9, 11, 13, 15, 16, 17, 18, 19, 20, 22, 24,
    ]
    .into_iter()
    .map(|square| Action::Place { square })
    .collect();
    assert_eq!(
        s.legal_actions(WHITE),
        open,
        "every open square, near or not"
    );
    // A1 is beside Orange's B1, and still allowed.
    let next = allowed(&s, WHITE, Action::Place { square: 0 });
    assert_eq!(pips_of(&next, 0, WHITE), 1);
    refused(&s, WHITE, Action::Place { square: 12 }, "taken");
    // With Orange's C3 gone, C2, C3 and C4 are 2 squares or more from every piece: only they are
    // offered.
    let s = placing(&[&crowded[..3], &crowded[4..]].concat());
    let far: Vec<Action> = [7, 12, 17]
        .into_iter()
        .map(|square| Action::Place { square })
        .collect();
    assert_eq!(s.legal_actions(WHITE), far);
    refused(&s, WHITE, Action::Place { square: 0 }, "at least 2 squares");
    refused(
        &s,
        WHITE,
        Action::Place { square: 11 },
        "at least 2 squares",
    );
    allowed(&s, WHITE, Action::Place { square: 12 });
}
