//! Ice Colony clicks: click a square to place, choose, move or attack there; where a click could
//! mean several things (how many pips to move, whether to spend the edge token) the side panel
//! offers the choices. Lit squares are the acting human's clickable ones. Choosing one of several
//! territories, and attacking, take a second click (or the panel's button): the roll that follows
//! cannot be taken back, so one stray click must not start it.

use bevy::prelude::*;
use hoarfrost_rules::ice_colony::{self, Action, IceColony, Phase, Square};
use hoarfrost_rules::{Game, Seat};

use crate::plugins::games::ice_colony::table::{ColonyAssets, ColonyPiece, ColonySquare};
use crate::plugins::session::{ClickOutcome, ClickSeat, PlayAction, Script, Session, human_click};
use crate::plugins::ui::hud::Choices;
use crate::systems::Frame;

pub(crate) fn plugin(app: &mut App) {
    app.add_observer(on_click)
        .add_plugins(crate::plugins::table::held::put_down_on_bare_click::<IceColony>)
        .add_systems(
            Update,
            refresh_tiles.in_set(Frame::Mirror).run_if(
                (resource_exists_and_changed::<Session<IceColony>>
                    .or_else(resource_changed::<Choices<IceColony>>))
                .and_then(resource_exists::<ColonyAssets>),
            ),
        );
}

/// The square an action is played on, if it is played by clicking a square.
pub fn square_of(a: &Action) -> Option<Square> {
    match *a {
        Action::Place { square } | Action::Choose { square } => Some(square),
        Action::Move { to, .. } | Action::Attack { to, .. } => Some(to),
        _ => None,
    }
}

