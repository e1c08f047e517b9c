//! The app's screens and the turn phase, as Bevy states.
//!
//! `Screen` is the flow (title, playing, game over). `TurnPhase` exists only while playing and is
//! derived each frame from the rules state: whose move it is decides which systems run (input, AI).
//! `InGame` (computed: playing or game over) is while a game's table is up; the table's entities
//! go when it ends. The pause (`core::pause::Pause`) is a sub-state of playing too.

use bevy::prelude::*;

/// Which screen is up.
#[derive(States, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Title,
    Playing,
    GameOver,
}

/// What the table waits for, derived from the rules' `to_act` and the seats.
#[derive(SubStates, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Playing)]
pub enum TurnPhase {
    /// Only AI seats may act now.
    #[default]
    AiToAct,
    /// A human seat may act now (in a turnless game AI seats may act at the same time).
    HumanToAct,
    /// Chance (dice, draws) resolves next.
    Chance,
    /// The rules say the game is over; the game-over screen follows.
    Over,
    /// A recorded game is being replayed: nobody acts, the table shows the replay's position.
    Replay,
}

/// A game's table is up: while playing and on its game-over screen (computed from [`Screen`]).
/// Table entities are despawned when it ends ([`DespawnOnExit`]`(InGame)`, through
/// `systems::TableEntity`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct InGame;

impl ComputedStates for InGame {
    type SourceStates = Screen;

    /// Playing to game over (or back) stays in the game: no exit, so the table stays.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(screen: Screen) -> Option<Self> {
        matches!(screen, Screen::Playing | Screen::GameOver).then_some(InGame)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_computed_state::<InGame>()
        .add_sub_state::<TurnPhase>()
        .add_plugins(crate::plugins::core::pause::plugin);
}
