//! Voxel faces with ambient occlusion, a chunk at a time.
//!
//! Each chunk builds solid bitmasks over z for its columns plus a one-column
//! border, finds exposed faces with shifts and masks, and only then looks at
//! single voxels: for the AO of each face and its colour.
//!
//! Rules: only faces between solid and air. Outside the map in x and y, a
//! column repeats the nearest edge column (so map-edge walls are not drawn),
//! below the floor is solid, above the top is air.

use super::face::{Face, CORNERS, NORMALS};
use crate::store::voxels::{rgb, Color, FourthByte, Slab, VoxelStore};
use rayon::prelude::*;
use std::ops::Range;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MeshOptions {
    /// Scale colours by the file's 4th byte (AoS: 0x80 is neutral).
    pub fourth_byte_shade: bool,
}

/// One chunk's faces, grouped by direction.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChunkMesh {
    pub chunk: usize,
    pub faces: Vec<Face>,
    /// Faces of direction `d` are `faces[dir_ranges[d]]`.
    pub dir_ranges: [Range<u32>; 6],
    /// Bounds of the faces in map coordinates.
    pub bounds_min: [f32; 3],
    pub bounds_max: [f32; 3],
}

/// Stand-in for an exposed voxel the file gave no colour.
const GREY: [u8; 3] = [0x80, 0x80, 0x80];

/// Solid bitmasks for a chunk and its one-column border, `W` words of z a
/// column (a constant, so the word loops unroll: one word for AoS maps).
struct Masks<const W: usize> {
    /// Map coordinates of the first (border) column.
    x0: i64,
    y0: i64,
    /// Columns a row, border included.
    stride: usize,
    /// Per column, the mask shifted so bit z says solid(z + dz), for dz =
    /// -1, 0, +1: neighbours above and below are then plain loads.
    cols: Vec<[[u64; W]; 3]>,
}

impl<const W: usize> Masks<W> {
    fn build(store: &VoxelStore, x0: u32, y0: u32, w: u32, l: u32) -> Self {
        let stride = w as usize + 2;
        let rows = l as usize + 2;
        // Outside the map, a column repeats the nearest edge column: no walls
        // are drawn along the map's edge, and its AO is that of open ground.
        let d = store.depth() as usize;
        let mut cols = vec![[[0u64; W]; 3]; stride * rows];
        for by in 0..rows {
            let y = (y0 as i64 + by as i64 - 1).clamp(0, store.length() as i64 - 1) as u32;
            for bx in 0..stride {
                let x = (x0 as i64 + bx as i64 - 1).clamp(0, store.width() as i64 - 1) as u32;
                let mut m = [0u64; W];
                for s in store.surface(x, y).0 {
                    set_range(&mut m, s.top as usize, s.bottom as usize);
                }
                cols[by * stride + bx] =
                    [-1, 0, 1].map(|dz| std::array::from_fn(|i| shifted(&m, dz, i, d)));
            }
        }
        Masks {
            x0: x0 as i64 - 1,
            y0: y0 as i64 - 1,
            stride,
            cols,
        }
    }

    /// Column (bx, by)'s mask shifted by `dz` (-1, 0 or +1).
    #[inline]
    fn column(&self, bx: usize, by: usize, dz: i64) -> &[u64; W] {
        &self.cols[by * self.stride + bx][(dz + 1) as usize]
    }
}

/// Sets bits `from..to`, a word at a time.
fn set_range(m: &mut [u64], from: usize, to: usize) {
    let mut z = from;
    while z < to {
        let (word, bit) = (z / 64, z % 64);
        let n = (to - z).min(64 - bit);
        let ones = if n == 64 {
            u64::MAX
        } else {
            ((1u64 << n) - 1) << bit
        };
        m[word] |= ones;
        z += n;
    }
}

/// The 8 cells around a face's air cell, in the face's plane, as (u, v)
/// steps along its two tangent axes. Bit k of a "ring pattern" says whether
/// cell k is solid.
const RING_UV: [[i64; 2]; 8] = [
    [-1, -1],
    [0, -1],
    [1, -1],
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
];

