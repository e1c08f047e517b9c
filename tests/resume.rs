//! A crash loses at most the last move: the real app plays an all-AI IceTowers game with its data
//! folder in a temporary directory, is killed (SIGKILL) once the autosave holds a few moves, and
//! `--continue` then resumes the game at exactly the autosave's step.
//!
//! Needs a display: run under Xvfb (see `scripts/test.sh`); skipped without one unless
//! `HOARFROST_REQUIRE_DISPLAY=1`.

mod common;
use common::display_available;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use hoarfrost_rules::icetowers::IceTowers;
use hoarfrost_rules::save;

/// Moves the autosave must hold before the kill.
const MOVES_BEFORE_KILL: usize = 4;
/// Longest wait for the app to get there (software rendering on a loaded machine is slow).
const PATIENCE: Duration = Duration::from_secs(180);

fn start(root: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_hoarfrost"))
        .args(args)
        .env("BEVY_ASSET_ROOT", env!("CARGO_MANIFEST_DIR"))
        .env("HOARFROST_DATA_DIR", root.join("data"))
        .env("HOARFROST_CONFIG_DIR", root.join("config"))
        .env(
            "RUST_LOG",
            std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()),
        )
        .stdout(Stdio::piped())
        .spawn()
        .expect("the app starts")
}

/// Moves in the autosave, if there is one; a file there must always be a whole, valid save.
fn autosaved_moves(path: &Path) -> Option<usize> {
    let text = std::fs::read_to_string(path).ok()?;
    match save::load::<IceTowers>(&text) {
        Ok(loaded) => Some(loaded.recorder.len()),
        Err(e) => panic!("the autosave is not a valid save: {e}\n{text}"),
    }
}

/// Lines the child prints, as they come.
fn lines_of(child: &mut Child) -> mpsc::Receiver<String> {
    let stdout = child.stdout.take().expect("piped stdout");
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    receive
}

