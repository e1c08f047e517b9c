//! Online tables over real sockets on loopback for tests and measurements: a server app and
//! client apps in one process (`MinimalPlugins`, renet's netcode on UDP), run frame by frame.

use std::net::{Ipv4Addr, SocketAddr};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::{RenetClient, RepliconRenetPlugins};
use hoarfrost_rules::bots::{Bot, RandomBot};
use hoarfrost_rules::{Game, GameRng, Recorded, Recorder, ToAct};

use super::client::{self, Mirror};
use super::protocol::{self, Intent, News};
use super::server::{self, Holder, Table};
use super::transport;

pub const CODE: &str = "ICE-4821";

/// The AI of the tables of tests and measurements: random legal moves.
pub fn random_bot<G: Game>(seed: u64) -> Box<dyn Bot<G>> {
    Box::new(RandomBot::new(seed))
}

/// An app that speaks the protocol, with no window.
pub fn net_app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        RepliconPlugins.set(ServerPlugin::new(PostUpdate)),
        RepliconRenetPlugins,
    ));
    protocol::register(&mut app);
    app.finish();
    app
}

/// A server of `game` with these holders on a free loopback port, and its port.
pub fn server_of<G: Recorded>(setup: G::Setup, holders: Vec<Holder>) -> (App, u16) {
    let mut app = net_app();
    server::plugin::<G>(&mut app);
    let rec = Recorder::<G>::new(setup).expect("a game");
    let table = Table::new(rec, CODE, holders, random_bot).expect("a holder a seat");
    app.insert_resource(table.with_ai_pause(std::time::Duration::from_millis(15)));
    let port = transport::listen(&mut app, 0, true).expect("a loopback port");
    (app, port)
}

/// A client of `G` connected to `port` as number `id`.
pub fn client_of<G: Game>(port: u16, id: u64) -> App {
    let mut app = net_app();
    client::plugin::<G>(&mut app);
    app.init_resource::<Received>().add_systems(
        PreUpdate,
        record.after(bevy_replicon::prelude::ClientSystems::Receive),
    );
    let address = SocketAddr::new(Ipv4Addr::LOCALHOST.into(), port);
    transport::connect(&mut app, address, id).expect("a client socket");
    app
}

/// Run every app one frame, clients first, until `done` or `frames` frames.
pub fn run(
    server: &mut App,
    clients: &mut [App],
    frames: usize,
    mut done: impl FnMut(&mut App, &mut [App]) -> bool,
) -> bool {
    for _ in 0..frames {
        for c in clients.iter_mut() {
            c.update();
        }
        server.update();
        if done(server, clients) {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    false
}

/// Connect every client and wait until all are connected.
pub fn connect_all(server: &mut App, clients: &mut [App]) {
    let connected = run(server, clients, 2000, |_, clients| {
        clients
            .iter()
            .all(|c| c.world().resource::<RenetClient>().is_connected())
    });
    assert!(connected, "every client connects over loopback");
}

/// Every message the client was sent, oldest first.
#[derive(Resource, Default)]
pub struct Received(pub Vec<News>);

fn record(mut news: MessageReader<News>, mut received: ResMut<Received>) {
    received.0.extend(news.read().cloned());
}

/// Write `intent` as the client app's next message.
pub fn send(app: &mut App, intent: Intent) {
    app.world_mut().write_message(intent);
}

pub fn mirror<G: Game>(app: &App) -> &Mirror<G> {
    app.world().resource::<Mirror<G>>()
}

/// The client's move, if its seat may act in the view it holds and it has not moved at this step:
/// a random legal action of its view.
pub fn scripted_move<G: Game>(
    app: &App,
    rng: &mut GameRng,
    moved: &mut Option<u32>,
) -> Option<Intent> {
    let m = mirror::<G>(app);
    let (seat, game) = (m.seat?, m.game.as_ref()?);
    if *moved == Some(m.step) || !matches!(game.to_act(), ToAct::Seats(s) if s.contains(&seat)) {
        return None;
    }
    let legal = game.legal_actions(seat);
    let action = legal.get(rng.below(legal.len().max(1)))?;
    *moved = Some(m.step);
    Some(Intent::Act {
        step: m.step,
        action: ron::to_string(action).ok()?,
    })
}
