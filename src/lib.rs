//! mapscope: a fast viewer for classic game map formats.
//!
//! `formats` decodes bytes into the one in-memory model in `store`; `kinds`
//! answers what the rest asks of each kind of map (voxels, terrain, cells);
//! `mesh` turns a store into plain vertex data, `render` draws it into any
//! texture view, `app` is the window; `info` summarises a map for people and
//! for scripts. `docs/ARCHITECTURE.md` tells the whole flow.

pub mod analysis;
#[cfg(feature = "gui")]
pub mod app;
pub mod desktop;
pub mod diff;
pub mod export;
pub mod format;
pub mod formats;
pub mod info;
pub mod kinds;
mod memory;
pub use memory::lean_heap;
pub mod mesh;
pub mod minimap;
pub mod open_diff;
pub mod output;
pub mod reading;
#[cfg(feature = "gui")]
pub mod render;
pub mod replays;
/// Synthetic maps and the writers they use are for tests, benchmarks,
/// examples and fuzz seeds: the `samples` feature (which `cargo test` turns
/// on through the dev-dependency on mapscope itself) keeps them out of the
/// shipped binary.
#[cfg(any(test, feature = "samples"))]
pub mod samples;
pub mod store;
pub mod thumbnail;
pub mod walk;

/// The corpus lookup the integration tests use too (one file for both).
#[cfg(test)]
#[path = "../tests/support/corpus.rs"]
pub(crate) mod test_corpus;
#[cfg(test)]
pub(crate) mod test_dir;
#[cfg(test)]
pub(crate) mod test_numbers;
