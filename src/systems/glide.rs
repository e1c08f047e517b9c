//! Pieces glide to where the rules put them, lifting over the table on the way, instead of jumping.

use bevy::prelude::*;

/// Gliding pieces: those sent on their way by a table, and those redrawn by a table that draws every
/// piece afresh ([`Travels`]). They move in the frame's animation step.
pub fn plugin(app: &mut App) {
    app.init_resource::<Departed>()
        .add_observer(note_departure)
        .add_systems(
            Update,
            (start_travels, glide).chain().in_set(super::Frame::Animate),
        );
}

/// Fraction `t` (0..=1) of a move eased in and out: slow to start, slow to land.
fn eased(t: f32) -> f32 {
    EasingCurve::new(0.0, 1.0, EaseFunction::CubicInOut).sample_clamped(t)
}

/// Seconds a move takes at normal speed.
pub const GLIDE_SECONDS: f32 = 0.45;

/// A move in progress from `from` to `to`.
#[derive(Component, Debug, Clone)]
pub struct Glide {
    pub from: Vec3,
    pub to: Vec3,
    pub elapsed: f32,
    pub duration: f32,
    /// How high the piece lifts at the middle of the move.
    pub lift: f32,
    /// The piece's turn and size at the start and at the end, when they change on the way (a
    /// pyramid laid down as a branch, one taken from a smaller pool onto the board).
    pub reshape: Option<[(Quat, Vec3); 2]>,
}

impl Glide {
    pub fn new(from: Vec3, to: Vec3) -> Self {
        let lift = (from.distance(to) * 0.25).clamp(0.0, 2.0);
        Glide {
            from,
            to,
            elapsed: 0.0,
            duration: GLIDE_SECONDS,
            lift,
            reshape: None,
        }
    }

    /// A move from one whole transform to another: the place glides as in [`Glide::new`], and the
    /// turn and size change along the way when they differ.
    pub fn between(from: &Transform, to: &Transform) -> Self {
        let mut g = Glide::new(from.translation, to.translation);
        let same =
            from.rotation.angle_between(to.rotation) < 1e-3 && from.scale.distance(to.scale) < 1e-3;
        if !same {
            g.reshape = Some([(from.rotation, from.scale), (to.rotation, to.scale)]);
        }
        g
    }

    /// Position at fraction `t` (0..=1) of the move: eased along the line, raised in an arc.
    pub fn at(&self, t: f32) -> Vec3 {
        self.from.lerp(self.to, eased(t)) + Vec3::Y * self.lift * 4.0 * t * (1.0 - t)
    }
}

/// Advance every glide; a finished one snaps to its end and is removed.
pub fn glide(
    time: Res<Time>,
    speed: Res<super::AnimationSpeed>,
    mut commands: Commands,
    mut moving: Query<(Entity, &mut Transform, &mut Glide)>,
) {
    for (entity, mut transform, mut g) in &mut moving {
        g.elapsed += time.delta_secs() * speed.0;
        let t = (g.elapsed / g.duration).min(1.0);
        transform.translation = g.at(t);
        if let Some([(r0, s0), (r1, s1)]) = g.reshape {
            transform.rotation = r0.slerp(r1, eased(t));
            transform.scale = s0.lerp(s1, eased(t));
        }
        if t >= 1.0 {
            commands.entity(entity).remove::<Glide>();
        }
    }
}

/// A piece that glides from where it stood when its table is redrawn. Tables that draw every piece
/// afresh after each action (Sprawl, Ice Colony, Ice Castle) mark their moving pieces with this: the
/// number says which pieces look alike (an owner and a size, say), and a new piece takes the place
/// of a departed one with the same number.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Travels(pub u32);

/// A piece marked [`Travels`] as it was despawned: its look, where it stood, and the glide it was on.
#[derive(Debug, Clone)]
pub struct Departure {
    pub look: u32,
    pub transform: Transform,
    pub glide: Option<Glide>,
}

/// The pieces marked [`Travels`] despawned since the last frame's matching.
#[derive(Resource, Default, Debug)]
pub struct Departed(pub Vec<Departure>);

/// Note where a departing piece stood.
pub fn note_departure(
    gone: On<Remove, Travels>,
    pieces: Query<(&Travels, &Transform, Option<&Glide>)>,
    mut departed: ResMut<Departed>,
) {
    if let Ok((travels, transform, glide)) = pieces.get(gone.entity) {
        departed.0.push(Departure {
            look: travels.0,
            transform: *transform,
            glide: glide.cloned(),
        });
    }
}

