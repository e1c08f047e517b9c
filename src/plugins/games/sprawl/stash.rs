//! Every Sprawl player's stash on the table: the pyramids not yet played stand in a tray beside the
//! board, large nearest it, one tray per seat round the table. The acting human clicks one of their
//! own to pick that size (the "Your stash" window does the same); the picked size stands raised over a
//! lit pad. Counting Coup cards lie face down in a pile at the end of their holder's tray.

use bevy::prelude::*;
use hoarfrost_rules::sprawl::{Phase, Sprawl, size_name};
use hoarfrost_rules::{Game, Seat};

use crate::plugins::core::notice::Notice;
use crate::plugins::core::screens::TurnPhase;
use crate::plugins::games::sprawl::input::{StashPick, matches_at};
use crate::plugins::games::sprawl::table::{SPACING, SprawlAssets, look};
use crate::plugins::session::Session;
use crate::plugins::table::pyramid::before_seat;
use crate::plugins::table::pyramid::seat_angle;
use crate::plugins::table::pyramid::size;
use crate::plugins::table::tooltips::tips;
use crate::systems::glide::Travels;
use crate::systems::{Frame, TableEntity};

/// Space between the pyramids in a tray, along a row and from row to row.
const PITCH: f32 = 1.1;
/// Gap between the board's outer corner circle and a tray's inner row.
const GAP: f32 = 0.9;
/// How high the picked size stands above the rest of its tray.
const RAISE: f32 = 0.3;

/// A pyramid in a seat's stash tray.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StashPiece {
    pub seat: Seat,
    pub size: u8,
}

/// A face-down Counting Coup card in a seat's pile.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoupCard(pub Seat);

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(tips::<Sprawl, CoupCard>(|s, c| coup_tip(s, c.0)))
        .add_observer(on_click)
        .add_systems(Startup, make_kit)
        .add_systems(
            Update,
            redraw_stashes.in_set(Frame::Mirror).run_if(stash_changed),
        );
}

fn stash_changed(
    session: Option<Res<Session<Sprawl>>>,
    pick: Option<Res<StashPick>>,
    kit: Option<Res<SprawlAssets>>,
) -> bool {
    match (session, pick, kit) {
        (Some(s), Some(p), Some(k)) => s.is_changed() || p.is_changed() || k.is_added(),
        _ => false,
    }
}

/// Half the diagonal of a board of `cols` x `rows`: every square lies inside this circle.
pub fn board_radius((cols, rows): (u8, u8)) -> f32 {
    Vec2::new(cols as f32, rows as f32).length() * SPACING / 2.0
}

/// How far from the centre the trays reach: the table and the camera's framing take this in.
pub fn table_radius(dims: (u8, u8)) -> f32 {
    board_radius(dims) + GAP + 3.0 * PITCH
}

/// Where the `k`-th of the `n` pyramids of `pips` left stands in `seat`'s tray: rows along the
/// table's edge, each centred in front of its seat, the large row nearest the board.
pub fn stash_position(
    seat: Seat,
    seats: usize,
    dims: (u8, u8),
    pips: u8,
    (k, n): (usize, usize),
) -> Vec3 {
    let row = 3u8.saturating_sub(pips) as f32; // large 0, medium 1, small 2
    let out = board_radius(dims) + GAP + (row + 0.5) * PITCH;
    before_seat(
        seat,
        seats,
        out,
        (k as f32 - (n as f32 - 1.0) / 2.0) * PITCH,
    )
}

/// Where the `i`-th Counting Coup card of `seat` lies face down: a small pile at the end of its tray.
pub fn card_position(seat: Seat, seats: usize, dims: (u8, u8), i: usize) -> Vec3 {
    let out = board_radius(dims) + GAP + PITCH;
    before_seat(seat, seats, out, 3.6 * PITCH + 0.08 * i as f32)
        + Vec3::Y * (0.012 + 0.025 * i as f32)
}

