//! Maps deeper than 64, meshed by the one-word path (`single_word`) a
//! 64-voxel band at a time, so that a tall column costs about what a
//! 64-deep one does for the faces it has.
//!
//! Most chunk rows of a real map have every face in one band: from just
//! above the highest top around them down to where every column around is
//! solid to the bottom (or the map's bottom). Such a row is meshed as a
//! 64-deep map's would be, its words made once a row from each column's
//! top (from its slabs where it is more than one slab to the bottom).
//!
//! The rest (deep caves, tall cliffs) are cut into overlapping 64-voxel
//! layers, from the highest top around down to where all around is solid.
//! A layer meshes the voxels of all but its first and last bit (the map's
//! top and bottom aside): those are its margin, where the voxels above and
//! below the ones it meshes lie, so that every face and its AO ring (one
//! voxel up, down and aside) is found within the layer. A layer's words
//! come from the same summaries as a band's (a column's 64 voxels from its
//! top hold any word that starts at or above the top, and a word that
//! starts in its last run, solid to the bottom, is all solid), and from
//! the column's slabs only where a word starts between the two (in a
//! cave's roof, or its air); layers all air there or solid all around are
//! skipped.

use super::isa::Lanes;
use super::prefetch;
use super::row_ends::RowEnds;
use super::rows::Rows;
use super::single_word::{self, Layer, MapEdges};
use super::summaries::{solid_at, SummaryRing};
use super::words::cut_words;
use super::{Bordered, ChunkOut, Segment};
use crate::store::voxels::{RowParts, VoxelStore, CHUNK};

/// The layers that mesh z `lo..=hi` of a map `depth` deep (`hi < depth`,
/// `depth > 64`; none where `lo > hi`), as `(base, keep)`: a layer holds
/// z `base..base + 64` and meshes the voxels of bits `keep`. Each layer
/// starts a voxel above the first it meshes (its margin, where the voxels
/// above those lie) and meshes 62, leaving its last bit as the margin
/// below, but at the map's bottom, where below is solid as it is for a
/// one-word map; the next starts meshing one past. Starting at `lo`, the
/// highest top around, rather than at multiples of 62, a chunk row's
/// surface falls in its first layer.
#[derive(Debug, Clone, Copy)]
pub(super) struct Layers {
    from: u32,
    hi: u32,
    depth: u32,
}

impl Layers {
    pub(super) fn new(lo: u32, hi: u32, depth: u32) -> Layers {
        debug_assert!(hi < depth && depth > 64);
        Layers {
            from: lo,
            hi,
            depth,
        }
    }
}

impl Iterator for Layers {
    type Item = (u32, u64);

    #[inline]
    fn next(&mut self) -> Option<(u32, u64)> {
        if self.from > self.hi {
            return None;
        }
        let base = self.from.saturating_sub(1).min(self.depth - 64);
        let last = if base + 64 == self.depth { 63 } else { 62 };
        let keep = (!0u64 << (self.from - base)) & (!0u64 >> (63 - last));
        self.from = base + last + 1;
        Some((base, keep))
    }
}

/// Three rows of a segment, in a ring by row % 3 as the one-word masks
/// are: each column's top, where it is solid to the bottom from, and its
/// 64 voxels from its top, from which a chunk's row is cut into words (its
/// band, or its layers).
#[derive(Debug, Default)]
pub(super) struct LayerRows {
    /// The segment's first column.
    x0: u32,
    /// The segment's columns and one more each side.
    stride: usize,
    chunks: usize,
    /// `[slot][column]`: each column's summary.
    summaries: SummaryRing,
    /// `[slot][chunk]`: the chunk's columns and one each side: the least
    /// top, and the greatest `hi` of those inside the map.
    lo_hi: Vec<[u32; 2]>,
    /// `[slot]`: whether the slot holds a map row (not one past an edge).
    in_map: [bool; 3],
    /// One layer of one chunk's three rows, `[row][column]`.
    cut: Vec<[u64; CUT]>,
    /// `[slot][chunk]`: the chunk's columns and one each side as one word
    /// each from the z given (`u32::MAX`: none yet), for chunks whose faces
    /// all lie in one word.
    bands: Vec<(u32, [u64; CUT])>,
    /// `[slot][chunk]`: whether the chunk's columns and one each side have
    /// their summaries' deeper words, which only rows cut into layers need.
    deeper: Vec<bool>,
}

/// A chunk's columns and one each side.
const CUT: usize = CHUNK as usize + 2;

