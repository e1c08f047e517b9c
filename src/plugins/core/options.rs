//! Launch flags: start a game straight away, resume the autosave, and capture it (`--game --seats
//! --seed --continue --screenshot --exit-after`), measure it (`--bench --bare --copies`, `--soak`) and
//! pick the AI seats' strength (`--level`).

use std::path::{Path, PathBuf};

use bevy::prelude::{KeyCode, Resource};
use hoarfrost_rules::bots::Level;
use hoarfrost_rules::catalog::SeatColouring;
use hoarfrost_rules::{GameKind, Hue};

use crate::plugins::core::seats::{SeatKind, clean_name};

pub const USAGE: &str = "usage: hoarfrost [--game <name>] [--seats <list>] [--seed <n>] [--screenshot <path>] [--exit-after <frames>]
  --game        ice-fortress | sprawl | ice-castle | ice-colony | icetowers: skip the title screen
  --seats       one entry per seat, human (or human:<name>) or ai (default human,ai, and AI seats
                up to the least the game takes)
  --colours     with --seats: one colour per seat, as red,blue (games whose players choose colours)
  --seed        seed of the game (default 1 with --game; the title screen deals a new one)
  --continue    resume the last game from its autosave
  --replay      watch a saved game step by step (a save file)
  --screenshot  save a PNG of the window (a few frames before --exit-after; without it, at frame 120)
  --exit-after  quit after this many frames (not counting those a `--click settle` waits)
  --difficulty  Ice Fortress: 1-10 (default 7)
  --scene       start from a saved table position of the game (a RON file's path, as
                scenes/positions/sprawl-branch.ron)
  --tutorial    play a tutorial whose first moves are guided (Ice Fortress's unless --game names another game)
  --click       click the named table piece with the pointer, a button (button:Hint), press a key
                (key:Escape, key:F1, key:ctrl+comma, key:down ...), resize the window (resize:960x540),
                click a spot of the window (at:40,600, pixels from its top left),
                wait, or settle: wait until nothing moves and no roll, draw or AI move is pending
                (repeatable; for tests)
  --level       easy | normal | hard: every AI seat plays the tree search of that level
  --quality     auto | high | low: graphics quality for this run (auto: low on a software renderer)
  --window      the window's size in pixels, as 1600x900, for this run (default: the size last given,
                1280x720 at first; 800x450 at least)
  --bench       render this many frames after a warm-up, print start-up, frame times and peak memory, quit
  --bare        with --bench: a bare Bevy scene (one cube, one light, one camera) instead of Hoarfrost
  --copies      with --bench: draw the table this many times side by side (default 1)
  --soak        play AI-vs-AI games back to back for this many seconds, sampling resident memory
  --sample-every  with --soak: seconds between memory samples (default 10)
  --help        show this text (also -h)";

/// Flags given on the command line.
#[derive(Clone, Debug, Resource, Default)]
pub struct LaunchOptions {
    pub game: Option<GameKind>,
    pub seats: Option<Vec<SeatKind>>,
    /// The players' names given with `--seats human:<name>`, by seat (empty where none).
    pub names: Vec<String>,
    /// The seats' colours given with `--colours`, in seat order.
    pub colours: Option<Vec<Hue>>,
    pub seed: Option<u64>,
    pub screenshot: Option<PathBuf>,
    pub exit_after: Option<u32>,
    pub difficulty: Option<u8>,
    pub scene: Option<PathBuf>,
    /// Start a tutorial (`--tutorial`): Ice Fortress's, or another game's with `--game`.
    pub tutorial: bool,
    /// Table pieces to click and keys to press, one every few frames once the table is up (tests).
    pub clicks: Vec<Click>,
    /// Resume the autosaved game (`--continue`).
    pub resume: bool,
    /// A save to watch step by step (`--replay`).
    pub replay: Option<PathBuf>,
    /// Graphics quality for this run, over the settings file's (`--quality`).
    pub quality: Option<crate::plugins::core::settings::Quality>,
    /// The window's width and height in pixels (`--window 1600x900`); 1280x720 when not given.
    pub window: Option<(u32, u32)>,
    /// Strength of every AI seat; `None` keeps each game's own bot.
    pub level: Option<Level>,
    /// Frames to measure in benchmark mode.
    pub bench: Option<u32>,
    /// Benchmark a bare Bevy scene instead of Hoarfrost.
    pub bare: bool,
    /// How many times the benchmark draws the table (1 when not given).
    pub copies: Option<u32>,
    /// Seconds of AI-vs-AI play in soak mode.
    pub soak: Option<u32>,
    /// Seconds between resident-memory samples in soak mode.
    pub sample_every: Option<u32>,
    pub help: bool,
}

