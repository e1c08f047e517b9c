//! The Ice Castle table: the grid of door tiles (5x8 for two players, 6x6 for three or four), coloured
//! by door colour, dark with a door mark while closed and light once open; padlocks, axes, ice slides
//! and the freeze on them; the characters as figures on stands, on their tile or beside their side.
//! Everything is drawn from the rules' view of one seat, so face-down tiles never give away their kind.

use bevy::prelude::*;
use hoarfrost_rules::ice_castle::{
    self, CastleView, Cell, Colour, IceCastle, Phase, Setup, Side, TileKind,
};
use hoarfrost_rules::{Game, GameKind, Hue, Seat};

use crate::palette;
use crate::plugins::ai::{AiSeats, BotMaker};
use crate::plugins::camera::FrameTarget;
use crate::plugins::hud::HudSpec;
use crate::plugins::ice_castle_input::{SelectedCard, acting_human, tiles_of};
use crate::plugins::title::SetupChoice;
use crate::screens::Screen;
use crate::session::{Notice, Session};
use crate::systems::{Frame, TableEntity};

/// Distance between tile centres.
const SPACING: f32 = 1.2;

/// A door tile, clicked to act there.
#[derive(Component, Clone, Copy, Debug)]
pub struct CastleTile(pub Cell);

/// Something lying on a tile (mark, padlock, figure), clicked like its tile.
#[derive(Component, Clone, Copy, Debug)]
pub struct CastlePiece(pub Cell);

/// A door tile turning over: seconds since it began.
#[derive(Component, Clone, Copy, Debug)]
pub struct Flip(pub f32);

/// How long a door takes to turn over.
const FLIP_SECONDS: f32 = 0.45;

/// A figure waiting off the castle (not clickable).
#[derive(Component, Clone, Copy, Debug)]
pub struct CastleOffBoard;

/// Seat colours as chosen on the title screen.
#[derive(Resource, Clone, Debug)]
pub struct CastleHues(pub Vec<Hue>);

/// Shared meshes and materials.
#[derive(Resource)]
pub struct CastleAssets {
    tile: Handle<Mesh>,
    /// Per colour: [closed, open].
    doors: Vec<[Handle<StandardMaterial>; 2]>,
    door_mark: Handle<Mesh>,
    dark: Handle<StandardMaterial>,
    cube: Handle<Mesh>,
    steel: Handle<StandardMaterial>,
    bar: Handle<Mesh>,
    ice: Handle<StandardMaterial>,
    wood: Handle<StandardMaterial>,
    gold: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
    ball: Handle<Mesh>,
    halo: Handle<Mesh>,
    glow: Handle<StandardMaterial>,
    body: Handle<Mesh>,
    stand: Handle<Mesh>,
    seats: Vec<Handle<StandardMaterial>>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        crate::session::plugin::<IceCastle>,
        crate::plugins::ai::plugin::<IceCastle>,
        crate::plugins::hud::plugin::<IceCastle>,
        crate::plugins::game_over::plugin::<IceCastle>,
        crate::plugins::ice_castle_input::plugin,
    ))
    .insert_resource(BotMaker::<IceCastle>(|seed| {
        Box::new(ice_castle::bot::CastleBot::new(seed))
    }))
    .insert_resource(hud_spec())
    .add_systems(
        OnEnter(Screen::Playing),
        start_game.run_if(|c: Res<SetupChoice>| c.game == GameKind::IceCastle),
    )
    .add_systems(
        Update,
        (
            redraw.in_set(Frame::Mirror).run_if(
                resource_exists::<Session<IceCastle>>
                    .and_then(resource_exists::<CastleAssets>)
                    .and_then(
                        resource_changed::<Session<IceCastle>>
                            .or_else(resource_changed::<SelectedCard>),
                    ),
            ),
            flip_doors,
        ),
    );
}

/// Centre of a tile on the table: row 0 (South) nearest the camera.
pub fn cell_position(rows: u8, cols: u8, cell: Cell) -> Vec3 {
    let x = (cell.col as f32 - (cols as f32 - 1.0) / 2.0) * SPACING;
    let z = -(cell.row as f32 - (rows as f32 - 1.0) / 2.0) * SPACING;
    Vec3::new(x, 0.0, z)
}

/// Where a character waits off the castle, beside its side (seats on one side stand apart).
pub fn side_position(rows: u8, cols: u8, side: Side, seat: Seat) -> Vec3 {
    let (hr, hc) = (rows as f32 / 2.0 + 0.7, cols as f32 / 2.0 + 0.7);
    let shift = (seat as f32 - 1.5) * 0.5;
    match side {
        Side::South => Vec3::new(shift, 0.0, hr * SPACING),
        Side::North => Vec3::new(shift, 0.0, -hr * SPACING),
        Side::West => Vec3::new(-hc * SPACING, 0.0, shift),
        Side::East => Vec3::new(hc * SPACING, 0.0, shift),
    }
}

