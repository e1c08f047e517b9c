//! The messages of online play. A client sends [`Intent`]s; the server answers with [`News`]. Game
//! actions and states travel as RON text (the save format), so one protocol serves every game and
//! a message that does not decode is refused by the server in words, never obeyed.

use bevy::prelude::*;
use bevy_replicon::prelude::*;
use hoarfrost_rules::Seat;
use serde::{Deserialize, Serialize};

/// The longest action text the server reads; a longer one is refused unread.
pub const MAX_ACTION_TEXT: usize = 4096;

/// The longest player name; longer ones are cut.
pub const MAX_NAME: usize = 24;

/// The most intents the server reads from one client in one frame; the rest of a flood is dropped.
pub const MAX_INTENTS_PER_FRAME: usize = 8;

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
    /// Play `action` (the game's action as RON) in the position of step `step`, as last sent.
    Act { step: u32, action: String },
}

/// What the server tells one client.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum News {
    /// The client holds `seat` now.
    Seated { seat: Seat },
    /// The table at step `step` as the client's seat may see it (the game's state as RON).
    Table { step: u32, state: String },
    /// The client's last intent was refused, and why; nothing changed.
    Refused { why: String },
}

/// Register the messages. Server and client must register the same ones in the same order (their
/// protocol hashes must match for a client to be let in).
pub fn register(app: &mut App) {
    app.add_client_message::<Intent>(Channel::Ordered)
        .add_server_message::<News>(Channel::Ordered);
}
