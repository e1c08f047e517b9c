//! Benchmark mode (`--bench <frames>`): wait until the scene is loaded and its shaders are compiled,
//! render the given number of frames, then print the time from process start to the first presented
//! frame, the median and 95th-percentile frame time (split by whether an AI seat was thinking), peak
//! resident memory and what was drawn, and quit. With `--copies <n>` the settled table is drawn `n`
//! times side by side, the camera pulled back to show them all. The bare scene uses it too.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{Render, RenderApp, RenderSystems};

use crate::plugins::core::options::LaunchOptions;
use crate::plugins::dev::perf;
use crate::plugins::session::ai::AiBusy;
use crate::plugins::table::camera::OrbitCamera;
use crate::systems::TableEntity;
use crate::systems::dice::Tumble;
use crate::systems::glide::Glide;

/// Frames and seconds of warm-up after the scene is complete, before measuring.
const WARMUP_FRAMES: u32 = 30;
const WARMUP_SECONDS: f32 = 2.0;
/// Frames the copies get for their first upload before measuring.
const SETTLE_FRAMES: u32 = 20;
/// Longest wait for the scene to complete or pieces to stop moving; then it goes on regardless.
const WAIT_LIMIT_SECONDS: f32 = 60.0;
/// Distance between copies of the table (it is 42 across).
const COPY_PITCH: f32 = 44.0;

/// Microseconds from process start to the first presented frame (0: not yet).
static FIRST_FRAME_US: AtomicU64 = AtomicU64::new(0);
/// Microseconds from process start to the first frame with the scene loaded and no shader compiling.
static COMPLETE_FRAME_US: AtomicU64 = AtomicU64::new(0);
/// Set by the main world once every drawn mesh and texture is loaded.
static SCENE_LOADED: AtomicBool = AtomicBool::new(false);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Waiting for the scene to complete and warm up.
    WarmUp,
    /// The copies are made this frame.
    Copy,
    /// The copies settle until this frame.
    Settle(u32),
    Measure,
}

/// Pieces still gliding or tumbling.
type Moving = Or<(With<Glide>, With<Tumble>)>;

/// The run in progress.
#[derive(Resource)]
struct BenchRun {
    frames: usize,
    copies: u32,
    stage: Stage,
    frame: u32,
    started: Option<Instant>,
    complete_at: Option<(u32, Instant)>,
    last: Option<Instant>,
    /// Process CPU time when measuring began.
    cpu_at_start: Option<std::time::Duration>,
    /// `HOARFROST_BENCH_OFF` has been applied.
    switched: bool,
    /// Frame times in milliseconds, and whether an AI seat was thinking at the end of each.
    samples: Vec<(f64, bool)>,
}

/// Adds the benchmark when `--bench` was given (the launch options must be in the app already).
pub fn plugin(app: &mut App) {
    let Some(options) = app.world().get_resource::<LaunchOptions>().cloned() else {
        return;
    };
    let Some(frames) = options.bench else { return };
    app.insert_resource(BenchRun {
        frames: frames as usize,
        copies: options.copies.unwrap_or(1),
        stage: Stage::WarmUp,
        frame: 0,
        started: None,
        complete_at: None,
        last: None,
        cpu_at_start: None,
        switched: false,
        samples: Vec::with_capacity(frames as usize),
    })
    .add_systems(
        Last,
        (
            note_scene_loaded.run_if(|| !SCENE_LOADED.load(Ordering::Relaxed)),
            make_copies.run_if(|run: Res<BenchRun>| run.stage == Stage::Copy),
            switch_off.run_if(|run: Res<BenchRun>| run.complete_at.is_some() && !run.switched),
            time_frames,
        )
            .chain(),
    );
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render.add_systems(Render, note_presented.in_set(RenderSystems::Cleanup));
    }
}

