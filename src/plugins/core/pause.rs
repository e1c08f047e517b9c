//! Whether the game is paused, and what a move refused for it says. The P key, the banner and what
//! pausing stops are in `ui::pause` and the systems that check [`running`].

use bevy::prelude::*;

/// Whether the game is paused.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Paused(pub bool);

/// Run condition: true unless the game is paused (and when no pause exists, as in headless tests).
pub fn running(paused: Option<Res<Paused>>) -> bool {
    paused.is_none_or(|p| !p.0)
}

/// What a refused move says while paused.
pub const REFUSED: &str = "The game is paused: press P (or Go on) to play on.";
