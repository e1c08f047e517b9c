//! The four variants: Sprawlgami, Overload, Superior Forces and Counting Coup (with its hidden cards).

use super::tests::{GREEN, RED, YELLOW, allowed, at, branch, p, position_with, refused, spore};
use super::*;

fn only(v: Variant) -> Variants {
    Variants::of(&[v])
}

fn build(sq: &str, size: u8) -> Action {
    Action::Build { sq: at(sq), size }
}

fn stack(sq: &str, size: u8, pieces: u8) -> Action {
    Action::Spore {
        sq: at(sq),
        size,
        pieces,
    }
}

#[test]
fn sprawlgami_build_on_an_opponents_tower_your_branch_point_targets() {
    let s = position_with(
        only(Variant::Sprawlgami),
        &[
            ("a1", vec![p(RED, 3)]),
            ("a4", vec![p(YELLOW, 3)]),
            ("e6", vec![p(YELLOW, 1)]),
        ],
        &[
            ("a2", p(RED, 2), Dir::North, "a1"),
            ("a5", p(YELLOW, 3), Dir::North, "a4"),
        ],
        RED,
    );
    let mut next = allowed(&s, RED, build("a4", 2));
    let t = next.board().tower(at("a4")).unwrap();
    assert_eq!(t.pieces, vec![p(YELLOW, 3), p(RED, 2)]);
    assert_eq!(t.controller(), RED);
    // Control goes with the top piece: Red may now branch off it, Yellow may not build on it.
    next.current = RED;
    allowed(&next, RED, branch("a4", "b4", 1, Dir::East));
    next.current = YELLOW;
    refused(&next, YELLOW, build("a4", 1), "targets");
    // Yellow no longer branches off the tower, but its own branch in the tree is still its own to
    // branch from (only branching off the tower itself needs its control).
    refused(
        &next,
        YELLOW,
        branch("a4", "a3", 1, Dir::South),
        "tower you control",
    );
    allowed(&next, YELLOW, branch("a5", "a6", 2, Dir::East));
    // Yellow's pieces still count as Yellow's on the board.
    assert_eq!(next.scores()[1], 23);
}

/// At the end every piece of a neutralized tower and its tree returns "to their player's stashes":
/// with Sprawlgami a tower and its tree may hold two colours, and each piece goes to its owner.
#[test]
fn sprawlgami_a_neutralized_two_colour_tower_returns_each_piece_to_its_owner() {
    // Red topped Yellow's large on a4 with a medium; the tree holds Yellow's large on a5 and Red's
    // medium on b4 with a small off it on c4. Green's small on a3 neutralizes the tower.
    let s = position_with(
        only(Variant::Sprawlgami),
        &[
            ("a2", vec![p(GREEN, 3)]),
            ("a4", vec![p(YELLOW, 3), p(RED, 2)]),
        ],
        &[
            ("a3", p(GREEN, 1), Dir::North, "a2"),
            ("a5", p(YELLOW, 3), Dir::North, "a4"),
            ("b4", p(RED, 2), Dir::East, "a4"),
            ("c4", p(RED, 1), Dir::North, "b4"),
        ],
        GREEN,
    );
    assert!(s.is_neutralized(at("a4")));
    assert_eq!(s.neutralized_by(2), (5, 1));
    // Green builds; Red then has no valid move and the game ends.
    let mut s = s;
    s.apply(2, &build("a2", 2)).unwrap();
    assert!(s.is_over());
    for sq in ["a4", "a5", "b4", "c4"] {
        assert_eq!(s.cell(at(sq)), Some(&Cell::Empty), "{sq} is cleared");
    }
    assert_eq!(s.stash(0), [5, 5, 5]);
    assert_eq!(s.stash(1), [5, 5, 5]);
    assert_eq!(s.stash(2), [4, 4, 4]);
    assert_eq!(s.scores(), vec![30, 30, 24]);
    s.check_invariants().unwrap();
}

/// Ruling 10: "no more valid moves" is judged at the beginning of the player's turn. A player left
/// without a move in between (here by Green's branch) gets one back when another seat's Sprawlgami
/// build makes its tower taller, and the game goes on.
#[test]
fn sprawlgami_a_player_stuck_between_turns_who_gets_a_move_back_plays_on() {
    // Yellow's large on a1 has a medium branch on a2 (depth 1), which the one-piece tower cannot
    // lengthen; all five Yellow mediums are on the board (the rest in the dead tree on d4, which
    // Red's small on c4 neutralized), and the medium's target a4 holds Red's large. Yellow's only
    // move is a branch off a1 into b1. Red's medium on a3 targets a1.
    let s = position_with(
        only(Variant::Sprawlgami),
        &[
            ("a1", vec![p(YELLOW, 3)]),
            ("d4", vec![p(YELLOW, 3), p(YELLOW, 2)]),
            ("a4", vec![p(RED, 3)]),
            ("b4", vec![p(RED, 3)]),
            ("c1", vec![p(GREEN, 3)]),
        ],
        &[
            ("a2", p(YELLOW, 2), Dir::North, "a1"),
            ("d5", p(YELLOW, 3), Dir::North, "d4"),
            ("c5", p(YELLOW, 2), Dir::West, "d5"),
            ("d6", p(YELLOW, 2), Dir::West, "d5"),
            ("d3", p(YELLOW, 2), Dir::South, "d4"),
            ("a3", p(RED, 2), Dir::South, "a4"),
            ("c4", p(RED, 1), Dir::East, "b4"),
        ],
        GREEN,
    );
    assert!(s.is_neutralized(at("d4")));
    assert_eq!(s.stash(1), [5, 0, 2]);
    let yellow = moves::moves(&s, 1);
    assert!(!yellow.is_empty(), "Yellow still has a move");
    assert!(
        yellow
            .iter()
            .all(|a| matches!(a, Action::Branch { to, .. } if *to == at("b1")))
    );
    // Green fills b1 (its large attacks a1, which holds a large): Yellow has no valid move now.
    let s = allowed(&s, GREEN, branch("c1", "b1", 3, Dir::West));
    assert!(moves::moves(&s, 1).is_empty());
    assert_eq!(s.to_act(), ToAct::Seats(vec![0]));
    // Had Red not helped, Yellow's turn would begin without a move and the game would end.
    let ended = allowed(&s, RED, build("b4", 2));
    assert!(ended.is_over());
    // Red tops a1 with a medium: a two-piece tower lets Yellow's medium take a small off it.
    let s = allowed(&s, RED, build("a1", 2));
    assert_eq!(s.board().tower(at("a1")).unwrap().height(), 2);
    assert!(!s.is_over());
    assert_eq!(s.to_act(), ToAct::Seats(vec![1]));
    allowed(&s, YELLOW, branch("a2", "b2", 1, Dir::East));
}

