//! A turn: choosing the active territory, the fate die, forfeits, forced moves, pass and move.

use super::*;

/// White's 3 at C3 on Clear (no effect), with `more` units added; Orange has a 1 at E1.
fn centre(pips: u8, more: &[(Square, Seat, u8)]) -> IceColony {
    let mut units = vec![(12, WHITE, pips), (4, ORANGE, 1)];
    units.extend_from_slice(more);
    game(2, &[(12, Colour::Clear), (0, Colour::Clear)], &units)
}

#[test]
fn a_turn_starts_by_choosing_a_territory_you_control() {
    let s = centre(2, &[]);
    refused(
        &s,
        WHITE,
        Action::Choose { square: 4 },
        "territory you control",
    );
    refused(
        &s,
        WHITE,
        Action::Choose { square: 13 },
        "territory you control",
    );
    refused(&s, WHITE, Action::Choose { square: 30 }, "no square");
    refused(&s, WHITE, Action::Pass, "not now");
    let next = allowed(&s, WHITE, Action::Choose { square: 12 });
    assert_eq!(next.phase(), &Phase::Fate { square: 12 });
    assert_eq!(
        next.to_act(),
        ToAct::Chance,
        "the fate die is rolled before anything else"
    );
    assert_eq!(next.active_square(), Some(12));
}

#[test]
fn the_fate_die_reduces_on_1_does_nothing_on_2_3_grows_1_on_4_5_and_2_on_6() {
    for (die, after) in [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 4)] {
        let mut s = centre(2, &[]);
        fate(&mut s, 12, die);
        assert_eq!(pips_of(&s, 12, WHITE), after, "die {die}");
        s.check_invariants().unwrap();
        match s.last_dice() {
            Some(DiceRoll::Fate {
                rolls,
                before,
                after: a,
                ..
            }) => {
                assert_eq!((rolls.as_slice(), *before, *a), (&[die][..], 2, after));
            }
            d => panic!("expected the fate die, got {d:?}"),
        }
    }
}

#[test]
fn growth_takes_pieces_from_the_pool() {
    let mut s = centre(1, &[]);
    fate(&mut s, 12, 6);
    assert_eq!(
        s.unit(12).unwrap().pieces,
        [0, 0, 1],
        "a 1 grown by 2 is one 3-pip piece"
    );
    assert_eq!(s.pool(WHITE), [5, 5, 4]);
}

/// White's units besides C3: five 2-pip units on row 2 and `ones` 1-pip units on row 5, so its pool
/// holds no 2-pip piece and `5 - ones` 1-pip pieces less the one on C3, if any.
fn short_pool(ones: usize) -> Vec<(Square, Seat, u8)> {
    let mut more: Vec<(Square, Seat, u8)> =
        [5, 6, 7, 8, 9].iter().map(|&q| (q, WHITE, 2)).collect();
    more.extend([20, 21, 22, 23, 24][..ones].iter().map(|&q| (q, WHITE, 1)));
    more
}

#[test]
fn growth_stops_at_the_largest_amount_the_pieces_at_hand_can_make() {
    // White's 1 on C3 with only 3-pip pieces in the pool: a Grow 1 to 2 pips cannot be made.
    let mut s = centre(1, &short_pool(4));
    assert_eq!(s.pool(WHITE), [0, 0, 5]);
    fate(&mut s, 12, 4);
    assert_eq!(s.unit(12).unwrap().pieces, [1, 0, 0]);
    assert_eq!(s.pool(WHITE), [0, 0, 5]);
    assert!(matches!(
        s.last_dice(),
        Some(DiceRoll::Fate {
            before: 1,
            after: 1,
            ..
        })
    ));
    assert_eq!(s.phase(), &Phase::Act { square: 12 });
    // A Grow 2 to 3 pips can be made: one 3-pip piece.
    let mut t = centre(1, &short_pool(4));
    fate(&mut t, 12, 6);
    assert_eq!(t.unit(12).unwrap().pieces, [0, 0, 1]);
    assert_eq!(t.pool(WHITE), [1, 0, 4]);
}

