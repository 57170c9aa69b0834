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

use std::ops::Range;

use super::ao::AO_BITS;
use super::color::{pack_rgb, ColumnColors};
use super::face::{Face, DIR_SHIFT, NORMALS, Z_SHIFT};
use super::{ChunkMesh, MeshOptions};
use crate::store::voxels::{FourthByte, VoxelStore, CHUNK};

/// One chunk's faces by direction, as they are found: `faces[d][..len[d]]`.
/// Past `len[d]` is room written into by index, so that the count stays in a
/// register instead of going through `Vec::push` for every face.
#[derive(Debug, Default)]
struct ChunkOut {
    faces: [Vec<Face>; 6],
    len: [usize; 6],
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
    /// Packed RGB by z for the exposed voxels of the current column.
    rgb: Vec<u32>,
    outs: Vec<ChunkOut>,
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
        // Depths up to 256 (every VXL) get a loop count known at compile time.
        match words {
            1 => self.run::<1>(store, &seg, words, shade),
            2 => self.run::<2>(store, &seg, words, shade),
            3 => self.run::<3>(store, &seg, words, shade),
            4 => self.run::<4>(store, &seg, words, shade),
            _ => self.run::<0>(store, &seg, words, shade),
        }
        for (i, cx) in cxs.enumerate() {
            let chunk = (cy * store.chunks_x() + cx) as usize;
            meshes.push(collect(store, chunk, &self.outs[i]));
        }
    }

    /// Meshes `seg` into `self.outs`.
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
        self.masks.resize(3 * stride * words, 0);
        self.rgb.resize(words * 64, 0);
        let chunks = seg.chunks as usize;
        if self.outs.len() < chunks {
            self.outs.resize_with(chunks, Default::default);
        }
        for o in &mut self.outs[..chunks] {
            o.len = [0; 6];
        }
        let Scratch { masks, rgb, outs } = self;
        let pad = !last_valid;
        let fill = |masks: &mut [u64], by: u32| fill_row::<W>(masks, store, seg, by, words, pad);
        fill(masks, 0);
        fill(masks, 1);
        for ly in 0..seg.length {
            // Masks one row ahead: row ly needs rows ly - 1 ..= ly + 1, which
            // are bordered rows ly ..= ly + 2.
            fill(masks, ly + 2);
            let grid = Grid::<W> { masks, words };
            let slot = |by: u32| (by % 3) as usize * stride;
            let (rm, r0, rp) = (slot(ly), slot(ly + 1), slot(ly + 2));
            let y = seg.y0 + ly;
            for i in 0..seg.width as usize {
                let x = seg.x0 + i as u32;
                let bx = i + 1;
                let out = &mut outs[i / CHUNK as usize];
                // Outside the map in x/y counts as solid: no faces toward it.
                let keep = |inside: bool| if inside { !0u64 } else { 0 };
                let keep = [
                    keep(x + 1 < width),
                    keep(x > 0),
                    keep(y + 1 < length),
                    keep(y > 0),
                ];
                // Looked up only for columns with faces: most have none.
                let mut colors = None;
                let lx = i as u32 % CHUNK;
                let at = Site {
                    ci: r0 + bx,
                    cm: rm + bx,
                    cp: rp + bx,
                    base: lx | ly << 5,
                };
                let ci = at.ci;
                for k in 0..words {
                    let valid = if k + 1 == words { last_valid } else { !0 };
                    let s = grid.at(ci, k) & valid;
                    if s == 0 {
                        continue;
                    }
                    let f = [
                        s & !grid.at(ci + 1, k) & keep[0],
                        s & !grid.at(ci - 1, k) & keep[1],
                        s & !grid.at(at.cp, k) & keep[2],
                        s & !grid.at(at.cm, k) & keep[3],
                        s & !grid.up(ci, k),
                        s & !grid.dn(ci, k),
                    ];
                    let exposed = f[0] | f[1] | f[2] | f[3] | f[4] | f[5];
                    if exposed == 0 {
                        continue;
                    }
                    let colors = colors.get_or_insert_with(|| {
                        let (slabs, col_colors) = store.surface(x, y);
                        ColumnColors::new(slabs, col_colors)
                    });
                    let zb = 64 * k as u32;
                    let mut t = exposed;
                    while t != 0 {
                        let z = zb + t.trailing_zeros();
                        rgb[z as usize] = pack_rgb(colors.at(z), shade);
                        t &= t - 1;
                    }
                    let rgb = &rgb[zb as usize..zb as usize + 64];
                    let (o, n) = (&mut out.faces, &mut out.len);
                    dir_faces::<0, W>(&grid, &at, k, f[0], rgb, &mut o[0], &mut n[0]);
                    dir_faces::<1, W>(&grid, &at, k, f[1], rgb, &mut o[1], &mut n[1]);
                    dir_faces::<2, W>(&grid, &at, k, f[2], rgb, &mut o[2], &mut n[2]);
                    dir_faces::<3, W>(&grid, &at, k, f[3], rgb, &mut o[3], &mut n[3]);
                    dir_faces::<4, W>(&grid, &at, k, f[4], rgb, &mut o[4], &mut n[4]);
                    dir_faces::<5, W>(&grid, &at, k, f[5], rgb, &mut o[5], &mut n[5]);
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
    let origin = [rect.x0 as f32, rect.y0 as f32, 0.0];
    let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
    for (d, range) in dir_ranges.iter_mut().enumerate() {
        let start = faces.len() as u32;
        faces.extend_from_slice(found(d));
        *range = start..faces.len() as u32;
        let Some((vmin, vmax)) = voxel_box(found(d)) else {
            continue;
        };
        // Voxel box to quad box: the faces lie on one side of their voxels.
        let axis = NORMALS[d].iter().position(|&v| v != 0).unwrap();
        let positive = NORMALS[d][axis] > 0;
        for i in 0..3 {
            let mut a = origin[i] + vmin[i] as f32;
            let mut b = origin[i] + vmax[i] as f32 + 1.0;
            if i == axis {
                if positive {
                    a += 1.0;
                } else {
                    b -= 1.0;
                }
            }
            lo[i] = lo[i].min(a);
            hi[i] = hi[i].max(b);
        }
    }
    if faces.is_empty() {
        (lo, hi) = (origin, origin);
    }
    ChunkMesh {
        chunk,
        faces,
        dir_ranges,
        bounds_min: lo,
        bounds_max: hi,
    }
}

/// The smallest and largest (lx, ly, z) over `faces`; `None` if there are
/// none. One pass over faces just written, cheaper than widening bounds as
/// they are found.
fn voxel_box(faces: &[Face]) -> Option<([u32; 3], [u32; 3])> {
    if faces.is_empty() {
        return None;
    }
    let (mut lo, mut hi) = ([u32::MAX; 3], [0; 3]);
    for f in faces {
        let v = [f.a & 31, (f.a >> 5) & 31, (f.a >> Z_SHIFT) & 0xFFF];
        for i in 0..3 {
            lo[i] = lo[i].min(v[i]);
            hi[i] = hi[i].max(v[i]);
        }
    }
    Some((lo, hi))
}

/// The mask ring, with `W` words a column (0: `words`).
struct Grid<'m, const W: usize> {
    masks: &'m [u64],
    words: usize,
}

impl<const W: usize> Grid<'_, W> {
    #[inline(always)]
    fn words(&self) -> usize {
        if W > 0 {
            W
        } else {
            self.words
        }
    }

    /// Bit z = solid at z.
    #[inline(always)]
    fn at(&self, ci: usize, k: usize) -> u64 {
        self.masks[ci * self.words() + k]
    }

    /// Bit z = solid at z - 1; above the top is air.
    #[inline(always)]
    fn up(&self, ci: usize, k: usize) -> u64 {
        let carry = if k > 0 { self.at(ci, k - 1) >> 63 } else { 0 };
        self.at(ci, k) << 1 | carry
    }

    /// Bit z = solid at z + 1; below the bottom is solid.
    #[inline(always)]
    fn dn(&self, ci: usize, k: usize) -> u64 {
        let carry = if k + 1 < self.words() {
            self.at(ci, k + 1) << 63
        } else {
            1 << 63
        };
        self.at(ci, k) >> 1 | carry
    }
}

