//! The Settings window (from the title screen, a game's side panel or Ctrl+,): window mode, graphics
//! quality, camera speed, animation speed, AI speed, text size, sound volume and, on the title
//! screen, the default seats. F11 switches the window mode on its own. Settings are read at start
//! (a damaged file gives the defaults and a notice), take effect when saved, and are written to
//! `<config>/settings.ron` then. Text and panels also follow the
//! window's height (`settings::ui_zoom`), so a small window keeps room for the table.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::plugins::core::notice::Notice;
use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::seats::SeatKind;
use crate::plugins::core::settings::{
    Quality, SPEED_RANGE, Settings, UI_SCALE_RANGE, VOLUME_RANGE, WindowChoice, ui_zoom,
};
use crate::plugins::core::storage::{Storage, write_file};
use crate::plugins::session::ai::ReactionTime;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::table::camera::CameraSpeed;
use crate::plugins::ui::save_menu::Menus;
use crate::systems::AnimationSpeed;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .add_systems(Startup, load_settings)
        .add_systems(Update, fullscreen_by_key)
        .add_systems(
            Update,
            apply_settings
                .run_if(resource_changed::<Settings>)
                .after(fullscreen_by_key),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                fit_text_to_window,
                settings_window.run_if(|m: Res<Menus>| m.settings),
            ),
        );
}

/// Read the settings file; unless the command line starts a game, the title screen starts on the
/// game played last (the autosave's) with the default seats.
fn load_settings(
    storage: Res<Storage>,
    options: Res<LaunchOptions>,
    mut settings: ResMut<Settings>,
    mut choice: ResMut<SetupChoice>,
    mut notice: ResMut<Notice>,
) {
    let (loaded, message) = match storage.settings_file() {
        Ok(path) => Settings::load(&path),
        Err(_) => (Settings::default(), None),
    };
    if let Some(m) = message {
        eprintln!("hoarfrost: {m}");
        notice.error(m);
    }
    if options.game.is_none() && !options.resume && options.replay.is_none() {
        let last = storage.last_header();
        if let Some(game) = last.as_ref().and_then(|h| h.kind()) {
            choice.game = game;
        }
        seat_defaults(&mut choice, &loaded.default_seats);
        // The players' names of the last game wait at their seats for the next one.
        let names = last.map_or_else(Vec::new, |h| {
            crate::plugins::session::loading::seat_names(&h.seats)
        });
        for (seat, name) in choice.seats.iter_mut().zip(names) {
            seat.name = name;
        }
    }
    *settings = loaded;
}

/// Give the title choice the default seats: as many as its game takes, the others set aside for a
/// game that seats more.
pub fn seat_defaults(choice: &mut SetupChoice, kinds: &[SeatKind]) {
    choice.set_count(kinds.len());
    for (seat, kind) in choice.seats.iter_mut().zip(kinds) {
        seat.kind = *kind;
    }
    choice.pick(choice.game);
}

/// Make the settings take effect: window mode, camera and animation speed.
fn apply_settings(
    settings: Res<Settings>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut camera: ResMut<CameraSpeed>,
    mut animation: ResMut<AnimationSpeed>,
    reaction: Option<ResMut<ReactionTime>>,
) {
    camera.0 = settings.camera_speed;
    animation.0 = settings.animation_speed;
    if let Some(mut reaction) = reaction {
        reaction.pace = settings.ai_speed;
    }
    let mode = match settings.window {
        WindowChoice::Windowed => WindowMode::Windowed,
        WindowChoice::Fullscreen => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
    };
    for mut window in &mut windows {
        if window.mode != mode {
            window.mode = mode;
        }
    }
}

/// Write `settings` to the settings file, for the next start.
pub(crate) fn keep(storage: &Storage, settings: &Settings) -> Result<(), String> {
    storage
        .settings_file()
        .and_then(|path| write_file(&path, &settings.to_ron()))
}

