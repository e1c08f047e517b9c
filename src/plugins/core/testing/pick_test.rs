//! A left click on a table entity in tests, and the pointer coming over it and leaving it, as the
//! picking backend sends them: what a table's observers see when the player points at that piece.

use std::time::Duration;

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;

/// Where the mouse is, for the events below.
fn location() -> Location {
    Location {
        target: NormalizedRenderTarget::None {
            width: 1,
            height: 1,
        },
        position: Vec2::ZERO,
    }
}

fn hit() -> HitData {
    HitData::new(Entity::PLACEHOLDER, 0.0, None, None)
}

/// Click `entity` with the left button.
pub fn left_click(world: &mut World, entity: Entity) {
    let click = Click {
        button: PointerButton::Primary,
        hit: hit(),
        duration: Duration::ZERO,
        count: 1,
    };
    world.trigger(Pointer::new(PointerId::Mouse, location(), click, entity));
}

/// The pointer comes over `entity`.
pub fn hover(world: &mut World, entity: Entity) {
    world.trigger(Pointer::new(
        PointerId::Mouse,
        location(),
        Over { hit: hit() },
        entity,
    ));
}

/// The pointer leaves `entity`.
pub fn leave(world: &mut World, entity: Entity) {
    world.trigger(Pointer::new(
        PointerId::Mouse,
        location(),
        Out { hit: hit() },
        entity,
    ));
}
