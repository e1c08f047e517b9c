//! Automation for tests and captures: `--screenshot <path>` saves the window, `--exit-after <n>` quits.
//!
//! The screenshot is taken a few frames before the exit frame (frame 120 without `--exit-after`), or
//! later if a render pipeline is still compiling then (a shot taken before they are ready comes out
//! blank), and the app waits for it to be written before it quits. `--click` scripts inputs, one
//! every few frames; frames a `--click settle` holds the script for (until the table is still) are
//! not counted, by the clicks after it, the screenshot or the exit.

use std::sync::atomic::{AtomicBool, Ordering};

use bevy::diagnostic::FrameCount;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::render::{Render, RenderApp, RenderSystems};

use crate::plugins::core::options::{Click, LaunchOptions};
use crate::plugins::core::screens::TurnPhase;
use crate::systems::dice::Tumble;
use crate::systems::glide::Glide;

/// Frames between taking the screenshot and the planned exit.
const SHOT_LEAD: u32 = 5;
/// Frames to wait past the exit frame for a screenshot still being written.
const SHOT_GRACE: u32 = 600;
/// Frames past the planned shot after which it is taken even with pipelines still compiling.
const SHOT_WAIT: u32 = 300;

/// Set by the render world after each frame it renders: no render pipeline is still compiling.
static PIPELINES_READY: AtomicBool = AtomicBool::new(false);

#[derive(Resource, Default)]
struct Capture {
    /// When the shot was asked for.
    requested: Option<std::time::SystemTime>,
    /// The frame was captured (and the save attempted).
    captured: bool,
    /// Whether the file was written: known once captured.
    written: Option<bool>,
}

/// Frame of the first scripted click, and frames between clicks.
const FIRST_CLICK: u32 = 30;
const CLICK_EVERY: u32 = 12;
/// Frames a `settle` click holds the script at most before it goes on with a warning.
const SETTLE_LIMIT: u32 = 3000;

/// The script's clock: the frames counted, less those that `settle` clicks held it for. Clicks,
/// the screenshot and the exit go by it, so a click after a settle lands on a still table however
/// fast or slow the machine draws.
#[derive(Resource, Default)]
struct ScriptClock {
    /// Frames held so far, by every settle.
    held: u32,
    /// Frames the settle now waiting has held.
    holding: u32,
}

impl ScriptClock {
    fn frame(&self, frames: &FrameCount) -> u32 {
        frames.0.saturating_sub(self.held)
    }

    /// One frame of a `settle` click at `step` of its slot: hold the clock while the table is not
    /// `still` (up to [`SETTLE_LIMIT`] frames).
    fn settle(&mut self, step: u32, still: bool) {
        if step != 0 || still {
            self.holding = 0;
        } else if self.holding < SETTLE_LIMIT {
            self.held += 1;
            self.holding += 1;
        } else if self.holding == SETTLE_LIMIT {
            eprintln!("hoarfrost: the table did not settle in {SETTLE_LIMIT} frames; going on");
            self.holding += 1;
        }
    }
}

/// Something in motion: a piece gliding to its place, a die tumbling, a game's own motion (an Ice
/// Castle door turning over, [`crate::systems::Settling`]) or the camera turning.
type Moving = Or<(
    With<Glide>,
    With<Tumble>,
    With<crate::systems::Settling>,
    With<crate::plugins::table::camera::Turning>,
)>;

/// Whether the table is still: nothing glides or tumbles, and (in a game) no roll or draw is
/// pending and no AI seat alone is to move.
fn still(phase: Option<TurnPhase>, moving: bool) -> bool {
    !moving && !matches!(phase, Some(TurnPhase::Chance | TurnPhase::AiToAct))
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Capture>()
        .init_resource::<Widgets>()
        .init_resource::<ScriptClock>()
        .add_systems(
            PreUpdate,
            click_named.before(bevy::picking::PickingSystems::Input),
        )
        .add_systems(
            PostUpdate,
            note_widgets
                .after(bevy_egui::EguiPostUpdateSet::ProcessOutput)
                .run_if(|o: Res<LaunchOptions>| {
                    o.clicks.iter().any(|c| matches!(c, Click::Button(_)))
                }),
        )
        .add_systems(
            Last,
            (
                take_screenshot,
                exit_when_done.in_set(crate::systems::Quitting),
            )
                .chain(),
        )
        .add_systems(
            Last,
            (print_notices, print_cues)
                .after(take_screenshot)
                .run_if(|o: Res<LaunchOptions>| o.exit_after.is_some()),
        );
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render.add_systems(Render, note_pipelines.in_set(RenderSystems::Cleanup));
    }
}

