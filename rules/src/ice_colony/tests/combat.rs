//! Attacks: targets, the rolls, ties, losses by the winner's pips, taking an emptied square, edge tokens.

use super::*;

/// White's `w` at C3 against Orange's `o` at D3, both on Clear (no effect), White to act after a quiet
/// fate roll. Orange also holds E5, so one lost territory does not end the game.
fn duel(w: u8, o: u8) -> IceColony {
    let mut s = game(
        2,
        &[(12, Colour::Clear), (13, Colour::Clear)],
        &[(12, WHITE, w), (13, ORANGE, o), (24, ORANGE, 1)],
    );
    fate(&mut s, 12, 2);
    s
}

/// Attack D3 from C3 (no edge tokens) and roll `dice` (attacker's, defender's).
fn attack(s: &mut IceColony, dice: [u8; 2]) {
    s.apply(
        WHITE,
        &Action::Attack {
            to: 13,
            edge: false,
        },
    )
    .unwrap();
    s.apply_dice(&dice).unwrap();
    s.check_invariants().unwrap();
}

fn battle_totals(s: &IceColony) -> (i8, i8, bool) {
    match s.last_dice() {
        Some(DiceRoll::Battle {
            attack_total,
            defence_total,
            attacker_won,
            ..
        }) => (*attack_total, *defence_total, *attacker_won),
        d => panic!("expected a battle, got {d:?}"),
    }
}

#[test]
fn an_attack_goes_into_an_adjacent_enemy_territory() {
    let mut s = game(
        2,
        &[(12, Colour::Clear)],
        &[
            (12, WHITE, 2),
            (13, ORANGE, 1),
            (14, ORANGE, 1),
            (11, WHITE, 1),
        ],
    );
    fate(&mut s, 12, 2);
    refused(
        &s,
        WHITE,
        Action::Attack {
            to: 14,
            edge: false,
        },
        "sharing an edge",
    );
    refused(&s, WHITE, Action::Attack { to: 7, edge: false }, "no enemy");
    refused(
        &s,
        WHITE,
        Action::Attack {
            to: 11,
            edge: false,
        },
        "no enemy",
    );
    let attacks: Vec<Action> = s
        .legal_actions(WHITE)
        .into_iter()
        .filter(|a| matches!(a, Action::Attack { .. }))
        .collect();
    assert_eq!(
        attacks,
        vec![Action::Attack {
            to: 13,
            edge: false
        }]
    );
    let next = allowed(
        &s,
        WHITE,
        Action::Attack {
            to: 13,
            edge: false,
        },
    );
    assert_eq!(next.to_act(), ToAct::Chance, "both sides roll");
}

#[test]
fn each_side_rolls_a_die_and_adds_its_pips() {
    let mut s = duel(3, 2);
    attack(&mut s, [2, 4]);
    assert_eq!(battle_totals(&s), (5, 6, false));
}

#[test]
fn ties_favour_the_defender() {
    let mut s = duel(2, 2);
    attack(&mut s, [4, 4]);
    assert_eq!(battle_totals(&s), (6, 6, false));
    assert_eq!(pips_of(&s, 12, WHITE), 0, "the attacker lost 2 pips");
    assert_eq!(pips_of(&s, 13, ORANGE), 2);
}

#[test]
fn a_beaten_defender_loses_as_many_pips_as_the_attacker_used() {
    // A 2-pip attacker beats a 3-pip defender: the defender loses 2 pips, not 1, leaving 1.
    let mut s = duel(2, 3);
    attack(&mut s, [6, 1]);
    assert_eq!(battle_totals(&s), (8, 4, true));
    assert_eq!(pips_of(&s, 13, ORANGE), 1);
    assert_eq!(
        pips_of(&s, 12, WHITE),
        2,
        "the attacker stays home while the defender stands"
    );
    assert_eq!(s.current_seat(), Some(ORANGE));
}

#[test]
fn a_beaten_attacker_loses_as_many_pips_as_the_defender_used() {
    let mut s = duel(3, 1);
    attack(&mut s, [1, 6]);
    assert_eq!(pips_of(&s, 12, WHITE), 2);
    assert_eq!(pips_of(&s, 13, ORANGE), 1);
    let mut t = duel(1, 2);
    t.units[0] = Some(Unit {
        owner: WHITE,
        pieces: [1, 0, 0],
    });
    t.pools[WHITE][0] -= 1;
    attack(&mut t, [1, 6]);
    assert_eq!(t.unit(12), None, "an attacker can be wiped out");
}

