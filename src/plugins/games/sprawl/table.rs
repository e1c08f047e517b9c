//! The Sprawl table: a chessboard sized by the player count, towers standing upright, branch pyramids
//! lying on their side pointing their way, the acting player's targeted squares as coloured dots and
//! neutralized sprawl darkened with a ring round the tower. Clicks are in `input.rs`.

use bevy::gltf::GltfAssetLabel;
use bevy::prelude::*;
use hoarfrost_rules::sprawl::{self, Cell, Dir, Sprawl, Square};
use hoarfrost_rules::{Game, Seat};

use crate::plugins::core::palette;
use crate::plugins::core::screens::Screen;
use crate::plugins::games::sprawl::input::{self, StashPick, square_of};
use crate::plugins::games::sprawl::stash::StashPiece;
use crate::plugins::session::Session;
use crate::plugins::session::start::{TableStart, opened};
use crate::plugins::session::words::HudSpec;
use crate::plugins::table::camera::FrameTarget;
use crate::plugins::table::hover_frame::{Spot, outline};
use crate::plugins::table::pyramid::size;
use crate::plugins::table::pyramid::stack_heights;
use crate::plugins::table::tooltips::tips;
use crate::systems::glide::Travels;
use crate::systems::labels::{BoardLabelKit, Grid, spawn_board_labels};
use crate::systems::{Frame, TableEntity};

/// Distance between square centres: a large pyramid lying down (1.75 long) fits in one square.
pub const SPACING: f32 = 2.0;
/// The chessboard's light and dark squares. The light ones are greyer than the white seat's
/// pyramids so that those stand out on them.
pub const LIGHT_SQUARE: Color = Color::srgb(0.66, 0.7, 0.75);
pub const DARK_SQUARE: Color = Color::srgb(0.25, 0.3, 0.36);
/// The board's rim, which keeps its edge clear against the table where the squares are light.
const BOARD_EDGE: Color = Color::srgb(0.2, 0.24, 0.3);
/// How far the rim reaches past the squares.
const EDGE_WIDTH: f32 = 0.2;

/// A board square (its tile), clicked to act there.
#[derive(Component, Clone, Copy, Debug)]
pub struct SprawlSquare(pub Square);

/// A pyramid, dot or ring on the board, redrawn when the rules state changes.
#[derive(Component, Clone, Copy, Debug)]
pub struct SprawlPiece(pub Square);

/// Shared meshes and materials: per seat a live, a darkened and a dot material; four tile looks.
#[derive(Resource)]
pub struct SprawlAssets {
    pub(crate) pyramid: Handle<Mesh>,
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    pub(crate) live: Vec<Handle<StandardMaterial>>,
    dead: Vec<Handle<StandardMaterial>>,
    dots: Vec<Handle<StandardMaterial>>,
    ring_material: Handle<StandardMaterial>,
    /// Light square, dark square, then the same two lit as legal targets.
    pub(crate) tile: [Handle<StandardMaterial>; 4],
}

#[cfg(test)]
impl SprawlAssets {
    /// A kit of blank handles for `seats` colours, for headless tests of what is drawn where.
    pub(crate) fn blank(seats: usize) -> Self {
        let colours = || vec![Handle::default(); seats];
        SprawlAssets {
            pyramid: Handle::default(),
            dot: Handle::default(),
            ring: Handle::default(),
            live: colours(),
            dead: colours(),
            dots: colours(),
            ring_material: Handle::default(),
            tile: std::array::from_fn(|_| Handle::default()),
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        tips::<Sprawl, SprawlSquare>(|s, q| square_tip(s, q.0)),
        tips::<Sprawl, SprawlPiece>(|s, p| square_tip(s, p.0)),
        outline::<Sprawl, SprawlSquare>(|s, q| Some(square_spot(s, q.0))),
        outline::<Sprawl, SprawlPiece>(|s, p| Some(square_spot(s, p.0))),
        tips::<Sprawl, StashPiece>(crate::plugins::games::sprawl::stash::stash_tip),
    ))
    .add_plugins(crate::plugins::table::seat_view::plugin::<Sprawl>(seat_yaw))
    .add_systems(
        OnEnter(Screen::Playing),
        build_table
            .in_set(TableStart::Build)
            .run_if(opened::<Sprawl>),
    )
    .add_systems(
        Update,
        redraw_pieces.in_set(Frame::Mirror).run_if(
            resource_exists_and_changed::<Session<Sprawl>>
                .and_then(resource_exists::<SprawlAssets>),
        ),
    );
}

