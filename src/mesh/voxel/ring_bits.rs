//! A face's ring pattern: bit `j` is bit `z` of ring mask `j`, for the 8
//! masks of a word's ring. Gathering it bit by bit costs four instructions
//! a mask; on x86-64, SSE2 (always there) shifts two masks at once so that
//! bit `z` lands in each lane's sign bit, and `movmskpd` reads both signs.

/// A word's 8 ring masks, prepared for [`Ring::pattern_above`] and
/// [`Ring::pattern_below`].
#[derive(Clone, Copy)]
pub(super) struct Ring {
    #[cfg(target_arch = "x86_64")]
    pairs: [std::arch::x86_64::__m128i; 4],
    #[cfg(not(target_arch = "x86_64"))]
    masks: [u64; 8],
}

impl Ring {
    #[inline(always)]
    pub(super) fn new(masks: [u64; 8]) -> Ring {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::_mm_set_epi64x;
            // Lane 0 (movmskpd's bit 0) is the second argument.
            // SAFETY: SSE2 is part of the x86-64 baseline, so every x86-64
            // CPU has it; these intrinsics touch no memory.
            let pair = |i: usize| unsafe { _mm_set_epi64x(masks[i + 1] as i64, masks[i] as i64) };
            Ring {
                pairs: [pair(0), pair(2), pair(4), pair(6)],
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Ring { masks }
    }

    /// The pattern at bit `z - 1` (0..=64): none (0) when `z` is 0, for
    /// above the top is air.
    #[inline(always)]
    pub(super) fn pattern_above(&self, z: u32) -> usize {
        // A shift by 64 clears every bit.
        self.shifted(64 - z as i32)
    }

    /// The pattern at bit `z + 1` (`z` < 63: nothing is below a word's
    /// last bit here).
    #[inline(always)]
    pub(super) fn pattern_below(&self, z: u32) -> usize {
        self.shifted(62 - z as i32)
    }

    /// The sign bits of the masks shifted left by `count` (0..=64).
    #[inline(always)]
    fn shifted(&self, count: i32) -> usize {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                _mm_castsi128_pd, _mm_cvtsi32_si128, _mm_movemask_pd, _mm_sll_epi64,
            };
            // SAFETY: as in `new`.
            unsafe {
                let count = _mm_cvtsi32_si128(count);
                let two = |p| _mm_movemask_pd(_mm_castsi128_pd(_mm_sll_epi64(p, count))) as usize;
                let [a, b, c, d] = self.pairs;
                two(a) | two(b) << 2 | two(c) << 4 | two(d) << 6
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut r = 0usize;
            for (j, m) in self.masks.iter().enumerate() {
                r |= ((m.checked_shl(count as u32).unwrap_or(0) >> 63) as usize) << j;
            }
            r
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_gather_the_bit_above_or_below_of_each_mask_in_order() {
        // Masks with bits spread so that each (mask, z) pair differs.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            let masks: [u64; 8] = std::array::from_fn(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            });
            let ring = Ring::new(masks);
            let at = |z: u32| (0..8).fold(0, |r, j| r | ((masks[j] >> z) as usize & 1) << j);
            assert_eq!(ring.pattern_above(0), 0, "above the top is air");
            for z in 1..64 {
                assert_eq!(ring.pattern_above(z), at(z - 1), "above {z}");
            }
            for z in 0..63 {
                assert_eq!(ring.pattern_below(z), at(z + 1), "below {z}");
            }
        }
    }
}