#[test]
fn the_rulebook_example_a_3_pip_beaten_by_a_1_pip_without_a_2_in_the_pool_drops_to_1() {
    // Orange's pool is left with one 1-pip and no 2-pip pieces.
    let mut units = vec![(12, WHITE, 1), (13, ORANGE, 3)];
    units.extend([0, 1, 2, 3, 4].iter().map(|&q| (q, ORANGE, 2)));
    units.extend([20, 21, 22, 23].iter().map(|&q| (q, ORANGE, 1)));
    let mut s = game(2, &[(12, Colour::Clear), (13, Colour::Clear)], &units);
    assert_eq!(s.pool(ORANGE), [1, 0, 4]);
    fate(&mut s, 12, 2);
    attack(&mut s, [6, 1]);
    assert_eq!(
        s.unit(13),
        Some(Unit {
            owner: ORANGE,
            pieces: [1, 0, 0]
        })
    );
    assert_eq!(s.pool(ORANGE), [0, 0, 5]);
}

#[test]
fn a_beaten_defender_without_the_pieces_to_break_its_unit_is_eliminated_and_the_attacker_moves_in()
{
    // Orange's pool holds neither 1-pip nor 2-pip pieces: its 3 cannot drop to 2 or 1.
    let mut units = vec![(12, WHITE, 1), (13, ORANGE, 3)];
    units.extend([0, 1, 2, 3, 4].iter().map(|&q| (q, ORANGE, 2)));
    units.extend([20, 21, 22, 23, 24].iter().map(|&q| (q, ORANGE, 1)));
    let mut s = game(2, &[(12, Colour::Clear), (13, Colour::Clear)], &units);
    assert_eq!(s.pool(ORANGE), [0, 0, 4]);
    fate(&mut s, 12, 2);
    attack(&mut s, [6, 1]);
    assert_eq!(battle_totals(&s), (7, 4, true));
    assert_eq!(s.unit(12), None);
    assert_eq!(
        s.unit(13),
        Some(Unit {
            owner: WHITE,
            pieces: [1, 0, 0]
        })
    );
    assert_eq!(s.pool(ORANGE), [0, 0, 5]);
    assert_eq!(s.current_seat(), Some(ORANGE));
}

#[test]
fn a_beaten_attacker_without_the_pieces_to_break_its_unit_falls_to_the_next_lowest_amount() {
    // White's 3 on C3 attacks Orange's 1 and loses 1 pip; White has no 2-pip piece left in its pool.
    let beaten = |ones: &[Square]| {
        let mut units = vec![(12, WHITE, 3), (13, ORANGE, 1), (24, ORANGE, 1)];
        units.extend([0, 1, 2, 3, 4].iter().map(|&q| (q, WHITE, 2)));
        units.extend(ones.iter().map(|&q| (q, WHITE, 1)));
        let mut s = game(2, &[(12, Colour::Clear), (13, Colour::Clear)], &units);
        fate(&mut s, 12, 2);
        s
    };
    // One 1-pip piece in the pool: 2 pips cannot be made, so the 3 drops to 1.
    let mut s = beaten(&[15, 16, 17, 18]);
    assert_eq!(s.pool(WHITE), [1, 0, 4]);
    attack(&mut s, [1, 6]);
    assert_eq!(battle_totals(&s), (4, 7, false));
    assert_eq!(
        s.unit(12),
        Some(Unit {
            owner: WHITE,
            pieces: [1, 0, 0]
        })
    );
    assert_eq!(s.pool(WHITE), [0, 0, 5]);
    // No 1-pip piece either: nothing below 3 can be made, and the attacker is wiped out.
    let mut t = beaten(&[15, 16, 17, 18, 19]);
    assert_eq!(t.pool(WHITE), [0, 0, 4]);
    attack(&mut t, [1, 6]);
    assert_eq!(t.unit(12), None);
    assert_eq!(t.pool(WHITE), [0, 0, 5]);
    assert_eq!(pips_of(&t, 13, ORANGE), 1, "the defender keeps its square");
    assert_eq!(t.current_seat(), Some(ORANGE));
}

#[test]
fn an_eliminated_defenders_square_is_taken_by_the_attacker() {
    let mut s = duel(1, 1);
    attack(&mut s, [5, 1]);
    assert_eq!(s.unit(12), None);
    assert_eq!(
        s.unit(13),
        Some(Unit {
            owner: WHITE,
            pieces: [1, 0, 0]
        })
    );
    assert_eq!(s.current_seat(), Some(ORANGE));
}