/// One chunk's part of a map row, as [`LayerRows::layers`] meshes it.
struct ChunkRow<'e, 's> {
    /// The chunk, in the segment.
    c: usize,
    /// Its columns.
    len: usize,
    /// The row, in the chunk.
    ly: u32,
    /// Ring slots of the rows before, at and after it.
    slots: [usize; 3],
    edges: &'e MapEdges,
    columns: RowParts<'s>,
}

impl LayerRows {
    /// Meshes `seg` of a map deeper than 64 into `outs`, as `one_word`
    /// does a 64-deep one, with `ends` for where the ring's columns start
    /// in the store.
    #[inline(always)]
    pub(super) fn run<const SHADE: bool, L: Lanes>(
        &mut self,
        store: &VoxelStore,
        ends: &mut RowEnds,
        seg: &Segment,
        spare: &mut single_word::Spare,
        outs: &mut [ChunkOut],
    ) {
        let [width, length, depth] = store.dims();
        self.stride = seg.width as usize + 2;
        self.chunks = seg.chunks as usize;
        self.summaries.resize(3 * self.stride);
        self.lo_hi.resize(3 * self.chunks, [0; 2]);
        self.bands.resize(3 * self.chunks, (u32::MAX, [0; CUT]));
        self.deeper.resize(3 * self.chunks, false);
        self.cut.resize(3, [0; CUT]);
        self.x0 = seg.x0;
        let cols = Bordered::new(seg.x0, seg.width, width);
        ends.start(cols.x0..cols.x1);
        self.fill::<L>(store, ends, seg, 0);
        self.fill::<L>(store, ends, seg, 1);
        for ly in 0..seg.length {
            self.fill::<L>(store, ends, seg, ly + 2);
            let ends = &*ends;
            let y = seg.y0 + ly;
            let slot = |by: u32| (by % 3) as usize;
            let slots = [slot(ly), slot(ly + 1), slot(ly + 2)];
            for (c, out) in outs[..self.chunks].iter_mut().enumerate() {
                let i0 = c * CHUNK as usize;
                let len = (seg.width as usize - i0).min(CHUNK as usize);
                let x0 = seg.x0 + i0 as u32;
                let columns = ends.parts(slots[1], store, x0..x0 + len as u32);
                if y + prefetch::ROWS_AHEAD < length {
                    prefetch::columns(
                        store.row_memory(y + prefetch::ROWS_AHEAD, x0..x0 + len as u32),
                    );
                }
                let edges = MapEdges {
                    east: x0 + len as u32 == width,
                    west: x0 == 0,
                    south: y + 1 == length,
                    north: y == 0,
                };
                // Where the faces of this chunk's row can lie: from just
                // above the highest top around to where every column around
                // is solid to the bottom.
                let lo_hi = slots.map(|s| self.lo_hi[s * self.chunks + c]);
                let lo = lo_hi.iter().map(|v| v[0]).min().unwrap_or(depth);
                let hi = lo_hi.iter().map(|v| v[1]).max().unwrap_or(depth);
                let base = lo.saturating_sub(1).min(depth - 64);
                if hi < base + 64 || base + 64 == depth {
                    // One word a column holds it all, as a 64-deep map's:
                    // air above, solid below (or the map's bottom).
                    for &s in &slots {
                        self.band::<L>(s, c, len, base);
                    }
                    let band = |s: usize| &self.bands[s * self.chunks + c].1[..len + 2];
                    let rows = Rows {
                        m: band(slots[0]),
                        c: band(slots[1]),
                        p: band(slots[2]),
                        last_valid: !0,
                    };
                    let layer = Layer {
                        base,
                        first_tops: !0,
                    };
                    single_word::mesh_row::<SHADE, L>(
                        &rows, len, ly, &edges, columns, layer, spare, out,
                    );
                    continue;
                }
                let row = ChunkRow {
                    c,
                    len,
                    ly,
                    slots,
                    edges: &edges,
                    columns,
                };
                let z = lo..=hi.min(depth - 1);
                self.layers::<SHADE, L>(store, ends, &row, z, spare, out);
            }
        }
    }