/// Where a square lies, for the frame round the one under the pointer.
pub fn square_spot(s: &Sprawl, sq: Square) -> Spot {
    Spot {
        centre: square_position(sq, s.dimensions()),
        width: SPACING,
    }
}

/// The camera's yaw that looks at the table from behind `seat`'s stash tray (`seat_view`).
pub fn seat_yaw(state: &Sprawl, seat: Seat) -> f32 {
    -std::f32::consts::TAU * seat as f32 / state.num_seats().max(1) as f32
}

/// The player whose turn it is (the panel's marker and `seat_view`, through the HUD spec): Counting
/// Coup's questions and answers come within it.
pub fn turn_seat(state: &Sprawl) -> Option<Seat> {
    Some(state.current_player())
}

/// Centre of a square on a board of `cols` x `rows`: column a on the left, row 1 nearest the camera.
pub fn square_position(sq: Square, (cols, rows): (u8, u8)) -> Vec3 {
    let x = (sq.col as f32 - (cols as f32 - 1.0) / 2.0) * SPACING;
    let z = -(sq.row as f32 - (rows as f32 - 1.0) / 2.0) * SPACING;
    Vec3::new(x, 0.0, z)
}

/// The table direction of a rules direction (north is away from the camera).
pub fn dir_vector(d: Dir) -> Vec3 {
    let (dc, dr) = d.delta();
    Vec3::new(dc as f32, 0.0, -(dr as f32))
}

/// Where a branch pyramid of `pips` lies on `sq` pointing `d`: on its side, apex along `d`,
/// centred in the square and resting on the board.
pub fn branch_transform(centre: Vec3, pips: u8, d: Dir) -> Transform {
    let (w, h) = size(pips);
    let v = dir_vector(d);
    Transform::from_translation(centre - v * (h / 2.0) + Vec3::Y * (w / 2.0))
        .with_rotation(Quat::from_rotation_arc(Vec3::Y, v))
        .with_scale(Vec3::new(w, h, w))
}

fn darken(c: Color) -> Color {
    let s = c.to_srgba();
    Color::srgb(s.red * 0.3, s.green * 0.3, s.blue * 0.3)
}

/// What the camera frames at the start and on R: the table out to the trays (`reach`), seen a
/// little left of the window's middle, so that the side panel (top right, wide at large tables)
/// leaves the tray on the right in sight.
pub fn framing(reach: f32) -> FrameTarget {
    FrameTarget {
        centre: Vec3::ZERO,
        radius: reach,
        shift: 0.2,
        ..default()
    }
}

/// Lay out the table of the game just opened (`session::start`).
fn build_table(
    mut commands: Commands,
    session: Res<Session<Sprawl>>,
    assets: Res<AssetServer>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    labels: Res<BoardLabelKit>,
) {
    let state = &session.state;
    let kit = make_kit(state, &assets, &mut meshes, &mut materials);
    let reach = spawn_board(
        &mut commands,
        (&mut meshes, &mut materials),
        state,
        &kit,
        &labels,
    );
    commands.insert_resource(kit);
    commands.insert_resource(framing(reach));
    commands.insert_resource(StashPick::default());
}

/// A pyramid material per colour of `hues`, coloured by `colour`, with the colour's marking.
fn piece_materials(
    hues: &[hoarfrost_rules::Hue],
    colour: impl Fn(hoarfrost_rules::Hue) -> Color,
    assets: &AssetServer,
    materials: &mut Assets<StandardMaterial>,
) -> Vec<Handle<StandardMaterial>> {
    hues.iter()
        .map(|&h| {
            materials.add(StandardMaterial {
                base_color: colour(h),
                base_color_texture: Some(assets.load(palette::marking_path(h))),
                perceptual_roughness: 0.35,
                ..default()
            })
        })
        .collect()
}

