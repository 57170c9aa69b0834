//! The first pass over a chunk's part of a row, for maps one word deep:
//! which columns show which kinds of faces, as bits a column, for the loops
//! after it to go over. It runs on every column of the map, so on x86-64 it
//! takes four columns at a time in AVX2 (the v3 build, `isa`) or two in
//! SSE2 (always there); elsewhere, and for the last odd columns, one at a
//! time.

use super::isa::Lanes;

const CHUNK: usize = crate::store::voxels::CHUNK as usize;

/// The rows around the one being meshed, as the first pass reads them: each
/// the chunk's `len` columns plus one each side (column j is `j + 1` here).
pub(super) struct Around<'a> {
    /// The rows before (-y), at and after (+y); outside the map is air.
    pub(super) m: &'a [u64],
    pub(super) c: &'a [u64],
    pub(super) p: &'a [u64],
    /// The row itself for east and west faces (outside the map is solid).
    pub(super) walls: &'a [u64],
    /// All ones, or 0 where the row is on the map's south or north edge.
    pub(super) south_open: u64,
    pub(super) north_open: u64,
    /// The bits inside the depth.
    pub(super) last_valid: u64,
}

impl Around<'_> {
    /// The side faces (toward east, west, south and north) of column j,
    /// whose voxels in the word are `s`.
    #[inline(always)]
    pub(super) fn toward(&self, j: usize, s: u64) -> [u64; 4] {
        [
            s & !self.walls[j + 2],
            s & !self.walls[j],
            s & !self.p[j + 1] & self.south_open,
            s & !self.m[j + 1] & self.north_open,
        ]
    }
}

/// The down faces of a column whose mask is `raw` and whose voxels in the
/// word are `s`: below the word's last bit counts as solid.
#[inline(always)]
pub(super) fn downs(raw: u64, s: u64) -> u64 {
    s & !(raw >> 1 | 1 << 63)
}

/// What the first pass finds; bit j of a mask is column j.
#[derive(Default, Debug, PartialEq)]
pub(super) struct RowScan {
    /// Each column's up faces.
    pub(super) ups: [u64; CHUNK],
    /// The columns of the usual shape: one slab, whose top is the only up
    /// face, with side faces (if any) beside that top voxel only.
    pub(super) usual: u32,
    /// Bit j of `toward[d]`: column j has a face toward side d (east,
    /// west, south, north).
    pub(super) toward: [u32; 4],
    /// The columns with any face.
    pub(super) shows: u32,
    /// The row's masks and those of the rows beside it, ORed.
    pub(super) solid: u64,
    /// The voxels just above the row's tops, ORed.
    pub(super) above_tops: u64,
    /// The voxels that show faces, ORed.
    pub(super) shown_z: u64,
}

