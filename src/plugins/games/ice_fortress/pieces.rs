//! The Ice Fortress pieces, mirrored from the rules state whenever it changes: room cards (with their
//! printed squares, group outlines, crystal and element icons) in the supply and the fortress, the 50
//! dice, invaders and shards as elemental figures, the shield cubes, decks, Invader/Beacon cards and
//! the difficulty track. Pieces that persist (rooms, dice, figures) glide to their new place; newly
//! rolled dice tumble; new invaders fly from the bag. Every piece shares its mesh and material by kind.

use bevy::prelude::*;
use hoarfrost_rules::ice_fortress::{
    DieAt, Element, IceFortress, InvaderAt, InvaderSlot, RoomId, Size,
};

use crate::plugins::core::screens::Screen;
use crate::plugins::games::ice_fortress::click::Target;
use crate::plugins::games::ice_fortress::layout;
use crate::plugins::games::ice_fortress::table::{FortressKit, card_material_index, element_icon};
use crate::plugins::session::Session;
use crate::plugins::session::start::{TableStart, opened};
use crate::systems::dice::{DiceAssets, die_bundle, face_up};
use crate::systems::glide::Glide;
use crate::systems::{Frame, TableEntity};

/// A room card on the table (supply or fortress).
#[derive(Component, Clone, Copy, Debug)]
pub struct RoomPiece(pub RoomId);

/// One of the 50 dice.
#[derive(Component, Clone, Copy, Debug)]
pub struct DiePiece(pub u8);

/// Where a figure stands: on a room, or as shard `k` of its element in the supply.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FigurePiece {
    Invader(InvaderAt, Element),
    Shard(Element, u8),
}

/// Table furniture redrawn on every change (shield cubes, decks, cards, track).
#[derive(Component)]
pub struct Furniture;

/// Seconds an invader takes to fly from the bag.
pub const FLIGHT_SECONDS: f32 = 0.8;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_board
            .in_set(TableStart::Build)
            .run_if(opened::<IceFortress>),
    )
    .add_systems(
        Update,
        (mirror_rooms, mirror_dice, mirror_figures, redraw_furniture)
            .chain()
            .in_set(Frame::Mirror)
            .run_if(
                resource_exists_and_changed::<Session<IceFortress>>
                    .and_then(resource_exists::<FortressKit>),
            ),
    );
}

/// The board, its spaces and the bag: they never move.
fn spawn_board(
    mut commands: Commands,
    session: Option<Res<Session<IceFortress>>>,
    kit: Res<FortressKit>,
    dice: Res<DiceAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(session) = session else { return };
    let s = &session.state;
    let spaces = s.foundation().len();
    let board = layout::board_size(spaces);
    commands.spawn((
        Name::new("Table"),
        TableEntity,
        crate::plugins::table::graphics::TableTop,
        Pickable::IGNORE,
        Mesh3d(meshes.add(Cylinder::new(21.0, 0.2).mesh().resolution(96))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: crate::plugins::core::palette::TABLE,
            perceptual_roughness: 0.8,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.32, 0.0),
    ));
    commands.spawn((
        Name::new("Foundation board"),
        TableEntity,
        Pickable::IGNORE,
        Mesh3d(kit.plate.clone()),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.72, 0.82, 0.9),
            perceptual_roughness: 0.6,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.11, 0.0).with_scale(Vec3::new(board.x, 0.2, board.y)),
    ));
    let jumbo = layout::footprint(Size::Jumbo) + Vec2::splat(0.2);
    for i in 0..spaces {
        commands.spawn((
            Name::new("Foundation space"),
            TableEntity,
            Target::Space(i as u8),
            Mesh3d(kit.plate.clone()),
            MeshMaterial3d(kit.space_material.clone()),
            Transform::from_translation(layout::space_centre(i, spaces) - Vec3::Y * 0.005)
                .with_scale(Vec3::new(jumbo.x, 0.01, jumbo.y)),
        ));
    }
    commands.spawn((
        Name::new("Invader bag"),
        TableEntity,
        Mesh3d(kit.bag_mesh.clone()),
        MeshMaterial3d(kit.bag_material.clone()),
        Transform::from_translation(layout::bag_centre() + Vec3::Y * 0.7)
            .with_scale(Vec3::new(1.0, 0.85, 1.0)),
    ));
    for (i, die) in s.dice().iter().enumerate() {
        let (at, side) = die_place(s, i as u8, &layout::room_frames(s));
        commands
            .spawn((
                TableEntity,
                DiePiece(i as u8),
                Target::Die(i as u8),
                die_bundle(&dice, die.value, at, side),
            ))
            .insert(Name::new(die_name(s, i as u8)));
    }
}

