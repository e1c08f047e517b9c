//! What the table would sound like: the session raises a [`Cue`] for every move played, every
//! chance step (a roll, a draw), every refusal shown to the player, every undo and the end of a
//! game, and Ice Fortress's table one for every cube its ice shield loses. The sound plugin
//! (`plugins::table::sound`) plays them in a build with the `sound` feature; without it the cues are
//! raised and nobody hears them.

use bevy::prelude::*;
use hoarfrost_rules::record::ChanceKind;

use crate::plugins::core::notice::Notice;

/// Something the player should hear.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cue {
    /// A move was played (by anyone): a piece set down.
    Move,
    /// Dice rolled (once for a run of rolls).
    Roll,
    /// A card, a figure or a terrain piece drawn (once for a run of draws).
    Draw,
    /// A move taken back.
    Undo,
    /// A click or a command was refused (the notice shows why).
    Refused,
    /// Ice Fortress's ice shield lost a cube.
    Crack,
    /// The game ended with a human seat among the winners (with no human seat: with any winner).
    Won,
    /// The game ended and every human seat lost (with no human seat: nobody won, as when the
    /// invaders beat a cooperative table).
    Lost,
}

impl Cue {
    pub const ALL: [Cue; 8] = [
        Cue::Move,
        Cue::Roll,
        Cue::Draw,
        Cue::Undo,
        Cue::Refused,
        Cue::Crack,
        Cue::Won,
        Cue::Lost,
    ];

    /// Its sound file, under `assets/` (made by `tools/make-assets`).
    pub fn file(self) -> &'static str {
        match self {
            Cue::Move => "sounds/move.wav",
            Cue::Roll => "sounds/roll.wav",
            Cue::Draw => "sounds/draw.wav",
            Cue::Undo => "sounds/undo.wav",
            Cue::Refused => "sounds/refused.wav",
            Cue::Crack => "sounds/crack.wav",
            Cue::Won => "sounds/won.wav",
            Cue::Lost => "sounds/lost.wav",
        }
    }
}

/// Remembers the last chance step heard, so that a run of chance steps of one kind (a board drawn
/// from the bag, invaders drawn one by one) sounds once, at its first; a roll right after a run of
/// draws still sounds.
#[derive(Debug, Default)]
pub struct ChanceRun(Option<(usize, ChanceKind)>);

impl ChanceRun {
    /// The cue for a chance step of `kind` played as step `index` of the game (counted from 0):
    /// none when step `index - 1` was a chance step of the same kind.
    pub fn cue(&mut self, index: usize, kind: ChanceKind) -> Option<Cue> {
        let follows = index > 0 && self.0 == Some((index - 1, kind));
        self.0 = Some((index, kind));
        (!follows).then_some(match kind {
            ChanceKind::Roll => Cue::Roll,
            ChanceKind::Draw => Cue::Draw,
        })
    }
}