#[test]
fn a_bigger_attacker_chooses_how_many_pips_move_in() {
    let mut s = duel(3, 1);
    attack(&mut s, [5, 1]);
    assert_eq!(s.phase(), &Phase::Occupy { from: 12, to: 13 });
    assert_eq!(s.unit(13), None);
    assert_eq!(
        s.legal_actions(WHITE),
        vec![
            Action::Occupy { pips: 1 },
            Action::Occupy { pips: 2 },
            Action::Occupy { pips: 3 }
        ]
    );
    refused(&s, WHITE, Action::Occupy { pips: 0 }, "1 to 3");
    refused(&s, WHITE, Action::Occupy { pips: 4 }, "1 to 3");
    let next = allowed(&s, WHITE, Action::Occupy { pips: 2 });
    assert_eq!(
        (pips_of(&next, 12, WHITE), pips_of(&next, 13, WHITE)),
        (1, 2)
    );
    assert_eq!(next.current_seat(), Some(ORANGE));
}

#[test]
fn moving_in_only_part_needs_the_pieces_to_break_the_unit() {
    let mut units = vec![(12, WHITE, 3), (13, ORANGE, 1), (24, ORANGE, 1)];
    units.extend([0, 1, 2, 3, 4].iter().map(|&q| (q, WHITE, 2)));
    units.extend([15, 16, 17, 18, 19].iter().map(|&q| (q, WHITE, 1)));
    let mut s = game(2, &[(12, Colour::Clear), (13, Colour::Clear)], &units);
    fate(&mut s, 12, 2);
    attack(&mut s, [5, 1]);
    assert_eq!(
        s.unit(13),
        Some(Unit {
            owner: WHITE,
            pieces: [0, 0, 1]
        }),
        "all of it moves in"
    );
    assert_eq!(s.current_seat(), Some(ORANGE));
}

#[test]
fn the_attacker_may_spend_an_edge_token_for_plus_1() {
    let mut s = duel(2, 2);
    refused(
        &s,
        WHITE,
        Action::Attack { to: 13, edge: true },
        "no edge token",
    );
    s.edge[WHITE] = true;
    let mut next = allowed(&s, WHITE, Action::Attack { to: 13, edge: true });
    assert!(!next.has_edge(WHITE), "spent before the roll");
    next.apply_dice(&[4, 4]).unwrap();
    assert_eq!(battle_totals(&next), (7, 6, true));
    // Keeping it is allowed too.
    let kept = allowed(
        &s,
        WHITE,
        Action::Attack {
            to: 13,
            edge: false,
        },
    );
    assert!(kept.has_edge(WHITE));
}

#[test]
fn the_defender_may_spend_an_edge_token_for_plus_1() {
    let mut s = duel(2, 2);
    s.edge[ORANGE] = true;
    s.apply(
        WHITE,
        &Action::Attack {
            to: 13,
            edge: false,
        },
    )
    .unwrap();
    assert_eq!(
        s.to_act(),
        ToAct::Seats(vec![ORANGE]),
        "the defender decides before the roll"
    );
    refused(&s, WHITE, Action::Defend { edge: true }, "Orange's move");
    let mut spent = allowed(&s, ORANGE, Action::Defend { edge: true });
    assert!(!spent.has_edge(ORANGE));
    spent.apply_dice(&[5, 4]).unwrap();
    assert_eq!(battle_totals(&spent), (7, 7, false));
    let kept = allowed(&s, ORANGE, Action::Defend { edge: false });
    assert!(kept.has_edge(ORANGE));
    assert_eq!(kept.to_act(), ToAct::Chance);
}

#[test]
fn without_an_edge_token_the_defender_is_not_asked() {
    let mut s = duel(2, 2);
    s.apply(
        WHITE,
        &Action::Attack {
            to: 13,
            edge: false,
        },
    )
    .unwrap();
    assert_eq!(s.to_act(), ToAct::Chance);
    refused(&s, ORANGE, Action::Defend { edge: false }, "dice");
}

#[test]
fn no_attack_while_a_move_is_forced() {
    let mut s = duel(3, 1);
    s.apply(WHITE, &Action::Pass).unwrap();
    fate(&mut s, 24, 2);
    s.apply(ORANGE, &Action::Pass).unwrap();
    fate(&mut s, 12, 6);
    assert_eq!(s.phase(), &Phase::ForcedMove { square: 12 });
    refused(
        &s,
        WHITE,
        Action::Attack {
            to: 13,
            edge: false,
        },
        "must move",
    );
}

