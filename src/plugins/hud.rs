//! The in-game side panel for any game: seats and scores, the last notice (an illegal move's reason),
//! the game log, and per-game extras (such as IceTowers's Stop buttons).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::{Game, Seat};

use crate::options::SeatKind;
use crate::screens::Screen;
use crate::session::{Notice, PlayAction, Session};

/// What a game adds to the HUD.
#[derive(Resource)]
pub struct HudSpec<G: Game> {
    pub title: &'static str,
    /// Name and colour of a seat.
    pub seat_name: fn(&G, Seat) -> (String, egui::Color32),
    /// Extra words after a seat's score (e.g. "+3 on 30").
    pub seat_note: fn(&G, Seat) -> String,
    /// A button per human seat: its label and the action it plays, when it applies now.
    pub seat_button: Option<fn(&G, Seat) -> Option<(String, G::Action)>>,
    /// Lines shown under the seats (e.g. a ghost player's score).
    pub extra_lines: fn(&G) -> Vec<String>,
    /// How to play, in a few lines.
    pub help: &'static str,
}

/// Registers the HUD for game `G`.
pub fn plugin<G: Game>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        side_panel::<G>.run_if(resource_exists::<Session<G>>.and_then(in_state(Screen::Playing))),
    );
}

fn side_panel<G: Game>(
    mut contexts: EguiContexts,
    session: Res<Session<G>>,
    spec: Res<HudSpec<G>>,
    notice: Res<Notice>,
    mut play: MessageWriter<PlayAction<G>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(spec.title)
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .default_width(300.0)
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            let scores = session.state.scores();
            for seat in 0..session.state.num_seats() {
                let (name, colour) = (spec.seat_name)(&session.state, seat);
                let who = if session.seats[seat] == SeatKind::Human {
                    "human"
                } else {
                    "AI"
                };
                ui.horizontal(|ui| {
                    ui.colored_label(colour, "■");
                    ui.label(format!(
                        "{name} ({who}): {}  {}",
                        scores[seat],
                        (spec.seat_note)(&session.state, seat)
                    ));
                    if let (SeatKind::Human, Some(button)) = (session.seats[seat], spec.seat_button)
                    {
                        if let Some((label, action)) = button(&session.state, seat) {
                            if ui.small_button(label).clicked() {
                                play.write(PlayAction { seat, action });
                            }
                        }
                    }
                });
            }
            for line in (spec.extra_lines)(&session.state) {
                ui.label(line);
            }
            ui.separator();
            if !notice.text.is_empty() {
                let colour = if notice.is_error {
                    egui::Color32::LIGHT_RED
                } else {
                    egui::Color32::LIGHT_GRAY
                };
                ui.colored_label(colour, &notice.text);
                ui.separator();
            }
            egui::CollapsingHeader::new("Game log")
                .default_open(false)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .max_height(160.0)
                        .stick_to_bottom(true)
                        .show(ui, |ui| {
                            for (i, entry) in session.log.iter().enumerate() {
                                ui.small(format!("{}. {}", i + 1, entry.text));
                            }
                        });
                });
            egui::CollapsingHeader::new("How to play")
                .default_open(false)
                .show(ui, |ui| {
                    ui.small(spec.help);
                });
        });
    Ok(())
}
