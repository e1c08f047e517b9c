//! Opening a save file: its header names the game; the game's setup becomes the title screen's
//! choice (so the table is built for it), and the replayed game waits as [`Pending`] until the table
//! has made its session, which then takes it. A file that does not load changes nothing: the caller
//! gets the [`LoadError`]'s message for players (`LoadError::brief`).

use bevy::prelude::*;
use hoarfrost_rules::GameKind;
use hoarfrost_rules::record::{Recorded, Recorder, Replay};
use hoarfrost_rules::save::{self, LoadError};

use crate::plugins::core::notice::Notice;
use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::seats::SeatKind;
use crate::plugins::core::seats::read_seat_word;
use crate::plugins::core::storage::Storage;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::registry::{Games, TableGame};

/// Open a save to play on from where it was saved, or to watch it step by step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadMode {
    Resume,
    Replay,
}

/// A loaded game waiting for its table: the table builds a session from the title choice, then
/// the session takes this game in its place.
pub enum PendingGame<G: Recorded> {
    /// A game to play on; `tutorial` when it was saved in its tutorial.
    Resume {
        recorder: Recorder<G>,
        tutorial: bool,
    },
    Replay(Replay<G>),
    /// A seat at an online table: the server's first view (of step `step`) and the log so far.
    Online {
        view: G,
        seat: hoarfrost_rules::Seat,
        step: u32,
        lines: Vec<String>,
    },
}

/// The [`PendingGame`] of game `G`, if one waits.
#[derive(Resource)]
pub struct Pending<G: Recorded>(pub Option<PendingGame<G>>);

/// A save that loaded, ready to be put in place: `apply` sets the choice, leaves the loaded game
/// pending and starts the table.
pub struct Staged {
    pub game: GameKind,
    /// Steps in the loaded game.
    pub steps: usize,
    pub apply: PutInPlace,
}

/// Seat kinds from a save's seat words ("human", "human:Anna", "ai", "ai:hard"...).
pub fn seat_kinds(words: &[String]) -> Vec<SeatKind> {
    words.iter().map(|w| read_seat_word(w).0).collect()
}

/// The players' names from a save's seat words ("human:Anna"), cleaned; empty where none.
pub fn seat_names(words: &[String]) -> Vec<String> {
    words.iter().map(|w| read_seat_word(w).1).collect()
}

/// Load the save `text` of game `G` (its [`crate::plugins::session::registry::GameEntry`]'s `stage`).
pub(crate) fn stage_game<G: TableGame>(text: &str, mode: LoadMode) -> Result<Staged, LoadError> {
    let loaded = save::load::<G>(text)?;
    let kinds = seat_kinds(&loaded.header.seats);
    let mut choice = G::choice(&loaded.recorder.record().setup, &kinds);
    for (seat, word) in choice.seats.iter_mut().zip(&loaded.header.seats) {
        let (_, name, level) = read_seat_word(word);
        (seat.name, seat.level) = (name, level);
    }
    let steps = loaded.recorder.len();
    let pending = match mode {
        LoadMode::Resume => PendingGame::Resume {
            tutorial: loaded.header.tutorial,
            recorder: loaded.recorder,
        },
        LoadMode::Replay => PendingGame::Replay(
            Replay::new(loaded.recorder.into_record()).map_err(LoadError::Replay)?,
        ),
    };
    Ok(Staged {
        game: G::KIND,
        steps,
        apply: put_in_place(choice, pending),
    })
}

/// Set `choice` (the table is built for it), leave `pending` for the session, and start the table.
fn put_in_place<G: Recorded>(choice: SetupChoice, pending: PendingGame<G>) -> PutInPlace {
    Box::new(move |world: &mut World| {
        world.insert_resource(choice);
        world.insert_resource(Pending::<G>(Some(pending)));
        world.resource_mut::<Notice>().info("");
        world
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
    })
}

/// What puts a loaded game or an online table in place on this app.
pub type PutInPlace = Box<dyn FnOnce(&mut World) + Send>;

/// Open the online table of game `G` whose first view for `seat` is `state` (RON) at step
/// `step`, with the log `lines`: the table is built for the view's seats and the session then
/// takes the view ([`crate::plugins::session::saving::adopt_pending`]).
pub(crate) fn stage_online<G: TableGame>(
    seat: hoarfrost_rules::Seat,
    step: u32,
    state: &str,
    lines: Vec<String>,
) -> Result<PutInPlace, String> {
    let view: G = ron::from_str(state).map_err(|e| e.to_string())?;
    let n = view.num_seats();
    if seat >= n {
        return Err(format!("seat {} of a table of {n}", seat + 1));
    }
    let kinds = crate::plugins::core::seats::only_here(n, seat);
    let choice = SetupChoice::new(G::KIND, &kinds, 1);
    let pending = PendingGame::Online {
        view,
        seat,
        step,
        lines,
    };
    Ok(put_in_place(choice, pending))
}

/// Load the save `text` of whichever game its header names; the error is the player's message.
pub fn stage(games: &Games, text: &str, mode: LoadMode) -> Result<Staged, String> {
    let kind = crate::plugins::core::storage::known_header(text)?.1;
    let Some(game) = games.get(kind) else {
        return Err(format!("{} cannot be played here.", kind.title()));
    };
    (game.stage)(text, mode).map_err(|e| e.brief())
}

/// Read and stage the save file at `path`.
pub fn stage_file(games: &Games, path: &std::path::Path, mode: LoadMode) -> Result<Staged, String> {
    let named = |e: String| format!("{}: {e}", display_name(path));
    let text = save::read_file(path).map_err(|e| match e {
        // A read failure names the whole path already.
        save::LoadError::Io(_) => e.to_string(),
        _ => named(e.to_string()),
    })?;
    stage(games, &text, mode).map_err(named)
}

/// The autosaved game, staged to play on.
pub fn stage_autosave(games: &Games, storage: &Storage) -> Result<Staged, String> {
    let path = storage.autosave()?;
    if !path.exists() {
        return Err("There is no autosaved game yet.".into());
    }
    stage_file(games, &path, LoadMode::Resume)
}

/// A file's name for messages.
pub fn display_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    )
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Games>()
        .add_systems(Startup, continue_from_command_line);
}

/// `--continue` (resume the autosave) or `--replay <save>`, or say why not (the title screen
/// shows then).
fn continue_from_command_line(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    (storage, games): (Res<Storage>, Res<Games>),
    mut notice: ResMut<Notice>,
) {
    let staged = match (&options.replay, options.resume) {
        (Some(path), _) => stage_file(&games, path, LoadMode::Replay),
        // `--host --continue` hosts the hosted table's save again (`ui::lobby`).
        (None, true) if options.host => return,
        (None, true) => stage_autosave(&games, &storage),
        (None, false) => return,
    };
    match staged {
        Ok(staged) => commands.queue(staged.apply),
        Err(e) => {
            eprintln!("hoarfrost: {e}");
            notice.error(e);
        }
    }
}

#[cfg(test)]
#[path = "loading_tests.rs"]
mod tests;
