//! Rounds: the dice-off with more than two players, back-to-back turns, edge tokens on the dice-off.

use super::*;

/// Play a turn that changes nothing: choose `sq`, roll a 2, pass.
fn quiet_turn(s: &mut IceColony, sq: Square) {
    let seat = s.current_seat().unwrap();
    fate(s, sq, 2);
    s.apply(seat, &Action::Pass).unwrap();
}

#[test]
fn two_players_keep_the_order_of_the_first_dice_off_every_round() {
    let mut s = after_setup(2, 1, &[2, 5], &[24, 0]);
    assert_eq!(s.current_seat(), Some(ORANGE));
    quiet_turn(&mut s, 24);
    assert_eq!(s.current_seat(), Some(WHITE));
    quiet_turn(&mut s, 0);
    assert_eq!(s.round(), 2);
    assert_eq!(s.phase(), &Phase::Choose, "no dice-off with two players");
    assert_eq!(s.current_seat(), Some(ORANGE));
}

#[test]
fn with_more_than_two_players_every_round_starts_with_a_dice_off() {
    let mut s = after_setup(3, 1, &[2, 5, 1], &[24, 4, 0]);
    assert_eq!(s.to_act(), ToAct::Chance);
    s.apply_dice(&[3, 1, 6]).unwrap();
    assert_eq!(
        s.order(),
        &[2, 0, 1],
        "the winner first, then round the table"
    );
    assert_eq!(s.current_seat(), Some(PURPLE));
    quiet_turn(&mut s, 4);
    quiet_turn(&mut s, 0);
    quiet_turn(&mut s, 24);
    assert_eq!(s.round(), 2);
    // Everyone passed, so everyone holds an edge token and is asked about it first.
    assert!(matches!(s.phase(), Phase::Initiative { .. }));
}

#[test]
fn a_player_may_take_two_turns_back_to_back() {
    let mut s = after_setup(3, 1, &[2, 5, 1], &[24, 4, 0]);
    s.apply_dice(&[6, 1, 2]).unwrap();
    assert_eq!(s.order(), &[0, 1, 2]);
    quiet_turn(&mut s, 0);
    quiet_turn(&mut s, 24);
    quiet_turn(&mut s, 4);
    for seat in [0, 1, 2] {
        s.apply(seat, &Action::Initiative { shift: Shift::Keep })
            .unwrap();
    }
    s.apply_dice(&[1, 2, 6]).unwrap();
    assert_eq!(
        s.current_seat(),
        Some(PURPLE),
        "Purple played last and goes first again"
    );
}

#[test]
fn an_edge_token_changes_the_dice_off_roll_by_one_either_way_chosen_before_rolling() {
    let mut s = after_setup(3, 1, &[2, 5, 1], &[24, 4, 0]);
    s.apply_dice(&[6, 1, 2]).unwrap();
    quiet_turn(&mut s, 0);
    quiet_turn(&mut s, 24);
    quiet_turn(&mut s, 4);
    assert!((0..3).all(|p| s.has_edge(p)));
    assert_eq!(s.to_act(), ToAct::Seats(vec![WHITE]), "asked in seat order");
    refused(
        &s,
        ORANGE,
        Action::Initiative { shift: Shift::Up },
        "White's move",
    );
    s.apply(WHITE, &Action::Initiative { shift: Shift::Up })
        .unwrap();
    assert!(!s.has_edge(WHITE), "a spent token goes back");
    s.apply(ORANGE, &Action::Initiative { shift: Shift::Down })
        .unwrap();
    s.apply(PURPLE, &Action::Initiative { shift: Shift::Keep })
        .unwrap();
    assert!(s.has_edge(PURPLE));
    assert_eq!(
        s.phase(),
        &Phase::DiceOff {
            shifts: vec![1, -1, 0]
        }
    );
    // White 5+1 beats Purple's 5; Orange's 6-1 ties Purple but not White.
    s.apply_dice(&[5, 6, 5]).unwrap();
    assert_eq!(s.current_seat(), Some(WHITE));
}

