//! Launch flags: start a game straight away, resume the autosave, and capture it (`--game --seats
//! --seed --continue --screenshot --exit-after`).

use std::path::PathBuf;

use bevy::prelude::Resource;
use hoarfrost_rules::GameKind;

pub const USAGE: &str = "usage: hoarfrost [--game <name>] [--seats <list>] [--seed <n>] [--screenshot <path>] [--exit-after <frames>]
  --game        ice-fortress | sprawl | ice-castle | ice-colony | icetowers: skip the title screen
  --seats       one entry per seat, human or ai (default human,ai)
  --seed        seed of the game (default 1)
  --continue    resume the last game from its autosave
  --replay      watch a saved game step by step (a save file)
  --screenshot  save a PNG of the window before exiting
  --exit-after  quit after this many frames
  --difficulty  Ice Fortress: 1-10 (default 7)
  --scene       Ice Fortress, Sprawl: start from a saved table position (a RON file in scenes/)
  --click       click the named table piece with the pointer (repeatable; for tests)";

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SeatKind {
    Human,
    Ai,
}

/// Flags given on the command line.
#[derive(Clone, Debug, Resource, Default)]
pub struct LaunchOptions {
    pub game: Option<GameKind>,
    pub seats: Option<Vec<SeatKind>>,
    pub seed: Option<u64>,
    pub screenshot: Option<PathBuf>,
    pub exit_after: Option<u32>,
    pub difficulty: Option<u8>,
    pub scene: Option<PathBuf>,
    /// Names of table pieces to click, one every few frames once the table is up (tests).
    pub clicks: Vec<String>,
    /// Resume the autosaved game (`--continue`).
    pub resume: bool,
    /// A save to watch step by step (`--replay`).
    pub replay: Option<PathBuf>,
    pub help: bool,
}

impl LaunchOptions {
    /// Parse the flags; an error says which flag is wrong and why.
    pub fn parse(mut it: impl Iterator<Item = String>) -> Result<Self, String> {
        let mut o = LaunchOptions::default();
        while let Some(flag) = it.next() {
            let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
            match flag.as_str() {
                "--game" => {
                    let v = value()?;
                    o.game =
                        Some(GameKind::from_slug(&v).ok_or_else(|| format!("unknown game '{v}'"))?);
                }
                "--seats" => o.seats = Some(parse_seats(&value()?)?),
                "--seed" => {
                    let v = value()?;
                    o.seed = Some(
                        v.parse()
                            .map_err(|_| format!("--seed wants a number, not '{v}'"))?,
                    );
                }
                "--screenshot" => o.screenshot = Some(PathBuf::from(value()?)),
                "--exit-after" => {
                    let v = value()?;
                    o.exit_after = Some(
                        v.parse()
                            .map_err(|_| format!("--exit-after wants a frame count, not '{v}'"))?,
                    );
                }
                "--difficulty" => {
                    let v = value()?;
                    o.difficulty = Some(
                        v.parse()
                            .ok()
                            .filter(|d| (1..=10).contains(d))
                            .ok_or_else(|| format!("--difficulty wants 1 to 10, not '{v}'"))?,
                    );
                }
                "--scene" => o.scene = Some(PathBuf::from(value()?)),
                "--click" => o.clicks.push(value()?),
                "--continue" => o.resume = true,
                "--replay" => o.replay = Some(PathBuf::from(value()?)),
                "--help" | "-h" => o.help = true,
                other => return Err(format!("unknown argument '{other}'")),
            }
        }
        if (o.resume || o.replay.is_some()) && o.game.is_some() {
            return Err("--continue and --replay open a saved game; leave out --game".into());
        }
        if let (Some(game), Some(seats)) = (o.game, &o.seats)
            && !game.seats().contains(&seats.len())
        {
            return Err(format!(
                "{} takes {:?} seats, not {}",
                game.title(),
                game.seats(),
                seats.len()
            ));
        }
        Ok(o)
    }
}

fn parse_seats(list: &str) -> Result<Vec<SeatKind>, String> {
    list.split(',')
        .map(|s| match s.trim() {
            "human" => Ok(SeatKind::Human),
            "ai" => Ok(SeatKind::Ai),
            other => Err(format!("a seat is 'human' or 'ai', not '{other}'")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<LaunchOptions, String> {
        LaunchOptions::parse(s.split_whitespace().map(str::to_string))
    }

    #[test]
    fn parses_every_flag() {
        let o = parse(
            "--game icetowers --seats ai,human,ai --seed 7 --screenshot /tmp/x.png --exit-after 90",
        )
        .unwrap();
        assert_eq!(o.game, Some(GameKind::IceTowers));
        assert_eq!(
            o.seats,
            Some(vec![SeatKind::Ai, SeatKind::Human, SeatKind::Ai])
        );
        assert_eq!(o.seed, Some(7));
        assert_eq!(o.exit_after, Some(90));
        assert!(o.screenshot.is_some());
        let f = parse("--game ice-fortress --seats ai --difficulty 5 --scene s.ron").unwrap();
        assert_eq!(f.difficulty, Some(5));
        assert_eq!(f.scene, Some(PathBuf::from("s.ron")));
        assert!(parse("--continue").unwrap().resume);
        assert_eq!(
            parse("--replay a.ron").unwrap().replay,
            Some(PathBuf::from("a.ron"))
        );
        assert!(parse("--continue --game sprawl").is_err());
    }

    #[test]
    fn refuses_bad_flags_with_a_reason() {
        assert!(parse("--game go").unwrap_err().contains("unknown game"));
        assert!(
            parse("--seats human,robot")
                .unwrap_err()
                .contains("'robot'")
        );
        assert!(
            parse("--game icetowers --seats ai")
                .unwrap_err()
                .contains("seats")
        );
        assert!(parse("--seed x").unwrap_err().contains("number"));
        assert!(parse("--difficulty 11").unwrap_err().contains("1 to 10"));
        assert!(
            parse("--fullscreen")
                .unwrap_err()
                .contains("unknown argument")
        );
    }
}