fn door_colour(c: Colour, open: bool) -> Color {
    let base = palette::hue_color(c.hue()).to_srgba();
    if open {
        // Light: halfway to white.
        Color::srgb(
            0.45 + base.red * 0.55,
            0.45 + base.green * 0.55,
            0.45 + base.blue * 0.55,
        )
    } else {
        Color::srgb(base.red * 0.55, base.green * 0.55, base.blue * 0.55)
    }
}

fn matte(materials: &mut Assets<StandardMaterial>, color: Color) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color,
        perceptual_roughness: 0.6,
        ..default()
    })
}

#[allow(clippy::too_many_arguments)]
fn start_game(
    mut commands: Commands,
    choice: Res<SetupChoice>,
    old: Query<Entity, With<TableEntity>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let state = match IceCastle::new(&Setup::new(choice.seats.len(), choice.seed)) {
        Ok(s) => s,
        Err(e) => {
            notice.error(e.0);
            next.set(Screen::Title);
            return;
        }
    };
    let doors = Colour::ALL
        .into_iter()
        .map(|c| {
            [
                matte(&mut materials, door_colour(c, false)),
                matte(&mut materials, door_colour(c, true)),
            ]
        })
        .collect();
    let kit = CastleAssets {
        tile: meshes.add(Cuboid::new(SPACING * 0.92, 0.08, SPACING * 0.92)),
        doors,
        door_mark: meshes.add(Cuboid::new(SPACING * 0.32, 0.02, SPACING * 0.55)),
        dark: matte(&mut materials, Color::srgb(0.08, 0.06, 0.05)),
        cube: meshes.add(Cuboid::new(0.22, 0.22, 0.22)),
        steel: matte(&mut materials, Color::srgb(0.55, 0.57, 0.6)),
        bar: meshes.add(Cuboid::new(0.12, 0.04, 1.0)),
        ice: materials.add(StandardMaterial {
            base_color: Color::srgba(0.6, 0.85, 1.0, 0.55),
            alpha_mode: AlphaMode::Blend,
            ..default()
        }),
        wood: matte(&mut materials, Color::srgb(0.45, 0.28, 0.12)),
        gold: matte(&mut materials, Color::srgb(0.95, 0.75, 0.2)),
        white: matte(&mut materials, Color::srgb(0.95, 0.95, 0.97)),
        ball: meshes.add(Sphere::new(0.12)),
        halo: meshes.add(Cuboid::new(SPACING * 1.0, 0.04, SPACING * 1.0)),
        glow: materials.add(StandardMaterial {
            base_color: Color::srgb(0.9, 0.95, 1.0),
            emissive: LinearRgba::rgb(0.6, 0.8, 1.0),
            ..default()
        }),
        body: meshes.add(Capsule3d::new(0.16, 0.35)),
        stand: meshes.add(Cylinder::new(0.26, 0.06)),
        seats: choice
            .hues()
            .into_iter()
            .map(|h| {
                materials.add(StandardMaterial {
                    base_color: palette::hue_color(h),
                    perceptual_roughness: 0.35,
                    ..default()
                })
            })
            .collect(),
    };
    let half = (state.rows().max(state.cols()) as f32 / 2.0 + 1.4) * SPACING;
    commands.spawn((
        Name::new("Table"),
        TableEntity,
        Pickable::IGNORE,
        Mesh3d(meshes.add(Cylinder::new(half * 1.15, 0.2).mesh().resolution(96))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: palette::TABLE,
            perceptual_roughness: 0.8,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.12, 0.0),
    ));
    commands.insert_resource(kit);
    commands.insert_resource(CastleHues(choice.hues()));
    commands.insert_resource(FrameTarget {
        centre: Vec3::ZERO,
        radius: half,
    });
    commands.insert_resource(AiSeats::<IceCastle>::new(&choice.kinds(), choice.seed));
    commands.insert_resource(Session::new(state, choice.kinds(), choice.seed));
    notice.info("The doors are dealt closed side up; each player draws, plays a card and moves.");
}

/// The seat whose view the table shows: the acting human, else the first human, else seat 0.
fn viewer(session: &Session<IceCastle>) -> Seat {
    acting_human(session)
        .or_else(|| {
            session
                .seats
                .iter()
                .position(|k| *k == crate::options::SeatKind::Human)
        })
        .unwrap_or(0)
}

/// Everything `redraw` replaces.
type Drawn = Or<(With<CastleTile>, With<CastlePiece>, With<CastleOffBoard>)>;

/// Redraw the castle from one seat's view: every entity shares the kit's meshes and materials.
fn redraw(
    mut commands: Commands,
    session: Res<Session<IceCastle>>,
    kit: Res<CastleAssets>,
    selected: Res<SelectedCard>,
    mut was_open: Local<Vec<bool>>,
    old: Query<Entity, Drawn>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let view = session.state.view(viewer(&session));
    let lit: Vec<Cell> = acting_human(&session)
        .map(|seat| {
            session
                .state
                .legal_actions(seat)
                .iter()
                .filter(|a| view.phase != Phase::Play || a.card() == selected.0)
                .flat_map(tiles_of)
                .collect()
        })
        .unwrap_or_default();
    let open: Vec<bool> = view.tiles.iter().map(|t| t.open).collect();
    let flipped: Vec<bool> = if was_open.len() == open.len() {
        open.iter()
            .zip(was_open.iter())
            .map(|(a, b)| a != b)
            .collect()
    } else {
        vec![false; open.len()]
    };
    *was_open = open;
    draw_tiles(&mut commands, &kit, &view, &lit, &flipped);
    draw_slides(&mut commands, &kit, &view);
    draw_figures(&mut commands, &kit, &view);
}

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

