//! The headless CLI end to end: it plays games, reports per-seat results and throughput, and refuses bad flags.

use std::process::Command;

fn cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_hoarfrost-cli"))
        .args(args)
        .output()
        .expect("the CLI runs")
}

#[test]
fn plays_icetowers_and_reports_throughput() {
    let out = cli(&[
        "--game",
        "icetowers",
        "--seats",
        "3",
        "--bots",
        "ai,random",
        "--games",
        "5",
        "--seed",
        "4",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("IceTowers: 5 games, 3 seats"), "{text}");
    assert!(
        text.contains("games/s") && text.contains("actions/s"),
        "{text}"
    );
    assert_eq!(
        text.lines()
            .filter(|l| l.contains(" random ") || l.contains(" ai "))
            .count(),
        3,
        "{text}"
    );
}

#[test]
fn same_seed_same_results() {
    let run = |seed: &str| {
        let out = cli(&["--game", "icetowers", "--games", "3", "--seed", seed]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let table: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with("throughput"))
            .collect();
        // The heading and one row per seat.
        assert_eq!(table.len(), 4, "{text}");
        table.join("\n")
    };
    assert_eq!(run("11"), run("11"));
    // The mean scores tell seeds apart: another seed plays other games.
    let rows = |t: String| t.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
    assert_ne!(rows(run("11")), rows(run("12")));
}

#[test]
fn bad_flags_get_a_message_and_a_failure_code() {
    let out = cli(&["--game", "chess"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game 'chess'"));
    let out = cli(&["--game", "icetowers", "--bots", "wizard"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown bot 'wizard'"));
    // A tree search of no iterations would find no move: refused, not a panic mid-match.
    let out = cli(&["--game", "icetowers", "--bots", "mcts0", "--games", "1"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least one iteration"));
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hoarfrost-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Play one game of `game` with `--save` into `dir` and return the save's path.
fn saved(dir: &std::path::Path, game: &str, seats: &str) -> std::path::PathBuf {
    let path = dir.join(format!("{game}.ron"));
    let out = cli(&[
        "--game",
        game,
        "--seats",
        seats,
        "--games",
        "2",
        "--seed",
        "3",
        "--save",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

fn text(out: &std::process::Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn a_saved_game_loads_with_a_summary_and_replays_step_by_step() {
    let dir = scratch("good");
    let path = saved(&dir, "ice-castle", "2");
    let out = cli(&["--load", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.starts_with(&format!(
            "Ice Castle save (format {}, Hoarfrost ",
            hoarfrost_rules::save::FORMAT
        )),
        "{stdout}"
    );
    assert!(stdout.contains("seats: 1 ai:ai, 2 ai:random"), "{stdout}");
    assert!(stdout.contains("now: the game is over"), "{stdout}");
    assert!(stdout.contains("scores: "), "{stdout}");
    let steps: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("steps: "))
        .and_then(|n| n.parse().ok())
        .unwrap();
    let out = cli(&["--replay", path.to_str().unwrap()]);
    let (stdout, _) = text(&out);
    assert!(out.status.success());
    assert!(
        stdout.contains("    1. chance: Player 1 draws a card"),
        "{stdout}"
    );
    assert!(stdout.contains("    2. seat 1: "), "{stdout}");
    assert!(stdout.contains(&format!("{steps:>5}. seat ")), "{stdout}");
    assert!(!stdout.contains("tutorial"), "{stdout}");
    // A save marked as made in the app's tutorial says so.
    let saved_text = std::fs::read_to_string(&path).unwrap();
    let marked = dir.join("marked.ron");
    std::fs::write(
        &marked,
        saved_text.replacen("  record:", "  tutorial: true,\n  record:", 1),
    )
    .unwrap();
    let (stdout, stderr) = text(&cli(&["--load", marked.to_str().unwrap()]));
    assert!(
        stdout.contains("\nsaved in the app's tutorial\n"),
        "{stdout}{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_game_saves_a_game_that_loads() {
    let dir = scratch("all");
    for (game, seats) in [
        ("icetowers", "2"),
        ("sprawl", "3"),
        ("ice-colony", "2"),
        ("ice-fortress", "1"),
    ] {
        let path = saved(&dir, game, seats);
        let out = cli(&["--load", path.to_str().unwrap()]);
        assert!(out.status.success(), "{game}: {}", text(&out).1);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_truncated_save_is_refused_with_exit_code_2_at_every_cut() {
    let dir = scratch("cut");
    let good = std::fs::read_to_string(saved(&dir, "icetowers", "3")).unwrap();
    let cut = dir.join("cut.ron");
    for k in [0, 1, 3, 7, 9] {
        std::fs::write(&cut, &good[..k * good.trim_end().len() / 10]).unwrap();
        let out = cli(&["--load", cut.to_str().unwrap()]);
        let (_, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(2), "cut {k}/10: {stderr}");
        assert!(
            stderr.contains("the save is damaged or cut short (line "),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn garbage_and_missing_files_are_refused_with_exit_code_2() {
    let dir = scratch("garbage");
    let junk = dir.join("junk.ron");
    std::fs::write(&junk, b"\x7fELF\x02\x01\x01 not a save at all").unwrap();
    let out = cli(&["--load", junk.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out).1.contains("this is not a Hoarfrost save file"),
        "{}",
        text(&out).1
    );
    let out = cli(&["--replay", dir.join("missing.ron").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out).1.contains("the file could not be read"),
        "{}",
        text(&out).1
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_save_relabelled_as_another_game_or_version_is_refused_with_exit_code_2() {
    let dir = scratch("other");
    let good = std::fs::read_to_string(saved(&dir, "icetowers", "2")).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, good.replacen("\"icetowers\"", "\"ice-castle\"", 1)).unwrap();
    let out = cli(&["--load", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).1.contains("damaged"), "{}", text(&out).1);
    std::fs::write(&bad, good.replacen("\"icetowers\"", "\"chess\"", 1)).unwrap();
    let out = cli(&["--load", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out).1.contains("unknown game 'chess'"),
        "{}",
        text(&out).1
    );
    let format = hoarfrost_rules::save::FORMAT;
    std::fs::write(
        &bad,
        good.replacen(&format!("format: {format}"), "format: 7", 1),
    )
    .unwrap();
    let out = cli(&["--load", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out).1.contains(&format!(
            "saved by format 7 (Hoarfrost 0.1.0); this build reads formats 1 to {format}"
        )),
        "{}",
        text(&out).1
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fuzz_runs_for_its_time_and_reports_executions_and_crashes() {
    let dir = scratch("fuzz");
    let out = Command::new(env!("CARGO_BIN_EXE_hoarfrost-cli"))
        .args([
            "fuzz",
            "--target",
            "content",
            "--seconds",
            "1",
            "--seed",
            "2",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    let count = |key: &str| -> u64 {
        let at = stdout
            .find(key)
            .unwrap_or_else(|| panic!("no {key:?}: {stdout}"))
            + key.len();
        let digits: String = stdout[at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits
            .parse()
            .unwrap_or_else(|_| panic!("{key:?} is no count: {stdout}"))
    };
    // A second of fuzzing runs the loader many times (about a thousand on a slow machine).
    assert!(count("executions: ") >= 10, "{stdout}");
    assert!(count("executions/s: ") >= 10, "{stdout}");
    assert_eq!(count("crashes: "), 0, "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
