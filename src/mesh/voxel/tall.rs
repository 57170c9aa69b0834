//! Maps deeper than 64, meshed a layer at a time by the one-word path
//! (`single_word`), so that a tall column costs what a 64-deep one does for
//! the faces it has.
//!
//! Each column is cut into overlapping 64-voxel layers. A layer meshes the
//! voxels of all but its first and last bit (the map's top and bottom
//! aside): those are its margin, where the voxels above and below the ones
//! it meshes lie, so that every face and its AO ring (one voxel up, down
//! and aside) is found within the layer. Most layers of a chunk's row are
//! all air there or solid all around; a summary of each row, made as it is
//! filled, lets those be skipped without a look at their columns.

use super::rows::Rows;
use super::single_word::{self, Layer, MapEdges};
use super::{ChunkOut, Segment};
use crate::store::voxels::{VoxelStore, CHUNK};

/// How a depth over 64 is cut: layer i holds z `base[i]..base[i] + 64`
/// and meshes the voxels of bits `keep[i]`. Layers step by 62, each
/// meshing from one past the last one's end; the last ends at the map's
/// bottom, where below is solid as it is for a one-word map.
#[derive(Debug, Default, Clone, PartialEq)]
pub(super) struct Layers {
    pub(super) base: Vec<u32>,
    pub(super) keep: Vec<u64>,
}

impl Layers {
    pub(super) fn new(depth: u32) -> Layers {
        assert!(depth > 64, "one word holds a column of {depth}");
        let n = (depth - 1).div_ceil(62) as usize;
        let mut out = Layers::default();
        for i in 0..n as u32 {
            let (base, keep) = match i {
                0 => (0, !0u64 >> 1),
                _ if (i as usize) + 1 < n => (62 * i, (!0u64 >> 2) << 1),
                _ => {
                    let base = depth - 64;
                    (base, !0u64 << (62 * i + 1 - base))
                }
            };
            out.base.push(base);
            out.keep.push(keep);
        }
        out
    }

    fn len(&self) -> usize {
        self.base.len()
    }
}

/// Three rows of a segment cut into layers, in a ring by row % 3 as the
/// one-word masks are.
#[derive(Debug, Default)]
pub(super) struct LayerRows {
    /// The depth `layers` cut.
    depth: u32,
    layers: Layers,
    /// The segment's columns and one more each side.
    stride: usize,
    chunks: usize,
    /// `[slot][layer][column]`: bit b is voxel `base + b` solid. Outside
    /// the map in x/y is air.
    masks: Vec<u64>,
    /// `[slot][column]`: the first solid z (the depth where none).
    tops: Vec<u32>,
    /// `[slot][chunk][layer]`: the chunk's own columns ORed.
    any: Vec<u64>,
    /// `[slot][chunk][layer]`: the chunk's columns and one each side ANDed.
    all: Vec<u64>,
}

impl LayerRows {
    /// Meshes `seg` of a map deeper than 64 into `outs`, as
    /// `Scratch::run` does a 64-deep one.
    pub(super) fn run<const SHADE: bool>(
        &mut self,
        store: &VoxelStore,
        seg: &Segment,
        rgb: &mut [u32; 64],
        outs: &mut [ChunkOut],
    ) {
        let [width, length, depth] = store.dims();
        if self.depth != depth {
            self.layers = Layers::new(depth);
            self.depth = depth;
        }
        let n = self.layers.len();
        self.stride = seg.width as usize + 2;
        self.chunks = seg.chunks as usize;
        self.masks.resize(3 * n * self.stride, 0);
        self.tops.resize(3 * self.stride, 0);
        self.any.resize(3 * self.chunks * n, 0);
        self.all.resize(3 * self.chunks * n, 0);
        self.fill(store, seg, 0);
        self.fill(store, seg, 1);
        for ly in 0..seg.length {
            self.fill(store, seg, ly + 2);
            let y = seg.y0 + ly;
            let slot = |by: u32| (by % 3) as usize;
            let (sm, sc, sp) = (slot(ly), slot(ly + 1), slot(ly + 2));
            for (c, out) in outs[..self.chunks].iter_mut().enumerate() {
                let i0 = c * CHUNK as usize;
                let len = (seg.width as usize - i0).min(CHUNK as usize);
                let x0 = seg.x0 + i0 as u32;
                let columns = store.row_parts(y, x0..x0 + len as u32);
                let edges = MapEdges {
                    east: x0 + len as u32 == width,
                    west: x0 == 0,
                    south: y + 1 == length,
                    north: y == 0,
                };
                let tops = &self.tops[sc * self.stride + i0 + 1..][..len];
                for k in 0..n {
                    let at = |s: usize| (s * self.chunks + c) * n + k;
                    let keep = self.layers.keep[k];
                    let solid_around = self.all[at(sm)] & self.all[at(sc)] & self.all[at(sp)];
                    if self.any[at(sc)] & keep == 0 || solid_around == !0 {
                        continue;
                    }
                    let row = |s: usize| &self.masks[(s * n + k) * self.stride + i0..][..len + 2];
                    let rows = Rows::<1> {
                        m: row(sm),
                        c: row(sc),
                        p: row(sp),
                        words: 1,
                        last_valid: keep,
                    };
                    let base = self.layers.base[k];
                    // Nothing solid above the first voxel meshed here.
                    let from = base + keep.trailing_zeros();
                    let first_tops = tops
                        .iter()
                        .enumerate()
                        .fold(0u32, |f, (j, &t)| f | ((t >= from) as u32) << j);
                    let layer = Layer { base, first_tops };
                    single_word::mesh_row::<SHADE>(
                        &rows, len, ly, &edges, columns, layer, rgb, out,
                    );
                }
            }
        }
    }

