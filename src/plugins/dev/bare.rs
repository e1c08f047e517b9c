//! The bare Bevy scene the benchmark measures Hoarfrost against (`--bench <n> --bare`): Bevy's own
//! `3d_scene` example (a cube on a round base, one shadowed point light, one camera) in the same
//! window, built into the same binary so profile and features are the same.

use bevy::prelude::*;

use crate::plugins::core::options::LaunchOptions;

/// Bevy's default plugins, the example scene and the benchmark; none of Hoarfrost's plugins.
pub fn app(options: LaunchOptions) -> App {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins.set(crate::plugins::core::window_memory::window_plugin(
            &options, None,
        )),
    );
    app.insert_resource(options);
    app.add_plugins(crate::plugins::dev::bench::plugin)
        .add_systems(Startup, spawn_scene);
    app
}

fn spawn_scene(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Mesh3d(meshes.add(Circle::new(4.0))),
        MeshMaterial3d(materials.add(Color::WHITE)),
        Transform::from_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(1.0, 1.0, 1.0))),
        MeshMaterial3d(materials.add(Color::srgb_u8(124, 144, 255))),
        Transform::from_xyz(0.0, 0.5, 0.0),
    ));
    commands.spawn((
        PointLight {
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(4.0, 8.0, 4.0),
    ));
    commands.spawn((
        Camera3d::default(),
        Transform::from_xyz(-2.5, 4.5, 9.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}
