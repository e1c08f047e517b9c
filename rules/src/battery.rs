//! The conformance battery: random seeded games of any [`Game`], with every step checked.
//!
//! At each step it checks that a clone equals the original, that the game's own invariants hold, that
//! seats who may act have sorted, non-empty legal actions and seats who may not have none, that a
//! sample of legal actions apply (`legal_per_step`), that a sample of illegal actions is refused
//! without changing the state, and that the game ends within the bound it declares; every
//! `ron_every` steps, that a RON round trip gives an equal state; every `seen_every` steps, that
//! each seat's view ([`Game::as_seen_by`]) keeps the rules' invariants, offers the seat the same
//! legal actions, holds nothing of the RNG, and is the same for states that seat cannot tell apart
//! (its determinizations).

use crate::{Game, GameRng, ToAct};

/// How much the battery does.
#[derive(Clone, Debug)]
pub struct BatteryConfig {
    /// Number of games.
    pub games: usize,
    /// Seed of the first game; game `i` uses `first_seed + i`.
    pub first_seed: u64,
    /// Legal actions applied through the checked path (on a clone) per step.
    pub legal_per_step: usize,
    /// Random actions tried per step; the illegal ones must be refused without a change.
    pub random_per_step: usize,
    /// Check the RON round trip every `ron_every` steps (1 = every step).
    pub ron_every: usize,
    /// Check every seat's view every `seen_every` steps (0 = never).
    pub seen_every: usize,
}

impl BatteryConfig {
    /// A battery of `games` games with the default sampling.
    pub fn games(games: usize) -> Self {
        BatteryConfig {
            games,
            first_seed: 0,
            legal_per_step: 3,
            random_per_step: 3,
            ron_every: 1,
            seen_every: 3,
        }
    }
}

/// What a battery run did.
#[derive(Clone, Debug, Default)]
pub struct BatteryReport {
    pub games: usize,
    pub steps: usize,
    pub illegal_refused: usize,
    pub longest: usize,
}

/// Play `cfg.games` random games made by `make(seed)`; panics with the seed and step on the first failure.
pub fn run<G: Game>(make: impl Fn(u64) -> G, cfg: &BatteryConfig) -> BatteryReport {
    let mut report = BatteryReport::default();
    for i in 0..cfg.games {
        let seed = cfg.first_seed + i as u64;
        let steps = play_one(make(seed), seed, cfg, &mut report)
            .unwrap_or_else(|e| panic!("battery failed: game seed {seed}: {e}"));
        report.games += 1;
        report.steps += steps;
        report.longest = report.longest.max(steps);
    }
    report
}

fn play_one<G: Game>(
    mut state: G,
    seed: u64,
    cfg: &BatteryConfig,
    report: &mut BatteryReport,
) -> Result<usize, String> {
    let mut rng = GameRng::new(seed ^ 0x5EED_BA77_E41F);
    let bound = state.max_game_length();
    let mut step = 0;
    loop {
        let at = |msg: String| format!("step {step}: {msg}");
        check_state(&state, step, cfg).map_err(at)?;
        match state.to_act() {
            ToAct::Over => {
                for seat in 0..state.num_seats() {
                    if !state.legal_actions(seat).is_empty() {
                        return Err(at(format!("game over but seat {seat} has legal actions")));
                    }
                }
                let returns = state.returns();
                if returns.len() != state.num_seats()
                    || returns.iter().any(|r| !(0.0..=1.0).contains(r))
                {
                    return Err(at(format!("bad returns {returns:?}")));
                }
                return Ok(step);
            }
            ToAct::Chance => state.apply_chance(),
            ToAct::Seats(seats) => {
                if seats.is_empty() {
                    return Err(at("ToAct::Seats with no seat".into()));
                }
                for other in 0..state.num_seats() {
                    if !seats.contains(&other) && !state.legal_actions(other).is_empty() {
                        return Err(at(format!(
                            "seat {other} may not act but has legal actions"
                        )));
                    }
                }
                let seat = seats[rng.below(seats.len())];
                let legal = state.legal_actions(seat);
                if legal.is_empty() {
                    return Err(at(format!("seat {seat} may act but has no legal action")));
                }
                if legal.windows(2).any(|w| w[0] >= w[1]) {
                    return Err(at(format!(
                        "legal actions of seat {seat} not strictly sorted"
                    )));
                }
                for _ in 0..cfg.legal_per_step {
                    let a = &legal[rng.below(legal.len())];
                    let mut copy = state.clone();
                    copy.apply(seat, a)
                        .map_err(|e| at(format!("legal {a:?} refused: {e}")))?;
                }
                for _ in 0..cfg.random_per_step {
                    let a = state.random_action(&mut rng);
                    let mut copy = state.clone();
                    let is_legal = legal.binary_search(&a).is_ok();
                    match copy.apply(seat, &a) {
                        Ok(()) if !is_legal => return Err(at(format!("illegal {a:?} accepted"))),
                        Err(e) if is_legal => return Err(at(format!("legal {a:?} refused: {e}"))),
                        Err(e) => {
                            if e.0.is_empty() {
                                return Err(at(format!("{a:?} refused with an empty reason")));
                            }
                            if copy != state {
                                return Err(at(format!("refused {a:?} changed the state")));
                            }
                            report.illegal_refused += 1;
                        }
                        Ok(()) => {}
                    }
                }
                let a = legal[rng.below(legal.len())].clone();
                if state.action_to_string(seat, &a).is_empty() {
                    return Err(at(format!("{a:?} has an empty description")));
                }
                state
                    .apply(seat, &a)
                    .map_err(|e| at(format!("legal {a:?} refused: {e}")))?;
            }
        }
        step += 1;
        if step > bound {
            return Err(format!("game longer than its declared bound {bound}"));
        }
    }
}

