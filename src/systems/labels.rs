//! Text printed on the table from the asset tool's label atlases: one flat quad per atlas cell,
//! looked up by name. The Ice Fortress cards use `textures/fortress-labels.png`; the boards of Ice
//! Colony, Ice Castle and Sprawl carry their column letters and row numbers along two edges from
//! `textures/board-labels.png`, so the squares the log and the tutorials name can be found. Those
//! turn by quarter turns to read upright from wherever the camera stands (a player the table turns
//! to, or one who orbits round it), as a chess program turns its board's letters.

use std::collections::HashMap;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use serde::Deserialize;

use crate::systems::TableEntity;

/// An atlas index, written by the asset tool beside its texture.
#[derive(Deserialize)]
struct AtlasIndex {
    columns: u32,
    rows: u32,
    names: Vec<String>,
}

/// Where each label of the atlas whose index is `index` (a RON text) lies in its texture, as a
/// rectangle of UVs; an unreadable index is logged and gives none, so a label shows as nothing
/// rather than stopping the game.
pub fn atlas_cells(index: &str) -> HashMap<String, Rect> {
    let index: AtlasIndex = match ron::from_str(index) {
        Ok(i) => i,
        Err(e) => {
            error!("a label atlas index is unreadable: {e}");
            return HashMap::new();
        }
    };
    let (columns, rows) = (index.columns.max(1), index.rows.max(1));
    let size = Vec2::new(1.0 / columns as f32, 1.0 / rows as f32);
    index
        .names
        .into_iter()
        .enumerate()
        .map(|(i, n)| {
            let corner = Vec2::new((i as u32 % columns) as f32, (i as u32 / columns) as f32);
            (
                n,
                Rect::from_corners(corner * size, (corner + Vec2::ONE) * size),
            )
        })
        .collect()
}

/// One quad per label of the atlas whose index is `index` (see [`atlas_cells`]).
pub fn atlas_quads(index: &str, meshes: &mut Assets<Mesh>) -> HashMap<String, Handle<Mesh>> {
    atlas_cells(index)
        .into_iter()
        .map(|(n, cell)| (n, meshes.add(label_quad(cell))))
        .collect()
}

/// A flat quad of side 1 facing up, its UVs covering atlas `cell`; the text's top is away from
/// the camera's default side (towards -z).
fn label_quad(cell: Rect) -> Mesh {
    let (u0, v0) = (cell.min.x, cell.min.y);
    let (du, dv) = (cell.width(), cell.height());
    let positions = vec![
        [-0.5, 0.0, -0.5],
        [0.5, 0.0, -0.5],
        [0.5, 0.0, 0.5],
        [-0.5, 0.0, 0.5],
    ];
    let uvs = vec![[u0, v0], [u0 + du, v0], [u0 + du, v0 + dv], [u0, v0 + dv]];
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; 4])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(vec![0, 2, 1, 0, 3, 2]))
}

const BOARD_INDEX: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/textures/board-labels.ron"
));

/// The board-edge labels' quads and material.
#[derive(Resource)]
pub struct BoardLabelKit {
    quads: HashMap<String, Handle<Mesh>>,
    material: Handle<StandardMaterial>,
}

/// A column letter or row number printed beside a board.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct BoardLabel(pub String);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_board_kit)
        .add_systems(Update, face_the_view.in_set(super::Frame::Animate));
}

/// The quarter turn about the vertical that makes a board label read upright to a camera looking
/// along `forward` (a label's text reads upright from +z unturned).
pub fn facing(forward: Vec3) -> Quat {
    let quarter = std::f32::consts::FRAC_PI_2;
    // The camera's side of the table, as an angle from +z (looking straight down: unturned).
    let side = if forward.x.abs() + forward.z.abs() < 1e-4 {
        0.0
    } else {
        (-forward.x).atan2(-forward.z)
    };
    Quat::from_rotation_y((side / quarter).round() * quarter)
}

/// Turn every board label to read upright from the camera (see [`facing`]).
fn face_the_view(
    cams: Query<&GlobalTransform, With<Camera3d>>,
    mut labels: Query<&mut Transform, With<BoardLabel>>,
) {
    let Some(cam) = cams.iter().next() else {
        return;
    };
    let turn = facing(cam.forward().as_vec3());
    for mut t in &mut labels {
        if t.rotation.angle_between(turn) > 1e-3 {
            t.rotation = turn;
        }
    }
}

fn make_board_kit(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(BoardLabelKit {
        quads: atlas_quads(BOARD_INDEX, &mut meshes),
        material: materials.add(StandardMaterial {
            base_color_texture: Some(assets.load("textures/board-labels.png")),
            alpha_mode: AlphaMode::Mask(0.5),
            unlit: true,
            ..default()
        }),
    });
}

/// A board's grid for its edge labels: how many columns and rows, where a square's centre lies on
/// the table, and the names of a column and a row.
pub struct Grid<'a> {
    pub cols: u8,
    pub rows: u8,
    pub centre: &'a dyn Fn(u8, u8) -> Vec3,
    pub col_name: &'a dyn Fn(u8) -> String,
    pub row_name: &'a dyn Fn(u8) -> String,
}

/// Where each edge label stands, `out` squares beyond the edge squares' centres: a column's letter
/// on the edge nearer the camera's default side (+z), so that no piece hides it, and a row's number
/// on the left edge (-x).
pub fn edge_labels(grid: &Grid, out: f32) -> Vec<(String, Vec3)> {
    let mut v = Vec::new();
    if grid.cols < 2 || grid.rows < 2 {
        return v;
    }
    let at = grid.centre;
    let (last_row, last_col) = (grid.rows - 1, grid.cols - 1);
    let (row, inward) = if at(0, 0).z >= at(0, last_row).z {
        (0, 1)
    } else {
        (last_row, last_row - 1)
    };
    for c in 0..grid.cols {
        let step = at(c, inward) - at(c, row);
        v.push(((grid.col_name)(c), at(c, row) - step * out));
    }
    let (col, inward) = if at(0, 0).x <= at(last_col, 0).x {
        (0, 1)
    } else {
        (last_col, last_col - 1)
    };
    for r in 0..grid.rows {
        let step = at(inward, r) - at(col, r);
        v.push(((grid.row_name)(r), at(col, r) - step * out));
    }
    v
}

