//! A seat's mirror of an online table: the seat the server gave it, and the table as that seat
//! may see it, replaced whole by each view the server sends. A view that does not read is set
//! aside with a word; the mirror keeps the last good one.

use bevy::prelude::*;
use hoarfrost_rules::{Game, GameKind, Seat};

use super::protocol::{News, SeatNews};

/// What a client knows of its online table.
#[derive(Resource)]
pub struct Mirror<G: Game> {
    /// The seat this client holds, once seated, and the table's game.
    pub seat: Option<Seat>,
    pub kind: Option<GameKind>,
    /// Who holds each seat, and whether the game has started.
    pub seats: Vec<SeatNews>,
    pub started: bool,
    /// The game's log, as far as sent.
    pub log: Vec<String>,
    /// The finished game's record (a save), once the game is over.
    pub finished: Option<String>,
    /// The step of the last view.
    pub step: u32,
    /// The table as this seat may see it, once a view has come.
    pub game: Option<G>,
    /// The server's refusals of this client's intents, and views that did not read, oldest first.
    pub refusals: Vec<String>,
}

impl<G: Game> Default for Mirror<G> {
    fn default() -> Self {
        Mirror {
            seat: None,
            kind: None,
            seats: Vec::new(),
            started: false,
            log: Vec::new(),
            finished: None,
            step: 0,
            game: None,
            refusals: Vec::new(),
        }
    }
}

impl<G: Game> Mirror<G> {
    /// Take one message from the server.
    pub fn take(&mut self, news: &News) {
        match news {
            News::Seated { seat, game } => (self.seat, self.kind) = (Some(*seat), Some(*game)),
            News::Seats { seats, started } => {
                (self.seats, self.started) = (seats.clone(), *started);
            }
            News::Refused { why } => self.refusals.push(why.clone()),
            News::Finished { save } => self.finished = Some(save.clone()),
            News::Table {
                step,
                state,
                log_from,
                lines,
            } => match ron::from_str::<G>(state) {
                Ok(game) => {
                    self.step = *step;
                    self.game = Some(game);
                    self.log.truncate(*log_from as usize);
                    self.log.extend(lines.iter().cloned());
                }
                Err(e) => self
                    .refusals
                    .push(format!("the server sent a table that does not read: {e}")),
            },
        }
    }
}

/// The client's systems for a table of `G`.
pub fn plugin<G: Game>(app: &mut App) {
    app.init_resource::<Mirror<G>>().add_systems(
        PreUpdate,
        receive::<G>.after(bevy_replicon::prelude::ClientSystems::Receive),
    );
}

fn receive<G: Game>(mut news: MessageReader<News>, mut mirror: ResMut<Mirror<G>>) {
    for message in news.read() {
        mirror.take(message);
    }
}

/// A client of `G` with no window (bots, tests): the protocol and the mirror, connected by
/// [`super::transport::connect`].
pub fn windowless<G: Game>() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy_replicon::prelude::RepliconPlugins,
        bevy_replicon_renet::RepliconRenetPlugins,
    ));
    super::protocol::register(&mut app);
    app.finish();
    app.cleanup();
    plugin::<G>(&mut app);
    app
}
