//! What the app-launching integration tests share.

#[allow(dead_code)]
pub mod picture;

/// Whether there is a display to open the app's window on. Without one the test is skipped, unless
/// `HOARFROST_REQUIRE_DISPLAY=1` (set by CI) makes that a failure.
pub fn display_available() -> bool {
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
