//! The Ice Colony tutorial: a three-seat game from a fixed setup whose first steps are scripted
//! (`scenes/tutorial/ice-colony.ron`); the player is White and the AI seats play their scripted
//! moves. The dice come from the setup's seed, so they fall as scripted. A gold marker stands over
//! the square of the move shown (the tutorial's next move, or a hint); moves made in the panel
//! (pass, how many pips, the edge token) have no marker.

use bevy::prelude::*;
use hoarfrost_rules::ice_colony::IceColony;

use crate::plugins::games::ice_colony::input::square_of;
use crate::plugins::games::ice_colony::table::ColonySquare;
use crate::plugins::session::Session;
use crate::plugins::table::markers::{Marked, MoveSources, move_shown, spots_of};
use crate::systems::Frame;

/// The tutorial shipped with the game.
pub(crate) const SCRIPT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/scenes/tutorial/ice-colony.ron"
));

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
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
    use crate::plugins::core::seats::SeatKind;
    use crate::plugins::session::registry::TableGame;
    use crate::plugins::session::tutorial::Tutorial;
    use hoarfrost_rules::Game;
    use hoarfrost_rules::ice_colony::Action;
    use hoarfrost_rules::record::{Recorder, Step};

    #[test]
    fn the_shipped_tutorial_plays_and_shows_every_kind_of_move_of_the_player() {
        let Tutorial { script, seats, .. } =
            <IceColony as TableGame>::tutorial().unwrap_or_else(|e| panic!("{e}"));
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
        let script = <IceColony as TableGame>::tutorial().unwrap().script;
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

    #[test]
    fn every_note_matches_the_table_it_describes() {
        use crate::plugins::session::tutorial::facts::{Fact, When::*, check};
        use hoarfrost_rules::Seat;
        use hoarfrost_rules::ice_colony::{Colour, DiceRoll, Phase, Square, square_name};
        /// A square by its name: "C4" is column C, row 4.
        fn sq(name: &str) -> Square {
            let b = name.as_bytes();
            let at = (b[1] - b'1') * 5 + (b[0] - b'A');
            assert_eq!(square_name(at), name);
            at
        }
        fn terrain(s: &IceColony, name: &str) -> Option<Colour> {
            s.terrain(sq(name))
        }
        /// Whether `seat` holds `pips` pips on square `name`.
        fn holds(s: &IceColony, name: &str, seat: Seat, pips: u8) -> bool {
            s.unit(sq(name))
                .is_some_and(|u| u.owner == seat && u.pips() == pips)
        }
        /// The last fate roll: seat, square, rolls, and the pips before and after.
        fn fate(s: &IceColony) -> Option<(Seat, Square, &[u8], u8, u8)> {
            match s.last_dice()? {
                DiceRoll::Fate {
                    seat,
                    square,
                    rolls,
                    before,
                    after,
                } => Some((*seat, *square, rolls.as_slice(), *before, *after)),
                _ => None,
            }
        }
        /// The last battle: the attack and defence totals, and whether the attacker won.
        fn battle(s: &IceColony) -> Option<(i8, i8, bool)> {
            match s.last_dice()? {
                DiceRoll::Battle {
                    attack_total,
                    defence_total,
                    attacker_won,
                    ..
                } => Some((*attack_total, *defence_total, *attacker_won)),
                _ => None,
            }
        }
        check(
            &<IceColony as TableGame>::tutorial().unwrap(),
            &[
                Fact {
                    note: 0,
                    says: "You are White; Orange and Purple are played by the AI",
                    when: Read,
                    holds: |s| {
                        (s.colour(0), s.colour(1), s.colour(2))
                            == (Colour::White, Colour::Orange, Colour::Purple)
                    },
                },
                Fact {
                    note: 0,
                    says: "25 terrain pyramids, one per square, in six colours",
                    when: Read,
                    holds: |s| {
                        let mut seen: Vec<Colour> =
                            s.terrain_grid().iter().flatten().copied().collect();
                        let all = seen.len() == 25;
                        seen.sort_by_key(|c| c.index());
                        seen.dedup();
                        all && seen.len() == 6
                    },
                },
                Fact {
                    note: 28,
                    says: "Orange and Purple have placed their first pieces",
                    when: Read,
                    holds: |s| holds(s, "A3", 1, 1) && holds(s, "B4", 2, 1),
                },
                Fact {
                    note: 28,
                    says: "Click E5, the Black corner",
                    when: Read,
                    holds: |s| {
                        terrain(s, "E5") == Some(Colour::Black) && s.unit(sq("E5")).is_none()
                    },
                },
                Fact {
                    note: 30,
                    says: "you won this one",
                    when: Read,
                    holds: |s| {
                        matches!(s.last_dice(), Some(DiceRoll::DiceOff { winner: 0, .. }))
                            && s.order().first() == Some(&0)
                            && s.round() == 1
                    },
                },
                Fact {
                    note: 32,
                    says: "A 6: Grow 2, so you have 3 pips on E5",
                    when: Read,
                    holds: |s| {
                        matches!(fate(s), Some((0, 24, rolls, 1, 3)) if rolls.last() == Some(&6))
                            && holds(s, "E5", 0, 3)
                    },
                },
                Fact {
                    note: 33,
                    says: "Orange passes and takes an edge token",
                    when: Read,
                    holds: |s| s.has_edge(1),
                },
                Fact {
                    note: 41,
                    says: "Purple rolled Grow 2",
                    when: At(38),
                    holds: |s| {
                        matches!(fate(s), Some((2, 16, rolls, before, after))
                            if rolls.last() == Some(&6) && after == before + 2)
                    },
                },
                Fact {
                    note: 41,
                    says: "moved 2 pips to C4, close to you",
                    when: Read,
                    holds: |s| holds(s, "C4", 2, 2) && holds(s, "D5", 0, 2),
                },
                Fact {
                    note: 41,
                    says: "A new round, and you go first again",
                    when: Read,
                    holds: |s| s.round() == 2 && s.current_seat() == Some(0),
                },
                Fact {
                    note: 43,
                    says: "A 2: nothing changes",
                    when: Read,
                    holds: |s| matches!(fate(s), Some((0, 23, [2], 2, 2))),
                },
                Fact {
                    note: 43,
                    says: "D4 is Yellow",
                    when: Read,
                    holds: |s| terrain(s, "D4") == Some(Colour::Yellow),
                },
                Fact {
                    note: 44,
                    says: "D5 is Blue, so it allows one more move from it this turn",
                    when: Read,
                    holds: |s| {
                        terrain(s, "D5") == Some(Colour::Blue)
                            && *s.phase() == Phase::ExtraMove { square: sq("D5") }
                            && holds(s, "D5", 0, 1)
                    },
                },
                Fact {
                    note: 45,
                    says: "Green adds 1 to a Grow, so its roll of 4 on C4 makes 4 pips",
                    when: At(50),
                    holds: |s| {
                        terrain(s, "C4") == Some(Colour::Green)
                            && matches!(fate(s), Some((2, 17, [4], 2, 4)))
                            && *s.phase() == Phase::ForcedMove { square: sq("C4") }
                    },
                },
                Fact {
                    note: 45,
                    says: "it moves 2 pips to C5",
                    when: Read,
                    holds: |s| holds(s, "C5", 2, 2) && holds(s, "C4", 2, 2),
                },
                Fact {
                    note: 53,
                    says: "Your turn again",
                    when: Read,
                    holds: |s| s.current_seat() == Some(0) && s.round() == 3,
                },
                Fact {
                    note: 55,
                    says: "Grow 1: 2 pips on D4",
                    when: Read,
                    holds: |s| {
                        matches!(fate(s), Some((0, 18, rolls, 1, 2))
                            if rolls.last().is_some_and(|r| (4..=5).contains(r)))
                            && holds(s, "D4", 0, 2)
                    },
                },
                Fact {
                    note: 55,
                    says: "Attack Purple's 2 pips on C4",
                    when: Read,
                    holds: |s| holds(s, "C4", 2, 2),
                },
                Fact {
                    note: 55,
                    says: "+1 for attacking from Yellow D4, -1 for defending on Green C4",
                    when: Read,
                    holds: |s| {
                        terrain(s, "D4") == Some(Colour::Yellow)
                            && terrain(s, "C4") == Some(Colour::Green)
                    },
                },
                Fact {
                    note: 57,
                    says: "7 against 5: you win",
                    when: Read,
                    holds: |s| battle(s) == Some((7, 5, true)),
                },
                Fact {
                    note: 57,
                    says: "Purple's 2 pips are gone",
                    when: Read,
                    holds: |s| s.unit(sq("C4")).is_none(),
                },
                Fact {
                    note: 58,
                    says: "Purple strikes back from C5 (Yellow, +1) and retakes C4",
                    when: Read,
                    holds: |s| {
                        terrain(s, "C5") == Some(Colour::Yellow)
                            && s.unit(sq("C4")).is_some_and(|u| u.owner == 2)
                    },
                },
                Fact {
                    note: 70,
                    says: "A 1 is Reduce, but E5 is Black, which cancels it",
                    when: Read,
                    holds: |s| {
                        matches!(fate(s), Some((0, 24, [1], before, after)) if before == after)
                            && terrain(s, "E5") == Some(Colour::Black)
                    },
                },
                Fact {
                    note: 70,
                    says: "pass: click \"White passes and takes an edge token\" in the panel",
                    when: At(71),
                    holds: |s| s.has_edge(0),
                },
                Fact {
                    note: 71,
                    says: "Purple grows to 3 pips on C4 and attacks your single pip on D4",
                    when: Read,
                    holds: |s| {
                        holds(s, "C4", 2, 3)
                            && holds(s, "D4", 0, 1)
                            && matches!(
                                s.phase(),
                                Phase::Defend {
                                    from: 17,
                                    to: 18,
                                    ..
                                }
                            )
                    },
                },
                Fact {
                    note: 77,
                    says: "Spend your edge token",
                    when: Read,
                    holds: |s| s.has_edge(0),
                },
                Fact {
                    note: 79,
                    says: "4 against 4: ties favour the defender, so you hold D4",
                    when: At(79),
                    holds: |s| battle(s) == Some((4, 4, false)),
                },
                Fact {
                    note: 79,
                    says: "Purple loses as many pips as you defended with (one)",
                    when: Read,
                    holds: |s| holds(s, "C4", 2, 2) && holds(s, "D4", 0, 1),
                },
                Fact {
                    note: 83,
                    says: "Grow 2: 3 pips on D4",
                    when: Read,
                    holds: |s| {
                        matches!(fate(s), Some((0, 18, rolls, 1, 3)) if rolls.last() == Some(&6))
                            && holds(s, "D4", 0, 3)
                    },
                },
                Fact {
                    note: 83,
                    says: "(Purple has 2 pips there)",
                    when: Read,
                    holds: |s| holds(s, "C4", 2, 2),
                },
                Fact {
                    note: 85,
                    says: "9 against 5: Purple is wiped out of C4",
                    when: Read,
                    holds: |s| battle(s) == Some((9, 5, true)) && s.unit(sq("C4")).is_none(),
                },
                Fact {
                    note: 86,
                    says: "You hold four territories: E5, D5, D4 and C4",
                    when: Read,
                    holds: |s| {
                        s.territories(0) == 4
                            && ["E5", "D5", "D4", "C4"]
                                .iter()
                                .all(|x| s.unit(sq(x)).is_some_and(|u| u.owner == 0))
                    },
                },
                Fact {
                    note: 85,
                    says: "Move in with 2 pips, leaving 1 on D4",
                    when: At(86),
                    holds: |s| holds(s, "C4", 0, 2) && holds(s, "D4", 0, 1),
                },
            ],
        );
    }

    type Script = crate::plugins::session::Script<IceColony>;
}
