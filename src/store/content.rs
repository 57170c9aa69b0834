//! The store's own view of its content: which part a map holds, asked
//! without a `match` at each caller, and the parts made into `Content`.
//! Deciding by kind is `kinds`'s; these only hand out what is there.

use crate::store::cells::AlwWorld;
use crate::store::terrain::W3eTerrain;
use crate::store::voxels::VoxelStore;
use crate::store::warcraft::WarcraftMap;
use crate::store::{Content, Map};

impl Map {
    pub fn voxels(&self) -> Option<&VoxelStore> {
        match &self.content {
            Content::Voxels(v) => Some(v),
            _ => None,
        }
    }

    /// The terrain of a W3E file or of a whole Warcraft III map.
    pub fn terrain(&self) -> Option<&W3eTerrain> {
        match &self.content {
            Content::Terrain(t) => Some(t),
            Content::Warcraft(w) => Some(&w.terrain),
            _ => None,
        }
    }

    pub fn warcraft(&self) -> Option<&WarcraftMap> {
        match &self.content {
            Content::Warcraft(w) => Some(w),
            _ => None,
        }
    }

    pub fn warcraft_mut(&mut self) -> Option<&mut WarcraftMap> {
        match &mut self.content {
            Content::Warcraft(w) => Some(w),
            _ => None,
        }
    }

    pub fn cells(&self) -> Option<&AlwWorld> {
        match &self.content {
            Content::Cells(c) => Some(c),
            _ => None,
        }
    }
}

impl From<VoxelStore> for Content {
    fn from(store: VoxelStore) -> Content {
        Content::Voxels(store)
    }
}

impl From<W3eTerrain> for Content {
    fn from(terrain: W3eTerrain) -> Content {
        Content::Terrain(terrain)
    }
}

impl From<WarcraftMap> for Content {
    fn from(map: WarcraftMap) -> Content {
        Content::Warcraft(Box::new(map))
    }
}

impl From<AlwWorld> for Content {
    fn from(world: AlwWorld) -> Content {
        Content::Cells(world)
    }
}
