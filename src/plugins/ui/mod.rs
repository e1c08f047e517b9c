//! The egui windows round the table: the title screen, the side panel, the load,
//! save and settings menus, records, rules, replay controls, warnings and the game-over screen.
//! It uses `table`, `session`, `systems` and `core`, and names no game.

pub mod asset_problems;
pub mod game_over;
pub mod hud;
pub mod pause;
pub mod records;
pub mod replay;
pub mod rules_window;
pub mod save_menu;
pub mod settings_menu;
pub mod title;
pub mod warnings;

use bevy::prelude::*;
use hoarfrost_rules::record::Recorded;

use crate::plugins::session;

/// What every game's table needs, in one place: the rules session with saves, undo and replay, AI
/// seats, hints, HUD and game-over screen.
pub fn game_machinery<G: Recorded>(app: &mut App) {
    app.add_plugins((
        session::plugin::<G>,
        session::saving::plugin::<G>,
        replay::plugin::<G>,
        session::ai::plugin::<G>,
        session::hint::logic::<G>,
        hud::plugin::<G>,
        game_over::plugin::<G>,
        records::keep::<G>,
        crate::plugins::table::waiting::plugin::<G>,
    ));
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        title::plugin,
        save_menu::plugin,
        settings_menu::plugin,
        rules_window::plugin,
        asset_problems::plugin,
        warnings::plugin,
        replay::playback,
        records::plugin,
        pause::plugin,
    ));
}
