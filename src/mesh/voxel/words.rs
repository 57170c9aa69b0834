//! A tall map's 64-voxel words cut from its columns' summaries
//! (`summaries`), for a chunk row's band or one of its layers (`tall`):
//! a column's 64 voxels from its top hold any word that starts at or above
//! the top, a word that starts in its last run, solid to the bottom, is all
//! solid, and the 128 from the top hold one that starts at most 64 below
//! it; only a word that starts deeper between the two comes from the
//! column's slabs.

use super::isa::Lanes;
use super::summaries::Summaries;

/// The word from z `base` (bit b: voxel `base + b`) of a column summed up
/// as `top`, `hi` and its 128 voxels from the top (`from_top`, then
/// `deeper`): a shift of its voxels from the top where the word starts at
/// or above the top (the bits past the word's end shift out), all solid
/// where it starts in the last run, solid to the bottom, and the 64 of the
/// 128 from the word's start where it starts between the two, at most 64
/// below the top; none where it starts deeper, for its slabs to give.
#[inline(always)]
fn word_from(top: u32, hi: u32, [from_top, deeper]: [u64; 2], base: u32) -> Option<u64> {
    if top >= base {
        let shift = top - base;
        Some(if shift < 64 { from_top << shift } else { 0 })
    } else if hi <= base {
        Some(!0)
    } else if base - top <= 64 {
        let shift = base - top;
        Some(from_top.checked_shr(shift).unwrap_or(0) | deeper << (64 - shift))
    } else {
        None
    }
}

/// Cuts the words from z `base` of `columns` into `cut` (at most 64), as
/// [`word_from`] gives them, and returns the columns (bit i: `cut[i]`)
/// whose words must come from their slabs (left 0 here).
#[inline(always)]
pub(super) fn cut_words<L: Lanes>(cut: &mut [u64], columns: &Summaries<'_>, base: u32) -> u64 {
    let mut from_slabs = 0u64;
    #[cfg(target_arch = "x86_64")]
    let done = if L::FOUR_COLUMNS {
        // SAFETY: only the v3 build's lanes take four columns, and it runs
        // only on CPUs with AVX2.
        unsafe { cut_words4(cut, columns, base, &mut from_slabs) }
    } else {
        0
    };
    #[cfg(not(target_arch = "x86_64"))]
    let done = 0;
    let n = cut.len().min(64);
    for (i, word) in cut[..n].iter_mut().enumerate().skip(done) {
        let (top, hi) = (columns.tops[i], columns.his[i]);
        let bits = [columns.from_top[i], columns.deeper[i]];
        *word = word_from(top, hi, bits, base).unwrap_or_else(|| {
            from_slabs |= 1 << i;
            0
        });
    }
    from_slabs
}

/// [`cut_words`] four columns at a time, as far as they go in fours (AVX2,
/// whose shifts by 64 or more clear the word, as [`word_from`] needs),
/// adding the columns whose words come from slabs to `from_slabs`; returns
/// how far.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn cut_words4(
    cut: &mut [u64],
    columns: &Summaries<'_>,
    base: u32,
    from_slabs: &mut u64,
) -> usize {
    use std::arch::x86_64::*;
    let (tops, his) = (columns.tops, columns.his);
    let (from_top, deeper) = (columns.from_top, columns.deeper);
    let n = cut
        .len()
        .min(tops.len())
        .min(his.len())
        .min(from_top.len())
        .min(deeper.len())
        .min(64);
    let quads = n / 4;
    let base = _mm256_set1_epi64x(base as i64);
    for k in 0..quads {
        let i = 4 * k;
        // SAFETY: `i + 4` is within each slice.
        unsafe {
            let top = _mm256_cvtepu32_epi64(_mm_loadu_si128(tops.as_ptr().add(i).cast()));
            let hi = _mm256_cvtepu32_epi64(_mm_loadu_si128(his.as_ptr().add(i).cast()));
            let bits = _mm256_loadu_si256(from_top.as_ptr().add(i).cast());
            let next = _mm256_loadu_si256(deeper.as_ptr().add(i).cast());
            // Below the top a shift goes negative, past 63: no bits.
            let shifted = _mm256_sllv_epi64(bits, _mm256_sub_epi64(top, base));
            let (below_top, above_hi) =
                (_mm256_cmpgt_epi64(base, top), _mm256_cmpgt_epi64(hi, base));
            let solid = _mm256_andnot_si256(above_hi, below_top);
            let between = _mm256_and_si256(below_top, above_hi);
            // Starting `down` below the top: both words shifted down, none
            // of either where `down` is past 64 (a shift by more than 63,
            // or by less than 0, clears the word).
            let down = _mm256_sub_epi64(base, top);
            let from_both = _mm256_or_si256(
                _mm256_srlv_epi64(bits, down),
                _mm256_sllv_epi64(next, _mm256_sub_epi64(_mm256_set1_epi64x(64), down)),
            );
            let word = _mm256_or_si256(_mm256_andnot_si256(below_top, shifted), solid);
            let word = _mm256_or_si256(word, _mm256_and_si256(between, from_both));
            _mm256_storeu_si256(cut.as_mut_ptr().add(i).cast(), word);
            let deep = _mm256_cmpgt_epi64(down, _mm256_set1_epi64x(64));
            let slabs = _mm256_and_si256(between, deep);
            *from_slabs |= (_mm256_movemask_pd(_mm256_castsi256_pd(slabs)) as u64) << i;
        }
    }
    4 * quads
}