impl LaunchOptions {
    /// Parse the flags; an error says which flag is wrong and why.
    pub fn parse(mut it: impl Iterator<Item = String>) -> Result<Self, String> {
        let mut o = LaunchOptions::default();
        let mut given: Vec<String> = Vec::new();
        while let Some(flag) = it.next() {
            // Only --click adds up; any other flag given twice (under either of its names) would
            // quietly lose its first value.
            let flag = match flag.as_str() {
                "--colors" => "--colours".to_string(),
                "-h" => "--help".to_string(),
                _ => flag,
            };
            if flag != "--click" && given.contains(&flag) {
                return Err(format!("{flag} is given twice"));
            }
            given.push(flag.clone());
            let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
            o.set(&flag, &mut value)?;
        }
        o.check()?;
        Ok(o)
    }

    /// The checks on flags given together.
    fn check(&mut self) -> Result<(), String> {
        let o = self;
        if (o.resume || o.replay.is_some()) && o.game.is_some() {
            return Err("--continue and --replay open a saved game; leave out --game".into());
        }
        if let (Some(game), Some(seats)) = (o.game, &o.seats)
            && let Some(why) = game.refuse_seats(seats.len())
        {
            return Err(why);
        }
        if let Some(why) = colours_problem(o) {
            return Err(why);
        }
        if o.tutorial {
            // Every game has a tutorial (`TableGame::tutorial`).
            let game = o.game.unwrap_or(GameKind::IceFortress);
            if o.scene.is_some()
                || o.resume
                || o.replay.is_some()
                || o.seats.is_some()
                || o.difficulty.is_some()
            {
                return Err("--tutorial brings its own seats and game; leave out --seats, --scene, --difficulty, --continue and --replay".into());
            }
            o.game = Some(game);
        }
        if o.scene.is_some() && o.game.is_none() {
            return Err("--scene starts a game from a table position: give --game too".into());
        }
        if o.bare && o.bench.is_none() {
            return Err("--bare goes with --bench <frames>".into());
        }
        if let Some(lone) = lone_flag(o) {
            return Err(lone.into());
        }
        if o.bench.is_some() && o.soak.is_some() {
            return Err("--bench and --soak are separate runs".into());
        }
        Ok(())
    }

