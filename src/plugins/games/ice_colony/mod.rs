//! Ice Colony: everything its table needs, from its table and pieces to its input, panel and
//! tutorial, with their tests.

pub mod input;
pub mod pools;
#[cfg(test)]
mod reach_tests;
pub mod table;
pub mod tutorial;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((table::plugin, tutorial::plugin));
}
