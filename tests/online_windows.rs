//! Online play in two real windows: a host's app (`--host`) and a guest's (`--join`) as two
//! processes under the display, over loopback. The host makes a move with real clicks; both
//! windows then show the same table (the same step, the same move told) from their own seats, and
//! both screenshots are pictures of it.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use common::display_available;
use common::picture::load_png;

/// One app of the test, its folders and screenshot its own.
struct Window {
    child: Child,
    shot: PathBuf,
}

impl Drop for Window {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

fn start(name: &str, args: &[&str]) -> Window {
    let tag = format!("hoarfrost-online-{name}-{}", std::process::id());
    let home = std::env::temp_dir().join(&tag);
    let _ = std::fs::remove_dir_all(&home);
    let shot = std::env::temp_dir().join(format!("{tag}.png"));
    let _ = std::fs::remove_file(&shot);
    let child = Command::new(env!("CARGO_BIN_EXE_hoarfrost"))
        .args(args)
        .arg("--screenshot")
        .arg(&shot)
        .env("BEVY_ASSET_ROOT", env!("CARGO_MANIFEST_DIR"))
        .env("HOARFROST_DATA_DIR", home.join("data"))
        .env("HOARFROST_CONFIG_DIR", home.join("config"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .expect("the app starts");
    Window { child, shot }
}

/// Wait for the app to quit; what it printed. (The guest quits first: a host that quits takes
/// its table with it.)
fn finish(mut w: Window) -> (String, PathBuf) {
    let out = std::mem::replace(
        &mut w.child,
        Command::new("true").spawn().expect("a placeholder"),
    )
    .wait_with_output()
    .expect("the app runs");
    let printed = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "the app failed: {printed}");
    (printed, w.shot.clone())
}

fn line<'a>(printed: &'a str, head: &str) -> &'a str {
    printed
        .lines()
        .find_map(|l| l.strip_prefix(head))
        .unwrap_or_else(|| panic!("no '{head}' line in:\n{printed}"))
}

/// The screenshot is a picture of the table: many colours, and both seats' pyramids (red and
/// yellow) on it.
fn shows_both_seats(path: &Path) {
    let p = load_png(path);
    let mut colours: Vec<[u8; 3]> = p
        .rgb
        .iter()
        .map(|c| [c[0] & 0xF0, c[1] & 0xF0, c[2] & 0xF0])
        .collect();
    colours.sort();
    colours.dedup();
    assert!(
        colours.len() > 40,
        "{}: {} colours",
        path.display(),
        colours.len()
    );
    let count = |f: fn(i32, i32, i32) -> bool| {
        p.rgb
            .iter()
            .filter(|c| f(c[0] as i32, c[1] as i32, c[2] as i32))
            .count()
    };
    let red = count(|r, g, b| r > 80 && r > 2 * g && r > 2 * b);
    let yellow = count(|r, g, b| r > 100 && g > 80 && 2 * b < r && 2 * b < g);
    assert!(
        red > 2000 && yellow > 2000,
        "{}: red {red}, yellow {yellow} pixels",
        path.display()
    );
}

#[test]
fn a_host_and_a_guest_in_two_windows_see_the_same_table_after_the_hosts_move() {
    if !display_available() {
        return;
    }
    let port = std::net::UdpSocket::bind("127.0.0.1:0")
        .and_then(|s| s.local_addr())
        .expect("a free port")
        .port()
        .to_string();
    let host = start(
        "host",
        &[
            "--host",
            "--game",
            "icetowers",
            "--seats",
            "human:Hana,human",
            "--port",
            &port,
            "--code",
            "ICE-2468",
            "--start-when-full",
            "--click",
            "settle",
            "--click",
            "Red small pyramid 1",
            "--click",
            "Red large pyramid 1",
            "--exit-after",
            "400",
        ],
    );
    // The guest joins once the host listens (it says so when no table answers).
    std::thread::sleep(std::time::Duration::from_secs(4));
    let address = format!("127.0.0.1:{port}");
    let guest = start(
        "guest",
        &[
            "--join",
            &address,
            "--code",
            "ICE-2468",
            "--name",
            "Gus",
            "--click",
            "settle",
            "--exit-after",
            "200",
        ],
    );
    let (guest_said, guest_shot) = finish(guest);
    let (host_said, host_shot) = finish(host);
    let moved = "Red caps the Red large with the Red small";
    assert_eq!(line(&host_said, "hoarfrost: notice: "), moved);
    assert_eq!(line(&guest_said, "hoarfrost: notice: "), moved);
    assert_eq!(
        line(&host_said, "hoarfrost: online: "),
        "seat Some(1), step Some(1)"
    );
    assert_eq!(
        line(&guest_said, "hoarfrost: online: "),
        "seat Some(2), step Some(1)"
    );
    shows_both_seats(&host_shot);
    shows_both_seats(&guest_shot);
    eprintln!(
        "screenshots: {} {}",
        host_shot.display(),
        guest_shot.display()
    );
}