#[test]
fn an_edge_token_shifts_only_the_first_dice_off_roll_and_ties_roll_again_plain() {
    let mut s = after_setup(3, 1, &[2, 5, 1], &[24, 4, 0]);
    s.apply_dice(&[6, 1, 2]).unwrap();
    quiet_turn(&mut s, 0);
    quiet_turn(&mut s, 24);
    quiet_turn(&mut s, 4);
    s.apply(WHITE, &Action::Initiative { shift: Shift::Up })
        .unwrap();
    s.apply(ORANGE, &Action::Initiative { shift: Shift::Down })
        .unwrap();
    s.apply(PURPLE, &Action::Initiative { shift: Shift::Keep })
        .unwrap();
    // White 4+1 and Orange 6-1 tie at 5 above Purple's 2. They roll again without the shifts: Orange's
    // 5 beats White's 4 (shifted again, White's 5 would beat Orange's 4).
    s.apply_dice(&[4, 6, 2, 4, 5]).unwrap();
    assert_eq!(s.current_seat(), Some(ORANGE));
    assert_eq!(s.order(), &[1, 2, 0]);
    let roll = |seat, die, shift| InitiativeRoll { seat, die, shift };
    assert_eq!(
        s.last_dice(),
        Some(&DiceRoll::DiceOff {
            passes: vec![
                vec![roll(WHITE, 4, 1), roll(ORANGE, 6, -1), roll(PURPLE, 2, 0)],
                vec![roll(WHITE, 4, 0), roll(ORANGE, 5, 0)],
            ],
            winner: ORANGE,
        })
    );
}

#[test]
fn only_players_holding_an_edge_token_are_asked_about_it() {
    let mut s = after_setup(3, 1, &[2, 5, 1], &[24, 4, 0]);
    s.apply_dice(&[6, 1, 2]).unwrap();
    quiet_turn(&mut s, 0);
    // Orange moves instead of passing.
    fate(&mut s, 24, 2);
    s.apply(ORANGE, &Action::Move { to: 23, pips: 1 }).unwrap();
    if matches!(s.phase(), Phase::ExtraMove { .. }) {
        s.apply(ORANGE, &Action::EndTurn).unwrap();
    }
    quiet_turn(&mut s, 4);
    match s.phase() {
        Phase::Initiative { waiting, .. } => assert_eq!(waiting, &vec![0, 2]),
        p => panic!("expected the edge-token question, got {p:?}"),
    }
}

#[test]
fn players_with_no_pieces_left_take_no_turns_and_roll_no_dice() {
    let mut s = game(3, &[], &[(0, WHITE, 1), (10, ORANGE, 1), (24, PURPLE, 1)]);
    s.units[10] = None;
    s.pools[ORANGE][0] += 1;
    // An edge token does not bring a player with no pieces back into the dice-off.
    s.edge[ORANGE] = true;
    quiet_turn(&mut s, 0);
    assert_eq!(s.current_seat(), Some(PURPLE), "Orange is skipped");
    quiet_turn(&mut s, 24);
    // Both have tokens now: White and Purple are asked (not Orange, out of the game with its
    // token), then only they roll.
    assert!(matches!(s.phase(), Phase::Initiative { waiting, .. } if waiting == &[WHITE, PURPLE]));
    s.apply(WHITE, &Action::Initiative { shift: Shift::Keep })
        .unwrap();
    s.apply(PURPLE, &Action::Initiative { shift: Shift::Keep })
        .unwrap();
    let before = s.clone();
    assert!(s.apply_dice(&[1, 2, 3]).is_err(), "two dice, not three");
    assert_eq!(s, before);
    s.apply_dice(&[1, 2]).unwrap();
    assert_eq!(s.order(), &[2, 0]);
}