/// Light the squares the acting human may click, and the active territory (and the square a first
/// click has marked, waiting for the second).
fn refresh_tiles(
    session: Res<Session<IceColony>>,
    held: Res<Choices<IceColony>>,
    kit: Res<ColonyAssets>,
    mut tiles: Query<(&ColonySquare, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    let clickable: Vec<Square> = session
        .acting_human()
        .map(|seat| {
            session
                .state
                .legal_actions(seat)
                .iter()
                .filter_map(square_of)
                .collect()
        })
        .unwrap_or_default();
    let active = session.state.active_square();
    // A territory or an attack's target marked by a first click, waiting for the second.
    let marked = match held.0.as_slice() {
        [a @ (Action::Choose { .. } | Action::Attack { .. })] => square_of(a),
        _ => None,
    };
    for (sq, mut material) in &mut tiles {
        let look = if active == Some(sq.0) || marked == Some(sq.0) {
            2
        } else if clickable.contains(&sq.0) {
            1
        } else {
            0
        };
        if material.0 != kit.tile[look] {
            material.0 = kit.tile[look].clone();
        }
    }
}

fn on_click(
    click: On<Pointer<Click>>,
    (phase, session): ClickSeat<IceColony>,
    squares: Query<&ColonySquare>,
    pieces: Query<&ColonyPiece>,
    script: Option<Res<Script<IceColony>>>,
    mut choices: ResMut<Choices<IceColony>>,
    (mut notice, mut play): ClickOutcome<IceColony>,
) {
    let Some((session, seat)) = human_click(click.button, phase.as_deref(), session.as_deref())
    else {
        return;
    };
    let square = match (squares.get(click.entity), pieces.get(click.entity)) {
        (Ok(s), _) => s.0,
        (_, Ok(p)) => p.0,
        _ => return,
    };
    let scripted = script
        .as_ref()
        .and_then(|s| s.next_move(session))
        .map(|(_, a)| a);
    match click_square(&session.state, seat, square) {
        SquareClick::Play(action)
            if awaits_second_click(&session.state, seat, &action, &choices.0, scripted) =>
        {
            let what = match action {
                Action::Attack { .. } => "to attack it",
                _ => "to roll the fate die for it",
            };
            notice.info(crate::plugins::session::words::second_click_note(
                &ice_colony::square_name(square),
                what,
            ));
            choices.0 = vec![action];
        }
        SquareClick::Play(action) => {
            play.write(PlayAction { seat, action });
        }
        SquareClick::Choose(options) => {
            notice.info(format!(
                "{}: pick one in the panel",
                ice_colony::square_name(square)
            ));
            choices.0 = options;
        }
        SquareClick::Explain(why) => notice.error(why),
    }
}

/// What a click on a square means.
#[derive(Clone, Debug, PartialEq)]
pub enum SquareClick {
    /// Exactly one legal action is played there.
    Play(Action),
    /// Several are: the panel offers them.
    Choose(Vec<Action>),
    /// None is: the rules' reason.
    Explain(String),
}

/// The legal actions of `seat` played on `square`, sorted out into what a click does.
pub fn click_square(s: &IceColony, seat: Seat, square: Square) -> SquareClick {
    let mut matches: Vec<Action> = s
        .legal_actions(seat)
        .into_iter()
        .filter(|a| square_of(a) == Some(square))
        .collect();
    match matches.len() {
        0 => SquareClick::Explain(explain(s, seat, square)),
        1 => SquareClick::Play(matches.remove(0)),
        _ => SquareClick::Choose(matches),
    }
}

/// True when a click that would choose a territory or attack only marks the square, waiting for a
/// second click: the roll that follows (the fate die, the battle) cannot be undone, so a stray
/// click must not start it. Not where the territory is the seat's only one (no other choice to
/// have meant), where the same move is already marked (`held`, the panel's choices), or where a
/// tutorial's script names the move.
pub fn awaits_second_click(
    s: &IceColony,
    seat: Seat,
    action: &Action,
    held: &[Action],
    scripted: Option<&Action>,
) -> bool {
    if held == std::slice::from_ref(action) || scripted == Some(action) {
        return false;
    }
    match action {
        Action::Attack { .. } => true,
        Action::Choose { .. } => {
            let territories = s
                .legal_actions(seat)
                .iter()
                .filter(|a| matches!(a, Action::Choose { .. }))
                .count();
            territories > 1
        }
        _ => false,
    }
}

/// Why nothing can be done on `square` now, in the rules' words.
fn explain(s: &IceColony, seat: Seat, square: Square) -> String {
    let probe = match s.phase() {
        Phase::Place => Action::Place { square },
        Phase::Choose => Action::Choose { square },
        Phase::Act { .. } | Phase::ForcedMove { .. } | Phase::ExtraMove { .. } => Action::Move {
            to: square,
            pips: 1,
        },
        _ => return "use the buttons in the panel now".into(),
    };
    match s.check(seat, &probe) {
        Err(e) => e.0,
        Ok(()) => "nothing to do on that square now".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::notice::Notice;
    use hoarfrost_rules::ice_colony::{SQUARES, Setup};

    /// Plays chance and the first seat's choices until `seat` is asked to choose a territory.
    fn to_choose(seed: u64) -> IceColony {
        let mut s = IceColony::new(&Setup::new(2, seed)).unwrap();
        for _ in 0..200 {
            match s.to_act() {
                hoarfrost_rules::ToAct::Chance => s.apply_chance(),
                hoarfrost_rules::ToAct::Seats(seats) => {
                    if matches!(s.phase(), Phase::Choose) {
                        return s;
                    }
                    let seat = seats[0];
                    let a = s.legal_actions(seat)[0].clone();
                    s.apply(seat, &a).unwrap();
                }
                hoarfrost_rules::ToAct::Over => break,
            }
        }
        panic!("never reached a choice of territory");
    }

    #[test]
    fn clicking_your_territory_chooses_it_and_an_empty_square_explains() {
        let s = to_choose(3);
        let seat = s.current_seat().unwrap();
        let mine = (0..SQUARES as Square)
            .find(|&q| s.unit(q).is_some_and(|u| u.owner == seat))
            .unwrap();
        assert_eq!(
            click_square(&s, seat, mine),
            SquareClick::Play(Action::Choose { square: mine })
        );
        let empty = (0..SQUARES as Square)
            .find(|&q| s.unit(q).is_none())
            .unwrap();
        match click_square(&s, seat, empty) {
            SquareClick::Explain(why) => assert_eq!(why, "choose a territory you control"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_square_with_several_moves_offers_them_all() {
        // Find a position where some square takes several actions (amounts to move, or edge token).
        for seed in 0..40 {
            let mut s = to_choose(seed);
            let seat = s.current_seat().unwrap();
            let mine = (0..SQUARES as Square)
                .find(|&q| s.unit(q).is_some_and(|u| u.owner == seat))
                .unwrap();
            s.apply(seat, &Action::Choose { square: mine }).unwrap();
            while s.to_act() == hoarfrost_rules::ToAct::Chance {
                s.apply_chance();
            }
            for q in 0..SQUARES as Square {
                if let SquareClick::Choose(options) = click_square(&s, seat, q) {
                    // All of them: the square's legal actions, each once, in any order.
                    let mut all: Vec<Action> = s
                        .legal_actions(seat)
                        .into_iter()
                        .filter(|a| square_of(a) == Some(q))
                        .collect();
                    let mut offered = options.clone();
                    let key = |a: &Action| format!("{a:?}");
                    all.sort_by_key(key);
                    offered.sort_by_key(key);
                    assert!(offered.len() > 1);
                    assert_eq!(offered, all);
                    return;
                }
            }
        }
        panic!("no square with several actions in 40 games");
    }

    /// Two-seat games from `seed` on, played by random legal moves until `found` holds for the
    /// position and the seat to act.
    fn play_until(seed: u64, found: impl Fn(&IceColony, Seat) -> bool) -> IceColony {
        let mut rng = hoarfrost_rules::GameRng::new(seed);
        for game in seed..seed + 20 {
            let mut s = IceColony::new(&Setup::new(2, game)).unwrap();
            for _ in 0..2000 {
                match s.to_act() {
                    hoarfrost_rules::ToAct::Chance => s.apply_chance(),
                    hoarfrost_rules::ToAct::Seats(seats) => {
                        if found(&s, seats[0]) {
                            return s;
                        }
                        let legal = s.legal_actions(seats[0]);
                        let a = legal[rng.below(legal.len())].clone();
                        s.apply(seats[0], &a).unwrap();
                    }
                    hoarfrost_rules::ToAct::Over => break,
                }
            }
        }
        panic!("no such position in 20 random games");
    }

    /// A position where the seat to act chooses among two territories or more.
    fn to_choose_among_several() -> IceColony {
        play_until(9, |s, seat| {
            let legal = s.legal_actions(seat);
            legal
                .iter()
                .filter(|a| matches!(a, Action::Choose { .. }))
                .count()
                > 1
        })
    }

    /// The square the seat to act may attack with one click (no edge token to ask about), if any.
    fn one_click_attack(s: &IceColony, seat: Seat) -> Option<Action> {
        s.legal_actions(seat).iter().find_map(|a| match a {
            Action::Attack { to, .. } => match click_square(s, seat, *to) {
                SquareClick::Play(attack) => Some(attack),
                _ => None,
            },
            _ => None,
        })
    }

    #[test]
    fn choosing_one_of_several_territories_waits_for_a_second_click_unless_scripted() {
        let s = to_choose_among_several();
        let seat = s.current_seat().unwrap();
        let choose: Vec<Action> = s
            .legal_actions(seat)
            .into_iter()
            .filter(|a| matches!(a, Action::Choose { .. }))
            .collect();
        let (first, other) = (&choose[0], &choose[1]);
        assert!(awaits_second_click(&s, seat, first, &[], None));
        // The same territory marked already: the second click plays it.
        assert!(!awaits_second_click(
            &s,
            seat,
            first,
            std::slice::from_ref(first),
            None
        ));
        // Another one marked: this click moves the mark.
        assert!(awaits_second_click(
            &s,
            seat,
            first,
            std::slice::from_ref(other),
            None
        ));
        // A tutorial naming the move plays it at once.
        assert!(!awaits_second_click(&s, seat, first, &[], Some(first)));
        // Moves that roll nothing are never held back.
        assert!(!awaits_second_click(
            &s,
            seat,
            &Action::Move { to: 0, pips: 1 },
            &[],
            None
        ));
    }

    #[test]
    fn an_attack_waits_for_a_second_click_unless_scripted() {
        let s = play_until(4, |s, seat| one_click_attack(s, seat).is_some());
        let seat = s.current_seat().unwrap();
        let attack = one_click_attack(&s, seat).unwrap();
        assert!(awaits_second_click(&s, seat, &attack, &[], None));
        let held = std::slice::from_ref(&attack);
        assert!(!awaits_second_click(&s, seat, &attack, held, None));
        assert!(!awaits_second_click(&s, seat, &attack, &[], Some(&attack)));
    }

    #[test]
    fn an_only_territory_is_chosen_at_once() {
        let s = to_choose(3);
        let seat = s.current_seat().unwrap();
        let only: Vec<Action> = s
            .legal_actions(seat)
            .into_iter()
            .filter(|a| matches!(a, Action::Choose { .. }))
            .collect();
        assert_eq!(only.len(), 1);
        assert!(!awaits_second_click(&s, seat, &only[0], &[], None));
    }

    /// The table's click handler: a first click on one of two territories marks it in the panel and
    /// plays nothing; a second click on it plays it (the fate roll is then pending).
    #[test]
    fn on_the_table_a_territory_is_chosen_by_the_second_click() {
        use crate::plugins::core::seats::SeatKind;
        let s = to_choose_among_several();
        let seat = s.current_seat().unwrap();
        let square = s
            .legal_actions(seat)
            .into_iter()
            .find_map(|a| match a {
                Action::Choose { square } => Some(square),
                _ => None,
            })
            .unwrap();
        let seats = vec![SeatKind::Human; 2];
        let mut app = crate::plugins::session::test_app::<IceColony>();
        app.init_resource::<Choices<IceColony>>()
            .add_plugins(plugin)
            .insert_resource(Session::new(s.clone(), seats, 9));
        crate::systems::start_playing(&mut app);
        let tile = app.world_mut().spawn(ColonySquare(square)).id();
        crate::plugins::core::testing::pick_test::left_click(app.world_mut(), tile);
        app.update();
        let world = app.world();
        assert_eq!(world.resource::<Session<IceColony>>().state, s);
        assert_eq!(
            world.resource::<Choices<IceColony>>().0,
            vec![Action::Choose { square }]
        );
        assert!(world.resource::<Notice>().text.contains("click it again"));
        crate::plugins::core::testing::pick_test::left_click(app.world_mut(), tile);
        app.update();
        let now = &app.world().resource::<Session<IceColony>>().state;
        assert_eq!(now.active_square(), Some(square));
        assert_eq!(now.to_act(), hoarfrost_rules::ToAct::Chance);
    }

    #[test]
    fn every_square_action_names_its_square() {
        assert_eq!(square_of(&Action::Move { to: 7, pips: 2 }), Some(7));
        assert_eq!(square_of(&Action::Pass), None);
    }
}
