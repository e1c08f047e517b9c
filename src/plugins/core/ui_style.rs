//! The panels' text sizes (egui's small text, for the game log, how to play and notes under
//! buttons, is raised from egui's 9 points so it reads at a glance, and more when the panels are
//! zoomed out in a small window), and the height a panel window at the window's top may fill before
//! it scrolls.

use bevy_egui::egui;

/// egui's small text, in points, at a zoom of 1 or more (egui's own default is 9).
pub const SMALL_TEXT: f32 = 11.0;

/// egui's body text, in points.
pub const BODY_TEXT: f32 = 12.5;

/// The fewest logical pixels small text is drawn at: under about 9.5 a line of the game log or of
/// how to play no longer reads (11 points at the smallest zoom, 0.75, made 8.25).
pub const SMALL_TEXT_PIXELS: f32 = 9.5;

/// Small text's size in points at egui zoom `zoom`: [`SMALL_TEXT`], raised so that it is drawn
/// [`SMALL_TEXT_PIXELS`] tall at least, but never past body text (when the player has chosen a
/// small text scale, small text stays as small as body text).
pub fn small_text_points(zoom: f32) -> f32 {
    let wanted = if zoom.is_finite() && zoom > 0.0 {
        SMALL_TEXT_PIXELS / zoom
    } else {
        SMALL_TEXT
    };
    SMALL_TEXT.max(wanted.min(BODY_TEXT))
}

/// Set egui's small text size for zoom `zoom` (see [`small_text_points`]).
pub fn set_small_text(ctx: &egui::Context, zoom: f32) {
    let size = small_text_points(zoom);
    ctx.all_styles_mut(|style| {
        style
            .text_styles
            .insert(egui::TextStyle::Small, egui::FontId::proportional(size));
    });
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_text_reads_in_a_small_window_and_stays_below_body_text() {
        assert_eq!(small_text_points(1.0), SMALL_TEXT);
        assert_eq!(small_text_points(1.5), SMALL_TEXT);
        // 960x540: the panels are zoomed to 0.75; 11 points would be 8.25 pixels.
        let small_window = small_text_points(0.75);
        assert!(small_window * 0.75 >= 9.3, "{small_window}");
        assert!(small_window <= BODY_TEXT);
        // A player's own small text scale: no larger than body text.
        assert_eq!(small_text_points(0.375), BODY_TEXT);
        assert_eq!(small_text_points(f32::NAN), SMALL_TEXT);
        assert_eq!(small_text_points(0.0), SMALL_TEXT);
    }
}
