//! A tutorial for any game: a scripted opening (the session's [`Script`] gate lets only its next
//! move through, and AI seats play their scripted moves) with notes along it, shown at the top of
//! the side panel: how far it is, the note for this part of the game, the move asked for, and
//! buttons to play that move or to leave the tutorial. The tutorials are RON files in
//! `scenes/tutorial/` (one per game: `TableGame::TUTORIAL`), checked when they load. A table opens on one with [`open`]
//! and [`seat`]; a saved tutorial game goes on with its tutorial when loaded ([`resume`]).

use bevy::prelude::*;
use bevy_egui::egui;
use hoarfrost_rules::ToAct;
use hoarfrost_rules::record::{Record, Recorded, Recorder, Step};
use serde::Deserialize;

use crate::plugins::core::notice::Notice;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::seats::SeatKind;
use crate::plugins::session::ai::AiSeats;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::{Opening, PlayAction, Script, Session};

/// One note: shown from step `at` (steps played so far) until the next note.
#[derive(Deserialize, Clone, Debug, PartialEq)]
pub struct Note {
    pub at: usize,
    pub text: String,
}

/// The notes of the tutorial being played.
#[derive(Resource, Clone, Debug)]
pub struct Notes(pub Vec<Note>);

impl Notes {
    /// The note for a game `done` steps in.
    pub fn at(&self, done: usize) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|n| n.at <= done)
            .map(|n| n.text.as_str())
    }

    /// Why these notes do not fit a script of `steps` steps, if they do not: the first must be at
    /// step 0, the last after the last step (a closing note), and they go in step order.
    pub fn problem(&self, steps: usize) -> Option<String> {
        if self.0.first().is_none_or(|n| n.at != 0) {
            return Some("the tutorial has no note for its first step".into());
        }
        if self.0.windows(2).any(|w| w[0].at >= w[1].at) {
            return Some("the tutorial's notes are not in step order".into());
        }
        if let Some(n) = self.0.iter().find(|n| n.at > steps) {
            return Some(format!(
                "a tutorial note is at step {}, past its {steps} steps",
                n.at
            ));
        }
        (self.0.last().map(|n| n.at) != Some(steps))
            .then(|| "the tutorial has no closing note for after its last step".into())
    }
}

/// A tutorial file: the setup, who sits where, the scripted steps and the notes along them.
#[derive(Deserialize)]
#[serde(bound = "")]
struct TutorialFile<G: Recorded> {
    setup: G::Setup,
    seats: Vec<SeatKind>,
    steps: Vec<Step<G::Action>>,
    notes: Vec<Note>,
}

/// A tutorial, read and checked.
pub struct Tutorial<G: Recorded> {
    pub script: Script<G>,
    pub notes: Notes,
    pub seats: Vec<SeatKind>,
}

/// Read a tutorial file and check it: the notes in order and within the script, a seat for every
/// player, and every step playable from the setup under the current rules and content. The error
/// says what is wrong.
pub fn parse<G: Recorded>(text: &str) -> Result<Tutorial<G>, String> {
    let file: TutorialFile<G> =
        ron::from_str(text).map_err(|e| format!("the tutorial file does not read: {e}"))?;
    let notes = Notes(file.notes);
    if let Some(problem) = notes.problem(file.steps.len()) {
        return Err(problem);
    }
    let record = Record::<G> {
        setup: file.setup,
        steps: file.steps,
    };
    let start = Recorder::<G>::new(record.setup.clone()).map_err(|e| e.0)?;
    if file.seats.len() != start.state().num_seats() {
        return Err(format!(
            "the tutorial names {} seats for a game of {}",
            file.seats.len(),
            start.state().num_seats()
        ));
    }
    Recorder::from_record(record.clone())
        .map_err(|e| format!("the tutorial's moves no longer play: {e}"))?;
    Ok(Tutorial {
        script: Script(record),
        notes,
        seats: file.seats,
    })
}

