//! The pieces a scene keeps on the GPU: a voxel chunk's faces and a list
//! of coloured quads. Below everything else in `render` that draws them:
//! the level-of-detail pickers, the scene, the draw calls and the
//! renderer's uploads all use these, and these use none of them.

use crate::mesh::objects::Group;
use crate::mesh::ChunkMesh;
use glam::Vec3;
use std::ops::Range;
use wgpu::util::DeviceExt;

/// Per-chunk uniforms sit at this stride (the largest alignment wgpu allows).
pub(super) const CHUNK_UNIFORM_STRIDE: u64 = 256;

/// One voxel chunk's faces on the GPU.
pub(super) struct GpuChunk {
    pub faces: wgpu::Buffer,
    pub dir_ranges: [Range<u32>; 6],
    pub min: Vec3,
    pub max: Vec3,
    /// Its origin's place in the chunk uniform buffer.
    pub slot: u32,
    /// Its first column, in full-detail columns.
    pub origin: [u32; 2],
    /// Full-detail voxels one of its voxels spans: 1, or a coarse level's.
    pub scale: u32,
}

/// Chunk `m`'s faces on the GPU, at `slot` of the chunk uniforms, whose
/// entry (its first column `origin`, in full-detail columns, and the
/// full-detail voxels a voxel of it spans, `scale`) goes onto `origins`.
pub(super) fn gpu_chunk(
    device: &wgpu::Device,
    m: &ChunkMesh,
    slot: u32,
    origin: [u32; 2],
    scale: u32,
    origins: &mut Vec<u8>,
) -> GpuChunk {
    let faces = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("chunk faces"),
        contents: bytemuck::cast_slice(&m.faces),
        usage: wgpu::BufferUsages::VERTEX,
    });
    let mut uniform = [0u8; CHUNK_UNIFORM_STRIDE as usize];
    let entry = [origin[0] as f32, origin[1] as f32, 0.0f32, scale as f32];
    uniform[..16].copy_from_slice(bytemuck::cast_slice(&entry));
    origins.extend_from_slice(&uniform);
    GpuChunk {
        faces,
        dir_ranges: m.dir_ranges.clone(),
        min: Vec3::from(m.bounds_min),
        max: Vec3::from(m.bounds_max),
        slot,
        origin,
        scale,
    }
}

/// A list of coloured quads on the GPU (see [`crate::mesh::tris`]).
pub(super) struct GpuQuads {
    pub vertices: wgpu::Buffer,
    pub quads: u32,
}

/// A shape's triangles on the GPU, and its vertex count.
pub(super) type Shape = (wgpu::Buffer, u32);

/// An object group's shape, and its simpler version for far away where it
/// has one.
pub(super) type ObjectShape = (Group, Shape, Option<Shape>);
