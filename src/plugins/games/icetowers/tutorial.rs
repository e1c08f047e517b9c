//! The IceTowers tutorial: a two-seat game whose first moves are scripted
//! (`scenes/tutorial/icetowers.ron`, written by hand so that caps, a mine and a split each come
//! up); the player is Red and the AI seat plays its scripted moves, the turnless game held to the
//! script's order by the session's gate. Gold markers stand over the pyramids of the move shown
//! (the tutorial's next move, or a hint): the pyramid to pick up and the tower to cap, or the
//! pyramid to click to split.

use bevy::prelude::*;
use hoarfrost_rules::icetowers::{Action, IceTowers, TowerId};

use crate::plugins::games::icetowers::table::PieceAt;
use crate::plugins::session::Session;
use crate::plugins::table::markers::{Marked, MoveSources, move_shown, spots_of};
use crate::systems::Frame;

/// The tutorial shipped with the game.
pub(crate) const SCRIPT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/scenes/tutorial/icetowers.ron"
));

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mark_targets
            .in_set(Frame::Mirror)
            .run_if(resource_exists::<Session<IceTowers>>),
    );
}

/// The pyramids a move is made by clicking: (tower, height from the bottom).
pub fn pieces_of(s: &IceTowers, action: &Action) -> Vec<(TowerId, u8)> {
    let top = |id: TowerId| {
        s.tower(id)
            .map(|t| (id, t.pieces.len().saturating_sub(1) as u8))
    };
    match *action {
        Action::Cap { piece, onto } => [Some((piece, 0)), top(onto)]
            .into_iter()
            .flatten()
            .collect(),
        Action::Mine { from, index, onto } => [Some((from, index)), onto.and_then(top)]
            .into_iter()
            .flatten()
            .collect(),
        Action::Split { tower, at } => vec![(tower, at)],
        Action::Stop => Vec::new(),
    }
}

/// Mark the pyramids of the move shown (the tutorial's next move, or a hint).
fn mark_targets(
    session: Res<Session<IceTowers>>,
    (script, hint): MoveSources<IceTowers>,
    pieces: Query<(&PieceAt, &GlobalTransform)>,
    mut marked: ResMut<Marked>,
) {
    let wanted = move_shown(&session, script.as_deref(), hint.as_deref())
        .map(|(_, a)| pieces_of(&session.state, a))
        .unwrap_or_default();
    let spots = spots_of(
        &wanted,
        pieces
            .iter()
            .map(|(p, at)| ((p.tower, p.index), at.translation())),
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
    use hoarfrost_rules::record::Recorder;

    #[test]
    fn the_shipped_tutorial_plays_a_cap_a_mine_and_a_split_of_the_player() {
        let Tutorial { script, seats, .. } =
            <IceTowers as TableGame>::tutorial().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seats, vec![SeatKind::Human, SeatKind::Ai]);
        let mine = script.moves_of(0);
        assert!(mine.iter().any(|a| matches!(a, Action::Cap { .. })));
        assert!(mine.iter().any(|a| matches!(a, Action::Mine { .. })));
        assert!(mine.iter().any(|a| matches!(a, Action::Split { .. })));
        // Red ends ahead, the game still on.
        let r = Recorder::<IceTowers>::from_record(script.0.clone()).unwrap();
        assert!(!r.state().is_over());
        let scores = r.state().scores();
        assert!(scores[0] > scores[1], "{scores:?}");
    }

    #[test]
    fn the_pieces_of_a_move_are_what_the_player_clicks() {
        let s = <IceTowers as TableGame>::tutorial().unwrap().script;
        let start = Recorder::<IceTowers>::new(s.0.setup.clone()).unwrap();
        let state = start.state();
        // A cap: the freestanding pyramid and the top of the tower capped.
        assert_eq!(
            pieces_of(state, &Action::Cap { piece: 5, onto: 40 }),
            vec![(5, 0), (40, 0)]
        );
        // A split: the pyramid clicked; a stop: nothing.
        assert_eq!(
            pieces_of(state, &Action::Split { tower: 41, at: 2 }),
            vec![(41, 2)]
        );
        assert!(pieces_of(state, &Action::Stop).is_empty());
        // A mine set down on the table marks only the pyramid mined.
        assert_eq!(
            pieces_of(
                state,
                &Action::Mine {
                    from: 40,
                    index: 1,
                    onto: None
                }
            ),
            vec![(40, 1)]
        );
    }

    #[test]
    fn every_note_matches_the_table_it_describes() {
        use crate::plugins::session::tutorial::facts::{Fact, When::*, check};
        use hoarfrost_rules::Hue;
        use hoarfrost_rules::icetowers::Pyramid;
        fn p(side: u8, pips: u8) -> Pyramid {
            Pyramid { side, pips }
        }
        fn top(s: &IceTowers, id: TowerId) -> Option<Pyramid> {
            s.tower(id).map(|t| t.top())
        }
        check(
            &<IceTowers as TableGame>::tutorial().unwrap(),
            &[
                Fact {
                    note: 0,
                    says: "You are Red and the AI is Yellow; Green belongs to Gus",
                    when: Read,
                    holds: |s| {
                        (s.hue(0), s.hue(1), s.hue(2)) == (Hue::Red, Hue::Yellow, Hue::Green)
                            && s.gus() == Some(2)
                    },
                },
                Fact {
                    note: 0,
                    says: "you both start with 30",
                    when: Read,
                    holds: |s| s.scores() == vec![30, 30],
                },
                Fact {
                    note: 1,
                    says: "Yellow caps your tower with a small: all 6 pips of it are Yellow's",
                    when: Read,
                    holds: |s| {
                        s.tower(40)
                            .is_some_and(|t| t.top() == p(1, 1) && t.pips() == 6)
                    },
                },
                Fact {
                    note: 3,
                    says: "Yellow caps it again",
                    when: Read,
                    holds: |s| top(s, 40) == Some(p(1, 1)),
                },
                Fact {
                    note: 4,
                    says: "two of your pyramids, but Yellow's is on top",
                    when: Read,
                    holds: |s| {
                        s.tower(40).is_some_and(|t| {
                            t.pieces.iter().filter(|x| x.side == 0).count() == 2
                                && t.top().side == 1
                        })
                    },
                },
                Fact {
                    note: 5,
                    says: "Yellow stands its large on a Green large",
                    when: Read,
                    holds: |s| s.tower(41).is_some_and(|t| t.pieces == [p(2, 3), p(1, 3)]),
                },
                Fact {
                    note: 7,
                    says: "Yellow puts a small on its own large",
                    when: Read,
                    holds: |s| {
                        s.tower(41)
                            .is_some_and(|t| t.pieces == [p(2, 3), p(1, 3), p(1, 1)])
                    },
                },
                Fact {
                    note: 8,
                    says: "a small is on top",
                    when: Read,
                    holds: |s| top(s, 41).is_some_and(|t| t.pips == 1),
                },
                Fact {
                    note: 9,
                    says: "Yellow caps the tower you took with your mined medium: its 6 pips are Yellow's",
                    when: Read,
                    holds: |s| {
                        s.tower(25).is_some_and(|t| {
                            t.top().side == 1 && t.pips() == 6 && t.pieces.contains(&p(0, 2))
                        })
                    },
                },
                Fact {
                    note: 10,
                    says: "Yellow's large is on top of it now",
                    when: Read,
                    holds: |s| top(s, 41) == Some(p(1, 3)),
                },
            ],
        );
    }
}
