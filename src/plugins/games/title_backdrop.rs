//! Behind the title screen's menu: a round ice table with a little of each game on it (an IceTowers
//! tower, a Sprawl tower and its branches, a fortress room on pillar dice, Ice Castle's door tiles,
//! Ice Colony's terrain). The camera turns to show the game picked in the menu beside it, swaying a
//! little. It is cleared when a game starts, and the camera goes back to the game's own view.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::prelude::*;
use hoarfrost_rules::ice_castle::Colour;
use hoarfrost_rules::sprawl::Dir;
use hoarfrost_rules::{GameKind, Hue};

use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::palette;
use crate::plugins::core::screens::Screen;
use crate::plugins::games::ice_castle::table::door_colour;
use crate::plugins::games::ice_colony::table::SQUARE as COLONY_SQUARE;
use crate::plugins::games::sprawl::table::{DARK_SQUARE, LIGHT_SQUARE, SPACING, branch_transform};
use crate::plugins::session::new_game::SetupChoice;
use crate::plugins::table::camera::{FrameTarget, OrbitCamera};
use crate::plugins::table::graphics::TableTop;
use crate::plugins::table::pyramid::size;
use crate::plugins::table::pyramid::stack_heights;
use crate::systems::dice::{DiceAssets, die_bundle};

/// Everything the backdrop spawned.
#[derive(Component)]
struct Backdrop;

/// The table's radius, and how far from its middle the five games stand.
const TABLE_RADIUS: f32 = 8.6;
const RING: f32 = 6.2;
/// How much larger than on the game tables the props stand, to be seen round the menu.
const GROW: f32 = 1.3;
/// The table top: whiter than the sky behind it.
const TABLE_TOP: Color = Color::srgb(0.86, 0.91, 0.95);
/// How far the camera sways either side of the game picked, in radians, and how fast.
const SWAY: f32 = 0.2;
const SWAY_RATE: f32 = 0.25;
/// How quickly the camera turns to a newly picked game: the share of the way left that remains
/// after a second is `exp(-TURN_EASE)`.
const TURN_EASE: f32 = 1.5;

/// One thing on the backdrop's table.
#[derive(Clone, Debug, PartialEq)]
pub enum Prop {
    /// A pyramid of a colour, placed by a transform of the unit pyramid (base on its origin).
    Pyramid(Hue, Transform),
    /// A die showing a value, its centre and size.
    Die(u8, Vec3, f32),
    /// A flat slab (a room card, a door tile, a terrain square): colour, and a transform of the unit
    /// cube (its scale the slab's size).
    Slab(Color, Transform),
}

/// A pyramid of `pips` standing at `at`.
fn standing(hue: Hue, pips: u8, at: Vec3) -> Prop {
    let (w, h) = size(pips);
    Prop::Pyramid(
        hue,
        Transform::from_translation(at).with_scale(Vec3::new(w, h, w)),
    )
}

/// A slab of `colour` and `extent` centred at `at`.
fn slab(colour: Color, at: Vec3, extent: Vec3) -> Prop {
    Prop::Slab(colour, Transform::from_translation(at).with_scale(extent))
}

/// A tower of `pips` (bottom first) standing at `at`, nested as IceTowers stacks them.
fn tower(hue: Hue, pips: &[u8], at: Vec3) -> Vec<Prop> {
    stack_heights(pips)
        .into_iter()
        .zip(pips)
        .map(|(y, &p)| standing(hue, p, at + Vec3::Y * y))
        .collect()
}

/// Each game's corner of the table, around its own middle (the origin), facing the middle of the
/// table along -Z, in the order of [`corner`].
fn vignettes() -> [Vec<Prop>; 5] {
    [
        icetowers_corner(),
        sprawl_corner(),
        fortress_corner(),
        castle_corner(),
        colony_corner(),
    ]
}

