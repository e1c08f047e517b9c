//! The headless server: one online table in an app with no window, no GPU and no rendering. It
//! listens for clients, plays the AI seats, writes its autosave after every step, and resumes from
//! that save after a restart (the remote seats wait for their players to join again).

use std::path::Path;
use std::time::Duration;

use bevy::app::ScheduleRunnerPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::RepliconRenetPlugins;
use hoarfrost_rules::Recorder;
use hoarfrost_rules::save;

use super::protocol;
use super::server::{self, Holder, Table};
use super::transport;
use crate::plugins::core::seats::{SeatKind, read_seat_word};
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::registry::TableGame;

/// How often the server runs a frame.
const FRAME: Duration = Duration::from_millis(16);

/// The holders of a new table: a remote seat stays open for its player, an AI seat is the
/// server's.
pub fn holders(remote: &[bool]) -> Vec<Holder> {
    remote
        .iter()
        .map(|&r| if r { Holder::Open } else { Holder::Ai(None) })
        .collect()
}

/// The holders of a table of `n` seats whose `remote` seats wait for players, the rest the AI's.
pub fn remote_holders(n: usize, remote: &[hoarfrost_rules::Seat]) -> Vec<Holder> {
    holders(&(0..n).map(|s| remote.contains(&s)).collect::<Vec<_>>())
}

/// A new game of `G` for these seats (true: remote) from `seed`, as the title screen would set it up.
pub fn new_game<G: TableGame>(remote: &[bool], seed: u64) -> Result<Recorder<G>, String> {
    let kinds: Vec<SeatKind> = remote
        .iter()
        .map(|&r| if r { SeatKind::Human } else { SeatKind::Ai })
        .collect();
    let choice = SetupChoice::new(G::KIND, &kinds, seed);
    Recorder::new(G::setup(&choice)).map_err(|e| e.0)
}

/// The game of the save at `path` and its seats (a remote player's seat waits for that name).
pub fn resumed<G: TableGame>(path: &Path) -> Result<(Recorder<G>, Vec<Holder>), String> {
    let text = save::read_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let loaded = save::load::<G>(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let holders = loaded
        .header
        .seats
        .iter()
        .map(|word| match word.strip_prefix("human:") {
            Some(name) => Holder::Remote {
                name: name.to_string(),
                client: None,
            },
            None if word == "open" => Holder::Open,
            None => Holder::Ai(read_seat_word(word).2),
        })
        .collect();
    Ok((loaded.recorder, holders))
}

/// Where the server listens and when it stops.
#[derive(Resource, Clone, Copy, Debug)]
pub struct Serving {
    /// The UDP port (0: a free one).
    pub port: u16,
    /// Listen on the loopback address only (this machine's players alone).
    pub loopback: bool,
    /// Stop once the game is over.
    pub quit_when_over: bool,
}

/// The server app for `table`, serving as `serving` says; the port it listens on.
pub fn app<G: TableGame>(table: Table<G>, serving: Serving) -> Result<(App, u16), String> {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(FRAME)),
        StatesPlugin,
        RepliconPlugins,
        RepliconRenetPlugins,
    ));
    protocol::register(&mut app);
    // Finished here (the socket needs the channels replicon settles at its finish), and cleaned,
    // so that `App::run` does not finish the plugins a second time.
    app.finish();
    app.cleanup();
    server::plugin::<G>(&mut app);
    app.add_systems(Update, report_end::<G>);
    app.insert_resource(table).insert_resource(serving);
    let port = transport::listen(&mut app, serving.port, serving.loopback)?;
    Ok((app, port))
}

/// Say once when the game is over, and stop if asked to.
fn report_end<G: TableGame>(
    table: Res<Table<G>>,
    serving: Res<Serving>,
    mut exit: MessageWriter<AppExit>,
    mut said: Local<bool>,
) {
    if !*said && table.game().is_over() {
        *said = true;
        if serving.quit_when_over {
            exit.write(AppExit::Success);
        }
        println!(
            "hoarfrost-server: the game is over after {} steps; scores {:?}",
            table.step(),
            table.game().scores()
        );
    }
}