#[test]
fn a_reduction_the_pieces_at_hand_cannot_make_falls_to_the_next_lower_amount() {
    // White's 3 on C3 with one 1-pip and no 2-pip piece in the pool: a Reduce 1 leaves 1 pip.
    let mut s = centre(3, &short_pool(4));
    assert_eq!(s.pool(WHITE), [1, 0, 4]);
    fate(&mut s, 12, 1);
    assert_eq!(
        s.unit(12),
        Some(Unit {
            owner: WHITE,
            pieces: [1, 0, 0]
        })
    );
    assert_eq!(s.pool(WHITE), [0, 0, 5]);
    assert!(matches!(
        s.last_dice(),
        Some(DiceRoll::Fate {
            before: 3,
            after: 1,
            ..
        })
    ));
    assert_eq!(s.phase(), &Phase::Act { square: 12 });
    // With no 1-pip piece either, nothing below 3 can be made: the territory is lost, the turn forfeit.
    let mut t = centre(3, &short_pool(5));
    assert_eq!(t.pool(WHITE), [0, 0, 4]);
    fate(&mut t, 12, 1);
    assert_eq!(t.unit(12), None);
    assert_eq!(t.pool(WHITE), [0, 0, 5]);
    assert_eq!(t.current_seat(), Some(ORANGE));
}

#[test]
fn an_empty_territory_after_the_fate_die_forfeits_the_turn() {
    let mut s = centre(1, &[(0, WHITE, 1)]);
    fate(&mut s, 12, 1);
    assert_eq!(s.unit(12), None);
    assert_eq!(s.pool(WHITE), [4, 5, 5], "the piece goes back to the pool");
    assert_eq!(s.current_seat(), Some(ORANGE));
    assert_eq!(s.phase(), &Phase::Choose);
}

#[test]
fn in_the_first_round_a_reduce_is_rolled_again_until_it_is_not() {
    let mut s = centre(2, &[]);
    s.round = 1;
    s.apply(WHITE, &Action::Choose { square: 12 }).unwrap();
    let before = s.clone();
    assert!(s.apply_dice(&[1]).is_err(), "a Reduce needs another roll");
    assert_eq!(s, before);
    s.apply_dice(&[1, 1, 5]).unwrap();
    assert_eq!(pips_of(&s, 12, WHITE), 3);
    assert!(matches!(s.last_dice(), Some(DiceRoll::Fate { rolls, .. }) if rolls == &vec![1, 1, 5]));
    // From the second round on a 1 reduces.
    let mut later = centre(2, &[]);
    fate(&mut later, 12, 1);
    assert_eq!(pips_of(&later, 12, WHITE), 1);
}

#[test]
fn more_than_3_pips_force_a_move_from_the_active_territory() {
    let mut s = centre(3, &[(7, WHITE, 1)]);
    fate(&mut s, 12, 6);
    assert_eq!(s.phase(), &Phase::ForcedMove { square: 12 });
    assert_eq!(pips_of(&s, 12, WHITE), 5);
    s.check_invariants().unwrap();
    refused(&s, WHITE, Action::Pass, "must move");
    refused(
        &s,
        WHITE,
        Action::Move { to: 13, pips: 1 },
        "at most 3 pips behind",
    );
    refused(
        &s,
        WHITE,
        Action::Move { to: 7, pips: 1 },
        "at most 3 pips behind",
    );
    refused(&s, WHITE, Action::Move { to: 7, pips: 3 }, "no more than 3");
    let to_friend = allowed(&s, WHITE, Action::Move { to: 7, pips: 2 });
    assert_eq!(pips_of(&to_friend, 7, WHITE), 3);
    assert_eq!(pips_of(&to_friend, 12, WHITE), 3);
    allowed(&s, WHITE, Action::Move { to: 13, pips: 3 });
    let ok = allowed(&s, WHITE, Action::Move { to: 13, pips: 2 });
    assert_eq!((pips_of(&ok, 12, WHITE), pips_of(&ok, 13, WHITE)), (3, 2));
    assert_eq!(ok.current_seat(), Some(ORANGE));
    for a in s.legal_actions(WHITE) {
        let Action::Move { to, pips } = a else {
            panic!("only moves when forced: {a:?}")
        };
        assert!(5 - pips <= 3 && pips_of(&s, to, WHITE) + pips <= 3);
    }
}

