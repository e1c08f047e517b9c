//! Where everything of Ice Fortress lies on the table, as pure geometry: the size of each room card,
//! where its pillar squares, group outlines, crystal and element icons are printed, where a room built
//! on a group or a foundation space stands (on top of its pillar dice), and where the decks, supply,
//! bag, shield, dice trays and Invader/Beacon cards are.
//!
//! A room's local frame has its long side along X. Its card is split along X into cells, one per
//! pillar group (two at least, one on a small room); a room built on a group stands in that group's
//! cell, turned a quarter when the cell is deeper than wide. Squares of a group spread over its cell;
//! loose squares and the crystal take the free cells.

use bevy::math::{Quat, Vec2, Vec3};
use bevy::prelude::Transform;
use hoarfrost_rules::ice_fortress::{IceFortress, RoomCard, RoomId, Size, Spot};
use std::collections::BTreeMap;

/// Thickness of a room card.
pub const SLAB: f32 = 0.08;
/// Top of the foundation board.
pub const BOARD_TOP: f32 = 0.0;
/// Foundation spaces: columns and rows.
pub const SPACE_COLUMNS: usize = 2;
/// Distance between foundation space centres, across and down.
pub const SPACE_PITCH: Vec2 = Vec2::new(7.0, 3.8);

/// A card's footprint (long side first).
pub fn footprint(size: Size) -> Vec2 {
    match size {
        Size::Jumbo => Vec2::new(6.4, 3.2),
        Size::Large => Vec2::new(2.8, 2.8),
        Size::Medium => Vec2::new(2.4, 1.2),
        Size::Small => Vec2::new(1.0, 1.0),
    }
}

/// Side of a pillar square printed on a card of `size`.
pub fn square_side(size: Size) -> f32 {
    match size {
        Size::Jumbo | Size::Large => 0.6,
        Size::Medium => 0.45,
        Size::Small => 0.34,
    }
}

/// Side of a pillar die on a card of `size` (a little smaller than its square).
pub fn pillar_side(size: Size) -> f32 {
    square_side(size) * 0.8
}

/// One cell of a card: centre and size in the card's local frame (X long, Z deep).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    pub centre: Vec2,
    pub size: Vec2,
}

/// Where things are printed on one room card, in its local frame (y = 0 is the card's top).
#[derive(Clone, Debug, PartialEq)]
pub struct CardFace {
    pub size: Vec2,
    /// Centre of each pillar square, by square index.
    pub squares: Vec<Vec2>,
    /// The outline of each pillar group (its cell).
    pub groups: Vec<Cell>,
    /// The ice crystal section, if the card has one.
    pub crystal: Option<Vec2>,
    /// Two corners carrying the element icon.
    pub corners: [Vec2; 2],
}

/// Offsets of `n` points spread over a cell of `size`.
fn spread(n: usize, size: Vec2) -> Vec<Vec2> {
    let (a, b) = (size.x * 0.27, size.y * 0.27);
    let long = if size.x >= size.y {
        Vec2::new(a, 0.0)
    } else {
        Vec2::new(0.0, b)
    };
    match n {
        0 => vec![],
        1 => vec![Vec2::ZERO],
        2 => vec![-long, long],
        3 => vec![Vec2::new(-a, -b), Vec2::new(a, -b), Vec2::new(0.0, b)],
        _ => {
            let mut v = vec![
                Vec2::new(-a, -b),
                Vec2::new(a, -b),
                Vec2::new(-a, b),
                Vec2::new(a, b),
            ];
            for i in 4..n {
                v.push(Vec2::new(0.0, b * (i as f32 - 4.0) * 0.5));
            }
            v
        }
    }
}

