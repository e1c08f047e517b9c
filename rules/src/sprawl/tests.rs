//! Test helpers, and one test per rule sentence of the Sprawl rulebook on setup, building and
//! branching. Attacks, spores, the end, the rulebook's example and the battery are in `tests_play.rs`,
//! variants in `tests_variants.rs`, the bot in `tests_ai.rs`.

use super::*;

pub(super) const RED: u8 = 0;
pub(super) const YELLOW: u8 = 1;
pub(super) const GREEN: u8 = 2;

/// A square by its chess name, "a1" to "h8".
pub(super) fn at(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new(b[0] - b'a', name[1..].parse::<u8>().expect("rank") - 1)
}

pub(super) fn p(owner: u8, size: u8) -> Piece {
    Piece { owner, size }
}

/// A three-player (5x6) position with `variants`, towers and branches as given, `to_move` to play.
pub(super) fn position_with(
    variants: Variants,
    towers: &[(&str, Vec<Piece>)],
    branches: &[(&str, Piece, Dir, &str)],
    to_move: u8,
) -> Sprawl {
    let setup = Setup::new(3, 1).with(variants);
    let towers: Vec<(Square, Vec<Piece>)> =
        towers.iter().map(|(s, v)| (at(s), v.clone())).collect();
    let branches: Vec<(Square, Piece, Dir, Square)> = branches
        .iter()
        .map(|&(s, piece, d, src)| (at(s), piece, d, at(src)))
        .collect();
    Sprawl::with_layout(&setup, &towers, &branches, to_move as Seat).unwrap()
}

/// A basic three-player position.
pub(super) fn position(
    towers: &[(&str, Vec<Piece>)],
    branches: &[(&str, Piece, Dir, &str)],
    to_move: u8,
) -> Sprawl {
    position_with(Variants::none(), towers, branches, to_move)
}

pub(super) fn refused(s: &Sprawl, seat: u8, a: Action, why: &str) {
    let mut copy = s.clone();
    let err = copy
        .apply(seat as Seat, &a)
        .expect_err("move should be refused");
    assert!(err.0.contains(why), "reason {err:?} should mention {why:?}");
    assert_eq!(&copy, s, "a refused move changes nothing");
    assert!(!s.legal_actions(seat as Seat).contains(&a));
}

pub(super) fn allowed(s: &Sprawl, seat: u8, a: Action) -> Sprawl {
    assert!(
        s.legal_actions(seat as Seat).contains(&a),
        "{a:?} should be legal"
    );
    let mut next = s.clone();
    next.apply(seat as Seat, &a).unwrap();
    next.check_invariants().unwrap();
    next
}

pub(super) fn branch(from: &str, to: &str, size: u8, dir: Dir) -> Action {
    Action::Branch {
        from: at(from),
        to: at(to),
        size,
        dir,
    }
}

pub(super) fn spore(sq: &str, size: u8) -> Action {
    Action::Spore {
        sq: at(sq),
        size,
        pieces: 1,
    }
}

pub(super) fn build(sq: &str, size: u8) -> Action {
    Action::Build { sq: at(sq), size }
}

#[test]
fn board_is_5x6_for_three_6x6_for_four_to_six_8x8_for_seven_or_eight() {
    let dims = |n| Sprawl::new(&Setup::new(n, 0)).unwrap().dimensions();
    assert_eq!(dims(3), (5, 6));
    for n in 4..=6 {
        assert_eq!(dims(n), (6, 6));
    }
    assert_eq!(dims(7), (8, 8));
    assert_eq!(dims(8), (8, 8));
    assert!(Sprawl::new(&Setup::new(2, 0)).is_err());
    assert!(Sprawl::new(&Setup::new(9, 0)).is_err());
}

#[test]
fn each_stash_holds_fifteen_pyramids_five_of_each_size() {
    let s = Sprawl::new(&Setup::new(5, 0)).unwrap();
    for seat in 0..5 {
        assert_eq!(s.stash(seat), [5, 5, 5]);
        assert_eq!(s.stash_pips(seat), STASH_PIPS);
    }
    assert_eq!(s.scores(), vec![30; 5]);
    s.check_invariants().unwrap();
}

