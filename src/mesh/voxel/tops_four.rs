//! A row's up faces four columns at a time, for the x86-64-v3 build
//! (`isa`), whose CPUs have AVX2: what `single_word::tops` does a column
//! at a time (each column's top, its AO ring's pattern, its colour, its
//! face, kept only for the columns of the usual shape), in 64-bit lanes.
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

use super::single_word::{Slots, TopFields, TopsRow, CHUNK, UP};
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
/// `single_word::tops` does (the same faces, kept in `slots` for the usual
/// columns, and the same `top` fields), and returns how many columns it
/// did (a multiple of four; `single_word::tops` does the rest).
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
    let (rows, ups, columns) = (row.rows, row.ups, row.columns);
    let (ly, usual, base) = (row.ly, row.usual, row.base);
    let len = ups.len().min(CHUNK);
    let quads = len / 4;
    let (m, c, p) = (&rows.m[..len + 2], &rows.c[..len + 2], &rows.p[..len + 2]);
    let color_ends = &columns.color_ends[..len];
    let colors = columns.colors;
    // With some column of the usual shape, some colour is there.
    let last_color = colors.len() as u32 - 1;
    // Four u64 from `i` on (in bounds: `i + 4 <= len + 2` below).
    let load = |row: &[u64], i: usize| {
        debug_assert!(i + 4 <= row.len());
        // SAFETY: as above.
        unsafe { _mm256_loadu_si256(row.as_ptr().add(i).cast()) }
    };
    let load4 = |row: &[u32], i: usize| {
        debug_assert!(i + 4 <= row.len());
        // SAFETY: as above.
        unsafe { _mm_loadu_si128(row.as_ptr().add(i).cast()) }
    };
    let store4 = |row: &mut [u32; CHUNK], i: usize, v: __m128i| {
        debug_assert!(i + 4 <= CHUNK);
        // SAFETY: as above.
        unsafe { _mm_storeu_si128(row.as_mut_ptr().add(i).cast(), v) }
    };
    let (zero, one) = (_mm256_setzero_si256(), _mm256_set1_epi64x(1));
    let low_nibbles = _mm256_set1_epi8(0x0F);
    let nibble_bits = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    // Each lane's bits, counted by nibble and summed (`vpsadbw`).
    let count_ones = |x: __m256i| {
        let lo = _mm256_shuffle_epi8(nibble_bits, _mm256_and_si256(x, low_nibbles));
        let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(x), low_nibbles);
        let hi = _mm256_shuffle_epi8(nibble_bits, hi);
        _mm256_sad_epu8(_mm256_add_epi8(lo, hi), zero)
    };
    // The low 32 bits of each 64-bit lane.
    let low_halves = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    let narrow = |x: __m256i| _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(x, low_halves));
    // 0xAARRGGBB to 0x00BBGGRR, as `pack_rgb` unshaded.
    let to_rgb = _mm_setr_epi8(
        2, 1, 0, -128, 6, 5, 4, -128, 10, 9, 8, -128, 14, 13, 12, -128,
    );
    let byte = _mm_set1_epi32(0xFF);
    let (last, bases) = (
        _mm_set1_epi32(last_color as i32),
        _mm_set1_epi32(base as i32),
    );
    let columns_at = _mm_setr_epi32(0, 1, 2, 3);
    let (lane_bits, grey) = (_mm_setr_epi32(1, 2, 4, 8), _mm_set1_epi32(GREY as i32));
    let up_dir = _mm_set1_epi32(((UP as u32) << DIR_SHIFT) as i32);
    for k in 0..quads {
        let j = 4 * k;
        let up = load(ups, j);
        // Trailing zeros: the bits below the lowest set one (64 for none).
        let z = count_ones(_mm256_sub_epi64(
            _mm256_and_si256(up, _mm256_sub_epi64(zero, up)),
            one,
        ));
        let pattern = if RINGED {
            // Bit z - 1 of each ring mask (none for z = 0: a shift by
            // 2^64 - 1 clears every bit), in `Ring`'s order.
            let shift = _mm256_sub_epi64(z, one);
            let bit = |x: __m256i| _mm256_and_si256(_mm256_srlv_epi64(x, shift), one);
            let ring = [
                bit(load(m, j)),
                bit(load(m, j + 1)),
                bit(load(m, j + 2)),
                bit(load(c, j)),
                bit(load(c, j + 2)),
                bit(load(p, j)),
                bit(load(p, j + 1)),
                bit(load(p, j + 2)),
            ];
            let pairs =
                [0, 2, 4, 6].map(|i| _mm256_or_si256(ring[i], _mm256_slli_epi64::<1>(ring[i + 1])));
            let quads = [
                _mm256_or_si256(pairs[0], _mm256_slli_epi64::<2>(pairs[1])),
                _mm256_or_si256(pairs[2], _mm256_slli_epi64::<2>(pairs[3])),
            ];
            _mm256_or_si256(quads[0], _mm256_slli_epi64::<4>(quads[1]))
        } else {
            zero
        };
        let ao = if RINGED {
            let [p0, p1, p2, p3] = lanes64(pattern).map(|p| AO_BITS[UP][p as usize % 256]);
            _mm_setr_epi32(p0 as i32, p1 as i32, p2 as i32, p3 as i32)
        } else {
            _mm_set1_epi32(AO_BITS[UP][0] as i32)
        };
        let z = narrow(z);
        // The column's first colour, its top's, or grey where its top has
        // none (for other columns, some colour, read and not kept).
        let at = _mm_min_epu32(load4(color_ends, j), last);
        let [c0, c1, c2, c3] = lanes32(at).map(|i| colors[i as usize]);
        let color = _mm_setr_epi32(c0 as i32, c1 as i32, c2 as i32, c3 as i32);
        // Grey where the column's top voxel has no colour.
        let grey_lanes = _mm_and_si128(_mm_set1_epi32((row.greys >> j) as i32), lane_bits);
        let grey_lanes = _mm_cmpeq_epi32(grey_lanes, lane_bits);
        let color = _mm_blendv_epi8(color, grey, grey_lanes);
        let rgb = if SHADE {
            // Each channel times the fourth byte, over 128, at most 255.
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
        } else {
            _mm_shuffle_epi8(color, to_rgb)
        };
        let row_column = _mm_add_epi32(_mm_set1_epi32((ly << 5 | j as u32) as i32), columns_at);
        let a = _mm_add_epi32(
            row_column,
            _mm_slli_epi32::<{ Z_SHIFT as i32 }>(_mm_add_epi32(bases, z)),
        );
        store4(&mut top.z, j, z);
        store4(&mut top.a, j, a);
        store4(&mut top.b, j, rgb);
        let (a, b) = (_mm_or_si128(a, ao), _mm_or_si128(rgb, up_dir));
        let faces = _mm256_set_m128i(_mm_unpackhi_epi32(a, b), _mm_unpacklo_epi32(a, b));
        let keep = (usual >> j & 0xF) as usize;
        let order = load_pack(keep);
        let kept = _mm256_permutevar8x32_epi32(faces, order);
        // At most one face a column so far: `slots.kept + 4 <= j + 4 <=
        // CHUNK`.
        debug_assert!(slots.kept + 4 <= CHUNK);
        // SAFETY: as above; a face is two u32 (`repr(C)`).
        unsafe { _mm256_storeu_si256(slots.at.as_mut_ptr().add(slots.kept).cast(), kept) };
        slots.kept += keep.count_ones() as usize;
    }
    4 * quads
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
