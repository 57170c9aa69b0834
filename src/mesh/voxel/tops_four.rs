//! A row's up faces four columns at a time, for the x86-64-v3 build
//! (`isa`), whose CPUs have AVX2: what `tops::tops` does a column
//! at a time (each column's top, its AO ring's pattern, its colour, its
//! face, kept only for the columns `topped`), in 64-bit lanes.
//! The trailing zeros are a population count (AVX2 has no instruction for
//! either), the AO bits and colours are looked up a lane at a time, and the
//! kept faces are packed together by a shuffle chosen by which of the four
//! are kept.
//!
//! The lookups are four loads, not AVX2 gathers: on a Zen 5 EPYC core the
//! gathers made a 1024 x 1024 x 256 map mesh 4-5 % slower than the loads
//! (and slower than the tops a column at a time), and no faster on
//! 512-wide maps (`mapscope bench`); gathers are slow on AMD CPUs, and on
//! Intel ones from Skylake to Ice Lake with the 2023 "Downfall" microcode
//! fix. Where no top has anything solid near, every face has the same AO
//! bits, and none are looked up.

#![cfg(target_arch = "x86_64")]

use std::arch::x86_64::*;

use super::rows::{Slots, TopFields, TopsRow, CHUNK, UP};
use crate::mesh::ao::AO_BITS;
use crate::mesh::color::GREY;
use crate::mesh::face::{DIR_SHIFT, Z_SHIFT};

/// `PACK[keep]`: the 32-bit lanes that put the faces (two lanes each) of
/// the bits of `keep` first, in order.
static PACK: [[u32; 8]; 16] = {
    let mut t = [[0u32; 8]; 16];
    let mut keep = 0;
    while keep < 16 {
        let mut n = 0;
        let mut i = 0;
        while i < 4 {
            if keep >> i & 1 != 0 {
                t[keep][2 * n] = 2 * i as u32;
                t[keep][2 * n + 1] = 2 * i as u32 + 1;
                n += 1;
            }
            i += 1;
        }
        keep += 1;
    }
    t
};

/// Writes the up faces of the first columns of `row`, four at a time, as
/// `tops::tops` does (the same faces, kept in `slots` for the `topped`
/// columns, and the same `top` fields), and returns how many columns it
/// did (a multiple of four; `tops::tops` does the rest). Each step of a
/// quad is a function of its own, inlined into this loop (the same build's
/// features).
///
/// # Safety
/// The CPU must have AVX2 (the v3 build's).
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
#[inline]
pub(super) unsafe fn tops<const RINGED: bool, const SHADE: bool>(
    row: &TopsRow<'_>,
    top: &mut TopFields,
    slots: &mut Slots<'_>,
) -> usize {
    let len = row.ups.len().min(CHUNK);
    let quads = len / 4;
    let k = Constants::new(row);
    let rows = row.rows;
    let (m, c, p) = (&rows.m[..len + 2], &rows.c[..len + 2], &rows.p[..len + 2]);
    let color_ends = &row.columns.color_ends[..len];
    for q in 0..quads {
        let j = 4 * q;
        // SAFETY (each unchecked load and store below): `j + 4 <= len`,
        // and each of `m`, `c`, `p` is `len + 2` long.
        let z = k.trailing_zeros(unsafe { load(row.ups, j) });
        let ao = if RINGED {
            unsafe { ring_ao(z, [m, c, p], j) }
        } else {
            _mm_set1_epi32(AO_BITS[UP][0] as i32)
        };
        let z = narrow(z);
        let rgb = k.rgb::<SHADE>(k.colors(row, unsafe { load4(color_ends, j) }, j));
        let row_column = _mm_add_epi32(_mm_set1_epi32((row.ly << 5 | j as u32) as i32), k.at);
        let a = _mm_add_epi32(
            row_column,
            _mm_slli_epi32::<{ Z_SHIFT as i32 }>(_mm_add_epi32(k.base, z)),
        );
        unsafe {
            store4(&mut top.z, j, z);
            store4(&mut top.a, j, a);
            store4(&mut top.b, j, rgb);
        }
        let (a, b) = (_mm_or_si128(a, ao), _mm_or_si128(rgb, k.up_dir));
        // SAFETY: at most one face a column so far: `slots.kept + 4 <= j +
        // 4 <= CHUNK`.
        unsafe { keep(slots, a, b, (row.topped >> j & 0xF) as usize) };
    }
    4 * quads
}

