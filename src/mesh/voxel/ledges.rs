//! Ledges: columns whose word holds two slabs, a roof over a hollow and
//! the ground under it, with every side face beside one of the slabs'
//! ends: the roof's top, its bottom and the ground's top. Rolling hills
//! with hollows under them (Voxlap's demo map) have most of their columns
//! that are not of the usual shape (`row_scan`) in this one, and each has
//! the same five faces or so, so they need no loop over their voxels:
//! the roof's top is written with the usual columns' tops (`tops`), and
//! here the other two ends' faces, coloured straight from the two slabs,
//! and, for each end, which ledges show a side face which way, for the
//! loops over a row's side faces that the usual columns' steps take.

use super::ring_bits::RingBits;
use super::row_scan::{downs, Around};
use super::rows::{ring_around, TopFields, CHUNK, UP};
use super::ChunkOut;
use crate::mesh::ao::AO_BITS;
use crate::mesh::color::{bottom_color, pack_rgb, top_color};
use crate::mesh::face::{Face, DIR_SHIFT, Z_SHIFT};
use crate::store::voxels::RowParts;

const DOWN: usize = 5;

/// Whether a column whose up, down and side faces are `up`, `down` and
/// `sides` (bits by z) is a ledge as far as its word shows: two up faces,
/// one down face, and no side face but beside them. (That its slabs are
/// the store's first two is for [`slabs_agree`].)
#[inline(always)]
pub(super) fn shaped(up: u64, down: u64, sides: u64) -> bool {
    let second = up & up.wrapping_sub(1);
    let one = |x: u64| x != 0 && x & x.wrapping_sub(1) == 0;
    one(second) && one(down) && sides & !(up | down) == 0
}

/// Whether column `j`'s first two slabs in the store are those of a ledge
/// whose down and up faces are `down` and `up` (the word's bit 0 being
/// voxel `base`): the roof ending at the down face, the ground starting at
/// the second up face. Where the store's slabs are cut otherwise (two
/// touching), the column goes the general way.
#[inline(always)]
pub(super) fn slabs_agree(columns: &RowParts<'_>, j: usize, down: u64, up: u64, base: u32) -> bool {
    let first = columns.slab_ends[j] as usize;
    let floor = (up & up.wrapping_sub(1)).trailing_zeros();
    match columns.slabs.get(first..first + 2) {
        Some(&[roof, ground]) => {
            columns.slab_ends[j + 1] as usize >= first + 2
                && roof.bottom as u32 == base + down.trailing_zeros() + 1
                && ground.top as u32 == base + floor
        }
        _ => false,
    }
}

/// What a row's ledges give its side-face loops: bit j of `tops[d]` is
/// ledge j showing a face toward side d beside its roof's top (whose
/// fields are the usual columns' tops'), and bit j of `lower[d]` beside
/// its roof's bottom, bit `CHUNK + j` beside its ground's top, the fields
/// of those faces being `ends` (the roof's bottom's at j, the ground's
/// top's at `CHUNK + j`): the two lower ends go through one loop a
/// direction. Kept from row to row (what a row does not write, it does
/// not read), to spare clearing it.
#[derive(Debug, Default)]
pub(super) struct LedgeSides {
    pub(super) tops: [u32; 4],
    pub(super) lower: [u64; 4],
    pub(super) ends: TopFields<{ 2 * CHUNK }>,
    /// By end and column: bit d, a side face toward side d there.
    codes: [[u8; CHUNK]; 3],
}

