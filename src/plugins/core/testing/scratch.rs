//! A folder of its own for one test, emptied at the start and removed when the test is done with it
//! (tests).

use std::path::{Path, PathBuf};

use crate::plugins::core::storage::Storage;

/// `<temp>/hoarfrost-<name>-<process id>`; `name` must be one no other test uses.
pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("hoarfrost-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }

    /// The app's data and config folders inside it.
    pub fn storage(&self) -> Storage {
        Storage::under(&self.0)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
