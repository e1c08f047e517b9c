//! Ice Castle pieces on the table: door tiles (turning over when opened or closed), their marks
//! (door, ice, padlock, axe, bonus), ice slides and the figures, all from one seat's view.

use bevy::prelude::*;
use hoarfrost_rules::ice_castle::{CastleView, Cell, Colour, TileKind, TileView};

use crate::plugins::games::ice_castle::table::{
    CastleAssets, CastleOffBoard, CastlePiece, CastleTile, cell_position, side_position,
};
use crate::systems::TableEntity;
use crate::systems::glide::Travels;

/// A door tile turning over: seconds since it began.
#[derive(Component, Clone, Copy, Debug)]
pub struct Flip(pub f32);

/// How long a door takes to turn over.
const FLIP_SECONDS: f32 = 0.45;

fn piece(
    commands: &mut Commands,
    cell: Cell,
    mesh: &Handle<Mesh>,
    material: &Handle<StandardMaterial>,
    transform: Transform,
) {
    commands.spawn((
        TableEntity,
        CastlePiece(cell),
        Mesh3d(mesh.clone()),
        MeshMaterial3d(material.clone()),
        transform,
    ));
}

/// Turn flipping doors over about their West-East axis, half a turn, easing out, at the Settings
/// window's animation speed (as pieces glide and dice tumble).
pub(super) fn flip_doors(
    mut commands: Commands,
    time: Res<Time>,
    speed: Option<Res<crate::systems::AnimationSpeed>>,
    mut doors: Query<(Entity, &mut Flip, &mut Transform)>,
) {
    let speed = speed.map_or(1.0, |s| s.0);
    for (e, mut flip, mut transform) in &mut doors {
        flip.0 += time.delta_secs() * speed;
        let t = (flip.0 / FLIP_SECONDS).min(1.0);
        let ease = 1.0 - (1.0 - t) * (1.0 - t);
        transform.rotation = Quat::from_rotation_x(std::f32::consts::PI * (1.0 - ease));
        transform.translation.y = 0.04 + 0.5 * (std::f32::consts::PI * t).sin();
        if t >= 1.0 {
            commands
                .entity(e)
                .remove::<(Flip, crate::systems::Settling)>();
        }
    }
}

pub(super) fn draw_tiles(
    commands: &mut Commands,
    kit: &CastleAssets,
    view: &CastleView,
    lit: &[Cell],
    flipped: &[bool],
) {
    for row in 0..view.rows {
        for col in 0..view.cols {
            let cell = Cell::new(row, col);
            let Some(t) = view.tile(cell) else { continue };
            let at = cell_position(view.rows, view.cols, cell);
            let colour = Colour::ALL.iter().position(|c| *c == t.colour).unwrap_or(0);
            let mut door = commands.spawn((
                Name::new(format!("Door tile {}", cell.name())),
                TableEntity,
                CastleTile(cell),
                Mesh3d(kit.tile.clone()),
                MeshMaterial3d(kit.doors[colour][t.open as usize].clone()),
                Transform::from_translation(at + Vec3::Y * 0.04),
            ));
            let index = row as usize * view.cols as usize + col as usize;
            if flipped.get(index).copied().unwrap_or(false) {
                door.insert((Flip(0.0), crate::systems::Settling));
            }
            let top = at + Vec3::Y * 0.09;
            if lit.contains(&cell) {
                piece(
                    commands,
                    cell,
                    &kit.halo,
                    &kit.glow,
                    Transform::from_translation(at + Vec3::Y * 0.005),
                );
            }
            draw_tile_marks(commands, kit, cell, t, top);
        }
    }
}

