//! Sprawl: everything its table needs, from its table and pieces to its input, panel and
//! tutorial, with their tests.

pub mod arrows;
pub mod input;
#[cfg(test)]
mod reach_tests;
pub mod stash;
pub mod table;
pub mod tutorial;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        table::plugin,
        input::plugin,
        arrows::plugin,
        stash::plugin,
        tutorial::plugin,
    ));
}
