//! Why a save could not be loaded or written, in words a player understands.

use crate::GameKind;
use crate::record::ReplayError;

use super::{FORMAT, OLDEST_FORMAT};

/// Why a save did not load. Nothing was changed by the attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The file could not be read.
    Io(String),
    /// Not a Hoarfrost save at all.
    NotASave,
    /// A Hoarfrost save, but cut short or damaged at `line`:`column` (1-based; 0 when unknown).
    Corrupt {
        line: usize,
        column: usize,
        message: String,
    },
    /// Written in another save format than this build's [`FORMAT`], by Hoarfrost `app_version`.
    Version { found: u32, app_version: String },
    /// A save of another game (`found` is its slug).
    OtherGame { found: String, expected: GameKind },
    /// A save of a game this build does not know (its slug).
    UnknownGame(String),
    /// The header lists `listed` seats, the game has `game`.
    Seats { listed: usize, game: usize },
    /// The record does not replay: a step the rules refuse, or a setup they refuse.
    Replay(ReplayError),
    /// A save of an older format whose record does not replay under the rulings made since.
    Ruling(Box<OlderRules>),
}

/// A save of an older `format` (by Hoarfrost `app_version`) whose record does not replay under the
/// `rulings` made since, each named in a player's words; `error` is the step refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OlderRules {
    pub format: u32,
    pub app_version: String,
    pub rulings: Vec<&'static str>,
    pub error: ReplayError,
}

impl std::fmt::Display for OlderRules {
    /// That the save is of older rules, and the rulings since (the step refused is told apart).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let by = if self.app_version.is_empty() {
            String::new()
        } else {
            format!(", Hoarfrost {}", self.app_version)
        };
        write!(
            f,
            "the save was written under older rules (format {}{by}) and does not replay under \
             today's: {}",
            self.format,
            self.rulings.join("; ")
        )
    }
}

impl LoadError {
    /// A RON error, with the place it was found.
    pub(crate) fn corrupt(e: ron::error::SpannedError) -> LoadError {
        LoadError::Corrupt {
            line: e.span.start.line,
            column: e.span.start.col,
            message: match e.code {
                ron::Error::ExceededRecursionLimit => "brackets nested too deeply".to_string(),
                code => code.to_string(),
            },
        }
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Io(e) => write!(f, "the file could not be read: {e}"),
            LoadError::NotASave => f.write_str("this is not a Hoarfrost save file"),
            LoadError::Corrupt {
                line,
                column,
                message,
            } => write!(
                f,
                "the save is damaged or cut short (line {line}, column {column}: {message})"
            ),
            LoadError::Version { found, app_version } => {
                let by = if app_version.is_empty() {
                    String::new()
                } else {
                    format!(" (Hoarfrost {app_version})")
                };
                let hint = if *found > FORMAT {
                    "a newer Hoarfrost is needed to open it"
                } else {
                    "this build no longer opens saves that old"
                };
                let reads = if OLDEST_FORMAT == FORMAT {
                    format!("format {FORMAT}")
                } else {
                    format!("formats {OLDEST_FORMAT} to {FORMAT}")
                };
                write!(
                    f,
                    "saved by format {found}{by}; this build reads {reads}: {hint}"
                )
            }
            LoadError::OtherGame { found, expected } => match GameKind::from_slug(found) {
                Some(kind) => write!(
                    f,
                    "this is {} {} save, not {} {} one",
                    crate::words::article(kind.title()),
                    kind.title(),
                    crate::words::article(expected.title()),
                    expected.title()
                ),
                None => LoadError::UnknownGame(found.clone()).fmt(f),
            },
            LoadError::UnknownGame(found) => {
                write!(f, "this is a save of an unknown game '{found}'")
            }
            LoadError::Seats { listed, game } => {
                let listed = crate::words::count(*listed as i64, "seat", "seats");
                write!(f, "the save lists {listed} but its game has {game}")
            }
            LoadError::Replay(e) => write!(f, "the saved game does not replay: {e}"),
            LoadError::Ruling(older) => write!(f, "{older}; {}", older.error),
        }
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    /// The message for a player: as `Display` writes it, but a step that does not replay is named
    /// by its number and the rule's reason only, without the seat and the action as the file
    /// writes them (which can run to a few hundred characters).
    pub fn brief(&self) -> String {
        match self {
            LoadError::Replay(ReplayError::Step { step, reason, .. }) => {
                format!("the saved game does not replay from step {step}: {reason}")
            }
            LoadError::Ruling(older) => match &older.error {
                ReplayError::Step { step, reason, .. } => {
                    format!("{older}; from step {step}: {reason}")
                }
                _ => self.to_string(),
            },
            e => e.to_string(),
        }
    }
}

/// Why a save could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveError(pub String);

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the game could not be saved: {}", self.0)
    }
}

impl std::error::Error for SaveError {}

/// Ok if `text` looks like a Hoarfrost save: after blanks and comments, `(` then the `format` field
/// (or a beginning of them, for a file cut short). An empty file counts as one cut short.
pub(crate) fn classify(text: &str) -> Result<(), LoadError> {
    let rest = skip_blanks(text);
    if rest.is_empty() {
        return Err(LoadError::Corrupt {
            line: 1,
            column: 1,
            message: "the file is empty".to_string(),
        });
    }
    let Some(rest) = rest.strip_prefix('(') else {
        return Err(LoadError::NotASave);
    };
    let rest = skip_blanks(rest);
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let after = &rest[word.len()..];
    let whole_word = !after.is_empty();
    if word == "format" || (!whole_word && "format".starts_with(&word)) {
        Ok(())
    } else {
        Err(LoadError::NotASave)
    }
}

/// `text` without leading whitespace, `//` line comments and `/* */` block comments.
fn skip_blanks(mut text: &str) -> &str {
    loop {
        let t = text.trim_start();
        if let Some(rest) = t.strip_prefix("//") {
            text = rest.find('\n').map_or("", |i| &rest[i..]);
        } else if let Some(rest) = t.strip_prefix("/*") {
            text = rest.find("*/").map_or("", |i| &rest[i + 2..]);
        } else {
            return t;
        }
    }
}
