//! Every legal move can be made with the mouse: in seeded random positions of each game, every
//! legal action of the seat to act is produced by some sequence of clicks through the same pure
//! handlers the mouse uses (and the side panel's buttons where the game offers its moves there).
//! The click fuzz tests check that clicks play only legal moves; these check the converse. The
//! helpers live here; each game's `reach_tests` module uses them.

use std::collections::BTreeSet;
use std::fmt::Debug;

use hoarfrost_rules::{Game, GameRng, Seat, ToAct};

/// Plays `s` for at most `steps` moves (chance resolved), each the move `mover` picks for a seat
/// drawn at random among those that may act. Before each move `visit` sees the position, every
/// seat that may act and the step; its first error ends the walk.
pub fn walk<G: Game>(
    mut s: G,
    rng: &mut GameRng,
    steps: usize,
    mut mover: impl FnMut(&G, Seat, &mut GameRng) -> G::Action,
    mut visit: impl FnMut(&G, Seat, usize) -> Result<(), String>,
) -> Result<(), String> {
    for step in 0..steps {
        let seats = loop {
            match s.to_act() {
                ToAct::Over => return Ok(()),
                ToAct::Chance => s.apply_chance(),
                ToAct::Seats(seats) => break seats,
            }
        };
        for &seat in &seats {
            visit(&s, seat, step)?;
        }
        let seat = seats[rng.below(seats.len())];
        let a = mover(&s, seat, rng);
        s.apply(seat, &a).expect("a chosen move applies");
    }
    Ok(())
}

/// A random legal move of `seat`.
pub fn random_move<G: Game>(s: &G, seat: Seat, rng: &mut GameRng) -> G::Action {
    let legal = s.legal_actions(seat);
    legal[rng.below(legal.len())].clone()
}

/// The check every reach test makes: the mouse reaches exactly the `legal` actions. The error
/// names, after `at`, what it misses or what it reaches that is not legal.
pub fn same_moves<A: Ord + Debug>(
    at: &str,
    legal: &BTreeSet<A>,
    reached: &BTreeSet<A>,
) -> Result<(), String> {
    let missing: Vec<&A> = legal.difference(reached).collect();
    if !missing.is_empty() {
        return Err(format!("{at}: no click sequence plays {missing:?}"));
    }
    let illegal: Vec<&A> = reached.difference(legal).collect();
    if !illegal.is_empty() {
        return Err(format!("{at}: clicks play the illegal {illegal:?}"));
    }
    Ok(())
}
