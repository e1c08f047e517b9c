//! `hoarfrost-cli fuzz`: runs the rules crate's mutation fuzzer for a bounded time and reports
//! executions, executions per second and crashes (written to fuzz/crashes/).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use hoarfrost_rules::fuzz::{self, Config, Target};

/// Fuzz `target` for `seconds` from `seed`; exit code 1 if anything crashed.
pub fn fuzz(target: Target, seconds: u64, seed: u64) -> ExitCode {
    say(&format!(
        "fuzzing the {} loader for {seconds} s from seed {seed}",
        target.name()
    ));
    let report = fuzz::run(&Config {
        target,
        seed,
        iterations: None,
        time: Some(Duration::from_secs(seconds)),
        crash_dir: Some(PathBuf::from("fuzz/crashes")),
        quiet: true,
    });
    say(&format!(
        "executions: {}, executions/s: {:.0}, crashes: {}, corpus: {}",
        report.executions,
        report.rate(),
        report.crashes.len(),
        report.corpus_size
    ));
    for crash in &report.crashes {
        let file = crash
            .file
            .as_ref()
            .map_or("(not written)".to_string(), |p| p.display().to_string());
        say(&format!(
            "crash: {file}\n  {}",
            crash.message.replace('\n', "\n  ")
        ));
    }
    if report.crashes.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A line on stdout; a closed pipe (`| head`) is not worth a panic.
fn say(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}