/// What die `d` is called where it lies: "Unused die", "Rolled die 2" (the second in the tray, from
/// the left), "Spent die" or "Pillar die".
pub fn die_name(s: &IceFortress, d: u8) -> String {
    let Some(die) = s.dice().get(d as usize) else {
        return "Die".into();
    };
    match die.at {
        DieAt::Pool => "Unused die".into(),
        DieAt::Rolled => format!("Rolled die {}", rank(s, d, DieAt::Rolled) + 1),
        DieAt::Spent => "Spent die".into(),
        DieAt::Pillar { .. } => "Pillar die".into(),
    }
}

/// How many dice before die `d` lie `at` the same kind of place: its slot there, from 0.
fn rank(s: &IceFortress, d: u8, at: DieAt) -> usize {
    s.dice()
        .iter()
        .take(d as usize)
        .filter(|x| x.at == at)
        .count()
}

/// Where die `d` rests and how big it is.
pub fn die_place(
    s: &IceFortress,
    d: u8,
    frames: &std::collections::BTreeMap<RoomId, Transform>,
) -> (Vec3, f32) {
    let Some(die) = s.dice().get(d as usize) else {
        return (Vec3::ZERO, layout::POOL_SIDE);
    };
    let rank = |at: DieAt| rank(s, d, at);
    match die.at {
        DieAt::Pool => (layout::pool_slot(rank(DieAt::Pool)), layout::POOL_SIDE),
        DieAt::Rolled => (
            layout::rolled_slot(rank(DieAt::Rolled)),
            layout::ROLLED_SIDE,
        ),
        DieAt::Spent => (
            layout::spent_slot(rank(DieAt::Spent)),
            layout::ROLLED_SIDE * 0.8,
        ),
        DieAt::Pillar { room, square } => {
            let size = s.card(room).map_or(Size::Small, |c| c.size);
            let side = layout::pillar_side(size);
            let p = match (frames.get(&room), s.card(room)) {
                (Some(f), Some(card)) => {
                    let face = layout::card_face(card);
                    let sq = face
                        .squares
                        .get(square as usize)
                        .copied()
                        .unwrap_or_default();
                    layout::on_card(*f, sq, side / 2.0)
                }
                _ => Vec3::ZERO,
            };
            (p, side)
        }
    }
}

/// Where a room card lies: its frame (fortress) or its supply slot, and its scale.
fn room_place(
    s: &IceFortress,
    room: RoomId,
    frames: &std::collections::BTreeMap<RoomId, Transform>,
) -> Option<Transform> {
    if let Some(f) = frames.get(&room) {
        return Some(*f);
    }
    let i = s.supply().iter().position(|&r| r == room)?;
    Some(
        Transform::from_translation(layout::supply_slot(i, s.supply().len()))
            .with_scale(Vec3::splat(layout::SUPPLY_SCALE)),
    )
}

