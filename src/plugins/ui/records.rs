//! Keeps the record of finished games (`crate::plugins::session::records`) and shows it: each game played to its end
//! from its setup is written to `<data>/records.ron` as the game-over screen comes up (not a
//! tutorial, not a game started from a table position, not a benchmark or soak run), and the title
//! screen's Records window lists, per game, the games won, lost and watched, and the last games.

use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::GameKind;
use hoarfrost_rules::record::Recorded;

use crate::plugins::core::notice::Notice;
use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::seats::SeatKind;
use crate::plugins::core::storage::{self, Storage};
use crate::plugins::session::Session;
use crate::plugins::session::records::{self, Finished, Outcome, Records, SeatLine};
use crate::plugins::session::words::HudSpec;
use crate::plugins::session::words::with_kind;
use crate::plugins::ui::save_menu::Menus;

/// How many of the last games the window lists.
const LISTED: usize = 10;

/// What reading the records file said, when it was not read cleanly; shown in the window.
#[derive(Resource, Default, Debug)]
pub struct RecordsProblem(pub Option<String>);

/// Whether the window is waiting for the player to confirm clearing the records.
#[derive(Resource, Default, Debug)]
struct ClearAsked(bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Records>()
        .init_resource::<RecordsProblem>()
        .init_resource::<ClearAsked>()
        .add_systems(Startup, read_records)
        .add_systems(
            EguiPrimaryContextPass,
            records_window.run_if(|m: Res<Menus>| m.records),
        );
}

/// Registers the writing of game `G`'s finished games.
pub fn keep<G: Recorded>(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::GameOver),
        note_finished::<G>.run_if(resource_exists::<Session<G>>),
    );
}

fn read_records(
    storage: Res<Storage>,
    mut records: ResMut<Records>,
    mut problem: ResMut<RecordsProblem>,
) {
    if let Ok(path) = storage.records_file() {
        (*records, problem.0) = Records::load(&path);
    }
}

/// The finished game in `session`, as the records keep it; `None` for a game without a setup
/// (started from a table position), a replay, or a game not over.
pub fn finished<G: Recorded>(
    session: &Session<G>,
    spec: &HudSpec<G>,
    ended: u64,
) -> Option<Finished> {
    if session.is_replay() || !session.state.is_over() {
        return None;
    }
    let setup = ron::to_string(&session.record()?.setup).ok()?;
    let returns = session.state.returns();
    let humans: Vec<bool> = (0..returns.len())
        .map(|s| session.seats.get(s) == Some(&SeatKind::Human))
        .collect();
    Some(Finished {
        game: G::KIND.slug().into(),
        deal: records::deal(G::KIND, &setup, &humans),
        ended,
        steps: session.steps(),
        headline: crate::plugins::ui::game_over::headline(spec, session),
        seats: (0..returns.len())
            .map(|s| SeatLine {
                name: crate::plugins::session::words::seat_label(spec, session, s).0,
                human: humans[s],
                player: session.player(s).map(str::to_string),
                won: returns[s] > 0.0,
                status: (spec.seat_status)(&session.state, s),
            })
            .collect(),
    })
}

/// The game just ended: add it to the records and write them.
fn note_finished<G: Recorded>(
    session: Res<Session<G>>,
    spec: Res<HudSpec<G>>,
    script: Option<Res<crate::plugins::session::Script<G>>>,
    options: Option<Res<LaunchOptions>>,
    storage: Res<Storage>,
    mut records: ResMut<Records>,
    mut notice: ResMut<Notice>,
) {
    let measuring = options.is_some_and(|o| o.bench.is_some() || o.soak.is_some());
    if script.is_some() || measuring {
        return;
    }
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let Some(game) = finished(&session, &spec, now) else {
        return;
    };
    records.add(game);
    if let Err(e) = write(&storage, &records) {
        notice.error(format!("The game was not added to the records: {e}"));
    }
}

fn write(storage: &Storage, records: &Records) -> Result<(), String> {
    storage::write_file(&storage.records_file()?, &records.to_ron())
}

