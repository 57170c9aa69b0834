//! The renderer: draws a map's GPU data into any texture view with its own
//! depth buffer. The window, screenshots, `mapscope render` and the tests
//! share this path. It knows meshes, not maps: what a kind of map uploads
//! is said in `kinds`.
//!
//! `renderer` holds the one [`Renderer`] (prepare, then paint; its
//! uploads in `renderer/upload.rs`); `pipelines` its pipelines for one
//! colour format; `shaders` the WGSL as the pipelines get it.
//!
//! The drawing of a scene goes one way, each module using only those
//! before it: `camera` (frusta, the share of the view a voxel takes) ←
//! `buffers` (a chunk's, a quad list's buffers) ← the level-of-detail
//! pickers (`lod` for voxel chunks, `terrain_lod` for terrain blocks,
//! `object_cells` for objects) ← `scene` (a map's buffers, which asks the
//! pickers what is in view) ← `paint` (the draw calls, in the frame's
//! order) ← `renderer`.

pub mod blit;
pub mod boxes;
mod buffers;
pub mod camera;
pub mod egui_pass;
mod globals;
pub mod gpu;
pub mod gpu_timer;
pub mod headless;
pub mod labels;
pub mod limits;
mod lod;
mod object_cells;
mod options;
mod paint;
mod pipelines;
mod renderer;
pub mod scene;
mod shaders;
pub mod target;
mod terrain_lod;
mod tile_grid;

pub use camera::Camera;
pub use gpu::Gpu;
pub use options::{DrawStats, RenderOptions};
pub use renderer::Renderer;
pub use scene::{QuadLayer, Scene};
pub use target::{Offscreen, Target};

/// Offscreen pictures are plain 8-bit RGBA holding sRGB values, as PNG wants.
pub const COLOR_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;
