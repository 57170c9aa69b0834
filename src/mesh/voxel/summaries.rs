//! A tall map's columns summed up for cutting them into 64-voxel words
//! (`tall`): each column's top, where its last run, solid to the bottom,
//! starts, and its 64 voxels from the top; for the rows of chunks cut into
//! layers, the 64 after those too, which hold any word that starts at most
//! 64 below the top (a chunk row's first two layers: all but the deepest
//! caves' rows), so that it need not come from the column's slabs.
//!
//! Every column of the map is summed up once a mesh: a column at a time,
//! that was a sixth of the 1024 x 1024 x 256 demo map's meshing. The
//! x86-64-v3 build sums up four columns at a time where they have one slab
//! each, or two each (most columns of a real map: the ground, or the
//! ground under one overhang), straight from their slabs, which lie next
//! to each other in the store: 8 % faster meshing on that map, 4 % on
//! `make_tall`'s (`mapscope bench`, Zen 5).

use super::isa::Lanes;
use super::BELOW;
use crate::store::voxels::Slab;

/// What the ring keeps of some columns of a row: each one's top (the depth
/// where it has none), where its last run, solid to the bottom, starts
/// (the depth where it ends in air; 0 outside the map), and its 128 voxels
/// from the top (bit k: voxel `top + k`, then `top + 64 + k`).
pub(super) struct Summaries<'a> {
    pub(super) tops: &'a [u32],
    pub(super) his: &'a [u32],
    pub(super) from_top: &'a [u64],
    pub(super) deeper: &'a [u64],
}

/// The summaries of the ring's three rows, `[slot][column]`.
#[derive(Debug, Default)]
pub(super) struct SummaryRing {
    /// The first solid z (the depth where none).
    pub(super) tops: Vec<u32>,
    /// Where the column's last run, solid down to the bottom, starts (the
    /// depth where it ends in air; 0 outside the map). A column whose `hi`
    /// is its top is one slab to the bottom.
    pub(super) his: Vec<u32>,
    /// The 64 voxels from the column's top (bit k: voxel `top + k` solid;
    /// none outside the map), from which a band's word is a shift.
    pub(super) from_top: Vec<u64>,
    /// The next 64 voxels down (bit k: voxel `top + 64 + k` solid; none
    /// outside the map), only where summed up with them (`sum_up` with
    /// `DEEPER`), and left as they were elsewhere: most rows never need
    /// them.
    pub(super) deeper: Vec<u64>,
}

impl SummaryRing {
    /// Room for `n` columns.
    pub(super) fn resize(&mut self, n: usize) {
        self.tops.resize(n, 0);
        self.his.resize(n, 0);
        self.from_top.resize(n, 0);
        self.deeper.resize(n, 0);
    }

    /// Columns `at..at + n`.
    #[inline(always)]
    pub(super) fn of(&self, at: usize, n: usize) -> Summaries<'_> {
        Summaries {
            tops: &self.tops[at..][..n],
            his: &self.his[at..][..n],
            from_top: &self.from_top[at..][..n],
            deeper: &self.deeper[at..][..n],
        }
    }

    /// Sums up columns `at..at + n` (fewer where `ends` has fewer) of a map
    /// `depth` deep: column `at + j`'s slabs are
    /// `slabs[ends[j]..ends[j + 1]]`. `DEEPER`: their `deeper` words too.
    #[inline(always)]
    pub(super) fn sum_up<L: Lanes, const DEEPER: bool>(
        &mut self,
        at: usize,
        n: usize,
        slabs: &[Slab],
        ends: &[u32],
        depth: u32,
    ) {
        let n = n.min(ends.len().saturating_sub(1));
        let tops = &mut self.tops[at..][..n];
        let his = &mut self.his[at..][..n];
        let from_top = &mut self.from_top[at..][..n];
        let deeper = &mut self.deeper[at..][..n];
        let mut j = 0;
        while j < n {
            #[cfg(target_arch = "x86_64")]
            if L::FOUR_COLUMNS && j + 4 <= n {
                // SAFETY: only the v3 build's lanes take four columns, and
                // it runs only on CPUs with AVX2; `j + 4 <= n`, within
                // each slice and, with one more, `ends`.
                let done = unsafe {
                    four::<DEEPER>(
                        &mut tops[j..j + 4],
                        &mut his[j..j + 4],
                        &mut from_top[j..j + 4],
                        &mut deeper[j..j + 4],
                        slabs,
                        &ends[j..j + 5],
                        depth,
                    )
                };
                if done {
                    j += 4;
                    continue;
                }
            }
            let column = &slabs[ends[j] as usize..ends[j + 1] as usize];
            let [from, next];
            (tops[j], his[j], [from, next]) = summary::<DEEPER>(column, depth);
            from_top[j] = from;
            if DEEPER {
                deeper[j] = next;
            }
            j += 1;
        }
    }
}

