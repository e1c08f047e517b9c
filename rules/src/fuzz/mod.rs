//! A mutation fuzzer for the save loader, the Ice Fortress content loader (issue 9) and the table
//! positions `--scene` reads, standing in
//! for cargo-fuzz (which needs a nightly toolchain): inputs from a seed corpus are mutated by a
//! seeded [`GameRng`], fed to the loader under `catch_unwind`, and any panic (or broken promise, such
//! as a re-saved game loading differently) is a crash, written to `fuzz/crashes/<target>-<hash>.ron`.
//!
//! ```text
//! cargo run -p hoarfrost-cli --release -- fuzz --target save --seconds 60 --seed 1
//! ```

mod mutate;
pub mod targets;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_actions;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::{GameRng, fnv1a};

pub use mutate::mutate;

/// What is fuzzed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// [`crate::save::peek`] and [`crate::save::load`] on any game, then the loaded game used.
    Save,
    /// [`crate::ice_fortress::Content::from_parts`], then a game played on accepted content.
    Content,
    /// A table position as `--scene` reads it (any game), then played on.
    Position,
}

impl Target {
    /// The name on the command line and in crash file names.
    pub fn name(self) -> &'static str {
        match self {
            Target::Save => "save",
            Target::Content => "content",
            Target::Position => "position",
        }
    }

    /// Look a target up by name.
    pub fn from_name(name: &str) -> Option<Target> {
        [Target::Save, Target::Content, Target::Position]
            .into_iter()
            .find(|t| t.name() == name)
    }

    /// The seed corpus.
    pub fn corpus(self) -> Vec<String> {
        match self {
            Target::Save => targets::save_corpus(),
            Target::Content => targets::content_corpus(),
            Target::Position => targets::position_corpus(),
        }
    }

    /// Run one input under `catch_unwind`.
    pub fn execute(self, input: &str) -> Outcome {
        caught(|| match self {
            Target::Save => targets::run_save(input),
            Target::Content => targets::run_content(input),
            Target::Position => targets::run_position(input),
        })
    }
}

/// What `run` did (accepted, refused, or a crash: a broken invariant it reports or a panic).
fn caught(run: impl FnOnce() -> Result<(), Option<String>>) -> Outcome {
    match catch_unwind(AssertUnwindSafe(run)) {
        Ok(Ok(())) => Outcome::Accepted,
        Ok(Err(None)) => Outcome::Refused,
        Ok(Err(Some(msg))) => Outcome::Crash(msg),
        Err(payload) => Outcome::Crash(panic_message(payload.as_ref())),
    }
}

/// What one input did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Loaded (and used) without trouble.
    Accepted,
    /// Refused with an error, as a bad file should be.
    Refused,
    /// A panic, or a promise broken (the message says which).
    Crash(String),
}

/// How long to fuzz, from which seed, and where crashes go.
#[derive(Clone, Debug)]
pub struct Config {
    pub target: Target,
    pub seed: u64,
    /// Stop after this many executions...
    pub iterations: Option<u64>,
    /// ...or after this long, whichever comes first (at least one of the two should be set).
    pub time: Option<Duration>,
    /// Directory for crash files; `None` keeps them in the report only.
    pub crash_dir: Option<PathBuf>,
    /// Silence the panic messages Rust prints while fuzzing (they are in the report anyway).
    pub quiet: bool,
}

/// One crashing input.
#[derive(Clone, Debug)]
pub struct Crash {
    pub message: String,
    pub input: String,
    /// Where it was written, if it was.
    pub file: Option<PathBuf>,
}

/// What a fuzz run did.
#[derive(Clone, Debug)]
pub struct Report {
    pub target: Target,
    pub executions: u64,
    pub elapsed: Duration,
    /// Distinct crashes (by the first line of their message: a panic's place in the source), the
    /// first input of each.
    pub crashes: Vec<Crash>,
    /// Inputs in the corpus at the end: the seeds and the mutants the loader accepted (kept, to fuzz
    /// deeper from them).
    pub corpus_size: usize,
}

impl Report {
    /// Executions per second.
    pub fn rate(&self) -> f64 {
        self.executions as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Most mutants kept in the corpus besides the seeds.
const GROWTH: usize = 256;

/// Fuzz `cfg.target` until its budget is spent.
pub fn run(cfg: &Config) -> Report {
    let mut corpus = cfg.target.corpus();
    let seeds = corpus.len();
    let mut rng = GameRng::new(cfg.seed);
    let mut crashes: Vec<Crash> = Vec::new();
    let started = Instant::now();
    let previous_hook = cfg.quiet.then(|| {
        let old = std::panic::take_hook();
        std::panic::set_hook(Box::new(|info| {
            if let Ok(mut last) = LAST_PANIC.lock() {
                *last = Some(info.to_string());
            }
        }));
        old
    });
    let mut executions = 0;
    loop {
        let out_of_time = cfg.time.is_some_and(|t| started.elapsed() >= t);
        let out_of_runs = cfg.iterations.is_some_and(|n| executions >= n);
        if out_of_time || out_of_runs || corpus.is_empty() {
            break;
        }
        let parent = rng.below(corpus.len());
        let input = mutate(&corpus[parent], &corpus, &mut rng);
        executions += 1;
        match cfg.target.execute(&input) {
            Outcome::Crash(message) => {
                let message = LAST_PANIC
                    .lock()
                    .ok()
                    .and_then(|mut l| l.take())
                    .unwrap_or(message);
                // One crash per place in the source (a panic's first line names it).
                let place = |m: &str| m.lines().next().unwrap_or_default().to_string();
                if !crashes.iter().any(|c| place(&c.message) == place(&message)) {
                    let file = cfg
                        .crash_dir
                        .as_deref()
                        .and_then(|dir| write_crash(dir, cfg.target, &input));
                    crashes.push(Crash {
                        message,
                        input,
                        file,
                    });
                }
            }
            Outcome::Accepted if corpus.len() < seeds + GROWTH && input != corpus[parent] => {
                corpus.push(input);
            }
            Outcome::Accepted | Outcome::Refused => {}
        }
    }
    if let Some(old) = previous_hook {
        std::panic::set_hook(old);
    }
    Report {
        target: cfg.target,
        executions,
        elapsed: started.elapsed(),
        crashes,
        corpus_size: corpus.len(),
    }
}

/// The message of the last panic, caught by the quiet hook (with its place in the source).
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Write a crashing input to `dir/<target>-<hash>.ron`; the path, if that worked.
pub fn write_crash(dir: &Path, target: Target, input: &str) -> Option<PathBuf> {
    std::fs::create_dir_all(dir).ok()?;
    let path = dir.join(format!(
        "{}-{:016x}.ron",
        target.name(),
        fnv1a(input.bytes())
    ));
    std::fs::write(&path, input).ok()?;
    Some(path)
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        format!("panic: {s}")
    } else if let Some(s) = payload.downcast_ref::<String>() {
        format!("panic: {s}")
    } else {
        "panic".to_string()
    }
}
