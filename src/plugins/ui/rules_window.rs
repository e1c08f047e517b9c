//! The rules of each game in our own words (`scenes/rules/<game>.ron`: a title and sections of
//! paragraphs), shown in a scrollable window opened from the title screen or the side panel. The
//! texts are data, read and checked when the window opens; one that does not read says so in the
//! window instead.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::GameKind;
use serde::Deserialize;

use crate::plugins::core::screens::Screen;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::registry::Games;
use crate::plugins::ui::save_menu::Menus;

/// One section of a rules text: a heading and its paragraphs.
#[derive(Deserialize, Clone, Debug, PartialEq)]
pub struct Section {
    pub heading: String,
    pub paragraphs: Vec<String>,
}

/// A game's rules text.
#[derive(Deserialize, Clone, Debug, PartialEq)]
pub struct RulesText {
    pub title: String,
    pub sections: Vec<Section>,
}

/// Read a rules text and check it: a title, and sections each with a heading and some text.
pub fn parse(text: &str) -> Result<RulesText, String> {
    let rules: RulesText =
        ron::from_str(text).map_err(|e| format!("the rules text does not read: {e}"))?;
    if rules.title.trim().is_empty() || rules.sections.is_empty() {
        return Err("the rules text has no title or no sections".into());
    }
    if let Some(s) = rules
        .sections
        .iter()
        .find(|s| s.heading.trim().is_empty() || s.paragraphs.iter().all(|p| p.trim().is_empty()))
    {
        return Err(format!(
            "a section of the rules text is empty (heading {:?})",
            s.heading
        ));
    }
    Ok(rules)
}

/// `game`'s rules (its [`crate::plugins::session::registry::TableGame::RULES`]), checked.
pub fn rules(games: &Games, game: GameKind) -> Result<RulesText, String> {
    match games.get(game) {
        Some(entry) => parse(entry.rules),
        None => Err(format!("{} has no rules text here", game.title())),
    }
}