/// How a table opens when a tutorial may be asked for: the tutorial's game (from its own setup)
/// when `wanted`, with the tutorial to install; else `otherwise`.
pub fn open<G: Recorded>(
    wanted: bool,
    shipped: fn() -> Result<Tutorial<G>, String>,
    otherwise: impl FnOnce() -> Result<Opening<G>, String>,
) -> Result<(Opening<G>, Option<Tutorial<G>>), String> {
    if !wanted {
        return otherwise().map(|o| (o, None));
    }
    let tutorial = shipped()?;
    let start = Recorder::new(tutorial.script.0.setup.clone()).map_err(|e| e.0)?;
    Ok((Opening::New(start), Some(tutorial)))
}

/// A table that cannot open (its tutorial or position file is broken) says why and goes back to
/// the title screen; else what [`open`] gave.
pub fn or_title<T>(
    opened: Result<T, String>,
    notice: &mut Notice,
    next: &mut NextState<Screen>,
) -> Option<T> {
    match opened {
        Ok(o) => Some(o),
        Err(e) => {
            eprintln!("hoarfrost: {e}");
            notice.error(e);
            next.set(Screen::Title);
            None
        }
    }
}

/// What the notice says when a tutorial opens.
pub const OPENING_LINE: &str = "The tutorial: follow the notes in the side panel, move by move.";

/// What the notice says when a saved table position (`--scene`) opens.
pub const POSITION_LINE: &str =
    "A saved table position: play on from here (it cannot be saved or undone).";

/// Seat the table's session from `opening`: the tutorial's seats when one opens (its script and
/// notes installed too), else the seats `choice` names, with AI seats to match. The notice says
/// [`OPENING_LINE`] for a tutorial, [`POSITION_LINE`] for a table position, else `ordinary` (the
/// table's own opening words for a new game).
pub fn seat<G: Recorded + serde::de::DeserializeOwned>(
    commands: &mut Commands,
    notice: &mut Notice,
    opening: Opening<G>,
    tutorial: Option<Tutorial<G>>,
    choice: &SetupChoice,
    ordinary: impl Into<String>,
) {
    let seats = tutorial
        .as_ref()
        .map_or_else(|| choice.kinds(), |t| t.seats.clone());
    let ordinary = match opening {
        Opening::New(_) => ordinary.into(),
        Opening::Position(_) => POSITION_LINE.to_string(),
    };
    let mut session = opening.session(&seats, choice.seed);
    if tutorial.is_none() {
        session.names = choice.names();
        session.levels = choice.levels();
    }
    commands.insert_resource(AiSeats::<G>::new(&session.seats, choice.seed));
    commands.insert_resource(session);
    match tutorial {
        Some(t) => {
            commands.insert_resource(t.script);
            commands.insert_resource(t.notes);
            notice.info(OPENING_LINE);
        }
        None => notice.info(ordinary),
    }
}

/// The tutorial a system may find: its script and notes.
pub type Running<'w, G> = (Option<Res<'w, Script<G>>>, Option<Res<'w, Notes>>);

/// The game's shipped tutorial, kept so that a saved tutorial game can go on with it when loaded.
#[derive(Resource)]
pub struct Shipped<G: Recorded>(pub fn() -> Result<Tutorial<G>, String>);

/// Registers game `G`'s tutorial, `shipped`, and its clean-up: back at the title screen it is over.
pub fn plugin<G: Recorded>(shipped: fn() -> Result<Tutorial<G>, String>) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.insert_resource(Shipped(shipped)).add_systems(
            OnEnter(Screen::Title),
            |mut commands: Commands| {
                commands.remove_resource::<Script<G>>();
                commands.remove_resource::<Notes>();
            },
        );
    }
}

