//! Putting down what the player holds: Escape (with no window open) sends [`DropHeld`], and each
//! table clears what its clicks have picked up so far (a die, a room, a card, a pyramid, a stash
//! size, the choices a click left open in the panel). Nothing of the game changes.

use bevy::ecs::component::Mutable;
use bevy::prelude::*;

use crate::systems::Frame;

/// The player put down whatever a click had picked up.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DropHeld;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<DropHeld>();
}

/// Registers [`reset`] for `R` (and the message, so that headless test apps need nothing more).
pub fn put_down<R: Resource<Mutability = Mutable> + Default>(app: &mut App) {
    app.add_message::<DropHeld>()
        .add_systems(Update, reset::<R>.in_set(Frame::Apply));
}

/// Puts the resource `R` back to its default (nothing held) on [`DropHeld`].
pub fn reset<R: Resource<Mutability = Mutable> + Default>(
    mut drops: MessageReader<DropHeld>,
    held: Option<ResMut<R>>,
) {
    if drops.read().count() > 0
        && let Some(mut held) = held
    {
        *held = R::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Resource, Default, Debug, PartialEq)]
    struct Picked(Option<u8>);

    #[test]
    fn a_drop_puts_down_what_was_held_and_nothing_else_does() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, plugin))
            .insert_resource(Picked(Some(3)))
            .add_plugins(put_down::<Picked>);
        app.update();
        assert_eq!(*app.world().resource::<Picked>(), Picked(Some(3)));
        app.world_mut().write_message(DropHeld);
        app.update();
        assert_eq!(*app.world().resource::<Picked>(), Picked(None));
    }
}
