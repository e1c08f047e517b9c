//! One test per rule sentence of the Sprawl rulebook on attacks, spores and the end of the game, the
//! rulebook's example, and the battery.

use super::tests::{GREEN, RED, YELLOW, allowed, at, branch, build, p, position, refused, spore};
use super::*;
use crate::battery::{self, BatteryConfig};

#[test]
fn a_branch_point_attacks_the_square_it_points_at() {
    let s = position(
        &[("c2", vec![p(RED, 3)])],
        &[("c3", p(RED, 2), Dir::North, "c2")],
        YELLOW,
    );
    let attackers = s.attackers(at("c4"));
    assert_eq!(attackers.len(), 1);
    assert_eq!(attackers[0].size, 2);
    assert!(s.attackers(at("c5")).is_empty());
    assert!(s.attackers(at("d3")).is_empty());
}

#[test]
fn a_tower_attacked_by_a_size_it_lacks_is_neutralized() {
    let s = position(
        &[
            ("b3", vec![p(RED, 3), p(RED, 2)]),
            ("d3", vec![p(YELLOW, 3), p(YELLOW, 2)]),
            ("e6", vec![p(YELLOW, 1)]),
        ],
        &[],
        RED,
    );
    let aside = allowed(&s, RED, branch("b3", "b4", 1, Dir::North));
    assert!(!aside.is_neutralized(at("d3")));
    let next = allowed(&s, RED, branch("b3", "c3", 1, Dir::East));
    assert!(next.is_neutralized(at("d3")));
    assert_eq!(next.neutralized_by(0), (5, 1));
    assert_eq!(next.neutralized_by(1), (0, 0));
}

/// Ruling 7: neutralizing is credited (tie-breaks 1 and 2) to the owners of the attacking branch
/// points that make the tower fall; in the basic game only a size the tower lacks does that.
#[test]
fn only_attackers_of_a_size_the_tower_lacks_get_credit_for_neutralizing_it() {
    // Green's medium on d4 attacks Yellow's 3-2 tower on d3, which holds a medium and stands.
    let s = position(
        &[
            ("b3", vec![p(RED, 3)]),
            ("d3", vec![p(YELLOW, 3), p(YELLOW, 2)]),
            ("d5", vec![p(GREEN, 3)]),
            ("e6", vec![p(YELLOW, 1)]),
        ],
        &[("d4", p(GREEN, 2), Dir::South, "d5")],
        RED,
    );
    assert!(!s.is_neutralized(at("d3")));
    // Red's small attacks it too, with the size it lacks: it falls, and only Red made it fall.
    let next = allowed(&s, RED, branch("b3", "c3", 1, Dir::East));
    assert!(next.is_neutralized(at("d3")));
    assert_eq!(next.attackers(at("d3")).len(), 2);
    assert_eq!(next.neutralized_by(0), (5, 1));
    assert_eq!(next.neutralized_by(2), (0, 0));
    assert_eq!(next.neutralized_by(1), (0, 0));
}

#[test]
fn a_tower_attacked_by_a_size_it_holds_stands() {
    let next = allowed(
        &position(
            &[
                ("b3", vec![p(RED, 3)]),
                ("d3", vec![p(YELLOW, 3), p(YELLOW, 2)]),
            ],
            &[],
            RED,
        ),
        RED,
        branch("b3", "c3", 2, Dir::East),
    );
    assert!(!next.is_neutralized(at("d3")));
}

#[test]
fn a_tower_with_all_three_sizes_cannot_be_neutralized() {
    let s = position(
        &[
            ("c3", vec![p(YELLOW, 3), p(YELLOW, 2), p(YELLOW, 1)]),
            ("a3", vec![p(RED, 3)]),
            ("c1", vec![p(GREEN, 3)]),
        ],
        &[
            ("b3", p(RED, 3), Dir::East, "a3"),
            ("c2", p(GREEN, 2), Dir::North, "c1"),
        ],
        RED,
    );
    assert!(!s.is_neutralized(at("c3")));
}

