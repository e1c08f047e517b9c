//! The IceTowers table: every pyramid is an entity mirroring the rules state; freestanding pyramids
//! wait in their colour's home, towers stand in the middle; moves glide.

use std::collections::BTreeMap;
use std::f32::consts::{FRAC_PI_2, TAU};

use bevy::gltf::GltfAssetLabel;
use bevy::prelude::*;
use hoarfrost_rules::Game;
use hoarfrost_rules::icetowers::{IceTowers, Pips, Side, TowerId};

use crate::plugins::core::palette;
use crate::plugins::core::screens::Screen;
use crate::plugins::session::Session;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::session::start::{TableStart, opened};
use crate::plugins::session::words::HudSpec;
use crate::plugins::table::camera::FrameTarget;
use crate::plugins::table::graphics::TableTop;
use crate::plugins::table::pyramid::{before_seat, seat_angle, size, stack_heights};
use crate::systems::glide::Glide;
use crate::systems::{Frame, TableEntity};

/// Radius of the ring of home areas.
const HOME_RADIUS: f32 = 7.4;
/// Spacing of the central tower slots across the table and in depth: deeper than wide, so that a
/// tall tower hides less of the one behind it from the near side's view.
const SLOT_SPACING: Vec2 = Vec2::new(1.45, 1.7);

/// A pyramid on the table: its colour (side) and size.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PyramidPiece {
    pub side: Side,
    pub pips: Pips,
}

/// Where the rules have a pyramid now: its tower and height in it (0 = bottom).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceAt {
    pub tower: TowerId,
    pub index: u8,
}

/// How a pyramid looks: shared materials, one set per colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    Normal,
    Hover,
    Selected,
    Target,
}

/// Shared meshes and materials of the IceTowers table (no piece has its own).
#[derive(Resource)]
pub struct PyramidAssets {
    pub mesh: Handle<Mesh>,
    /// `materials[side][look]`.
    pub materials: Vec<[Handle<StandardMaterial>; 4]>,
}

impl PyramidAssets {
    pub fn material(&self, side: Side, look: Look) -> Handle<StandardMaterial> {
        self.materials[side as usize][look as usize].clone()
    }
}

/// Which central slot each multi-piece tower stands in; a slot is kept while the tower lives.
#[derive(Resource, Default, Debug)]
pub struct TowerSlots(BTreeMap<TowerId, usize>);

/// A pyramid's size in words.
fn size_name(pips: Pips) -> &'static str {
    ["small", "medium", "large"][(pips as usize).clamp(1, 3) - 1]
}

/// The tooltip over a pyramid: the tower it stands in, from the bottom, and whose colour tops it.
pub fn tower_tip(s: &IceTowers, at: &PieceAt) -> Option<String> {
    let t = s.tower(at.tower)?;
    let name = |p: &hoarfrost_rules::icetowers::Pyramid| {
        format!("{} {}", s.hue(p.side).name(), size_name(p.pips))
    };
    if t.is_freestanding() {
        let piece = hoarfrost_rules::words::a(&name(&t.top()));
        return Some(format!(
            "{}, standing free.",
            hoarfrost_rules::words::capitalized(&piece)
        ));
    }
    let pieces: Vec<String> = t.pieces.iter().map(name).collect();
    Some(format!(
        "A tower of {} from the bottom up: {} on top.",
        pieces.join(", "),
        s.hue(t.top().side).name()
    ))
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(crate::plugins::table::tooltips::tips::<IceTowers, PieceAt>(
        tower_tip,
    ))
    .add_systems(
        OnEnter(Screen::Playing),
        build_table
            .in_set(TableStart::Build)
            .run_if(opened::<IceTowers>),
    )
    .add_systems(
        Update,
        mirror_state
            .in_set(Frame::Mirror)
            .run_if(resource_exists_and_changed::<Session<IceTowers>>),
    );
}