/// The size a click on a stash piece picks, or why it picks nothing. Clicking the size already
/// picked puts the pick back to "any".
pub fn pick_from(
    s: &Sprawl,
    acting: Option<Seat>,
    piece: StashPiece,
    picked: Option<u8>,
) -> Result<Option<u8>, String> {
    let Some(seat) = acting else {
        return Err("it is not your turn to pick from a stash".into());
    };
    if !matches!(s.phase(), Phase::Play) {
        return Err("answer the question in the panel first".into());
    }
    if piece.seat != seat {
        return Err(format!(
            "that is {}'s stash; {} plays from their own",
            s.hue(piece.seat).name(),
            s.hue(seat).name()
        ));
    }
    if picked == Some(piece.size) {
        Ok(None)
    } else {
        Ok(Some(piece.size))
    }
}

/// The tooltip over a stash pyramid: whose stash, and how many of that size are left in it.
pub fn stash_tip(s: &Sprawl, piece: &StashPiece) -> Option<String> {
    let left = *s
        .stash(piece.seat)
        .get(piece.size.checked_sub(1)? as usize)?;
    Some(format!(
        "{}'s stash: {left} {} left, {} in all.",
        s.hue(piece.seat).name(),
        size_name(piece.size),
        hoarfrost_rules::words::count(s.stash_pips(piece.seat), "point", "points")
    ))
}

/// The tooltip over a seat's pile of coup cards: how many, and what they will count.
pub fn coup_tip(s: &Sprawl, seat: Seat) -> Option<String> {
    let n = s.face_down_cards(seat);
    (seat < s.num_seats() && n > 0).then(|| {
        let colour = s.hue(seat).name();
        format!(
            "{colour}'s {}, face down until the end: each takes 1 point (Ace to 10) or 2 \
             (Jack, Queen, King) off {colour}'s stash.",
            hoarfrost_rules::words::count(n as i64, "coup card", "coup cards")
        )
    })
}

/// Every pyramid the trays show: which it is, its name and where it stands (the acting human's
/// picked size raised).
pub fn tray_pieces(
    s: &Sprawl,
    acting: Option<Seat>,
    pick: Option<u8>,
) -> Vec<(StashPiece, String, Vec3)> {
    let seats = s.num_seats();
    let dims = s.dimensions();
    let mut out = Vec::new();
    for seat in 0..seats {
        let stash = s.stash(seat);
        for pips in 1..=3u8 {
            let lift = if acting == Some(seat) && pick == Some(pips) {
                RAISE
            } else {
                0.0
            };
            let name = format!("{} stash {}", s.hue(seat).name(), size_name(pips));
            let n = stash[pips as usize - 1] as usize;
            for k in 0..n {
                let at = stash_position(seat, seats, dims, pips, (k, n)) + Vec3::Y * lift;
                out.push((StashPiece { seat, size: pips }, name.clone(), at));
            }
        }
    }
    out
}

/// Everything the trays draw (pyramids and the pad under the picked row), redrawn together.
#[derive(Component)]
struct Tray;

/// What picking `size` tells the player: how many squares take it now.
pub fn picked_note(s: &Sprawl, seat: Seat, size: u8) -> String {
    let legal = s.legal_actions(seat);
    let squares = s
        .board()
        .squares()
        .filter(|&sq| !matches_at(&legal, sq, Some(size)).is_empty())
        .count();
    let what = format!("{} picks a {}", s.hue(seat).name(), size_name(size));
    match squares {
        0 => format!("{what}: no square takes it now; pick another size"),
        1 => format!("{what}: the lit square takes it"),
        n => format!("{what}: {n} lit squares take it"),
    }
}

/// The trays' own meshes and material: the pad under the picked row and a playing card's back.
#[derive(Resource)]
struct TrayKit {
    pad: Handle<Mesh>,
    card: Handle<Mesh>,
    card_back: Handle<StandardMaterial>,
}

fn make_kit(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(TrayKit {
        pad: meshes.add(Cuboid::new(PITCH, 0.02, PITCH)),
        card: meshes.add(Cuboid::new(0.7, 0.02, 1.0)),
        card_back: materials.add(StandardMaterial {
            base_color: Color::srgb(0.12, 0.2, 0.45),
            perceptual_roughness: 0.6,
            ..default()
        }),
    });
}

