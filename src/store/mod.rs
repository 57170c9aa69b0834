//! The in-memory model of a loaded map.

pub mod cells;
mod content;
pub mod map;
pub mod terrain;
pub mod voxels;
pub mod warcraft;

pub use map::{Content, DefaultCamera, Map, Metadata, Spawn};
