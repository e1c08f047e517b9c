//! Ice Fortress: everything its table needs, from its table and pieces to its input, panel and
//! tutorial, with their tests.

pub mod click;
pub mod hud;
pub mod input;
pub mod layout;
pub mod pieces;
#[cfg(test)]
mod reach_tests;
pub mod table;
pub mod tutorial;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((table::plugin,));
}
