//! The game in progress: the rules state as a resource, the seats, and the one path every action takes.
//!
//! Clicks and AI seats both send [`PlayAction`]; [`apply_actions`] checks it with the rules, applies it
//! or puts the rules' reason in the [`Notice`], and logs it. Nothing else changes the rules state.

use bevy::prelude::*;
use hoarfrost_rules::{Game, Seat, ToAct};

use crate::options::SeatKind;
use crate::screens::{Screen, TurnPhase};

/// The rules state of the game being played, with its seats and log.
#[derive(Resource)]
pub struct Session<G: Game> {
    pub state: G,
    pub seats: Vec<SeatKind>,
    /// Every applied action with its seat and description, in order.
    pub log: Vec<LogEntry>,
    /// Seed the game was created from.
    pub seed: u64,
}

/// One line of the game log.
#[derive(Clone, Debug)]
pub struct LogEntry {
    pub seat: Seat,
    pub text: String,
}

impl<G: Game> Session<G> {
    pub fn new(state: G, seats: Vec<SeatKind>, seed: u64) -> Self {
        Session {
            state,
            seats,
            log: Vec::new(),
            seed,
        }
    }

    /// True if `seat` may act now.
    pub fn may_act(&self, seat: Seat) -> bool {
        matches!(self.state.to_act(), ToAct::Seats(s) if s.contains(&seat))
    }
}

/// A saved table position (a scene file in scenes/positions/): a rules state in RON, checked
/// against the rules' invariants before it is used.
pub fn load_position<G: Game + serde::de::DeserializeOwned>(
    path: &std::path::Path,
) -> Result<G, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the position {}: {e}", path.display()))?;
    let state: G = ron::from_str(&text)
        .map_err(|e| format!("{} is not a position of this game: {e}", path.display()))?;
    state
        .check_invariants()
        .map_err(|e| format!("the position {} breaks the rules: {e}", path.display()))?;
    Ok(state)
}

/// Seat kinds for a game of `n` seats: the chosen ones, cut or filled up with AI seats.
pub fn seat_kinds(chosen: &[SeatKind], n: usize) -> Vec<SeatKind> {
    let mut kinds = chosen.to_vec();
    kinds.resize(n, SeatKind::Ai);
    kinds
}

/// A request to play an action, from a click or an AI seat.
#[derive(Message, Clone, Debug)]
pub struct PlayAction<G: Game> {
    pub seat: Seat,
    pub action: G::Action,
}

/// The last message for the player: an illegal move's reason, or what just happened.
#[derive(Resource, Default, Debug)]
pub struct Notice {
    pub text: String,
    pub is_error: bool,
}

impl Notice {
    pub fn error(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.is_error = true;
    }

    pub fn info(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.is_error = false;
    }
}

/// Registers the session machinery for game `G`.
pub fn plugin<G: Game>(app: &mut App) {
    app.add_message::<PlayAction<G>>()
        .init_resource::<Notice>()
        .add_systems(OnEnter(Screen::Title), |mut commands: Commands| {
            commands.remove_resource::<Session<G>>();
        })
        .add_systems(
            Update,
            resolve_chance::<G>
                .in_set(crate::systems::Frame::Apply)
                .before(apply_actions::<G>)
                .run_if(in_state(TurnPhase::Chance).and_then(resource_exists::<Session<G>>)),
        )
        .add_systems(
            Update,
            (apply_actions::<G>, sync_turn_phase::<G>)
                .chain()
                .in_set(crate::systems::Frame::Apply)
                .run_if(resource_exists::<Session<G>>.and_then(in_state(Screen::Playing))),
        );
}

/// Apply requested actions through the rules' checked path.
pub fn apply_actions<G: Game>(
    mut requests: MessageReader<PlayAction<G>>,
    mut session: ResMut<Session<G>>,
    mut notice: ResMut<Notice>,
) {
    for PlayAction { seat, action } in requests.read() {
        let text = session.state.action_to_string(*seat, action);
        match session.state.apply(*seat, action) {
            Ok(()) => {
                session.log.push(LogEntry {
                    seat: *seat,
                    text: text.clone(),
                });
                notice.info(text);
            }
            Err(e) if session.seats.get(*seat) == Some(&SeatKind::Human) => notice.error(e.0),
            // An AI's choice can go stale in a turnless game when someone else moved first.
            Err(_) => {}
        }
    }
}

/// Seconds a chance event (a roll, a draw) stays pending so players see it happen.
pub const CHANCE_PAUSE: f32 = 0.35;

/// Resolve pending chance from the rules' own RNG after a short pause, and log what it did.
pub fn resolve_chance<G: Game>(
    time: Res<Time>,
    mut waited: Local<f32>,
    mut session: ResMut<Session<G>>,
) {
    *waited += time.delta_secs();
    if *waited < CHANCE_PAUSE {
        return;
    }
    *waited = 0.0;
    if session.state.to_act() == ToAct::Chance {
        session.state.apply_chance();
    }
}

/// Keep `TurnPhase` (and the end of the game) in step with the rules.
pub fn sync_turn_phase<G: Game>(
    session: Res<Session<G>>,
    phase: Res<State<TurnPhase>>,
    mut next_phase: ResMut<NextState<TurnPhase>>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let wanted = match session.state.to_act() {
        ToAct::Over => TurnPhase::Over,
        ToAct::Chance => TurnPhase::Chance,
        ToAct::Seats(seats)
            if seats
                .iter()
                .any(|&s| session.seats.get(s) == Some(&SeatKind::Human)) =>
        {
            TurnPhase::HumanToAct
        }
        ToAct::Seats(_) => TurnPhase::AiToAct,
    };
    if *phase.get() != wanted {
        next_phase.set(wanted);
    }
    if wanted == TurnPhase::Over {
        next_screen.set(Screen::GameOver);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::icetowers::{Action, IceTowers, Setup};

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
        app.add_plugins((crate::screens::plugin, plugin::<IceTowers>));
        let state = IceTowers::new(&Setup::new(2, 1)).unwrap();
        app.insert_resource(Session::new(state, vec![SeatKind::Human, SeatKind::Ai], 1));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        // One frame enters Playing and derives the phase, the next applies it.
        app.update();
        app.update();
        app
    }

    fn state(app: &App) -> IceTowers {
        app.world().resource::<Session<IceTowers>>().state.clone()
    }

    #[test]
    fn an_illegal_action_is_explained_and_changes_nothing() {
        let mut app = app();
        let before = state(&app);
        let own = before.towers()[0].id;
        app.world_mut().write_message(PlayAction::<IceTowers> {
            seat: 0,
            action: Action::Cap {
                piece: own,
                onto: own,
            },
        });
        app.update();
        assert_eq!(state(&app), before);
        let notice = app.world().resource::<Notice>();
        assert!(
            notice.is_error && notice.text.contains("itself"),
            "{notice:?}"
        );
        assert!(app.world().resource::<Session<IceTowers>>().log.is_empty());
    }

    #[test]
    fn a_legal_action_is_applied_logged_and_the_phase_follows() {
        let mut app = app();
        assert_eq!(
            *app.world().resource::<State<TurnPhase>>().get(),
            TurnPhase::HumanToAct
        );
        app.world_mut().write_message(PlayAction::<IceTowers> {
            seat: 0,
            action: Action::Stop,
        });
        app.world_mut().write_message(PlayAction::<IceTowers> {
            seat: 1,
            action: Action::Stop,
        });
        app.update();
        app.update();
        let session = app.world().resource::<Session<IceTowers>>();
        assert_eq!(session.log.len(), 2);
        assert!(session.state.is_over());
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::GameOver
        );
    }
}
