//! Watching a recorded game step by step: the controls (play and pause, start, back, forward, end, a
//! slider to jump, the speed) move the replay, and the table shows its position (the session's state
//! is the replay's). Playing, it steps forward on its own, a move every [`MOVE_SECONDS`] and a roll or
//! draw every [`CHANCE_PAUSE`] at 1x, until its end or a control pauses it; Space plays and pauses.
//! Nobody acts meanwhile: the turn phase is `Replay`, so input and AI seats are off. A step forward
//! raises the step's sound cue.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::record::{ChanceKind, Recorded, Replay, Step};

use crate::plugins::core::notice::Notice;
use crate::plugins::core::screens::{Screen, TurnPhase};
use crate::plugins::core::settings::{REPLAY_SPEEDS, Settings};
use crate::plugins::core::storage::Storage;
use crate::plugins::session::loading::{Pending, PendingGame};
use crate::plugins::session::words::HudSpec;
use crate::plugins::session::words::named_line;
use crate::plugins::session::words::seat_names;
use crate::plugins::session::{CHANCE_PAUSE, Session};
use crate::systems::cues::{ChanceRun, Cue};

/// Seconds between two moves of a replay playing at 1x (a roll or a draw takes [`CHANCE_PAUSE`], as
/// in the game).
pub const MOVE_SECONDS: f32 = 0.8;

/// A replay's playback: playing on its own or waiting for the controls, and the run of chance steps
/// heard (so a run of draws sounds once, as in the game). Its speed is the settings' (the one last
/// chosen, kept for the next run).
#[derive(Resource, Debug, Default)]
pub struct Playback {
    pub playing: bool,
    waited: f32,
    run: ChanceRun,
}

/// Registers what every game's replays share: the playback (paused each time a table is laid) and
/// Space.
pub(crate) fn playback(app: &mut App) {
    app.init_resource::<Playback>()
        .add_systems(OnEnter(Screen::Playing), |mut p: ResMut<Playback>| {
            *p = Playback::default();
        })
        .add_systems(
            Update,
            play_by_key
                .in_set(crate::systems::Frame::Input)
                .run_if(in_state(TurnPhase::Replay).and_then(crate::systems::keys_free)),
        );
}

/// Registers the replay controls and the playing on of game `G`'s replays.
pub fn plugin<G: Recorded>(app: &mut App) {
    let replaying = || {
        in_state(Screen::Playing)
            .and_then(|s: Option<Res<Session<G>>>| s.is_some_and(|s| s.is_replay()))
    };
    app.add_systems(
        EguiPrimaryContextPass,
        replay_controls::<G>.run_if(replaying()),
    )
    .add_systems(
        Update,
        play_on::<G>
            .in_set(crate::systems::Frame::Apply)
            .run_if(replaying()),
    );
}

/// How long playback waits before playing step `at` of `steps` at `speed`.
pub fn step_wait<A>(steps: &[Step<A>], at: usize, speed: f32) -> f32 {
    let wait = match steps.get(at) {
        Some(Step::Chance) => CHANCE_PAUSE,
        _ => MOVE_SECONDS,
    };
    wait / speed.max(0.1)
}

/// Space plays the replay or pauses it (from its end, it plays from the start).
fn play_by_key(keys: Res<ButtonInput<KeyCode>>, mut playback: ResMut<Playback>) {
    if keys.just_pressed(KeyCode::Space) {
        playback.playing = !playback.playing;
        playback.waited = 0.0;
    }
}

/// While playing, step forward once the step's wait is over; stop at the end.
fn play_on<G: Recorded>(
    time: Res<Time>,
    mut session: ResMut<Session<G>>,
    mut playback: ResMut<Playback>,
    mut cues: MessageWriter<Cue>,
    settings: Res<Settings>,
) {
    if !playback.playing {
        return;
    }
    let Some(replay) = session.replay() else {
        return;
    };
    let (at, len) = (replay.position(), replay.len());
    if len == 0 {
        // A game of no steps has nothing to play.
        playback.playing = false;
        return;
    }
    if at >= len {
        // Played from its end: start again.
        go_to(&mut session, &mut playback.run, 0, &mut cues);
        return;
    }
    playback.waited += time.delta_secs();
    if playback.waited < step_wait(&replay.record().steps, at, settings.replay_speed) {
        return;
    }
    playback.waited = 0.0;
    go_to(&mut session, &mut playback.run, at + 1, &mut cues);
    if at + 1 >= len {
        playback.playing = false;
    }
}

