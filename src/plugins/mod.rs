//! Every plugin of the app, one per file, added here in one place.

pub mod ai;
pub mod asset_problems;
pub mod automation;
pub mod bench;
pub mod camera;
#[cfg(test)]
mod click_fuzz_tests;
pub mod fortress_click;
pub mod fortress_hud;
pub mod fortress_input;
pub mod fortress_layout;
pub mod fortress_pieces;
pub mod fortress_table;
pub mod fortress_tutorial;
pub mod game_over;
pub mod graphics;
pub mod hint;
pub mod hover_frame;
pub mod hud;
pub mod ice_castle_hands;
pub mod ice_castle_hud;
pub mod ice_castle_input;
pub mod ice_castle_pieces;
pub mod ice_castle_piles;
pub mod ice_castle_table;
pub mod ice_castle_tutorial;
pub mod ice_colony_input;
pub mod ice_colony_pools;
pub mod ice_colony_table;
pub mod ice_colony_tutorial;
pub mod icetowers_input;
pub mod icetowers_table;
pub mod icetowers_tutorial;
pub mod loading;
pub mod markers;
pub mod pause;
#[cfg(test)]
mod reach_tests;
pub mod records;
pub mod replay;
pub mod rules_window;
pub mod save_menu;
pub mod saving;
pub mod seat_view;
pub mod settings_menu;
pub mod soak;
pub mod sound;
pub mod sprawl_arrows;
pub mod sprawl_input;
pub mod sprawl_stash;
pub mod sprawl_table;
pub mod sprawl_tutorial;
pub mod title;
pub mod title_backdrop;
pub mod tooltips;
pub mod tutorial;
pub mod ui_style;
pub mod waiting;
pub mod warnings;
pub mod window_memory;

use bevy::prelude::*;
use hoarfrost_rules::record::Recorded;

/// What every game's table needs, in one place: the rules session with saves, undo and replay, AI
/// seats, hints, HUD and game-over screen.
pub fn game_machinery<G: Recorded>(app: &mut App) {
    app.add_plugins((
        crate::session::plugin::<G>,
        saving::plugin::<G>,
        replay::plugin::<G>,
        ai::plugin::<G>,
        hint::logic::<G>,
        hud::plugin::<G>,
        game_over::plugin::<G>,
        records::keep::<G>,
        waiting::plugin::<G>,
    ));
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        crate::screens::plugin,
        crate::systems::plugin,
        camera::plugin,
        graphics::plugin,
        title::plugin,
        loading::plugin,
        save_menu::plugin,
        settings_menu::plugin,
        hint::plugin,
        rules_window::plugin,
        markers::plugin,
        automation::plugin,
        bench::plugin,
        soak::plugin,
        window_memory::plugin,
    ))
    .add_plugins((
        icetowers_table::plugin,
        icetowers_input::plugin,
        ice_colony_table::plugin,
        ice_castle_table::plugin,
        sprawl_table::plugin,
        sprawl_input::plugin,
        sprawl_arrows::plugin,
        sprawl_stash::plugin,
        sprawl_tutorial::plugin,
        ice_colony_tutorial::plugin,
        ice_castle_tutorial::plugin,
        icetowers_tutorial::plugin,
        fortress_table::plugin,
        title_backdrop::plugin,
    ))
    .add_plugins((
        asset_problems::plugin,
        warnings::plugin,
        sound::plugin,
        tooltips::plugin,
        hover_frame::plugin,
        replay::playback,
        records::plugin,
        pause::plugin,
    ));
}
