//! The one seeded random generator of the tests (xorshift64*): the native tests use it through
//! `tests/common`, the crate's own unit tests through `crate::test_rng` (`src/lib.rs` includes
//! this file), so every property test draws its cases the same way on every run, without a
//! dependency.
// Shared by two crates (the tests' and the library's unit tests), each using part of it.
#![allow(unreachable_pub, dead_code)]

/// A small deterministic random generator (xorshift64*, Vigna 2016).
pub struct Rng(u64);

impl Rng {
    /// A generator started at `seed` (0 is taken as 1: xorshift never leaves 0).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A float in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}