    /// Meshes chunk row `row` a layer at a time, its faces lying in z
    /// `z` (`ends`: where the ring's columns start in the store).
    #[inline(always)]
    fn layers<const SHADE: bool, L: Lanes>(
        &mut self,
        store: &VoxelStore,
        ends: &RowEnds,
        row: &ChunkRow<'_, '_>,
        z: std::ops::RangeInclusive<u32>,
        spare: &mut single_word::Spare,
        out: &mut ChunkOut,
    ) {
        let (c, len, slots) = (row.c, row.len, row.slots);
        let (depth, i0) = (store.depth(), c * CHUNK as usize);
        let (lo, hi) = (*z.start(), *z.end());
        for &s in &slots {
            self.sum_up_deeper::<L>(store, ends, s, c, len);
        }
        // Nothing is solid above `lo`, and from `hi` down all is solid
        // around: every face lies in `lo..=hi`.
        for (base, keep) in Layers::new(lo, hi, depth) {
            for (k, &s) in slots.iter().enumerate() {
                self.cut_layer::<L>(store, ends, [s, k], i0, len, base);
            }
            // Skipped: none of the chunk's own voxels are meshed here, or
            // all around is solid.
            let cut = &self.cut;
            let any = cut[1][1..=len].iter().fold(0, |a, &m| a | m);
            let all = cut
                .iter()
                .flat_map(|r| &r[..len + 2])
                .fold(!0, |a, &m| a & m);
            if any & keep == 0 || all == !0 {
                continue;
            }
            let rows = Rows {
                m: &self.cut[0][..len + 2],
                c: &self.cut[1][..len + 2],
                p: &self.cut[2][..len + 2],
                last_valid: keep,
            };
            // Nothing solid above the first voxel meshed here.
            let from = base + keep.trailing_zeros();
            let tops = &self.summaries.tops[slots[1] * self.stride + i0 + 1..][..len];
            let first_tops = tops
                .iter()
                .enumerate()
                .fold(0u32, |f, (j, &t)| f | ((t >= from) as u32) << j);
            let layer = Layer { base, first_tops };
            single_word::mesh_row::<SHADE, L>(
                &rows,
                len,
                row.ly,
                row.edges,
                row.columns,
                layer,
                spare,
                out,
            );
        }
    }

    /// Cuts the words from z `base` of the columns from `i0` in ring slot
    /// `s` (`len` and one each side) into `self.cut[k]` (`[s, k]`; `ends`:
    /// where the ring's columns start in the store): from each
    /// column's top where the word starts at or above it (its 64 voxels
    /// from the top hold the word), all solid where the word starts in the
    /// column's last run, solid to the bottom, and from the column's slabs
    /// where it starts between the two.
    #[inline(always)]
    fn cut_layer<L: Lanes>(
        &mut self,
        store: &VoxelStore,
        ends: &RowEnds,
        [s, k]: [usize; 2],
        i0: usize,
        len: usize,
        base: u32,
    ) {
        let columns = self.summaries.of(s * self.stride + i0, len + 2);
        let cut = &mut self.cut[k][..len + 2];
        let mut from_slabs = cut_words::<L>(cut, &columns, base);
        if from_slabs == 0 {
            return;
        }
        // The map's columns of the slot's row, the first of them column
        // `cols.at` here (outside the map, a column's top is the depth,
        // below every word, so none is read from slabs).
        let cols = Bordered::new(self.x0 + i0 as u32, len as u32, store.width());
        if !self.in_map[s] {
            return;
        }
        let row = ends.parts(s, store, cols.x0..cols.x1);
        while from_slabs != 0 {
            let i = from_slabs.trailing_zeros() as usize;
            from_slabs &= from_slabs - 1;
            if let Some(j) = i.checked_sub(cols.at) {
                let ends = &row.slab_ends[j..j + 2];
                cut[i] = solid_at(&row.slabs[ends[0] as usize..ends[1] as usize], base);
            }
        }
    }

    /// Sums up chunk `c`'s columns (`len`) and one each side in ring slot
    /// `s` again with their deeper words, unless they are already.
    #[inline(always)]
    fn sum_up_deeper<L: Lanes>(
        &mut self,
        store: &VoxelStore,
        ends: &RowEnds,
        s: usize,
        c: usize,
        len: usize,
    ) {
        let done = &mut self.deeper[s * self.chunks + c];
        if std::mem::replace(done, true) {
            return;
        }
        // Outside the map, `fill` left no voxels.
        if !self.in_map[s] {
            return;
        }
        let i0 = c * CHUNK as usize;
        let cols = Bordered::new(self.x0 + i0 as u32, len as u32, store.width());
        let row = ends.parts(s, store, cols.x0..cols.x1);
        let (at, n) = (s * self.stride + i0 + cols.at, cols.len());
        let ends = &row.slab_ends[..n + 1];
        self.summaries
            .sum_up::<L, true>(at, n, row.slabs, ends, store.depth());
    }

    /// Makes `self.bands` of chunk `c` (`len` columns) in ring slot `s`
    /// the words from z `base`, unless they are already: its columns and
    /// one each side, as one word each (every column there solid below the
    /// word, or the word the map's last). No column's top is above `base`.
    #[inline(always)]
    fn band<L: Lanes>(&mut self, s: usize, c: usize, len: usize, base: u32) {
        let (i0, band) = (c * CHUNK as usize, &mut self.bands[s * self.chunks + c]);
        if band.0 == base {
            return;
        }
        band.0 = base;
        let columns = self.summaries.of(s * self.stride + i0, len + 2);
        let from_slabs = cut_words::<L>(&mut band.1[..len + 2], &columns, base);
        debug_assert_eq!(from_slabs, 0, "a band starts above every top");
    }

