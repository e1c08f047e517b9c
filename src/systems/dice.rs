//! Dice on the table: one shared mesh and material (from `hoarfrost-assets`), rolled with a tumble
//! that settles with the rolled value's face up.

use bevy::gltf::GltfAssetLabel;
use bevy::prelude::*;

/// Seconds a roll tumbles.
pub const TUMBLE_SECONDS: f32 = 0.7;

/// The die mesh and face atlas, shared by every die.
#[derive(Resource, Clone)]
pub struct DiceAssets {
    pub mesh: Handle<Mesh>,
    pub material: Handle<StandardMaterial>,
}

/// A die showing `value` (1-6) once it has settled.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Die {
    pub value: u8,
}

/// A roll in progress.
#[derive(Component, Debug, Clone)]
pub struct Tumble {
    elapsed: f32,
    axis: Vec3,
    turns: f32,
    rest: Vec3,
}

/// The outward normal of the face showing `value` (the asset's layout: +Y 1, +X 2, +Z 3, -Z 4, -X 5, -Y 6).
pub fn face_normal(value: u8) -> Vec3 {
    match value {
        1 => Vec3::Y,
        2 => Vec3::X,
        3 => Vec3::Z,
        4 => Vec3::NEG_Z,
        5 => Vec3::NEG_X,
        _ => Vec3::NEG_Y,
    }
}

/// The rotation that puts `value` face up.
pub fn face_up(value: u8) -> Quat {
    Quat::from_rotation_arc(face_normal(value), Vec3::Y)
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_dice)
        .add_systems(Update, tumble.in_set(super::Frame::Animate));
}

fn load_dice(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mesh = assets.load(
        GltfAssetLabel::Primitive {
            mesh: 0,
            primitive: 0,
        }
        .from_asset("models/die.gltf"),
    );
    let material = materials.add(StandardMaterial {
        base_color_texture: Some(assets.load("textures/die-faces.png")),
        perceptual_roughness: 0.5,
        ..default()
    });
    commands.insert_resource(DiceAssets { mesh, material });
}

/// A die entity at `at` (its centre), `size` across, showing `value`.
pub fn die_bundle(dice: &DiceAssets, value: u8, at: Vec3, size: f32) -> impl Bundle {
    (
        Name::new("Die"),
        Die { value },
        Mesh3d(dice.mesh.clone()),
        MeshMaterial3d(dice.material.clone()),
        Transform::from_translation(at)
            .with_rotation(face_up(value))
            .with_scale(Vec3::splat(size)),
    )
}

/// Start a roll of `die` that lands on `value`; `seed` varies the spin.
pub fn roll(commands: &mut Commands, die: Entity, value: u8, at: Vec3, seed: u32) {
    let angle = seed as f32 * 2.399;
    let axis = Vec3::new(angle.cos(), 0.35, angle.sin()).normalize();
    commands.entity(die).insert((
        Die { value },
        Tumble {
            elapsed: 0.0,
            axis,
            turns: 2.0 + (seed % 3) as f32,
            rest: at,
        },
    ));
}

fn tumble(
    time: Res<Time>,
    speed: Res<super::AnimationSpeed>,
    mut commands: Commands,
    mut dice: Query<(Entity, &Die, &mut Transform, &mut Tumble)>,
) {
    for (entity, die, mut transform, mut t) in &mut dice {
        t.elapsed += time.delta_secs() * speed.0;
        let f = (t.elapsed / TUMBLE_SECONDS).min(1.0);
        let left = (1.0 - f) * (1.0 - f);
        let spin = Quat::from_axis_angle(t.axis, left * t.turns * std::f32::consts::TAU);
        transform.rotation = spin * face_up(die.value);
        transform.translation =
            t.rest + Vec3::Y * (f * std::f32::consts::PI * 2.0).sin().abs() * left * 1.2;
        if f >= 1.0 {
            transform.rotation = face_up(die.value);
            transform.translation = t.rest;
            commands.entity(entity).remove::<Tumble>();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_lands_face_up() {
        for v in 1..=6 {
            let up = face_up(v) * face_normal(v);
            assert!(up.distance(Vec3::Y) < 1e-5, "{v}: {up}");
        }
    }

    #[test]
    fn opposite_faces_add_to_seven() {
        for v in 1..=6 {
            assert!((face_normal(v) + face_normal(7 - v)).length() < 1e-6);
        }
    }
}
