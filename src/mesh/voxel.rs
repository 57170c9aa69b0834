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
use crate::store::voxels::{rgb, Column, FourthByte, VoxelStore};
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

/// Solid bitmasks for a chunk and its one-column border.
struct Masks {
    words: usize,
    /// Columns a row, border included.
    stride: usize,
    bits: Vec<u64>,
}

impl Masks {
    fn build(store: &VoxelStore, x0: u32, y0: u32, w: u32, l: u32) -> Masks {
        let d = store.depth() as usize;
        let words = d.div_ceil(64);
        let stride = w as usize + 2;
        let rows = l as usize + 2;
        // Outside the map, a column repeats the nearest edge column: no walls
        // are drawn along the map's edge, and its AO is that of open ground.
        let mut bits = vec![0u64; stride * rows * words];
        for by in 0..rows {
            let y = (y0 as i64 + by as i64 - 1).clamp(0, store.length() as i64 - 1) as u32;
            for bx in 0..stride {
                let x = (x0 as i64 + bx as i64 - 1).clamp(0, store.width() as i64 - 1) as u32;
                let m = &mut bits[(by * stride + bx) * words..][..words];
                for s in store.column(x, y).slabs {
                    set_range(m, s.top as usize, s.bottom as usize);
                }
            }
        }
        Masks {
            words,
            stride,
            bits,
        }
    }

    #[inline]
    fn column(&self, bx: usize, by: usize) -> &[u64] {
        &self.bits[(by * self.stride + bx) * self.words..][..self.words]
    }

