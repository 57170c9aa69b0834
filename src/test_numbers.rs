//! Xorshift numbers for unit tests' random inputs (the mesher's random
//! columns, the colour rules' and the store's random slabs): the same
//! numbers from the same seed on every run.

/// Xorshift numbers from `seed` (not 0).
pub(crate) fn test_numbers(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