    /// Fills bordered row `by` of the segment (map row `y0 + by - 1`) into
    /// its ring slot, with its summaries.
    fn fill(&mut self, store: &VoxelStore, seg: &Segment, by: u32) {
        let (n, stride, depth) = (self.layers.len(), self.stride, store.depth());
        let slot = (by % 3) as usize;
        let masks = &mut self.masks[slot * n * stride..][..n * stride];
        let tops = &mut self.tops[slot * stride..][..stride];
        masks.fill(0);
        tops.fill(depth);
        let y = (seg.y0 + by).checked_sub(1).filter(|&y| y < store.length());
        if let Some(y) = y {
            let x0 = seg.x0.saturating_sub(1);
            let x1 = (seg.x0 + seg.width + 1).min(store.width());
            let first = (x0 + 1 - seg.x0) as usize;
            for (i, slabs) in store.row_slabs(y, x0..x1).enumerate() {
                let col = first + i;
                if let Some(s) = slabs.first() {
                    tops[col] = s.top as u32;
                }
                for s in slabs {
                    let (top, bottom) = (s.top as u32, s.bottom as u32);
                    for (k, &base) in self.layers.base.iter().enumerate() {
                        if base < bottom && top < base + 64 {
                            let lo = top.saturating_sub(base);
                            let hi = (bottom - base).min(64);
                            masks[k * stride + col] |= BELOW[hi as usize] & !BELOW[lo as usize];
                        }
                    }
                }
            }
        }
        for c in 0..self.chunks {
            let i0 = c * CHUNK as usize;
            let len = (seg.width as usize - i0).min(CHUNK as usize);
            for k in 0..n {
                let row = &masks[k * stride + i0..][..len + 2];
                let at = (slot * self.chunks + c) * n + k;
                self.any[at] = row[1..=len].iter().fold(0, |a, m| a | m);
                self.all[at] = row.iter().fold(!0, |a, m| a & m);
            }
        }
    }
}

/// `BELOW[k]`: bits `0..k` set (all for k = 64).
static BELOW: [u64; 65] = {
    let mut t = [!0u64; 65];
    let mut k = 0;
    while k < 64 {
        t[k] = (1 << k) - 1;
        k += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::Layers;

    /// Every voxel is meshed by exactly one layer, with a voxel of margin
    /// above it (but at the top) and below it (but at the bottom) in that
    /// layer.
    #[test]
    fn layers_mesh_each_voxel_once_with_margins() {
        for depth in [65, 100, 126, 127, 128, 129, 200, 240, 256, 300, 1000, 4096] {
            let l = Layers::new(depth);
            let mut meshed = vec![0; depth as usize];
            for (&base, &keep) in l.base.iter().zip(&l.keep) {
                assert!(base + 64 <= depth, "depth {depth}: layer at {base}");
                for b in 0..64 {
                    if keep >> b & 1 == 0 {
                        continue;
                    }
                    let z = base + b;
                    meshed[z as usize] += 1;
                    assert!(z == 0 || b > 0, "depth {depth}: no margin above {z}");
                    assert!(z == depth - 1 || b < 63, "depth {depth}: none below {z}");
                }
            }
            assert!(meshed.iter().all(|&m| m == 1), "depth {depth}: {meshed:?}");
            assert_eq!(
                l.base.len() as u32,
                (depth - 1).div_ceil(62),
                "depth {depth}"
            );
        }
    }
}