/// The `i`th of four squares `step` apart in a 2x2 block round the origin, at height `y`.
fn two_by_two(i: usize, step: f32, y: f32) -> Vec3 {
    let along = |k: usize| (k as f32 - 0.5) * step;
    Vec3::new(along(i % 2), y, along(i / 2))
}

/// Three IceTowers towers: red 3-2-1, yellow 3-2 and a green small.
fn icetowers_corner() -> Vec<Prop> {
    [
        tower(Hue::Red, &[3, 2, 1], Vec3::new(-0.7, 0.0, 0.0)),
        tower(Hue::Yellow, &[3, 2], Vec3::new(0.6, 0.0, -0.3)),
        vec![standing(Hue::Green, 1, Vec3::new(0.3, 0.0, 0.9))],
    ]
    .concat()
}

/// Sprawl at its own table's scale (squares `SPACING` wide), then made smaller: a corner of the
/// chessboard, a yellow tower with two branches lying out of it, and a blue tower.
fn sprawl_corner() -> Vec<Prop> {
    let square = |c: f32, r: f32| Vec3::new(c * SPACING, 0.05, r * SPACING);
    let mut props: Vec<Prop> = (0..6)
        .map(|i| {
            let (c, r) = ((i % 3) as f32 - 1.0, (i / 3) as f32 - 1.0);
            let light = (i % 3 + i / 3) % 2 == 0;
            slab(
                if light { LIGHT_SQUARE } else { DARK_SQUARE },
                square(c, r) - Vec3::Y * 0.025,
                Vec3::new(SPACING, 0.05, SPACING),
            )
        })
        .collect();
    props.extend([
        standing(Hue::Yellow, 3, square(-1.0, 0.0)),
        Prop::Pyramid(
            Hue::Yellow,
            branch_transform(square(0.0, 0.0), 3, Dir::East),
        ),
        Prop::Pyramid(
            Hue::Yellow,
            branch_transform(square(-1.0, -1.0), 2, Dir::North),
        ),
        standing(Hue::Blue, 2, square(1.0, -1.0)),
    ]);
    moved(props, Transform::from_scale(Vec3::splat(0.6)))
}

/// A room card on four pillar dice, one more die rolled beside it.
fn fortress_corner() -> Vec<Prop> {
    let die = 0.34;
    let (card, middle) = (Vec2::new(1.5, 1.0), Vec3::new(0.0, 0.0, -0.2));
    let mut props: Vec<Prop> = [
        (-1.0, -1.0, 3),
        (1.0, -1.0, 5),
        (-1.0, 1.0, 2),
        (1.0, 1.0, 6),
    ]
    .into_iter()
    .map(|(x, z, v)| {
        let inset = Vec3::new(
            x * (card.x / 2.0 - 0.2),
            die / 2.0,
            z * (card.y / 2.0 - 0.2),
        );
        Prop::Die(v, middle + inset, die)
    })
    .collect();
    props.push(slab(
        Color::srgb(0.90, 0.86, 0.72),
        middle + Vec3::Y * (die + 0.03),
        Vec3::new(card.x, 0.06, card.y),
    ));
    props.push(Prop::Die(4, Vec3::new(0.9, die / 2.0, 0.9), die));
    props
}

/// Four closed door tiles of Ice Castle, each with its dark door.
fn castle_corner() -> Vec<Prop> {
    let colours = [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue];
    colours
        .into_iter()
        .enumerate()
        .flat_map(|(i, colour)| {
            let at = two_by_two(i, 1.05, 0.04);
            [
                slab(door_colour(colour, false), at, Vec3::new(0.95, 0.08, 0.95)),
                slab(
                    Color::srgb(0.12, 0.12, 0.14),
                    at + Vec3::new(0.0, 0.045, -0.05),
                    Vec3::new(0.34, 0.01, 0.55),
                ),
            ]
        })
        .collect()
}

