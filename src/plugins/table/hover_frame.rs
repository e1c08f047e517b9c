//! A thin lit frame round the square under the pointer, on the boards whose squares a click plays
//! on (Sprawl, Ice Colony, Ice Castle), while a human seat may play: the square a click would
//! take is plain even where a tall piece hides it. A game registers, per kind of table entity (a
//! square, a piece on one), where that entity's square lies.

use bevy::prelude::*;
use hoarfrost_rules::record::Recorded;

use crate::plugins::core::screens::TurnPhase;
use crate::plugins::session::Session;
use crate::systems::TableEntity;

/// A square of the board: its centre on the table and its width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    pub centre: Vec3,
    pub width: f32,
}

/// Where the square of an entity with component `C` lies in game `G`'s current position.
pub type SpotOf<G, C> = fn(&G, &C) -> Option<Spot>;

/// The square under the pointer, and the entity that named it.
#[derive(Resource, Default, Debug)]
pub struct Pointed(pub Option<(Entity, Spot)>);

/// The frame itself: on the table while a square is pointed at, gone otherwise.
#[derive(Component)]
pub struct HoverFrame;

/// Where the frame's four bars lie in a square of width 1: the bars' centres and sizes.
const BARS: [(Vec3, Vec3); 4] = [
    (Vec3::new(0.0, 0.0, -0.455), Vec3::new(1.0, 0.02, 0.09)),
    (Vec3::new(0.0, 0.0, 0.455), Vec3::new(1.0, 0.02, 0.09)),
    (Vec3::new(-0.455, 0.0, 0.0), Vec3::new(0.09, 0.02, 1.0)),
    (Vec3::new(0.455, 0.0, 0.0), Vec3::new(0.09, 0.02, 1.0)),
];

/// How far above the square's centre the frame floats: over the tile, under a piece's base.
const LIFT: f32 = 0.06;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Pointed>()
        .add_systems(Startup, make_frame)
        .add_systems(
            PostUpdate,
            place_frame.before(bevy::transform::TransformSystems::Propagate),
        );
}

/// Outline the square of every table entity with component `C` in game `G`, where `spot` says.
pub fn outline<G: Recorded, C: Component>(spot: SpotOf<G, C>) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.add_observer(
            move |over: On<Pointer<Over>>,
                  marked: Query<&C>,
                  session: Option<Res<Session<G>>>,
                  mut pointed: ResMut<Pointed>| {
                let (Ok(c), Some(session)) = (marked.get(over.entity), session) else {
                    return;
                };
                if let Some(s) = spot(&session.state, c) {
                    pointed.0 = Some((over.entity, s));
                }
            },
        )
        .add_observer(|out: On<Pointer<Out>>, mut pointed: ResMut<Pointed>| {
            if pointed.0.is_some_and(|(e, _)| e == out.entity) {
                pointed.0 = None;
            }
        });
    }
}

/// The frame's bars and their colour, made once.
#[derive(Resource)]
pub struct FrameKit {
    bars: Vec<Handle<Mesh>>,
    material: Handle<StandardMaterial>,
}

fn make_frame(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(FrameKit {
        bars: BARS
            .iter()
            .map(|(_, size)| meshes.add(Cuboid::from_size(*size)))
            .collect(),
        material: materials.add(StandardMaterial {
            base_color: Color::srgb(1.0, 0.86, 0.35),
            unlit: true,
            ..default()
        }),
    });
}