#[test]
fn a_killed_game_resumes_from_its_autosave() {
    if !display_available() {
        return;
    }
    let root: PathBuf =
        std::env::temp_dir().join(format!("hoarfrost-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let autosave = root.join("data").join("autosave.ron");

    let mut game = start(
        &root,
        &["--game", "icetowers", "--seats", "ai,ai", "--seed", "5"],
    );
    let _output = lines_of(&mut game);
    let started = Instant::now();
    let before = loop {
        if let Some(n) = autosaved_moves(&autosave).filter(|&n| n >= MOVES_BEFORE_KILL) {
            break n;
        }
        if let Some(status) = game.try_wait().expect("wait for the app") {
            panic!("the app exited ({status}) before autosaving {MOVES_BEFORE_KILL} moves");
        }
        if started.elapsed() > PATIENCE {
            let _ = game.kill();
            panic!("no autosave of {MOVES_BEFORE_KILL} moves within {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    game.kill().expect("SIGKILL the app");
    let _ = game.wait();
    let at_kill = autosaved_moves(&autosave).expect("the autosave survives the kill");
    assert!(at_kill >= before, "{at_kill} < {before}");

    let mut resumed = start(&root, &["--continue"]);
    let output = lines_of(&mut resumed);
    let prefix = "hoarfrost: resumed icetowers at step ";
    let started = Instant::now();
    let step = loop {
        match output.recv_timeout(Duration::from_millis(200)) {
            Ok(line) => {
                if let Some(n) = line.strip_prefix(prefix) {
                    break n.trim().parse::<usize>().expect("a step number");
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                panic!("the app exited without resuming: {:?}", resumed.wait())
            }
        }
        if started.elapsed() > PATIENCE {
            let _ = resumed.kill();
            panic!("the app did not resume within {PATIENCE:?}");
        }
    };
    let _ = resumed.kill();
    let _ = resumed.wait();
    eprintln!("autosave: {before} moves when read, {at_kill} after the kill; resumed at {step}");
    assert_eq!(
        step, at_kill,
        "resumed at {step}, the autosave at the kill held {at_kill} (first read {before})"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// Autosaves written by the app before its plugins moved into folders (`tests/fixtures/saves/`,
/// written by main at 8dc8149 from all-AI games of seed 7, one with a named player), with the step
/// that app said it resumed each at (`hoarfrost: resumed <game> at step <n>`).
/// The Sprawl one is not there: its game laid a branch pointing off the board, which a ruling has
/// since forbidden (see `an_old_sprawl_autosave_with_a_branch_off_the_board_is_refused_naming_the_ruling`).
const OLD_SAVES: [(&str, &str, usize); 5] = [
    ("icetowers", "icetowers", 13),
    ("icetowers-named", "icetowers", 11),
    ("ice-castle", "ice-castle", 51),
    ("ice-colony", "ice-colony", 93),
    ("ice-fortress", "ice-fortress", 35),
];

/// The steps of a save as its text has them, one per line (`Act(...)` and `Chance`).
fn steps_of(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("Act(") || l.starts_with("Chance"))
        .map(str::to_string)
        .collect()
}

/// Each old autosave opens with `--continue` at the step the old app opened it at, and the game
/// then goes on from the same record: the autosave it writes keeps the old one's steps as they were.
#[test]
fn autosaves_written_before_the_move_into_folders_resume_at_the_same_step() {
    if !display_available() {
        return;
    }
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves");
    for (file, game, step) in OLD_SAVES {
        let old = std::fs::read_to_string(fixtures.join(format!("{file}.ron"))).unwrap();
        assert_eq!(steps_of(&old).len(), step, "{file}: the fixture's steps");
        let root =
            std::env::temp_dir().join(format!("hoarfrost-old-{file}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("data")).unwrap();
        let autosave = root.join("data").join("autosave.ron");
        std::fs::write(&autosave, &old).unwrap();
        let mut app = start(&root, &["--continue", "--exit-after", "60"]);
        let output = lines_of(&mut app);
        let status = app.wait().expect("the app exits");
        let printed: Vec<String> = output.try_iter().collect();
        assert!(status.success(), "{file}: {status}\n{printed:?}");
        let said = format!("hoarfrost: resumed {game} at step {step}");
        assert!(
            printed.contains(&said),
            "{file}: no '{said}' in {printed:?}"
        );
        let now = std::fs::read_to_string(&autosave).unwrap();
        assert_eq!(
            steps_of(&now)[..step],
            steps_of(&old)[..],
            "{file}: the game went on from another record"
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}

/// The old Sprawl autosave (26 steps; its fifth lays a branch pointing off the board, legal when it
/// was written) is refused with `--continue`, with a message naming the ruling ("Branch points must
/// point at an adjacent square.") and the step; the title screen shows, nothing crashes, and the old
/// file is not taken for a game in play.
#[test]
fn an_old_sprawl_autosave_with_a_branch_off_the_board_is_refused_naming_the_ruling() {
    if !display_available() {
        return;
    }
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves");
    let old = std::fs::read_to_string(fixtures.join("sprawl.ron")).unwrap();
    assert_eq!(steps_of(&old).len(), 26, "the fixture's steps");
    let root = std::env::temp_dir().join(format!("hoarfrost-old-sprawl-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("data")).unwrap();
    std::fs::write(root.join("data").join("autosave.ron"), &old).unwrap();
    let mut app = start(&root, &["--continue", "--exit-after", "60"]);
    let output = lines_of(&mut app);
    let status = app.wait().expect("the app exits");
    let printed: Vec<String> = output.try_iter().collect();
    assert!(status.success(), "{status}\n{printed:?}");
    let refusal = printed
        .iter()
        .find(|l| l.starts_with("hoarfrost: notice: autosave.ron: "))
        .unwrap_or_else(|| panic!("no refusal shown: {printed:?}"));
    for words in [
        "written under older rules (format 1",
        "\"Branch points must point at an adjacent square.\"",
        "from step 5: a branch must point at an adjacent square, never off the board",
    ] {
        assert!(refusal.contains(words), "{refusal:?} should say {words:?}");
    }
    assert!(
        printed.iter().any(|l| l == "hoarfrost: screen: Title"),
        "{printed:?}"
    );
    assert!(
        !printed.iter().any(|l| l.starts_with("hoarfrost: resumed")),
        "{printed:?}"
    );
    let _ = std::fs::remove_dir_all(&root);
}
