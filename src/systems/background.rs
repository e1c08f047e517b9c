//! Work that must not slow the frame: AI decisions run on their own thread at a lower scheduling
//! priority, so that where the CPU is short (software rendering on two cores) the renderer keeps its
//! share and the frame rate holds while a bot thinks; with cores to spare the thread runs at full
//! speed.

use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

/// How much lower than the app's the thinking threads' priority is (Linux nice levels: at 10 a busy
/// thread gets about a tenth of a core the renderer also wants). `HOARFROST_AI_NICE` (0 to 19)
/// overrides it, for measuring (`scripts/bench-app.sh` compares 0 with this).
pub const NICENESS: i32 = 10;

/// [`NICENESS`], or the value of `HOARFROST_AI_NICE` when that is a number from 0 to 19.
pub fn niceness() -> i32 {
    std::env::var("HOARFROST_AI_NICE")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|n| (0..=19).contains(n))
        .unwrap_or(NICENESS)
}

/// A result being computed on a background thread.
pub struct Background<T> {
    result: Arc<Mutex<Option<T>>>,
    /// `None` when the thread could not be started.
    thread: Option<JoinHandle<()>>,
}

impl<T: Send + 'static> Background<T> {
    /// Run `work` on a new low-priority thread.
    pub fn spawn(work: impl FnOnce() -> T + Send + 'static) -> Self {
        let result = Arc::new(Mutex::new(None));
        let slot = Arc::clone(&result);
        let thread = std::thread::Builder::new()
            .name("hoarfrost-ai".into())
            .spawn(move || {
                lower_priority();
                let done = work();
                *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(done);
            })
            .inspect_err(|e| eprintln!("hoarfrost: could not start a thinking thread: {e}"))
            .ok();
        Background { result, thread }
    }

    /// The result once it is ready; `Some(None)` when the work was lost (its thread panicked or
    /// never started), `None` while it is still running.
    pub fn poll(&mut self) -> Option<Option<T>> {
        let take = || {
            self.result
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take()
        };
        if let Some(t) = take() {
            return Some(Some(t));
        }
        match &self.thread {
            Some(thread) if !thread.is_finished() => None,
            // Finished (read again: it may have finished since the first look) or never started.
            _ => Some(take()),
        }
    }
}

/// Lower the calling thread's scheduling priority to [`niceness`] unless it is lower already (Linux:
/// nice is per thread).
#[cfg(target_os = "linux")]
fn lower_priority() {
    // SAFETY: getpriority and setpriority with PRIO_PROCESS and who = 0 read and change the calling
    // thread's nice level only.
    let now = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
    let nice = niceness();
    if nice <= now {
        return;
    }
    // SAFETY: as above.
    let done = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, nice) };
    if done != 0 {
        eprintln!("hoarfrost: could not lower the thinking thread's priority");
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait<T: Send + 'static>(mut b: Background<T>) -> Option<T> {
        loop {
            if let Some(r) = b.poll() {
                return r;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    #[test]
    fn the_result_comes_back() {
        assert_eq!(wait(Background::spawn(|| 6 * 7)), Some(42));
    }

    #[test]
    fn a_panicking_worker_reports_the_work_lost() {
        let b: Background<u8> = Background::spawn(|| panic!("deliberate, in a test"));
        assert_eq!(wait(b), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_worker_runs_at_a_lower_priority() {
        // SAFETY: getpriority reads the calling thread's nice level.
        let read = || unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        let mine = read();
        let theirs = wait(Background::spawn(read)).unwrap();
        assert_eq!(theirs, niceness().max(mine));
    }
}