const fn ring_index(u: i64, v: i64) -> usize {
    let mut k = 0;
    while k < 8 {
        if RING_UV[k][0] == u && RING_UV[k][1] == v {
            return k;
        }
        k += 1;
    }
    panic!("not a ring cell")
}

const fn normal_axis(dir: usize) -> usize {
    let n = NORMALS[dir];
    if n[0] != 0 {
        0
    } else if n[1] != 0 {
        1
    } else {
        2
    }
}

/// Per direction, each ring cell's offset from the voxel (air cell + step).
const RING: [[[i64; 3]; 8]; 6] = ring_offsets();

const fn ring_offsets() -> [[[i64; 3]; 8]; 6] {
    let mut out = [[[0i64; 3]; 8]; 6];
    let mut dir = 0;
    while dir < 6 {
        let axis = normal_axis(dir);
        let (t1, t2) = (if axis == 0 { 1 } else { 0 }, if axis == 2 { 1 } else { 2 });
        let mut k = 0;
        while k < 8 {
            let mut o = [
                NORMALS[dir][0] as i64,
                NORMALS[dir][1] as i64,
                NORMALS[dir][2] as i64,
            ];
            o[t1] += RING_UV[k][0];
            o[t2] += RING_UV[k][1];
            out[dir][k] = o;
            k += 1;
        }
        dir += 1;
    }
    out
}

/// Per direction and ring pattern: the four corners' AO (2 bits each, the
/// face's `ao` field) and whether to flip the diagonal, as `ao | flip << 8`.
/// 0fps: a corner between two solid sides is 0, else 3 minus the solid
/// cells among side, side and diagonal. The quad is split along the
/// brighter diagonal, so a dark corner stays in one triangle.
static AO_LUT: [[u16; 256]; 6] = ao_table();

const fn ao_table() -> [[u16; 256]; 6] {
    let mut out = [[0u16; 256]; 6];
    let mut dir = 0;
    while dir < 6 {
        let axis = normal_axis(dir);
        let (t1, t2) = (if axis == 0 { 1 } else { 0 }, if axis == 2 { 1 } else { 2 });
        let mut pattern = 0;
        while pattern < 256 {
            let mut ao = [0u16; 4];
            let mut i = 0;
            while i < 4 {
                let c = CORNERS[dir][i];
                let (su, sv) = (c[t1] as i64 * 2 - 1, c[t2] as i64 * 2 - 1);
                let side1 = ((pattern >> ring_index(su, 0)) & 1) as u16;
                let side2 = ((pattern >> ring_index(0, sv)) & 1) as u16;
                let corner = ((pattern >> ring_index(su, sv)) & 1) as u16;
                ao[i] = if side1 == 1 && side2 == 1 {
                    0
                } else {
                    3 - side1 - side2 - corner
                };
                i += 1;
            }
            let flip = (ao[0] + ao[2] < ao[1] + ao[3]) as u16;
            out[dir][pattern] = ao[0] | ao[1] << 2 | ao[2] << 4 | ao[3] << 6 | flip << 8;
            pattern += 1;
        }
        dir += 1;
    }
    out
}

/// Word `i` of column mask `m` shifted so that bit z says solid(z + dz):
/// above the top is air, below the floor (`d`) solid.
#[inline]
fn shifted<const W: usize>(m: &[u64; W], dz: i64, i: usize, d: usize) -> u64 {
    match dz {
        0 => m[i],
        -1 => (m[i] << 1) | if i > 0 { m[i - 1] >> 63 } else { 0 },
        _ => {
            let mut w = (m[i] >> 1) | if i + 1 < W { m[i + 1] << 63 } else { 0 };
            if i == (d - 1) / 64 {
                w |= 1 << ((d - 1) % 64);
            }
            w
        }
    }
}

/// Walks a column's slabs downward to find colours of increasing z.
struct ColorCursor<'a> {
    slabs: &'a [Slab],
    colors: &'a [Color],
    slab: usize,
    start: usize,
}

impl<'a> ColorCursor<'a> {
    #[inline]
    fn new((slabs, colors): (&'a [Slab], &'a [Color])) -> Self {
        ColorCursor {
            slabs,
            colors,
            slab: 0,
            start: 0,
        }
    }

