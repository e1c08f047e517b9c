//! The IceTowers bot: one ply ahead, counting what an opponent could take back with one cap.
//!
//! A move is worth the lead it gives (own pips minus the best opponent's) less the largest tower of
//! ours that some opponent could cap at once. The bot agrees to stop when no move improves on that.
//! It does not go round in circles: a move back into a position the game has already been in twice
//! is not made (so two bots taking the same tower from each other stop after the second round).

use super::{Action, IceTowers, Side};
use crate::bots::{Bot, SearchPlan, random_policy, softmax};
use crate::{Game, GameRng, Seat};

/// Tree search's estimate: [`evaluate`] per seat (scaled to about pips of lead), as a softmax.
pub(super) fn estimate(s: &IceTowers) -> Vec<f64> {
    if s.is_over() {
        return s.returns();
    }
    let seats = s.num_seats();
    let others = (seats.max(2) - 1) as f64;
    let values: Vec<f64> = (0..seats)
        .map(|seat| evaluate(s, seat) as f64 / (5.0 * others))
        .collect();
    softmax(&values, 4.0)
}

/// Tree search in IceTowers: random rollouts of 10 actions scored by [`estimate`]; hard capped at
/// 2,500 iterations (about 200 ms of one core).
pub(super) fn plan() -> SearchPlan<IceTowers> {
    SearchPlan {
        policy: random_policy::<IceTowers>,
        rollout_depth: 10,
        hard_iterations: 2_500,
        candidates: None,
        ..SearchPlan::default()
    }
}

/// The most times the bot brings the game back to one position (counting the first).
const REPEATS: usize = 2;

/// A quick, fair IceTowers opponent.
pub struct TowerBot {
    rng: GameRng,
}

impl TowerBot {
    pub fn new(seed: u64) -> Self {
        TowerBot {
            rng: GameRng::new(seed),
        }
    }
}

/// How good `s` is for `seat`: its lead, less what one opposing cap could take from it. The
/// opponents are the other seats: Gus (two seats) cannot win, so pips taken from him count only
/// as one's own gain.
pub fn evaluate(s: &IceTowers, seat: Seat) -> i64 {
    let scores = s.scores();
    let others = scores.len() as i64 - 1;
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != seat)
        .map(|(_, &v)| v)
        .max()
        .unwrap_or(0);
    let sum_others: i64 = scores.iter().sum::<i64>() - scores[seat];
    // Lead over the best opponent matters most; the others' total breaks ties between moves.
    (scores[seat] - best_other) * 4 * others + (scores[seat] * others - sum_others)
        - exposure(s, seat as Side) * 2 * others
}

/// Pips of the largest tower topped by `me` that an opponent seat could cap with one freestanding pyramid.
fn exposure(s: &IceTowers, me: Side) -> i64 {
    // Smallest freestanding pyramid any opposing seat holds (Gus never moves).
    let smallest = s
        .towers()
        .iter()
        .filter(|t| {
            t.is_freestanding() && t.top().side != me && (t.top().side as usize) < s.num_seats()
        })
        .map(|t| t.top().pips)
        .min();
    let Some(smallest) = smallest else { return 0 };
    s.towers()
        .iter()
        .filter(|t| t.top().side == me && t.top().pips >= smallest)
        // Capping a lone pyramid with a lone pyramid needs a different piece; that always exists here.
        .map(|t| t.pips())
        .max()
        .unwrap_or(0)
}