/// The printed face of `card`.
pub fn card_face(card: &RoomCard) -> CardFace {
    let size = footprint(card.size);
    let cells = card_cells(card, size);
    let mut squares = vec![Vec2::ZERO; card.squares.len()];
    let mut in_group = vec![false; card.squares.len()];
    let mut groups = Vec::new();
    for (g, group) in card.groups.iter().enumerate() {
        let cell = cells[g.min(cells.len() - 1)];
        groups.push(cell);
        for (&sq, off) in group
            .squares
            .iter()
            .zip(spread(group.squares.len(), cell.size))
        {
            if let Some(p) = squares.get_mut(sq as usize) {
                *p = cell.centre + off;
                in_group[sq as usize] = true;
            }
        }
    }
    let loose: Vec<usize> = (0..card.squares.len()).filter(|&i| !in_group[i]).collect();
    let free: Vec<Cell> = cells[card.groups.len().min(cells.len())..].to_vec();
    let crystal = card.crystal.then(|| match free.first() {
        Some(c) if loose.is_empty() || card.size == Size::Small => c.centre,
        Some(c) => c.centre + Vec2::new(0.0, -c.size.y * 0.3),
        None => Vec2::new(size.x * 0.4, -size.y * 0.35),
    });
    if let Some(cell) = free.first().copied() {
        place_loose_in_free_cell(card, cell, &loose, &mut squares);
    } else {
        place_loose_in_groups(card, &groups, &loose, &mut squares);
    }
    let corners = [
        Vec2::new(-size.x / 2.0, -size.y / 2.0) + Vec2::splat(corner_inset(card.size)),
        Vec2::new(size.x / 2.0, size.y / 2.0) - Vec2::splat(corner_inset(card.size)),
    ];
    CardFace {
        size,
        squares,
        groups,
        crystal,
        corners,
    }
}

/// The cells `card` (of footprint `size`) is split into along X: one per pillar group, two at
/// least, one on a small room.
fn card_cells(card: &RoomCard, size: Vec2) -> Vec<Cell> {
    let n_cells = if card.size == Size::Small {
        1
    } else {
        card.groups.len().max(2)
    };
    let cw = size.x / n_cells as f32;
    (0..n_cells)
        .map(|i| Cell {
            centre: Vec2::new(-size.x / 2.0 + cw * (i as f32 + 0.5), 0.0),
            size: Vec2::new(cw, size.y),
        })
        .collect()
}

/// Spreads the `loose` squares (in no group) over the free `cell`, leaving room for the crystal.
fn place_loose_in_free_cell(card: &RoomCard, cell: Cell, loose: &[usize], squares: &mut [Vec2]) {
    let mut area = cell;
    if card.crystal && card.size != Size::Small {
        area.centre.y += cell.size.y * 0.15;
        area.size.y *= 0.6;
    }
    let offsets = if card.crystal && card.size == Size::Small {
        spread(loose.len().max(4), area.size)
    } else {
        spread(loose.len(), area.size)
    };
    for (&sq, off) in loose.iter().zip(offsets) {
        squares[sq] = area.centre + off;
    }
}

/// With no free cell, puts each `loose` square in the group cell with the fewest squares and
/// spreads that cell's squares out again (they stay under the room built there).
fn place_loose_in_groups(card: &RoomCard, groups: &[Cell], loose: &[usize], squares: &mut [Vec2]) {
    let mut members: Vec<Vec<usize>> = card
        .groups
        .iter()
        .map(|g| g.squares.iter().map(|&q| q as usize).collect())
        .collect();
    for &sq in loose {
        if let Some(m) = members.iter_mut().min_by_key(|m| m.len()) {
            m.push(sq);
        }
    }
    for (g, m) in members.iter().enumerate() {
        let cell = groups[g];
        for (&sq, off) in m.iter().zip(spread(m.len(), cell.size)) {
            if let Some(p) = squares.get_mut(sq) {
                *p = cell.centre + off;
            }
        }
    }
}

/// Distance of the element icons from the card's corners (and their size is a little less).
pub fn corner_inset(size: Size) -> f32 {
    match size {
        Size::Small => 0.14,
        Size::Medium => 0.18,
        _ => 0.26,
    }
}

/// Centre of foundation space `i` on the board's top.
pub fn space_centre(i: usize, spaces: usize) -> Vec3 {
    let rows = spaces.div_ceil(SPACE_COLUMNS);
    let (col, row) = ((i % SPACE_COLUMNS) as f32, (i / SPACE_COLUMNS) as f32);
    Vec3::new(
        (col - (SPACE_COLUMNS as f32 - 1.0) / 2.0) * SPACE_PITCH.x,
        BOARD_TOP,
        (row - (rows as f32 - 1.0) / 2.0) * SPACE_PITCH.y,
    )
}

/// Size of the foundation board for `spaces` jumbo spaces.
pub fn board_size(spaces: usize) -> Vec2 {
    let rows = spaces.div_ceil(SPACE_COLUMNS) as f32;
    Vec2::new(
        SPACE_PITCH.x * SPACE_COLUMNS as f32 + 0.6,
        SPACE_PITCH.y * rows + 2.0,
    )
}

