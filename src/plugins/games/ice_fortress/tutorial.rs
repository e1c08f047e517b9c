//! The Ice Fortress tutorial: a solo game from a fixed setup whose first steps are scripted
//! (`scenes/tutorial/ice-fortress.ron`). The player makes each scripted move: the side panel names
//! it with the note for that part of the game (`session::tutorial`), gold markers bob over what to click
//! (over a hint's move too, outside the tutorial), and any other move is refused with the one asked
//! for (the session's [`Script`](crate::plugins::session::Script) gate). Rolls and draws come from the
//! setup's seed, so they fall as scripted. After the last scripted step, or when the player leaves
//! the tutorial, the game goes on as any other.

use bevy::prelude::*;
use hoarfrost_rules::ice_fortress::{Action, IceFortress};

use crate::plugins::games::ice_fortress::click::{Input, Target, inputs_for};
use crate::plugins::session::Session;
use crate::plugins::table::markers::{Marked, MoveSources, move_shown, spots_of};
use crate::systems::Frame;

/// The tutorial shipped with the game.
pub(crate) const SCRIPT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/scenes/tutorial/ice-fortress.ron"
));

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mark_targets
            .in_set(Frame::Mirror)
            .run_if(resource_exists::<Session<IceFortress>>),
    );
}

/// The table targets `action` clicks.
fn table_targets(s: &IceFortress, action: &Action) -> Vec<Target> {
    inputs_for(s, action)
        .into_iter()
        .filter_map(|input| match input {
            Input::Table(t) => Some(t),
            _ => None,
        })
        .collect()
}

