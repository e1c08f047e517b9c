//! Online play: one table shared across machines. The server (a host's app, or the headless
//! server) owns the rules state and applies every intent through the rules' checked path; each
//! client is sent only its seat's view of the table ([`hoarfrost_rules::Game::as_seen_by`]) and
//! shows what it is sent. Messages go through bevy_replicon over renet's netcode (UDP).
//!
//! - [`protocol`]: the messages both sides speak and their limits.
//! - [`server`]: the authority: seats, the join code, intents checked and applied, views sent.
//! - [`client`]: a seat's mirror of the table, from the server's views.
//! - [`transport`]: opening the server's socket and connecting a client to it.
//! - [`headless`]: the server with no window (`hoarfrost-server`): new or resumed tables.
//!
//! It uses the session layer's vocabulary below it and nothing above.

pub mod client;
pub mod headless;
pub mod protocol;
pub mod server;
pub mod transport;

#[cfg(test)]
mod tests;