/// The speed buttons: the one clicked becomes the settings' replay speed, saved for the next run.
fn speed_buttons(
    ui: &mut egui::Ui,
    settings: &mut Settings,
    storage: &Storage,
) -> Result<(), String> {
    ui.label("speed");
    let mut saved = Ok(());
    for speed in REPLAY_SPEEDS {
        let on = settings.replay_speed == speed;
        if ui.selectable_label(on, format!("{speed}x")).clicked() && !on {
            settings.replay_speed = speed;
            saved = crate::plugins::ui::settings_menu::keep(storage, settings)
                .map_err(|e| format!("The replay speed was not saved: {e}"));
        }
    }
    saved
}

/// Move the replay to step `to`, with the sound of one step forward.
fn go_to<G: Recorded>(
    session: &mut Session<G>,
    run: &mut ChanceRun,
    to: usize,
    cues: &mut MessageWriter<Cue>,
) {
    let Some(replay) = session.replay() else {
        return;
    };
    let kind = session.state.chance_kind();
    if let Some(cue) = seek_cue(&replay.record().steps, replay.position(), to, kind, run) {
        cues.write(cue);
    }
    session.replay_to(to);
}

/// A move of the replay asked for by a control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seek {
    Start,
    Back,
    Forward,
    End,
    To(usize),
}

/// The step count a seek goes to, from `at` in a replay of `len` steps.
pub fn seek_target(seek: Seek, at: usize, len: usize) -> usize {
    match seek {
        Seek::Start => 0,
        Seek::Back => at.saturating_sub(1),
        Seek::Forward => (at + 1).min(len),
        Seek::End => len,
        Seek::To(n) => n.min(len),
    }
}

/// The cue for a replay moved from step `at` to `to` of `steps`, where `kind` is what a chance
/// event pending at `at` is like: one step forward sounds as it did in the game (a move, or a roll
/// or a draw but for the second and later of a run that `run` has followed); any other jump is
/// silent.
pub fn seek_cue<A>(
    steps: &[Step<A>],
    at: usize,
    to: usize,
    kind: ChanceKind,
    run: &mut ChanceRun,
) -> Option<Cue> {
    if to != at + 1 {
        return None;
    }
    match steps.get(at)? {
        Step::Act { .. } => Some(Cue::Move),
        Step::Chance => run.cue(at, kind),
    }
}

/// The egui id of the replay controls' window (the warnings banner stands above it).
pub const CONTROLS_ID: &str = "replay controls";

fn replay_controls<G: Recorded>(
    mut contexts: EguiContexts,
    mut session: ResMut<Session<G>>,
    spec: Res<HudSpec<G>>,
    mut next: ResMut<NextState<Screen>>,
    mut cues: MessageWriter<Cue>,
    mut playback: ResMut<Playback>,
    (mut settings, storage, mut notice): (ResMut<Settings>, Res<Storage>, ResMut<Notice>),
) -> Result {
    let Some(replay) = session.replay() else {
        return Ok(());
    };
    let (at, len) = (replay.position(), replay.len());
    let line = at
        .checked_sub(1)
        .and_then(|i| replay.lines().get(i))
        .map(|l| named_line(l, session.seats.len(), |s| seat_names(&spec, &session, s)))
        .unwrap_or_else(|| "The start of the game.".into());
    let mut seek = None;
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Replay")
        .id(egui::Id::new(CONTROLS_ID))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0])
        .collapsible(false)
        .resizable(false)
        .default_width(520.0)
        .show(ctx, |ui| {
            ui.label(format!("Step {at} of {len}: {line}"));
            if let Some(s) = step_buttons(ui, &mut playback, (at, len), &mut next) {
                seek = Some(s);
            }
            let mut to = at;
            ui.horizontal(|ui| {
                ui.spacing_mut().slider_width = 260.0;
                // The value box reads "step 12 of 80".
                let slider = egui::Slider::new(&mut to, 0..=len)
                    .prefix("step ")
                    .suffix(format!(" of {len}"));
                ui.add(slider);
                // Marked changed only when a speed is picked: the settings' change runs
                // `apply_settings`, which must not run at every frame of a replay.
                let before = settings.replay_speed;
                if let Err(e) = speed_buttons(ui, settings.bypass_change_detection(), &storage) {
                    notice.error(e);
                }
                if settings.replay_speed != before {
                    settings.set_changed();
                }
            });
            if to != at {
                seek = Some(Seek::To(to));
            }
        });
    if let Some(s) = seek {
        // Taking the controls pauses the playback.
        playback.playing = false;
        let to = seek_target(s, at, len);
        go_to(&mut session, &mut playback.run, to, &mut cues);
    }
    Ok(())
}

