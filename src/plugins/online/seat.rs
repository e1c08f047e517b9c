//! The app at an online table: its [`Link`] to the server (the address, the player's name, the
//! join code, and all the server has said), the join once connected, the table opened when the
//! first view comes, and then, for the game's session, every view taken in and every move played
//! here sent as an intent. The app never applies a move itself: the table changes when the
//! server's view says so.

use std::net::SocketAddr;
use std::path::Path;

use bevy::prelude::*;
use bevy_replicon::prelude::ClientSystems;
use bevy_replicon_renet::RenetClient;
use hoarfrost_rules::{GameKind, Recorded, Seat};

use super::copy::SeatCopy;
use super::protocol::{HostOrder, Intent, News, SeatNews};
use super::transport;
use crate::plugins::core::notice::Notice;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::storage::Storage;
use crate::plugins::session::Session;
use crate::plugins::session::registry::Games;

/// The last view the server sent: its step, the state as RON, and the log from line `from` on.
#[derive(Clone, Debug, Default)]
pub struct View {
    pub step: u32,
    pub state: String,
    pub from: u32,
    pub lines: Vec<String>,
}

/// This app's link to an online table.
#[derive(Resource, Debug)]
pub struct Link {
    pub address: SocketAddr,
    pub name: String,
    pub code: String,
    /// The host's key, on the host's own app only.
    pub host_key: Option<String>,
    /// The join was sent (once connected).
    pub joined: bool,
    /// The seat held and the table's game, once seated.
    pub seat: Option<Seat>,
    pub game: Option<GameKind>,
    /// Who holds each seat, and whether the game has started.
    pub seats: Vec<SeatNews>,
    pub started: bool,
    /// Views the game's session has not taken yet (in order; the last is the table now).
    pub views: Vec<View>,
    /// The step of the last view the server sent.
    pub step: Option<u32>,
    /// The finished game's record (a save), until the session takes it.
    pub finished: Option<String>,
    /// The table was opened on this app.
    pub opened: bool,
    /// The server's refusals so far (the session's move may be played again after one).
    pub refusals: u32,
    /// Why the link is down, once it is.
    pub lost: Option<String>,
    /// The connection was up once.
    was_connected: bool,
}

impl Link {
    /// A link to the table at `address`, joining as `name` with `code`.
    pub fn new(address: SocketAddr, name: &str, code: &str, host_key: Option<String>) -> Self {
        Link {
            address,
            name: name.to_string(),
            code: code.to_string(),
            host_key,
            joined: false,
            seat: None,
            game: None,
            seats: Vec::new(),
            started: false,
            views: Vec::new(),
            step: None,
            finished: None,
            opened: false,
            refusals: 0,
            lost: None,
            was_connected: false,
        }
    }

    /// Whether this app hosts the table.
    pub fn is_host(&self) -> bool {
        self.host_key.is_some()
    }

    /// The host's `order`, as an intent (`None` on a guest's app).
    pub fn order(&self, order: HostOrder) -> Option<Intent> {
        let key = self.host_key.clone()?;
        Some(Intent::Host { key, order })
    }

    /// Take one message from the server; a refusal goes to the notice.
    fn take(&mut self, news: &News, notice: &mut Notice) {
        match news {
            News::Seated { seat, game } => (self.seat, self.game) = (Some(*seat), Some(*game)),
            News::Seats { seats, started } => {
                (self.seats, self.started) = (seats.clone(), *started)
            }
            News::Table {
                step,
                state,
                log_from,
                lines,
            } => {
                self.step = Some(*step);
                self.views.push(View {
                    step: *step,
                    state: state.clone(),
                    from: *log_from,
                    lines: lines.clone(),
                });
            }
            News::Finished { save } => self.finished = Some(save.clone()),
            News::Refused { why } => {
                self.refusals += 1;
                notice.error(format!("The table refused: {why}."));
            }
        }
    }
}