#[test]
fn a_players_own_branch_points_do_not_attack_their_towers() {
    // Ruling: attacks come from other players' branch points only.
    let s = position(
        &[("a3", vec![p(RED, 3)]), ("c3", vec![p(RED, 1)])],
        &[("b3", p(RED, 3), Dir::East, "a3")],
        YELLOW,
    );
    assert!(!s.is_neutralized(at("c3")));
}

#[test]
fn a_neutralized_tower_cannot_be_built_on_or_branched_from() {
    let s = position(
        &[
            ("c3", vec![p(RED, 3), p(RED, 2)]),
            ("a3", vec![p(YELLOW, 3)]),
        ],
        &[
            ("c4", p(RED, 3), Dir::North, "c3"),
            ("b3", p(YELLOW, 1), Dir::East, "a3"),
        ],
        RED,
    );
    assert!(s.is_neutralized(at("c3")));
    assert_eq!(s.neutralized_by(1), (5, 1));
    // Red has no valid move left: fine for showing refusals, but no game reached by play stands
    // here (it would have ended at the start of Red's turn), so it is no position to play from.
    assert!(s.legal_actions(0).is_empty() && s.check_invariants().is_ok());
    assert!(s.check_position().unwrap_err().contains("no valid move"));
    refused(&s, RED, build("c3", 1), "neutralized tower cannot be built");
    refused(
        &s,
        RED,
        branch("c3", "d3", 2, Dir::East),
        "neutralized tower",
    );
    refused(
        &s,
        RED,
        branch("c4", "d4", 2, Dir::East),
        "neutralized tower",
    );
}

#[test]
fn branch_points_of_a_neutralized_tower_still_attack() {
    let s = position(
        &[
            ("c2", vec![p(RED, 3)]),
            ("a2", vec![p(YELLOW, 3)]),
            ("e4", vec![p(GREEN, 3)]),
        ],
        &[
            ("c3", p(RED, 2), Dir::North, "c2"),
            ("b2", p(YELLOW, 1), Dir::East, "a2"),
            ("d4", p(GREEN, 1), Dir::West, "e4"),
        ],
        GREEN,
    );
    assert!(s.is_neutralized(at("c2")));
    // Red's dead 2 on c3 still attacks c4, where Green's 1 on d4 targets.
    assert_eq!(s.attackers(at("c4")).len(), 2);
    refused(&s, GREEN, spore("c4", 1), "neutralized at once");
    refused(&s, GREEN, spore("c4", 3), "neutralized at once");
    allowed(&s, GREEN, spore("c4", 2));
}

#[test]
fn branch_points_target_their_pip_count_away_whatever_lies_between() {
    let s = position(
        &[("a1", vec![p(RED, 3)]), ("a4", vec![p(YELLOW, 2)])],
        &[
            ("a2", p(RED, 3), Dir::North, "a1"),
            ("b1", p(RED, 2), Dir::East, "a1"),
        ],
        RED,
    );
    // The 3 on a2 targets a5, past Yellow's tower on a4; the 2 on b1 targets d1.
    assert_eq!(s.targeted_squares(0), vec![at("a5"), at("d1")]);
    allowed(&s, RED, spore("a5", 2));
}

#[test]
fn spore_any_size_upright_into_a_vacant_square_you_target() {
    let s = position(
        &[("a1", vec![p(RED, 3)])],
        &[("a2", p(RED, 3), Dir::North, "a1")],
        RED,
    );
    for size in 1..=3 {
        let next = allowed(&s, RED, spore("a5", size));
        assert_eq!(
            next.board().tower(at("a5")).unwrap().pieces,
            vec![p(RED, size)]
        );
    }
    refused(&s, RED, spore("a4", 2), "branch points targets");
    let taken = position(
        &[("a1", vec![p(RED, 3)]), ("a5", vec![p(YELLOW, 1)])],
        &[("a2", p(RED, 3), Dir::North, "a1")],
        RED,
    );
    refused(&taken, RED, spore("a5", 1), "vacant");
}

