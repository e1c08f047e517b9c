//! Save files that work: every game round-trips through a save, the header is readable on its own,
//! and writes are atomic (a failed or interrupted write leaves the previous save as it was).

use std::io::{self, Write};
use std::path::PathBuf;

use super::file::{temp_path, write_atomic_with};
use super::*;
use crate::fuzz::targets::{random_game, sample_save};
use crate::ice_castle::IceCastle;
use crate::ice_colony::IceColony;
use crate::ice_fortress::IceFortress;
use crate::icetowers::{self, IceTowers};
use crate::sprawl::Sprawl;

/// A fresh empty directory for one test.
pub(super) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hoarfrost-save-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn round_trip<G: Recorded>(setup: G::Setup) {
    let rec = random_game::<G>(setup, 3, 150).unwrap();
    let seats = vec!["ai:random".to_string(); rec.state().num_seats()];
    let text = to_string(&seats, false, rec.record()).unwrap();
    let loaded = load::<G>(&text).unwrap();
    assert_eq!(loaded.state(), rec.state(), "{}", G::KIND.title());
    let header = &loaded.header;
    assert_eq!(header.format, FORMAT);
    assert_eq!(header.game, G::KIND.slug());
    assert_eq!(header.kind(), Some(G::KIND));
    assert_eq!(header.app_version, APP_VERSION);
    assert_eq!(header.seats.len(), loaded.state().num_seats());
    assert_eq!(&peek(&text).unwrap(), header);
    assert_eq!(header.steps, loaded.recorder.record().steps.len());
    assert!(header.steps > 0);
    assert_eq!(
        loaded.state(),
        &loaded.recorder.record().state().unwrap(),
        "{}",
        G::KIND.title()
    );
    // Saving the loaded game again gives the same text.
    assert_eq!(
        to_string(&header.seats, header.tutorial, loaded.recorder.record()).unwrap(),
        text
    );
}

#[test]
fn every_game_saves_and_loads_back_to_the_same_state() {
    round_trip::<IceTowers>(icetowers::Setup::new(3, 3));
    round_trip::<Sprawl>(crate::sprawl::Setup::new(3, 3));
    round_trip::<IceCastle>(crate::ice_castle::Setup::new(2, 3));
    round_trip::<IceColony>(crate::ice_colony::Setup::new(2, 3));
    round_trip::<IceFortress>(crate::ice_fortress::Setup::new(2, 3));
}

#[test]
fn a_save_is_readable_ron_with_its_header_first_and_one_step_per_line() {
    let rec = random_game::<IceTowers>(icetowers::Setup::new(2, 7), 7, 3).unwrap();
    let text = to_string(&["human".into(), "ai:hard".into()], false, rec.record()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "(");
    assert_eq!(lines[1], format!("  format: {FORMAT},"));
    assert_eq!(lines[2], "  game: \"icetowers\",");
    assert!(lines[3].starts_with("  app_version: \""));
    assert_eq!(
        lines[4..8],
        ["  seats: [", "    \"human\",", "    \"ai:hard\",", "  ],"]
    );
    assert_eq!(
        text.lines().filter(|l| l.contains("Act(")).count(),
        3,
        "{text}"
    );
}

#[test]
fn a_tutorial_game_is_marked_in_its_header_and_an_ordinary_one_is_not() {
    let rec = random_game::<IceTowers>(icetowers::Setup::new(2, 7), 7, 3).unwrap();
    let seats = ["human".to_string(), "ai".to_string()];
    let ordinary = to_string(&seats, false, rec.record()).unwrap();
    assert!(!ordinary.contains("tutorial"), "{ordinary}");
    assert!(!peek(&ordinary).unwrap().tutorial);
    let tutorial = to_string(&seats, true, rec.record()).unwrap();
    assert!(tutorial.contains("\n  tutorial: true,\n"), "{tutorial}");
    assert!(peek(&tutorial).unwrap().tutorial);
    assert!(load::<IceTowers>(&tutorial).unwrap().header.tutorial);
    // The mark is all that differs.
    assert_eq!(tutorial.replace("  tutorial: true,\n", ""), ordinary);
}

#[test]
fn peek_reads_the_header_without_replaying_the_game() {
    let text = sample_save(GameKind::IceCastle, 2, 30).unwrap();
    // A record that no longer replays still has a readable header...
    let broken = text.replacen("Chance", "Act(seat: 0, action: Stay)", 1);
    let header = peek(&broken).unwrap();
    assert_eq!(header.kind(), Some(GameKind::IceCastle));
    // ...but does not load.
    assert!(matches!(
        load::<IceCastle>(&broken),
        Err(LoadError::Replay(_))
    ));
}

