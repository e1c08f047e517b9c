//! Watching a recorded game step by step: the controls (start, back, forward, end, a slider to jump)
//! move the replay, and the table shows its position (the session's state is the replay's). Nobody
//! acts meanwhile: the turn phase is `Replay`, so input and AI seats are off. A step forward raises
//! the step's sound cue.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::record::{ChanceKind, Recorded, Replay, Step};

use crate::plugins::hud::{HudSpec, named_line};
use crate::plugins::loading::{Pending, PendingGame};
use crate::screens::Screen;
use crate::session::{Notice, Session};
use crate::systems::cues::{ChanceRun, Cue};

/// Registers the replay controls for game `G`.
pub fn plugin<G: Recorded>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        replay_controls::<G>.run_if(
            in_state(Screen::Playing)
                .and_then(|s: Option<Res<Session<G>>>| s.is_some_and(|s| s.is_replay())),
        ),
    );
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

fn replay_controls<G: Recorded>(
    mut contexts: EguiContexts,
    mut session: ResMut<Session<G>>,
    spec: Res<HudSpec<G>>,
    mut next: ResMut<NextState<Screen>>,
    mut cues: MessageWriter<Cue>,
    mut run: Local<ChanceRun>,
) -> Result {
    let Some(replay) = session.replay() else {
        return Ok(());
    };
    let (at, len) = (replay.position(), replay.len());
    let line = at
        .checked_sub(1)
        .and_then(|i| replay.lines().get(i))
        .map(|l| named_line(l, |s| (spec.seat_name)(&session.state, s).0))
        .unwrap_or_else(|| "The start of the game.".into());
    let mut seek = None;
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Replay")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0])
        .collapsible(false)
        .resizable(false)
        .default_width(520.0)
        .show(ctx, |ui| {
            ui.label(format!("Step {at} of {len}: {line}"));
            ui.horizontal(|ui| {
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
            let mut to = at;
            ui.add(egui::Slider::new(&mut to, 0..=len).text("step"));
            if to != at {
                seek = Some(Seek::To(to));
            }
        });
    if let Some(s) = seek {
        let to = seek_target(s, at, len);
        let kind = session.state.chance_kind();
        if let Some(cue) = seek_cue(&replay.record().steps, at, to, kind, &mut run) {
            cues.write(cue);
        }
        session.replay_to(to);
    }
    Ok(())
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
