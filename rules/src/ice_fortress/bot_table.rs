//! The win-rate table by difficulty, and playing a bot game to its end.

use serde::{Deserialize, Serialize};

use super::super::*;
use super::FortressBot;
use crate::bots::{Bot, play_match};

/// One line of the win-rate table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinRateRow {
    pub difficulty: u8,
    pub games: usize,
    pub wins: usize,
    /// Wins divided by games.
    pub rate: f64,
    /// Average beacons completed.
    pub beacons: f64,
    /// Average rounds played.
    pub rounds: f64,
}

/// Play `games` bot games at each difficulty with `players` players on `content`, with the
/// rulebook's setup (no jumbo-room assist); one row per level.
pub fn win_rates(
    content: &Content,
    difficulties: &[u8],
    players: usize,
    games: usize,
    seed: u64,
) -> Result<Vec<WinRateRow>, RuleError> {
    win_rates_with(
        content,
        difficulties,
        players,
        games,
        seed,
        &Weights::default(),
        false,
    )
}

/// [`win_rates`] with bots playing by `weights`, and the jumbo-room assist on when `jumbo_assist`.
pub fn win_rates_with(
    content: &Content,
    difficulties: &[u8],
    players: usize,
    games: usize,
    seed: u64,
    weights: &Weights,
    jumbo_assist: bool,
) -> Result<Vec<WinRateRow>, RuleError> {
    let mut rows = Vec::new();
    // Games are independent and seeded by their index, so threads change nothing but the time.
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 8);
    for &difficulty in difficulties {
        let one = |g: usize| -> Result<(bool, usize, u32), RuleError> {
            let game_seed = seed
                .wrapping_mul(1_000_003)
                .wrapping_add(difficulty as u64 * 100_000 + g as u64);
            let setup = Setup {
                difficulty,
                ..Setup::new(players, game_seed)
            }
            .with_jumbo_assist(jumbo_assist);
            let state = IceFortress::new(&setup, content)?;
            let mut bots: Vec<Box<dyn Bot<IceFortress>>> = (0..players)
                .map(|p| {
                    Box::new(FortressBot::with_weights(game_seed ^ p as u64, *weights))
                        as Box<dyn Bot<IceFortress>>
                })
                .collect();
            let mut rng = GameRng::new(game_seed);
            let (end, _) = play_to_end(state, &mut bots, &mut rng);
            Ok((end.phase() == Phase::Won, end.beacons(), end.round()))
        };
        let results: Vec<Result<(bool, usize, u32), RuleError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let one = &one;
                    scope.spawn(move || (t..games).step_by(threads).map(one).collect::<Vec<_>>())
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| {
                    h.join()
                        .unwrap_or_else(|_| vec![Err(RuleError::new("a win-rate game panicked"))])
                })
                .collect()
        });
        let (mut wins, mut beacons, mut rounds) = (0, 0, 0);
        for r in results {
            let (won, b, r) = r?;
            wins += usize::from(won);
            beacons += b;
            rounds += r as usize;
        }
        let n = games.max(1) as f64;
        rows.push(WinRateRow {
            difficulty,
            games,
            wins,
            rate: wins as f64 / n,
            beacons: beacons as f64 / n,
            rounds: rounds as f64 / n,
        });
    }
    Ok(rows)
}

/// Play a game to its end with `bots`; the final state and the number of actions.
pub fn play_to_end(
    mut s: IceFortress,
    bots: &mut [Box<dyn Bot<IceFortress>>],
    rng: &mut GameRng,
) -> (IceFortress, usize) {
    let mut n = 0;
    let bound = s.max_game_length();
    while n < bound {
        match s.to_act() {
            ToAct::Over => break,
            ToAct::Chance => s.apply_chance(),
            ToAct::Seats(seats) => {
                let seat = seats[rng.below(seats.len())];
                match bots[seat].choose(&s, seat) {
                    Some(a) => s.apply_unchecked(seat, &a),
                    None => break,
                }
            }
        }
        n += 1;
    }
    (s, n)
}

/// Play one game with `bots` through the shared match runner (used by tests of the runner's path).
pub fn play_with_runner(
    s: IceFortress,
    bots: &mut [Box<dyn Bot<IceFortress>>],
    rng: &mut GameRng,
) -> crate::bots::MatchResult {
    play_match(s, bots, rng)
}
