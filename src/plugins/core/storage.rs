//! Where the app keeps its files: saves and the autosave in the user's data directory, settings in
//! the config directory (`HOARFROST_DATA_DIR` and `HOARFROST_CONFIG_DIR` override them, for tests),
//! and how a new save slot is named.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use bevy::prelude::Resource;
use hoarfrost_rules::GameKind;
use hoarfrost_rules::save;

/// Move the file at `path`, which this build cannot read (`why`: "damaged", "unread"), out of the
/// way so the next write does not destroy it: to `<stem>-<why>.ron` beside it, or `<stem>-<why>-2.ron`
/// and on where that is taken (an older one is kept too). Where it went, or why it could not move.
pub fn set_aside(path: &Path, why: &str) -> Result<PathBuf, String> {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("file");
    let aside = (1..1000)
        .map(|n| match n {
            1 => path.with_file_name(format!("{stem}-{why}.ron")),
            n => path.with_file_name(format!("{stem}-{why}-{n}.ron")),
        })
        .find(|p| !p.exists())
        .ok_or_else(|| format!("999 earlier ones are kept there already as {stem}-{why}*.ron"))?;
    std::fs::rename(path, &aside).map_err(|e| e.to_string())?;
    Ok(aside)
}

/// [`set_aside`] in the player's words: "it was kept as ..." or "it could not be set aside (...)".
pub fn set_aside_told(path: &Path, why: &str) -> String {
    match set_aside(path, why) {
        Ok(aside) => format!("it was kept as {}", aside.display()),
        Err(e) => format!("it could not be set aside ({e})"),
    }
}

/// The app's data and config folders; `None` where the platform has none (no home directory).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct Storage {
    /// `<data_dir>/hoarfrost`: saves/, autosave.ron and records.ron.
    pub data: Option<PathBuf>,
    /// `<config_dir>/hoarfrost`: settings.ron and window.ron.
    pub config: Option<PathBuf>,
}

impl Storage {
    /// The folders from the environment overrides, else the platform's own.
    pub fn from_env() -> Self {
        let pick = |var: &str, base: Option<PathBuf>| match std::env::var_os(var) {
            Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
            _ => base.map(|b| b.join("hoarfrost")),
        };
        Storage {
            data: pick("HOARFROST_DATA_DIR", dirs::data_dir()),
            config: pick("HOARFROST_CONFIG_DIR", dirs::config_dir()),
        }
    }

    /// Both folders under `root` (tests).
    pub fn under(root: &Path) -> Self {
        Storage {
            data: Some(root.join("data")),
            config: Some(root.join("config")),
        }
    }

    pub fn data_dir(&self) -> Result<&Path, String> {
        self.data
            .as_deref()
            .ok_or_else(|| "this system has no data directory; set HOARFROST_DATA_DIR".to_string())
    }

    /// The folder of manual saves.
    pub fn saves_dir(&self) -> Result<PathBuf, String> {
        Ok(self.data_dir()?.join("saves"))
    }

    /// Delete the save at `path`, which must be a `.ron` file directly in the saves folder (never
    /// the autosave, nor any other file). Returns the name it had in the list.
    pub fn delete_save(&self, path: &Path) -> Result<String, String> {
        let dir = self.saves_dir()?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.parent() != Some(dir.as_path()) || path.extension().is_none_or(|x| x != "ron") {
            return Err(format!(
                "{} is not a save in {}; only saves there can be deleted",
                path.display(),
                dir.display()
            ));
        }
        std::fs::remove_file(path).map_err(|e| format!("{name} was not deleted: {e}"))?;
        Ok(name)
    }

    /// The autosave file.
    pub fn autosave(&self) -> Result<PathBuf, String> {
        Ok(self.data_dir()?.join("autosave.ron"))
    }

    /// The game of the autosave (the one played last), if there is a readable one.
    pub fn last_game(&self) -> Option<GameKind> {
        self.last_header()?.kind()
    }

    /// The autosave's header (the game played last, its seats and steps), if it is readable.
    pub fn last_header(&self) -> Option<save::Header> {
        let text = save::read_file(&self.autosave().ok()?).ok()?;
        save::peek(&text).ok()
    }

