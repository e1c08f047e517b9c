//! The hands the players hold, on the table: each seat's cards lie face down in a small fan beside
//! its start side, to that player's right of the spot where its figure waits, one card a card held.
//! The human player acting holds theirs in the hand window, so their fan is not drawn; between
//! human turns neither is the fan of the human player whose side the view is from. In an all-AI
//! game or a replay every fan is drawn. Hovering a fan says whose hand it is and how many cards it
//! holds.

use bevy::prelude::*;
use hoarfrost_rules::ice_castle::{IceCastle, Side};
use hoarfrost_rules::{Game, Seat};

use crate::plugins::games::ice_castle::piles::{CARD, CardArt, THICK};
use crate::plugins::games::ice_castle::table::seat_yaw;
use crate::plugins::session::Session;
use crate::plugins::table::camera::{FrameTarget, short_way};
use crate::plugins::table::tooltips::tips;
use crate::systems::{Frame, TableEntity};

/// A held card is drawn this much smaller than a card on the piles.
pub const SCALE: f32 = 0.5;
/// How far the fan's middle lies to its player's right of the figure's waiting spot.
const RIGHT: f32 = 1.5;
/// How far the fan lies further out from the castle than the waiting spot.
const OUT: f32 = 0.1;
/// The turn between two cards of a fan, in radians.
const SPREAD: f32 = 0.22;

/// A card held by `seat`, lying face down.
#[derive(Component, Clone, Copy, Debug)]
pub struct HeldCard(pub Seat);

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(tips::<IceCastle, HeldCard>(|s, h| hand_tip(s, h.0)))
        .add_systems(
            Update,
            redraw_hands.in_set(Frame::Mirror).run_if(
                resource_exists::<Session<IceCastle>>
                    .and_then(resource_exists::<CardArt>)
                    .and_then(
                        resource_changed::<Session<IceCastle>>
                            .or_else(resource_changed::<FrameTarget>),
                    ),
            ),
        );
}

/// The direction from the table's centre out to `side`, and that side's player's right hand.
fn out_and_right(side: Side) -> (Vec3, Vec3) {
    match side {
        Side::South => (Vec3::Z, Vec3::X),
        Side::North => (-Vec3::Z, -Vec3::X),
        Side::West => (-Vec3::X, Vec3::Z),
        Side::East => (Vec3::X, -Vec3::Z),
    }
}

/// Where card `k` of `n` held by `seat` lies: its centre on the table and its turn about the
/// upright axis, fanned about the hand's middle, the first card on the player's left.
pub fn held_card(s: &IceCastle, seat: Seat, k: usize, n: usize) -> Transform {
    let (rows, cols) = (s.rows(), s.cols());
    let side = s.side(seat);
    let (out, right) = out_and_right(side);
    let wait = crate::plugins::games::ice_castle::table::side_position(rows, cols, side, seat);
    let middle = wait + right * RIGHT + out * OUT;
    let offset = k as f32 - (n as f32 - 1.0) / 2.0;
    let facing = crate::plugins::games::ice_castle::table::seat_yaw(s, seat);
    Transform::from_translation(
        middle + right * offset * CARD.x * SCALE * 0.45 + Vec3::Y * (0.02 + k as f32 * THICK),
    )
    .with_rotation(Quat::from_rotation_y(facing - offset * SPREAD))
    .with_scale(Vec3::new(CARD.x * SCALE, THICK, CARD.y * SCALE))
}

/// What hovering a hand tells: "Player 2 (West) holds 3 cards."
pub fn hand_tip(s: &IceCastle, seat: Seat) -> Option<String> {
    (seat < s.num_seats()).then(|| {
        format!(
            "Player {} ({}) holds {}.",
            seat + 1,
            s.side(seat).name(),
            hoarfrost_rules::words::count(s.hand(seat).len() as i64, "card", "cards")
        )
    })
}

/// The seat whose fan is not drawn: the human seat acting (its cards are in the hand window, even
/// with the view left on another side), else the human seat whose side the view is from (`yaw`, as
/// the camera's); none in a replay.
pub fn kept_in_hand(session: &Session<IceCastle>, yaw: f32) -> Option<Seat> {
    if session.is_replay() {
        return None;
    }
    session.acting_human().or_else(|| {
        (0..session.state.num_seats()).find(|&seat| {
            session.is_human(seat) && short_way(seat_yaw(&session.state, seat) - yaw).abs() < 0.1
        })
    })
}

