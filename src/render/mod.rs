//! The renderer: draws a map into any texture view with its own depth buffer.
//! The window, screenshots, `mapscope render` and the tests share this path.

pub mod boxes;
pub mod camera;
pub mod egui_pass;
pub mod gpu;
pub mod headless;
pub mod labels;
pub mod scene;
pub mod target;
pub mod views;

pub use camera::Camera;
pub use gpu::Gpu;
pub use scene::{DrawStats, RenderOptions, Renderer, Scene};
pub use target::{Offscreen, Target};

/// Offscreen pictures are plain 8-bit RGBA holding sRGB values, as PNG wants.
pub const COLOR_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// The shader uniforms shared by every pipeline.
#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Globals {
    pub view_proj: [[f32; 4]; 4],
    pub camera: [f32; 4],
    pub fog: [f32; 4],
    pub params: [f32; 4],
}