/// Ice Colony's terrain squares with pyramids on them, and a fate die.
fn colony_corner() -> Vec<Prop> {
    let terrain = [
        (Hue::Purple, 3),
        (Hue::Orange, 2),
        (Hue::White, 3),
        (Hue::Black, 1),
    ];
    let mut props: Vec<Prop> = terrain
        .into_iter()
        .enumerate()
        .flat_map(|(i, (hue, pips))| {
            let at = two_by_two(i, 1.1, 0.0);
            [
                slab(
                    COLONY_SQUARE,
                    at + Vec3::Y * 0.03,
                    Vec3::new(1.0, 0.06, 1.0),
                ),
                standing(hue, pips, at + Vec3::Y * 0.06),
            ]
        })
        .collect();
    props.push(Prop::Die(6, Vec3::new(1.4, 0.17, 0.2), 0.34));
    props
}

/// Every prop on the table: the five corners evenly round the ring, each turned to face the middle.
pub fn props() -> Vec<Prop> {
    let mut all = Vec::new();
    for (i, corner) in vignettes().into_iter().enumerate() {
        let angle = FRAC_PI_2 + TAU * i as f32 / 5.0;
        let at = Vec3::new(angle.cos(), 0.0, angle.sin()) * RING;
        // Local -Z (the corner's back) points away from the middle, +Z towards it.
        let turn = Quat::from_rotation_y(-angle - FRAC_PI_2);
        let place = Transform::from_translation(at)
            .with_rotation(turn)
            .with_scale(Vec3::splat(GROW));
        all.extend(moved(corner, place));
    }
    all
}

/// `props` moved, turned and scaled (evenly) by `by`.
fn moved(props: Vec<Prop>, by: Transform) -> Vec<Prop> {
    props
        .into_iter()
        .map(|prop| match prop {
            Prop::Pyramid(hue, t) => Prop::Pyramid(hue, by * t),
            Prop::Die(v, c, s) => Prop::Die(v, by.transform_point(c), s * by.scale.x),
            Prop::Slab(colour, t) => Prop::Slab(colour, by * t),
        })
        .collect()
}

/// The camera's view of the backdrop from `yaw`: looking down a little from a point 2.2 towards
/// the camera's side of the table, far enough back for the whole table to show (tested).
pub fn view(yaw: f32) -> OrbitCamera {
    OrbitCamera {
        focus: Quat::from_rotation_y(yaw) * Vec3::new(0.0, 0.0, 2.2),
        yaw,
        pitch: 0.7,
        distance: 15.5,
    }
}

/// Where `game`'s corner stands in [`vignettes`].
fn corner(game: GameKind) -> usize {
    match game {
        GameKind::IceTowers => 0,
        GameKind::Sprawl => 1,
        GameKind::IceFortress => 2,
        GameKind::IceCastle => 3,
        GameKind::IceColony => 4,
    }
}

/// The camera's yaw that shows `game`'s corner to the left of the menu, a little towards the front.
pub fn aim(game: GameKind) -> f32 {
    // A corner at angle `a` round the table is seen from the front at yaw `PI / 2 - a`; turned
    // 75 degrees further it stands at the window's left.
    let a = FRAC_PI_2 + TAU * corner(game) as f32 / 5.0;
    FRAC_PI_2 - a + 75f32.to_radians()
}

/// The yaw `dt` seconds on from `from` towards `to`, the short way round, easing in.
pub fn turn_towards(from: f32, to: f32, dt: f32) -> f32 {
    let left = (to - from + PI).rem_euclid(TAU) - PI;
    from + left * (1.0 - (-TURN_EASE * dt).exp())
}

pub(crate) fn plugin(app: &mut App) {
    // Spawned in the first frame of the title screen that has the dice loaded (the first title
    // screen comes up before the app's start-up systems have run). A game `--game` starts is on
    // the table before the first frame's update, so its title screen never spawns one; the title
    // screen it comes back to (or a refused launch's) does.
    app.add_systems(
        Update,
        spawn.run_if(
            in_state(Screen::Title)
                .and_then(not(any_with_component::<Backdrop>))
                .and_then(resource_exists::<DiceAssets>)
                .and_then(|o: Res<LaunchOptions>| o.bench.is_none() && o.soak.is_none()),
        ),
    )
    .add_systems(
        Update,
        turn.in_set(crate::systems::Frame::Input)
            .run_if(in_state(Screen::Title).and_then(any_with_component::<Backdrop>)),
    )
    .add_systems(OnExit(Screen::Title), clear);
}