/// Open a link to the table at `address` (the caller inserts it with [`Link`]'s details).
pub fn open(world: &mut World, link: Link) -> Result<(), String> {
    let id = crate::plugins::session::new_game::fresh_seed();
    transport::connect_world(world, link.address, id)?;
    world.insert_resource(link);
    Ok(())
}

/// Leave the table: the connection closes and the link goes.
pub fn leave(world: &mut World) {
    transport::disconnect(world);
    world.remove_resource::<Link>();
}

/// The link's systems, shared by every game.
pub fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        (listen, watch_connection)
            .chain()
            .after(ClientSystems::Receive)
            .run_if(resource_exists::<Link>),
    )
    .add_systems(
        Update,
        (say_hello, open_table)
            .chain()
            .run_if(resource_exists::<Link>),
    )
    .add_systems(
        Last,
        say_goodbye
            .after(crate::systems::Quitting)
            .run_if(resource_exists::<Link>),
    );
}

/// When the app quits, the table is told at once (its seat waits for this player), rather than
/// after the connection times out.
fn say_goodbye(
    mut exit: MessageReader<AppExit>,
    transport: Option<ResMut<bevy_replicon_renet::netcode::NetcodeClientTransport>>,
) {
    if exit.read().next().is_some()
        && let Some(mut transport) = transport
    {
        transport.disconnect();
    }
}

fn listen(mut news: MessageReader<News>, mut link: ResMut<Link>, mut notice: ResMut<Notice>) {
    for message in news.read() {
        link.take(message, &mut notice);
    }
}

/// Note a connection lost (or never made), in the notice.
fn watch_connection(
    client: Option<Res<RenetClient>>,
    mut link: ResMut<Link>,
    mut notice: ResMut<Notice>,
) {
    let connected = client.as_ref().is_some_and(|c| c.is_connected());
    let down = client.as_ref().is_none_or(|c| c.is_disconnected());
    if connected && !link.was_connected {
        link.was_connected = true;
    }
    if down && link.lost.is_none() {
        let why = if link.was_connected {
            format!(
                "The connection to the table at {} was lost. Join again with the same name and \
                 code to take your seat back.",
                link.address
            )
        } else {
            format!("No table answered at {}.", link.address)
        };
        notice.error(why.clone());
        link.lost = Some(why);
    }
}

/// Once connected, ask for a seat.
fn say_hello(
    client: Option<Res<RenetClient>>,
    mut link: ResMut<Link>,
    mut intents: MessageWriter<Intent>,
) {
    if link.joined || !client.is_some_and(|c| c.is_connected()) {
        return;
    }
    link.joined = true;
    intents.write(Intent::Join {
        name: link.name.clone(),
        code: link.code.clone(),
        seat: None,
    });
}

/// When the first view of a started game comes, open its table (the game's session then takes
/// the views: [`follow`]).
fn open_table(world: &mut World) {
    let link = world.resource::<Link>();
    let (Some(seat), Some(game), Some(view)) = (link.seat, link.game, link.views.last()) else {
        return;
    };
    if link.opened {
        return;
    }
    let view = view.clone();
    let games = world.resource::<Games>().clone();
    let Some(entry) = games.get(game) else {
        let why = format!("{} cannot be played on this app.", game.title());
        world.resource_mut::<Notice>().error(why);
        return;
    };
    world.resource_mut::<Link>().opened = true;
    match (entry.online)(seat, view.step, &view.state, view.lines) {
        Ok(apply) => apply(world),
        Err(why) => {
            let why = format!("The table's view does not read: {why}");
            world.resource_mut::<Notice>().error(why);
        }
    }
}

/// The game's session at an online table: views taken in, refusals let the seat play again, the
/// players' names kept, and moves played here sent.
pub fn follow<G: Recorded + serde::de::DeserializeOwned>(app: &mut App) {
    app.add_systems(
        Update,
        (take_views::<G>, send_moves::<G>)
            .chain()
            .in_set(crate::systems::Frame::Apply)
            .after(crate::plugins::session::apply_actions::<G>)
            .run_if(
                resource_exists::<Link>
                    .and_then(resource_exists::<Session<G>>)
                    .and_then(in_state(Screen::Playing)),
            ),
    );
}