/// Play or pause, the step buttons (start, back, forward, end) and the way back to the title
/// screen, at step `at` of `len`; gives the step asked for, if any.
fn step_buttons(
    ui: &mut egui::Ui,
    playback: &mut Playback,
    (at, len): (usize, usize),
    next: &mut NextState<Screen>,
) -> Option<Seek> {
    let mut seek = None;
    ui.horizontal(|ui| {
        let (label, tip) = if playback.playing {
            ("Pause", "stop here (Space)")
        } else if at < len {
            ("Play", "step forward on its own (Space)")
        } else {
            ("Play", "play again from the start (Space)")
        };
        if ui
            .add_enabled(len > 0, egui::Button::new(label))
            .on_hover_text(tip)
            .clicked()
        {
            playback.playing = !playback.playing;
            playback.waited = 0.0;
        }
        for (label, s, enabled) in [
            ("|<", Seek::Start, at > 0),
            ("< Back", Seek::Back, at > 0),
            ("Forward >", Seek::Forward, at < len),
            (">|", Seek::End, at < len),
        ] {
            if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                seek = Some(s);
            }
        }
        if ui.button("Title screen").clicked() {
            next.set(Screen::Title);
        }
    });
    seek
}

/// Watch the session's game from its start (the game-over screen's Replay button): the table is
/// built again and the replay takes the session's place.
pub fn start_replay<G: Recorded>(
    session: &Session<G>,
    commands: &mut Commands,
    notice: &mut Notice,
    next: &mut NextState<Screen>,
) {
    let Some(record) = session.record() else {
        notice.error("This game began from a table position and has no record to replay.");
        return;
    };
    match Replay::new(record.clone()) {
        Ok(replay) => {
            commands.insert_resource(Pending::<G>(Some(PendingGame::Replay(replay))));
            next.set(Screen::Playing);
        }
        // Without the action written out as data, as a load says it.
        Err(hoarfrost_rules::record::ReplayError::Step { step, reason, .. }) => notice.error(
            format!("The game does not replay from step {step}: {reason}"),
        ),
        Err(e) => notice.error(format!("The game does not replay: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_step_forward_sounds_as_in_the_game_and_jumps_are_silent() {
        use ChanceKind::{Draw, Roll};
        let steps: Vec<Step<u8>> = vec![
            Step::Act { seat: 0, action: 7 },
            Step::Chance,
            Step::Chance,
            Step::Chance,
        ];
        let mut run = ChanceRun::default();
        let mut seek = |at, to, kind| seek_cue(&steps, at, to, kind, &mut run);
        assert_eq!(seek(0, 1, Roll), Some(Cue::Move));
        assert_eq!(seek(1, 2, Draw), Some(Cue::Draw));
        assert_eq!(seek(2, 3, Draw), None, "the second draw of a run");
        assert_eq!(seek(3, 4, Roll), Some(Cue::Roll), "a roll after the draws");
        assert_eq!(seek(1, 0, Roll), None, "back");
        assert_eq!(seek(0, 2, Roll), None, "a jump");
        assert_eq!(seek(4, 5, Roll), None, "past the end");
        // Jumped into the middle of the run, its next draw sounds: nothing before it was heard.
        assert_eq!(seek(2, 3, Draw), Some(Cue::Draw));
    }

    #[test]
    fn playback_waits_a_move_longer_than_a_roll_and_less_when_faster() {
        let steps: Vec<Step<u8>> = vec![Step::Act { seat: 0, action: 7 }, Step::Chance];
        assert_eq!(step_wait(&steps, 0, 1.0), MOVE_SECONDS);
        assert_eq!(step_wait(&steps, 1, 1.0), CHANCE_PAUSE);
        assert_eq!(step_wait(&steps, 0, 4.0), MOVE_SECONDS / 4.0);
    }

    /// A headless app replaying a two-seat IceTowers game of `moves` moves, whose clock steps
    /// `frame` seconds a frame.
    fn replay_app(moves: usize, frame: f32) -> App {
        use hoarfrost_rules::Game;
        use hoarfrost_rules::icetowers::{IceTowers, Setup};
        use hoarfrost_rules::record::Recorder;
        let mut recorder = Recorder::<IceTowers>::new(Setup::new(2, 5)).unwrap();
        for _ in 0..moves {
            let action = recorder.state().legal_actions(0)[0].clone();
            recorder.act(0, &action).unwrap();
        }
        let replay = Replay::new(recorder.record().clone()).unwrap();
        let seats = vec![crate::plugins::core::seats::SeatKind::Human; 2];
        let mut app = crate::plugins::session::test_app::<IceTowers>();
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_secs_f32(frame),
        ))
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<Settings>()
        .add_plugins((playback, plugin::<IceTowers>))
        .insert_resource(Session::replaying(replay, seats, 5));
        crate::systems::cues::listen(&mut app);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        app.update();
        app
    }

    fn position(app: &App) -> usize {
        use hoarfrost_rules::icetowers::IceTowers;
        let session = app.world().resource::<Session<IceTowers>>();
        session.replay().unwrap().position()
    }

    fn space(app: &mut App) {
        crate::systems::tap(app, KeyCode::Space);
    }

    #[test]
    fn a_playing_replay_steps_on_by_itself_and_stops_at_its_end() {
        // At 4x, a frame a little longer than a move's wait (Bevy's clock takes at most 0.25 s a
        // frame): one step a frame once playing.
        let mut app = replay_app(3, MOVE_SECONDS / 4.0 + 0.01);
        app.world_mut().resource_mut::<Settings>().replay_speed = 4.0;
        app.update();
        assert_eq!(position(&app), 0, "it waits for Play");
        space(&mut app);
        assert!(app.world().resource::<Playback>().playing);
        for n in 1..=3 {
            if position(&app) < n {
                app.update();
            }
            assert_eq!(position(&app), n);
        }
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(position(&app), 3, "the end");
        assert!(!app.world().resource::<Playback>().playing);
        assert_eq!(crate::systems::cues::heard(&app), vec![Cue::Move; 3]);
        // Played again from its end, it starts over; Space pauses it.
        space(&mut app);
        assert_eq!(position(&app), 0);
        app.update();
        assert_eq!(position(&app), 1);
        space(&mut app);
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(position(&app), 1, "paused");
    }

    #[test]
    fn a_replay_of_no_steps_does_not_play() {
        let mut app = replay_app(0, 0.25);
        space(&mut app);
        app.update();
        assert!(!app.world().resource::<Playback>().playing);
        assert_eq!(position(&app), 0);
    }

    #[test]
    fn a_faster_replay_takes_fewer_frames_a_step() {
        let frame = MOVE_SECONDS / 4.0 + 0.01;
        let mut app = replay_app(2, frame);
        space(&mut app);
        let frames = |app: &mut App| {
            let at = position(app);
            let mut n = 0;
            while position(app) == at && n < 10 {
                app.update();
                n += 1;
            }
            n
        };
        let at_1x = frames(&mut app);
        app.world_mut().resource_mut::<Settings>().replay_speed = 4.0;
        let at_4x = frames(&mut app);
        assert!(
            at_4x == 1 && at_1x >= 3,
            "{at_1x} frames at 1x, {at_4x} at 4x"
        );
    }

    #[test]
    fn a_speed_clicked_is_saved_in_the_settings_for_the_next_run() {
        let scratch = crate::plugins::core::testing::scratch::Scratch::new("replay-speed");
        let storage = scratch.storage();
        let mut settings = Settings::default();
        let mut saved = Ok(());
        crate::plugins::core::testing::egui_test::click("4x", |ui| {
            let r = speed_buttons(ui, &mut settings, &storage);
            if saved.is_ok() {
                saved = r;
            }
        });
        assert_eq!(saved, Ok(()));
        assert_eq!(settings.replay_speed, 4.0);
        let file = storage.settings_file().unwrap();
        assert_eq!(Settings::load(&file).0.replay_speed, 4.0);
    }

    #[test]
    fn seeking_stays_inside_the_record() {
        assert_eq!(seek_target(Seek::Back, 0, 5), 0);
        assert_eq!(seek_target(Seek::Back, 3, 5), 2);
        assert_eq!(seek_target(Seek::Forward, 5, 5), 5);
        assert_eq!(seek_target(Seek::Forward, 1, 5), 2);
        assert_eq!(
            (seek_target(Seek::Start, 4, 5), seek_target(Seek::End, 0, 5)),
            (0, 5)
        );
        assert_eq!(seek_target(Seek::To(99), 0, 5), 5);
    }
}