/// In the render world, after each frame: whether every pipeline asked for so far is compiled.
fn note_pipelines(cache: Res<PipelineCache>) {
    let ready = cache.waiting_pipelines().next().is_none();
    PIPELINES_READY.store(ready, Ordering::Relaxed);
}

/// Where the labelled egui widgets of the last frame are, in window coordinates (kept only when a
/// `button:` click is scripted).
#[derive(Resource, Default)]
struct Widgets(Vec<(String, Vec2)>);

/// Read the widgets' labels and places from egui's accessibility tree, turning it on first, and
/// let a press held over a slow frame still count as a click.
fn note_widgets(
    mut contexts: Query<(&mut bevy_egui::EguiContext, &bevy_egui::EguiOutput)>,
    mut widgets: ResMut<Widgets>,
) {
    for (mut context, output) in &mut contexts {
        let ctx = context.get_mut();
        ctx.enable_accesskit();
        // A scripted button is pressed and released a frame apart, but egui counts a press held
        // longer than its click duration (0.8 s) as no click, and on a loaded machine drawing in
        // software one frame can take that long. Clicks were lost so under load (the likely cause,
        // not proven: a forced 1.2 s gap did not reproduce it); none were with this.
        ctx.options_mut(|o| o.input_options.max_click_duration = f64::INFINITY);
        let Some(update) = &output.platform_output.accesskit_update else {
            continue;
        };
        // Bounds are in egui points; a window position is in logical pixels, which are points
        // times egui's zoom (the text size).
        let zoom = context.get_mut().zoom_factor() as f64;
        widgets.0 = update
            .nodes
            .iter()
            .filter_map(|(_, node)| {
                let (label, r) = (node.label()?, node.bounds()?);
                let middle = Vec2::new(
                    ((r.x0 + r.x1) / 2.0 * zoom) as f32,
                    ((r.y0 + r.y1) / 2.0 * zoom) as f32,
                );
                Some((label.to_string(), middle))
            })
            .collect();
    }
}

/// `--click <name>`: move the mouse pointer over the first piece of that name and press and release
/// the left button, through Bevy's picking input like a real mouse (tests drive clicks this way).
/// `--click key:F1` presses and releases a key instead, as the keyboard would (`key:ctrl+O` with Ctrl
/// held around it); `--click button:Hint` clicks the on-screen button of that label, through the
/// window's cursor and button messages as egui reads them; `--click resize:960x540` asks for a new
/// window size, which the window system then gives as after a drag of the window's edge;
/// `--click settle` holds the script until the table is still (see [`ScriptClock`]).
/// What a scripted click aims at: named pieces, the camera, the window and its widgets.
#[derive(SystemParam)]
struct ClickTargets<'w, 's> {
    named: Query<
        'w,
        's,
        (
            &'static Name,
            &'static GlobalTransform,
            Option<&'static bevy::camera::primitives::Aabb>,
        ),
    >,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform)>,
    windows: Query<'w, 's, Entity, With<bevy::window::PrimaryWindow>>,
    window: Query<'w, 's, &'static mut Window, With<bevy::window::PrimaryWindow>>,
    widgets: Res<'w, Widgets>,
}

/// The input a scripted click sends, as the window system would.
#[derive(SystemParam)]
struct ClickInput<'w> {
    pointer: MessageWriter<'w, bevy::picking::pointer::PointerInput>,
    keys: MessageWriter<'w, bevy::input::keyboard::KeyboardInput>,
    window_events: MessageWriter<'w, bevy::window::WindowEvent>,
}

/// What a `settle` click watches: the turn phase, what moves, and an online table's lobby.
type TableMotion<'w, 's> = (
    Option<Res<'w, State<TurnPhase>>>,
    Query<'w, 's, (), Moving>,
    Option<Res<'w, crate::plugins::online::seat::Link>>,
);