#[test]
fn sprawlgami_needs_a_branch_point_targeting_the_tower() {
    let layout = (
        [("a1", vec![p(RED, 3)]), ("c6", vec![p(YELLOW, 3)])],
        [("a2", p(RED, 2), Dir::North, "a1")],
    );
    let s = position_with(only(Variant::Sprawlgami), &layout.0, &layout.1, RED);
    refused(&s, RED, build("c6", 2), "targets");
    let basic = position_with(Variants::none(), &layout.0, &layout.1, RED);
    refused(&basic, RED, build("c6", 2), "tower you control");
    let targeted = position_with(
        Variants::none(),
        &[("a1", vec![p(RED, 3)]), ("a4", vec![p(YELLOW, 3)])],
        &layout.1,
        RED,
    );
    refused(&targeted, RED, build("a4", 2), "tower you control");
}

/// Ruling 8 under Sprawlgami: a branch point on a neutralized tree gives no right to build on the
/// tower it targets, and a neutralized tower is built on by nobody.
#[test]
fn sprawlgami_builds_need_a_live_branch_point_and_a_live_tower() {
    let sg = only(Variant::Sprawlgami);
    // Red's a2 targets Yellow's a4, but Yellow's medium on b1 has neutralized Red's a1.
    let dead = position_with(
        sg,
        &[
            ("a1", vec![p(RED, 3)]),
            ("a4", vec![p(YELLOW, 3)]),
            ("c1", vec![p(YELLOW, 3)]),
        ],
        &[
            ("a2", p(RED, 2), Dir::North, "a1"),
            ("b1", p(YELLOW, 2), Dir::West, "c1"),
        ],
        RED,
    );
    assert!(dead.is_neutralized(at("a1")));
    refused(&dead, RED, build("a4", 2), "live branch points");
    // Red's a2 still targets a4, and Red's small on b4 has neutralized it.
    let neutralized = position_with(
        sg,
        &[
            ("a1", vec![p(RED, 3)]),
            ("a4", vec![p(YELLOW, 3)]),
            ("c4", vec![p(RED, 3)]),
        ],
        &[
            ("a2", p(RED, 2), Dir::North, "a1"),
            ("b4", p(RED, 1), Dir::West, "c4"),
        ],
        RED,
    );
    assert!(neutralized.is_neutralized(at("a4")));
    refused(
        &neutralized,
        RED,
        build("a4", 2),
        "neutralized tower cannot be built on",
    );
}

/// Tie-breaks 3-5 under Sprawlgami: a tower counts, all its pips, for the player whose piece tops
/// it (who controls it), and not for the one whose piece is under it.
#[test]
fn sprawlgami_a_two_colour_tower_counts_for_its_controller_in_the_tie_breaks() {
    let mut s = position_with(
        only(Variant::Sprawlgami),
        &[
            ("a1", vec![p(RED, 3), p(YELLOW, 2)]),
            ("e6", vec![p(GREEN, 1)]),
        ],
        &[],
        RED,
    );
    score::finish(&mut s);
    let of = |seat: Seat| {
        let st = s
            .standings()
            .into_iter()
            .find(|st| st.seat == seat)
            .unwrap();
        (st.spaces, st.tower_pips, st.towers)
    };
    assert_eq!(of(YELLOW as Seat), (1, 5, 1), "Yellow tops the tower");
    assert_eq!(of(RED as Seat), (0, 0, 0));
}

fn overload_position(variants: Variants, third: bool) -> Sprawl {
    let mut towers = vec![("c1", vec![p(RED, 3)]), ("a4", vec![p(RED, 3)])];
    let mut branches = vec![
        ("c2", p(RED, 2), Dir::North, "c1"),
        ("b4", p(RED, 1), Dir::East, "a4"),
    ];
    if third {
        towers.push(("e4", vec![p(RED, 3)]));
        branches.push(("d4", p(RED, 1), Dir::West, "e4"));
    }
    position_with(variants, &towers, &branches, RED)
}

#[test]
fn overload_three_branch_points_spore_a_whole_tower_at_once() {
    let s = overload_position(only(Variant::Overload), true);
    let next = allowed(&s, RED, stack("c4", 3, 3));
    assert_eq!(
        next.board().tower(at("c4")).unwrap().pieces,
        vec![p(RED, 3), p(RED, 2), p(RED, 1)]
    );
    assert_eq!(next.stash(0), [2, 3, 1]);
    assert!(
        next.action_to_string(0, &stack("c4", 3, 3))
            .contains("3-2-1")
    );
}

