//! Gold markers that bob over what to click for a move being shown: the tutorial's next move, or a
//! hint. Each game's table says where they stand ([`Marked`], world positions, set every frame from
//! [`move_shown`]); this plugin keeps one marker over each.

use bevy::prelude::*;
use hoarfrost_rules::Seat;
use hoarfrost_rules::record::Recorded;

use crate::plugins::core::screens::Screen;
use crate::plugins::session::hint::{Hint, HintState};
use crate::plugins::session::{Script, Session};
use crate::systems::{Frame, TableEntity};

/// Where markers stand this frame (the table spots to click, in world space).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Marked(pub Vec<Vec3>);

impl Marked {
    /// Mark `spots`, writing only on a change (so the markers are not redrawn every frame).
    pub fn set(marked: &mut ResMut<Marked>, spots: Vec<Vec3>) {
        if marked.0 != spots {
            marked.0 = spots;
        }
    }
}

/// A gold marker.
#[derive(Component)]
pub struct Marker;

/// The markers' mesh and material.
#[derive(Resource)]
pub struct MarkerKit {
    pub mesh: Handle<Mesh>,
    pub material: Handle<StandardMaterial>,
}

/// Where the move to show comes from: the tutorial's script, or the hint asked for.
pub type MoveSources<'w, G> = (Option<Res<'w, Script<G>>>, Option<Res<'w, Hint<G>>>);

/// The move to show and who makes it: the tutorial's next move while the game follows it, else
/// the hint's.
pub fn move_shown<'a, G: Recorded>(
    session: &Session<G>,
    script: Option<&'a Script<G>>,
    hint: Option<&'a Hint<G>>,
) -> Option<(Seat, &'a G::Action)> {
    let scripted = script.and_then(|s| s.next_move(session));
    scripted.or_else(|| match &hint?.state {
        HintState::Ready { seat, action } => Some((*seat, action)),
        _ => None,
    })
}

/// Where the entities keyed `wanted` stand, in `wanted`'s order (a key no entity has is left out):
/// how a table turns the things a move clicks into marked spots.
pub fn spots_of<K: PartialEq>(
    wanted: &[K],
    entities: impl IntoIterator<Item = (K, Vec3)>,
) -> Vec<Vec3> {
    if wanted.is_empty() {
        return Vec::new();
    }
    let all: Vec<(K, Vec3)> = entities.into_iter().collect();
    wanted
        .iter()
        .filter_map(|w| all.iter().find(|(k, _)| k == w).map(|(_, at)| *at))
        .collect()
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Marked>()
        .add_systems(Startup, make_kit)
        .add_systems(OnEnter(Screen::Title), |mut marked: ResMut<Marked>| {
            marked.0.clear();
        })
        .add_systems(
            Update,
            place_markers
                .in_set(Frame::Animate)
                .run_if(in_state(Screen::Playing)),
        );
}

fn make_kit(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(MarkerKit {
        mesh: meshes.add(Cone {
            radius: 0.3,
            height: 0.8,
        }),
        material: materials.add(StandardMaterial {
            base_color: crate::plugins::core::palette::NAMED_MOVE,
            emissive: LinearRgba::rgb(0.9, 0.6, 0.05),
            unlit: true,
            ..default()
        }),
    });
}

/// One bobbing marker over each marked spot: extra markers go, missing ones are made.
fn place_markers(
    mut commands: Commands,
    time: Res<Time>,
    marked: Res<Marked>,
    kit: Option<Res<MarkerKit>>,
    mut markers: Query<(Entity, &mut Transform), With<Marker>>,
) {
    let bob = Vec3::Y * (0.9 + 0.15 * (time.elapsed_secs() * 4.0).sin());
    let mut spots = marked.0.iter();
    for (e, mut at) in &mut markers {
        match spots.next() {
            Some(spot) => at.translation = *spot + bob,
            None => commands.entity(e).despawn(),
        }
    }
    let Some(kit) = kit else {
        return;
    };
    for spot in spots {
        commands.spawn((
            Marker,
            TableEntity,
            Pickable::IGNORE,
            bevy::light::NotShadowCaster,
            Mesh3d(kit.mesh.clone()),
            MeshMaterial3d(kit.material.clone()),
            Transform::from_translation(*spot + bob)
                .with_rotation(Quat::from_rotation_x(std::f32::consts::PI)),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spots_follow_the_wanted_order_and_skip_what_no_entity_has() {
        let entities = [(1, Vec3::X), (2, Vec3::Y), (3, Vec3::Z)];
        assert_eq!(spots_of(&[3, 9, 1], entities), vec![Vec3::Z, Vec3::X]);
        assert!(spots_of::<u8>(&[], entities.map(|(k, v)| (k as u8, v))).is_empty());
    }

    fn markers(app: &mut App) -> Vec<Vec3> {
        let mut at: Vec<Vec3> = app
            .world_mut()
            .query_filtered::<&Transform, With<Marker>>()
            .iter(app.world())
            .map(|t| t.translation)
            .collect();
        at.sort_by(|a, b| a.x.total_cmp(&b.x));
        at
    }

    #[test]
    fn one_marker_stands_over_each_marked_spot() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(Marked(vec![Vec3::X, Vec3::X * 3.0]))
            .insert_resource(MarkerKit {
                mesh: Handle::default(),
                material: Handle::default(),
            })
            .add_systems(Update, place_markers);
        app.update();
        let at = markers(&mut app);
        assert_eq!(at.len(), 2);
        assert_eq!((at[0].x, at[1].x), (1.0, 3.0));
        assert!(at.iter().all(|p| p.y > 0.5), "markers float above: {at:?}");
        app.insert_resource(Marked(vec![Vec3::X * 5.0]));
        app.update();
        let at = markers(&mut app);
        assert_eq!(at.len(), 1);
        assert_eq!(at[0].x, 5.0);
        app.insert_resource(Marked::default());
        app.update();
        assert!(markers(&mut app).is_empty());
    }
}
