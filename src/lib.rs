//! Hoarfrost: a 3D table for ice-themed tabletop games, built on Bevy.
//!
//! The rules live in the `hoarfrost-rules` crate; this crate draws them, takes clicks, runs AI seats
//! and automates captures. [`app`] assembles everything.

pub mod options;
pub mod palette;
pub mod plugins;
pub mod screens;
pub mod session;
pub mod settings;
pub mod storage;
pub mod systems;

use bevy::prelude::*;
use bevy::window::WindowResolution;

use options::LaunchOptions;

/// The whole app for the given launch options.
pub fn app(options: LaunchOptions) -> App {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Hoarfrost".into(),
            resolution: WindowResolution::new(1280, 720),
            ..default()
        }),
        ..default()
    }));
    app.add_plugins((MeshPickingPlugin, bevy_egui::EguiPlugin::default()));
    app.insert_resource(options);
    app.insert_resource(storage::Storage::from_env());
    app.add_plugins(plugins::plugin);
    app
}