fn spawn(
    mut commands: Commands,
    assets: Res<AssetServer>,
    dice: Res<DiceAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    choice: Res<SetupChoice>,
    mut cams: Query<&mut OrbitCamera>,
) {
    for mut cam in &mut cams {
        *cam = view(aim(choice.game));
    }
    commands.spawn((
        Name::new("Backdrop table"),
        Backdrop,
        // Hidden at low quality, as the game tables' tops are: a surface lit and shadowed across
        // most of the window cut a software renderer's frame rate by four.
        TableTop,
        Mesh3d(meshes.add(Cylinder::new(TABLE_RADIUS, 0.2).mesh().resolution(96))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: TABLE_TOP,
            perceptual_roughness: 0.6,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.1, 0.0),
    ));
    let pyramid: Handle<Mesh> = assets.load(
        GltfAssetLabel::Primitive {
            mesh: 0,
            primitive: 0,
        }
        .from_asset("models/pyramid.gltf"),
    );
    let mut hue_materials = std::collections::HashMap::new();
    let slab = meshes.add(Cuboid::new(1.0, 1.0, 1.0));
    for prop in props() {
        match prop {
            Prop::Pyramid(hue, transform) => {
                let material = hue_materials
                    .entry(hue)
                    .or_insert_with(|| {
                        materials.add(StandardMaterial {
                            base_color: palette::hue_color(hue),
                            base_color_texture: Some(assets.load(palette::marking_path(hue))),
                            perceptual_roughness: 0.35,
                            reflectance: 0.6,
                            ..default()
                        })
                    })
                    .clone();
                commands.spawn((
                    Backdrop,
                    Mesh3d(pyramid.clone()),
                    MeshMaterial3d(material),
                    transform,
                ));
            }
            Prop::Die(value, at, size) => {
                commands.spawn((Backdrop, die_bundle(&dice, value, at, size)));
            }
            Prop::Slab(colour, transform) => {
                commands.spawn((
                    Backdrop,
                    Mesh3d(slab.clone()),
                    MeshMaterial3d(materials.add(StandardMaterial {
                        base_color: colour,
                        perceptual_roughness: 0.7,
                        ..default()
                    })),
                    transform,
                ));
            }
        }
    }
}

/// The camera turns to the game picked and sways slowly about it (the view is set whole each
/// frame: a new table's framing on the first frame would otherwise stand).
fn turn(time: Res<Time>, choice: Res<SetupChoice>, mut cams: Query<&mut OrbitCamera>) {
    let to = aim(choice.game) + SWAY * (time.elapsed_secs() * SWAY_RATE).sin();
    for mut cam in &mut cams {
        *cam = view(turn_towards(cam.yaw, to, time.delta_secs()));
    }
}