#[test]
fn a_spored_tower_can_be_built_and_branched_from_later() {
    let s = position(
        &[("a1", vec![p(RED, 3)])],
        &[("a2", p(RED, 3), Dir::North, "a1")],
        RED,
    );
    let mut next = allowed(&s, RED, spore("a5", 3));
    next.current = RED;
    allowed(&next, RED, build("a5", 2));
    allowed(&next, RED, branch("a5", "b5", 3, Dir::East));
}

#[test]
fn never_spore_where_the_tower_would_be_neutralized_at_once() {
    let s = position(
        &[("a1", vec![p(RED, 3)]), ("c5", vec![p(YELLOW, 3)])],
        &[
            ("a2", p(RED, 3), Dir::North, "a1"),
            ("b5", p(YELLOW, 2), Dir::West, "c5"),
        ],
        RED,
    );
    refused(&s, RED, spore("a5", 1), "neutralized at once");
    refused(&s, RED, spore("a5", 3), "neutralized at once");
    allowed(&s, RED, spore("a5", 2));
}

#[test]
fn never_spore_off_a_branch_point_on_a_neutralized_tower() {
    let s = position(
        &[
            ("a1", vec![p(RED, 3)]),
            ("c1", vec![p(YELLOW, 3)]),
            ("e6", vec![p(RED, 1)]),
        ],
        &[
            ("a2", p(RED, 3), Dir::North, "a1"),
            ("b1", p(YELLOW, 1), Dir::West, "c1"),
        ],
        RED,
    );
    assert!(s.is_neutralized(at("a1")));
    refused(&s, RED, spore("a5", 2), "neutralized tower");
    assert!(s.targeted_squares(0).is_empty());
}

/// "To spore, place a piece from your stash": no spore of a size the stash has run out of.
#[test]
fn a_spore_needs_the_piece_in_your_stash() {
    // Red's five smalls are all on the board; its large on a2 targets a5.
    let s = position(
        &[
            ("a1", vec![p(RED, 3)]),
            ("e1", vec![p(RED, 3)]),
            ("e6", vec![p(RED, 3)]),
        ],
        &[
            ("a2", p(RED, 3), Dir::North, "a1"),
            ("b1", p(RED, 1), Dir::East, "a1"),
            ("e2", p(RED, 1), Dir::North, "e1"),
            ("d1", p(RED, 1), Dir::West, "e1"),
            ("e5", p(RED, 1), Dir::South, "e6"),
            ("d6", p(RED, 1), Dir::West, "e6"),
        ],
        RED,
    );
    assert_eq!(s.stash(0), [0, 5, 1]);
    refused(&s, RED, spore("a5", 1), "no small (1) left");
    allowed(&s, RED, spore("a5", 2));
    allowed(&s, RED, spore("a5", 3));
}

#[test]
fn the_game_ends_at_the_beginning_of_the_turn_of_a_player_without_a_valid_move() {
    // Red's only tower is neutralized: Red has no valid move. Yellow and Green still play their turns.
    let s = position(
        &[
            ("a1", vec![p(RED, 3)]),
            ("c1", vec![p(YELLOW, 3)]),
            ("e6", vec![p(GREEN, 3)]),
        ],
        &[("b1", p(YELLOW, 1), Dir::West, "c1")],
        YELLOW,
    );
    // Red has no valid move (whoever's turn it is), Yellow and Green have.
    assert!(moves::moves(&s, 0).is_empty());
    assert!(!moves::moves(&s, 1).is_empty() && !moves::moves(&s, 2).is_empty());
    let s = allowed(&s, YELLOW, build("c1", 2));
    assert_eq!(s.to_act(), ToAct::Seats(vec![2]));
    let s = allowed(&s, GREEN, build("e6", 2));
    assert_eq!(s.to_act(), ToAct::Over);
    assert!(s.legal_actions(0).is_empty() && s.legal_actions(1).is_empty());
}