/// The transform of a card's local frame when it stands in `cell` of a parent whose frame is
/// `parent`, raised by `lift` above the parent's top: turned a quarter when the cell is deeper than
/// wide.
fn in_cell(parent: Transform, cell: Cell, lift: f32) -> Transform {
    let turn = if cell.size.y > cell.size.x {
        Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)
    } else {
        Quat::IDENTITY
    };
    let local = Vec3::new(cell.centre.x, lift, cell.centre.y);
    Transform {
        translation: parent.transform_point(local),
        rotation: parent.rotation * turn,
        scale: bevy::math::Vec3::ONE,
    }
}

/// The frame of every built room: its translation is the centre of the card's bottom face.
pub fn room_frames(s: &IceFortress) -> BTreeMap<RoomId, Transform> {
    let mut out = BTreeMap::new();
    let spaces = s.foundation().len();
    for (i, room) in s.foundation().iter().enumerate() {
        if let Some(r) = room {
            let t = Transform::from_translation(space_centre(i, spaces));
            place(s, *r, t, &mut out);
        }
    }
    out
}

fn place(s: &IceFortress, room: RoomId, frame: Transform, out: &mut BTreeMap<RoomId, Transform>) {
    out.insert(room, frame);
    let (Some(b), Some(card)) = (s.built_room(room), s.card(room)) else {
        return;
    };
    let face = card_face(card);
    let top = frame.with_translation(frame.transform_point(Vec3::Y * SLAB));
    for (g, above) in b.above.iter().enumerate() {
        if let (Some(child), Some(cell)) = (above, face.groups.get(g)) {
            if out.contains_key(child) {
                continue;
            }
            let t = in_cell(top, *cell, pillar_side(card.size));
            place(s, *child, t, out);
        }
    }
}

/// The point on a card's top at local position `p` (a square, an icon), raised by `up`.
pub fn on_card(frame: Transform, p: Vec2, up: f32) -> Vec3 {
    frame.transform_point(Vec3::new(p.x, SLAB + up, p.y))
}

/// Where a room built on `spot` would stand (for the highlight shown while choosing where to build).
pub fn spot_frame(
    s: &IceFortress,
    frames: &BTreeMap<RoomId, Transform>,
    spot: Spot,
) -> Option<Transform> {
    match spot {
        Spot::Foundation(i) => Some(Transform::from_translation(space_centre(
            i as usize,
            s.foundation().len(),
        ))),
        Spot::Group { room, group } => {
            let frame = *frames.get(&room)?;
            let card = s.card(room)?;
            let cell = *card_face(card).groups.get(group as usize)?;
            let top = frame.with_translation(frame.transform_point(Vec3::Y * SLAB));
            Some(in_cell(top, cell, pillar_side(card.size)))
        }
    }
}

/// How high the fortress stands: the top of its highest card.
pub fn fortress_height(frames: &BTreeMap<RoomId, Transform>) -> f32 {
    frames
        .values()
        .map(|t| t.translation.y + SLAB)
        .fold(BOARD_TOP, f32::max)
}

// Places around the board. The board is centred on the origin; players sit at +Z.

/// Scale of the cards in the supply and the decks.
pub const SUPPLY_SCALE: f32 = 0.55;

/// Centre of the deck of `size` (behind the board, right).
pub fn deck_centre(size: Size) -> Vec3 {
    Vec3::new([1.5, 4.5, 8.0, 12.5][size.index()], BOARD_TOP, -11.6)
}

/// Centre of supply room `i` of `n` (in front of the board, in rows of six, each row centred on
/// itself, close enough that three rows, 18 rooms, stay in the window). The rows sit a little right
/// of centre, each nearer row (wider in sight) a little more, so that the characters' window (at
/// the left, as high as the window) does not cover their first card; the side panel (top right)
/// ends above them.
pub fn supply_slot(i: usize, n: usize) -> Vec3 {
    const PER_ROW: usize = 6;
    let row = i / PER_ROW;
    let in_row = n.saturating_sub(row * PER_ROW).clamp(1, PER_ROW) as f32;
    let col = (i % PER_ROW) as f32;
    let pitch = 3.7;
    Vec3::new(
        (col - (in_row - 1.0) / 2.0) * pitch + 2.0 + row as f32 * 0.6,
        BOARD_TOP,
        12.4 + row as f32 * 1.95,
    )
}

/// Centre of the rolled-dice tray's place `i` (between the board and the supply).
pub fn rolled_slot(i: usize) -> Vec3 {
    Vec3::new(
        -4.4 + (i % 12) as f32 * 0.8,
        BOARD_TOP + 0.25,
        10.0 + (i / 12) as f32 * 0.8,
    )
}