    /// Take one flag (`--click` adds up, the rest set their option), reading its value from
    /// `value` where it has one.
    fn set(
        &mut self,
        flag: &str,
        value: &mut dyn FnMut() -> Result<String, String>,
    ) -> Result<(), String> {
        match flag {
            "--game" => {
                let v = value()?;
                self.game =
                    Some(GameKind::from_slug(&v).ok_or_else(|| format!("unknown game '{v}'"))?);
            }
            "--seats" => {
                let (kinds, names) = parse_seats(&value()?)?;
                self.seats = Some(kinds);
                self.names = names;
            }
            "--colours" => self.colours = Some(parse_colours(&value()?)?),
            "--seed" => {
                let v = value()?;
                self.seed = Some(
                    v.parse()
                        .map_err(|_| format!("--seed wants a number, not '{v}'"))?,
                );
            }
            "--screenshot" => self.screenshot = Some(screenshot_path(&value()?)?),
            "--exit-after" => {
                let v = value()?;
                self.exit_after = Some(
                    v.parse()
                        .map_err(|_| format!("--exit-after wants a frame count, not '{v}'"))?,
                );
            }
            "--difficulty" => {
                let v = value()?;
                self.difficulty = Some(difficulty(&v)?);
            }
            "--scene" => self.scene = Some(PathBuf::from(value()?)),
            "--click" => self.clicks.push(Click::parse(&value()?)?),
            "--tutorial" => self.tutorial = true,
            "--continue" => self.resume = true,
            "--replay" => self.replay = Some(PathBuf::from(value()?)),
            "--level" => {
                let v = value()?;
                self.level = Some(
                    Level::from_name(&v)
                        .ok_or_else(|| format!("--level wants easy, normal or hard, not '{v}'"))?,
                );
            }
            "--quality" => {
                let v = value()?;
                self.quality = Some(
                    crate::plugins::core::settings::Quality::from_name(&v)
                        .ok_or_else(|| format!("--quality wants auto, high or low, not '{v}'"))?,
                );
            }
            "--window" => self.window = Some(window_size("--window", &value()?)?),
            "--bench" => self.bench = Some(count(flag, &value()?, MAX_BENCH_FRAMES)?),
            "--bare" => self.bare = true,
            "--copies" => self.copies = Some(count(flag, &value()?, MAX_COPIES)?),
            "--soak" => self.soak = Some(count(flag, &value()?, MAX_SOAK_SECONDS)?),
            "--sample-every" => self.sample_every = Some(count(flag, &value()?, MAX_SOAK_SECONDS)?),
            "--help" => self.help = true,
            other => return Err(format!("unknown argument '{other}'")),
        }
        Ok(())
    }
}

/// The keys `--click key:<name>` presses: its name, the key, and the text it types (if any).
pub const KEYS: [(&str, KeyCode, &str); 18] = [
    ("escape", KeyCode::Escape, ""),
    ("enter", KeyCode::Enter, ""),
    ("f1", KeyCode::F1, ""),
    ("f11", KeyCode::F11, ""),
    ("space", KeyCode::Space, " "),
    ("comma", KeyCode::Comma, ","),
    ("h", KeyCode::KeyH, "h"),
    ("m", KeyCode::KeyM, "m"),
    ("o", KeyCode::KeyO, "o"),
    ("p", KeyCode::KeyP, "p"),
    ("r", KeyCode::KeyR, "r"),
    ("s", KeyCode::KeyS, "s"),
    ("y", KeyCode::KeyY, "y"),
    ("z", KeyCode::KeyZ, "z"),
    ("left", KeyCode::ArrowLeft, ""),
    ("right", KeyCode::ArrowRight, ""),
    ("up", KeyCode::ArrowUp, ""),
    ("down", KeyCode::ArrowDown, ""),
];

/// One scripted input of `--click`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// Point at the table piece of this name and click it.
    Piece(String),
    /// Press and release a key (`key:F1`), with Ctrl held (`key:ctrl+O`).
    Key { ctrl: bool, code: KeyCode },
    /// Click the on-screen button (or other egui widget) with this label (`button:Hint`).
    Button(String),
    /// Do nothing for one click's frames (`wait`), while the table settles.
    Wait,
    /// Hold the script until the table is still (`settle`): nothing glides or tumbles, and no roll,
    /// draw or AI move is pending. The later clicks, the screenshot and the exit wait with it.
    Settle,
    /// Ask for the window to take this size (`resize:960x540`), as the player dragging its edge.
    Resize(u32, u32),
    /// Point at this spot of the window, in pixels from its top left corner, and click it
    /// (`at:40,600`): the bare table or the background, where no piece is named.
    At(u32, u32),
}

