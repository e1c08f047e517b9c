//! Screenshot tests: start the real app through its launch flags, let it render, and check the pixels.
//!
//! They need a display: run them under Xvfb with Mesa's Vulkan driver (see `scripts/test.sh`). Without a
//! display they are skipped, unless `HOARFROST_REQUIRE_DISPLAY=1` (set by CI) makes that a failure.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Decoded RGB pixels of a PNG.
struct Picture {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
}

fn load_png(path: &Path) -> Picture {
    let file = std::fs::File::open(path)
        .unwrap_or_else(|e| panic!("no screenshot at {}: {e}", path.display()));
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a PNG size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    let channels = info.color_type.samples();
    let rgb = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    Picture {
        width: info.width as usize,
        height: info.height as usize,
        rgb,
    }
}

fn display_available() -> bool {
    if std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some() {
        return true;
    }
    assert!(
        std::env::var("HOARFROST_REQUIRE_DISPLAY").as_deref() != Ok("1"),
        "HOARFROST_REQUIRE_DISPLAY=1 but there is no display: run under xvfb-run"
    );
    eprintln!("skipped: no display (run under xvfb-run, see scripts/test.sh)");
    false
}

/// Run the app with `args` plus a screenshot flag; returns the picture.
fn capture(name: &str, args: &[&str]) -> Picture {
    let out: PathBuf =
        std::env::temp_dir().join(format!("hoarfrost-{name}-{}.png", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let mut child = Command::new(env!("CARGO_BIN_EXE_hoarfrost"))
        .args(args)
        .arg("--screenshot")
        .arg(&out)
        .env("BEVY_ASSET_ROOT", env!("CARGO_MANIFEST_DIR"))
        .env(
            "RUST_LOG",
            std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()),
        )
        .spawn()
        .expect("the app starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the app") {
            break status;
        }
        if started.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            panic!("the app did not exit within 300 s");
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert!(status.success(), "the app exited with {status}");
    let picture = load_png(&out);
    if let Ok(dir) = std::env::var("HOARFROST_KEEP_SCREENSHOTS") {
        let _ = std::fs::copy(&out, Path::new(&dir).join(format!("{name}.png")));
    }
    let _ = std::fs::remove_file(&out);
    picture
}

/// Fails on a blank or flat frame: too few distinct colours or too little contrast.
fn assert_not_blank(p: &Picture, min_contrast: f64) {
    assert!(
        p.width >= 640 && p.height >= 360,
        "tiny frame {}x{}",
        p.width,
        p.height
    );
    let mut colours: Vec<[u8; 3]> = p
        .rgb
        .iter()
        .map(|c| [c[0] & 0xF0, c[1] & 0xF0, c[2] & 0xF0])
        .collect();
    colours.sort();
    colours.dedup();
    assert!(
        colours.len() > 40,
        "only {} distinct colours: a blank or broken frame",
        colours.len()
    );
    let lum: Vec<f64> = p
        .rgb
        .iter()
        .map(|c| 0.3 * c[0] as f64 + 0.59 * c[1] as f64 + 0.11 * c[2] as f64)
        .collect();
    let mean = lum.iter().sum::<f64>() / lum.len() as f64;
    let var = lum.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / lum.len() as f64;
    assert!(
        var.sqrt() > min_contrast,
        "contrast {:.1} too low: a flat frame",
        var.sqrt()
    );
}

/// Pixels that read as clearly red, and as clearly yellow.
fn count_red_and_yellow(p: &Picture) -> (usize, usize) {
    let red = p.rgb.iter().filter(|c| {
        let [r, g, b] = c.map(|v| v as u32);
        r > 80 && r > 2 * g && r > 2 * b
    });
    let yellow = p.rgb.iter().filter(|c| {
        let [r, g, b] = c.map(|v| v as u32);
        r > 110 && g > 90 && b * 2 < g && r.abs_diff(g) * 3 < r
    });
    (red.count(), yellow.count())
}

#[test]
fn icetowers_ai_game_shows_the_table_and_pyramids() {
    if !display_available() {
        return;
    }
    let p = capture(
        "icetowers",
        &[
            "--game",
            "icetowers",
            "--seats",
            "ai,ai",
            "--seed",
            "3",
            "--exit-after",
            "90",
        ],
    );
    assert_not_blank(&p, 12.0);
    let (red, yellow) = count_red_and_yellow(&p);
    assert!(
        red > 400,
        "only {red} red pixels: the red pyramids are missing"
    );
    assert!(
        yellow > 400,
        "only {yellow} yellow pixels: the yellow pyramids are missing"
    );
}

#[test]
fn title_screen_renders() {
    if !display_available() {
        return;
    }
    let p = capture("title", &["--exit-after", "40"]);
    assert_not_blank(&p, 4.0);
    // The menu window sits in the middle: lighter text on a panel unlike the corners.
    let at = |x: usize, y: usize| p.rgb[y * p.width + x];
    let centre: Vec<[u8; 3]> = (0..200)
        .map(|i| at(p.width / 2 - 100 + i, p.height / 2))
        .collect();
    let bright = centre
        .iter()
        .filter(|c| c.iter().map(|&v| v as u32).sum::<u32>() > 300)
        .count();
    assert!(
        bright > 0 || centre.iter().any(|c| *c != at(5, 5)),
        "no menu in the middle of the title screen"
    );
}

#[test]
fn ice_colony_ai_game_shows_the_terrain_board() {
    if !display_available() {
        return;
    }
    let p = capture(
        "ice-colony",
        &[
            "--game",
            "ice-colony",
            "--seats",
            "ai,ai",
            "--seed",
            "2",
            "--exit-after",
            "120",
        ],
    );
    assert_not_blank(&p, 12.0);
    // Five red and five yellow terrain pyramids are in the bag of 30; the board shows most of them.
    let (red, yellow) = count_red_and_yellow(&p);
    assert!(
        red + yellow > 600,
        "only {red} red and {yellow} yellow pixels: the terrain board is missing"
    );
}

/// Pixels that read as clearly green.
fn count_green(p: &Picture) -> usize {
    p.rgb
        .iter()
        .filter(|c| {
            let [r, g, b] = c.map(|v| v as u32);
            g > 80 && g > 2 * r && g > 2 * b
        })
        .count()
}

#[test]
fn sprawl_ai_game_shows_the_chessboard_and_all_three_colours() {
    if !display_available() {
        return;
    }
    let p = capture(
        "sprawl",
        &[
            "--game",
            "sprawl",
            "--seats",
            "ai,ai,ai",
            "--seed",
            "2",
            "--exit-after",
            "60",
        ],
    );
    assert_not_blank(&p, 12.0);
    // Red, Yellow and Green (the default colours) each have towers and branches on the board.
    let (red, yellow) = count_red_and_yellow(&p);
    let green = count_green(&p);
    assert!(
        red > 300 && yellow > 300 && green > 300,
        "only {red} red, {yellow} yellow and {green} green pixels: pieces are missing"
    );
}

/// Pixels that read as clearly blue.
fn count_blue(p: &Picture) -> usize {
    p.rgb
        .iter()
        .filter(|c| {
            let [r, g, b] = c.map(|v| v as u32);
            b > 80 && b > 2 * r && b > g + g / 2
        })
        .count()
}

#[test]
fn ice_castle_ai_game_shows_doors_of_all_four_colours() {
    if !display_available() {
        return;
    }
    let p = capture(
        "ice-castle",
        &[
            "--game",
            "ice-castle",
            "--seats",
            "ai,ai",
            "--seed",
            "2",
            "--exit-after",
            "120",
        ],
    );
    assert_not_blank(&p, 12.0);
    // Forty door tiles, ten per colour, lie on the 5x8 castle.
    let (red, yellow) = count_red_and_yellow(&p);
    // Lit from above, the matte green doors read as (60, 130, 70): greener than grey, not neon.
    let green = p
        .rgb
        .iter()
        .filter(|c| {
            let [r, g, b] = c.map(|v| v as u32);
            g > 80 && g > r + 40 && g > b + 40
        })
        .count();
    let blue = count_blue(&p);
    assert!(
        red > 300 && yellow > 300 && green > 300 && blue > 300,
        "only {red} red, {yellow} yellow, {green} green and {blue} blue pixels: door tiles are missing"
    );
}