#[test]
fn with_no_legal_move_the_crowded_territory_is_reduced_to_3() {
    let mut s = game(
        2,
        &[(0, Colour::Clear)],
        &[(0, WHITE, 3), (1, ORANGE, 1), (5, ORANGE, 1)],
    );
    fate(&mut s, 0, 6);
    assert_eq!(pips_of(&s, 0, WHITE), 3);
    assert_eq!(s.pool(WHITE), [5, 5, 4]);
    assert_eq!(s.current_seat(), Some(ORANGE), "the turn is over");
}

#[test]
fn pass_takes_an_edge_token_and_passing_again_keeps_it() {
    // "No player may ever have more than one Edge Token": the state holds one flag per player, so a
    // second token cannot even be written; a pass while holding one is still a pass.
    let mut s = centre(2, &[]);
    fate(&mut s, 12, 2);
    s.apply(WHITE, &Action::Pass).unwrap();
    assert!(s.has_edge(WHITE));
    assert_eq!(s.current_seat(), Some(ORANGE));
    fate(&mut s, 4, 2);
    s.apply(ORANGE, &Action::Pass).unwrap();
    assert!(s.has_edge(ORANGE));
    fate(&mut s, 12, 2);
    s.apply(WHITE, &Action::Pass).unwrap();
    assert!(s.has_edge(WHITE));
    assert_ne!(s.current_seat(), Some(WHITE), "the pass ended the turn");
}

#[test]
fn units_move_only_to_a_square_sharing_an_edge() {
    let mut s = centre(2, &[]);
    fate(&mut s, 12, 2);
    refused(
        &s,
        WHITE,
        Action::Move { to: 6, pips: 1 },
        "sharing an edge",
    );
    refused(
        &s,
        WHITE,
        Action::Move { to: 14, pips: 1 },
        "sharing an edge",
    );
    refused(&s, WHITE, Action::Move { to: 25, pips: 1 }, "no square");
    refused(&s, WHITE, Action::Move { to: 13, pips: 0 }, "move 1 to 2");
    refused(&s, WHITE, Action::Move { to: 13, pips: 3 }, "move 1 to 2");
    for to in [7, 11, 13, 17] {
        allowed(&s, WHITE, Action::Move { to, pips: 1 });
    }
}

#[test]
fn moving_all_units_off_gives_up_the_territory() {
    let mut s = centre(2, &[]);
    fate(&mut s, 12, 2);
    let next = allowed(&s, WHITE, Action::Move { to: 13, pips: 2 });
    assert_eq!(next.unit(12), None);
    assert_eq!(
        next.unit(13),
        Some(Unit {
            owner: WHITE,
            pieces: [0, 1, 0]
        })
    );
    assert_eq!(next.territories(WHITE), 1);
    assert_eq!(next.current_seat(), Some(ORANGE), "a move ends the turn");
}

#[test]
fn a_3_pip_is_broken_into_a_2_and_a_1_from_the_pool() {
    let mut s = centre(3, &[]);
    fate(&mut s, 12, 2);
    assert_eq!(s.pool(WHITE), [5, 5, 4]);
    let next = allowed(&s, WHITE, Action::Move { to: 13, pips: 1 });
    assert_eq!(next.unit(12).unwrap().pieces, [0, 1, 0]);
    assert_eq!(next.unit(13).unwrap().pieces, [1, 0, 0]);
    assert_eq!(
        next.pool(WHITE),
        [4, 4, 5],
        "the 3-pip went back for a 2 and a 1"
    );
}

