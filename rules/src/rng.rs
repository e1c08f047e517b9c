//! The seeded random number generator that lives inside every game state.
//!
//! PCG-32 (from `rand_pcg`) is specified bit for bit, so the same seed gives the same stream on every
//! machine; it serializes with the state, so a saved game goes on exactly as it would have. Beside
//! it, the one stable hash the crates use ([`fnv1a`]).

use rand::{Rng, RngExt, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

/// FNV-1a over `bytes`: a 64-bit hash that is the same from build to build and machine to machine
/// (unlike the standard library's hasher), for telling deals and positions apart and naming files.
pub fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A portable, serializable random stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng(Pcg32);

impl GameRng {
    /// A stream determined entirely by `seed`.
    pub fn new(seed: u64) -> Self {
        GameRng(Pcg32::seed_from_u64(seed))
    }

    /// A uniform index in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "GameRng::below(0)");
        // Sample through u32 so the result is the same on 32- and 64-bit machines.
        self.0.random_range(0..n as u32) as usize
    }

    /// A six-sided die: 1 to 6.
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// A fresh 64-bit value, for deriving seeds.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Shuffle a slice in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// Take a uniformly chosen element out of `items` (order of the rest is kept); `None` if empty.
    pub fn take<T>(&mut self, items: &mut Vec<T>) -> Option<T> {
        if items.is_empty() {
            None
        } else {
            let i = self.below(items.len());
            Some(items.remove(i))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::new(7);
        let mut b = GameRng::new(7);
        for _ in 0..100 {
            assert_eq!(a.below(1000), b.below(1000));
        }
    }

    #[test]
    fn stream_is_pinned() {
        // Pins the stream so a dependency upgrade that changes it shows up here, not in old saves.
        let mut r = GameRng::new(42);
        let v: Vec<usize> = (0..8).map(|_| r.below(100)).collect();
        assert_eq!(v, PINNED_42);
    }

    const PINNED_42: [usize; 8] = [79, 77, 11, 98, 36, 64, 84, 32];

    #[test]
    fn dice_in_range() {
        let mut r = GameRng::new(1);
        for _ in 0..1000 {
            assert!((1..=6).contains(&r.d6()));
        }
    }

    #[test]
    fn fnv1a_gives_the_published_values() {
        // The FNV-1a 64-bit test vectors: saved IceTowers positions and the records' deals hold
        // these hashes, so they must not change.
        assert_eq!(fnv1a([]), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(*b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(*b"foobar"), 0x8594_4171_f739_67e8);
    }
}