    /// Before the autosave is first written in a run: an autosave file there that this build cannot
    /// open (its header damaged, of another save format or an unknown game, moves that do not
    /// replay, not text, too large, unreadable) is moved to `autosave-unread.ron` rather than
    /// written over. `Ok(Some(message))` when one was moved, `Ok(None)` when there is nothing to
    /// keep (no file, or one that opens;
    /// a folder in its place is left for the write to fail on), and the reason when it could not
    /// be moved: then it must not be written over.
    pub fn keep_unread_autosave(&self) -> Result<Option<String>, String> {
        let Ok(path) = self.autosave() else {
            return Ok(None);
        };
        if !path.is_file() {
            return Ok(None);
        }
        let why = match save::read_file(&path) {
            Err(e) => e.to_string(),
            Ok(text) => match opens(&text) {
                Ok(_) => return Ok(None),
                Err(why) => why,
            },
        };
        let last = format!("The autosave does not open: {why}.");
        match set_aside(&path, "unread") {
            Ok(kept) => Ok(Some(format!(
                "{last} It was moved to {}; games autosave as before.",
                kept.display()
            ))),
            Err(e) => Err(format!(
                "{last} It could not be moved aside either ({e}), so nothing is autosaved until \
                 it can be: move or delete the autosave-unread files in {}.",
                path.parent()
                    .map_or_else(String::new, |d| d.display().to_string())
            )),
        }
    }

    /// The record of finished games.
    pub fn records_file(&self) -> Result<PathBuf, String> {
        Ok(self.data_dir()?.join("records.ron"))
    }

    /// The settings file.
    pub fn settings_file(&self) -> Result<PathBuf, String> {
        self.config
            .as_deref()
            .map(|c| c.join("settings.ron"))
            .ok_or_else(|| {
                "this system has no config directory; set HOARFROST_CONFIG_DIR".to_string()
            })
    }

    /// The file of the window's last size.
    pub fn window_file(&self) -> Option<PathBuf> {
        self.config.as_deref().map(|c| c.join("window.ron"))
    }
}

