//! Warnings a player must not miss (files that failed to load, an autosave that fails or was set
//! aside): a banner at the bottom of the window lists them until the player closes it. The notice
//! alone is soon replaced by the next move's, within a second when AI seats play. Each warning has a
//! topic: a newer one of the same topic replaces it, and a topic that is fine again is cleared.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::plugins::core::notice::Warnings;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Warnings>().add_systems(
        EguiPrimaryContextPass,
        banner.run_if(|w: Res<Warnings>| !w.is_empty()),
    );
}

/// The ids of windows anchored at the bottom middle, as the banner is (the replay controls): the
/// banner stands above them.
const BELOW: [&str; 1] = [crate::plugins::ui::replay::CONTROLS_ID];

/// The banner: every warning, then Close, which takes them all away.
fn banner(mut contexts: EguiContexts, mut warnings: ResMut<Warnings>) -> Result {
    show(contexts.ctx_mut()?, &mut warnings);
    Ok(())
}

/// Draw the banner above whichever of the [`BELOW`] windows were shown last frame.
fn show(ctx: &egui::Context, warnings: &mut Warnings) {
    let lift = ctx.memory(|m| {
        BELOW
            .iter()
            .map(|title| egui::Id::new(*title))
            .filter(|id| {
                m.areas()
                    .visible_last_frame(&egui::LayerId::new(egui::Order::Middle, *id))
            })
            .filter_map(|id| m.area_rect(id))
            .map(|r| r.height() + 8.0)
            .fold(0.0, f32::max)
    });
    egui::Area::new(egui::Id::new("warnings"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -16.0 - lift])
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| contents(ui, warnings));
        });
}

/// The banner's lines and its Close button.
fn contents(ui: &mut egui::Ui, warnings: &mut Warnings) {
    ui.set_max_width(520.0);
    let colour = ui.visuals().error_fg_color;
    for (_, line) in &warnings.lines {
        ui.colored_label(colour, line);
    }
    if ui.button("Close").clicked() {
        warnings.lines.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_banner_stands_above_the_replay_controls() {
        let mut w = Warnings::default();
        w.set("files", "Some files could not be loaded.");
        let placed = crate::plugins::core::testing::egui_test::rects(|ui| {
            egui::Window::new("Replay")
                .id(egui::Id::new(crate::plugins::ui::replay::CONTROLS_ID))
                .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0])
                .show(ui.ctx(), |ui| ui.label("Step 3 of 9"));
            show(ui.ctx(), &mut w);
        });
        let rect = |label: &str| {
            placed
                .iter()
                .find(|(l, _)| l == label)
                .map(|(_, r)| *r)
                .unwrap_or_else(|| panic!("no {label} in {placed:?}"))
        };
        let (banner, replay) = (rect("Close"), rect("Step 3 of 9"));
        assert!(banner.bottom() < replay.top(), "{banner:?} over {replay:?}");
    }

    #[test]
    fn a_warning_replaces_its_topics_and_a_cleared_one_is_not_updated() {
        let mut w = Warnings::default();
        assert!(w.is_empty());
        w.set("files", "a.png failed");
        w.set("autosave", "the autosave failed");
        w.set("files", "a.png and 1 more failed");
        assert_eq!(w.get("files"), Some("a.png and 1 more failed"));
        assert_eq!(w.lines.len(), 2);
        w.clear("files");
        w.update("files", "a.png and 2 more failed");
        assert_eq!(w.get("files"), None, "closed stays closed");
        w.update("autosave", "the autosave failed again");
        assert_eq!(w.get("autosave"), Some("the autosave failed again"));
    }

    #[test]
    fn the_banner_lists_every_warning_and_close_takes_them_away() {
        let mut w = Warnings::default();
        w.set("files", "Some files could not be loaded.");
        w.set("autosave", "The autosave failed: disk full.");
        let shown = crate::plugins::core::testing::egui_test::labels(|ui| contents(ui, &mut w));
        for line in [
            "Some files could not be loaded.",
            "The autosave failed: disk full.",
        ] {
            assert!(shown.iter().any(|l| l == line), "{shown:?}");
        }
        crate::plugins::core::testing::egui_test::click("Close", |ui| contents(ui, &mut w));
        assert!(w.is_empty());
    }
}
