//! The Ice Colony bot: looks through the rest of its own turn, averaging over the fate die and the
//! battle dice, and scores where it lands by territories, pips, room to grow and exposure to attack.
//!
//! Decisions of the bot's own turn (which territory, pass/move/attack, the Blue extra move, how many
//! pips move in) are searched; the dice are weighed exactly; an opposing defender is assumed to spend
//! its edge token. The dice-off edge token is kept for battles.

use super::board::{self, SQUARES, Square};
use super::{Action, IceColony, Phase, Shift, flow};
use crate::bots::{Bot, SearchPlan, random_policy, softmax};
use crate::{Game, GameRng, Seat, ToAct};

/// How deep (in the bot's own decisions) a turn is searched.
const DEPTH: u8 = 3;

/// A heuristic Ice Colony opponent.
pub struct ColonyBot {
    rng: GameRng,
}

impl ColonyBot {
    /// A bot whose ties are broken by a stream seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        ColonyBot {
            rng: GameRng::new(seed),
        }
    }
}

impl Bot<IceColony> for ColonyBot {
    fn choose(&mut self, state: &IceColony, seat: Seat) -> Option<Action> {
        let legal = state.legal_actions(seat);
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        match state.phase() {
            Phase::Initiative { .. } => return Some(Action::Initiative { shift: Shift::Keep }),
            Phase::Defend { .. } => return Some(Action::Defend { edge: true }),
            _ => {}
        }
        let mut best = Vec::new();
        let mut best_value = f64::NEG_INFINITY;
        for a in &legal {
            let mut next = state.clone();
            next.apply_unchecked(seat, a);
            let v = value(&next, seat, DEPTH - 1);
            if v > best_value + 1e-9 {
                best_value = v;
                best.clear();
            }
            if (v - best_value).abs() <= 1e-9 {
                best.push(a);
            }
        }
        best.get(self.rng.below(best.len().max(1)))
            .map(|a| (*a).clone())
    }
}

/// Chance that `d6 + k` beats `d6` (ties lose).
pub fn win_chance(k: i8) -> f64 {
    let mut wins = 0;
    for a in 1..=6i8 {
        for d in 1..=6i8 {
            if a + k > d {
                wins += 1;
            }
        }
    }
    wins as f64 / 36.0
}

/// Expected chance of winning from `s` for `me`, searching `me`'s own decisions `depth` deep and
/// averaging over the dice; a position that is not over is judged by [`evaluate`].
pub fn value(s: &IceColony, me: Seat, depth: u8) -> f64 {
    match s.to_act() {
        ToAct::Over => s.returns()[me],
        ToAct::Chance => match s.phase() {
            Phase::Fate { .. } => {
                let mut total = 0.0;
                let mut n = 0.0;
                for die in 1..=6 {
                    let mut t = s.clone();
                    if t.apply_dice(&[die]).is_ok() {
                        total += value(&t, me, depth);
                        n += 1.0;
                    }
                }
                if n > 0.0 { total / n } else { estimate(s, me) }
            }
            Phase::Battle {
                from,
                to,
                attacker_edge,
                defender_edge,
            } => {
                let (a, d) = flow::battle_bonuses(s, *from, *to, *attacker_edge, *defender_edge);
                let p = win_chance(a - d);
                // Any faces with the right winner give the same position.
                let faces = (1..=6u8).flat_map(|x| (1..=6u8).map(move |y| [x, y]));
                let attacker_wins = |f: &[u8; 2]| f[0] as i8 + a > f[1] as i8 + d;
                let win = faces.clone().find(attacker_wins);
                let lose = faces.clone().find(|f| !attacker_wins(f));
                let mut total = 0.0;
                for (dice, weight) in [(win, p), (lose, 1.0 - p)] {
                    if let Some(dice) = dice
                        && weight > 0.0
                    {
                        let mut t = s.clone();
                        if t.apply_dice(&dice).is_ok() {
                            total += weight * value(&t, me, depth);
                        }
                    }
                }
                total
            }
            _ => estimate(s, me),
        },
        ToAct::Seats(seats) => {
            let seat = seats[0];
            if seat != me {
                if let Phase::Defend { .. } = s.phase() {
                    let mut t = s.clone();
                    let spend = Action::Defend {
                        edge: s.has_edge(seat),
                    };
                    t.apply_unchecked(seat, &spend);
                    return value(&t, me, depth);
                }
                return estimate(s, me);
            }
            if depth == 0 || matches!(s.phase(), Phase::Choose | Phase::Initiative { .. }) {
                return estimate(s, me);
            }
            let mut best = f64::NEG_INFINITY;
            for a in s.legal_actions(me) {
                let mut t = s.clone();
                t.apply_unchecked(me, &a);
                best = best.max(value(&t, me, depth - 1));
            }
            if best.is_finite() {
                best
            } else {
                estimate(s, me)
            }
        }
    }
}