#[test]
fn the_first_player_is_chosen_at_random_from_the_seed() {
    let firsts: Vec<Seat> = (0..60)
        .map(|seed| Sprawl::new(&Setup::new(4, seed)).unwrap().first_player())
        .collect();
    for seat in 0..4 {
        assert!(firsts.contains(&seat), "seat {seat} never starts");
    }
    let s = Sprawl::new(&Setup::new(4, 9)).unwrap();
    assert_eq!(
        s.first_player(),
        Sprawl::new(&Setup::new(4, 9)).unwrap().first_player()
    );
    assert_eq!(s.to_act(), ToAct::Seats(vec![s.first_player()]));
}

#[test]
fn the_first_tower_goes_anywhere_upright_of_size_one_two_or_three() {
    let s = Sprawl::new(&Setup::new(3, 4)).unwrap();
    let me = s.first_player();
    let legal = s.legal_actions(me);
    assert_eq!(legal.len(), 5 * 6 * 3);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::PlaceFirstTower { size: 1..=3, .. }))
    );
    let next = allowed(
        &s,
        me as u8,
        Action::PlaceFirstTower {
            sq: at("e6"),
            size: 2,
        },
    );
    let t = next.board().tower(at("e6")).unwrap();
    assert_eq!(t.pieces, vec![p(me as u8, 2)]);
    assert_eq!(next.stash(me), [5, 4, 5]);
    assert_eq!(next.current_player(), (me + 1) % 3);
}

#[test]
fn the_first_move_must_be_the_first_tower() {
    let s = position(&[("a1", vec![p(RED, 3)])], &[], YELLOW);
    refused(&s, YELLOW, build("a1", 2), "first tower");
    refused(&s, YELLOW, spore("c3", 1), "first tower");
    refused(
        &s,
        YELLOW,
        Action::PlaceFirstTower {
            sq: at("a1"),
            size: 1,
        },
        "taken",
    );
    let red = position(&[("a1", vec![p(RED, 3)])], &[], RED);
    refused(
        &red,
        RED,
        Action::PlaceFirstTower {
            sq: at("c3"),
            size: 1,
        },
        "must be spored",
    );
}

#[test]
fn turns_go_round_the_table_in_seat_order() {
    let mut s = Sprawl::new(&Setup::new(4, 2)).unwrap();
    let first = s.first_player();
    for i in 0..8 {
        let seat = (first + i) % 4;
        assert_eq!(s.to_act(), ToAct::Seats(vec![seat]));
        let a = s.legal_actions(seat)[0].clone();
        refused(&s, ((seat + 1) % 4) as u8, a.clone(), "turn");
        s.apply(seat, &a).unwrap();
    }
}

#[test]
fn build_caps_your_tower_with_a_piece_one_size_smaller() {
    let s = position(&[("b2", vec![p(RED, 3)])], &[], RED);
    let next = allowed(&s, RED, build("b2", 2));
    assert_eq!(
        next.board().tower(at("b2")).unwrap().pieces,
        vec![p(RED, 3), p(RED, 2)]
    );
    assert_eq!(next.stash(0), [5, 4, 4]);
    refused(&s, RED, build("b2", 1), "one size smaller");
    refused(&s, RED, build("b2", 3), "one size smaller");
    let next = allowed(
        &next,
        YELLOW,
        Action::PlaceFirstTower {
            sq: at("e6"),
            size: 1,
        },
    );
    let next = allowed(
        &next,
        GREEN,
        Action::PlaceFirstTower {
            sq: at("e1"),
            size: 1,
        },
    );
    let top = allowed(&next, RED, build("b2", 1));
    assert_eq!(top.board().tower(at("b2")).unwrap().height(), 3);
}