#[test]
fn at_the_end_neutralized_towers_and_their_branches_return_to_the_stashes() {
    let s = position(
        &[
            ("a1", vec![p(RED, 3), p(RED, 2)]),
            ("c1", vec![p(YELLOW, 3)]),
            ("e6", vec![p(GREEN, 3)]),
        ],
        &[
            ("a2", p(RED, 3), Dir::North, "a1"),
            ("b1", p(YELLOW, 1), Dir::West, "c1"),
        ],
        YELLOW,
    );
    assert_eq!(s.scores(), vec![22, 26, 27]);
    let s = allowed(&s, YELLOW, build("c1", 2));
    let s = allowed(&s, GREEN, build("e6", 2));
    assert!(s.is_over());
    assert_eq!(s.cell(at("a1")), Some(&Cell::Empty));
    assert_eq!(s.cell(at("a2")), Some(&Cell::Empty));
    assert_eq!(s.stash(0), [5, 5, 5]);
    assert_eq!(s.scores(), vec![30, 24, 25]);
    // Fewest points left wins.
    assert_eq!(s.returns(), vec![0.0, 1.0, 0.0]);
}

/// "Return all pieces in neutralized towers and branches attached to neutralized towers": the whole
/// tree (ruling 4), branches laid off branches included, not only those laid off the tower itself.
#[test]
fn at_the_end_a_neutralized_towers_whole_tree_returns_branches_off_branches_too() {
    // Red's 3-2 tower on a1 has a large on a2 off it, and two mediums off that large: one in the
    // square it points at (a3), one off its side (b2). Yellow's small on b1 neutralizes a1.
    let s = position(
        &[
            ("a1", vec![p(RED, 3), p(RED, 2)]),
            ("c1", vec![p(YELLOW, 3)]),
            ("e6", vec![p(GREEN, 3)]),
        ],
        &[
            ("a2", p(RED, 3), Dir::North, "a1"),
            ("a3", p(RED, 2), Dir::East, "a2"),
            ("b2", p(RED, 2), Dir::East, "a2"),
            ("b1", p(YELLOW, 1), Dir::West, "c1"),
        ],
        YELLOW,
    );
    assert!(s.is_neutralized(at("a1")));
    assert_eq!(s.board().branch(at("a3")).unwrap().depth, 2);
    assert_eq!(s.stash(0), [5, 2, 3]);
    let s = allowed(&s, YELLOW, build("c1", 2));
    let mut s = s;
    s.apply(2, &build("e6", 2)).unwrap();
    assert!(s.is_over());
    for sq in ["a1", "a2", "a3", "b2"] {
        assert_eq!(s.cell(at(sq)), Some(&Cell::Empty), "{sq} is cleared");
    }
    assert_eq!(s.stash(0), [5, 5, 5]);
    assert_eq!(s.scores(), vec![30, 24, 25]);
    s.check_invariants().unwrap();
}

#[test]
fn the_fewest_points_left_in_the_stash_wins() {
    let mut s = position(
        &[
            ("a1", vec![p(RED, 3)]),
            ("c1", vec![p(YELLOW, 2)]),
            ("e6", vec![p(GREEN, 1)]),
        ],
        &[],
        RED,
    );
    score::finish(&mut s);
    assert_eq!(s.scores(), vec![27, 28, 29]);
    assert_eq!(s.returns(), vec![1.0, 0.0, 0.0]);
    assert_eq!(s.standings()[0].seat, 0);
    assert!(
        s.tie_break_lines().is_empty(),
        "Red has fewest points alone"
    );
}

/// Ends a game on a position where Red and Yellow have placed the same pips and Green fewer.
fn tie(red: &[(&str, Vec<Piece>)], red_branches: &[(&str, Piece, Dir, &str)]) -> Sprawl {
    let mut towers = red.to_vec();
    towers.push(("e6", vec![p(GREEN, 1)]));
    let mut s = position(&towers, red_branches, RED);
    assert!(
        s.tie_break_lines().is_empty(),
        "nothing to settle while the game runs"
    );
    score::finish(&mut s);
    assert_eq!(s.scores()[0], s.scores()[1], "Red and Yellow tie on points");
    s
}

