//! `hoarfrost-cli`: plays seeded games between bots without a window and reports results and throughput.
//!
//! ```text
//! hoarfrost-cli --game icetowers --seats 3 --bots ai,random --games 1000 --seed 0
//! hoarfrost-cli --game ice-castle --bots hard,random --rotate --fixed --games 100 --seed 0
//! hoarfrost-cli --game ice-fortress --seats 2 --games 100 --win-table
//! hoarfrost-cli --game ice-castle --games 1 --save castle.ron
//! hoarfrost-cli --load castle.ron
//! hoarfrost-cli --replay castle.ron
//! hoarfrost-cli fuzz --target save --seconds 60 --seed 1
//! ```

mod args;
mod fuzzing;
mod report;
mod saves;

use std::process::ExitCode;
use std::time::Instant;

use hoarfrost_rules::bots::{
    Bot, Budget, GreedyBot, Level, MatchResult, Mcts, RandomBot, play_match,
};
use hoarfrost_rules::ice_castle::{self, IceCastle, bot::CastleBot};
use hoarfrost_rules::ice_colony::{self, IceColony, bot::ColonyBot};
use hoarfrost_rules::ice_fortress::{self, FortressBot, IceFortress};
use hoarfrost_rules::icetowers::{self, IceTowers, TowerBot};
use hoarfrost_rules::sprawl::{self, Sprawl, bot::SprawlBot};
use hoarfrost_rules::{Game, GameKind, GameRng, Recorded};
use indicatif::{ProgressBar, ProgressStyle};

use args::{Args, Mode, NotRun};
use report::Tally;

fn main() -> ExitCode {
    let parsed = hoarfrost_rules::cmdline::text_args(std::env::args_os().skip(1))
        .map_err(|why| NotRun::Refused(format!("error: {why}\n")))
        .and_then(|args| Args::parse(args.into_iter()));
    let args = match parsed {
        Ok(a) => a,
        Err(not_run) => return ExitCode::from(not_run.tell("hoarfrost-cli")),
    };
    match &args.mode {
        Mode::Play => {}
        Mode::Load(path) => return saves::load(path, false),
        Mode::Replay(path) => return saves::load(path, true),
        Mode::Fuzz {
            target,
            seconds,
            seed,
        } => return fuzzing::fuzz(*target, *seconds, *seed),
    }
    let result = match args.game {
        GameKind::IceTowers => run::<IceTowers>(
            &args,
            |seed| icetowers::Setup::new(args.seats, seed),
            |name, seed| match name {
                "ai" | "tower" => Some(Box::new(TowerBot::new(seed))),
                _ => None,
            },
        ),
        GameKind::Sprawl => run::<Sprawl>(
            &args,
            |seed| sprawl::Setup::new(args.seats, seed),
            |name, seed| {
                (name == "ai").then(|| Box::new(SprawlBot::new(seed)) as Box<dyn Bot<Sprawl>>)
            },
        ),
        GameKind::IceCastle => run::<IceCastle>(
            &args,
            |seed| ice_castle::Setup::new(args.seats, seed),
            |name, seed| match name {
                "ai" => Some(Box::new(CastleBot::new(seed)) as Box<dyn Bot<IceCastle>>),
                "tuned" => Some(Box::new(CastleBot::tuned(seed)) as Box<dyn Bot<IceCastle>>),
                _ => None,
            },
        ),
        GameKind::IceColony => run::<IceColony>(
            &args,
            |seed| ice_colony::Setup::new(args.seats, seed),
            |name, seed| {
                (name == "ai").then(|| Box::new(ColonyBot::new(seed)) as Box<dyn Bot<IceColony>>)
            },
        ),
        GameKind::IceFortress if args.win_table => win_table(&args),
        GameKind::IceFortress => run::<IceFortress>(
            &args,
            |seed| {
                ice_fortress::Setup {
                    difficulty: args.difficulty.unwrap_or(7),
                    ..ice_fortress::Setup::new(args.seats, seed)
                }
                .with_jumbo_assist(args.jumbo_assist)
            },
            |name, seed| match name {
                "ai" | "fortress" => Some(Box::new(FortressBot::new(seed))),
                _ => None,
            },
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("hoarfrost-cli: {msg}");
            ExitCode::FAILURE
        }
    }
}

