//! Meshers: turn a map's store into GPU-ready faces, chunk by chunk.

pub mod cells;
pub mod face;
pub mod palette;
pub mod terrain;
pub mod voxel;

pub use face::Face;
pub use voxel::{mesh_all, mesh_all_serial, mesh_chunk, ChunkMesh, MeshOptions};
