//! The table's sounds: each [`Cue`] the session raises plays its sound at the Settings window's
//! volume, each kind at most once a frame (a burst of moves in one frame is one tock), unless M has
//! muted them. Played only in a build with the `sound` feature (Bevy's audio needs ALSA's headers
//! on Linux); without it the cues go unheard and M says so.

use bevy::prelude::*;

use crate::plugins::core::notice::Notice;
use crate::plugins::session::hint::COMMAND_KEYS;

#[cfg(feature = "sound")]
use crate::plugins::core::settings::Settings;
use crate::systems::cues::Cue;

/// What a build without the `sound` feature says of its sounds (M, the volume slider's tooltip).
pub const NO_SOUND: &str = "This build has no sound: build it with --features sound to hear it.";

/// The cues to play this frame: each kind once, in a fixed order.
pub fn to_play(cues: impl IntoIterator<Item = Cue>) -> Vec<Cue> {
    let mut kinds: Vec<Cue> = cues.into_iter().collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

/// How loud a cue plays at `volume`: the game's end a little louder than the moves, which come
/// often.
pub fn loudness(cue: Cue, volume: f32) -> f32 {
    let weight = match cue {
        Cue::Move | Cue::Roll | Cue::Draw | Cue::Undo => 0.8,
        Cue::Refused => 0.9,
        Cue::Crack | Cue::Won | Cue::Lost => 1.0,
    };
    (volume * weight).clamp(0.0, 1.0)
}

/// The sounds are muted (M), for this run of the app; the volume setting stays as saved.
#[derive(Resource, Default, Debug)]
pub struct Muted(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Muted>()
        .init_resource::<Notice>()
        .add_message::<Cue>()
        .add_systems(
            Update,
            mute_by_key
                .in_set(crate::systems::Frame::Input)
                .run_if(crate::systems::keys_free),
        );
    #[cfg(feature = "sound")]
    app.add_systems(Startup, load_sounds)
        .add_systems(PostUpdate, (play_cues, clear_stale));
}

/// M (without Ctrl or Alt) mutes the sounds or lets them be heard again, and says which.
fn mute_by_key(
    keys: Res<ButtonInput<KeyCode>>,
    mut muted: ResMut<Muted>,
    mut notice: ResMut<Notice>,
) {
    if !keys.just_pressed(KeyCode::KeyM) || keys.any_pressed(COMMAND_KEYS) {
        return;
    }
    notice.info(toggle(&mut muted, cfg!(feature = "sound")));
}

/// Mute or unmute in a build that plays `sound`; what to tell the player.
fn toggle(muted: &mut Muted, sound: bool) -> &'static str {
    if !sound {
        return NO_SOUND;
    }
    muted.0 = !muted.0;
    if muted.0 {
        "Sound off (M turns it on again)."
    } else {
        "Sound on."
    }
}

/// A sound started at this time (seconds since start-up).
#[cfg(feature = "sound")]
#[derive(Component)]
struct Sounding(f64);

/// The longest a sound stays: every sound is shorter than 2 s, and one still there after this found
/// no audio device to play on (Bevy then leaves it waiting).
#[cfg(feature = "sound")]
const STALE: f64 = 5.0;

#[cfg(feature = "sound")]
fn clear_stale(time: Res<Time>, sounding: Query<(Entity, &Sounding)>, mut commands: Commands) {
    let now = time.elapsed_secs_f64();
    for (e, started) in &sounding {
        if now - started.0 > STALE {
            commands.entity(e).despawn();
        }
    }
}

/// The sounds, loaded once and kept.
#[cfg(feature = "sound")]
#[derive(Resource)]
struct Sounds(Vec<(Cue, Handle<AudioSource>)>);

#[cfg(feature = "sound")]
fn load_sounds(mut commands: Commands, assets: Option<Res<AssetServer>>) {
    // A headless test app has no asset server, and nothing to play.
    let Some(assets) = assets else {
        return;
    };
    let sounds = Cue::ALL.map(|c| (c, assets.load(c.file())));
    commands.insert_resource(Sounds(sounds.to_vec()));
}

#[cfg(feature = "sound")]
fn play_cues(
    mut cues: MessageReader<Cue>,
    sounds: Option<Res<Sounds>>,
    muted: Res<Muted>,
    settings: Option<Res<Settings>>,
    time: Res<Time>,
    mut commands: Commands,
) {
    let kinds = to_play(cues.read().copied());
    let (Some(sounds), Some(settings)) = (sounds.filter(|_| !muted.0), settings) else {
        return;
    };
    for cue in kinds {
        let volume = loudness(cue, settings.volume);
        if volume <= 0.0 {
            continue;
        }
        if let Some((_, sound)) = sounds.0.iter().find(|(c, _)| *c == cue) {
            debug!("sound: {cue:?} at {volume:.2}");
            commands.spawn((
                AudioPlayer::new(sound.clone()),
                PlaybackSettings::DESPAWN.with_volume(bevy::audio::Volume::Linear(volume)),
                Sounding(time.elapsed_secs_f64()),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn muting_toggles_in_a_build_with_sound_and_says_so_in_one_without() {
        // The test run builds without the sound feature: the build with it is checked here.
        let mut muted = Muted::default();
        assert!(toggle(&mut muted, true).starts_with("Sound off") && muted.0);
        assert_eq!(toggle(&mut muted, true), "Sound on.");
        assert!(!muted.0);
        assert_eq!(toggle(&mut muted, false), NO_SOUND);
        assert!(!muted.0, "nothing to mute without sound");
    }

    #[test]
    fn m_mutes_and_unmutes_the_sounds_and_says_so() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, crate::systems::order_frame, plugin))
            .init_resource::<ButtonInput<KeyCode>>();
        let press = |app: &mut App, keys: &[KeyCode]| {
            let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            input.release_all();
            input.clear();
            for key in keys {
                input.press(*key);
            }
            app.update();
            let said = app.world().resource::<Notice>().text.clone();
            (app.world().resource::<Muted>().0, said)
        };
        let (muted, said) = press(&mut app, &[KeyCode::KeyM]);
        if cfg!(feature = "sound") {
            assert!(muted && said.starts_with("Sound off"), "{said}");
            let (muted, said) = press(&mut app, &[KeyCode::KeyM]);
            assert!(!muted && said == "Sound on.", "{said}");
        } else {
            assert!(!muted && said == NO_SOUND, "{said}");
        }
        // Ctrl+M is not M: nothing changes and nothing is said (in either build).
        let (before, shown) = (
            app.world().resource::<Muted>().0,
            app.world().resource::<Notice>().shown(),
        );
        let (after, _) = press(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyM]);
        assert_eq!(before, after);
        assert_eq!(app.world().resource::<Notice>().shown(), shown);
    }

    #[test]
    fn a_frame_plays_each_kind_of_cue_once() {
        let cues = [Cue::Move, Cue::Roll, Cue::Move, Cue::Won, Cue::Move];
        assert_eq!(to_play(cues), vec![Cue::Move, Cue::Roll, Cue::Won]);
        assert_eq!(to_play([]), vec![]);
    }

    #[test]
    fn silence_is_silent_and_nothing_plays_louder_than_made() {
        for cue in Cue::ALL {
            assert_eq!(loudness(cue, 0.0), 0.0);
            assert!(loudness(cue, 1.0) <= 1.0 && loudness(cue, 1.0) > 0.5);
            assert!(loudness(cue, 0.5) < loudness(cue, 1.0));
        }
        assert!(loudness(Cue::Move, 1.0) < loudness(Cue::Won, 1.0));
    }
}
