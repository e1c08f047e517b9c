//! The search of the Sprawl bot: candidates from the one-ply evaluation, compared by simulated play.

use super::super::{Action, Phase, Sprawl};
use super::{Effort, answer, end, eval};
use crate::{Game, GameRng, Seat, ToAct};

/// Weight of the one-ply evaluation (per pip) next to the simulated win chance, to order near-equals.
const PRIOR: f64 = 0.004;

/// Cost of a first tower that leaves another seat without a move.
const BOXING: f64 = 100.0;

/// The move `me` plays from `legal` (at least two board moves).
pub(super) fn best_move(
    state: &Sprawl,
    me: Seat,
    legal: Vec<Action>,
    effort: Effort,
    rng: &mut GameRng,
) -> Action {
    // One ply: every move, played and evaluated. (The seed of the card deals is drawn only where
    // cards are held, so that a game without them plays as it always has for a given seed.)
    let held = (0..state.players()).any(|p| state.face_down_cards(p) > 0);
    let deals = if held { rng.next_u64() } else { 0 };
    let mut scored: Vec<(f64, Action, Sprawl)> = legal
        .into_iter()
        .map(|a| {
            let mut next = state.clone();
            next.apply_unchecked(me, &a);
            let v = if next.is_over() {
                let won = over_deals(&next, me, deals, |s| s.returns()[me]);
                1000.0 * (won - 0.5) + eval::evaluate(&next, me)
            } else {
                eval::evaluate(&next, me)
            };
            (v, a, next)
        })
        .collect();
    // Stable order: best first, ties in action order, then a random pick among exact ties.
    scored.sort_by(|x, y| y.0.total_cmp(&x.0));
    let top = scored[0].0;
    let ties = scored.iter().take_while(|x| x.0 >= top - 1e-9).count();
    // The first tower: a large one, on the square that looks safest (a static choice: nothing is
    // known yet about how the others play), never one that leaves a seat boxed in without a move:
    // that ends the game at its next turn, before the bot has placed more than this piece.
    let mut firsts: Vec<(f64, usize)> = scored
        .iter()
        .enumerate()
        .filter_map(|(i, (_, a, next))| match *a {
            Action::PlaceFirstTower { sq, size: 3 } => {
                let boxes = end::turns_left(next).is_some();
                let value = eval::first_tower_value(state, me, sq);
                Some((value - BOXING * boxes as u8 as f64, i))
            }
            _ => None,
        })
        .collect();
    firsts.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
    if effort.first_tower > 0 && firsts.len() > 1 {
        let pick = first_tower(&scored, &firsts, me, effort, rng);
        return scored.swap_remove(pick).1;
    }
    if let Some(&(best, _)) = firsts.first() {
        let ties = firsts.iter().take_while(|x| x.0 >= best - 1e-9).count();
        let pick = firsts[rng.below(ties)].1;
        return scored.swap_remove(pick).1;
    }
    if effort.rollouts == 0 || effort.candidates <= 1 {
        let pick = rng.below(ties);
        return scored.swap_remove(pick).1;
    }
    // Candidates: the best by one ply, and (up to as many again) moves that neutralize something or
    // leave some seat without a move (the game then ends within the round: see `end`).
    let mut picked: Vec<usize> = (0..scored.len().min(effort.candidates)).collect();
    for (i, (_, a, next)) in scored.iter().enumerate().skip(effort.candidates) {
        if picked.len() >= 2 * effort.candidates {
            break;
        }
        if eval::neutralizing_gain(state, me, a) > 0 || end::turns_left(next).is_some() {
            picked.push(i);
        }
    }
    let base = rng.next_u64();
    let mut best = picked[0];
    let mut best_value = f64::NEG_INFINITY;
    for &i in &picked {
        let (v, _, next) = &scored[i];
        let chance = if next.is_over() {
            over_deals(next, me, deals, |s| outcome(s, me))
        } else {
            (0..effort.rollouts)
                .map(|r| {
                    let mut sim_rng = GameRng::new(base ^ (r as u64).wrapping_mul(0x9E37_79B9));
                    rollout(next, me, effort, &mut sim_rng)
                })
                .sum::<f64>()
                / effort.rollouts as f64
        };
        let value = chance + PRIOR * (v - top);
        if value > best_value {
            best_value = value;
            best = i;
        }
    }
    scored.swap_remove(best).1
}

