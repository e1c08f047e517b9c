//! The Ice Fortress tutorial: a solo game from a fixed setup whose first steps are scripted
//! (`scenes/tutorial/ice-fortress.ron`). The player makes each scripted move: the side panel names
//! it with the note for that part of the game (`tutorial`), gold markers bob over what to click
//! (over a hint's move too, outside the tutorial), and any other move is refused with the one asked
//! for (the session's [`Script`] gate). Rolls and draws come from the setup's seed, so they fall as
//! scripted. After the last scripted step, or when the player leaves the tutorial, the game goes on
//! as any other.

use bevy::prelude::*;
use hoarfrost_rules::ice_fortress::{IceFortress, Setup};
use hoarfrost_rules::record::{Record, Recorder, Step};
use serde::Deserialize;

use crate::plugins::fortress_click::{Input, Target, inputs_for};
use crate::plugins::hint::{Hint, HintState};
use crate::plugins::tutorial::{Note, Notes};
use crate::session::{Script, Session};
use crate::systems::{Frame, TableEntity};

/// The tutorial shipped with the game.
const SCRIPT: &str = include_str!("../../scenes/tutorial/ice-fortress.ron");

/// The tutorial file: the setup, the scripted steps and the notes along them.
#[derive(Deserialize, Clone, Debug)]
pub struct TutorialFile {
    pub setup: Setup,
    pub steps: Vec<Step<hoarfrost_rules::ice_fortress::Action>>,
    pub notes: Vec<Note>,
}

/// A gold marker over something the next scripted move clicks.
#[derive(Component)]
struct Marker(Target);

/// The marker's mesh and material.
#[derive(Resource)]
struct MarkerKit {
    mesh: Handle<Mesh>,
    material: Handle<StandardMaterial>,
}

/// Read a tutorial file and check it: the notes in order and within the script, and every step
/// playable from the setup under the current rules and content. The error says what is wrong.
pub fn parse(text: &str) -> Result<(Script<IceFortress>, Notes), String> {
    let file: TutorialFile =
        ron::from_str(text).map_err(|e| format!("the tutorial file does not read: {e}"))?;
    let notes = Notes(file.notes);
    if let Some(problem) = notes.problem(file.steps.len()) {
        return Err(problem);
    }
    let record = Record::<IceFortress> {
        setup: file.setup,
        steps: file.steps,
    };
    Recorder::from_record(record.clone())
        .map_err(|e| format!("the tutorial's moves no longer play: {e}"))?;
    Ok((Script(record), notes))
}

/// The shipped tutorial, checked.
pub fn shipped() -> Result<(Script<IceFortress>, Notes), String> {
    parse(SCRIPT)
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(crate::plugins::tutorial::plugin::<IceFortress>)
        .add_systems(Startup, make_kit)
        .add_systems(
            Update,
            place_markers
                .in_set(Frame::Animate)
                .run_if(resource_exists::<Session<IceFortress>>),
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
            base_color: Color::srgb(1.0, 0.78, 0.1),
            emissive: LinearRgba::rgb(0.9, 0.6, 0.05),
            unlit: true,
            ..default()
        }),
    });
}

/// The table targets of the move to show: the tutorial's next move while the game follows it,
/// else the hint asked for.
fn next_targets(
    session: &Session<IceFortress>,
    script: Option<&Script<IceFortress>>,
    hint: Option<&Hint<IceFortress>>,
) -> Vec<Target> {
    let scripted = script.and_then(|s| s.next_move(session)).map(|(_, a)| a);
    let hinted = hint.and_then(|h| match &h.state {
        HintState::Ready { action, .. } => Some(action),
        _ => None,
    });
    let Some(action) = scripted.or(hinted) else {
        return Vec::new();
    };
    inputs_for(&session.state, action)
        .into_iter()
        .filter_map(|input| match input {
            Input::Table(t) => Some(t),
            _ => None,
        })
        .collect()
}

/// Where the move to show comes from: the tutorial's script, or the hint asked for.
type MoveShown<'w> = (
    Option<Res<'w, Script<IceFortress>>>,
    Option<Res<'w, Hint<IceFortress>>>,
);