/// The meshes and materials of the Sprawl table for `state`'s colours.
fn make_kit(
    state: &Sprawl,
    assets: &AssetServer,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) -> SprawlAssets {
    let hues: Vec<_> = (0..state.num_seats()).map(|seat| state.hue(seat)).collect();
    let live = piece_materials(&hues, palette::hue_color, assets, materials);
    let dead = piece_materials(&hues, |h| darken(palette::hue_color(h)), assets, materials);
    let dots = hues
        .iter()
        .map(|&h| {
            materials.add(StandardMaterial {
                base_color: palette::hue_color(h),
                unlit: true,
                ..default()
            })
        })
        .collect();
    let tile = |c: Color, glow: LinearRgba, m: &mut Assets<StandardMaterial>| {
        m.add(StandardMaterial {
            base_color: c,
            emissive: glow,
            perceptual_roughness: 0.9,
            ..default()
        })
    };
    let (light, dark) = (LIGHT_SQUARE, DARK_SQUARE);
    let glow = LinearRgba::rgb(0.02, 0.2, 0.3);
    SprawlAssets {
        pyramid: assets.load(
            GltfAssetLabel::Primitive {
                mesh: 0,
                primitive: 0,
            }
            .from_asset("models/pyramid.gltf"),
        ),
        dot: meshes.add(Cylinder::new(0.2, 0.03)),
        ring: meshes.add(Torus::new(0.56, 0.78)),
        live,
        dead,
        dots,
        // An icy glow no seat colour uses (Sprawl seats stop at orange), so it reads at a glance.
        ring_material: materials.add(StandardMaterial {
            base_color: Color::srgb(0.0, 0.85, 0.9),
            unlit: true,
            ..default()
        }),
        tile: [
            tile(light, LinearRgba::BLACK, materials),
            tile(dark, LinearRgba::BLACK, materials),
            tile(Color::srgb(0.55, 0.8, 0.92), glow, materials),
            tile(Color::srgb(0.2, 0.42, 0.55), glow, materials),
        ],
    }
}

/// The table top, the board's edge, its squares and their edge labels.
fn spawn_board(
    commands: &mut Commands,
    (meshes, materials): (&mut Assets<Mesh>, &mut Assets<StandardMaterial>),
    state: &Sprawl,
    kit: &SprawlAssets,
    labels: &BoardLabelKit,
) -> f32 {
    let dims = state.dimensions();
    let reach = crate::plugins::games::sprawl::stash::table_radius(dims);
    commands.spawn((
        Name::new("Table"),
        TableEntity,
        crate::plugins::table::graphics::TableTop,
        Pickable::IGNORE,
        Mesh3d(meshes.add(Cylinder::new(reach + 0.6, 0.2).mesh().resolution(96))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: palette::TABLE,
            perceptual_roughness: 0.8,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.12, 0.0),
    ));
    let slab = meshes.add(Cuboid::new(SPACING, 0.04, SPACING));
    let (width, depth) = (
        f32::from(dims.0) * SPACING + 2.0 * EDGE_WIDTH,
        f32::from(dims.1) * SPACING + 2.0 * EDGE_WIDTH,
    );
    commands.spawn((
        Name::new("Board edge"),
        TableEntity,
        Pickable::IGNORE,
        Mesh3d(meshes.add(Cuboid::new(width, 0.04, depth))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: BOARD_EDGE,
            perceptual_roughness: 0.9,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.05, 0.0),
    ));
    for sq in state.board().squares() {
        commands.spawn((
            Name::new(format!("Square {}", sq.name())),
            TableEntity,
            SprawlSquare(sq),
            Mesh3d(slab.clone()),
            MeshMaterial3d(kit.tile[tile_look(sq, false)].clone()),
            Transform::from_translation(square_position(sq, dims) - Vec3::Y * 0.02),
        ));
    }
    let grid = Grid {
        cols: dims.0,
        rows: dims.1,
        centre: &|col, row| square_position(Square { col, row }, dims),
        col_name: &|col| Square { col, row: 0 }.name()[..1].to_string(),
        row_name: &|row| (row + 1).to_string(),
    };
    spawn_board_labels(commands, labels, &grid, 0.75, SPACING * 0.45);
    reach
}

/// Which of the four tile materials a square uses: chessboard colour, lit when it is a legal target.
pub fn tile_look(sq: Square, lit: bool) -> usize {
    let dark = (sq.col + sq.row).is_multiple_of(2);
    usize::from(dark) + if lit { 2 } else { 0 }
}