/// Lay out the table of the game just opened (`session::start`).
fn build_table(
    mut commands: Commands,
    choice: Res<SetupChoice>,
    session: Res<Session<IceTowers>>,
    assets: Res<AssetServer>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let state = &session.state;
    // The colours the game has (a tutorial brings its own).
    let hues: Vec<_> = (0..state.sides()).map(|s| state.hue(s as Side)).collect();
    let pyramids = PyramidAssets {
        mesh: assets.load(
            GltfAssetLabel::Primitive {
                mesh: 0,
                primitive: 0,
            }
            .from_asset("models/pyramid.gltf"),
        ),
        materials: hues
            .iter()
            .map(|&h| looks(h, &assets, &mut materials))
            .collect(),
    };
    spawn_table(&mut commands, &mut meshes, &mut materials, state);
    let mut slots = TowerSlots::default();
    // Each pyramid is named for its colour, size and count among those ("Red small pyramid 2").
    let mut counts = std::collections::HashMap::new();
    for (piece, at, pos) in targets(state, &mut slots) {
        let n = counts.entry((piece.side, piece.pips)).or_insert(0);
        *n += 1;
        let name = format!(
            "{} {} pyramid {n}",
            state.hue(piece.side).name(),
            size_name(piece.pips)
        );
        commands.spawn((
            Name::new(name),
            TableEntity,
            piece,
            at,
            Mesh3d(pyramids.mesh.clone()),
            MeshMaterial3d(pyramids.material(piece.side, Look::Normal)),
            Transform::from_translation(pos).with_scale(scale(piece.pips)),
        ));
    }
    commands.insert_resource(slots);
    commands.insert_resource(pyramids);
    // The view starts from the first human seat's home (seat 0's in a tutorial or with no human),
    // as Sprawl and Ice Castle open facing the player.
    let human = (!choice.tutorial)
        .then(|| {
            choice
                .kinds()
                .iter()
                .position(|k| *k == crate::plugins::core::seats::SeatKind::Human)
        })
        .flatten();
    commands.insert_resource(framing_from(human.unwrap_or(0), state.sides()));
}

fn looks(
    hue: hoarfrost_rules::Hue,
    assets: &AssetServer,
    materials: &mut Assets<StandardMaterial>,
) -> [Handle<StandardMaterial>; 4] {
    let texture = assets.load(palette::marking_path(hue));
    let base = StandardMaterial {
        base_color: palette::hue_color(hue),
        base_color_texture: Some(texture),
        perceptual_roughness: 0.35,
        reflectance: 0.6,
        ..default()
    };
    let glow = |c: LinearRgba| StandardMaterial {
        emissive: c,
        ..base.clone()
    };
    [
        materials.add(base.clone()),
        materials.add(glow(LinearRgba::rgb(0.25, 0.25, 0.25))),
        materials.add(glow(LinearRgba::rgb(1.2, 1.0, 0.2))),
        materials.add(glow(LinearRgba::rgb(0.1, 0.6, 0.9))),
    ]
}

fn spawn_table(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    state: &IceTowers,
) {
    commands.spawn((
        Name::new("Table"),
        TableEntity,
        TableTop,
        Mesh3d(meshes.add(Cylinder::new(HOME_RADIUS + 2.6, 0.2).mesh().resolution(96))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: palette::TABLE,
            perceptual_roughness: 0.8,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.1, 0.0),
    ));
    let mat = meshes.add(Cuboid::new(6.0, 0.02, 3.6));
    for side in 0..state.sides() as Side {
        let angle = seat_angle(side as usize, state.sides());
        let colour = palette::hue_color(state.hue(side))
            .with_alpha(1.0)
            .mix(&palette::TABLE, 0.65);
        commands.spawn((
            Name::new("Home"),
            TableEntity,
            Pickable::IGNORE,
            Mesh3d(mat.clone()),
            MeshMaterial3d(materials.add(StandardMaterial {
                base_color: colour,
                perceptual_roughness: 0.9,
                ..default()
            })),
            Transform::from_translation(Vec3::new(angle.cos(), 0.0, angle.sin()) * HOME_RADIUS)
                .with_rotation(Quat::from_rotation_y(-angle - FRAC_PI_2)),
        ));
    }
}

fn scale(pips: Pips) -> Vec3 {
    let (w, h) = size(pips);
    Vec3::new(w, h, w)
}

/// What the camera frames at the start and on R: every colour's home round the middle.
pub fn framing() -> FrameTarget {
    FrameTarget {
        centre: Vec3::ZERO,
        radius: HOME_RADIUS + 1.5,
        ..default()
    }
}

/// [`framing`] seen from the home of `seat` of `sides` colours (see [`seat_angle`]).
pub fn framing_from(seat: usize, sides: usize) -> FrameTarget {
    FrameTarget {
        yaw: -TAU * seat as f32 / sides.max(1) as f32,
        ..framing()
    }
}

