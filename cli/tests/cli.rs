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
    let run = || {
        let out = cli(&["--game", "icetowers", "--games", "3", "--seed", "11"]);
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        text.lines()
            .filter(|l| !l.starts_with("throughput"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(run(), run());
}

#[test]
fn bad_flags_get_a_message_and_a_failure_code() {
    let out = cli(&["--game", "chess"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game 'chess'"));
    let out = cli(&["--game", "icetowers", "--bots", "wizard"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown bot 'wizard'"));
}