/// A column's top (the depth where it has none), where its last run, solid
/// to the bottom, starts (the depth where it ends in air), and its 128
/// voxels from the top, as two words (the second 0 but where `DEEPER`).
#[inline(always)]
pub(super) fn summary<const DEEPER: bool>(slabs: &[Slab], depth: u32) -> (u32, u32, [u64; 2]) {
    // Most columns are one slab: straight from it, no loop.
    if let [s] = slabs {
        let (top, bottom) = (s.top as u32, s.bottom as u32);
        let hi = if bottom == depth { top } else { depth };
        let below = |k: u32| BELOW[k.min(64) as usize % 128];
        let height = bottom - top;
        let deeper = if DEEPER {
            below(height.saturating_sub(64))
        } else {
            0
        };
        return (top, hi, [below(height), deeper]);
    }
    let top = slabs.first().map_or(depth, |s| s.top as u32);
    let hi = match slabs.last() {
        Some(s) if s.bottom as u32 == depth => s.top as u32,
        _ => depth,
    };
    let deeper = if DEEPER { solid_at(slabs, top + 64) } else { 0 };
    (top, hi, [solid_at(slabs, top), deeper])
}

/// Bits `base..base + 64` of a column (bit k: voxel `base + k` solid),
/// from its slabs (also its 64 voxels from its top, with `base` the top).
#[inline(always)]
pub(super) fn solid_at(slabs: &[Slab], base: u32) -> u64 {
    let mut bits = 0;
    for s in slabs {
        let (top, bottom) = (s.top as u32, s.bottom as u32);
        if top >= base + 64 {
            break;
        }
        let below = |z: u32| BELOW[z.saturating_sub(base).min(64) as usize];
        bits |= below(bottom) & !below(top);
    }
    bits
}

