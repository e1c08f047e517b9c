//! The five games, one folder each with everything its table needs (table, pieces, input, panel,
//! tutorial and their tests). A game uses the shared parts below it (`ui`, `table`, `session`,
//! `systems`, `core`), never another game's folder. This file (with its click fuzz tests) and the
//! title screen's backdrop, which shows a little of each game, are the places that use them all.

#[cfg(test)]
mod click_fuzz_tests;
pub mod ice_castle;
pub mod ice_colony;
pub mod ice_fortress;
pub mod icetowers;
pub mod sprawl;
pub mod title_backdrop;

use bevy::prelude::*;
use hoarfrost_rules::ice_castle::IceCastle;
use hoarfrost_rules::ice_colony::IceColony;
use hoarfrost_rules::ice_fortress::IceFortress;
use hoarfrost_rules::icetowers::IceTowers;
use hoarfrost_rules::sprawl::Sprawl;

use crate::plugins::ui::AddTableGame;

/// Every game, one line each (its `TableGame` is in its folder's `mod.rs`), and the backdrop.
pub(crate) fn plugin(app: &mut App) {
    app.add_table_game::<IceTowers>()
        .add_table_game::<IceColony>()
        .add_table_game::<IceCastle>()
        .add_table_game::<Sprawl>()
        .add_table_game::<IceFortress>()
        .add_plugins(title_backdrop::plugin);
}
