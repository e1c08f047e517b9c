//! The short soak run: AI seats play games back to back in the real window for a minute and a half,
//! and resident memory must not grow by 5% or more (medians of the first and last thirds of the
//! samples after a warm-up; a ratio, so a slow machine does not fail it). The hour-long run is
//! `scripts/soak.sh 3600`. Needs a display, like the screenshot tests (see `scripts/test.sh`).

mod common;
use common::display_available;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Seconds the short run lasts.
const SECONDS: u32 = 90;

/// The value of `key` in the app's `soak-result` line.
fn figure(printed: &str, key: &str) -> Option<f64> {
    let line = printed.lines().find(|l| l.starts_with("soak-result"))?;
    line.split_whitespace()
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))?
        .parse()
        .ok()
}

#[test]
fn memory_stays_flat_while_ai_games_loop() {
    if !display_available() {
        return;
    }
    // Saves and settings in a folder of the test's own: not the player's autosave or settings.
    let home = std::env::temp_dir().join(format!("hoarfrost-soak-{}", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_hoarfrost"))
        .args(["--game", "icetowers", "--soak", &SECONDS.to_string()])
        .args(["--sample-every", "2"])
        .env("BEVY_ASSET_ROOT", env!("CARGO_MANIFEST_DIR"))
        .env("HOARFROST_DATA_DIR", home.join("data"))
        .env("HOARFROST_CONFIG_DIR", home.join("config"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .expect("the app starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the app") {
            break status;
        }
        if started.elapsed() > Duration::from_secs(SECONDS as u64 + 240) {
            let _ = child.kill();
            panic!("the soak run did not end");
        }
        std::thread::sleep(Duration::from_millis(500));
    };
    let mut printed = String::new();
    if let Some(mut out) = child.stdout.take() {
        use std::io::Read;
        let _ = out.read_to_string(&mut printed);
    }
    let _ = std::fs::remove_dir_all(&home);
    assert!(status.success(), "the app exited with {status}\n{printed}");
    let games = figure(&printed, "games").expect("a soak-result line");
    let samples = figure(&printed, "samples").expect("a sample count");
    let growth = figure(&printed, "growth_pct").expect("a growth figure");
    assert!(games >= 2.0, "only {games} games started:\n{printed}");
    assert!(samples >= 9.0, "only {samples} samples:\n{printed}");
    assert!(
        growth < 5.0,
        "resident memory grew {growth:.2}%:\n{printed}"
    );
}