/// What `game` is about in a few lines, for the title screen: the first paragraph of its rules
/// text's first section ("The aim"), or why the text does not read.
pub fn summary(games: &Games, game: GameKind) -> String {
    match rules(games, game) {
        Ok(r) => r.sections[0]
            .paragraphs
            .iter()
            .find(|p| !p.trim().is_empty())
            .cloned()
            .unwrap_or_default(),
        Err(e) => e,
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LeftWindows>()
        .add_systems(
            Update,
            toggle_on_f1
                .in_set(crate::systems::Frame::Input)
                .run_if(crate::systems::keys_free),
        )
        .add_systems(
            EguiPrimaryContextPass,
            rules_window.run_if(|m: Res<Menus>| m.rules.is_some()),
        );
}

/// F1 opens the rules of the game picked (or being played), and closes them again.
fn toggle_on_f1(
    keys: Res<ButtonInput<KeyCode>>,
    choice: Res<SetupChoice>,
    mut menus: ResMut<Menus>,
) {
    if keys.just_pressed(KeyCode::F1) {
        menus.rules = match menus.rules {
            Some(_) => None,
            None => Some(choice.game),
        };
    }
}

/// How far down the window the Rules window opens, in points.
const TOP: f32 = 100.0;

/// How much of the window's bottom the Rules window leaves clear when it opens, in points: room
/// for the windows that stand there (Ice Castle's hand, the replay controls).
const BOTTOM: f32 = 110.0;

/// How far from the window's left edge the Rules window opens, in points: in an Ice Fortress game
/// it opens beside the "Characters and cards" window, which stands at the left as high as the
/// window (its contents, its frame and a gap), elsewhere near the edge (the title screen's menu
/// stands in the middle).
pub(crate) fn opening_left(kept: &LeftWindows, game: GameKind, playing: bool) -> f32 {
    match kept.0.iter().find(|(g, _)| *g == game) {
        Some((_, width)) if playing => 8.0 + width + 30.0,
        _ => 10.0,
    }
}

/// The games that keep a window at the left of the screen as high as the window while playing (Ice
/// Fortress's "Characters and cards"), with its width in points: each game's plugin says so.
#[derive(Resource, Default, Debug)]
pub struct LeftWindows(pub Vec<(GameKind, f32)>);

/// The Rules window's height when it opens in a window `screen` points high: 500 points, or less
/// where that would run into the bottom strip kept clear (160 at the least).
fn opening_height(screen: f32) -> f32 {
    (screen - TOP - BOTTOM).clamp(160.0, 500.0)
}

/// The open rules window, with the text read once per game opened.
fn rules_window(
    mut contexts: EguiContexts,
    mut menus: ResMut<Menus>,
    screen: Res<State<Screen>>,
    (kept, games): (Res<LeftWindows>, Res<Games>),
    mut read: Local<Option<(GameKind, Result<RulesText, String>)>>,
) -> Result {
    let Some(game) = menus.rules else {
        return Ok(());
    };
    if read.as_ref().is_none_or(|(g, _)| *g != game) {
        *read = Some((game, rules(&games, game)));
    }
    let Some((_, text)) = read.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new(format!("Rules: {}", game.title()))
        .open(&mut open)
        .default_size([400.0, opening_height(ctx.content_rect().height())])
        .default_pos([
            opening_left(&kept, game, *screen.get() == Screen::Playing),
            TOP,
        ])
        .resizable(true)
        .collapsible(true)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| match text {
                Ok(rules) => {
                    for section in &rules.sections {
                        ui.add_space(6.0);
                        ui.label(egui::RichText::new(&section.heading).strong().size(16.0));
                        for p in &section.paragraphs {
                            ui.label(p);
                        }
                    }
                }
                Err(e) => {
                    ui.colored_label(egui::Color32::LIGHT_RED, e);
                }
            });
        });
    if !open {
        menus.rules = None;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::session::registry::every_game;

    #[test]
    fn the_rules_window_opens_inside_the_window() {
        // 600 points: the smallest window (800x450 at three quarters' text size); 720: 1280x720.
        // It ends above the bottom strip where Ice Castle's hand (about 95 points high) stands.
        for screen in [600.0, 720.0, 1080.0] {
            let bottom = TOP + opening_height(screen);
            assert!(bottom <= screen - 100.0, "{screen}: ends at {bottom}");
        }
        assert_eq!(opening_height(1080.0), 500.0);
        assert!(opening_height(600.0) < 500.0);
    }

    #[test]
    fn in_a_game_with_a_window_at_the_left_the_rules_window_opens_beside_it() {
        let kept = LeftWindows(vec![(GameKind::IceFortress, 280.0)]);
        assert_eq!(
            opening_left(&kept, GameKind::IceFortress, true),
            8.0 + 280.0 + 30.0
        );
        // Elsewhere, and on the title screen, it opens near the left edge.
        assert_eq!(opening_left(&kept, GameKind::IceFortress, false), 10.0);
        assert_eq!(opening_left(&kept, GameKind::Sprawl, true), 10.0);
    }

    #[test]
    fn every_game_has_a_rules_text_titled_for_it_with_several_sections() {
        for game in GameKind::ALL {
            let r = rules(&every_game(), game).unwrap_or_else(|e| panic!("{}: {e}", game.title()));
            assert_eq!(r.title, game.title());
            assert!(
                r.sections.len() >= 4,
                "{}: {}",
                game.title(),
                r.sections.len()
            );
            let words: usize = r
                .sections
                .iter()
                .flat_map(|s| &s.paragraphs)
                .map(|p| p.split_whitespace().count())
                .sum();
            assert!(words >= 300, "{}: only {words} words", game.title());
        }
    }

    #[test]
    fn every_game_is_summed_up_by_the_first_paragraph_of_its_aim() {
        for game in GameKind::ALL {
            let r = rules(&every_game(), game).unwrap();
            assert_eq!(r.sections[0].heading, "The aim", "{}", game.title());
            let s = summary(&every_game(), game);
            assert_eq!(s, r.sections[0].paragraphs[0]);
            // A few lines beside the game list, not a page.
            let words = s.split_whitespace().count();
            assert!(
                (10..=50).contains(&words),
                "{}: {words} words",
                game.title()
            );
        }
    }

    #[test]
    fn f1_opens_the_rules_of_the_game_picked_and_closes_them() {
        use crate::plugins::core::seats::SeatKind;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Menus>()
            .init_resource::<ButtonInput<KeyCode>>()
            .insert_resource(SetupChoice::new(
                GameKind::IceCastle,
                &[SeatKind::Human; 2],
                1,
            ))
            .add_systems(Update, toggle_on_f1);
        let press = |app: &mut App, key: KeyCode| {
            crate::systems::tap(app, key);
            app.world().resource::<Menus>().rules
        };
        assert_eq!(press(&mut app, KeyCode::KeyQ), None);
        assert_eq!(press(&mut app, KeyCode::F1), Some(GameKind::IceCastle));
        assert_eq!(press(&mut app, KeyCode::F1), None);
    }

    #[test]
    fn a_broken_rules_text_says_what_is_wrong() {
        assert!(
            parse("(title: \"X\", sections: [")
                .unwrap_err()
                .contains("does not read")
        );
        assert!(
            parse("(title: \"X\", sections: [])")
                .unwrap_err()
                .contains("no sections")
        );
        let empty = "(title: \"X\", sections: [(heading: \"Aim\", paragraphs: [\" \"])])";
        assert!(parse(empty).unwrap_err().contains("empty"));
        let fine = "(title: \"X\", sections: [(heading: \"Aim\", paragraphs: [\"Win.\"])])";
        assert_eq!(parse(fine).unwrap().sections[0].heading, "Aim");
    }
}