#[test]
fn nothing_can_be_built_on_a_one() {
    let s = position(&[("b2", vec![p(RED, 2), p(RED, 1)])], &[], RED);
    refused(&s, RED, build("b2", 1), "nothing can be built");
}

#[test]
fn build_only_on_a_tower_you_control() {
    let s = position(
        &[("b2", vec![p(RED, 3)]), ("d4", vec![p(YELLOW, 3)])],
        &[],
        RED,
    );
    refused(&s, RED, build("d4", 2), "tower you control");
    refused(&s, RED, build("c3", 2), "only build on a tower");
}

#[test]
fn build_needs_the_piece_in_your_stash() {
    // Red's five mediums are all on the board.
    let s = position(
        &[("c3", vec![p(RED, 3)]), ("e6", vec![p(RED, 3)])],
        &[
            ("c4", p(RED, 2), Dir::North, "c3"),
            ("d3", p(RED, 2), Dir::East, "c3"),
            ("c2", p(RED, 2), Dir::South, "c3"),
            ("b3", p(RED, 2), Dir::West, "c3"),
            ("e5", p(RED, 2), Dir::South, "e6"),
        ],
        RED,
    );
    refused(&s, RED, build("e6", 2), "no medium (2) left");
}

/// "To branch, lay a piece from your stash": no branch of a size the stash has run out of, off a
/// tower or off a branch.
#[test]
fn a_branch_needs_the_piece_in_your_stash() {
    // Red's five mediums are all on the board: four round c3, one atop e6.
    let s = position(
        &[("c3", vec![p(RED, 3)]), ("e6", vec![p(RED, 3), p(RED, 2)])],
        &[
            ("c4", p(RED, 2), Dir::North, "c3"),
            ("d3", p(RED, 2), Dir::East, "c3"),
            ("c2", p(RED, 2), Dir::South, "c3"),
            ("b3", p(RED, 2), Dir::West, "c3"),
            ("d6", p(RED, 3), Dir::West, "e6"),
        ],
        RED,
    );
    assert_eq!(s.stash(0), [5, 0, 2]);
    refused(
        &s,
        RED,
        branch("e6", "e5", 2, Dir::South),
        "no medium (2) left",
    );
    allowed(&s, RED, branch("e6", "e5", 1, Dir::South));
    allowed(&s, RED, branch("e6", "e5", 3, Dir::South));
    // Off the large on d6 only a medium may come, and there is none.
    refused(
        &s,
        RED,
        branch("d6", "c6", 2, Dir::West),
        "no medium (2) left",
    );
    assert!(
        !s.legal_actions(0)
            .iter()
            .any(|a| matches!(a, Action::Branch { from, .. } if *from == at("d6")))
    );
}

#[test]
fn any_size_may_branch_off_a_tower_pointing_straight_away() {
    let s = position(&[("c3", vec![p(RED, 1)])], &[], RED);
    for size in 1..=3 {
        for dir in Dir::ALL {
            let to = s.board().step(at("c3"), dir, 1).unwrap();
            let a = Action::Branch {
                from: at("c3"),
                to,
                size,
                dir,
            };
            let next = allowed(&s, RED, a);
            let b = next.board().branch(to).unwrap();
            assert_eq!(
                (b.owner, b.size, b.dir, b.source, b.root),
                (RED, size, dir, at("c3"), at("c3"))
            );
        }
    }
}

#[test]
fn a_branch_off_a_tower_may_not_point_sideways_or_back() {
    let s = position(&[("c3", vec![p(RED, 1)])], &[], RED);
    refused(&s, RED, branch("c3", "c4", 2, Dir::East), "straight away");
    refused(&s, RED, branch("c3", "c4", 2, Dir::South), "straight away");
}

#[test]
fn a_branch_is_never_laid_or_pointed_diagonally() {
    let s = position(&[("c3", vec![p(RED, 3), p(RED, 2)])], &[], RED);
    refused(
        &s,
        RED,
        branch("c3", "d4", 2, Dir::North),
        "never diagonally",
    );
    refused(
        &s,
        RED,
        branch("c3", "c5", 2, Dir::North),
        "never diagonally",
    );
    // Every legal branch lies orthogonally next to its source.
    for a in s.legal_actions(0) {
        if let Action::Branch { from, to, .. } = a {
            assert!(from.dir_to(to).is_some());
        }
    }
}