impl Click {
    /// `key:[ctrl+]<key>` presses one of the keys the app uses, `button:<label>` clicks a button,
    /// `resize:<width>x<height>` resizes the window, `at:<x>,<y>` clicks a spot of it; anything else
    /// names a piece.
    pub fn parse(v: &str) -> Result<Click, String> {
        match v {
            "wait" => return Ok(Click::Wait),
            "settle" => return Ok(Click::Settle),
            _ => {}
        }
        if let Some(label) = v.strip_prefix("button:") {
            return Ok(Click::Button(label.to_string()));
        }
        if let Some(size) = v.strip_prefix("resize:") {
            let (w, h) = window_size("--click resize", size)?;
            return Ok(Click::Resize(w, h));
        }
        if let Some(spot) = v.strip_prefix("at:") {
            let point = spot
                .split_once(',')
                .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)));
            let Some((x, y)) = point else {
                return Err(format!(
                    "--click {v}: a spot is written at:<x>,<y> in pixels from the window's top left"
                ));
            };
            return Ok(Click::At(x, y));
        }
        let Some(key) = v.strip_prefix("key:") else {
            return Ok(Click::Piece(v.to_string()));
        };
        let (ctrl, name) = match key.to_ascii_lowercase().strip_prefix("ctrl+") {
            Some(rest) => (true, rest.to_string()),
            None => (false, key.to_ascii_lowercase()),
        };
        let Some(&(_, code, _)) = KEYS.iter().find(|(n, _, _)| *n == name) else {
            let names: Vec<&str> = KEYS.iter().map(|(n, _, _)| *n).collect();
            return Err(format!(
                "--click {v}: a key is one the app uses ({}), with ctrl+ before it if held",
                names.join(", ")
            ));
        };
        Ok(Click::Key { ctrl, code })
    }
}

/// Whether there is a display to open the window on, read from the environment through `var`: on
/// Linux and the BSDs an X or Wayland display must be named (winit would otherwise stop the app with
/// a panic); elsewhere the system always has one.
pub fn display_available(var: impl Fn(&str) -> Option<std::ffi::OsString>) -> Result<(), String> {
    let unix_desktop = cfg!(all(unix, not(target_os = "macos"), not(target_os = "ios")));
    let named = ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
        .iter()
        .any(|k| var(k).is_some_and(|v| !v.is_empty()));
    if unix_desktop && !named {
        return Err("no display to open the window on: neither DISPLAY nor WAYLAND_DISPLAY is \
                    set (start it from a desktop session, or under xvfb-run for a screen of its own)"
            .into());
    }
    Ok(())
}

/// A flag that does nothing without another one, said as the player should be told; `None`
/// when every flag given takes effect.
fn lone_flag(o: &LaunchOptions) -> Option<&'static str> {
    let saved = o.resume || o.replay.is_some();
    if o.seats.is_some() && o.game.is_none() {
        Some(
            "--seats goes with --game (the title screen picks the seats itself; a save keeps its own)",
        )
    } else if o.difficulty.is_some() && o.game != Some(GameKind::IceFortress) {
        Some("--difficulty is Ice Fortress's: give --game ice-fortress")
    } else if o.level.is_some() && o.game.is_some_and(|g| !g.plays_levels()) {
        Some(
            "Ice Fortress's AI seats play its own AI (the tree search cannot judge a cooperative \
             game short of its end); leave out --level",
        )
    } else if o.difficulty.is_some() && o.scene.is_some() {
        Some("a table position keeps its own difficulty; leave out --difficulty")
    } else if o.seed.is_some() && saved {
        Some("--continue and --replay open a saved game with its own seed; leave out --seed")
    } else if o.soak.is_some() && (o.tutorial || o.scene.is_some() || saved) {
        Some("--soak plays new AI games; leave out --tutorial, --scene, --continue and --replay")
    } else if o.copies.is_some() && o.bench.is_none() {
        Some("--copies goes with --bench <frames>")
    } else if o.sample_every.is_some() && o.soak.is_none() {
        Some("--sample-every goes with --soak <seconds>")
    } else {
        None
    }
}