/// Put the frame on the pointed square while a human may play and that square's entity is still
/// on the table (a redraw replaces the pieces under the pointer); take it away otherwise. It is
/// there only while shown, so it never counts among the pieces drawn when nobody points.
pub fn place_frame(
    mut commands: Commands,
    mut pointed: ResMut<Pointed>,
    phase: Option<Res<State<TurnPhase>>>,
    alive: Query<()>,
    kit: Option<Res<FrameKit>>,
    mut frame: Query<(Entity, &mut Transform), With<HoverFrame>>,
) {
    if pointed.0.is_some_and(|(e, _)| !alive.contains(e)) {
        pointed.0 = None;
    }
    let playing = phase.is_some_and(|p| *p.get() == TurnPhase::HumanToAct);
    let want = match pointed.0 {
        Some((_, spot)) if playing => Some(
            Transform::from_translation(spot.centre + Vec3::Y * LIFT)
                .with_scale(Vec3::new(spot.width, 1.0, spot.width)),
        ),
        _ => None,
    };
    match (want, frame.single_mut()) {
        (Some(want), Ok((_, mut transform))) => {
            transform.set_if_neq(want);
        }
        (Some(want), Err(_)) => {
            let Some(kit) = kit else { return };
            commands
                .spawn((
                    Name::new("Hover frame"),
                    HoverFrame,
                    TableEntity,
                    want,
                    Visibility::default(),
                ))
                .with_children(|frame| {
                    for ((at, _), mesh) in BARS.iter().zip(&kit.bars) {
                        frame.spawn((
                            Mesh3d(mesh.clone()),
                            MeshMaterial3d(kit.material.clone()),
                            Transform::from_translation(*at),
                            Pickable::IGNORE,
                        ));
                    }
                });
        }
        (None, _) => {
            for (e, _) in &frame {
                commands.entity(e).despawn();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::seats::SeatKind;
    use crate::plugins::core::testing::pick_test::{hover, leave};
    use hoarfrost_rules::sprawl::{Setup, Sprawl};

    /// A square of the test's table: it lies at [`SPOT`] whatever the position.
    #[derive(Component)]
    struct TestSquare;

    const SPOT: Spot = Spot {
        centre: Vec3::new(1.0, 0.0, -2.0),
        width: 1.3,
    };

    /// A headless Sprawl table with the frame, whose seats from the first mover on are `kinds`, and
    /// one square entity (b3) on it.
    fn table(kinds: [SeatKind; 3]) -> (App, Entity) {
        let state = Sprawl::new(&Setup::new(3, 2)).unwrap();
        let first = state.current_player();
        let mut seats = vec![SeatKind::Human; 3];
        for (i, kind) in kinds.into_iter().enumerate() {
            seats[(first + i) % 3] = kind;
        }
        let mut app = crate::plugins::session::test_app::<Sprawl>();
        app.init_resource::<Assets<Mesh>>()
            .init_resource::<Assets<StandardMaterial>>()
            .add_plugins((plugin, outline::<Sprawl, TestSquare>(|_, _| Some(SPOT))))
            .insert_resource(Session::new(state, seats, 2));
        crate::systems::start_playing(&mut app);
        let square = app.world_mut().spawn(TestSquare).id();
        (app, square)
    }

    /// Where the frame stands, if it is on the table.
    fn frame(app: &mut App) -> Option<Transform> {
        let mut q = app
            .world_mut()
            .query_filtered::<&Transform, With<HoverFrame>>();
        let frames: Vec<Transform> = q.iter(app.world()).copied().collect();
        assert!(frames.len() <= 1, "one frame at most");
        frames.first().copied()
    }

    #[test]
    fn the_square_under_the_pointer_is_framed_while_a_human_may_play_there() {
        let (mut app, square) = table([SeatKind::Human, SeatKind::Ai, SeatKind::Ai]);
        assert_eq!(frame(&mut app), None, "nothing pointed at");
        hover(app.world_mut(), square);
        app.update();
        let t = frame(&mut app).expect("the pointed square is framed");
        let spot = SPOT;
        assert!(t.translation.distance(spot.centre + Vec3::Y * LIFT) < 1e-5);
        assert_eq!(t.scale.x, spot.width);
        leave(app.world_mut(), square);
        app.update();
        assert_eq!(frame(&mut app), None, "the pointer left");
        // A square redrawn under the pointer: the old entity's frame goes with it.
        hover(app.world_mut(), square);
        app.update();
        app.world_mut().despawn(square);
        app.update();
        assert_eq!(frame(&mut app), None, "its square was redrawn");
    }

    #[test]
    fn no_square_is_framed_while_an_ai_seat_plays() {
        let (mut app, square) = table([SeatKind::Ai, SeatKind::Human, SeatKind::Human]);
        hover(app.world_mut(), square);
        app.update();
        assert_eq!(
            *app.world().resource::<State<TurnPhase>>().get(),
            TurnPhase::AiToAct
        );
        assert_eq!(frame(&mut app), None);
    }
}
