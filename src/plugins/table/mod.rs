//! The 3D table every game shares: the camera, graphics quality, gold markers, tooltips, the hover
//! frame, the view from a player's side, putting down what is held, the waiting word, sounds, and
//! the pyramid geometry three games share (`pyramid`). It uses `session`, `systems` and `core`, and
//! no game's folder.

pub mod camera;
pub mod graphics;
pub mod held;
pub mod hover_frame;
pub mod markers;
pub mod pyramid;
pub mod seat_view;
pub mod sound;
pub mod tooltips;
pub mod waiting;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        camera::plugin,
        graphics::plugin,
        held::plugin,
        markers::plugin,
        sound::plugin,
        tooltips::plugin,
        hover_frame::plugin,
    ));
}
