//! The fuzz harness: a bounded run of each target finds no crash, runs are reproducible from their
//! seed, crashes are written where the regression tests read them, and every crash found so far is a
//! test of its own.

use super::targets::{self, PARTS};
use super::*;

fn bounded(target: Target, iterations: u64, seed: u64) -> Report {
    run(&Config {
        target,
        seed,
        iterations: Some(iterations),
        time: None,
        crash_dir: None,
        quiet: false,
    })
}

fn assert_clean(report: &Report) {
    assert!(
        report.crashes.is_empty(),
        "{} crash(es), the first: {}\ninput:\n{}",
        report.crashes.len(),
        report.crashes[0].message,
        report.crashes[0].input
    );
}

#[test]
fn fuzzing_the_save_loader_finds_no_crash() {
    let report = bounded(Target::Save, 2500, 1);
    assert_eq!(report.executions, 2500);
    assert_clean(&report);
    assert!(report.corpus_size > 10, "no mutant was ever accepted");
}

#[test]
fn fuzzing_the_content_loader_finds_no_crash() {
    let report = bounded(Target::Content, 2500, 1);
    assert_eq!(report.executions, 2500);
    assert_clean(&report);
}

#[test]
fn fuzzing_the_position_loader_finds_no_crash() {
    let report = bounded(Target::Position, 1500, 1);
    assert_eq!(report.executions, 1500);
    assert_clean(&report);
    assert!(report.corpus_size > 15, "no mutant was ever accepted");
}

/// `text` with each `(from, to)` replaced once; every `from` must be there.
fn edited(text: &str, edits: &[(&str, &str)]) -> String {
    edits.iter().fold(text.to_string(), |t, (from, to)| {
        assert!(t.contains(from), "{from:?} is not in the position");
        t.replacen(from, to, 1)
    })
}

/// An invader being placed on the mid-game fortress, with a choice between `options` (RON).
fn placing(fortress: &str, options: &str) -> String {
    let decision =
        format!("    decision: Some(PlaceInvader(element: Fire, options: [{options}])),");
    edited(
        fortress,
        &[
            ("    decision: None,", &decision),
            ("    placing: None,", "    placing: Some(Fire),"),
            ("    bag: (9, 9, 10, 7),", "    bag: (8, 9, 10, 7),"),
        ],
    )
}

#[test]
fn crafted_positions_are_refused_not_panicked_on() {
    // Each edit once passed the invariants (or broke them by panicking) and then panicked in play or
    // on the table: found by reading the code and by the position fuzzer.
    let corpus = Target::Position.corpus();
    let (fortress, sprawl) = (&corpus[1], &corpus[3]);
    assert!(fortress.starts_with("// game: ice-fortress") && fortress.contains("phase: Build"));
    assert!(sprawl.starts_with("// game: sprawl"));
    let cases: [(&String, &[(&str, &str)]); 11] = [
        (
            fortress,
            &[("                Some(10),", "                Some(200),")],
        ),
        (
            fortress,
            &[("players: 1,", "players: 18446744073709551615,")],
        ),
        (fortress, &[("    current: 1,", "    current: 2,")]),
        (
            fortress,
            &[(
                "            seat: 0,\n            name: 2,",
                "            seat: 7,\n            name: 2,",
            )],
        ),
        (
            fortress,
            &[(
                "        card: 2,\n        beacon",
                "        card: 200,\n        beacon",
            )],
        ),
        (
            fortress,
            &[(
                "    decks: [\n",
                "    decks: [\n        (pile: [], bottom: []),\n",
            )],
        ),
        (
            fortress,
            &[("    foundation: [\n", "    foundation: [\n        None,\n")],
        ),
        (
            sprawl,
            &[("        Red,\n        Yellow,\n        Green,\n", "")],
        ),
        (
            sprawl,
            &[(
                "    neutralized_pips: [\n        0,\n        0,\n        0,\n",
                "    neutralized_pips: [\n",
            )],
        ),
        (sprawl, &[("        cols: 5,", "        cols: 6,")]),
        (sprawl, &[("        size: 3,", "        size: 255,")]),
    ];
    for (text, edits) in cases {
        assert_eq!(
            Target::Position.execute(&edited(text, edits)),
            Outcome::Refused,
            "{edits:?}"
        );
    }
    // A landing choice on a square the room lacks is refused, and so is one the rules would not
    // give; the rules' own choices make a position to play from.
    let on = |square: u8| format!("Square(room: 0, square: {square})");
    let bad = placing(fortress, &format!("{}, {}", on(200), on(0)));
    assert_eq!(Target::Position.execute(&bad), Outcome::Refused);
    let state: crate::ice_fortress::IceFortress = ron::from_str(fortress).unwrap();
    let options = state.landing_options(crate::ice_fortress::Element::Fire);
    assert!(
        !options.is_empty()
            && !options.contains(&crate::ice_fortress::InvaderAt::Square { room: 0, square: 1 })
    );
    let written: Vec<String> = options.iter().map(|o| ron::to_string(o).unwrap()).collect();
    let good = placing(fortress, &written.join(", "));
    assert_eq!(Target::Position.execute(&good), Outcome::Accepted);
    let other = placing(fortress, &format!("{}, {}", written[0], on(1)));
    assert_eq!(Target::Position.execute(&other), Outcome::Refused);
}

