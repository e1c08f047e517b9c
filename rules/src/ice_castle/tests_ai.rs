//! Tree-search hooks: the race estimate and the candidate actions.

use super::*;
use crate::Game;

#[test]
fn the_estimate_favours_the_seat_nearer_its_goal_and_sums_to_one() {
    let s = IceCastle::new(&Setup::new(2, 3)).unwrap();
    let even = s.estimate();
    assert!((even.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // South (seat 0) stands on an open door two rows from its goal; North is still outside.
    let c = (1..s.rows() - 2)
        .rev()
        .flat_map(|row| (0..s.cols()).map(move |col| Cell::new(row, col)))
        .find(|&c| s.tile(c).is_some_and(|t| t.kind == TileKind::Plain))
        .expect("some plain door in the castle");
    let near = s.edited(|s| {
        let i = s.index(c);
        s.tiles[i].open = true;
        s.tiles[i].revealed = true;
        s.characters[0] = Some(c);
    });
    let e = near.estimate();
    assert!(e[0] > 0.8 && e[0] > even[0], "{e:?}");
}

#[test]
fn search_considers_at_most_four_legal_actions() {
    let mut s = IceCastle::new(&Setup::new(2, 5)).unwrap();
    while s.to_act() == crate::ToAct::Chance {
        s.apply_chance();
    }
    let seat = s.current();
    let legal = s.legal_actions(seat);
    let few = bot::best_few(&s, seat, 4);
    assert!(legal.len() > 4);
    assert_eq!(few.len(), 4);
    assert!(few.iter().all(|a| legal.contains(a)));
}