    /// The colour of solid voxel z; z must not decrease between calls.
    #[inline]
    fn at(&mut self, z: u32) -> Option<u32> {
        let slabs = self.slabs;
        while self.slab < slabs.len() && z >= slabs[self.slab].bottom as u32 {
            self.start += slabs[self.slab].colors();
            self.slab += 1;
        }
        let s = slabs.get(self.slab)?;
        let (top, bottom) = (s.top as u32, s.bottom as u32);
        let (tl, bl) = (s.top_len as u32, s.bottom_len as u32);
        let i = if z < top {
            return None;
        } else if z < top + tl {
            z - top
        } else if z >= bottom - bl {
            tl + z - (bottom - bl)
        } else if tl > 0 {
            // Hidden voxel shown (VMF, hand-made stores): its slab's last top colour.
            tl - 1
        } else {
            return None;
        };
        Some(self.colors[self.start + i as usize])
    }
}

/// Meshes one chunk; it can be re-meshed alone.
pub fn mesh_chunk(store: &VoxelStore, chunk: usize, opts: &MeshOptions) -> ChunkMesh {
    fn one<const W: usize>(store: &VoxelStore, chunk: usize, opts: &MeshOptions) -> ChunkMesh {
        let r = store.chunk(chunk);
        let masks = Masks::<W>::build(store, r.x0, r.y0, r.width, r.length);
        mesh_with_masks(store, chunk, opts, &masks)
    }
    match store.depth().div_ceil(64) {
        1 => one::<1>(store, chunk, opts),
        2 => one::<2>(store, chunk, opts),
        3 | 4 => one::<4>(store, chunk, opts),
        5..=16 => one::<16>(store, chunk, opts),
        _ => one::<64>(store, chunk, opts),
    }
}

/// Every chunk, on rayon's worker threads or on this one.
fn mesh_every_chunk(store: &VoxelStore, opts: &MeshOptions, parallel: bool) -> Vec<ChunkMesh> {
    fn all<const W: usize>(
        store: &VoxelStore,
        opts: &MeshOptions,
        parallel: bool,
    ) -> Vec<ChunkMesh> {
        let n = store.chunks().len();
        // Shallow maps: one set of masks for the whole map, each column built
        // once. Deep ones (VMF) would need too much memory for that.
        let whole = (W <= 4).then(|| Masks::<W>::build(store, 0, 0, store.width(), store.length()));
        let chunk = |i: usize| match &whole {
            Some(m) => mesh_with_masks(store, i, opts, m),
            None => {
                let r = store.chunk(i);
                mesh_with_masks(
                    store,
                    i,
                    opts,
                    &Masks::<W>::build(store, r.x0, r.y0, r.width, r.length),
                )
            }
        };
        if parallel {
            (0..n).into_par_iter().map(chunk).collect()
        } else {
            (0..n).map(chunk).collect()
        }
    }
    match store.depth().div_ceil(64) {
        1 => all::<1>(store, opts, parallel),
        2 => all::<2>(store, opts, parallel),
        3 | 4 => all::<4>(store, opts, parallel),
        5..=16 => all::<16>(store, opts, parallel),
        _ => all::<64>(store, opts, parallel),
    }
}