/// Tree search's estimate: each seat's standing, as a softmax (for two seats the same logistic
/// curve as `estimate`); a seat with no territory left is out.
pub fn estimate_all(s: &IceColony) -> Vec<f64> {
    if s.is_over() {
        return s.returns();
    }
    let values: Vec<f64> = (0..s.players())
        .map(|p| if s.in_game(p) { standing(s, p) } else { -1e3 })
        .collect();
    softmax(&values, 12.0)
}

/// Tree search in Ice Colony: random rollouts of 40 actions scored by [`estimate_all`]; hard capped
/// at 5,000 iterations (more did not play better against the bot).
pub fn plan() -> SearchPlan<IceColony> {
    SearchPlan {
        policy: random_policy::<IceColony>,
        rollout_depth: 40,
        hard_iterations: 5_000,
        candidates: None,
        ..SearchPlan::default()
    }
}

/// [`evaluate`] turned into a rough chance of winning.
fn estimate(s: &IceColony, me: Seat) -> f64 {
    1.0 / (1.0 + (-evaluate(s, me) / 12.0).exp())
}

/// Static worth of a position to `me`: my standing less the strongest opponent's.
pub fn evaluate(s: &IceColony, me: Seat) -> f64 {
    let mine = standing(s, me);
    let best_other = (0..s.players())
        .filter(|&p| p != me)
        .map(|p| standing(s, p))
        .fold(f64::NEG_INFINITY, f64::max);
    mine - if best_other.is_finite() {
        best_other
    } else {
        0.0
    }
}

/// Worth of one territory of `pips` beyond being held.
fn pip_worth(pips: u8) -> f64 {
    [0.0, 2.0, 4.5, 6.0][pips.min(3) as usize]
}

/// One player's standing: territories above all, then pips, room to spread and an edge token, less
/// what the fate die and adjacent enemies threaten to take.
fn standing(s: &IceColony, p: Seat) -> f64 {
    let held = s.territories(p);
    let mut v = 0.0;
    for sq in 0..SQUARES as Square {
        let Some(u) = s.unit(sq) else { continue };
        if u.owner != p {
            continue;
        }
        let pips = u.pips();
        let terrain = s.terrain(sq);
        v += 10.0 + pip_worth(pips);
        // A Reduce would wipe it out; a lone territory like that risks the whole game.
        if pips <= terrain.map_or(1, |t| t.reduce_by()) {
            v -= if held == 1 { 8.0 } else { 1.5 };
        }
        let mut room: f64 = 0.0;
        let mut risk: f64 = 0.0;
        for n in board::neighbours(sq) {
            match s.unit(n) {
                None if s.enterable(n) => room += 1.0,
                Some(e) if e.owner != p => {
                    let attack = e.pips().min(3) as i8
                        + s.terrain(n).map_or(0, |t| t.attack_bonus())
                        + i8::from(s.has_edge(e.owner));
                    let defence = pips as i8
                        + terrain.map_or(0, |t| t.defence_bonus())
                        + i8::from(s.has_edge(p));
                    let loss = if e.pips() >= pips {
                        10.0 + pip_worth(pips)
                    } else {
                        pip_worth(pips) - pip_worth(pips - e.pips())
                    };
                    risk = risk.max(win_chance(attack - defence) * loss);
                }
                _ => {}
            }
        }
        v += 0.5 * room.min(2.0) - 0.5 * risk;
    }
    if s.has_edge(p) {
        v += 1.5;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{RandomBot, play_match};
    use crate::ice_colony::{DEFAULT_ROUND_LIMIT, Setup};

    /// The bot in seat `g % players` against random bots; its share of the wins.
    fn win_share(players: usize, games: u64, round_limit: u32) -> f64 {
        let mut won = 0.0;
        for g in 0..games {
            let me = (g as usize) % players;
            let setup = Setup {
                round_limit,
                ..Setup::new(players, g)
            };
            let state = IceColony::new(&setup).unwrap();
            let mut bots: Vec<Box<dyn Bot<IceColony>>> = (0..players)
                .map(|p| -> Box<dyn Bot<IceColony>> {
                    if p == me {
                        Box::new(ColonyBot::new(g))
                    } else {
                        Box::new(RandomBot::new(g * 10 + p as u64))
                    }
                })
                .collect();
            let r = play_match(state, &mut bots, &mut GameRng::new(g + 1000));
            won += r.returns[me];
        }
        won / games as f64
    }

    #[test]
    fn beats_a_random_bot_in_at_least_90_percent_of_two_player_games() {
        let share = win_share(2, 100, DEFAULT_ROUND_LIMIT);
        assert!(share >= 0.9, "won {:.0}% of 100 games", share * 100.0);
    }

    #[test]
    fn beats_random_bots_at_a_four_player_table() {
        let share = win_share(4, 8, 20);
        assert!(
            share >= 0.5,
            "won {:.0}% of 8 four-player games",
            share * 100.0
        );
    }
}
