//! Tallies headless games and renders the results table with throughput.

use std::fmt::Write;
use std::time::Duration;

use hoarfrost_rules::bots::MatchResult;
use hoarfrost_rules::words;

use crate::args::Args;

/// Running totals over many games.
pub struct Tally {
    games: usize,
    actions: usize,
    wins: Vec<f64>,
    score_sum: Vec<i64>,
}

impl Tally {
    pub fn new(seats: usize) -> Self {
        Tally {
            games: 0,
            actions: 0,
            wins: vec![0.0; seats],
            score_sum: vec![0; seats],
        }
    }

    pub fn add(&mut self, r: &MatchResult) {
        self.games += 1;
        self.actions += r.actions;
        for (seat, w) in r.returns.iter().enumerate() {
            self.wins[seat] += w;
            self.score_sum[seat] += r.scores[seat];
        }
    }

    /// The table: per seat its bot, win share with a 95% interval, mean score; then throughput.
    pub fn render(&self, args: &Args, elapsed: Duration) -> String {
        let mut out = String::new();
        let n = self.games.max(1) as f64;
        let _ = writeln!(
            out,
            "{}: {}, {}, {}{}",
            args.game.title(),
            words::count(self.games as i64, "game", "games"),
            words::count(args.seats as i64, "seat", "seats"),
            seeds(args.seed, self.games),
            if args.fixed {
                ", levels by iteration caps"
            } else {
                ""
            }
        );
        let _ = writeln!(
            out,
            "{}  bot       wins     win%   95% interval   mean score",
            if args.rotate { "bot#" } else { "seat" }
        );
        for seat in 0..self.wins.len() {
            let p = self.wins[seat] / n;
            let (lo, hi) = wilson(p, n);
            let _ = writeln!(
                out,
                "{seat:<5} {:<9} {:<8.1} {:>5.1}  [{:>5.1}, {:>5.1}]   {:.2}",
                args.bot(seat),
                self.wins[seat],
                100.0 * p,
                100.0 * lo,
                100.0 * hi,
                self.score_sum[seat] as f64 / n
            );
        }
        let secs = elapsed.as_secs_f64().max(1e-9);
        let _ = writeln!(
            out,
            "throughput: {:.1} games/s, {:.0} actions/s ({} actions in {:.2} s, {:.2} s per game)",
            self.games as f64 / secs,
            self.actions as f64 / secs,
            self.actions,
            secs,
            secs / n
        );
        out
    }
}

/// Wilson score interval at 95% for a proportion `p` over `n` trials.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.96;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The seeds of `games` games from `first` (game i plays `first + i`): "seeds 11 to 13".
fn seeds(first: u64, games: usize) -> String {
    match games {
        0 => "no seeds".to_string(),
        1 => format!("seed {first}"),
        n => format!("seeds {first} to {}", first.wrapping_add(n as u64 - 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_brackets_the_proportion() {
        let (lo, hi) = wilson(0.9, 100.0);
        assert!(lo < 0.9 && 0.9 < hi);
        assert!(lo > 0.8 && hi < 0.96);
        assert_eq!(wilson(1.0, 10.0).1, 1.0);
    }

    #[test]
    fn the_seeds_played_are_named_first_to_last() {
        assert_eq!(seeds(11, 3), "seeds 11 to 13");
        assert_eq!(seeds(4, 1), "seed 4");
        assert_eq!(seeds(4, 0), "no seeds");
        assert_eq!(
            seeds(u64::MAX - 1, 2),
            format!("seeds {} to {}", u64::MAX - 1, u64::MAX)
        );
    }
}
