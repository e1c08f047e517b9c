//! Saving, autosaving, undo and redo for any game, and putting a loaded game or a replay in place
//! once its table is built.
//!
//! The panel's buttons and the keyboard shortcuts send [`GameCommand`]s; the game's session runs
//! them after the frame's actions (an undo raises its own sound cue, a redo a move's). Every
//! applied step (and every undo or redo) is autosaved to `<data>/autosave.ron`, atomically, in the
//! same frame.

use std::path::PathBuf;

use bevy::prelude::*;
use hoarfrost_rules::record::Recorded;
use hoarfrost_rules::save;

use crate::plugins::core::notice::Notice;
use crate::plugins::core::notice::Warnings;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::storage::{Storage, slot_name, write_file};
use crate::plugins::session::ai::AiSeats;
use crate::plugins::session::loading::{Pending, PendingGame};
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::tutorial;
use crate::plugins::session::{Script, Session, apply_actions, sync_turn_phase};
use crate::systems::Frame;
use crate::systems::cues::Cue;

/// Something done to the game as a whole, from a button or a shortcut.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Save to a new slot in the saves folder.
    Save,
    /// Take back the last human move (Ctrl+Z).
    Undo,
    /// Play the undone moves again (Ctrl+Y).
    Redo,
}

/// Registers saving, autosave, undo and redo for game `G`.
pub fn plugin<G: Recorded>(app: &mut App) {
    app.add_message::<GameCommand>()
        .init_resource::<Warnings>()
        .add_systems(OnEnter(Screen::Playing), drop_other_game::<G>)
        .add_systems(OnEnter(Screen::Title), |mut commands: Commands| {
            commands.remove_resource::<Pending<G>>();
        })
        .add_systems(
            Update,
            adopt_pending::<G>.in_set(Frame::Input).run_if(
                resource_exists::<Pending<G>>
                    .and_then(resource_exists::<Session<G>>)
                    .and_then(in_state(Screen::Playing)),
            ),
        )
        .add_systems(
            Update,
            (run_commands::<G>, autosave::<G>)
                .chain()
                .in_set(Frame::Apply)
                .after(apply_actions::<G>)
                .before(sync_turn_phase::<G>)
                .run_if(resource_exists::<Session<G>>.and_then(in_state(Screen::Playing))),
        );
}

/// A game of another kind is starting: this game's session, AI seats and pending load go.
fn drop_other_game<G: Recorded>(mut commands: Commands, choice: Res<SetupChoice>) {
    if choice.game != G::KIND {
        commands.remove_resource::<Session<G>>();
        commands.remove_resource::<AiSeats<G>>();
        commands.remove_resource::<Pending<G>>();
    }
}

/// The table has built a fresh session: put the loaded game (or the replay) in its place.
pub(crate) fn adopt_pending<G: Recorded>(
    mut commands: Commands,
    mut pending: ResMut<Pending<G>>,
    mut session: ResMut<Session<G>>,
    mut notice: ResMut<Notice>,
    (shipped, storage): (Option<Res<tutorial::Shipped<G>>>, Option<Res<Storage>>),
) {
    commands.remove_resource::<Pending<G>>();
    let (seats, seed) = (session.seats.clone(), session.seed);
    match pending.0.take() {
        Some(PendingGame::Resume { recorder, tutorial }) => {
            let steps = recorder.len();
            session.replace(Session::recorded(recorder, seats, seed));
            println!("hoarfrost: resumed {} at step {steps}", G::KIND.slug());
            let guided = tutorial::resume(&mut commands, &session, tutorial, shipped.as_deref());
            // Continued from the autosave, the autosave holds this game already: leaving the
            // tutorial at step 0 then still rewrites it unmarked.
            if storage.is_some_and(|s| holds(&s, &session, guided.is_some())) {
                session.mark_autosaved();
            }
            match guided {
                Some(_) => notice.info(format!(
                    "Resumed at step {steps}, in the tutorial: follow the notes in the side panel."
                )),
                None => notice.info(format!("Resumed at step {steps}.")),
            }
        }
        Some(PendingGame::Online {
            view,
            seat,
            step,
            lines,
        }) => {
            session.replace_all(Session::online(view, seat, step, lines));
            // The server plays the other seats.
            commands.remove_resource::<AiSeats<G>>();
            notice.info(format!(
                "At the online table, at step {step}: you play seat {}.",
                seat + 1
            ));
        }
        Some(PendingGame::Replay(replay)) => {
            let steps = replay.len();
            session.replace(Session::replaying(replay, seats, seed));
            notice.info(format!(
                "Replaying a game of {}.",
                hoarfrost_rules::words::count(steps as i64, "step", "steps")
            ));
        }
        None => {}
    }
}

/// Whether the autosave file holds this game: its seats and every step, marked when `tutorial`
/// (whichever build wrote it).
fn holds<G: Recorded>(storage: &Storage, session: &Session<G>, tutorial: bool) -> bool {
    let (Ok(path), Some(record)) = (storage.autosave(), session.record()) else {
        return false;
    };
    save::read_file(&path)
        .and_then(|text| save::load::<G>(&text))
        .is_ok_and(|saved| {
            saved.header.tutorial == tutorial
                && saved.header.seats == session.seat_words()
                && saved.recorder.record() == record
        })
}

