//! Recording draws into a render pass: voxel chunks (culled, nearest first,
//! only the directions that can face the camera) and quad lists.

use super::camera::{Camera, Projection};
use super::lod::Drawn;
use super::scene::{GpuChunk, GpuQuads, CHUNK_UNIFORM_STRIDE};
use super::DrawStats;
use glam::Vec3;

/// Draws a quad list through the shared quad indices, if both are there.
pub(super) fn draw_quads(
    pass: &mut wgpu::RenderPass<'_>,
    globals: &wgpu::BindGroup,
    indices: Option<&wgpu::Buffer>,
    pipeline: &wgpu::RenderPipeline,
    quads: Option<&GpuQuads>,
    stats: &mut DrawStats,
) {
    if let Some(q) = quads {
        draw_quad_range(pass, globals, indices, pipeline, quads, 0..q.quads, stats);
    }
}

/// Draws quads `range` of a quad list through the shared quad indices, if
/// both are there.
pub(super) fn draw_quad_range(
    pass: &mut wgpu::RenderPass<'_>,
    globals: &wgpu::BindGroup,
    indices: Option<&wgpu::Buffer>,
    pipeline: &wgpu::RenderPipeline,
    quads: Option<&GpuQuads>,
    range: std::ops::Range<u32>,
    stats: &mut DrawStats,
) {
    if let (Some(q), Some(indices)) = (quads, indices) {
        pass.set_pipeline(pipeline);
        pass.set_bind_group(0, globals, &[]);
        pass.set_vertex_buffer(0, q.vertices.slice(..));
        pass.set_index_buffer(indices.slice(..), wgpu::IndexFormat::Uint32);
        pass.draw_indexed(range.start * 6..range.end * 6, 0, 0..1);
        stats.draw_calls += 1;
        stats.faces_drawn += range.len() as u64 * 2;
    }
}

/// Draws the faces of `chunks` (picked by [`super::lod::pick`]) that can
/// face the camera, one draw call a direction, nearest chunks first: what
/// they hide then fails the depth test before it is shaded, which a
/// software rasterizer feels most. Past `budget` faces, the farther chunks
/// are left out.
pub(super) fn draw_chunks(
    pass: &mut wgpu::RenderPass<'_>,
    chunks: Vec<Drawn<'_>>,
    camera: &Camera,
    budget: Option<u64>,
    stats: &mut DrawStats,
) {
    let mut visible: Vec<(f32, Drawn<'_>)> = chunks
        .into_iter()
        .map(|d| (view_depth(camera, d.0), d))
        .collect();
    visible.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    let count = visible.len() as u32;
    for (i, (_, (c, group))) in visible.into_iter().enumerate() {
        if budget.is_some_and(|b| stats.faces_drawn >= b) {
            stats.chunks_left_out += count - i as u32;
            break;
        }
        stats.chunks_visible += 1;
        stats.chunks_coarse += u32::from(c.scale > 1);
        pass.set_bind_group(1, group, &[c.slot * CHUNK_UNIFORM_STRIDE as u32]);
        pass.set_vertex_buffer(0, c.faces.slice(..));
        for (dir, range) in c.dir_ranges.iter().enumerate() {
            if range.is_empty() || !facing(dir, c, camera) {
                continue;
            }
            pass.draw_indexed(0..6, 0, range.clone());
            stats.draw_calls += 1;
            stats.faces_drawn += range.len() as u64;
        }
    }
}

/// How far chunk `c`'s centre lies along the view direction (for a top-down
/// camera too, where distance from the eye would not order by depth).
fn view_depth(camera: &Camera, c: &GpuChunk) -> f32 {
    let centre = (c.min + c.max) * 0.5;
    (centre - camera.position).dot(camera.forward())
}

/// Whether any face of `dir` in chunk `c` can face the camera. Faces turned
/// away are never drawn.
fn facing(dir: usize, c: &GpuChunk, camera: &Camera) -> bool {
    let p = camera.position;
    match camera.projection {
        Projection::Perspective { .. } => match dir {
            0 => p.x > c.min.x,
            1 => p.x < c.max.x,
            2 => p.y > c.min.y,
            3 => p.y < c.max.y,
            4 => p.z < c.max.z,
            _ => p.z > c.min.z,
        },
        Projection::TopDown { .. } => {
            let normal = [Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Y, -Vec3::Z, Vec3::Z][dir];
            normal.dot(-camera.forward()) > 1e-4
        }
    }
}
