//! Levels of detail for terrain quads: the levels `mesh::terrain` makes
//! block by block, uploaded beside the full detail, and which level each
//! block is drawn at while the camera moves: the coarsest whose cells,
//! seen from the block's nearest point, take at most a few times the share
//! of the view a coarse voxel may. Every block's border is drawn at full
//! detail at every level, so blocks at different levels meet without
//! cracks. Blocks next to each other in a level's buffers at the same
//! level are drawn in one call: a software renderer pays for each. The
//! renderer uploads the levels (`renderer/upload.rs`) and `paint` draws
//! the runs picked here.

use super::buffers::GpuQuads;
use super::camera::{box_in_frustum, voxel_share, Camera};
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
pub(super) struct Level {
    /// Tiles a cell of it spans.
    pub step: f32,
    /// Its quads: ground and cliffs, and water (see [`List`]).
    pub lists: [Option<GpuQuads>; 2],
    /// By block: its quads in each list.
    pub blocks: Vec<[Range<u32>; 2]>,
}

impl TerrainLod {
    /// The levels, finest first, of blocks whose full detail lies in
    /// `bounds` (min, max), by block.
    pub(super) fn new(bounds: Vec<(Vec3, Vec3)>, levels: Vec<Level>) -> TerrainLod {
        TerrainLod { bounds, levels }
    }

    /// Level `k`'s quads of `list` (none where the level has none).
    pub(super) fn quads(&self, k: usize, list: List) -> Option<&GpuQuads> {
        self.levels[k].lists[list as usize].as_ref()
    }

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
