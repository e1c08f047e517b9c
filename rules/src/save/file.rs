//! Reading a save file, and writing one atomically: the text goes to a temporary file in the same
//! directory, is flushed to disk, and only then renamed over the old save, so a crash or a full disk
//! in the middle leaves the previous save as it was.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::LoadError;

/// The most bytes a save or table position may hold: a long game's save is a few hundred KiB.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// The text of the save at `path`: a read failure, something other than a plain file (a folder, a
/// pipe that would never end) or a file over [`MAX_FILE_BYTES`] is [`LoadError::Io`]; bytes that are
/// not text are [`LoadError::NotASave`]. A leading byte-order mark (as some editors write) is dropped.
pub fn read_file(path: &Path) -> Result<String, LoadError> {
    let bytes =
        read_bytes(path).map_err(|why| LoadError::Io(format!("{}: {why}", path.display())))?;
    let text = String::from_utf8(bytes).map_err(|_| LoadError::NotASave)?;
    Ok(match text.strip_prefix(BOM) {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// The text of one of the small files the app keeps beside its saves (settings, records, the
/// window's size), checked as [`read_file`] checks a save (a plain file, [`MAX_FILE_BYTES`] at
/// most, so a pipe or a huge file in its place cannot hang the start), without a leading
/// byte-order mark; `Ok(None)` when there is no such file, else why it could not be read.
pub fn read_if_there(path: &Path) -> Result<Option<String>, String> {
    if fs::metadata(path).is_err_and(|e| e.kind() == io::ErrorKind::NotFound) {
        return Ok(None);
    }
    let text = String::from_utf8(read_bytes(path)?).map_err(|_| "it is not text".to_string())?;
    Ok(Some(without_bom(&text).to_string()))
}

/// The bytes of the plain file at `path`, [`MAX_FILE_BYTES`] at most, or why not.
fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    let meta = fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a plain file".into());
    }
    let too_big = || {
        format!(
            "larger than any save or position ({} MiB at most)",
            MAX_FILE_BYTES >> 20
        )
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big());
    }
    Ok(bytes)
}

/// The byte-order mark some editors put at the start of a text file.
const BOM: char = '\u{feff}';

/// `text` without a leading byte-order mark (the app's settings and records files are read so too).
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// Write `text` to `path` atomically (see the module note). On error the old file is untouched and
/// no temporary file is left behind.
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    write_atomic_with(path, |f| f.write_all(text.as_bytes()))
}

/// [`write_atomic`] with the writing done by `write` (tests inject failures through it).
pub(crate) fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let tmp = temp_path(path)?;
    let result = (|| {
        let mut file = File::create(&tmp)?;
        write(&mut file)?;
        file.flush()?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)?;
        sync_dir(path);
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// A fresh temporary name next to `path`: `.<name>.tmp-<pid>-<n>`.
pub(crate) fn temp_path(path: &Path) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a file name", path.display()),
        )
    })?;
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = format!(".{}.tmp-{}-{n}", name.to_string_lossy(), std::process::id());
    Ok(path.with_file_name(tmp))
}

/// Make the rename itself durable where the platform allows it (best effort).
fn sync_dir(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}
