//! The house's one rule, kept by a test: imports run down the parts of the app,
//!
//! ```text
//! dev -> games -> ui -> table -> session -> systems -> core
//! ```
//!
//! A module may use its own part and the parts below it; no game uses another game, and only the
//! games' folder names a game. The test reads every `crate::` path in `src/` (tests included) and
//! names each one that runs up or sideways. The crate root (`lib.rs`, `main.rs`) assembles the
//! app and may use everything; nothing uses it.

use std::path::{Path, PathBuf};

/// The files outside every part: the crate root, which assembles the app, the headless server's
/// binary, and this test.
const ROOT: [&str; 5] = [
    "lib.rs",
    "main.rs",
    "bin/hoarfrost-server.rs",
    "plugins/mod.rs",
    "plugins/architecture.rs",
];

/// The parts, top first.
const PARTS: [&str; 8] = [
    "dev", "games", "ui", "table", "online", "session", "systems", "core",
];

/// Imports that still run the wrong way, each with the file and the path, allowed for now. The
/// test fails on one that is no longer there, so this list only shrinks; it is empty.
const NOT_YET: [(&str, &str); 0] = [];

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file under `src/`, as segments (`plugins/ui/mod.rs` is
/// `["plugins", "ui"]`); a test file included with `#[path]` counts as a module of its folder.
fn module_of(relative: &Path) -> Vec<String> {
    let mut segments: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if segments
        .last()
        .is_some_and(|s| s == "mod" || s == "lib" || s == "main")
    {
        segments.pop();
    }
    segments
}

/// The part a module belongs to: `plugins/<part>/...` or `systems/...`; `None` for the root.
fn part_of(segments: &[String]) -> Option<&'static str> {
    let name = match segments {
        [top, part, ..] if top == "plugins" => part.as_str(),
        [top, ..] if top == "systems" => "systems",
        _ => return None,
    };
    PARTS.iter().copied().find(|p| *p == name)
}

/// The game a module of the games' part belongs to (`plugins/games/<game>/...`); `None` for the
/// games' own files beside the folders (the registration).
fn game_of(segments: &[String], games: &[String]) -> Option<String> {
    match segments {
        [_, part, game, ..] if part == "games" && games.contains(game) => Some(game.clone()),
        _ => None,
    }
}

/// `text` without its line comments (a doc comment may name any module).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path after `crate::` in `code`, with braced groups opened into their members, nested
/// ones too (`crate::a::{b, c::{d, e}}` gives `a::b`, `a::c::d` and `a::c::e`; `crate::{a, b}` gives
/// `a` and `b`).
fn crate_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().last();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        rest = read_tree("", rest, &mut out);
    }
    out
}

/// Reads one use tree from the start of `text` (a path, maybe ending in a braced group), pushing
/// each full path under `prefix` to `out`; gives the text after it.
fn read_tree<'a>(prefix: &str, text: &'a str, out: &mut Vec<String>) -> &'a str {
    let text = text.trim_start();
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(text.len());
    let path = format!("{prefix}{}", &text[..end]);
    let rest = &text[end..];
    if !(path.is_empty() || path.ends_with("::")) || !rest.starts_with('{') {
        let path = path.trim_end_matches(':');
        if !path.is_empty() && path != "self" && !path.ends_with("::self") {
            out.push(path.to_string());
        } else if let Some(parent) = path.strip_suffix("::self") {
            out.push(parent.to_string());
        }
        return rest;
    }
    let mut rest = &rest[1..];
    loop {
        rest = read_tree(&path, rest, out).trim_start();
        match rest.chars().next() {
            Some(',') => rest = &rest[1..],
            Some('}') => return &rest[1..],
            _ => return rest,
        }
        if rest.trim_start().starts_with('}') {
            return &rest.trim_start()[1..];
        }
    }
}

