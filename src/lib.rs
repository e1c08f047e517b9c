//! Hoarfrost: a 3D table for ice-themed tabletop games, built on Bevy.
//!
//! The rules live in the `hoarfrost-rules` crate; this crate draws them, takes clicks, runs AI seats
//! and automates captures. [`app`] assembles everything; [`bare::app`] is the bare Bevy scene the
//! benchmark compares it with.

pub mod bare;
#[cfg(test)]
pub mod egui_test;
pub mod options;
pub mod palette;
pub mod perf;
#[cfg(test)]
pub mod pick_test;
pub mod plugins;
pub mod records;
#[cfg(test)]
pub mod scratch;
pub mod screens;
pub mod session;
pub mod settings;
pub mod storage;
pub mod systems;

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResizeConstraints, WindowResolution};

use options::LaunchOptions;

/// The whole app for the given launch options.
pub fn app(options: LaunchOptions) -> App {
    let storage = storage::Storage::from_env();
    let kept = plugins::window_memory::remembers(&options)
        .then(|| plugins::window_memory::remembered(&storage))
        .flatten();
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(window_plugin(&options, kept)));
    app.add_plugins((MeshPickingPlugin, bevy_egui::EguiPlugin::default()));
    egui_textures_in_time(&mut app);
    app.insert_resource(plugins::ai::AiLevel(options.level));
    app.insert_resource(options);
    app.insert_resource(storage);
    app.add_plugins(plugins::plugin);
    app
}

/// Egui rasterizes glyphs it has not drawn before (a new digit, or a known one at a new sub-pixel
/// offset) into its font texture in `PostUpdate`. Unless that change reaches Bevy's asset events
/// the same frame, the render world uploads the texture a frame late and the new glyph is blank
/// for one frame (seen as "39 (+ on 30)" in IceTowers' scores). bevy_egui leaves the two unordered.
pub fn egui_textures_in_time(app: &mut App) {
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::PostProcessOutput.before(bevy::asset::AssetEventSystems),
    );
}

/// The window both the app and the bare scene open: 1280x720 unless `--window` says otherwise or
/// a size was `kept` from the last run (it can be resized down to [`options::MIN_WINDOW`]),
/// without vsync in benchmark mode so frame times are not rounded up to the display's refresh.
pub fn window_plugin(options: &LaunchOptions, kept: Option<(u32, u32)>) -> WindowPlugin {
    let present_mode = if options.bench.is_some() {
        PresentMode::AutoNoVsync
    } else {
        PresentMode::default()
    };
    let (width, height) = options.window.or(kept).unwrap_or((1280, 720));
    WindowPlugin {
        primary_window: Some(Window {
            title: "Hoarfrost".into(),
            resolution: WindowResolution::new(width, height),
            resize_constraints: WindowResizeConstraints {
                min_width: options::MIN_WINDOW.0 as f32,
                min_height: options::MIN_WINDOW.1 as f32,
                ..default()
            },
            present_mode,
            ..default()
        }),
        ..default()
    }
}

#[cfg(test)]
mod tests {
    use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings};

    use super::*;

    #[derive(Resource, Default)]
    struct Order(Vec<&'static str>);

    /// Both systems write one resource, so with the two sets unordered the schedule refuses to
    /// build (ambiguity is an error here) instead of picking an order by chance.
    #[test]
    fn egui_post_processing_runs_before_the_asset_events() {
        let mut app = App::new();
        app.init_resource::<Order>();
        egui_textures_in_time(&mut app);
        app.edit_schedule(PostUpdate, |schedule| {
            schedule.set_build_settings(ScheduleBuildSettings {
                ambiguity_detection: LogLevel::Error,
                ..default()
            });
        });
        app.add_systems(
            PostUpdate,
            (
                (|mut o: ResMut<Order>| o.0.push("asset events"))
                    .in_set(bevy::asset::AssetEventSystems),
                (|mut o: ResMut<Order>| o.0.push("egui textures"))
                    .in_set(bevy_egui::EguiPostUpdateSet::PostProcessOutput),
            ),
        );
        app.world_mut().run_schedule(PostUpdate);
        assert_eq!(
            app.world().resource::<Order>().0,
            ["egui textures", "asset events"]
        );
    }

    /// The ordering above matters because bevy_egui's texture system sits in its post-processing
    /// set and the images' asset events in Bevy's: checked on the real plugins.
    #[test]
    fn egui_texture_updates_and_image_events_sit_in_the_ordered_sets() {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            bevy::asset::AssetPlugin::default(),
            bevy::image::ImagePlugin::default(),
            bevy::input::InputPlugin,
            bevy::window::WindowPlugin::default(),
        ));
        // The shader assets bevy_egui loads its own into (the render plugins make them in the app).
        app.init_asset::<bevy::shader::Shader>();
        app.add_plugins(bevy_egui::EguiPlugin::default());
        egui_textures_in_time(&mut app);
        let mut schedule = app
            .world_mut()
            .resource_mut::<Schedules>()
            .remove(PostUpdate)
            .unwrap();
        schedule
            .initialize(app.world_mut())
            .expect("PostUpdate builds");
        let systems: Vec<_> = schedule.systems().unwrap().collect();
        let names = |set: bevy::ecs::intern::Interned<dyn SystemSet>| -> Vec<String> {
            let keys = schedule
                .graph()
                .systems_in_set(set)
                .expect("a PostUpdate set");
            systems
                .iter()
                .filter(|(key, _)| keys.contains(key))
                .map(|(_, system)| system.name().to_string())
                .collect()
        };
        let egui = names(bevy_egui::EguiPostUpdateSet::PostProcessOutput.intern());
        assert!(
            egui.iter()
                .any(|n| n.contains("update_egui_textures_system")),
            "{egui:?}"
        );
        let events = names(bevy::asset::AssetEventSystems.intern());
        assert!(
            events
                .iter()
                .any(|n| n.contains("asset_events") && n.contains("Image")),
            "{events:?}"
        );
    }
}
