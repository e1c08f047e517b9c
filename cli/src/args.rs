//! Command-line arguments of `hoarfrost-cli`, declared with clap: `--help` and `--version` are
//! generated, clap refuses what it can express (unknown flags, values that do not parse, a flag
//! given twice, `--load` with `--replay`, the fuzz subcommand's required flags), and [`Args::parse`]
//! checks the rest after parsing (the game's seat count, Ice Fortress's flags, the seeds' range).

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use hoarfrost_rules::GameKind;
pub use hoarfrost_rules::cmdline::NotRun;
use hoarfrost_rules::fuzz::Target;

/// Plays seeded games between bots without a window and reports results and throughput; loads,
/// replays and fuzzes saves.
#[derive(Parser, Debug)]
#[command(
    name = "hoarfrost-cli",
    version,
    after_help = "Examples:
  hoarfrost-cli --game icetowers --seats 3 --bots ai,random --games 1000 --seed 0
  hoarfrost-cli --game ice-castle --bots hard,random --rotate --fixed --games 100
  hoarfrost-cli --game ice-fortress --seats 2 --games 400 --win-table
  hoarfrost-cli --game ice-castle --games 1 --save castle.ron
  hoarfrost-cli --replay castle.ron
  hoarfrost-cli fuzz --target save --seconds 60 --seed 1"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// ice-fortress | sprawl | ice-castle | ice-colony | icetowers
    #[arg(long, value_name = "NAME", value_parser = game)]
    game: Option<GameKind>,
    /// Number of seats (default: the game's smallest)
    #[arg(long, value_name = "N", value_parser = count)]
    seats: Option<usize>,
    /// Bot per seat, the last one repeated: ai (the game's own AI), random, greedy, easy, normal,
    /// hard (tree search levels), mctsN (tree search of N iterations); Ice Castle also tuned
    #[arg(
        long,
        value_name = "A,B,...",
        value_delimiter = ',',
        default_value = "ai,random"
    )]
    bots: Vec<String>,
    /// Number of games
    #[arg(long, value_name = "N", default_value = "100", value_parser = count)]
    games: usize,
    /// Seed of the first game; game i uses seed + i
    #[arg(long, value_name = "N", default_value = "0", value_parser = number)]
    seed: u64,
    /// Move the bots one seat round each game and report by bot, not by seat
    #[arg(long)]
    rotate: bool,
    /// Tree search levels count iterations only (hard: the game's cap, not 250 ms), so results
    /// depend on the seed alone
    #[arg(long)]
    fixed: bool,
    /// Ice Fortress: the difficulty level (starting shield and supply limit; default 7)
    #[arg(long, value_name = "N", value_parser = level)]
    difficulty: Option<u8>,
    /// Ice Fortress: deal with the jumbo-room assist (extra jumbo rooms at levels 4-10; not in
    /// the rulebook, off unless given)
    #[arg(long)]
    jumbo_assist: bool,
    /// Ice Fortress: print the AI's win rate by difficulty (3, 5, 7, 9, or only --difficulty),
    /// --games games per level with --seats players
    #[arg(long)]
    win_table: bool,
    /// Write the first game played to FILE as a save
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Load a save, replay it and print where the game stands (exit code 2 if it does not load)
    #[arg(long, value_name = "FILE", conflicts_with = "replay")]
    load: Option<PathBuf>,
    /// Load a save and print every step in plain words
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Mutation-fuzz the save loader, the Ice Fortress content loader or the table positions
    /// --scene reads; crashing inputs go to fuzz/crashes/ (exit code 1 if any)
    Fuzz {
        /// save | content | position
        #[arg(long, value_parser = target)]
        target: Target,
        /// How long to fuzz
        #[arg(long, value_name = "N", value_parser = number)]
        seconds: u64,
        /// Seed of the mutations
        #[arg(long, value_name = "N", default_value = "0", value_parser = number)]
        seed: u64,
    },
}

fn game(v: &str) -> Result<GameKind, String> {
    GameKind::from_slug(v).ok_or_else(|| format!("unknown game '{v}'"))
}

fn number(v: &str) -> Result<u64, String> {
    v.parse().map_err(|_| format!("wants a number, not '{v}'"))
}

fn count(v: &str) -> Result<usize, String> {
    v.parse().map_err(|_| format!("wants a number, not '{v}'"))
}

fn level(v: &str) -> Result<u8, String> {
    v.parse()
        .map_err(|_| format!("--difficulty wants a level 1-10, not '{v}'"))
}

fn target(v: &str) -> Result<Target, String> {
    Target::from_name(v)
        .ok_or_else(|| format!("unknown fuzz target '{v}' (save, content or position)"))
}