fn records_window(
    mut contexts: EguiContexts,
    mut menus: ResMut<Menus>,
    mut records: ResMut<Records>,
    mut problem: ResMut<RecordsProblem>,
    mut asked: ResMut<ClearAsked>,
    storage: Res<Storage>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    egui::Window::new("Records")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .show(ctx, |ui| {
            let mut window = Window {
                records: &mut records,
                problem: &mut problem.0,
                asked: &mut asked.0,
                open: &mut menus.records,
                storage: &storage,
            };
            window.show(ui, now);
        });
    if !open {
        menus.records = false;
    }
    if !menus.records {
        asked.0 = false;
    }
    Ok(())
}

/// What the records window shows and changes.
struct Window<'a> {
    records: &'a mut Records,
    problem: &'a mut Option<String>,
    /// Clear was clicked; the window asks to confirm.
    asked: &'a mut bool,
    open: &'a mut bool,
    storage: &'a Storage,
}

impl Window<'_> {
    /// The tallies per game, the last games (as of `now`), and the Close and Clear buttons.
    fn show(&mut self, ui: &mut egui::Ui, now: u64) {
        if let Some(p) = self.problem.as_ref() {
            ui.colored_label(egui::Color32::LIGHT_RED, p);
        }
        egui::Grid::new("tallies").striped(true).show(ui, |ui| {
            for head in ["Game", "Won", "Lost", "AI only"] {
                ui.strong(head);
            }
            ui.end_row();
            for game in GameKind::ALL {
                let tally = self.records.tally(game);
                ui.label(game.title());
                ui.label(tally.won.to_string());
                ui.label(tally.lost.to_string());
                ui.label(tally.watched.to_string());
                ui.end_row();
            }
        });
        let players = self.records.players();
        if !players.is_empty() {
            ui.separator();
            egui::Grid::new("players").striped(true).show(ui, |ui| {
                for head in ["Player", "Won", "Lost"] {
                    ui.strong(head);
                }
                ui.end_row();
                for (name, tally) in players.iter().take(LISTED) {
                    ui.label(name);
                    ui.label(tally.won.to_string());
                    ui.label(tally.lost.to_string());
                    ui.end_row();
                }
            });
        }
        ui.separator();
        if self.records.finished.is_empty() {
            ui.label("No game has been played to its end yet.");
        } else {
            ui.strong("Last games");
            for f in self.records.recent(LISTED) {
                entry(ui, f, now);
            }
        }
        ui.small(format!(
            "Human seats win or lose a game; games of AI seats only are watched. The last {} games are kept.",
            records::KEPT
        ));
        ui.horizontal(|ui| {
            if *self.asked {
                ui.label("Clear every record?");
                if ui.button("Clear them").clicked() {
                    *self.records = Records::default();
                    *self.problem = write(self.storage, self.records).err();
                    *self.asked = false;
                }
                if ui.button("Keep them").clicked() {
                    *self.asked = false;
                }
            } else {
                if ui.button("Close").clicked() {
                    *self.open = false;
                }
                let clear = ui.add_enabled(
                    !self.records.finished.is_empty(),
                    egui::Button::new("Clear the records"),
                );
                if clear.clicked() {
                    *self.asked = true;
                }
            }
        });
    }
}

