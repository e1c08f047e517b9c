//! The app's shared vocabulary, at the bottom of the house: where the game's files are read from,
//! the screens and turn phases, pause,
//! the launch options and seats, the notice and warnings, where files are kept, the player's
//! settings, window size and icon, the palette and panel text sizes, and the test helpers. It uses
//! nothing else of the app.

pub mod assets;
pub mod notice;
pub mod options;
pub mod palette;
pub mod pause;
pub mod screens;
pub mod seats;
pub mod settings;
pub mod storage;
#[cfg(test)]
pub mod testing;
pub mod ui_style;
pub mod window_icon;
pub mod window_memory;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((screens::plugin, window_memory::plugin));
}
