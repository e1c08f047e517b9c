//! Hints for a human seat: asked for with the side panel's Hint button or the H key, the game's own
//! bot (in a tutorial: its script) thinks for the human seat to move, on a background thread as an AI seat does, and the side
//! panel names the move it would make, with a button that plays it. A move, an undo or a load leaves
//! the hint behind: it is dropped, and a decision still under way for it is ignored; only in a
//! turnless game, where the others move all the time, does a hint outlive their moves while it stays
//! legal.

use bevy::prelude::*;
use hoarfrost_rules::record::Recorded;
use hoarfrost_rules::{Game, Seat};

use crate::plugins::core::screens::Screen;
use crate::plugins::session::ai::BotMaker;
use crate::plugins::session::{Script, Session};
use crate::systems::Frame;
use crate::systems::background::Background;

/// A request for a hint for the human seat to move.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct AskHint;

/// Where the hint for the current position stands.
pub enum HintState<A> {
    /// None asked for this position.
    Idle,
    /// The bot is thinking for `seat`.
    Thinking {
        seat: Seat,
        task: Background<Option<A>>,
    },
    /// The move the bot would make for `seat`.
    Ready { seat: Seat, action: A },
    /// Why there is no hint (not a human's turn, the bot found no move).
    Unavailable(String),
}

/// The hint of game `G` and the position it was asked for.
#[derive(Resource)]
pub struct Hint<G: Game> {
    pub state: HintState<G::Action>,
    /// The session's (steps, rewinds) when it was asked for.
    at: (usize, u64),
    /// Set by a game while a hint would show what must stay hidden (Ice Castle's hand-over).
    pub withheld: Option<&'static str>,
}

impl<G: Game> Default for Hint<G> {
    fn default() -> Self {
        Hint {
            state: HintState::Idle,
            at: (0, 0),
            withheld: None,
        }
    }
}

/// The key that asks for a hint, registered once for every game.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<AskHint>().add_systems(
        Update,
        ask_by_key
            .in_set(Frame::Input)
            .run_if(in_state(Screen::Playing)),
    );
}

/// Hints for game `G`.
pub fn logic<G: Recorded>(app: &mut App) {
    app.add_message::<AskHint>()
        .init_resource::<Hint<G>>()
        // A new game, or a game loaded over this one (whose steps and rewinds may match the
        // position the hint was for): no hint carries over.
        .add_systems(OnEnter(Screen::Title), |mut hint: ResMut<Hint<G>>| {
            *hint = Hint::default()
        })
        .add_systems(OnEnter(Screen::Playing), |mut hint: ResMut<Hint<G>>| {
            *hint = Hint::default()
        })
        .add_systems(
            Update,
            // After the frame's moves are applied, so that a hint never outlives its position.
            (start_hint::<G>, collect_hint::<G>)
                .chain()
                .in_set(Frame::Mirror)
                .run_if(resource_exists::<Session<G>>.and_then(in_state(Screen::Playing))),
        );
}

/// The keys that make a letter key a command (Ctrl+H is not H): the letter shortcuts (H, M) wait
/// until none of them is held.
pub const COMMAND_KEYS: [KeyCode; 3] = [
    KeyCode::ControlLeft,
    KeyCode::ControlRight,
    KeyCode::AltLeft,
];

fn ask_by_key(keys: Res<ButtonInput<KeyCode>>, mut ask: MessageWriter<AskHint>) {
    if keys.just_pressed(KeyCode::KeyH) && !keys.any_pressed(COMMAND_KEYS) {
        ask.write(AskHint);
    }
}

/// The human seat a hint is for: the first human seat that may act now.
pub fn hint_seat<G: Recorded>(session: &Session<G>) -> Option<Seat> {
    (0..session.seats.len()).find(|&s| session.is_human(s) && session.may_act(s))
}

/// Start thinking on a request, unless the hint for this position is already there or under way.
fn start_hint<G: Recorded>(
    mut asked: MessageReader<AskHint>,
    session: Res<Session<G>>,
    maker: Res<BotMaker<G>>,
    script: Option<Res<Script<G>>>,
    mut hint: ResMut<Hint<G>>,
) {
    if asked.read().count() == 0 {
        return;
    }
    let at = (session.steps(), session.rewinds());
    let current = hint.at == at;
    if current
        && matches!(
            hint.state,
            HintState::Thinking { .. } | HintState::Ready { .. }
        )
    {
        return;
    }
    hint.at = at;
    if let Some(why) = hint.withheld {
        hint.state = HintState::Unavailable(why.into());
        return;
    }
    let Some(seat) = hint_seat(&session) else {
        hint.state = HintState::Unavailable("No hint now: no human seat is to move.".into());
        return;
    };
    // In a tutorial the hint is the move it asks for.
    if let Some((seat, action)) = script.as_ref().and_then(|x| x.next_move(&session)) {
        hint.state = HintState::Ready {
            seat,
            action: action.clone(),
        };
        return;
    }
    let mut bot = (maker.0)(session.decision_seed(seat, 0x4817));
    let state = session.state.clone();
    let task = Background::spawn(move || bot.choose(&state, seat));
    hint.state = HintState::Thinking { seat, task };
}

