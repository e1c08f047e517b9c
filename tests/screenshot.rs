//! Screenshot tests: start the real app through its launch flags, let it render, and check the pixels.
//!
//! They need a display: run them under Xvfb with Mesa's Vulkan driver (see `scripts/test.sh`). Without a
//! display they are skipped, unless `HOARFROST_REQUIRE_DISPLAY=1` (set by CI) makes that a failure.

mod common;
use common::display_available;
use common::picture::{Picture, load_png};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Run the app with `args` plus a screenshot flag; returns the picture.
fn capture(name: &str, args: &[&str]) -> Picture {
    capture_with_output(name, args).0
}

/// Run the app with `args` plus a screenshot flag; returns the picture and what it printed.
fn capture_with_output(name: &str, args: &[&str]) -> (Picture, String) {
    capture_with_config(name, args, &[])
}

/// The same, with `config` files (name and text) in the app's config folder before it starts.
fn capture_with_config(name: &str, args: &[&str], config: &[(&str, &str)]) -> (Picture, String) {
    let (picture, printed, _) = capture_reading_config(name, args, config, "");
    (picture, printed)
}

/// [`capture_with_config`], and the text of the config file `read_back` when the app has quit (if
/// it is there).
fn capture_reading_config(
    name: &str,
    args: &[&str],
    config: &[(&str, &str)],
    read_back: &str,
) -> (Picture, String, Option<String>) {
    let out: PathBuf =
        std::env::temp_dir().join(format!("hoarfrost-{name}-{}.png", std::process::id()));
    let _ = std::fs::remove_file(&out);
    // Saves and settings in a folder of the test's own: not the player's autosave or settings.
    let home = std::env::temp_dir().join(format!("hoarfrost-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(home.join("config")).expect("a config folder");
    for (file, text) in config {
        std::fs::write(home.join("config").join(file), text).expect("a config file");
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_hoarfrost"))
        .args(args)
        .arg("--screenshot")
        .arg(&out)
        .env("BEVY_ASSET_ROOT", env!("CARGO_MANIFEST_DIR"))
        .env("HOARFROST_DATA_DIR", home.join("data"))
        .env("HOARFROST_CONFIG_DIR", home.join("config"))
        .env(
            "RUST_LOG",
            std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()),
        )
        .stdout(std::process::Stdio::piped())
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
    let kept = std::fs::read_to_string(home.join("config").join(read_back)).ok();
    let _ = std::fs::remove_dir_all(&home);
    let mut printed = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        use std::io::Read;
        let _ = stdout.read_to_string(&mut printed);
    }
    (picture, printed, kept)
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

/// Clearly red, yellow, green and blue pixels, as lit on the table.
fn red(r: u32, g: u32, b: u32) -> bool {
    r > 80 && r > 2 * g && r > 2 * b
}

fn yellow(r: u32, g: u32, b: u32) -> bool {
    r > 110 && g > 90 && b * 2 < g && r.abs_diff(g) * 3 < r
}

fn green(r: u32, g: u32, b: u32) -> bool {
    // Lit from above, matte green reads as about (60, 130, 70): greener than grey, not neon.
    g > 80 && g > r + 40 && g > b + 40
}

fn blue(r: u32, g: u32, b: u32) -> bool {
    b > 80 && b > 2 * r && b > g + g / 2
}

/// An all-AI game started by the launch flags and captured after `frames` frames, checked not to be
/// blank and to be a table (a launch refused goes back to the title screen, whose backdrop shows
/// every game's pieces); `None` when there is no display.
fn ai_game(game: &str, seats: &str, seed: &str, frames: &str) -> Option<Picture> {
    if !display_available() {
        return None;
    }
    let (p, printed) = capture_with_output(
        game,
        &[
            "--game",
            game,
            "--seats",
            seats,
            "--seed",
            seed,
            "--exit-after",
            frames,
        ],
    );
    assert_not_blank(&p, 12.0);
    assert_at_a_table(&printed);
    Some(p)
}

/// The app ended on a game's table (under way or over), not on the title screen.
fn assert_at_a_table(printed: &str) {
    let screen = printed
        .lines()
        .find_map(|l| l.strip_prefix("hoarfrost: screen: "))
        .unwrap_or_default();
    assert!(
        matches!(screen, "Playing" | "GameOver"),
        "the run ended on the screen {screen:?}, not a table: {printed}"
    );
}

/// How many pixels satisfy `test` on their (r, g, b).
fn count(p: &Picture, test: impl Fn(u32, u32, u32) -> bool) -> usize {
    p.rgb
        .iter()
        .filter(|c| test(c[0] as u32, c[1] as u32, c[2] as u32))
        .count()
}

/// Pixels passing `test` inside a box given as fractions of the frame (x from-to, y from-to).
fn count_in(
    p: &Picture,
    (x0, x1): (f64, f64),
    (y0, y1): (f64, f64),
    test: impl Fn(u32, u32, u32) -> bool,
) -> usize {
    let (w, h) = (p.width as f64, p.height as f64);
    let xs = (x0 * w) as usize..(x1 * w) as usize;
    (((y0 * h) as usize)..((y1 * h) as usize))
        .flat_map(|y| xs.clone().map(move |x| y * p.width + x))
        .filter(|&i| {
            let c = p.rgb[i];
            test(c[0] as u32, c[1] as u32, c[2] as u32)
        })
        .count()
}

#[test]
fn icetowers_ai_game_shows_the_table_and_pyramids() {
    let Some(p) = ai_game("icetowers", "ai,ai", "3", "90") else {
        return;
    };
    let (r, y) = (count(&p, red), count(&p, yellow));
    assert!(
        r > 400 && y > 400,
        "only {r} red and {y} yellow pixels: pyramids are missing"
    );
}

/// P pauses an all-AI IceTowers game under the real side panel: no move while paused, moves again
/// after P once more.
#[test]
fn p_pauses_an_ai_game_and_p_again_plays_on() {
    if !display_available() {
        return;
    }
    let mut args = vec!["--game", "icetowers", "--seats", "ai,ai", "--seed", "5"];
    args.extend(["--click", "key:p"]);
    // About 600 frames paused: unpaused, two AI seats move within a few seconds of game time (their
    // reaction is at most 4 s), so even at 144 frames a second a pause that did not hold would let
    // one move. After going on, about 600 frames more.
    args.extend(["--click", "wait"].repeat(50));
    args.extend(["--click", "key:p", "--exit-after", "1260"]);
    let (p, printed) = capture_with_output("pause", &args);
    assert_not_blank(&p, 12.0);
    let lines: Vec<&str> = printed.lines().collect();
    let at = |line: &str| lines.iter().position(|l| *l == line);
    let (paused, going_on) = (at("hoarfrost: paused"), at("hoarfrost: going on"));
    let (Some(paused), Some(going_on)) = (paused, going_on) else {
        panic!("no pause and going on in {printed}");
    };
    let moves = |from: usize, to: usize| {
        lines[from..to]
            .iter()
            .filter(|l| l.starts_with("hoarfrost: heard: Move"))
            .count()
    };
    assert_eq!(moves(paused, going_on), 0, "a move while paused: {printed}");
    assert!(
        moves(going_on, lines.len()) > 0,
        "no move after going on: {printed}"
    );
}

#[test]
fn title_screen_renders() {
    if !display_available() {
        return;
    }
    // 120 frames, not 40: once, with every test running at once, the shot came out blank. Since then
    // the shot also waits until no render pipeline is compiling (`automation.rs`).
    let p = capture("title", &["--exit-after", "120"]);
    assert_not_blank(&p, 4.0);
    // The menu window sits in the middle: egui's window grey fills most of the centre (a fifth
    // of the window each way, 36,864 pixels at 1280x720; text and buttons take the rest).
    let menu = count_in(&p, (0.4, 0.6), (0.4, 0.6), window_grey);
    assert!(
        menu > 20_000,
        "only {menu} window-grey pixels: no menu in the middle of the title screen"
    );
    // Round the menu, the backdrop: the pieces of the five games on a round table, turned to show
    // the game picked (Ice Fortress, the first time) beside the menu; coloured pieces show round it.
    let coloured = |r, g, b| red(r, g, b) || yellow(r, g, b) || green(r, g, b) || blue(r, g, b);
    let round = count_in(&p, (0.0, 1.0), (0.0, 1.0), coloured)
        - count_in(&p, (0.3, 0.7), (0.25, 0.75), coloured);
    assert!(
        round > 3_000,
        "only {round} coloured pixels round the menu: no backdrop"
    );
}

#[test]
fn the_window_opens_at_the_size_it_was_last_given() {
    if !display_available() {
        return;
    }
    let (p, _) = capture_with_config(
        "kept-size",
        &["--exit-after", "60"],
        &[("window.ron", "(width: 1000, height: 600)")],
    );
    assert_eq!((p.width, p.height), (1000, 600), "the window's size");
    assert_not_blank(&p, 4.0);
}

#[test]
fn real_clicks_on_the_title_screen_pick_ice_castle_and_start_it() {
    if !display_available() {
        return;
    }
    // The title screen opens on Ice Fortress (no game played yet); a click on "Ice Castle", then
    // on Start.
    let (p, printed) = capture_with_output(
        "title-start",
        &[
            "--click",
            "button:Ice Castle",
            "--click",
            "button:Start",
            "--exit-after",
            "120",
        ],
    );
    assert_not_blank(&p, 12.0);
    let said = notice(&printed);
    assert!(
        said.starts_with("The doors are dealt"),
        "Ice Castle did not start: the notice says {said:?}"
    );
    assert!(scene_stats(&printed).0 > 50, "no castle drawn");
}

#[test]
fn a_game_left_and_loaded_back_by_real_clicks_resumes() {
    if !display_available() {
        return;
    }
    // Leave for the title screen, open the saves (this run's own folder: the autosave of this game
    // is the only one) and load it: the game is back on the table. Two human seats, so no AI move
    // replaces the notice the load leaves. `settle` first: the board is drawn (and autosaved) before
    // the game is left, however fast or slow the frames come (once, in CI, nothing was loaded).
    let (p, printed) = capture_with_output(
        "leave-load",
        &[
            "--game",
            "ice-colony",
            "--seats",
            "human,human",
            "--seed",
            "3",
            "--click",
            "settle",
            "--click",
            "button:Back to the title screen",
            "--click",
            "button:Load a save",
            "--click",
            "button:Load",
            "--exit-after",
            "100",
        ],
    );
    assert_not_blank(&p, 12.0);
    let said = notice(&printed);
    assert!(
        said.starts_with("Resumed at step"),
        "no game was loaded: the notice says {said:?}; the app printed:\n{printed}"
    );
    assert!(scene_stats(&printed).0 > 25, "no board drawn after loading");
}

#[test]
fn a_save_is_deleted_from_the_load_window_only_once_confirmed() {
    if !display_available() {
        return;
    }
    // Two saves, then the Load window: Delete asks first, "Keep it" keeps the save, and only
    // "Delete it" deletes one (the file's removal itself is tested in storage.rs). Were Delete to
    // delete at once, both saves would go.
    let (p, printed) = capture_with_output(
        "delete-save",
        &[
            "--game",
            "ice-colony",
            "--seats",
            "human,human",
            "--click",
            "key:ctrl+S",
            "--click",
            "wait",
            "--click",
            "key:ctrl+S",
            "--click",
            "wait",
            "--click",
            "key:ctrl+O",
            "--click",
            "wait",
            "--click",
            "button:Delete",
            "--click",
            "wait",
            "--click",
            "button:Keep it",
            "--click",
            "wait",
            "--click",
            "button:Delete",
            "--click",
            "wait",
            "--click",
            "button:Delete it",
            // A click every 12 frames from frame 30, a wait between each step so that a window
            // one click opens is laid out before the next looks for its button (once in CI no
            // save was deleted, session 44; the exit at 120 and 170 missed it before, session
            // 42): the last click takes frames 174-186, and the exit leaves room after it.
            "--exit-after",
            "260",
        ],
    );
    assert_not_blank(&p, 12.0);
    let shown: Vec<&str> = printed
        .lines()
        .filter_map(|l| l.strip_prefix("hoarfrost: shown: "))
        .collect();
    assert_eq!(
        shown.iter().filter(|s| s.starts_with("Saved as")).count(),
        2,
        "{shown:?}"
    );
    let deleted = shown
        .iter()
        .filter(|s| s.starts_with("Deleted the save ice-colony-00"))
        .count();
    assert_eq!(
        deleted, 1,
        "one save deleted: {shown:?}; the app printed:\n{printed}"
    );
}

#[test]
fn ice_colony_game_shows_the_terrain_board() {
    if !display_available() {
        return;
    }
    // The terrain is drawn one pyramid every 0.35 s of game time: `settle` waits for the last draw
    // however fast the frames come (human seats: with AI seats to act the table is never still).
    let args = [
        "--game",
        "ice-colony",
        "--seats",
        "human,human",
        "--seed",
        "2",
        "--click",
        "settle",
        "--exit-after",
        "60",
    ];
    let (p, printed) = capture_with_output("ice-colony", &args);
    assert_not_blank(&p, 12.0);
    assert_at_a_table(&printed);
    // Five red and five yellow terrain pyramids are in the bag of 30; with all 25 drawn (seed 2:
    // four red, three yellow) they show about 15,800 pixels.
    let (r, y) = (count(&p, red), count(&p, yellow));
    assert!(
        r + y > 8000,
        "only {r} red and {y} yellow pixels: the terrain board is missing"
    );
    // Orange's pool stands left of the board, where no terrain is.
    let pool = count_in(&p, (0.03, 0.27), (0.15, 0.65), orange);
    assert!(
        pool > 300,
        "only {pool} orange pixels left of the board: Orange's pool is missing"
    );
}

/// Orange pyramids (Ice Colony's second seat), lighter and darker rings alike.
fn orange(r: u32, g: u32, b: u32) -> bool {
    r > 170 && (70..170).contains(&g) && b < 100 && r > g + 50
}

#[test]
fn sprawl_ai_game_shows_the_chessboard_and_all_three_colours() {
    let Some(p) = ai_game("sprawl", "ai,ai,ai", "2", "60") else {
        return;
    };
    // Red, Yellow and Green (the default colours) each have towers and branches on the board, which
    // fills the middle of the frame; the stash trays stand round it, outside this box.
    let board = |test: fn(u32, u32, u32) -> bool| count_in(&p, (0.40, 0.60), (0.22, 0.57), test);
    let (r, y, g) = (board(red), board(yellow), board(green));
    assert!(
        r > 150 && y > 150 && g > 150,
        "only {r} red, {y} yellow and {g} green pixels on the board: pieces are missing"
    );
    // Each seat's tray of unplayed pyramids: Red's on the near side, below the board.
    let tray = count_in(&p, (0.40, 0.60), (0.62, 0.90), red);
    assert!(
        tray > 300,
        "only {tray} red pixels below the board: Red's stash tray is missing"
    );
}

/// Start the app on a Sprawl position from `scenes/positions/` with three human seats, click the named
/// pieces in turn and return the (not blank) picture and what the app printed; `None` without a display.
fn sprawl_clicks(
    shot: &str,
    scene: &str,
    clicks: &[&str],
    frames: &str,
) -> Option<(Picture, String)> {
    sprawl_clicks_in(shot, scene, clicks, frames, &[])
}

/// [`sprawl_clicks`] with more flags (`extra`) on the command line.
fn sprawl_clicks_in(
    shot: &str,
    scene: &str,
    clicks: &[&str],
    frames: &str,
    extra: &[&str],
) -> Option<(Picture, String)> {
    if !display_available() {
        return None;
    }
    let scene = format!(
        "{}/scenes/positions/{scene}.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut args = vec![
        "--game",
        "sprawl",
        "--seats",
        "human,human,human",
        "--scene",
        &scene,
    ];
    for c in clicks {
        args.extend(["--click", c]);
    }
    args.extend(["--exit-after", frames]);
    args.extend(extra);
    let (p, printed) = capture_with_output(shot, &args);
    assert_not_blank(&p, 12.0);
    Some((p, printed))
}

#[test]
fn a_real_click_on_a_sprawl_stash_piece_picks_that_size() {
    // Red is to move with four small pyramids, two mediums and a large left in its tray.
    let Some((_, printed)) = sprawl_clicks(
        "sprawl-stash-click",
        "sprawl-neutralized",
        &["Red stash small (1)"],
        "60",
    ) else {
        return;
    };
    let said = notice(&printed);
    assert!(
        said.starts_with("Red picks a small (1)"),
        "the click on Red's small stash piece picked nothing: {said:?}"
    );
    // The pointer rests on the piece: its tooltip says what it is.
    assert!(
        printed.contains("hoarfrost: tip: Red's stash: 4 small (1) left, 11 points in all."),
        "no tooltip over Red's stash piece: {printed}"
    );
}

#[test]
fn the_escape_key_and_a_click_on_the_bare_table_put_down_a_picked_sprawl_stash_size() {
    // A second click on a picked size puts it back to "any". After Escape (through the real
    // keyboard input) the next click picks it afresh, a real click on the background in the
    // window's bottom left corner puts it down, the next picks it again and the last puts it back
    // to "any"; had Escape or the background click left it picked, the last click would pick it
    // once more. A click lost also ends on another notice.
    let small = "Red stash small (1)";
    let Some((_, printed)) = sprawl_clicks(
        "sprawl-escape",
        "sprawl-neutralized",
        &[small, "key:Escape", small, "at:30,690", small, small],
        "160",
    ) else {
        return;
    };
    let said = notice(&printed);
    assert!(
        said.starts_with("any size"),
        "Escape or the background click left the small size picked: {said:?}"
    );
}

/// egui's window background, the dark grey of the side panel and the Settings window.
fn window_grey(r: u32, g: u32, b: u32) -> bool {
    r.max(g).max(b) < 40 && r.max(g).max(b) - r.min(g).min(b) < 6
}

/// The share of the pixels in columns `xs` and rows `ys` that are egui's window grey.
fn grey_share(p: &Picture, xs: std::ops::Range<usize>, ys: std::ops::Range<usize>) -> f64 {
    let all = xs.len() * ys.len();
    let grey = ys
        .flat_map(|y| xs.clone().map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let c = p.at(x, y);
            window_grey(c[0] as u32, c[1] as u32, c[2] as u32)
        })
        .count();
    grey as f64 / all.max(1) as f64
}

#[test]
fn ctrl_comma_opens_the_settings_window_in_a_game_and_escape_closes_it() {
    // The middle of the screen: the board's near rows, under the window when it is open.
    let middle = |p: &Picture| count_in(p, (0.42, 0.58), (0.45, 0.58), window_grey);
    // The stash click first takes the pointer off the board (wherever an earlier test left it), so
    // that no square's tooltip, a small frame of the same grey, shows in the middle.
    let away = "Red stash medium (2)";
    let Some((open, _)) = sprawl_clicks(
        "sprawl-settings",
        "sprawl-neutralized",
        &[away, "key:ctrl+comma"],
        "80",
    ) else {
        return;
    };
    let Some((closed, _)) = sprawl_clicks(
        "sprawl-settings-closed",
        "sprawl-neutralized",
        &[away, "key:ctrl+comma", "key:Escape"],
        "100",
    ) else {
        return;
    };
    let (inside, total) = (middle(&open), 0.16 * 0.13 * 1280.0 * 720.0);
    assert!(
        inside as f64 > 0.5 * total,
        "no Settings window in the middle after Ctrl+,: {inside} window pixels"
    );
    assert!(
        middle(&closed) < 200,
        "the Settings window stayed open after Escape: {} window pixels",
        middle(&closed)
    );
}

#[test]
fn the_side_panels_hint_play_it_and_back_buttons_answer_real_clicks() {
    // Real pointer clicks on the panel's buttons, found by their labels: the hint is asked for and
    // played, then the table is left for the title screen.
    let Some((p, printed)) = sprawl_clicks(
        "sprawl-panel-buttons",
        "sprawl-neutralized",
        &[
            "button:Hint",
            "button:Play it",
            "button:Back to the title screen",
        ],
        "100",
    ) else {
        return;
    };
    let said = notice(&printed);
    assert!(
        said.starts_with("Red ") && said.contains(" on "),
        "the hint was not played: the notice says {said:?}"
    );
    // The game's table is gone: what is drawn is the title screen's backdrop, a table and its props.
    let backdrop = hoarfrost::plugins::games::title_backdrop::props().len() + 1;
    assert_eq!(
        scene_stats(&printed).0,
        backdrop,
        "not just the title backdrop's {backdrop} pieces drawn"
    );
    let menu = count_in(&p, (0.4, 0.6), (0.4, 0.6), window_grey);
    assert!(
        menu > 20_000,
        "no title menu in the middle: {menu} window pixels"
    );
}

#[test]
fn a_smaller_window_shrinks_the_panels_and_their_buttons_still_answer_clicks() {
    // At 960x540 text and panels are three quarters of their size (they follow the window's
    // height), so the side panel covers about as much of the window as at 1280x720; the clicks
    // find the buttons where the smaller panel draws them.
    let Some((p, printed)) = sprawl_clicks_in(
        "sprawl-small-window",
        "sprawl-neutralized",
        &["button:Hint", "button:Play it"],
        "80",
        &["--window", "960x540"],
    ) else {
        return;
    };
    assert_eq!((p.width, p.height), (960, 540), "the window's size");
    assert_hint_played(&printed);
    assert_panel_at_three_quarters(&p);
}

/// The hint asked for in the Sprawl position `sprawl-neutralized` was played (a move of Red's).
fn assert_hint_played(printed: &str) {
    let said = notice(printed);
    assert!(
        said.starts_with("Red ") && said.contains(" on "),
        "the hint was not played: the notice says {said:?}"
    );
}

/// In a 960x540 window, the side panel is three quarters of its full size: measured as the columns
/// of the window's right half that are mostly panel grey from a twentieth to a quarter of the way
/// down. At full size it would be 300 of 960 pixels (31%); three quarters of that is 23%.
fn assert_panel_at_three_quarters(p: &Picture) {
    let rows = p.height / 20..p.height / 4;
    let panel = (p.width / 2..p.width)
        .filter(|&x| grey_share(p, x..x + 1, rows.clone()) > 0.5)
        .count();
    let share = panel as f64 / p.width as f64;
    assert!(
        (0.15..0.27).contains(&share),
        "the side panel is {panel} of {} pixels wide",
        p.width
    );
}

#[test]
fn a_window_resized_while_playing_shrinks_its_panels_answers_clicks_and_keeps_the_size() {
    // The window opens at 1280x720 and is resized to 960x540 during the game, as a drag of its edge
    // would (the window system gives the new size back): the frame is drawn at the new size, text
    // and panels follow it down to three quarters, the panel's buttons answer clicks where they now
    // are, and the size is written for the next start.
    if !display_available() {
        return;
    }
    let scene = format!(
        "{}/scenes/positions/sprawl-neutralized.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let args = [
        "--game",
        "sprawl",
        "--seats",
        "human,human,human",
        "--scene",
        &scene,
        "--click",
        "resize:960x540",
        "--click",
        "wait",
        "--click",
        "button:Hint",
        "--click",
        "button:Play it",
        "--exit-after",
        "110",
    ];
    let (p, printed, kept) = capture_reading_config("sprawl-resized", &args, &[], "window.ron");
    assert_not_blank(&p, 12.0);
    assert_eq!((p.width, p.height), (960, 540), "the window's size");
    assert_hint_played(&printed);
    assert_panel_at_three_quarters(&p);
    let kept = kept.expect("no window.ron written after the resize");
    assert_eq!(
        kept.split_whitespace().collect::<String>(),
        "(width:960,height:540)",
        "the size kept for the next start"
    );
}

#[test]
fn the_side_panel_scrolls_inside_the_smallest_window_with_the_log_and_help_open() {
    // Eight Sprawl seats, the game log and how to play open, in the smallest window: the panel
    // holds more than the window's height, so it must end above the window's bottom edge (and
    // scroll) rather than run off it, and still use most of the height.
    if !display_available() {
        return;
    }
    let seats = "human,ai,ai,ai,ai,ai,ai,ai";
    let args = [
        "--game",
        "sprawl",
        "--seats",
        seats,
        "--seed",
        "7",
        "--window",
        "800x450",
        // Until the human seat is to move: AI moves would grow the log and move the headers
        // between the pointer's arrival and its press. How to play (the lower header) opens
        // first, so that the game log's header above it stays put while it unfolds: opened the
        // other way round, the log's unfolding sometimes moved How to play from under the press.
        "--click",
        "settle",
        "--click",
        "button:How to play",
        "--click",
        "wait",
        "--click",
        "button:Game log",
        "--exit-after",
        "150",
    ];
    let p = capture("sprawl-panel-scrolls", &args);
    assert_not_blank(&p, 12.0);
    // A row is the panel's when most of the window's right quarter is panel grey there.
    let xs = p.width * 3 / 4..p.width - 12;
    let bottom = (0..p.height)
        .rev()
        .find(|&y| grey_share(&p, xs.clone(), y..y + 1) > 2.0 / 3.0);
    let bottom = bottom.expect("no side panel in the window's right quarter");
    assert!(
        bottom + 8 < p.height,
        "the side panel runs to row {bottom} of {}: off the window's bottom edge",
        p.height
    );
    assert!(
        bottom * 4 > p.height * 3,
        "the side panel ends at row {bottom} of {}: it does not use the window's height",
        p.height
    );
}

/// Start `game` with more `flags` (the seats, a seed), make the scripted clicks (`--click` values)
/// and return what the last notice said; `None` without a display.
fn human_clicks(
    shot: &str,
    game: &str,
    flags: &[&str],
    clicks: &[&str],
    frames: &str,
) -> Option<String> {
    if !display_available() {
        return None;
    }
    let mut args = vec!["--game", game];
    args.extend(flags);
    for c in clicks {
        args.extend(["--click", c]);
    }
    args.extend(["--exit-after", frames]);
    let (p, printed) = capture_with_output(shot, &args);
    assert_not_blank(&p, 12.0);
    Some(notice(&printed))
}

#[test]
fn real_clicks_on_a_pyramid_then_a_larger_one_cap_it_in_icetowers() {
    // The click on a pyramid also bubbles up to the window, which once counted as a click on the
    // bare table and put the pyramid straight back down: no move could be made with the mouse.
    let Some(said) = human_clicks(
        "icetowers-cap",
        "icetowers",
        &["--seats", "human,human"],
        &["Red small pyramid 1", "Red large pyramid 1"],
        "70",
    ) else {
        return;
    };
    assert_eq!(said, "Red caps the Red large with the Red small");
}

#[test]
fn real_clicks_on_an_ice_castle_card_then_a_door_tile_reach_the_rules() {
    // Seed 1 deals Player 1 an Axe; A1 is a closed door nobody knows to be frozen. The AI seat
    // moves second (two human seats would bring the hand-over window first).
    if !display_available() {
        return;
    }
    let (p, printed) = capture_with_output(
        "ice-castle-axe",
        &[
            "--game",
            "ice-castle",
            "--seats",
            "human,ai",
            "--click",
            "settle",
            "--click",
            "button:Axe",
            "--click",
            "Door tile A1",
            "--exit-after",
            "90",
        ],
    );
    assert_not_blank(&p, 12.0);
    assert_eq!(
        notice(&printed),
        "an Axe only opens a door known to be frozen"
    );
    // The four cards in the hand (bottom left) show their pictures on card paper (about 270
    // pixels of paper each), the Axe's in brown ink.
    let hand = ((0.0, 0.35), (0.85, 0.97));
    let paper = count_in(&p, hand.0, hand.1, |r, g, b| {
        r > 225 && g > 222 && b > 200 && r > b + 6
    });
    assert!(paper > 800, "only {paper} pixels of card paper in the hand");
    let axe = count_in(&p, hand.0, hand.1, |r, g, b| {
        (90..160).contains(&r) && (40..90).contains(&g) && b < 50 && r > g + 40
    });
    assert!(
        axe > 15,
        "only {axe} pixels of the Axe's brown ink in the hand"
    );
}

#[test]
fn real_clicks_on_an_ice_castle_card_then_the_discard_pile_discard_it() {
    // The same deal: no tile takes Player 1's Axe yet, the discard pile always does (empty, it is
    // only the glowing frame drawn while a card is picked).
    let Some(said) = human_clicks(
        "ice-castle-discard",
        "ice-castle",
        &["--seats", "human,ai"],
        &["settle", "button:Axe", "Discard pile"],
        "90",
    ) else {
        return;
    };
    assert_eq!(said, "Player 1 discards an Axe");
}

#[test]
fn a_real_click_on_an_ice_colony_square_places_a_first_piece() {
    // The terrain is drawn first (25 draws, one every 0.35 s of game time: about 9 s), then the
    // dice-off's winner places. A click made while the last draws still came in once landed on C4
    // for C5 (and before, on C4 for C3) when the waits were counted in frames; `settle` now holds
    // the click until no draw is pending and nothing moves. C5, in the front row, has no pyramid
    // standing in front of it.
    let clicks = vec!["settle", "Square C5"];
    let Some(said) = human_clicks(
        "ice-colony-place",
        "ice-colony",
        &["--seats", "human,human"],
        &clicks,
        "90",
    ) else {
        return;
    };
    assert!(
        said.ends_with("places a first piece on C5"),
        "the click on C5 placed nothing: {said:?}"
    );
}

#[test]
fn ice_castle_ai_game_shows_doors_of_all_four_colours_and_the_draw_pile() {
    let Some(p) = ai_game("ice-castle", "ai,ai", "2", "120") else {
        return;
    };
    // Forty door tiles, ten per colour, lie on the 5x8 castle.
    let (r, y, g, b) = (
        count(&p, red),
        count(&p, yellow),
        count(&p, green),
        count(&p, blue),
    );
    assert!(
        r > 300 && y > 300 && g > 300 && b > 300,
        "only {r} red, {y} yellow, {g} green and {b} blue pixels: door tiles are missing"
    );
    // The draw pile's back, a blue lattice, right of the castle and below the side panel.
    let back = count_in(&p, (0.64, 0.76), (0.45, 0.72), card_back);
    assert!(back > 300, "only {back} pixels of the draw pile's back");
}

/// The Ice Castle cards' back (`castle-cards.png`'s "back": a mid blue with a light lattice), lit.
fn card_back(r: u32, g: u32, b: u32) -> bool {
    b > 130 && b > r + 60 && g > r + 25
}

/// The background colour at low graphics quality (`graphics::LOW_BACKDROP` as drawn), within a
/// few levels.
fn backdrop(c: [u8; 3]) -> bool {
    let want = [176i32, 196, 212];
    (0..3).all(|i| (c[i] as i32 - want[i]).abs() <= 3)
}

/// The table's pieces and the meshes and materials they share, from the app's exit line.
fn scene_stats(printed: &str) -> (usize, usize, usize) {
    let line = printed
        .lines()
        .find(|l| l.contains("pieces drawn"))
        .unwrap_or_else(|| panic!("no scene statistics in the output: {printed}"));
    let numbers: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    (numbers[0], numbers[1], numbers[2])
}

/// Warm ivory: the dice's faces.
fn ivory(r: u32, g: u32, b: u32) -> bool {
    r > 215 && g > 210 && b > 190 && r >= b
}

/// The exit line naming the last notice shown to the player.
fn notice(printed: &str) -> String {
    printed
        .lines()
        .find_map(|l| l.strip_prefix("hoarfrost: notice: "))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn ice_fortress_start_shows_the_board_dice_and_cards_and_a_real_click_reaches_the_rules() {
    if !display_available() {
        return;
    }
    // A human seat at setup: the pointer clicks a die, which must wait for the abilities to be chosen.
    let (p, printed) = capture_with_output(
        "fortress-start",
        &[
            "--game",
            "ice-fortress",
            "--seats",
            "human",
            "--seed",
            "2",
            "--click",
            "Unused die",
            "--exit-after",
            "60",
            "--quality",
            "low",
        ],
    );
    assert_not_blank(&p, 12.0);
    // Low quality leaves the table top to the background colour.
    assert!(printed.contains("graphics quality low"), "{printed}");
    assert!(
        backdrop(p.at(4, p.height - 4)) && backdrop(p.at(p.width - 4, p.height - 4)),
        "the low quality's backdrop is missing: {:?}",
        p.at(4, p.height - 4)
    );
    let (dice, blue_cards) = (count(&p, ivory), count(&p, blue));
    assert!(dice > 300, "only {dice} ivory pixels: the dice are missing");
    assert!(
        blue_cards > 50,
        "only {blue_cards} blue pixels: no water card or figure"
    );
    // The game opens with a notice about the ability cards too: only the refusal's own words (and
    // its sound cue) show that the click reached the rules.
    let said = notice(&printed);
    assert!(
        said.starts_with("first choose the ability cards"),
        "the click did not reach the rules: {said:?}"
    );
    assert!(printed.contains("hoarfrost: heard: Refused"), "{printed}");
}

#[test]
fn ice_fortress_abilities_kept_and_a_rolled_die_picked_up_by_real_clicks() {
    // Solo (two characters), seed 3: each keeps two dealt abilities through the side panel's
    // buttons, the dice are rolled, and the first die in the tray is picked up before any room is
    // built, so the notice must say where it could go instead.
    let Some(said) = human_clicks(
        "fortress-first-turn",
        "ice-fortress",
        &["--seats", "human", "--seed", "3"],
        &[
            "button:Scarlett keeps the hardy ability",
            "button:Scarlett keeps the cunning ability",
            "button:Eve keeps the stern ability",
            "button:Eve keeps the wise ability",
            "settle",
            "Rolled die 1",
        ],
        "160",
    ) else {
        return;
    };
    assert!(
        said.starts_with("holding a ") && said.contains("build a room first"),
        "the die was not picked up, or the notice does not say where it could go: {said:?}"
    );
}

#[test]
fn icetowers_ice_colony_and_ice_castle_start_from_their_shipped_positions() {
    if !display_available() {
        return;
    }
    for (game, file) in [
        ("icetowers", "icetowers-midgame"),
        ("ice-colony", "colony-midgame"),
        ("ice-castle", "castle-midgame"),
    ] {
        let scene = format!("{}/scenes/positions/{file}.ron", env!("CARGO_MANIFEST_DIR"));
        let (p, printed) = capture_with_output(
            file,
            &[
                "--game",
                game,
                "--seats",
                "human,human,human",
                "--scene",
                &scene,
                "--exit-after",
                "30",
            ],
        );
        assert_not_blank(&p, 12.0);
        // Human seats only: nothing moves, so the opening words are still there at the end (a
        // position refused goes back to the title screen with the reason instead).
        let said = notice(&printed);
        assert!(
            said.starts_with("A saved table position"),
            "{game}: {said:?}"
        );
    }
}

#[test]
fn ice_fortress_midgame_scene_shows_a_tall_fortress_sharing_meshes_and_materials() {
    if !display_available() {
        return;
    }
    let scene = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenes/positions/fortress-midgame.ron"
    );
    let (p, printed) = capture_with_output(
        "fortress-midgame",
        &[
            "--game",
            "ice-fortress",
            "--seats",
            "human",
            "--scene",
            scene,
            "--exit-after",
            "40",
            "--quality",
            "high",
        ],
    );
    assert_not_blank(&p, 12.0);
    // High quality draws the round table top under a dark sky: the bottom corners, beyond the
    // table's edge, show the sky (low quality fills them with its flat backdrop), and below the
    // board the table shows, lit to the backdrop's colour (without it, the sky would show there).
    assert!(printed.contains("graphics quality high"), "{printed}");
    let sky = |c: [u8; 3]| c.iter().all(|&v| v < 60);
    assert!(
        sky(p.at(4, p.height - 4)) && sky(p.at(p.width - 4, p.height - 4)),
        "no sky beyond the table at high quality: {:?}",
        p.at(4, p.height - 4)
    );
    let below_board = p.at(p.width / 2, p.height * 95 / 100);
    assert!(
        backdrop(below_board),
        "the table top is missing at high quality: {below_board:?}"
    );
    // Fire room cards: a warm orange red.
    let fire = count(&p, |r, g, b| r > 170 && r > g + 60 && r > b + 80);
    assert!(
        fire > 2000,
        "only {fire} fire-card pixels: the fire rooms are missing"
    );
    // Fire's card, lit on its beacon side (pale gold), stands first in the row behind the board, top
    // left: the characters window must keep narrow enough to leave it in sight.
    let beacon = count_in(&p, (0.22, 0.32), (0.08, 0.18), |r, g, b| {
        (216..245).contains(&r) && (201..230).contains(&g) && (151..180).contains(&b)
    });
    assert!(
        beacon > 800,
        "only {beacon} pixels of the fire beacon card: the characters window covers it"
    );
    let (pieces, meshes, materials) = scene_stats(&printed);
    assert!(pieces > 150, "only {pieces} pieces drawn");
    assert!(
        materials <= 40 && meshes <= 90,
        "{pieces} pieces use {meshes} meshes and {materials} materials: pieces must share them by kind"
    );
}

#[test]
fn ice_fortress_won_scene_shows_the_win_screen() {
    if !display_available() {
        return;
    }
    let scene = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenes/positions/fortress-won.ron"
    );
    let (p, printed) = capture_with_output(
        "fortress-won",
        &[
            "--game",
            "ice-fortress",
            "--seats",
            "ai",
            "--scene",
            scene,
            "--exit-after",
            "40",
        ],
    );
    assert_not_blank(&p, 12.0);
    // The side panel of play stands where the game-over window does: the screen says which it is.
    assert!(printed.contains("hoarfrost: screen: GameOver"), "{printed}");
    // The game-over window stands at the top right, where the side panel was, a dark panel with
    // light text, leaving the fortress in the middle in sight.
    let at = |x: usize, y: usize| p.rgb[y * p.width + x];
    let dark_in_row = |from: usize, y: usize| {
        (0..300)
            .map(|i| at(from + i, y))
            .filter(|c| c.iter().all(|&v| v < 60))
            .count()
    };
    let corner = dark_in_row(p.width - 320, 80);
    assert!(
        corner > 100,
        "no game-over window at the top right ({corner} dark pixels)"
    );
    let middle = dark_in_row(p.width / 2 - 150, p.height / 2);
    assert!(
        middle < 100,
        "the game-over window covers the table's middle ({middle} dark pixels)"
    );
}

