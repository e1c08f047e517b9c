//! Launch flags, declared with clap: start a game straight away, resume the autosave, and capture
//! it (`--game --seats --seed --continue --screenshot --exit-after`), measure it (`--bench --bare
//! --copies`, `--soak`) and pick the AI seats' strength (`--level`); `--help` and `--version` are
//! clap's.

use std::path::{Path, PathBuf};

use bevy::prelude::{KeyCode, Resource};
use clap::Parser;
use hoarfrost_rules::bots::Level;
use hoarfrost_rules::catalog::SeatColouring;
pub use hoarfrost_rules::cmdline::NotRun;
use hoarfrost_rules::{GameKind, Hue};

use crate::plugins::core::seats::{SeatKind, clean_name};
use crate::plugins::core::settings::Quality;

/// The command line as clap reads it. Clap refuses unknown flags, values that do not parse, a
/// flag given twice and the pairs below that never go together or need each other;
/// [`LaunchOptions::check`] refuses the rest, which depend on the values (the game's seat count,
/// Ice Fortress's own flags, the colours).
#[derive(Parser, Debug)]
#[command(
    name = "hoarfrost",
    version,
    about = "A 3D table for five ice-themed games: Ice Fortress, Sprawl, Ice Castle, Ice Colony and \
             IceTowers. With no flags it opens on the title screen.",
    after_help = "Examples:
  hoarfrost --game sprawl --seats human:Anna,ai,ai
  hoarfrost --game ice-fortress --seats human,human --difficulty 5 --jumbo-assist
  hoarfrost --tutorial --game ice-castle
  hoarfrost --continue
  hoarfrost --replay game.ron
  hoarfrost --game icetowers --seats ai,ai --screenshot table.png --exit-after 200
  hoarfrost --host --game sprawl --seats human:Anna,human,ai
  hoarfrost --join 192.168.1.5:7654 --code ICE-4821 --name Ben
  hoarfrost --rejoin"
)]
struct Flags {
    /// ice-fortress | sprawl | ice-castle | ice-colony | icetowers: skip the title screen
    #[arg(long, value_name = "NAME", value_parser = game)]
    game: Option<GameKind>,
    /// One entry per seat, human (or human:<name>) or ai (default human,ai, and AI seats up to
    /// the least the game takes)
    #[arg(long, value_name = "LIST", value_parser = parse_seats, requires = "game")]
    seats: Option<SeatList>,
    /// One colour per seat, as red,blue (games whose players choose colours)
    #[arg(long, visible_alias = "colors", value_name = "LIST", value_parser = parse_colours,
          requires_all = ["game", "seats"])]
    colours: Option<HueList>,
    /// Seed of the game (default 1 with --game; the title screen deals a new one)
    #[arg(long, value_name = "N", value_parser = seed)]
    seed: Option<u64>,
    /// Resume the last game from its autosave (its own game, seats and seed)
    #[arg(long = "continue", conflicts_with_all = ["game", "seats", "colours", "scene", "replay", "seed"])]
    resume: bool,
    /// Watch a saved game step by step (a save file; its own game, seats and seed)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "seats", "colours", "scene", "seed"])]
    replay: Option<PathBuf>,
    /// Save a PNG of the window (a few frames before --exit-after; without it, at frame 120)
    #[arg(long, value_name = "FILE", value_parser = screenshot_path)]
    screenshot: Option<PathBuf>,
    /// Quit after this many frames (not counting those a `--click settle` waits)
    #[arg(long, value_name = "FRAMES", value_parser = frames)]
    exit_after: Option<u32>,
    #[arg(long, value_name = "LEVEL", value_parser = difficulty, help = difficulty_help())]
    difficulty: Option<u8>,
    /// Ice Fortress: deal extra jumbo rooms into the supply at the harder levels (an assist the
    /// rulebook does not have; the title screen's box)
    #[arg(long)]
    jumbo_assist: bool,
    /// Start from a saved table position of the game (a RON file's path, as
    /// scenes/positions/sprawl-branch.ron; it keeps its own setup)
    #[arg(long, value_name = "FILE", requires = "game")]
    scene: Option<PathBuf>,
    /// Play a tutorial whose first moves are guided (Ice Fortress's unless --game names another
    /// game; it brings its own seats and setup)
    #[arg(long, conflicts_with_all = ["scene", "resume", "replay", "seats", "difficulty", "jumbo_assist"])]
    tutorial: bool,
    /// Click the named table piece with the pointer, a button (button:Hint), press a key
    /// (key:Escape, key:F1, key:ctrl+comma, key:down ...), resize the window (resize:960x540),
    /// click a spot of the window (at:40,600, pixels from its top left), wait, or settle: wait
    /// until nothing moves, no roll, draw or AI move is pending and an online table has left its
    /// lobby (repeatable; for tests)
    #[arg(long, value_name = "WHAT", value_parser = Click::parse)]
    click: Vec<Click>,
    /// easy | normal | hard: every AI seat plays the tree search of that level
    #[arg(long, value_name = "LEVEL", value_parser = level)]
    level: Option<Level>,
    /// auto | high | low: graphics quality for this run (auto: low on a software renderer)
    #[arg(long, value_name = "QUALITY", value_parser = quality)]
    quality: Option<Quality>,
    /// The window's size in pixels, as 1600x900, for this run (default: the size last given,
    /// 1280x720 at first; 800x450 at least)
    #[arg(long, value_name = "SIZE", value_parser = |v: &str| window_size(v))]
    window: Option<(u32, u32)>,
    /// Render this many frames after a warm-up, print start-up, frame times and peak memory, quit
    #[arg(long, value_name = "FRAMES", value_parser = |v: &str| count(v, MAX_BENCH_FRAMES),
          conflicts_with = "soak")]
    bench: Option<u32>,
    /// With --bench: a bare Bevy scene (one cube, one light, one camera) instead of Hoarfrost
    #[arg(long, requires = "bench")]
    bare: bool,
    /// With --bench: draw the table this many times side by side (default 1)
    #[arg(long, value_name = "N", value_parser = |v: &str| count(v, MAX_COPIES), requires = "bench")]
    copies: Option<u32>,
    /// Play AI-vs-AI games back to back for this many seconds, sampling resident memory
    #[arg(long, value_name = "SECONDS", value_parser = |v: &str| count(v, MAX_SOAK_SECONDS),
          conflicts_with_all = ["tutorial", "scene", "resume", "replay", "colours"])]
    soak: Option<u32>,
    /// With --soak: seconds between memory samples (default 10)
    #[arg(long, value_name = "SECONDS", value_parser = |v: &str| count(v, MAX_SOAK_SECONDS),
          requires = "soak")]
    sample_every: Option<u32>,
    /// Host an online table of --game: the first human seat of --seats is yours, the other
    /// human seats wait for players who join with this machine's address and the join code shown;
    /// with --continue, host the last hosted table again where it stood (its players rejoin)
    #[arg(long, conflicts_with_all = ["replay", "scene", "tutorial", "bench", "soak"])]
    host: bool,
    /// With --host: the UDP port to listen on (default 7654; 0: any free one)
    #[arg(long, value_name = "N", requires = "host")]
    port: Option<u16>,
    /// With --host: start the game as soon as every human seat is taken
    #[arg(long, requires = "host")]
    start_when_full: bool,
    /// Join an online table at this address (as 192.168.1.5:7654)
    #[arg(long, value_name = "ADDRESS", value_parser = address, requires = "code",
          conflicts_with_all = ["game", "host", "resume", "replay", "scene", "tutorial", "bench",
                                "soak"])]
    join: Option<std::net::SocketAddr>,
    /// Join the last online table again: its address, join code and your name as this app kept
    /// them (in the data folder, with your seat's copy of the game so far)
    #[arg(long, conflicts_with_all = ["game", "host", "join", "code", "name", "resume", "replay",
                                      "scene", "tutorial", "bench", "soak"])]
    rejoin: bool,
    /// With --join: the table's join code; with --host: the code to give the table (default: a
    /// new one, shown)
    #[arg(long, value_name = "CODE")]
    code: Option<String>,
    /// Your name at an online table (default: the first human seat's name, else "Player")
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
}