impl Bot<IceTowers> for TowerBot {
    fn choose(&mut self, state: &IceTowers, seat: Seat) -> Option<Action> {
        let legal = state.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let now = evaluate(state, seat);
        let mut best = Vec::new();
        let mut best_value = i64::MIN;
        for a in legal.iter().filter(|a| **a != Action::Stop) {
            let mut next = state.clone();
            next.apply_unchecked(seat, a);
            if next.times_seen() > REPEATS {
                continue;
            }
            let value = evaluate(&next, seat);
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(a);
            }
        }
        if best.is_empty() || best_value <= now {
            return Some(Action::Stop);
        }
        Some(best[self.rng.below(best.len())].clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{RandomBot, play_match};
    use crate::icetowers::Setup;

    /// The bot against random seats, its seat rotating; returns its share of wins.
    fn win_share(seats: usize, games: u64) -> f64 {
        let mut won = 0.0;
        for g in 0..games {
            let me = (g as usize) % seats;
            let state = IceTowers::new(&Setup {
                move_limit: 150,
                ..Setup::new(seats, g)
            })
            .unwrap();
            let mut bots: Vec<Box<dyn Bot<IceTowers>>> = (0..seats)
                .map(|s| -> Box<dyn Bot<IceTowers>> {
                    if s == me {
                        Box::new(TowerBot::new(g))
                    } else {
                        Box::new(RandomBot::new(g * 10 + s as u64))
                    }
                })
                .collect();
            let r = play_match(state, &mut bots, &mut GameRng::new(g + 1000));
            won += r.returns[me];
        }
        won / games as f64
    }

    #[test]
    fn at_two_seats_the_bot_takes_from_its_opponent_before_gus() {
        // At the start every pyramid stands alone: capping the opponent's medium gains what
        // capping Gus's does and takes it from the only seat that can win.
        for seed in 0..20 {
            let s = IceTowers::new(&Setup::new(2, seed)).unwrap();
            let gus = s.gus().unwrap();
            let owner = |a: &Action| match a {
                Action::Cap { onto, .. } => s.tower(*onto).map(|t| t.top().side),
                _ => None,
            };
            let value = |a: &Action| {
                let mut next = s.clone();
                next.apply_unchecked(0, a);
                evaluate(&next, 0)
            };
            let legal = s.legal_actions(0);
            let best_of = |side| {
                legal
                    .iter()
                    .filter(|a| owner(a) == Some(side))
                    .map(value)
                    .max()
            };
            assert!(best_of(1) > best_of(gus), "seed {seed}");
            let chosen = TowerBot::new(seed).choose(&s, 0).unwrap();
            assert_eq!(owner(&chosen), Some(1), "seed {seed}: {chosen:?}");
        }
    }

    #[test]
    fn beats_a_random_bot_head_to_head() {
        let share = win_share(2, 60);
        assert!(
            share >= 0.8,
            "won {:.0}% of 60 two-seat games",
            share * 100.0
        );
    }

    #[test]
    fn beats_random_bots_at_a_four_seat_table() {
        let share = win_share(4, 40);
        assert!(
            share >= 0.45,
            "won {:.0}% of 40 four-seat games (random share is 25%)",
            share * 100.0
        );
    }

    #[test]
    fn stops_exactly_when_no_move_raises_its_evaluation() {
        // Positions from random play, judged by the bot's own evaluation: where the best move
        // only keeps it level (or there is none), the bot stops; where one raises it, it moves.
        let (mut level, mut raised) = (0, 0);
        for seed in 0..12u64 {
            let mut s = IceTowers::new(&Setup::new(3, seed)).unwrap();
            let mut rng = GameRng::new(seed);
            while !s.is_over() {
                let legal = s.legal_actions(0);
                if !legal.is_empty() {
                    let now = evaluate(&s, 0);
                    let best = legal
                        .iter()
                        .filter(|a| **a != Action::Stop)
                        .filter_map(|a| {
                            let mut next = s.clone();
                            next.apply_unchecked(0, a);
                            (next.times_seen() <= REPEATS).then(|| evaluate(&next, 0))
                        })
                        .max();
                    let chosen = TowerBot::new(seed).choose(&s, 0);
                    if best.is_some_and(|b| b > now) {
                        assert_ne!(chosen, Some(Action::Stop), "seed {seed}: a move helps");
                        raised += 1;
                    } else {
                        assert_eq!(chosen, Some(Action::Stop), "seed {seed}: {best:?} {now}");
                        level += usize::from(best == Some(now));
                    }
                }
                let crate::ToAct::Seats(seats) = s.to_act() else {
                    break;
                };
                let seat = seats[rng.below(seats.len())];
                let moves = s.legal_actions(seat);
                let a = moves[rng.below(moves.len())].clone();
                s.apply(seat, &a).unwrap();
            }
        }
        assert!(level > 0 && raised > 0, "level {level}, raised {raised}");
    }

    /// Bots taking turns strictly in seat order (the worst case; the app's AI seats wait random
    /// reaction times): before they avoided positions seen twice, 5 of these 20 three-seat games
    /// went on to the move limit (and 7 of 20 at four seats).
    #[test]
    fn bots_in_strict_rotation_do_not_go_round_in_circles() {
        use crate::ToAct;
        let mut longest = 0;
        for seed in 0..20u64 {
            let mut s = IceTowers::new(&Setup::new(3, seed)).unwrap();
            let mut bots: Vec<TowerBot> = (0..3).map(|i| TowerBot::new(seed * 10 + i)).collect();
            let mut next = 0;
            while let ToAct::Seats(v) = s.to_act() {
                let seat = v.iter().copied().find(|&x| x >= next).unwrap_or(v[0]);
                next = (seat + 1) % 3;
                let a = bots[seat].choose(&s, seat).unwrap();
                s.apply_unchecked(seat, &a);
                assert!(s.times_seen() <= REPEATS, "seed {seed}: {a:?} repeats");
            }
            assert!(s.moves() < s.move_limit(), "seed {seed}: to the move limit");
            longest = longest.max(s.moves());
        }
        assert!(
            longest > 40,
            "the games were played ({longest} moves at most)"
        );
    }

    #[test]
    fn a_position_is_known_whatever_the_towers_ids() {
        use crate::icetowers::Pyramid;
        let setup = Setup::new(2, 0);
        let fresh = IceTowers::new(&setup).unwrap();
        assert_eq!(fresh.times_seen(), 1);
        // Red's medium on Red's large; Yellow splits them: every pyramid stands free again, as at
        // the start, though the medium now stands as a tower with a new id.
        let red = |pips| Pyramid { side: 0, pips };
        let mut s = IceTowers::with_towers(&setup, &[vec![red(3), red(2)]]).unwrap();
        assert_ne!(s.position_key(), fresh.position_key());
        let split = Action::Split {
            tower: s.towers()[0].id,
            at: 1,
        };
        s.apply(1, &split).unwrap();
        assert_eq!(s.position_key(), fresh.position_key());
        assert_ne!(s.towers(), fresh.towers(), "other ids");
        assert_eq!(s.times_seen(), 1, "not seen in this game before");
        // The medium caps the large again: the game has now been in that position twice.
        let medium = s.towers().last().unwrap().id;
        let large = s.towers()[0].id;
        s.apply(
            0,
            &Action::Cap {
                piece: medium,
                onto: large,
            },
        )
        .unwrap();
        assert_eq!(s.times_seen(), 2);
    }

    /// Positions alike but for who tops a tower, or for which tower a colour tops, are told apart
    /// (a plain sum of FNV-1a hashes gave "Red caps its medium with its small" and "Green caps
    /// Red's medium with its small" the same key).
    #[test]
    fn positions_that_differ_in_who_tops_a_tower_have_different_keys() {
        use crate::icetowers::Pyramid;
        let setup = Setup::new(3, 0);
        let p = |side, pips| Pyramid { side, pips };
        let mut keys = Vec::new();
        for base in 0..3 {
            for size in [2, 3] {
                for top in 0..3 {
                    let towers = [vec![p(base, size), p(top, 1)]];
                    keys.push(
                        IceTowers::with_towers(&setup, &towers)
                            .unwrap()
                            .position_key(),
                    );
                }
            }
        }
        // Two towers whose tops change places.
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            for top in [[a, b], [b, a]] {
                let towers = [vec![p(a, 2), p(top[0], 1)], vec![p(b, 2), p(top[1], 1)]];
                keys.push(
                    IceTowers::with_towers(&setup, &towers)
                        .unwrap()
                        .position_key(),
                );
            }
        }
        let mut distinct = keys.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), keys.len(), "{keys:x?}");
    }

    /// How many towers (two pyramids or more) stand at once in games between bots, at 2 to 6
    /// seats, 20 games each. The app keeps the first 36 tower places clear of every home (its
    /// `CLEAR_PLACES`, in `src/plugins/games/icetowers/table.rs`). Run with `cargo test --release
    /// -p hoarfrost-rules --lib towers_at_once -- --ignored --nocapture`; it printed at most 13 at
    /// two seats, 23 at six.
    #[test]
    #[ignore]
    fn towers_at_once() {
        use crate::ToAct;
        for seats in 2..=6 {
            let mut most = Vec::new();
            for seed in 0..20u64 {
                let mut s = IceTowers::new(&Setup::new(seats, seed)).unwrap();
                let mut bots: Vec<TowerBot> = (0..seats)
                    .map(|i| TowerBot::new(seed * 10 + i as u64))
                    .collect();
                let mut rng = GameRng::new(seed);
                let mut top = 0;
                while let ToAct::Seats(v) = s.to_act() {
                    let seat = v[rng.below(v.len())];
                    let a = bots[seat].choose(&s, seat).unwrap();
                    s.apply_unchecked(seat, &a);
                    let n = s.towers().iter().filter(|t| !t.is_freestanding()).count();
                    top = top.max(n);
                }
                most.push(top);
            }
            let top = most.iter().max().unwrap();
            println!("{seats} seats: at most {top} towers at once");
            assert!(*top < 36, "more towers than the app's clear places");
        }
    }
}