/// Mark what the move shown (the tutorial's next move, or a hint) clicks on the table.
fn mark_targets(
    session: Res<Session<IceFortress>>,
    (script, hint): MoveSources<IceFortress>,
    targets: Query<(&Target, &GlobalTransform)>,
    mut marked: ResMut<Marked>,
) {
    let wanted = move_shown(&session, script.as_deref(), hint.as_deref())
        .map(|(_, a)| table_targets(&session.state, a))
        .unwrap_or_default();
    let spots = spots_of(
        &wanted,
        targets.iter().map(|(t, at)| (*t, at.translation())),
    );
    Marked::set(&mut marked, spots);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::seats::SeatKind;
    use crate::plugins::session::registry::TableGame;
    use crate::plugins::session::tutorial::{self, Tutorial};
    use hoarfrost_rules::ice_fortress::Spot;
    use hoarfrost_rules::record::{Recorder, Step};

    #[test]
    fn the_shipped_tutorial_plays_under_the_current_rules() {
        let Tutorial {
            script,
            notes,
            seats,
        } = <IceFortress as TableGame>::tutorial().unwrap_or_else(|e| panic!("{e}"));
        assert!(script.len() >= 40, "{} steps", script.len());
        assert_eq!(notes.0[0].at, 0, "a note from the first step");
        // Solo: one seat, so the player makes every scripted move.
        assert_eq!(script.0.setup.players, 1);
        assert_eq!(seats, vec![SeatKind::Human]);
    }

    #[test]
    fn a_broken_tutorial_file_says_what_is_wrong() {
        let err = |text: &str| tutorial::parse::<IceFortress>(text).err().expect("refused");
        assert!(err("(setup: oops)").contains("does not read"));
        // The shipped file with its first move changed to one that cannot be played.
        let bad = SCRIPT.replacen("KeepAbility(card: 6)", "KeepAbility(card: 99)", 1);
        assert_ne!(bad, SCRIPT);
        assert!(err(&bad).contains("no longer play"), "{}", err(&bad));
        let late = SCRIPT.replacen("(at: 0,", "(at: 45,", 1);
        assert!(err(&late).contains("first step"), "{}", err(&late));
        let unordered = SCRIPT.replacen("(at: 9,", "(at: 7,", 1);
        assert_ne!(unordered, SCRIPT);
        assert!(err(&unordered).contains("order"), "{}", err(&unordered));
    }

    /// Plays the shipped script up to its first room built onto the board; returns the recorder.
    fn up_to_the_first_build() -> Recorder<IceFortress> {
        let script = <IceFortress as TableGame>::tutorial().unwrap().script;
        let mut recorder = Recorder::<IceFortress>::new(script.0.setup.clone()).unwrap();
        while let Some(step) = script.0.steps.get(recorder.record().steps.len()) {
            match step {
                Step::Act {
                    action: Action::BuildRoom { .. },
                    ..
                } => break,
                Step::Act { seat, action } => recorder.act(*seat, action).unwrap(),
                Step::Chance => recorder.chance().unwrap(),
            }
        }
        recorder
    }

    /// A headless app marking targets for `session`, with three table targets: the room and
    /// space of `build` at x = 1 and 5, and another space at x = 9.
    fn marking_app(recorder: Recorder<IceFortress>, build: &Action) -> App {
        let Action::BuildRoom {
            room,
            on: Spot::Foundation(space),
        } = *build
        else {
            panic!("not a room onto the board: {build:?}");
        };
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Marked>()
            .insert_resource(Session::recorded(recorder, vec![SeatKind::Human], 3))
            .add_systems(Update, mark_targets);
        let at = |x: f32| GlobalTransform::from_translation(Vec3::new(x, 0.0, 0.0));
        app.world_mut().spawn((Target::Room(room), at(1.0)));
        app.world_mut().spawn((Target::Space(space), at(5.0)));
        app.world_mut().spawn((Target::Space(space + 1), at(9.0)));
        app
    }

    fn marked_x(app: &App) -> Vec<f32> {
        app.world()
            .resource::<Marked>()
            .0
            .iter()
            .map(|p| p.x)
            .collect()
    }

    /// The markers stand over what the next scripted move clicks, and move on with it.
    #[test]
    fn gold_markers_stand_over_what_the_next_move_clicks() {
        let script = <IceFortress as TableGame>::tutorial().unwrap().script;
        let recorder = up_to_the_first_build();
        let build = match &script.0.steps[recorder.record().steps.len()] {
            Step::Act { action, .. } => action.clone(),
            Step::Chance => unreachable!(),
        };
        let after = script.0.steps[recorder.record().steps.len() + 1].clone();
        let mut app = marking_app(recorder, &build);
        app.insert_resource(script);
        app.update();
        assert_eq!(marked_x(&app), vec![1.0, 5.0]);
        // The move is played: the markers move on to the next one, a power used in the cards
        // window, which clicks nothing on the table (the other space is never marked).
        app.world_mut()
            .resource_mut::<Session<IceFortress>>()
            .act(0, &build)
            .unwrap();
        assert!(matches!(
            after,
            Step::Act {
                action: Action::UsePower { .. },
                ..
            }
        ));
        app.update();
        assert!(marked_x(&app).is_empty());
    }

    /// Outside a tutorial, a hint's move gets the markers.
    #[test]
    fn gold_markers_stand_over_a_hinted_move() {
        use crate::plugins::session::hint::{Hint, HintState};
        use hoarfrost_rules::Game;
        let recorder = up_to_the_first_build();
        // The last room the rules allow onto the board; no tutorial here, only the hint.
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
        let mut app = marking_app(recorder, &hinted);
        app.update();
        assert!(marked_x(&app).is_empty(), "nothing marked before a hint");
        let mut hint = Hint::<IceFortress>::default();
        hint.state = HintState::Ready {
            seat: 0,
            action: hinted,
        };
        app.insert_resource(hint);
        app.update();
        assert_eq!(marked_x(&app), vec![1.0, 5.0]);
    }

    #[test]
    fn every_note_matches_the_table_it_describes() {
        use crate::plugins::session::tutorial::facts::{Fact, When::*, check};
        use hoarfrost_rules::ice_fortress::{
            Decision, Element, InvaderAt, Phase, RoomElement, RoomId, Size,
        };
        /// Room `id`'s card: its name, size and element.
        fn is(s: &IceFortress, id: RoomId, name: &str, size: Size, element: RoomElement) -> bool {
            s.card(id)
                .is_some_and(|c| c.name == name && c.size == size && c.element == element)
        }
        /// Whether the invader to place now is of `element`.
        fn placing(s: &IceFortress, element: Element) -> bool {
            matches!(s.decision(), Some(Decision::PlaceInvader { element: e, options })
                if *e == element && options.len() > 1)
        }
        check(
            &<IceFortress as TableGame>::tutorial().unwrap(),
            &[
                Fact {
                    note: 0,
                    says: "as two characters who take turns: Scarlett and Eve",
                    when: Read,
                    holds: |s| {
                        s.characters().len() == 2
                            && s.title(0).starts_with("Scarlett")
                            && s.title(1).starts_with("Eve")
                    },
                },
                Fact {
                    note: 0,
                    says: "the ice shield, the stack of cubes on the right",
                    when: Read,
                    holds: |s| s.shield() == 7,
                },
                Fact {
                    note: 0,
                    says: "six are dealt to Scarlett",
                    when: Read,
                    holds: |s| s.characters()[0].draft.len() == 6,
                },
                Fact {
                    note: 0,
                    says: "who keeps two, and Eve keeps two of the four left",
                    when: During,
                    holds: |s| s.characters().iter().all(|c| c.abilities.len() == 2),
                },
                Fact {
                    note: 5,
                    says: "Scarlett's turn. A turn is: roll, build",
                    when: Read,
                    holds: |s| s.current() == 0 && s.phase() == Phase::Build,
                },
                Fact {
                    note: 5,
                    says: "one for every die pictured on her cards",
                    when: Read,
                    holds: |s| s.rolled().len() == s.dice_shown(0),
                },
                Fact {
                    note: 5,
                    says: "holds one room of each size, as the rulebook deals them",
                    when: Read,
                    holds: |s| {
                        let mut sizes: Vec<Size> = s
                            .supply()
                            .iter()
                            .filter_map(|&r| Some(s.card(r)?.size))
                            .collect();
                        sizes.sort();
                        sizes == Size::ALL
                    },
                },
                Fact {
                    note: 5,
                    says: "its jumbo room, the Tide Keep",
                    when: Read,
                    holds: |s| {
                        s.supply().contains(&5)
                            && is(s, 5, "Tide Keep", Size::Jumbo, RoomElement::Water)
                    },
                },
                Fact {
                    note: 6,
                    says: "Scarlett's name card draws a shard, then a room of the size you choose",
                    when: At(8),
                    holds: |s| s.shards().iter().sum::<u8>() == 1 && s.supply().contains(&10),
                },
                Fact {
                    note: 8,
                    says: "The jumbo room drawn is the Clay Keep, an earth room",
                    when: Read,
                    holds: |s| is(s, 10, "Clay Keep", Size::Jumbo, RoomElement::Earth),
                },
                Fact {
                    note: 9,
                    says: "Place all eight dice",
                    when: Read,
                    holds: |s| s.rolled().len() == 8,
                },
                Fact {
                    note: 17,
                    says: "Scarlett has no dice left",
                    when: Read,
                    holds: |s| s.rolled().is_empty() && s.current() == 0,
                },
                Fact {
                    note: 18,
                    says: "After every turn two are pulled from the bag (one more for each beacon built)",
                    when: At(18),
                    holds: |s| s.to_pull() == 2 && s.beacons() == 0,
                },
                Fact {
                    note: 18,
                    says: "An earth invader sits on a whole pillar group",
                    when: Read,
                    holds: |s| {
                        placing(s, Element::Earth)
                            && matches!(s.decision(), Some(Decision::PlaceInvader { options, .. })
                                if options.iter().all(|o| matches!(o, InvaderAt::Group { .. })))
                    },
                },
                Fact {
                    note: 22,
                    says: "Both invaders were earth ones, and both entered the Clay Keep, one on each of its pillar groups",
                    when: Read,
                    holds: |s| {
                        s.built_room(10).is_some_and(|r| {
                            r.group_invaders == [Some(Element::Earth), Some(Element::Earth)]
                        }) && s.shield() == 7
                    },
                },
                Fact {
                    note: 22,
                    says: "Eve's turn. Her Banisher card",
                    when: Read,
                    holds: |s| {
                        s.current() == 1
                            && s.phase() == Phase::Build
                            && s.title(1).contains("Banisher")
                    },
                },
                Fact {
                    note: 22,
                    says: "repels all invaders from one room, back into the bag",
                    when: At(23),
                    holds: |s| s.invaders_in_fortress() == [0; 4] && s.bag()[3] >= 2,
                },
                Fact {
                    note: 23,
                    says: "pick the Mist Hallway",
                    when: At(25),
                    holds: |s| s.supply().contains(&22),
                },
                Fact {
                    note: 25,
                    says: "Scarlett's dice filled the Tide Keep's second group",
                    when: Read,
                    holds: |s| {
                        let (Some(card), Some(room)) = (s.card(5), s.built_room(5)) else {
                            return false;
                        };
                        card.groups[1].size == Size::Large
                            && card.groups[1]
                                .squares
                                .iter()
                                .all(|&q| room.pillars[q as usize].is_some())
                    },
                },
                Fact {
                    note: 25,
                    says: "Build the Mist Hallway, a large water room, on it. It shows an ice crystal",
                    when: Read,
                    holds: |s| {
                        is(s, 22, "Mist Hallway", Size::Large, RoomElement::Water)
                            && s.card(22).is_some_and(|c| c.crystal)
                            && s.shield() == 7
                    },
                },
                Fact {
                    note: 25,
                    says: "a cube is added",
                    when: At(26),
                    holds: |s| {
                        s.shield() == 8 && s.built_room(5).is_some_and(|r| r.above[1] == Some(22))
                    },
                },
                Fact {
                    note: 26,
                    says: "Place Eve's dice",
                    when: Read,
                    holds: |s| s.current() == 1 && !s.rolled().is_empty(),
                },
                Fact {
                    note: 32,
                    says: "an earth one, which you send to a group of the Clay Keep",
                    when: Read,
                    holds: |s| {
                        placing(s, Element::Earth)
                            && matches!(s.decision(), Some(Decision::PlaceInvader { options, .. })
                                if options.iter().all(|o| matches!(o, InvaderAt::Group { room: 10, .. })))
                    },
                },
                Fact {
                    note: 32,
                    says: "then a water one, which enters the Mist Hallway",
                    when: At(35),
                    holds: |s| {
                        s.built_room(22)
                            .is_some_and(|r| r.invaders.contains(&Some(Element::Water)))
                    },
                },
                Fact {
                    note: 32,
                    says: "Choose the Wind Pantry",
                    when: At(35),
                    holds: |s| {
                        s.decision() == Some(&Decision::Flood)
                            && s.supply().contains(&52)
                            && is(s, 52, "Wind Pantry", Size::Medium, RoomElement::Air)
                    },
                },
                Fact {
                    note: 32,
                    says: "it is destroyed",
                    when: At(36),
                    holds: |s| !s.supply().contains(&52) && s.card(52).is_some(),
                },
                Fact {
                    note: 36,
                    says: "Scarlett again",
                    when: Read,
                    holds: |s| s.current() == 0 && s.phase() == Phase::Build,
                },
                Fact {
                    note: 36,
                    says: "Her quiet ability pays an air shard",
                    when: At(39),
                    holds: |s| {
                        s.title(0).contains("quiet") && s.shards()[Element::Air.index()] >= 1
                    },
                },
                Fact {
                    note: 36,
                    says: "pick the Ripple Cellar",
                    when: At(41),
                    holds: |s| {
                        s.supply().contains(&46)
                            && is(s, 46, "Ripple Cellar", Size::Medium, RoomElement::Water)
                    },
                },
                Fact {
                    note: 41,
                    says: "build the Pool Barracks, the large water room just drawn",
                    when: Read,
                    holds: |s| {
                        s.supply().contains(&21)
                            && is(s, 21, "Pool Barracks", Size::Large, RoomElement::Water)
                    },
                },
                Fact {
                    note: 41,
                    says: "build the Ripple Cellar, a medium water room, on it",
                    when: At(48),
                    holds: |s| {
                        s.built_room(5).is_some_and(|r| r.above[0] == Some(21))
                            && s.built_room(21)
                                .is_some_and(|r| r.above.contains(&Some(46)))
                    },
                },
                Fact {
                    note: 49,
                    says: "Scarlett keeps her last two dice",
                    when: Read,
                    holds: |s| s.rolled().len() == 2 && s.current() == 0,
                },
                Fact {
                    note: 50,
                    says: "water's column is three rooms high now",
                    when: Read,
                    holds: |s| s.stack_height(46) == 3,
                },
            ],
        );
    }
}
