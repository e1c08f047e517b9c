//! Ice Castle's two card piles on the table, right of the castle on the near side of the player
//! whose side the view is from: the draw pile face down (as tall as the cards left in it) and the
//! discard pile face up, showing its top card. When the view turns to another player's side, the
//! piles swing round the table with the camera. Hovering a pile says
//! what is in it; with a card picked in the hand, the discard pile glows and a click on it
//! discards the card.

use bevy::prelude::*;
use hoarfrost_rules::ice_castle::{Action, Card, IceCastle, Phase};
use hoarfrost_rules::{Game, GameKind, Seat};

use crate::plugins::core::palette;
use crate::plugins::core::screens::Screen;
use crate::plugins::games::ice_castle::input::{SelectedCard, TileClick};
use crate::plugins::games::ice_castle::table::{CastleAssets, SPACING};
use crate::plugins::session::Session;
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::table::camera::{FrameTarget, OrbitCamera, Turning};
use crate::plugins::table::tooltips::tips;
use crate::systems::labels::atlas_quads;
use crate::systems::{Frame, TableEntity};

/// A card's width (across the view) and length (away from the viewer).
pub const CARD: Vec2 = Vec2::new(0.8, 1.1);
/// How thick one card lies.
pub const THICK: f32 = 0.012;
/// How high above the table top a pile's bottom card lies.
const LIFT: f32 = 0.02;

/// How wide the glowing frame round the discard pile is, and how far out.
const FRAME: f32 = 0.1;

/// The atlas of card faces and the back, written by the asset tool.
pub const FACES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/textures/castle-cards.ron"
));

/// One of the two piles (on every mesh of it, for hovering and clicking).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardPile {
    Draw,
    Discard,
}

/// The piles' parent, turned about the table's centre to the side the view is from (`yaw`, as the
/// camera's).
#[derive(Component, Clone, Copy, Debug)]
pub struct PileAnchor {
    pub yaw: f32,
}

/// Meshes and materials of the cards on the table (the piles, and the hands held), made as an Ice
/// Castle game starts.
#[derive(Resource)]
pub struct CardArt {
    block: Handle<Mesh>,
    pub(super) edges: Handle<StandardMaterial>,
    /// The back's quad and material.
    pub(super) back: Handle<Mesh>,
    pub(super) atlas_back: Handle<StandardMaterial>,
    /// One card lying flat, a unit square (scaled to a card's size).
    pub(super) card: Handle<Mesh>,
    /// Per card kind (`Card::KINDS` order): its icon's quad and tinted material.
    icons: Vec<(Handle<Mesh>, Handle<StandardMaterial>)>,
    halo: Handle<Mesh>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(tips::<IceCastle, CardPile>(|s, p| Some(pile_tip(s, *p))))
        .add_systems(
            OnEnter(Screen::Playing),
            make_card_art.run_if(|c: Res<SetupChoice>, art: Option<Res<CardArt>>| {
                c.game == GameKind::IceCastle && art.is_none()
            }),
        )
        .add_systems(
            Update,
            (
                redraw_piles.in_set(Frame::Mirror).run_if(
                    resource_exists::<Session<IceCastle>>
                        .and_then(resource_exists::<CastleAssets>)
                        .and_then(resource_exists::<CardArt>)
                        .and_then(
                            resource_changed::<Session<IceCastle>>
                                .or_else(resource_changed::<SelectedCard>),
                        ),
                ),
                follow_the_view.in_set(Frame::Animate),
            ),
        );
}

/// Where a pile lies as seen from the first seat's side (the anchor turns it to other sides):
/// right of the castle of `rows` x `cols` tiles, the discard pile nearer the player.
pub fn pile_spot(rows: u8, cols: u8, pile: CardPile) -> Vec3 {
    let right = cols as f32 / 2.0 * SPACING + 1.5;
    let front = rows as f32 / 2.0 * SPACING;
    match pile {
        CardPile::Discard => Vec3::new(right, 0.0, front - 0.3),
        CardPile::Draw => Vec3::new(right, 0.0, front - 1.8),
    }
}

/// The middle of a pile's top, holding `cards`, as seen from the first seat's side.
pub fn pile_top(rows: u8, cols: u8, pile: CardPile, cards: usize) -> Vec3 {
    pile_spot(rows, cols, pile) + Vec3::Y * (LIFT + 0.002 + cards as f32 * THICK)
}