fn check_state<G: Game>(state: &G, step: usize, cfg: &BatteryConfig) -> Result<(), String> {
    state.check_invariants()?;
    if state.clone() != *state {
        return Err("clone differs from the original".into());
    }
    if cfg.seen_every > 0 && step.is_multiple_of(cfg.seen_every) {
        for seat in 0..state.num_seats() {
            check_seen(state, seat).map_err(|e| format!("seat {seat}'s view: {e}"))?;
        }
    }
    if step.is_multiple_of(cfg.ron_every.max(1)) {
        let text = ron::to_string(state).map_err(|e| format!("RON serialize: {e}"))?;
        let back: G = ron::from_str(&text).map_err(|e| format!("RON deserialize: {e}"))?;
        if back != *state {
            return Err("RON round trip changed the state".into());
        }
    }
    Ok(())
}

/// `seat`'s view of `state`: the rules' invariants hold, the seat's legal actions are the state's,
/// the RNG's state is not in it, and the seat's determinizations (states it cannot tell from this
/// one) give the same view.
fn check_seen<G: Game>(state: &G, seat: crate::Seat) -> Result<(), String> {
    check_view(state, seat, G::as_seen_by)
}

/// [`check_seen`] for a view made by `view`.
fn check_view<G: Game>(
    state: &G,
    seat: crate::Seat,
    view: impl Fn(&G, crate::Seat) -> G,
) -> Result<(), String> {
    let seen = view(state, seat);
    seen.check_invariants()?;
    if seen.legal_actions(seat) != state.legal_actions(seat) {
        return Err("its legal actions differ from the game's".into());
    }
    let text = ron::to_string(&seen).map_err(|e| format!("RON serialize: {e}"))?;
    let rng = ron::to_string(state.clone().rng_mut()).map_err(|e| format!("RNG: {e}"))?;
    let secret = rng
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| n.len() >= 6);
    if let Some(n) = secret.into_iter().find(|n| text.contains(n)) {
        return Err(format!("it holds the RNG's number {n}"));
    }
    for seed in 1..=2 {
        let other = state.determinize(seat, seed);
        if view(&other, seat) != seen {
            return Err(format!(
                "determinization {seed}, which the seat cannot tell from the game, gives another view"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ice_castle::{self, IceCastle};
    use crate::icetowers::{self, IceTowers};

    /// The view check catches a view that tells too much: another seat's hand (the state with only
    /// its RNG re-seeded), or the RNG.
    #[test]
    fn a_view_that_tells_too_much_is_caught() {
        let castle = IceCastle::new(&ice_castle::Setup::new(3, 5)).unwrap();
        let reseeded = |s: &IceCastle, _| {
            let mut copy = s.clone();
            *copy.rng_mut() = GameRng::new(0);
            copy
        };
        let told = check_view(&castle, 0, reseeded).unwrap_err();
        assert!(told.contains("gives another view"), "{told}");
        assert!(check_view(&castle, 0, IceCastle::as_seen_by).is_ok());
        let towers = IceTowers::new(&icetowers::Setup::new(3, 5)).unwrap();
        let told = check_view(&towers, 1, |s, _| s.clone()).unwrap_err();
        assert!(told.contains("holds the RNG's number"), "{told}");
        assert!(check_view(&towers, 1, IceTowers::as_seen_by).is_ok());
    }
}
