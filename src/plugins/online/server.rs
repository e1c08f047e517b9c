//! The server's systems for an online table ([`Table`]): they read each client's intents (a few a
//! frame each), answer refusals in words, play chance and AI seats, send every seated client its
//! news after each change, let go of clients that never take a seat, and keep a seat waiting for
//! a player who dropped.

use std::time::Duration;

use bevy::prelude::*;
use bevy_replicon::prelude::*;
use hoarfrost_rules::Recorded;

use super::protocol::{Intent, MAX_INTENTS_PER_FRAME, News, SEATLESS_LIMIT};
pub use super::table::{DEFAULT_AI_PAUSE, Holder, Table};

/// The server's systems for a table of `G`, run while the table exists.
pub fn plugin<G: Recorded>(app: &mut App) {
    app.init_resource::<Arrivals>().add_systems(
        Update,
        (
            read_intents::<G>,
            play::<G>,
            send_news::<G>,
            forget_gone::<G>,
            let_go_of_seatless::<G>,
        )
            .chain()
            .run_if(resource_exists::<Table<G>>),
    );
}

/// Read each client's intents (at most [`MAX_INTENTS_PER_FRAME`] a frame each), answering a
/// refusal to the client who sent it.
fn read_intents<G: Recorded>(
    mut intents: MessageReader<FromClient<Intent>>,
    mut table: ResMut<Table<G>>,
    mut news: MessageWriter<ToClients<News>>,
    mut read: Local<Vec<(Entity, usize)>>,
) {
    read.clear();
    for FromClient { client_id, message } in intents.read() {
        let Some(client) = client_id.entity() else {
            continue;
        };
        if over_limit(&mut read, client) {
            continue;
        }
        let seated = |seat| {
            Some(News::Seated {
                seat,
                game: G::KIND,
            })
        };
        let answer = match message {
            Intent::Join { name, code, seat } => table.join(client, name, code, *seat).map(seated),
            Intent::Sit { seat } => table.sit(client, *seat).map(seated),
            Intent::Act { step, action } => table.act(client, *step, action).map(|()| None),
            Intent::Host { key, order } => table.host_order(key, *order).map(|()| None),
        };
        let message = match answer {
            Ok(Some(news)) => news,
            Ok(None) => continue,
            Err(why) => {
                info!("refused client {client}: {why}");
                table.refusals.push((client, why.clone()));
                News::Refused { why }
            }
        };
        news.write(ToClients {
            targets: SendTargets::Single(ClientId::Client(client)),
            message,
        });
    }
}

/// Count one intent of `client`; true (and a log line, once a frame) past the frame's limit.
fn over_limit(read: &mut Vec<(Entity, usize)>, client: Entity) -> bool {
    let count = match read.iter_mut().find(|(c, _)| *c == client) {
        Some((_, n)) => n,
        None => {
            read.push((client, 0));
            &mut read.last_mut().expect("just pushed").1
        }
    };
    *count += 1;
    if *count == MAX_INTENTS_PER_FRAME + 1 {
        warn!(
            "client {client} sent more than {MAX_INTENTS_PER_FRAME} intents in a frame; the rest are dropped"
        );
    }
    *count > MAX_INTENTS_PER_FRAME
}

/// One step of chance or an AI seat a frame, noting when the game last moved.
fn play<G: Recorded>(mut table: ResMut<Table<G>>, time: Res<Time<Real>>) {
    let now = time.elapsed();
    table.play_server_seats(now);
    table.note_moved(now);
}

/// After a change, every seated client gets its news.
fn send_news<G: Recorded>(mut table: ResMut<Table<G>>, mut news: MessageWriter<ToClients<News>>) {
    for (client, message) in table.news() {
        news.write(ToClients {
            targets: SendTargets::Single(ClientId::Client(client)),
            message,
        });
    }
}

/// Clients that disconnected leave their seats waiting for them.
fn forget_gone<G: Recorded>(
    mut gone: RemovedComponents<ConnectedClient>,
    mut table: ResMut<Table<G>>,
) {
    for client in gone.read() {
        table.drop_client(client);
    }
}

/// When each connected client that holds no seat arrived, and how long one may stay so.
#[derive(Resource)]
pub struct Arrivals {
    seatless: Vec<(Entity, Duration)>,
    limit: Duration,
}

impl Default for Arrivals {
    fn default() -> Self {
        Arrivals::with_limit(SEATLESS_LIMIT)
    }
}

impl Arrivals {
    /// Clients may stay `limit` without a seat.
    pub fn with_limit(limit: Duration) -> Self {
        Arrivals {
            seatless: Vec::new(),
            limit,
        }
    }
}

/// A client that holds no seat [`SEATLESS_LIMIT`] (or the [`Arrivals`]' limit) after it
/// connected is let go, with a log line.
fn let_go_of_seatless<G: Recorded>(
    clients: Query<Entity, With<ConnectedClient>>,
    table: Res<Table<G>>,
    time: Res<Time<Real>>,
    mut arrivals: ResMut<Arrivals>,
    mut disconnect: MessageWriter<DisconnectRequest>,
) {
    let now = time.elapsed();
    let Arrivals { seatless, limit } = &mut *arrivals;
    seatless.retain(|(c, _)| clients.contains(*c) && table.seat_of(*c).is_none());
    for client in &clients {
        if table.seat_of(client).is_none() && !seatless.iter().any(|(c, _)| *c == client) {
            seatless.push((client, now));
        }
    }
    for &(client, at) in seatless.iter() {
        if now >= at + *limit {
            warn!(
                "client {client} took no seat in {:.1} s; it is let go",
                limit.as_secs_f32()
            );
            disconnect.write(DisconnectRequest { client });
        }
    }
    seatless.retain(|(_, at)| now < *at + *limit);
}
