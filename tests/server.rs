//! `hoarfrost-server`, the real binary: it serves a table over UDP on loopback to a client made of
//! the app's own online parts, writes its autosave after every step, and after being killed and
//! started again with `--resume`, the player who rejoins under the same name and code gets the
//! same seat and the table as it stood.

use std::io::{BufRead, BufReader};
use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use bevy::prelude::*;
use hoarfrost::plugins::online::client::{self, Mirror};
use hoarfrost::plugins::online::protocol::Intent;
use hoarfrost::plugins::online::transport;
use hoarfrost_rules::ice_castle::IceCastle;
use hoarfrost_rules::{Game, GameRng, ToAct, save};

const CODE: &str = "ICE-0042";

/// A running server, stopped when dropped (a failed test leaves none behind).
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Start the server with `args`; the server and the port it says it listens on.
fn start(args: &[&str], save: &Path) -> (Server, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hoarfrost-server"))
        .args(args)
        .args(["--port", "0", "--loopback", "--code", CODE, "--save"])
        .arg(save)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    let out = child.stdout.take().expect("its output");
    BufReader::new(out)
        .read_line(&mut line)
        .expect("a first line");
    let port = line
        .split("on port ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("a port in {line:?}"));
    (Server(child), port)
}

/// A client joined as Anna to the server on `port`.
fn join(port: u16, id: u64) -> App {
    let mut app = client::windowless::<IceCastle>();
    let address = SocketAddr::new(Ipv4Addr::LOCALHOST.into(), port);
    transport::connect(&mut app, address, id).expect("a socket");
    // A message written before the connection is made is not sent.
    until(&mut app, |app| {
        app.world()
            .resource::<bevy_replicon_renet::RenetClient>()
            .is_connected()
    });
    app.world_mut().write_message(Intent::Join {
        name: "Anna".into(),
        code: CODE.into(),
        seat: None,
    });
    app
}

/// Run the client until `done`, for at most 60 s.
fn until(app: &mut App, mut done: impl FnMut(&mut App) -> bool) {
    let start = std::time::Instant::now();
    while !done(app) {
        if start.elapsed().as_secs() > 60 {
            let m = mirror(app);
            let connected = app
                .world()
                .resource::<bevy_replicon_renet::RenetClient>()
                .is_connected();
            panic!(
                "timed out: connected {connected}, seat {:?}, step {}, a view: {}, refusals {:?}",
                m.seat,
                m.step,
                m.game.is_some(),
                m.refusals
            );
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

fn mirror(app: &App) -> &Mirror<IceCastle> {
    app.world().resource::<Mirror<IceCastle>>()
}

#[test]
fn the_server_plays_autosaves_and_resumes_where_it_was() {
    let folder = std::env::temp_dir().join(format!("hoarfrost-server-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("castle.ron");
    let (server, port) = start(
        &["--game", "ice-castle", "--seats", "remote,ai:easy"],
        &path,
    );
    let mut app = join(port, 7);
    let mut rng = GameRng::new(3);
    let mut played = None;
    // Anna plays random legal moves of her view on her turns until the game is 12 steps in.
    until(&mut app, |app| {
        let m = mirror(app);
        let (Some(seat), Some(game)) = (m.seat, m.game.clone()) else {
            return false;
        };
        assert!(m.refusals.is_empty(), "{:?}", m.refusals);
        let step = m.step;
        if step >= 12 {
            return true;
        }
        let mine = matches!(game.to_act(), ToAct::Seats(s) if s.contains(&seat));
        if mine && played != Some(step) {
            let legal = game.legal_actions(seat);
            let action = ron::to_string(&legal[rng.below(legal.len())]).unwrap();
            app.world_mut().write_message(Intent::Act { step, action });
            played = Some(step);
        }
        false
    });
    assert_eq!(mirror(&app).seat, Some(0));
    drop(server);

    // The autosave holds the game as far as it went, with Anna in her seat.
    let text = save::read_file(&path).expect("an autosave");
    let loaded = save::load::<IceCastle>(&text).expect("it loads");
    assert_eq!(loaded.header.seats, ["human:Anna", "ai:easy"]);
    let steps = loaded.recorder.len() as u32;
    assert!(steps >= mirror(&app).step, "{steps} steps saved");

    // Started again from it, the server gives Anna her seat back and the table as it stood.
    let (server, port) = start(&["--resume"], &path);
    let mut back = join(port, 8);
    until(&mut back, |app| {
        mirror(app).game.is_some() && mirror(app).step >= steps
    });
    let m = mirror(&back);
    assert_eq!(m.seat, Some(0));
    assert!(m.refusals.is_empty(), "{:?}", m.refusals);
    // The AI seat may have moved since: the view is the saved game's at the view's step.
    let saved = save::load::<IceCastle>(&save::read_file(&path).unwrap()).unwrap();
    let then = saved.recorder.record().state_at(m.step as usize).unwrap();
    assert!(*m.game.as_ref().unwrap() == then.as_seen_by(0));
    drop(server);
    // The AI seat kept its level through the restart.
    let again = save::load::<IceCastle>(&save::read_file(&path).unwrap()).unwrap();
    assert_eq!(again.header.seats, ["human:Anna", "ai:easy"]);
    let _ = std::fs::remove_dir_all(&folder);
}

/// A seat the server cannot seat is refused in words before anything starts: a level that does
/// not exist, and a level in Ice Fortress, whose AI plays none.
#[test]
fn seats_the_server_cannot_fill_are_refused() {
    for (game, seats, says) in [
        ("sprawl", "remote,remote,ai:expert", "not 'ai:expert'"),
        ("ice-fortress", "remote,ai:hard", "plays no levels"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_hoarfrost-server"))
            .args([
                "--game",
                game,
                "--seats",
                seats,
                "--port",
                "0",
                "--loopback",
            ])
            .arg("--save")
            .arg(std::env::temp_dir().join("hoarfrost-server-refused.ron"))
            .output()
            .expect("the server runs");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{game} {seats}: refused");
        assert!(said.contains(says), "{game} {seats}: {said}");
    }
}