fn click_named(
    (frames, mut clock): (Res<FrameCount>, ResMut<ScriptClock>),
    (phase, moving, online): TableMotion,
    options: Res<LaunchOptions>,
    mut targets: ClickTargets,
    mut input: ClickInput,
) {
    let Some(since) = clock.frame(&frames).checked_sub(FIRST_CLICK) else {
        return;
    };
    let (i, step) = ((since / CLICK_EVERY) as usize, since % CLICK_EVERY);
    // What to point at: a piece by its name, or a spot of the window.
    let aim = match options.clicks.get(i) {
        None | Some(Click::Wait) => return,
        Some(Click::Settle) => {
            // An online table still gathering in its lobby is not up yet.
            let lobby = online.is_some_and(|l| !l.opened);
            let moving = !moving.is_empty() || lobby;
            clock.settle(step, still(phase.map(|p| *p.get()), moving));
            return;
        }
        Some(Click::Piece(name)) => (name.as_str(), None),
        Some(&Click::At(x, y)) => ("", Some(Vec2::new(x as f32, y as f32))),
        Some(other) => {
            press(other, step, &mut targets, &mut input);
            return;
        }
    };
    point_at(aim, step, &targets, &mut input);
}

/// Step `step` of a scripted key, button or window size.
fn press(click: &Click, step: u32, targets: &mut ClickTargets, input: &mut ClickInput) {
    let window = targets.windows.iter().next();
    match click {
        Click::Key { ctrl, code } => {
            if let Some(window) = window {
                for (key, pressed) in key_steps(*ctrl, *code, step) {
                    input.keys.write(key_input(key, pressed, window));
                }
            }
        }
        Click::Button(label) => {
            if let Some(window) = window {
                press_button(
                    &targets.widgets,
                    label,
                    window,
                    step,
                    &mut input.window_events,
                );
            }
        }
        &Click::Resize(width, height) => {
            if step == 0
                && let Ok(mut window) = targets.window.single_mut()
            {
                window.resolution.set(width as f32, height as f32);
            }
        }
        _ => {}
    }
}

/// Step `step` of a click on the piece named `name`, or at `spot` of the window: the pointer moves
/// there, then the left button goes down and up a frame apart.
fn point_at(
    (name, spot): (&str, Option<Vec2>),
    step: u32,
    targets: &ClickTargets,
    input: &mut ClickInput,
) {
    use bevy::camera::NormalizedRenderTarget;
    use bevy::picking::pointer::{Location, PointerAction, PointerId, PointerInput};
    use bevy::window::WindowRef;
    let windows = &targets.windows;
    let Some(target) = WindowRef::Primary
        .normalize(windows.iter().next())
        .map(NormalizedRenderTarget::Window)
    else {
        return;
    };
    let Some((camera, eye)) = targets.cameras.iter().find(|(c, _)| c.is_active) else {
        return;
    };
    // Aim at the middle of the piece's bounds (a pyramid's origin is its base, which the piece in
    // front of it may hide).
    let Some(at) = spot.or_else(|| {
        targets
            .named
            .iter()
            .find(|(n, _, _)| n.as_str() == name)
            .map(|(_, t, bounds)| t.transform_point(bounds.map_or(Vec3::ZERO, |b| b.center.into())))
            .and_then(|point| camera.world_to_viewport(eye, point).ok())
    }) else {
        if step == 0 {
            eprintln!("hoarfrost: nothing named '{name}' to click");
        }
        return;
    };
    let location = Location {
        target,
        position: at,
    };
    if matches!(step, 0 | 2 | 3) {
        // The window's cursor goes there too, as egui reads it: after a click on a button, egui
        // would otherwise still see the cursor over its window and take the table click for itself.
        // It is sent again with the press and the release, so that a real pointer event between
        // (the X server's pointer, entering the window late on a busy machine) cannot move the
        // click elsewhere.
        if let Some(window) = windows.iter().next() {
            input
                .window_events
                .write(bevy::window::WindowEvent::CursorMoved(
                    bevy::window::CursorMoved {
                        window,
                        position: at,
                        delta: None,
                    },
                ));
        }
    }
    let action = match step {
        0 => PointerAction::Move { delta: Vec2::ZERO },
        2 => PointerAction::Press(PointerButton::Primary),
        3 => PointerAction::Release(PointerButton::Primary),
        _ => return,
    };
    if step != 0 {
        let back = PointerAction::Move { delta: Vec2::ZERO };
        input
            .pointer
            .write(PointerInput::new(PointerId::Mouse, location.clone(), back));
    }
    input
        .pointer
        .write(PointerInput::new(PointerId::Mouse, location, action));
}