/// Keep one bobbing marker over each target of the next scripted move.
fn place_markers(
    mut commands: Commands,
    time: Res<Time>,
    session: Res<Session<IceFortress>>,
    (script, hint): MoveShown,
    kit: Option<Res<MarkerKit>>,
    targets: Query<(&Target, &GlobalTransform), Without<Marker>>,
    mut markers: Query<(Entity, &Marker, &mut Transform)>,
) {
    let wanted = match kit {
        Some(_) => next_targets(&session, script.as_deref(), hint.as_deref()),
        None => Vec::new(),
    };
    let mut have = Vec::new();
    let bob = 0.9 + 0.15 * (time.elapsed_secs() * 4.0).sin();
    for (e, marker, mut at) in &mut markers {
        let over = targets.iter().find(|(t, _)| **t == marker.0);
        match over {
            Some((_, place)) if wanted.contains(&marker.0) => {
                at.translation = place.translation() + Vec3::Y * bob;
                have.push(marker.0);
            }
            _ => commands.entity(e).despawn(),
        }
    }
    let Some(kit) = kit else {
        return;
    };
    for t in wanted.into_iter().filter(|t| !have.contains(t)) {
        if let Some((_, place)) = targets.iter().find(|(x, _)| **x == t) {
            commands.spawn((
                Marker(t),
                TableEntity,
                Pickable::IGNORE,
                bevy::light::NotShadowCaster,
                Mesh3d(kit.mesh.clone()),
                MeshMaterial3d(kit.material.clone()),
                Transform::from_translation(place.translation() + Vec3::Y * bob)
                    .with_rotation(Quat::from_rotation_x(std::f32::consts::PI)),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_tutorial_plays_under_the_current_rules() {
        let (script, notes) = shipped().unwrap_or_else(|e| panic!("{e}"));
        assert!(script.len() >= 40, "{} steps", script.len());
        assert_eq!(notes.0[0].at, 0, "a note from the first step");
        assert!(
            notes.0.iter().any(|n| n.at == script.len()),
            "a closing note"
        );
        // Solo: one seat, so the player makes every scripted move.
        assert_eq!(script.0.setup.players, 1);
    }

    #[test]
    fn a_broken_tutorial_file_says_what_is_wrong() {
        let err = |text: &str| parse(text).err().expect("refused");
        assert!(err("(setup: oops)").contains("does not read"));
        // The shipped file with its first move changed to one that cannot be played.
        let bad = SCRIPT.replacen("KeepAbility(card: 20)", "KeepAbility(card: 99)", 1);
        assert_ne!(bad, SCRIPT);
        assert!(err(&bad).contains("no longer play"), "{}", err(&bad));
        let late = SCRIPT.replacen("(at: 0,", "(at: 45,", 1);
        assert!(err(&late).contains("first step"), "{}", err(&late));
        let unordered = SCRIPT.replacen("(at: 10,", "(at: 7,", 1);
        assert_ne!(unordered, SCRIPT);
        assert!(err(&unordered).contains("order"), "{}", err(&unordered));
    }

    /// Markers stand over the table targets of the next scripted move and move on with it.
    #[test]
    fn gold_markers_stand_over_what_the_next_move_clicks() {
        use crate::options::SeatKind;
        use crate::session::Session;
        let (script, _) = shipped().unwrap();
        let mut recorder = Recorder::<IceFortress>::new(script.0.setup.clone()).unwrap();
        // Play up to the first room built from the supply onto the board.
        let first_build = script
            .0
            .steps
            .iter()
            .position(|s| {
                matches!(
                    s,
                    Step::Act {
                        action: hoarfrost_rules::ice_fortress::Action::BuildRoom { .. },
                        ..
                    }
                )
            })
            .expect("the script builds a room");
        for step in &script.0.steps[..first_build] {
            match step {
                Step::Act { seat, action } => recorder.act(*seat, action).unwrap(),
                Step::Chance => recorder.chance().unwrap(),
            }
        }
        let Step::Act {
            action: hoarfrost_rules::ice_fortress::Action::BuildRoom { room, on },
            ..
        } = script.0.steps[first_build].clone()
        else {
            unreachable!()
        };
        let hoarfrost_rules::ice_fortress::Spot::Foundation(space) = on else {
            panic!("the first room goes on the board");
        };
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(Session::recorded(recorder, vec![SeatKind::Human], 3))
            .insert_resource(script)
            .insert_resource(MarkerKit {
                mesh: Handle::default(),
                material: Handle::default(),
            })
            .add_systems(Update, place_markers);
        let at = |x: f32| GlobalTransform::from_translation(Vec3::new(x, 0.0, 0.0));
        app.world_mut().spawn((Target::Room(room), at(1.0)));
        app.world_mut().spawn((Target::Space(space), at(5.0)));
        app.world_mut().spawn((Target::Space(space + 1), at(9.0)));
        app.update();
        let mut placed: Vec<(Target, f32)> = app
            .world_mut()
            .query::<(&Marker, &Transform)>()
            .iter(app.world())
            .map(|(m, t)| (m.0, t.translation.x))
            .collect();
        placed.sort_by(|a, b| a.1.total_cmp(&b.1));
        assert_eq!(
            placed,
            vec![(Target::Room(room), 1.0), (Target::Space(space), 5.0)]
        );
        // The move is played: those markers go (the next move's targets are not on this table).
        let (seat, action) = {
            let world = app.world();
            let script = world.resource::<Script<IceFortress>>();
            let (seat, action) = script
                .next_move(world.resource::<Session<IceFortress>>())
                .unwrap();
            (seat, action.clone())
        };
        app.world_mut()
            .resource_mut::<Session<IceFortress>>()
            .act(seat, &action)
            .unwrap();
        app.update();
        let left = app
            .world_mut()
            .query::<&Marker>()
            .iter(app.world())
            .filter(|m| m.0 == Target::Room(room) || m.0 == Target::Space(space))
            .count();
        assert_eq!(left, 0);
    }

    /// Outside a tutorial, a hint's move gets the markers.
    #[test]
    fn gold_markers_stand_over_a_hinted_move() {
        use crate::options::SeatKind;
        use crate::plugins::hint::{Hint, HintState};
        use hoarfrost_rules::Game;
        use hoarfrost_rules::ice_fortress::{Action, Spot};
        let (script, _) = shipped().unwrap();
        let mut recorder = Recorder::<IceFortress>::new(script.0.setup.clone()).unwrap();
        while let Some(step) = script.0.steps.get(recorder.record().steps.len()) {
            if matches!(
                step,
                Step::Act {
                    action: Action::BuildRoom { .. },
                    ..
                }
            ) {
                break;
            }
            match step {
                Step::Act { seat, action } => recorder.act(*seat, action).unwrap(),
                Step::Chance => recorder.chance().unwrap(),
            }
        }
        // A room onto a foundation space; no tutorial here, only the hint.
        let hinted = recorder
            .state()
            .legal_actions(0)
            .into_iter()
            .rev()
            .find(|a| {
                matches!(
                    a,
                    Action::BuildRoom {
                        on: Spot::Foundation(_),
                        ..
                    }
                )
            })
            .expect("a room can go on the board");
        let Action::BuildRoom {
            room,
            on: Spot::Foundation(space),
        } = hinted
        else {
            unreachable!()
        };
        let mut hint = Hint::<IceFortress>::default();
        hint.state = HintState::Ready {
            seat: 0,
            action: hinted.clone(),
        };
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(Session::recorded(recorder, vec![SeatKind::Human], 3))
            .insert_resource(hint)
            .insert_resource(MarkerKit {
                mesh: Handle::default(),
                material: Handle::default(),
            })
            .add_systems(Update, place_markers);
        app.world_mut()
            .spawn((Target::Room(room), GlobalTransform::default()));
        app.world_mut()
            .spawn((Target::Space(space), GlobalTransform::default()));
        app.update();
        let mut marked: Vec<Target> = app
            .world_mut()
            .query::<&Marker>()
            .iter(app.world())
            .map(|m| m.0)
            .collect();
        marked.sort_by_key(|t| format!("{t:?}"));
        let mut wanted = vec![Target::Room(room), Target::Space(space)];
        wanted.sort_by_key(|t| format!("{t:?}"));
        assert_eq!(marked, wanted);
    }
}
