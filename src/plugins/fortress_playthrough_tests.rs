//! A whole game of Ice Fortress played headless through the input path the mouse uses: the
//! auto-player picks each move, the move is turned into clicks and panel presses, and the app's own
//! systems handle them, apply them and move on to the game-over screen.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use hoarfrost_rules::bots::Bot;
use hoarfrost_rules::ice_fortress::{FortressBot, IceFortress, Setup};
use hoarfrost_rules::{Game, Step, ToAct};

use super::*;
use crate::options::SeatKind;
use crate::plugins::fortress_click::inputs_for;
use crate::plugins::hud::Choices;

fn app(players: usize, seed: u64) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            400,
        )))
        .add_plugins((
            crate::screens::plugin,
            crate::session::plugin::<IceFortress>,
            crate::plugins::hud::plugin::<IceFortress>,
            logic,
        ))
        .add_sub_state::<FortressStep>();
    let recorder = hoarfrost_rules::Recorder::new(Setup::new(players, seed)).unwrap();
    app.insert_resource(Session::<IceFortress>::recorded(
        recorder,
        vec![SeatKind::Human; players],
        seed,
    ));
    crate::systems::start_playing(&mut app);
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Play one game to its end through the input path; returns the number of moves and whether it
/// was won.
fn play_through(players: usize, seed: u64) -> (usize, bool) {
    let mut app = app(players, seed);
    let mut bot = FortressBot::new(seed);
    let mut moves = 0;
    for _ in 0..200_000 {
        if screen(&app) == Screen::GameOver {
            let s = &app.world().resource::<Session<IceFortress>>().state;
            assert!(s.is_over());
            return (moves, s.returns()[0] == 1.0);
        }
        let state = app.world().resource::<Session<IceFortress>>().state.clone();
        let ToAct::Seats(seats) = state.to_act() else {
            app.update();
            continue;
        };
        let seat = seats[0];
        let action = bot
            .choose(&state, seat)
            .expect("the auto-player has a move");
        let logged = app.world().resource::<Session<IceFortress>>().log().len();
        for input in inputs_for(&state, &action) {
            app.world_mut().write_message(FortressInput(input));
        }
        app.update();
        let offered = app.world().resource::<Choices<IceFortress>>().0.clone();
        if !offered.is_empty() {
            assert!(
                offered.contains(&action),
                "{action:?} not among {offered:?}"
            );
            app.world_mut()
                .write_message(FortressInput(Input::Panel(action.clone())));
            app.update();
        }
        let session = app.world().resource::<Session<IceFortress>>();
        assert_eq!(
            session.log().len(),
            logged + 1,
            "{action:?} was not played; notice: {:?}",
            app.world().resource::<crate::session::Notice>()
        );
        // Chance may already have moved on in the same frames: the record's last act is the move.
        let steps = &session.record().expect("a recorded game").steps;
        let played = steps.iter().rev().find_map(|step| match step {
            Step::Act { seat, action } => Some((*seat, action)),
            Step::Chance => None,
        });
        assert_eq!(
            played,
            Some((seat, &action)),
            "the clicks played something else than {action:?}"
        );
        moves += 1;
    }
    panic!("the game did not end");
}

#[test]
fn a_solo_game_plays_to_the_game_over_screen_through_clicks() {
    let (moves, _won) = play_through(1, 11);
    assert!(moves > 20, "only {moves} moves");
}

#[test]
fn a_two_player_game_plays_to_the_game_over_screen_through_clicks() {
    let (moves, _won) = play_through(2, 12);
    assert!(moves > 20, "only {moves} moves");
}