fn redraw_hands(
    mut commands: Commands,
    session: Res<Session<IceCastle>>,
    target: Res<FrameTarget>,
    art: Res<CardArt>,
    // The cards; their backs go with them.
    old: Query<Entity, (With<HeldCard>, Without<ChildOf>)>,
) {
    crate::systems::despawn_all(&mut commands, &old);
    let s = &session.state;
    let kept = kept_in_hand(&session, target.yaw);
    for seat in (0..s.num_seats()).filter(|&seat| Some(seat) != kept) {
        let n = s.hand(seat).len();
        for k in 0..n {
            let card = held_card(s, seat, k, n);
            commands
                .spawn((
                    Name::new(format!("Player {}'s card", seat + 1)),
                    TableEntity,
                    HeldCard(seat),
                    Mesh3d(art.card.clone()),
                    MeshMaterial3d(art.edges.clone()),
                    card,
                ))
                .with_children(|c| {
                    // The back on top, over the whole card (the parent's scale stretches it).
                    c.spawn((
                        HeldCard(seat),
                        Mesh3d(art.back.clone()),
                        MeshMaterial3d(art.atlas_back.clone()),
                        Transform::from_xyz(0.0, 0.51, 0.0).with_scale(Vec3::new(0.92, 1.0, 0.94)),
                    ));
                });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::games::ice_castle::piles::{CardPile, footprint};
    use crate::plugins::games::ice_castle::table::layout_checks::{
        assert_in_sight, overlap, taken,
    };
    use crate::plugins::games::ice_castle::table::{framing, side_position, table_radius};
    use crate::plugins::table::camera::{FrameTarget, OrbitCamera, pixel_at};
    use hoarfrost_rules::ice_castle::Setup;

    /// The most cards a hand holds (four after the draw).
    const MOST: usize = 4;

    /// Who keeps their cards in the hand window: the human seat acting, else the one faced; not in a
    /// replay.
    #[test]
    fn the_acting_human_else_the_one_faced_keeps_its_cards_off_the_table() {
        use crate::plugins::core::seats::SeatKind::{Ai, Human};
        use hoarfrost_rules::record::{Recorder, Replay};
        let session = |seats: Vec<crate::plugins::core::seats::SeatKind>| {
            let recorder = Recorder::<IceCastle>::new(Setup::new(seats.len(), 1)).unwrap();
            Session::recorded(recorder, seats, 1)
        };
        let one = session(vec![Human, Ai, Ai]);
        let yaw = |seat| seat_yaw(&one.state, seat);
        assert_eq!(one.acting_human(), None, "the first draw is chance");
        assert_eq!(kept_in_hand(&one, yaw(0)), Some(0));
        // Turned (by hand, or the setting off) to an AI seat's side: every fan lies on the table.
        assert_eq!(kept_in_hand(&one, yaw(1)), None);
        let mut two = session(vec![Human, Ai, Human]);
        assert_eq!(kept_in_hand(&two, yaw(2)), Some(2));
        // Once a human seat is to play, its cards are in the hand window whatever side is faced.
        let mut bot = hoarfrost_rules::ice_castle::bot::CastleBot::new(3);
        let mut acting = Vec::new();
        for _ in 0..40 {
            if let Some(seat) = two.acting_human() {
                acting.push(seat);
                assert_eq!(kept_in_hand(&two, yaw(1)), Some(seat));
                assert_eq!(kept_in_hand(&two, yaw(2 - seat)), Some(seat));
            }
            let mut state = two.state.clone();
            if !hoarfrost_rules::bots::step(&mut state, &mut bot) {
                break;
            }
            two.state = state;
        }
        assert!(acting.contains(&0) && acting.contains(&2), "{acting:?}");
        assert_eq!(kept_in_hand(&session(vec![Ai, Ai, Ai]), yaw(0)), None);
        let replay = Replay::new(one.record().unwrap().clone()).unwrap();
        let watched = Session::replaying(replay, vec![Human, Ai, Ai], 1);
        assert_eq!(kept_in_hand(&watched, yaw(0)), None);
    }

    /// Headless: the fans drawn after each step of a seeded game seen from seat 0's side (a human
    /// seat, then all AI), counted per seat against the hands, and redrawn without leftovers.
    #[test]
    fn a_fan_holds_one_card_a_card_held_and_the_faced_humans_is_not_drawn() {
        use crate::plugins::core::seats::SeatKind::{Ai, Human};
        use hoarfrost_rules::record::Recorder;
        for (seats, kept) in [(vec![Human, Ai, Ai], Some(0)), (vec![Ai, Ai, Ai], None)] {
            let recorder = Recorder::<IceCastle>::new(Setup::new(3, 5)).unwrap();
            let mut app = App::new();
            app.add_plugins(MinimalPlugins)
                .insert_resource(Session::recorded(recorder, seats, 5))
                .insert_resource(CardArt::blank())
                .add_systems(Update, redraw_hands);
            let yaw = seat_yaw(&app.world().resource::<Session<IceCastle>>().state, 0);
            app.insert_resource(FrameTarget { yaw, ..default() });
            let mut bot = hoarfrost_rules::ice_castle::bot::CastleBot::new(9);
            for _ in 0..30 {
                app.update();
                let mut cards = app
                    .world_mut()
                    .query_filtered::<&HeldCard, Without<ChildOf>>();
                let mut per_seat = [0usize; 3];
                for held in cards.iter(app.world()) {
                    per_seat[held.0] += 1;
                }
                let backs = app
                    .world_mut()
                    .query_filtered::<(), (With<HeldCard>, With<ChildOf>)>()
                    .iter(app.world())
                    .count();
                let s = &app.world().resource::<Session<IceCastle>>().state;
                for (seat, &n) in per_seat.iter().enumerate() {
                    let want = if Some(seat) == kept {
                        0
                    } else {
                        s.hand(seat).len()
                    };
                    assert_eq!(n, want, "seat {seat}");
                }
                assert_eq!(backs, per_seat.iter().sum::<usize>());
                let mut session = app.world_mut().resource_mut::<Session<IceCastle>>();
                let mut state = session.state.clone();
                if !hoarfrost_rules::bots::step(&mut state, &mut bot) {
                    break;
                }
                session.state = state;
            }
        }
    }

    /// The corners of every card of a full hand of `seat`, on the table.
    fn corners(s: &IceCastle, seat: Seat) -> Vec<Vec3> {
        (0..MOST)
            .flat_map(|k| {
                let t = held_card(s, seat, k, MOST);
                [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)]
                    .map(|(x, z)| t.transform_point(Vec3::new(x, 0.5, z)))
            })
            .collect()
    }

    #[test]
    fn a_hand_fans_out_to_its_players_right_of_the_waiting_spot() {
        for players in 2..=4 {
            let s = IceCastle::new(&Setup::new(players, 1)).unwrap();
            for seat in 0..players {
                let side = s.side(seat);
                let (_, right) = out_and_right(side);
                let wait = side_position(s.rows(), s.cols(), side, seat);
                let at: Vec<Vec3> = (0..MOST)
                    .map(|k| held_card(&s, seat, k, MOST).translation - wait)
                    .collect();
                // Left to right as the player sees them, each to the right of the spot.
                for w in at.windows(2) {
                    assert!(w[1].dot(right) > w[0].dot(right), "{side:?}: {at:?}");
                }
                assert!(at[0].dot(right) > 0.5, "{side:?}: {at:?}");
                // The player's right, as seen from its side of the table.
                let cam = OrbitCamera::framing(FrameTarget {
                    yaw: seat_yaw(&s, seat),
                    ..default()
                });
                let seen = |p: Vec3| pixel_at(&cam, p).unwrap().x;
                assert!(seen(wait + at[3]) > seen(wait), "{side:?}");
            }
        }
    }

    /// Seen from each player's side at 2-4 players, every other player's full hand lies in the
    /// window, clear of the side panel and the hand window, and on the table.
    #[test]
    fn the_hands_are_in_sight_on_the_table_and_clear_of_the_panels() {
        for players in 2..=4 {
            let s = IceCastle::new(&Setup::new(players, 1)).unwrap();
            let (rows, cols) = (s.rows(), s.cols());
            for me in 0..players {
                let camera = OrbitCamera::framing(FrameTarget {
                    yaw: seat_yaw(&s, me),
                    ..framing(rows, cols)
                });
                for seat in (0..players).filter(|&t| t != me) {
                    for p in corners(&s, seat) {
                        let name = format!("seat {seat}'s hand seen by seat {me} of {players}");
                        assert_in_sight(&camera, p, &name);
                        let d = Vec2::new(p.x, p.z).length();
                        assert!(d < table_radius(rows, cols) - 0.2, "{name}: off the table");
                    }
                }
            }
        }
    }

    /// No full hand lies on a tile, a label, a waiting figure, another hand or (from any player's
    /// side) a card pile.
    #[test]
    fn the_hands_keep_off_the_castle_the_figures_and_the_piles() {
        let boxed = |p: &[Vec3]| {
            let flat: Vec<Vec2> = p.iter().map(|q| q.xz()).collect();
            flat.iter()
                .fold(Rect::from_corners(flat[0], flat[0]), |r, q| {
                    r.union_point(*q)
                })
        };
        for players in 2..=4 {
            let s = IceCastle::new(&Setup::new(players, 1)).unwrap();
            let (rows, cols) = (s.rows(), s.cols());
            let mut taken = taken(&s);
            for me in 0..players {
                for pile in [CardPile::Draw, CardPile::Discard] {
                    let print = footprint(rows, cols, pile, seat_yaw(&s, me));
                    taken.push((format!("the {pile:?} pile seen by seat {me}"), print));
                }
            }
            let hands: Vec<_> = (0..players).map(|t| boxed(&corners(&s, t))).collect();
            for (seat, hand) in hands.iter().enumerate() {
                for (name, spot) in &taken {
                    assert!(!overlap(*hand, *spot), "seat {seat}'s hand lies on {name}");
                }
                for (other, theirs) in hands.iter().enumerate().take(seat) {
                    assert!(!overlap(*hand, *theirs), "hands {other} and {seat} overlap");
                }
            }
        }
    }

    #[test]
    fn a_hands_tip_names_its_seat_side_and_count() {
        let s = IceCastle::new(&Setup::new(3, 1)).unwrap();
        let n = s.hand(1).len();
        assert_eq!(
            hand_tip(&s, 1).unwrap(),
            format!("Player 2 (West) holds {n} cards.")
        );
        assert_eq!(hand_tip(&s, 3), None);
    }
}