/// The column being meshed: its index in the mask ring, and its neighbours'
/// at y - 1 and y + 1.
struct Site {
    ci: usize,
    cm: usize,
    cp: usize,
    /// `lx | ly << 5`, the start of every face's `a`.
    base: u32,
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
    for m in ring.chunks_exact_mut(words) {
        m.fill(0);
        m[words - 1] = pad;
    }
    // Outside the map stays air, for AO.
    let Some(y) = (seg.y0 + by).checked_sub(1).filter(|&y| y < store.length()) else {
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

/// Writes the faces of direction `D` set in `f` (bit b = voxel z 64k + b)
/// at `out[*n..]`, with AO from the ring (bit j of the ring pattern = bit z
/// of `ring[j]`).
#[inline(always)]
fn dir_faces<const D: usize, const W: usize>(
    grid: &Grid<'_, W>,
    at: &Site,
    k: usize,
    mut f: u64,
    rgb: &[u32],
    out: &mut Vec<Face>,
    n: &mut usize,
) {
    if f == 0 {
        return;
    }
    if out.len() < *n + 64 {
        grow(out);
    }
    let (ci, cm, cp) = (at.ci, at.cm, at.cp);
    // The ring, in `ring_bit` order: (du, dv) row by row.
    let ring = match D {
        0..=3 => {
            // The air column beside the face and its two neighbours along
            // u (the other horizontal axis); v is z.
            let (c0, a, c2) = match D {
                0 => (cm + 1, ci + 1, cp + 1),
                1 => (cm - 1, ci - 1, cp - 1),
                2 => (cp - 1, cp, cp + 1),
                _ => (cm - 1, cm, cm + 1),
            };
            [
                grid.up(c0, k),
                grid.up(a, k),
                grid.up(c2, k),
                grid.at(c0, k),
                grid.at(c2, k),
                grid.dn(c0, k),
                grid.dn(a, k),
                grid.dn(c2, k),
            ]
        }
        // The 8 columns around, one voxel above (up) or below (down).
        _ => {
            let g = |c: usize| if D == 4 { grid.up(c, k) } else { grid.dn(c, k) };
            [
                g(cm - 1),
                g(cm),
                g(cm + 1),
                g(ci - 1),
                g(ci + 1),
                g(cp - 1),
                g(cp),
                g(cp + 1),
            ]
        }
    };
    let zb = 64 * k as u32;
    let ao_bits = &AO_BITS[D];
    let b_dir = (D as u32) << DIR_SHIFT;
    let a_base = at.base | zb << Z_SHIFT;
    // Faces with nothing solid around them (open ground) skip the gather.
    let occluded = ring.iter().fold(0, |a, m| a | m);
    while f != 0 {
        let b = f.trailing_zeros();
        let mut r = 0usize;
        if (occluded >> b) & 1 != 0 {
            for (j, m) in ring.iter().enumerate() {
                r |= ((m >> b) as usize & 1) << j;
            }
        }
        out[*n] = Face {
            a: a_base | b << Z_SHIFT | ao_bits[r],
            b: rgb[b as usize] | b_dir,
        };
        *n += 1;
        f &= f - 1;
    }
}

/// Makes room for many more faces, so that growing is rare.
#[cold]
fn grow(out: &mut Vec<Face>) {
    out.resize(2 * out.len() + 1024, Face::default());
}
