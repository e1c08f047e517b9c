//! Hoarfrost: a 3D table for ice-themed tabletop games, built on Bevy.
//!
//! The rules live in the `hoarfrost-rules` crate; this crate draws them, takes clicks, runs AI seats
//! and automates captures. [`app`] assembles everything; [`plugins::dev::bare::app`] is the bare Bevy scene the
//! benchmark compares it with.

pub mod plugins;
pub mod systems;

use bevy::prelude::*;

use plugins::core::options::LaunchOptions;
use plugins::core::storage;

/// The whole app for the given launch options.
pub fn app(options: LaunchOptions) -> App {
    let storage = storage::Storage::from_env();
    let kept = plugins::core::window_memory::remembers(&options)
        .then(|| plugins::core::window_memory::remembered(&storage))
        .flatten();
    let mut app = App::new();
    let files = plugins::core::assets::AssetSource::for_this_run();
    plugins::core::assets::use_source(&mut app, files);
    app.add_plugins(
        DefaultPlugins.set(plugins::core::window_memory::window_plugin(&options, kept)),
    );
    app.add_plugins((MeshPickingPlugin, bevy_egui::EguiPlugin::default()));
    app.add_plugins(plugins::core::window_icon::plugin);
    egui_textures_in_time(&mut app);
    app.insert_resource(plugins::session::ai::AiLevel(options.level));
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
