//! Every plugin of the app, by part, each folder a layer that uses only the folders below it:
//!
//! ```text
//! dev -> games -> ui -> table -> online -> session -> systems (src/systems) -> core
//! ```
//!
//! - [`core`]: screens, pause, seats, launch options, notice and warnings, storage, settings,
//!   window size, palette: the vocabulary every other part shares.
//! - [`session`]: the rules session and its actions, the new-game choice, saving, loading, records,
//!   AI seats, hints, tutorials, the wording of seats and log lines.
//! - [`table`]: the 3D table every game shares: camera, graphics quality, markers, tooltips, the
//!   hover frame, the view from a seat, the pyramid geometry, sounds.
//! - [`online`]: online tables: the protocol, the server's authority, the app's link to a table,
//!   hosting, sockets.
//! - [`ui`]: the egui windows: title, side panel, menus, settings, records, rules, replay, game over.
//! - [`games`]: one folder per game, everything its table needs; no game uses another.
//! - [`dev`]: automation flags, benchmark and soak modes.
//!
//! The test `architecture::imports_only_run_down` reads every `crate::` path and keeps it so.

#[cfg(test)]
mod architecture;
pub mod core;
pub mod dev;
pub mod games;
pub mod online;
pub mod session;
pub mod table;
pub mod ui;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        core::plugin,
        crate::systems::plugin,
        session::shared_plugin,
        online::plugin,
        table::plugin,
        ui::plugin,
        games::plugin,
        dev::plugin,
    ));
}
