//! The egui windows round the table: the title screen, the side panel, the load,
//! save and settings menus, records, rules, replay controls, warnings, the pause banner and its P
//! key, and the game-over screen; and [`AddTableGame`], which registers a game. It uses `table`,
//! `session`, `systems` and `core`, and no game's folder.

pub mod asset_problems;
pub mod game_over;
pub mod hud;
pub mod lobby;
pub mod pause;
pub mod records;
pub mod replay;
pub mod rules_window;
pub mod save_menu;
pub mod settings_menu;
pub mod title;
pub mod warnings;

use bevy::prelude::*;
use hoarfrost_rules::record::Recorded;

use crate::plugins::session;
use crate::plugins::session::ai::BotMaker;
use crate::plugins::session::registry::{GameEntry, Games, TableGame};

/// Registering a game with the app, in one line: `app.add_table_game::<IceColony>()`.
pub trait AddTableGame {
    /// Adds game `G`: the machinery every game's table shares ([`game_machinery`]), its bot, panel
    /// and tutorial, its entry in the [`Games`] registry, and its own table ([`TableGame::table`]).
    fn add_table_game<G: TableGame>(&mut self) -> &mut Self;
}

impl AddTableGame for App {
    fn add_table_game<G: TableGame>(&mut self) -> &mut Self {
        self.add_plugins((
            game_machinery::<G>,
            session::tutorial::plugin::<G>(G::tutorial),
            session::start::plugin::<G>,
            crate::plugins::online::game::<G>,
        ))
        .insert_resource(BotMaker::<G>(G::bot))
        .insert_resource(G::hud_spec())
        .init_resource::<Games>();
        self.world_mut()
            .resource_mut::<Games>()
            .add(GameEntry::of::<G>());
        G::table(self);
        self
    }
}

/// What every game's table needs, in one place: the rules session with saves, undo and replay, AI
/// seats, hints, HUD and game-over screen.
pub fn game_machinery<G: Recorded>(app: &mut App) {
    app.add_plugins((
        session::plugin::<G>,
        session::saving::plugin::<G>,
        replay::plugin::<G>,
        session::ai::plugin::<G>,
        session::hint::logic::<G>,
        hud::plugin::<G>,
        game_over::plugin::<G>,
        records::keep::<G>,
        crate::plugins::table::waiting::plugin::<G>,
    ));
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        title::plugin,
        lobby::plugin,
        save_menu::plugin,
        settings_menu::plugin,
        rules_window::plugin,
        asset_problems::plugin,
        warnings::plugin,
        replay::playback,
        records::plugin,
        pause::plugin,
    ));
}
