//! Online play: one table shared across machines. The server (a host's app, or the headless
//! server) owns the rules state and applies every intent through the rules' checked path; each
//! client is sent only its seat's view of the table ([`hoarfrost_rules::Game::as_seen_by`]) and
//! shows what it is sent. Messages go through bevy_replicon over renet's netcode (UDP).
//!
//! - [`protocol`]: the messages both sides speak and their limits.
//! - [`table`]: the authority: the game, seats, the join code, the lobby, intents checked and
//!   applied, what each client is sent.
//! - [`server`]: the systems that carry a table's messages and let go of silent clients.
//! - [`client`]: a seat's mirror of the table, from the server's views.
//! - [`transport`]: opening the server's socket and connecting a client to it.
//! - [`headless`]: the server with no window (`hoarfrost-server`): new or resumed tables.
//! - [`seat`]: the app at an online table: its link, the table opened from the first view, the
//!   session following the views and sending its moves.
//! - [`host`]: hosting from the app: the server in a thread, the host joining it.
//! - [`copy`]: what a player keeps of an online table: how to rejoin it, and its seat's view.
//!
//! It uses the session layer's vocabulary below it and nothing above.

pub mod client;
pub mod copy;
pub mod headless;
pub mod host;
pub mod protocol;
pub mod seat;
pub mod server;
pub mod table;
pub mod transport;

use std::path::PathBuf;

use bevy::prelude::*;
use hoarfrost_rules::GameKind;

use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::registry::TableGame;

/// How a game is hosted from the app: [`host::host`] for it.
pub type HostFn =
    fn(&mut World, &SetupChoice, (u16, &str), &str, Option<PathBuf>) -> Result<(), String>;

/// How a saved hosted table of a game goes on: [`host::resume`] for it.
pub type ResumeFn =
    fn(&mut World, &std::path::Path, (u16, &str), Option<&str>) -> Result<(), String>;

/// The games this app can host, by kind: a new table, and a saved one resumed.
#[derive(Resource, Default)]
pub struct Hosts(Vec<(GameKind, HostFn, ResumeFn)>);

/// The app's online parts: replicon over renet, the protocol, the link to a table.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        bevy_replicon::prelude::RepliconPlugins,
        bevy_replicon_renet::RepliconRenetPlugins,
    ));
    protocol::register(app);
    app.init_resource::<Hosts>().add_plugins(seat::plugin);
}

/// Game `G` online: its session follows a table's views, and it can be hosted.
pub fn game<G: TableGame>(app: &mut App) {
    seat::follow::<G>(app);
    app.init_resource::<Hosts>();
    let mut hosts = app.world_mut().resource_mut::<Hosts>();
    hosts.0.retain(|(k, ..)| *k != G::KIND);
    hosts.0.push((G::KIND, host::host::<G>, host::resume::<G>));
}

/// Host `choice`'s game from this app on `port` with join `code` as `name`, keeping the table's
/// autosave in `save`.
pub fn host_game(
    world: &mut World,
    choice: &SetupChoice,
    (port, code): (u16, &str),
    name: &str,
    save: Option<PathBuf>,
) -> Result<(), String> {
    let hosts = world.resource::<Hosts>();
    let Some(&(_, host, _)) = hosts.0.iter().find(|(k, ..)| *k == choice.game) else {
        return Err(format!("{} cannot be hosted here.", choice.game.title()));
    };
    host(world, choice, (port, code), name, save)
}

#[cfg(test)]
mod fuzz;
#[cfg(test)]
pub(crate) mod loopback;
#[cfg(test)]
mod tests;

/// Go on hosting the table saved at `path` (the hosted table's autosave) on `port` with join
/// `code`, as `name` or the save's first player.
pub fn resume_hosted(
    world: &mut World,
    path: &std::path::Path,
    (port, code): (u16, &str),
    name: Option<&str>,
) -> Result<(), String> {
    let text = hoarfrost_rules::save::read_file(path).map_err(|e| e.to_string())?;
    let (_, kind) = crate::plugins::core::storage::known_header(&text)?;
    let hosts = world.resource::<Hosts>();
    let Some(&(_, _, resume)) = hosts.0.iter().find(|(k, ..)| *k == kind) else {
        return Err(format!("{} cannot be hosted here.", kind.title()));
    };
    resume(world, path, (port, code), name)
}