/// One finished game in the list: what it was, how it ended and when; its seats on hover.
fn entry(ui: &mut egui::Ui, f: &Finished, now: u64) {
    let title = GameKind::from_slug(&f.game).map_or(f.game.clone(), |g| g.title().to_string());
    let (word, colour) = match f.outcome() {
        Outcome::Won => ("won", egui::Color32::LIGHT_GREEN),
        Outcome::Lost => ("lost", egui::Color32::LIGHT_RED),
        Outcome::Watched => ("watched", egui::Color32::GRAY),
    };
    let seats: Vec<String> = f
        .seats
        .iter()
        .map(|s| {
            let who = if s.human { "human" } else { "AI" };
            format!("{}: {}", with_kind(&s.name, who), s.status)
        })
        .collect();
    ui.horizontal(|ui| {
        ui.colored_label(colour, word);
        ui.label(format!(
            "{title}, {}, {}: {} ({})",
            f.table(),
            storage::ago(now.saturating_sub(f.ended)),
            f.headline,
            hoarfrost_rules::words::count(f.steps as i64, "step", "steps"),
        ));
    })
    .response
    .on_hover_text(seats.join("\n"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::testing::scratch::Scratch;
    use hoarfrost_rules::icetowers::{Action, IceTowers, Setup};
    use hoarfrost_rules::record::Recorder;

    /// A headless IceTowers table of one human and one AI seat, keeping records under `root`.
    fn app(root: &std::path::Path) -> App {
        let mut app = crate::plugins::session::test_app::<IceTowers>();
        app.insert_resource(Storage::under(root));
        app.insert_resource(crate::plugins::session::words::test_spec::<IceTowers>(
            |s, seat| {
                (
                    s.hue(seat as u8).name().to_string(),
                    bevy_egui::egui::Color32::WHITE,
                )
            },
        ));
        app.add_plugins((plugin, keep::<IceTowers>));
        app.update();
        app
    }

    fn start(app: &mut App, seed: u64) {
        let recorder = Recorder::<IceTowers>::new(Setup::new(2, seed)).unwrap();
        let mut session = Session::recorded(recorder, vec![SeatKind::Human, SeatKind::Ai], seed);
        session.names = vec!["Anna".into(), String::new()];
        app.insert_resource(session);
        crate::systems::start_playing(app);
    }

    /// Both seats stop at once: the game ends level, both seats share the win.
    fn play_to_the_end(app: &mut App) {
        for seat in [0, 1] {
            app.world_mut()
                .write_message(crate::plugins::session::PlayAction::<IceTowers> {
                    seat,
                    action: Action::Stop,
                });
            app.update();
        }
        app.update();
        app.update();
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::GameOver
        );
    }

    fn on_disk(root: &std::path::Path) -> Records {
        let (records, problem) = Records::load(&root.join("data").join("records.ron"));
        assert_eq!(problem, None);
        records
    }

    #[test]
    fn a_game_played_to_its_end_is_written_to_the_records_once_per_deal() {
        let root = Scratch::new("records-app-once");
        let mut app = app(&root);
        start(&mut app, 5);
        play_to_the_end(&mut app);
        let records = on_disk(&root);
        assert_eq!(records.finished.len(), 1, "{records:?}");
        let game = &records.finished[0];
        assert_eq!(
            (game.game.as_str(), game.steps, game.outcome()),
            ("icetowers", 2, Outcome::Won)
        );
        // Both stopped at once with all their pips: every seat shares the win.
        assert_eq!(game.headline, "A draw");
        assert_eq!(game.seats.len(), 2);
        assert!(game.seats[0].human && !game.seats[1].human);
        assert_eq!(
            (game.seats[0].name.as_str(), game.seats[0].player.as_deref()),
            ("Anna (Red)", Some("Anna"))
        );
        assert_eq!(game.seats[1].player, None);
        assert_eq!(records.tally(GameKind::IceTowers).won, 1);
        assert_eq!(*app.world().resource::<Records>(), records);

        // The same deal ended again (as from its save loaded) replaces its entry; another seed adds one.
        for seed in [5, 6] {
            app.world_mut()
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Title);
            app.update();
            start(&mut app, seed);
            play_to_the_end(&mut app);
        }
        let records = on_disk(&root);
        assert_eq!(records.finished.len(), 2, "{records:?}");
        assert_ne!(records.finished[0].deal, records.finished[1].deal);
    }

    #[test]
    fn a_tutorial_game_is_not_written_to_the_records() {
        let root = Scratch::new("records-app-tutorial");
        let mut app = app(&root);
        let script = hoarfrost_rules::record::Record::<IceTowers>::new(Setup::new(2, 5));
        app.insert_resource(crate::plugins::session::Script(script));
        start(&mut app, 5);
        play_to_the_end(&mut app);
        assert!(on_disk(&root).finished.is_empty());
        assert!(app.world().resource::<Records>().finished.is_empty());
    }

    fn sample() -> Finished {
        Finished {
            game: "sprawl".into(),
            deal: 1,
            ended: 1_000,
            steps: 40,
            headline: "Red wins!".into(),
            seats: vec![SeatLine {
                name: "Anna (Red)".into(),
                human: true,
                player: Some("Anna".into()),
                won: true,
                status: "0 points in stash".into(),
            }],
        }
    }

    /// What the records window works on, held by a test.
    struct Held {
        records: Records,
        problem: Option<String>,
        asked: bool,
        open: bool,
        storage: Storage,
    }

    impl Held {
        fn new(storage: Storage) -> Self {
            let mut records = Records::default();
            records.add(sample());
            Held {
                records,
                problem: None,
                asked: false,
                open: true,
                storage,
            }
        }

        /// Draw the window as of `now`.
        fn show(&mut self, ui: &mut egui::Ui, now: u64) {
            Window {
                records: &mut self.records,
                problem: &mut self.problem,
                asked: &mut self.asked,
                open: &mut self.open,
                storage: &self.storage,
            }
            .show(ui, now)
        }
    }

    #[test]
    fn the_window_lists_the_tallies_and_the_last_games() {
        let mut held = Held::new(Storage::under(
            &std::env::temp_dir().join("hoarfrost-no-such-dir"),
        ));
        let labels =
            crate::plugins::core::testing::egui_test::labels(|ui| held.show(ui, 1_000 + 7_200));
        assert!(labels.iter().any(|l| l == "won"), "{labels:?}");
        assert!(
            labels
                .iter()
                .any(|l| l == "Sprawl, 1 seat (1 human), 2 hours ago: Red wins! (40 steps)"),
            "{labels:?}"
        );
        assert!(labels.iter().any(|l| l == "Lost"), "{labels:?}");
        // The players' table: Anna, one game won, none lost.
        let row = crate::plugins::core::testing::egui_test::row("Anna", |ui| held.show(ui, 0));
        assert_eq!(row, ["Anna", "1", "0"]);
    }

    #[test]
    fn clearing_the_records_asks_first_then_empties_the_file() {
        let root = Scratch::new("records-app-clear");
        let mut held = Held::new(root.storage());
        for (button, cleared) in [
            ("Clear the records", false),
            ("Keep them", false),
            ("Clear the records", false),
            ("Clear them", true),
        ] {
            crate::plugins::core::testing::egui_test::click(button, |ui| held.show(ui, 0));
            assert_eq!(held.records.finished.is_empty(), cleared, "after {button}");
        }
        assert_eq!((&held.problem, held.asked, held.open), (&None, false, true));
        assert_eq!(on_disk(&root), Records::default());
        crate::plugins::core::testing::egui_test::click("Close", |ui| held.show(ui, 0));
        assert!(!held.open);
    }

    #[test]
    fn a_replay_or_a_game_without_a_setup_is_not_a_finished_game() {
        let spec = crate::plugins::session::words::test_spec::<IceTowers>(|s, seat| {
            (
                s.hue(seat as u8).name().to_string(),
                bevy_egui::egui::Color32::WHITE,
            )
        });
        let recorder = Recorder::<IceTowers>::new(Setup::new(2, 1)).unwrap();
        let mut session = Session::recorded(recorder, vec![SeatKind::Human, SeatKind::Ai], 1);
        assert_eq!(finished(&session, &spec, 0), None, "not over yet");
        session.act(0, &Action::Stop).unwrap();
        session.act(1, &Action::Stop).unwrap();
        assert!(finished(&session, &spec, 0).is_some());
        let unrecorded = Session::new(session.state.clone(), session.seats.clone(), 1);
        assert_eq!(finished(&unrecorded, &spec, 0), None);
        let replay =
            hoarfrost_rules::record::Replay::new(session.record().unwrap().clone()).unwrap();
        let watching = Session::replaying(replay, session.seats.clone(), 1);
        assert_eq!(finished(&watching, &spec, 0), None);
    }
}