/// Step `step` of a click on the widget labelled `label`: the cursor moves over it, then the left
/// button goes down and up a frame apart.
fn press_button(
    widgets: &Widgets,
    label: &str,
    window: Entity,
    step: u32,
    events: &mut MessageWriter<bevy::window::WindowEvent>,
) {
    use bevy::input::ButtonState;
    use bevy::input::mouse::{MouseButton, MouseButtonInput};
    use bevy::window::{CursorMoved, WindowEvent};
    let Some(&(_, at)) = widgets.0.iter().find(|(l, _)| l == label) else {
        if step == 0 {
            eprintln!("hoarfrost: no button labelled '{label}' to click");
        }
        return;
    };
    let button = |state| {
        WindowEvent::MouseButtonInput(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        })
    };
    // The cursor is set again with the press and the release (see `click_named`).
    if matches!(step, 0 | 2 | 3) {
        events.write(WindowEvent::CursorMoved(CursorMoved {
            window,
            position: at,
            delta: None,
        }));
    }
    match step {
        2 => {
            events.write(button(ButtonState::Pressed));
        }
        3 => {
            events.write(button(ButtonState::Released));
        }
        _ => {}
    }
}

/// The key changes at `step` of a scripted key press: Ctrl goes down first and up last, the key
/// itself goes down and up in between, a frame apart.
fn key_steps(ctrl: bool, code: KeyCode, step: u32) -> Vec<(KeyCode, bool)> {
    match (step, ctrl) {
        (1, true) => vec![(KeyCode::ControlLeft, true)],
        (2, _) => vec![(code, true)],
        (3, _) => vec![(code, false)],
        (4, true) => vec![(KeyCode::ControlLeft, false)],
        _ => vec![],
    }
}

/// A keyboard message for `code`, as the window would send it.
fn key_input(code: KeyCode, pressed: bool, window: Entity) -> bevy::input::keyboard::KeyboardInput {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    let logical_key = match code {
        KeyCode::Escape => Key::Escape,
        KeyCode::F1 => Key::F1,
        KeyCode::F11 => Key::F11,
        KeyCode::Space => Key::Space,
        KeyCode::Enter => Key::Enter,
        KeyCode::ControlLeft => Key::Control,
        other => {
            let text = crate::plugins::core::options::KEYS
                .iter()
                .find(|(_, c, _)| *c == other)
                .map_or("", |(_, _, t)| *t);
            Key::Character(text.into())
        }
    };
    KeyboardInput {
        key_code: code,
        logical_key,
        state: if pressed {
            ButtonState::Pressed
        } else {
            ButtonState::Released
        },
        text: None,
        repeat: false,
        window,
    }
}

fn take_screenshot(
    mut commands: Commands,
    (frames, clock): (Res<FrameCount>, Res<ScriptClock>),
    options: Res<LaunchOptions>,
    mut capture: ResMut<Capture>,
    notice: Option<ResMut<crate::plugins::core::notice::Notice>>,
) {
    let Some(path) = &options.screenshot else {
        return;
    };
    let at = options
        .exit_after
        .map_or(120, |n| n.saturating_sub(SHOT_LEAD).max(1));
    let frame = clock.frame(&frames);
    let ready = PIPELINES_READY.load(Ordering::Relaxed) || frame >= at.saturating_add(SHOT_WAIT);
    if capture.written.is_none() && capture.captured {
        // Bevy's save only logs a failure: see that the file is there and new.
        let since = capture.requested.unwrap_or(std::time::UNIX_EPOCH);
        let written = written_since(path, since);
        if written {
            println!("hoarfrost: screenshot saved to {}", path.display());
        } else {
            // Without `--exit-after` nobody reads the exit code: say it in the window too.
            let told = format!("The screenshot could not be written to {}", path.display());
            eprintln!("hoarfrost: {told}");
            if let Some(mut notice) = notice {
                notice.error(told);
            }
        }
        capture.written = Some(written);
    }
    if capture.requested.is_some() || frame < at || !ready {
        return;
    }
    capture.requested = Some(std::time::SystemTime::now());
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path.clone()))
        .observe(|_: On<ScreenshotCaptured>, mut capture: ResMut<Capture>| {
            capture.captured = true;
        });
}

