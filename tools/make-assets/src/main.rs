//! `hoarfrost-assets`: writes every model, texture and sound of Hoarfrost into `assets/`, byte for byte the same
//! on every run, so the art is reproducible and reviewable as code.
//!
//! `cargo run -p hoarfrost-assets` (from the repository root) rewrites `assets/models/*.gltf`,
//! `assets/textures/*.png` and `assets/sounds/*.wav`; `--check` only compares and fails if a file
//! differs.

mod board_labels;
mod castle_cards;
mod die;
mod gltf;
mod icon;
mod labels;
mod markings;
mod pyramid;
mod sounds;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// One generated file: its path under `assets/` and its bytes.
pub struct Asset {
    pub path: String,
    pub bytes: Vec<u8>,
}

fn all_assets() -> Vec<Asset> {
    let mut out = vec![Asset {
        path: "models/pyramid.gltf".into(),
        bytes: gltf::write(&pyramid::mesh(), "pyramid").into_bytes(),
    }];
    out.push(Asset {
        path: "models/die.gltf".into(),
        bytes: gltf::write(&die::mesh(), "die").into_bytes(),
    });
    out.push(die::atlas());
    out.extend(markings::all());
    out.extend(labels::all());
    out.extend(board_labels::all());
    out.extend(castle_cards::all());
    out.extend(sounds::all());
    out.push(icon::icon());
    out
}

fn main() -> ExitCode {
    let check = std::env::args().any(|a| a == "--check");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    let mut stale = 0;
    for asset in all_assets() {
        let path = root.join(&asset.path);
        if check {
            if std::fs::read(&path).ok().as_deref() != Some(&asset.bytes[..]) {
                eprintln!("stale: {}", asset.path);
                stale += 1;
            }
        } else if let Err(e) = write(&path, &asset.bytes) {
            eprintln!("cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        } else {
            println!("wrote assets/{}", asset.path);
        }
    }
    if stale > 0 {
        eprintln!(
            "{stale} asset(s) differ from the generator: run `cargo run -p hoarfrost-assets`"
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generation_is_deterministic() {
        let a = all_assets();
        let b = all_assets();
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.path, y.path);
            assert_eq!(x.bytes, y.bytes);
        }
    }

    #[test]
    fn committed_assets_match_the_generator() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets");
        for asset in all_assets() {
            let on_disk = std::fs::read(root.join(&asset.path)).unwrap_or_default();
            assert!(
                on_disk == asset.bytes,
                "assets/{} is stale: run `cargo run -p hoarfrost-assets`",
                asset.path
            );
        }
    }
}