/// Scans the first `len` (at most [`CHUNK`]) columns of `rows`, as the
/// build `L` can.
#[inline(always)]
pub(super) fn scan<L: Lanes>(rows: &Around<'_>, len: usize) -> RowScan {
    let len = len.min(CHUNK);
    let mut out = RowScan::default();
    #[cfg(target_arch = "x86_64")]
    let done = {
        let from = if L::FOUR_COLUMNS {
            // SAFETY: only the v3 build's lanes take four columns, and it
            // runs only on CPUs with AVX2.
            unsafe { quads(rows, len, &mut out) }
        } else {
            0
        };
        pairs(rows, from, len, &mut out)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let done = 0;
    for j in done..len {
        one(rows, j, &mut out);
    }
    out
}

/// Column j, one at a time.
#[inline(always)]
fn one(rows: &Around<'_>, j: usize, out: &mut RowScan) {
    let raw = rows.c[j + 1];
    let s = raw & rows.last_valid;
    let up = s & !(raw << 1);
    let toward = rows.toward(j, s);
    let sides = toward[0] | toward[1] | toward[2] | toward[3];
    let down = downs(raw, s);
    let odd = up & up.wrapping_sub(1) | down | sides & !up;
    let bit = 1 << j;
    out.ups[j] = up;
    if up != 0 && odd == 0 {
        out.usual |= bit;
    }
    for (d, f) in toward.into_iter().enumerate() {
        if f != 0 {
            out.toward[d] |= bit;
        }
    }
    if up | sides | down != 0 {
        out.shows |= bit;
    }
    out.solid |= rows.m[j + 1] | raw | rows.p[j + 1];
    out.above_tops |= up >> 1;
    out.shown_z |= up | sides | down;
}

/// Columns two at a time from column `from`, as far as they go in pairs;
/// returns how far.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pairs(rows: &Around<'_>, from: usize, len: usize, out: &mut RowScan) -> usize {
    use std::arch::x86_64::*;
    let pairs = (len - from) / 2;
    // Every load below reads two u64 from one of these, whose lengths
    // cover the highest index read (`from + 2 * pairs + 2` for the walls).
    let (m, c, p, walls) = (
        &rows.m[..len + 2],
        &rows.c[..len + 2],
        &rows.p[..len + 2],
        &rows.walls[..len + 2],
    );
    // SAFETY: SSE2 is part of the x86-64 baseline, so every x86-64 CPU has
    // it. Each load reads `[i, i + 2)` of a slice `len + 2` long, with
    // `i + 2 <= from + 2 * pairs + 2 <= len + 2`; the store writes
    // `ups[j..j + 2]` with `j + 2 <= from + 2 * pairs <= len <= CHUNK`.
    unsafe {
        let load = |row: &[u64], i: usize| {
            debug_assert!(i + 2 <= row.len());
            _mm_loadu_si128(row.as_ptr().add(i).cast())
        };
        let splat = |v: u64| _mm_set1_epi64x(v as i64);
        let (valid, so, no) = (
            splat(rows.last_valid),
            splat(rows.south_open),
            splat(rows.north_open),
        );
        let (zero, one, bottom) = (_mm_setzero_si128(), splat(1), splat(1 << 63));
        // The sign bit of each lane: whether the lane is not 0.
        let nonzero = |x| _mm_or_si128(x, _mm_sub_epi64(zero, x));
        let signs = |x| _mm_movemask_pd(_mm_castsi128_pd(x)) as u32;
        let (mut solid, mut above, mut shown) = (zero, zero, zero);
        for k in 0..pairs {
            let j = from + 2 * k;
            let raw = load(c, j + 1);
            let (mc, pc) = (load(m, j + 1), load(p, j + 1));
            let s = _mm_and_si128(raw, valid);
            let up = _mm_andnot_si128(_mm_slli_epi64(raw, 1), s);
            let east = _mm_andnot_si128(load(walls, j + 2), s);
            let west = _mm_andnot_si128(load(walls, j), s);
            let south = _mm_and_si128(_mm_andnot_si128(pc, s), so);
            let north = _mm_and_si128(_mm_andnot_si128(mc, s), no);
            let down = _mm_andnot_si128(_mm_or_si128(_mm_srli_epi64(raw, 1), bottom), s);
            let sides = _mm_or_si128(_mm_or_si128(east, west), _mm_or_si128(south, north));
            let more_ups = _mm_and_si128(up, _mm_sub_epi64(up, one));
            let odd = _mm_or_si128(_mm_or_si128(more_ups, down), _mm_andnot_si128(up, sides));
            let any = _mm_or_si128(_mm_or_si128(up, sides), down);
            out.usual |= signs(_mm_andnot_si128(nonzero(odd), nonzero(up))) << j;
            for (d, f) in [east, west, south, north].into_iter().enumerate() {
                out.toward[d] |= signs(nonzero(f)) << j;
            }
            out.shows |= signs(nonzero(any)) << j;
            _mm_storeu_si128(out.ups.as_mut_ptr().add(j).cast(), up);
            solid = _mm_or_si128(solid, _mm_or_si128(_mm_or_si128(mc, raw), pc));
            above = _mm_or_si128(above, _mm_srli_epi64(up, 1));
            shown = _mm_or_si128(shown, any);
        }
        let lanes = |x: __m128i| {
            let [a, b]: [u64; 2] = std::mem::transmute(x);
            a | b
        };
        out.solid |= lanes(solid);
        out.above_tops |= lanes(above);
        out.shown_z |= lanes(shown);
    }
    from + 2 * pairs
}