/// Write `text` to `path` atomically, creating its folder first; the error is a sentence.
pub fn write_file(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    save::write_atomic(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The name of a new save slot for `kind`: `<slug>-<n>.ron`, `n` one past the highest number among
/// the `existing` file names of that game (001 for the first), or where no number is past it (a
/// file named with the largest number there is), the smallest number not taken: never a slot that
/// exists.
pub fn slot_name<'a>(kind: GameKind, existing: impl IntoIterator<Item = &'a str>) -> String {
    let prefix = format!("{}-", kind.slug());
    let taken: Vec<u64> = existing
        .into_iter()
        .filter_map(|name| {
            name.strip_prefix(&prefix)?
                .strip_suffix(".ron")?
                .parse::<u64>()
                .ok()
        })
        .collect();
    let highest = taken.iter().copied().max().unwrap_or(0);
    let n = highest
        .checked_add(1)
        .or_else(|| (1..).find(|n| !taken.contains(n)))
        .unwrap_or(1);
    format!("{prefix}{n:03}.ron")
}

/// A save file found on disk, with what it says about itself (or why it does not open).
#[derive(Clone, Debug, PartialEq)]
pub struct SaveEntry {
    pub path: PathBuf,
    /// The file name without `.ron`.
    pub name: String,
    /// "IceTowers, 2 seats (1 human), 37 steps", or the reason the file is not a save this build
    /// opens.
    pub summary: Result<String, String>,
    modified: Option<SystemTime>,
}

impl SaveEntry {
    /// How long ago the file was written, as of `now` ("5 minutes ago"); empty when unknown.
    pub fn saved_ago(&self, now: SystemTime) -> String {
        self.modified
            .and_then(|m| now.duration_since(m).ok())
            .map_or_else(String::new, |age| ago(age.as_secs()))
    }
}

/// `seconds` ago in the largest whole unit that fits.
pub fn ago(seconds: u64) -> String {
    let (n, unit) = match seconds {
        0..60 => return "just now".into(),
        60..3600 => (seconds / 60, "minute"),
        3600..172_800 => (seconds / 3600, "hour"),
        _ => (seconds / 86_400, "day"),
    };
    format!("{n} {unit}{} ago", if n == 1 { "" } else { "s" })
}

/// The header of a save of a game this build knows, and the game; else why not, in the player's
/// words (damaged, another save format, an unknown game).
pub fn known_header(text: &str) -> Result<(save::Header, GameKind), String> {
    let header = save::peek(text).map_err(|e| e.to_string())?;
    let kind = header.known_kind().map_err(|e| e.to_string())?;
    Ok((header, kind))
}

/// What a save that opens (it replays in this build) holds, and its game; else why not.
pub fn opens(text: &str) -> Result<(save::Checked, GameKind), String> {
    let checked = save::check(text).map_err(|e| e.brief())?;
    let kind = checked.header.known_kind().map_err(|e| e.to_string())?;
    Ok((checked, kind))
}

/// What a save file says about itself, in a few words; why it does not open when it does not (its
/// header does not read, it names a game this build does not know, or its moves do not replay).
pub fn summarize(text: &str) -> Result<String, String> {
    let (save::Checked { header, over }, kind) = opens(text)?;
    let game = kind.title();
    let humans = header
        .seats
        .iter()
        .filter(|s| {
            crate::plugins::core::seats::read_seat_word(s).0
                == crate::plugins::core::seats::SeatKind::Human
        })
        .count();
    let steps = header.steps;
    Ok(format!(
        "{game}, {} ({humans} human), {}{}",
        hoarfrost_rules::words::count(header.seats.len() as i64, "seat", "seats"),
        hoarfrost_rules::words::count(steps as i64, "step", "steps"),
        if over { ", over" } else { "" }
    ))
}

/// The save file at `path`, named and summarized.
pub fn entry_for(path: &Path) -> SaveEntry {
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let summary = save::read_file(path)
        .map_err(|e| e.to_string())
        .and_then(|text| summarize(&text));
    let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    SaveEntry {
        path: path.to_path_buf(),
        name,
        summary,
        modified,
    }
}

/// The `.ron` files of `dir`, newest first; an absent folder has none.
pub fn list_saves(dir: &Path) -> Vec<SaveEntry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut entries: Vec<SaveEntry> = read
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| entry_for(&p))
        .collect();
    entries.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.name.cmp(&b.name)));
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_count_up_per_game_and_ignore_other_files() {
        assert_eq!(slot_name(GameKind::IceTowers, []), "icetowers-001.ron");
        let existing = [
            "icetowers-001.ron",
            "icetowers-007.ron",
            "ice-colony-012.ron",
            "icetowers-x.ron",
            "icetowers-3.txt",
        ];
        assert_eq!(
            slot_name(GameKind::IceTowers, existing),
            "icetowers-008.ron"
        );
        assert_eq!(
            slot_name(GameKind::IceColony, existing),
            "ice-colony-013.ron"
        );
        assert_eq!(slot_name(GameKind::Sprawl, existing), "sprawl-001.ron");
        // A file named with the largest number there is: the next slot is a free one, not it.
        let top = format!("icetowers-{}.ron", u64::MAX);
        let crowded = [
            top.as_str(),
            "icetowers-001.ron",
            "icetowers-4294967295.ron",
        ];
        assert_eq!(slot_name(GameKind::IceTowers, crowded), "icetowers-002.ron");
        assert_eq!(
            slot_name(GameKind::IceTowers, ["icetowers-4294967295.ron"]),
            "icetowers-4294967296.ron"
        );
    }

    #[test]
    fn files_live_under_the_overridden_folders() {
        let s = Storage::under(Path::new("/tmp/h"));
        assert_eq!(s.autosave().unwrap(), Path::new("/tmp/h/data/autosave.ron"));
        assert_eq!(s.saves_dir().unwrap(), Path::new("/tmp/h/data/saves"));
        let none = Storage {
            data: None,
            config: None,
        };
        assert!(none.autosave().unwrap_err().contains("HOARFROST_DATA_DIR"));
        assert!(
            none.settings_file()
                .unwrap_err()
                .contains("HOARFROST_CONFIG_DIR")
        );
    }

    #[test]
    fn listing_names_each_file_and_why_a_bad_one_does_not_open() {
        let dir = crate::plugins::core::testing::scratch::Scratch::new("list");
        std::fs::write(dir.join("junk.ron"), "hello").unwrap();
        std::fs::write(dir.join("notes.txt"), "not listed").unwrap();
        let entries = list_saves(&dir);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].name, "junk");
        assert!(
            entries[0]
                .summary
                .as_ref()
                .unwrap_err()
                .contains("not a Hoarfrost save")
        );
        assert!(list_saves(&dir.join("absent")).is_empty());
    }

    #[test]
    fn a_save_is_summed_up_by_game_seats_steps_and_whether_it_is_over() {
        let text = hoarfrost_rules::fuzz::targets::sample_save(GameKind::Sprawl, 3, 12).unwrap();
        let header = save::peek(&text).unwrap();
        let summary = summarize(&text).unwrap();
        assert_eq!(
            summary,
            format!(
                "Sprawl, {} seats (0 human), {} steps",
                header.seats.len(),
                header.steps
            )
        );
        assert!(header.steps > 0);
        let finished =
            hoarfrost_rules::fuzz::targets::sample_save(GameKind::Sprawl, 3, 100_000).unwrap();
        let header = save::peek(&finished).unwrap();
        assert_eq!(
            summarize(&finished).unwrap(),
            format!(
                "Sprawl, {} seats (0 human), {} steps, over",
                header.seats.len(),
                header.steps
            )
        );
    }

    #[test]
    fn the_last_game_is_the_autosaves() {
        let root = crate::plugins::core::testing::scratch::Scratch::new("last");
        let storage = Storage::under(&root);
        assert_eq!(storage.last_game(), None, "no autosave");
        let text = hoarfrost_rules::fuzz::targets::sample_save(GameKind::IceColony, 2, 5).unwrap();
        write_file(&storage.autosave().unwrap(), &text).unwrap();
        assert_eq!(storage.last_game(), Some(GameKind::IceColony));
        write_file(&storage.autosave().unwrap(), "(format: 1, game: ").unwrap();
        assert_eq!(storage.last_game(), None, "a damaged autosave");
    }

    #[test]
    fn an_autosave_this_build_cannot_read_is_set_aside_and_a_readable_one_left() {
        let root = crate::plugins::core::testing::scratch::Scratch::new("unread");
        let storage = root.storage();
        let auto = storage.autosave().unwrap();
        assert_eq!(storage.keep_unread_autosave(), Ok(None), "no autosave");
        let text = hoarfrost_rules::fuzz::targets::sample_save(GameKind::Sprawl, 2, 5).unwrap();
        write_file(&auto, &text).unwrap();
        assert_eq!(
            storage.keep_unread_autosave(),
            Ok(None),
            "a readable autosave"
        );
        assert_eq!(std::fs::read_to_string(&auto).unwrap(), text);
        // Another save format, a damaged one, one of a game this build does not know: each kept
        // under its own name.
        let other_format = text.replacen(&format!("format: {}", save::FORMAT), "format: 7", 1);
        let other_game = text.replacen("\"sprawl\"", "\"chess\"", 1);
        let unreplayable = hoarfrost_rules::fuzz::targets::played_by_no_seat(&text).unwrap();
        let bodies = [
            other_format.as_str(),
            "(format: 1, game: ",
            other_game.as_str(),
            unreplayable.as_str(),
        ];
        for (n, body) in bodies.into_iter().enumerate() {
            write_file(&auto, body).unwrap();
            let said = storage.keep_unread_autosave().unwrap().unwrap();
            let kept = match n {
                0 => root.join("data/autosave-unread.ron"),
                n => root.join(format!("data/autosave-unread-{}.ron", n + 1)),
            };
            assert!(said.starts_with("The autosave does not open: "), "{said}");
            assert!(said.contains(&kept.display().to_string()), "{said}");
            assert_eq!(std::fs::read_to_string(&kept).unwrap(), body);
            assert!(!auto.exists());
        }
        assert!(storage.keep_unread_autosave().unwrap().is_none());
        // Not text at all: kept too. A folder in its place is left for the write to fail on.
        std::fs::write(&auto, [0xff, 0xfe, 0x00, 0x28]).unwrap();
        let said = storage.keep_unread_autosave().unwrap().unwrap();
        assert!(said.contains("autosave-unread-5.ron"), "{said}");
        std::fs::create_dir_all(&auto).unwrap();
        assert_eq!(storage.keep_unread_autosave(), Ok(None));
        std::fs::remove_dir(&auto).unwrap();
        // With no free name left beside it, it stays where it is, and says it cannot move.
        for n in 6..1000 {
            write_file(&root.join(format!("data/autosave-unread-{n}.ron")), "").unwrap();
        }
        write_file(&auto, "(format: 1, game: ").unwrap();
        let refused = storage.keep_unread_autosave().unwrap_err();
        assert!(
            refused.contains("could not be moved aside either (999 earlier ones"),
            "{refused}"
        );
        assert!(
            refused.contains("nothing is autosaved until it can be"),
            "{refused}"
        );
        assert_eq!(
            std::fs::read_to_string(&auto).unwrap(),
            "(format: 1, game: "
        );
    }

    #[test]
    fn a_save_whose_moves_do_not_replay_is_summarized_as_not_opening() {
        let text = hoarfrost_rules::fuzz::targets::sample_save(GameKind::Sprawl, 2, 5).unwrap();
        let bad = hoarfrost_rules::fuzz::targets::played_by_no_seat(&text).unwrap();
        assert!(save::peek(&bad).is_ok(), "the header still reads");
        let why = summarize(&bad).unwrap_err();
        assert!(
            why.starts_with("the saved game does not replay from step 1: there is no seat 100"),
            "{why}"
        );
    }

    #[test]
    fn a_save_of_a_game_this_build_does_not_know_is_summarized_as_not_opening() {
        let text = hoarfrost_rules::fuzz::targets::sample_save(GameKind::Sprawl, 2, 5).unwrap();
        assert!(summarize(&text).unwrap().starts_with("Sprawl, 3 seats"));
        let chess = text.replacen("\"sprawl\"", "\"chess\"", 1);
        assert_eq!(
            summarize(&chess),
            Err("this is a save of an unknown game 'chess'".to_string())
        );
    }

    #[test]
    fn only_saves_in_the_saves_folder_can_be_deleted() {
        let root = crate::plugins::core::testing::scratch::Scratch::new("delete");
        let storage = Storage::under(&root);
        let dir = storage.saves_dir().unwrap();
        let save = dir.join("sprawl-001.ron");
        let other = dir.join("notes.txt");
        let auto = storage.autosave().unwrap();
        for path in [&save, &other, &auto] {
            write_file(path, "(format: 1)").unwrap();
        }
        assert_eq!(storage.delete_save(&save), Ok("sprawl-001".to_string()));
        assert!(!save.exists());
        assert!(list_saves(&dir).is_empty());
        let gone = storage.delete_save(&save).unwrap_err();
        assert!(gone.starts_with("sprawl-001 was not deleted"), "{gone}");
        for path in [&other, &auto, &root.join("elsewhere.ron")] {
            let refused = storage.delete_save(path).unwrap_err();
            assert!(refused.contains("only saves there"), "{refused}");
        }
        assert!(other.exists() && auto.exists(), "nothing else was touched");
    }

    #[test]
    fn ages_read_in_the_largest_whole_unit() {
        assert_eq!(ago(0), "just now");
        assert_eq!(ago(59), "just now");
        assert_eq!(ago(60), "1 minute ago");
        assert_eq!(ago(3599), "59 minutes ago");
        assert_eq!(ago(3600), "1 hour ago");
        assert_eq!(ago(47 * 3600), "47 hours ago");
        assert_eq!(ago(2 * 86_400), "2 days ago");
        let entry = SaveEntry {
            path: PathBuf::from("a.ron"),
            name: "a".into(),
            summary: Ok(String::new()),
            modified: Some(SystemTime::UNIX_EPOCH),
        };
        let later = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(300);
        assert_eq!(entry.saved_ago(later), "5 minutes ago");
        assert_eq!(
            entry.saved_ago(SystemTime::UNIX_EPOCH - std::time::Duration::from_secs(9)),
            ""
        );
    }
}