/// A game was just loaded into `session`: when it was saved in its tutorial (`marked`) and still
/// follows the shipped tutorial's script (its setup, the script's first steps), the tutorial goes on
/// from there. Gives the steps of the script already played; `None` leaves no tutorial running. A
/// game of the same setup and moves played without the tutorial stays an ordinary game.
pub fn resume<G: Recorded>(
    commands: &mut Commands,
    session: &Session<G>,
    marked: bool,
    shipped: Option<&Shipped<G>>,
) -> Option<usize> {
    commands.remove_resource::<Script<G>>();
    commands.remove_resource::<Notes>();
    if !marked {
        return None;
    }
    let tutorial = (shipped?.0)().ok()?;
    let done = tutorial.script.followed(session)?;
    commands.insert_resource(tutorial.script);
    commands.insert_resource(tutorial.notes);
    Some(done)
}

/// The player leaves the tutorial (or closes it after its last step): its script and notes go, and
/// the autosave is written again, no longer marked as a tutorial game, once this game is in it
/// (written since it began, or steps played, which are). Left before any step, the last game's
/// autosave stays.
pub fn leave<G: Recorded>(commands: &mut Commands) {
    commands.remove_resource::<Script<G>>();
    commands.remove_resource::<Notes>();
    commands.queue(|world: &mut World| {
        if let Some(mut session) = world.get_resource_mut::<Session<G>>()
            && (session.autosaved() || session.steps() > 0)
        {
            // Not a change of the game: the table need not redraw.
            session.bypass_change_detection().mark_unsaved();
        }
    });
}

/// The tutorial's part of the side panel, while the game follows its script; a button press that
/// ends the tutorial (leave, or close after the last step) sets `leave`.
pub fn section<G: Recorded>(
    ui: &mut egui::Ui,
    session: &Session<G>,
    script: &Script<G>,
    notes: &Notes,
    play: &mut MessageWriter<PlayAction<G>>,
    leave: &mut bool,
) {
    let Some(done) = script.followed(session) else {
        return;
    };
    let total = script.len();
    ui.separator();
    ui.label(
        egui::RichText::new(format!(
            "Tutorial, step {} of {total}",
            (done + 1).min(total)
        ))
        .strong()
        .color(egui::Color32::from_rgb(255, 210, 90)),
    );
    if let Some(text) = notes.at(done) {
        ui.label(text);
    }
    if done >= total {
        *leave |= ui.button("Close the tutorial").clicked();
        return;
    }
    match script.next_move(session) {
        Some((seat, action)) => {
            ui.label(
                egui::RichText::new(format!(
                    "Next: {}",
                    session.state.action_to_string(seat, action)
                ))
                .strong(),
            );
            ui.horizontal(|ui| {
                // An AI seat's scripted move is the AI's to play.
                if session.is_human(seat) && ui.button("Play it for me").clicked() {
                    play.write(PlayAction {
                        seat,
                        action: action.clone(),
                    });
                }
                *leave |= ui.button("Leave the tutorial").clicked();
            });
        }
        None if session.state.to_act() == ToAct::Chance => {
            ui.label("Rolling the dice or drawing...");
        }
        None => {}
    }
}

/// Test support: facts about the table that each note states, checked against the script.
#[cfg(test)]
pub(crate) mod facts {
    use hoarfrost_rules::record::{Recorded, Recorder, Step};

    use super::Tutorial;
    use crate::plugins::core::seats::SeatKind;

    /// Where in its note's range a fact is checked.
    #[derive(Clone, Copy, Debug)]
    pub enum When {
        /// At the read point: the first step of the note's range whose next step is a human
        /// seat's move (the player reads the note while that move is asked for), else the end of
        /// the range (the next note's step, or the end of the script).
        Read,
        /// At some step of the note's range, its ends included (it happened while the note showed).
        During,
        /// After exactly this many steps, no later than the end of the note's range: a note may
        /// also tell what happened just before it.
        At(usize),
    }

    /// A claim of the note at step `note`: the note says `says` (its words, quoted), and `holds`
    /// is true of the game `when`.
    pub struct Fact<G> {
        pub note: usize,
        pub says: &'static str,
        pub when: When,
        pub holds: fn(&G) -> bool,
    }