/// An online table's address: host and port.
fn address(v: &str) -> Result<std::net::SocketAddr, String> {
    use std::net::ToSocketAddrs;
    let mut found = v
        .to_socket_addrs()
        .map_err(|e| format!("not an address with a port, as 192.168.1.5:7654 ({e})"))?;
    found
        .find(std::net::SocketAddr::is_ipv4)
        .ok_or_else(|| "no IPv4 address by that name".to_string())
}

/// The colours `--colours` names, in seat order.
#[derive(Clone, Debug)]
struct HueList(Vec<Hue>);

/// The seats `--seats` names and their players' names (empty where none).
#[derive(Clone, Debug)]
struct SeatList(Vec<SeatKind>, Vec<String>);

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
    /// Ice Fortress: deal with the jumbo-room assist (`--jumbo-assist`).
    pub jumbo_assist: bool,
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
    pub quality: Option<Quality>,
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
    /// Host an online table of `game` (`--host`), on `port`, starting it when every seat is taken
    /// if `start_when_full`.
    pub host: bool,
    pub port: Option<u16>,
    pub start_when_full: bool,
    /// Join the online table at this address with `code` (`--join`, `--code`).
    pub join: Option<std::net::SocketAddr>,
    pub code: Option<String>,
    /// Join the last online table again (`--rejoin`).
    pub rejoin: bool,
    /// The player's name at an online table (`--name`).
    pub name: Option<String>,
}