/// The most frames `--bench` measures (over four hours at 60 frames a second); its frame times are
/// kept, so a larger count would only ask for memory.
const MAX_BENCH_FRAMES: u32 = 1_000_000;

/// The most copies of the table `--copies` draws (a hundred tables of pieces).
const MAX_COPIES: u32 = 100;

/// The longest `--soak` run, and memory sample interval, in seconds (a week).
const MAX_SOAK_SECONDS: u32 = 7 * 24 * 3600;

/// A whole number from 1 to `max` given to `flag`.
fn count(flag: &str, v: &str, max: u32) -> Result<u32, String> {
    v.parse()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| format!("{flag} wants a whole number from 1 to {max}, not '{v}'"))
}

/// The smallest window the side panels and the table still fit in.
pub const MIN_WINDOW: (u32, u32) = (800, 450);

/// The largest window side `--window` takes (GPUs' usual largest texture).
const MAX_WINDOW_SIDE: u32 = 16384;

/// A window size written `<width>x<height>`, at least [`MIN_WINDOW`], given to `flag`.
fn window_size(flag: &str, v: &str) -> Result<(u32, u32), String> {
    let wrong = || format!("{flag} wants a size in pixels as 1600x900, not '{v}'");
    let (w, h) = v.split_once(['x', 'X']).ok_or_else(wrong)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| wrong())?,
        h.trim().parse().map_err(|_| wrong())?,
    );
    window_fits(w, h).map_err(|e| format!("{flag} {v}: {e}"))
}

/// A window size the app opens at: at least [`MIN_WINDOW`], at most `MAX_WINDOW_SIDE` a side.
pub fn window_fits(w: u32, h: u32) -> Result<(u32, u32), String> {
    if w < MIN_WINDOW.0 || h < MIN_WINDOW.1 || w.max(h) > MAX_WINDOW_SIDE {
        return Err(format!(
            "the window is {}x{} at least and {MAX_WINDOW_SIDE} a side at most",
            MIN_WINDOW.0, MIN_WINDOW.1
        ));
    }
    Ok((w, h))
}

/// `--difficulty`'s level: one on Ice Fortress's difficulty track (scenes/ice-fortress/).
fn difficulty(v: &str) -> Result<u8, String> {
    use hoarfrost_rules::ice_fortress::Content;
    let track = Content::standard_shared()
        .map(|c| c.difficulty.clone())
        .map_err(|e| format!("--difficulty: the shipped difficulty track is broken ({e})"))?;
    v.parse().ok().filter(|&d| track.has(d)).ok_or_else(|| {
        let span = track.span();
        format!(
            "--difficulty wants a level of the track, {} to {}, not '{v}'",
            span.start(),
            span.end()
        )
    })
}

/// The colours of "red,Blue": each a colour's name, in any case.
fn parse_colours(list: &str) -> Result<Vec<Hue>, String> {
    list.split(',')
        .map(|name| {
            Hue::from_name(name).ok_or_else(|| {
                let all: Vec<&str> = Hue::ALL.iter().map(|h| h.name()).collect();
                format!(
                    "--colours names colours ({}), not '{}'",
                    all.join(", ").to_lowercase(),
                    name.trim()
                )
            })
        })
        .collect()
}