/// [`summary`] of four columns whose slabs start at `ends[0]` and end at
/// `ends[4]`, if they have one slab each or two each (false, and nothing
/// written, where not).
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn four<const DEEPER: bool>(
    tops: &mut [u32],
    his: &mut [u32],
    from_top: &mut [u64],
    deeper: &mut [u64],
    slabs: &[Slab],
    ends: &[u32],
    depth: u32,
) -> bool {
    use std::arch::x86_64::*;
    let (a, z) = (ends[0] as usize, ends[4] as usize);
    let each = (z.wrapping_sub(a)) / 4;
    if !(1..=2).contains(&each) || z > slabs.len() || tops.len() < 4 {
        return false;
    }
    let (his, from_top, deeper) = (&mut his[..4], &mut from_top[..4], &mut deeper[..4]);
    // SAFETY: `ends[..5]` is read (the caller gives five), and the slabs
    // `a..z` are within `slabs`; each store writes four of a slice's
    // elements, which it has.
    unsafe {
        let e = _mm_loadu_si128(ends.as_ptr().cast());
        let next = _mm_loadu_si128(ends.as_ptr().add(1).cast());
        let counts = _mm_sub_epi32(next, e);
        let uniform = _mm_cmpeq_epi32(counts, _mm_set1_epi32(each as i32));
        if _mm_movemask_epi8(uniform) != 0xffff {
            return false;
        }
        let at = slabs.as_ptr().add(a).cast::<__m256i>();
        // A slab's fields in a 64-bit lane: top, top_len, bottom,
        // bottom_len, 16 bits each.
        let field = |s: __m256i, shift: i32| {
            _mm256_and_si256(
                _mm256_srlv_epi64(s, _mm256_set1_epi64x(shift as i64)),
                _mm256_set1_epi64x(0xffff),
            )
        };
        let one = _mm256_set1_epi64x(1);
        // Bits 0..k (all for k >= 64, whose shift clears the word).
        let below = |k: __m256i| _mm256_sub_epi64(_mm256_sllv_epi64(one, k), one);
        let depth_v = _mm256_set1_epi64x(depth as i64);
        let (first, last) = if each == 1 {
            let s = _mm256_loadu_si256(at);
            (s, s)
        } else {
            // Columns' slabs in pairs: [c0 first, c0 last, c1 first, c1
            // last], then c2 and c3; firsts to one vector, lasts to the
            // other, in column order.
            let (p, q) = (_mm256_loadu_si256(at), _mm256_loadu_si256(at.add(1)));
            let order = |v: __m256i| _mm256_permute4x64_epi64::<0b11_01_10_00>(v);
            (
                order(_mm256_unpacklo_epi64(p, q)),
                order(_mm256_unpackhi_epi64(p, q)),
            )
        };
        let top = field(first, 0);
        let bits = below(_mm256_sub_epi64(field(first, 32), top));
        let (last_top, last_bottom) = (field(last, 0), field(last, 32));
        // The last slab's voxels from the top (the first's again where
        // there is one); none where it starts 64 or more below the top,
        // whose shifts clear both words.
        let last_bits = _mm256_andnot_si256(
            below(_mm256_sub_epi64(last_top, top)),
            below(_mm256_sub_epi64(last_bottom, top)),
        );
        let bits = _mm256_or_si256(bits, last_bits);
        let to_bottom = _mm256_cmpeq_epi64(last_bottom, depth_v);
        let hi = _mm256_blendv_epi8(depth_v, last_top, to_bottom);
        _mm256_storeu_si256(from_top.as_mut_ptr().cast(), bits);
        // Each lane's low half, in order.
        let low = |v: __m256i| {
            let packed = _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6));
            _mm256_castsi256_si128(packed)
        };
        _mm_storeu_si128(tops.as_mut_ptr().cast(), low(top));
        _mm_storeu_si128(his.as_mut_ptr().cast(), low(hi));
        if !DEEPER {
            return true;
        }
        // From 64 below the top: each slab's voxels from there, its ends
        // made no less than it (`max_epu32` on values under 2^32, whose
        // high halves are 0).
        let origin = _mm256_add_epi64(top, _mm256_set1_epi64x(64));
        let from = |z: __m256i| _mm256_sub_epi64(_mm256_max_epu32(z, origin), origin);
        let run =
            |s: __m256i| _mm256_andnot_si256(below(from(field(s, 0))), below(from(field(s, 32))));
        let deeper_bits = if each == 1 {
            below(from(field(first, 32)))
        } else {
            _mm256_or_si256(run(first), run(last))
        };
        _mm256_storeu_si256(deeper.as_mut_ptr().cast(), deeper_bits);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{summary, SummaryRing};
    use crate::mesh::voxel::isa::{BaselineLanes, Lanes};
    use crate::mesh::voxel::test_column;
    use crate::store::voxels::Slab;

    /// A row of columns: runs of columns alike (one slab each, two each,
    /// or any from none to three), as a real map's are, and the slab ends.
    fn row(next: &mut impl FnMut() -> u64, depth: u32) -> (Vec<Slab>, Vec<u32>) {
        let (mut slabs, mut ends) = (Vec::new(), vec![0u32]);
        while ends.len() < 70 {
            let kind = next() % 3;
            for _ in 0..1 + next() % 9 {
                let count = match kind {
                    0 => 1,
                    1 => 2,
                    _ => next() % 4,
                };
                slabs.extend(test_column(next, depth, count));
                ends.push(slabs.len() as u32);
            }
        }
        (slabs, ends)
    }

    type Summed = Vec<(u32, u32, [u64; 2])>;

    /// A row's columns (`ends` into `slabs`) summed up with `L`'s lanes in
    /// a ring whose deeper words were 7: first without their deeper words,
    /// then with them.
    fn summed_up<L: Lanes>(slabs: &[Slab], ends: &[u32], depth: u32) -> (Summed, Summed) {
        let n = ends.len() - 1;
        let mut ring = SummaryRing::default();
        ring.resize(n + 3);
        ring.deeper.fill(7);
        let got = |ring: &SummaryRing| -> Summed {
            (3..3 + n)
                .map(|j| {
                    (
                        ring.tops[j],
                        ring.his[j],
                        [ring.from_top[j], ring.deeper[j]],
                    )
                })
                .collect()
        };
        ring.sum_up::<L, false>(3, n, slabs, ends, depth);
        let without = got(&ring);
        ring.sum_up::<L, true>(3, n, slabs, ends, depth);
        (without, got(&ring))
    }

    /// Four columns at a time (AVX2, where the CPU has it) sum up columns
    /// as one at a time does, whatever their slabs, with their deeper
    /// words or without (leaving those as they were).
    #[test]
    fn columns_summed_up_four_at_a_time_match_one_at_a_time() {
        let mut next = crate::test_numbers::test_numbers(0x9E37_79B9_7F4A_7C15u64);
        let mut counts = [0; 4];
        for round in 0..300 {
            let depth = [65, 128, 240, 256, 300][round % 5];
            let (slabs, ends) = row(&mut next, depth);
            let n = ends.len() - 1;
            let want: Vec<_> = (0..n)
                .map(|j| summary::<true>(&slabs[ends[j] as usize..ends[j + 1] as usize], depth))
                .collect();
            // Without their deeper words, those left as they were.
            let stale =
                |w: &Summed| -> Summed { w.iter().map(|&(t, h, [f, _])| (t, h, [f, 7])).collect() };
            for j in 0..n {
                counts[(ends[j + 1] - ends[j]).min(3) as usize] += 1;
            }
            let one = summed_up::<BaselineLanes>(&slabs, &ends, depth);
            assert_eq!(one, (stale(&want), want.clone()), "round {round}");
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                let four = summed_up::<crate::mesh::voxel::isa::V3Lanes>(&slabs, &ends, depth);
                assert_eq!(four, one, "round {round}");
            }
        }
        assert!(
            counts.iter().all(|&c| c > 1000),
            "columns by slabs: {counts:?}"
        );
    }
}
