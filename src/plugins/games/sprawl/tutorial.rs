//! The Sprawl tutorial: a three-seat game from a fixed setup whose first steps are scripted
//! (`scenes/tutorial/sprawl.ron`); the player is Red and the AI seats play their scripted moves.
//! Gold markers stand over the stash piece and the square of the move shown (the tutorial's next
//! move, or a hint).

use bevy::prelude::*;
use hoarfrost_rules::sprawl::{Action, Sprawl, Square};

use crate::plugins::games::sprawl::stash::StashPiece;
use crate::plugins::games::sprawl::table::SprawlSquare;
use crate::plugins::session::Session;
use crate::plugins::table::markers::{Marked, MoveSources, move_shown, spots_of};
use crate::systems::Frame;

/// The tutorial shipped with the game.
pub(crate) const SCRIPT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/scenes/tutorial/sprawl.ron"
));

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mark_targets
            .in_set(Frame::Mirror)
            .run_if(resource_exists::<Session<Sprawl>>),
    );
}

/// The size a move takes from the stash and the square it is played on.
fn size_and_square(action: &Action) -> Option<(u8, Square)> {
    match *action {
        Action::PlaceFirstTower { sq, size }
        | Action::Build { sq, size }
        | Action::Spore { sq, size, .. } => Some((size, sq)),
        Action::Branch { to, size, .. } => Some((size, to)),
        _ => None,
    }
}

