//! Levels of detail for voxel chunks: coarser versions of the chunks
//! uploaded beside the full detail (each level twice as coarse as the one
//! before, a chunk of it covering 2 x 2 chunks of the one before), and
//! which level each part of the map is drawn at. Going down the levels
//! from the coarsest, a chunk is drawn where its voxels, seen from its
//! nearest point, take no more than a given share of the view's height;
//! else its four finer chunks are looked at in its place. So every part
//! of the map is drawn once, at one level, and far parts cheaply. The
//! meshes' skirts (`mesh::lod`) close the seams between levels.

use super::camera::{box_in_frustum, Camera, Projection};
use super::scene::{gpu_chunk, GpuChunk, Scene};
use super::Renderer;
use crate::mesh::ChunkMesh;
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
    pub(super) fn gpu_bytes(&self) -> u64 {
        self.coarse
            .iter()
            .map(|l| l.face_bytes + l.uniforms.0.size())
            .sum()
    }
}

impl Renderer {
    /// Adds a coarse level to `scene`'s voxel chunks: `meshes` whose voxels
    /// span `factor` full-detail voxels each (twice the level added last,
    /// 2 for the first), chunk `i` starting at full-detail column
    /// `origin(i)`, with bounds in full-detail coordinates; `side` is the
    /// full-detail columns a full-detail chunk spans.
    pub fn add_coarse_level(
        &self,
        device: &wgpu::Device,
        scene: &mut Scene,
        side: u32,
        factor: u32,
        meshes: &[ChunkMesh],
        origin: impl Fn(usize) -> [u32; 2],
    ) {
        let levels = scene.lod.get_or_insert_with(|| Levels {
            side,
            fine: scene
                .chunks
                .iter()
                .enumerate()
                .map(|(i, c)| ([c.origin[0] / side, c.origin[1] / side], i))
                .collect(),
            coarse: Vec::new(),
        });
        assert_eq!(factor, 2 << levels.coarse.len(), "levels double");
        let mut origins = Vec::new();
        let mut chunks = Vec::new();
        let mut face_bytes = 0;
        for m in meshes.iter().filter(|m| !m.faces.is_empty()) {
            let slot = chunks.len() as u32;
            chunks.push(gpu_chunk(
                device,
                m,
                slot,
                origin(m.chunk),
                factor,
                &mut origins,
            ));
            face_bytes += std::mem::size_of_val(m.faces.as_slice()) as u64;
        }
        if chunks.is_empty() {
            return;
        }
        let span = levels.side * factor;
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
                    if let Some((min, max)) = levels.tree(&scene.chunks, levels.coarse.len(), child)
                    {
                        tree = (tree.0.min(min), tree.1.max(max));
                    }
                }
                tree
            })
            .collect();
        let uniforms = self.chunk_uniforms(device, &origins);
        levels.coarse.push(Level {
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

/// The voxel chunks to draw inside the view: at full detail, or, with
/// `share`, each part of the map at the coarsest level whose voxels take
/// at most that share of the view's height.
pub(super) fn pick<'a>(
    scene: &'a Scene,
    planes: &[glam::Vec4; 6],
    camera: &Camera,
    share: Option<f32>,
) -> Vec<Drawn<'a>> {
    let Some((_, fine_group)) = &scene.chunk_uniforms else {
        return Vec::new();
    };
    let in_view = |c: &GpuChunk| box_in_frustum(planes, c.min, c.max);
    let (Some(levels), Some(share)) = (&scene.lod, share) else {
        return scene
            .chunks
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
                let c = &scene.chunks[i];
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

/// The share of the view's height a voxel `size` across takes, seen from
/// `camera` at the nearest point of the box `min..max`.
pub(super) fn voxel_share(camera: &Camera, size: f32, min: Vec3, max: Vec3) -> f32 {
    match camera.projection {
        Projection::Perspective { fov_deg } => {
            let p = camera.position;
            let distance = p.clamp(min, max).distance(p).max(1e-3);
            size / (2.0 * distance * (fov_deg.to_radians() / 2.0).tan())
        }
        Projection::TopDown { half_height } => size / (2.0 * half_height),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_voxel_takes_less_of_the_view_farther_away() {
        let camera = Camera::perspective(Vec3::ZERO, 0.0, 0.0, 90.0);
        let near = voxel_share(&camera, 1.0, Vec3::new(10.0, 0.0, 0.0), Vec3::splat(11.0));
        let far = voxel_share(&camera, 1.0, Vec3::new(100.0, 0.0, 0.0), Vec3::splat(101.0));
        // 90 degrees: the view is 2 d high at distance d.
        assert!((near - 1.0 / 20.0).abs() < 1e-6, "{near}");
        assert!((far - 1.0 / 200.0).abs() < 1e-6, "{far}");
        // Inside the box: as near as can be.
        let inside = voxel_share(&camera, 1.0, Vec3::splat(-1.0), Vec3::splat(1.0));
        assert!(inside > 100.0, "{inside}");
    }
}