/// The loser "reduces his pieces by a number of pips equal to how many the attacker used" (or the
/// defender): the pips of the winner's pieces, not its total with terrain bonus and edge token.
#[test]
fn the_loser_loses_the_winners_pips_not_its_total_with_terrain_and_edge_token() {
    // White's 1 attacks from Yellow (+1) with its edge token (+1) and beats Orange's 3: Orange loses 1
    // pip, not 3.
    let mut s = game(
        2,
        &[(12, Colour::Yellow), (13, Colour::Clear)],
        &[(12, WHITE, 1), (13, ORANGE, 3), (24, ORANGE, 1)],
    );
    s.edge[WHITE] = true;
    fate(&mut s, 12, 2);
    s.apply(WHITE, &Action::Attack { to: 13, edge: true })
        .unwrap();
    s.apply_dice(&[6, 1]).unwrap();
    s.check_invariants().unwrap();
    assert_eq!(battle_totals(&s), (9, 4, true));
    assert_eq!(pips_of(&s, 13, ORANGE), 2);
    assert_eq!(pips_of(&s, 12, WHITE), 1);
    // Orange's 1 defends on Red (+2) with its edge token (+1) and beats White's 3: White loses 1 pip,
    // not 4.
    let mut t = game(
        2,
        &[(12, Colour::Clear), (13, Colour::Red)],
        &[(12, WHITE, 3), (13, ORANGE, 1), (0, WHITE, 1)],
    );
    t.edge[ORANGE] = true;
    fate(&mut t, 12, 2);
    t.apply(
        WHITE,
        &Action::Attack {
            to: 13,
            edge: false,
        },
    )
    .unwrap();
    let mut t = allowed(&t, ORANGE, Action::Defend { edge: true });
    t.apply_dice(&[1, 6]).unwrap();
    t.check_invariants().unwrap();
    assert_eq!(battle_totals(&t), (4, 10, false));
    assert_eq!(pips_of(&t, 12, WHITE), 2);
    assert_eq!(pips_of(&t, 13, ORANGE), 1);
}

/// Attacker and defender each "may spend it before the roll to add a +1" in the same battle; ties
/// still favour the defender.
#[test]
fn both_sides_may_spend_an_edge_token_in_the_same_battle_each_for_plus_1() {
    let both = || {
        let mut s = duel(2, 2);
        s.edge[WHITE] = true;
        s.edge[ORANGE] = true;
        let s = allowed(&s, WHITE, Action::Attack { to: 13, edge: true });
        assert_eq!(s.to_act(), ToAct::Seats(vec![ORANGE]));
        let s = allowed(&s, ORANGE, Action::Defend { edge: true });
        assert!(!s.has_edge(WHITE) && !s.has_edge(ORANGE), "both spent");
        s
    };
    let mut tie = both();
    tie.apply_dice(&[4, 4]).unwrap();
    assert_eq!(battle_totals(&tie), (7, 7, false));
    assert_eq!(pips_of(&tie, 12, WHITE), 0, "the attacker lost 2 pips");
    assert_eq!(pips_of(&tie, 13, ORANGE), 2);
    let mut win = both();
    win.apply_dice(&[5, 4]).unwrap();
    assert_eq!(battle_totals(&win), (8, 7, true));
    assert_eq!(pips_of(&win, 13, ORANGE), 0);
    assert_eq!(win.phase(), &Phase::Occupy { from: 12, to: 13 });
}

/// Design note: an attack that wipes out the last enemy unit on the board still lets the attacker
/// say how many pips move in; the game ends after that.
#[test]
fn wiping_out_the_last_enemy_still_lets_the_attacker_choose_what_moves_in() {
    let mut s = game(
        2,
        &[(12, Colour::Clear), (13, Colour::Clear)],
        &[(12, WHITE, 3), (13, ORANGE, 1)],
    );
    fate(&mut s, 12, 2);
    attack(&mut s, [5, 1]);
    assert_eq!(s.phase(), &Phase::Occupy { from: 12, to: 13 });
    assert!(!s.is_over(), "not before the attacker has moved in");
    let next = allowed(&s, WHITE, Action::Occupy { pips: 2 });
    assert_eq!(
        (pips_of(&next, 12, WHITE), pips_of(&next, 13, WHITE)),
        (1, 2)
    );
    assert!(next.is_over());
    assert_eq!(next.returns(), vec![1.0, 0.0]);
}