    /// Replay `t`'s script and check every fact against its note: a note is at that step, it
    /// still says the words quoted, and the game bears the claim out when it is read. Every
    /// failure is reported together.
    pub fn check<G: Recorded>(t: &Tutorial<G>, facts: &[Fact<G>]) {
        let steps = &t.script.0.steps;
        let mut r = Recorder::<G>::new(t.script.0.setup.clone()).unwrap();
        let mut states = vec![r.state().clone()];
        for (i, s) in steps.iter().enumerate() {
            r.step(s)
                .unwrap_or_else(|e| panic!("step {} does not play: {e}", i + 1));
            states.push(r.state().clone());
        }
        let human = |i: usize| {
            matches!(steps.get(i), Some(Step::Act { seat, .. })
                if t.seats.get(*seat) == Some(&SeatKind::Human))
        };
        let notes = &t.notes.0;
        let mut failed = Vec::new();
        for f in facts {
            let Some(k) = notes.iter().position(|n| n.at == f.note) else {
                failed.push(format!("no note at step {} ({:?})", f.note, f.says));
                continue;
            };
            if !notes[k].text.contains(f.says) {
                failed.push(format!(
                    "the note at {} no longer says {:?}",
                    f.note, f.says
                ));
                continue;
            }
            let end = notes.get(k + 1).map_or(steps.len(), |n| n.at);
            let read = (f.note..end).find(|&i| human(i)).unwrap_or(end);
            let (ok, at) = match f.when {
                When::Read => ((f.holds)(&states[read]), format!("read at {read}")),
                When::During => (
                    (f.note..=end).any(|i| (f.holds)(&states[i])),
                    format!("at no step of {}..={end}", f.note),
                ),
                When::At(i) if i <= end => ((f.holds)(&states[i]), format!("at {i}")),
                When::At(i) => (false, format!("at {i}, after its range ends at {end}")),
            };
            if !ok {
                failed.push(format!("the note at {} ({:?}), {at}", f.note, f.says));
            }
        }
        assert!(
            failed.is_empty(),
            "notes the table does not bear out:\n{}",
            failed.join("\n")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_that_cannot_open_says_why_and_goes_back_to_the_title() {
        let (mut notice, mut next) = (Notice::default(), NextState::<Screen>::default());
        assert_eq!(or_title(Ok(3), &mut notice, &mut next), Some(3));
        assert!(notice.text.is_empty() && matches!(next, NextState::Unchanged));
        let broken: Result<u8, String> = Err("the tutorial file does not read".into());
        assert_eq!(or_title(broken, &mut notice, &mut next), None);
        assert!(notice.is_error && notice.text.contains("does not read"));
        assert!(matches!(next, NextState::Pending(Screen::Title)));
    }

    fn notes(at: &[usize]) -> Notes {
        Notes(
            at.iter()
                .map(|&at| Note {
                    at,
                    text: format!("note {at}"),
                })
                .collect(),
        )
    }

    #[test]
    fn the_note_shown_is_the_last_one_reached() {
        let n = notes(&[0, 5]);
        assert_eq!(n.at(0), Some("note 0"));
        assert_eq!(n.at(4), Some("note 0"));
        assert_eq!(n.at(5), Some("note 5"));
        assert_eq!(n.at(60), Some("note 5"));
    }

    #[test]
    fn notes_must_start_at_the_first_step_go_in_order_and_stay_within_the_script() {
        assert_eq!(notes(&[0, 3, 10]).problem(10), None);
        assert!(notes(&[0, 3]).problem(10).unwrap().contains("closing"));
        assert!(notes(&[]).problem(10).unwrap().contains("first step"));
        assert!(notes(&[2]).problem(10).unwrap().contains("first step"));
        assert!(notes(&[0, 4, 4]).problem(10).unwrap().contains("order"));
        assert!(notes(&[0, 11]).problem(10).unwrap().contains("past"));
    }
}