/// The seat whose targeted squares are dotted: the acting human, or else the player to move.
fn dotted_seat(session: &Session<Sprawl>) -> Seat {
    session
        .acting_human()
        .unwrap_or_else(|| session.state.current_player())
}

/// The squares dotted for `seat`: those its branches target, while the game goes on (at the end
/// nobody is to move, and the final board stays clear).
fn dotted_squares(s: &Sprawl, seat: Seat) -> Vec<Square> {
    if s.is_over() {
        Vec::new()
    } else {
        s.targeted_squares(seat)
    }
}

/// Which pyramids look alike, for their glide from the stash to the board: one owner's, one size.
pub fn look(owner: impl Into<usize>, size: u8) -> u32 {
    owner.into() as u32 * 4 + u32::from(size)
}

/// Redraw every piece, dot and ring; all share the kit's meshes and materials. A pyramid glides from
/// its stash to its square.
pub(crate) fn redraw_pieces(
    mut commands: Commands,
    session: Res<Session<Sprawl>>,
    kit: Res<SprawlAssets>,
    old: Query<Entity, With<SprawlPiece>>,
) {
    crate::systems::despawn_all(&mut commands, &old);
    let s = &session.state;
    let dims = s.dimensions();
    let mut spawn = |sq: Square, mesh: &Handle<Mesh>, m: &Handle<StandardMaterial>, t| {
        commands
            .spawn((
                Name::new("Sprawl piece"),
                TableEntity,
                SprawlPiece(sq),
                Mesh3d(mesh.clone()),
                MeshMaterial3d(m.clone()),
                t,
            ))
            .id()
    };
    let mut travellers = Vec::new();
    for (sq, cell) in s.board().cells() {
        let centre = square_position(sq, dims);
        match cell {
            Cell::Empty => {}
            Cell::Tower(t) => {
                let pips: Vec<u8> = t.pieces.iter().map(|p| p.size).collect();
                for (p, y) in t.pieces.iter().zip(stack_heights(&pips)) {
                    let (w, h) = size(p.size);
                    let set = if t.neutralized { &kit.dead } else { &kit.live };
                    if let Some(m) = set.get(p.owner as usize) {
                        let at = Transform::from_translation(centre + Vec3::Y * y)
                            .with_scale(Vec3::new(w, h, w));
                        let e = spawn(sq, &kit.pyramid, m, at);
                        travellers.push((e, look(p.owner, p.size)));
                    }
                }
                if t.neutralized {
                    spawn(
                        sq,
                        &kit.ring,
                        &kit.ring_material,
                        Transform::from_translation(centre + Vec3::Y * 0.03),
                    );
                }
            }
            Cell::Branch(b) => {
                let set = if s.board().is_live(b) {
                    &kit.live
                } else {
                    &kit.dead
                };
                if let Some(m) = set.get(b.owner as usize) {
                    let e = spawn(sq, &kit.pyramid, m, branch_transform(centre, b.size, b.dir));
                    travellers.push((e, look(b.owner, b.size)));
                }
            }
        }
    }
    let seat = dotted_seat(&session);
    if let Some(m) = kit.dots.get(seat) {
        for sq in dotted_squares(s, seat) {
            spawn(
                sq,
                &kit.dot,
                m,
                Transform::from_translation(dot_position(s, sq)),
            );
        }
    }
    for (e, look) in travellers {
        commands.entity(e).insert(Travels(look));
    }
}

/// A targeted square's dot: in the middle of a vacant square, in its near left corner otherwise.
fn dot_position(s: &Sprawl, sq: Square) -> Vec3 {
    let centre = square_position(sq, s.dimensions()) + Vec3::Y * 0.02;
    if s.board().is_vacant(sq) {
        centre
    } else {
        centre + Vec3::new(-0.7, 0.0, 0.7)
    }
}

