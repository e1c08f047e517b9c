//! Ice Castle: everything its table needs, from its table and pieces to its input, panel and
//! tutorial, with their tests; and its [`TableGame`], registered in `games/mod.rs`.

pub mod hands;
pub mod hud;
pub mod input;
pub mod pieces;
pub mod piles;
#[cfg(test)]
mod reach_tests;
pub mod table;
pub mod tutorial;

use bevy::prelude::*;
use hoarfrost_rules::Recorded;
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::ice_castle::bot::CastleBot;
use hoarfrost_rules::ice_castle::{IceCastle, Setup};

use crate::plugins::core::seats::SeatKind;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::registry::TableGame;
use crate::plugins::session::words::HudSpec;

impl TableGame for IceCastle {
    const RULES: &'static str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenes/rules/ice-castle.ron"
    ));

    const OPENING: &'static str =
        "The doors are dealt closed side up; each player draws, plays a card and moves.";

    fn setup(choice: &SetupChoice) -> Setup {
        Setup {
            hues: Some(choice.hues()),
            ..Setup::new(choice.seats.len(), choice.seed)
        }
    }

    fn choice(setup: &Setup, kinds: &[SeatKind]) -> SetupChoice {
        SetupChoice::seated(Self::KIND, kinds, setup.seed, setup.hues.as_ref())
    }

    const TUTORIAL: &'static str = tutorial::SCRIPT;

    /// The heuristic bot with its tuned weights.
    fn bot(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(CastleBot::tuned(seed))
    }

    fn hud_spec() -> HudSpec<Self> {
        hud::hud_spec()
    }

    fn table(app: &mut App) {
        app.add_plugins((table::plugin, tutorial::plugin));
    }
}