#[test]
fn a_3_pip_is_broken_into_three_1_pips_when_no_2_is_left() {
    let twos: Vec<(Square, Seat, u8)> = [0, 1, 2, 3, 20].iter().map(|&q| (q, WHITE, 2)).collect();
    let mut s = centre(3, &twos);
    fate(&mut s, 12, 2);
    assert_eq!(s.pool(WHITE), [5, 0, 4]);
    let next = allowed(&s, WHITE, Action::Move { to: 13, pips: 1 });
    assert_eq!(next.unit(12).unwrap().pieces, [2, 0, 0]);
    assert_eq!(next.unit(13).unwrap().pieces, [1, 0, 0]);
    assert_eq!(next.pool(WHITE), [2, 0, 5]);
}

#[test]
fn without_the_pieces_to_break_a_unit_all_of_it_must_move() {
    let mut more: Vec<(Square, Seat, u8)> =
        [0, 1, 2, 3, 20].iter().map(|&q| (q, WHITE, 2)).collect();
    more.extend([21, 22, 23, 24, 15].iter().map(|&q| (q, WHITE, 1)));
    let mut s = centre(3, &more);
    fate(&mut s, 12, 2);
    assert_eq!(s.pool(WHITE), [0, 0, 4]);
    refused(
        &s,
        WHITE,
        Action::Move { to: 13, pips: 1 },
        "pool lacks the pieces",
    );
    refused(
        &s,
        WHITE,
        Action::Move { to: 13, pips: 2 },
        "pool lacks the pieces",
    );
    allowed(&s, WHITE, Action::Move { to: 13, pips: 3 });
}

#[test]
fn units_may_join_a_friendly_territory_up_to_3_pips() {
    let mut s = centre(2, &[(13, WHITE, 1), (11, WHITE, 2)]);
    fate(&mut s, 12, 2);
    let joined = allowed(&s, WHITE, Action::Move { to: 13, pips: 2 });
    assert_eq!(joined.unit(13).unwrap().pips(), 3);
    assert_eq!(
        joined.unit(13).unwrap().pieces,
        [0, 0, 1],
        "made up again as one piece"
    );
    refused(
        &s,
        WHITE,
        Action::Move { to: 11, pips: 2 },
        "no more than 3",
    );
    allowed(&s, WHITE, Action::Move { to: 11, pips: 1 });
}

#[test]
fn an_enemy_territory_is_attacked_not_moved_into() {
    let mut s = centre(2, &[(13, ORANGE, 1)]);
    fate(&mut s, 12, 2);
    refused(
        &s,
        WHITE,
        Action::Move { to: 13, pips: 1 },
        "attack it instead",
    );
    allowed(
        &s,
        WHITE,
        Action::Attack {
            to: 13,
            edge: false,
        },
    );
}

#[test]
fn only_the_player_whose_turn_it_is_acts() {
    let mut s = centre(2, &[]);
    refused(&s, ORANGE, Action::Choose { square: 4 }, "White's move");
    refused(&s, 7, Action::Pass, "no seat");
    fate(&mut s, 12, 2);
    refused(&s, ORANGE, Action::Pass, "White's move");
    assert!(s.legal_actions(ORANGE).is_empty());
}

