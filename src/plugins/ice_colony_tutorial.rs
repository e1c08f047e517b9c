//! The Ice Colony tutorial: a three-seat game from a fixed setup whose first steps are scripted
//! (`scenes/tutorial/ice-colony.ron`); the player is White and the AI seats play their scripted
//! moves. The dice come from the setup's seed, so they fall as scripted. A gold marker stands over
//! the square of the move shown (the tutorial's next move, or a hint); moves made in the panel
//! (pass, how many pips, the edge token) have no marker.

use bevy::prelude::*;
use hoarfrost_rules::ice_colony::IceColony;

use crate::plugins::ice_colony_input::square_of;
use crate::plugins::ice_colony_table::ColonySquare;
use crate::plugins::markers::{Marked, MoveSources, move_shown, spots_of};
use crate::plugins::tutorial::{self, Tutorial};
use crate::session::Session;
use crate::systems::Frame;

/// The tutorial shipped with the game.
const SCRIPT: &str = include_str!("../../scenes/tutorial/ice-colony.ron");

/// The shipped tutorial, checked.
pub fn shipped() -> Result<Tutorial<IceColony>, String> {
    tutorial::parse(SCRIPT)
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(tutorial::plugin::<IceColony>(shipped))
        .add_systems(
            Update,
            mark_targets
                .in_set(Frame::Mirror)
                .run_if(resource_exists::<Session<IceColony>>),
        );
}

/// Mark the square of the move shown (the tutorial's next move, or a hint).
fn mark_targets(
    session: Res<Session<IceColony>>,
    (script, hint): MoveSources<IceColony>,
    squares: Query<(&ColonySquare, &GlobalTransform)>,
    mut marked: ResMut<Marked>,
) {
    let wanted: Vec<_> = move_shown(&session, script.as_deref(), hint.as_deref())
        .and_then(|(_, a)| square_of(a))
        .into_iter()
        .collect();
    let spots = spots_of(
        &wanted,
        squares.iter().map(|(s, at)| (s.0, at.translation())),
    );
    Marked::set(&mut marked, spots);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::SeatKind;
    use hoarfrost_rules::Game;
    use hoarfrost_rules::ice_colony::Action;
    use hoarfrost_rules::record::{Recorder, Step};

    #[test]
    fn the_shipped_tutorial_plays_and_shows_every_kind_of_move_of_the_player() {
        let Tutorial { script, seats, .. } = shipped().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seats, vec![SeatKind::Human, SeatKind::Ai, SeatKind::Ai]);
        let moves = script.moves_of(0);
        let has = |f: fn(&Action) -> bool| moves.iter().any(|a| f(a));
        assert!(has(|a| matches!(a, Action::Place { .. })));
        assert!(has(|a| matches!(a, Action::Choose { .. })));
        assert!(has(|a| matches!(a, Action::Move { .. })));
        assert!(
            has(|a| matches!(a, Action::EndTurn)),
            "a Blue extra move declined"
        );
        assert!(has(|a| matches!(a, Action::Pass)));
        assert!(has(|a| matches!(a, Action::Defend { edge: true })));
        assert!(has(|a| matches!(a, Action::Attack { .. })));
        assert!(has(|a| matches!(a, Action::Occupy { .. })));
        // It ends on White moving into the square it took, holding four territories.
        let r = Recorder::<IceColony>::from_record(script.0.clone()).unwrap();
        assert!(matches!(moves.last(), Some(Action::Occupy { pips: 2 })));
        assert_eq!(r.state().territories(0), 4);
        assert!(!r.state().is_over());
    }

    #[test]
    fn a_marker_stands_over_the_square_of_the_next_move_and_none_for_a_panel_move() {
        let script = shipped().unwrap().script;
        let placed = script
            .0
            .steps
            .iter()
            .position(|s| matches!(s, Step::Act { seat: 0, .. }))
            .unwrap();
        let Step::Act {
            action: Action::Place { square },
            ..
        } = script.0.steps[placed].clone()
        else {
            panic!("White's first move places a piece");
        };
        let mut record = script.0.clone();
        record.steps.truncate(placed);
        let recorder = Recorder::<IceColony>::from_record(record).unwrap();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Marked>()
            .insert_resource(Session::recorded(
                recorder,
                vec![SeatKind::Human, SeatKind::Ai, SeatKind::Ai],
                211,
            ))
            .insert_resource(script)
            .add_systems(Update, mark_targets);
        for sq in 0..25 {
            app.world_mut().spawn((
                ColonySquare(sq),
                GlobalTransform::from_translation(Vec3::X * f32::from(sq)),
            ));
        }
        app.update();
        let xs: Vec<f32> = app
            .world()
            .resource::<Marked>()
            .0
            .iter()
            .map(|p| p.x)
            .collect();
        assert_eq!(xs, vec![f32::from(square)]);
        // Play on to White's pass, a panel move: no marker.
        let script = app.world().resource::<Script>().0.clone();
        let pass = script
            .steps
            .iter()
            .position(|s| {
                matches!(
                    s,
                    Step::Act {
                        seat: 0,
                        action: Action::Pass
                    }
                )
            })
            .unwrap();
        let mut record = script.clone();
        record.steps.truncate(pass);
        let recorder = Recorder::<IceColony>::from_record(record).unwrap();
        app.insert_resource(Session::recorded(
            recorder,
            vec![SeatKind::Human, SeatKind::Ai, SeatKind::Ai],
            211,
        ));
        app.update();
        assert!(app.world().resource::<Marked>().0.is_empty());
    }

    type Script = crate::session::Script<IceColony>;
}
