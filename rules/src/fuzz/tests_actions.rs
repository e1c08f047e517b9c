//! Actions as a damaged save or a hand-edited record can write them: in random games, up to 3 legal
//! actions per acting seat and step have each of their numbers replaced in turn by each of the
//! fuzzer's [`NUMBERS`](super::mutate::NUMBERS), and their seat by one past the table and by
//! `Seat::MAX`. The rules must refuse or accept each one without a panic, describe it,
//! and keep their invariants after applying what they accept. (The save target reaches the same
//! code only by chance; this found Ice Castle's `seat + 1` overflow on a Freeze target.)

use std::panic::{AssertUnwindSafe, catch_unwind};

use super::mutate::NUMBERS;
use crate::record::{Recorded, Recorder};
use crate::{Game, GameRng, Seat, ToAct, ice_castle, ice_colony, ice_fortress, icetowers, sprawl};

/// The spans of the runs of digits in `text`.
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}

/// `action` with each of its numbers replaced by each of [`NUMBERS`] (those that still parse).
fn variations<G: Game>(action: &G::Action) -> Vec<G::Action> {
    let text = ron::to_string(action).expect("an action writes as RON");
    let mut out = Vec::new();
    for (a, b) in numbers(&text) {
        for n in NUMBERS {
            let edited = format!("{}{n}{}", &text[..a], &text[b..]);
            if let Ok(action) = ron::from_str::<G::Action>(&edited) {
                out.push(action);
            }
        }
    }
    out
}

/// The rules on one odd action: checked, described, and applied when accepted, under
/// `catch_unwind` so that a failure names the state's step and the action.
fn try_odd<G: Game>(state: &G, seat: Seat, action: &G::Action) -> Result<(), String> {
    let run = || {
        let _ = state.action_to_string(seat, action);
        if state.check(seat, action).is_ok() {
            let mut next = state.clone();
            next.apply_unchecked(seat, action);
            next.check_invariants()?;
        }
        Ok::<(), String>(())
    };
    match catch_unwind(AssertUnwindSafe(run)) {
        Ok(result) => result,
        Err(_) => Err("panicked".into()),
    }
}

/// A random game of `G` from `setup`, at most `steps` steps; at each step up to `sample` of the
/// acting seats' legal actions get every number changed, and the acting seat is replaced by
/// seats past the table. Returns how many odd actions were tried.
fn odd_actions<G: Recorded>(setup: G::Setup, seed: u64, steps: usize, sample: usize) -> usize {
    let mut state = Recorder::<G>::new(setup)
        .expect("a valid setup")
        .state()
        .clone();
    let mut rng = GameRng::new(seed);
    let mut tried = 0;
    for step in 0..steps {
        let seats = match state.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                state.apply_chance();
                continue;
            }
            ToAct::Seats(seats) => seats,
        };
        for &seat in &seats {
            let legal = state.legal_actions(seat);
            for _ in 0..sample.min(legal.len()) {
                let action = &legal[rng.below(legal.len())];
                let odd_seats = [state.num_seats(), Seat::MAX].map(|s| (s, action.clone()));
                let odd = variations::<G>(action).into_iter().map(|a| (seat, a));
                for (who, odd) in odd.chain(odd_seats) {
                    tried += 1;
                    if let Err(e) = try_odd(&state, who, &odd) {
                        panic!("step {step}, seat {who}, {odd:?} (from {action:?}): {e}");
                    }
                }
            }
        }
        let seat = seats[rng.below(seats.len())];
        let legal = state.legal_actions(seat);
        let action = legal[rng.below(legal.len())].clone();
        state.apply(seat, &action).expect("a legal action applies");
    }
    tried
}

#[test]
fn every_number_in_an_action_may_be_anything() {
    let mut tried = 0;
    for seed in 1..=4 {
        tried +=
            odd_actions::<ice_castle::IceCastle>(ice_castle::Setup::new(4, seed), seed, 300, 3);
        tried +=
            odd_actions::<ice_colony::IceColony>(ice_colony::Setup::new(4, seed), seed, 300, 3);
        tried += odd_actions::<icetowers::IceTowers>(icetowers::Setup::new(4, seed), seed, 300, 3);
        let every = sprawl::Variants {
            counting_coup: true,
            sprawlgami: true,
            overload: true,
            superior_forces: true,
        };
        let sprawl = sprawl::Setup::new(4, seed).with(every);
        tried += odd_actions::<sprawl::Sprawl>(sprawl, seed, 300, 3);
        let fortress = ice_fortress::Setup::new(2, seed);
        tried += odd_actions::<ice_fortress::IceFortress>(fortress, seed, 300, 3);
    }
    assert!(tried > 100_000, "only {tried} odd actions");
}
