//! The player's settings (window mode, graphics quality, camera, animation and AI speed, text size,
//! default seats), kept as RON in `<config_dir>/hoarfrost/settings.ron`. A missing file means the
//! defaults; a damaged one gives the defaults and a message saying why.

use std::path::Path;

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::plugins::core::seats::SeatKind;

/// Slowest and fastest camera, animation and AI speed factors.
pub const SPEED_RANGE: std::ops::RangeInclusive<f32> = 0.25..=4.0;

/// Smallest and largest factor on the size of text and panels.
pub const UI_SCALE_RANGE: std::ops::RangeInclusive<f32> = 0.5..=2.0;

/// The volume of the table's sounds (0 is silent, 1 as loud as they are made).
pub const VOLUME_RANGE: std::ops::RangeInclusive<f32> = 0.0..=1.0;

/// The sounds' volume until the player sets another.
pub const DEFAULT_VOLUME: f32 = 0.7;

/// The window height (logical pixels) at which text and panels have their designed size.
const DESIGN_HEIGHT: f32 = 720.0;

/// How far text and panels follow the window's height on their own: down to three quarters in a
/// small window, up to one and a half times in a tall one.
const FOLLOW_HEIGHT: std::ops::RangeInclusive<f32> = 0.75..=1.5;

/// egui's zoom for a window `height` logical pixels tall: the player's `ui_scale` times a factor
/// that follows the height (1 at 720), so panels cover about as much of the table at any size.
pub fn ui_zoom(ui_scale: f32, height: f32) -> f32 {
    let follow = if height.is_finite() && height > 0.0 {
        (height / DESIGN_HEIGHT).clamp(*FOLLOW_HEIGHT.start(), *FOLLOW_HEIGHT.end())
    } else {
        1.0
    };
    ui_scale * follow
}

/// Windowed or fullscreen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum WindowChoice {
    #[default]
    Windowed,
    Fullscreen,
}

/// How much the renderer draws: `Auto` picks `Low` on a software renderer (no GPU), `High` otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Quality {
    #[default]
    Auto,
    /// Anti-aliased edges (4x MSAA), the round table top drawn, shadows in four cascades.
    High,
    /// For software rendering, where every pixel drawn costs: no MSAA, the table top left to the
    /// background colour, shadows in one cascade.
    Low,
}

impl Quality {
    /// The quality actually used: `Auto` becomes `Low` on a CPU (software) renderer.
    pub fn resolve(self, software_renderer: bool) -> Quality {
        match self {
            Quality::Auto if software_renderer => Quality::Low,
            Quality::Auto => Quality::High,
            q => q,
        }
    }

    /// The name shown and typed (`auto`, `high`, `low`).
    pub fn name(self) -> &'static str {
        match self {
            Quality::Auto => "auto",
            Quality::High => "high",
            Quality::Low => "low",
        }
    }

    /// The quality named `name`, if any.
    pub fn from_name(name: &str) -> Option<Quality> {
        [Quality::Auto, Quality::High, Quality::Low]
            .into_iter()
            .find(|q| q.name() == name)
    }
}

/// The speeds a replay plays at by itself (1x: a move every 0.8 s).
pub const REPLAY_SPEEDS: [f32; 3] = [1.0, 2.0, 4.0];

/// Everything the Settings window changes.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub window: WindowChoice,
    pub quality: Quality,
    /// Factor on the camera's orbit, pan and zoom rates (1 is normal).
    pub camera_speed: f32,
    /// Factor on how fast pieces glide and dice tumble (1 is normal, 2 twice as fast).
    pub animation_speed: f32,
    /// Factor on how soon AI seats act (1 is normal, 0.5 waits twice as long: time to follow them,
    /// and to keep up in IceTowers, where nobody waits for a turn).
    pub ai_speed: f32,
    /// Factor on the size of text and panels, over the size that follows the window (1 is normal).
    pub ui_scale: f32,
    /// The sounds' volume (heard in a build with the `sound` feature).
    pub volume: f32,
    /// The seats the title screen starts with.
    pub default_seats: Vec<SeatKind>,
    /// How fast a replay plays by itself: one of [`REPLAY_SPEEDS`].
    pub replay_speed: f32,
    /// At a table where each player has a side (Sprawl, Ice Castle), the view is from the side of
    /// the human player to move: a game starts there, and the view swings from one human player's
    /// side to the next (`plugins::table::seat_view`).
    pub turn_to_player: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            window: WindowChoice::Windowed,
            quality: Quality::Auto,
            camera_speed: 1.0,
            animation_speed: 1.0,
            ai_speed: 1.0,
            ui_scale: 1.0,
            volume: DEFAULT_VOLUME,
            default_seats: vec![SeatKind::Human, SeatKind::Ai],
            replay_speed: 1.0,
            turn_to_player: true,
        }
    }
}