#[test]
fn overload_one_extra_piece_per_extra_branch_point() {
    let s = overload_position(only(Variant::Overload), false);
    refused(&s, RED, stack("c4", 3, 3), "needs 3");
    allowed(&s, RED, stack("c4", 3, 2));
    allowed(&s, RED, stack("c4", 2, 2));
    allowed(&s, RED, stack("c4", 1, 1));
    refused(&s, RED, stack("c4", 1, 2), "at most 1");
}

/// Overload: each stacked piece is a build "with a piece from your stash", so a stack needs every
/// one of its sizes in the stash, not only the bottom one.
#[test]
fn overload_every_piece_of_a_stack_comes_from_the_stash() {
    let ov = only(Variant::Overload);
    let towers = [
        ("c1", vec![p(RED, 3)]),
        ("a4", vec![p(RED, 3)]),
        ("e4", vec![p(RED, 3)]),
    ];
    let targeting = [
        ("c2", p(RED, 2), Dir::North, "c1"),
        ("b4", p(RED, 1), Dir::East, "a4"),
        ("d4", p(RED, 1), Dir::West, "e4"),
    ];
    // Red's five smalls on the board: no stack may end in a small.
    let mut branches = targeting.to_vec();
    branches.extend([
        ("b1", p(RED, 1), Dir::West, "c1"),
        ("d1", p(RED, 1), Dir::East, "c1"),
        ("a5", p(RED, 1), Dir::North, "a4"),
    ]);
    let s = position_with(ov, &towers, &branches, RED);
    assert_eq!(s.stash(0), [0, 4, 2]);
    refused(&s, RED, stack("c4", 3, 3), "no small (1) left");
    refused(&s, RED, stack("c4", 2, 2), "no small (1) left");
    allowed(&s, RED, stack("c4", 3, 2));
    // Red's five mediums on the board: no stack with a medium in it, at the bottom or in the middle.
    let mut branches = targeting.to_vec();
    branches.extend([
        ("b1", p(RED, 2), Dir::West, "c1"),
        ("d1", p(RED, 2), Dir::East, "c1"),
        ("a5", p(RED, 2), Dir::North, "a4"),
        ("a3", p(RED, 2), Dir::South, "a4"),
    ]);
    let s = position_with(ov, &towers, &branches, RED);
    assert_eq!(s.stash(0), [3, 0, 2]);
    refused(&s, RED, stack("c4", 3, 2), "no medium (2) left");
    refused(&s, RED, stack("c4", 3, 3), "no medium (2) left");
    refused(&s, RED, stack("c4", 2, 1), "no medium (2) left");
    allowed(&s, RED, stack("c4", 3, 1));
}

#[test]
fn without_overload_a_spore_is_one_piece() {
    let s = overload_position(Variants::none(), true);
    refused(&s, RED, stack("c4", 3, 2), "Overload");
    assert!(
        s.legal_actions(0)
            .iter()
            .all(|a| !matches!(a, Action::Spore { pieces: 2.., .. }))
    );
}

#[test]
fn overload_a_spore_is_judged_whole_against_instant_neutralization() {
    let mut towers = vec![("c6", vec![p(YELLOW, 3)])];
    towers.extend([
        ("c1", vec![p(RED, 3)]),
        ("a4", vec![p(RED, 3)]),
        ("e4", vec![p(RED, 3)]),
    ]);
    let s = position_with(
        only(Variant::Overload),
        &towers,
        &[
            ("c5", p(YELLOW, 1), Dir::South, "c6"),
            ("c2", p(RED, 2), Dir::North, "c1"),
            ("b4", p(RED, 1), Dir::East, "a4"),
            ("d4", p(RED, 1), Dir::West, "e4"),
        ],
        RED,
    );
    refused(&s, RED, stack("c4", 3, 1), "neutralized at once");
    refused(&s, RED, stack("c4", 3, 2), "neutralized at once");
    allowed(&s, RED, stack("c4", 3, 3));
}

#[test]
fn superior_forces_a_tower_falls_only_when_attacking_pips_exceed_its_own() {
    let sf = only(Variant::SuperiorForces);
    let s = position_with(
        sf,
        &[
            ("d3", vec![p(YELLOW, 3)]),
            ("b3", vec![p(RED, 3), p(RED, 2)]),
            ("d5", vec![p(GREEN, 3)]),
        ],
        &[],
        RED,
    );
    let s = allowed(&s, RED, branch("b3", "c3", 2, Dir::East));
    assert!(!s.is_neutralized(at("d3")), "2 against 3 is not enough");
    let s = allowed(&s, YELLOW, build("d3", 2));
    let s = allowed(&s, GREEN, branch("d5", "d4", 2, Dir::South));
    assert!(!s.is_neutralized(at("d3")), "4 against 5 is not enough");
    // Basic rules would have neutralized it at once; here it falls to a third attacker.
    let s = position_with(
        sf,
        &[
            ("c3", vec![p(YELLOW, 3), p(YELLOW, 2), p(YELLOW, 1)]),
            ("a3", vec![p(RED, 3)]),
            ("c5", vec![p(GREEN, 3)]),
            ("e3", vec![p(RED, 3)]),
            ("e6", vec![p(YELLOW, 1)]),
        ],
        &[
            ("b3", p(RED, 3), Dir::East, "a3"),
            ("c4", p(GREEN, 3), Dir::South, "c5"),
        ],
        RED,
    );
    assert!(!s.is_neutralized(at("c3")), "6 against 6 is not enough");
    let next = allowed(&s, RED, branch("e3", "d3", 1, Dir::West));
    assert!(
        next.is_neutralized(at("c3")),
        "7 against 6 is: even a 3-2-1 tower falls"
    );
    assert_eq!(next.neutralized_by(0), (6, 1));
    assert_eq!(next.neutralized_by(2), (6, 1));
}