impl LaunchOptions {
    /// Parse `it` (the arguments after the program's name): the options, the help or version
    /// text asked for, or a refusal that says which flag is wrong and why.
    pub fn parse(it: impl Iterator<Item = String>) -> Result<Self, NotRun> {
        let words = std::iter::once("hoarfrost".to_string()).chain(it);
        let flags: Flags = hoarfrost_rules::cmdline::parse(words)?;
        let mut options = LaunchOptions::from(flags);
        options.check().map_err(|why| NotRun::refused(&why))?;
        Ok(options)
    }

    /// The checks clap cannot express, which depend on the values given.
    fn check(&mut self) -> Result<(), String> {
        let o = self;
        if o.host && o.game.is_none() && !o.resume {
            return Err(
                "--host needs --game (or --continue, to host the last hosted table)".into(),
            );
        }
        if o.code.is_some() && !o.host && o.join.is_none() {
            return Err("--code goes with --join (or --host)".into());
        }
        if o.name.as_deref().is_some_and(str::is_empty) {
            return Err("--name needs letters".into());
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
            o.game = Some(o.game.unwrap_or(GameKind::IceFortress));
        }
        match lone_flag(o) {
            Some(lone) => Err(lone.into()),
            None => Ok(()),
        }
    }
}

impl From<Flags> for LaunchOptions {
    fn from(f: Flags) -> Self {
        let (seats, names) = match f.seats {
            Some(SeatList(kinds, names)) => (Some(kinds), names),
            None => (None, Vec::new()),
        };
        LaunchOptions {
            game: f.game,
            seats,
            names,
            colours: f.colours.map(|HueList(hues)| hues),
            seed: f.seed,
            screenshot: f.screenshot,
            exit_after: f.exit_after,
            difficulty: f.difficulty,
            jumbo_assist: f.jumbo_assist,
            scene: f.scene,
            tutorial: f.tutorial,
            clicks: f.click,
            resume: f.resume,
            replay: f.replay,
            quality: f.quality,
            window: f.window,
            level: f.level,
            bench: f.bench,
            bare: f.bare,
            copies: f.copies,
            soak: f.soak,
            sample_every: f.sample_every,
            host: f.host,
            port: f.port,
            start_when_full: f.start_when_full,
            join: f.join,
            code: f.code,
            rejoin: f.rejoin,
            name: f.name.map(|n| clean_name(&n)),
        }
    }
}