    /// Solid at border coordinates (bx, by) and z; above the top is air,
    /// below the floor solid.
    #[inline]
    fn solid(&self, bx: usize, by: usize, z: i64, depth: i64) -> bool {
        if z < 0 {
            return false;
        }
        if z >= depth {
            return true;
        }
        let m = self.column(bx, by);
        m[z as usize / 64] >> (z % 64) & 1 != 0
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

/// The colour of solid voxel z in a column: its own, else the last top
/// colour of its slab, else grey.
fn color_at(col: &Column<'_>, z: u32, opts: &MeshOptions, shade: bool) -> [u8; 3] {
    let mut start = 0usize;
    for s in col.slabs {
        let (top, bottom) = (s.top as u32, s.bottom as u32);
        if z < bottom && z >= top {
            let tl = s.top_len as u32;
            let bl = s.bottom_len as u32;
            let c = if z < top + tl {
                Some(col.colors[start + (z - top) as usize])
            } else if z >= bottom - bl {
                Some(col.colors[start + (tl + z - (bottom - bl)) as usize])
            } else if tl > 0 {
                Some(col.colors[start + tl as usize - 1])
            } else {
                None
            };
            return match c {
                Some(c) if opts.fourth_byte_shade && shade => {
                    let a = c >> 24;
                    rgb(c).map(|v| ((v as u32 * a) / 128).min(255) as u8)
                }
                Some(c) => rgb(c),
                None => GREY,
            };
        }
        start += s.colors();
    }
    GREY
}

/// The 0fps ambient occlusion of a face's four corners.
#[inline]
fn face_ao(masks: &Masks, bx: usize, by: usize, z: i64, dir: usize, depth: i64) -> [u8; 4] {
    let n = NORMALS[dir];
    // The air cell in front of the face.
    let (ax, ay, az) = (
        bx as i64 + n[0] as i64,
        by as i64 + n[1] as i64,
        z + n[2] as i64,
    );
    let axis = n
        .iter()
        .position(|&v| v != 0)
        .expect("a normal has an axis");
    let solid = |d: [i64; 3]| {
        let (x, y) = (ax + d[0], ay + d[1]);
        // The border is one column wide: anything further is never asked.
        masks.solid(x as usize, y as usize, az + d[2], depth)
    };
    let mut ao = [0u8; 4];
    for (i, c) in CORNERS[dir].iter().enumerate() {
        // Tangent offsets toward this corner: -1 for 0, +1 for 1.
        let mut t1 = [0i64; 3];
        let mut t2 = [0i64; 3];
        let mut first = true;
        for k in 0..3 {
            if k == axis {
                continue;
            }
            let s = c[k] as i64 * 2 - 1;
            if first {
                t1[k] = s;
                first = false;
            } else {
                t2[k] = s;
            }
        }
        let side1 = solid(t1);
        let side2 = solid(t2);
        let corner = solid([t1[0] + t2[0], t1[1] + t2[1], t1[2] + t2[2]]);
        ao[i] = if side1 && side2 {
            0
        } else {
            3 - side1 as u8 - side2 as u8 - corner as u8
        };
    }
    ao
}

/// Meshes one chunk; it can be re-meshed alone.
pub fn mesh_chunk(store: &VoxelStore, chunk: usize, opts: &MeshOptions) -> ChunkMesh {
    let rect = store.chunk(chunk);
    let (w, l) = (rect.width as usize, rect.length as usize);
    let d = store.depth() as usize;
    let depth = d as i64;
    let masks = Masks::build(store, rect.x0, rect.y0, rect.width, rect.length);
    let words = masks.words;
    let shade = store.fourth_byte == FourthByte::Shade;
    let mut by_dir: [Vec<Face>; 6] = Default::default();
    let mut exposed = vec![0u64; words];
    let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
    for ly in 0..l {
        for lx in 0..w {
            let (bx, by) = (lx + 1, ly + 1);
            let s = masks.column(bx, by);
            if s.iter().all(|&m| m == 0) {
                continue;
            }
            let col = store.column(rect.x0 + lx as u32, rect.y0 + ly as u32);
            let neighbours = [
                masks.column(bx + 1, by),
                masks.column(bx - 1, by),
                masks.column(bx, by + 1),
                masks.column(bx, by - 1),
            ];
            for dir in 0..6 {
                for i in 0..words {
                    exposed[i] = match dir {
                        0..=3 => s[i] & !neighbours[dir][i],
                        4 => {
                            // Bit z of `above` is solid(z - 1); z = 0 has sky above.
                            let carry = if i > 0 { s[i - 1] >> 63 } else { 0 };
                            s[i] & !((s[i] << 1) | carry)
                        }
                        _ => {
                            let carry = if i + 1 < words { s[i + 1] << 63 } else { 0 };
                            let mut below = (s[i] >> 1) | carry;
                            if i == (d - 1) / 64 {
                                below |= 1 << ((d - 1) % 64); // the floor
                            }
                            s[i] & !below
                        }
                    };
                }
                for (i, &word) in exposed.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        let z = i * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        if z >= d {
                            break;
                        }
                        let ao = face_ao(&masks, bx, by, z as i64, dir, depth);
                        let flip = ao[0] + ao[2] < ao[1] + ao[3];
                        let color = color_at(&col, z as u32, opts, shade);
                        by_dir[dir].push(Face::new(
                            lx as u32, ly as u32, z as u32, dir as u32, ao, flip, color,
                        ));
                        let p = [
                            (rect.x0 as usize + lx) as f32,
                            (rect.y0 as usize + ly) as f32,
                            z as f32,
                        ];
                        for k in 0..3 {
                            lo[k] = lo[k].min(p[k]);
                            hi[k] = hi[k].max(p[k] + 1.0);
                        }
                    }
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
    let n = store.chunks().len();
    (0..n)
        .into_par_iter()
        .map(|i| mesh_chunk(store, i, opts))
        .collect()
}

/// Every chunk on the calling thread (for single-core measurements).
pub fn mesh_all_serial(store: &VoxelStore, opts: &MeshOptions) -> Vec<ChunkMesh> {
    (0..store.chunks().len())
        .map(|i| mesh_chunk(store, i, opts))
        .collect()
}

/// Faces in a set of chunk meshes.
pub fn face_count(meshes: &[ChunkMesh]) -> usize {
    meshes.iter().map(|m| m.faces.len()).sum()
}
