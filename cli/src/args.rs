//! Command-line arguments of `hoarfrost-cli`.

use std::path::PathBuf;

use hoarfrost_rules::GameKind;
use hoarfrost_rules::fuzz::Target;

pub const USAGE: &str =
    "usage: hoarfrost-cli --game <name> [--seats N] [--bots a,b,...] [--games N] [--seed N] [--save FILE]
       hoarfrost-cli --load FILE | --replay FILE
       hoarfrost-cli fuzz --target save|content|position --seconds N [--seed S]
  --game   ice-fortress | sprawl | ice-castle | ice-colony | icetowers
  --seats  number of seats (default: the game's smallest)
  --bots   bot per seat, the last one repeated: ai (the game's own AI), random, greedy,
           easy, normal, hard (tree search levels), mctsN (tree search of N iterations);
           Ice Castle also: tuned (its heuristic with the weights its tree search uses)
           (default: ai,random)
  --games  number of games (default 100)
  --seed   seed of the first game; game i uses seed + i (default 0)
  --rotate move the bots one seat round each game and report by bot, not by seat
  --fixed  tree search levels count iterations only (hard: the game's iteration cap, not 250 ms),
           so results depend on the seed alone, not on the machine or its load
  --difficulty N  Ice Fortress: the difficulty level (starting shield and supply limit; default 7)
  --win-table     Ice Fortress: print the AI's win rate by difficulty (3, 5, 7, 9, or only --difficulty),
                  --games games per level with --seats players
  --save FILE     write the first game played to FILE as a save
  --load FILE     load a save, replay it and print where the game stands (exit code 2 if it does not load)
  --replay FILE   load a save and print every step in plain words
  fuzz            mutation-fuzz the save loader, the Ice Fortress content loader or the table
                  positions --scene reads for N seconds;
                  crashing inputs go to fuzz/crashes/ (exit code 1 if any)";

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
    pub help: bool,
    /// Ice Fortress difficulty level, if given.
    pub difficulty: Option<u8>,
    /// Ice Fortress: print the win-rate table by difficulty instead of a match tally.
    pub win_table: bool,
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
    /// Parse; an error says what is wrong.
    pub fn parse(it: impl Iterator<Item = String>) -> Result<Args, String> {
        let mut it = it.peekable();
        if it.peek().map(String::as_str) == Some("fuzz") {
            it.next();
            return parse_fuzz(it);
        }
        let mut game = None;
        let mut mode = Mode::Play;
        let mut save = None;
        let mut seats = None;
        let mut bots = vec!["ai".to_string(), "random".to_string()];
        let mut games = 100;
        let mut seed = 0;
        let mut help = false;
        let mut difficulty = None;
        let mut win_table = false;
        let mut rotate = false;
        let mut fixed = false;
        while let Some(flag) = it.next() {
            let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
            match flag.as_str() {
                "--game" => {
                    let v = value()?;
                    game =
                        Some(GameKind::from_slug(&v).ok_or_else(|| format!("unknown game '{v}'"))?);
                }
                "--seats" => seats = Some(number(&flag, &value()?)? as usize),
                "--bots" => bots = value()?.split(',').map(str::to_string).collect(),
                "--games" => games = number(&flag, &value()?)? as usize,
                "--seed" => seed = number(&flag, &value()?)?,
                "--difficulty" => {
                    let v = value()?;
                    difficulty = Some(
                        v.parse()
                            .map_err(|_| format!("--difficulty wants a level 1-10, not '{v}'"))?,
                    );
                }
                "--win-table" => win_table = true,
                "--rotate" => rotate = true,
                "--fixed" => fixed = true,
                "--save" => save = Some(PathBuf::from(value()?)),
                "--load" => mode = Mode::Load(PathBuf::from(value()?)),
                "--replay" => mode = Mode::Replay(PathBuf::from(value()?)),
                "--help" | "-h" => help = true,
                other => return Err(format!("unknown argument '{other}'")),
            }
        }
        if help || mode != Mode::Play {
            return Ok(Args {
                game: GameKind::IceTowers,
                seats: 2,
                bots,
                games,
                seed,
                help,
                difficulty,
                win_table,
                rotate,
                fixed,
                mode,
                save,
            });
        }
        let game = game.ok_or("--game is required")?;
        let seats = seats.unwrap_or(*game.seats().start());
        if let Some(why) = game.refuse_seats(seats) {
            return Err(why);
        }
        if (difficulty.is_some() || win_table) && game != GameKind::IceFortress {
            return Err("--difficulty and --win-table are for --game ice-fortress".into());
        }
        // Game i of a match plays seed + i: the last game's seed must fit (the win table mixes
        // its seeds otherwise).
        if !win_table && seed.checked_add(games.saturating_sub(1) as u64).is_none() {
            return Err(format!(
                "--seed {seed} with --games {games}: the last game's seed would pass the largest, {}",
                u64::MAX
            ));
        }
        Ok(Args {
            game,
            seats,
            bots,
            games,
            seed,
            help,
            difficulty,
            win_table,
            rotate,
            fixed,
            mode,
            save,
        })
    }

    /// The bot name of `seat`: the list's entry, or its last one.
    pub fn bot(&self, seat: usize) -> &str {
        self.bots
            .get(seat)
            .or(self.bots.last())
            .map_or("random", String::as_str)
    }
}

/// `fuzz --target save|content|position --seconds N [--seed S]`.
fn parse_fuzz(mut it: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut target = None;
    let mut seconds = None;
    let mut seed = 0;
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--target" => {
                let v = value()?;
                target = Some(Target::from_name(&v).ok_or_else(|| {
                    format!("unknown fuzz target '{v}' (save, content or position)")
                })?);
            }
            "--seconds" => seconds = Some(number(&flag, &value()?)?),
            "--seed" => seed = number(&flag, &value()?)?,
            other => return Err(format!("unknown fuzz argument '{other}'")),
        }
    }
    Ok(Args {
        game: GameKind::IceTowers,
        seats: 2,
        bots: Vec::new(),
        games: 0,
        seed,
        help: false,
        difficulty: None,
        win_table: false,
        rotate: false,
        fixed: false,
        mode: Mode::Fuzz {
            target: target
                .ok_or("fuzz needs --target save, --target content or --target position")?,
            seconds: seconds.ok_or("fuzz needs --seconds N")?,
            seed,
        },
        save: None,
    })
}

fn number(flag: &str, v: &str) -> Result<u64, String> {
    v.parse()
        .map_err(|_| format!("{flag} wants a number, not '{v}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Args, String> {
        Args::parse(s.split_whitespace().map(str::to_string))
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
    }

    #[test]
    fn rejects_bad_input_with_a_message() {
        assert!(parse("--game chess").unwrap_err().contains("unknown game"));
        assert!(
            parse("--game icetowers --seats 9")
                .unwrap_err()
                .contains("seats")
        );
        assert!(
            parse("--game icetowers --games x")
                .unwrap_err()
                .contains("number")
        );
        assert!(parse("--games").unwrap_err().contains("needs a value"));
        assert!(parse("").unwrap_err().contains("required"));
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
        assert!(parse("--load").unwrap_err().contains("needs a value"));
    }

    #[test]
    fn parses_ice_fortress_difficulty_and_table() {
        let a = parse("--game ice-fortress --seats 1 --difficulty 5 --win-table").unwrap();
        assert_eq!(a.game, GameKind::IceFortress);
        assert_eq!((a.seats, a.difficulty, a.win_table), (1, Some(5), true));
        let b = parse("--game ice-fortress").unwrap();
        assert_eq!((b.difficulty, b.win_table), (None, false));
    }
}