/// F11 switches between a window and the full screen, and keeps the choice in the settings file as
/// the Settings window's Save would. While that window is open its own choice is the one to change.
fn fullscreen_by_key(
    keys: Res<ButtonInput<KeyCode>>,
    menus: Res<Menus>,
    storage: Res<Storage>,
    mut settings: ResMut<Settings>,
    mut notice: ResMut<Notice>,
) {
    if !keys.just_pressed(KeyCode::F11) {
        return;
    }
    if menus.settings {
        notice.info("The Settings window is open: choose windowed or fullscreen there.");
        return;
    }
    let mut next = settings.clone();
    let (window, said) = match next.window {
        WindowChoice::Windowed => (
            WindowChoice::Fullscreen,
            "Fullscreen (F11 goes back to a window).",
        ),
        WindowChoice::Fullscreen => (WindowChoice::Windowed, "Windowed (F11 fills the screen)."),
    };
    next.window = window;
    match keep(&storage, &next) {
        Ok(()) => notice.info(said),
        Err(e) => notice.error(format!(
            "{said} It was not kept for next time: the settings could not be saved: {e}"
        )),
    }
    *settings = next;
}

/// Size text and panels for the window's height and the player's text size, whenever either
/// changes. egui's own Ctrl+plus/minus zoom is off: the Settings window is the one place for it.
fn fit_text_to_window(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut applied: Local<Option<f32>>,
) -> Result {
    let Ok(window) = windows.single() else {
        return Ok(());
    };
    let zoom = ui_zoom(settings.ui_scale, window.height());
    if *applied != Some(zoom) {
        let ctx = contexts.ctx_mut()?;
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        ctx.set_zoom_factor(zoom);
        crate::plugins::core::ui_style::set_small_text(ctx, zoom);
        *applied = Some(zoom);
    }
    Ok(())
}

/// The window's draft of the settings, kept while it is open, and where they are kept.
type Draft<'w, 's> = (Local<'s, Option<Settings>>, Res<'w, Storage>);

fn settings_window(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    (mut draft, storage): Draft,
    mut menus: ResMut<Menus>,
    (mut choice, mut notice): (ResMut<SetupChoice>, ResMut<Notice>),
    screen: Res<State<Screen>>,
) -> Result {
    // The default seats are the title screen's; in a game they would only confuse.
    let title = *screen.get() == Screen::Title;
    let d = draft.get_or_insert_with(|| settings.clone());
    let (mut save, mut close) = (false, false);
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Settings")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            choices(ui, d);
            if title {
                default_seats(ui, &mut d.default_seats);
            }
            if let Ok(path) = storage.settings_file() {
                ui.small(format!("Saved in {}", path.display()));
            }
            ui.horizontal(|ui| {
                save = ui.button("Save").clicked();
                close = ui.button("Cancel").clicked();
            });
        });
    if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        close = true;
    }
    if save {
        let chosen = d.clone().sanitized();
        match keep(&storage, &chosen) {
            Ok(()) => notice.info("Settings saved."),
            Err(e) => notice.error(format!("The settings could not be saved: {e}")),
        }
        if title {
            seat_defaults(&mut choice, &chosen.default_seats);
        }
        *settings = chosen;
        close = true;
    }
    if close {
        *draft = None;
        menus.settings = false;
    }
    Ok(())
}