/// Why `--colours` cannot be as given, if it cannot: it names one colour per `--seats` entry, each
/// seat its own, for a game whose players choose their colours.
fn colours_problem(o: &LaunchOptions) -> Option<String> {
    let colours = o.colours.as_ref()?;
    let (Some(game), Some(seats)) = (o.game, &o.seats) else {
        return Some("--colours goes with --game and --seats (one colour per seat)".into());
    };
    if o.scene.is_some() || o.soak.is_some() {
        return Some(
            "a table position keeps its own colours and --soak picks its own; leave out --colours"
                .into(),
        );
    }
    if game.seat_colouring() != SeatColouring::Chosen {
        return Some(format!(
            "{}'s players do not choose colours; leave out --colours",
            game.title()
        ));
    }
    if colours.len() != seats.len() {
        return Some(format!(
            "--colours names {} for {}",
            hoarfrost_rules::words::count(colours.len() as i64, "colour", "colours"),
            hoarfrost_rules::words::count(seats.len() as i64, "seat", "seats")
        ));
    }
    if (1..colours.len()).any(|i| colours[..i].contains(&colours[i])) {
        return Some("--colours gives two seats the same colour".into());
    }
    None
}

/// Seat kinds and the players' names from "human:Anna,ai,human".
fn parse_seats(list: &str) -> Result<(Vec<SeatKind>, Vec<String>), String> {
    list.split(',')
        .map(|s| match s.trim() {
            "human" => Ok((SeatKind::Human, String::new())),
            "ai" => Ok((SeatKind::Ai, String::new())),
            other => match other.strip_prefix("human:") {
                Some(name) => Ok((SeatKind::Human, clean_name(name))),
                None => Err(format!(
                    "a seat is 'human', 'human:<name>' or 'ai', not '{other}'"
                )),
            },
        })
        .collect::<Result<Vec<_>, _>>()
        .map(|seats| seats.into_iter().unzip())
}