/// The icy glow of the ring round a neutralized Sprawl tower.
fn icy(r: u32, g: u32, b: u32) -> bool {
    g > 150 && b > 150 && g > r + 80
}

#[test]
fn sprawl_marks_a_neutralized_tower_and_a_real_click_on_a_square_is_answered() {
    let Some((p, printed)) = sprawl_clicks(
        "sprawl-neutralized",
        "sprawl-neutralized",
        &["Square a1"],
        "60",
    ) else {
        return;
    };
    // The ring around the neutralized tower on a6 (top left of the board); the squares lit for
    // Red's moves are a paler blue that `icy` does not take.
    let ring = count_in(&p, (0.33, 0.42), (0.17, 0.30), icy);
    assert!(
        ring > 60,
        "only {ring} icy pixels around a6: the neutralized tower is not marked"
    );
    // a1 takes no move of Red's: the click is answered with the reason the side panel gives.
    let scene = format!(
        "{}/scenes/positions/sprawl-neutralized.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let s: hoarfrost_rules::sprawl::Sprawl =
        ron::from_str(&std::fs::read_to_string(scene).expect("the scene")).expect("it parses");
    let a1 = hoarfrost_rules::sprawl::Square::new(0, 0);
    let why = hoarfrost::plugins::games::sprawl::input::explain(&s, s.current_player(), a1, None);
    assert_eq!(notice(&printed), why, "the click on a1 was not answered");
}

#[test]
fn a_sprawl_branch_direction_is_chosen_by_clicking_an_arrow_on_the_board() {
    // A medium into b4 may point north, east or west: the click on b4 lays three arrows there.
    let Some((_, printed)) = sprawl_clicks(
        "sprawl-branch-arrow",
        "sprawl-branch",
        &["Square b4", "Arrow east"],
        "90",
    ) else {
        return;
    };
    let said = notice(&printed);
    assert_eq!(
        said,
        "Red branches a medium (2) from b3 to b4, pointing east"
    );
}

/// The gold of the tutorial's heading in the side panel (255, 210, 90), not the Yellow seat's
/// swatch beside the seat rows (242, 204, 30), which lies in the same corner of the window.
fn gold(r: u32, g: u32, b: u32) -> bool {
    r > 220 && (170..235).contains(&g) && (60..130).contains(&b)
}

/// A tutorial started from the command line with `args` and shot after `frames` frames, checked
/// not blank, opened (a notice said so; in Ice Colony the AI seats' first moves may have replaced it
/// by the time of the shot on a slow machine) and showing its heading in gold at the top of the side
/// panel (right third, upper half; a game without the tutorial shows no gold there); `None` when
/// there is no display.
fn tutorial_shot(name: &str, args: &[&str], frames: &str) -> Option<Picture> {
    if !display_available() {
        return None;
    }
    let mut all = vec!["--tutorial", "--exit-after", frames];
    all.extend(args);
    let (p, printed) = capture_with_output(name, &all);
    assert_not_blank(&p, 12.0);
    let shown: Vec<&str> = printed
        .lines()
        .filter_map(|l| l.strip_prefix("hoarfrost: shown: "))
        .collect();
    assert!(
        shown.iter().any(|n| n.contains("tutorial")),
        "no notice said the tutorial opened: {shown:?}"
    );
    let heading = count_in(&p, (0.67, 1.0), (0.0, 0.5), gold);
    assert!(
        heading > 20,
        "only {heading} gold pixels: no tutorial heading"
    );
    Some(p)
}

#[test]
fn the_ice_fortress_tutorial_opens_with_its_notes_in_the_side_panel() {
    let Some(p) = tutorial_shot("fortress-tutorial", &["--quality", "low"], "60") else {
        return;
    };
    // The tutorial's notes make the side panel tall; the supply's last card (a small fire room,
    // bottom right) must still show beside it, not under it.
    let fire = count_in(&p, (0.72, 0.76), (0.74, 0.79), |r, g, b| {
        r > 170 && r > g + 60 && r > b + 80
    });
    assert!(
        fire > 80,
        "only {fire} pixels of the last supply card: the side panel covers it"
    );
}

#[test]
fn the_sprawl_tutorial_refuses_a_real_click_off_its_script_and_names_the_move() {
    if !display_available() {
        return;
    }
    // The script's first move is a large first tower on c2: a click on d4 is refused.
    let (p, printed) = capture_with_output(
        "sprawl-tutorial",
        &[
            "--tutorial",
            "--game",
            "sprawl",
            "--click",
            "Red stash large (3)",
            "--click",
            "Square d4",
            "--exit-after",
            "90",
        ],
    );
    assert_not_blank(&p, 12.0);
    let said = notice(&printed);
    assert!(
        said.contains("tutorial asks for another move") && said.contains("on c2"),
        "the click on d4 was not refused by the tutorial: {said:?}"
    );
    // The refusal is heard too (in a build with sound): once.
    let heard: Vec<&str> = printed
        .lines()
        .filter_map(|l| l.strip_prefix("hoarfrost: heard: "))
        .collect();
    assert_eq!(heard, ["Refused"], "{printed}");
    let heading = count_in(&p, (0.67, 1.0), (0.0, 0.5), gold);
    assert!(
        heading > 20,
        "only {heading} gold pixels: no tutorial heading"
    );
}

/// The dark ink of the board-edge labels (column letters, row numbers) on the light table.
fn ink(r: u32, g: u32, b: u32) -> bool {
    r < 90 && g < 90 && b < 110 && b >= r
}

#[test]
fn the_ice_colony_tutorial_opens_with_its_notes_and_the_board_names_its_columns() {
    let Some(p) = tutorial_shot("colony-tutorial", &["--game", "ice-colony"], "60") else {
        return;
    };
    // The letters A-E stand on the table below the board, where nothing else is dark.
    let letters = count_in(&p, (0.25, 0.72), (0.72, 0.86), ink);
    assert!(
        letters > 200,
        "only {letters} dark pixels below the board: the column letters are missing"
    );
}

/// The gold markers over what to click, as lavapipe draws them (redder than the yellow doors).
fn marker_gold(r: u32, g: u32, b: u32) -> bool {
    r > 192 && (30..=50).contains(&(r as i32 - g as i32)) && b < 90
}

#[test]
fn the_ice_castle_tutorial_opens_with_its_notes_and_marks_both_ends_of_the_ice_slide() {
    let Some(p) = tutorial_shot("castle-tutorial", &["--game", "ice-castle"], "150") else {
        return;
    };
    // The gold markers stand over both ends of the Ice Slide asked for (C3 and B4, on the board in
    // the middle of the frame).
    let markers = count_in(&p, (0.35, 0.6), (0.25, 0.6), marker_gold);
    assert!(
        markers > 100,
        "only {markers} gold pixels on the board: no markers over the Ice Slide's tiles"
    );
}

#[test]
fn the_icetowers_tutorial_marks_the_pyramid_to_pick_up_in_the_players_home() {
    let Some(p) = tutorial_shot("icetowers-tutorial", &["--game", "icetowers"], "60") else {
        return;
    };
    // Red's home is the near one, below the middle; a marker bobs over the medium to pick up.
    let marker = count_in(&p, (0.38, 0.62), (0.6, 0.9), marker_gold);
    assert!(
        marker > 50,
        "only {marker} gold pixels in Red's home: no marker over the pyramid to pick up"
    );
}

#[test]
fn a_shot_that_cannot_be_written_ends_the_run_with_exit_code_3() {
    if !display_available() {
        return;
    }
    // A folder where the PNG should go: the write fails, and the app must say so, not that it saved.
    let home = std::env::temp_dir().join(format!("hoarfrost-unwritten-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let blocked = home.join("shot.png");
    std::fs::create_dir_all(&blocked).expect("a folder in the shot's place");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hoarfrost"))
        .args([
            "--game",
            "icetowers",
            "--seats",
            "ai,ai",
            "--exit-after",
            "40",
        ])
        .arg("--screenshot")
        .arg(&blocked)
        .env("BEVY_ASSET_ROOT", env!("CARGO_MANIFEST_DIR"))
        .env("HOARFROST_DATA_DIR", home.join("data"))
        .env("HOARFROST_CONFIG_DIR", home.join("config"))
        .env("RUST_LOG", "off")
        // To files, not pipes: a pipe nobody reads while the test waits could fill and stall it.
        .stdout(std::fs::File::create(home.join("out.txt")).expect("an output file"))
        .stderr(std::fs::File::create(home.join("err.txt")).expect("an output file"))
        .spawn()
        .expect("the app starts");
    let started = Instant::now();
    while child.try_wait().expect("wait for the app").is_none() {
        if started.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            panic!("the app did not exit within 300 s");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let status = child.wait().expect("the app's exit status");
    let read = |name: &str| std::fs::read_to_string(home.join(name)).unwrap_or_default();
    let (stdout, stderr) = (read("out.txt"), read("err.txt"));
    let _ = std::fs::remove_dir_all(&home);
    assert_eq!(status.code(), Some(3), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("hoarfrost: The screenshot could not be written to"),
        "{stderr}"
    );
    assert!(!stdout.contains("screenshot saved"), "{stdout}");
    // And in the window, for a run nobody reads the exit code of.
    assert!(
        stdout.contains("hoarfrost: shown: The screenshot could not be written to"),
        "{stdout}"
    );
}