#[test]
fn superior_forces_no_spore_where_attacking_pips_exceed_it() {
    let s = position_with(
        only(Variant::SuperiorForces),
        &[("a1", vec![p(RED, 3)]), ("c5", vec![p(YELLOW, 3)])],
        &[
            ("a2", p(RED, 3), Dir::North, "a1"),
            ("b5", p(YELLOW, 2), Dir::West, "c5"),
        ],
        RED,
    );
    refused(&s, RED, spore("a5", 1), "neutralized at once");
    allowed(&s, RED, spore("a5", 2));
    allowed(&s, RED, spore("a5", 3));
}

/// Red targets a5; Yellow's tower on c5 could lay a branch on b5 pointing at a5; Green sits far away.
fn coup_position() -> Sprawl {
    position_with(
        only(Variant::CountingCoup),
        &[
            ("a1", vec![p(RED, 3)]),
            ("c5", vec![p(YELLOW, 3)]),
            ("e1", vec![p(GREEN, 1)]),
        ],
        &[("a2", p(RED, 3), Dir::North, "a1")],
        RED,
    )
}

#[test]
fn counting_coup_a_player_who_could_neutralize_a_spore_may_ask_are_you_sure() {
    let s = allowed(&coup_position(), RED, spore("a5", 2));
    assert_eq!(s.to_act(), ToAct::Seats(vec![1]));
    assert_eq!(
        s.legal_actions(1),
        vec![Action::AreYouSure, Action::StaySilent]
    );
    assert!(s.legal_actions(0).is_empty() && s.legal_actions(2).is_empty());
    refused(&s, YELLOW, Action::TakeBack, "are you sure");
    refused(&s, GREEN, Action::AreYouSure, "deciding");
    let asked = allowed(&s, YELLOW, Action::AreYouSure);
    assert_eq!(asked.to_act(), ToAct::Seats(vec![0]));
    assert_eq!(
        asked.legal_actions(0),
        vec![Action::TakeBack, Action::KeepMove]
    );
}

#[test]
fn counting_coup_with_sprawlgami_a_build_that_would_neutralize_the_spore_counts_too() {
    // Red spores a large on a3 off its small branch on a2. Yellow's medium branch on a5 targets a3
    // over Green's full tower on a4, so Yellow cannot branch next to a3, but it may build a medium
    // on the new tower: then Yellow tops it and Red's small on a2 attacks it with a size it lacks.
    let layout = (
        [
            ("a1", vec![p(RED, 3)]),
            ("a4", vec![p(GREEN, 3), p(GREEN, 2), p(GREEN, 1)]),
            ("a6", vec![p(YELLOW, 3)]),
        ],
        [
            ("a2", p(RED, 1), Dir::North, "a1"),
            ("a5", p(YELLOW, 2), Dir::South, "a6"),
        ],
    );
    let both = Variants::of(&[Variant::CountingCoup, Variant::Sprawlgami]);
    let s = position_with(both, &layout.0, &layout.1, RED);
    let spored = allowed(&s, RED, spore("a3", 3));
    assert_eq!(spored.to_act(), ToAct::Seats(vec![1]));
    assert_eq!(
        spored.legal_actions(1),
        vec![Action::AreYouSure, Action::StaySilent]
    );
    // The answer is right: building the medium there neutralizes it.
    let mut kept = allowed(&spored, YELLOW, Action::StaySilent);
    kept.current = YELLOW;
    let built = allowed(&kept, YELLOW, build("a3", 2));
    assert!(built.board().tower(at("a3")).unwrap().neutralized);
    // Without Sprawlgami no build is possible, so nobody is asked.
    let s = position_with(only(Variant::CountingCoup), &layout.0, &layout.1, RED);
    let spored = allowed(&s, RED, spore("a3", 3));
    assert_eq!(spored.phase(), &Phase::Play);
}

#[test]
fn counting_coup_no_question_when_nobody_could_neutralize_the_spore() {
    let s = position_with(
        only(Variant::CountingCoup),
        &[
            ("a1", vec![p(RED, 3)]),
            ("e1", vec![p(YELLOW, 1)]),
            ("e2", vec![p(GREEN, 1)]),
        ],
        &[("a2", p(RED, 3), Dir::North, "a1")],
        RED,
    );
    let next = allowed(&s, RED, spore("a5", 2));
    assert_eq!(next.to_act(), ToAct::Seats(vec![1]));
    assert_eq!(next.phase(), &Phase::Play);
}

#[test]
fn counting_coup_a_player_who_could_attack_the_spore_but_not_neutralize_it_may_not_ask() {
    // Red targets a5. Yellow's two-piece tower on c6 is too far, but the medium branch off it on b6
    // can lay a small on a6 pointing at a5.
    let s = position_with(
        only(Variant::CountingCoup),
        &[
            ("a1", vec![p(RED, 3)]),
            ("c6", vec![p(YELLOW, 3), p(YELLOW, 2)]),
            ("e1", vec![p(GREEN, 1)]),
        ],
        &[
            ("a2", p(RED, 3), Dir::North, "a1"),
            ("b6", p(YELLOW, 2), Dir::West, "c6"),
        ],
        RED,
    );
    // A small spore: Yellow's small would attack it but not neutralize it, so no question.
    let small = allowed(&s, RED, spore("a5", 1));
    assert_eq!(small.phase(), &Phase::Play);
    assert_eq!(small.to_act(), ToAct::Seats(vec![1]));
    let attacked = allowed(&small, YELLOW, branch("b6", "a6", 1, Dir::South));
    assert_eq!(attacked.attackers(at("a5")).len(), 1);
    assert!(!attacked.is_neutralized(at("a5")));
    // A medium spore there, Yellow's small would neutralize: then Yellow may ask.
    let medium = allowed(&s, RED, spore("a5", 2));
    assert_eq!(
        medium.legal_actions(1),
        vec![Action::AreYouSure, Action::StaySilent]
    );
}

