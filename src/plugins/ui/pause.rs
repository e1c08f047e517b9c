//! Pausing a game (the behaviour; the [`Pause`] state itself is in `core::pause`): P (or Pause in
//! the side panel) stops the table's clock for the rules. While
//! paused, AI seats neither think nor move, rolls and draws wait, and a move is refused with a
//! word; the camera, menus, saving and undo still work. P again (or Go on) plays on, and AI seats
//! wait their reaction time before moving, so nobody is caught out. Most useful in IceTowers,
//! where nobody waits for a turn; every game has it. A new game, or a replay, starts unpaused.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::pause::Pause;
use crate::plugins::core::screens::{Screen, TurnPhase};
use crate::plugins::session::hint::COMMAND_KEYS;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        pause_by_key.in_set(crate::systems::Frame::Input).run_if(
            in_state(Screen::Playing)
                .and_then(not(in_state(TurnPhase::Replay)))
                .and_then(crate::systems::keys_free),
        ),
    )
    .add_systems(
        EguiPrimaryContextPass,
        banner.run_if(in_state(Pause::Paused)),
    )
    .add_systems(
        Update,
        print_pause
            .run_if(|o: Option<Res<LaunchOptions>>| o.is_some_and(|o| o.exit_after.is_some())),
    );
}

/// With `--exit-after` (automation, the screenshot tests) each pause and going on is printed.
fn print_pause(pause: Option<Res<State<Pause>>>, mut was: Local<bool>) {
    let paused = pause.is_some_and(|p| *p.get() == Pause::Paused);
    if paused != *was {
        *was = paused;
        println!("hoarfrost: {}", if paused { "paused" } else { "going on" });
    }
}

/// The other side of `now`: pause a running game, or play on.
pub fn toggled(now: &State<Pause>) -> Pause {
    match now.get() {
        Pause::Running => Pause::Paused,
        Pause::Paused => Pause::Running,
    }
}

/// P pauses and plays on (not with Ctrl or Alt held).
fn pause_by_key(
    keys: Res<ButtonInput<KeyCode>>,
    pause: Res<State<Pause>>,
    mut next: ResMut<NextState<Pause>>,
) {
    if keys.just_pressed(KeyCode::KeyP) && !keys.any_pressed(COMMAND_KEYS) {
        next.set(toggled(&pause));
    }
}

/// "Paused" across the top of the table, with the way back.
fn banner(mut contexts: EguiContexts, mut next: ResMut<NextState<Pause>>) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("paused"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 16.0])
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.heading("Paused");
                    if ui.button("Go on").on_hover_text("P").clicked() {
                        next.set(Pause::Running);
                    }
                });
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::notice::Notice;
    use crate::plugins::core::pause::{REFUSED, paused_now};
    use crate::plugins::core::seats::SeatKind;
    use crate::plugins::session::{PlayAction, Session};
    use hoarfrost_rules::Game;
    use hoarfrost_rules::icetowers::{Action, IceTowers, Setup};
    use hoarfrost_rules::record::Recorder;

    /// A headless IceTowers table of one human and one AI seat, whose clock steps 0.1 s a frame.
    fn app() -> App {
        let mut app = crate::plugins::session::test_app::<IceTowers>();
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(100),
        ))
        .init_resource::<ButtonInput<KeyCode>>()
        .add_plugins((crate::plugins::session::ai::plugin::<IceTowers>, plugin))
        .insert_resource(crate::plugins::session::ai::BotMaker::<IceTowers>(|seed| {
            Box::new(hoarfrost_rules::bots::RandomBot::new(seed))
        }));
        let seats = vec![SeatKind::Human, SeatKind::Ai];
        let recorder = Recorder::<IceTowers>::new(Setup::new(2, 4)).unwrap();
        app.insert_resource(crate::plugins::session::ai::AiSeats::<IceTowers>::new(
            &seats, 4,
        ));
        app.insert_resource(Session::recorded(recorder, seats, 4));
        crate::systems::start_playing(&mut app);
        app
    }

    fn steps(app: &App) -> usize {
        app.world().resource::<Session<IceTowers>>().steps()
    }

    /// P, and the pause taken at once (a state changes at the next frame's transitions).
    fn press_p(app: &mut App) {
        crate::systems::tap(app, KeyCode::KeyP);
        app.world_mut().run_schedule(StateTransition);
    }

    /// Frames until the AI seat moves (at most `limit`), or `None`.
    fn frames_to_ai_move(app: &mut App, limit: usize) -> Option<usize> {
        let before = steps(app);
        for frame in 1..=limit {
            app.update();
            // The AI decides on a background thread: give it a moment.
            std::thread::sleep(std::time::Duration::from_millis(2));
            if steps(app) > before {
                return Some(frame);
            }
        }
        None
    }

    #[test]
    fn while_paused_ai_seats_wait_and_a_move_is_refused_then_play_goes_on() {
        let mut app = app();
        press_p(&mut app);
        assert!(paused_now(app.world()));
        // 20 s of table time: an AI seat unpaused moves within a few seconds.
        assert_eq!(frames_to_ai_move(&mut app, 200), None, "the AI seat waits");
        let state = app.world().resource::<Session<IceTowers>>().state.clone();
        let action: Action = state.legal_actions(0)[1].clone();
        app.world_mut()
            .write_message(PlayAction::<IceTowers> { seat: 0, action });
        app.update();
        assert_eq!(app.world().resource::<Session<IceTowers>>().state, state);
        let notice = app.world().resource::<Notice>();
        assert!(notice.is_error && notice.text == REFUSED, "{notice:?}");

        press_p(&mut app);
        assert!(!paused_now(app.world()));
        let after = frames_to_ai_move(&mut app, 400).expect("the AI seat moves again");
        // It waits its reaction time first (at least 0.6 s, 2.5 times that in IceTowers).
        assert!(after >= 10, "moved {after} frames after going on");
    }

    #[test]
    fn unpaused_ai_seats_move_though_the_pause_is_touched_every_frame() {
        // Something holds the pause's next state mutably every frame; its change ticks say nothing.
        let mut app = app();
        app.add_systems(Update, |mut p: ResMut<NextState<Pause>>| p.set_changed());
        assert!(frames_to_ai_move(&mut app, 400).is_some());
    }

    /// A save loaded over a paused game (playing to playing) plays on.
    #[test]
    fn a_game_loaded_over_a_paused_one_runs() {
        let mut app = app();
        press_p(&mut app);
        assert!(paused_now(app.world()));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        app.update();
        app.update();
        assert!(!paused_now(app.world()));
    }

    #[test]
    fn a_new_game_starts_unpaused() {
        let mut app = app();
        press_p(&mut app);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Title);
        app.update();
        assert!(!paused_now(app.world()), "no pause off the table");
        crate::systems::start_playing(&mut app);
        assert_eq!(
            *app.world().resource::<State<Pause>>().get(),
            Pause::Running
        );
    }
}