/// What to do.
#[derive(Debug, PartialEq)]
pub enum Mode {
    /// Play games between bots and tally them.
    Play,
    /// Load a save and summarize it.
    Load(PathBuf),
    /// Load a save and print every step.
    Replay(PathBuf),
    /// Fuzz a loader.
    Fuzz {
        target: Target,
        seconds: u64,
        seed: u64,
    },
}

/// Parsed arguments.
#[derive(Debug)]
pub struct Args {
    pub game: GameKind,
    pub seats: usize,
    pub bots: Vec<String>,
    pub games: usize,
    pub seed: u64,
    /// Ice Fortress difficulty level, if given.
    pub difficulty: Option<u8>,
    /// Ice Fortress: print the win-rate table by difficulty instead of a match tally.
    pub win_table: bool,
    /// Ice Fortress: deal with the jumbo-room assist.
    pub jumbo_assist: bool,
    /// Rotate the bots round the seats from game to game.
    pub rotate: bool,
    /// Tree-search levels count iterations only (no clock).
    pub fixed: bool,
    /// What to do (playing unless a save or fuzz flag says otherwise).
    pub mode: Mode,
    /// Write the first game played to this file.
    pub save: Option<PathBuf>,
}

impl Args {
    /// Parse `it` (the arguments after the program's name).
    pub fn parse(it: impl Iterator<Item = String>) -> Result<Args, NotRun> {
        let words = std::iter::once("hoarfrost-cli".to_string()).chain(it);
        let cli: Cli = hoarfrost_rules::cmdline::parse(words)?;
        cli.checked().map_err(|why| NotRun::refused(&why))
    }

    /// The bot name of `seat`: the list's entry, or its last one.
    pub fn bot(&self, seat: usize) -> &str {
        self.bots
            .get(seat)
            .or(self.bots.last())
            .map_or("random", String::as_str)
    }
}

