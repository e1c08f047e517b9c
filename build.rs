//! Builds the game's files into the binary: lists every file of `assets/` (its path there and its
//! bytes, through `include_bytes!`) in `$OUT_DIR/assets.rs`, which `plugins::core::assets` reads, so
//! the one binary runs from any folder.

use std::path::{Path, PathBuf};

/// Every file below `dir`, depth first.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("assets");
    println!("cargo::rerun-if-changed={}", root.display());
    let mut found = Vec::new();
    files(&root, &mut found);
    found.sort();
    let mut code = String::from(
        "/// Every file of `assets/` (written by build.rs): its path there, with `/` between folders,\n\
         /// and its bytes.\npub const FILES: &[(&str, &[u8])] = &[\n",
    );
    for path in &found {
        let name = path
            .strip_prefix(&root)
            .expect("below assets/")
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        code.push_str(&format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            path.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("assets.rs");
    std::fs::write(&out, code).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}