/// The help text of the whole command line, as `--help` shows it.
pub fn help() -> String {
    use clap::CommandFactory;
    Flags::command().render_long_help().to_string()
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
            let (w, h) = window_size(size).map_err(|e| format!("resize:{size}: {e}"))?;
            return Ok(Click::Resize(w, h));
        }
        if let Some(spot) = v.strip_prefix("at:") {
            let point = spot
                .split_once(',')
                .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)));
            let Some((x, y)) = point else {
                return Err(
                    "a spot is written at:<x>,<y> in pixels from the window's top left".into(),
                );
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
                "a key is one the app uses ({}), with ctrl+ before it if held",
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

/// A flag that does nothing as given, said as the player should be told; `None` when every flag
/// given takes effect.
fn lone_flag(o: &LaunchOptions) -> Option<&'static str> {
    let fortress = o.game == Some(GameKind::IceFortress);
    if o.difficulty.is_some() && !fortress {
        Some("--difficulty is Ice Fortress's: give --game ice-fortress")
    } else if o.jumbo_assist && !fortress {
        Some("--jumbo-assist is Ice Fortress's: give --game ice-fortress")
    } else if o.level.is_some() && o.game.is_some_and(|g| !g.plays_levels()) {
        Some(
            "Ice Fortress's AI seats play its own AI (the tree search cannot judge a cooperative \
             game short of its end); leave out --level",
        )
    } else if (o.difficulty.is_some() || o.jumbo_assist) && o.scene.is_some() {
        Some("a table position keeps its own setup; leave out --difficulty and --jumbo-assist")
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

/// A whole number from 1 to `max`.
fn count(v: &str, max: u32) -> Result<u32, String> {
    v.parse()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| format!("a whole number from 1 to {max} is wanted"))
}

/// `--game`'s name of a game.
fn game(v: &str) -> Result<GameKind, String> {
    GameKind::from_slug(v).ok_or_else(|| {
        let names: Vec<&str> = GameKind::ALL.iter().map(|g| g.slug()).collect();
        format!("unknown game; the games are {}", names.join(", "))
    })
}

/// `--seed`'s number.
fn seed(v: &str) -> Result<u64, String> {
    v.parse().map_err(|_| "a whole number is wanted".into())
}

/// `--exit-after`'s frame count.
fn frames(v: &str) -> Result<u32, String> {
    v.parse().map_err(|_| "a frame count is wanted".into())
}

/// `--level`'s strength.
fn level(v: &str) -> Result<Level, String> {
    Level::from_name(v).ok_or_else(|| "easy, normal or hard is wanted".into())
}

/// `--quality`'s setting.
fn quality(v: &str) -> Result<Quality, String> {
    Quality::from_name(v).ok_or_else(|| "auto, high or low is wanted".into())
}

/// The smallest window the side panels and the table still fit in.
pub const MIN_WINDOW: (u32, u32) = (800, 450);

/// The largest window side `--window` takes (GPUs' usual largest texture).
const MAX_WINDOW_SIDE: u32 = 16384;

/// A window size written `<width>x<height>`, at least [`MIN_WINDOW`].
fn window_size(v: &str) -> Result<(u32, u32), String> {
    let wrong = || "a size in pixels is written as 1600x900".to_string();
    let (w, h) = v.split_once(['x', 'X']).ok_or_else(wrong)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| wrong())?,
        h.trim().parse().map_err(|_| wrong())?,
    );
    window_fits(w, h)
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

/// Ice Fortress's difficulty track (scenes/ice-fortress/), or why the shipped one is broken.
fn track() -> Result<hoarfrost_rules::ice_fortress::DifficultyTrack, String> {
    hoarfrost_rules::ice_fortress::Content::standard_shared()
        .map(|c| c.difficulty.clone())
        .map_err(|e| format!("the shipped difficulty track is broken ({e})"))
}

/// `--difficulty`'s level: one on Ice Fortress's difficulty track.
fn difficulty(v: &str) -> Result<u8, String> {
    let track = track()?;
    v.parse().ok().filter(|&d| track.has(d)).ok_or_else(|| {
        let span = track.span();
        format!(
            "a level of the track, {} to {}, is wanted",
            span.start(),
            span.end()
        )
    })
}

/// `--difficulty`'s help, from the track itself.
fn difficulty_help() -> String {
    let range = track().map_or_else(
        |why| format!("({why})"),
        |track| {
            let span = track.span();
            format!(
                "{}-{} (default {})",
                span.start(),
                span.end(),
                track.standard
            )
        },
    );
    format!("Ice Fortress: the difficulty level, {range}")
}

/// The colours of "red,Blue": each a colour's name, in any case.
fn parse_colours(list: &str) -> Result<HueList, String> {
    list.split(',')
        .map(|name| {
            Hue::from_name(name).ok_or_else(|| {
                let all: Vec<&str> = Hue::ALL.iter().map(|h| h.name()).collect();
                format!(
                    "the colours are {}, not '{}'",
                    all.join(", ").to_lowercase(),
                    name.trim()
                )
            })
        })
        .collect::<Result<_, _>>()
        .map(HueList)
}

