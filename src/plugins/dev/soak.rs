//! Soak mode (`--soak <seconds>`): AI seats play game after game in the real window (the `--game`
//! given, or every game in turn), each ending as the rules end it or after a cap, through the title
//! screen as a player would. Resident memory is sampled every `--sample-every` seconds; at the end
//! the samples and the growth of the last third over the first third (after a warm-up) are printed.

use std::time::Instant;

use bevy::prelude::*;
use hoarfrost_rules::GameKind;

use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::seats::SeatKind;
use crate::plugins::dev::perf;
use crate::plugins::session::ai::ReactionTime;
use crate::plugins::session::new_game::SetupChoice;

/// A game still going after this many seconds is ended, so tables keep coming and going.
const GAME_CAP_SECONDS: f32 = 60.0;
/// Seconds the game-over screen stays up.
const OVER_SECONDS: f32 = 1.0;
/// Memory samples before this share of the run (at least 10 s, at most 120 s) are warm-up.
const WARMUP_SHARE: f32 = 0.2;

/// The soak run in progress.
#[derive(Resource)]
struct Soak {
    seconds: f32,
    every: f32,
    started: Instant,
    /// The games played in turn, and the seats of each.
    rotation: Vec<(GameKind, Vec<SeatKind>)>,
    games: u32,
    seed: u64,
    /// Ice Fortress's difficulty when `--difficulty` was given.
    difficulty: Option<u8>,
    /// When the current screen (game or game over) began, in seconds of the run.
    screen_since: f32,
    /// (seconds into the run, resident MiB).
    samples: Vec<(f32, f64)>,
}

impl Soak {
    fn now(&self) -> f32 {
        self.started.elapsed().as_secs_f32()
    }

    fn warmup(&self) -> f32 {
        (self.seconds * WARMUP_SHARE).clamp(10.0, 120.0)
    }
}

/// Adds the soak run when `--soak` was given (the launch options must be in the app already).
pub fn plugin(app: &mut App) {
    let Some(options) = app.world().get_resource::<LaunchOptions>().cloned() else {
        return;
    };
    let Some(seconds) = options.soak else { return };
    let rotation = match options.game {
        Some(game) => {
            let n = options
                .seats
                .as_ref()
                .map_or(*game.seats().start(), Vec::len);
            vec![(game, vec![SeatKind::Ai; n])]
        }
        None => GameKind::ALL
            .into_iter()
            .map(|g| (g, vec![SeatKind::Ai; *g.seats().start()]))
            .collect(),
    };
    app.insert_resource(Soak {
        seconds: seconds as f32,
        every: options.sample_every.unwrap_or(10) as f32,
        started: Instant::now(),
        rotation,
        games: 0,
        seed: options.seed.unwrap_or(1),
        difficulty: options.difficulty,
        screen_since: 0.0,
        samples: Vec::new(),
    })
    .insert_resource(ReactionTime {
        min: 0.1,
        spread: 0.2,
        pace: 1.0,
        // Tables come and go at the same pace in every game, IceTowers included.
        race: 1.0,
    })
    .add_systems(
        Update,
        (
            start_next_game.run_if(in_state(Screen::Title)),
            end_game.run_if(in_state(Screen::Playing).or_else(in_state(Screen::GameOver))),
        ),
    )
    .add_systems(OnEnter(Screen::GameOver), |mut soak: ResMut<Soak>| {
        soak.screen_since = soak.now();
    })
    .add_systems(Last, sample_memory);
}

/// On the title screen: set up the next game of the rotation, all seats AI, and start it.
fn start_next_game(
    mut soak: ResMut<Soak>,
    mut choice: ResMut<SetupChoice>,
    mut next: ResMut<NextState<Screen>>,
) {
    if soak.rotation.is_empty() {
        return;
    }
    let (game, seats) = soak.rotation[soak.games as usize % soak.rotation.len()].clone();
    let seed = soak.seed.wrapping_add(soak.games as u64);
    *choice = SetupChoice::new(game, &seats, seed);
    if let Some(d) = soak.difficulty {
        choice.difficulty = d;
    }
    soak.games += 1;
    soak.screen_since = soak.now();
    println!(
        "soak: game {} is {} (seed {seed})",
        soak.games,
        game.title()
    );
    next.set(Screen::Playing);
}

/// Back to the title screen after the game-over screen has shown a moment, or when a game runs long.
fn end_game(soak: Res<Soak>, screen: Res<State<Screen>>, mut next: ResMut<NextState<Screen>>) {
    let on_screen = soak.now() - soak.screen_since;
    let limit = match screen.get() {
        Screen::GameOver => OVER_SECONDS,
        _ => GAME_CAP_SECONDS,
    };
    if on_screen >= limit {
        next.set(Screen::Title);
    }
}

/// Sample resident memory on schedule; when the time is up, print the samples and the growth, and quit.
fn sample_memory(mut soak: ResMut<Soak>, mut exit: MessageWriter<AppExit>) {
    let now = soak.now();
    let due = soak.samples.len() as f32 * soak.every;
    if now >= due {
        let mib = perf::vm_kib("VmRSS").unwrap_or(0) as f64 / 1024.0;
        soak.samples.push((now, mib));
        println!(
            "soak: {now:.0} s: resident {mib:.1} MiB, {} games started",
            soak.games
        );
    }
    if now < soak.seconds {
        return;
    }
    println!("{}", summary(&soak));
    exit.write(AppExit::Success);
}

/// The samples after warm-up, the medians of their first and last thirds, and the growth.
fn summary(soak: &Soak) -> String {
    let warmup = soak.warmup();
    let kept: Vec<f64> = soak
        .samples
        .iter()
        .filter(|(t, _)| *t >= warmup)
        .map(|(_, m)| *m)
        .collect();
    let third = (kept.len() / 3).max(1);
    let first = perf::median(&kept[..third.min(kept.len())]).unwrap_or(f64::NAN);
    let last = perf::median(&kept[kept.len().saturating_sub(third)..]).unwrap_or(f64::NAN);
    let growth = perf::growth(&kept).map_or(f64::NAN, |g| g * 100.0);
    let peak = perf::vm_kib("VmHWM").unwrap_or(0) as f64 / 1024.0;
    format!(
        "soak: {} samples after a {warmup:.0} s warm-up; first third median {first:.1} MiB, last \
         third median {last:.1} MiB, growth {growth:.2}%\n\
         soak-result seconds={:.0} games={} samples={} first_mib={first:.1} last_mib={last:.1} \
         growth_pct={growth:.3} peak_mib={peak:.1}",
        kept.len(),
        soak.now(),
        soak.games,
        kept.len(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_soak_of_ice_fortress_plays_at_the_difficulty_asked() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .add_message::<AppExit>()
            .add_plugins(crate::plugins::core::screens::plugin)
            .insert_resource(SetupChoice::new(GameKind::Sprawl, &[SeatKind::Human], 1))
            .insert_resource(LaunchOptions {
                soak: Some(60),
                game: Some(GameKind::IceFortress),
                difficulty: Some(4),
                ..default()
            });
        plugin(&mut app);
        app.update();
        let choice = app.world().resource::<SetupChoice>();
        assert_eq!((choice.game, choice.difficulty), (GameKind::IceFortress, 4));
    }
}
