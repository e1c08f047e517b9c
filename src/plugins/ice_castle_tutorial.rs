//! The Ice Castle tutorial: a two-seat game from a fixed setup whose first steps are scripted
//! (`scenes/tutorial/ice-castle.ron`); the player is Player 1 (South) and the AI seat plays its
//! scripted moves. The cards come from the setup's seed, so they are drawn as scripted. Gold markers
//! stand over the tiles of the move shown (the tutorial's next move, or a hint): the door a card is
//! played on, both ends of an Ice Slide, the tile to move to, the discard pile for a discard.

use bevy::prelude::*;
use hoarfrost_rules::ice_castle::{Action, IceCastle};

use crate::plugins::ice_castle_input::tiles_of;
use crate::plugins::ice_castle_piles::{CardPile, PileAnchor, pile_top};
use crate::plugins::ice_castle_table::CastleTile;
use crate::plugins::markers::{Marked, MoveSources, move_shown, spots_of};
use crate::plugins::tutorial::{self, Tutorial};
use crate::session::Session;
use crate::systems::Frame;

/// The tutorial shipped with the game.
const SCRIPT: &str = include_str!("../../scenes/tutorial/ice-castle.ron");

/// The shipped tutorial, checked.
pub fn shipped() -> Result<Tutorial<IceCastle>, String> {
    tutorial::parse(SCRIPT)
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(tutorial::plugin::<IceCastle>(shipped))
        .add_systems(
            Update,
            mark_targets
                .in_set(Frame::Mirror)
                .run_if(resource_exists::<Session<IceCastle>>),
        );
}

/// Mark the tiles of the move shown (the tutorial's next move, or a hint), or the discard pile's
/// top for a discard.
fn mark_targets(
    session: Res<Session<IceCastle>>,
    (script, hint): MoveSources<IceCastle>,
    tiles: Query<(&CastleTile, &GlobalTransform)>,
    anchors: Query<&GlobalTransform, With<PileAnchor>>,
    mut marked: ResMut<Marked>,
) {
    let shown = move_shown(&session, script.as_deref(), hint.as_deref()).map(|(_, a)| a);
    let cells = shown.map(tiles_of).unwrap_or_default();
    let mut spots = spots_of(&cells, tiles.iter().map(|(t, at)| (t.0, at.translation())));
    if let (Some(Action::Discard { .. }), Some(anchor)) = (shown, anchors.iter().next()) {
        let s = &session.state;
        let top = pile_top(s.rows(), s.cols(), CardPile::Discard, s.discard().len());
        spots.push(anchor.transform_point(top));
    }
    Marked::set(&mut marked, spots);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::SeatKind;
    use hoarfrost_rules::Game;
    use hoarfrost_rules::ice_castle::{Action, Card, Cell};
    use hoarfrost_rules::record::{Recorder, Step};

    #[test]
    fn the_shipped_tutorial_plays_and_shows_every_kind_of_card_and_bonus() {
        let Tutorial { script, seats, .. } = shipped().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seats, vec![SeatKind::Human, SeatKind::Ai]);
        let mine = script.moves_of(0);
        let has = |f: &dyn Fn(&Action) -> bool| mine.iter().any(|a| f(a));
        assert!(has(&|a| matches!(a, Action::Slide { .. })));
        assert!(has(&|a| matches!(a, Action::Discard { .. })));
        assert!(has(&|a| matches!(
            a,
            Action::Open {
                card: Card::Key(_),
                ..
            }
        )));
        assert!(has(&|a| matches!(
            a,
            Action::Open {
                card: Card::Skeleton,
                ..
            }
        )));
        assert!(has(&|a| matches!(a, Action::Close { .. })));
        assert!(has(&|a| matches!(a, Action::Padlock { .. })));
        assert!(has(&|a| matches!(a, Action::Axe { .. })));
        assert!(has(&|a| matches!(a, Action::BonusOpen { .. })));
        assert!(has(&|a| matches!(a, Action::BonusClose { .. })));
        assert!(has(&|a| matches!(a, Action::Move { .. })));
        assert!(has(&|a| matches!(a, Action::Stay)));
        // It ends with Player 1 on E6, the game still on.
        let r = Recorder::<IceCastle>::from_record(script.0.clone()).unwrap();
        assert_eq!(r.state().character(0), Some(Cell::new(5, 4)));
        assert!(!r.state().is_over());
    }

    /// A headless app marking targets for the tutorial played up to (not including) step `upto`,
    /// and the state then.
    fn marking_app(upto: usize) -> (App, IceCastle) {
        let script = shipped().unwrap().script;
        let mut record = script.0.clone();
        record.steps.truncate(upto);
        let recorder = Recorder::<IceCastle>::from_record(record).unwrap();
        let state = recorder.state().clone();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Marked>()
            .insert_resource(Session::recorded(
                recorder,
                vec![SeatKind::Human, SeatKind::Ai],
                96,
            ))
            .insert_resource(script)
            .add_systems(Update, mark_targets);
        (app, state)
    }

    #[test]
    fn markers_stand_over_both_ends_of_a_scripted_ice_slide() {
        let script = shipped().unwrap().script;
        let Some(Step::Act {
            seat: 0,
            action: Action::Slide { a, b },
        }) = script.0.steps.get(1).cloned()
        else {
            panic!("the tutorial opens with an Ice Slide after the first draw");
        };
        let (mut app, _) = marking_app(1);
        let x = |c: Cell| f32::from(c.row * 10 + c.col);
        for row in 0..8 {
            for col in 0..5 {
                let c = Cell::new(row, col);
                app.world_mut().spawn((
                    CastleTile(c),
                    GlobalTransform::from_translation(Vec3::X * x(c)),
                ));
            }
        }
        app.update();
        let mut xs: Vec<f32> = app
            .world()
            .resource::<Marked>()
            .0
            .iter()
            .map(|p| p.x)
            .collect();
        xs.sort_by(f32::total_cmp);
        let mut want = vec![x(a), x(b)];
        want.sort_by(f32::total_cmp);
        assert_eq!(xs, want);
    }

    #[test]
    fn a_marker_stands_over_the_discard_pile_for_a_scripted_discard() {
        let script = shipped().unwrap().script;
        let at = script
            .0
            .steps
            .iter()
            .position(|s| {
                matches!(
                    s,
                    Step::Act {
                        action: Action::Discard { .. },
                        ..
                    }
                )
            })
            .expect("the tutorial discards a card");
        let (mut app, s) = marking_app(at);
        let (rows, cols, cards) = (s.rows(), s.cols(), s.discard().len());
        // The view turned half way round: the marker follows the piles.
        let turned = Transform::from_rotation(Quat::from_rotation_y(std::f32::consts::PI));
        app.world_mut().spawn((
            PileAnchor {
                yaw: std::f32::consts::PI,
            },
            GlobalTransform::from(turned),
        ));
        app.update();
        let marked = app.world().resource::<Marked>().0.clone();
        let want = turned.transform_point(pile_top(rows, cols, CardPile::Discard, cards));
        assert_eq!(marked.len(), 1, "{marked:?}");
        assert!(marked[0].distance(want) < 1e-4, "{marked:?} against {want}");
    }
}