/// The settings' own rows: window, graphics, speeds, text size, volume and turning the table.
fn choices(ui: &mut egui::Ui, d: &mut Settings) {
    ui.horizontal(|ui| {
        ui.label("Window");
        ui.radio_value(&mut d.window, WindowChoice::Windowed, "windowed");
        ui.radio_value(&mut d.window, WindowChoice::Fullscreen, "fullscreen");
    });
    ui.horizontal(|ui| {
        ui.label("Graphics");
        for q in [Quality::Auto, Quality::High, Quality::Low] {
            ui.radio_value(&mut d.quality, q, q.name());
        }
    })
    .response
    .on_hover_text(
        "high: smooth edges, the round table and finer shadows; low: for computers \
         without a graphics card; auto: low only where there is none",
    );
    ui.add(egui::Slider::new(&mut d.camera_speed, SPEED_RANGE).text("camera speed"));
    ui.add(egui::Slider::new(&mut d.animation_speed, SPEED_RANGE).text("animation speed"));
    ui.add(egui::Slider::new(&mut d.ai_speed, SPEED_RANGE).text("AI speed"))
        .on_hover_text(
            "how soon AI seats move: slower leaves time to follow them, and to keep up \
             in IceTowers, where nobody waits for a turn",
        );
    ui.add(egui::Slider::new(&mut d.ui_scale, UI_SCALE_RANGE).text("text size"))
        .on_hover_text(
            "text and panels, over the size they take on their own: smaller in a small \
             window, larger in a tall one",
        );
    ui.add(egui::Slider::new(&mut d.volume, VOLUME_RANGE).text("sound volume"))
        .on_hover_text(if cfg!(feature = "sound") {
            "the table's sounds: moves, dice, refusals, the ice shield and the game's \
             end (0 is silent; M mutes them for this run)"
        } else {
            crate::plugins::table::sound::NO_SOUND
        });
    ui.checkbox(
        &mut d.turn_to_player,
        "turn the table to the player to move",
    )
    .on_hover_text(
        "Sprawl and Ice Castle: with several people at one screen, the view swings \
             to the side of whoever is to move (R or Home frames it from there)",
    );
}