#[test]
fn branch_only_off_your_own_towers_and_branches() {
    let s = position(
        &[
            ("c3", vec![p(YELLOW, 3), p(YELLOW, 2)]),
            ("a6", vec![p(RED, 1)]),
        ],
        &[("c4", p(YELLOW, 3), Dir::North, "c3")],
        RED,
    );
    refused(
        &s,
        RED,
        branch("c3", "d3", 2, Dir::East),
        "tower you control",
    );
    refused(
        &s,
        RED,
        branch("c4", "d4", 2, Dir::East),
        "your own branches",
    );
    refused(
        &s,
        RED,
        branch("b2", "b3", 2, Dir::North),
        "nothing to branch from",
    );
}

#[test]
fn a_branch_off_a_branch_is_one_size_smaller_and_nothing_comes_off_a_one() {
    let s = position(
        &[("c2", vec![p(RED, 3), p(RED, 2), p(RED, 1)])],
        &[
            ("c3", p(RED, 3), Dir::North, "c2"),
            ("b2", p(RED, 1), Dir::West, "c2"),
        ],
        RED,
    );
    allowed(&s, RED, branch("c3", "d3", 2, Dir::East));
    refused(
        &s,
        RED,
        branch("c3", "d3", 1, Dir::East),
        "one size smaller",
    );
    refused(
        &s,
        RED,
        branch("c3", "d3", 3, Dir::East),
        "one size smaller",
    );
    refused(
        &s,
        RED,
        branch("b2", "b3", 1, Dir::North),
        "nothing can branch off a small",
    );
    // Twos come only off threes, ones only off twos.
    let s2 = allowed(&s, RED, branch("c3", "d3", 2, Dir::East));
    let mut s2 = s2;
    s2.current = RED;
    allowed(&s2, RED, branch("d3", "e3", 1, Dir::North));
    refused(
        &s2,
        RED,
        branch("d3", "e3", 2, Dir::North),
        "one size smaller",
    );
}

#[test]
fn a_branch_off_the_side_of_a_branch_points_straight_away_from_it() {
    let s = position(
        &[("c2", vec![p(RED, 3), p(RED, 2)])],
        &[("c3", p(RED, 3), Dir::North, "c2")],
        RED,
    );
    allowed(&s, RED, branch("c3", "d3", 2, Dir::East));
    allowed(&s, RED, branch("c3", "b3", 2, Dir::West));
    refused(&s, RED, branch("c3", "d3", 2, Dir::North), "straight away");
    refused(&s, RED, branch("c3", "d3", 2, Dir::South), "straight away");
    refused(&s, RED, branch("c3", "d3", 2, Dir::West), "straight away");
}

#[test]
fn a_branch_in_the_square_its_source_points_at_may_not_point_back_at_it() {
    let s = position(
        &[("c2", vec![p(RED, 3), p(RED, 2)])],
        &[("c3", p(RED, 3), Dir::North, "c2")],
        RED,
    );
    for dir in [Dir::North, Dir::East, Dir::West] {
        allowed(&s, RED, branch("c3", "c4", 2, dir));
    }
    refused(
        &s,
        RED,
        branch("c3", "c4", 2, Dir::South),
        "may not point back",
    );
}

