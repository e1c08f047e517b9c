//! Every Ice Colony player's pool on the table: the pieces not on the board stand left of it, one
//! row per seat in seat order from the back, stacked large, medium, small as Icehouse players keep
//! them, so a glance tells whether a unit can still be broken up. A seat holding the edge token has
//! it lying at the outer end of its row. Hovering a pool names its pieces.

use bevy::prelude::*;
use hoarfrost_rules::ice_colony::{IceColony, SIDE, Stock};
use hoarfrost_rules::{Game, Seat};

use crate::plugins::games::ice_colony::table::{ColonyAssets, SPACING, look};
use crate::plugins::session::Session;
use crate::plugins::table::camera::FrameTarget;
use crate::plugins::table::pyramid::size;
use crate::plugins::table::pyramid::stack_heights;
use crate::plugins::table::tooltips::tips;
use crate::systems::glide::Travels;
use crate::systems::{Frame, TableEntity};

/// Pool pieces are drawn smaller than the board's, to fit beside it.
const SCALE: f32 = 0.62;
/// Space between the stacks in a row.
const PITCH: f32 = 0.7;
/// Space between the rows of two seats.
const ROW_GAP: f32 = 1.5;
/// How far left of the board's edge a row's first stack stands, clear of the board's row numbers.
const FIRST_OUT: f32 = 1.45;
/// The edge token: a thin disc.
pub const TOKEN_RADIUS: f32 = 0.22;

/// A piece (or the edge token) in `seat`'s pool; hovering it names the pool.
#[derive(Component, Clone, Copy, Debug)]
pub struct PoolPiece(pub Seat);

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(tips::<IceColony, PoolPiece>(|s, p| pool_tip(s, p.0)))
        .add_systems(
            Update,
            redraw_pools.in_set(Frame::Mirror).run_if(
                resource_exists_and_changed::<Session<IceColony>>
                    .and_then(resource_exists::<ColonyAssets>),
            ),
        );
}

/// The x of the board's left edge.
fn board_edge() -> f32 {
    -(SIDE as f32) * SPACING / 2.0
}

/// The z of `seat`'s row, of `seats` rows centred beside the board.
fn row_z(seat: Seat, seats: usize) -> f32 {
    (seat as f32 - (seats as f32 - 1.0) / 2.0) * ROW_GAP
}

/// Where stack `k` of `seat`'s pool stands (the first nearest the board).
pub fn stack_position(seat: Seat, seats: usize, k: usize) -> Vec3 {
    Vec3::new(
        board_edge() - FIRST_OUT - k as f32 * PITCH,
        0.0,
        row_z(seat, seats),
    )
}

/// Where `seat`'s edge token lies while it holds one: just beyond the last of its `stacks`.
pub fn token_position(seat: Seat, seats: usize, stacks: usize) -> Vec3 {
    let lift = Vec3::Y * 0.02;
    match stacks.checked_sub(1) {
        None => stack_position(seat, seats, 0) + lift,
        Some(last) => {
            // Far enough that the last stack, leaning that way in the default view, does not
            // hide it.
            let beyond = SCALE * size(3).0 / 2.0 + 0.4 + TOKEN_RADIUS;
            stack_position(seat, seats, last) - Vec3::X * beyond + lift
        }
    }
}

/// The stacks a pool makes: stack `k` holds each size of which more than `k` pieces are left,
/// largest first (pips, bottom to top).
pub fn stacks(pool: Stock) -> Vec<Vec<u8>> {
    let deepest = pool.iter().copied().max().unwrap_or(0) as usize;
    (0..deepest)
        .map(|k| {
            (1..=3u8)
                .rev()
                .filter(|&p| pool[p as usize - 1] as usize > k)
                .collect()
        })
        .collect()
}

/// What the camera frames at the start and on R: the board, the pools and dice left of it, a
/// little left of the window's middle so the side panel covers none of it.
pub fn framing() -> FrameTarget {
    FrameTarget {
        centre: Vec3::new(-1.3, 0.0, -0.8),
        radius: 5.7,
        shift: 0.25,
        ..default()
    }
}

/// A pool's tooltip: whose it is and what is in it.
pub fn pool_tip(s: &IceColony, seat: Seat) -> Option<String> {
    if seat >= s.num_seats() {
        return None;
    }
    let pool = s.pool(seat);
    let pieces: u8 = pool.iter().sum();
    // Only three or four players dice off for turn order.
    let edge = match (s.has_edge(seat), s.num_seats() > 2) {
        (false, _) => "",
        (true, true) => {
            "\nWith the edge token: +1 to a battle roll, or +1 or -1 to a dice-off roll."
        }
        (true, false) => "\nWith the edge token: +1 to a battle roll.",
    };
    Some(format!(
        "{}'s pool: {} ({}).{edge}",
        s.colour(seat).name(),
        hoarfrost_rules::words::count(i64::from(pieces), "piece", "pieces"),
        hoarfrost_rules::words::by_size(pool)
    ))
}

