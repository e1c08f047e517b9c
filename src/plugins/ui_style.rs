//! The panels' text sizes, set once on egui's context (its small text, for the game log, how to
//! play and notes under buttons, is raised from egui's 9 points so it reads at a glance), and the
//! height a panel window at the window's top may fill before it scrolls.

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

/// The most a panel window's contents may take of the window's height (below the panel's title bar
/// and margins) before they scroll. A panel gives this as its minimum height as well: egui lays a
/// window out in the height it had when it first opened (the text may have been scaled since, or
/// the window resized) and a scroll area inside would never grow past that; the window itself still
/// takes the height of what it shows.
pub fn panel_height(ctx: &egui::Context) -> f32 {
    // 72 points: the panel's 8 from the top, its title bar, its margins and a gap at the bottom.
    (ctx.content_rect().height() - 72.0).max(120.0)
}