/// Mark the stash piece and the square of the move shown (the tutorial's next move, or a hint).
fn mark_targets(
    session: Res<Session<Sprawl>>,
    (script, hint): MoveSources<Sprawl>,
    squares: Query<(&SprawlSquare, &GlobalTransform)>,
    stash: Query<(&StashPiece, &GlobalTransform)>,
    mut marked: ResMut<Marked>,
) {
    let mut spots = Vec::new();
    let shown = move_shown(&session, script.as_deref(), hint.as_deref());
    if let Some((seat, (size, sq))) = shown.and_then(|(seat, a)| Some((seat, size_and_square(a)?)))
    {
        let piece = StashPiece { seat, size };
        spots.extend(spots_of(
            &[piece],
            stash.iter().map(|(p, at)| (*p, at.translation())),
        ));
        spots.extend(spots_of(
            &[sq],
            squares.iter().map(|(s, at)| (s.0, at.translation())),
        ));
    }
    Marked::set(&mut marked, spots);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::seats::SeatKind;
    use crate::plugins::session::registry::TableGame;
    use crate::plugins::session::tutorial::Tutorial;
    use hoarfrost_rules::Game;
    use hoarfrost_rules::record::{Recorder, Step};

    #[test]
    fn the_shipped_tutorial_plays_and_ends_on_a_neutralization_by_red() {
        let Tutorial {
            script,
            notes,
            seats,
        } = <Sprawl as TableGame>::tutorial().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seats, vec![SeatKind::Human, SeatKind::Ai, SeatKind::Ai]);
        assert_eq!(notes.0[0].at, 0);
        let mut r = Recorder::<Sprawl>::from_record(script.0.clone()).unwrap();
        // The human is the first player, and the last scripted move is theirs and neutralizes.
        assert!(matches!(
            script.0.steps.first(),
            Some(Step::Act { seat: 0, .. })
        ));
        assert!(matches!(
            script.0.steps.last(),
            Some(Step::Act { seat: 0, .. })
        ));
        let neutralized = |s: &Sprawl| {
            s.board()
                .cells()
                .filter(
                    |(_, c)| matches!(c, hoarfrost_rules::sprawl::Cell::Tower(t) if t.neutralized),
                )
                .count()
        };
        assert_eq!(neutralized(r.state()), 1);
        assert!(!r.state().is_over());
        assert!(r.undo(|seat| seat == 0));
        assert_eq!(neutralized(r.state()), 0, "the last move did it");
    }

    #[test]
    fn markers_stand_over_the_stash_piece_and_the_square_of_the_next_move() {
        let script = <Sprawl as TableGame>::tutorial().unwrap().script;
        let recorder = Recorder::<Sprawl>::new(script.0.setup.clone()).unwrap();
        let Some(Step::Act {
            seat,
            action: Action::PlaceFirstTower { sq, size },
        }) = script.0.steps.first().cloned()
        else {
            panic!("the tutorial opens with a first tower");
        };
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Marked>()
            .insert_resource(Session::recorded(
                recorder,
                vec![SeatKind::Human, SeatKind::Ai, SeatKind::Ai],
                30,
            ))
            .insert_resource(script)
            .add_systems(Update, mark_targets);
        let at = |x: f32| GlobalTransform::from_translation(Vec3::X * x);
        app.world_mut().spawn((StashPiece { seat, size }, at(1.0)));
        app.world_mut().spawn((
            StashPiece {
                seat,
                size: size - 1,
            },
            at(2.0),
        ));
        app.world_mut().spawn((SprawlSquare(sq), at(5.0)));
        app.update();
        let xs: Vec<f32> = app
            .world()
            .resource::<Marked>()
            .0
            .iter()
            .map(|p| p.x)
            .collect();
        assert_eq!(xs, vec![1.0, 5.0]);
    }

    #[test]
    fn every_note_matches_the_table_it_describes() {
        use crate::plugins::session::tutorial::facts::{Fact, When::*, check};
        use hoarfrost_rules::Hue;
        use hoarfrost_rules::sprawl::{Dir, Piece};
        /// A square by its name: "c2" is column c, row 2 (rows count north).
        fn sq(name: &str) -> Square {
            let b = name.as_bytes();
            Square {
                col: b[0] - b'a',
                row: b[1] - b'1',
            }
        }
        fn owner(s: &Sprawl, name: &str) -> Option<u8> {
            s.board().tower(sq(name)).map(|t| t.controller())
        }
        check(
            &<Sprawl as TableGame>::tutorial().unwrap(),
            &[
                Fact {
                    note: 0,
                    says: "You are Red; Yellow and Green are played by the AI",
                    when: Read,
                    holds: |s| {
                        (s.hue(0), s.hue(1), s.hue(2)) == (Hue::Red, Hue::Yellow, Hue::Green)
                            && s.first_player() == 0
                    },
                },
                Fact {
                    note: 0,
                    says: "a stash of 15 pyramids (five each of sizes 1, 2 and 3 pips)",
                    when: Read,
                    holds: |s| (0..3).all(|seat| s.stash(seat) == [5, 5, 5]),
                },
                Fact {
                    note: 1,
                    says: "Yellow and Green stand their first towers",
                    when: Read,
                    holds: |s| owner(s, "b5") == Some(1) && owner(s, "e4") == Some(2),
                },
                Fact {
                    note: 6,
                    says: "the coloured dots mark the squares your branches target",
                    when: Read,
                    holds: |s| s.targeted_squares(0) == [sq("c6")],
                },
                Fact {
                    note: 9,
                    says: "The large branch on c3 points north with 3 pips, so it targets c6",
                    when: Read,
                    holds: |s| {
                        s.board()
                            .branch(sq("c3"))
                            .is_some_and(|b| b.owner == 0 && b.size == 3 && b.dir == Dir::North)
                            && s.spore_squares(0) == [sq("c6")]
                    },
                },
                Fact {
                    note: 15,
                    says: "a medium on the large tower at c2",
                    when: Read,
                    holds: |s| {
                        s.board()
                            .tower(sq("c2"))
                            .is_some_and(|t| t.pieces == [Piece { owner: 0, size: 3 }])
                    },
                },
                Fact {
                    note: 18,
                    says: "from c3 (a large)",
                    when: Read,
                    holds: |s| s.board().branch(sq("c3")).is_some_and(|b| b.size == 3),
                },
                Fact {
                    note: 21,
                    says: "Green has just spored a lone large tower on a2",
                    when: Read,
                    holds: |s| {
                        s.board().tower(sq("a2")).is_some_and(|t| {
                            t.pieces == [Piece { owner: 2, size: 3 }] && !t.neutralized
                        })
                    },
                },
                Fact {
                    note: 21,
                    says: "two squares from your tower at c2",
                    when: Read,
                    holds: |s| owner(s, "c2") == Some(0),
                },
                Fact {
                    note: 21,
                    says: "a tower attacked by a size it lacks is neutralized",
                    when: Read,
                    holds: |s| s.board().tower(sq("a2")).is_some_and(|t| !t.has_size(2)),
                },
                Fact {
                    note: 22,
                    says: "Green's tower is neutralized",
                    when: Read,
                    holds: |s| s.is_neutralized(sq("a2")),
                },
            ],
        );
    }
}
