//! Levels of detail for voxel maps: the map made 2, 4 and 8 times coarser
//! (`downsample.rs`), meshed by the ordinary mesher, with skirts on the
//! chunks' inner borders (`skirts.rs`) so that a coarse chunk drawn beside
//! a finer one leaves no crack. A coarse chunk covers 2 x 2 (or 4 x 4)
//! chunks of the full detail, its faces drawn scaled by its factor; the
//! renderer picks a level for each part of the map by its distance
//! (`render::lod`) while the camera moves on a slow renderer.

mod downsample;
mod skirts;

pub use downsample::downsample;
pub use skirts::add_skirts;

use super::{mesh_all_until, ChunkMesh, MeshOptions};
use crate::store::voxels::{VoxelStore, CHUNK};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// The coarse levels built, by how many voxels of the full detail a coarse
/// voxel spans on each axis. Each is twice the one before.
pub const FACTORS: [u32; 3] = [2, 4, 8];

/// One coarse level's chunks.
#[derive(Debug, Clone)]
pub struct CoarseLevel {
    /// Full-detail voxels a coarse voxel spans on each axis.
    pub factor: u32,
    /// The coarse store's chunks: faces in coarse voxels (drawn scaled by
    /// `factor`), bounds in full-detail coordinates.
    pub chunks: Vec<ChunkMesh>,
    /// The coarse store's chunks per row.
    pub chunks_x: u32,
}

impl CoarseLevel {
    /// Where chunk `i`'s first column lies, in full-detail columns.
    pub fn origin(&self, i: usize) -> [u32; 2] {
        let side = CHUNK * self.factor;
        [
            (i as u32 % self.chunks_x) * side,
            (i as u32 / self.chunks_x) * side,
        ]
    }

    /// Bytes of face data.
    pub fn face_bytes(&self) -> usize {
        super::face_count(&self.chunks) * std::mem::size_of::<super::Face>()
    }
}

/// The coarse levels of `fine`, each made from the one before, meshed and
/// skirted; `None` soon after `stop` is set.
pub fn coarse_levels_until(
    fine: &VoxelStore,
    opts: &MeshOptions,
    stop: &AtomicBool,
) -> Option<Vec<CoarseLevel>> {
    let mut levels = Vec::with_capacity(FACTORS.len());
    let mut coarse: Option<VoxelStore> = None;
    for factor in FACTORS {
        if stop.load(Relaxed) {
            return None;
        }
        let store = downsample(coarse.as_ref().unwrap_or(fine), 2);
        let mut chunks = mesh_all_until(&store, opts, stop)?;
        chunks.par_iter_mut().for_each(|m| {
            add_skirts(&store, fine, factor, m, opts);
            let k = factor as f32;
            m.bounds_min = m.bounds_min.map(|v| v * k);
            m.bounds_max = m.bounds_max.map(|v| v * k);
        });
        levels.push(CoarseLevel {
            factor,
            chunks,
            chunks_x: store.chunks_x(),
        });
        coarse = Some(store);
    }
    Some(levels)
}

/// [`coarse_levels_until`], never stopped.
pub fn coarse_levels(fine: &VoxelStore, opts: &MeshOptions) -> Vec<CoarseLevel> {
    coarse_levels_until(fine, opts, &AtomicBool::new(false)).unwrap_or_default()
}