/// Side of a die in the rolled tray.
pub const ROLLED_SIDE: f32 = 0.5;
/// Side of a die in the unused pool.
pub const POOL_SIDE: f32 = 0.3;

/// Place `i` in the unused pool (left of the board, towards its back, in rows of eight), clear of
/// the characters' window.
pub fn pool_slot(i: usize) -> Vec3 {
    Vec3::new(
        -10.9 + (i % 8) as f32 * 0.38,
        BOARD_TOP + POOL_SIDE / 2.0,
        -7.2 + (i / 8) as f32 * 0.38,
    )
}

/// Place `i` of the dice spent on powers this turn (right of the rolled tray).
pub fn spent_slot(i: usize) -> Vec3 {
    Vec3::new(
        6.2 + (i % 6) as f32 * 0.6,
        BOARD_TOP + 0.2,
        10.0 + (i / 6) as f32 * 0.6,
    )
}

/// The Invader/Beacon card of element `e` (behind the board, left of the decks).
pub fn slot_centre(e: usize) -> Vec3 {
    Vec3::new(-13.5 + 3.0 * e as f32, BOARD_TOP, -11.8)
}

/// Size of an Invader/Beacon card.
pub const SLOT_CARD: Vec2 = Vec2::new(2.6, 3.2);

/// The invader bag (right of the board).
pub fn bag_centre() -> Vec3 {
    Vec3::new(10.8, BOARD_TOP, -6.0)
}

/// Shield cube `i` (right of the board, in a stack of two columns).
pub fn shield_cube(i: usize) -> Vec3 {
    Vec3::new(
        10.2 + (i % 2) as f32 * 0.75,
        BOARD_TOP + 0.3 + (i / 2) as f32 * 0.62,
        -1.5,
    )
}

/// Shard `k` of element `e` in the supply (right of the board, close to it, in rows of three per
/// element), clear of the side panel.
pub fn shard_slot(e: usize, k: usize) -> Vec3 {
    Vec3::new(
        8.2 + (k % 3) as f32 * 0.5,
        BOARD_TOP,
        1.2 + e as f32 * 1.45 + (k / 3) as f32 * 0.45,
    )
}