/// Where the `k`-th freestanding pyramid of a size stands in its colour's home.
pub fn home_position(side: Side, sides: usize, pips: Pips, k: usize) -> Vec3 {
    let row = (3 - pips) as f32 - 1.0; // large nearest the middle
    before_seat(
        side as usize,
        sides,
        HOME_RADIUS + row * 1.1,
        (k as f32 - 2.0) * 1.1,
    )
}

/// Centre of central slot `n`: lattice points nearest the middle first.
pub fn slot_position(n: usize) -> Vec3 {
    let at = |(x, z): (i32, i32)| Vec2::new(x as f32, z as f32) * SLOT_SPACING;
    let mut points: Vec<(i32, i32)> = (-6..=6)
        .flat_map(|x| (-6..=6).map(move |z| (x, z)))
        .collect();
    points.sort_by(|&a, &b| {
        let (da, db) = (at(a).length_squared(), at(b).length_squared());
        da.total_cmp(&db).then(a.cmp(&b))
    });
    let p = at(points.get(n).copied().unwrap_or((7 + n as i32, 7)));
    Vec3::new(p.x, 0.0, p.y)
}

/// Every pyramid's target: its kind, where it is in the rules, and where it stands on the table.
pub fn targets(state: &IceTowers, slots: &mut TowerSlots) -> Vec<(PyramidPiece, PieceAt, Vec3)> {
    // Free the slots of towers that are gone or freestanding; give new towers the lowest free slot.
    slots
        .0
        .retain(|id, _| state.tower(*id).is_some_and(|t| !t.is_freestanding()));
    for t in state.towers().iter().filter(|t| !t.is_freestanding()) {
        if !slots.0.contains_key(&t.id) {
            let used: Vec<usize> = slots.0.values().copied().collect();
            let free = (0..).find(|n| !used.contains(n)).unwrap_or(0);
            slots.0.insert(t.id, free);
        }
    }
    let mut home_count = vec![[0usize; 4]; state.sides()];
    let mut out = Vec::new();
    for t in state.towers() {
        let base = if t.is_freestanding() {
            let p = t.top();
            let k = &mut home_count[p.side as usize][p.pips as usize];
            *k += 1;
            home_position(p.side, state.sides(), p.pips, *k - 1)
        } else {
            slot_position(slots.0[&t.id])
        };
        let pips: Vec<Pips> = t.pieces.iter().map(|p| p.pips).collect();
        for (i, (p, y)) in t.pieces.iter().zip(stack_heights(&pips)).enumerate() {
            out.push((
                PyramidPiece {
                    side: p.side,
                    pips: p.pips,
                },
                PieceAt {
                    tower: t.id,
                    index: i as u8,
                },
                base + Vec3::Y * y,
            ));
        }
    }
    out
}

/// Move the pyramid entities to where the rules now have them; each kind of pyramid is matched to the
/// nearest target of its kind, so only the pieces that moved in the rules move on the table.
fn mirror_state(
    mut commands: Commands,
    session: Res<Session<IceTowers>>,
    mut slots: ResMut<TowerSlots>,
    mut pieces: Query<(
        Entity,
        &PyramidPiece,
        &mut PieceAt,
        &Transform,
        Option<&Glide>,
    )>,
) {
    let mut wanted = targets(&session.state, &mut slots);
    let mut have: Vec<_> = pieces
        .iter()
        .map(|(e, p, _, t, g)| (e, *p, g.map_or(t.translation, |g| g.to)))
        .collect();
    let mut pairs = Vec::new();
    for (wi, (piece, _, pos)) in wanted.iter().enumerate() {
        for (hi, (_, kind, now)) in have.iter().enumerate() {
            if kind == piece {
                pairs.push((now.distance_squared(*pos), wi, hi));
            }
        }
    }
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (mut wanted_done, mut have_done) = (vec![false; wanted.len()], vec![false; have.len()]);
    for (_, wi, hi) in pairs {
        if wanted_done[wi] || have_done[hi] {
            continue;
        }
        wanted_done[wi] = true;
        have_done[hi] = true;
        let (entity, _, now) = have[hi];
        let (_, at, pos) = wanted[wi];
        if let Ok((_, _, mut current, transform, _)) = pieces.get_mut(entity) {
            if *current != at {
                *current = at;
            }
            if now.distance_squared(pos) > 1e-6 {
                commands
                    .entity(entity)
                    .insert(Glide::new(transform.translation, pos));
            }
        }
    }
    wanted.clear();
    have.clear();
}

