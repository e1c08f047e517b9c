//! IceTowers: everything its table needs, from its table and pieces to its input, panel and
//! tutorial, with their tests; and its [`TableGame`], registered in `games/mod.rs`.

pub mod input;
#[cfg(test)]
mod reach_tests;
pub mod table;
pub mod tutorial;

use bevy::prelude::*;
use hoarfrost_rules::Recorded;
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::icetowers::{IceTowers, Setup, TowerBot};

use crate::plugins::core::seats::SeatKind;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::registry::TableGame;
use crate::plugins::session::words::HudSpec;

impl TableGame for IceTowers {
    const RULES: &'static str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenes/rules/icetowers.ron"
    ));

    const OPENING: &'static str = "Click one of your pyramids, then a tower to cap it.";

    /// Two players play with a third colour, the Gus, that nobody moves.
    fn setup(choice: &SetupChoice) -> Setup {
        let mut hues = choice.hues();
        if hues.len() == 2 {
            let gus = hoarfrost_rules::Hue::ALL
                .into_iter()
                .find(|h| !hues.contains(h))
                .unwrap_or(hoarfrost_rules::Hue::White);
            hues.push(gus);
        }
        Setup {
            hues: Some(hues),
            ..Setup::new(choice.seats.len(), choice.seed)
        }
    }

    fn choice(setup: &Setup, kinds: &[SeatKind]) -> SetupChoice {
        SetupChoice::seated(Self::KIND, kinds, setup.seed, setup.hues.as_ref())
    }

    const TUTORIAL: &'static str = tutorial::SCRIPT;

    fn bot(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(TowerBot::new(seed))
    }

    fn hud_spec() -> HudSpec<Self> {
        table::hud_spec()
    }

    fn table(app: &mut App) {
        app.add_plugins((table::plugin, input::plugin, tutorial::plugin));
    }
}