/// A game starts: the backdrop goes and the camera frames the game's table.
fn clear(
    mut commands: Commands,
    backdrop: Query<Entity, With<Backdrop>>,
    target: Res<FrameTarget>,
    mut cams: Query<&mut OrbitCamera>,
) {
    if backdrop.is_empty() {
        return;
    }
    for e in &backdrop {
        commands.entity(e).despawn();
    }
    for mut cam in &mut cams {
        *cam = OrbitCamera::framing(*target);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::table::camera::{circle_out_of_view, view_slopes};

    #[test]
    fn every_prop_stands_on_the_table_and_each_game_has_its_corner() {
        let all = props();
        let centres: Vec<Vec3> = all
            .iter()
            .map(|p| match p {
                Prop::Pyramid(_, t) | Prop::Slab(_, t) => t.translation,
                Prop::Die(_, c, _) => *c,
            })
            .collect();
        for c in &centres {
            let out = Vec2::new(c.x, c.z).length();
            assert!(
                out < TABLE_RADIUS - 0.5,
                "a prop {out} from the middle: off the table"
            );
            assert!(c.y >= -1e-4, "a prop below the table top: {c}");
        }
        // Five corners, evenly round the ring: each fifth of the circle holds some props.
        for i in 0..5 {
            let angle = FRAC_PI_2 + TAU * i as f32 / 5.0;
            let at = Vec3::new(angle.cos(), 0.0, angle.sin()) * RING;
            let near = centres.iter().filter(|c| c.distance(at) < 2.0).count();
            assert!(near >= 3, "corner {i} has {near} props");
        }
        assert!(all.iter().any(|p| matches!(p, Prop::Die(..))));
        assert!(all.iter().any(|p| matches!(p, Prop::Slab(..))));
    }

    /// A headless app with the title screen up, this plugin and the camera's orbit, but no dice yet.
    fn title_app(options: LaunchOptions) -> App {
        use bevy::state::app::StatesPlugin;
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            StatesPlugin,
            bevy::asset::AssetPlugin::default(),
        ))
        .init_asset::<Mesh>()
        .init_asset::<StandardMaterial>()
        .init_asset::<Image>()
        .init_resource::<FrameTarget>()
        .insert_resource(SetupChoice::new(
            GameKind::IceFortress,
            &[
                crate::plugins::core::seats::SeatKind::Human,
                crate::plugins::core::seats::SeatKind::Ai,
            ],
            1,
        ))
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(200),
        ))
        .insert_resource(options)
        .init_resource::<crate::plugins::core::notice::Notice>()
        .add_plugins((crate::plugins::core::screens::plugin, plugin))
        .add_systems(Startup, crate::plugins::ui::title::start_from_command_line);
        app.world_mut()
            .spawn(OrbitCamera::framing(FrameTarget::default()));
        app.update();
        app
    }

    fn backdrop(app: &mut App) -> usize {
        let world = app.world_mut();
        world.query::<&Backdrop>().iter(world).count()
    }

    fn camera(app: &mut App) -> OrbitCamera {
        let world = app.world_mut();
        world.query::<&OrbitCamera>().single(world).unwrap().clone()
    }

    #[test]
    fn the_backdrop_waits_for_the_dice_and_goes_when_a_game_starts() {
        let mut app = title_app(LaunchOptions::default());
        app.update();
        assert_eq!(backdrop(&mut app), 0, "spawned before the dice were loaded");
        app.insert_resource(DiceAssets {
            mesh: Handle::default(),
            material: Handle::default(),
        });
        app.update();
        app.update();
        // The table, and every prop.
        assert_eq!(backdrop(&mut app), 1 + props().len());
        assert_eq!(camera(&mut app).distance, view(0.0).distance);
        // The camera turns to the game picked, and stays near it.
        let near = |app: &mut App, game| {
            let off = (camera(app).yaw - aim(game) + PI).rem_euclid(TAU) - PI;
            off.abs() < SWAY + 0.05
        };
        assert!(near(&mut app, GameKind::IceFortress));
        app.world_mut().resource_mut::<SetupChoice>().game = GameKind::Sprawl;
        app.update();
        assert!(!near(&mut app, GameKind::Sprawl), "the camera jumped");
        for _ in 0..30 {
            app.update();
        }
        assert!(near(&mut app, GameKind::Sprawl), "the camera did not turn");
        app.update();
        assert_eq!(backdrop(&mut app), 1 + props().len(), "spawned twice");
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        app.update();
        assert_eq!(backdrop(&mut app), 0, "the backdrop stayed into the game");
        assert_eq!(
            camera(&mut app),
            OrbitCamera::framing(FrameTarget::default())
        );
        // Back on the title screen, it comes back.
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Title);
        app.update();
        app.update();
        assert_eq!(backdrop(&mut app), 1 + props().len());
    }

    #[test]
    fn no_backdrop_while_the_command_line_starts_a_game_or_a_measurement() {
        let dice = |app: &mut App| {
            app.insert_resource(DiceAssets {
                mesh: Handle::default(),
                material: Handle::default(),
            });
            app.update();
            app.update();
        };
        let mut soak = title_app(LaunchOptions {
            soak: Some(60),
            ..default()
        });
        dice(&mut soak);
        assert_eq!(backdrop(&mut soak), 0, "a soak run");
        // A game the command line starts goes straight to the table...
        let sprawl = |seats: usize| LaunchOptions {
            game: Some(GameKind::Sprawl),
            seats: Some(vec![crate::plugins::core::seats::SeatKind::Ai; seats]),
            ..default()
        };
        let mut app = title_app(sprawl(3));
        dice(&mut app);
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Playing
        );
        assert_eq!(
            backdrop(&mut app),
            0,
            "a game started from the command line"
        );
        // ...and the title screen it comes back to has its backdrop, as has one where the launch
        // was refused (a scene that cannot be read, seats the game does not take).
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Title);
        app.update();
        app.update();
        assert_eq!(backdrop(&mut app), 1 + props().len(), "back from the game");
        let mut refused = title_app(sprawl(2));
        dice(&mut refused);
        assert_eq!(
            *refused.world().resource::<State<Screen>>().get(),
            Screen::Title
        );
        assert_eq!(
            backdrop(&mut refused),
            1 + props().len(),
            "a launch refused"
        );
    }

    #[test]
    fn each_games_corner_is_shown_beside_the_menu_in_front_of_the_camera() {
        let games = [
            GameKind::IceFortress,
            GameKind::Sprawl,
            GameKind::IceCastle,
            GameKind::IceColony,
            GameKind::IceTowers,
        ];
        let all = vignettes();
        for game in games {
            let camera = view(aim(game));
            let eye = camera.transform().translation;
            assert!(eye.length() > TABLE_RADIUS, "inside the table");
            // The corner's middle, seen from the camera: in front, and to the left by more than
            // the menu's half-width (about 0.27 in slope at any window size) and less than the
            // view's (0.41 vertical half-angle tan times the 16:9 aspect, 0.74).
            let angle = FRAC_PI_2 + TAU * corner(game) as f32 / 5.0;
            let middle = Vec3::new(angle.cos(), 0.0, angle.sin()) * RING;
            let seen = view_slopes(&camera, middle).expect("in front of the camera");
            assert!(
                (-0.7..-0.3).contains(&seen.x),
                "{game:?}: at slope {}",
                seen.x
            );
            assert!(!all[corner(game)].is_empty());
        }
    }

    #[test]
    fn the_whole_table_is_in_view_at_every_sway() {
        // The table's rim, seen from every game's view swayed either way, falls inside a 16:9
        // window (so nothing is cut off by the window's edges).
        for game in [GameKind::IceFortress, GameKind::Sprawl, GameKind::IceTowers] {
            for sway in [-SWAY, 0.0, SWAY] {
                let out = circle_out_of_view(&view(aim(game) + sway), Vec3::ZERO, TABLE_RADIUS);
                assert_eq!(
                    out, None,
                    "{game:?} swayed {sway}: (angle, slopes) out of view"
                );
            }
        }
    }

    #[test]
    fn the_camera_turns_the_short_way_round_and_settles() {
        // From just short of a full turn to just past zero: forwards across the seam, not back.
        let start = TAU - 0.1;
        let next = turn_towards(start, 0.1, 0.1);
        assert!(next > start, "turned back the long way: {next}");
        let mut yaw = 0.0;
        for _ in 0..100 {
            yaw = turn_towards(yaw, 2.0, 0.1);
        }
        assert!((yaw - 2.0).abs() < 1e-3, "{yaw}");
        assert_eq!(turn_towards(1.0, 2.0, 0.0), 1.0);
    }
}
