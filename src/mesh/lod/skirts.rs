//! Skirts: the faces a coarse chunk shows on its borders with other chunks
//! where a finer level may meet it.
//!
//! The mesher leaves out a face between two solid voxels. Where a coarse
//! chunk is drawn beside a finer one, the coarse voxel on the border may
//! be solid while the finer voxels across the border are air (the coarse
//! volume is larger), and nothing would close that side: the sky would
//! show through. So each coarse chunk also draws, on its inner borders,
//! the side of every border voxel behind which some voxel of the full
//! detail is air. Since every level holds the full detail's volume, and a
//! finer level draws its own side wherever its neighbour at full detail
//! is air, that closes every seam between any two levels.
//!
//! The map's outer edges have no walls (outside counts as solid), but a
//! coarse voxel there may stand higher than the full detail's edge: there
//! the coarse chunk draws the side of what stands above the full detail's
//! edge columns, so that the map's outline seen from outside stays what it
//! is at full detail, with no sky under a raised edge.

use super::super::{ChunkMesh, Face, MeshOptions, GREY};
use super::super::{DIR_NEG_X, DIR_NEG_Y, DIR_POS_X, DIR_POS_Y};
use crate::store::voxels::{Color, FourthByte, Slab, VoxelStore};
use std::ops::Range;

/// Adds skirts to `mesh`, a chunk of `coarse`, which is `fine` made `f`
/// times coarser.
pub fn add_skirts(
    coarse: &VoxelStore,
    fine: &VoxelStore,
    f: u32,
    mesh: &mut ChunkMesh,
    opts: &MeshOptions,
) {
    let rect = coarse.chunk(mesh.chunk);
    let (cw, cl) = (coarse.width(), coarse.length());
    let mut added: [Vec<Face>; 4] = Default::default();
    let mut masks = Masks::new(coarse.depth(), fine.depth());
    let shade = opts.fourth_byte_shade && coarse.fourth_byte == FourthByte::Shade;
    // (direction, border columns, the neighbour's step, inner border).
    let (x1, y1) = (rect.x0 + rect.width - 1, rect.y0 + rect.length - 1);
    let sides = [
        (DIR_POS_X, [x1, rect.y0], [0, 1], x1 + 1 < cw),
        (DIR_NEG_X, [rect.x0, rect.y0], [0, 1], rect.x0 > 0),
        (DIR_POS_Y, [rect.x0, y1], [1, 0], y1 + 1 < cl),
        (DIR_NEG_Y, [rect.x0, rect.y0], [1, 0], rect.y0 > 0),
    ];
    for (dir, first, along, inner) in sides {
        let n = if along[0] == 1 {
            rect.width
        } else {
            rect.length
        };
        let step = super::super::NORMALS[dir as usize];
        for i in 0..n {
            let [x, y] = [first[0] + along[0] * i, first[1] + along[1] * i];
            let [nx, ny] = [
                x.wrapping_add_signed(step[0] as i32),
                y.wrapping_add_signed(step[1] as i32),
            ];
            let (slabs, colors) = coarse.surface(x, y);
            if inner {
                masks.coarse_pair(slabs, Some(coarse.surface(nx, ny).0));
                masks.fine_across(fine, f, [x, y], dir);
            } else {
                // Outside is solid to the mesher: it drew no side here.
                masks.coarse_pair(slabs, None);
                masks.fine_edge(fine, f, [x, y], dir);
            }
            for z in masks.skirt_zs(f) {
                let mut rgb = crate::store::voxels::rgb(color_at(slabs, colors, z));
                if shade {
                    let a = (color_at(slabs, colors, z) >> 24) as u32;
                    rgb = rgb.map(|c| (c as u32 * a / 128).min(255) as u8);
                }
                let (lx, ly) = (x - rect.x0, y - rect.y0);
                added[dir as usize].push(Face::new(lx, ly, z, dir, [3; 4], false, rgb));
                grow(mesh, [x, y, z]);
            }
        }
    }
    merge(mesh, added);
}

/// Grows the chunk's box (in its store's coordinates) around voxel `v`.
fn grow(mesh: &mut ChunkMesh, v: [u32; 3]) {
    for (i, &v) in v.iter().enumerate() {
        mesh.bounds_min[i] = mesh.bounds_min[i].min(v as f32);
        mesh.bounds_max[i] = mesh.bounds_max[i].max(v as f32 + 1.0);
    }
}

/// Puts the skirts among the chunk's faces, kept sorted by direction.
fn merge(mesh: &mut ChunkMesh, added: [Vec<Face>; 4]) {
    if added.iter().all(Vec::is_empty) {
        return;
    }
    let extra: usize = added.iter().map(Vec::len).sum();
    let mut faces = Vec::with_capacity(mesh.faces.len() + extra);
    for d in 0..6u8 {
        let start = faces.len() as u32;
        faces.extend_from_slice(mesh.dir_faces(d));
        if let Some(extra) = added.get(d as usize) {
            faces.extend_from_slice(extra);
        }
        mesh.dir_ranges[d as usize] = start..faces.len() as u32;
    }
    mesh.faces = faces;
}

