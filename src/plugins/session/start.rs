//! Starting a game's table, the protocol every game shares: when play starts, [`open_table`]
//! clears the table before, opens the game (its tutorial, a table position, or a new game from the
//! title choice through [`TableGame::setup`]) and seats its session with the game's opening words;
//! then the game's own systems in [`TableStart::Build`] lay out its table from that session.

use bevy::prelude::*;

use crate::plugins::core::notice::Notice;
use crate::plugins::core::screens::Screen;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::registry::TableGame;
use crate::plugins::session::tutorial::{open, or_title, seat};
use crate::plugins::session::{Opening, Session};
use crate::systems::TableEntity;

/// The two steps of a table's start, in `OnEnter(Screen::Playing)`: open the game, then build its
/// table.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableStart {
    Open,
    Build,
}

/// Orders the two steps (each game's start does, so an app of one game has it too).
pub fn order_start(app: &mut App) {
    app.configure_sets(
        OnEnter(Screen::Playing),
        (TableStart::Open, TableStart::Build).chain(),
    );
}

/// Run condition: the game chosen is `G`.
pub fn chosen<G: TableGame>(choice: Res<SetupChoice>) -> bool {
    choice.game == G::KIND
}

/// Run condition of a game's [`TableStart::Build`] systems: `G` is the game chosen and its table
/// opened (a tutorial or position file that does not read goes back to the title instead).
pub fn opened<G: TableGame>(choice: Res<SetupChoice>, session: Option<Res<Session<G>>>) -> bool {
    choice.game == G::KIND && session.is_some()
}

/// Open game `G` from the title choice and seat its session; the table before goes.
pub fn open_table<G: TableGame>(
    mut commands: Commands,
    choice: Res<SetupChoice>,
    old: Query<Entity, With<TableEntity>>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    crate::systems::despawn_all(&mut commands, &old);
    commands.remove_resource::<Session<G>>();
    let opened = open(choice.tutorial, G::tutorial, || {
        Opening::start(choice.scene.as_deref(), || G::setup(&choice))
    });
    if let Some((opening, tutorial)) = or_title(opened, &mut notice, &mut next) {
        seat(
            &mut commands,
            &mut notice,
            opening,
            tutorial,
            &choice,
            G::OPENING,
        );
    }
}

/// Registers the start of game `G`'s table (its build systems are the game's own).
pub fn plugin<G: TableGame>(app: &mut App) {
    order_start(app);
    app.add_systems(
        OnEnter(Screen::Playing),
        open_table::<G>.in_set(TableStart::Open).run_if(chosen::<G>),
    );
}
