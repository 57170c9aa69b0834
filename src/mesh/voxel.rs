//! The chunk mesher: solid bitmasks over z, exposed faces by bit operations,
//! AO from the neighbouring columns' masks.
//!
//! Each column becomes a bitmask over z (bit `z % 64` of word `z / 64`). For
//! a word of 64 voxels, the exposed faces of each direction are one AND-NOT
//! with the neighbour's word (or with the column's own word shifted by one,
//! for up and down), so the work per voxel is a few bit operations and the
//! work per face is one table lookup. The same masks, shifted by one in z,
//! give every face its 8-voxel AO ring.
//!
//! Chunks are meshed a *segment* at a time: a run of chunks side by side in
//! one chunk row, swept one map row at a time. The store keeps columns in
//! row-major order, so the sweep reads it in order, and each column is looked
//! up once (border columns once per segment); the masks only need the three
//! rows around the row being meshed.
//!
//! Within a row, each chunk's 32 columns go through `single_word`: a
//! branch-free pass (`row_scan`) finds which columns show which faces, and
//! short paths with no branch on what a column holds take most columns of
//! a real map (the top of one slab, alone or with side faces beside it;
//! and `ledges`, a roof over a hollow, by the slabs' three ends); the rest
//! are coloured and written a face at a time, each direction straight
//! into its own buffer. That path works on one 64-bit word a
//! column; maps deeper than 64 (`tall`) go through it a 64-voxel band at a
//! time: most chunk rows have all their faces in one band, and the rest
//! are cut into overlapping layers, those all air or solid all around
//! skipped. A chunk's bounds are gathered row by row ([`Shown`]),
//! with no pass over its faces. All of it is compiled twice on x86-64
//! (`isa`), the build the CPU can run best chosen at run time; the
//! x86-64-v3 build takes four columns at a time with AVX2 where the other
//! takes two (the first pass, a row's tops, a band's or a layer's words),
//! and sums up a deep row's columns (`summaries`) four at a time.

pub(crate) mod isa;
mod ledges;
mod prefetch;
mod ring_bits;
mod row_ends;
mod row_scan;
mod rows;
mod single_word;
mod summaries;
mod tall;
mod tops;
mod tops_four;
mod words;

use std::ops::Range;

use super::face::Face;
use super::{ChunkMesh, MeshOptions};
use crate::store::voxels::{FourthByte, VoxelStore, CHUNK};
use rows::Rows;

/// One chunk's faces by direction, as they are found: `faces[d][..len[d]]`.
/// Past `len[d]` is room written into by index, so that the count stays in a
/// register instead of going through `Vec::push` for every face.
#[derive(Debug, Default)]
struct ChunkOut {
    faces: [Vec<Face>; 6],
    len: [usize; 6],
    shown: Shown,
}

/// Where a chunk's voxels that show faces lie, gathered a row at a time:
/// the chunk's bounds, for much less than a pass over its faces.
#[derive(Debug, Clone, Copy)]
struct Shown {
    /// Bit lx: some voxel of a column lx shows a face.
    columns: u32,
    /// Bit ly: some voxel of row ly does.
    rows: u32,
    z_min: u32,
    z_max: u32,
}

impl Default for Shown {
    fn default() -> Self {
        Shown {
            columns: 0,
            rows: 0,
            z_min: u32::MAX,
            z_max: 0,
        }
    }
}

impl Shown {
    /// Adds the voxels of row `ly` that show faces: in columns `columns`
    /// (bit lx), at `z` (bit z - z0).
    #[inline(always)]
    fn add(&mut self, ly: u32, columns: u32, z: u64, z0: u32) {
        if columns != 0 {
            self.columns |= columns;
            self.rows |= 1 << ly;
            self.z_min = self.z_min.min(z0 + z.trailing_zeros());
            self.z_max = self.z_max.max(z0 + 63 - z.leading_zeros());
        }
    }
}

