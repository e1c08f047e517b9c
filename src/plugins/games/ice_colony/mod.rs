//! Ice Colony: everything its table needs, from its table and pieces to its input, panel and
//! tutorial, with their tests; and its [`TableGame`], registered in `games/mod.rs`.

pub mod input;
pub mod pools;
#[cfg(test)]
mod reach_tests;
pub mod table;
pub mod tutorial;

use bevy::prelude::*;
use bevy_egui::egui;
use hoarfrost_rules::Recorded;
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::ice_colony::bot::ColonyBot;
use hoarfrost_rules::ice_colony::{ClearTerrain, IceColony, Setup};

use crate::plugins::core::seats::SeatKind;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::registry::TableGame;
use crate::plugins::session::words::HudSpec;

impl TableGame for IceColony {
    const RULES: &'static str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenes/rules/ice-colony.ron"
    ));

    const OPENING: &'static str =
        "The board is drawn from the bag; then each player places a first piece.";

    fn setup(choice: &SetupChoice) -> Setup {
        Setup {
            clear_terrain: choice.clear_terrain,
            ..Setup::new(choice.seats.len(), choice.seed)
        }
    }

    fn choice(setup: &Setup, kinds: &[SeatKind]) -> SetupChoice {
        SetupChoice {
            clear_terrain: setup.clear_terrain,
            ..SetupChoice::seated(Self::KIND, kinds, setup.seed, None)
        }
    }

    const TUTORIAL: &'static str = tutorial::SCRIPT;

    fn bot(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(ColonyBot::new(seed))
    }

    fn hud_spec() -> HudSpec<Self> {
        table::hud_spec()
    }

    /// What the Clear terrain means, decided before the game.
    fn title_options(ui: &mut egui::Ui, choice: &mut SetupChoice) {
        ui.horizontal(|ui| {
            ui.label("Clear terrain:");
            ui.radio_value(
                &mut choice.clear_terrain,
                ClearTerrain::NoEffect,
                "no effect",
            );
            ui.radio_value(
                &mut choice.clear_terrain,
                ClearTerrain::NoTerritory,
                "no territory (nobody may enter)",
            );
        });
    }

    fn table(app: &mut App) {
        app.add_plugins((table::plugin, tutorial::plugin));
    }
}