pub(super) fn hud_spec() -> HudSpec<Sprawl> {
    HudSpec {
        title: "Sprawl",
        seat_name: |s, seat| {
            let h = s.hue(seat);
            (h.name().to_string(), palette::hue_egui(h))
        },
        seat_status: |s, seat| {
            let st = s.stash(seat);
            let cards = s.face_down_cards(seat);
            let cards = if cards > 0 {
                format!(
                    ", {}",
                    hoarfrost_rules::words::count(cards as i64, "coup card", "coup cards")
                )
            } else {
                String::new()
            };
            format!(
                "{} in stash ({}){cards}",
                hoarfrost_rules::words::count(s.scores()[seat], "point", "points"),
                hoarfrost_rules::words::by_size(st)
            )
        },
        seat_button: None,
        extra_lines: |s| {
            let mut lines = vec!["Fewest points left in the stash wins.".to_string()];
            let on: Vec<&str> = sprawl::Variant::ALL
                .into_iter()
                .filter(|&v| s.variants().has(v))
                .map(|v| v.name())
                .collect();
            if !on.is_empty() {
                lines.push(format!("Variants: {}", on.join(", ")));
            }
            let name = |seat: u8| s.hue(seat as hoarfrost_rules::Seat).name();
            lines.push(match s.phase() {
                sprawl::Phase::Play => format!("{} to move", name(s.current_player() as u8)),
                // Counting Coup: the player to act is not the one whose turn it is.
                sprawl::Phase::Asking {
                    sporer,
                    askers,
                    next,
                    ..
                } => format!(
                    "{} spored: {} may ask \"are you sure?\"",
                    name(*sporer),
                    askers.get(*next as usize).map_or("?", |&a| name(a))
                ),
                sprawl::Phase::Answering {
                    sporer, challenger, ..
                } => format!(
                    "{} answers {}'s \"are you sure?\"",
                    name(*sporer),
                    name(*challenger)
                ),
            });
            lines
        },
        panel_actions: |s, seat| {
            s.legal_actions(seat)
                .into_iter()
                .filter(|a| square_of(a).is_none())
                .collect()
        },
        help: input::HELP,
        headline: None,
        settled_by: Sprawl::tie_break_lines,
        turn: turn_seat,
    }
}