/// The title screen's default seats: how many, and who sits in each.
fn default_seats(ui: &mut egui::Ui, seats: &mut Vec<SeatKind>) {
    let mut n = seats.len();
    let word = hoarfrost_rules::words::noun(n as i64, "default seat", "default seats");
    ui.add(egui::Slider::new(&mut n, 1..=8).text(word));
    seats.resize(n, SeatKind::Ai);
    for (i, kind) in seats.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("Seat {}", i + 1));
            ui.selectable_value(kind, SeatKind::Human, "Human");
            ui.selectable_value(kind, SeatKind::Ai, "AI");
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::GameKind;

    #[test]
    fn applied_settings_set_the_camera_animation_and_ai_speeds() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<CameraSpeed>()
            .init_resource::<AnimationSpeed>()
            .init_resource::<ReactionTime>()
            .insert_resource(Settings {
                camera_speed: 2.0,
                animation_speed: 3.0,
                ai_speed: 0.5,
                ..Settings::default()
            })
            .add_systems(Update, apply_settings);
        app.update();
        let world = app.world();
        assert_eq!(world.resource::<CameraSpeed>().0, 2.0);
        assert_eq!(world.resource::<AnimationSpeed>().0, 3.0);
        let reaction = world.resource::<ReactionTime>();
        assert_eq!(reaction.wait(0.0), 1.2, "half the AI speed, twice the wait");
    }

    #[test]
    fn f11_switches_to_fullscreen_and_back_and_keeps_the_choice() {
        let root = crate::plugins::core::testing::scratch::Scratch::new("f11");
        let storage = Storage::under(&root);
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<CameraSpeed>()
            .init_resource::<AnimationSpeed>()
            .init_resource::<Menus>()
            .init_resource::<Notice>()
            .init_resource::<Settings>()
            .insert_resource(storage.clone())
            .add_systems(
                Update,
                (fullscreen_by_key, apply_settings.after(fullscreen_by_key)),
            );
        app.world_mut().spawn((Window::default(), PrimaryWindow));
        let press = |app: &mut App| {
            let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            input.release_all();
            input.clear();
            input.press(KeyCode::F11);
            app.update();
            let mut q = app.world_mut().query::<&Window>();
            let mode = q.single(app.world()).unwrap().mode;
            let kept = Settings::load(&storage.settings_file().unwrap()).0.window;
            let said = app.world().resource::<Notice>().text.clone();
            (mode, kept, said)
        };
        let (mode, kept, said) = press(&mut app);
        assert_eq!(
            mode,
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        );
        assert_eq!(kept, WindowChoice::Fullscreen);
        assert!(said.starts_with("Fullscreen"), "{said}");
        let (mode, kept, said) = press(&mut app);
        assert_eq!((mode, kept), (WindowMode::Windowed, WindowChoice::Windowed));
        assert!(said.starts_with("Windowed"), "{said}");
        // With the Settings window open, F11 leaves the choice to it.
        app.world_mut().resource_mut::<Menus>().settings = true;
        let (mode, kept, said) = press(&mut app);
        assert_eq!((mode, kept), (WindowMode::Windowed, WindowChoice::Windowed));
        assert!(said.contains("Settings window is open"), "{said}");
    }

    /// The title choice after start-up with `options` and, if given, an autosave of `last` whose
    /// first seat is `first_seat` ("ai:random", "human:Anna").
    fn title_choice_at_start(
        options: LaunchOptions,
        last: Option<GameKind>,
        first_seat: &str,
    ) -> SetupChoice {
        let root = crate::plugins::core::testing::scratch::Scratch::new(&format!(
            "title-start-{last:?}-{}",
            options.game.is_some()
        ));
        let storage = Storage::under(&root);
        if let Some(game) = last {
            let text = hoarfrost_rules::fuzz::targets::sample_save(game, 3, 4).unwrap();
            assert!(text.contains("\"ai:random\""), "{text}");
            let text = text.replacen("\"ai:random\"", &format!("\"{first_seat}\""), 1);
            write_file(&storage.autosave().unwrap(), &text).unwrap();
        }
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(storage)
            .insert_resource(options)
            .init_resource::<Settings>()
            .init_resource::<Notice>()
            .insert_resource(SetupChoice::new(
                GameKind::IceFortress,
                &[SeatKind::Human, SeatKind::Ai],
                1,
            ))
            .add_systems(Startup, load_settings);
        app.update();
        app.world().resource::<SetupChoice>().clone()
    }

    #[test]
    fn the_title_screen_opens_on_the_game_played_last() {
        let fresh = title_choice_at_start(LaunchOptions::default(), None, "ai:random");
        assert_eq!(fresh.game, GameKind::IceFortress);
        let sprawl = title_choice_at_start(
            LaunchOptions::default(),
            Some(GameKind::Sprawl),
            "ai:random",
        );
        assert_eq!(sprawl.game, GameKind::Sprawl);
        assert!(sprawl.problem().is_none(), "three seats at least");
        // A game named on the command line is not replaced.
        let named = LaunchOptions {
            game: Some(GameKind::IceFortress),
            ..LaunchOptions::default()
        };
        assert_eq!(
            title_choice_at_start(named, Some(GameKind::IceColony), "ai:random").game,
            GameKind::IceFortress
        );
    }

    #[test]
    fn the_last_games_players_names_wait_at_their_seats() {
        let choice = title_choice_at_start(
            LaunchOptions::default(),
            Some(GameKind::IceTowers),
            "human:Anna",
        );
        assert_eq!(choice.seats[0].name, "Anna");
        assert_eq!(choice.names()[0], "Anna", "the first default seat is human");
    }

    #[test]
    fn default_seats_fit_the_title_game() {
        let mut choice = SetupChoice::new(GameKind::IceTowers, &[SeatKind::Human; 2], 1);
        seat_defaults(&mut choice, &[SeatKind::Ai, SeatKind::Ai, SeatKind::Human]);
        assert_eq!(
            choice.kinds(),
            vec![SeatKind::Ai, SeatKind::Ai, SeatKind::Human]
        );
        seat_defaults(&mut choice, &[SeatKind::Human]);
        assert_eq!(choice.kinds(), vec![SeatKind::Human, SeatKind::Ai]);
        assert!(choice.problem().is_none());
        // Eight default seats on Ice Fortress: four seated, all eight once Sprawl is picked.
        let mut eight = [SeatKind::Ai; 8];
        eight[6] = SeatKind::Human;
        let mut choice = SetupChoice::new(GameKind::IceFortress, &[SeatKind::Human], 1);
        seat_defaults(&mut choice, &eight);
        assert_eq!(choice.kinds(), eight[..4]);
        choice.pick(GameKind::Sprawl);
        assert_eq!(choice.kinds(), eight);
    }
}