/// Spawn a room card with everything printed on it.
fn spawn_room(
    commands: &mut Commands,
    kit: &FortressKit,
    s: &IceFortress,
    room: RoomId,
    at: Transform,
    from: Vec3,
) {
    let Some(card) = s.card(room) else { return };
    let face = layout::card_face(card);
    let mut transform = at;
    transform.translation = from;
    let mut e = commands.spawn((
        Name::new(card.name.clone()),
        TableEntity,
        RoomPiece(room),
        Target::Room(room),
        transform,
        Visibility::default(),
        Glide::new(from, at.translation),
    ));
    let size = card.size;
    e.with_children(|c| {
        c.spawn((
            Mesh3d(kit.slab[size.index()].clone()),
            MeshMaterial3d(kit.card_material[card_material_index(card.element)].clone()),
            Transform::from_xyz(0.0, layout::SLAB / 2.0, 0.0),
            Target::Room(room),
        ));
        let side = layout::square_side(size);
        for (i, (constraint, p)) in card.squares.iter().zip(&face.squares).enumerate() {
            let label = constraint.mark();
            c.spawn((
                Mesh3d(kit.label(&label)),
                MeshMaterial3d(kit.atlas.clone()),
                Transform::from_translation(Vec3::new(p.x, layout::SLAB + 0.004, p.y))
                    .with_scale(Vec3::splat(side)),
                Target::Square {
                    room,
                    square: i as u8,
                },
            ));
        }
        for (g, cell) in face.groups.iter().enumerate() {
            c.spawn((
                Mesh3d(kit.outline[size.index()].clone()),
                MeshMaterial3d(kit.outline_material.clone()),
                Transform::from_translation(Vec3::new(
                    cell.centre.x,
                    layout::SLAB + 0.003,
                    cell.centre.y,
                )),
                Target::Group {
                    room,
                    group: g as u8,
                },
            ));
        }
        let icon = layout::corner_inset(size) * 1.5;
        for corner in face.corners {
            c.spawn((
                Mesh3d(kit.label(element_icon(card.element))),
                MeshMaterial3d(kit.atlas.clone()),
                Transform::from_translation(Vec3::new(corner.x, layout::SLAB + 0.004, corner.y))
                    .with_scale(Vec3::splat(icon)),
                Pickable::IGNORE,
            ));
        }
        if let Some(p) = face.crystal {
            c.spawn((
                Mesh3d(kit.label("crystal")),
                MeshMaterial3d(kit.atlas.clone()),
                Transform::from_translation(Vec3::new(p.x, layout::SLAB + 0.004, p.y))
                    .with_scale(Vec3::splat(side * 1.3)),
                Pickable::IGNORE,
            ));
        }
    });
}

/// Rooms appear from their deck, glide from the supply into the fortress, and go when discarded.
fn mirror_rooms(
    mut commands: Commands,
    session: Res<Session<IceFortress>>,
    kit: Res<FortressKit>,
    mut rooms: Query<(Entity, &RoomPiece, &mut Transform)>,
) {
    let s = &session.state;
    let frames = layout::room_frames(s);
    let mut seen = std::collections::BTreeSet::new();
    for (entity, piece, mut t) in &mut rooms {
        match room_place(s, piece.0, &frames) {
            Some(want) => {
                seen.insert(piece.0);
                if t.translation.distance(want.translation) > 1e-3 {
                    commands
                        .entity(entity)
                        .insert(Glide::new(t.translation, want.translation));
                }
                t.rotation = want.rotation;
                t.scale = want.scale;
            }
            None => commands.entity(entity).despawn(),
        }
    }
    let wanted = s.supply().iter().copied().chain(frames.keys().copied());
    for room in wanted {
        if seen.contains(&room) {
            continue;
        }
        let Some(at) = room_place(s, room, &frames) else {
            continue;
        };
        let from = s.card(room).map_or(at.translation, |c| {
            layout::deck_centre(c.size) + Vec3::Y * 0.5
        });
        spawn_room(&mut commands, &kit, s, room, at, from);
    }
}