#[test]
fn ties_go_first_to_pips_of_towers_neutralized() {
    let mut s = tie(&[("a1", vec![p(RED, 3)]), ("c1", vec![p(YELLOW, 3)])], &[]);
    assert_eq!(s.returns(), vec![0.5, 0.5, 0.0]);
    // Red neutralized one 3-pip tower, Yellow two 1-pip towers: pips come first.
    s.neutralized_pips = vec![3, 2, 0];
    s.neutralized_count = vec![1, 2, 0];
    assert_eq!(s.returns(), vec![1.0, 0.0, 0.0]);
    assert_eq!(
        s.tie_break_lines(),
        [
            "Red and Yellow have 27 points left each: the tie-breaks decide.",
            "Tie-break 1, pips of towers neutralized: Red 3, Yellow 2."
        ]
    );
}

#[test]
fn then_to_the_number_of_towers_neutralized() {
    let mut s = tie(&[("a1", vec![p(RED, 3)]), ("c1", vec![p(YELLOW, 3)])], &[]);
    s.neutralized_pips = vec![3, 3, 0];
    s.neutralized_count = vec![1, 2, 0];
    assert_eq!(s.returns(), vec![0.0, 1.0, 0.0]);
    // The tie-break they were level on is named with its count, then the one that set them apart.
    assert_eq!(
        s.tie_break_lines()[1..],
        [
            "Yellow and Red are level on tie-break 1: pips of towers neutralized 3 each.",
            "Tie-break 2, towers neutralized: Yellow 2, Red 1."
        ]
    );
}

#[test]
fn then_to_spaces_controlled() {
    // Red: a 3 tower with a 2 and a 1 laid off it (3 spaces); Yellow: a 3-2-1 tower (1 space, more tower pips).
    let s = tie(
        &[
            ("a1", vec![p(RED, 3)]),
            ("c3", vec![p(YELLOW, 3), p(YELLOW, 2), p(YELLOW, 1)]),
        ],
        &[
            ("a2", p(RED, 2), Dir::North, "a1"),
            ("b1", p(RED, 1), Dir::East, "a1"),
        ],
    );
    assert_eq!(s.returns(), vec![1.0, 0.0, 0.0]);
    assert_eq!(
        s.tie_break_lines()[1..],
        [
            "Red and Yellow are level on tie-breaks 1 and 2: pips of towers neutralized 0 each, \
             towers neutralized 0 each.",
            "Tie-break 3, squares held: Red 3, Yellow 1."
        ]
    );
}

#[test]
fn then_to_pips_of_towers_controlled() {
    // Both hold 2 spaces; Red's tower holds 5 pips, Yellow's 3.
    let s = tie(
        &[
            ("a1", vec![p(RED, 3), p(RED, 2)]),
            ("c3", vec![p(YELLOW, 2), p(YELLOW, 1)]),
        ],
        &[
            ("a2", p(RED, 1), Dir::North, "a1"),
            ("c4", p(YELLOW, 3), Dir::North, "c3"),
        ],
    );
    assert_eq!(s.returns(), vec![1.0, 0.0, 0.0]);
    assert_eq!(
        s.tie_break_lines()[1..],
        [
            "Red and Yellow are level on tie-breaks 1, 2 and 3: pips of towers neutralized 0 each, \
             towers neutralized 0 each, squares held 2 each.",
            "Tie-break 4, pips in towers held: Red 5, Yellow 3."
        ]
    );
}

#[test]
fn then_to_towers_controlled_and_otherwise_the_win_is_shared() {
    // Both hold 3 spaces and 3 tower pips; Yellow has two towers, Red one.
    let s = tie(
        &[
            ("a1", vec![p(RED, 2), p(RED, 1)]),
            ("c3", vec![p(YELLOW, 2)]),
            ("d5", vec![p(YELLOW, 1)]),
        ],
        &[
            ("a2", p(RED, 2), Dir::North, "a1"),
            ("b1", p(RED, 1), Dir::East, "a1"),
            ("c4", p(YELLOW, 3), Dir::North, "c3"),
        ],
    );
    assert_eq!(s.returns(), vec![0.0, 1.0, 0.0]);
    assert_eq!(
        s.tie_break_lines()[1..],
        [
            "Yellow and Red are level on tie-breaks 1, 2, 3 and 4: pips of towers neutralized 0 \
             each, towers neutralized 0 each, squares held 3 each, pips in towers held 3 each.",
            "Tie-break 5, towers held: Yellow 2, Red 1."
        ]
    );
    let shared = tie(&[("a1", vec![p(RED, 2)]), ("c3", vec![p(YELLOW, 2)])], &[]);
    assert_eq!(shared.returns(), vec![0.5, 0.5, 0.0]);
    assert_eq!(
        shared.tie_break_lines()[1..],
        [
            "Red and Yellow are level on tie-breaks 1, 2, 3, 4 and 5: pips of towers neutralized 0 \
             each, towers neutralized 0 each, squares held 1 each, pips in towers held 2 each, \
             towers held 1 each, and share the win."
        ]
    );
}

