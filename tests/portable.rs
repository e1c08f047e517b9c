//! The one binary runs from any folder: copied out of the build into an empty folder, with no
//! `assets` folder where Bevy would look, it draws the same table as from the checkout, its
//! pictures, models and labels read from the copies built into it.

mod common;
use common::display_available;
use common::picture::{Picture, load_png};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A Sprawl position with human seats only: nothing moves, so two runs draw the same frame.
const SCENE: &str = "scenes/positions/sprawl-branch.ron";

/// Run `binary` in `folder` on the scene with `env` set and `BEVY_ASSET_ROOT` and
/// `CARGO_MANIFEST_DIR` cleared unless `env` sets them: the picture and what it printed.
fn run(binary: &Path, folder: &Path, env: &[(&str, &Path)]) -> (Picture, String) {
    let shot = folder.join("shot.png");
    let _ = std::fs::remove_file(&shot);
    let scene = Path::new(env!("CARGO_MANIFEST_DIR")).join(SCENE);
    let mut command = Command::new(binary);
    command
        .current_dir(folder)
        .args([
            "--game",
            "sprawl",
            "--seats",
            "human,human,human",
            "--scene",
        ])
        .arg(&scene)
        .args(["--exit-after", "60", "--screenshot"])
        .arg(&shot)
        .env_remove("BEVY_ASSET_ROOT")
        .env_remove("CARGO_MANIFEST_DIR")
        .env("HOARFROST_DATA_DIR", folder.join("data"))
        .env("HOARFROST_CONFIG_DIR", folder.join("config"))
        .env("RUST_LOG", "warn");
    for (k, v) in env {
        command.env(k, v);
    }
    let out = command.output().expect("the app starts");
    let printed =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}\n{printed}", out.status);
    (load_png(&shot), printed)
}

/// The share of pixels that differ by more than 24 in some channel.
fn differing(a: &Picture, b: &Picture) -> f64 {
    assert_eq!((a.width, a.height), (b.width, b.height));
    let off = a
        .rgb
        .iter()
        .zip(&b.rgb)
        .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 24))
        .count();
    off as f64 / a.rgb.len() as f64
}

#[test]
fn the_binary_copied_into_an_empty_folder_draws_the_table_with_its_files_built_in() {
    if !display_available() {
        return;
    }
    let built = PathBuf::from(env!("CARGO_BIN_EXE_hoarfrost"));
    let root = std::env::temp_dir().join(format!("hoarfrost-portable-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (alone, checkout, broken) = (
        root.join("alone"),
        root.join("checkout"),
        root.join("broken"),
    );
    for dir in [&alone, &checkout, &broken] {
        std::fs::create_dir_all(dir).unwrap();
    }
    let copy = alone.join("hoarfrost");
    std::fs::copy(&built, &copy).expect("the binary copies");
    // From the checkout, as `cargo run` reads the files.
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (expected, printed) = run(&built, &checkout, &[("CARGO_MANIFEST_DIR", manifest)]);
    assert!(printed.contains("hoarfrost: files from "), "{printed}");
    // The copy, alone in its folder.
    let (shot, printed) = run(&copy, &alone, &[]);
    assert!(printed.contains("hoarfrost: files built in"), "{printed}");
    assert!(!printed.contains("cannot load"), "{printed}");
    assert!(!printed.contains("could not be loaded"), "{printed}");
    let off = differing(&shot, &expected);
    assert!(
        off < 0.002,
        "{:.2}% of the pixels differ from the checkout's",
        off * 100.0
    );
    // The comparison sees missing files: an empty assets folder named by BEVY_ASSET_ROOT replaces
    // the built-in files, and the table is drawn without its pictures and models.
    std::fs::create_dir_all(broken.join("assets")).unwrap();
    let (bare, printed) = run(&copy, &broken, &[("BEVY_ASSET_ROOT", broken.as_path())]);
    assert!(printed.contains("cannot load"), "{printed}");
    let off = differing(&bare, &expected);
    assert!(off > 0.01, "only {:.2}% of the pixels differ", off * 100.0);
    let _ = std::fs::remove_dir_all(&root);
}

/// The window's `_NET_WM_ICON` as the X server holds it (width, height, then one ARGB number a
/// pixel), once the app has set it, read with `xwininfo` and `xprop`; `None` until then.
fn window_icon() -> Option<Vec<u32>> {
    let tree = Command::new("xwininfo")
        .args(["-root", "-tree"])
        .output()
        .expect("xwininfo runs (x11-utils; scripts/test.sh installs it)");
    let tree = String::from_utf8_lossy(&tree.stdout);
    let id = tree
        .lines()
        .find(|l| l.contains("\"Hoarfrost\""))?
        .split_whitespace()
        .next()?
        .to_string();
    let prop = Command::new("xprop")
        .args([
            "-id",
            &id,
            "-notype",
            "-len",
            "1000000",
            "-f",
            "_NET_WM_ICON",
            "32c",
            "_NET_WM_ICON",
        ])
        .output()
        .expect("xprop runs (x11-utils)");
    let prop = String::from_utf8_lossy(&prop.stdout);
    let (_, numbers) = prop.split_once("_NET_WM_ICON = ")?;
    numbers.split(',').map(|n| n.trim().parse().ok()).collect()
}

#[test]
fn the_window_shows_the_icon_the_asset_tool_made() {
    if !display_available() {
        return;
    }
    let folder = std::env::temp_dir().join(format!("hoarfrost-icon-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let mut app = Command::new(env!("CARGO_BIN_EXE_hoarfrost"))
        .current_dir(&folder)
        .args(["--exit-after", "3000"])
        .env_remove("BEVY_ASSET_ROOT")
        .env_remove("CARGO_MANIFEST_DIR")
        .env("HOARFROST_DATA_DIR", folder.join("data"))
        .env("HOARFROST_CONFIG_DIR", folder.join("config"))
        .spawn()
        .expect("the app starts");
    let start = std::time::Instant::now();
    let mut shown = None;
    while shown.is_none() && start.elapsed() < std::time::Duration::from_secs(90) {
        std::thread::sleep(std::time::Duration::from_millis(300));
        shown = window_icon();
    }
    let _ = app.kill();
    let _ = app.wait();
    let _ = std::fs::remove_dir_all(&folder);
    let shown = shown.expect("the window shows an icon within 90 s");
    // The icon the asset tool wrote, pixel for pixel.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icon.png");
    let mut reader = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(file).unwrap()))
        .read_info()
        .unwrap();
    let mut rgba = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut rgba).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba);
    let argb: Vec<u32> = rgba
        .chunks(4)
        .map(|p| u32::from_be_bytes([p[3], p[0], p[1], p[2]]))
        .collect();
    assert_eq!(shown[..2], [info.width, info.height], "the icon's size");
    let first_off = (0..argb.len()).find(|&i| shown.get(i + 2) != Some(&argb[i]));
    assert!(
        shown.len() == argb.len() + 2 && first_off.is_none(),
        "the window's icon is not assets/icon.png: {} pixels shown for {}, the first differing \
         is pixel {first_off:?} ({:08x?} shown, {:08x?} made)",
        shown.len() - 2,
        argb.len(),
        first_off.and_then(|i| shown.get(i + 2)),
        first_off.map(|i| argb[i])
    );
}