/// "Branch points must point at an adjacent square. Diagonal squares are not valid." (issue 52's
/// ruling): a branch laid on the board's edge may not point off it, whether it comes off a tower,
/// off the side of a branch, or is turned in the square its source points at; and a laid-out
/// position holding such a branch is refused.
#[test]
fn a_branch_point_must_point_at_an_adjacent_square_never_off_the_board() {
    let s = position(
        &[("b1", vec![p(RED, 3), p(RED, 2), p(RED, 1)])],
        &[("b2", p(RED, 3), Dir::North, "b1")],
        RED,
    );
    let why = "never off the board";
    // Off a tower on the edge: along the edge is fine, pointing over it is not.
    refused(&s, RED, branch("b1", "a1", 1, Dir::West), why);
    allowed(&s, RED, branch("b1", "c1", 1, Dir::East));
    // Off the side of a branch, pointing straight away from it, over the edge.
    refused(&s, RED, branch("b2", "a2", 2, Dir::West), why);
    allowed(&s, RED, branch("b2", "c2", 2, Dir::East));
    // In the square the branch points at, any way but back, and never off the board.
    allowed(&s, RED, branch("b2", "b3", 2, Dir::East));
    let mut s2 = allowed(&s, RED, branch("b2", "b3", 2, Dir::North));
    s2.current = RED;
    refused(&s2, RED, branch("b3", "a3", 1, Dir::West), why);
    assert!(
        s.legal_actions(RED as Seat).iter().all(|a| match *a {
            Action::Branch { to, dir, .. } => s.board().step(to, dir, 1).is_some(),
            _ => true,
        }),
        "no legal branch points off the board"
    );
    let setup = Setup::new(3, 1);
    let layout = Sprawl::with_layout(
        &setup,
        &[(at("a1"), vec![p(RED, 3)])],
        &[(at("a2"), p(RED, 3), Dir::West, at("a1"))],
        0,
    );
    assert!(layout.is_err(), "a laid-out branch pointing off the board");
    // A position (a scene file) holding such a branch breaks the invariants.
    let mut turned = position(
        &[("a2", vec![p(RED, 3)])],
        &[("a3", p(RED, 3), Dir::North, "a2")],
        RED,
    );
    assert_eq!(turned.check_invariants(), Ok(()));
    let Some(Cell::Branch(b)) = turned.board.get(at("a3")).cloned() else {
        panic!("no branch on a3");
    };
    turned.board.set(
        at("a3"),
        Cell::Branch(Branch {
            dir: Dir::West,
            ..b
        }),
    );
    let why = turned.check_invariants().unwrap_err();
    assert!(why.contains("a3 points off the board"), "{why}");
}

#[test]
fn no_branch_comes_off_the_base_of_a_branch() {
    let s = position(
        &[("c2", vec![p(RED, 3), p(RED, 2), p(RED, 1)])],
        &[
            ("c3", p(RED, 3), Dir::North, "c2"),
            ("c4", p(RED, 2), Dir::East, "c3"),
        ],
        RED,
    );
    // c4 points east, so its base faces west, toward b4, which is vacant.
    refused(&s, RED, branch("c4", "b4", 1, Dir::West), "not its base");
    allowed(&s, RED, branch("c4", "c5", 1, Dir::North));
    allowed(&s, RED, branch("c4", "d4", 1, Dir::South));
}

#[test]
fn branches_are_only_as_long_as_their_tower_is_tall() {
    let one = position(
        &[("c3", vec![p(RED, 3)])],
        &[("c4", p(RED, 3), Dir::North, "c3")],
        RED,
    );
    refused(
        &one,
        RED,
        branch("c4", "c5", 2, Dir::North),
        "at most 1 piece",
    );
    let two = position(
        &[("c2", vec![p(RED, 3), p(RED, 2)])],
        &[
            ("c3", p(RED, 3), Dir::North, "c2"),
            ("c4", p(RED, 2), Dir::North, "c3"),
        ],
        RED,
    );
    refused(
        &two,
        RED,
        branch("c4", "c5", 1, Dir::North),
        "at most 2 piece",
    );
    // Building the tower taller lets the branch grow.
    let three = allowed(&two, RED, build("c2", 1));
    let mut three = three;
    three.current = RED;
    let grown = allowed(&three, RED, branch("c4", "c5", 1, Dir::North));
    assert_eq!(grown.board().branch(at("c5")).unwrap().depth, 3);
}