/// Buffers reused from segment to segment.
#[derive(Debug)]
pub(crate) struct Scratch {
    /// Three rows of the segment plus a column each side, one word a
    /// column, in a ring indexed by row % 3 (maps 64 deep). Columns outside
    /// the map in x/y are air here (for AO: no wall is drawn there, so none
    /// darkens the faces beside it); below the depth, to the end of the
    /// word, is solid.
    masks: Vec<u64>,
    /// Where the columns of the ring's rows start in the store.
    ends: row_ends::RowEnds,
    /// What a row's columns are written through.
    spare: Box<single_word::Spare>,
    outs: Vec<ChunkOut>,
    /// Rows cut into layers, for maps deeper than 64.
    layers: tall::LayerRows,
    /// Which build of the mesher runs.
    isa: isa::Isa,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            masks: Vec::new(),
            ends: Default::default(),
            spare: Default::default(),
            outs: Vec::new(),
            layers: Default::default(),
            isa: isa::Isa::detected(),
        }
    }
}

impl Scratch {
    /// Meshes chunks `cxs` of chunk row `cy`, appending them to `meshes` in
    /// chunk order.
    pub(crate) fn mesh_segment(
        &mut self,
        store: &VoxelStore,
        cy: u32,
        cxs: Range<u32>,
        opts: &MeshOptions,
        meshes: &mut Vec<ChunkMesh>,
    ) {
        let shade = opts.fourth_byte_shade && store.fourth_byte == FourthByte::Shade;
        let seg = Segment::new(store, cy, cxs.clone());
        let chunks = seg.chunks as usize;
        if self.outs.len() < chunks {
            self.outs.resize_with(chunks, Default::default);
        }
        for o in &mut self.outs[..chunks] {
            o.len = [0; 6];
            o.shown = Shown::default();
        }
        let mut work = Work {
            masks: &mut self.masks,
            ends: &mut self.ends,
            layers: &mut self.layers,
            spare: &mut self.spare,
            store,
            seg: &seg,
            shade,
            outs: &mut self.outs[..chunks],
        };
        self.isa.run(&mut work);
        for (i, cx) in cxs.enumerate() {
            let chunk = (cy * store.chunks_x() + cx) as usize;
            meshes.push(collect(store, chunk, &self.outs[i]));
        }
    }
}

/// One segment's meshing, with the buffers it works in.
struct Work<'a> {
    masks: &'a mut Vec<u64>,
    ends: &'a mut row_ends::RowEnds,
    layers: &'a mut tall::LayerRows,
    spare: &'a mut single_word::Spare,
    store: &'a VoxelStore,
    seg: &'a Segment,
    shade: bool,
    outs: &'a mut [ChunkOut],
}

impl Work<'_> {
    /// Meshes the segment into `outs`: the whole of the mesher's work,
    /// inlined here so that each build of it (`isa`) has its own copy.
    #[inline(always)]
    fn run<L: isa::Lanes>(&mut self) {
        let (store, seg, spare) = (self.store, self.seg, &mut *self.spare);
        let (outs, ends) = (&mut *self.outs, &mut *self.ends);
        let rows = (&mut *self.masks, &mut *ends);
        match (store.depth() <= 64, self.shade) {
            (true, true) => one_word::<true, L>(rows, store, seg, spare, outs),
            (true, false) => one_word::<false, L>(rows, store, seg, spare, outs),
            (false, true) => self.layers.run::<true, L>(store, ends, seg, spare, outs),
            (false, false) => self.layers.run::<false, L>(store, ends, seg, spare, outs),
        }
    }
}