fn mesh_with_masks<const W: usize>(
    store: &VoxelStore,
    chunk: usize,
    opts: &MeshOptions,
    masks: &Masks<W>,
) -> ChunkMesh {
    let rect = store.chunk(chunk);
    let (w, l) = (rect.width as usize, rect.length as usize);
    // Where this chunk's first column sits in the masks.
    let (ox, oy) = (
        (rect.x0 as i64 - masks.x0) as usize,
        (rect.y0 as i64 - masks.y0) as usize,
    );
    let shade = opts.fourth_byte_shade && store.fourth_byte == FourthByte::Shade;
    let mut by_dir: [Vec<Face>; 6] = Default::default();
    let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
    for ly in 0..l {
        for lx in 0..w {
            let (bx, by) = (lx + ox, ly + oy);
            let s = masks.column(bx, by, 0);
            if s.iter().all(|&m| m == 0) {
                continue;
            }
            // Exposed voxels for each direction, all z at once.
            let exposed: [[u64; W]; 6] = std::array::from_fn(|dir| {
                let n = NORMALS[dir];
                let air = masks.column(
                    (bx as i64 + n[0] as i64) as usize,
                    (by as i64 + n[1] as i64) as usize,
                    n[2] as i64,
                );
                std::array::from_fn(|i| s[i] & !air[i])
            });
            if exposed.iter().flatten().all(|&e| e == 0) {
                continue;
            }
            let col = store.surface(rect.x0 + lx as u32, rect.y0 + ly as u32);
            let (mut zmin, mut zmax) = (u32::MAX, 0u32);
            for (dir, words) in exposed.iter().enumerate() {
                let lut = &AO_LUT[dir];
                let mut colors = ColorCursor::new(col);
                for (i, &word) in words.iter().enumerate() {
                    let mut bits = word;
                    if bits == 0 {
                        continue;
                    }
                    // The ring of cells around each face's air cell, for all z at once.
                    let ring: [u64; 8] = std::array::from_fn(|k| {
                        let o = RING[dir][k];
                        let (x, y) = ((bx as i64 + o[0]) as usize, (by as i64 + o[1]) as usize);
                        masks.column(x, y, o[2])[i]
                    });
                    while bits != 0 {
                        let b = bits.trailing_zeros();
                        bits &= bits - 1;
                        let z = i as u32 * 64 + b;
                        let mut pattern = 0usize;
                        for (k, r) in ring.iter().enumerate() {
                            pattern |= (((r >> b) & 1) as usize) << k;
                        }
                        let ao = lut[pattern] as u32;
                        let rgb = match colors.at(z) {
                            Some(c) if shade => {
                                let a = c >> 24;
                                rgb(c).map(|v| ((v as u32 * a) / 128).min(255) as u8)
                            }
                            Some(c) => rgb(c),
                            None => GREY,
                        };
                        by_dir[dir].push(Face {
                            a: lx as u32
                                | (ly as u32) << 5
                                | z << 10
                                | (ao & 0xFF) << 22
                                | (ao >> 8) << 30,
                            b: rgb[0] as u32
                                | (rgb[1] as u32) << 8
                                | (rgb[2] as u32) << 16
                                | (dir as u32) << 24,
                        });
                        zmin = zmin.min(z);
                        zmax = zmax.max(z);
                    }
                }
            }
            if zmin <= zmax {
                let (x, y) = (
                    (rect.x0 as usize + lx) as f32,
                    (rect.y0 as usize + ly) as f32,
                );
                for (k, (a, b)) in [(x, x), (y, y), (zmin as f32, zmax as f32)]
                    .into_iter()
                    .enumerate()
                {
                    lo[k] = lo[k].min(a);
                    hi[k] = hi[k].max(b + 1.0);
                }
            }
        }
    }
    let total: usize = by_dir.iter().map(Vec::len).sum();
    let mut faces = Vec::with_capacity(total);
    let mut dir_ranges: [Range<u32>; 6] = Default::default();
    for (dir, list) in by_dir.iter().enumerate() {
        let start = faces.len() as u32;
        faces.extend_from_slice(list);
        dir_ranges[dir] = start..faces.len() as u32;
    }
    if faces.is_empty() {
        (lo, hi) = ([0.0; 3], [0.0; 3]);
    }
    ChunkMesh {
        chunk,
        faces,
        dir_ranges,
        bounds_min: lo,
        bounds_max: hi,
    }
}

/// Every chunk, meshed in parallel on rayon's worker threads.
pub fn mesh_all(store: &VoxelStore, opts: &MeshOptions) -> Vec<ChunkMesh> {
    mesh_every_chunk(store, opts, true)
}

/// Every chunk on the calling thread (for single-core measurements).
pub fn mesh_all_serial(store: &VoxelStore, opts: &MeshOptions) -> Vec<ChunkMesh> {
    mesh_every_chunk(store, opts, false)
}

/// Faces in a set of chunk meshes.
pub fn face_count(meshes: &[ChunkMesh]) -> usize {
    meshes.iter().map(|m| m.faces.len()).sum()
}