/// Columns four at a time (AVX2), as [`pairs`] takes two, as far as they
/// go in fours; returns how far.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn quads(rows: &Around<'_>, len: usize, out: &mut RowScan) -> usize {
    use std::arch::x86_64::*;
    let quads = len / 4;
    let (m, c, p, walls) = (
        &rows.m[..len + 2],
        &rows.c[..len + 2],
        &rows.p[..len + 2],
        &rows.walls[..len + 2],
    );
    // Each load reads `[i, i + 4)` of a slice `len + 2` long, with
    // `i + 4 <= 4 * quads + 2 <= len + 2`.
    let load = |row: &[u64], i: usize| {
        debug_assert!(i + 4 <= row.len());
        // SAFETY: in bounds, as above.
        unsafe { _mm256_loadu_si256(row.as_ptr().add(i).cast()) }
    };
    let splat = |v: u64| _mm256_set1_epi64x(v as i64);
    let (valid, so, no) = (
        splat(rows.last_valid),
        splat(rows.south_open),
        splat(rows.north_open),
    );
    let (zero, one, bottom) = (_mm256_setzero_si256(), splat(1), splat(1 << 63));
    let nonzero = |x| _mm256_or_si256(x, _mm256_sub_epi64(zero, x));
    let signs = |x| _mm256_movemask_pd(_mm256_castsi256_pd(x)) as u32;
    let (mut solid, mut above, mut shown) = (zero, zero, zero);
    for k in 0..quads {
        let j = 4 * k;
        let raw = load(c, j + 1);
        let (mc, pc) = (load(m, j + 1), load(p, j + 1));
        let s = _mm256_and_si256(raw, valid);
        let up = _mm256_andnot_si256(_mm256_slli_epi64::<1>(raw), s);
        let east = _mm256_andnot_si256(load(walls, j + 2), s);
        let west = _mm256_andnot_si256(load(walls, j), s);
        let south = _mm256_and_si256(_mm256_andnot_si256(pc, s), so);
        let north = _mm256_and_si256(_mm256_andnot_si256(mc, s), no);
        let down = _mm256_andnot_si256(_mm256_or_si256(_mm256_srli_epi64::<1>(raw), bottom), s);
        let sides = _mm256_or_si256(_mm256_or_si256(east, west), _mm256_or_si256(south, north));
        let more_ups = _mm256_and_si256(up, _mm256_sub_epi64(up, one));
        let odd = _mm256_or_si256(
            _mm256_or_si256(more_ups, down),
            _mm256_andnot_si256(up, sides),
        );
        let any = _mm256_or_si256(_mm256_or_si256(up, sides), down);
        out.usual |= signs(_mm256_andnot_si256(nonzero(odd), nonzero(up))) << j;
        for (d, f) in [east, west, south, north].into_iter().enumerate() {
            out.toward[d] |= signs(nonzero(f)) << j;
        }
        out.shows |= signs(nonzero(any)) << j;
        // SAFETY: `ups[j..j + 4]`, with `j + 4 <= len <= CHUNK`.
        unsafe { _mm256_storeu_si256(out.ups.as_mut_ptr().add(j).cast(), up) };
        solid = _mm256_or_si256(solid, _mm256_or_si256(_mm256_or_si256(mc, raw), pc));
        above = _mm256_or_si256(above, _mm256_srli_epi64::<1>(up));
        shown = _mm256_or_si256(shown, any);
    }
    let lanes = |x: __m256i| {
        // SAFETY: a 256-bit register is four u64, any bits valid.
        let v: [u64; 4] = unsafe { std::mem::transmute(x) };
        v[0] | v[1] | v[2] | v[3]
    };
    out.solid |= lanes(solid);
    out.above_tops |= lanes(above);
    out.shown_z |= lanes(shown);
    4 * quads
}

#[cfg(test)]
mod tests {
    use super::super::isa::BaselineLanes;
    use super::*;

    /// The pairs (SSE2 on x86-64) and fours (AVX2, where the CPU has it)
    /// find what one column at a time does.
    #[test]
    fn pairs_and_single_columns_agree() {
        let mut next = crate::test_numbers::test_numbers(0x2545_F491_4F6C_DD1Du64);
        let mut found = [0u32; 3];
        for round in 0..300 {
            // Columns that look like terrain (a solid run down to the
            // bottom from a random top), some all air, some random.
            let mut column = |_: usize| match next() % 4 {
                0 => next(),
                1 => 0,
                _ => !0u64 << (next() % 64),
            };
            let rows: [Vec<u64>; 4] =
                std::array::from_fn(|_| (0..CHUNK + 2).map(&mut column).collect());
            let len = 1 + round % CHUNK;
            let around = Around {
                m: &rows[0],
                c: &rows[1],
                p: &rows[2],
                walls: &rows[3],
                south_open: if round % 5 == 0 { 0 } else { !0 },
                north_open: if round % 7 == 0 { 0 } else { !0 },
                last_valid: if round % 3 == 0 { (1 << 50) - 1 } else { !0 },
            };
            let mut want = RowScan::default();
            for j in 0..len {
                one(&around, j, &mut want);
            }
            let got = scan::<BaselineLanes>(&around, len);
            assert_eq!(got, want, "round {round}: in pairs");
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                let four = scan::<super::super::isa::V3Lanes>(&around, len);
                assert_eq!(four, want, "round {round}: in fours");
            }
            let beside = want.toward.iter().fold(0, |a, &t| a | t);
            for (n, bits) in found.iter_mut().zip([want.usual, beside, want.shows]) {
                *n += bits.count_ones();
            }
        }
        assert!(
            found.iter().all(|&n| n > 50),
            "columns of each kind: {found:?}"
        );
    }
}