/// In the render world, after a frame is presented: note the first, and the first complete one.
fn note_presented(cache: Res<PipelineCache>) {
    let now = (perf::since_start().as_micros() as u64).max(1);
    let _ = FIRST_FRAME_US.compare_exchange(0, now, Ordering::Relaxed, Ordering::Relaxed);
    if SCENE_LOADED.load(Ordering::Relaxed) && cache.waiting_pipelines().next().is_none() {
        let _ = COMPLETE_FRAME_US.compare_exchange(0, now, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// True once something is drawn and every drawn mesh and base texture is loaded.
fn note_scene_loaded(
    drawn: Query<(&Mesh3d, &MeshMaterial3d<StandardMaterial>)>,
    meshes: Res<Assets<Mesh>>,
    materials: Res<Assets<StandardMaterial>>,
    images: Res<Assets<Image>>,
) {
    let loaded = !drawn.is_empty()
        && drawn.iter().all(|(mesh, material)| {
            meshes.contains(&mesh.0)
                && materials.get(&material.0).is_some_and(|m| {
                    m.base_color_texture
                        .as_ref()
                        .is_none_or(|t| images.contains(t))
                })
        });
    if loaded {
        SCENE_LOADED.store(true, Ordering::Relaxed);
    }
}

/// For finding what costs frame time: `HOARFROST_BENCH_OFF=shadows,table,egui,picking,msaa` turns
/// those off once the scene is complete, before the warm-up ends (`overdraw` adds a depth prepass,
/// `pcf` filters shadows with one hardware 2x2 tap, `lit-table` draws the table top unlit, `fxaa`
/// adds FXAA).
#[allow(clippy::type_complexity)]
fn switch_off(
    mut run: ResMut<BenchRun>,
    mut commands: Commands,
    mut lights: ParamSet<(Query<&mut DirectionalLight>, Query<&mut PointLight>)>,
    mut named: Query<(
        &Name,
        &mut Visibility,
        Option<&MeshMaterial3d<StandardMaterial>>,
    )>,
    (mut materials, mut egui): (
        ResMut<Assets<StandardMaterial>>,
        Query<&mut bevy_egui::EguiContextSettings>,
    ),
    cameras: Query<Entity, With<Camera3d>>,
    picking: Option<ResMut<bevy::picking::PickingSettings>>,
) {
    run.switched = true;
    let off = std::env::var("HOARFROST_BENCH_OFF").unwrap_or_default();
    let off: Vec<&str> = off.split(',').map(str::trim).collect();
    if off.contains(&"shadows") {
        for mut l in &mut lights.p0() {
            l.shadow_maps_enabled = false;
        }
        for mut l in &mut lights.p1() {
            l.shadow_maps_enabled = false;
        }
    }
    if off.contains(&"table") {
        for (name, mut v, _) in &mut named {
            if name.as_str() == "Table" {
                *v = Visibility::Hidden;
            }
        }
    }
    if off.contains(&"lit-table") {
        for (name, _, material) in &named {
            if name.as_str() == "Table"
                && let Some(mut m) = material.and_then(|m| materials.get_mut(&m.0))
            {
                m.unlit = true;
            }
        }
    }
    if off.contains(&"egui") {
        for mut settings in &mut egui {
            settings.run_manually = true;
        }
    }
    if off.contains(&"picking")
        && let Some(mut p) = picking
    {
        p.is_enabled = false;
    }
    for cam in &cameras {
        let mut cam = commands.entity(cam);
        if off.contains(&"msaa") {
            cam.insert(Msaa::Off);
        }
        if off.contains(&"fxaa") {
            cam.insert(bevy::anti_alias::fxaa::Fxaa::default());
        }
        if off.contains(&"overdraw") {
            cam.insert(bevy::core_pipeline::prepass::DepthPrepass);
        }
        if off.contains(&"pcf") {
            cam.insert(bevy::light::ShadowFilteringMethod::Hardware2x2);
        }
    }
}

/// Draw every visible mesh again `copies - 1` times in a grid beside the first, and pull the
/// camera back to show the whole grid.
fn make_copies(
    mut commands: Commands,
    mut run: ResMut<BenchRun>,
    drawn: Query<(
        &Mesh3d,
        &MeshMaterial3d<StandardMaterial>,
        &GlobalTransform,
        &InheritedVisibility,
    )>,
    mut cams: Query<&mut OrbitCamera>,
) {
    let columns = (run.copies as f32).sqrt().ceil() as u32;
    let rows = run.copies.div_ceil(columns);
    let originals: Vec<_> = drawn
        .iter()
        .filter(|(.., visible)| visible.get())
        .map(|(mesh, material, at, _)| (mesh.clone(), material.clone(), at.compute_transform()))
        .collect();
    for k in 1..run.copies {
        let offset = Vec3::new((k % columns) as f32, 0.0, (k / columns) as f32) * COPY_PITCH;
        for (mesh, material, at) in &originals {
            let mut at = *at;
            at.translation += offset;
            commands.spawn((
                Name::new("Table copy"),
                TableEntity,
                Pickable::IGNORE,
                mesh.clone(),
                material.clone(),
                at,
            ));
        }
    }
    let centre = Vec3::new((columns - 1) as f32, 0.0, (rows - 1) as f32) * COPY_PITCH / 2.0;
    for mut cam in &mut cams {
        cam.focus += centre;
        cam.distance *= columns.max(rows) as f32;
    }
    run.stage = Stage::Settle(run.frame + SETTLE_FRAMES);
}

/// Advance the run by one frame: warm up, then record frame times; at the end report and quit.
fn time_frames(
    mut run: ResMut<BenchRun>,
    busy: Option<Res<AiBusy>>,
    moving: Query<(), Moving>,
    drawn: Query<(
        &Mesh3d,
        &MeshMaterial3d<StandardMaterial>,
        &InheritedVisibility,
    )>,
    options: Res<LaunchOptions>,
    graphics: Option<Res<crate::plugins::table::graphics::Graphics>>,
    mut exit: MessageWriter<AppExit>,
) {
    let now = Instant::now();
    let started = *run.started.get_or_insert(now);
    let waited = (now - started).as_secs_f32();
    let previous = run.last.replace(now);
    run.frame += 1;
    let frame = run.frame;
    match run.stage {
        Stage::WarmUp => {
            let complete = COMPLETE_FRAME_US.load(Ordering::Relaxed) > 0;
            if (complete || waited > WAIT_LIMIT_SECONDS) && run.complete_at.is_none() {
                run.complete_at = Some((frame, now));
            }
            let Some((at_frame, at)) = run.complete_at else {
                return;
            };
            let warm =
                frame >= at_frame + WARMUP_FRAMES && (now - at).as_secs_f32() >= WARMUP_SECONDS;
            let still = moving.is_empty() || waited > WAIT_LIMIT_SECONDS;
            if warm && run.copies > 1 && still {
                run.stage = Stage::Copy;
            } else if warm && run.copies <= 1 {
                run.stage = Stage::Measure;
            }
        }
        Stage::Copy => {}
        Stage::Settle(until) => {
            if frame >= until {
                run.stage = Stage::Measure;
            }
        }
        Stage::Measure => {
            let Some(previous) = previous else { return };
            if run.cpu_at_start.is_none() {
                run.cpu_at_start = perf::cpu_time();
            }
            let thinking = busy.is_some_and(|b| b.0);
            run.samples
                .push(((now - previous).as_secs_f64() * 1000.0, thinking));
            if run.samples.len() >= run.frames {
                let quality = graphics.map_or("bevy-default", |g| g.0.name());
                println!("{}", report(&run, &options, quality, &drawn));
                exit.write(AppExit::Success);
            }
        }
    }
}

/// Milliseconds from a figure in microseconds.
fn ms(us: u64) -> f64 {
    us as f64 / 1000.0
}

/// The median and 95th percentile of the samples that `keep` selects, and their number.
fn spread(samples: &[(f64, bool)], keep: impl Fn(bool) -> bool) -> (usize, f64, f64) {
    let v: Vec<f64> = samples
        .iter()
        .filter(|(_, t)| keep(*t))
        .map(|(ms, _)| *ms)
        .collect();
    (
        v.len(),
        perf::median(&v).unwrap_or(f64::NAN),
        perf::percentile(&v, 95.0).unwrap_or(f64::NAN),
    )
}

fn report(
    run: &BenchRun,
    options: &LaunchOptions,
    quality: &str,
    drawn: &Query<(
        &Mesh3d,
        &MeshMaterial3d<StandardMaterial>,
        &InheritedVisibility,
    )>,
) -> String {
    let visible: Vec<_> = drawn.iter().filter(|(.., v)| v.get()).collect();
    let meshes: HashSet<_> = visible.iter().map(|(m, ..)| m.0.id()).collect();
    let materials: HashSet<_> = visible.iter().map(|(_, k, _)| k.0.id()).collect();
    let scene = if options.bare {
        "bare Bevy scene".to_string()
    } else {
        let game = options.game.map_or("title screen", |g| g.title());
        let copies = run.copies;
        match &options.scene {
            Some(s) => format!("{game}, {} x{copies}", s.display()),
            None => format!("{game} x{copies}"),
        }
    };
    let first = ms(FIRST_FRAME_US.load(Ordering::Relaxed));
    let complete = ms(COMPLETE_FRAME_US.load(Ordering::Relaxed));
    let peak = perf::vm_kib("VmHWM").unwrap_or(0) as f64 / 1024.0;
    let (n, median, p95) = spread(&run.samples, |_| true);
    let (tn, tmed, tp95) = spread(&run.samples, |t| t);
    let (idle_n, idle_med, idle_p95) = spread(&run.samples, |t| !t);
    let level = options.level.map_or("own", |l| l.name());
    let cpu = match (run.cpu_at_start, perf::cpu_time()) {
        (Some(a), Some(b)) => (b - a).as_secs_f64() * 1000.0 / n.max(1) as f64,
        _ => f64::NAN,
    };
    format!(
        "bench: {scene}: {} pieces drawn, {} distinct meshes, {} distinct materials, graphics \
         quality {quality}\n\
         bench: first frame presented {first:.0} ms after start; scene complete (loaded, shaders \
         compiled) at {complete:.0} ms\n\
         bench: {n} frames: median {median:.2} ms, 95th percentile {p95:.2} ms; process CPU time \
         {cpu:.1} ms a frame\n\
         bench: AI seats ({level} bots) thinking: {tn} frames, median {tmed:.2} ms, 95th \
         percentile {tp95:.2} ms; nobody thinking: {idle_n} frames, median {idle_med:.2} ms, 95th \
         percentile {idle_p95:.2} ms\n\
         bench: peak resident memory {peak:.1} MiB\n\
         bench-result first_frame_ms={first:.1} complete_ms={complete:.1} median_ms={median:.3} \
         p95_ms={p95:.3} cpu_ms={cpu:.2} peak_mib={peak:.1} pieces={} quality={quality} think_frames={tn} think_median_ms={tmed:.3} \
         think_p95_ms={tp95:.3} idle_frames={idle_n} idle_median_ms={idle_med:.3} \
         idle_p95_ms={idle_p95:.3}",
        visible.len(),
        meshes.len(),
        materials.len(),
        visible.len(),
    )
}