fn take_views<G: Recorded + serde::de::DeserializeOwned>(
    (mut link, mut session): (ResMut<Link>, ResMut<Session<G>>),
    mut notice: ResMut<Notice>,
    storage: Option<Res<Storage>>,
    mut refusals: Local<u32>,
) {
    if session.online_seat().is_none() {
        return;
    }
    if link.refusals != *refusals {
        *refusals = link.refusals;
        session.move_refused();
    }
    if link.is_changed() {
        let players = link.seats.iter().map(player).collect();
        session.bypass_change_detection().set_players(players);
    }
    let seat = session.online_seat();
    let views = std::mem::take(&mut link.views);
    let took = !views.is_empty();
    for view in views {
        match ron::from_str::<G>(&view.state) {
            Ok(state) => session.take_view(state, view.step, view.from as usize, &view.lines),
            Err(e) => notice.error(format!("The table sent a view that does not read: {e}")),
        }
        // Another seat's move, or chance, is told as this app tells its own moves.
        if let Some(line) = view.lines.last()
            && seat.is_none_or(|s| !line.starts_with(&format!("seat {}: ", s + 1)))
        {
            let told = line
                .split_once(": ")
                .map_or(line.as_str(), |(_, text)| text);
            notice.info(told.to_string());
        }
    }
    if took && let Some(dir) = storage.and_then(|s| s.data_dir().ok().map(Path::to_path_buf)) {
        keep_copy(&link, &session, &dir);
    }
    if let Some(save) = link.finished.take() {
        take_record(&mut session, &save, &mut notice);
    }
}

/// Keep the player's copy of the table as its seat sees it now ([`SeatCopy`]) in `dir`; a
/// failure is logged (the game goes on without it).
fn keep_copy<G: Recorded>(link: &Link, session: &Session<G>, dir: &Path) {
    let (Some(seat), Some(step)) = (session.online_seat(), session.online_step()) else {
        return;
    };
    let copy = SeatCopy {
        game: G::KIND,
        address: link.address,
        code: link.code.clone(),
        name: link.name.clone(),
        seat,
        hosted: link.is_host(),
        step,
        log: session.log().to_vec(),
    };
    let written = ron::to_string(&session.state)
        .map_err(|e| e.to_string())
        .and_then(|position| copy.write(dir, &position));
    if let Err(why) = written {
        warn!("the copy of the online table was not kept: {why}");
    }
}

/// The game is over: the session becomes the finished game's record, with every seat's player,
/// so that the game-over window, the records, a replay and a save work as at one screen.
fn take_record<G: Recorded + serde::de::DeserializeOwned>(
    session: &mut Session<G>,
    save: &str,
    notice: &mut Notice,
) {
    use crate::plugins::session::loading::{seat_kinds, seat_names};
    let loaded = match hoarfrost_rules::save::load::<G>(save) {
        Ok(loaded) => loaded,
        Err(e) => {
            notice.error(format!("The finished game's record does not read: {e}"));
            return;
        }
    };
    let seats = seat_kinds(&loaded.header.seats);
    let mut finished = Session::recorded(loaded.recorder, seats, session.seed);
    finished.names = seat_names(&loaded.header.seats);
    session.replace_all(finished);
}

/// A seat's player's name and whether it is here (an empty name: the server's AI).
fn player(news: &SeatNews) -> (String, bool) {
    match news {
        SeatNews::Player { name, here } => (name.clone(), *here),
        SeatNews::Open => ("(open)".to_string(), false),
        SeatNews::Ai { .. } => (String::new(), true),
    }
}

