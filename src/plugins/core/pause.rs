//! Whether the game is paused, as a state of its own under playing ([`Pause`]): a new game, a
//! loaded one or a replay starts running, and leaving the table forgets the pause. The systems
//! that stop while paused (AI seats thinking, rolls and draws) sit in [`PausableSystems`]; a move
//! asked for meanwhile is refused with [`REFUSED`]. The P key, the banner and what pausing does to
//! AI seats are in `ui::pause` and `session::ai`.

use bevy::prelude::*;

use crate::plugins::core::screens::Screen;

/// Whether the table's clock runs, while playing.
#[derive(SubStates, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Playing)]
pub enum Pause {
    #[default]
    Running,
    Paused,
}

/// The systems that stop while the game is paused, configured once for `Update`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PausableSystems;

/// Whether the game is paused (not while no game is played).
pub fn is_paused(pause: Option<Res<State<Pause>>>) -> bool {
    pause.is_some_and(|p| *p.get() == Pause::Paused)
}

/// What a refused move says while paused.
pub const REFUSED: &str = "The game is paused: press P (or Go on) to play on.";

/// Pause or play on at once in a test app that is playing (the transition runs now, not at the
/// next frame).
#[cfg(test)]
pub fn set_paused(world: &mut World, paused: bool) {
    let to = if paused {
        Pause::Paused
    } else {
        Pause::Running
    };
    world.resource_mut::<NextState<Pause>>().set(to);
    world.run_schedule(StateTransition);
}

/// Whether a test app is paused now.
#[cfg(test)]
pub fn paused_now(world: &World) -> bool {
    world
        .get_resource::<State<Pause>>()
        .is_some_and(|p| *p.get() == Pause::Paused)
}

/// The pause state and the pausable set (with the screens, so headless test apps have them too).
pub(crate) fn plugin(app: &mut App) {
    app.add_sub_state::<Pause>()
        .configure_sets(Update, PausableSystems.run_if(not(is_paused)))
        .add_systems(OnEnter(Screen::Playing), run_on);
}

/// A game loaded over the one playing (playing to playing, where the sub-state keeps its value)
/// starts running too.
fn run_on(pause: Option<Res<State<Pause>>>, mut next: ResMut<NextState<Pause>>) {
    if pause.is_some_and(|p| *p.get() == Pause::Paused) {
        next.set(Pause::Running);
    }
}