/// Squares a tower of `height` can reach with branches, following the engine's own legality on an
/// empty 8x8 board: every chain that starts with a 3 off the tower and goes on from its newest piece.
fn reachable(height: u8) -> Vec<Square> {
    let setup = Setup::new(7, 0);
    let pieces: Vec<Piece> = (0..height).map(|i| p(0, 3 - i)).collect();
    let start = Sprawl::with_layout(&setup, &[(at("d4"), pieces)], &[], 0).unwrap();
    let mut seen = Vec::new();
    let mut frontier = vec![(start, at("d4"))];
    while let Some((s, tip)) = frontier.pop() {
        for a in s.legal_actions(0) {
            let Action::Branch { from, to, size, .. } = a else {
                continue;
            };
            if from != tip || (from == at("d4") && size != 3) {
                continue;
            }
            if !seen.contains(&to) {
                seen.push(to);
            }
            let mut next = s.clone();
            next.apply(0, &a).unwrap();
            next.current = 0;
            frontier.push((next, to));
        }
    }
    seen.sort();
    seen
}

#[test]
fn branch_capacity_is_4_for_one_piece_12_for_two_and_24_for_three() {
    assert_eq!(branch_capacity(1), 4);
    assert_eq!(branch_capacity(2), 12);
    assert_eq!(branch_capacity(3), 24);
    for h in 1..=3u8 {
        let squares = reachable(h);
        assert_eq!(squares.len(), branch_capacity(h as usize), "height {h}");
        let centre = at("d4");
        assert!(squares.iter().all(|q| {
            let d = q.col.abs_diff(centre.col) + q.row.abs_diff(centre.row);
            (1..=h).contains(&d)
        }));
    }
}

/// Ruling 5: 12 is a bound set by the squares, not a count one stash fills (its 15 pieces, less the
/// tower, have too few of the sizes a full tree needs). With Sprawlgami two colours share a tree,
/// and on an 8x8 board, where the builder's large can target the tower from outside the tree's
/// squares, a two-piece tower does carry 12.
#[test]
fn sprawlgami_two_colours_fill_a_two_piece_towers_twelve_squares() {
    let setup = Setup::new(7, 0).with(Variants::of(&[Variant::Sprawlgami]));
    let mut s = Sprawl::with_layout(
        &setup,
        &[(at("d4"), vec![p(RED, 3)]), (at("d8"), vec![p(YELLOW, 3)])],
        &[(at("d7"), p(YELLOW, 3), Dir::South, at("d8"))],
        0,
    )
    .unwrap();
    let moves: [(u8, Action); 14] = [
        (RED, branch("d4", "d5", 3, Dir::North)),
        (RED, branch("d4", "e4", 3, Dir::East)),
        (YELLOW, build("d4", 2)),
        (YELLOW, branch("d4", "d3", 3, Dir::South)),
        (YELLOW, branch("d4", "c4", 3, Dir::West)),
        (RED, branch("d5", "d6", 2, Dir::North)),
        (RED, branch("d5", "e5", 2, Dir::East)),
        (RED, branch("e4", "f4", 2, Dir::East)),
        (RED, branch("e4", "e3", 2, Dir::South)),
        (YELLOW, branch("d3", "d2", 2, Dir::South)),
        (YELLOW, branch("d3", "c3", 2, Dir::West)),
        (YELLOW, branch("c4", "b4", 2, Dir::West)),
        (YELLOW, branch("c4", "c5", 2, Dir::North)),
        (RED, branch("e5", "e6", 1, Dir::North)),
    ];
    for (seat, a) in &moves[..13] {
        s.current = *seat;
        s = allowed(&s, *seat, a.clone());
    }
    assert_eq!(s.board().supported(at("d4")), branch_capacity(2));
    assert_eq!(s.board().tower(at("d4")).unwrap().height(), 2);
    // Every square within two steps is taken, and nothing goes three steps out.
    s.current = RED;
    refused(&s, RED, moves[13].1.clone(), "at most 2 pieces");
}