/// "If the player cannot make any legal move the units in the active territory is reduced to 3": a
/// move that would leave more than 3 behind is no legal forced move, so moves that exist but cannot
/// get the territory down to 3 count as none.
#[test]
fn when_every_possible_move_would_leave_more_than_3_the_territory_is_reduced_to_3() {
    // C3's neighbours: White 2s on C2 and B3 (room for 1 pip each), Orange on D3 and C4.
    let units = [
        (7, WHITE, 2),
        (11, WHITE, 2),
        (13, ORANGE, 1),
        (17, ORANGE, 1),
    ];
    let mut quiet = centre(3, &units);
    fate(&mut quiet, 12, 2);
    allowed(&quiet, WHITE, Action::Move { to: 7, pips: 1 });
    allowed(&quiet, WHITE, Action::Move { to: 11, pips: 1 });
    // A Grow 2 makes 5 pips; moving 1 to C2 or B3 would still leave 4.
    let mut s = centre(3, &units);
    assert_eq!(s.pool(WHITE), [5, 3, 4]);
    fate(&mut s, 12, 6);
    s.check_invariants().unwrap();
    assert_eq!(s.unit(12).unwrap().pieces, [0, 0, 1]);
    assert_eq!(s.pool(WHITE), [5, 3, 4]);
    assert_eq!((pips_of(&s, 7, WHITE), pips_of(&s, 11, WHITE)), (2, 2));
    assert_eq!(s.phase(), &Phase::Choose);
    assert_eq!(s.current_seat(), Some(ORANGE), "the turn is over");
}

/// The reduction to 3 takes the place of the forced move: the turn ends there, and since the player
/// did not pass, no edge token is gained.
#[test]
fn a_forced_reduction_to_3_ends_the_turn_without_an_edge_token() {
    let mut s = game(
        2,
        &[(0, Colour::Clear)],
        &[(0, WHITE, 3), (1, ORANGE, 1), (5, ORANGE, 1)],
    );
    fate(&mut s, 0, 6);
    assert_eq!(pips_of(&s, 0, WHITE), 3);
    assert!(!s.has_edge(WHITE), "no edge token for a forced reduction");
    assert!(!s.has_edge(ORANGE));
    assert_eq!(s.phase(), &Phase::Choose);
    assert_eq!(s.current_seat(), Some(ORANGE));
}

/// "Reduced to 3" follows the pieces at hand like every reduction: a 4-pip unit of two 2-pip pieces,
/// with no 1- or 3-pip piece in the pool, can only drop to 2.
#[test]
fn a_forced_reduction_to_3_falls_to_2_when_the_pieces_cannot_make_3() {
    // White's 3s fill C3's neighbours and A1, its 1s row 5: the pool holds only 2-pip pieces.
    let mut units: Vec<(Square, Seat, u8)> =
        [0, 7, 11, 13, 17].iter().map(|&q| (q, WHITE, 3)).collect();
    units.extend([20, 21, 22, 23, 24].iter().map(|&q| (q, WHITE, 1)));
    let mut s = centre(2, &units);
    assert_eq!(s.pool(WHITE), [0, 4, 0]);
    fate(&mut s, 12, 6);
    s.check_invariants().unwrap();
    assert!(matches!(
        s.last_dice(),
        Some(DiceRoll::Fate {
            before: 2,
            after: 4,
            ..
        })
    ));
    assert_eq!(s.unit(12).unwrap().pieces, [0, 1, 0]);
    assert_eq!(s.pool(WHITE), [0, 4, 0]);
    assert_eq!(s.current_seat(), Some(ORANGE));
}

/// "On the first round of play only, any player rolling a result of Reduce must reroll": on every
/// terrain, Black (which would cancel the Reduce) and Red (which would make it 2) included.
#[test]
fn the_first_round_reroll_of_a_reduce_happens_on_every_terrain_black_included() {
    for c in Colour::TERRAIN {
        let mut s = game(2, &[(12, c)], &[(12, WHITE, 2), (4, ORANGE, 1)]);
        s.round = 1;
        s.apply(WHITE, &Action::Choose { square: 12 }).unwrap();
        let before = s.clone();
        assert!(
            s.apply_dice(&[1]).is_err(),
            "{}: the 1 is rerolled",
            c.name()
        );
        assert_eq!(s, before);
        s.apply_dice(&[1, 2]).unwrap();
        assert_eq!(pips_of(&s, 12, WHITE), 2, "{}", c.name());
        assert!(
            matches!(s.last_dice(), Some(DiceRoll::Fate { rolls, .. }) if rolls == &vec![1, 2]),
            "{}",
            c.name()
        );
    }
}
