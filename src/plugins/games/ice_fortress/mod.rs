//! Ice Fortress: everything its table needs, from its table and pieces to its input, panel and
//! tutorial, with their tests; and its [`TableGame`], registered in `games/mod.rs`.

pub mod click;
pub mod hud;
pub mod input;
pub mod layout;
pub mod pieces;
#[cfg(test)]
mod reach_tests;
pub mod table;
pub mod tutorial;

use bevy::prelude::*;
use bevy_egui::egui;
use hoarfrost_rules::Recorded;
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::ice_fortress::{
    DEFAULT_ROUND_LIMIT, FortressBot, IceFortress, NO_ROUND_LIMIT, Setup,
};

use crate::plugins::core::seats::SeatKind;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::registry::TableGame;
use crate::plugins::session::words::HudSpec;

impl TableGame for IceFortress {
    const RULES: &'static str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenes/rules/ice-fortress.ron"
    ));

    const OPENING: &'static str =
        "Each character keeps two of the ability cards dealt; then the siege begins.";

    /// "All players lose if their ice shield is broken through": a game with a player has no round
    /// limit. A table of AI seats alone (a soak, a benchmark) keeps the bots' limit, so it ends.
    fn setup(choice: &SetupChoice) -> Setup {
        let played = choice.kinds().contains(&SeatKind::Human);
        Setup {
            difficulty: choice.difficulty,
            round_limit: if played {
                NO_ROUND_LIMIT
            } else {
                DEFAULT_ROUND_LIMIT
            },
            ..Setup::new(choice.seats.len(), choice.seed)
        }
        .with_jumbo_assist(choice.jumbo_assist)
    }

    fn choice(setup: &Setup, kinds: &[SeatKind]) -> SetupChoice {
        // One player may play two characters: the table seats players, the save lists them.
        let mut kinds = kinds.to_vec();
        kinds.truncate(setup.players.max(1));
        SetupChoice {
            difficulty: setup.difficulty,
            jumbo_assist: setup.jumbo_assist,
            ..SetupChoice::seated(Self::KIND, &kinds, setup.seed, None)
        }
    }

    const TUTORIAL: &'static str = tutorial::SCRIPT;

    fn bot(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(FortressBot::new(seed))
    }

    fn hud_spec() -> HudSpec<Self> {
        hud::hud_spec()
    }

    /// The difficulty, the jumbo-room assist, and a word on playing solo.
    fn title_options(ui: &mut egui::Ui, choice: &mut SetupChoice) {
        let (levels, words) = hud::difficulty_words(choice.difficulty);
        ui.add(egui::Slider::new(&mut choice.difficulty, levels).text(words));
        let (label, tip) = hud::assist_words(choice.difficulty);
        ui.checkbox(&mut choice.jumbo_assist, label)
            .on_hover_text(tip);
        if choice.seats.len() == 1 {
            ui.small("Solo: you play two characters, taking turns.");
        }
    }

    fn table(app: &mut App) {
        app.add_plugins(table::plugin);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::GameKind;

    /// "All players lose if their ice shield is broken through": a game with a player, the
    /// tutorial's too, has no round limit; a table of AI seats alone keeps the bots' limit.
    #[test]
    fn a_players_game_is_never_lost_to_a_round_limit() {
        let kinds = [SeatKind::Human, SeatKind::Ai];
        let played = SetupChoice::new(GameKind::IceFortress, &kinds, 1);
        assert_eq!(IceFortress::setup(&played).round_limit, NO_ROUND_LIMIT);
        let bots = SetupChoice::new(GameKind::IceFortress, &[SeatKind::Ai; 2], 1);
        assert_eq!(IceFortress::setup(&bots).round_limit, DEFAULT_ROUND_LIMIT);
        let tutorial = IceFortress::tutorial().unwrap();
        assert_eq!(tutorial.script.0.setup.round_limit, NO_ROUND_LIMIT);
    }

    /// "Deal the top card from each deck face-up to another side of the board": a new game from
    /// the title screen deals the rulebook's supply unless the player ticks the assist, which the
    /// setup (and so the save) records and a loaded game shows again; the tutorial has none.
    #[test]
    fn the_jumbo_assist_is_off_unless_chosen_and_is_kept_with_the_game() {
        let kinds = [SeatKind::Human];
        let mut choice = SetupChoice::new(GameKind::IceFortress, &kinds, 1);
        assert!(!choice.jumbo_assist);
        assert!(!IceFortress::setup(&choice).jumbo_assist);
        choice.jumbo_assist = true;
        let setup = IceFortress::setup(&choice);
        assert!(setup.jumbo_assist);
        assert!(IceFortress::choice(&setup, &kinds).jumbo_assist);
        let tutorial = IceFortress::tutorial().unwrap();
        assert!(!tutorial.script.0.setup.jumbo_assist);
    }
}
