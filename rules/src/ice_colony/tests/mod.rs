//! Tests of Ice Colony: one test per rule sentence of the rulebook, its worked examples, and the
//! battery. Positions are placed directly with the helpers below; dice are given with `apply_dice`.

mod battery;
mod combat;
mod end;
mod rounds;
mod setup;
mod terrain;
mod turn;

use super::*;

pub(super) const WHITE: Seat = 0;
pub(super) const ORANGE: Seat = 1;
pub(super) const PURPLE: Seat = 2;

/// A board with the listed squares as given and the rest filled, from the pieces left, with Clear
/// first (no effect in these games), then Yellow, Blue, Green, Black and Red.
pub(super) fn board(spec: &[(Square, Colour)]) -> [Colour; SQUARES] {
    let mut left: Vec<Colour> = [
        Colour::Clear,
        Colour::Yellow,
        Colour::Blue,
        Colour::Green,
        Colour::Black,
        Colour::Red,
    ]
    .iter()
    .flat_map(|&c| std::iter::repeat_n(c, 5))
    .collect();
    for &(_, c) in spec {
        let i = left.iter().position(|&l| l == c).expect("piece left");
        left.remove(i);
    }
    let mut out = [Colour::Clear; SQUARES];
    let mut filler = left.into_iter();
    for (sq, slot) in out.iter_mut().enumerate() {
        *slot = match spec.iter().find(|(s, _)| *s as usize == sq) {
            Some(&(_, c)) => c,
            None => filler.next().expect("enough pieces"),
        };
    }
    out
}

/// A game of `players` in round 2, White about to choose, on `board(spec)` with `units`
/// (`(square, seat, pips)`).
pub(super) fn game(
    players: usize,
    spec: &[(Square, Colour)],
    units: &[(Square, Seat, u8)],
) -> IceColony {
    IceColony::with_board(&Setup::new(players, 1), board(spec), units).unwrap()
}

/// Choose `sq` as the active territory and roll `die` for it.
pub(super) fn fate(s: &mut IceColony, sq: Square, die: u8) {
    let seat = s.current_seat().unwrap();
    s.apply(seat, &Action::Choose { square: sq }).unwrap();
    s.apply_dice(&[die]).unwrap();
}

/// `a` is refused for `seat` with a reason mentioning `why`, not listed as legal, and changes nothing.
pub(super) fn refused(s: &IceColony, seat: Seat, a: Action, why: &str) {
    let mut copy = s.clone();
    let err = copy.apply(seat, &a).expect_err("action should be refused");
    assert!(err.0.contains(why), "reason {err:?} should mention {why:?}");
    assert_eq!(&copy, s, "a refused action changes nothing");
    assert!(!s.legal_actions(seat).contains(&a), "{a:?} listed as legal");
}

/// `a` is legal for `seat`; the state after it.
pub(super) fn allowed(s: &IceColony, seat: Seat, a: Action) -> IceColony {
    assert!(s.legal_actions(seat).contains(&a), "{a:?} should be legal");
    let mut next = s.clone();
    next.apply(seat, &a).unwrap();
    next.check_invariants().unwrap();
    next
}

/// Pips on a square owned by `seat` (0 if none or someone else's).
pub(super) fn pips_of(s: &IceColony, sq: Square, seat: Seat) -> u8 {
    s.unit(sq)
        .filter(|u| u.owner == seat)
        .map_or(0, |u| u.pips())
}

/// A fresh game after the board draw, the first dice-off (`dice`), and placements on `squares` in
/// placing order.
pub(super) fn after_setup(players: usize, seed: u64, dice: &[u8], squares: &[Square]) -> IceColony {
    let mut s = IceColony::new(&Setup::new(players, seed)).unwrap();
    while matches!(s.phase(), Phase::FillBoard { .. }) {
        s.apply_chance();
    }
    s.apply_dice(dice).unwrap();
    for &sq in squares {
        let seat = s.current_seat().unwrap();
        s.apply(seat, &Action::Place { square: sq }).unwrap();
    }
    s
}
