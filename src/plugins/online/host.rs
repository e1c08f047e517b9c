//! Hosting from the app: the table's server runs in a thread of the host's app (the headless
//! server's app, [`super::headless::app`]), and the host's own app joins it over loopback like any
//! other player, showing the host's key for the orders only the host may give (start the game,
//! hand a gone player's seat to the AI). The table waits in its lobby until the host starts it.
//! When the host's app quits, the server stops with it; the table's autosave stays in the data
//! folder.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use hoarfrost_rules::Recorder;

use super::headless::{self, Serving};
use super::seat::{self, Link};
use super::table::{Holder, Table};
use crate::plugins::core::seats::SeatKind;
use crate::plugins::session::new_game::{SetupChoice, fresh_seed};
use crate::plugins::session::registry::TableGame;

/// The port a hosted table listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7654;

/// The server a host's app runs: its port and join code, and the flag that stops it.
#[derive(Resource)]
pub struct Hosted {
    pub port: u16,
    pub code: String,
    stop: Arc<AtomicBool>,
}

impl Drop for Hosted {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// A new join code: ICE- and four digits.
pub fn join_code() -> String {
    format!("ICE-{:04}", fresh_seed() % 10_000)
}

/// A new host's key: 32 hex digits, never shown or sent anywhere but to the host's own table.
fn host_key() -> String {
    format!("{:016x}{:016x}", fresh_seed(), fresh_seed())
}

/// The seats of a hosted table from the title choice: the first human seat is the host's (by
/// `name`), every other human seat is open for a remote player, AI seats are the server's.
pub fn holders(choice: &SetupChoice, name: &str) -> Vec<Holder> {
    let host = choice.seats.iter().position(|s| s.kind == SeatKind::Human);
    (choice.seats.iter().enumerate())
        .map(|(i, s)| match s.kind {
            SeatKind::Human if Some(i) == host => Holder::Remote {
                name: name.to_string(),
                client: None,
            },
            SeatKind::Human => Holder::Open,
            SeatKind::Ai => Holder::Ai(s.level.filter(|_| choice.game.plays_levels())),
        })
        .collect()
}

/// Start serving `choice`'s game of `G` on `port` (0: any free one) from a thread, with the join
/// `code`, the host's `key` and its seat held for `name`; its autosave goes to `save`.
pub fn serve<G: TableGame>(
    choice: &SetupChoice,
    port: u16,
    code: &str,
    (name, key): (&str, &str),
    save: Option<PathBuf>,
) -> Result<Hosted, String> {
    let rec = Recorder::new(G::setup(choice)).map_err(|e| e.0)?;
    let holders = holders(choice, name);
    if !holders.iter().any(|h| matches!(h, Holder::Remote { .. })) {
        return Err("a hosted table needs a human seat for its host".into());
    }
    let table = Table::new(rec, code, holders, G::bot)
        .ok_or("the seats do not match the game")?
        .hosted(key);
    let table = match save {
        Some(path) => table.with_autosave(path),
        None => table,
    };
    spawn(table, port, code)
}

/// The hosted table saved at `path`, to go on with: started, its players' seats waiting for them
/// (the same names take them back), the host's `name` among them, its autosave in the same file.
pub fn resumed_table<G: TableGame>(
    path: &std::path::Path,
    code: &str,
    (name, key): (Option<&str>, &str),
) -> Result<(Table<G>, String), String> {
    let (rec, holders) = headless::resumed::<G>(path)?;
    let players: Vec<&str> = (holders.iter())
        .filter_map(|h| match h {
            Holder::Remote { name, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    let name = match name {
        Some(n) if players.contains(&n) => n.to_string(),
        Some(n) => {
            let seated = hoarfrost_rules::words::listed(&players);
            return Err(format!(
                "the saved table has no seat for {n} (its players: {seated})"
            ));
        }
        None => players
            .first()
            .ok_or("the saved table has no player's seat for its host")?
            .to_string(),
    };
    let table = Table::new(rec, code, holders, G::bot)
        .ok_or("the save's seats do not match its game")?
        .hosted(key)
        .in_play()
        .with_autosave(path.to_path_buf());
    Ok((table, name))
}

/// Go on hosting the table saved at `path` on `port` with the join `code`, as `name` (or the
/// save's first player).
pub fn resume<G: TableGame>(
    world: &mut World,
    path: &std::path::Path,
    (port, code): (u16, &str),
    name: Option<&str>,
) -> Result<(), String> {
    let key = host_key();
    let (table, name) = resumed_table::<G>(path, code, (name, &key))?;
    let step = table.step();
    let hosted = spawn(table, port, code)?;
    let address = SocketAddr::new(Ipv4Addr::LOCALHOST.into(), hosted.port);
    println!(
        "hoarfrost: hosting {} again at step {step} on port {}, join code {code}",
        G::KIND.title(),
        hosted.port
    );
    world.insert_resource(hosted);
    seat::open(world, Link::new(address, &name, code, Some(key)))
}

/// Serve `table` from a thread on `port`.
fn spawn<G: TableGame>(table: Table<G>, port: u16, code: &str) -> Result<Hosted, String> {
    let stop = Arc::new(AtomicBool::new(false));
    let (tell, told) = std::sync::mpsc::channel();
    let flag = stop.clone();
    let serving = Serving {
        port,
        loopback: false,
        quit_when_over: false,
    };
    std::thread::Builder::new()
        .name("hoarfrost-host".into())
        .spawn(move || match headless::app::<G>(table, serving) {
            Ok((mut app, port)) => {
                let _ = tell.send(Ok(port));
                app.insert_resource(Stop(flag))
                    .add_systems(Update, stop_when_asked);
                app.run();
            }
            Err(why) => {
                let _ = tell.send(Err(why));
            }
        })
        .map_err(|e| e.to_string())?;
    let port = told
        .recv()
        .map_err(|_| "the table's server did not start".to_string())??;
    Ok(Hosted {
        port,
        code: code.to_string(),
        stop,
    })
}

/// The flag the host's app sets to stop its server.
#[derive(Resource)]
struct Stop(Arc<AtomicBool>);

fn stop_when_asked(stop: Res<Stop>, mut exit: MessageWriter<AppExit>) {
    if stop.0.load(Ordering::Relaxed) {
        exit.write(AppExit::Success);
    }
}

/// Host `choice`'s game from this app on `port` with the join `code`: serve it, then join it as
/// `name`. The world keeps the [`Hosted`] server and the [`Link`].
pub fn host<G: TableGame>(
    world: &mut World,
    choice: &SetupChoice,
    (port, code): (u16, &str),
    name: &str,
    save: Option<PathBuf>,
) -> Result<(), String> {
    let key = host_key();
    let hosted = serve::<G>(choice, port, code, (name, &key), save)?;
    let address = SocketAddr::new(Ipv4Addr::LOCALHOST.into(), hosted.port);
    println!(
        "hoarfrost: hosting {} on port {}, join code {code}",
        G::KIND.title(),
        hosted.port
    );
    world.insert_resource(hosted);
    seat::open(world, Link::new(address, name, code, Some(key)))
}

/// Stop hosting and leave the table (back at the title screen).
pub fn stop(world: &mut World) {
    seat::leave(world);
    world.remove_resource::<Hosted>();
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::icetowers::{IceTowers, Setup};
    use hoarfrost_rules::{Game, save};

    #[test]
    fn a_saved_hosted_table_goes_on_where_it_stood_with_its_seats_waiting() {
        let mut rec = Recorder::<IceTowers>::new(Setup::new(3, 8)).expect("a game");
        for _ in 0..5 {
            let action = rec.state().legal_actions(0)[0].clone();
            rec.act(0, &action).expect("legal");
        }
        let seats = ["human:Hana", "human:Gus", "ai"].map(String::from);
        let text = save::to_string(&seats, false, rec.record()).expect("a save");
        let dir = std::env::temp_dir().join(format!("hoarfrost-hosted-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("hosted.ron");
        std::fs::write(&path, text).expect("written");
        let (table, name) =
            resumed_table::<IceTowers>(&path, "ICE-1", (None, "KEY")).expect("it resumes");
        assert_eq!(name, "Hana", "the save's first player hosts");
        assert!(table.started(), "no lobby for a game under way");
        assert_eq!(table.step(), 5);
        assert!(table.recorder().record() == rec.record());
        assert_eq!(table.seat_words(), seats);
        let gus = Holder::Remote {
            name: "Gus".into(),
            client: None,
        };
        assert_eq!(table.holders()[1], gus, "Gus's seat waits for Gus");
        let refused = resumed_table::<IceTowers>(&path, "ICE-1", (Some("Zed"), "KEY"));
        let why = refused.err().expect("no seat for Zed");
        assert!(
            why.contains("no seat for Zed (its players: Hana and Gus)"),
            "{why}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
