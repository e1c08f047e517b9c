//! Graphics quality (the Settings window, `--quality`). `High` draws anti-aliased edges (4x MSAA),
//! the round table top under each game and shadows in four cascades. `Low`, which `Auto` picks on a
//! software renderer (no GPU), draws none of the three: there every pixel costs CPU time, and the
//! table top alone covers most of the window (README, Performance). At `Low` the background takes
//! the table's colour, so the pieces still stand on a table. Applied to the camera, the sun and each
//! table top as they appear, and to all of them when the quality changes.

use bevy::light::{CascadeShadowConfig, CascadeShadowConfigBuilder};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::settings::{Quality, Settings};

/// The round table under a game's pieces: drawn at `High` only. (IceTowers sets a mined pyramid
/// down by clicking it, or, at `Low`, the background.)
#[derive(Component, Default)]
pub struct TableTop;

/// The quality in use, `Auto` resolved; present once the renderer is known.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Graphics(pub Quality);

/// The background at `Low`: the colour the lit table top shows at `High`.
pub const LOW_BACKDROP: Color = Color::srgb(0.69, 0.77, 0.83);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        (resolve, apply.run_if(resource_exists::<Graphics>)).chain(),
    );
}

/// Decide the quality once the renderer is known, and again when the settings change.
fn resolve(
    settings: Res<Settings>,
    options: Res<LaunchOptions>,
    adapter: Option<Res<RenderAdapterInfo>>,
    current: Option<Res<Graphics>>,
    mut commands: Commands,
) {
    let Some(adapter) = adapter else { return };
    let software = adapter.device_type == wgpu_types::DeviceType::Cpu;
    let quality = options
        .quality
        .unwrap_or(settings.quality)
        .resolve(software);
    if current.map(|c| c.0) != Some(quality) {
        commands.insert_resource(Graphics(quality));
    }
}

/// Put the quality on what appeared this frame, or on everything when it changed.
#[allow(clippy::type_complexity)]
fn apply(
    graphics: Res<Graphics>,
    mut commands: Commands,
    cameras: Query<(Entity, Ref<Camera3d>)>,
    suns: Query<(Entity, Ref<DirectionalLight>)>,
    mut tops: Query<(Ref<TableTop>, &mut Visibility)>,
    mut clear: ResMut<ClearColor>,
) {
    let all = graphics.is_changed();
    let low = graphics.0 == Quality::Low;
    for (camera, c) in &cameras {
        if all || c.is_added() {
            let msaa = if low { Msaa::Off } else { Msaa::Sample4 };
            commands.entity(camera).insert(msaa);
        }
    }
    for (sun, s) in &suns {
        if all || s.is_added() {
            commands.entity(sun).insert(cascades(low));
        }
    }
    for (top, mut visibility) in &mut tops {
        if all || top.is_added() {
            visibility.set_if_neq(if low {
                Visibility::Hidden
            } else {
                Visibility::Inherited
            });
        }
    }
    if all {
        clear.0 = if low {
            LOW_BACKDROP
        } else {
            crate::plugins::core::palette::SKY
        };
    }
}

/// One cascade reaching past the far edge of the table at `Low`; Bevy's four otherwise.
fn cascades(low: bool) -> CascadeShadowConfig {
    if low {
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            minimum_distance: 0.1,
            maximum_distance: 90.0,
            ..default()
        }
        .build()
    } else {
        CascadeShadowConfigBuilder::default().build()
    }
}