fn send_moves<G: Recorded>(
    mut session: ResMut<Session<G>>,
    mut intents: MessageWriter<Intent>,
    mut notice: ResMut<Notice>,
) {
    let Some(step) = session.online_step() else {
        return;
    };
    let moves = session.bypass_change_detection().take_outbox();
    for action in moves {
        match ron::to_string(&action) {
            Ok(action) => {
                intents.write(Intent::Act { step, action });
            }
            Err(e) => notice.error(format!("The move does not write: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::session::PlayAction;
    use hoarfrost_rules::icetowers::{IceTowers, Setup};
    use hoarfrost_rules::{Game, Recorder};

    type G = IceTowers;

    /// A headless app whose session is seat 1 of an online IceTowers table.
    fn seated_app() -> (App, Recorder<G>) {
        let mut app = crate::plugins::session::test_app::<G>();
        app.add_message::<Intent>();
        follow::<G>(&mut app);
        let rec = Recorder::<G>::new(Setup::new(2, 4)).expect("a game");
        let view = rec.state().as_seen_by(1);
        app.insert_resource(Session::online(view, 1, 0, Vec::new()));
        let address = "127.0.0.1:9".parse().expect("an address");
        app.insert_resource(Link::new(address, "Gus", "ICE-1", None));
        crate::systems::start_playing(&mut app);
        (app, rec)
    }

    #[test]
    fn a_move_played_here_is_sent_not_applied_and_the_servers_view_moves_the_table() {
        let (mut app, mut rec) = seated_app();
        let action = rec.state().legal_actions(1)[0].clone();
        let seat = 1;
        app.world_mut().write_message(PlayAction::<G> {
            seat,
            action: action.clone(),
        });
        app.update();
        let sent: Vec<Intent> = app
            .world_mut()
            .resource_mut::<Messages<Intent>>()
            .drain()
            .collect();
        let text = ron::to_string(&action).expect("an action writes");
        assert_eq!(
            sent,
            [Intent::Act {
                step: 0,
                action: text
            }]
        );
        let session = app.world().resource::<Session<G>>();
        assert_eq!(session.online_step(), Some(0), "not applied here");
        assert!(!session.may_act(1), "waiting for the server's answer");
        rec.act(1, &action).expect("legal");
        let state = ron::to_string(&rec.state().as_seen_by(1)).expect("a view writes");
        let lines = rec.log().to_vec();
        let view = View {
            step: 1,
            state,
            from: 0,
            lines,
        };
        let dir = std::env::temp_dir().join(format!("hoarfrost-seat-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let storage = Storage {
            data: Some(dir.clone()),
            config: None,
        };
        app.insert_resource(storage);
        app.world_mut().resource_mut::<Link>().views.push(view);
        app.update();
        let session = app.world().resource::<Session<G>>();
        assert_eq!(session.online_step(), Some(1));
        assert!(session.state == rec.state().as_seen_by(1));
        assert_eq!(session.log(), rec.log());
        // The player's copy of the table: how to rejoin, and the seat's view at step 1.
        let copy = SeatCopy::read(&dir).expect("reads").expect("a copy kept");
        assert_eq!((copy.seat, copy.step, copy.name.as_str()), (1, 1, "Gus"));
        assert_eq!((copy.game, copy.code.as_str()), (G::KIND, "ICE-1"));
        assert_eq!(copy.log, rec.log());
        let position = crate::plugins::session::load_position::<G>(&SeatCopy::position(&dir));
        assert!(position.expect("a position") == rec.state().as_seen_by(1));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_finished_games_record_becomes_the_session_with_its_players() {
        let (mut app, rec) = seated_app();
        let seats = ["human:Hana".to_string(), "human:Gus".to_string()];
        let save = hoarfrost_rules::save::to_string(&seats, false, rec.record()).expect("a save");
        app.world_mut().resource_mut::<Link>().finished = Some(save);
        app.update();
        let session = app.world().resource::<Session<G>>();
        assert!(
            session.online_seat().is_none(),
            "an ordinary recorded game now"
        );
        assert!(session.record() == Some(rec.record()));
        assert_eq!(session.player(0), Some("Hana"));
        assert_eq!(session.who(1), "human");
    }
}
