//! The game-over screen for any game: final scores, the winner, play again, replay the game or back
//! to the title.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::record::Recorded;

use crate::plugins::core::notice::Notice;
use crate::plugins::core::screens::Screen;
use crate::plugins::session::Session;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::words::HudSpec;

/// Registers the game-over screen for game `G`.
pub fn plugin<G: Recorded>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        game_over_window::<G>
            .run_if(resource_exists::<Session<G>>.and_then(in_state(Screen::GameOver))),
    );
}

fn game_over_window<G: Recorded>(
    mut contexts: EguiContexts,
    (session, spec): (Res<Session<G>>, Res<HudSpec<G>>),
    mut choice: ResMut<SetupChoice>,
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<Notice>,
    mut commands: Commands,
    (records, colours): (
        Option<Res<crate::plugins::session::records::Records>>,
        Option<Res<crate::plugins::ui::hud::SeatColours>>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let returns = session.state.returns();
    // Top right, where the game's panel stood, and foldable: the table is framed to leave that
    // side free, so the final position stays in sight (at the bottom, eight seats covered the
    // board's near rows).
    egui::Window::new("Game over")
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .collapsible(true)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(headline(&spec, &session));
            for line in (spec.settled_by)(&session.state) {
                ui.label(line);
            }
            for seat in 0..returns.len() {
                let (name, colour) =
                    crate::plugins::session::words::seat_label(&spec, &session, seat);
                // Ice Castle's colours are chosen on the title screen: as in the side panel.
                let colour =
                    crate::plugins::ui::hud::swatch_colour(colours.as_deref(), seat, colour);
                ui.horizontal(|ui| {
                    crate::plugins::ui::hud::swatch(ui, colour);
                    ui.label(format!(
                        "{name}: {}",
                        (spec.seat_status)(&session.state, seat)
                    ));
                });
            }
            ui.label(steps_line(session.steps(), session.record().is_none()));
            if let Some(line) = records.and_then(|r| record_line(&r, G::KIND)) {
                ui.small(line);
            }
            if notice.is_error && !notice.text.is_empty() {
                let said = hoarfrost_rules::words::capitalized(&notice.text);
                ui.colored_label(egui::Color32::LIGHT_RED, said);
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Play again").clicked() {
                    choice.seed = choice.seed.wrapping_add(1);
                    next.set(Screen::Playing);
                }
                let replayable = session.record().is_some();
                if ui
                    .add_enabled(replayable, egui::Button::new("Replay"))
                    .clicked()
                {
                    crate::plugins::ui::replay::start_replay(
                        &session,
                        &mut commands,
                        &mut notice,
                        &mut next,
                    );
                }
                if ui.button("Title screen").clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}

/// The game-over heading: the game's own, else who won ("Red wins!", "Anna (Red) wins!", "A tie:
/// Red and Blue", or "A draw" where every seat shares the win, as at Ice Castle's turn limit).
pub fn headline<G: Recorded>(spec: &HudSpec<G>, session: &Session<G>) -> String {
    if let Some(h) = spec.headline {
        return h(&session.state);
    }
    let returns = session.state.returns();
    let winners: Vec<String> = (0..returns.len())
        .filter(|&s| returns[s] > 0.0)
        .map(|s| crate::plugins::session::words::seat_label(spec, session, s).0)
        .collect();
    let names: Vec<&str> = winners.iter().map(String::as_str).collect();
    match winners.len() {
        0 => "Nobody wins.".to_string(),
        1 => format!("{} wins!", winners[0]),
        n if n == returns.len() => "A draw".to_string(),
        _ => format!("A tie: {}", hoarfrost_rules::words::listed(&names)),
    }
}

/// How many steps the game took: "47 steps", or for a game started from a table position (which
/// has no record of how the table came about) "3 steps from the table position it started from".
fn steps_line(steps: usize, from_position: bool) -> String {
    let steps = hoarfrost_rules::words::count(steps as i64, "step", "steps");
    if from_position {
        format!("{steps} from the table position it started from")
    } else {
        steps
    }
}

/// "Your Sprawl record: 3 won, 2 lost.", once human seats have finished a game of `game`.
fn record_line(
    records: &crate::plugins::session::records::Records,
    game: hoarfrost_rules::GameKind,
) -> Option<String> {
    let tally = records.tally(game);
    (tally.played() > 0).then(|| {
        format!(
            "Your {} record: {} won, {} lost.",
            game.title(),
            tally.won,
            tally.lost
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::session::records::{Finished, Records, SeatLine};
    use hoarfrost_rules::GameKind;

    #[test]
    fn a_game_from_a_table_position_counts_its_steps_from_there() {
        assert_eq!(steps_line(47, false), "47 steps");
        assert_eq!(steps_line(1, false), "1 step");
        assert_eq!(
            steps_line(0, true),
            "0 steps from the table position it started from"
        );
    }

    #[test]
    fn the_record_line_counts_the_human_seats_games_of_this_game_only() {
        let game = |slug: &str, deal: u64, human: bool, won: bool| Finished {
            game: slug.into(),
            deal,
            ended: 0,
            steps: 1,
            headline: String::new(),
            seats: vec![SeatLine {
                name: "Red".into(),
                human,
                player: None,
                won,
                status: String::new(),
            }],
        };
        let mut records = Records::default();
        records.add(game("sprawl", 1, false, true));
        assert_eq!(
            record_line(&records, GameKind::Sprawl),
            None,
            "watched only"
        );
        records.add(game("sprawl", 2, true, true));
        records.add(game("sprawl", 3, true, false));
        records.add(game("sprawl", 4, true, false));
        records.add(game("icetowers", 5, true, true));
        assert_eq!(
            record_line(&records, GameKind::Sprawl).as_deref(),
            Some("Your Sprawl record: 1 won, 2 lost.")
        );
    }
}