/// Run the frame's save, undo and redo commands.
fn run_commands<G: Recorded>(
    mut commands: MessageReader<GameCommand>,
    mut session: ResMut<Session<G>>,
    storage: Res<Storage>,
    mut notice: ResMut<Notice>,
    mut cues: MessageWriter<Cue>,
    script: Option<Res<Script<G>>>,
) {
    for command in commands.read() {
        match command {
            GameCommand::Save if session.is_replay() => notice.error(
                "This is a replay: it cannot be saved. Load the game to play on from there.",
            ),
            GameCommand::Save => {
                match save_to_slot(&session, guided(&session, script.as_deref()), &storage) {
                    Ok(path) => notice.info(format!("Saved as {}.", path.display())),
                    Err(e) => notice.error(e),
                }
            }
            // A refusal leaves the session untouched (read through `Res`, not written): the
            // tables are not redrawn, and the click choices offered stay.
            GameCommand::Undo if session.can_undo() && session.undo() => {
                notice.info(format!("Undone: back to step {}.", session.steps()));
                cues.write(Cue::Undo);
            }
            GameCommand::Undo => notice.error(nothing_to("undo", &session)),
            GameCommand::Redo if session.can_redo() && session.redo() => {
                notice.info(format!("Redone: on to step {}.", session.steps()));
                cues.write(Cue::Move);
            }
            GameCommand::Redo => notice.error(nothing_to("redo", &session)),
        }
    }
}

/// Why nothing can be undone (`what`: "undo") or redone ("redo").
pub fn nothing_to<G: Recorded>(what: &str, session: &Session<G>) -> String {
    if session.is_replay() {
        format!("This is a replay: it cannot {what}. Load the game to play on from there.")
    } else if session.online_seat().is_some() {
        format!(
            "At an online table moves are final: nobody can {what} (the server keeps the game)."
        )
    } else if session.record().is_none() {
        format!("This game began from a table position and has no record: it cannot {what}.")
    } else if what == "redo" {
        "Nothing to redo: no move has been undone since the last one played.".into()
    } else {
        "Nothing to undo: no human move since the last roll, draw or reveal.".into()
    }
}

/// Whether the tutorial's `script` is guiding the session's game (a save of it is marked so).
pub fn guided<G: Recorded>(session: &Session<G>, script: Option<&Script<G>>) -> bool {
    script.is_some_and(|s| s.followed(session).is_some())
}

/// The save file text of the session's game, marked as a tutorial game when `tutorial`.
pub fn save_text<G: Recorded>(session: &Session<G>, tutorial: bool) -> Result<String, String> {
    if session.online_seat().is_some() {
        return Err("At an online table the server keeps the game and its saves.".into());
    }
    let record = session.record().ok_or(
        "This game began from a table position (--scene), not from a setup: it has no record \
         and cannot be saved.",
    )?;
    save::to_string(&session.seat_words(), tutorial, record).map_err(|e| e.to_string())
}

/// Save the game to a new slot in the saves folder (marked as a tutorial game when `tutorial`); the
/// path written, or why not.
pub fn save_to_slot<G: Recorded>(
    session: &Session<G>,
    tutorial: bool,
    storage: &Storage,
) -> Result<PathBuf, String> {
    let text = save_text(session, tutorial)?;
    let dir = storage.saves_dir()?;
    let names: Vec<String> = std::fs::read_dir(&dir)
        .map(|read| {
            read.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    let path = dir.join(slot_name(G::KIND, names.iter().map(String::as_str)));
    write_file(&path, &text).map_err(|e| format!("The game could not be saved: {e}"))?;
    Ok(path)
}

/// The warnings banner's topics: the autosave failing, and one that did not open set aside.
const FAILING: &str = "autosave";
const SET_ASIDE: &str = "autosave set aside";

/// Write the autosave when a step was played or undone since the last one. A failure is told
/// once, in the notice and the warnings banner, not again at every move while it fails the same way
/// (`failing`: the last one told); the banner's line goes once it works again. The first time
/// (`checked` not yet), an autosave this build cannot open is set aside, not overwritten.
fn autosave<G: Recorded>(
    mut session: ResMut<Session<G>>,
    storage: Res<Storage>,
    (mut notice, mut warnings): (ResMut<Notice>, ResMut<Warnings>),
    (mut failing, mut checked): (Local<Option<String>>, Local<bool>),
    script: Option<Res<Script<G>>>,
) {
    // Not a change of the game: the tables must not redraw for it.
    let session = session.bypass_change_detection();
    if !session.take_unsaved() || session.record().is_none() {
        return;
    }
    // An autosave that could not be set aside is not written over: none is written this run
    // until it can be.
    let kept = if *checked {
        Ok(None)
    } else {
        storage.keep_unread_autosave()
    };
    *checked = kept.is_ok();
    if let Ok(Some(moved)) = &kept {
        eprintln!("hoarfrost: {moved}");
        notice.info(moved);
        warnings.set(SET_ASIDE, moved);
    }
    let written = kept.and_then(|_| {
        save_text(session, guided(session, script.as_deref()))
            .and_then(|text| write_file(&storage.autosave()?, &text))
            .map_err(|e| format!("The autosave failed: {e}"))
    });
    match written {
        Err(e) if failing.as_ref() != Some(&e) => {
            eprintln!("hoarfrost: {e}");
            notice.error(&e);
            warnings.set(FAILING, &e);
            *failing = Some(e);
        }
        Err(_) => {}
        Ok(()) => {
            *failing = None;
            // Whichever game's autosave failed, the autosave works again.
            warnings.clear(FAILING);
            session.mark_autosaved();
        }
    }
}

#[cfg(test)]
#[path = "saving_tests.rs"]
mod tests;