/// Which departed piece each new piece takes the place of, by index into `gone`: none for a piece
/// that stands where one of its look stood (nothing moved), else the nearest departed piece of its
/// look not taken yet, nearest pairs first; none when every such piece is taken (it is new).
pub fn pair_up(gone: &[(u32, Vec3)], new: &[(u32, Vec3)]) -> Vec<Option<usize>> {
    const SAME: f32 = 1e-3;
    let mut taken = vec![false; gone.len()];
    let mut settled = vec![false; new.len()];
    for (i, (look, at)) in new.iter().enumerate() {
        let still = (0..gone.len())
            .find(|&j| !taken[j] && gone[j].0 == *look && gone[j].1.distance(*at) < SAME);
        if let Some(j) = still {
            taken[j] = true;
            settled[i] = true;
        }
    }
    let mut pairs: Vec<(f32, usize, usize)> = Vec::new();
    for (i, (look, at)) in new.iter().enumerate() {
        for (j, (was, from)) in gone.iter().enumerate() {
            if !settled[i] && !taken[j] && was == look {
                pairs.push((from.distance(*at), i, j));
            }
        }
    }
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out = vec![None; new.len()];
    for (_, i, j) in pairs {
        if !settled[i] && !taken[j] {
            settled[i] = true;
            taken[j] = true;
            out[i] = Some(j);
        }
    }
    out
}