/// Whether a hint for `seat` asked after `steps` steps still holds: only other seats have moved
/// since (in a turnless game the others move all the time), and its move is still legal.
fn still_holds<G: Recorded>(
    session: &Session<G>,
    steps: usize,
    seat: Seat,
    action: &G::Action,
) -> bool {
    let mine = format!("seat {}:", seat + 1);
    let others_only = session.log().get(steps..).is_some_and(|since| {
        since
            .iter()
            .all(|l| l.starts_with("seat ") && !l.starts_with(&mine))
    });
    others_only && session.may_act(seat) && session.state.legal_actions(seat).contains(action)
}

/// Take a finished hint; drop the hint once the game has moved on (but for other seats' moves
/// that leave it legal).
fn collect_hint<G: Recorded>(session: Res<Session<G>>, mut hint: ResMut<Hint<G>>) {
    if matches!(hint.state, HintState::Idle) {
        return;
    }
    // Asked in the very frame a hidden hand came up (before the game withheld hints): the hint
    // is dropped, not shown under the hand-over window.
    if let Some(why) = hint.withheld
        && matches!(
            hint.state,
            HintState::Thinking { .. } | HintState::Ready { .. }
        )
    {
        hint.state = HintState::Unavailable(why.into());
        return;
    }
    let now = (session.steps(), session.rewinds());
    if hint.at != now {
        let holds = match &hint.state {
            HintState::Ready { seat, action } => {
                hint.at.1 == now.1 && still_holds(&session, hint.at.0, *seat, action)
            }
            _ => false,
        };
        if holds {
            hint.at = now;
        } else {
            hint.state = HintState::Idle;
        }
        return;
    }
    let HintState::Thinking { seat, task } = &mut hint.state else {
        return;
    };
    let seat = *seat;
    let Some(done) = task.poll() else {
        return;
    };
    hint.state = match done.flatten() {
        Some(action) => HintState::Ready { seat, action },
        None => HintState::Unavailable("No hint: the AI found no move.".into()),
    };
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use hoarfrost_rules::ToAct;
    use hoarfrost_rules::record::Recorder;
    use hoarfrost_rules::sprawl::{Setup, Sprawl, bot::SprawlBot};

    use super::*;
    use crate::plugins::core::seats::SeatKind;
    use crate::plugins::session::PlayAction;

    /// A headless app playing `session`, with no AI plugin: AI seats do not move by themselves.
    fn app_for<G: Recorded>(session: Session<G>, maker: BotMaker<G>) -> App {
        let mut app = crate::plugins::session::test_app::<G>();
        app.add_plugins(logic::<G>);
        app.insert_resource(maker).insert_resource(session);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        app.update();
        app
    }

    /// A 3-seat Sprawl app whose seat to move is human, or nobody's when `human` is false.
    fn sprawl_app(human: bool) -> App {
        let recorder = Recorder::<Sprawl>::new(Setup::new(3, 7)).unwrap();
        let ToAct::Seats(first) = recorder.state().to_act() else {
            panic!("a new Sprawl game waits for its first player");
        };
        let mut seats = vec![SeatKind::Ai; 3];
        if human {
            seats[first[0]] = SeatKind::Human;
        }
        let session = Session::recorded(recorder, seats, 7);
        app_for(session, BotMaker(|seed| Box::new(SprawlBot::new(seed))))
    }

    fn ask(app: &mut App) {
        app.world_mut().write_message(AskHint);
    }

    /// Update until the hint is no longer being thought about.
    fn settle<G: Recorded>(app: &mut App) {
        for _ in 0..500 {
            app.update();
            if !matches!(
                app.world().resource::<Hint<G>>().state,
                HintState::Thinking { .. }
            ) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("the hint took more than 500 frames");
    }

    #[test]
    fn a_hint_is_a_legal_move_of_the_human_to_move_and_goes_when_played() {
        let mut app = sprawl_app(true);
        assert!(matches!(
            app.world().resource::<Hint<Sprawl>>().state,
            HintState::Idle
        ));
        ask(&mut app);
        settle::<Sprawl>(&mut app);
        let session = app.world().resource::<Session<Sprawl>>();
        let human = hint_seat(session).expect("the human is to move");
        let HintState::Ready { seat, action } = &app.world().resource::<Hint<Sprawl>>().state
        else {
            panic!("no hint came");
        };
        assert_eq!(*seat, human);
        assert!(session.state.legal_actions(human).contains(action));
        let action = action.clone();
        app.world_mut().write_message(PlayAction::<Sprawl> {
            seat: human,
            action,
        });
        app.update();
        assert_eq!(app.world().resource::<Session<Sprawl>>().steps(), 1);
        assert!(
            matches!(
                app.world().resource::<Hint<Sprawl>>().state,
                HintState::Idle
            ),
            "the hint outlived its position"
        );
    }

    #[test]
    fn no_hint_while_no_human_is_to_move() {
        let mut app = sprawl_app(false);
        ask(&mut app);
        settle::<Sprawl>(&mut app);
        let HintState::Unavailable(why) = &app.world().resource::<Hint<Sprawl>>().state else {
            panic!("a hint came for an AI seat");
        };
        assert!(why.contains("no human seat"), "{why}");
        assert_eq!(app.world().resource::<Session<Sprawl>>().steps(), 0);
    }

    #[test]
    fn in_a_turnless_game_a_hint_outlives_the_others_moves_but_not_its_own_seats() {
        use hoarfrost_rules::icetowers::{IceTowers, Setup, TowerBot};
        let recorder = Recorder::<IceTowers>::new(Setup::new(2, 3)).unwrap();
        let session = Session::recorded(recorder, vec![SeatKind::Human, SeatKind::Ai], 3);
        let mut app = app_for(session, BotMaker(|seed| Box::new(TowerBot::new(seed))));
        ask(&mut app);
        settle::<IceTowers>(&mut app);
        let HintState::Ready { seat: 0, action } = &app.world().resource::<Hint<IceTowers>>().state
        else {
            panic!("no hint for the human seat");
        };
        let hinted = action.clone();
        // The other seat moves, in a way that leaves the hinted move legal: the hint stays.
        let state = app.world().resource::<Session<IceTowers>>().state.clone();
        let other = state
            .legal_actions(1)
            .into_iter()
            .find(|b| {
                let mut after = state.clone();
                after.apply(1, b).is_ok() && after.legal_actions(0).contains(&hinted)
            })
            .expect("some move of the other seat leaves the hint legal");
        app.world_mut().write_message(PlayAction::<IceTowers> {
            seat: 1,
            action: other,
        });
        app.update();
        assert_eq!(app.world().resource::<Session<IceTowers>>().steps(), 1);
        assert!(matches!(
            &app.world().resource::<Hint<IceTowers>>().state,
            HintState::Ready { seat: 0, action } if *action == hinted
        ));
        // The human moves otherwise: the hint goes.
        let state = &app.world().resource::<Session<IceTowers>>().state;
        let mine = state
            .legal_actions(0)
            .into_iter()
            .find(|a| *a != hinted)
            .expect("the human has another move");
        app.world_mut().write_message(PlayAction::<IceTowers> {
            seat: 0,
            action: mine,
        });
        app.update();
        assert_eq!(app.world().resource::<Session<IceTowers>>().steps(), 2);
        assert!(matches!(
            app.world().resource::<Hint<IceTowers>>().state,
            HintState::Idle
        ));
    }

    #[test]
    fn h_asks_for_a_hint_and_ctrl_h_does_not() {
        let asks = |keys: &[KeyCode]| {
            let mut app = App::new();
            app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
                .add_plugins((crate::plugins::core::screens::plugin, plugin))
                .init_resource::<ButtonInput<KeyCode>>();
            app.world_mut()
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Playing);
            app.update();
            let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            for key in keys {
                input.press(*key);
            }
            app.update();
            app.world().resource::<Messages<AskHint>>().len()
        };
        assert_eq!(asks(&[KeyCode::KeyH]), 1);
        assert_eq!(asks(&[KeyCode::ControlLeft, KeyCode::KeyH]), 0);
        assert_eq!(asks(&[KeyCode::KeyG]), 0);
    }

    #[test]
    fn in_a_tutorial_the_hint_is_the_move_it_asks_for() {
        use hoarfrost_rules::record::{Record, Step};
        let mut app = sprawl_app(true);
        let session = app.world().resource::<Session<Sprawl>>();
        let seat = hint_seat(session).unwrap();
        let scripted = session.state.legal_actions(seat).pop().unwrap();
        let mut record = Record::<Sprawl>::new(session.record().unwrap().setup.clone());
        record.steps.push(Step::Act {
            seat,
            action: scripted.clone(),
        });
        app.insert_resource(Script(record));
        ask(&mut app);
        settle::<Sprawl>(&mut app);
        assert!(matches!(
            &app.world().resource::<Hint<Sprawl>>().state,
            HintState::Ready { seat: s, action } if *s == seat && *action == scripted
        ));
    }
}