/// Ice Fortress: the AI's win rate by difficulty, `args.games` games per level, with 95% intervals.
fn win_table(args: &Args) -> Result<(), String> {
    let content = ice_fortress::Content::standard().map_err(|e| e.to_string())?;
    let levels = match args.difficulty {
        Some(d) => vec![d],
        None => vec![3, 5, 7, 9],
    };
    let started = Instant::now();
    println!(
        "Ice Fortress win rate by difficulty: {}, {} per level, seed {}, {}",
        hoarfrost_rules::words::count(args.seats as i64, "player", "players"),
        hoarfrost_rules::words::count(args.games as i64, "game", "games"),
        args.seed,
        if args.jumbo_assist {
            "with the jumbo-room assist"
        } else {
            "the rulebook's setup"
        }
    );
    println!("difficulty  wins     win%   95% interval   beacons  rounds");
    for level in levels {
        let weights = ice_fortress::Weights::default();
        let (seats, games, seed) = (args.seats, args.games, args.seed);
        let rows = ice_fortress::win_rates_with(
            &content,
            &[level],
            seats,
            games,
            seed,
            &weights,
            args.jumbo_assist,
        )
        .map_err(|e| e.to_string())?;
        for r in rows {
            let (lo, hi) = report::wilson(r.rate, r.games.max(1) as f64);
            println!(
                "{:<11} {:<8} {:>5.1}  [{:>5.1}, {:>5.1}]   {:>7.2}  {:>6.1}",
                r.difficulty,
                format!("{}/{}", r.wins, r.games),
                100.0 * r.rate,
                100.0 * lo,
                100.0 * hi,
                r.beacons,
                r.rounds
            );
        }
    }
    println!("({:.1} s)", started.elapsed().as_secs_f64());
    Ok(())
}

/// A game's own bots by name (`ai` is its default AI seat); `None` for a name it does not know.
type GameBots<G> = fn(&str, u64) -> Option<Box<dyn Bot<G>>>;

/// A bot by name: the game's own, or one that plays any game.
/// With `fixed`, the tree-search levels count iterations only (hard: the game's cap, no clock).
fn make_bot<G: Game>(
    name: &str,
    seed: u64,
    game_bots: GameBots<G>,
    fixed: bool,
) -> Result<Box<dyn Bot<G>>, String> {
    if let Some(bot) = game_bots(name, seed) {
        return Ok(bot);
    }
    if let Some(n) = name
        .strip_prefix("mcts")
        .and_then(|n| n.parse::<u32>().ok())
    {
        if n == 0 {
            return Err("mcts0 searches nothing: give mctsN at least one iteration".into());
        }
        return Ok(Box::new(Mcts::<G>::new(Budget::Iterations(n), seed)));
    }
    match name {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "greedy" => Ok(Box::new(GreedyBot::new(seed))),
        other => match Level::from_name(other) {
            Some(level) if fixed => Ok(Box::new(level.fixed_bot::<G>(seed))),
            Some(level) => Ok(Box::new(level.bot::<G>(seed))),
            None => Err(format!(
                "unknown bot '{other}' for this game \
                 (known: ai, random, greedy, easy, normal, hard, mctsN)"
            )),
        },
    }
}

/// Play `args.games` games set up by `setup(seed)` and print the tally; with `--save`, the first game
/// is recorded and written as a save.
fn run<G: Recorded>(
    args: &Args,
    setup: impl Fn(u64) -> G::Setup,
    game_bots: GameBots<G>,
) -> Result<(), String> {
    let bar = ProgressBar::new(args.games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
            .map_err(|e| e.to_string())?,
    );
    let mut tally = Tally::new(args.seats);
    let started = Instant::now();
    for i in 0..args.games {
        let seed = args.seed.wrapping_add(i as u64);
        let setup = setup(seed);
        // With --rotate, game i seats bot entry k at seat (k + i) mod seats, so no bot keeps the first seat.
        let shift = if args.rotate { i % args.seats } else { 0 };
        let entry_at = |seat: usize| (seat + args.seats - shift) % args.seats;
        let mut bots = (0..args.seats)
            .map(|seat| {
                make_bot(
                    args.bot(entry_at(seat)),
                    seed.wrapping_mul(31).wrapping_add(seat as u64),
                    game_bots,
                    args.fixed,
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut rng = GameRng::new(seed ^ 0xC11);
        let result: MatchResult = match &args.save {
            Some(path) if i == 0 => {
                let names: Vec<String> = (0..args.seats)
                    .map(|seat| format!("ai:{}", args.bot(entry_at(seat))))
                    .collect();
                saves::play_and_save(setup, &mut bots, &mut rng, &names, path)?
            }
            _ => play_match(
                G::from_setup(&setup).map_err(|e| e.to_string())?,
                &mut bots,
                &mut rng,
            ),
        };
        // Tally by bot entry, not by seat.
        let mut by_entry = result.clone();
        for seat in 0..args.seats {
            by_entry.scores[entry_at(seat)] = result.scores[seat];
            by_entry.returns[entry_at(seat)] = result.returns[seat];
        }
        tally.add(&by_entry);
        bar.inc(1);
    }
    bar.finish_and_clear();
    print!("{}", tally.render(args, started.elapsed()));
    Ok(())
}
