//! Automation for tests and captures: `--screenshot <path>` saves the window, `--exit-after <n>` quits.
//!
//! The screenshot is taken a few frames before the exit frame (frame 120 without `--exit-after`), and
//! the app waits for it to be written before it quits.

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::options::LaunchOptions;

/// Frames between taking the screenshot and the planned exit.
const SHOT_LEAD: u32 = 5;
/// Frames to wait past the exit frame for a screenshot still being written.
const SHOT_GRACE: u32 = 600;

#[derive(Resource, Default)]
struct Capture {
    requested: bool,
    saved: bool,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Capture>()
        .add_systems(Last, (take_screenshot, exit_when_done).chain());
}

fn take_screenshot(
    mut commands: Commands,
    frames: Res<FrameCount>,
    options: Res<LaunchOptions>,
    mut capture: ResMut<Capture>,
) {
    let Some(path) = &options.screenshot else {
        return;
    };
    let at = options
        .exit_after
        .map_or(120, |n| n.saturating_sub(SHOT_LEAD).max(1));
    if capture.requested || frames.0 < at {
        return;
    }
    capture.requested = true;
    let shown = path.display().to_string();
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path.clone()))
        .observe(
            move |_: On<ScreenshotCaptured>, mut capture: ResMut<Capture>| {
                capture.saved = true;
                println!("hoarfrost: screenshot saved to {shown}");
            },
        );
}

/// What the scene draws, printed at exit: pieces, and how many meshes and materials they share.
fn scene_stats(drawn: Query<(&Mesh3d, &MeshMaterial3d<StandardMaterial>)>) -> String {
    let mut meshes = std::collections::HashSet::new();
    let mut materials = std::collections::HashSet::new();
    for (m, k) in &drawn {
        meshes.insert(m.0.id());
        materials.insert(k.0.id());
    }
    format!(
        "hoarfrost: {} pieces drawn, {} distinct meshes, {} distinct materials",
        drawn.iter().len(),
        meshes.len(),
        materials.len()
    )
}

fn exit_when_done(
    drawn: Query<(&Mesh3d, &MeshMaterial3d<StandardMaterial>)>,
    frames: Res<FrameCount>,
    options: Res<LaunchOptions>,
    capture: Res<Capture>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(limit) = options.exit_after else {
        return;
    };
    let waiting = options.screenshot.is_some() && !capture.saved;
    if frames.0 >= limit && (!waiting || frames.0 >= limit + SHOT_GRACE) {
        if waiting {
            eprintln!("hoarfrost: the screenshot was not written in time");
            exit.write(AppExit::from_code(3));
        } else {
            println!("{}", scene_stats(drawn));
            exit.write(AppExit::Success);
        }
    }
}
