//! A left click on a table entity in tests, as the picking backend sends it: what a table's click
//! observer sees when the player clicks that piece.

use std::time::Duration;

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;

/// Click `entity` with the left button.
pub fn left_click(world: &mut World, entity: Entity) {
    let location = Location {
        target: NormalizedRenderTarget::None {
            width: 1,
            height: 1,
        },
        position: Vec2::ZERO,
    };
    let click = Click {
        button: PointerButton::Primary,
        hit: HitData::new(Entity::PLACEHOLDER, 0.0, None, None),
        duration: Duration::ZERO,
        count: 1,
    };
    world.trigger(Pointer::new(PointerId::Mouse, location, click, entity));
}
