//! Colours of the table: pyramid colours, their marking textures, and the few fixed tones of the scene.

use bevy::prelude::*;
use bevy_egui::egui;
use hoarfrost_rules::Hue;

/// The display colour of a pyramid colour.
pub fn hue_color(hue: Hue) -> Color {
    let (r, g, b) = hue_rgb(hue);
    Color::srgb(r, g, b)
}

/// The same colour for egui.
pub fn hue_egui(hue: Hue) -> egui::Color32 {
    let (r, g, b) = hue_rgb(hue);
    egui::Color32::from_rgb((r * 255.0) as u8, (g * 255.0) as u8, (b * 255.0) as u8)
}

fn hue_rgb(hue: Hue) -> (f32, f32, f32) {
    match hue {
        Hue::Red => (0.80, 0.10, 0.10),
        Hue::Yellow => (0.95, 0.80, 0.12),
        Hue::Green => (0.10, 0.62, 0.22),
        Hue::Blue => (0.14, 0.30, 0.85),
        Hue::Black => (0.10, 0.10, 0.12),
        Hue::White => (0.92, 0.92, 0.95),
        Hue::Purple => (0.50, 0.20, 0.70),
        Hue::Orange => (0.95, 0.50, 0.10),
        Hue::Cyan => (0.10, 0.75, 0.80),
    }
}

/// Asset path of a colour's marking texture (made by `hoarfrost-assets`).
pub fn marking_path(hue: Hue) -> String {
    format!("textures/marking-{}.png", hue.name().to_lowercase())
}

/// The table top.
pub const TABLE: Color = Color::srgb(0.55, 0.66, 0.74);
/// The gold of the move the hint or the tutorial names: the markers over the table and the
/// side panel's button for it.
pub const NAMED_MOVE: Color = Color::srgb(1.0, 0.78, 0.1);
/// Background behind the table.
pub const SKY: Color = Color::srgb(0.08, 0.11, 0.16);

/// Any colour for egui.
pub fn to_egui(c: Color) -> egui::Color32 {
    let s = c.to_srgba();
    egui::Color32::from_rgb(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_has_a_marking_of_its_own_and_a_texture() {
        let names: std::collections::HashSet<&str> =
            Hue::ALL.iter().map(|&h| h.marking()).collect();
        assert_eq!(names.len(), Hue::ALL.len());
        for hue in Hue::ALL {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("assets")
                .join(marking_path(hue));
            assert!(path.exists(), "{}", path.display());
        }
    }
}
