//! The menus around saved games: the Load and Replay windows (listing the autosave and the saves
//! folder, each save with a Delete that asks first), the title screen's Continue / Load / Replay /
//! Settings / Records / Quit buttons and the line naming the game Continue resumes, and the keyboard
//! shortcuts (Ctrl+S save, Ctrl+O load, Ctrl+, settings,
//! Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo; Escape closes a window, or with none open puts down
//! what the player holds).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::plugins::core::notice::Notice;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::storage::{SaveEntry, Storage, entry_for, list_saves};
use crate::plugins::session::loading::{LoadMode, stage_autosave, stage_file};
use crate::plugins::session::registry::Games;
use crate::plugins::session::saving::GameCommand;
use crate::plugins::table::held::DropHeld;

/// Which menu windows are open.
#[derive(Resource, Default, Debug)]
pub struct Menus {
    /// The load window, opened to play on or to replay.
    load: Option<LoadMode>,
    /// The files it lists, read when it opens.
    entries: Vec<SaveEntry>,
    stale: bool,
    /// The save whose Delete was clicked, waiting for the player to confirm.
    delete: Option<std::path::PathBuf>,
    /// What the window says of the last deletion since it opened ("Deleted the save ...").
    deleted: Option<String>,
    /// The settings window.
    pub settings: bool,
    /// The rules window, for this game.
    pub rules: Option<hoarfrost_rules::GameKind>,
    /// The records window (title screen).
    pub records: bool,
}

impl Menus {
    /// Open the load window (it reads the saves folder afresh).
    pub fn open_load(&mut self, mode: LoadMode) {
        self.load = Some(mode);
        self.stale = true;
        self.delete = None;
        self.deleted = None;
    }

    /// True while the load window is open.
    pub fn load_open(&self) -> bool {
        self.load.is_some()
    }
}

/// The autosave as the title screen came up: the game Continue resumes.
#[derive(Resource, Default, Debug)]
pub struct LastGame(pub Option<SaveEntry>);

impl LastGame {
    /// "Continue: Sprawl, 3 seats (1 human), 23 steps, 5 minutes ago.", or why the autosave does not
    /// open; `None` without an autosave.
    pub fn line(&self, now: std::time::SystemTime) -> Option<String> {
        let entry = self.0.as_ref()?;
        Some(match &entry.summary {
            Ok(summary) => match entry.saved_ago(now) {
                ago if ago.is_empty() => format!("Continue: {summary}."),
                ago => format!("Continue: {summary}, {ago}."),
            },
            Err(e) => format!("The autosave does not open: {}.", e.trim_end_matches('.')),
        })
    }
}

/// Summarize the autosave for the title screen, or say why it does not open.
fn note_last_game(storage: Option<Res<Storage>>, mut last: ResMut<LastGame>) {
    last.0 = storage
        .and_then(|s| s.autosave().ok())
        .filter(|p| p.exists())
        .map(|p| entry_for(&p));
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Menus>()
        .init_resource::<LastGame>()
        .add_systems(OnEnter(Screen::Title), note_last_game)
        .add_message::<GameCommand>()
        .add_systems(
            Update,
            (shortcuts, escape)
                .in_set(crate::systems::Frame::Input)
                .run_if(crate::systems::keys_free),
        )
        .add_systems(
            EguiPrimaryContextPass,
            load_window.run_if(|m: Res<Menus>| m.load.is_some()),
        );
}

/// What a key press with Ctrl held means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    Command(GameCommand),
    OpenLoad,
    OpenSettings,
}

/// The shortcut for `key` with Ctrl (and maybe Shift) held.
pub fn shortcut(key: KeyCode, shift: bool) -> Option<Shortcut> {
    match key {
        KeyCode::KeyS => Some(Shortcut::Command(GameCommand::Save)),
        KeyCode::KeyZ if shift => Some(Shortcut::Command(GameCommand::Redo)),
        KeyCode::KeyZ => Some(Shortcut::Command(GameCommand::Undo)),
        KeyCode::KeyY => Some(Shortcut::Command(GameCommand::Redo)),
        KeyCode::KeyO => Some(Shortcut::OpenLoad),
        KeyCode::Comma => Some(Shortcut::OpenSettings),
        _ => None,
    }
}

fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    mut menus: ResMut<Menus>,
    mut commands: MessageWriter<GameCommand>,
    online: Option<Res<crate::plugins::online::seat::Link>>,
) {
    if !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    for key in keys.get_just_pressed() {
        match shortcut(*key, shift) {
            // At an online table (or in its lobby) a loaded game has no place.
            Some(Shortcut::OpenLoad) if online.is_none() => menus.open_load(LoadMode::Resume),
            Some(Shortcut::OpenSettings) => menus.settings = true,
            Some(Shortcut::Command(c)) if *screen.get() == Screen::Playing => {
                commands.write(c);
            }
            _ => {}
        }
    }
}

/// Escape closes the load, rules or records window; with none open it puts down what the player
/// holds.
/// The settings window cancels itself on Escape (it keeps a draft to throw away).
fn escape(
    keys: Res<ButtonInput<KeyCode>>,
    mut menus: ResMut<Menus>,
    mut drop: MessageWriter<DropHeld>,
    mut notice: ResMut<Notice>,
) {
    if !keys.just_pressed(KeyCode::Escape) || menus.settings {
        return;
    }
    if menus.load.is_some() || menus.rules.is_some() || menus.records {
        menus.load = None;
        menus.rules = None;
        menus.records = false;
    } else {
        drop.write(DropHeld);
        // What the notice said about the piece picked up no longer holds; an error stays.
        if !notice.is_error {
            notice.text.clear();
        }
    }
}

/// The autosave (if any) and then the saves folder, newest first.
fn entries(storage: &Storage) -> Vec<SaveEntry> {
    let mut all = Vec::new();
    if let Ok(auto) = storage.autosave()
        && auto.exists()
    {
        all.push(entry_for(&auto));
    }
    if let Ok(dir) = storage.saves_dir() {
        all.extend(list_saves(&dir));
    }
    all
}

fn load_window(
    mut contexts: EguiContexts,
    mut menus: ResMut<Menus>,
    (storage, games): (Res<Storage>, Res<Games>),
    mut notice: ResMut<Notice>,
    mut commands: Commands,
) -> Result {
    let Some(mode) = menus.load else {
        return Ok(());
    };
    if menus.stale {
        menus.entries = entries(&storage);
        menus.stale = false;
    }
    let (title, verb) = match mode {
        LoadMode::Resume => ("Load a saved game", "Load"),
        LoadMode::Replay => ("Replay a saved game", "Replay"),
    };
    let now = std::time::SystemTime::now();
    let ctx = contexts.ctx_mut()?;
    let mut picked = Picked::default();
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .default_width(460.0)
        .show(ctx, |ui| {
            picked = load_list(ui, &menus, &storage, &notice, verb, now);
        });
    let Picked {
        chosen,
        mut close,
        ask,
        delete,
        keep,
    } = picked;
    if keep {
        menus.delete = None;
    }
    if ask.is_some() {
        menus.delete = ask;
    }
    if let Some(path) = delete {
        menus.delete = None;
        menus.stale = true;
        match storage.delete_save(&path) {
            Ok(name) => {
                let said = format!("Deleted the save {name}.");
                notice.info(said.clone());
                menus.deleted = Some(said);
            }
            Err(e) => notice.error(e),
        }
    }
    if let Some(path) = chosen {
        match stage_file(&games, &path, mode) {
            Ok(staged) => {
                commands.queue(staged.apply);
                close = true;
            }
            Err(e) => notice.error(e),
        }
    }
    if close {
        menus.load = None;
    }
    Ok(())
}