/// Red, Yellow and Green level on points: each has 5 pips in towers (a 3 and a 2 for Red and
/// Yellow, a 3-2 for Green) and 2 pips laid off them, as one branch (Red, Yellow) or two (Green).
fn three_way_tie() -> Sprawl {
    let mut s = position(
        &[
            ("a1", vec![p(RED, 3)]),
            ("c1", vec![p(RED, 2)]),
            ("e1", vec![p(YELLOW, 3)]),
            ("c3", vec![p(YELLOW, 2)]),
            ("c5", vec![p(GREEN, 3), p(GREEN, 2)]),
        ],
        &[
            ("a2", p(RED, 2), Dir::North, "a1"),
            ("e2", p(YELLOW, 2), Dir::North, "e1"),
            ("b5", p(GREEN, 1), Dir::West, "c5"),
            ("d5", p(GREEN, 1), Dir::East, "c5"),
        ],
        RED,
    );
    score::finish(&mut s);
    assert!(s.scores().iter().all(|&x| x == s.scores()[0]));
    s
}

#[test]
fn of_three_level_seats_the_two_left_level_share_the_win() {
    let mut s = three_way_tie();
    // Green neutralized nothing; Red and Yellow a 3-pip tower each, and then they are level.
    s.neutralized_pips = vec![3, 3, 0];
    s.neutralized_count = vec![1, 1, 0];
    assert_eq!(s.returns(), vec![0.5, 0.5, 0.0]);
    assert_eq!(
        s.tie_break_lines()[1..],
        [
            "Tie-break 1, pips of towers neutralized: Red 3, Yellow 3, Green 0.",
            "Red and Yellow are level on tie-breaks 2, 3, 4 and 5: towers neutralized 1 each, \
             squares held 3 each, pips in towers held 5 each, towers held 2 each, and share the \
             win."
        ]
    );
}

#[test]
fn seats_the_last_tie_break_leaves_level_share_the_win() {
    // Level on squares and tower pips; Green holds one tower, the others two.
    let s = three_way_tie();
    assert_eq!(s.returns(), vec![0.5, 0.5, 0.0]);
    assert_eq!(
        s.tie_break_lines()[1..],
        [
            "Red, Yellow and Green are level on tie-breaks 1, 2, 3 and 4: pips of towers \
             neutralized 0 each, towers neutralized 0 each, squares held 3 each, pips in towers \
             held 5 each.",
            "Tie-break 5, towers held: Red 2, Yellow 2, Green 1.",
            "Red and Yellow are level on every tie-break and share the win."
        ]
    );
}

/// The rulebook's example picture, rebuilt: Red's 2 neutralizes Green's tower and targets the square
/// beyond it; Yellow's 1 attacks Red's tower, which holds a 1 and stands.
fn rulebook_example() -> Sprawl {
    position(
        &[
            ("b1", vec![p(RED, 2), p(RED, 1)]),
            ("b3", vec![p(GREEN, 3)]),
            ("d1", vec![p(YELLOW, 3)]),
        ],
        &[
            ("b2", p(RED, 2), Dir::North, "b1"),
            ("c1", p(YELLOW, 1), Dir::West, "d1"),
            ("d2", p(YELLOW, 3), Dir::North, "d1"),
        ],
        RED,
    )
}