/// Whether `path` is a file modified at `since` or later (two seconds' slack for coarse file
/// times).
fn written_since(path: &std::path::Path, since: std::time::SystemTime) -> bool {
    let slack = std::time::Duration::from_secs(2);
    std::fs::metadata(path)
        .is_ok_and(|m| m.is_file() && m.modified().is_ok_and(|t| t + slack >= since))
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

/// In a scripted run, each notice as it is shown (`hoarfrost: shown: <text>`), so that a test can
/// see one that a later move has replaced by the time the run ends.
fn print_notices(
    notice: Option<Res<crate::plugins::core::notice::Notice>>,
    mut last: Local<String>,
) {
    if let Some(n) = notice.filter(|n| n.is_changed() && n.text != *last) {
        println!("hoarfrost: shown: {}", n.text);
        *last = n.text.clone();
    }
}

/// In a scripted run, each sound cue as it is raised (`hoarfrost: heard: Move`), in every build,
/// so that a test can check what a player would hear.
fn print_cues(mut cues: MessageReader<crate::systems::cues::Cue>) {
    for cue in cues.read() {
        println!("hoarfrost: heard: {cue:?}");
    }
}

fn exit_when_done(
    drawn: Query<(&Mesh3d, &MeshMaterial3d<StandardMaterial>)>,
    (notice, screen): (
        Option<Res<crate::plugins::core::notice::Notice>>,
        Option<Res<State<crate::plugins::core::screens::Screen>>>,
    ),
    (frames, clock): (Res<FrameCount>, Res<ScriptClock>),
    options: Res<LaunchOptions>,
    capture: Res<Capture>,
    (graphics, online): (
        Option<Res<crate::plugins::table::graphics::Graphics>>,
        Option<Res<crate::plugins::online::seat::Link>>,
    ),
    mut exit: MessageWriter<AppExit>,
) {
    let Some(limit) = options.exit_after else {
        return;
    };
    let waiting = options.screenshot.is_some() && capture.written.is_none();
    let frame = clock.frame(&frames);
    if frame >= limit && (!waiting || frame >= limit.saturating_add(SHOT_GRACE)) {
        if waiting {
            eprintln!("hoarfrost: the screenshot was not written in time");
            exit.write(AppExit::from_code(3));
        } else if capture.written == Some(false) {
            exit.write(AppExit::from_code(3));
        } else {
            println!("{}", scene_stats(drawn));
            if let Some(g) = graphics {
                println!("hoarfrost: graphics quality {}", g.0.name());
            }
            if let Some(n) = notice {
                println!("hoarfrost: notice: {}", n.text);
            }
            if let Some(screen) = screen {
                println!("hoarfrost: screen: {:?}", screen.get());
            }
            if let Some(link) = online {
                let (seat, step) = (link.seat.map(|s| s + 1), link.step);
                println!("hoarfrost: online: seat {seat:?}, step {step:?}");
            }
            exit.write(AppExit::Success);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_still_when_nothing_moves_and_no_roll_or_ai_move_is_pending() {
        assert!(still(None, false), "the title screen");
        assert!(still(Some(TurnPhase::HumanToAct), false));
        assert!(still(Some(TurnPhase::Over), false));
        assert!(!still(Some(TurnPhase::HumanToAct), true), "a piece glides");
        assert!(!still(Some(TurnPhase::Chance), false), "a roll is pending");
        assert!(
            !still(Some(TurnPhase::AiToAct), false),
            "an AI seat is to move"
        );
    }

    #[test]
    fn a_settle_holds_the_clock_until_the_table_is_still_and_at_most_its_limit() {
        let frames = |n| FrameCount(n);
        let mut clock = ScriptClock::default();
        for _ in 0..5 {
            clock.settle(0, false);
        }
        assert_eq!(clock.frame(&frames(105)), 100, "five frames held");
        clock.settle(0, true);
        assert_eq!(
            (clock.held, clock.holding),
            (5, 0),
            "still: the clock runs on"
        );
        clock.settle(3, false);
        assert_eq!(clock.held, 5, "only the slot's first frame holds");
        for _ in 0..SETTLE_LIMIT + 10 {
            clock.settle(0, false);
        }
        assert_eq!(clock.held, 5 + SETTLE_LIMIT, "a table that never settles");
        clock.settle(1, false);
        clock.settle(0, false);
        assert_eq!(clock.held, 6 + SETTLE_LIMIT, "the next settle holds afresh");
    }
}
