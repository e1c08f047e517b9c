//! The panels' text sizes, set once on egui's context: its small text (the game log, how to play,
//! notes under buttons) is raised from egui's 9 points so it reads at a glance.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// egui's small text, in points (egui's own default is 9; body text is 12.5).
pub const SMALL_TEXT: f32 = 11.0;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, text_sizes);
}

/// Sets the small text size the first time the context is there.
fn text_sizes(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.all_styles_mut(|style| {
        style.text_styles.insert(
            egui::TextStyle::Small,
            egui::FontId::proportional(SMALL_TEXT),
        );
    });
    *done = true;
    Ok(())
}
