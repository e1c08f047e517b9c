//! Tools for developers and CI, on top of everything: automation flags (screenshots, scripted
//! clicks, exit after n frames), the benchmark against a bare Bevy scene, and soak runs. It names no
//! game.

pub mod automation;
pub mod bare;
pub mod bench;
#[cfg(test)]
mod online_figures;
pub mod perf;
pub mod soak;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((automation::plugin, bench::plugin, soak::plugin));
}