fn redraw_pools(
    mut commands: Commands,
    session: Res<Session<IceColony>>,
    kit: Res<ColonyAssets>,
    old: Query<Entity, With<PoolPiece>>,
) {
    crate::systems::despawn_all(&mut commands, &old);
    let s = &session.state;
    let seats = s.num_seats();
    for seat in 0..seats {
        let index = s.colour(seat).index();
        let colour = kit.colours[index].clone();
        let stacks = stacks(s.pool(seat));
        let n = stacks.len();
        for (k, stack) in stacks.into_iter().enumerate() {
            for (&p, y) in stack.iter().zip(stack_heights(&stack)) {
                let (w, h) = size(p);
                commands.spawn((
                    Name::new("Colony pool pyramid"),
                    TableEntity,
                    PoolPiece(seat),
                    Travels(look(index, p)),
                    Mesh3d(kit.pyramid.clone()),
                    MeshMaterial3d(colour.clone()),
                    Transform::from_translation(
                        stack_position(seat, seats, k) + Vec3::Y * y * SCALE,
                    )
                    .with_scale(Vec3::new(w, h, w) * SCALE),
                ));
            }
        }
        if s.has_edge(seat) {
            commands.spawn((
                Name::new("Edge token"),
                TableEntity,
                PoolPiece(seat),
                Mesh3d(kit.token.clone()),
                MeshMaterial3d(colour),
                Transform::from_translation(token_position(seat, seats, n)),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::games::ice_colony::table::{
        LABEL_OUT, LABEL_SIZE, die_rest, grid, square_position,
    };
    use crate::plugins::table::camera::{OrbitCamera, pixel_at};
    use crate::systems::labels::edge_labels;
    use hoarfrost_rules::ice_colony::PER_SIZE;

    #[test]
    fn a_pool_stacks_large_medium_small_while_each_size_lasts() {
        assert_eq!(stacks([5, 5, 5]), vec![vec![3, 2, 1]; 5]);
        assert_eq!(
            stacks([1, 3, 0]),
            vec![vec![2, 1], vec![2], vec![2]],
            "one small, three medium, no large"
        );
        assert!(stacks([0, 0, 0]).is_empty());
        let pieces: usize = stacks([2, 4, 1]).iter().map(Vec::len).sum();
        assert_eq!(pieces, 7, "every piece is drawn once");
    }

    #[test]
    fn a_pools_tip_names_its_pieces_by_size_and_the_edge_token() {
        use hoarfrost_rules::ice_colony::Setup;
        let s = IceColony::new(&Setup::new(3, 1)).unwrap();
        assert_eq!(
            pool_tip(&s, 1).unwrap(),
            "Orange's pool: 15 pieces (1s: 5, 2s: 5, 3s: 5)."
        );
        assert_eq!(pool_tip(&s, 3), None, "no fourth seat");
        // Played on until a seat holds the edge token: two players never dice off for turn order.
        let roll = "\nWith the edge token: +1 to a battle roll";
        for (players, ending) in [(3, ", or +1 or -1 to a dice-off roll."), (2, ".")] {
            let mut s = IceColony::new(&Setup::new(players, 1)).unwrap();
            let mut bot = hoarfrost_rules::ice_colony::bot::ColonyBot::new(1);
            let holder = |s: &IceColony| (0..players).find(|&seat| s.has_edge(seat));
            while holder(&s).is_none() {
                assert!(
                    hoarfrost_rules::bots::step(&mut s, &mut bot),
                    "nobody passed"
                );
            }
            let tip = pool_tip(&s, holder(&s).unwrap()).unwrap();
            assert!(tip.ends_with(&format!("{roll}{ending}")), "{tip}");
        }
    }

    /// Every place a player reads beside or on the board, named: each pool stack's sides and top and
    /// each edge token at 2-4 seats, the dice's corners, the board's corners, the tallest stack a
    /// square can hold on each corner square, and the board's letters and numbers (their corners).
    fn places() -> Vec<(String, Vec3)> {
        let mut places = Vec::new();
        let half = size(3).0 * SCALE / 2.0;
        let full: Vec<u8> = vec![3, 2, 1];
        let top = (stack_heights(&full)[2] + size(1).1) * SCALE;
        for seats in 2..=4 {
            for seat in 0..seats {
                for k in 0..PER_SIZE as usize {
                    let c = stack_position(seat, seats, k);
                    let name = format!("stack {k} of seat {seat} of {seats}");
                    places.push((format!("{name}, left"), c - Vec3::X * half));
                    places.push((format!("{name}, right"), c + Vec3::X * half));
                    places.push((format!("{name}, top"), c + Vec3::Y * top));
                }
                let token = token_position(seat, seats, PER_SIZE as usize);
                places.push((
                    format!("token of seat {seat} of {seats}"),
                    token - Vec3::X * TOKEN_RADIUS,
                ));
            }
        }
        for i in 0..2 {
            let die = die_rest(i);
            for corner in [
                Vec3::new(-0.4, 0.0, 0.4),
                Vec3::new(0.4, 0.0, 0.4),
                Vec3::Y * 0.3,
            ] {
                places.push((format!("die {i}"), die + corner));
            }
        }
        // The tallest a square's pyramids stand: a unit of three pieces on its terrain.
        let tallest = [vec![3, 3], vec![3, 2, 1], vec![3, 1, 1, 1]]
            .iter()
            .map(|pips| stack_heights(pips).last().unwrap() + size(*pips.last().unwrap()).1)
            .fold(0.0, f32::max);
        let sq = SPACING / 2.0;
        for corner in [0, SIDE - 1, SIDE * (SIDE - 1), SIDE * SIDE - 1] {
            let centre = square_position(corner);
            for (dx, dz) in [(-sq, -sq), (-sq, sq), (sq, -sq), (sq, sq)] {
                places.push((format!("square {corner}"), centre + Vec3::new(dx, 0.0, dz)));
            }
            places.push((
                format!("the top of square {corner}"),
                centre + Vec3::Y * tallest,
            ));
        }
        let label = LABEL_SIZE / 2.0;
        for (name, at) in edge_labels(&grid(), LABEL_OUT) {
            for (dx, dz) in [(-label, -label), (label, label)] {
                places.push((format!("label {name}"), at + Vec3::new(dx, 0.0, dz)));
            }
        }
        places
    }

    /// As a new game frames the table in a 1280x720 window, every place lies inside the window and
    /// clear of the side panel (the right 375 pixels, down to 300, as wide as four seats' lines make
    /// it).
    #[test]
    fn the_pools_dice_and_board_are_in_sight_beside_the_side_panel() {
        let camera = OrbitCamera::framing(framing());
        for (name, p) in places() {
            let at = pixel_at(&camera, p).expect("in front of the camera");
            assert!(
                at.y > 300.0 || at.x < 905.0,
                "{name} lies under the side panel: {at}"
            );
            assert!(
                (5.0..1275.0).contains(&at.x) && (5.0..715.0).contains(&at.y),
                "{name} lies outside the window: {at}"
            );
        }
    }

    /// Whether two footprints on the table, each (min x, min z, max x, max z), overlap.
    fn overlap(a: (f32, f32, f32, f32), b: (f32, f32, f32, f32)) -> bool {
        a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
    }

    #[test]
    fn the_pools_keep_off_the_board_its_labels_the_dice_and_each_other() {
        let around = |p: Vec3, r: f32| (p.x - r, p.z - r, p.x + r, p.z + r);
        let half = size(3).0 * SCALE / 2.0;
        let board = -(SIDE as f32) * SPACING / 2.0;
        let mut things = vec![("the board".to_string(), (board, board, -board, -board))];
        for (name, at) in edge_labels(&grid(), LABEL_OUT) {
            things.push((format!("label {name}"), around(at, LABEL_SIZE / 2.0)));
        }
        for i in 0..2 {
            // A die 0.6 wide, turned any way as it lands.
            things.push((format!("die {i}"), around(die_rest(i), 0.3 * 2f32.sqrt())));
        }
        assert!(PITCH > 2.0 * half, "the stacks of a row touch");
        assert!(ROW_GAP > 2.0 * half, "the rows touch");
        for seats in 2..=4 {
            for seat in 0..seats {
                let mut pool: Vec<(String, (f32, f32, f32, f32))> = (0..PER_SIZE as usize)
                    .map(|k| {
                        (
                            format!("stack {k}"),
                            around(stack_position(seat, seats, k), half),
                        )
                    })
                    .collect();
                for n in 0..=PER_SIZE as usize {
                    let token = token_position(seat, seats, n);
                    pool.push((
                        format!("the token after {n} stacks"),
                        around(token, TOKEN_RADIUS),
                    ));
                    if n > 0 {
                        let last = around(stack_position(seat, seats, n - 1), half);
                        let disc = around(token, TOKEN_RADIUS);
                        assert!(!overlap(last, disc), "the token lies on stack {n}");
                    }
                }
                assert_eq!(
                    token_position(seat, seats, 0).x,
                    stack_position(seat, seats, 0).x
                );
                for (what, a) in &pool {
                    for (other, b) in &things {
                        assert!(
                            !overlap(*a, *b),
                            "{seats} seats: seat {seat}'s {what} lies on {other}"
                        );
                    }
                }
            }
        }
    }
}