/// Turn flipping doors over about their West-East axis, half a turn, easing out.
fn flip_doors(
    mut commands: Commands,
    time: Res<Time>,
    mut doors: Query<(Entity, &mut Flip, &mut Transform)>,
) {
    for (e, mut flip, mut transform) in &mut doors {
        flip.0 += time.delta_secs();
        let t = (flip.0 / FLIP_SECONDS).min(1.0);
        let ease = 1.0 - (1.0 - t) * (1.0 - t);
        transform.rotation = Quat::from_rotation_x(std::f32::consts::PI * (1.0 - ease));
        transform.translation.y = 0.04 + 0.5 * (std::f32::consts::PI * t).sin();
        if t >= 1.0 {
            commands.entity(e).remove::<Flip>();
        }
    }
}

fn draw_tiles(
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
                Name::new("Door tile"),
                TableEntity,
                CastleTile(cell),
                Mesh3d(kit.tile.clone()),
                MeshMaterial3d(kit.doors[colour][t.open as usize].clone()),
                Transform::from_translation(at + Vec3::Y * 0.04),
            ));
            let index = row as usize * view.cols as usize + col as usize;
            if flipped.get(index).copied().unwrap_or(false) {
                door.insert(Flip(0.0));
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
                    Transform::from_translation(top + Vec3::Y * 0.03)
                        .with_scale(Vec3::new(0.9, 1.0, 0.9)),
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
    }
}

fn draw_slides(commands: &mut Commands, kit: &CastleAssets, view: &CastleView) {
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

fn draw_figures(commands: &mut Commands, kit: &CastleAssets, view: &CastleView) {
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
        for (mesh, pos) in parts {
            let mut e = commands.spawn((
                Name::new("Figure"),
                TableEntity,
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

fn hud_spec() -> HudSpec<IceCastle> {
    HudSpec {
        title: "Ice Castle",
        seat_name: |s, seat| {
            let hue = Hue::ALL.get(seat).copied().unwrap_or(Hue::White);
            (
                format!("Player {} ({})", seat + 1, s.side(seat).name()),
                palette::hue_egui(hue),
            )
        },
        seat_note: |s, seat| {
            let at = s
                .character(seat)
                .map_or("off the castle".to_string(), |c| format!("at {}", c.name()));
            let frozen = if s.is_frozen(seat) { ", frozen" } else { "" };
            format!("{} cards, {at}{frozen}", s.hand(seat).len())
        },
        seat_button: None,
        extra_lines: |s| {
            let mut lines = vec![format!(
                "Turn {} of at most {}; {} cards in the pile",
                s.turns(),
                s.turn_limit(),
                s.pile_count()
            )];
            if let Some(top) = s.discard_top() {
                lines.push(format!("Discard pile: {} on top", top.name()));
            }
            lines
        },
        // Only actions that show no card: the hand has its own window (hidden at a hand-over).
        panel_actions: |s, seat| {
            s.legal_actions(seat)
                .into_iter()
                .filter(|a| a.card().is_none() && tiles_of(a).is_empty())
                .collect()
        },
        help: "Pick a card in your hand, then click a door tile to play it there (open or close a door,\n\
               lock it, axe a frozen door, lay an ice slide, move an opponent with the wand);\n\
               discard or freeze with the buttons under your hand. Then click a lit tile to move,\n\
               or stay / step out in the panel. Reach an open door on the far row to win.\n\
               Dark tiles with a door mark are closed; light ones open; blue ice is a frozen door.\n\
               Right drag: orbit. Middle drag: pan. Wheel: zoom. R: reset view.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_are_laid_out_apart_and_off_board_spots_are_outside_the_grid() {
        for (rows, cols) in [(8u8, 5u8), (6, 6)] {
            let cells: Vec<Cell> = (0..rows)
                .flat_map(|r| (0..cols).map(move |c| Cell::new(r, c)))
                .collect();
            for (i, a) in cells.iter().enumerate() {
                for b in &cells[..i] {
                    let d = cell_position(rows, cols, *a).distance(cell_position(rows, cols, *b));
                    assert!(d >= SPACING - 1e-4);
                }
            }
            for side in [Side::South, Side::West, Side::North, Side::East] {
                let p = side_position(rows, cols, side, 0);
                let edge = (rows.max(cols) as f32 / 2.0) * SPACING;
                assert!(p.x.abs() > edge.min(cols as f32 / 2.0 * SPACING) || p.z.abs() > edge);
            }
        }
    }

    #[test]
    fn closed_doors_are_darker_than_open_ones() {
        for c in Colour::ALL {
            let lum = |col: Color| {
                let s = col.to_srgba();
                s.red + s.green + s.blue
            };
            assert!(lum(door_colour(c, false)) < lum(door_colour(c, true)));
        }
    }
}