/// Meshes `seg` of a map at most 64 deep into `outs`, one map row at a
/// time and, within a row, one chunk's columns at a time
/// (`single_word::mesh_row`), with `masks` for the ring of rows and
/// `ends` for where the ring's columns start in the store.
#[inline(always)]
fn one_word<const SHADE: bool, L: isa::Lanes>(
    (masks, ends): (&mut Vec<u64>, &mut row_ends::RowEnds),
    store: &VoxelStore,
    seg: &Segment,
    spare: &mut single_word::Spare,
    outs: &mut [ChunkOut],
) {
    let [width, length, depth] = store.dims();
    let last_valid = match depth % 64 {
        0 => !0,
        r => (1u64 << r) - 1,
    };
    let stride = seg.width as usize + 2;
    masks.resize(3 * stride, 0);
    let pad = !last_valid;
    let cols = Bordered::new(seg.x0, seg.width, store.width());
    ends.start(cols.x0..cols.x1);
    fill_row(masks, ends, store, seg, 0, pad);
    fill_row(masks, ends, store, seg, 1, pad);
    for ly in 0..seg.length {
        // Masks one row ahead: row ly needs rows ly - 1 ..= ly + 1, which
        // are bordered rows ly ..= ly + 2.
        fill_row(masks, ends, store, seg, ly + 2, pad);
        let y = seg.y0 + ly;
        for (c, out) in outs.iter_mut().enumerate() {
            let i0 = c * CHUNK as usize;
            let len = (seg.width as usize - i0).min(CHUNK as usize);
            // This chunk's columns and one more each side, in the rows
            // before, at and after y.
            let row = |by: u32| &masks[(by % 3) as usize * stride + i0..][..len + 2];
            let rows = Rows {
                m: row(ly),
                c: row(ly + 1),
                p: row(ly + 2),
                last_valid,
            };
            let x0 = seg.x0 + i0 as u32;
            let edges = single_word::MapEdges {
                east: x0 + len as u32 == width,
                west: x0 == 0,
                south: y + 1 == length,
                north: y == 0,
            };
            let columns = ends.parts(((ly + 1) % 3) as usize, store, x0..x0 + len as u32);
            let whole = single_word::Layer::WHOLE;
            single_word::mesh_row::<SHADE, L>(&rows, len, ly, &edges, columns, whole, spare, out);
        }
    }
}

/// Chunks `cxs` of chunk row `cy`, as a block of columns.
struct Segment {
    x0: u32,
    y0: u32,
    width: u32,
    length: u32,
    chunks: u32,
}

impl Segment {
    fn new(store: &VoxelStore, cy: u32, cxs: Range<u32>) -> Self {
        let first = store.chunk((cy * store.chunks_x() + cxs.start) as usize);
        let x1 = (cxs.end * CHUNK).min(store.width());
        Segment {
            x0: first.x0,
            y0: first.y0,
            width: x1 - first.x0,
            length: first.length,
            chunks: cxs.len() as u32,
        }
    }
}

/// Of `n` columns from map column `x_first` and one more each side (the
/// bordered columns, numbered from 0 one left of `x_first`), those inside a
/// map `width` wide: map columns `x0..x1`, the first of them bordered
/// column `at`.
struct Bordered {
    x0: u32,
    x1: u32,
    at: usize,
}

impl Bordered {
    fn new(x_first: u32, n: u32, width: u32) -> Self {
        let x0 = x_first.saturating_sub(1);
        Bordered {
            x0,
            x1: (x_first + n + 1).min(width),
            at: (x0 + 1 - x_first) as usize,
        }
    }

    /// How many there are.
    fn len(&self) -> usize {
        (self.x1 - self.x0) as usize
    }
}

