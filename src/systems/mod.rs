//! Systems shared by every table: the frame's order, gliding pieces, dice, printed labels and
//! board-edge coordinates, the sound cues, background work, the table marker (its entities go with
//! the game, `DespawnOnExit`) and the despawn a redraw starts with. They use `core` only.

pub mod background;
pub mod cues;
pub mod dice;
pub mod glide;
pub mod labels;

use bevy::prelude::*;

use crate::plugins::core::screens::InGame;

/// The order of an `Update` frame, written once: read input, let AI seats decide, apply actions,
/// mirror the rules state into entities, then animate.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Frame {
    Input,
    Ai,
    Apply,
    Mirror,
    Animate,
}

/// The `Last` systems that decide the app quits (they write [`AppExit`]); systems that must see
/// the exit before the app goes (telling an online table goodbye) run after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Quitting;

/// Factor on how fast pieces glide and dice tumble (the Settings window's animation speed; 1 is
/// normal, 2 twice as fast).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct AnimationSpeed(pub f32);

impl Default for AnimationSpeed {
    fn default() -> Self {
        AnimationSpeed(1.0)
    }
}

/// Marks every entity that belongs to a game's table: they go when a new game starts
/// (`session::start`) and when the table is left for the title screen ([`DespawnOnExit`] of
/// [`InGame`]).
#[derive(Component, Default)]
#[require(DespawnOnExit<InGame>)]
pub struct TableEntity;

/// A table entity in a game's own motion (an Ice Castle door turning over): scripted clicks wait
/// for it as they wait for glides and tumbles. The game removes it when the motion ends.
#[derive(Component, Default)]
pub struct Settling;

/// Run condition of the key shortcuts: true unless egui is taking the keys (a text field being
/// typed in). Without egui (headless test apps) the keys are free.
pub fn keys_free(wants: Option<Res<bevy_egui::input::EguiWantsInput>>) -> bool {
    wants.is_none_or(|w| !w.wants_any_keyboard_input())
}

/// Press `key` for one frame of `app` and let it go (tests): every other key is released first.
#[cfg(test)]
pub fn tap(app: &mut App, key: KeyCode) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
    keys.press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
}

/// Go from the title screen to play in `app` (tests): one frame enters `Screen::Playing` and
/// derives the turn phase, the next applies it.
#[cfg(test)]
pub fn start_playing(app: &mut App) {
    app.world_mut()
        .resource_mut::<NextState<crate::plugins::core::screens::Screen>>()
        .set(crate::plugins::core::screens::Screen::Playing);
    app.update();
    app.update();
}

/// Orders the [`Frame`] sets in `Update` (headless test apps use it too).
pub fn order_frame(app: &mut App) {
    app.configure_sets(
        Update,
        (
            Frame::Input,
            Frame::Ai,
            Frame::Apply,
            Frame::Mirror,
            Frame::Animate,
        )
            .chain(),
    );
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(order_frame)
        .init_resource::<AnimationSpeed>()
        .add_plugins((cues::plugin, dice::plugin, glide::plugin, labels::plugin));
}

/// Despawn every entity `old` finds: what a redraw from the rules state replaces (each game's
/// pieces, piles, highlights) or the table a new game clears.
pub fn despawn_all<F: bevy::ecs::query::QueryFilter>(
    commands: &mut Commands,
    old: &Query<Entity, F>,
) {
    for e in old {
        commands.entity(e).despawn();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::screens::Screen;

    fn go(app: &mut App, screen: Screen) {
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(screen);
        app.update();
    }

    /// A table stays up through its game-over screen (for a replay or another look) and goes when
    /// the title screen shows.
    #[test]
    fn table_entities_stay_through_game_over_and_go_with_the_title_screen() {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            bevy::state::app::StatesPlugin,
            crate::plugins::core::screens::plugin,
        ));
        start_playing(&mut app);
        let piece = app.world_mut().spawn(TableEntity).id();
        let other = app.world_mut().spawn(Name::new("not the table's")).id();
        go(&mut app, Screen::GameOver);
        assert!(app.world().get_entity(piece).is_ok(), "kept at game over");
        go(&mut app, Screen::Title);
        assert!(
            app.world().get_entity(piece).is_err(),
            "gone with the table"
        );
        assert!(app.world().get_entity(other).is_ok());
    }
}