#[test]
fn the_seed_corpora_load() {
    let saves = Target::Save.corpus();
    assert_eq!(saves.len(), 11);
    assert_eq!(
        saves
            .iter()
            .filter(|t| crate::save::peek(t).is_ok_and(|h| h.tutorial))
            .count(),
        1
    );
    for text in &saves {
        assert_eq!(Target::Save.execute(text), Outcome::Accepted, "{text}");
    }
    let positions = Target::Position.corpus();
    assert_eq!(positions.len(), 15);
    for text in &positions {
        assert_eq!(Target::Position.execute(text), Outcome::Accepted, "{text}");
    }
    let content = Target::Content.corpus();
    assert_eq!(content.len(), PARTS.len());
    for text in &content {
        assert_eq!(Target::Content.execute(text), Outcome::Accepted);
    }
}

#[test]
fn mutations_are_reproducible_from_the_seed() {
    let corpus = Target::Save.corpus();
    let mutants = |seed| {
        let mut rng = GameRng::new(seed);
        (0..50)
            .map(|i| mutate(&corpus[i % corpus.len()], &corpus, &mut rng))
            .collect::<Vec<_>>()
    };
    assert_eq!(mutants(3), mutants(3));
    assert_ne!(mutants(3), mutants(4));
    let changed = mutants(3)
        .iter()
        .zip(corpus.iter().cycle())
        .filter(|(m, c)| m != c)
        .count();
    assert!(changed > 40, "only {changed} of 50 mutants differ");
}

#[test]
fn a_crash_is_written_under_its_target_and_hash() {
    let dir = std::env::temp_dir().join(format!("hoarfrost-crashes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = write_crash(&dir, Target::Content, "// part: rooms\n[").unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    assert_eq!(
        name,
        format!("content-{:016x}.ron", fnv1a("// part: rooms\n[".bytes()))
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "// part: rooms\n[");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_panic_in_the_loader_is_caught_and_reported() {
    assert_eq!(
        caught(|| panic!("boom")),
        Outcome::Crash("panic: boom".into())
    );
    assert_eq!(caught(|| Ok(())), Outcome::Accepted);
    assert_eq!(caught(|| Err(None)), Outcome::Refused);
    assert_eq!(
        caught(|| Err(Some("broken".into()))),
        Outcome::Crash("broken".into())
    );
    assert_eq!(Target::from_name("save"), Some(Target::Save));
    assert_eq!(Target::from_name("content"), Some(Target::Content));
    assert_eq!(Target::from_name("dice"), None);
}

#[test]
fn content_inputs_name_their_part_on_the_first_line() {
    let tagged = targets::tag("difficulty", "(standard: 7, levels: [])");
    assert_eq!(Target::Content.execute(&tagged), Outcome::Refused);
    assert_eq!(
        Target::Content.execute(&targets::tag("difficulty", targets::CONTENT_FILES[4])),
        Outcome::Accepted
    );
}

/// Every crash file kept under fuzz/crashes/ is replayed here as well, so a new one stays red until
/// fixed. None are kept now (each one found was fixed and moved into a regression test below), so
/// with no such folder this test has nothing to check.
#[test]
fn no_crash_file_reproduces() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/crashes");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{name}: a crash file that does not read: {e}"));
        // Named `<target>-<hash>.ron` by `write_crash`.
        let target = name
            .split_once('-')
            .and_then(|(target, _)| Target::from_name(target))
            .unwrap_or_else(|| panic!("{name}: not a crash file's name"));
        assert!(
            !matches!(target.execute(&text), Outcome::Crash(_)),
            "{name} still crashes"
        );
    }
}