/// The first tower's square by simulation: every large first tower that boxes nobody in is played
/// on to the end, and rounds of successive halving share `effort.first_tower` simulations out, the
/// better half going on each round (common random numbers across squares). `firsts` holds (static
/// value, index into `scored`), best first; the static value breaks ties.
fn first_tower(
    scored: &[(f64, Action, Sprawl)],
    firsts: &[(f64, usize)],
    me: Seat,
    effort: Effort,
    rng: &mut GameRng,
) -> usize {
    let safe: Vec<&(f64, usize)> = firsts.iter().filter(|x| x.0 > -BOXING / 2.0).collect();
    let pool = if safe.is_empty() {
        firsts.iter().collect()
    } else {
        safe
    };
    // (index into `scored`, static value, sum of results, simulations)
    let mut alive: Vec<(usize, f64, f64, usize)> =
        pool.iter().map(|&&(v, i)| (i, v, 0.0, 0)).collect();
    let rounds = (alive.len() as f64).log2().ceil().max(1.0) as usize;
    let base = rng.next_u64();
    while alive.len() > 1 {
        let each = (effort.first_tower / rounds / alive.len()).max(2);
        for (i, _, sum, n) in alive.iter_mut() {
            for r in *n..*n + each {
                let mut sim_rng = GameRng::new(base ^ (r as u64).wrapping_mul(0x9E37_79B9));
                *sum += rollout(&scored[*i].2, me, effort, &mut sim_rng);
            }
            *n += each;
        }
        alive.sort_by(|x, y| {
            (y.2 / y.3 as f64)
                .total_cmp(&(x.2 / x.3 as f64))
                .then(y.1.total_cmp(&x.1))
        });
        alive.truncate(alive.len().div_ceil(2).min(alive.len() - 1));
    }
    alive[0].0
}

/// Deals of the face-down Counting Coup cards a game the bot's move ends is judged over.
const DEALS: u64 = 16;

/// `value` of the finished game `s`, averaged over deals of the face-down Counting Coup cards
/// (drawn from `seed`; the game as it stands where nobody holds one): nobody may look at those
/// cards before the end, the bot included, and they count in the final tally.
fn over_deals(s: &Sprawl, me: Seat, seed: u64, value: impl Fn(&Sprawl) -> f64) -> f64 {
    if (0..s.players()).all(|p| s.face_down_cards(p) == 0) {
        return value(s);
    }
    (0..DEALS)
        .map(|k| value(&s.determinize(me, seed ^ k.wrapping_mul(0x9E37_79B9))))
        .sum::<f64>()
        / DEALS as f64
}

/// Value of a finished game to `me`: 1 for an outright win, a shared win counts for little.
fn outcome(s: &Sprawl, me: Seat) -> f64 {
    let r = s.returns()[me];
    if r >= 1.0 { 1.0 } else { 0.3 * r }
}

/// Play on from `start` until the game ends or `me` is about to take its `turns_ahead`-th turn, and
/// return the estimated chance that `me` wins.
fn rollout(start: &Sprawl, me: Seat, effort: Effort, rng: &mut GameRng) -> f64 {
    let mut sim = start.determinize(me, rng.next_u64());
    let mut my_turns = 0;
    let mut was_mine = false;
    let bound = start.max_game_length();
    for _ in 0..bound {
        let seat = match sim.to_act() {
            ToAct::Seats(seats) => seats[0],
            _ => break,
        };
        let mine = seat == me && matches!(sim.phase(), Phase::Play);
        if mine && !was_mine {
            my_turns += 1;
            // At the horizon, play on only if the game is bound to end within the round (some seat
            // has no move left), so that its final tally scores the simulation.
            if my_turns >= effort.turns_ahead && end::turns_left(&sim).is_none() {
                break;
            }
        }
        was_mine = mine;
        let Some(a) = policy(&sim, seat, me, effort.greed, rng) else {
            break;
        };
        sim.apply_unchecked(seat, &a);
    }
    if sim.is_over() {
        outcome(&sim, me)
    } else {
        eval::win_chance(&sim, me)
    }
}

/// The move a seat makes in a simulation.
fn policy(s: &Sprawl, seat: Seat, me: Seat, greed: usize, rng: &mut GameRng) -> Option<Action> {
    let legal = s.legal_actions(seat);
    if legal.is_empty() {
        return None;
    }
    let greedy = seat == me || rng.below(100) < greed;
    match s.phase() {
        Phase::Asking { .. } if greedy => return Some(Action::AreYouSure),
        Phase::Answering { spore, .. } if greedy => return Some(answer(spore, &legal)),
        Phase::Play if greedy => {
            if let Some(a) = end::winning_end(s, seat, &legal) {
                return Some(a);
            }
            let mut best = Vec::new();
            let mut best_score = 0;
            for (i, a) in legal.iter().enumerate() {
                let sc = eval::quick_score(s, seat, a);
                if sc > best_score || best.is_empty() {
                    if sc > best_score {
                        best.clear();
                    }
                    best_score = best_score.max(sc);
                }
                if sc == best_score {
                    best.push(i);
                }
            }
            let pick = best[rng.below(best.len())];
            return legal.into_iter().nth(pick);
        }
        _ => {}
    }
    let pick = rng.below(legal.len());
    legal.into_iter().nth(pick)
}
