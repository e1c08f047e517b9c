//! Tooltips over the table: a game registers, for a kind of table entity (a component such as a
//! square or a door tile), a function that says in words what that entity shows in the current
//! position; while the pointer rests on one, its words follow the pointer. Tooltips wait until the
//! pointer has moved in the window: one that merely lay where the window opened shows none.

use std::marker::PhantomData;

use bevy::prelude::*;
use bevy::window::WindowEvent;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::record::Recorded;

use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::screens::Screen;
use crate::plugins::session::Session;

/// What a tooltip says about the entity of component `C` in game `G`, if anything.
pub type TipText<G, C> = fn(&G, &C) -> Option<String>;

/// The entity with component `C` under the pointer, if any.
#[derive(Resource)]
struct Hovered<C: Component> {
    entity: Option<Entity>,
    kind: PhantomData<C>,
}

impl<C: Component> Default for Hovered<C> {
    fn default() -> Self {
        Hovered {
            entity: None,
            kind: PhantomData,
        }
    }
}

/// The words of game `G` for entities with component `C`.
#[derive(Resource)]
struct Words<G: Recorded, C: Component>(TipText<G, C>);

/// Whether the pointer has moved since the window first saw it.
#[derive(Resource, Default, Debug)]
pub struct PointerMoved {
    first: Option<Vec2>,
    pub moved: bool,
}

/// Registers what every tooltip needs: whether the pointer has moved.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PointerMoved>()
        .add_systems(PreUpdate, follow_pointer);
}

/// Follows the window's pointer events (which the app's own scripted clicks write too).
fn follow_pointer(mut events: MessageReader<WindowEvent>, mut pointer: ResMut<PointerMoved>) {
    for e in events.read() {
        let WindowEvent::CursorMoved(m) = e else {
            continue;
        };
        match pointer.first {
            None => pointer.first = Some(m.position),
            Some(first) if first != m.position => pointer.moved = true,
            Some(_) => {}
        }
    }
}

/// Run condition of tooltips: the pointer has moved in the window.
pub fn pointer_moved(pointer: Option<Res<PointerMoved>>) -> bool {
    pointer.is_some_and(|p| p.moved)
}

/// Shows a tooltip over every table entity with component `C` while a game of `G` is played,
/// replayed or over, with the words `text` gives for it.
pub fn tips<G: Recorded, C: Component>(text: TipText<G, C>) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.init_resource::<Hovered<C>>()
            .insert_resource(Words::<G, C>(text))
            .add_observer(on_over::<C>)
            .add_observer(on_out::<C>)
            .add_systems(
                EguiPrimaryContextPass,
                tooltip::<G, C>.run_if(
                    in_state(Screen::Playing)
                        .or_else(in_state(Screen::GameOver))
                        .and_then(resource_exists::<Session<G>>)
                        .and_then(pointer_moved),
                ),
            );
    }
}

fn on_over<C: Component>(
    over: On<Pointer<Over>>,
    tipped: Query<(), With<C>>,
    mut hovered: ResMut<Hovered<C>>,
) {
    if tipped.contains(over.entity) {
        hovered.entity = Some(over.entity);
    }
}

fn on_out<C: Component>(out: On<Pointer<Out>>, mut hovered: ResMut<Hovered<C>>) {
    if hovered.entity == Some(out.entity) {
        hovered.entity = None;
    }
}

fn tooltip<G: Recorded, C: Component>(
    mut contexts: EguiContexts,
    session: Res<Session<G>>,
    words: Res<Words<G, C>>,
    hovered: Res<Hovered<C>>,
    tipped: Query<&C>,
    options: Res<LaunchOptions>,
    mut printed: Local<String>,
) -> Result {
    let Some(component) = hovered.entity.and_then(|e| tipped.get(e).ok()) else {
        return Ok(());
    };
    let Some(text) = (words.0)(&session.state, component) else {
        return Ok(());
    };
    // A scripted run prints each new tooltip, so that a test can check what a player would read.
    if options.exit_after.is_some() && *printed != text {
        println!("hoarfrost: tip: {}", text.replace('\n', " / "));
        *printed = text.clone();
    }
    show_tip(contexts.ctx_mut()?, std::any::type_name::<C>(), &text);
    Ok(())
}

/// Draws `text` in a small frame beside the pointer, on top of the table (not catching clicks).
pub fn show_tip(ctx: &egui::Context, id: &str, text: &str) {
    if let Some(pos) = ctx.pointer_hover_pos() {
        egui::Area::new(egui::Id::new(("tooltip", id)))
            .fixed_pos(pos + egui::vec2(16.0, 16.0))
            .interactable(false)
            .order(egui::Order::Tooltip)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(320.0);
                    ui.label(text);
                });
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tooltips_wait_until_the_pointer_moves() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<WindowEvent>()
            .add_plugins(plugin);
        let window = app.world_mut().spawn_empty().id();
        let at = |app: &mut App, x: f32| {
            app.world_mut()
                .write_message(WindowEvent::CursorMoved(CursorMoved {
                    window,
                    position: Vec2::new(x, 10.0),
                    delta: None,
                }));
            app.update();
            app.world().resource::<PointerMoved>().moved
        };
        // The window opens under a resting pointer: it reports where the pointer is, twice.
        assert!(!at(&mut app, 100.0));
        assert!(!at(&mut app, 100.0));
        assert!(at(&mut app, 104.0), "the player moved it");
    }
}