/// Gathers a chunk's faces by direction into one mesh with its bounds.
/// The copy's cost is writing the faces to memory the caches do not hold
/// (7-9 % of a 1024 x 1024 x 256 map's meshing), not reading them:
/// non-temporal stores made it no faster.
fn collect(store: &VoxelStore, chunk: usize, out: &ChunkOut) -> ChunkMesh {
    let rect = store.chunk(chunk);
    let found = |d: usize| &out.faces[d][..out.len[d]];
    let mut faces = Vec::with_capacity(out.len.iter().sum());
    let mut dir_ranges: [Range<u32>; 6] = Default::default();
    for (d, range) in dir_ranges.iter_mut().enumerate() {
        let start = faces.len() as u32;
        faces.extend_from_slice(found(d));
        *range = start..faces.len() as u32;
    }
    // The box of the voxels that show faces, which holds every face.
    let origin = [rect.x0 as f32, rect.y0 as f32, 0.0];
    let s = out.shown;
    let (lo, hi) = if s.columns == 0 {
        (origin, origin)
    } else {
        let span = |bits: u32| [bits.trailing_zeros(), 32 - bits.leading_zeros()];
        let ([x0, x1], [y0, y1]) = (span(s.columns), span(s.rows));
        (
            [rect.x0 + x0, rect.y0 + y0, s.z_min].map(|v| v as f32),
            [rect.x0 + x1, rect.y0 + y1, s.z_max + 1].map(|v| v as f32),
        )
    };
    ChunkMesh {
        chunk,
        faces,
        dir_ranges,
        bounds_min: lo,
        bounds_max: hi,
    }
}

/// Fills bordered row `by` of the segment (map row `y0 + by - 1`) into its
/// ring slot, for a map one word deep: each column's word straight from
/// its slabs, by index (where they start put in `ends`). `pad` is the bits
/// below the depth.
#[inline(always)]
fn fill_row(
    masks: &mut [u64],
    ends: &mut row_ends::RowEnds,
    store: &VoxelStore,
    seg: &Segment,
    by: u32,
    pad: u64,
) {
    let stride = seg.width as usize + 2;
    let ring = &mut masks[(by % 3) as usize * stride..][..stride];
    // Outside the map stays air, for AO.
    ring.fill(pad);
    let Some(y) = (seg.y0 + by).checked_sub(1).filter(|&y| y < store.length()) else {
        return;
    };
    let cols = Bordered::new(seg.x0, seg.width, store.width());
    let row = ends.fill((by % 3) as usize, store, y);
    let (slabs, inside) = (row.slabs, &mut ring[cols.at..][..cols.len()]);
    let ends = &row.slab_ends[..inside.len() + 1];
    // Bits [top, bottom) by table, cheaper than two shifts by a variable.
    let solid = |s: &crate::store::voxels::Slab| {
        BELOW[s.bottom as usize % 128] & !BELOW[s.top as usize % 128]
    };
    // Each column's slabs start where the one before ends.
    let mut a = ends[0] as usize;
    for (m, &b) in inside.iter_mut().zip(&ends[1..]) {
        let b = b as usize;
        // Most columns are one slab.
        *m = if b == a + 1 {
            pad | solid(&slabs[a])
        } else {
            slabs[a..b].iter().fold(pad, |v, s| v | solid(s))
        };
        a = b;
    }
}

/// `BELOW[k]`: bits `0..k` set (all for k >= 64; the table's size, a power
/// of two, lets an index be masked into range rather than checked).
static BELOW: [u64; 128] = {
    let mut t = [!0u64; 128];
    let mut k = 0;
    while k < 64 {
        t[k] = (1 << k) - 1;
        k += 1;
    }
    t
};

/// A random column `depth` deep of up to `count` slabs (fewer where cuts
/// down it fall together), its last reaching the bottom half the time,
/// for the mesher's tests.
#[cfg(test)]
fn test_column(
    next: &mut impl FnMut() -> u64,
    depth: u32,
    count: u64,
) -> Vec<crate::store::voxels::Slab> {
    // Cuts down the column, two a slab, in order.
    let mut cuts: Vec<u32> = (0..2 * count)
        .map(|_| (next() % (depth as u64 + 1)) as u32)
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    if next() % 2 == 0 && !cuts.is_empty() {
        *cuts.last_mut().unwrap() = depth;
    }
    let slab = |p: &[u32]| crate::store::voxels::Slab {
        top: p[0] as u16,
        top_len: 1,
        bottom: p[1] as u16,
        bottom_len: 0,
    };
    cuts.chunks_exact(2).map(slab).collect()
}

/// Makes room for many more faces, so that growing is rare.
#[cold]
fn grow(out: &mut Vec<Face>) {
    out.resize(2 * out.len() + 1024, Face::default());
}
