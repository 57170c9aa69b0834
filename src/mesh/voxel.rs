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
//! Within a row, each chunk's 32 columns go in two steps: a branch-free pass
//! finds every face of every column by direction; then only the columns
//! with faces are coloured and their faces written, each direction straight
//! into its own buffer. Maps one word deep (every 64-deep map) have their
//! own version of both steps (`row_scan` and `single_word`), which takes
//! most columns of a real map (the top of one slab, alone or with side
//! faces beside it) by short paths with no branch on what they hold; deeper
//! maps go through `rows`. A chunk's bounds are gathered row by row
//! ([`Shown`]), with no pass over its faces.

mod ring_bits;
mod row_scan;
mod rows;
mod single_word;
mod tall;

use std::ops::Range;

use super::color::{pack_rgb, ColumnColors};
use super::face::{Face, Z_SHIFT};
use super::{ChunkMesh, MeshOptions};
use crate::store::voxels::{FourthByte, VoxelStore, CHUNK};
use rows::{Rows, Site};

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
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Three rows of the segment plus a column each side, `words` u64 a
    /// column, in a ring indexed by row % 3. Columns outside the map in x/y
    /// are air here (for AO: no wall is drawn there, so none darkens the
    /// faces beside it); below the depth, to the end of the last word, is
    /// solid.
    masks: Vec<u64>,
    /// The faces of one chunk's part of the row being meshed, by direction:
    /// bit z of word `j * words + k` is a face of column j's voxel 64k + z.
    faces: [Vec<u64>; 6],
    /// The same, all directions together.
    exposed: Vec<u64>,
    /// The 8 columns around each column, ORed: where some neighbour is solid.
    around: Vec<u64>,
    /// Packed RGB of the exposed voxels of the word being meshed, by z.
    rgb: Vec<u32>,
    outs: Vec<ChunkOut>,
    /// Rows cut into layers, for maps deeper than 64.
    layers: tall::LayerRows,
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
        let words = store.depth().div_ceil(64) as usize;
        let seg = Segment::new(store, cy, cxs.clone());
        if words == 1 {
            self.run::<1>(store, &seg, words, shade);
        } else {
            self.clear_outs(seg.chunks as usize);
            self.rgb.resize(64, 0);
            let rgb: &mut [u32; 64] = (&mut self.rgb[..64]).try_into().unwrap();
            let outs = &mut self.outs[..seg.chunks as usize];
            if shade {
                self.layers.run::<true>(store, &seg, rgb, outs);
            } else {
                self.layers.run::<false>(store, &seg, rgb, outs);
            }
        }
        for (i, cx) in cxs.enumerate() {
            let chunk = (cy * store.chunks_x() + cx) as usize;
            meshes.push(collect(store, chunk, &self.outs[i]));
        }
    }

    /// Empties the first `chunks` outputs, making them if need be.
    fn clear_outs(&mut self, chunks: usize) {
        if self.outs.len() < chunks {
            self.outs.resize_with(chunks, Default::default);
        }
        for o in &mut self.outs[..chunks] {
            o.len = [0; 6];
            o.shown = Shown::default();
        }
    }

    /// Meshes `seg` into `self.outs`, one map row at a time and, within a
    /// row, one chunk's columns at a time: first which voxels show faces, by
    /// direction (a branch-free pass over the columns), then, column by
    /// column, the colours of those voxels and the faces with their AO.
    fn run<const W: usize>(
        &mut self,
        store: &VoxelStore,
        seg: &Segment,
        words: usize,
        shade: bool,
    ) {
        let words = if W > 0 { W } else { words };
        let [width, length, depth] = store.dims();
        let last_valid = match depth % 64 {
            0 => !0,
            r => (1u64 << r) - 1,
        };
        let stride = seg.width as usize + 2;
        let block = CHUNK as usize * words;
        self.masks.resize(3 * stride * words, 0);
        for f in &mut self.faces {
            f.resize(block, 0);
        }
        self.exposed.resize(block, 0);
        self.around.resize(block, 0);
        self.rgb.resize(64, 0);
        let chunks = seg.chunks as usize;
        self.clear_outs(chunks);
        let Scratch {
            masks,
            faces,
            exposed,
            around,
            rgb,
            outs,
            ..
        } = self;
        let pad = !last_valid;
        let fill = |masks: &mut [u64], by: u32| fill_row::<W>(masks, store, seg, by, words, pad);
        fill(masks, 0);
        fill(masks, 1);
        for ly in 0..seg.length {
            // Masks one row ahead: row ly needs rows ly - 1 ..= ly + 1, which
            // are bordered rows ly ..= ly + 2.
            fill(masks, ly + 2);
            let y = seg.y0 + ly;
            for (c, out) in outs[..chunks].iter_mut().enumerate() {
                let i0 = c * CHUNK as usize;
                let len = (seg.width as usize - i0).min(CHUNK as usize);
                // This chunk's columns and one more each side, in the rows
                // before, at and after y.
                let rows = |by: u32| {
                    let start = ((by % 3) as usize * stride + i0) * words;
                    &masks[start..start + (len + 2) * words]
                };
                let rows = Rows::<W> {
                    m: rows(ly),
                    c: rows(ly + 1),
                    p: rows(ly + 2),
                    words,
                    last_valid,
                };
                let x0 = seg.x0 + i0 as u32;
                let columns = store.row_parts(y, x0..x0 + len as u32);
                if W == 1 && !columns.colors.is_empty() {
                    let edges = single_word::MapEdges {
                        east: x0 + len as u32 == width,
                        west: x0 == 0,
                        south: y + 1 == length,
                        north: y == 0,
                    };
                    let rows = Rows::<1> {
                        m: rows.m,
                        c: rows.c,
                        p: rows.p,
                        words: 1,
                        last_valid,
                    };
                    let rgb: &mut [u32; 64] = (&mut rgb[..64]).try_into().unwrap();
                    let whole = single_word::Layer::WHOLE;
                    if shade {
                        single_word::mesh_row::<true>(
                            &rows, len, ly, &edges, columns, whole, rgb, out,
                        );
                    } else {
                        single_word::mesh_row::<false>(
                            &rows, len, ly, &edges, columns, whole, rgb, out,
                        );
                    }
                    continue;
                }
                let n = len * words;
                rows.find_faces(len, faces, &mut exposed[..n], &mut around[..n]);
                // Outside the map in x/y counts as solid: no faces toward it.
                // (`exposed` keeps them: a few voxels get a colour unused.)
                if x0 + len as u32 == width {
                    faces[0][n - words..n].fill(0);
                }
                if x0 == 0 {
                    faces[1][..words].fill(0);
                }
                if y + 1 == length {
                    faces[2][..n].fill(0);
                }
                if y == 0 {
                    faces[3][..n].fill(0);
                }
                let faces = [0, 1, 2, 3, 4, 5].map(|d| &faces[d][..n]);
                let (exposed, around) = (&exposed[..n], &around[..n]);
                let surfaces = store.row_surfaces(y, x0..x0 + len as u32);
                for (j, (slabs, col_colors)) in surfaces.enumerate() {
                    let mut colors = None;
                    for k in 0..words {
                        let i = j * words + k;
                        let mut t = exposed[i];
                        if t == 0 {
                            continue;
                        }
                        let shows = faces.iter().fold(0, |v, f| v | f[i]);
                        out.shown
                            .add(ly, ((shows != 0) as u32) << j, shows, 64 * k as u32);
                        // Looked up only for columns with faces.
                        let colors =
                            colors.get_or_insert_with(|| ColumnColors::new(slabs, col_colors));
                        let rgb = &mut rgb[..64];
                        while t != 0 {
                            let b = t.trailing_zeros();
                            rgb[b as usize] = pack_rgb(colors.at(64 * k as u32 + b), shade);
                            t &= t - 1;
                        }
                        // The up and down faces' rings ORed, from `around`
                        // shifted as `Rows::up` and `Rows::dn` shift.
                        let up_carry = if k > 0 { around[i - 1] >> 63 } else { 0 };
                        let dn_carry = if k + 1 < words {
                            around[i + 1] << 63
                        } else {
                            1 << 63
                        };
                        let at = Site {
                            col: j + 1,
                            k,
                            a_base: ly << 5 | j as u32 | (64 * k as u32) << Z_SHIFT,
                            ring_up: around[i] << 1 | up_carry,
                            ring_dn: around[i] >> 1 | dn_carry,
                        };
                        rows.emit::<0>(&at, faces[0][i], rgb, out);
                        rows.emit::<1>(&at, faces[1][i], rgb, out);
                        rows.emit::<2>(&at, faces[2][i], rgb, out);
                        rows.emit::<3>(&at, faces[3][i], rgb, out);
                        rows.emit::<4>(&at, faces[4][i], rgb, out);
                        rows.emit::<5>(&at, faces[5][i], rgb, out);
                    }
                }
            }
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

/// Gathers a chunk's faces by direction into one mesh with its bounds.
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
/// ring slot.
fn fill_row<const W: usize>(
    masks: &mut [u64],
    store: &VoxelStore,
    seg: &Segment,
    by: u32,
    words: usize,
    pad: u64,
) {
    let words = if W > 0 { W } else { words };
    let stride = seg.width as usize + 2;
    let ring = &mut masks[(by % 3) as usize * stride * words..][..stride * words];
    let y = (seg.y0 + by).checked_sub(1).filter(|&y| y < store.length());
    if let (1, Some(y)) = (W, y) {
        fill_row_one_word(ring, store, seg, y, pad);
        return;
    }
    for m in ring.chunks_exact_mut(words) {
        m.fill(0);
        m[words - 1] = pad;
    }
    // Outside the map stays air, for AO.
    let Some(y) = y else {
        return;
    };
    let x0 = seg.x0.saturating_sub(1);
    let x1 = (seg.x0 + seg.width + 1).min(store.width());
    let first = (x0 + 1 - seg.x0) as usize * words;
    let inside = ring[first..].chunks_exact_mut(words);
    for (m, slabs) in inside.zip(store.row_slabs(y, x0..x1)) {
        for s in slabs {
            set_range(m, s.top as u32, s.bottom as u32);
        }
    }
}

/// [`fill_row`] for maps one word deep, for map row `y`: each column's word
/// straight from its slabs, by index.
fn fill_row_one_word(ring: &mut [u64], store: &VoxelStore, seg: &Segment, y: u32, pad: u64) {
    // Outside the map (the border columns at the map's edges) is air.
    ring[0] = pad;
    ring[seg.width as usize + 1] = pad;
    let x0 = seg.x0.saturating_sub(1);
    let x1 = (seg.x0 + seg.width + 1).min(store.width());
    let first = (x0 + 1 - seg.x0) as usize;
    let row = store.row_parts(y, x0..x1);
    let inside = &mut ring[first..first + (x1 - x0) as usize];
    let ends = &row.slab_ends[..inside.len() + 1];
    // Bits [top, bottom) by table, cheaper than two shifts by a variable.
    let solid = |s: &crate::store::voxels::Slab| {
        BELOW[s.bottom as usize % 128] & !BELOW[s.top as usize % 128]
    };
    let slabs = row.slabs;
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

/// Sets bits `[top, bottom)` of a column mask (`top < bottom`).
#[inline]
fn set_range(m: &mut [u64], top: u32, bottom: u32) {
    let (kt, kb) = ((top / 64) as usize, ((bottom - 1) / 64) as usize);
    let head = !0u64 << (top % 64);
    let tail = !0u64 >> (63 - (bottom - 1) % 64);
    if kt == kb {
        m[kt] |= head & tail;
    } else {
        m[kt] |= head;
        m[kt + 1..kb].fill(!0);
        m[kb] |= tail;
    }
}

/// Makes room for many more faces, so that growing is rare.
#[cold]
fn grow(out: &mut Vec<Face>) {
    out.resize(2 * out.len() + 1024, Face::default());
}
