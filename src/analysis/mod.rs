//! How a map plays, worked out from the file: ground distances between
//! Warcraft III start locations and gold mines and the fairness table
//! ladder keepers judge maps by (`ground.rs`, `fairness.rs`, `report.rs`), and
//! what the viewer draws of it (`routes.rs`: a distance field and the
//! walks to the mines).
//! A kind hands its ground through `MapKind::ground_map`; nothing here
//! knows a file format.

pub mod fairness;
pub mod ground;
pub mod reach;
pub mod report;
pub mod routes;

pub use fairness::{analyze, GroundMap, GroundReport, Start};
pub use ground::WalkGrid;

/// What the analysis measures of a map, as its kind hands it
/// (`kinds::play_map`, the one place that chooses): a Warcraft III map's
/// ground between start locations and gold mines, or a voxel map's
/// voxels and team spawn areas.
pub enum PlayMap {
    Ground(GroundMap),
    Reach(reach::ReachMap),
}
