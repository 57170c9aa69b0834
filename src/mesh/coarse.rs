//! A map's coarse levels (levels of detail for its far parts while the
//! camera moves), of whichever kind it has: voxel chunks (`mesh::lod`) or
//! terrain blocks (`mesh::terrain::coarse`).

use super::lod::CoarseLevel;
use super::terrain::TerrainLevels;

/// The coarse levels a kind makes.
#[derive(Debug, Clone)]
pub enum Coarse {
    Voxels(Vec<CoarseLevel>),
    Terrain(TerrainLevels),
}

impl Coarse {
    /// Bytes of mesh data over every level.
    pub fn bytes(&self) -> usize {
        match self {
            Coarse::Voxels(levels) => levels.iter().map(CoarseLevel::face_bytes).sum(),
            Coarse::Terrain(t) => t.bytes(),
        }
    }
}
