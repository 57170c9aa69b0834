//! The uniforms every pipeline shares.

use super::camera::{Camera, Projection};
use super::RenderOptions;

/// The shader uniforms shared by every pipeline, at group 0 binding 0.
/// Mirrored by `struct Globals` in shaders/globals.wgsl: keep the two in step.
#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Globals {
    pub view_proj: [[f32; 4]; 4],
    /// xyz: camera position; w: 1 for perspective, 0 for orthographic.
    pub camera: [f32; 4],
    /// rgb: fog colour; w: fog distance in voxels, 0 for no fog.
    pub fog: [f32; 4],
    /// x: ambient-occlusion strength (0..1); y: 1 to highlight
    /// indestructible voxels; z: 1 to draw flat, unlit colours (the
    /// minimap view).
    pub params: [f32; 4],
    /// x0, y0, x1, y1: the map area drawn (map coordinates).
    pub clip: [f32; 4],
}

impl Globals {
    /// The uniforms for drawing from `camera` into a picture of `aspect`.
    pub fn new(camera: &Camera, aspect: f32, options: &RenderOptions) -> Globals {
        let perspective = matches!(camera.projection, Projection::Perspective { .. });
        Globals {
            view_proj: camera.view_proj(aspect).to_cols_array_2d(),
            camera: camera.position.extend(perspective as u32 as f32).into(),
            fog: [
                options.sky[0],
                options.sky[1],
                options.sky[2],
                options.fog.unwrap_or(0.0),
            ],
            params: [
                options.ao,
                options.highlight_indestructible as u32 as f32,
                options.flat as u32 as f32,
                options.dim,
            ],
            clip: options
                .clip
                .unwrap_or([f32::MIN, f32::MIN, f32::MAX, f32::MAX]),
        }
    }
}