/// The colour the mesher gives voxel `z` of a column: its own, else the
/// nearest coloured voxel's above it in its slab, else grey.
fn color_at(slabs: &[Slab], colors: &[Color], z: u32) -> Color {
    let mut start = 0usize;
    for s in slabs {
        let (top, bottom) = (s.top as u32, s.bottom as u32);
        let (tl, bl) = (s.top_len as u32, s.bottom_len as u32);
        if (top..bottom).contains(&z) {
            return if z < top + tl {
                colors[start + (z - top) as usize]
            } else if z >= bottom - bl {
                colors[start + (tl + z - (bottom - bl)) as usize]
            } else if tl > 0 {
                colors[start + tl as usize - 1]
            } else {
                GREY
            };
        }
        start += s.colors();
    }
    GREY
}

/// Bitmasks over z (bit z % 64 of word z / 64) for one border column.
struct Masks {
    coarse_depth: u32,
    fine_depth: u32,
    /// The border column's solid voxels and its neighbour's, both coarse.
    own: Vec<u64>,
    next: Vec<u64>,
    /// Fine voxels solid in every fine column just across the border.
    across: Vec<u64>,
    column: Vec<u64>,
}

impl Masks {
    fn new(coarse_depth: u32, fine_depth: u32) -> Masks {
        let (cw, fw) = (
            coarse_depth.div_ceil(64) as usize,
            fine_depth.div_ceil(64) as usize,
        );
        Masks {
            coarse_depth,
            fine_depth,
            own: vec![0; cw],
            next: vec![0; cw],
            across: vec![0; fw],
            column: vec![0; fw],
        }
    }

    /// The border column's slabs and its neighbour's (`None`: outside the
    /// map, solid).
    fn coarse_pair(&mut self, own: &[Slab], next: Option<&[Slab]>) {
        fill(&mut self.own, own);
        match next {
            Some(next) => fill(&mut self.next, next),
            None => self.next.fill(u64::MAX),
        }
    }

    /// The fine columns along the map's edge on side `dir` of coarse
    /// column `[x, y]`, which lies on that edge.
    fn fine_edge(&mut self, fine: &VoxelStore, f: u32, [x, y]: [u32; 2], dir: u8) {
        let (w, l) = (fine.width(), fine.length());
        let (fx, fy) = match dir {
            DIR_POS_X => (w - 1..w, y * f..(y + 1) * f),
            DIR_NEG_X => (0..1, y * f..(y + 1) * f),
            DIR_POS_Y => (x * f..(x + 1) * f, l - 1..l),
            _ => (x * f..(x + 1) * f, 0..1),
        };
        self.all_solid(fine, fx, fy);
    }

    /// The fine columns across side `dir` of coarse column `[x, y]`.
    fn fine_across(&mut self, fine: &VoxelStore, f: u32, [x, y]: [u32; 2], dir: u8) {
        let (fx, fy) = match dir {
            DIR_POS_X => ((x + 1) * f..(x + 1) * f + 1, y * f..(y + 1) * f),
            DIR_NEG_X => (x * f - 1..x * f, y * f..(y + 1) * f),
            DIR_POS_Y => (x * f..(x + 1) * f, (y + 1) * f..(y + 1) * f + 1),
            _ => (x * f..(x + 1) * f, y * f - 1..y * f),
        };
        self.all_solid(fine, fx, fy);
    }

    /// Sets `across` to the voxels solid in every fine column `fx` x `fy`
    /// (cut to the map).
    fn all_solid(&mut self, fine: &VoxelStore, fx: Range<u32>, fy: Range<u32>) {
        self.across.fill(u64::MAX);
        for fy in fy.start..fy.end.min(fine.length()) {
            for fx in fx.start..fx.end.min(fine.width()) {
                fill(&mut self.column, fine.surface(fx, fy).0);
                for (a, c) in self.across.iter_mut().zip(&self.column) {
                    *a &= c;
                }
            }
        }
    }

    /// The coarse z's needing a skirt: solid on both sides at the coarse
    /// level (else the mesher drew the face), with some fine voxel across
    /// the border air.
    fn skirt_zs(&self, f: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for (w, (&a, &b)) in self.own.iter().zip(&self.next).enumerate() {
            let mut both = a & b;
            while both != 0 {
                let z = w as u32 * 64 + both.trailing_zeros();
                both &= both - 1;
                if z >= self.coarse_depth {
                    break;
                }
                let (z0, z1) = (z * f, ((z + 1) * f).min(self.fine_depth));
                if !(z0..z1).all(|fz| bit(&self.across, fz)) {
                    out.push(z);
                }
            }
        }
        out
    }
}

fn bit(mask: &[u64], z: u32) -> bool {
    mask[(z / 64) as usize] >> (z % 64) & 1 == 1
}

/// Sets `mask` to the solid voxels of a column's `slabs`.
fn fill(mask: &mut [u64], slabs: &[Slab]) {
    mask.fill(0);
    for s in slabs {
        let (mut z, bottom) = (s.top as u32, s.bottom as u32);
        while z < bottom {
            // The rest of z's word, or up to the bottom.
            let n = (64 - z % 64).min(bottom - z);
            let bits = if n == 64 {
                u64::MAX
            } else {
                ((1u64 << n) - 1) << (z % 64)
            };
            mask[(z / 64) as usize] |= bits;
            z += n;
        }
    }
}