/// Dice glide to their place; a die just rolled tumbles and lands on its value.
fn mirror_dice(
    mut commands: Commands,
    session: Res<Session<IceFortress>>,
    mut before: Local<Vec<DieAt>>,
    mut dice: Query<(
        Entity,
        &DiePiece,
        &mut Transform,
        &mut crate::systems::dice::Die,
        &mut Name,
    )>,
) {
    let s = &session.state;
    let frames = layout::room_frames(s);
    for (entity, piece, mut t, mut shown, mut name) in &mut dice {
        let Some(die) = s.dice().get(piece.0 as usize) else {
            continue;
        };
        let called = die_name(s, piece.0);
        if name.as_str() != called {
            name.set(called);
        }
        let (at, side) = die_place(s, piece.0, &frames);
        let was = before.get(piece.0 as usize).copied();
        t.scale = Vec3::splat(side);
        if die.at == DieAt::Rolled && was.is_some_and(|w| w != DieAt::Rolled) {
            let seed = piece.0 as u32 * 13 + s.round();
            crate::systems::dice::roll(&mut commands, entity, die.value, at, seed);
        } else {
            if shown.value != die.value {
                shown.value = die.value;
                t.rotation = face_up(die.value);
            }
            if t.translation.distance(at) > 1e-3 {
                commands
                    .entity(entity)
                    .insert(Glide::new(t.translation, at));
            }
        }
    }
    *before = s.dice().iter().map(|d| d.at).collect();
}

/// Where a figure stands on the table.
pub fn figure_place(
    s: &IceFortress,
    f: FigurePiece,
    frames: &std::collections::BTreeMap<RoomId, Transform>,
) -> Vec3 {
    match f {
        FigurePiece::Shard(e, k) => layout::shard_slot(e.index(), k as usize) + Vec3::Y * 0.2,
        FigurePiece::Invader(at, _) => {
            let room = at.room();
            let (Some(frame), Some(card)) = (frames.get(&room), s.card(room)) else {
                return layout::bag_centre();
            };
            let face = layout::card_face(card);
            match at {
                InvaderAt::Square { square, .. } => {
                    let p = face
                        .squares
                        .get(square as usize)
                        .copied()
                        .unwrap_or_default();
                    let pillar = s.pillar_value(room, square).is_some();
                    let up = if pillar {
                        layout::pillar_side(card.size)
                    } else {
                        0.0
                    };
                    layout::on_card(*frame, p, up + 0.2)
                }
                InvaderAt::Group { group, .. } => {
                    let c = face
                        .groups
                        .get(group as usize)
                        .map_or(Vec2::ZERO, |c| c.centre);
                    layout::on_card(*frame, c, 0.2)
                }
            }
        }
    }
}

/// Every figure the state shows.
pub fn figures(s: &IceFortress) -> Vec<FigurePiece> {
    let mut v: Vec<FigurePiece> = s
        .built()
        .values()
        .flat_map(|b| b.invader_spots())
        .map(|(at, e)| FigurePiece::Invader(at, e))
        .collect();
    for e in Element::ALL {
        for k in 0..s.shards()[e.index()] {
            v.push(FigurePiece::Shard(e, k));
        }
    }
    v
}

/// New invaders fly in from the bag; shards appear from it; removed figures go.
fn mirror_figures(
    mut commands: Commands,
    session: Res<Session<IceFortress>>,
    kit: Res<FortressKit>,
    existing: Query<(Entity, &FigurePiece)>,
) {
    let s = &session.state;
    let frames = layout::room_frames(s);
    let wanted: std::collections::BTreeSet<FigurePiece> = figures(s).into_iter().collect();
    let mut have = std::collections::BTreeSet::new();
    for (entity, f) in &existing {
        if wanted.contains(f) && have.insert(*f) {
            continue;
        }
        commands.entity(entity).despawn();
    }
    for f in wanted.difference(&have) {
        let e = match *f {
            FigurePiece::Invader(_, e) | FigurePiece::Shard(e, _) => e,
        };
        let to = figure_place(s, *f, &frames);
        let from = layout::bag_centre() + Vec3::Y * 1.6;
        let mut glide = Glide::new(from, to);
        glide.duration = FLIGHT_SECONDS;
        glide.lift = glide.lift.max(2.5);
        let target = match *f {
            FigurePiece::Invader(at, _) => Target::Invader(at),
            FigurePiece::Shard(e, _) => Target::Shard(e),
        };
        commands.spawn((
            Name::new(format!("{} figure", e.name())),
            TableEntity,
            *f,
            target,
            Mesh3d(kit.figure[e.index()].clone()),
            MeshMaterial3d(kit.figure_material[e.index()].clone()),
            Transform::from_translation(from),
            glide,
        ));
    }
}