/// Writes the down face under the roof and the up face of the ground of
/// each of the row's `ledges` (bit j: column j), and gathers in `got` what
/// their side faces need. `near` as `row_scan` reads it; `ups` the
/// columns' up faces; `ly` the chunk's row and `base` the z of the word's
/// bit 0.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn ledges<const SHADE: bool, R: RingBits>(
    near: &Around<'_>,
    ups: &[u64],
    ledges: u32,
    columns: &RowParts<'_>,
    (ly, base): (u32, u32),
    got: &mut LedgeSides,
    out: &mut ChunkOut,
) {
    let (m, c, p) = (near.m, near.c, near.p);
    // A face each way a ledge: one count moves both lists on.
    let (up_from, down_from) = (out.len[UP], out.len[DOWN]);
    let mut n = 0;
    // Slices, whose starts and lengths stay in registers.
    const { assert!(UP == 4 && DOWN == 5) };
    let [_, _, _, _, to_up, to_down] = &mut out.faces;
    let (to_up, to_down) = (&mut to_up[..], &mut to_down[..]);
    let codes = &mut got.codes;
    let mut t = ledges;
    while t != 0 {
        let j = t.trailing_zeros() as usize % CHUNK;
        t &= t - 1;
        let raw = c[j + 1];
        let s = raw & near.last_valid;
        let up = ups[j];
        let down = downs(raw, s);
        let (top, roof, floor) = (
            up.trailing_zeros(),
            down.trailing_zeros(),
            (up & (up - 1)).trailing_zeros(),
        );
        // `slabs_agree` found these two slabs there.
        let (first, start) = (
            columns.slab_ends[j] as usize,
            columns.color_ends[j] as usize,
        );
        let (s0, s1) = (columns.slabs[first], columns.slabs[first + 1]);
        let roof_color = bottom_color(s0, columns.colors, start);
        let floor_color = top_color(s1, columns.colors, start + s0.colors());
        let at = |z: u32| (ly << 5 | j as u32) + ((base + z) << Z_SHIFT);
        let (ra, fa) = (at(roof), at(floor));
        let (rb, fb) = (pack_rgb(roof_color, SHADE), pack_rgb(floor_color, SHADE));
        let ends = &mut got.ends;
        (ends.z[j], ends.a[j], ends.b[j]) = (roof, ra, rb);
        let k = CHUNK + j;
        (ends.z[k], ends.a[k], ends.b[k]) = (floor, fa, fb);
        let ring = R::new(ring_around(m, c, p, j));
        to_up[up_from + n] = Face {
            a: fa | AO_BITS[UP][ring.pattern_above(floor) % 256],
            b: fb | (UP as u32) << DIR_SHIFT,
        };
        to_down[down_from + n] = Face {
            a: ra | AO_BITS[DOWN][ring.pattern_below(roof) % 256],
            b: rb | (DOWN as u32) << DIR_SHIFT,
        };
        n += 1;
        let ways = end_ways(near.toward(j, s), [top, roof, floor]);
        // A roof one voxel thick has its top's and bottom's side faces in
        // one.
        let roof_ways = if roof == top { 0 } else { ways[1] };
        (codes[0][j], codes[1][j], codes[2][j]) = (ways[0], roof_ways, ways[2]);
    }
    let (tops, roofs, floors) = (
        bit_planes(&codes[0]),
        bit_planes(&codes[1]),
        bit_planes(&codes[2]),
    );
    for d in 0..4 {
        got.tops[d] = tops[d] & ledges;
        got.lower[d] = (roofs[d] & ledges) as u64 | ((floors[d] & ledges) as u64) << CHUNK;
    }
    (out.len[UP], out.len[DOWN]) = (up_from + n, down_from + n);
}

/// For each of the three `zs`, which of the four `toward` masks hold it
/// (bit d: `toward[d]`).
#[inline(always)]
fn end_ways(toward: [u64; 4], zs: [u32; 3]) -> [u8; 3] {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of the x86-64 baseline; no memory is
        // touched. Each mask shifted so that bit z is its lane's sign.
        unsafe {
            let (ew, sn) = (
                _mm_set_epi64x(toward[1] as i64, toward[0] as i64),
                _mm_set_epi64x(toward[3] as i64, toward[2] as i64),
            );
            zs.map(|z| {
                let count = _mm_cvtsi32_si128(63 - z as i32);
                let signs = |x| _mm_movemask_pd(_mm_castsi128_pd(_mm_sll_epi64(x, count)));
                (signs(ew) | signs(sn) << 2) as u8
            })
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    zs.map(|z| (0..4).fold(0, |w, d| w | ((toward[d] >> z) as u8 & 1) << d))
}

/// `codes` (a byte a column) as four masks: bit j of mask d is bit d of
/// `codes[j]`.
#[inline(always)]
fn bit_planes(codes: &[u8; CHUNK]) -> [u32; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of the x86-64 baseline; the loads read the
        // 32 bytes of `codes`. Shifted so that bit d is each byte's sign.
        unsafe {
            let lo = _mm_loadu_si128(codes.as_ptr().cast());
            let hi = _mm_loadu_si128(codes.as_ptr().add(16).cast());
            let plane = |l: __m128i, h: __m128i| {
                (_mm_movemask_epi8(l) as u32 & 0xFFFF) | (_mm_movemask_epi8(h) as u32) << 16
            };
            [
                plane(_mm_slli_epi16::<7>(lo), _mm_slli_epi16::<7>(hi)),
                plane(_mm_slli_epi16::<6>(lo), _mm_slli_epi16::<6>(hi)),
                plane(_mm_slli_epi16::<5>(lo), _mm_slli_epi16::<5>(hi)),
                plane(_mm_slli_epi16::<4>(lo), _mm_slli_epi16::<4>(hi)),
            ]
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    std::array::from_fn(|d| {
        codes
            .iter()
            .enumerate()
            .fold(0, |m, (j, &c)| m | ((c >> d) as u32 & 1) << j)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ends' directions and their bit planes, as a column at a time
    /// and a bit at a time find them.
    #[test]
    fn ways_and_planes_agree_with_single_bits() {
        let mut next = crate::test_numbers::test_numbers(0x9E37_79B9_7F4A_7C15);
        for _ in 0..200 {
            let toward = [next(), next(), next(), next()];
            let zs = [next() % 64, next() % 64, next() % 64].map(|z| z as u32);
            let want = zs.map(|z| (0..4).fold(0, |w, d| w | ((toward[d] >> z) as u8 & 1) << d));
            assert_eq!(end_ways(toward, zs), want, "{toward:x?} at {zs:?}");
            let codes: [u8; CHUNK] = std::array::from_fn(|_| next() as u8 & 0xF);
            for (d, plane) in bit_planes(&codes).into_iter().enumerate() {
                for (j, c) in codes.iter().enumerate() {
                    assert_eq!(plane >> j & 1, (c >> d) as u32 & 1, "column {j}, way {d}");
                }
            }
        }
    }
}