#[test]
fn counting_coup_taking_back_gives_the_asker_a_face_down_card() {
    let s = allowed(&coup_position(), RED, spore("a5", 2));
    let s = allowed(&s, YELLOW, Action::AreYouSure);
    let back = allowed(&s, RED, Action::TakeBack);
    assert_eq!(back.cell(at("a5")), Some(&Cell::Empty));
    assert_eq!(back.stash(0), [5, 5, 3]);
    assert_eq!(back.face_down_cards(1), 1);
    assert_eq!(back.deck_len(), DECK_SIZE - 1);
    assert_eq!(
        back.revealed_cards(1),
        None,
        "nobody looks at it before the end"
    );
    // Red must make a different move.
    assert_eq!(back.to_act(), ToAct::Seats(vec![0]));
    refused(&back, RED, spore("a5", 2), "took that spore back");
    allowed(&back, RED, spore("a5", 3));
}

/// Counting Coup: "that player may take back the move and make a different move". The new move is
/// a move like any other: a new spore may be questioned again, and each take-back earns a card.
#[test]
fn counting_coup_after_a_take_back_the_sporer_moves_again_and_may_be_questioned_again() {
    let s = allowed(&coup_position(), RED, spore("a5", 2));
    let s = allowed(&s, YELLOW, Action::AreYouSure);
    let s = allowed(&s, RED, Action::TakeBack);
    assert_eq!(s.to_act(), ToAct::Seats(vec![0]));
    // A large there, Yellow's small or medium on b5 would neutralize too: Yellow is asked again.
    let s = allowed(&s, RED, spore("a5", 3));
    assert_eq!(s.to_act(), ToAct::Seats(vec![1]));
    assert_eq!(
        s.legal_actions(1),
        vec![Action::AreYouSure, Action::StaySilent]
    );
    let s = allowed(&s, YELLOW, Action::AreYouSure);
    let s = allowed(&s, RED, Action::TakeBack);
    assert_eq!(s.face_down_cards(1), 2);
    assert_eq!(s.deck_len(), DECK_SIZE - 2);
    assert_eq!(s.stash(0), [5, 5, 3]);
    assert_eq!(s.taken_back(), &[spore("a5", 2), spore("a5", 3)]);
    refused(&s, RED, spore("a5", 2), "took that spore back");
    refused(&s, RED, spore("a5", 3), "took that spore back");
    // A third spore is questioned again; kept, it ends the turn and the refusals with it.
    let s = allowed(&s, RED, spore("a5", 1));
    assert_eq!(s.to_act(), ToAct::Seats(vec![1]));
    let s = allowed(&s, YELLOW, Action::StaySilent);
    assert_eq!(s.phase(), &Phase::Play);
    assert_eq!(s.to_act(), ToAct::Seats(vec![1]));
    assert!(s.taken_back().is_empty());
}

/// Ruling 10: "no more valid moves" is judged at the beginning of the player's turn. A spore can
/// leave the next player without a move; if the spore is then taken back, that player has a move
/// again when its turn begins, and the game goes on.
#[test]
fn counting_coup_a_player_stuck_by_a_spore_that_is_taken_back_plays_on() {
    // Yellow's 2-1 tower on a6 can only branch into a5 (b6 holds Green's small), where Red's large
    // on a2 targets. Green's large on c5 could lay a branch on b5 against a spore on a5.
    let s = position_with(
        only(Variant::CountingCoup),
        &[
            ("a1", vec![p(RED, 3)]),
            ("a6", vec![p(YELLOW, 2), p(YELLOW, 1)]),
            ("b6", vec![p(GREEN, 1)]),
            ("c5", vec![p(GREEN, 3)]),
        ],
        &[("a2", p(RED, 3), Dir::North, "a1")],
        RED,
    );
    assert!(!moves::moves(&s, 1).is_empty());
    let spored = allowed(&s, RED, spore("a5", 2));
    // Yellow has no valid move now, and so cannot ask; Green can.
    assert!(moves::moves(&spored, 1).is_empty());
    assert_eq!(spored.to_act(), ToAct::Seats(vec![2]));
    // Kept, the spore ends the game at the beginning of Yellow's turn.
    let asked = allowed(&spored, GREEN, Action::AreYouSure);
    assert!(allowed(&asked, RED, Action::KeepMove).is_over());
    assert!(allowed(&spored, GREEN, Action::StaySilent).is_over());
    // Taken back, a5 is vacant again: Yellow has a move when its turn begins.
    let back = allowed(&asked, RED, Action::TakeBack);
    assert!(!moves::moves(&back, 1).is_empty());
    let s = allowed(&back, RED, build("a1", 2));
    assert!(!s.is_over());
    assert_eq!(s.to_act(), ToAct::Seats(vec![1]));
    allowed(&s, YELLOW, branch("a6", "a5", 3, Dir::South));
}