#[cfg(test)]
mod tests {
    use super::{cut_words, word_from};
    use crate::mesh::voxel::isa::BaselineLanes;
    use crate::mesh::voxel::summaries::{solid_at, summary, Summaries};
    use crate::mesh::voxel::test_column;
    use crate::store::voxels::Slab;

    /// A word cut from a column's summary is the column's voxels there (as
    /// its slabs have them), where the summary holds them; four columns at
    /// a time (AVX2, where the CPU has it) cut the words one at a time
    /// does, and both find the same columns to read from their slabs.
    #[test]
    fn words_cut_from_summaries_are_the_columns_voxels() {
        let mut next = crate::test_numbers::test_numbers(0x2545_F491_4F6C_DD1Du64);
        let depth = 256u32;
        let mut kinds = [0; 4];
        for round in 0..600 {
            let n = 1 + round % 34;
            let columns: Vec<Vec<Slab>> = (0..n)
                .map(|_| {
                    let count = next() % 4;
                    test_column(&mut next, depth, count)
                })
                .collect();
            let summed: Vec<_> = columns.iter().map(|c| summary::<true>(c, depth)).collect();
            let tops: Vec<u32> = summed.iter().map(|s| s.0).collect();
            let his: Vec<u32> = summed.iter().map(|s| s.1).collect();
            let from_top: Vec<u64> = summed.iter().map(|s| s.2[0]).collect();
            let deeper: Vec<u64> = summed.iter().map(|s| s.2[1]).collect();
            let summaries = Summaries {
                tops: &tops,
                his: &his,
                from_top: &from_top,
                deeper: &deeper,
            };
            let base = (next() % (depth as u64 - 63)) as u32;
            let mut one = vec![0; n];
            let slabs = cut_words::<BaselineLanes>(&mut one, &summaries, base);
            for (i, column) in columns.iter().enumerate() {
                let (top, hi, words) = summed[i];
                let want = word_from(top, hi, words, base);
                let what = format!("round {round}, column {i}, base {base}: {column:?}");
                assert_eq!(want.unwrap_or(0), one[i], "{what}");
                assert_eq!(want.is_none(), slabs >> i & 1 == 1, "{what}");
                if let Some(word) = want {
                    assert_eq!(word, solid_at(column, base), "{what}");
                }
                kinds[match want {
                    None => 0,
                    Some(w) if w == !0 => 1,
                    Some(_) if top >= base => 2,
                    Some(_) => 3,
                }] += 1;
            }
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                let mut four = vec![0; n];
                let slabs4 =
                    cut_words::<crate::mesh::voxel::isa::V3Lanes>(&mut four, &summaries, base);
                assert_eq!((four, slabs4), (one, slabs), "round {round}");
            }
        }
        // From slabs, all solid, from the top down, from below the top.
        assert!(
            kinds.iter().all(|&k| k > 100),
            "words of each kind: {kinds:?}"
        );
    }
}
