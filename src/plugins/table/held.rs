//! Putting down what the player holds: Escape (with no window open) or a left click on the bare
//! table sends [`DropHeld`], and each table clears what its clicks have picked up so far (a die, a
//! room, a card, a stash size, the choices a click left open in the panel). Nothing of the game
//! changes. (IceTowers keeps its own rule for a click on the bare table: it sets a mined pyramid
//! down there.)

use bevy::ecs::component::Mutable;
use bevy::prelude::*;

use crate::plugins::core::notice::Notice;
use crate::plugins::core::screens::TurnPhase;
use crate::plugins::session::Session;
use crate::plugins::table::graphics::TableTop;
use crate::systems::Frame;
use hoarfrost_rules::record::Recorded;

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

/// The bare table: its top, or the window where nothing else was hit.
type Bare = Or<(With<TableTop>, With<Window>)>;

/// Registers [`drop_on_bare_click`] for game `G`'s table.
pub fn put_down_on_bare_click<G: Recorded>(app: &mut App) {
    app.add_message::<DropHeld>()
        .add_observer(drop_on_bare_click::<G>);
}

/// A left click on the bare table (its top, or the window's background where none is drawn) while
/// a human of game `G` is to act puts down what that player holds, as Escape does. A click on a
/// piece, or on a panel (egui takes those), is not one: a piece's click bubbles up to the window
/// too, so only a click whose first target is bare counts.
pub fn drop_on_bare_click<G: Recorded>(
    click: On<Pointer<Click>>,
    phase: Option<Res<State<TurnPhase>>>,
    session: Option<Res<Session<G>>>,
    bare: Query<(), Bare>,
    mut drop: MessageWriter<DropHeld>,
    mut notice: ResMut<Notice>,
) {
    if click.button != PointerButton::Primary
        || click.original_event_target() != click.entity
        || !bare.contains(click.entity)
        || session.is_none()
        || phase.is_none_or(|p| *p.get() != TurnPhase::HumanToAct)
    {
        return;
    }
    drop.write(DropHeld);
    // What the notice said about the piece picked up no longer holds; an error stays.
    if !notice.is_error {
        notice.text.clear();
    }
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

    /// A Sprawl table with every seat human and a size picked (`Picked`), the table top, and a
    /// board square that is not bare.
    fn table(seats: crate::plugins::core::seats::SeatKind) -> (App, Entity, Entity) {
        use hoarfrost_rules::sprawl::{Setup, Sprawl};
        let state = Sprawl::new(&Setup::new(3, 5)).unwrap();
        let mut app = crate::plugins::session::test_app::<Sprawl>();
        app.insert_resource(Picked(Some(3)))
            .add_plugins(put_down::<Picked>)
            .add_plugins(put_down_on_bare_click::<Sprawl>)
            .insert_resource(crate::plugins::session::Session::new(
                state,
                vec![seats; 3],
                5,
            ));
        crate::systems::start_playing(&mut app);
        let top = app.world_mut().spawn(TableTop).id();
        let square = app.world_mut().spawn(Name::new("Square a1")).id();
        (app, top, square)
    }

    #[test]
    fn a_click_on_the_bare_table_puts_down_what_was_held_and_a_click_on_a_piece_does_not() {
        let (mut app, top, square) = table(crate::plugins::core::seats::SeatKind::Human);
        app.world_mut()
            .resource_mut::<Notice>()
            .info("a1: pick one in the panel");
        crate::plugins::core::testing::pick_test::left_click(app.world_mut(), square);
        app.update();
        assert_eq!(*app.world().resource::<Picked>(), Picked(Some(3)));
        crate::plugins::core::testing::pick_test::left_click(app.world_mut(), top);
        app.update();
        assert_eq!(*app.world().resource::<Picked>(), Picked(None));
        // What the notice said of the pick no longer holds.
        assert_eq!(app.world().resource::<Notice>().text, "");
    }

    #[test]
    fn a_click_on_the_bare_table_while_no_human_is_to_act_keeps_what_is_held() {
        let (mut app, top, _) = table(crate::plugins::core::seats::SeatKind::Ai);
        crate::plugins::core::testing::pick_test::left_click(app.world_mut(), top);
        app.update();
        assert_eq!(*app.world().resource::<Picked>(), Picked(Some(3)));
    }
}