#[test]
fn counting_coup_keeping_the_spore_passes_the_turn() {
    let s = allowed(&coup_position(), RED, spore("a5", 2));
    let asked = allowed(&s, YELLOW, Action::AreYouSure);
    let kept = allowed(&asked, RED, Action::KeepMove);
    assert_eq!(kept.to_act(), ToAct::Seats(vec![1]));
    assert!(kept.board().tower(at("a5")).is_some());
    assert_eq!(kept.face_down_cards(1), 0);
    let silent = allowed(&s, YELLOW, Action::StaySilent);
    assert_eq!(silent.to_act(), ToAct::Seats(vec![1]));
    assert_eq!(silent.phase(), &Phase::Play);
}

#[test]
fn counting_coup_players_are_asked_in_turn_order_after_the_sporer() {
    // Yellow (from c5, via b5) and Green (from a3, via a4) could both neutralize a spore on a5.
    let s = position_with(
        only(Variant::CountingCoup),
        &[
            ("a1", vec![p(RED, 3)]),
            ("c5", vec![p(YELLOW, 3)]),
            ("a3", vec![p(GREEN, 3)]),
        ],
        &[("a2", p(RED, 3), Dir::North, "a1")],
        RED,
    );
    let next = allowed(&s, RED, spore("a5", 2));
    let Phase::Asking { askers, .. } = next.phase().clone() else {
        panic!("expected a question");
    };
    assert_eq!(askers, vec![YELLOW, GREEN]);
    let after = allowed(&next, YELLOW, Action::StaySilent);
    assert_eq!(after.to_act(), ToAct::Seats(vec![2]));
    let silent = allowed(&after, GREEN, Action::StaySilent);
    assert_eq!(silent.phase(), &Phase::Play);
    assert_eq!(silent.to_act(), ToAct::Seats(vec![1]));
    // Green asks instead: Red answers Green, and Green gets the card.
    let asked = allowed(&after, GREEN, Action::AreYouSure);
    let back = allowed(&asked, RED, Action::TakeBack);
    assert_eq!(back.face_down_cards(2), 1);
    assert_eq!(back.face_down_cards(1), 0);
    // The same position with Yellow sporing and Red in Yellow's place: the order goes round the
    // table from Yellow, Green before Red.
    let s = position_with(
        only(Variant::CountingCoup),
        &[
            ("a1", vec![p(YELLOW, 3)]),
            ("c5", vec![p(RED, 3)]),
            ("a3", vec![p(GREEN, 3)]),
        ],
        &[("a2", p(YELLOW, 3), Dir::North, "a1")],
        YELLOW,
    );
    let next = allowed(&s, YELLOW, spore("a5", 2));
    let Phase::Asking { askers, .. } = next.phase().clone() else {
        panic!("expected a question");
    };
    assert_eq!(askers, vec![GREEN, RED]);
}

#[test]
fn counting_coup_cards_come_off_the_score_one_for_ace_to_ten_two_for_faces() {
    let mut s = coup_position();
    // Deal Yellow an Ace and a King and Red a 10 from the deck.
    for (seat, rank) in [(1, 1), (1, 13), (0, 10)] {
        let i = s.deck.iter().position(|&c| c == rank).unwrap();
        s.deck.remove(i);
        s.cards[seat].push(rank);
    }
    s.check_invariants().unwrap();
    assert_eq!(
        s.scores(),
        vec![24, 27, 29],
        "cards stay hidden until the end"
    );
    score::finish(&mut s);
    assert_eq!(s.scores(), vec![23, 24, 29]);
    assert_eq!(s.revealed_cards(1), Some(&[1, 13][..]));
    assert_eq!(card_value(1), 1);
    assert_eq!(card_value(10), 1);
    assert_eq!(card_value(11), 2);
    assert_eq!(card_value(13), 2);
}

#[test]
fn counting_coup_determinize_redeals_every_face_down_card() {
    let mut s = coup_position();
    for (seat, rank) in [(1, 1), (1, 13), (0, 12), (2, 5)] {
        let i = s.deck.iter().position(|&c| c == rank).unwrap();
        s.deck.remove(i);
        s.cards[seat].push(rank);
    }
    let mut all: Vec<u8> = s.deck.clone();
    s.cards.iter().for_each(|h| all.extend(h));
    all.sort();
    let mut differs = false;
    for seed in 0..20 {
        let d = s.determinize(1, seed);
        d.check_invariants().unwrap();
        assert_eq!(d.board(), s.board());
        for seat in 0..3 {
            assert_eq!(d.face_down_cards(seat), s.face_down_cards(seat));
        }
        let mut again: Vec<u8> = d.deck.clone();
        d.cards.iter().for_each(|h| again.extend(h));
        again.sort();
        assert_eq!(again, all);
        differs |= d.cards != s.cards;
    }
    assert!(differs, "even a seat's own cards are unknown to it");
}

#[test]
fn counting_coup_no_take_back_without_another_move_to_make() {
    // Red's tower is complete and boxed in: after taking the spore back Red could only make it again.
    let s = position_with(
        only(Variant::CountingCoup),
        &[
            ("a1", vec![p(RED, 3), p(RED, 2), p(RED, 1)]),
            ("b1", vec![p(GREEN, 1)]),
            ("b2", vec![p(GREEN, 2)]),
            ("a3", vec![p(YELLOW, 3)]),
            ("c5", vec![p(YELLOW, 3)]),
        ],
        &[("a2", p(RED, 3), Dir::North, "a1")],
        RED,
    );
    let mut s = s;
    // Set Red's other pieces aside so the spore's medium is all Red has.
    s.stash[0] = [0, 1, 0];
    let s = {
        let mut next = s.clone();
        next.apply(0, &spore("a5", 2)).unwrap();
        next.apply(1, &Action::AreYouSure).unwrap();
        next
    };
    assert_eq!(s.legal_actions(0), vec![Action::KeepMove]);
    let mut copy = s.clone();
    let err = copy.apply(0, &Action::TakeBack).unwrap_err();
    assert!(err.0.contains("no other move"));
    assert_eq!(copy, s);
}