#[test]
fn rulebook_example_the_dots_mark_squares_each_player_can_spore_to() {
    let s = rulebook_example();
    assert_eq!(s.spore_squares(0), vec![at("b4")]);
    assert_eq!(s.spore_squares(1), vec![at("d5")]);
    // Yellow's 1 on c1 targets b1, which is taken: no spore there (the table still marks it, as it
    // marks every targeted square).
    assert!(s.targeted_squares(1).contains(&at("b1")));
    for sq in s.spore_squares(0) {
        assert!(
            s.legal_actions(0)
                .iter()
                .any(|a| matches!(a, Action::Spore { sq: t, .. } if *t == sq))
        );
    }
}

#[test]
fn rulebook_example_the_green_tower_is_neutralized_by_the_red_two() {
    let s = rulebook_example();
    assert!(s.is_neutralized(at("b3")));
    assert_eq!(s.neutralized_by(0), (3, 1));
    // Green can neither build on nor branch from its only tower (whoever's turn it is).
    assert!(moves::moves(&s, 2).is_empty());
}

#[test]
fn rulebook_example_the_red_tower_holds_a_one_so_the_yellow_one_cannot_neutralize_it() {
    let s = rulebook_example();
    assert_eq!(s.attackers(at("b1")).len(), 1);
    assert_eq!(s.attackers(at("b1"))[0].size, 1);
    assert!(!s.is_neutralized(at("b1")));
}

#[test]
fn rulebook_example_red_spores_beside_green_because_targeting_passes_over_pieces() {
    let s = rulebook_example();
    for size in 1..=3 {
        let next = allowed(&s, RED, spore("b4", size));
        assert!(!next.is_neutralized(at("b4")));
    }
}

#[test]
fn legal_actions_are_sorted_and_every_one_has_a_description() {
    let s = rulebook_example();
    let legal = s.legal_actions(0);
    assert!(legal.windows(2).all(|w| w[0] < w[1]));
    for a in &legal {
        assert!(s.action_to_string(0, a).starts_with("Red "));
    }
    assert!(s.legal_actions(1).is_empty(), "not Yellow's turn");
}

#[test]
fn same_seed_same_actions_same_game() {
    let play = || {
        let mut s = Sprawl::new(&Setup::new(4, 99)).unwrap();
        let mut rng = GameRng::new(5);
        while let ToAct::Seats(seats) = s.to_act() {
            let legal = s.legal_actions(seats[0]);
            let a = legal[rng.below(legal.len())].clone();
            s.apply(seats[0], &a).unwrap();
        }
        ron::to_string(&s).unwrap()
    };
    assert_eq!(play(), play());
}

fn battery_game(seed: u64) -> Sprawl {
    let players = 3 + (seed % 6) as usize;
    let variants = Variants {
        counting_coup: seed.is_multiple_of(3),
        sprawlgami: seed % 4 == 1,
        overload: seed % 5 == 2,
        superior_forces: seed % 7 == 3,
    };
    Sprawl::new(&Setup::new(players, seed).with(variants)).unwrap()
}

#[test]
fn battery_sprawl() {
    let cfg = BatteryConfig {
        legal_per_step: 2,
        random_per_step: 3,
        ..BatteryConfig::games(1000)
    };
    let report = battery::run(battery_game, &cfg);
    assert_eq!(report.games, 1000);
    assert!(report.illegal_refused > 0);
}

/// The long battery: `cargo test -p hoarfrost-rules --release -- --ignored battery_long`.
#[test]
#[ignore]
fn battery_long_sprawl() {
    let cfg = BatteryConfig {
        ron_every: 8,
        legal_per_step: 1,
        random_per_step: 2,
        ..BatteryConfig::games(100_000)
    };
    battery::run(battery_game, &cfg);
}

#[test]
fn a_position_with_two_players_of_one_colour_is_refused() {
    let mut s = Sprawl::new(&Setup::new(3, 0)).unwrap();
    assert!(s.check_position().is_ok());
    s.hues[2] = s.hues[0];
    assert!(s.check_position().unwrap_err().contains("same colour"));
}
