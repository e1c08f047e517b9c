//! The window opens at the size it was last given (kept in `<config>/window.ron`), unless
//! `--window` names one; benchmark and soak runs keep the default size, so their figures compare.

use bevy::prelude::*;
use bevy::window::{
    PresentMode, PrimaryWindow, WindowMode, WindowResizeConstraints, WindowResized,
    WindowResolution,
};
use serde::{Deserialize, Serialize};

use crate::plugins::core::options::{LaunchOptions, MIN_WINDOW, window_fits};
use crate::plugins::core::storage::{Storage, write_file};

/// Seconds without a further resize before the new size is written (a drag sends many).
const SETTLE_SECS: f32 = 0.5;

/// The window's size in physical pixels, as the file holds it.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
struct WindowSize {
    width: u32,
    height: u32,
}

/// Whether this run keeps the window's size: not when `--window` chose it, nor in a benchmark or
/// soak run.
pub fn remembers(options: &LaunchOptions) -> bool {
    options.window.is_none() && options.bench.is_none() && options.soak.is_none()
}

/// The size last written, if the file is there and sound; a damaged or out-of-range one is
/// reported and passed over (the default size is used).
pub fn remembered(storage: &Storage) -> Option<(u32, u32)> {
    let path = storage.window_file()?;
    let text = hoarfrost_rules::save::read_if_there(&path)
        .inspect_err(|e| eprintln!("hoarfrost: {} could not be read ({e}).", path.display()))
        .ok()??;
    let read = ron::from_str::<WindowSize>(&text)
        .map_err(|e| e.to_string())
        .and_then(|s| window_fits(s.width, s.height));
    match read {
        Ok(size) => Some(size),
        Err(e) => {
            eprintln!(
                "hoarfrost: {} is not a window size ({e}); the default size is used.",
                path.display()
            );
            None
        }
    }
}

/// A size waiting for the resizing to settle, and the last one written.
#[derive(Resource, Default)]
struct Pending {
    size: Option<(u32, u32)>,
    since: f32,
    written: Option<(u32, u32)>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Pending>()
        .add_systems(Startup, note_opening_size)
        .add_systems(
            Last,
            keep_size.run_if(|o: Res<LaunchOptions>| remembers(&o)),
        );
}

/// The size the window opened at needs no writing.
fn note_opening_size(windows: Query<&Window, With<PrimaryWindow>>, mut pending: ResMut<Pending>) {
    if let Ok(w) = windows.single() {
        pending.written = Some((w.physical_width(), w.physical_height()));
    }
}

/// Note each resize of the windowed (not fullscreen) window; once it has settled, or when the app
/// quits before that, write the size.
fn keep_size(
    mut resized: MessageReader<WindowResized>,
    mut exit: MessageReader<AppExit>,
    windows: Query<&Window, With<PrimaryWindow>>,
    time: Res<Time>,
    storage: Res<Storage>,
    mut pending: ResMut<Pending>,
) {
    if resized.read().count() > 0
        && let Ok(w) = windows.single()
        && w.mode == WindowMode::Windowed
    {
        pending.size = Some((w.physical_width(), w.physical_height()));
        pending.since = time.elapsed_secs();
    }
    let quitting = exit.read().count() > 0;
    let Some(size) = pending.size else {
        return;
    };
    if time.elapsed_secs() - pending.since < SETTLE_SECS && !quitting {
        return;
    }
    pending.size = None;
    if pending.written == Some(size) || window_fits(size.0, size.1).is_err() {
        return;
    }
    let Some(path) = storage.window_file() else {
        return;
    };
    let (width, height) = size;
    let text = ron::to_string(&WindowSize { width, height }).unwrap_or_default();
    match write_file(&path, &text) {
        Ok(()) => pending.written = Some(size),
        Err(e) => eprintln!("hoarfrost: the window's size was not kept: {e}"),
    }
}

