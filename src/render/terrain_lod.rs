//! Levels of detail for terrain quads: the levels `mesh::terrain` makes
//! block by block, uploaded beside the full detail, and which level each
//! block is drawn at while the camera moves: the coarsest whose cells,
//! seen from the block's nearest point, take at most a few times the share
//! of the view a coarse voxel may. Every block's border is drawn at full
//! detail at every level, so blocks at different levels meet without
//! cracks. Blocks next to each other in a level's buffers at the same
//! level are drawn in one call: a software renderer pays for each.

use super::camera::{box_in_frustum, Camera};
use super::lod::voxel_share;
use super::paint::draw_quad_range;
use super::scene::{GpuQuads, Scene};
use super::{DrawStats, Renderer};
use crate::mesh::terrain::TerrainLevels;
use glam::Vec3;
use std::ops::Range;

/// A terrain cell may take this many times the share of the view a coarse
/// voxel may (`RenderOptions::lod`): only its relief is coarser, its
/// colours are the full detail's.
const CELL_SHARE: f32 = 4.0;

/// A terrain's levels on the GPU.
pub(super) struct TerrainLod {
    /// By block: the box around its full detail.
    bounds: Vec<(Vec3, Vec3)>,
    /// Finest (the full detail, block by block) first.
    levels: Vec<Level>,
}

/// One level's quads: ground and cliffs, and water.
struct Level {
    step: f32,
    lists: [Option<GpuQuads>; 2],
    /// By block: its quads in each list.
    blocks: Vec<[Range<u32>; 2]>,
}

impl TerrainLod {
    pub(super) fn gpu_bytes(&self) -> u64 {
        let lists = self.levels.iter().flat_map(|l| l.lists.iter().flatten());
        lists.map(|q| q.vertices.size()).sum()
    }
}

/// Which of a level's lists: ground and cliffs, or water.
#[derive(Clone, Copy)]
pub(super) enum List {
    Opaque = 0,
    Water = 1,
}

/// Runs of quads to draw: a level, and quads of its lists.
pub(super) type Runs = Vec<(usize, [Range<u32>; 2])>;

impl Renderer {
    /// Adds a terrain's levels of detail ([`crate::mesh::terrain::terrain_levels`])
    /// to `scene`, for [`super::RenderOptions::lod`] to draw its far blocks
    /// coarser.
    pub fn add_terrain_levels(
        &self,
        device: &wgpu::Device,
        scene: &mut Scene,
        levels: &TerrainLevels,
    ) {
        let mut gpu = Vec::new();
        for l in &levels.levels {
            let lists =
                [&l.opaque, &l.water].map(|v| scene.quads_buffer(device, "terrain level", v));
            gpu.push(Level {
                step: l.step as f32,
                lists,
                blocks: l.blocks.clone(),
            });
        }
        scene.terrain_lod = Some(TerrainLod {
            bounds: levels
                .bounds
                .iter()
                .map(|&(lo, hi)| (Vec3::from(lo), Vec3::from(hi)))
                .collect(),
            levels: gpu,
        });
    }
}

/// The terrain's blocks in view, each at the coarsest level whose cells
/// take at most [`CELL_SHARE`] times `share` of the view's height, as runs
/// of quads.
pub(super) fn pick(
    lod: &TerrainLod,
    planes: &[glam::Vec4; 6],
    camera: &Camera,
    share: f32,
) -> Runs {
    let mut runs: Runs = Vec::new();
    for (b, &(min, max)) in lod.bounds.iter().enumerate() {
        if min.x > max.x || !box_in_frustum(planes, min, max) {
            continue;
        }
        let k = (0..lod.levels.len())
            .rev()
            .find(|&k| voxel_share(camera, lod.levels[k].step, min, max) <= share * CELL_SHARE)
            .unwrap_or(0);
        let ranges = &lod.levels[k].blocks[b];
        match runs.last_mut() {
            Some((level, last))
                if *level == k
                    && last[0].end == ranges[0].start
                    && last[1].end == ranges[1].start =>
            {
                last[0].end = ranges[0].end;
                last[1].end = ranges[1].end;
            }
            _ => runs.push((k, ranges.clone())),
        }
    }
    runs
}

/// Draws `list` of the runs [`pick`] chose, with `pipeline` (and whatever
/// bind groups past the globals it needs already set).
pub(super) fn draw(
    pass: &mut wgpu::RenderPass<'_>,
    globals: &wgpu::BindGroup,
    indices: Option<&wgpu::Buffer>,
    pipeline: &wgpu::RenderPipeline,
    (lod, runs): (&TerrainLod, &Runs),
    list: List,
    stats: &mut DrawStats,
) {
    for (k, ranges) in runs {
        let quads = lod.levels[*k].lists[list as usize].as_ref();
        let range = ranges[list as usize].clone();
        if !range.is_empty() {
            draw_quad_range(pass, globals, indices, pipeline, quads, range, stats);
        }
    }
}