impl Cli {
    /// The checks clap cannot express, and the mode.
    fn checked(self) -> Result<Args, String> {
        let mode = match (self.command, self.load, self.replay) {
            (
                Some(Command::Fuzz {
                    target,
                    seconds,
                    seed,
                }),
                _,
                _,
            ) => Mode::Fuzz {
                target,
                seconds,
                seed,
            },
            (None, Some(path), _) => Mode::Load(path),
            (None, None, Some(path)) => Mode::Replay(path),
            (None, None, None) => Mode::Play,
        };
        let mut args = Args {
            game: GameKind::IceTowers,
            seats: 2,
            bots: self.bots,
            games: self.games,
            seed: self.seed,
            difficulty: self.difficulty,
            win_table: self.win_table,
            jumbo_assist: self.jumbo_assist,
            rotate: self.rotate,
            fixed: self.fixed,
            mode,
            save: self.save,
        };
        if args.mode != Mode::Play {
            return Ok(args);
        }
        let game = self.game.ok_or("--game is required")?;
        let seats = self.seats.unwrap_or(*game.seats().start());
        if let Some(why) = game.refuse_seats(seats) {
            return Err(why);
        }
        let fortress_only = args.difficulty.is_some() || args.win_table || args.jumbo_assist;
        if fortress_only && game != GameKind::IceFortress {
            return Err(
                "--difficulty, --win-table and --jumbo-assist are for --game ice-fortress".into(),
            );
        }
        // Game i of a match plays seed + i: the last game's seed must fit (the win table mixes
        // its seeds otherwise).
        let (seed, games) = (args.seed, args.games);
        if !args.win_table && seed.checked_add(games.saturating_sub(1) as u64).is_none() {
            return Err(format!(
                "--seed {seed} with --games {games}: the last game's seed would pass the largest, {}",
                u64::MAX
            ));
        }
        (args.game, args.seats) = (game, seats);
        Ok(args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Args, String> {
        Args::parse(s.split_whitespace().map(str::to_string)).map_err(|e| match e {
            NotRun::Shown(text) => format!("shown: {text}"),
            NotRun::Refused(why) => why,
        })
    }

    #[test]
    fn rotate_is_a_switch() {
        assert!(parse("--game icetowers --rotate").unwrap().rotate);
        assert!(!parse("--game icetowers").unwrap().rotate);
    }

    #[test]
    fn fixed_is_a_switch() {
        assert!(parse("--game icetowers --fixed").unwrap().fixed);
        assert!(!parse("--game icetowers").unwrap().fixed);
    }

    #[test]
    fn parses_a_full_line() {
        let a =
            parse("--game icetowers --seats 3 --bots greedy,random --games 5 --seed 9").unwrap();
        assert_eq!(a.game, GameKind::IceTowers);
        assert_eq!((a.seats, a.games, a.seed), (3, 5, 9));
        assert_eq!(a.bot(0), "greedy");
        assert_eq!(a.bot(2), "random");
        let defaults = parse("--game sprawl").unwrap();
        assert_eq!((defaults.seats, defaults.games, defaults.seed), (3, 100, 0));
        assert_eq!(defaults.bots, ["ai", "random"]);
    }

    #[test]
    fn rejects_bad_input_with_a_message() {
        assert!(
            parse("--game chess")
                .unwrap_err()
                .contains("unknown game 'chess'")
        );
        assert!(
            parse("--game icetowers --seats 9")
                .unwrap_err()
                .contains("seats")
        );
        assert!(
            parse("--game icetowers --games x")
                .unwrap_err()
                .contains("--games <N>': wants a number, not 'x'")
        );
        assert!(
            parse("--games")
                .unwrap_err()
                .contains("a value is required for '--games <N>'")
        );
        assert!(parse("").unwrap_err().contains("--game is required"));
        assert!(
            parse("--bogus")
                .unwrap_err()
                .contains("unexpected argument '--bogus'")
        );
        assert!(
            parse("--game icetowers --seed 1 --seed 2")
                .unwrap_err()
                .contains("cannot be used multiple times")
        );
        assert!(
            parse("--load a.ron --replay b.ron")
                .unwrap_err()
                .contains("cannot be used with")
        );
        assert!(
            parse("--game icetowers --difficulty 5")
                .unwrap_err()
                .contains("ice-fortress")
        );
        assert!(
            parse("--game ice-fortress --difficulty hard")
                .unwrap_err()
                .contains("level")
        );
        // Game i plays seed + i: the last game's seed must fit in a u64.
        let top = u64::MAX - 3;
        assert!(parse(&format!("--game icetowers --games 4 --seed {top}")).is_ok());
        assert!(
            parse(&format!("--game icetowers --games 5 --seed {top}"))
                .unwrap_err()
                .contains("the last game's seed would pass the largest")
        );
        assert!(
            parse(&format!(
                "--game ice-fortress --win-table --games 5 --seed {top}"
            ))
            .is_ok()
        );
    }

    #[test]
    fn parses_save_load_replay_and_fuzz() {
        let a = parse("--game icetowers --games 1 --save out.ron").unwrap();
        assert_eq!(a.save, Some(PathBuf::from("out.ron")));
        assert_eq!(a.mode, Mode::Play);
        assert_eq!(
            parse("--load s.ron").unwrap().mode,
            Mode::Load(PathBuf::from("s.ron"))
        );
        assert_eq!(
            parse("--replay s.ron").unwrap().mode,
            Mode::Replay(PathBuf::from("s.ron"))
        );
        assert_eq!(
            parse("fuzz --target content --seconds 3 --seed 9")
                .unwrap()
                .mode,
            Mode::Fuzz {
                target: Target::Content,
                seconds: 3,
                seed: 9
            }
        );
        assert!(
            parse("fuzz --target dice --seconds 1")
                .unwrap_err()
                .contains("unknown fuzz target")
        );
        assert!(
            parse("fuzz --target save")
                .unwrap_err()
                .contains("--seconds")
        );
        assert!(parse("--load").unwrap_err().contains("a value is required"));
    }

    #[test]
    fn parses_ice_fortress_difficulty_and_table() {
        let a = parse("--game ice-fortress --seats 1 --difficulty 5 --win-table").unwrap();
        assert_eq!(a.game, GameKind::IceFortress);
        assert_eq!((a.seats, a.difficulty, a.win_table), (1, Some(5), true));
        let b = parse("--game ice-fortress").unwrap();
        assert_eq!(
            (b.difficulty, b.win_table, b.jumbo_assist),
            (None, false, false)
        );
        assert!(
            parse("--game ice-fortress --jumbo-assist")
                .unwrap()
                .jumbo_assist
        );
        assert!(
            parse("--game sprawl --jumbo-assist")
                .unwrap_err()
                .contains("are for --game ice-fortress")
        );
    }

    /// `--help` and `--version` are generated: every flag is in the help, with what it does.
    #[test]
    fn help_and_version_are_shown_not_refused() {
        let help = parse("--help").unwrap_err();
        assert!(help.starts_with("shown: "), "{help}");
        for flag in [
            "--game",
            "--seats",
            "--bots",
            "--games",
            "--seed",
            "--rotate",
            "--fixed",
            "--difficulty",
            "--win-table",
            "--save",
            "--load",
            "--replay",
            "fuzz",
            "Examples:",
        ] {
            assert!(help.contains(flag), "{flag} missing from the help: {help}");
        }
        assert!(parse("-h").unwrap_err().starts_with("shown: "));
        let version = parse("--version").unwrap_err();
        assert!(
            version.contains(&format!("hoarfrost-cli {}", env!("CARGO_PKG_VERSION"))),
            "{version}"
        );
        assert!(parse("fuzz --help").unwrap_err().contains("--target"));
    }
}