/// The window both the app and the bare scene open: 1280x720 unless `--window` says otherwise or
/// a size was `kept` from the last run (it can be resized down to [`MIN_WINDOW`]),
/// without vsync in benchmark mode so frame times are not rounded up to the display's refresh.
pub fn window_plugin(options: &LaunchOptions, kept: Option<(u32, u32)>) -> WindowPlugin {
    let present_mode = if options.bench.is_some() {
        PresentMode::AutoNoVsync
    } else {
        PresentMode::default()
    };
    let (width, height) = options.window.or(kept).unwrap_or((1280, 720));
    WindowPlugin {
        primary_window: Some(Window {
            title: "Hoarfrost".into(),
            resolution: WindowResolution::new(width, height),
            resize_constraints: WindowResizeConstraints {
                min_width: MIN_WINDOW.0 as f32,
                min_height: MIN_WINDOW.1 as f32,
                ..default()
            },
            present_mode,
            ..default()
        }),
        ..default()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use bevy::time::TimeUpdateStrategy;

    use super::*;

    /// An app with only this plugin, a primary window of `size`, and time that steps 0.2 s a frame.
    fn window_app(storage: &Storage, options: LaunchOptions, size: (u32, u32)) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<WindowResized>()
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                200,
            )))
            .insert_resource(storage.clone())
            .insert_resource(options)
            .add_plugins(plugin);
        let window = Window {
            resolution: bevy::window::WindowResolution::new(size.0, size.1),
            ..default()
        };
        app.world_mut().spawn((window, PrimaryWindow));
        app.update();
        app
    }

    /// The player drags the window to `size`: the window takes it and says so.
    fn resize(app: &mut App, size: (u32, u32)) {
        let mut q = app
            .world_mut()
            .query_filtered::<(Entity, &mut Window), With<PrimaryWindow>>();
        let (entity, mut w) = q.single_mut(app.world_mut()).unwrap();
        w.resolution.set_physical_resolution(size.0, size.1);
        app.world_mut().write_message(WindowResized {
            window: entity,
            width: size.0 as f32,
            height: size.1 as f32,
        });
    }

    /// A fresh folder for one test's storage (kept while the test runs) and the storage in it.
    fn dir(name: &str) -> (crate::plugins::core::testing::scratch::Scratch, Storage) {
        let scratch =
            crate::plugins::core::testing::scratch::Scratch::new(&format!("window-{name}"));
        let storage = scratch.storage();
        (scratch, storage)
    }

    #[test]
    fn a_resized_window_opens_at_that_size_next_time() {
        let (_scratch, storage) = dir("kept");
        let storage = &storage;
        let mut app = window_app(storage, LaunchOptions::default(), (1280, 720));
        assert_eq!(remembered(storage), None, "nothing kept at first");
        resize(&mut app, (1000, 600));
        app.update();
        assert_eq!(
            remembered(storage),
            None,
            "a drag still going is not written"
        );
        resize(&mut app, (1100, 650));
        for _ in 0..4 {
            app.update();
        }
        assert_eq!(remembered(storage), Some((1100, 650)), "the settled size");
        // Quitting at once after a resize still keeps it.
        resize(&mut app, (900, 500));
        app.world_mut().write_message(AppExit::Success);
        app.update();
        assert_eq!(remembered(storage), Some((900, 500)), "kept on quitting");
    }

    #[test]
    fn a_size_from_the_command_line_or_fullscreen_is_not_kept() {
        let (_scratch, storage) = dir("chosen");
        let storage = &storage;
        let flagged = LaunchOptions {
            window: Some((960, 540)),
            ..default()
        };
        let mut app = window_app(storage, flagged, (960, 540));
        resize(&mut app, (1000, 600));
        for _ in 0..4 {
            app.update();
        }
        assert_eq!(remembered(storage), None, "--window chose the size");
        let mut app = window_app(storage, LaunchOptions::default(), (1280, 720));
        let mut q = app.world_mut().query::<&mut Window>();
        q.single_mut(app.world_mut()).unwrap().mode =
            WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current);
        resize(&mut app, (1920, 1080));
        for _ in 0..4 {
            app.update();
        }
        assert_eq!(remembered(storage), None, "the screen's size in fullscreen");
    }

    #[test]
    fn a_damaged_or_impossible_size_file_is_passed_over() {
        let (_scratch, storage) = dir("damaged");
        let storage = &storage;
        let path = storage.window_file().unwrap();
        for text in ["(width: 1600", "(width: 200, height: 100)", "[1, 2]"] {
            write_file(&path, text).unwrap();
            assert_eq!(remembered(storage), None, "{text}");
        }
        write_file(&path, "(width: 1600, height: 900)").unwrap();
        assert_eq!(remembered(storage), Some((1600, 900)));
    }
}
