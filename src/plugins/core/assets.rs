//! Where the game's files (pictures, models, sounds: `assets/`) are read from. The binary carries
//! a copy of every one (`build.rs` builds them in), so it runs from any folder. An `assets` folder
//! on disk where Bevy looks for one takes their place, whole: under `BEVY_ASSET_ROOT`, in the
//! checkout under `cargo run` (`CARGO_MANIFEST_DIR`), or beside the binary. That keeps `cargo run`
//! reading the files as they are edited, and lets a player swap in their own (modding).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use bevy::asset::io::memory::{Dir, MemoryAssetReader};
use bevy::asset::io::{AssetSourceBuilder, AssetSourceId};
use bevy::prelude::*;

mod built_in {
    include!(concat!(env!("OUT_DIR"), "/assets.rs"));
}

pub use built_in::FILES;

/// Where the files come from this run.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub enum AssetSource {
    /// The `assets` folder at this path.
    Disk(PathBuf),
    /// The copies built into the binary.
    BuiltIn,
}

impl AssetSource {
    /// The source for a run whose environment variables `var` gives and whose binary is `exe`:
    /// the `assets` folder below the folder Bevy's file reader starts from (`BEVY_ASSET_ROOT`,
    /// else `CARGO_MANIFEST_DIR`, else the binary's folder) if it is there, else the built-in
    /// copies.
    pub fn find(var: impl Fn(&str) -> Option<OsString>, exe: Option<&Path>) -> AssetSource {
        let base = var("BEVY_ASSET_ROOT")
            .or_else(|| var("CARGO_MANIFEST_DIR"))
            .map(PathBuf::from)
            .or_else(|| exe.and_then(Path::parent).map(Path::to_path_buf));
        match base.map(|b| b.join("assets")) {
            Some(dir) if dir.is_dir() => AssetSource::Disk(dir),
            _ => AssetSource::BuiltIn,
        }
    }

    /// The source for this run.
    pub fn for_this_run() -> AssetSource {
        let exe = std::env::current_exe().ok();
        AssetSource::find(|k| std::env::var_os(k), exe.as_deref())
    }

    /// Says where the files come from, for the terminal.
    pub fn describe(&self) -> String {
        match self {
            AssetSource::Disk(dir) => format!("files from {}", dir.display()),
            AssetSource::BuiltIn => format!("files built in ({} of them)", FILES.len()),
        }
    }
}

/// Make `source` the app's default asset source. It must come before `AssetPlugin` (in
/// `DefaultPlugins`); the disk source is Bevy's own, so only the built-in one is registered.
pub fn use_source(app: &mut App, source: AssetSource) {
    println!("hoarfrost: {}", source.describe());
    if source == AssetSource::BuiltIn {
        let dir = Dir::default();
        for (path, bytes) in FILES {
            dir.insert_asset(Path::new(path), *bytes);
        }
        app.register_asset_source(
            AssetSourceId::Default,
            AssetSourceBuilder::new(move || Box::new(MemoryAssetReader { root: dir.clone() })),
        );
    }
    app.insert_resource(source);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in copies are the files of `assets/`, byte for byte, every one of them.
    #[test]
    fn every_file_of_the_assets_folder_is_built_in_as_it_is() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        // Every file, in every folder (the icon lies at the top).
        let mut on_disk = 0;
        let mut folders = vec![root.clone()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    folders.push(path);
                } else {
                    on_disk += 1;
                }
            }
        }
        assert_eq!(FILES.len(), on_disk);
        for (path, bytes) in FILES {
            assert_eq!(std::fs::read(root.join(path)).unwrap(), *bytes, "{path}");
        }
        assert!(FILES.iter().any(|(p, _)| *p == "textures/board-labels.png"));
    }

    #[test]
    fn an_assets_folder_where_bevy_looks_is_read_and_else_the_built_in_copies() {
        let checkout = Path::new(env!("CARGO_MANIFEST_DIR"));
        let var = |name: &'static str, value: &Path| {
            let value = value.as_os_str().to_os_string();
            move |k: &str| (k == name).then(|| value.clone())
        };
        let none = |_: &str| None;
        let disk = AssetSource::Disk(checkout.join("assets"));
        assert_eq!(
            AssetSource::find(var("BEVY_ASSET_ROOT", checkout), None),
            disk
        );
        assert_eq!(
            AssetSource::find(var("CARGO_MANIFEST_DIR", checkout), None),
            disk
        );
        // A binary beside an assets folder reads it; one in an empty folder reads its own copies.
        assert_eq!(
            AssetSource::find(none, Some(&checkout.join("hoarfrost"))),
            disk
        );
        let empty =
            std::env::temp_dir().join(format!("hoarfrost-no-assets-{}", std::process::id()));
        std::fs::create_dir_all(&empty).unwrap();
        assert_eq!(
            AssetSource::find(none, Some(&empty.join("hoarfrost"))),
            AssetSource::BuiltIn
        );
        assert_eq!(
            AssetSource::find(var("BEVY_ASSET_ROOT", &empty), None),
            AssetSource::BuiltIn
        );
        let _ = std::fs::remove_dir(&empty);
    }

    /// A file's bytes as an asset, for the test below (the picture loaders need a renderer).
    #[derive(Asset, TypePath)]
    struct Raw(Vec<u8>);

    #[derive(Default, TypePath)]
    struct RawLoader;

    impl bevy::asset::AssetLoader for RawLoader {
        type Asset = Raw;
        type Settings = ();
        type Error = std::io::Error;

        async fn load(
            &self,
            reader: &mut dyn bevy::asset::io::Reader,
            _: &(),
            _: &mut bevy::asset::LoadContext<'_>,
        ) -> Result<Raw, std::io::Error> {
            let mut bytes = Vec::new();
            reader.read_to_end(&mut bytes).await?;
            Ok(Raw(bytes))
        }

        fn extensions(&self) -> &[&str] {
            &["png"]
        }
    }

    /// An app whose disk folder for files does not exist, with the built-in source when `built_in`,
    /// asked for a picture: what it loaded once loading settled.
    fn load_without_a_folder(built_in: bool) -> Option<Vec<u8>> {
        let mut app = App::new();
        if built_in {
            use_source(&mut app, AssetSource::BuiltIn);
        }
        let nowhere = bevy::asset::AssetPlugin {
            file_path: "no-such-folder".into(),
            ..default()
        };
        app.add_plugins((MinimalPlugins, nowhere))
            .init_asset::<Raw>()
            .init_asset_loader::<RawLoader>();
        let handle: Handle<Raw> = app
            .world()
            .resource::<AssetServer>()
            .load("textures/die-faces.png");
        for _ in 0..400 {
            app.update();
            let state = app.world().resource::<AssetServer>().load_state(&handle);
            if state.is_loaded() || state.is_failed() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let raw = app.world().resource::<Assets<Raw>>();
        raw.get(&handle).map(|r| r.0.clone())
    }

    /// Through a real asset server with the built-in source and no folder on disk to read: a
    /// picture's bytes arrive as the file has them; without the built-in source nothing does.
    #[test]
    fn a_built_in_file_loads_through_the_asset_server() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/textures/die-faces.png");
        let loaded = load_without_a_folder(true).expect("the built-in file loads");
        assert_eq!(loaded, std::fs::read(file).unwrap());
        assert_eq!(
            load_without_a_folder(false),
            None,
            "read from somewhere else"
        );
    }
}
