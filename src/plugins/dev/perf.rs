//! Measuring the app: the process start instant, resident memory from `/proc/self/status`, and
//! percentiles of frame times. The benchmark and soak plugins print what these return.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

static STARTED: OnceLock<Instant> = OnceLock::new();

/// Remember now as the process start; call it first thing in `main`. Later calls change nothing.
pub fn mark_start() {
    STARTED.get_or_init(Instant::now);
}

/// Time since [`mark_start`] (or since the first call of this function, if it was never called).
pub fn since_start() -> Duration {
    STARTED.get_or_init(Instant::now).elapsed()
}

/// A memory figure of this process in KiB, such as `VmRSS` (resident now) or `VmHWM` (peak resident);
/// `None` where `/proc` is missing (not Linux).
pub fn vm_kib(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status_field(&status, field)
}

/// The value in KiB of `field` in the text of a `/proc/<pid>/status` file.
pub fn status_field(status: &str, field: &str) -> Option<u64> {
    status.lines().find_map(|line| {
        let rest = line.strip_prefix(field)?.strip_prefix(':')?;
        rest.split_whitespace().next()?.parse().ok()
    })
}

/// CPU time this process has used so far (all threads, user and system), from `/proc/self/stat`;
/// `None` where `/proc` is missing. Its resolution is the kernel's clock tick (10 ms at 100 Hz).
pub fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let ticks = stat_cpu_ticks(&stat)?;
    Some(Duration::from_millis(ticks * 10))
}

/// User plus system clock ticks in the text of a `/proc/<pid>/stat` file (fields 14 and 15).
fn stat_cpu_ticks(stat: &str) -> Option<u64> {
    // The command name (field 2) is in parentheses and may hold spaces: count from its end.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some(user + system)
}

/// The `p`-th percentile (0-100) of `values` by the nearest-rank method; `None` when empty.
pub fn percentile(values: &[f64], p: f64) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// The median of `values` (the 50th percentile); `None` when empty.
pub fn median(values: &[f64]) -> Option<f64> {
    percentile(values, 50.0)
}

/// Growth of the last third of `samples` over the first third, as a fraction (0.05 is 5%), comparing
/// medians so one spike does not decide it; `None` with fewer than three samples.
pub fn growth(samples: &[f64]) -> Option<f64> {
    let third = samples.len() / 3;
    if third == 0 {
        return None;
    }
    let first = median(&samples[..third])?;
    let last = median(&samples[samples.len() - third..])?;
    (first > 0.0).then(|| last / first - 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_memory_fields_in_kib() {
        let text = "Name:\thoarfrost\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\n";
        assert_eq!(status_field(text, "VmHWM"), Some(204_800));
        assert_eq!(status_field(text, "VmRSS"), Some(102_400));
        assert_eq!(status_field(text, "VmSwap"), None);
        if cfg!(target_os = "linux") {
            assert!(vm_kib("VmRSS").is_some_and(|k| k > 0));
        }
    }

    #[test]
    fn reads_cpu_ticks_after_the_command_name() {
        let stat = "42 (a b) S 1 42 42 0 -1 4194560 100 0 0 0 250 31 0 0 20 0 9 0 1000";
        assert_eq!(stat_cpu_ticks(stat), Some(281));
        if cfg!(target_os = "linux") {
            assert!(cpu_time().is_some());
        }
    }

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).rev().collect();
        assert_eq!(median(&v), Some(50.0));
        assert_eq!(percentile(&v, 95.0), Some(95.0));
        assert_eq!(percentile(&v, 100.0), Some(100.0));
        assert_eq!(percentile(&[7.0], 95.0), Some(7.0));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn growth_compares_the_medians_of_the_first_and_last_thirds() {
        let flat = [100.0, 300.0, 100.0, 100.0, 100.0, 100.0];
        assert_eq!(growth(&flat), Some(0.0));
        let grew = [100.0, 100.0, 100.0, 110.0, 110.0, 110.0];
        assert!((growth(&grew).unwrap() - 0.1).abs() < 1e-9);
        assert_eq!(growth(&[1.0, 2.0]), None);
    }
}