/// The cue for a game that has just ended with `returns` (a share of the win per seat), where
/// `human[seat]` tells the seats people play: Won when some human seat has a share of the win, Lost
/// when every human seat has none. With no human seat it is the table's result: Won when anyone
/// won, Lost when nobody did (a cooperative game lost).
pub fn ending(returns: &[f64], human: &[bool]) -> Cue {
    let mut listeners: Vec<usize> = (0..returns.len())
        .filter(|&s| human.get(s).copied().unwrap_or(false))
        .collect();
    if listeners.is_empty() {
        listeners = (0..returns.len()).collect();
    }
    if listeners.iter().any(|&s| returns[s] > 0.0) {
        Cue::Won
    } else {
        Cue::Lost
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Cue>()
        .init_resource::<Notice>()
        .add_systems(Update, refusals.after(super::Frame::Apply));
}

/// A refusal shown in the notice (an illegal click, a move the rules refuse, a save that will not
/// load) raises [`Cue::Refused`], once each time it is shown: not again when a system merely
/// touches the notice while the refusal still stands.
fn refusals(notice: Res<Notice>, mut cues: MessageWriter<Cue>, mut heard: Local<u64>) {
    if notice.shown() != *heard {
        *heard = notice.shown();
        if notice.is_error && !notice.text.is_empty() {
            cues.write(Cue::Refused);
        }
    }
}

/// Every cue raised in a test app since [`listen`] (tests).
#[cfg(test)]
#[derive(Resource, Default)]
pub struct Heard(pub Vec<Cue>);

/// Collect the cues of `app` into [`Heard`], each frame after its moves are applied (tests).
#[cfg(test)]
pub fn listen(app: &mut App) {
    app.init_resource::<Heard>().add_systems(
        Update,
        (|mut cues: MessageReader<Cue>, mut heard: ResMut<Heard>| heard.0.extend(cues.read()))
            .after(super::Frame::Apply),
    );
}

/// The cues `app` raised since [`listen`] (tests).
#[cfg(test)]
pub fn heard(app: &App) -> Vec<Cue> {
    app.world().resource::<Heard>().0.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_won_when_a_human_seat_shares_the_win() {
        // Two seats, the first human: its win, its shared win, its loss.
        assert_eq!(ending(&[1.0, 0.0], &[true, false]), Cue::Won);
        assert_eq!(ending(&[0.5, 0.5], &[true, false]), Cue::Won);
        assert_eq!(ending(&[0.0, 1.0], &[true, false]), Cue::Lost);
        // Two humans: one of them won.
        assert_eq!(ending(&[0.0, 1.0, 0.0], &[true, true, false]), Cue::Won);
        // A cooperative loss (nobody wins); all-AI games: somebody won, or the table lost together.
        assert_eq!(ending(&[0.0, 0.0], &[true, true]), Cue::Lost);
        assert_eq!(ending(&[0.0, 1.0], &[false, false]), Cue::Won);
        assert_eq!(ending(&[0.0, 0.0], &[false, false]), Cue::Lost);
        assert_eq!(ending(&[1.0, 1.0], &[false, false]), Cue::Won);
        // Fewer seat kinds than seats: the missing ones are not human.
        assert_eq!(ending(&[0.0, 1.0], &[true]), Cue::Lost);
    }

    #[test]
    fn a_run_of_chance_steps_of_one_kind_sounds_once() {
        use ChanceKind::{Draw, Roll};
        let mut run = ChanceRun::default();
        // Three draws in a row (steps 0-2), then a roll straight after them.
        assert_eq!(run.cue(0, Draw), Some(Cue::Draw), "the game's first step");
        assert_eq!(run.cue(1, Draw), None);
        assert_eq!(run.cue(2, Draw), None);
        assert_eq!(run.cue(3, Roll), Some(Cue::Roll), "another kind");
        // A move at step 4 ends the run: the next roll sounds, the one after it does not.
        assert_eq!(run.cue(5, Roll), Some(Cue::Roll));
        assert_eq!(run.cue(6, Roll), None);
        // Undone back past the run: the same step again sounds.
        assert_eq!(run.cue(5, Roll), Some(Cue::Roll));
    }

    #[test]
    fn every_cue_has_its_own_sound_file_in_the_assets() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let mut files: Vec<&str> = Cue::ALL.iter().map(|c| c.file()).collect();
        for f in &files {
            assert!(root.join(f).is_file(), "{f} is missing");
        }
        files.sort();
        files.dedup();
        assert_eq!(files.len(), Cue::ALL.len());
    }

    /// Refusal cues heard so far.
    #[derive(Resource, Default)]
    struct Refused(usize);

    /// How many refusal cues a frame raised.
    fn refused(app: &mut App) -> usize {
        let before = app.world().resource::<Refused>().0;
        app.update();
        app.world().resource::<Refused>().0 - before
    }

    #[test]
    fn each_refusal_shown_raises_one_cue() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, super::super::order_frame, plugin))
            .init_resource::<Refused>()
            .add_systems(
                Update,
                (|mut cues: MessageReader<Cue>, mut n: ResMut<Refused>| {
                    n.0 += cues.read().filter(|c| **c == Cue::Refused).count();
                })
                .after(refusals),
            );
        assert_eq!(refused(&mut app), 0, "nothing shown yet");
        app.world_mut()
            .resource_mut::<Notice>()
            .error("not your turn");
        assert_eq!(refused(&mut app), 1);
        assert_eq!(refused(&mut app), 0, "shown once, heard once");
        // The same refusal again (the same illegal click twice) is heard again.
        app.world_mut()
            .resource_mut::<Notice>()
            .error("not your turn");
        assert_eq!(refused(&mut app), 1);
        // A system that holds the notice mutably marks it changed: the refusal still standing is
        // not heard again (an IceTowers game went on sounding one after a failed save).
        app.world_mut().resource_mut::<Notice>().set_changed();
        assert_eq!(refused(&mut app), 0, "touched, not shown");
        // What a move did is no refusal.
        app.world_mut().resource_mut::<Notice>().info("Red builds");
        assert_eq!(refused(&mut app), 0);
    }
}
