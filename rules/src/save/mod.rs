//! Save files: a RON document with a header (format version, game, app version, seats, and
//! `tutorial: true` in a game saved while the app's tutorial guided it) and the game's
//! [`Record`]. Loading checks the header first, then replays the record with every step checked, so a
//! file that loads is a game that was really played; anything else is a [`LoadError`], never a panic.
//!
//! ```text
//! (
//!     format: 2,
//!     game: "icetowers",
//!     app_version: "0.1.0",
//!     seats: ["human", "ai:hard"],
//!     record: (setup: (seats: 2, hues: None, seed: 7, move_limit: 200), steps: [Act(seat: 0, action: Stop)]),
//! )
//! ```

mod error;
mod file;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_errors;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use crate::GameKind;
use crate::record::{Record, Recorded, Recorder, ReplayError};

pub use error::{LoadError, OlderRules, SaveError};
pub use file::{MAX_FILE_BYTES, read_file, read_if_there, without_bom, write_atomic};

/// The save format this build writes. Bump it when a saved game of the old format would not load
/// the same (a changed setup, action or rule), and name the change in the game's
/// [`Recorded::RULINGS`]; see rules/design/saves.md.
pub const FORMAT: u32 = 2;

/// The oldest save format this build still reads. A save of an older format than [`FORMAT`] replays
/// under today's rules when its record is legal under them (the rulings since only removed moves,
/// and a missing setup field reads as the old behaviour); else it is refused naming the rulings.
pub const OLDEST_FORMAT: u32 = 1;

/// The version of Hoarfrost writing the save.
pub const APP_VERSION: &str = env!("CARGO_PKG_VERSION");

/// What a save says about itself, readable without knowing the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The save format ([`FORMAT`] when written by this build).
    pub format: u32,
    /// The game's slug ([`GameKind::slug`]).
    pub game: String,
    /// The Hoarfrost version that wrote it.
    pub app_version: String,
    /// Who sits at each seat, as the app or the command line wrote it ("human:Anna", "ai:hard",
    /// "ai:random"...).
    pub seats: Vec<String>,
    /// Steps in the record: how far the game had gone.
    #[serde(default)]
    pub steps: usize,
    /// Whether the game was saved while the app's tutorial guided it (written only when so).
    #[serde(default)]
    pub tutorial: bool,
}

impl Header {
    /// The game, if this build knows it.
    pub fn kind(&self) -> Option<GameKind> {
        GameKind::from_slug(&self.game)
    }

    /// The game, or [`LoadError::UnknownGame`] when this build does not know it.
    pub fn known_kind(&self) -> Result<GameKind, LoadError> {
        self.kind()
            .ok_or_else(|| LoadError::UnknownGame(self.game.clone()))
    }
}

/// A loaded game: its header and the replayed game, ready to go on (with undo and redo).
#[derive(Clone, Debug)]
pub struct Loaded<G: Recorded> {
    pub header: Header,
    /// The game, replayed to where it was saved; play on through it.
    pub recorder: Recorder<G>,
}

impl<G: Recorded> Loaded<G> {
    /// The game state as it was saved.
    pub fn state(&self) -> &G {
        self.recorder.state()
    }
}

/// The whole file as written.
#[derive(Serialize)]
#[serde(bound = "")]
struct SaveOut<'a, G: Recorded> {
    format: u32,
    game: &'a str,
    app_version: &'a str,
    seats: &'a [String],
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    tutorial: bool,
    record: &'a Record<G>,
}

/// The whole file as read; `R` is the record, or a probe of it to read only the header.
#[derive(Deserialize)]
struct SaveIn<R> {
    format: u32,
    game: String,
    app_version: String,
    seats: Vec<String>,
    #[serde(default)]
    tutorial: bool,
    record: R,
}

/// A record read only as far as counting its steps (named `record` in messages, as in the file).
#[derive(Deserialize)]
#[serde(rename = "record")]
struct StepsProbe {
    steps: Vec<IgnoredAny>,
}

/// Only the version, read first so a file of another format is named as such even if the rest of
/// its header changed.
#[derive(Deserialize)]
#[serde(rename = "save")]
struct VersionProbe {
    format: u32,
    #[serde(default)]
    app_version: String,
}

