//! Levels of detail for voxel chunks: coarser versions of the chunks
//! uploaded beside the full detail (each level twice as coarse as the one
//! before, a chunk of it covering 2 x 2 chunks of the one before), and
//! which level each part of the map is drawn at. Going down the levels
//! from the coarsest, a chunk is drawn where its voxels, seen from its
//! nearest point, take no more than a given share of the view's height;
//! else its four finer chunks are looked at in its place. So every part
//! of the map is drawn once, at one level, and far parts cheaply. The
//! meshes' skirts (`mesh::lod`) close the seams between levels. The
//! renderer uploads the levels (`renderer/upload.rs`); here they are kept
//! and picked from, knowing only the camera and the chunks' buffers.

use super::buffers::GpuChunk;
use super::camera::{box_in_frustum, voxel_share, Camera};
use glam::Vec3;
use std::collections::HashMap;

/// The coarse levels of a scene's voxel chunks.
pub(super) struct Levels {
    /// Full-detail columns a full-detail chunk spans.
    side: u32,
    /// The scene's full-detail chunks by cell (`origin / side`).
    fine: HashMap<[u32; 2], usize>,
    /// Coarse levels, finest first: factors 2, 4, ...
    coarse: Vec<Level>,
}

/// One coarse level on the GPU.
struct Level {
    factor: u32,
    chunks: Vec<GpuChunk>,
    /// Chunk by cell (`origin / (side * factor)`).
    by_cell: HashMap<[u32; 2], usize>,
    /// By chunk: a box around it and every finer chunk under it, for
    /// leaving out at once what lies outside the view.
    trees: Vec<(Vec3, Vec3)>,
    uniforms: (wgpu::Buffer, wgpu::BindGroup),
    face_bytes: u64,
}

impl Levels {
    /// No coarse levels yet over the full-detail chunks `fine`, each
    /// `side` full-detail columns across.
    pub(super) fn new(side: u32, fine: &[GpuChunk]) -> Levels {
        Levels {
            side,
            fine: fine
                .iter()
                .enumerate()
                .map(|(i, c)| ([c.origin[0] / side, c.origin[1] / side], i))
                .collect(),
            coarse: Vec::new(),
        }
    }

    /// How many coarse levels there are.
    pub(super) fn coarse_levels(&self) -> usize {
        self.coarse.len()
    }

    pub(super) fn gpu_bytes(&self) -> u64 {
        self.coarse
            .iter()
            .map(|l| l.face_bytes + l.uniforms.0.size())
            .sum()
    }

    /// Adds the next coarse level over the full-detail chunks `fine`:
    /// `chunks` (not empty) whose voxels span `factor` full-detail voxels
    /// each (twice the level added last, 2 for the first: the caller
    /// checks), with their uniforms and the bytes of their faces.
    pub(super) fn push(
        &mut self,
        fine: &[GpuChunk],
        factor: u32,
        chunks: Vec<GpuChunk>,
        uniforms: (wgpu::Buffer, wgpu::BindGroup),
        face_bytes: u64,
    ) {
        let span = self.side * factor;
        let by_cell: HashMap<[u32; 2], usize> = chunks
            .iter()
            .enumerate()
            .map(|(i, c)| ([c.origin[0] / span, c.origin[1] / span], i))
            .collect();
        let trees = chunks
            .iter()
            .map(|c| {
                let cell = [c.origin[0] / span, c.origin[1] / span];
                let mut tree = (c.min, c.max);
                for child in children(cell) {
                    if let Some((min, max)) = self.tree(fine, self.coarse.len(), child) {
                        tree = (tree.0.min(min), tree.1.max(max));
                    }
                }
                tree
            })
            .collect();
        self.coarse.push(Level {
            factor,
            chunks,
            by_cell,
            trees,
            uniforms,
            face_bytes,
        });
    }
}

/// The four cells of the next finer level under `cell`.
fn children(cell: [u32; 2]) -> [[u32; 2]; 4] {
    let [x, y] = [cell[0] * 2, cell[1] * 2];
    [[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]]
}

impl Levels {
    /// The box around level `k`'s chunk at `cell` and everything under it
    /// (level 0: the full detail).
    fn tree(&self, fine: &[GpuChunk], k: usize, cell: [u32; 2]) -> Option<(Vec3, Vec3)> {
        if k == 0 {
            let c = &fine[*self.fine.get(&cell)?];
            return Some((c.min, c.max));
        }
        let level = &self.coarse[k - 1];
        level.by_cell.get(&cell).map(|&i| level.trees[i])
    }
}

/// A chunk to draw and the bind group of its level's uniforms.
pub(super) type Drawn<'a> = (&'a GpuChunk, &'a wgpu::BindGroup);

/// The voxel chunks to draw inside the view: the full-detail `fine` ones
/// (with their uniforms' bind group), or, with `share` and `levels`, each
/// part of the map at the coarsest level whose voxels take at most that
/// share of the view's height.
pub(super) fn pick<'a>(
    (fine, fine_group): (&'a [GpuChunk], &'a wgpu::BindGroup),
    levels: Option<&'a Levels>,
    planes: &[glam::Vec4; 6],
    camera: &Camera,
    share: Option<f32>,
) -> Vec<Drawn<'a>> {
    let in_view = |c: &GpuChunk| box_in_frustum(planes, c.min, c.max);
    let (Some(levels), Some(share)) = (levels, share) else {
        return fine
            .iter()
            .filter(|c| in_view(c))
            .map(|c| (c, fine_group))
            .collect();
    };
    let mut out = Vec::new();
    let mut todo: Vec<(usize, [u32; 2])> = levels
        .coarse
        .last()
        .map(|l| {
            l.by_cell
                .keys()
                .map(|&cell| (levels.coarse.len(), cell))
                .collect()
        })
        .unwrap_or_default();
    while let Some((k, cell)) = todo.pop() {
        if k == 0 {
            if let Some(&i) = levels.fine.get(&cell) {
                let c = &fine[i];
                if in_view(c) {
                    out.push((c, fine_group));
                }
            }
            continue;
        }
        let level = &levels.coarse[k - 1];
        let Some(&i) = level.by_cell.get(&cell) else {
            // No faces at this level: none finer either (its volume holds
            // theirs, and a column with a solid voxel shows its top).
            continue;
        };
        let (min, max) = level.trees[i];
        if !box_in_frustum(planes, min, max) {
            continue;
        }
        if voxel_share(camera, level.factor as f32, min, max) <= share {
            let c = &level.chunks[i];
            if in_view(c) {
                out.push((c, &level.uniforms.1));
            }
        } else {
            todo.extend(children(cell).map(|child| (k - 1, child)));
        }
    }
    out
}
