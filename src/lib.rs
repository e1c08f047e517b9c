//! Hoarfrost: a 3D table for ice-themed tabletop games, built on Bevy.
//!
//! The rules live in the `hoarfrost-rules` crate; this crate draws them, takes clicks, runs AI seats
//! and automates captures. [`app`] assembles everything; [`bare::app`] is the bare Bevy scene the
//! benchmark compares it with.

pub mod bare;
#[cfg(test)]
pub mod egui_test;
pub mod options;
pub mod palette;
pub mod perf;
pub mod plugins;
pub mod records;
#[cfg(test)]
pub mod scratch;
pub mod screens;
pub mod session;
pub mod settings;
pub mod storage;
pub mod systems;

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResizeConstraints, WindowResolution};

use options::LaunchOptions;

/// The whole app for the given launch options.
pub fn app(options: LaunchOptions) -> App {
    let storage = storage::Storage::from_env();
    let kept = plugins::window_memory::remembers(&options)
        .then(|| plugins::window_memory::remembered(&storage))
        .flatten();
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(window_plugin(&options, kept)));
    app.add_plugins((MeshPickingPlugin, bevy_egui::EguiPlugin::default()));
    app.insert_resource(plugins::ai::AiLevel(options.level));
    app.insert_resource(options);
    app.insert_resource(storage);
    app.add_plugins(plugins::plugin);
    app
}

/// The window both the app and the bare scene open: 1280x720 unless `--window` says otherwise or
/// a size was `kept` from the last run (it can be resized down to [`options::MIN_WINDOW`]),
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
                min_width: options::MIN_WINDOW.0 as f32,
                min_height: options::MIN_WINDOW.1 as f32,
                ..default()
            },
            present_mode,
            ..default()
        }),
        ..default()
    }
}