/// Redraw every tray from the stashes, with a pad lit like a legal square under the picked row.
fn redraw_stashes(
    mut commands: Commands,
    session: Res<Session<Sprawl>>,
    pick: Res<StashPick>,
    kit: Res<SprawlAssets>,
    own: Res<TrayKit>,
    old: Query<Entity, With<Tray>>,
) {
    crate::systems::despawn_all(&mut commands, &old);
    let acting = session.acting_human();
    if let (Some(seat), Some(pips)) = (acting, pick.0) {
        let s = &session.state;
        let n = s.stash(seat)[pips as usize - 1] as usize;
        if n > 0 {
            let first = stash_position(seat, s.num_seats(), s.dimensions(), pips, (0, n));
            let last = stash_position(seat, s.num_seats(), s.dimensions(), pips, (n - 1, n));
            let along = (last - first).normalize_or(Vec3::X);
            commands.spawn((
                Name::new("Picked stash size"),
                TableEntity,
                Tray,
                Pickable::IGNORE,
                Mesh3d(own.pad.clone()),
                MeshMaterial3d(kit.tile[3].clone()),
                Transform::from_translation((first + last) / 2.0 + Vec3::Y * 0.01)
                    .with_rotation(Quat::from_rotation_arc(Vec3::X, along))
                    .with_scale(Vec3::new(n as f32, 1.0, 1.0)),
            ));
        }
    }
    let s = &session.state;
    if (0..s.num_seats()).any(|seat| s.face_down_cards(seat) > 0) {
        for seat in 0..s.num_seats() {
            let angle = seat_angle(seat, s.num_seats());
            for i in 0..s.face_down_cards(seat) {
                commands.spawn((
                    Name::new("Coup card"),
                    TableEntity,
                    Tray,
                    CoupCard(seat),
                    Mesh3d(own.card.clone()),
                    MeshMaterial3d(own.card_back.clone()),
                    Transform::from_translation(card_position(
                        seat,
                        s.num_seats(),
                        s.dimensions(),
                        i,
                    ))
                    .with_rotation(Quat::from_rotation_y(-angle)),
                ));
            }
        }
    }
    for (piece, name, at) in tray_pieces(&session.state, acting, pick.0) {
        let Some(material) = kit.live.get(piece.seat) else {
            continue;
        };
        let (w, h) = size(piece.size);
        commands.spawn((
            Name::new(name),
            TableEntity,
            Tray,
            piece,
            Travels(look(piece.seat, piece.size)),
            Mesh3d(kit.pyramid.clone()),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(at).with_scale(Vec3::new(w, h, w)),
        ));
    }
}

