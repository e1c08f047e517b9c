//! The five games, one folder each with everything its table needs (table, pieces, input, panel,
//! tutorial and their tests). A game uses the shared parts below it (`ui`, `table`, `session`,
//! `systems`, `core`), never another game. This file, and the title screen's backdrop that shows a
//! little of each game, are the places that name them all.

#[cfg(test)]
mod click_fuzz_tests;
pub mod ice_castle;
pub mod ice_colony;
pub mod ice_fortress;
pub mod icetowers;
pub mod sprawl;
pub mod title_backdrop;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        icetowers::plugin,
        ice_colony::plugin,
        ice_castle::plugin,
        sprawl::plugin,
        ice_fortress::plugin,
        title_backdrop::plugin,
    ));
}