/// What is wrong with `source` (a module) using `target` (a path from the crate root), if anything.
fn wrong_way(source: &[String], target: &[String], games: &[String]) -> Option<String> {
    let from = part_of(source)?;
    let Some(to) = part_of(target) else {
        return Some("uses the crate root".into());
    };
    let rank = |p: &str| PARTS.iter().position(|q| *q == p);
    if rank(to) < rank(from) {
        return Some(format!("runs up, from {from} to {to}"));
    }
    if to == "games" && from != "games" {
        return Some(format!("{from} names a game"));
    }
    if from == "games" && to == "games" {
        let (mine, theirs) = (game_of(source, games), game_of(target, games));
        if let Some(mine) = mine
            && theirs.as_ref() != Some(&mine)
        {
            let theirs = theirs.unwrap_or_else(|| "the games' registration".into());
            return Some(format!("runs sideways, from {mine} to {theirs}"));
        }
    }
    None
}

#[test]
fn imports_only_run_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let games: Vec<String> = std::fs::read_dir(src.join("plugins/games"))
        .expect("src/plugins/games")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(games.len() >= 5, "the games' folders: {games:?}");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut wrong = Vec::new();
    let mut allowed = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let source = module_of(relative);
        if part_of(&source).is_none() && !ROOT.contains(&relative.to_string_lossy().as_ref()) {
            wrong.push(format!(
                "{}: in no part of the house (a folder under src/plugins/, or src/systems/)",
                relative.display()
            ));
        }
        let text = std::fs::read_to_string(file).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for path in crate_paths(&code_of(&text)) {
            let target: Vec<String> = path.split("::").map(str::to_string).collect();
            let Some(why) = wrong_way(&source, &target, &games) else {
                continue;
            };
            let shown = relative.display().to_string();
            if NOT_YET
                .iter()
                .any(|(f, p)| *f == shown && path.starts_with(p))
            {
                allowed.push((shown, path));
            } else if seen.insert(path.clone()) {
                wrong.push(format!("{shown}: crate::{path} ({why})"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that run up or sideways:\n{}",
        wrong.join("\n")
    );
    for (file, path) in NOT_YET {
        assert!(
            allowed
                .iter()
                .any(|(f, p)| f == file && p.starts_with(path)),
            "{file} no longer uses crate::{path}: take it off NOT_YET"
        );
    }
}

/// The reading itself: groups open, comments do not count, and each kind of wrong way is named.
#[test]
fn the_reading_finds_each_wrong_way() {
    let code = code_of(
        "use crate::plugins::core::{seats::SeatKind, options};\n\
         // crate::plugins::games::sprawl in a comment\n\
         let x = crate::systems::Frame::Input; my_crate::nothing;",
    );
    assert_eq!(
        crate_paths(&code),
        [
            "plugins::core::seats::SeatKind",
            "plugins::core::options",
            "systems::Frame::Input"
        ]
    );
    let nested = "use crate::{plugins::{session::{self, Session}, games::sprawl::X}, systems};";
    assert_eq!(
        crate_paths(nested),
        [
            "plugins::session",
            "plugins::session::Session",
            "plugins::games::sprawl::X",
            "systems"
        ]
    );
    let games = vec!["sprawl".to_string(), "icetowers".to_string()];
    let seg = |p: &str| p.split("::").map(str::to_string).collect::<Vec<_>>();
    let check = |from: &str, to: &str| wrong_way(&seg(from), &seg(to), &games);
    assert_eq!(check("plugins::ui::hud", "plugins::core::seats"), None);
    assert_eq!(check("plugins::ui::hud", "plugins::ui::title"), None);
    assert_eq!(
        check(
            "plugins::games::sprawl::table",
            "plugins::games::sprawl::input"
        ),
        None
    );
    assert_eq!(
        check("plugins::games", "plugins::games::sprawl::table"),
        None
    );
    assert!(check("plugins::core::options", "plugins::session::tutorial").is_some());
    assert!(check("systems::held", "plugins::table::graphics").is_some());
    assert!(check("plugins::dev::automation", "plugins::games::sprawl::table").is_some());
    assert!(
        check(
            "plugins::games::sprawl::table",
            "plugins::games::icetowers::table"
        )
        .is_some()
    );
    assert!(
        check(
            "plugins::games::sprawl::table",
            "plugins::games::title_backdrop"
        )
        .is_some()
    );
    assert!(check("plugins::ui::hud", "app").is_some());
}