fn on_click(
    click: On<Pointer<Click>>,
    phase: Option<Res<State<TurnPhase>>>,
    session: Option<Res<Session<Sprawl>>>,
    pick: Option<ResMut<StashPick>>,
    pieces: Query<&StashPiece>,
    mut notice: ResMut<Notice>,
) {
    let Ok(&piece) = pieces.get(click.entity) else {
        return;
    };
    let (Some(session), Some(mut pick)) = (session, pick) else {
        return;
    };
    if click.button != PointerButton::Primary {
        return;
    }
    let acting = session
        .acting_human()
        .filter(|_| phase.is_some_and(|p| *p.get() == TurnPhase::HumanToAct));
    match pick_from(&session.state, acting, piece, pick.0) {
        Ok(Some(size)) => {
            pick.0 = Some(size);
            notice.info(picked_note(&session.state, piece.seat, size));
        }
        Ok(None) => {
            pick.0 = None;
            notice.info("any size: lit squares take some piece");
        }
        Err(why) => notice.error(why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::glide::Glide;
    use hoarfrost_rules::sprawl;
    use hoarfrost_rules::sprawl::{Action, Setup, Square};

    /// A coup card pile's tooltip counts the cards and says what they will take off; a seat without
    /// cards (or a seat the game does not have) has none.
    #[test]
    fn a_coup_pile_says_how_many_cards_and_what_they_count() {
        let mut setup = Setup::new(3, 2);
        setup.variants.set(sprawl::Variant::CountingCoup, true);
        let mut s = Sprawl::new(&setup).unwrap();
        let mut bot = hoarfrost_rules::bots::RandomBot::new(2);
        for _ in 0..20_000 {
            if (0..3).any(|seat| s.face_down_cards(seat) > 0) {
                break;
            }
            if !hoarfrost_rules::bots::step(&mut s, &mut bot) {
                s = Sprawl::new(&setup).unwrap();
            }
        }
        let holder = (0..3)
            .find(|&seat| s.face_down_cards(seat) > 0)
            .expect("a random game dealt a coup card");
        let tip = coup_tip(&s, holder).unwrap();
        let colour = s.hue(holder).name();
        let n = s.face_down_cards(holder);
        let count = if n == 1 {
            "1 coup card".to_string()
        } else {
            format!("{n} coup cards")
        };
        assert!(
            tip.starts_with(&format!("{colour}'s {count}, face down")),
            "{tip}"
        );
        assert!(tip.ends_with(&format!("off {colour}'s stash.")), "{tip}");
        for seat in (0..3).filter(|&seat| s.face_down_cards(seat) == 0) {
            assert_eq!(coup_tip(&s, seat), None);
        }
        assert_eq!(coup_tip(&s, 7), None);
    }

    /// A pyramid played leaves its tray and glides to its square: the new piece on the board starts
    /// where the tray's pyramid of that size stood, and the tray's others close up.
    #[test]
    fn a_pyramid_played_glides_from_its_tray_to_its_square() {
        use crate::plugins::core::seats::SeatKind;
        use crate::plugins::session::Session;
        let seats = vec![SeatKind::Human; 3];
        let mut app = crate::plugins::session::test_app::<Sprawl>();
        app.init_resource::<Assets<Mesh>>()
            .init_resource::<Assets<StandardMaterial>>()
            .init_resource::<crate::systems::AnimationSpeed>()
            .init_resource::<StashPick>()
            .insert_resource(SprawlAssets::blank(3))
            .add_plugins((plugin, crate::systems::glide::plugin))
            .add_systems(
                Update,
                crate::plugins::games::sprawl::table::redraw_pieces
                    .in_set(Frame::Mirror)
                    .run_if(resource_changed::<Session<Sprawl>>),
            );
        let state = Sprawl::new(&Setup::new(3, 1)).unwrap();
        let seat = state.current_player();
        let dims = state.dimensions();
        app.insert_resource(Session::new(state, seats, 1));
        crate::systems::start_playing(&mut app);
        app.update();
        let tray = |app: &mut App| -> Vec<Vec3> {
            let mut q = app.world_mut().query::<(&StashPiece, &Transform)>();
            q.iter(app.world())
                .filter(|(p, _)| p.seat == seat && p.size == 3)
                .map(|(_, t)| t.translation)
                .collect()
        };
        let before = tray(&mut app);
        let sq = Square::new(2, 2);
        let mut session = app.world_mut().resource_mut::<Session<Sprawl>>();
        session
            .act(seat, &Action::PlaceFirstTower { sq, size: 3 })
            .unwrap();
        app.update();
        let mut q = app
            .world_mut()
            .query::<(&crate::plugins::games::sprawl::table::SprawlPiece, &Glide)>();
        let glides: Vec<(Square, Glide)> =
            q.iter(app.world()).map(|(p, g)| (p.0, g.clone())).collect();
        assert_eq!(glides.len(), 1, "one piece on the board moves");
        let (on, glide) = &glides[0];
        assert_eq!(*on, sq);
        assert!(
            before.iter().any(|b| b.distance(glide.from) < 1e-4),
            "it starts in the tray: {:?} not in {before:?}",
            glide.from
        );
        let centre = crate::plugins::games::sprawl::table::square_position(sq, dims);
        assert!(Vec2::new(glide.to.x - centre.x, glide.to.z - centre.z).length() < 1e-4);
        assert_eq!(tray(&mut app).len(), before.len() - 1);
    }

    /// As a game starts in a 1280x720 window, seen from any seat, every tray's pyramids are in
    /// sight: inside the window, clear of the side panel (top right: 360 pixels wide and 400 high
    /// at eight seats, whose lines are the longest) and of the stash window (top left).
    #[test]
    fn the_windows_leave_every_tray_in_sight_from_every_seat() {
        use crate::plugins::games::sprawl::table::{framing, seat_yaw};
        use crate::plugins::table::camera::{FrameTarget, OrbitCamera, pixel_at};
        for players in 3..=8 {
            let state = Sprawl::new(&Setup::new(players, 1)).unwrap();
            let dims = state.dimensions();
            for viewer in 0..players {
                let camera = OrbitCamera::framing(FrameTarget {
                    yaw: seat_yaw(&state, viewer),
                    ..framing(table_radius(dims))
                });
                for seat in 0..players {
                    for pips in 1..=3u8 {
                        for k in 0..5 {
                            let p = stash_position(seat, players, dims, pips, (k, 5));
                            let at = pixel_at(&camera, p).unwrap();
                            let what = format!(
                                "{players} seats seen from seat {viewer}: seat {seat}'s {pips}s at {at}"
                            );
                            assert!(
                                (10.0..1270.0).contains(&at.x) && (10.0..710.0).contains(&at.y),
                                "{what}: out of the window"
                            );
                            assert!(at.x < 905.0 || at.y > 400.0, "{what}: under the side panel");
                            assert!(
                                at.x > 355.0 || at.y > 100.0,
                                "{what}: under the stash window"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn trays_stand_apart_off_the_board_and_on_the_table() {
        // Full trays, and trays with rows of different lengths (each row is centred).
        for (players, left) in (3..=8).flat_map(|p| [(p, [5, 5, 5]), (p, [1, 4, 2])]) {
            let dims = sprawl::board_size(players).unwrap();
            let mut spots = Vec::new();
            for seat in 0..players {
                for pips in 1..=3u8 {
                    let n = left[pips as usize - 1];
                    for k in 0..n {
                        spots.push(stash_position(seat, players, dims, pips, (k, n)));
                    }
                }
            }
            for (i, a) in spots.iter().enumerate() {
                // Off the board (its squares fill the corner circle's inscribed rectangle) and
                // inside the table's edge.
                assert!(
                    a.length() > board_radius(dims),
                    "{players}: {a} on the board"
                );
                assert!(
                    a.length() < table_radius(dims),
                    "{players}: {a} off the table"
                );
                for b in &spots[..i] {
                    assert!(
                        a.distance(*b) >= 1.0,
                        "{players} players: pyramids at {a} and {b} overlap"
                    );
                }
            }
        }
    }

    #[test]
    fn coup_cards_pile_up_beside_their_tray_clear_of_every_pyramid() {
        for players in 3..=8 {
            let dims = sprawl::board_size(players).unwrap();
            let pyramids: Vec<Vec3> = (0..players)
                .flat_map(|seat| {
                    (1..=3).flat_map(move |pips| {
                        (0..5).map(move |k| stash_position(seat, players, dims, pips, (k, 5)))
                    })
                })
                .collect();
            for seat in 0..players {
                for i in 0..8 {
                    let card = card_position(seat, players, dims, i);
                    let flat = card * Vec3::new(1.0, 0.0, 1.0);
                    assert!(
                        flat.length() > board_radius(dims) && flat.length() < table_radius(dims)
                    );
                    // A card is 0.7 x 1.0, a large pyramid 1.0 across: centres 1.2 apart clear.
                    for p in &pyramids {
                        assert!(
                            flat.distance(*p) > 1.2,
                            "{players}: card {i} of {seat} on {p}"
                        );
                    }
                    if i > 0 {
                        assert!(card.y > card_position(seat, players, dims, i - 1).y);
                    }
                }
            }
        }
    }

    #[test]
    fn the_large_row_is_nearest_the_board() {
        let dims = (6, 6);
        for seat in 0..5 {
            let d = |pips| stash_position(seat, 5, dims, pips, (2, 5)).length();
            assert!(d(3) < d(2) && d(2) < d(1));
        }
    }

    #[test]
    fn a_click_on_your_own_stash_picks_that_size_and_a_second_click_lets_it_go() {
        let s = Sprawl::new(&Setup::new(3, 4)).unwrap();
        let me = s.current_player();
        let large = StashPiece { seat: me, size: 3 };
        assert_eq!(pick_from(&s, Some(me), large, None), Ok(Some(3)));
        assert_eq!(pick_from(&s, Some(me), large, Some(1)), Ok(Some(3)));
        assert_eq!(pick_from(&s, Some(me), large, Some(3)), Ok(None));
    }

    #[test]
    fn a_click_on_another_stash_or_out_of_turn_is_explained_and_picks_nothing() {
        let s = Sprawl::new(&Setup::new(3, 4)).unwrap();
        let me = s.current_player();
        let other = (me + 1) % 3;
        let theirs = StashPiece {
            seat: other,
            size: 2,
        };
        let why = pick_from(&s, Some(me), theirs, None).unwrap_err();
        assert!(why.contains(s.hue(other).name()), "{why}");
        let mine = StashPiece { seat: me, size: 2 };
        assert!(pick_from(&s, None, mine, None).is_err());
    }

    #[test]
    fn picking_a_size_says_how_many_squares_take_it() {
        let first = Sprawl::new(&Setup::new(3, 4)).unwrap();
        let me = first.current_player();
        // A first tower goes on any of the 5 x 6 squares.
        assert!(picked_note(&first, me, 2).ends_with("30 lit squares take it"));
        let at = |col, row| Square::new(col, row);
        let piece = |owner, size| sprawl::Piece { owner, size };
        let red_tower = |pieces: Vec<sprawl::Piece>, corner: bool| {
            // Yellow fills both sides of the corner a1 when `corner`, or stands far off.
            let yellow = if corner {
                vec![(at(0, 1), vec![piece(1, 3)]), (at(1, 0), vec![piece(1, 3)])]
            } else {
                vec![(at(4, 5), vec![piece(1, 3)])]
            };
            let mut towers = vec![
                (
                    at(if corner { 0 } else { 2 }, if corner { 0 } else { 2 }),
                    pieces,
                ),
                (at(4, 0), vec![piece(2, 3)]),
            ];
            towers.extend(yellow);
            Sprawl::with_layout(&Setup::new(3, 1), &towers, &[], 0).unwrap()
        };
        // A lone large tower: a medium caps it or branches to its four sides; a small only branches.
        let large = red_tower(vec![piece(0, 3)], false);
        assert!(picked_note(&large, 0, 2).ends_with("5 lit squares take it"));
        assert!(picked_note(&large, 0, 1).ends_with("4 lit squares take it"));
        // A small tower boxed into a corner takes nothing: no build on a 1, no square to branch to.
        let boxed = red_tower(vec![piece(0, 1)], true);
        let note = picked_note(&boxed, 0, 3);
        assert!(
            note.ends_with("no square takes it now; pick another size"),
            "{note}"
        );
    }

    #[test]
    fn a_tray_holds_what_the_stash_holds_and_raises_the_picked_size() {
        let mut s = Sprawl::new(&Setup::new(3, 4)).unwrap();
        let me = s.current_player();
        assert_eq!(tray_pieces(&s, Some(me), None).len(), 45);
        s.apply(
            me,
            &Action::PlaceFirstTower {
                sq: Square::new(2, 2),
                size: 3,
            },
        )
        .unwrap();
        let pieces = tray_pieces(&s, Some(me), Some(2));
        assert_eq!(pieces.len(), 44);
        let mine = |size| {
            pieces
                .iter()
                .filter(|(p, _, _)| p.seat == me && p.size == size)
                .collect::<Vec<_>>()
        };
        assert_eq!(mine(3).len(), 4, "a large piece left the tray");
        let name = format!("{} stash medium (2)", s.hue(me).name());
        assert!(mine(2).iter().all(|(_, n, at)| *n == name && at.y == RAISE));
        assert!(mine(3).iter().chain(&mine(1)).all(|(_, _, at)| at.y == 0.0));
        // Another seat's stash never rises, whatever is picked.
        assert!(
            pieces
                .iter()
                .filter(|(p, _, _)| p.seat != me)
                .all(|(_, _, at)| at.y == 0.0)
        );
    }
}
