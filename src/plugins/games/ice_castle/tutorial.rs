//! The Ice Castle tutorial: a two-seat game from a fixed setup whose first steps are scripted
//! (`scenes/tutorial/ice-castle.ron`); the player is Player 1 (South) and the AI seat plays its
//! scripted moves. The cards come from the setup's seed, so they are drawn as scripted. Gold markers
//! stand over the tiles of the move shown (the tutorial's next move, or a hint): the door a card is
//! played on, both ends of an Ice Slide, the tile to move to, the discard pile for a discard.

use bevy::prelude::*;
use hoarfrost_rules::ice_castle::{Action, IceCastle};

use crate::plugins::games::ice_castle::input::tiles_of;
use crate::plugins::games::ice_castle::piles::{CardPile, PileAnchor, pile_top};
use crate::plugins::games::ice_castle::table::CastleTile;
use crate::plugins::session::Session;
use crate::plugins::table::markers::{Marked, MoveSources, move_shown, spots_of};
use crate::systems::Frame;

/// The tutorial shipped with the game.
pub(crate) const SCRIPT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/scenes/tutorial/ice-castle.ron"
));

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
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
    use crate::plugins::core::seats::SeatKind;
    use crate::plugins::session::registry::TableGame;
    use crate::plugins::session::tutorial::Tutorial;
    use hoarfrost_rules::Game;
    use hoarfrost_rules::ice_castle::{Action, Card, Cell};
    use hoarfrost_rules::record::{Recorder, Step};

    #[test]
    fn the_shipped_tutorial_plays_and_shows_every_kind_of_card_and_bonus() {
        let Tutorial { script, seats, .. } =
            <IceCastle as TableGame>::tutorial().unwrap_or_else(|e| panic!("{e}"));
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
        let script = <IceCastle as TableGame>::tutorial().unwrap().script;
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
        let script = <IceCastle as TableGame>::tutorial().unwrap().script;
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
        let script = <IceCastle as TableGame>::tutorial().unwrap().script;
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

    #[test]
    fn every_note_matches_the_table_it_describes() {
        use crate::plugins::session::tutorial::facts::{Fact, When::*, check};
        use hoarfrost_rules::ice_castle::{Colour, Phase, Side, Tile, TileKind};
        /// A cell by its name: "C3" is column C, row 3 (rows count from the South).
        fn c(name: &str) -> Cell {
            let b = name.as_bytes();
            Cell::new(b[1] - b'1', b[0] - b'A')
        }
        fn tile(s: &IceCastle, name: &str) -> Tile {
            *s.tile(c(name)).expect("on the castle")
        }
        check(
            &<IceCastle as TableGame>::tutorial().unwrap(),
            &[
                Fact {
                    note: 0,
                    says: "You are Player 1 on the South side (nearest you); the AI is Player 2 on the North side",
                    when: Read,
                    holds: |s| s.side(0) == Side::South && s.side(1) == Side::North,
                },
                Fact {
                    note: 0,
                    says: "The castle is 5 by 8 door tiles, all closed",
                    when: Read,
                    holds: |s| {
                        (s.cols(), s.rows()) == (5, 8)
                            && s.cells().all(|x| s.tile(x).is_some_and(|t| !t.open))
                    },
                },
                Fact {
                    note: 0,
                    says: "on the far row (row 8 for you)",
                    when: Read,
                    holds: |s| (0..5).all(|col| s.is_goal(0, Cell::new(7, col))),
                },
                Fact {
                    note: 0,
                    says: "First card: an Ice Slide",
                    when: Read,
                    holds: |s| s.hand(0).contains(&Card::Slide),
                },
                Fact {
                    note: 2,
                    says: "You are not in the castle yet",
                    when: Read,
                    holds: |s| s.character(0).is_none(),
                },
                Fact {
                    note: 3,
                    says: "Player 2 lays an Ice Slide of its own",
                    when: Read,
                    holds: |s| s.has_slide(c("B7"), c("C8")),
                },
                Fact {
                    note: 3,
                    says: "discard the Axe",
                    when: Read,
                    holds: |s| s.hand(0).contains(&Card::Axe),
                },
                Fact {
                    note: 9,
                    says: "Player 2 opens B8 with a Green Key",
                    when: Read,
                    holds: |s| {
                        s.character(1) == Some(c("B8"))
                            && tile(s, "B8").open
                            && tile(s, "B8").colour == Colour::Green
                    },
                },
                Fact {
                    note: 9,
                    says: "B8 is an Extra Turn",
                    when: Read,
                    holds: |s| tile(s, "B8").kind == TileKind::ExtraTurn,
                },
                Fact {
                    note: 9,
                    says: "padlocks D8, a door on your goal row",
                    when: Read,
                    holds: |s| tile(s, "D8").padlock && s.is_goal(0, c("D8")),
                },
                Fact {
                    note: 16,
                    says: "Your turn. Open E1 with the Blue Key",
                    when: Read,
                    holds: |s| {
                        s.current() == 0
                            && s.phase() == Phase::Play
                            && tile(s, "E1").colour == Colour::Blue
                            && s.hand(0).contains(&Card::Key(Colour::Blue))
                    },
                },
                Fact {
                    note: 17,
                    says: "E1 turned over: an Extra Key",
                    when: Read,
                    holds: |s| tile(s, "E1").open && tile(s, "E1").kind == TileKind::ExtraKey,
                },
                Fact {
                    note: 23,
                    says: "open E4 with the Green Key. Then move one tile, never diagonally except along an Ice Slide, to the open door at E2",
                    when: Read,
                    holds: |s| {
                        tile(s, "E2").open
                            && !tile(s, "E4").open
                            && tile(s, "E4").colour == Colour::Green
                            && s.character(0) == Some(c("E1"))
                    },
                },
                Fact {
                    note: 31,
                    says: "Player 2 opens B6",
                    when: Read,
                    holds: |s| tile(s, "B6").open,
                },
                Fact {
                    note: 35,
                    says: "move to E4 (open already)",
                    when: Read,
                    holds: |s| tile(s, "E4").open && s.character(0) == Some(c("E3")),
                },
                Fact {
                    note: 37,
                    says: "Player 2 opens B5 but, blocked, steps out of the castle",
                    when: Read,
                    holds: |s| {
                        tile(s, "B5").open
                            && s.character(1).is_none()
                            && s.left_by(1) == Some(c("B8"))
                    },
                },
                Fact {
                    note: 37,
                    says: "blocked",
                    when: At(39),
                    holds: |s| s.character(1) == Some(c("B8")) && s.steps(1).is_empty(),
                },
                Fact {
                    note: 43,
                    says: "E5 is an Extra Turn: you draw and play again at once",
                    when: Read,
                    holds: |s| {
                        tile(s, "E5").kind == TileKind::ExtraTurn
                            && s.bonus_turn()
                            && s.current() == 0
                    },
                },
                Fact {
                    note: 43,
                    says: "Close the door behind you, E3",
                    when: Read,
                    holds: |s| tile(s, "E3").open && s.character(0) == Some(c("E5")),
                },
                Fact {
                    note: 46,
                    says: "Player 2 opens E8 with a Yellow Key: it is a frozen door",
                    when: Read,
                    holds: |s| {
                        let e8 = tile(s, "E8");
                        e8.open && e8.colour == Colour::Yellow && e8.kind == TileKind::Frozen
                    },
                },
                Fact {
                    note: 46,
                    says: "Player 2 stays out: B8, the door it left by, is not a way back in",
                    when: Read,
                    holds: |s| {
                        s.character(1).is_none()
                            && s.left_by(1) == Some(c("B8"))
                            && s.steps(1).is_empty()
                    },
                },
                Fact {
                    note: 50,
                    says: "E8 is on your goal row: break its ice",
                    when: At(51),
                    holds: |s| s.is_goal(0, c("E8")) && tile(s, "E8").axed,
                },
                Fact {
                    note: 52,
                    says: "Player 2 lays an Ice Slide from C6 to B7 and waits outside",
                    when: Read,
                    holds: |s| s.has_slide(c("B7"), c("C6")) && s.character(1).is_none(),
                },
                Fact {
                    note: 56,
                    says: "Padlock E1, the door you came in by",
                    when: At(57),
                    holds: |s| tile(s, "E1").padlock,
                },
                Fact {
                    note: 58,
                    says: "Player 2 takes the padlock off E1 with a Skeleton Key, then enters at E8",
                    when: Read,
                    holds: |s| !tile(s, "E1").padlock && s.character(1) == Some(c("E8")),
                },
                Fact {
                    note: 58,
                    says: "your goal row is its starting side, and your Axe broke the ice that kept it out",
                    when: Read,
                    holds: |s| {
                        s.is_goal(0, c("E8")) && s.is_entry(1, c("E8")) && tile(s, "E8").axed
                    },
                },
                Fact {
                    note: 64,
                    says: "E6 is another Extra Key",
                    when: Read,
                    holds: |s| tile(s, "E6").kind == TileKind::ExtraKey,
                },
                Fact {
                    note: 65,
                    says: "You stand on E6, two tiles from the far row",
                    when: Read,
                    holds: |s| s.character(0) == Some(c("E6")),
                },
                Fact {
                    note: 65,
                    says: "Player 2 stands on E8 and D8 is padlocked",
                    when: Read,
                    holds: |s| s.occupant(c("E8")) == Some(1) && tile(s, "D8").padlock,
                },
                Fact {
                    note: 65,
                    says: "From E7 the only door onto row 8 is E8, open for good now",
                    when: Read,
                    holds: |s| {
                        let onto_row_8: Vec<Cell> = (s.neighbours(c("E7")).into_iter())
                            .filter(|&x| s.is_goal(0, x))
                            .collect();
                        onto_row_8 == [c("E8")] && !tile(s, "E7").open && tile(s, "E8").axed
                    },
                },
                Fact {
                    note: 65,
                    says: "go round by D6 and D7 (Red doors, and you hold two Red Keys)",
                    when: Read,
                    holds: |s| {
                        ["D6", "D7"].iter().all(|x| {
                            let t = tile(s, x);
                            t.colour == Colour::Red && !t.open && !t.padlock
                        }) && s.neighbours(c("E6")).contains(&c("D6"))
                            && s.neighbours(c("D6")).contains(&c("D7"))
                            && s.neighbours(c("D7")).contains(&c("D8"))
                            && s.hand(0)
                                .iter()
                                .filter(|&&k| k == Card::Key(Colour::Red))
                                .count()
                                == 2
                    },
                },
                Fact {
                    note: 65,
                    says: "take the padlock off D8 with your Skeleton Key, and open D8 with a Yellow Key",
                    when: Read,
                    holds: |s| {
                        let d8 = tile(s, "D8");
                        s.hand(0).contains(&Card::Skeleton)
                            && d8.padlock
                            && !d8.open
                            && d8.colour == Colour::Yellow
                            && d8.kind != TileKind::Frozen
                    },
                },
                Fact {
                    note: 65,
                    says: "The Freeze (your opponent cannot move on its next two turns)",
                    when: Read,
                    holds: |_| hoarfrost_rules::ice_castle::FREEZE_TURNS == 2,
                },
                Fact {
                    note: 65,
                    says: "and the Magic Wand (move your opponent one tile) are in the deck too",
                    when: Read,
                    holds: |s| {
                        [Card::Freeze, Card::Wand].iter().all(|k| {
                            !s.discard().contains(k) && (0..2).all(|seat| !s.hand(seat).contains(k))
                        }) && s.pile_count() > 0
                    },
                },
            ],
        );
    }
}