/// Shield cubes, decks, Invader/Beacon cards and the difficulty track: few, redrawn on change.
fn redraw_furniture(
    mut commands: Commands,
    session: Res<Session<IceFortress>>,
    kit: Res<FortressKit>,
    old: Query<Entity, With<Furniture>>,
) {
    crate::systems::despawn_all(&mut commands, &old);
    let s = &session.state;
    for i in 0..s.shield() as usize {
        commands.spawn((
            Name::new("Shield cube"),
            TableEntity,
            Furniture,
            Mesh3d(kit.cube.clone()),
            MeshMaterial3d(kit.shield_material.clone()),
            Transform::from_translation(layout::shield_cube(i)),
        ));
    }
    for size in Size::ALL {
        let n = s.deck_len(size);
        let height = 0.02 * n as f32 + 0.02;
        let f = layout::footprint(size) * layout::SUPPLY_SCALE;
        commands.spawn((
            Name::new(format!("{} deck", size.name())),
            TableEntity,
            Furniture,
            Target::Deck(size),
            Mesh3d(kit.plate.clone()),
            MeshMaterial3d(kit.slot_material[0].clone()),
            Transform::from_translation(layout::deck_centre(size) + Vec3::Y * height / 2.0)
                .with_scale(Vec3::new(f.x, height, f.y)),
        ));
    }
    for (i, slot) in s.slots().iter().enumerate() {
        spawn_invader_card(&mut commands, &kit, i, slot);
    }
    spawn_difficulty_track(&mut commands, &kit, s);
}

/// The Invader/Beacon card of the `i`th element, with its figure icon and, on the beacon side, a
/// crystal.
fn spawn_invader_card(commands: &mut Commands, kit: &FortressKit, i: usize, slot: &InvaderSlot) {
    let e = Element::ALL[i];
    let centre = layout::slot_centre(i);
    let card = layout::SLOT_CARD;
    commands
        .spawn((
            Name::new(format!("{} invader card", e.name())),
            TableEntity,
            Furniture,
            Target::Slot(e),
            Mesh3d(kit.plate.clone()),
            MeshMaterial3d(kit.slot_material[slot.beacon as usize].clone()),
            Transform::from_translation(centre + Vec3::Y * 0.03)
                .with_scale(Vec3::new(card.x, 0.06, card.y)),
        ))
        .with_children(|c| {
            // Children live in the card's scaled frame: undo the scale for the icons.
            let unscale = Vec3::new(1.0 / card.x, 1.0 / 0.06, 1.0 / card.y);
            c.spawn((
                Mesh3d(kit.figure[e.index()].clone()),
                MeshMaterial3d(kit.figure_material[e.index()].clone()),
                Transform::from_xyz(0.0, 0.5 + 3.5, 0.0).with_scale(unscale * 1.6),
                Pickable::IGNORE,
            ));
            if slot.beacon {
                c.spawn((
                    Mesh3d(kit.label("crystal")),
                    MeshMaterial3d(kit.atlas.clone()),
                    Transform::from_xyz(0.0, 0.6, 0.3).with_scale(unscale * 1.2),
                    Pickable::IGNORE,
                ));
            }
        });
}

/// One mark for each space of the shield track, the current difficulty's lit.
fn spawn_difficulty_track(commands: &mut Commands, kit: &FortressKit, s: &IceFortress) {
    let spaces = s.foundation().len();
    // One mark for each space of the shield track: the levels a difficulty track may have.
    for level in 1..=hoarfrost_rules::ice_fortress::SHIELD_CUBES as usize {
        let on = level == s.difficulty() as usize;
        commands.spawn((
            Name::new("Difficulty mark"),
            TableEntity,
            Furniture,
            Pickable::IGNORE,
            Mesh3d(kit.plate.clone()),
            MeshMaterial3d(kit.track_material[on as usize].clone()),
            Transform::from_translation(layout::track_mark(level, spaces))
                .with_scale(Vec3::new(0.9, 0.04, 0.5)),
        ));
    }
}