/// A `--screenshot` path: a `.png` file (the format written) in a folder that exists, so that a
/// shot that cannot be written is refused at the start rather than lost at the end.
fn screenshot_path(v: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(v);
    if !path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
    {
        return Err(format!(
            "--screenshot writes a PNG file: give a name ending in .png, not '{v}'"
        ));
    }
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(format!(
            "--screenshot: there is no folder {}",
            folder.display()
        ));
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<LaunchOptions, String> {
        LaunchOptions::parse(s.split_whitespace().map(str::to_string))
    }

    #[test]
    fn no_display_named_is_said_before_the_window_is_asked_for() {
        let none = |_: &str| None;
        let x = |k: &str| (k == "DISPLAY").then(|| ":1".into());
        let wayland = |k: &str| (k == "WAYLAND_DISPLAY").then(|| "wayland-0".into());
        let empty = |k: &str| (k == "DISPLAY").then(|| "".into());
        assert!(display_available(x).is_ok());
        assert!(display_available(wayland).is_ok());
        if cfg!(target_os = "linux") {
            let said = display_available(none).unwrap_err();
            assert!(said.contains("no display"), "{said}");
            assert!(
                display_available(empty).is_err(),
                "an empty DISPLAY names none"
            );
        }
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
        let f = parse("--game ice-fortress --seats ai --difficulty 5").unwrap();
        assert_eq!(f.difficulty, Some(5));
        let f = parse("--game ice-fortress --seats ai --scene s.ron").unwrap();
        assert_eq!(f.scene, Some(PathBuf::from("s.ron")));
        assert!(parse("--continue").unwrap().resume);
        let t = parse("--tutorial").unwrap();
        assert!(t.tutorial);
        assert_eq!(t.game, Some(GameKind::IceFortress));
        let s = parse("--tutorial --game sprawl").unwrap();
        assert_eq!(s.game, Some(GameKind::Sprawl));
        let towers = parse("--tutorial --game icetowers").unwrap();
        assert_eq!(towers.game, Some(GameKind::IceTowers));
        assert!(parse("--tutorial --seats human").is_err());
        assert!(parse("--tutorial --scene s.ron").is_err());
        assert_eq!(
            parse("--replay a.ron").unwrap().replay,
            Some(PathBuf::from("a.ron"))
        );
        assert!(parse("--continue --game sprawl").is_err());
        let b = parse("--bench 300 --copies 10 --level hard").unwrap();
        assert_eq!(
            (b.bench, b.copies, b.level),
            (Some(300), Some(10), Some(Level::Hard))
        );
        assert!(parse("--bench 60 --bare").unwrap().bare);
        let c =
            parse("--click red-small --click key:Escape --click key:ctrl+Comma --click key:ctrl+o --click key:Down --click button:Back --click wait --click resize:960x540 --click settle --click at:40,600")
                .unwrap();
        assert_eq!(
            c.clicks,
            vec![
                Click::Piece("red-small".into()),
                Click::Key {
                    ctrl: false,
                    code: KeyCode::Escape
                },
                Click::Key {
                    ctrl: true,
                    code: KeyCode::Comma
                },
                Click::Key {
                    ctrl: true,
                    code: KeyCode::KeyO
                },
                Click::Key {
                    ctrl: false,
                    code: KeyCode::ArrowDown
                },
                Click::Button("Back".into()),
                Click::Wait,
                Click::Resize(960, 540),
                Click::Settle,
                Click::At(40, 600),
            ]
        );
        for bad in ["at:40", "at:40,x", "at:-1,5"] {
            let e = parse(&format!("--click {bad}")).unwrap_err();
            assert!(e.contains("at:<x>,<y>"), "{e}");
        }
        let s = parse("--soak 90 --sample-every 3").unwrap();
        assert_eq!((s.soak, s.sample_every), (Some(90), Some(3)));
        assert_eq!(
            parse("--window 1600x900").unwrap().window,
            Some((1600, 900))
        );
        assert_eq!(parse("--window 800X450").unwrap().window, Some((800, 450)));
        assert_eq!(parse("--seed 2").unwrap().window, None);
        let named = parse("--game icetowers --seats human:Anna,ai,human").unwrap();
        assert_eq!(
            named.seats,
            Some(vec![SeatKind::Human, SeatKind::Ai, SeatKind::Human])
        );
        assert_eq!(named.names, ["Anna", "", ""]);
        let coloured = parse("--game icetowers --seats ai,ai --colors Cyan,white").unwrap();
        assert_eq!(coloured.colours, Some(vec![Hue::Cyan, Hue::White]));
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
        assert!(
            parse("--screenshot shot.jpg")
                .unwrap_err()
                .contains("ending in .png")
        );
        assert!(
            parse("--screenshot /no/such/folder/shot.png")
                .unwrap_err()
                .contains("there is no folder /no/such/folder")
        );
        assert!(parse("--screenshot shot.PNG").is_ok(), "a bare name: here");
        assert!(
            parse("--game sprawl --game icetowers")
                .unwrap_err()
                .contains("--game is given twice")
        );
        assert_eq!(parse("--click wait --click wait").unwrap().clicks.len(), 2);
        assert!(
            parse("--game icetowers --seats ai,ai --colours red,blue --colors red,green")
                .unwrap_err()
                .contains("--colours is given twice")
        );
        assert!(
            parse("--foo --foo")
                .unwrap_err()
                .contains("unknown argument")
        );
        assert!(
            parse("--game sprawl --seats ai,ai,ai --scene x.ron --colours red,blue,green")
                .unwrap_err()
                .contains("own colours")
        );
        let colours = |flags: &str| parse(flags).unwrap_err();
        assert!(
            colours("--game sprawl --seats ai,ai,ai --colours red,mauve,blue").contains("'mauve'")
        );
        assert!(colours("--game sprawl --colours red,blue,green").contains("--seats"));
        assert!(colours("--colours red,blue").contains("--game"));
        assert!(
            colours("--game ice-colony --seats ai,ai --colours red,blue")
                .contains("Ice Colony's players do not choose")
        );
        assert!(
            colours("--game sprawl --seats ai,ai,ai --colours red,blue")
                .contains("2 colours for 3 seats")
        );
        assert!(
            colours("--game icetowers --seats ai,ai --colours red,RED").contains("same colour")
        );
        assert!(parse("--difficulty 11").unwrap_err().contains("1 to 10"));
        // The usage's line says what the track says.
        let track = hoarfrost_rules::ice_fortress::Content::standard_shared()
            .unwrap()
            .difficulty
            .clone();
        let (span, standard) = (track.span(), track.standard);
        let line = format!("{}-{} (default {standard})", span.start(), span.end());
        assert!(USAGE.contains(&line), "{line}");
        assert!(parse("--level expert").unwrap_err().contains("'expert'"));
        assert!(parse("--quality ultra").unwrap_err().contains("'ultra'"));
        assert_eq!(
            parse("--quality low").unwrap().quality,
            Some(crate::plugins::core::settings::Quality::Low)
        );
        assert!(parse("--click key:tab").unwrap_err().contains("a key is"));
        assert!(parse("--scene x.ron").unwrap_err().contains("give --game"));
        for game in GameKind::ALL {
            let line = format!("--game {} --scene x.ron", game.slug());
            assert!(parse(&line).is_ok(), "{line}");
        }
        // Flags that would do nothing are refused with what they go with.
        for (lone, said) in [
            ("--seats human,ai", "--seats goes with --game"),
            ("--continue --seats human,ai", "--seats goes with --game"),
            (
                "--game sprawl --difficulty 3",
                "--difficulty is Ice Fortress's",
            ),
            ("--continue --seed 4", "leave out --seed"),
            ("--replay x.ron --seed 4", "leave out --seed"),
            ("--copies 3", "--copies goes with --bench"),
            ("--sample-every 3", "--sample-every goes with --soak"),
            ("--tutorial --difficulty 3", "--difficulty"),
            ("--soak 60 --continue", "--soak plays new AI games"),
            (
                "--soak 60 --game sprawl --scene x.ron",
                "--soak plays new AI games",
            ),
            (
                "--game ice-fortress --scene x.ron --difficulty 3",
                "keeps its own difficulty",
            ),
            (
                "--game ice-fortress --seats ai --level hard",
                "play its own AI",
            ),
        ] {
            let told = parse(lone).unwrap_err();
            assert!(told.contains(said), "{lone}: {told}");
        }
        for fine in [
            "--seed 5",
            "--game sprawl --level hard",
            "--game ice-fortress --difficulty 3",
            "--game sprawl --seats human,ai,ai",
            "--bench 10 --copies 3",
        ] {
            assert!(parse(fine).is_ok(), "{fine}: {:?}", parse(fine).err());
        }
        assert!(parse("--bench 0").unwrap_err().contains("from 1 to"));
        for bad in ["1600", "1600x", "x900", "widex900", "1600x-9"] {
            assert!(
                parse(&format!("--window {bad}"))
                    .unwrap_err()
                    .contains("1600x900"),
                "{bad}"
            );
        }
        assert!(parse("--window 640x480").unwrap_err().contains("800x450"));
        let small = parse("--click resize:640x480").unwrap_err();
        assert!(
            small.starts_with("--click resize") && small.contains("800x450"),
            "{small}"
        );
        assert!(
            parse("--click resize:big")
                .unwrap_err()
                .contains("1600x900")
        );
        assert!(parse("--window 99999x900").unwrap_err().contains("at most"));
        assert!(parse("--bare").unwrap_err().contains("--bench"));
        // Counts stay within what a run can hold: none asks for all the memory there is.
        assert!(
            parse("--bench 4294967295")
                .unwrap_err()
                .contains("1 to 1000000")
        );
        assert!(
            parse("--bench 300 --copies 101")
                .unwrap_err()
                .contains("--copies")
        );
        assert!(parse("--soak 0").is_err());
        assert!(parse("--bench 1000000 --copies 100").is_ok());
        assert!(
            parse("--bench 9 --soak 9")
                .unwrap_err()
                .contains("separate")
        );
        assert!(
            parse("--fullscreen")
                .unwrap_err()
                .contains("unknown argument")
        );
    }
}