/// Send each piece drawn this frame on its way from where its departed twin stood (see
/// [`pair_up`]); a twin already gliding to the same place goes on with its glide, unbroken.
/// Departures not taken are forgotten, and so are all of them when the screen has just changed: a
/// table set afresh (a new deal, a game loaded, another game) starts in place, not flying in from
/// the table before it.
pub fn start_travels(
    mut departed: ResMut<Departed>,
    screen: Option<Res<State<crate::plugins::core::screens::Screen>>>,
    mut commands: Commands,
    mut arrived: Query<(Entity, &Travels, &mut Transform), Added<Travels>>,
) {
    if departed.0.is_empty() {
        return;
    }
    if screen.is_some_and(|s| s.is_changed()) {
        departed.0.clear();
        return;
    }
    let gone: Vec<(u32, Vec3)> = departed
        .0
        .iter()
        .map(|d| (d.look, d.transform.translation))
        .collect();
    let new: Vec<(Entity, u32, Vec3)> = arrived
        .iter()
        .map(|(e, k, t)| (e, k.0, t.translation))
        .collect();
    let looks: Vec<(u32, Vec3)> = new.iter().map(|&(_, k, at)| (k, at)).collect();
    for ((entity, _, _), from) in new.iter().zip(pair_up(&gone, &looks)) {
        let Some(j) = from else { continue };
        let Ok((_, _, mut transform)) = arrived.get_mut(*entity) else {
            continue;
        };
        let twin = &departed.0[j];
        let glide = match &twin.glide {
            Some(g) if g.to.distance(transform.translation) < 1e-3 => g.clone(),
            _ => Glide::between(&twin.transform, &transform),
        };
        commands.entity(*entity).insert(glide);
        *transform = twin.transform;
    }
    departed.0.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_and_ends_where_told_and_lifts_between() {
        let g = Glide::new(Vec3::ZERO, Vec3::new(4.0, 0.0, 0.0));
        assert!(g.at(0.0).distance(Vec3::ZERO) < 1e-5);
        assert!(g.at(1.0).distance(Vec3::new(4.0, 0.0, 0.0)) < 1e-5);
        assert!(g.at(0.5).y > 0.5);
    }

    #[test]
    fn a_piece_that_stays_is_left_alone_and_a_moved_one_pairs_with_the_nearest_of_its_look() {
        let x = |v: f32| Vec3::new(v, 0.0, 0.0);
        // Two pieces of look 1 at 0 and 5, one of look 2 at 9. Afterwards look 1 stands at 0 (still)
        // and 6 (moved from 5); look 2 stands at 20 (moved from 9); a new look 3 appears at 1.
        let gone = [(1, x(0.0)), (1, x(5.0)), (2, x(9.0))];
        let new = [(1, x(6.0)), (1, x(0.0)), (2, x(20.0)), (3, x(1.0))];
        assert_eq!(pair_up(&gone, &new), vec![Some(1), None, Some(2), None]);
        // Two of a look leave their row and two arrive: the nearest pairs go first.
        let gone = [(1, x(0.0)), (1, x(10.0))];
        let new = [(1, x(11.0)), (1, x(-1.0))];
        assert_eq!(pair_up(&gone, &new), vec![Some(1), Some(0)]);
        // A piece of another look never takes a departed place; a departed piece is taken once.
        assert_eq!(pair_up(&[(1, x(0.0))], &[(2, x(1.0))]), vec![None]);
        assert_eq!(
            pair_up(&[(1, x(0.0))], &[(1, x(1.0)), (1, x(2.0))]),
            vec![Some(0), None]
        );
    }

    fn travel_app() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, plugin))
            .init_resource::<super::super::AnimationSpeed>();
        app
    }

    #[test]
    fn a_redrawn_piece_glides_from_where_its_twin_stood_and_turns_on_the_way() {
        let mut app = travel_app();
        let from = Transform::from_xyz(1.0, 0.0, 2.0);
        let old = app.world_mut().spawn((Travels(7), from)).id();
        app.update();
        app.world_mut().despawn(old);
        let to = Transform::from_xyz(5.0, 0.0, 2.0)
            .with_rotation(Quat::from_rotation_z(1.0))
            .with_scale(Vec3::splat(2.0));
        let new = app.world_mut().spawn((Travels(7), to)).id();
        // The same frame draws a piece of another look: it has no twin and stays put.
        let other = app.world_mut().spawn((Travels(8), to)).id();
        app.update();
        let glide = app.world().get::<Glide>(new).expect("the piece glides");
        assert_eq!((glide.from, glide.to), (from.translation, to.translation));
        assert!(glide.reshape.is_some(), "it turns and grows on the way");
        assert!(app.world().get::<Glide>(other).is_none());
        assert!(app.world().resource::<Departed>().0.is_empty());
        // Run the clock on: the piece ends exactly as drawn.
        app.world_mut().get_mut::<Glide>(new).unwrap().elapsed = GLIDE_SECONDS;
        app.update();
        let end = app.world().get::<Transform>(new).unwrap();
        assert!(end.translation.distance(to.translation) < 1e-4);
        assert!(end.rotation.angle_between(to.rotation) < 1e-3);
        assert!(end.scale.distance(to.scale) < 1e-4);
    }

    #[test]
    fn a_piece_redrawn_on_its_way_goes_on_with_its_glide() {
        let mut app = travel_app();
        let (from, to) = (Vec3::ZERO, Vec3::new(4.0, 0.0, 0.0));
        let mut glide = Glide::new(from, to);
        glide.elapsed = GLIDE_SECONDS / 2.0;
        let halfway = glide.at(0.5);
        let old = app
            .world_mut()
            .spawn((Travels(7), Transform::from_translation(halfway), glide))
            .id();
        app.world_mut().despawn(old);
        let new = app
            .world_mut()
            .spawn((Travels(7), Transform::from_translation(to)))
            .id();
        app.update();
        let g = app.world().get::<Glide>(new).expect("still gliding");
        assert_eq!(
            (g.from, g.to),
            (from, to),
            "the same glide, not a new one from halfway"
        );
        assert!(g.elapsed >= GLIDE_SECONDS / 2.0);
    }

    #[test]
    fn a_table_set_afresh_does_not_fly_in_from_the_one_before() {
        use crate::plugins::core::screens::Screen;
        let mut app = travel_app();
        app.add_plugins(bevy::state::app::StatesPlugin)
            .init_state::<Screen>();
        app.update();
        let old = app
            .world_mut()
            .spawn((Travels(7), Transform::from_xyz(1.0, 0.0, 0.0)))
            .id();
        app.update();
        // The screen changes in the frame the old table goes and the new one is drawn.
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        app.world_mut().despawn(old);
        let new = app
            .world_mut()
            .spawn((Travels(7), Transform::from_xyz(5.0, 0.0, 0.0)))
            .id();
        app.update();
        assert!(app.world().get::<Glide>(new).is_none());
        assert!(app.world().resource::<Departed>().0.is_empty());
        // On the same screen, the next redraw glides again.
        app.world_mut().despawn(new);
        let next = app
            .world_mut()
            .spawn((Travels(7), Transform::from_xyz(9.0, 0.0, 0.0)))
            .id();
        app.update();
        assert!(app.world().get::<Glide>(next).is_some());
    }

    #[test]
    fn a_piece_drawn_again_where_it_stood_does_not_move() {
        let mut app = travel_app();
        let at = Transform::from_xyz(1.0, 0.0, 2.0);
        let old = app.world_mut().spawn((Travels(7), at)).id();
        app.update();
        app.world_mut().despawn(old);
        let new = app.world_mut().spawn((Travels(7), at)).id();
        app.update();
        assert!(app.world().get::<Glide>(new).is_none());
    }
}
