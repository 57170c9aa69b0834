//! mapscope: a fast viewer for classic game map formats.
//!
//! `formats` decodes bytes into the one in-memory model in `store`; `info`
//! summarises a map for people and for scripts.

#[cfg(feature = "gui")]
pub mod app;
pub mod formats;
pub mod info;
pub mod mesh;
#[cfg(feature = "gui")]
pub mod render;
pub mod store;
