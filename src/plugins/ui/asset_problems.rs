//! Pictures, models and sounds that fail to load (the assets folder missing or damaged): each is
//! named on the terminal, and the player is told on screen in the warnings banner ([`Warnings`],
//! until closed; not in the notice too, which would show the same words twice and fall behind the
//! banner's count), instead of being left with a table that has pieces missing and no word why.

use bevy::asset::UntypedAssetLoadFailedEvent;
use bevy::prelude::*;

use crate::plugins::core::notice::Warnings;

/// What failed to load so far: the first file's path and how many distinct files failed; whether
/// the player has been told.
#[derive(Resource, Default, Debug)]
pub struct MissingFiles {
    pub first: Option<String>,
    pub count: usize,
    paths: std::collections::HashSet<String>,
    told: bool,
}

/// The warnings banner's topic for files that failed to load.
pub const TOPIC: &str = "files";

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MissingFiles>()
        .init_resource::<Warnings>()
        .add_systems(
            Update,
            report.run_if(on_message::<UntypedAssetLoadFailedEvent>),
        );
}

/// The player's message for files that failed to load, `first` among them.
pub fn message(first: &str, count: usize) -> String {
    let others = match count {
        0 | 1 => String::new(),
        2 => " and 1 more".to_string(),
        n => format!(" and {} more", n - 1),
    };
    format!(
        "Some of the game's files could not be loaded ({first}{others}), so pieces may be missing \
         from the table. An assets folder beside the game (or where BEVY_ASSET_ROOT points) \
         replaces the files built into it: mend or remove that folder, or reinstall the game."
    )
}

fn report(
    mut failed: MessageReader<UntypedAssetLoadFailedEvent>,
    mut missing: ResMut<MissingFiles>,
    mut warnings: ResMut<Warnings>,
) {
    for e in failed.read() {
        let path = e.path.to_string();
        if missing.paths.insert(path.clone()) {
            eprintln!("hoarfrost: cannot load {path}: {}", e.error);
            missing.first.get_or_insert(path);
            missing.count += 1;
        }
    }
    let Some(first) = &missing.first else {
        return;
    };
    let text = message(first, missing.count);
    if missing.told {
        // Told already: the banner, unless closed, counts the files failed since.
        warnings.update(TOPIC, text);
        return;
    }
    warnings.set(TOPIC, text);
    missing.told = true;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::notice::Notice;

    /// A stand-in asset with no loader: asking for one fails whether or not the file is there (the
    /// failure the app reports is the same message either way).
    #[derive(Asset, TypePath)]
    struct Missing;

    #[test]
    fn files_that_fail_to_load_are_counted_in_the_banner_not_the_notice() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default(), plugin));
        app.init_asset::<Missing>().init_resource::<Notice>();
        let assets = app.world().resource::<AssetServer>().clone();
        let _first: Handle<Missing> = assets.load("models/not-there.glb");
        // Loads run on a task pool: wait up to 10 s on a busy machine.
        let until = |app: &mut App, done: fn(&World) -> bool| {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
            while !done(app.world()) && std::time::Instant::now() < deadline {
                app.update();
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
        };
        fn banner(w: &World) -> Option<String> {
            w.resource::<Warnings>().get(TOPIC).map(str::to_string)
        }
        until(&mut app, |w| banner(w).is_some());
        let told = banner(app.world()).unwrap_or_default();
        assert!(told.contains("(models/not-there.glb)"), "{told}");
        let _second: Handle<Missing> = assets.load("models/nor-this.glb");
        until(&mut app, |w| w.resource::<MissingFiles>().count == 2);
        let told = banner(app.world()).unwrap_or_default();
        assert!(told.contains("(models/not-there.glb and 1 more)"), "{told}");
        // Closed, it stays closed as more files fail.
        app.world_mut().resource_mut::<Warnings>().clear(TOPIC);
        let _third: Handle<Missing> = assets.load("models/nor-that.glb");
        until(&mut app, |w| w.resource::<MissingFiles>().count == 3);
        assert_eq!(
            app.world().resource::<MissingFiles>().count,
            3,
            "the third failure seen"
        );
        assert_eq!(banner(app.world()), None);
        assert_eq!(
            app.world().resource::<Notice>().shown(),
            0,
            "not in the notice"
        );
    }

    #[test]
    fn the_message_names_the_first_file_and_counts_the_rest() {
        assert!(message("models/pyramid.gltf", 1).contains("(models/pyramid.gltf)"));
        assert!(message("a.png", 2).contains("(a.png and 1 more)"));
        assert!(message("a.png", 5).contains("(a.png and 4 more)"));
    }
}