impl Settings {
    /// The same settings with every value brought into range (a hand-edited file may have any).
    pub fn sanitized(mut self) -> Self {
        // Each factor within its range; one that is no number at all is normal (1).
        let within = |v: f32, range: &std::ops::RangeInclusive<f32>| {
            if v.is_finite() {
                v.clamp(*range.start(), *range.end())
            } else {
                1.0
            }
        };
        self.camera_speed = within(self.camera_speed, &SPEED_RANGE);
        self.animation_speed = within(self.animation_speed, &SPEED_RANGE);
        self.ai_speed = within(self.ai_speed, &SPEED_RANGE);
        self.ui_scale = within(self.ui_scale, &UI_SCALE_RANGE);
        self.volume = if self.volume.is_finite() {
            self.volume
                .clamp(*VOLUME_RANGE.start(), *VOLUME_RANGE.end())
        } else {
            DEFAULT_VOLUME
        };
        if !REPLAY_SPEEDS.contains(&self.replay_speed) {
            self.replay_speed = 1.0;
        }
        if !(1..=8).contains(&self.default_seats.len()) {
            self.default_seats = Settings::default().default_seats;
        }
        self
    }

    /// The names in a settings file's `text` that no setting has (a typo, or a setting of a newer
    /// build); none when the text is no settings at all.
    pub fn unknown_names(text: &str) -> Vec<String> {
        let names = |text: &str| match ron::from_str::<ron::Value>(text) {
            Ok(ron::Value::Map(map)) => map
                .keys()
                .filter_map(|k| match k {
                    ron::Value::String(name) => Some(name.clone()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let known = names(&Settings::default().to_ron());
        names(text)
            .into_iter()
            .filter(|n| !known.contains(n))
            .collect()
    }

    /// Settings from RON text; the error says what is wrong with it.
    pub fn from_ron(text: &str) -> Result<Self, String> {
        ron::from_str::<Settings>(text)
            .map(Settings::sanitized)
            .map_err(|e| format!("line {}: {}", e.span.start.line, e.code))
    }

    /// The settings as RON text.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new()).unwrap_or_default()
    }

    /// Read `path`: the defaults when there is no file; the defaults and a message when it is
    /// damaged, the file set aside ([`crate::plugins::core::storage::set_aside`]) so that saving the
    /// settings does not write over it.
    pub fn load(path: &Path) -> (Self, Option<String>) {
        match hoarfrost_rules::save::read_if_there(path) {
            Ok(Some(text)) => match Settings::from_ron(&text) {
                Ok(s) => {
                    let unknown = Settings::unknown_names(&text);
                    let message = (!unknown.is_empty()).then(|| {
                        format!(
                            "The settings file {} names settings this build does not have ({}); \
                             they are left out.",
                            path.display(),
                            unknown.join(", ")
                        )
                    });
                    (s, message)
                }
                Err(e) => {
                    let kept = crate::plugins::core::storage::set_aside_told(path, "damaged");
                    let message = format!(
                        "The settings file {} is damaged ({e}); {kept} and the defaults are used.",
                        path.display()
                    );
                    (Settings::default(), Some(message))
                }
            },
            Ok(None) => (Settings::default(), None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "The settings file {} could not be read ({e}); the defaults are used.",
                    path.display()
                )),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::plugins::core::testing::scratch::Scratch;

    /// A folder of its own for the test (keep it while the file is used) and the file `name` in it.
    fn temp(name: &str) -> (Scratch, std::path::PathBuf) {
        let dir = Scratch::new(&format!("settings-{name}"));
        let path = dir.join(name);
        (dir, path)
    }

    #[test]
    fn settings_round_trip_through_their_file() {
        let s = Settings {
            window: WindowChoice::Fullscreen,
            quality: Quality::Low,
            camera_speed: 2.5,
            animation_speed: 0.5,
            ai_speed: 0.25,
            ui_scale: 1.25,
            volume: 0.3,
            default_seats: vec![SeatKind::Ai, SeatKind::Ai, SeatKind::Human],
            replay_speed: 4.0,
            turn_to_player: false,
        };
        let (_dir, path) = temp("round-trip.ron");
        crate::plugins::core::storage::write_file(&path, &s.to_ron()).unwrap();
        assert_eq!(Settings::load(&path), (s, None));
    }

    #[test]
    fn a_pipe_or_a_huge_file_in_place_of_the_settings_gives_the_defaults_at_once() {
        let (_dir, path) = temp("pipe.ron");
        // A named pipe nobody writes to would block a plain read, and the start, for ever.
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .is_ok_and(|s| s.success());
        // Linux has mkfifo (coreutils): there the pipe half must run, not pass unseen.
        assert!(made || !cfg!(target_os = "linux"), "mkfifo made no pipe");
        if made {
            let (settings, message) = Settings::load(&path);
            assert_eq!(settings, Settings::default());
            let message = message.unwrap();
            assert!(message.contains("not a plain file"), "{message}");
            std::fs::remove_file(&path).unwrap();
        }
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(hoarfrost_rules::save::MAX_FILE_BYTES + 1)
            .unwrap();
        let (settings, message) = Settings::load(&path);
        assert_eq!(settings, Settings::default());
        assert!(message.unwrap().contains("could not be read (larger than"));
    }

    #[test]
    fn auto_quality_is_low_only_on_a_software_renderer() {
        assert_eq!(Quality::Auto.resolve(true), Quality::Low);
        assert_eq!(Quality::Auto.resolve(false), Quality::High);
        assert_eq!(Quality::High.resolve(true), Quality::High);
        assert_eq!(Quality::Low.resolve(false), Quality::Low);
        for q in [Quality::Auto, Quality::High, Quality::Low] {
            assert_eq!(Quality::from_name(q.name()), Some(q));
        }
        assert_eq!(Quality::from_name("ultra"), None);
    }

    #[test]
    fn a_settings_file_without_quality_means_auto() {
        let s = Settings::from_ron("(window: Fullscreen)").unwrap();
        assert_eq!(
            (s.window, s.quality),
            (WindowChoice::Fullscreen, Quality::Auto)
        );
        // Files written before the AI speed and text size existed keep the normal ones.
        assert_eq!((s.ai_speed, s.ui_scale), (1.0, 1.0));
    }

    #[test]
    fn text_and_panels_follow_the_window_height_within_limits() {
        assert_eq!(ui_zoom(1.0, 720.0), 1.0);
        assert_eq!(ui_zoom(1.0, 1080.0), 1.5);
        assert_eq!(ui_zoom(1.0, 2160.0), 1.5);
        assert_eq!(ui_zoom(1.0, 450.0), 0.75);
        assert!((ui_zoom(1.0, 600.0) - 600.0 / 720.0).abs() < 1e-6);
        assert_eq!(ui_zoom(2.0, 720.0), 2.0);
        assert_eq!(ui_zoom(0.5, 1080.0), 0.75);
        assert_eq!(ui_zoom(1.0, 0.0), 1.0);
        assert_eq!(ui_zoom(1.0, f32::NAN), 1.0);
    }

    #[test]
    fn a_missing_file_gives_the_defaults_quietly() {
        assert_eq!(
            Settings::load(&temp("absent.ron").1),
            (Settings::default(), None)
        );
    }

    #[test]
    fn a_setting_this_build_does_not_have_is_named_and_the_others_are_kept() {
        let (_dir, path) = temp("typo.ron");
        std::fs::write(&path, "(camera_sped: 3.0, ui_scale: 1.5, volum: 0.1)").unwrap();
        let (s, message) = Settings::load(&path);
        assert_eq!(s.ui_scale, 1.5);
        let message = message.expect("a message");
        assert!(message.contains("(camera_sped, volum)"), "{message}");
        assert!(path.exists(), "the file is kept as it is");
        let every = Settings::default().to_ron();
        assert_eq!(Settings::unknown_names(&every), Vec::<String>::new());
        std::fs::write(&path, &every).unwrap();
        assert_eq!(Settings::load(&path).1, None);
    }

    #[test]
    fn a_damaged_file_gives_the_defaults_and_says_why() {
        let (_dir, path) = temp("damaged.ron");
        std::fs::write(&path, "(window: Fullscreen, camera_speed: ").unwrap();
        let (s, message) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        let message = message.unwrap();
        assert!(
            message.contains("damaged") && message.contains("defaults"),
            "{message}"
        );
        assert!(message.contains("damaged-damaged.ron"), "{message}");
        assert!(
            !path.exists(),
            "set aside, so that a save does not write over it"
        );
        // A byte-order mark, as some editors write, is no damage.
        std::fs::write(&path, "\u{feff}(ui_scale: 1.5)").unwrap();
        assert_eq!(Settings::load(&path).0.ui_scale, 1.5);
    }

    #[test]
    fn out_of_range_values_are_brought_into_range_and_missing_ones_defaulted() {
        let s = Settings::from_ron(
            "(camera_speed: 100.0, ai_speed: 0.0, ui_scale: 9.0, volume: -2.0, default_seats: [])",
        )
        .unwrap();
        assert_eq!(s.camera_speed, 4.0);
        assert_eq!(s.ui_scale, 2.0);
        assert_eq!(s.ai_speed, 0.25);
        assert_eq!(s.animation_speed, 1.0);
        assert_eq!(s.volume, 0.0);
        assert_eq!(s.default_seats, Settings::default().default_seats);
        let loud = Settings::from_ron("(volume: 7.0)").unwrap();
        assert_eq!(loud.volume, 1.0);
        assert_eq!(Settings::default().sanitized().volume, DEFAULT_VOLUME);
        // A replay plays at one of the speeds its window offers.
        assert_eq!(
            Settings::from_ron("(replay_speed: 3.0)")
                .unwrap()
                .replay_speed,
            1.0
        );
        assert_eq!(
            Settings::from_ron("(replay_speed: 2.0)")
                .unwrap()
                .replay_speed,
            2.0
        );
    }
}