/// The marks on the door tile `t` at `cell` whose top is at `top`: a closed door, ice, a bonus,
/// an axe, a padlock.
fn draw_tile_marks(
    commands: &mut Commands,
    kit: &CastleAssets,
    cell: Cell,
    t: &TileView,
    top: Vec3,
) {
    if !t.open {
        piece(
            commands,
            cell,
            &kit.door_mark,
            &kit.dark,
            Transform::from_translation(top),
        );
    }
    match t.kind {
        Some(TileKind::Frozen) if !t.axed => piece(
            commands,
            cell,
            &kit.tile,
            &kit.ice,
            Transform::from_translation(top + Vec3::Y * 0.03).with_scale(Vec3::new(0.9, 1.0, 0.9)),
        ),
        Some(TileKind::ExtraKey) if t.open => piece(
            commands,
            cell,
            &kit.ball,
            &kit.gold,
            Transform::from_translation(top + Vec3::new(-0.38, 0.08, -0.38)),
        ),
        Some(TileKind::ExtraTurn) if t.open => piece(
            commands,
            cell,
            &kit.ball,
            &kit.white,
            Transform::from_translation(top + Vec3::new(-0.38, 0.08, -0.38)),
        ),
        _ => {}
    }
    if t.axed {
        piece(
            commands,
            cell,
            &kit.bar,
            &kit.wood,
            Transform::from_translation(top + Vec3::new(0.3, 0.02, 0.0))
                .with_rotation(Quat::from_rotation_y(0.6))
                .with_scale(Vec3::new(1.0, 1.0, 0.6)),
        );
    }
    if t.padlock {
        piece(
            commands,
            cell,
            &kit.cube,
            &kit.steel,
            Transform::from_translation(top + Vec3::new(0.32, 0.11, 0.32)),
        );
    }
}

pub(super) fn draw_slides(commands: &mut Commands, kit: &CastleAssets, view: &CastleView) {
    for &(a, b) in &view.slides {
        let (pa, pb) = (
            cell_position(view.rows, view.cols, a),
            cell_position(view.rows, view.cols, b),
        );
        let mid = (pa + pb) / 2.0 + Vec3::Y * 0.12;
        let d = pb - pa;
        let len = d.length();
        piece(
            commands,
            a,
            &kit.bar,
            &kit.ice,
            Transform::from_translation(mid)
                .with_rotation(Quat::from_rotation_y(d.x.atan2(d.z)))
                .with_scale(Vec3::new(2.0, 1.5, len * 0.9)),
        );
    }
}

/// Each seat's figure (its stand and body) and the block of ice of a freeze round it: they glide
/// from cell to cell, and the ice goes with the figure.
pub(super) fn draw_figures(commands: &mut Commands, kit: &CastleAssets, view: &CastleView) {
    for (seat, at) in view.characters.iter().enumerate() {
        let material = kit.seats.get(seat).unwrap_or(&kit.white);
        let base = match at {
            Some(cell) => cell_position(view.rows, view.cols, *cell) + Vec3::Y * 0.08,
            None => side_position(view.rows, view.cols, view.sides[seat], seat),
        };
        let parts = [
            (&kit.stand, base + Vec3::Y * 0.03),
            (&kit.body, base + Vec3::Y * 0.39),
        ];
        for (part, (mesh, pos)) in parts.into_iter().enumerate() {
            let mut e = commands.spawn((
                Name::new("Figure"),
                TableEntity,
                Travels(seat as u32 * 4 + part as u32),
                Mesh3d(mesh.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(pos),
            ));
            match at {
                Some(cell) => e.insert(CastlePiece(*cell)),
                None => e.insert((CastleOffBoard, Pickable::IGNORE)),
            };
        }
        if view.freeze.is_some_and(|f| f.seat == seat) {
            let mut e = commands.spawn((
                Name::new("Freeze"),
                TableEntity,
                Travels(seat as u32 * 4 + 2),
                Mesh3d(kit.cube.clone()),
                MeshMaterial3d(kit.ice.clone()),
                // A block of ice round the figure's feet: the figure stays visible.
                Transform::from_translation(base + Vec3::Y * 0.12)
                    .with_scale(Vec3::new(2.8, 1.1, 2.8)),
            ));
            match at {
                Some(cell) => e.insert(CastlePiece(*cell)),
                None => e.insert((CastleOffBoard, Pickable::IGNORE)),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A door flips at the animation speed: twice as fast at 2, done in half the time.
    #[test]
    fn a_door_flips_at_the_animation_speed() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
                std::time::Duration::from_secs_f32(FLIP_SECONDS / 8.0),
            ))
            .insert_resource(crate::systems::AnimationSpeed(2.0))
            .add_systems(Update, flip_doors);
        let door = app
            .world_mut()
            .spawn((Flip(0.0), Transform::default()))
            .id();
        // The first frame's clock step is zero; then each frame is an eighth of a flip, doubled.
        app.update();
        for _ in 0..3 {
            app.update();
        }
        assert!(
            app.world().get::<Flip>(door).is_some(),
            "three quarters through"
        );
        app.update();
        assert!(
            app.world().get::<Flip>(door).is_none(),
            "done after four frames"
        );
        assert_eq!(
            app.world().get::<Transform>(door).unwrap().rotation,
            Quat::IDENTITY
        );
    }
}