#[test]
fn counting_coup_no_question_once_the_deck_is_empty() {
    let mut s = coup_position();
    s.cards[2] = std::mem::take(&mut s.deck);
    let next = allowed(&s, RED, spore("a5", 2));
    assert_eq!(next.phase(), &Phase::Play);
    assert_eq!(next.to_act(), ToAct::Seats(vec![1]));
}

/// Counting Coup lets a player who "could neutralize" a new spore ask "are you sure?"; with Superior
/// Forces a tower falls only to attacking pips that exceed its own, so only such a threat counts.
#[test]
fn counting_coup_with_superior_forces_only_a_spore_the_attacking_pips_could_exceed_is_questioned() {
    // Red targets a5 from its large branch on a2; Yellow's tower on c5 could lay a branch of any size
    // on b5 pointing at a5 (3 pips at most); Green sits far away on e1.
    let layout = (
        [
            ("a1", vec![p(RED, 3)]),
            ("c5", vec![p(YELLOW, 3)]),
            ("e1", vec![p(GREEN, 1)]),
        ],
        [("a2", p(RED, 3), Dir::North, "a1")],
    );
    let both = Variants::of(&[Variant::CountingCoup, Variant::SuperiorForces]);
    let s = position_with(both, &layout.0, &layout.1, RED);
    // A medium (2 pips): Yellow's large (3) would exceed it, so Yellow may ask.
    let medium = allowed(&s, RED, spore("a5", 2));
    assert_eq!(medium.to_act(), ToAct::Seats(vec![1]));
    assert_eq!(
        medium.legal_actions(1),
        vec![Action::AreYouSure, Action::StaySilent]
    );
    let asked = allowed(&medium, YELLOW, Action::AreYouSure);
    let back = allowed(&asked, RED, Action::TakeBack);
    assert_eq!(back.face_down_cards(1), 1, "Yellow earns a card");
    assert_eq!(back.deck_len(), DECK_SIZE - 1);
    // The threat was real: had the medium stood, a large branch takes it, a small one (1 against 2,
    // enough under the basic rule) does not.
    let kept = allowed(&medium, YELLOW, Action::StaySilent);
    assert_eq!(kept.to_act(), ToAct::Seats(vec![1]));
    let large = allowed(&kept, YELLOW, branch("c5", "b5", 3, Dir::West));
    assert!(large.is_neutralized(at("a5")));
    let small = allowed(&kept, YELLOW, branch("c5", "b5", 1, Dir::West));
    assert!(!small.is_neutralized(at("a5")));
    // A large (3 pips): no branch of Yellow's exceeds it, so nobody is asked and nobody earns a card,
    // though under Counting Coup alone Yellow's small or medium would neutralize it and Yellow is asked.
    let large = allowed(&s, RED, spore("a5", 3));
    assert_eq!(large.phase(), &Phase::Play);
    assert_eq!(large.to_act(), ToAct::Seats(vec![1]));
    assert_eq!(large.face_down_cards(1), 0);
    assert_eq!(large.deck_len(), DECK_SIZE);
    let attacked = allowed(&large, YELLOW, branch("c5", "b5", 3, Dir::West));
    assert!(
        !attacked.is_neutralized(at("a5")),
        "3 against 3 is not enough"
    );
    let plain = position_with(only(Variant::CountingCoup), &layout.0, &layout.1, RED);
    let questioned = allowed(&plain, RED, spore("a5", 3));
    assert_eq!(
        questioned.legal_actions(1),
        vec![Action::AreYouSure, Action::StaySilent]
    );
}

#[test]
fn variants_combine() {
    let all = Variants::of(&Variant::ALL);
    for v in Variant::ALL {
        assert!(all.has(v));
        assert!(!Variants::none().has(v));
        assert!(!v.summary().is_empty() && !v.name().is_empty());
    }
    let s = Sprawl::new(&Setup::new(6, 3).with(all)).unwrap();
    assert_eq!(s.deck_len(), DECK_SIZE);
    assert_eq!(Sprawl::new(&Setup::new(6, 3)).unwrap().deck_len(), 0);
}

#[test]
fn counting_coup_a_question_asked_twice_of_one_player_is_no_position() {
    // Each other player is asked once at most: a position file cannot make the question go round
    // and round (or past the count of askers a u8 holds).
    let asked = allowed(&coup_position(), RED, spore("a5", 2));
    let Phase::Asking { sporer, spore, .. } = asked.phase().clone() else {
        panic!("{:?}", asked.phase())
    };
    asked.check_invariants().unwrap();
    for askers in [vec![1; 300], vec![1, 2, 1], vec![0, 1]] {
        let mut bad = asked.clone();
        bad.phase = Phase::Asking {
            sporer,
            spore: spore.clone(),
            askers,
            next: 0,
        };
        assert!(bad.check_invariants().is_err());
    }
}