/// The save file text for `record`, with `seats` (opaque here) in its header, marked as a tutorial
/// game when `tutorial`.
pub fn to_string<G: Recorded>(
    seats: &[String],
    tutorial: bool,
    record: &Record<G>,
) -> Result<String, SaveError> {
    let out = SaveOut {
        format: FORMAT,
        game: G::KIND.slug(),
        app_version: APP_VERSION,
        seats,
        tutorial,
        record,
    };
    let pretty = ron::ser::PrettyConfig::new()
        .depth_limit(3)
        .indentor("  ".to_string());
    ron::ser::to_string_pretty(&out, pretty).map_err(|e| SaveError(e.to_string()))
}

/// Read the header of any save (to see which game it is) without replaying it.
pub fn peek(text: &str) -> Result<Header, LoadError> {
    error::classify(text)?;
    let probe: VersionProbe = ron::from_str(text).map_err(LoadError::corrupt)?;
    if !(OLDEST_FORMAT..=FORMAT).contains(&probe.format) {
        return Err(LoadError::Version {
            found: probe.format,
            app_version: probe.app_version,
        });
    }
    let head: SaveIn<StepsProbe> = ron::from_str(text).map_err(LoadError::corrupt)?;
    Ok(Header {
        format: head.format,
        game: head.game,
        app_version: head.app_version,
        seats: head.seats,
        steps: head.record.steps.len(),
        tutorial: head.tutorial,
    })
}

/// Load a save of game `G`: header checked (format, game), then the record replayed step by step.
pub fn load<G: Recorded>(text: &str) -> Result<Loaded<G>, LoadError> {
    let (header, record) = parse::<G>(text)?;
    let recorder = Recorder::from_record(record).map_err(|e| replay_error::<G>(&header, e))?;
    seats_fit(&header, recorder.state())?;
    Ok(Loaded { header, recorder })
}

/// The header and the record of a save of game `G`, not yet replayed.
fn parse<G: Recorded>(text: &str) -> Result<(Header, Record<G>), LoadError> {
    let header = peek(text)?;
    if header.known_kind()? != G::KIND {
        return Err(LoadError::OtherGame {
            found: header.game,
            expected: G::KIND,
        });
    }
    let full: SaveIn<Record<G>> = ron::from_str(text).map_err(LoadError::corrupt)?;
    Ok((header, full.record))
}

/// Why a record did not replay: with the rulings made since the save's format when there are any
/// (the step refused may be one they forbid), else the step alone.
fn replay_error<G: Recorded>(header: &Header, error: ReplayError) -> LoadError {
    let rulings: Vec<&'static str> = G::RULINGS
        .iter()
        .filter(|r| r.since_format > header.format)
        .map(|r| r.words)
        .collect();
    if rulings.is_empty() {
        return LoadError::Replay(error);
    }
    LoadError::Ruling(Box::new(OlderRules {
        format: header.format,
        app_version: header.app_version.clone(),
        rulings,
        error,
    }))
}

/// The header's seat list must have one entry per seat of the game.
fn seats_fit<G: Recorded>(header: &Header, state: &G) -> Result<(), LoadError> {
    let seats = state.num_seats();
    if header.seats.len() != seats {
        return Err(LoadError::Seats {
            listed: header.seats.len(),
            game: seats,
        });
    }
    Ok(())
}

/// What [`check`] finds in a save that opens: its header, and whether its game has ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub header: Header,
    /// The game it holds is over (the autosave of a finished game).
    pub over: bool,
}

/// Load a save of whichever game its header names, to see that it opens: its header and whether
/// the game is over, or why it does not open. It checks what [`load`] checks, in the same order,
/// and throws the replay away: for callers that do not know the game beforehand (a list of save
/// files).
pub fn check(text: &str) -> Result<Checked, LoadError> {
    use crate::{ice_castle, ice_colony, ice_fortress, icetowers, sprawl};
    /// As [`load`] checks, without keeping the steps' descriptions and undo points it builds.
    fn opens<G: Recorded>(text: &str) -> Result<Checked, LoadError> {
        let (header, record) = parse::<G>(text)?;
        let state = record.state().map_err(|e| replay_error::<G>(&header, e))?;
        seats_fit(&header, &state)?;
        Ok(Checked {
            header,
            over: state.is_over(),
        })
    }
    match peek(text)?.known_kind()? {
        GameKind::IceTowers => opens::<icetowers::IceTowers>(text),
        GameKind::Sprawl => opens::<sprawl::Sprawl>(text),
        GameKind::IceCastle => opens::<ice_castle::IceCastle>(text),
        GameKind::IceColony => opens::<ice_colony::IceColony>(text),
        GameKind::IceFortress => opens::<ice_fortress::IceFortress>(text),
    }
}