/// What every quad of a row's tops uses, in registers.
struct Constants<'a> {
    /// The row's colours, and the last one's index.
    colors: &'a [u32],
    last: __m128i,
    /// The z of bit 0.
    base: __m128i,
    /// Each lane's column in a quad.
    at: __m128i,
    /// Bit i in lane i.
    lane_bits: __m128i,
    grey: __m128i,
    up_dir: __m128i,
}

impl<'a> Constants<'a> {
    #[target_feature(enable = "avx2")]
    #[inline]
    fn new(row: &TopsRow<'a>) -> Self {
        let colors = row.columns.colors;
        // With some column topped here, some colour is there.
        let last_color = colors.len() as u32 - 1;
        Constants {
            colors,
            last: _mm_set1_epi32(last_color as i32),
            base: _mm_set1_epi32(row.base as i32),
            at: _mm_setr_epi32(0, 1, 2, 3),
            lane_bits: _mm_setr_epi32(1, 2, 4, 8),
            grey: _mm_set1_epi32(GREY as i32),
            up_dir: _mm_set1_epi32(((UP as u32) << DIR_SHIFT) as i32),
        }
    }

    /// Each lane's trailing zeros: the bits below the lowest set one (64
    /// for none), as a population count (AVX2 has no instruction for
    /// either): each lane's bits counted by nibble and summed (`vpsadbw`).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn trailing_zeros(&self, up: __m256i) -> __m256i {
        let (zero, one) = (_mm256_setzero_si256(), _mm256_set1_epi64x(1));
        let x = _mm256_sub_epi64(_mm256_and_si256(up, _mm256_sub_epi64(zero, up)), one);
        let low_nibbles = _mm256_set1_epi8(0x0F);
        let nibble_bits = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4,
        );
        let lo = _mm256_shuffle_epi8(nibble_bits, _mm256_and_si256(x, low_nibbles));
        let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(x), low_nibbles);
        let hi = _mm256_shuffle_epi8(nibble_bits, hi);
        _mm256_sad_epu8(_mm256_add_epi8(lo, hi), zero)
    }

    /// The four columns' first colours, from `at` (their tops', or grey
    /// where their top voxel has none; for other columns, some colour,
    /// read and not kept), columns `j..j + 4`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn colors(&self, row: &TopsRow<'_>, at: __m128i, j: usize) -> __m128i {
        let at = _mm_min_epu32(at, self.last);
        let [c0, c1, c2, c3] = lanes32(at).map(|i| self.colors[i as usize]);
        let color = _mm_setr_epi32(c0 as i32, c1 as i32, c2 as i32, c3 as i32);
        let grey_lanes = _mm_and_si128(_mm_set1_epi32((row.greys >> j) as i32), self.lane_bits);
        let grey_lanes = _mm_cmpeq_epi32(grey_lanes, self.lane_bits);
        _mm_blendv_epi8(color, self.grey, grey_lanes)
    }

    /// Colours as `pack_rgb` packs them: `SHADE`, each channel times the
    /// fourth byte, over 128, at most 255; else 0xAARRGGBB to 0x00BBGGRR.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn rgb<const SHADE: bool>(&self, color: __m128i) -> __m128i {
        if !SHADE {
            let to_rgb = _mm_setr_epi8(
                2, 1, 0, -128, 6, 5, 4, -128, 10, 9, 8, -128, 14, 13, 12, -128,
            );
            return _mm_shuffle_epi8(color, to_rgb);
        }
        let byte = _mm_set1_epi32(0xFF);
        let shade = _mm_srli_epi32::<24>(color);
        let channel = |v: __m128i| {
            let v = _mm_srli_epi32::<7>(_mm_mullo_epi32(_mm_and_si128(v, byte), shade));
            _mm_min_epu32(v, byte)
        };
        let r = channel(_mm_srli_epi32::<16>(color));
        let g = channel(_mm_srli_epi32::<8>(color));
        let b = channel(color);
        _mm_or_si128(
            _mm_or_si128(r, _mm_slli_epi32::<8>(g)),
            _mm_slli_epi32::<16>(b),
        )
    }
}

