//! The terrain table: Black, Blue, Green, Clear, Red and Yellow, exactly as the rulebook lists them.

use super::*;

/// White's `pips` at C3 on `c`; Orange's 1 at E1.
fn on(c: Colour, pips: u8) -> IceColony {
    game(2, &[(12, c)], &[(12, WHITE, pips), (4, ORANGE, 1)])
}

/// Totals of a battle from C3 (`from`) on D3 (`to`), White 1 against Orange 1, both dice 3.
fn totals(from: Colour, to: Colour) -> (i8, i8) {
    let mut s = game(
        2,
        &[(12, from), (13, to)],
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
    s.apply_dice(&[3, 3]).unwrap();
    match s.last_dice() {
        Some(DiceRoll::Battle {
            attack_total,
            defence_total,
            ..
        }) => (*attack_total, *defence_total),
        d => panic!("expected a battle, got {d:?}"),
    }
}

/// White's 3 on a Blue C3, its fate die rolled (2: no change), Orange's 1 beside it on D3 (and
/// another on E1, so Orange stays on the board).
fn blue_beside_orange() -> IceColony {
    let mut s = game(
        2,
        &[(12, Colour::Blue)],
        &[(12, WHITE, 3), (13, ORANGE, 1), (4, ORANGE, 1)],
    );
    fate(&mut s, 12, 2);
    s
}

#[test]
fn black_cancels_the_reduce_of_the_fate_die() {
    let mut s = on(Colour::Black, 2);
    fate(&mut s, 12, 1);
    assert_eq!(pips_of(&s, 12, WHITE), 2);
}

#[test]
fn black_gives_defenders_plus_1() {
    assert_eq!(totals(Colour::Clear, Colour::Black), (4, 5));
}

#[test]
fn blue_allows_one_extra_move_from_the_active_territory() {
    let mut s = on(Colour::Blue, 3);
    fate(&mut s, 12, 2);
    let s = allowed(&s, WHITE, Action::Move { to: 13, pips: 1 });
    assert_eq!(s.phase(), &Phase::ExtraMove { square: 12 });
    assert_eq!(s.current_seat(), Some(WHITE));
    refused(&s, WHITE, Action::Pass, "one extra move");
    let again = allowed(&s, WHITE, Action::Move { to: 11, pips: 1 });
    assert_eq!(again.current_seat(), Some(ORANGE), "only one extra move");
    assert_eq!(pips_of(&again, 12, WHITE), 1);
    let stop = allowed(&s, WHITE, Action::EndTurn);
    assert_eq!(stop.current_seat(), Some(ORANGE));
}

#[test]
fn blues_extra_move_cannot_enter_an_enemy_square_and_is_not_told_to_attack() {
    // Orange holds D3 beside the active C3: the extra move may not go there, and since the extra
    // move allows no attack, the refusal does not suggest one.
    let s = blue_beside_orange();
    let s = allowed(&s, WHITE, Action::Move { to: 11, pips: 1 });
    assert_eq!(s.phase(), &Phase::ExtraMove { square: 12 });
    refused(
        &s,
        WHITE,
        Action::Move { to: 13, pips: 1 },
        "Orange holds that square",
    );
    let why = s
        .clone()
        .apply(WHITE, &Action::Move { to: 13, pips: 1 })
        .unwrap_err();
    assert!(!why.0.contains("attack"), "{why:?}");
}

#[test]
fn blues_extra_move_allows_no_attack() {
    let s = blue_beside_orange();
    let s = allowed(&s, WHITE, Action::Move { to: 11, pips: 1 });
    refused(
        &s,
        WHITE,
        Action::Attack {
            to: 13,
            edge: false,
        },
        "one extra move",
    );
}

#[test]
fn blue_gives_no_extra_move_after_an_attack() {
    // White attacks from Blue with 3 and loses (4 against 7): 2 pips stay on the Blue square, and
    // the turn still ends, since the extra action Blue allows is a second Move.
    let s = blue_beside_orange();
    let mut s = allowed(
        &s,
        WHITE,
        Action::Attack {
            to: 13,
            edge: false,
        },
    );
    s.apply_dice(&[1, 6]).unwrap();
    assert_eq!(pips_of(&s, 12, WHITE), 2);
    assert_eq!(s.current_seat(), Some(ORANGE));
}

#[test]
fn blue_gives_no_extra_move_once_the_territory_is_empty() {
    let mut s = on(Colour::Blue, 2);
    fate(&mut s, 12, 2);
    let s = allowed(&s, WHITE, Action::Move { to: 13, pips: 2 });
    assert_eq!(s.current_seat(), Some(ORANGE));
}

#[test]
fn blue_gives_its_extra_move_after_a_forced_move_too() {
    let mut s = on(Colour::Blue, 3);
    fate(&mut s, 12, 6);
    let s = allowed(&s, WHITE, Action::Move { to: 13, pips: 2 });
    assert_eq!(s.phase(), &Phase::ExtraMove { square: 12 });
}

#[test]
fn other_terrain_gives_no_extra_move() {
    for c in [
        Colour::Black,
        Colour::Green,
        Colour::Clear,
        Colour::Red,
        Colour::Yellow,
    ] {
        let mut s = on(c, 3);
        fate(&mut s, 12, 2);
        let s = allowed(&s, WHITE, Action::Move { to: 13, pips: 1 });
        assert_eq!(s.current_seat(), Some(ORANGE), "{}", c.name());
        refused(&s, ORANGE, Action::EndTurn, "not now");
    }
}

#[test]
fn green_grows_one_more_on_a_grow() {
    for (die, after) in [(4, 3), (5, 3), (6, 4), (1, 0), (2, 1)] {
        let mut s = on(Colour::Green, 1);
        fate(&mut s, 12, die);
        assert_eq!(pips_of(&s, 12, WHITE), after, "die {die}");
    }
}

#[test]
fn green_gives_defenders_minus_1() {
    assert_eq!(totals(Colour::Clear, Colour::Green), (4, 3));
}

#[test]
fn clear_with_no_effect_changes_nothing() {
    let mut s = on(Colour::Clear, 2);
    fate(&mut s, 12, 1);
    assert_eq!(pips_of(&s, 12, WHITE), 1);
    assert_eq!(totals(Colour::Clear, Colour::Clear), (4, 4));
}

#[test]
fn red_makes_a_reduce_take_one_more() {
    let mut s = on(Colour::Red, 3);
    fate(&mut s, 12, 1);
    assert_eq!(pips_of(&s, 12, WHITE), 1);
    let mut small = on(Colour::Red, 1);
    fate(&mut small, 12, 1);
    assert_eq!(small.unit(12), None);
}

#[test]
fn red_gives_defenders_plus_2() {
    assert_eq!(totals(Colour::Clear, Colour::Red), (4, 6));
}

#[test]
fn yellow_gives_attackers_from_it_plus_1() {
    assert_eq!(totals(Colour::Yellow, Colour::Clear), (5, 4));
    // Yellow does nothing for its defenders, nor the other terrains for attackers.
    assert_eq!(totals(Colour::Clear, Colour::Yellow), (4, 4));
    assert_eq!(totals(Colour::Red, Colour::Clear), (4, 4));
    assert_eq!(totals(Colour::Black, Colour::Clear), (4, 4));
}

#[test]
fn every_terrain_colour_has_its_effect_described() {
    for c in Colour::TERRAIN {
        assert!(c.effect(ClearTerrain::NoEffect).starts_with(c.name()));
    }
    assert!(
        Colour::Clear
            .effect(ClearTerrain::NoTerritory)
            .contains("nobody may enter")
    );
}

/// A forced move is "a Move action" that leaves 3 or less: Blue's extra move does not count towards
/// it, so a first move leaving more than 3 is not offered on Blue either (see the design note).
#[test]
fn blues_extra_move_does_not_help_a_forced_move() {
    // Five pips on a Blue C3 with an empty D3: moving 1 would leave 4, even though a second move
    // could follow.
    let mut s = game(2, &[(12, Colour::Blue)], &[(12, WHITE, 3), (4, ORANGE, 1)]);
    fate(&mut s, 12, 6);
    assert_eq!(s.phase(), &Phase::ForcedMove { square: 12 });
    refused(
        &s,
        WHITE,
        Action::Move { to: 13, pips: 1 },
        "at most 3 pips behind",
    );
    allowed(&s, WHITE, Action::Move { to: 13, pips: 2 });
    // Neighbours with room for 1 pip each (White 2s on C2 and B3, Orange on D3 and C4): two moves of
    // 1 would do, one cannot, so the territory is reduced to 3 and the turn ends.
    let mut t = game(
        2,
        &[(12, Colour::Blue)],
        &[
            (12, WHITE, 3),
            (7, WHITE, 2),
            (11, WHITE, 2),
            (13, ORANGE, 1),
            (17, ORANGE, 1),
        ],
    );
    fate(&mut t, 12, 6);
    t.check_invariants().unwrap();
    assert_eq!(pips_of(&t, 12, WHITE), 3);
    assert_eq!((pips_of(&t, 7, WHITE), pips_of(&t, 11, WHITE)), (2, 2));
    assert_eq!(t.current_seat(), Some(ORANGE));
}

/// The whole terrain table, every colour against every effect, as the rulebook gives it: a Grow 1
/// (die 4) on a 1, a Reduce (die 1) on a 3 (so that taking one and taking two differ), and the
/// totals of a battle of ones with both dice 3, attacking from the colour and defending on it.
#[test]
fn every_terrain_has_exactly_its_listed_effects_and_no_others() {
    // (colour, after a Grow 1 on a 1, after a Reduce on a 3, attack total, defence total)
    let table = [
        (Colour::Black, 2, 3, 4, 5),
        (Colour::Blue, 2, 2, 4, 4),
        (Colour::Green, 3, 2, 4, 3),
        (Colour::Clear, 2, 2, 4, 4),
        (Colour::Red, 2, 1, 4, 6),
        (Colour::Yellow, 2, 2, 5, 4),
    ];
    assert_eq!(table.len(), Colour::TERRAIN.len());
    for (c, grown, reduced, attack, defence) in table {
        let mut s = on(c, 1);
        fate(&mut s, 12, 4);
        assert_eq!(pips_of(&s, 12, WHITE), grown, "{c:?} grow");
        let mut s = on(c, 3);
        fate(&mut s, 12, 1);
        assert_eq!(pips_of(&s, 12, WHITE), reduced, "{c:?} reduce");
        assert_eq!(
            totals(c, Colour::Clear).0,
            attack,
            "{c:?} attacking from it"
        );
        assert_eq!(totals(Colour::Clear, c).1, defence, "{c:?} defending on it");
    }
}
