//! A face's ring pattern: bit `j` is bit `z` of ring mask `j`, for the 8
//! masks of a word's ring. Gathering it bit by bit costs four instructions
//! a mask; on x86-64, SSE2 (always there) shifts two masks at once so that
//! bit `z` lands in each lane's sign bit, and `movmskpd` reads both signs;
//! the x86-64-v3 build (`isa`) shifts four at once with AVX2 ([`Ring4`]).

/// A word's 8 ring masks, ready to give the patterns of its faces: one
/// type a build of the mesher (`isa::Lanes`).
pub(super) trait RingBits: Copy {
    fn new(masks: [u64; 8]) -> Self;
    /// The pattern at bit `z - 1` (0..=64): none (0) when `z` is 0, for
    /// above the top is air.
    fn pattern_above(&self, z: u32) -> usize;
    /// The pattern at bit `z + 1` (`z` < 63: nothing is below a word's
    /// last bit here).
    fn pattern_below(&self, z: u32) -> usize;
}

/// A word's 8 ring masks, prepared for [`Ring::pattern_above`] and
/// [`Ring::pattern_below`].
#[derive(Clone, Copy)]
pub(super) struct Ring {
    #[cfg(target_arch = "x86_64")]
    pairs: [std::arch::x86_64::__m128i; 4],
    #[cfg(not(target_arch = "x86_64"))]
    masks: [u64; 8],
}

impl RingBits for Ring {
    #[inline(always)]
    fn new(masks: [u64; 8]) -> Ring {
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

    #[inline(always)]
    fn pattern_above(&self, z: u32) -> usize {
        // A shift by 64 clears every bit.
        self.shifted(64 - z as i32)
    }

    #[inline(always)]
    fn pattern_below(&self, z: u32) -> usize {
        self.shifted(62 - z as i32)
    }
}

impl Ring {
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

/// A word's 8 ring masks in two AVX2 registers, four a register: for the
/// x86-64-v3 build only, whose CPUs have AVX2.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(super) struct Ring4 {
    quads: [std::arch::x86_64::__m256i; 2],
}

#[cfg(target_arch = "x86_64")]
impl RingBits for Ring4 {
    #[inline(always)]
    fn new(masks: [u64; 8]) -> Ring4 {
        // SAFETY: only the v3 build uses `Ring4` (`isa::Lanes`), and it
        // runs only on CPUs with AVX2.
        unsafe { ring4(&masks) }
    }

    #[inline(always)]
    fn pattern_above(&self, z: u32) -> usize {
        // SAFETY: as in `new`.
        unsafe { shifted4(self, 64 - z as i32) }
    }

    #[inline(always)]
    fn pattern_below(&self, z: u32) -> usize {
        // SAFETY: as in `new`.
        unsafe { shifted4(self, 62 - z as i32) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn ring4(masks: &[u64; 8]) -> Ring4 {
    use std::arch::x86_64::_mm256_loadu_si256;
    // SAFETY: each load reads four of the 8 masks.
    let quad = |i: usize| unsafe { _mm256_loadu_si256(masks[i..i + 4].as_ptr().cast()) };
    Ring4 {
        quads: [quad(0), quad(4)],
    }
}

/// The sign bits of the masks shifted left by `count` (0..=64).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn shifted4(ring: &Ring4, count: i32) -> usize {
    use std::arch::x86_64::*;
    let count = _mm_cvtsi32_si128(count);
    let four = |q| _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_sll_epi64(q, count))) as usize;
    four(ring.quads[0]) | four(ring.quads[1]) << 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_gather_the_bit_above_or_below_of_each_mask_in_order() {
        patterns_of::<Ring>();
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            patterns_of::<Ring4>();
        }
    }

    fn patterns_of<R: RingBits>() {
        // Masks with bits spread so that each (mask, z) pair differs.
        let mut next = crate::test_numbers::test_numbers(0x9E37_79B9_7F4A_7C15);
        for _ in 0..200 {
            let masks: [u64; 8] = std::array::from_fn(|_| next());
            let ring = R::new(masks);
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