/// The table a pile covers, its glowing frame included, seen from `yaw` (as the camera's; x, z).
pub fn footprint(rows: u8, cols: u8, pile: CardPile, yaw: f32) -> Rect {
    let at = pile_spot(rows, cols, pile);
    let half = (CARD / 2.0 + Vec2::splat(FRAME * 1.5)).extend(0.0).xzy();
    let [a, b] = [at - half, at + half].map(|p| Quat::from_rotation_y(yaw) * p);
    Rect::from_corners(a.xz(), b.xz())
}

/// How far from the table's centre the piles reach (their glowing frame included), from any side.
pub fn reach(rows: u8, cols: u8) -> f32 {
    [CardPile::Draw, CardPile::Discard]
        .into_iter()
        .map(|pile| {
            let r = footprint(rows, cols, pile, 0.0);
            r.min.abs().max(r.max.abs()).length()
        })
        .fold(0.0, f32::max)
}

/// What hovering a pile tells.
pub fn pile_tip(s: &IceCastle, pile: CardPile) -> String {
    let cards = |n: usize| hoarfrost_rules::words::count(n as i64, "card", "cards");
    match pile {
        CardPile::Draw => format!(
            "Draw pile: {}, face down. Each turn begins with a card drawn from it; when it is \
             empty, the discard pile becomes the new draw pile.",
            cards(s.pile_count())
        ),
        CardPile::Discard => {
            let held = match s.discard_top() {
                None => "empty".to_string(),
                Some(top) => format!("{}, the {} on top", cards(s.discard().len()), top.name()),
            };
            format!("Discard pile: {held}. Pick a card in your hand and click here to discard it.")
        }
    }
}

/// What a click on a pile means for `seat` with `card` picked.
pub fn click_pile(s: &IceCastle, seat: Seat, card: Option<Card>, pile: CardPile) -> TileClick {
    if pile == CardPile::Draw {
        return TileClick::Explain("cards are drawn for you: one at the start of each turn".into());
    }
    let probe = match (s.phase(), card) {
        (Phase::Play, None) => {
            return TileClick::Explain(
                "pick a card from your hand first, then click the discard pile".into(),
            );
        }
        (_, Some(card)) => card,
        // Any card of the hand asks the rules why no card may be discarded now.
        (_, None) => s.hand(seat).first().copied().unwrap_or(Card::Skeleton),
    };
    let action = Action::Discard { card: probe };
    match s.check(seat, &action) {
        Ok(()) => TileClick::Play(action),
        Err(e) => TileClick::Explain(e.0),
    }
}

/// Whether the discard pile takes a click now: the acting human holds a picked card to play.
fn discard_lit(session: &Session<IceCastle>, selected: &SelectedCard) -> bool {
    session.acting_human().is_some_and(|seat| {
        selected.0.is_some_and(|card| {
            session
                .state
                .legal_actions(seat)
                .contains(&Action::Discard { card })
        })
    })
}

/// The index of a kind of card in `Card::KINDS`.
fn kind_index(card: Card) -> usize {
    Card::KINDS.iter().position(|k| *k == card).unwrap_or(0)
}

/// The paper of a card's face and edges.
pub const PAPER: Color = Color::srgb(0.93, 0.92, 0.88);

/// The face atlas cell and ink of each kind of card: a key in its door's colour.
pub fn icon_of(card: Card) -> (&'static str, Color) {
    match card {
        // A shade darker than the door, to stand out on the light card.
        Card::Key(c) => {
            let s = palette::hue_color(c.hue()).to_srgba();
            ("key", Color::srgb(s.red * 0.8, s.green * 0.8, s.blue * 0.8))
        }
        Card::Skeleton => ("skeleton", Color::srgb(0.22, 0.22, 0.26)),
        Card::Padlock => ("padlock", Color::srgb(0.35, 0.37, 0.42)),
        Card::Slide => ("slide", Color::srgb(0.25, 0.55, 0.85)),
        Card::Axe => ("axe", Color::srgb(0.5, 0.25, 0.1)),
        Card::Freeze => ("freeze", Color::srgb(0.2, 0.45, 0.8)),
        Card::Wand => ("wand", Color::srgb(0.45, 0.2, 0.6)),
    }
}

