//! Sprawl: everything its table needs, from its table and pieces to its input, panel and
//! tutorial, with their tests; and its [`TableGame`], registered in `games/mod.rs`.

pub mod arrows;
pub mod input;
#[cfg(test)]
mod reach_tests;
pub mod stash;
pub mod table;
pub mod tutorial;

use bevy::prelude::*;
use bevy_egui::egui;
use hoarfrost_rules::Recorded;
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::sprawl::bot::SprawlBot;
use hoarfrost_rules::sprawl::{Setup, Sprawl, Variant};

use crate::plugins::core::seats::SeatKind;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::registry::TableGame;
use crate::plugins::session::words::HudSpec;

impl TableGame for Sprawl {
    const RULES: &'static str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenes/rules/sprawl.ron"
    ));

    const OPENING: &'static str =
        "Each player first stands a tower anywhere; then build, branch or spore.";

    fn setup(choice: &SetupChoice) -> Setup {
        Setup {
            players: choice.seats.len(),
            variants: choice.sprawl_variants,
            hues: Some(choice.hues()),
            seed: choice.seed,
        }
    }

    fn choice(setup: &Setup, kinds: &[SeatKind]) -> SetupChoice {
        SetupChoice {
            sprawl_variants: setup.variants,
            ..SetupChoice::seated(Self::KIND, kinds, setup.seed, setup.hues.as_ref())
        }
    }

    const TUTORIAL: &'static str = tutorial::SCRIPT;

    fn bot(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(SprawlBot::new(seed))
    }

    fn hud_spec() -> HudSpec<Self> {
        table::hud_spec()
    }

    /// The variants, ticked on the title screen.
    fn title_options(ui: &mut egui::Ui, choice: &mut SetupChoice) {
        ui.label("Variants");
        for v in Variant::ALL {
            let mut on = choice.sprawl_variants.has(v);
            if ui
                .checkbox(&mut on, v.name())
                .on_hover_text(v.summary())
                .changed()
            {
                choice.sprawl_variants.set(v, on);
            }
        }
    }

    fn table(app: &mut App) {
        app.add_plugins((
            table::plugin,
            input::plugin,
            arrows::plugin,
            stash::plugin,
            tutorial::plugin,
        ));
    }
}
