//! The messages of online play. A client sends [`Intent`]s; the server answers with [`News`]. Game
//! actions and states travel as RON text (the save format), so one protocol serves every game and
//! a message that does not decode is refused by the server in words, never obeyed.

use bevy::prelude::*;
use bevy_replicon::prelude::*;
use hoarfrost_rules::bots::Level;
use hoarfrost_rules::{GameKind, Seat};
use serde::{Deserialize, Serialize};

/// The longest action text the server reads; a longer one is refused unread.
pub const MAX_ACTION_TEXT: usize = 4096;

/// The longest player name; longer ones are cut.
pub const MAX_NAME: usize = 24;

/// The most intents the server reads from one client in one frame; the rest of a flood is dropped.
pub const MAX_INTENTS_PER_FRAME: usize = 8;

/// How long a client may stay connected without taking a seat before the server lets it go.
pub const SEATLESS_LIMIT: std::time::Duration = std::time::Duration::from_secs(20);

/// What a client asks of the server.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Intent {
    /// Take a seat under `name`, showing the table's join `code`: the seat asked for, or the first
    /// open one. A player who dropped takes its own seat back the same way (same name and code).
    Join {
        name: String,
        code: String,
        seat: Option<Seat>,
    },
    /// Before the game starts: move to another open seat.
    Sit { seat: Seat },
    /// Play `action` (the game's action as RON) in the position of step `step`, as last sent.
    Act { step: u32, action: String },
    /// What only the host may ask, showing the host's key (which never leaves the host's machine).
    Host { key: String, order: HostOrder },
}

/// The host's orders to its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HostOrder {
    /// Start the game (every open seat taken).
    Start,
    /// Seat `seat`'s player is gone for good: the server's AI plays it from now on, the game's
    /// own bot or the tree search of `level`.
    HandToAi { seat: Seat, level: Option<Level> },
}

/// Who holds a seat, as every seated client is told.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatNews {
    /// Waiting for a player to join.
    Open,
    /// A player, by name, and whether it is connected now.
    Player { name: String, here: bool },
    /// The server's AI: the game's own bot, or the tree search of `level`.
    Ai { level: Option<Level> },
}

/// What the server tells one client.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum News {
    /// The client holds `seat` at a table of `game` now.
    Seated { seat: Seat, game: GameKind },
    /// Who holds each seat, and whether the game has started (before: the lobby).
    Seats { seats: Vec<SeatNews>, started: bool },
    /// The table at step `step` as the client's seat may see it (the game's state as RON), and the
    /// game's log lines from line `log_from` on (the log is the same for every seat: it never
    /// names a hidden card or die before it shows).
    Table {
        step: u32,
        state: String,
        log_from: u32,
        lines: Vec<String>,
    },
    /// The client's last intent was refused, and why; nothing changed.
    Refused { why: String },
    /// The game is over: its whole record as a save file (the app's format), for the game-over
    /// window, the records, a replay and a save. Nothing is hidden any more once the game ends.
    Finished { save: String },
}

/// Register the messages. Server and client must register the same ones in the same order (their
/// protocol hashes must match for a client to be let in).
pub fn register(app: &mut App) {
    app.add_client_message::<Intent>(Channel::Ordered)
        .add_server_message::<News>(Channel::Ordered);
}