#[cfg(test)]
impl CardArt {
    /// Empty handles, for headless tests that count entities.
    pub fn blank() -> Self {
        CardArt {
            block: default(),
            edges: default(),
            back: default(),
            atlas_back: default(),
            card: default(),
            icons: Vec::new(),
            halo: default(),
        }
    }
}

fn make_card_art(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let quads = atlas_quads(FACES, &mut meshes);
    let quad = |name: &str| quads.get(name).cloned().unwrap_or_default();
    let atlas = assets.load("textures/castle-cards.png");
    let icons = Card::KINDS
        .iter()
        .map(|&card| {
            let (name, ink) = icon_of(card);
            let material = materials.add(StandardMaterial {
                base_color: ink,
                base_color_texture: Some(atlas.clone()),
                alpha_mode: AlphaMode::Mask(0.5),
                perceptual_roughness: 0.7,
                ..default()
            });
            (quad(name), material)
        })
        .collect();
    commands.insert_resource(CardArt {
        block: meshes.add(Cuboid::new(CARD.x, 1.0, CARD.y)),
        card: meshes.add(Cuboid::new(1.0, 1.0, 1.0)),
        edges: materials.add(StandardMaterial {
            base_color: PAPER,
            perceptual_roughness: 0.8,
            ..default()
        }),
        back: quad("back"),
        atlas_back: materials.add(StandardMaterial {
            base_color_texture: Some(atlas),
            perceptual_roughness: 0.7,
            ..default()
        }),
        icons,
        halo: meshes.add(Cuboid::new(1.0, 0.03, 1.0)),
    });
}

fn redraw_piles(
    mut commands: Commands,
    (session, selected): (Res<Session<IceCastle>>, Res<SelectedCard>),
    (castle, kit): (Res<CastleAssets>, Res<CardArt>),
    target: Res<FrameTarget>,
    anchors: Query<Entity, With<PileAnchor>>,
    old: Query<Entity, With<CardPile>>,
) {
    crate::systems::despawn_all(&mut commands, &old);
    let anchor = anchors.iter().next().unwrap_or_else(|| {
        commands
            .spawn((
                Name::new("Card piles"),
                TableEntity,
                PileAnchor { yaw: target.yaw },
                Transform::from_rotation(Quat::from_rotation_y(target.yaw)),
                Visibility::default(),
            ))
            .id()
    });
    let s = &session.state;
    let (rows, cols) = (s.rows(), s.cols());
    for (pile, count) in [
        (CardPile::Draw, s.pile_count()),
        (CardPile::Discard, s.discard().len()),
    ] {
        let at = pile_spot(rows, cols, pile);
        if pile == CardPile::Discard && discard_lit(&session, &selected) {
            spawn_discard_frame(&mut commands, anchor, &kit, &castle, pile, at);
        }
        if count == 0 {
            continue;
        }
        let height = count as f32 * THICK;
        let block = Transform::from_translation(at + Vec3::Y * (LIFT + height / 2.0))
            .with_scale(Vec3::new(1.0, height, 1.0));
        spawn_pile_part(
            &mut commands,
            anchor,
            pile,
            (
                Mesh3d(kit.block.clone()),
                MeshMaterial3d(kit.edges.clone()),
                block,
            ),
        );
        let top = pile_top(rows, cols, pile, count);
        spawn_pile_part(&mut commands, anchor, pile, pile_face(&kit, s, pile, top));
    }
}

/// Spawns one mesh of `pile` under the piles' `anchor`.
fn spawn_pile_part(
    commands: &mut Commands,
    anchor: Entity,
    pile: CardPile,
    bundle: (Mesh3d, MeshMaterial3d<StandardMaterial>, Transform),
) {
    commands.spawn((
        Name::new(format!("{pile:?} pile")),
        pile,
        bundle,
        ChildOf(anchor),
    ));
}