#[test]
fn a_written_save_replaces_the_old_one() {
    let dir = scratch("write");
    let path = dir.join("game.ron");
    write_atomic(&path, "old").unwrap();
    write_atomic(&path, "new").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "a temporary file was left"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_write_that_fails_halfway_leaves_the_old_save_intact() {
    let dir = scratch("fail");
    let path = dir.join("game.ron");
    let old = sample_save(GameKind::IceTowers, 1, 20).unwrap();
    write_atomic(&path, &old).unwrap();
    let new = sample_save(GameKind::IceTowers, 2, 40).unwrap();
    let err = write_atomic_with(&path, |f| {
        f.write_all(&new.as_bytes()[..new.len() / 2])?;
        Err(io::Error::other("disk full"))
    })
    .unwrap_err();
    assert_eq!(err.to_string(), "disk full");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), old);
    assert!(load::<IceTowers>(&read_file(&path).unwrap()).is_ok());
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "the temporary file was left"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_temporary_file_lies_beside_the_save_and_a_leftover_one_blocks_nothing() {
    // The rename that replaces a save must not cross file systems, so the temporary file lies in the
    // save's own folder. A process that died before its rename leaves one behind (as written
    // here); the save is untouched and the next save goes through. (A write that fails halfway is
    // `a_write_that_fails_halfway_leaves_the_old_save_intact` above.)
    let dir = scratch("crash");
    let path = dir.join("game.ron");
    let old = sample_save(GameKind::IceTowers, 1, 20).unwrap();
    write_atomic(&path, &old).unwrap();
    let tmp = temp_path(&path).unwrap();
    assert_eq!(
        tmp.parent(),
        path.parent(),
        "the temporary file is in the same directory"
    );
    std::fs::write(&tmp, &old[..old.len() / 3]).unwrap();
    assert_eq!(read_file(&path).unwrap(), old);
    // The next save goes through regardless of the leftover.
    write_atomic(&path, "next").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "next");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_write_that_cannot_rename_leaves_the_target_and_no_temporary_file() {
    let dir = scratch("rename");
    // The target is a non-empty directory: the rename fails.
    let path = dir.join("game.ron");
    std::fs::create_dir_all(path.join("inside")).unwrap();
    assert!(write_atomic(&path, "text").is_err());
    assert!(path.join("inside").is_dir());
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    assert!(write_atomic(&dir.join("missing/game.ron"), "text").is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn reading_a_missing_file_or_one_that_is_not_text_is_an_error() {
    let dir = scratch("read");
    let err = read_file(&dir.join("nothing.ron")).unwrap_err();
    assert!(matches!(err, LoadError::Io(_)));
    assert!(
        err.to_string().starts_with("the file could not be read: "),
        "{err}"
    );
    let bin = dir.join("bin.ron");
    std::fs::write(&bin, [0xff, 0xfe, 0x28, 0x00]).unwrap();
    assert_eq!(read_file(&bin).unwrap_err(), LoadError::NotASave);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn only_a_plain_file_of_a_save_size_is_read_and_a_byte_order_mark_is_dropped() {
    let dir = scratch("plain");
    let not_plain = read_file(&dir).unwrap_err();
    assert!(
        not_plain.to_string().contains("not a plain file"),
        "{not_plain}"
    );
    // A named pipe nobody writes to would block a read for ever.
    let fifo = dir.join("fifo.ron");
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        assert!(
            read_file(&fifo)
                .unwrap_err()
                .to_string()
                .contains("not a plain file")
        );
    }
    let big = dir.join("big.ron");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(super::file::MAX_FILE_BYTES + 1).unwrap();
    let err = read_file(&big).unwrap_err();
    assert!(
        err.to_string().contains("larger than any save or position"),
        "{err}"
    );
    let bom = dir.join("bom.ron");
    let text = sample_save(GameKind::IceTowers, 4, 60).unwrap();
    std::fs::write(&bom, format!("\u{feff}{text}")).unwrap();
    assert!(load::<IceTowers>(&read_file(&bom).unwrap()).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_small_file_beside_the_saves_is_read_as_a_save_is_and_a_missing_one_is_none() {
    use super::read_if_there;
    let dir = scratch("beside");
    assert_eq!(read_if_there(&dir.join("none.ron")), Ok(None));
    assert_eq!(
        read_if_there(&dir),
        Err("not a plain file".to_string()),
        "a folder in the file's place"
    );
    let big = dir.join("big.ron");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(super::file::MAX_FILE_BYTES + 1).unwrap();
    assert!(read_if_there(&big).unwrap_err().contains("MiB at most"));
    let bin = dir.join("bin.ron");
    std::fs::write(&bin, [0xff, 0xfe, 0x28, 0x00]).unwrap();
    assert_eq!(read_if_there(&bin), Err("it is not text".to_string()));
    let bom = dir.join("bom.ron");
    std::fs::write(&bom, "\u{feff}(volume: 0.5)").unwrap();
    assert_eq!(read_if_there(&bom), Ok(Some("(volume: 0.5)".to_string())));
    let _ = std::fs::remove_dir_all(&dir);
}