/// Mark `level` (1-based) of the difficulty track along the board's front edge.
pub fn track_mark(level: usize, spaces: usize) -> Vec3 {
    let front = board_size(spaces).y / 2.0 - 0.55;
    Vec3::new(-5.4 + (level as f32 - 1.0) * 1.2, BOARD_TOP + 0.02, front)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::ice_fortress::{Content, Setup};

    fn content() -> Content {
        Content::standard().unwrap()
    }

    #[test]
    fn every_square_lies_on_its_card_and_apart_from_the_others() {
        for card in &content().rooms {
            let face = card_face(card);
            let side = square_side(card.size);
            for (i, p) in face.squares.iter().enumerate() {
                assert!(
                    p.x.abs() + side / 2.0 <= face.size.x / 2.0 + 1e-4
                        && p.y.abs() + side / 2.0 <= face.size.y / 2.0 + 1e-4,
                    "{}: square {i} at {p} is off the card",
                    card.name
                );
                for (j, q) in face.squares.iter().enumerate().take(i) {
                    assert!(
                        p.distance(*q) >= side * 0.99,
                        "{}: squares {j} and {i} overlap",
                        card.name
                    );
                }
            }
        }
    }

    #[test]
    fn a_room_on_a_group_fits_its_cell_and_covers_the_group_squares() {
        for card in &content().rooms {
            let face = card_face(card);
            for (g, group) in card.groups.iter().enumerate() {
                let cell = face.groups[g];
                let child = footprint(group.size);
                let (long, short) = (cell.size.max_element(), cell.size.min_element());
                assert!(
                    child.x <= long + 1e-4 && child.y <= short + 1e-4,
                    "{}: a {:?} room does not fit group {g}",
                    card.name,
                    group.size
                );
                // The child's footprint (turned to the cell) covers each pillar of the group.
                let half = if cell.size.x >= cell.size.y {
                    child / 2.0
                } else {
                    Vec2::new(child.y, child.x) / 2.0
                };
                for &sq in &group.squares {
                    let d = (face.squares[sq as usize] - cell.centre).abs();
                    assert!(
                        d.x <= half.x && d.y <= half.y,
                        "{}: square {sq} sticks out from under the room on group {g}",
                        card.name
                    );
                }
            }
        }
    }

    #[test]
    fn built_rooms_stand_above_their_parents() {
        let mut s = IceFortress::standard(&Setup::new(1, 3)).unwrap();
        let mut bot = hoarfrost_rules::ice_fortress::FortressBot::new(3);
        for _ in 0..4000 {
            let high = s.built().values().any(|b| b.level >= 3);
            if high || !hoarfrost_rules::bots::step(&mut s, &mut bot) {
                break;
            }
        }
        let frames = room_frames(&s);
        assert_eq!(frames.len(), s.built().len());
        for b in s.built().values() {
            if let Spot::Group { room, .. } = b.on {
                let (me, parent) = (frames[&b.card], frames[&room]);
                assert!(me.translation.y > parent.translation.y + SLAB);
            }
        }
        assert!(
            s.built().values().any(|b| b.level >= 2),
            "the bot built nothing on a room"
        );
    }

    /// Where `p` shows in a 1280x720 window with the camera as a new game frames the table.
    fn on_screen(p: Vec3) -> Vec2 {
        use crate::plugins::table::camera::{OrbitCamera, pixel_at};
        let camera = OrbitCamera::framing(crate::plugins::games::ice_fortress::table::framing(0.0));
        pixel_at(&camera, p).expect("in front of the camera")
    }

    /// The places round the board that a player clicks or reads (pool dice, supply rooms with the
    /// half width of the widest card, rolled and spent dice, shards, shield, bag, decks, the
    /// Invader/Beacon cards), each with a name.
    fn places() -> Vec<(String, Vec3)> {
        let half = footprint(Size::Jumbo).x * SUPPLY_SCALE / 2.0;
        let mut out = Vec::new();
        for i in 0..50 {
            out.push((format!("pool die {i}"), pool_slot(i)));
        }
        for n in 1..=18 {
            for i in 0..n {
                let c = supply_slot(i, n);
                out.push((format!("supply room {i} of {n}, left"), c - Vec3::X * half));
                out.push((format!("supply room {i} of {n}, right"), c + Vec3::X * half));
            }
        }
        for i in 0..12 {
            out.push((format!("rolled die {i}"), rolled_slot(i)));
        }
        for i in 0..6 {
            out.push((format!("spent die {i}"), spent_slot(i)));
        }
        for e in 0..4 {
            for k in 0..9 {
                out.push((format!("shard {k} of element {e}"), shard_slot(e, k)));
            }
            let card = slot_centre(e);
            out.push((
                format!("card {e}, left"),
                card - Vec3::X * SLOT_CARD.x / 2.0,
            ));
            out.push((
                format!("card {e}, right"),
                card + Vec3::X * SLOT_CARD.x / 2.0,
            ));
        }
        for i in 0..10 {
            out.push((format!("shield cube {i}"), shield_cube(i)));
        }
        for size in Size::ALL {
            out.push((format!("{size:?} deck"), deck_centre(size)));
        }
        out.push(("bag".into(), bag_centre()));
        out
    }

    /// As a new game frames the table in a 1280x720 window, no place lies under the characters'
    /// window (the left 300 pixels, as high as the window) or under the side panel (the right 320
    /// pixels, down to 460 pixels with a few choices listed), and all lie inside the window.
    #[test]
    fn the_windows_leave_the_places_round_the_board_in_sight() {
        for (name, p) in places() {
            let at = on_screen(p);
            assert!(
                at.x > 305.0,
                "{name} lies under the characters' window: {at}"
            );
            assert!(
                at.y > 460.0 || at.x < 955.0,
                "{name} lies under the side panel: {at}"
            );
            assert!(
                at.x < 1275.0 && (5.0..715.0).contains(&at.y),
                "{name} lies outside the window: {at}"
            );
        }
    }

    #[test]
    fn places_around_the_board_do_not_overlap_it() {
        let board = board_size(8) / 2.0;
        let outside = |p: Vec3| p.x.abs() > board.x || p.z.abs() > board.y;
        for size in Size::ALL {
            assert!(outside(deck_centre(size)));
        }
        for i in 0..12 {
            assert!(outside(supply_slot(i, 12)));
            assert!(outside(rolled_slot(i)));
        }
        for i in 0..50 {
            assert!(outside(pool_slot(i)));
        }
        for e in 0..4 {
            assert!(outside(slot_centre(e)));
        }
        assert!(outside(bag_centre()));
        for i in 0..10 {
            assert!(outside(shield_cube(i)));
        }
    }
}
