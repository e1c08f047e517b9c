//! Rules of the Hoarfrost games: pure, deterministic given a seed, serializable to RON, with no Bevy.
//!
//! Every game implements [`Game`]; the app, the bots, the conformance battery and the benchmarks all
//! speak to games through it alone.

pub mod battery;
pub mod bots;
pub mod catalog;
pub mod cmdline;
pub mod fuzz;
mod game;
pub mod hue;
pub mod ice_castle;
pub mod ice_colony;
pub mod ice_fortress;
pub mod icetowers;
pub mod record;
#[cfg(test)]
mod refusals;
mod rng;
pub mod save;
pub mod sprawl;
pub mod words;

pub use catalog::GameKind;
pub use game::{Game, Refusal, Refused, RuleError, Seat, ToAct};
pub use hue::Hue;
pub use record::{Record, Recorded, Recorder, Replay, ReplayError, Step};
pub use rng::{GameRng, fnv1a};