/// A glowing frame round the pile at `at`: the place to drop the picked card.
fn spawn_discard_frame(
    commands: &mut Commands,
    anchor: Entity,
    kit: &CardArt,
    castle: &CastleAssets,
    pile: CardPile,
    at: Vec3,
) {
    let (hx, hz) = (CARD.x / 2.0 + FRAME, CARD.y / 2.0 + FRAME);
    for (dx, dz, long_x) in [
        (0.0, hz, true),
        (0.0, -hz, true),
        (hx, 0.0, false),
        (-hx, 0.0, false),
    ] {
        let scale = if long_x {
            Vec3::new(2.0 * hx + FRAME, 1.0, FRAME)
        } else {
            Vec3::new(FRAME, 1.0, 2.0 * hz + FRAME)
        };
        spawn_pile_part(
            commands,
            anchor,
            pile,
            (
                Mesh3d(kit.halo.clone()),
                MeshMaterial3d(castle.glow.clone()),
                Transform::from_translation(at + Vec3::new(dx, LIFT, dz)).with_scale(scale),
            ),
        );
    }
}

/// The top of `pile` at `top`: the discard pile's top card face up, else a card's back.
fn pile_face(
    kit: &CardArt,
    s: &IceCastle,
    pile: CardPile,
    top: Vec3,
) -> (Mesh3d, MeshMaterial3d<StandardMaterial>, Transform) {
    match (pile, s.discard_top()) {
        (CardPile::Discard, Some(card)) => {
            let (quad, ink) = &kit.icons[kind_index(card)];
            (
                Mesh3d(quad.clone()),
                MeshMaterial3d(ink.clone()),
                Transform::from_translation(top).with_scale(Vec3::splat(CARD.x * 0.85)),
            )
        }
        _ => (
            Mesh3d(kit.back.clone()),
            MeshMaterial3d(kit.atlas_back.clone()),
            Transform::from_translation(top).with_scale(Vec3::new(
                CARD.x * 0.94,
                1.0,
                CARD.y * 0.95,
            )),
        ),
    }
}