    /// Fills bordered row `by` of the segment (map row `y0 + by - 1`) into
    /// its ring slot, and `ends`' (where its columns start in the store):
    /// each column's top, where it is solid to the bottom
    /// from and its 64 voxels from the top, and the first two a chunk.
    #[inline(always)]
    fn fill<L: Lanes>(&mut self, store: &VoxelStore, ends: &mut RowEnds, seg: &Segment, by: u32) {
        let (stride, depth) = (self.stride, store.depth());
        let slot = (by % 3) as usize;
        let tops = &mut self.summaries.tops[slot * stride..][..stride];
        let his = &mut self.summaries.his[slot * stride..][..stride];
        let from_top = &mut self.summaries.from_top[slot * stride..][..stride];
        let deeper = &mut self.summaries.deeper[slot * stride..][..stride];
        for b in &mut self.bands[slot * self.chunks..][..self.chunks] {
            b.0 = u32::MAX;
        }
        self.deeper[slot * self.chunks..][..self.chunks].fill(false);
        let y = (seg.y0 + by).checked_sub(1).filter(|&y| y < store.length());
        self.in_map[slot] = y.is_some();
        // The map's columns in the bordered row: `first..first + n`.
        let cols = Bordered::new(seg.x0, seg.width, store.width());
        let (first, n) = match y {
            Some(_) => (cols.at, cols.len()),
            None => (0, 0),
        };
        // Outside the map is air (inside, every column is written below).
        for (v, air) in [(&mut *tops, depth), (&mut *his, 0)] {
            v[..first].fill(air);
            v[first + n..].fill(air);
        }
        for v in [&mut *from_top, &mut *deeper] {
            v[..first].fill(0);
            v[first + n..].fill(0);
        }
        if let Some(y) = y {
            let row = ends.fill(slot, store, y);
            let ends = &row.slab_ends[..n + 1];
            self.summaries
                .sum_up::<L, false>(slot * stride + first, n, row.slabs, ends, depth);
        }
        let tops = &self.summaries.tops[slot * stride..][..stride];
        let his = &self.summaries.his[slot * stride..][..stride];
        for c in 0..self.chunks {
            let i0 = c * CHUNK as usize;
            let len = (seg.width as usize - i0).min(CHUNK as usize);
            let lo = tops[i0..][..len + 2].iter().fold(depth, |a, &t| a.min(t));
            let hi = his[i0..][..len + 2].iter().fold(0, |a, &h| a.max(h));
            self.lo_hi[slot * self.chunks + c] = [lo, hi];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Layers;

    /// Every voxel from `lo` to `hi` is meshed by exactly one layer, none
    /// twice, with a voxel of margin above it (but at the top) and below it
    /// (but at the bottom) in that layer; a layer meshes 62 voxels (but the
    /// last).
    #[test]
    fn layers_mesh_each_voxel_once_with_margins() {
        for depth in [65, 100, 126, 127, 128, 129, 200, 240, 256, 300, 1000] {
            let mut spans = vec![(0, depth - 1), (depth - 1, depth - 1), (5, 3)];
            for lo in (0..depth).step_by(7) {
                for hi in (lo..depth).step_by(13) {
                    spans.push((lo, hi));
                }
                spans.push((lo, depth - 1));
            }
            for (lo, hi) in spans {
                let what = format!("depth {depth}, {lo}..={hi}");
                let mut meshed = vec![0; depth as usize];
                let mut count = 0;
                for (base, keep) in Layers::new(lo, hi, depth) {
                    count += 1;
                    assert!(base + 64 <= depth, "{what}: layer at {base}");
                    for b in 0..64 {
                        if keep >> b & 1 == 0 {
                            continue;
                        }
                        let z = base + b;
                        meshed[z as usize] += 1;
                        assert!(z == 0 || b > 0, "{what}: no margin above {z}");
                        assert!(z == depth - 1 || b < 63, "{what}: none below {z}");
                    }
                }
                for (z, &m) in meshed.iter().enumerate() {
                    // Past `hi`, a layer's last bits may be meshed too.
                    let inside = (lo..=hi).contains(&(z as u32));
                    assert!(
                        m == 1 || !inside && m == 0,
                        "{what}: z {z} meshed {m} times"
                    );
                }
                assert!(
                    count <= (hi + 1).saturating_sub(lo).div_ceil(62),
                    "{what}: {count} layers"
                );
            }
        }
    }
}