/// Spawn the edge labels of `grid` as table entities, `size` wide, a little above the table top.
pub fn spawn_board_labels(
    commands: &mut Commands,
    kit: &BoardLabelKit,
    grid: &Grid,
    out: f32,
    size: f32,
) {
    for (name, at) in edge_labels(grid, out) {
        let Some(quad) = kit.quads.get(&name) else {
            continue;
        };
        commands.spawn((
            Name::new(format!("Board label {name}")),
            BoardLabel(name),
            TableEntity,
            Pickable::IGNORE,
            Mesh3d(quad.clone()),
            MeshMaterial3d(kit.material.clone()),
            Transform::from_translation(at + Vec3::Y * 0.01).with_scale(Vec3::splat(size)),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A label reads upright from the camera's side of the table, by quarter turns: from the
    /// default side unturned, from across the table half a turn, from the left a quarter turn.
    #[test]
    fn a_board_label_turns_to_the_cameras_side_by_quarter_turns() {
        let angle = |forward: Vec3| {
            let (axis, a) = facing(forward.normalize()).to_axis_angle();
            (a * axis.y).to_degrees().round()
        };
        assert_eq!(
            angle(Vec3::new(0.0, -1.0, -1.0)),
            0.0,
            "from +z, the default side"
        );
        assert_eq!(
            angle(Vec3::new(0.0, -1.0, 1.0)).abs(),
            180.0,
            "from across the table"
        );
        // From -x (the left), looking towards +x: a quarter turn that way (negative about y).
        assert_eq!(angle(Vec3::new(1.0, -1.0, 0.0)), -90.0);
        assert_eq!(angle(Vec3::new(-1.0, -1.0, 0.0)), 90.0);
        // A little off a side keeps that side; straight down keeps the labels as printed.
        assert_eq!(angle(Vec3::new(0.3, -1.0, -1.0)), 0.0);
        assert_eq!(angle(Vec3::NEG_Y), 0.0);
        // In an app: a camera across the table turns a label half round.
        let mut app = App::new();
        app.add_systems(Update, face_the_view);
        app.world_mut().spawn((
            Camera3d::default(),
            GlobalTransform::from(
                Transform::from_xyz(0.0, 5.0, -5.0).looking_at(Vec3::ZERO, Vec3::Y),
            ),
        ));
        let label = app
            .world_mut()
            .spawn((BoardLabel("a".into()), Transform::default()))
            .id();
        app.update();
        let turned = app.world().get::<Transform>(label).unwrap().rotation;
        assert!(turned.angle_between(Quat::from_rotation_y(std::f32::consts::PI)) < 1e-3);
    }

    #[test]
    fn the_board_atlas_names_every_row_and_column_label_the_boards_use() {
        let mut meshes = Assets::<Mesh>::default();
        let quads = atlas_quads(BOARD_INDEX, &mut meshes);
        for name in ["1", "8", "A", "H", "a", "h"] {
            assert!(quads.contains_key(name), "{name}");
        }
        assert!(atlas_quads("(columns: 8", &mut meshes).is_empty());
    }

    #[test]
    fn an_atlas_cell_is_its_row_and_column_of_the_texture() {
        // The board atlas: 8 cells a row, 3 rows; "1" first, "A" the ninth, "h" the last.
        let cells = atlas_cells(BOARD_INDEX);
        let (w, h) = (1.0 / 8.0, 1.0 / 3.0);
        assert_eq!(cells["1"], Rect::new(0.0, 0.0, w, h));
        assert_eq!(cells["A"], Rect::new(0.0, h, w, 2.0 * h));
        assert_eq!(cells["h"], Rect::new(7.0 * w, 2.0 * h, 1.0, 1.0));
    }

    #[test]
    fn edge_labels_stand_beyond_the_first_row_and_column_one_per_line() {
        let centre = |c: u8, r: u8| Vec3::new(f32::from(c) * 2.0, 0.0, -f32::from(r) * 2.0);
        let grid = Grid {
            cols: 3,
            rows: 2,
            centre: &centre,
            col_name: &|c| ((b'a' + c) as char).to_string(),
            row_name: &|r| (r + 1).to_string(),
        };
        let v = edge_labels(&grid, 0.75);
        let names: Vec<&str> = v.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a", "b", "c", "1", "2"]);
        // Letters below row 1 (towards +z), numbers left of column a.
        assert_eq!(v[1].1, Vec3::new(2.0, 0.0, 1.5));
        assert_eq!(v[4].1, Vec3::new(-1.5, 0.0, -2.0));
        // A board whose first row is the far one, and whose first column is on the right: letters
        // still on the near edge, numbers still on the left.
        let flipped = |c: u8, r: u8| Vec3::new(-f32::from(c) * 2.0, 0.0, f32::from(r) * 2.0);
        let grid = Grid {
            centre: &flipped,
            ..grid
        };
        let v = edge_labels(&grid, 0.75);
        assert_eq!(
            v[0].1,
            Vec3::new(0.0, 0.0, 3.5),
            "a under the near row (row 2)"
        );
        assert_eq!(
            v[3].1,
            Vec3::new(-5.5, 0.0, 0.0),
            "1 left of the leftmost column (c)"
        );
    }
}