#[test]
fn counting_coup_a_question_about_a_spore_not_on_the_board_is_no_position() {
    // Taking a spore back lifts its tower: a position must not name some other tower (one with
    // branches, or another player's) as the spore, or taking it back would strand those branches.
    let asked = allowed(&coup_position(), RED, spore("a5", 2));
    let Phase::Asking {
        sporer,
        spore: made,
        askers,
        next,
    } = asked.phase().clone()
    else {
        panic!("{:?}", asked.phase())
    };
    let Action::Spore { sq, .. } = made else {
        panic!("{made:?}")
    };
    // Each wrong spore below breaks one clause only: the tower's size, its height, its owner,
    // the branches on it.
    let as_made = |at: Square, t: &Tower| Action::Spore {
        sq: at,
        size: t.pieces[0].size,
        pieces: t.pieces.len() as u8,
    };
    let board = asked.board();
    let towers: Vec<(Square, &Tower)> = board
        .cells()
        .filter_map(|(at, c)| match c {
            Cell::Tower(t) if at != sq => Some((at, t)),
            _ => None,
        })
        .collect();
    let (at, t) = towers
        .iter()
        .find(|(at, t)| t.top().owner == sporer && board.supported(*at) > 0)
        .expect("a tower of the sporer's with a branch");
    let branched = as_made(*at, t);
    let (at, t) = towers
        .iter()
        .find(|(at, t)| t.top().owner != sporer && board.supported(*at) == 0)
        .expect("another player's tower without a branch");
    let theirs = as_made(*at, t);
    let bigger = Action::Spore {
        sq,
        size: 3,
        pieces: 1,
    };
    let taller = Action::Spore {
        sq,
        size: 2,
        pieces: 2,
    };
    for wrong in [bigger, taller, branched, theirs, Action::KeepMove] {
        let mut bad = asked.clone();
        bad.phase = Phase::Asking {
            sporer,
            spore: wrong.clone(),
            askers: askers.clone(),
            next,
        };
        assert!(bad.check_invariants().is_err(), "asking about {wrong:?}");
        bad.phase = Phase::Answering {
            sporer,
            challenger: askers[0],
            spore: wrong.clone(),
        };
        assert!(bad.check_invariants().is_err(), "answering about {wrong:?}");
    }
}

#[test]
fn counting_coup_a_position_with_a_false_deck_or_a_self_asked_question_is_refused() {
    // A position file could stack the deck (a face-down King is worth two points), let the sporer
    // ask itself (its own take-back would earn it a card), or ask in a game without the variant.
    let asked = allowed(&coup_position(), RED, spore("a5", 2));
    asked.check_position().unwrap();
    let Phase::Asking { sporer, spore, .. } = asked.phase().clone() else {
        panic!("{:?}", asked.phase())
    };
    let mut kings = asked.clone();
    kings.deck = vec![13; kings.deck.len()];
    let err = kings.check_position().unwrap_err();
    assert!(err.contains("four of each rank"), "{err}");
    let mut jokers = asked.clone();
    jokers.deck[0] = 0;
    let err = jokers.check_position().unwrap_err();
    assert!(err.contains("four of each rank"), "{err}");
    let mut itself = asked.clone();
    itself.phase = Phase::Answering {
        sporer,
        challenger: sporer,
        spore,
    };
    assert!(itself.check_position().unwrap_err().contains("answer"));
    let mut plain = asked.clone();
    plain.variants.counting_coup = false;
    plain.deck.clear();
    plain.cards.iter_mut().for_each(Vec::clear);
    assert!(plain.check_position().unwrap_err().contains("question"));
}

/// `s` with its face-down cards dealt again, the same number to each seat: the highest of them (a
/// card's rank comes off its holder's points at the end) to `me` when `me_high`, else the lowest.
fn dealt(s: &Sprawl, me: Seat, me_high: bool) -> Sprawl {
    let mut d = s.clone();
    let mut pool: Vec<u8> = d.deck.clone();
    d.cards.iter().for_each(|h| pool.extend(h));
    pool.sort_unstable();
    let counts: Vec<usize> = d.cards.iter().map(Vec::len).collect();
    let mut order: Vec<Seat> = (0..counts.len()).filter(|&p| p != me).collect();
    order.insert(0, me);
    let mut take = |high: bool, n: usize| -> Vec<u8> {
        (0..n)
            .filter_map(|_| {
                if high {
                    pool.pop()
                } else {
                    Some(pool.remove(0))
                }
            })
            .collect()
    };
    for p in order {
        d.cards[p] = take((p == me) == me_high, counts[p]);
    }
    d.deck = pool;
    d
}

#[test]
fn counting_coup_the_bot_ends_a_game_without_knowing_the_face_down_cards() {
    // Seeded random Counting Coup games, stopped where the seat to play could end the game while
    // face-down cards are held: whether the cards favour that seat or the others, the bot plays
    // the same move. Nobody may look at them before the end, the bot included.
    use crate::bots::Bot;
    use crate::sprawl::bot::SprawlBot;
    let mut compared = 0;
    for seed in 0..2000u64 {
        if compared == 20 {
            break;
        }
        let setup = Setup::new(3, seed).with(only(Variant::CountingCoup));
        let mut s = Sprawl::new(&setup).unwrap();
        let mut rng = GameRng::new(seed);
        while let ToAct::Seats(seats) = s.to_act() {
            let seat = seats[0];
            let legal = s.legal_actions(seat);
            let held = (0..3).any(|p| s.face_down_cards(p) > 0);
            let ends = legal.iter().any(|a| {
                let mut next = s.clone();
                next.apply_unchecked(seat, a);
                next.is_over()
            });
            if held && ends && matches!(s.phase(), Phase::Play) && legal.len() > 1 {
                let (good, bad) = (dealt(&s, seat, true), dealt(&s, seat, false));
                let mine = SprawlBot::new(seed).choose(&good, seat);
                let theirs = SprawlBot::new(seed).choose(&bad, seat);
                assert_eq!(
                    mine, theirs,
                    "seed {seed}: the cards {:?} / {:?}",
                    good.cards, bad.cards
                );
                compared += 1;
                break;
            }
            let a = legal[rng.below(legal.len())].clone();
            s.apply(seat, &a).unwrap();
        }
    }
    assert_eq!(
        compared, 20,
        "too few positions where the game could end with cards held"
    );
}