/// Turn the piles with the view: to the side the table is framed from (`FrameTarget::yaw`), less
/// what the camera has still to turn, so that they swing round with it and stay put when the
/// player orbits the camera by hand.
fn follow_the_view(
    target: Option<Res<FrameTarget>>,
    cams: Query<Option<&Turning>, With<OrbitCamera>>,
    mut anchors: Query<(&mut PileAnchor, &mut Transform)>,
) {
    let Some(target) = target else { return };
    let left = cams.iter().flatten().map(|t| t.left).next().unwrap_or(0.0);
    let yaw = target.yaw - left;
    for (mut anchor, mut transform) in &mut anchors {
        if anchor.yaw != yaw {
            anchor.yaw = yaw;
            transform.rotation = Quat::from_rotation_y(yaw);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::games::ice_castle::input::tests::at_play;
    use crate::plugins::games::ice_castle::table::layout_checks::{
        assert_in_sight, overlap, taken,
    };
    use crate::plugins::games::ice_castle::table::{framing, seat_yaw, table_radius};
    use hoarfrost_rules::ice_castle::{CARDS, Setup};

    /// A fresh game of `players`, and the yaw of each seat's side.
    fn views(players: usize) -> (IceCastle, Vec<f32>) {
        let s = IceCastle::new(&Setup::new(players, 1)).unwrap();
        let yaws = (0..players).map(|seat| seat_yaw(&s, seat)).collect();
        (s, yaws)
    }

    /// Where a point laid out from the first seat's side lies when the view is from `yaw`.
    fn turned(yaw: f32, p: Vec3) -> Vec3 {
        Quat::from_rotation_y(yaw) * p
    }

    /// From every player's side at 2-4 players, both piles at their tallest (every card in one)
    /// lie inside a 1280x720 window as the table is framed, clear of the side panel (the top right,
    /// as wide and tall as four seats' lines make it) and of the hand window (the bottom left).
    #[test]
    fn the_piles_are_in_sight_from_every_players_side_clear_of_the_panels() {
        let tallest = CARDS as f32 * THICK + 0.03;
        for players in 2..=4 {
            let (s, yaws) = views(players);
            let (rows, cols) = (s.rows(), s.cols());
            for (seat, &yaw) in yaws.iter().enumerate() {
                let camera = OrbitCamera::framing(FrameTarget {
                    yaw,
                    ..framing(rows, cols)
                });
                for pile in [CardPile::Draw, CardPile::Discard] {
                    let at = pile_spot(rows, cols, pile);
                    for (dx, dz) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                        for y in [0.0, tallest] {
                            let corner = at + Vec3::new(dx * CARD.x / 2.0, y, dz * CARD.y / 2.0);
                            let name = format!("{pile:?} pile, {players} players, seat {seat}");
                            assert_in_sight(&camera, turned(yaw, corner), &name);
                        }
                    }
                }
            }
        }
    }

    /// From every player's side, the piles keep off the castle's tiles, its letters and numbers, the
    /// figures waiting beside each side, and each other.
    #[test]
    fn the_piles_keep_off_the_castle_its_labels_and_the_waiting_figures() {
        for players in 2..=4 {
            let (s, yaws) = views(players);
            let (rows, cols) = (s.rows(), s.cols());
            let taken = taken(&s);
            for &yaw in &yaws {
                let draw = footprint(rows, cols, CardPile::Draw, yaw);
                let discard = footprint(rows, cols, CardPile::Discard, yaw);
                assert!(!overlap(draw, discard), "the piles overlap");
                for (name, spot) in &taken {
                    for (pile, print) in [("draw", draw), ("discard", discard)] {
                        assert!(
                            !overlap(print, *spot),
                            "the {pile} pile lies on {name} ({players} players, yaw {yaw})"
                        );
                    }
                }
            }
        }
    }

    /// A headless camera and one pile anchor, the camera framed from the first seat's side; frames
    /// step 0.05 s at animation speed `speed`.
    fn camera_app(speed: f32) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
                std::time::Duration::from_millis(50),
            ))
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<bevy::input::mouse::AccumulatedMouseMotion>()
            .init_resource::<bevy::input::mouse::AccumulatedMouseScroll>()
            .init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<bevy_egui::input::EguiWantsInput>()
            .insert_resource(crate::systems::AnimationSpeed(speed))
            .add_plugins((
                crate::systems::order_frame,
                crate::plugins::table::camera::plugin,
            ))
            .add_systems(Update, follow_the_view.in_set(Frame::Animate));
        app.world_mut()
            .spawn((PileAnchor { yaw: 0.0 }, Transform::default()));
        app.update();
        app
    }

    fn yaws(app: &mut App) -> (f32, f32, bool) {
        let mut cams = app.world_mut().query::<(&OrbitCamera, Option<&Turning>)>();
        let (cam, turning) = cams.single(app.world()).unwrap();
        let (cam, turning) = (cam.yaw, turning.is_some());
        let mut anchors = app.world_mut().query::<&PileAnchor>();
        (cam, anchors.single(app.world()).unwrap().yaw, turning)
    }

    /// Turn the view to `yaw` as `seat_view` does when the turn passes to another human seat.
    fn swing_to(app: &mut App, yaw: f32) {
        let from = app.world().resource::<FrameTarget>().yaw;
        app.world_mut()
            .resource_mut::<FrameTarget>()
            .bypass_change_detection()
            .yaw = yaw;
        let mut cams = app
            .world_mut()
            .query_filtered::<Entity, With<OrbitCamera>>();
        let cam = cams.single(app.world()).unwrap();
        app.world_mut()
            .entity_mut(cam)
            .insert(Turning { left: yaw - from });
    }

    #[test]
    fn the_piles_swing_round_with_the_camera_at_any_animation_speed() {
        for speed in [1.0, 2.5] {
            let mut app = camera_app(speed);
            let quarter = std::f32::consts::FRAC_PI_2;
            swing_to(&mut app, quarter);
            let mut turning_frames = 0;
            for _ in 0..80 {
                app.update();
                let (cam, piles, turning) = yaws(&mut app);
                assert!((cam - piles).abs() < 1e-4, "camera {cam}, piles {piles}");
                turning_frames += usize::from(turning);
            }
            assert!(turning_frames > 2, "the camera never turned");
            let (cam, piles, turning) = yaws(&mut app);
            assert!(!turning && (piles - quarter).abs() < 1e-4, "{cam} {piles}");
        }
    }

    #[test]
    fn a_reset_during_a_swing_puts_the_piles_where_the_camera_goes() {
        let mut app = camera_app(1.0);
        swing_to(&mut app, std::f32::consts::PI);
        app.update();
        let (_, halfway, _) = yaws(&mut app);
        assert!(halfway > 0.0 && halfway < 3.0, "{halfway}");
        crate::systems::tap(&mut app, KeyCode::KeyR);
        app.update();
        let (cam, piles, _) = yaws(&mut app);
        assert!((cam - piles).abs() < 1e-4 && (piles - std::f32::consts::PI).abs() < 1e-4);
        // Orbiting by hand leaves the piles where they lie.
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::ArrowLeft);
        for _ in 0..5 {
            app.update();
        }
        let (cam, piles, _) = yaws(&mut app);
        assert!(cam > piles + 0.1, "camera {cam}, piles {piles}");
    }

    #[test]
    fn a_click_on_the_discard_pile_discards_the_picked_card_and_nothing_else() {
        let (s, seat) = at_play(1);
        let card = s.hand(seat)[0];
        assert_eq!(
            click_pile(&s, seat, Some(card), CardPile::Discard),
            TileClick::Play(Action::Discard { card })
        );
        // No card picked; the draw pile; the other seat; a card not held.
        let said = |c: TileClick| match c {
            TileClick::Explain(why) => why,
            other => panic!("{other:?} instead of a reason"),
        };
        assert!(said(click_pile(&s, seat, None, CardPile::Discard)).starts_with("pick a card"));
        assert!(said(click_pile(&s, seat, Some(card), CardPile::Draw)).contains("drawn for you"));
        let other = 1 - seat;
        assert_eq!(
            said(click_pile(
                &s,
                other,
                s.hand(other).first().copied(),
                CardPile::Discard
            )),
            format!("it is Player {}'s turn", seat + 1)
        );
        let missing = Card::KINDS
            .into_iter()
            .find(|k| !s.hand(seat).contains(k))
            .unwrap();
        assert_eq!(
            said(click_pile(&s, seat, Some(missing), CardPile::Discard)),
            format!("you hold no {}", missing.name())
        );
    }

    #[test]
    fn after_the_card_is_played_the_discard_pile_says_why_it_takes_no_other() {
        let (mut s, seat) = at_play(2);
        let card = s.hand(seat)[0];
        s.apply(seat, &Action::Discard { card }).unwrap();
        assert_eq!(s.phase(), Phase::Move);
        assert_eq!(
            click_pile(&s, seat, None, CardPile::Discard),
            TileClick::Explain("you have already played your card this turn".into())
        );
    }

    #[test]
    fn the_piles_tips_count_their_cards_and_name_the_top_card() {
        let (mut s, seat) = at_play(3);
        let dealt = s.pile_count();
        assert_eq!(
            pile_tip(&s, CardPile::Draw),
            format!(
                "Draw pile: {dealt} cards, face down. Each turn begins with a card drawn from it; \
                 when it is empty, the discard pile becomes the new draw pile."
            )
        );
        assert_eq!(
            pile_tip(&s, CardPile::Discard),
            "Discard pile: empty. Pick a card in your hand and click here to discard it."
        );
        let card = s.hand(seat)[0];
        s.apply(seat, &Action::Discard { card }).unwrap();
        assert_eq!(
            pile_tip(&s, CardPile::Discard),
            format!(
                "Discard pile: 1 card, the {} on top. Pick a card in your hand and click here to \
                 discard it.",
                card.name()
            )
        );
    }

    #[test]
    fn every_kind_of_card_shows_a_face_of_the_atlas() {
        let mut meshes = Assets::<Mesh>::default();
        let quads = atlas_quads(FACES, &mut meshes);
        assert!(quads.contains_key("back"));
        for card in Card::KINDS {
            let (name, _) = icon_of(card);
            assert!(
                quads.contains_key(name),
                "{card:?} shows {name}, not in the atlas"
            );
        }
    }

    /// From every side at 2-4 players, the piles and the discard pile's glowing frame lie on the
    /// round table, a little in from its rim.
    #[test]
    fn the_piles_lie_on_the_table() {
        for players in 2..=4 {
            let (s, yaws) = views(players);
            let (rows, cols) = (s.rows(), s.cols());
            let rim = table_radius(rows, cols);
            for yaw in yaws {
                for pile in [CardPile::Draw, CardPile::Discard] {
                    let r = footprint(rows, cols, pile, yaw);
                    for corner in [
                        r.min,
                        r.max,
                        Vec2::new(r.min.x, r.max.y),
                        Vec2::new(r.max.x, r.min.y),
                    ] {
                        let d = corner.length();
                        assert!(
                            d < rim - 0.2,
                            "{pile:?} pile, {players} players: {d} of {rim}"
                        );
                    }
                }
            }
        }
    }
}