pub(crate) fn hud_spec() -> HudSpec<IceTowers> {
    HudSpec {
        title: "IceTowers",
        seat_name: |s, seat| {
            let hue = s.hue(seat as Side);
            (hue.name().to_string(), palette::hue_egui(hue))
        },
        seat_status: |s, seat| {
            let score = s.scores()[seat];
            let diff = score - hoarfrost_rules::icetowers::PIPS_PER_COLOUR;
            // Once the game is over everybody has stopped: the word would say nothing.
            let stop = if s.has_stopped(seat) && !s.is_over() {
                ", stopped"
            } else {
                ""
            };
            format!("{score} ({diff:+} on 30){stop}")
        },
        seat_button: Some(|s, seat| {
            (!s.has_stopped(seat) && !s.is_over())
                .then(|| ("Stop".to_string(), hoarfrost_rules::icetowers::Action::Stop))
        }),
        extra_lines: |s| {
            let gus = s.gus().map(|gus| {
                format!(
                    "Gus the ghost ({}): {}",
                    s.hue(gus).name(),
                    s.side_scores()[gus as usize]
                )
            });
            // The move limit stands in for the clock: say how near it is.
            let moves = format!("Moves made: {} of at most {}", s.moves(), s.move_limit());
            gus.into_iter().chain([moves]).collect()
        },
        panel_actions: |_, _| Vec::new(),
        help: "Turnless: move whenever you like.\n\
               Cap: click a freestanding pyramid of yours, then a tower or pyramid at least as large.\n\
               Mine: click one of your pyramids inside a tower another colour tops (two or more of \
               yours in it), then a tower to cap, or the table to set it down. Never back on its own \
               tower.\n\
               Split: click the upper of two same-coloured pyramids (not yours) in a tower.\n\
               Stop when you are done; the game ends when everyone has stopped, or at the move \
               limit (the panel counts the moves).",
        headline: None,
        settled_by: |_| Vec::new(),
        turn: |_| None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::icetowers::Setup;

    /// As a game starts in a 1280x720 window, seen from any seat's home (the first human's), every
    /// colour's home (2-6 seats, Gus's with two) and the central tower places clear of the homes
    /// are in sight: inside the window and clear of the side panel (top right: 310 pixels wide, 365
    /// high at six seats with a three-line notice).
    #[test]
    fn the_side_panel_leaves_every_home_and_the_middle_in_sight() {
        use crate::plugins::table::camera::{OrbitCamera, pixel_at};
        for sides in 3..=6 {
            for seat in 0..sides {
                let camera = OrbitCamera::framing(framing_from(seat, sides));
                let from = format!("{sides} colours, seen from colour {seat}");
                for side in 0..sides {
                    for pips in 1..=3 {
                        for k in 0..5 {
                            let p = home_position(side as Side, sides, pips, k);
                            let at = pixel_at(&camera, p).unwrap();
                            let what = format!("{from}: colour {side}'s {pips}s at {at}");
                            assert!(
                                (10.0..1270.0).contains(&at.x) && (10.0..710.0).contains(&at.y),
                                "{what}: out of the window"
                            );
                            assert!(at.x < 960.0 || at.y > 365.0, "{what}: under the side panel");
                        }
                    }
                }
                for n in 0..CLEAR_PLACES {
                    let at = pixel_at(&camera, slot_position(n)).unwrap();
                    assert!(
                        at.x < 960.0 || at.y > 365.0,
                        "{from}: tower place {n} at {at}"
                    );
                }
                // The seat's own home is the nearest: at the bottom of the window.
                let own = pixel_at(&camera, home_position(seat as Side, sides, 2, 2)).unwrap();
                assert!(own.y > 500.0, "{from}: its own home at {own}");
            }
        }
    }

    /// How many tower places stay clear of every home. Games between AI seats had at most 13
    /// towers standing at once at two seats and 23 at six (the rules crate's ignored test
    /// `towers_at_once`); six colours could build up to 45, and past this many places a tower may
    /// touch a home's nearest row.
    const CLEAR_PLACES: usize = 36;

    /// The first [`CLEAR_PLACES`] places keep a large tower's square base off every home
    /// pyramid's (bases are squares, not turned).
    #[test]
    fn tower_places_keep_clear_of_the_homes() {
        let large = size(3).0;
        for sides in 3..=6 {
            for n in 0..CLEAR_PLACES {
                let slot = slot_position(n);
                for side in 0..sides {
                    for pips in 1..=3 {
                        for k in 0..5 {
                            let home = home_position(side as Side, sides, pips, k);
                            let apart = (large + size(pips).0) / 2.0;
                            let (dx, dz) = ((slot.x - home.x).abs(), (slot.z - home.z).abs());
                            assert!(
                                dx >= apart || dz >= apart,
                                "{sides} colours: tower place {n} at {slot} meets colour \
                                 {side}'s {pips}s at {home}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_seat_is_said_to_have_stopped_only_while_the_game_goes_on() {
        use hoarfrost_rules::icetowers::{Action, Setup};
        let mut s = IceTowers::new(&Setup::new(2, 1)).unwrap();
        let status = hud_spec().seat_status;
        s.apply(0, &Action::Stop).unwrap();
        assert_eq!(status(&s, 0), "30 (+0 on 30), stopped");
        assert_eq!(status(&s, 1), "30 (+0 on 30)");
        s.apply(1, &Action::Stop).unwrap();
        assert!(s.is_over());
        assert_eq!(status(&s, 0), "30 (+0 on 30)");
    }

    #[test]
    fn the_panel_counts_the_moves_towards_the_limit() {
        use hoarfrost_rules::icetowers::{Action, Setup};
        let lines = hud_spec().extra_lines;
        let two = IceTowers::new(&Setup::new(2, 1)).unwrap();
        let gus = format!("Gus the ghost ({}): 30", two.hue(2).name());
        assert_eq!(lines(&two), [gus.as_str(), "Moves made: 0 of at most 400"]);
        let mut s = IceTowers::new(&Setup::new(3, 1)).unwrap();
        let cap = s
            .legal_actions(0)
            .into_iter()
            .find(|a| matches!(a, Action::Cap { .. }))
            .unwrap();
        s.apply(0, &cap).unwrap();
        s.apply(1, &Action::Stop).unwrap();
        assert_eq!(
            lines(&s),
            ["Moves made: 1 of at most 400"],
            "a stop is no move"
        );
    }

    #[test]
    fn a_pyramid_tip_names_its_tower_from_the_bottom_and_its_top() {
        use hoarfrost_rules::icetowers::{Action, Setup};
        let mut s = IceTowers::new(&Setup::new(2, 1)).unwrap();
        let first = s.towers()[0].id;
        let at = |tower| PieceAt { tower, index: 0 };
        let alone = tower_tip(&s, &at(first)).unwrap();
        assert!(alone.ends_with(", standing free."), "{alone}");
        // The first cap of the game by seat 0, onto a tower at least as large.
        let cap = s
            .legal_actions(0)
            .into_iter()
            .find(|a| matches!(a, Action::Cap { .. }))
            .unwrap();
        let Action::Cap { onto, .. } = cap else {
            unreachable!()
        };
        s.apply(0, &cap).unwrap();
        let tip = tower_tip(&s, &at(onto)).unwrap();
        assert!(
            tip.starts_with("A tower of ")
                && tip.contains(" from the bottom up: ")
                && tip.ends_with(&format!("{} on top.", s.hue(0).name())),
            "{tip}"
        );
    }

    #[test]
    fn towers_stack_upward_and_smaller_pieces_sink_into_larger_ones() {
        let ys = stack_heights(&[3, 2, 1]);
        assert_eq!(ys[0], 0.0);
        assert!(ys[1] > 0.0 && ys[2] > ys[1]);
        // A medium sits lower on a large than its full height.
        assert!(ys[1] < size(3).1);
        let same = stack_heights(&[2, 2]);
        assert!(same[1] > 0.0, "equal sizes still show both pieces");
    }

    #[test]
    fn every_pyramid_gets_a_distinct_place() {
        let state = IceTowers::new(&Setup::new(6, 1)).unwrap();
        let t = targets(&state, &mut TowerSlots::default());
        assert_eq!(t.len(), 90);
        for i in 0..t.len() {
            for j in 0..i {
                assert!(
                    t[i].2.distance(t[j].2) > 0.3,
                    "{:?} and {:?} overlap",
                    t[i],
                    t[j]
                );
            }
        }
    }

    #[test]
    fn slots_are_distinct() {
        for i in 0..60 {
            for j in 0..i {
                assert_ne!(slot_position(i), slot_position(j));
            }
        }
    }
}