/// The tooltip over square `sq` (and the pyramids on it): what stands there, whose it is, whether it
/// is neutralized, and whose branches target the square.
pub fn square_tip(s: &Sprawl, sq: Square) -> Option<String> {
    let name = |seat: u8| s.hue(seat as Seat).name();
    let mut lines = vec![match s.cell(sq)? {
        Cell::Empty => format!("{}: empty.", sq.name()),
        Cell::Tower(t) => {
            let pieces: Vec<String> = t
                .pieces
                .iter()
                .map(|p| format!("{} {}", name(p.owner), sprawl::size_name(p.size)))
                .collect();
            let pieces = match pieces.as_slice() {
                [one] => hoarfrost_rules::words::a(one),
                _ => format!("{} from the bottom up", pieces.join(", ")),
            };
            let mut line = format!("{}: {}'s tower, {pieces}.", sq.name(), name(t.controller()));
            if t.neutralized {
                line.push_str(
                    "\nNeutralized: it can neither grow nor branch (its branches still attack).",
                );
            }
            line
        }
        Cell::Branch(b) => {
            let mut line = format!(
                "{}: {}'s {} branch pointing {}, off {}.",
                sq.name(),
                name(b.owner),
                sprawl::size_name(b.size),
                b.dir.name(),
                b.source.name()
            );
            if let Some(target) = s
                .board()
                .targeted_by(sq, b)
                .filter(|_| s.board().is_live(b))
            {
                line.push_str(&format!(" It targets {}.", target.name()));
            }
            line
        }
    }];
    let targeting: Vec<&str> = (0..s.num_seats())
        .filter(|&seat| s.targeted_squares(seat).contains(&sq))
        .map(|seat| s.hue(seat).name())
        .collect();
    if !targeting.is_empty() {
        lines.push(format!(
            "Targeted by {}.",
            hoarfrost_rules::words::listed(&targeting)
        ));
    }
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::sprawl::Setup;

    #[test]
    fn each_sprawl_seats_yaw_looks_from_behind_its_tray() {
        for seats in 3..=8 {
            for seat in 0..seats {
                let cam = crate::plugins::table::camera::OrbitCamera::framing(FrameTarget {
                    yaw: seat_yaw(&Sprawl::new(&Setup::new(seats, 1)).unwrap(), seat),
                    ..default()
                });
                let eye = cam.transform().translation - cam.focus;
                let a = Vec2::new(eye.x, eye.z).normalize();
                let tray = crate::plugins::table::pyramid::before_seat(seat, seats, 1.0, 0.0);
                let b = Vec2::new(tray.x, tray.z).normalize();
                assert!(a.dot(b) > 0.999, "{seats} seats, seat {seat}: {a} / {b}");
            }
        }
    }
    use hoarfrost_rules::sprawl::Piece;

    /// Under Counting Coup the panel names who is to act on a spore, not the player whose turn it
    /// is: the one who may ask "are you sure?", then the sporer who answers.
    #[test]
    fn the_panel_says_who_asks_and_who_answers_under_counting_coup() {
        let mut setup = Setup::new(3, 2);
        setup.variants.set(sprawl::Variant::CountingCoup, true);
        let mut s = Sprawl::new(&setup).unwrap();
        let mut bot = hoarfrost_rules::bots::RandomBot::new(2);
        let (mut asked, mut answered) = (0, 0);
        for _ in 0..4000 {
            let line = (hud_spec().extra_lines)(&s).pop().unwrap();
            let name = |seat: u8| s.hue(seat as hoarfrost_rules::Seat).name();
            match s.phase() {
                sprawl::Phase::Play => {
                    assert_eq!(line, format!("{} to move", name(s.current_player() as u8)));
                }
                sprawl::Phase::Asking {
                    sporer,
                    askers,
                    next,
                    ..
                } => {
                    let asker = name(askers[*next as usize]);
                    let said = format!("{} spored: {asker} may ask", name(*sporer));
                    assert!(line.starts_with(&said), "{line}");
                    asked += 1;
                }
                sprawl::Phase::Answering {
                    sporer, challenger, ..
                } => {
                    let said = format!("{} answers {}'s", name(*sporer), name(*challenger));
                    assert!(line.starts_with(&said), "{line}");
                    answered += 1;
                }
            }
            if !hoarfrost_rules::bots::step(&mut s, &mut bot) {
                s = Sprawl::new(&setup).unwrap();
            }
        }
        assert!(
            asked > 0 && answered > 0,
            "asked {asked}, answered {answered}"
        );
    }

    #[test]
    fn targeted_squares_are_dotted_while_the_game_goes_on_only() {
        let mut s = Sprawl::new(&Setup::new(3, 5)).unwrap();
        let mut bot = hoarfrost_rules::bots::RandomBot::new(5);
        let mut dotted_during = false;
        while hoarfrost_rules::bots::step(&mut s, &mut bot) {
            if !s.is_over() {
                let seat = s.current_player();
                assert_eq!(dotted_squares(&s, seat), s.targeted_squares(seat));
                dotted_during |= !s.targeted_squares(seat).is_empty();
            }
        }
        assert!(s.is_over() && dotted_during);
        let targets = (0..3).any(|seat| !s.targeted_squares(seat).is_empty());
        assert!(targets, "the final board has targets to leave undotted");
        assert!((0..3).all(|seat| dotted_squares(&s, seat).is_empty()));
    }

    /// The white seat's pyramids stand out on light squares, and black ones on dark squares; the
    /// rim is darker than a light square (so the board's edge shows against the table).
    #[test]
    fn the_white_and_black_seats_stand_out_on_the_squares() {
        let lum = |c: Color| c.luminance();
        let white = lum(palette::hue_color(hoarfrost_rules::Hue::White));
        let black = lum(palette::hue_color(hoarfrost_rules::Hue::Black));
        assert!(white > 1.5 * lum(LIGHT_SQUARE), "white on light squares");
        assert!(lum(DARK_SQUARE) > 2.0 * black, "black on dark squares");
        assert!(
            lum(BOARD_EDGE) < 0.5 * lum(LIGHT_SQUARE),
            "the rim against light squares"
        );
    }

    #[test]
    fn a_square_tip_says_what_stands_there_and_who_targets_it() {
        let sq = |n: &str| {
            let b = n.as_bytes();
            Square::new(b[0] - b'a', b[1] - b'1')
        };
        let red = |size| Piece { owner: 0, size };
        let s = Sprawl::with_layout(
            &Setup::new(3, 1),
            &[
                (sq("b2"), vec![red(3), red(2)]),
                (sq("e5"), vec![Piece { owner: 1, size: 3 }]),
            ],
            &[(sq("b3"), red(3), Dir::North, sq("b2"))],
            0,
        )
        .unwrap();
        assert_eq!(
            square_tip(&s, sq("b2")).unwrap(),
            "b2: Red's tower, Red large (3), Red medium (2) from the bottom up."
        );
        assert_eq!(
            square_tip(&s, sq("b3")).unwrap(),
            "b3: Red's large (3) branch pointing north, off b2. It targets b6."
        );
        assert_eq!(
            square_tip(&s, sq("b6")).unwrap(),
            "b6: empty.\nTargeted by Red."
        );
        assert_eq!(square_tip(&s, sq("a1")).unwrap(), "a1: empty.");
        assert_eq!(square_tip(&s, Square::new(30, 30)), None);
        // The scene of a neutralized tower: Red's small one on a6.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes/positions/sprawl-neutralized.ron");
        let scene: Sprawl = crate::plugins::session::load_position(&path).unwrap();
        assert_eq!(
            square_tip(&scene, sq("a6")).unwrap(),
            "a6: Red's tower, a Red small (1).\nNeutralized: it can neither \
             grow nor branch (its branches still attack).\nTargeted by Red."
        );
        let yellow_large = StashPiece { seat: 1, size: 3 };
        assert_eq!(
            crate::plugins::games::sprawl::stash::stash_tip(&s, &yellow_large).unwrap(),
            "Yellow's stash: 4 large (3) left, 27 points in all."
        );
    }

    #[test]
    fn a_seat_line_starts_with_the_points_left_in_the_stash() {
        let s = Sprawl::new(&sprawl::Setup::new(3, 1)).unwrap();
        let line = (hud_spec().seat_status)(&s, 0);
        assert_eq!(line, "30 points in stash (1s: 5, 2s: 5, 3s: 5)");
    }

    #[test]
    fn squares_are_distinct_and_the_board_is_centred() {
        for players in 3..=8 {
            let dims = sprawl::board_size(players).unwrap();
            let b = sprawl::Board::new(dims.0, dims.1);
            let all: Vec<Vec3> = b.squares().map(|sq| square_position(sq, dims)).collect();
            for (i, a) in all.iter().enumerate() {
                for c in &all[..i] {
                    assert!(a.distance(*c) >= SPACING - 1e-4);
                }
            }
            let mean = all.iter().copied().sum::<Vec3>() / all.len() as f32;
            assert!(mean.length() < 1e-4, "{players} players: centre {mean}");
        }
    }

    #[test]
    fn north_is_away_from_the_camera_and_row_one_is_near() {
        let dims = (5, 6);
        let a1 = square_position(Square::new(0, 0), dims);
        let a2 = square_position(Square::new(0, 1), dims);
        assert!(a2.z < a1.z);
        assert!(square_position(Square::new(1, 0), dims).x > a1.x);
        assert!(dir_vector(Dir::North).dot(a2 - a1) > 0.0);
    }

    #[test]
    fn a_branch_points_its_apex_along_its_direction_and_stays_in_its_square() {
        let centre = Vec3::new(4.0, 0.0, -2.0);
        for d in Dir::ALL {
            for pips in 1..=3 {
                let t = branch_transform(centre, pips, d);
                let apex = t.transform_point(Vec3::Y);
                let base = t.transform_point(Vec3::ZERO);
                let along = (apex - base).normalize();
                assert!(along.dot(dir_vector(d)) > 0.999, "{d:?} {pips}");
                for p in [apex, base] {
                    let off = p - centre;
                    assert!(off.x.abs() < SPACING / 2.0 && off.z.abs() < SPACING / 2.0);
                }
                // It rests on the board: no corner of its base sinks below it.
                for corner in [
                    Vec3::new(0.5, 0.0, 0.5),
                    Vec3::new(-0.5, 0.0, -0.5),
                    Vec3::new(0.5, 0.0, -0.5),
                ] {
                    assert!(t.transform_point(corner).y > -1e-4);
                }
            }
        }
    }

    #[test]
    fn tiles_alternate_like_a_chessboard() {
        let a1 = tile_look(Square::new(0, 0), false);
        assert_ne!(a1, tile_look(Square::new(1, 0), false));
        assert_eq!(a1, tile_look(Square::new(1, 1), false));
        assert_eq!(
            tile_look(Square::new(1, 0), true),
            tile_look(Square::new(1, 0), false) + 2
        );
    }
}