/// Why `--colours` cannot be as given, if it cannot: it names one colour per `--seats` entry, each
/// seat its own, for a game whose players choose their colours.
fn colours_problem(o: &LaunchOptions) -> Option<String> {
    let (Some(colours), Some(game), Some(seats)) = (&o.colours, o.game, &o.seats) else {
        return None;
    };
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
fn parse_seats(list: &str) -> Result<SeatList, String> {
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
        .map(|seats| {
            let (kinds, names) = seats.into_iter().unzip();
            SeatList(kinds, names)
        })
}

/// A `--screenshot` path: a `.png` file (the format written) in a folder that exists, so that a
/// shot that cannot be written is refused at the start rather than lost at the end.
fn screenshot_path(v: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(v);
    if !path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
    {
        return Err("a PNG file is written: give a name ending in .png".into());
    }
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(format!("there is no folder {}", folder.display()));
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<LaunchOptions, String> {
        LaunchOptions::parse(s.split_whitespace().map(str::to_string)).map_err(|e| match e {
            NotRun::Shown(text) => format!("shown: {text}"),
            NotRun::Refused(why) => why,
        })
    }

    #[test]
    fn online_flags_go_together_as_hosting_or_joining_asks() {
        let o = parse("--host --game sprawl --seats human:Anna,human,ai --port 7000 --code ICE-1")
            .expect("a host");
        assert!(o.host && o.port == Some(7000) && o.code.as_deref() == Some("ICE-1"));
        let o = parse("--host --continue").expect("the last hosted table again");
        assert!(o.host && o.resume);
        let o = parse("--join 127.0.0.1:7654 --code ICE-2 --name Ben").expect("a guest");
        assert_eq!(o.join, Some("127.0.0.1:7654".parse().expect("an address")));
        assert_eq!(o.name.as_deref(), Some("Ben"));
        let refused = |s: &str| parse(s).expect_err(s);
        assert!(refused("--host").contains("--host needs --game"));
        assert!(refused("--code ICE-1").contains("--code goes with --join"));
        assert!(refused("--join 127.0.0.1:7654").contains("--code"));
        assert!(refused("--join nowhere --code X").contains("not an address"));
        assert!(refused("--join 127.0.0.1:7654 --code X --game sprawl").contains("cannot be used"));
        assert!(refused("--port 7000").contains("--host"));
        assert!(parse("--rejoin").expect("the last online table").rejoin);
        assert!(refused("--rejoin --join 127.0.0.1:7654 --code X").contains("cannot be used"));
        assert!(refused("--rejoin --host --game sprawl").contains("cannot be used"));
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
        assert!(!f.jumbo_assist);
        let f = parse("--game ice-fortress --difficulty 5 --jumbo-assist").unwrap();
        assert!(f.jumbo_assist);
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
                .contains("'--game <NAME>' cannot be used multiple times")
        );
        assert_eq!(parse("--click wait --click wait").unwrap().clicks.len(), 2);
        assert!(
            parse("--game icetowers --seats ai,ai --colours red,blue --colors red,green")
                .unwrap_err()
                .contains("'--colours <LIST>' cannot be used multiple times")
        );
        assert!(
            parse("--foo --foo")
                .unwrap_err()
                .contains("unexpected argument '--foo'")
        );
        assert!(
            parse("--soak 9 --game sprawl --seats ai,ai,ai --colours red,blue,green")
                .unwrap_err()
                .contains("'--soak <SECONDS>' cannot be used with '--colours <LIST>'")
        );
        let colours = |flags: &str| parse(flags).unwrap_err();
        assert!(
            colours("--game sprawl --seats ai,ai,ai --colours red,mauve,blue").contains("'mauve'")
        );
        let needs = colours("--game sprawl --colours red,blue,green");
        assert!(
            needs.contains("required arguments were not provided") && needs.contains("--seats"),
            "{needs}"
        );
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
        let hard = parse("--game ice-fortress --difficulty 11").unwrap_err();
        assert!(
            hard.contains("invalid value '11' for '--difficulty <LEVEL>'")
                && hard.contains("1 to 10"),
            "{hard}"
        );
        // The help's line says what the track says.
        let track = hoarfrost_rules::ice_fortress::Content::standard_shared()
            .unwrap()
            .difficulty
            .clone();
        let (span, standard) = (track.span(), track.standard);
        let line = format!("{}-{} (default {standard})", span.start(), span.end());
        assert!(help().contains(&line), "{line}");
        assert!(parse("--level expert").unwrap_err().contains("'expert'"));
        assert!(parse("--quality ultra").unwrap_err().contains("'ultra'"));
        assert_eq!(
            parse("--quality low").unwrap().quality,
            Some(crate::plugins::core::settings::Quality::Low)
        );
        assert!(parse("--click key:tab").unwrap_err().contains("a key is"));
        assert!(
            parse("--scene x.ron")
                .unwrap_err()
                .contains("--game <NAME>")
        );
        for game in GameKind::ALL {
            let line = format!("--game {} --scene x.ron", game.slug());
            assert!(parse(&line).is_ok(), "{line}");
        }
        // Flags that would do nothing are refused with what they go with.
        for (lone, said) in [
            (
                "--seats human,ai",
                "required arguments were not provided:\n  --game <NAME>",
            ),
            (
                "--continue --seats human,ai",
                "'--continue' cannot be used with '--seats <LIST>'",
            ),
            (
                "--replay x.ron --scene y.ron",
                "'--replay <FILE>' cannot be used with '--scene <FILE>'",
            ),
            (
                "--game sprawl --difficulty 3",
                "--difficulty is Ice Fortress's",
            ),
            ("--difficulty 3", "--difficulty is Ice Fortress's"),
            (
                "--game icetowers --jumbo-assist",
                "--jumbo-assist is Ice Fortress's",
            ),
            (
                "--continue --seed 4",
                "'--continue' cannot be used with '--seed <N>'",
            ),
            (
                "--replay x.ron --seed 4",
                "'--replay <FILE>' cannot be used with '--seed <N>'",
            ),
            (
                "--continue --game sprawl",
                "'--continue' cannot be used with '--game <NAME>'",
            ),
            (
                "--continue --replay x.ron",
                "'--continue' cannot be used with '--replay <FILE>'",
            ),
            ("--copies 3", "--bench <FRAMES>"),
            ("--sample-every 3", "--soak <SECONDS>"),
            (
                "--tutorial --difficulty 3",
                "'--tutorial' cannot be used with '--difficulty <LEVEL>'",
            ),
            (
                "--tutorial --jumbo-assist",
                "'--tutorial' cannot be used with '--jumbo-assist'",
            ),
            (
                "--soak 60 --continue",
                "'--soak <SECONDS>' cannot be used with '--continue'",
            ),
            (
                "--soak 60 --game sprawl --scene x.ron",
                "'--soak <SECONDS>' cannot be used with '--scene <FILE>'",
            ),
            (
                "--game ice-fortress --scene x.ron --difficulty 3",
                "keeps its own setup",
            ),
            (
                "--game ice-fortress --scene x.ron --jumbo-assist",
                "keeps its own setup",
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
        // Help and version are shown, not refused.
        for asked in ["--help", "-h", "--version"] {
            assert!(parse(asked).unwrap_err().starts_with("shown: "), "{asked}");
        }
        let shown = parse("--help").unwrap_err();
        for said in [
            "--jumbo-assist",
            "--click <WHAT>",
            "Examples:",
            "--colours <LIST>",
        ] {
            assert!(shown.contains(said), "{said}: {shown}");
        }
        assert!(
            parse("--version")
                .unwrap_err()
                .contains(env!("CARGO_PKG_VERSION"))
        );
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
            small.contains("'--click <WHAT>'") && small.contains("800x450"),
            "{small}"
        );
        assert!(
            parse("--click resize:big")
                .unwrap_err()
                .contains("1600x900")
        );
        assert!(parse("--window 99999x900").unwrap_err().contains("at most"));
        assert!(parse("--bare").unwrap_err().contains("--bench <FRAMES>"));
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
                .contains("'--bench <FRAMES>' cannot be used with '--soak <SECONDS>'")
        );
        assert!(
            parse("--fullscreen")
                .unwrap_err()
                .contains("unexpected argument '--fullscreen'")
        );
    }
}