/// The AO bits of the up faces of columns `j..j + 4` of the rows `[m, c,
/// p]`, whose tops are at `z`: bit z - 1 of each ring mask (none for z = 0:
/// a shift by 2^64 - 1 clears every bit), in `Ring`'s order, looked up a
/// lane at a time.
///
/// # Safety
/// `j + 4 <= ` each row's length `- 2`.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn ring_ao(z: __m256i, [m, c, p]: [&[u64]; 3], j: usize) -> __m128i {
    let one = _mm256_set1_epi64x(1);
    let shift = _mm256_sub_epi64(z, one);
    let bit = |x: __m256i| _mm256_and_si256(_mm256_srlv_epi64(x, shift), one);
    // SAFETY: the caller's.
    let ring = unsafe {
        [
            bit(load(m, j)),
            bit(load(m, j + 1)),
            bit(load(m, j + 2)),
            bit(load(c, j)),
            bit(load(c, j + 2)),
            bit(load(p, j)),
            bit(load(p, j + 1)),
            bit(load(p, j + 2)),
        ]
    };
    let pairs = [0, 2, 4, 6].map(|i| _mm256_or_si256(ring[i], _mm256_slli_epi64::<1>(ring[i + 1])));
    let quads = [
        _mm256_or_si256(pairs[0], _mm256_slli_epi64::<2>(pairs[1])),
        _mm256_or_si256(pairs[2], _mm256_slli_epi64::<2>(pairs[3])),
    ];
    let pattern = _mm256_or_si256(quads[0], _mm256_slli_epi64::<4>(quads[1]));
    let [p0, p1, p2, p3] = lanes64(pattern).map(|p| AO_BITS[UP][p as usize % 256]);
    _mm_setr_epi32(p0 as i32, p1 as i32, p2 as i32, p3 as i32)
}

/// Writes four faces (fields `a` and `b`, a lane each) at `slots`' next
/// places, those of the bits of `keep` first and kept, packed by a shuffle.
///
/// # Safety
/// `slots` has four places from its next on.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn keep(slots: &mut Slots<'_>, a: __m128i, b: __m128i, keep: usize) {
    let faces = _mm256_set_m128i(_mm_unpackhi_epi32(a, b), _mm_unpacklo_epi32(a, b));
    let kept = _mm256_permutevar8x32_epi32(faces, load_pack(keep));
    debug_assert!(slots.kept + 4 <= CHUNK);
    // SAFETY: as the caller promises; a face is two u32 (`repr(C)`).
    unsafe { _mm256_storeu_si256(slots.at.as_mut_ptr().add(slots.kept).cast(), kept) };
    slots.kept += keep.count_ones() as usize;
}

/// Four u64 of `row` from `i` on (unchecked: the loop's bounds keep them
/// in `row`, and a check a load costs).
///
/// # Safety
/// `i + 4 <= row.len()`.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn load(row: &[u64], i: usize) -> __m256i {
    debug_assert!(i + 4 <= row.len());
    // SAFETY: as the caller promises.
    unsafe { _mm256_loadu_si256(row.as_ptr().add(i).cast()) }
}

/// Four u32 of `row` from `i` on, as [`load`].
///
/// # Safety
/// `i + 4 <= row.len()`.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn load4(row: &[u32], i: usize) -> __m128i {
    debug_assert!(i + 4 <= row.len());
    // SAFETY: as the caller promises.
    unsafe { _mm_loadu_si128(row.as_ptr().add(i).cast()) }
}

/// Stores `v` as `row[i..i + 4]`, as [`load`] reads.
///
/// # Safety
/// `i + 4 <= CHUNK`.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn store4(row: &mut [u32; CHUNK], i: usize, v: __m128i) {
    debug_assert!(i + 4 <= CHUNK);
    // SAFETY: as the caller promises.
    unsafe { _mm_storeu_si128(row.as_mut_ptr().add(i).cast(), v) }
}

/// The low 32 bits of each 64-bit lane.
#[target_feature(enable = "avx2")]
#[inline]
fn narrow(x: __m256i) -> __m128i {
    let low_halves = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(x, low_halves))
}

/// The four 64-bit lanes of `x`.
#[target_feature(enable = "avx2")]
#[inline]
fn lanes64(x: __m256i) -> [u64; 4] {
    // SAFETY: both are 32 bytes of plain integers.
    unsafe { std::mem::transmute(x) }
}

/// The four 32-bit lanes of `x`.
#[target_feature(enable = "avx2")]
#[inline]
fn lanes32(x: __m128i) -> [u32; 4] {
    // SAFETY: both are 16 bytes of plain integers.
    unsafe { std::mem::transmute(x) }
}

/// `PACK[keep]` as a register.
#[target_feature(enable = "avx2")]
#[inline]
fn load_pack(keep: usize) -> __m256i {
    // SAFETY: a row of `PACK` is eight u32.
    unsafe { _mm256_loadu_si256(PACK[keep % 16].as_ptr().cast()) }
}