/// What a click in the Load window asked for.
#[derive(Default)]
struct Picked {
    /// The save to load or replay.
    chosen: Option<std::path::PathBuf>,
    /// Close the window.
    close: bool,
    /// The save whose Delete was clicked (to ask first).
    ask: Option<std::path::PathBuf>,
    /// The save whose deletion was confirmed.
    delete: Option<std::path::PathBuf>,
    /// The deletion asked about was called off.
    keep: bool,
}

/// The Load window's contents: each save with its `verb` button and, but for the autosave, its
/// Delete (or the question it asked), then the last error or what was deleted, and Close.
fn load_list(
    ui: &mut egui::Ui,
    menus: &Menus,
    storage: &Storage,
    notice: &Notice,
    verb: &str,
    now: std::time::SystemTime,
) -> Picked {
    let mut picked = Picked::default();
    let autosave = storage.autosave().ok();
    if menus.entries.is_empty() {
        let dir = storage
            .saves_dir()
            .map_or_else(|e| e, |d| d.display().to_string());
        ui.label(format!("No saved games yet (they go to {dir})."));
    }
    egui::ScrollArea::vertical()
        .max_height(320.0)
        .show(ui, |ui| {
            for entry in &menus.entries {
                ui.horizontal(|ui| {
                    // A file that does not open cannot be picked: its reason is beside it.
                    let opens = ui
                        .add_enabled(entry.summary.is_ok(), egui::Button::new(verb))
                        .on_disabled_hover_text(
                            "This file does not open: the reason is beside it.",
                        );
                    if opens.clicked() {
                        picked.chosen = Some(entry.path.clone());
                    }
                    ui.label(&entry.name);
                    match &entry.summary {
                        Ok(s) => match entry.saved_ago(now) {
                            when if when.is_empty() => ui.small(s),
                            when => ui.small(format!("{s}, saved {when}")),
                        },
                        Err(e) => ui.colored_label(egui::Color32::LIGHT_RED, e),
                    };
                    // The autosave is rewritten by the next move; only saves are deleted.
                    if autosave.as_ref() == Some(&entry.path) {
                        return;
                    }
                    if menus.delete.as_ref() == Some(&entry.path) {
                        ui.colored_label(egui::Color32::LIGHT_RED, "Delete for good?");
                        if ui.button("Delete it").clicked() {
                            picked.delete = Some(entry.path.clone());
                        }
                        if ui.button("Keep it").clicked() {
                            picked.keep = true;
                        }
                    } else if ui.button("Delete").clicked() {
                        picked.ask = Some(entry.path.clone());
                    }
                });
            }
        });
    if notice.is_error && !notice.text.is_empty() {
        ui.separator();
        let said = hoarfrost_rules::words::capitalized(&notice.text);
        ui.colored_label(egui::Color32::LIGHT_RED, said);
    } else if let Some(said) = &menus.deleted {
        ui.separator();
        ui.label(said);
    }
    ui.separator();
    if ui.button("Close").clicked() {
        picked.close = true;
    }
    picked
}

/// The title screen's buttons for saved games, settings and quitting; Continue only while the
/// `last` game's autosave opens.
pub fn title_buttons(
    ui: &mut egui::Ui,
    (menus, last): (&mut Menus, &LastGame),
    (storage, games): (&Storage, &Games),
    notice: &mut Notice,
    commands: &mut Commands,
) {
    let (resumable, why_not) = match &last.0 {
        Some(entry) if entry.summary.is_ok() => (true, ""),
        Some(_) => (
            false,
            "The autosave does not open: the line below says why.",
        ),
        None => (false, "No game has been autosaved yet."),
    };
    ui.horizontal(|ui| {
        let resume = ui
            .add_enabled(resumable, egui::Button::new("Continue"))
            .on_disabled_hover_text(why_not);
        if resume.on_hover_text("Resume the last game").clicked() {
            match stage_autosave(games, storage) {
                Ok(staged) => commands.queue(staged.apply),
                Err(e) => notice.error(e),
            }
        }
        if ui.button("Load a save").on_hover_text("Ctrl+O").clicked() {
            menus.open_load(LoadMode::Resume);
        }
        if ui.button("Replay a save").clicked() {
            menus.open_load(LoadMode::Replay);
        }
        if ui.button("Settings").on_hover_text("Ctrl+,").clicked() {
            menus.settings = true;
        }
        let records = ui
            .button("Records")
            .on_hover_text("Games won, lost and watched");
        if records.clicked() {
            menus.records = true;
        }
        let quit = ui.button("Quit").on_hover_text(
            "Close Hoarfrost; the game last played is in the autosave (Continue brings it back)",
        );
        if quit.clicked() {
            commands.queue(|world: &mut World| {
                world.write_message(AppExit::Success);
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortcuts_map_to_their_commands() {
        let cmd = |c| Some(Shortcut::Command(c));
        assert_eq!(shortcut(KeyCode::KeyS, false), cmd(GameCommand::Save));
        assert_eq!(shortcut(KeyCode::KeyZ, false), cmd(GameCommand::Undo));
        assert_eq!(shortcut(KeyCode::KeyZ, true), cmd(GameCommand::Redo));
        assert_eq!(shortcut(KeyCode::KeyY, false), cmd(GameCommand::Redo));
        assert_eq!(shortcut(KeyCode::KeyO, false), Some(Shortcut::OpenLoad));
        assert_eq!(
            shortcut(KeyCode::Comma, false),
            Some(Shortcut::OpenSettings)
        );
        assert_eq!(shortcut(KeyCode::KeyQ, false), None);
    }

    #[test]
    fn the_title_screen_names_the_game_continue_resumes_or_why_it_does_not_open() {
        use hoarfrost_rules::GameKind;
        let scratch = crate::plugins::core::testing::scratch::Scratch::new("last-game");
        let storage = scratch.storage();
        let mut world = World::new();
        world.insert_resource(storage.clone());
        world.init_resource::<LastGame>();
        let note = |world: &mut World| {
            world.run_system_cached(note_last_game).unwrap();
            let soon = std::time::SystemTime::now() + std::time::Duration::from_secs(300);
            world.resource::<LastGame>().line(soon)
        };
        assert_eq!(note(&mut world), None, "no autosave");
        let text = hoarfrost_rules::fuzz::targets::sample_save(GameKind::IceColony, 2, 5).unwrap();
        let steps = hoarfrost_rules::save::peek(&text).unwrap().steps;
        crate::plugins::core::storage::write_file(&storage.autosave().unwrap(), &text).unwrap();
        assert_eq!(
            note(&mut world),
            Some(format!(
                "Continue: Ice Colony, 2 seats (0 human), {steps} steps, 5 minutes ago."
            ))
        );
        // Continue resumes it.
        let continued = |world: &mut World| {
            let mut title = Title {
                last: LastGame(world.resource::<LastGame>().0.clone()),
                ..Title::default()
            };
            title.click("Continue", world, &storage);
            (!title.queue.is_empty(), title.notice.text)
        };
        assert_eq!(continued(&mut world), (true, String::new()));
        // What it queued stages the autosave's game to play on (not to replay), at its last step,
        // and opens the table.
        {
            use crate::plugins::session::loading::{Pending, PendingGame};
            use hoarfrost_rules::ice_colony::IceColony;
            let mut title = Title {
                last: LastGame(world.resource::<LastGame>().0.clone()),
                ..Title::default()
            };
            title.click("Continue", &world, &storage);
            let mut table = World::new();
            table.init_resource::<Notice>();
            table.init_resource::<NextState<Screen>>();
            title.queue.apply(&mut table);
            match table.resource::<Pending<IceColony>>().0.as_ref() {
                Some(PendingGame::Resume { recorder, tutorial }) => {
                    assert_eq!((recorder.len(), *tutorial), (steps, false));
                }
                _ => panic!("Continue staged no game to play on"),
            }
            assert!(matches!(
                table.resource::<NextState<Screen>>(),
                NextState::Pending(Screen::Playing)
            ));
        }
        crate::plugins::core::storage::write_file(
            &storage.autosave().unwrap(),
            "(format: 1, game: ",
        )
        .unwrap();
        let line = note(&mut world).unwrap();
        assert!(line.starts_with("The autosave does not open: "), "{line}");
        // A damaged autosave cannot be continued: the button does nothing (the line says why).
        assert_eq!(continued(&mut world), (false, String::new()));
        // Nor can one whose header reads but whose moves no longer replay.
        let towers =
            hoarfrost_rules::fuzz::targets::sample_save(GameKind::IceTowers, 2, 5).unwrap();
        let bad = hoarfrost_rules::fuzz::targets::played_by_no_seat(&towers).unwrap();
        crate::plugins::core::storage::write_file(&storage.autosave().unwrap(), &bad).unwrap();
        let line = note(&mut world).unwrap();
        assert!(
            line.starts_with(
                "The autosave does not open: the saved game does not replay from step "
            ),
            "{line}"
        );
        assert_eq!(continued(&mut world), (false, String::new()));
        std::fs::remove_file(storage.autosave().unwrap()).unwrap();
        assert_eq!(note(&mut world), None);
        assert_eq!(continued(&mut world), (false, String::new()));
    }

    #[test]
    fn only_a_save_that_reads_can_be_picked_in_the_load_window() {
        let scratch = crate::plugins::core::testing::scratch::Scratch::new("load-list");
        let storage = scratch.storage();
        let dir = storage.saves_dir().unwrap();
        let text =
            hoarfrost_rules::fuzz::targets::sample_save(hoarfrost_rules::GameKind::IceTowers, 2, 5)
                .unwrap();
        crate::plugins::core::storage::write_file(&dir.join("icetowers-001.ron"), &text).unwrap();
        crate::plugins::core::storage::write_file(&dir.join("icetowers-002.ron"), "not a save")
            .unwrap();
        let sprawl =
            hoarfrost_rules::fuzz::targets::sample_save(hoarfrost_rules::GameKind::Sprawl, 2, 5)
                .unwrap();
        let bad = hoarfrost_rules::fuzz::targets::played_by_no_seat(&sprawl).unwrap();
        crate::plugins::core::storage::write_file(&dir.join("sprawl-001.ron"), &bad).unwrap();
        let all = entries(&storage);
        assert_eq!(all.len(), 3);
        let opens: Vec<bool> = all.iter().map(|e| e.summary.is_ok()).collect();
        assert_eq!(opens.iter().filter(|&&o| o).count(), 1, "{opens:?}");
        let now = std::time::SystemTime::now();
        for (n, entry) in all.iter().enumerate() {
            // Only this entry in the window: click its Load.
            let alone = Menus {
                entries: vec![entry.clone()],
                ..Menus::default()
            };
            let mut picked = None;
            crate::plugins::core::testing::egui_test::click("Load", |ui| {
                let got = load_list(ui, &alone, &storage, &Notice::default(), "Load", now);
                picked = picked.take().or(got.chosen);
            });
            let reads = entry.summary.is_ok();
            assert_eq!(picked.is_some(), reads, "entry {n}: {:?}", entry.summary);
        }
    }

    /// The title screen's buttons with what they change: the menus, the notice, the last game that
    /// Continue resumes, and the commands they queue.
    #[derive(Default)]
    struct Title {
        menus: Menus,
        notice: Notice,
        last: LastGame,
        queue: bevy::ecs::world::CommandQueue,
    }

    impl Title {
        /// Click the button labelled `label`.
        fn click(&mut self, label: &str, world: &World, storage: &Storage) {
            crate::plugins::core::testing::egui_test::click(label, |ui| {
                let mut commands = Commands::new(&mut self.queue, world);
                title_buttons(
                    ui,
                    (&mut self.menus, &self.last),
                    (storage, &crate::plugins::session::registry::every_game()),
                    &mut self.notice,
                    &mut commands,
                );
            });
        }
    }

    #[test]
    fn the_title_screens_quit_button_closes_the_app() {
        let dir = std::env::temp_dir().join(format!("hoarfrost-quit-{}", std::process::id()));
        let storage = Storage::under(&dir);
        let mut world = World::new();
        world.init_resource::<Messages<AppExit>>();
        let mut title = Title::default();
        title.click("Quit", &world, &storage);
        title.queue.apply(&mut world);
        let exits: Vec<_> = world.resource_mut::<Messages<AppExit>>().drain().collect();
        assert_eq!(exits, vec![AppExit::Success]);
        assert!(!title.menus.settings && !title.menus.load_open());
    }

    #[test]
    fn the_title_screens_settings_and_records_buttons_open_their_windows() {
        let storage = Storage::under(&std::env::temp_dir().join("hoarfrost-no-such-dir"));
        let world = World::new();
        let mut title = Title::default();
        title.click("Settings", &world, &storage);
        assert!(title.menus.settings && !title.menus.records);
        title.click("Records", &world, &storage);
        assert!(title.menus.records);
    }

    #[test]
    fn the_load_window_says_what_was_deleted_and_a_later_error_over_it() {
        let storage = Storage::under(&std::env::temp_dir().join("hoarfrost-no-such-dir"));
        let now = std::time::SystemTime::now();
        let mut menus = Menus::default();
        menus.open_load(LoadMode::Resume);
        menus.entries = vec![entry_for(std::path::Path::new("/nowhere/sprawl-001.ron"))];
        let mut notice = Notice::default();
        let shown = |menus: &Menus, notice: &Notice| {
            crate::plugins::core::testing::egui_test::labels(|ui| {
                load_list(ui, menus, &storage, notice, "Load", now);
            })
        };
        let said = "Deleted the save sprawl-002.";
        assert!(!shown(&menus, &notice).iter().any(|l| l == said));
        menus.deleted = Some(said.into());
        notice.info(said);
        let labels = shown(&menus, &notice);
        assert!(labels.iter().any(|l| l == said), "{labels:?}");
        assert!(labels.iter().any(|l| l == "Delete"), "{labels:?}");
        // An error since (a save that would not load) is shown in its place.
        notice.error("sprawl-001 is not a save");
        let labels = shown(&menus, &notice);
        // Shown as a sentence begins.
        assert!(labels.iter().any(|l| l == "Sprawl-001 is not a save"));
        assert!(!labels.iter().any(|l| l == said), "{labels:?}");
        // Opened again, the window has nothing to say.
        notice.info("");
        menus.open_load(LoadMode::Resume);
        menus.entries.clear();
        assert!(!shown(&menus, &notice).iter().any(|l| l == said));
    }

    #[derive(Resource, Default)]
    struct Drops(usize);

    #[test]
    fn escape_closes_a_window_first_then_puts_down_what_is_held() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, crate::plugins::table::held::plugin))
            .init_resource::<Menus>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<Notice>()
            .init_resource::<Drops>()
            .add_systems(
                Update,
                (
                    escape,
                    |mut r: MessageReader<DropHeld>, mut n: ResMut<Drops>| n.0 += r.read().count(),
                )
                    .chain(),
            );
        let press = |app: &mut App| {
            let before = app.world().resource::<Drops>().0;
            crate::systems::tap(app, KeyCode::Escape);
            app.world().resource::<Drops>().0 - before
        };
        app.world_mut().resource_mut::<Menus>().rules = Some(hoarfrost_rules::GameKind::Sprawl);
        app.world_mut()
            .resource_mut::<Menus>()
            .open_load(LoadMode::Replay);
        assert_eq!(press(&mut app), 0);
        let menus = app.world().resource::<Menus>();
        assert!(menus.rules.is_none() && !menus.load_open());
        assert_eq!(press(&mut app), 1);
        app.world_mut().resource_mut::<Menus>().records = true;
        assert_eq!(press(&mut app), 0);
        assert!(!app.world().resource::<Menus>().records);
        app.world_mut().resource_mut::<Menus>().settings = true;
        assert_eq!(press(&mut app), 0, "the settings window cancels itself");
        assert!(app.world().resource::<Menus>().settings);
    }
}
