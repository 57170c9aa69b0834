//! Recording draws into a render pass: a scene's parts in the frame's
//! order ([`Frame::paint`]), voxel chunks (culled, nearest first, only the
//! directions that can face the camera), quad lists, terrain blocks at
//! their levels and objects by cell. What to draw comes from the scene,
//! which asks the level-of-detail pickers; the renderer hands a frame its
//! pipelines and uniforms.

use super::buffers::{GpuChunk, GpuQuads, ObjectShape, CHUNK_UNIFORM_STRIDE};
use super::camera::{Camera, Projection};
use super::lod::Drawn;
use super::object_cells;
use super::pipelines::Pipelines;
use super::scene::{QuadLayer, Scene};
use super::terrain_lod::{List, Runs, TerrainLod};
use super::{DrawStats, RenderOptions};
use glam::Vec3;

/// One paint of a scene: what every draw in it shares.
pub(super) struct Frame<'a> {
    pub pipelines: &'a Pipelines,
    pub globals: &'a wgpu::BindGroup,
    /// The two triangles of one face instance, by corner.
    pub face_indices: &'a wgpu::Buffer,
    /// The triangles of each object shape, by group.
    pub shapes: &'a [ObjectShape],
    /// The view's frustum, as the renderer prepared it.
    pub planes: &'a [glam::Vec4; 6],
    pub scene: &'a Scene,
    pub camera: &'a Camera,
    pub options: &'a RenderOptions,
}

/// A terrain's levels and the runs of them to draw.
type Blocks<'a> = (&'a TerrainLod, &'a Runs);

impl Frame<'_> {
    /// Paints the scene: opaque voxels and quads, then what is seen
    /// through.
    pub(super) fn paint(&self, pass: &mut wgpu::RenderPass<'_>, stats: &mut DrawStats) {
        let (scene, options, p) = (self.scene, self.options, self.pipelines);
        let solid = scene.chunks_in_view(self.planes, self.camera, options.lod);
        self.chunks(pass, &p.voxel, solid, stats);
        // The terrain's blocks, each at its level, where it has levels.
        let blocks = scene.terrain_in_view(self.planes, self.camera, options.lod);
        let blocks = blocks.as_ref().map(|(lod, runs)| (*lod, runs));
        self.ground(pass, blocks, stats);
        self.quads(pass, QuadLayer::OneSided, stats);
        self.objects(pass, stats);
        // Then what is seen through: water, tints, highlights, boxes.
        // Water is drawn at full detail (it has no coarse levels).
        let water = scene.water_in_view(self.planes);
        self.chunks(pass, &p.voxel_water, water, stats);
        // Over a tile grid, water takes the grid's tint on its surface
        // too: shallow water is walked through.
        let water_pipeline = match &scene.tile_grid {
            Some(grid) => {
                pass.set_bind_group(1, &grid.bind, &[]);
                &p.terrain_water
            }
            None => p.for_layer(QuadLayer::Water),
        };
        match blocks {
            Some(b) => self.runs(pass, water_pipeline, b, List::Water, stats),
            None => {
                let water = scene.layer(QuadLayer::Water);
                draw_quads(
                    pass,
                    self.globals,
                    self.indices(),
                    water_pipeline,
                    water,
                    stats,
                );
            }
        }
        self.quads(pass, QuadLayer::Overlay, stats);
        self.quads(pass, QuadLayer::Analysis, stats);
        self.quads(pass, QuadLayer::Routes, stats);
        // The walks again over everything, faint: where a canopy or a hill
        // hides them they still read.
        let routes = self.scene.layer(QuadLayer::Routes);
        let hidden = &p.routes_hidden;
        draw_quads(pass, self.globals, self.indices(), hidden, routes, stats);
        if options.show_highlight {
            self.quads(pass, QuadLayer::Highlight, stats);
        }
        if options.show_spawns {
            self.boxes(pass, stats);
        }
    }

    /// The shared quad indices, where the scene has quads.
    fn indices(&self) -> Option<&wgpu::Buffer> {
        self.scene.quad_indices.as_ref().map(|(b, _)| b)
    }

    /// Voxel chunks with `pipeline`.
    fn chunks(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        pipeline: &wgpu::RenderPipeline,
        chunks: Vec<Drawn<'_>>,
        stats: &mut DrawStats,
    ) {
        if !chunks.is_empty() {
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, self.globals, &[]);
            pass.set_index_buffer(self.face_indices.slice(..), wgpu::IndexFormat::Uint16);
            draw_chunks(pass, chunks, self.camera, self.options.face_budget, stats);
        }
    }

    /// A layer's quads with its pipeline.
    fn quads(&self, pass: &mut wgpu::RenderPass<'_>, layer: QuadLayer, stats: &mut DrawStats) {
        let pipeline = self.pipelines.for_layer(layer);
        let quads = self.scene.layer(layer);
        draw_quads(pass, self.globals, self.indices(), pipeline, quads, stats);
    }

    /// The ground: a terrain's painted from its tile grid's corner colours
    /// (its blocks at their levels where `blocks`), else plain quads.
    fn ground(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        blocks: Option<Blocks<'_>>,
        stats: &mut DrawStats,
    ) {
        let Some(grid) = &self.scene.tile_grid else {
            return self.quads(pass, QuadLayer::Ground, stats);
        };
        let terrain = &self.pipelines.terrain;
        pass.set_bind_group(1, &grid.bind, &[]);
        match blocks {
            Some(b) => self.runs(pass, terrain, b, List::Opaque, stats),
            None => {
                let ground = self.scene.layer(QuadLayer::Ground);
                draw_quads(pass, self.globals, self.indices(), terrain, ground, stats);
            }
        }
    }

    /// `list` of the terrain runs picked, with `pipeline` (and whatever
    /// bind groups past the globals it needs already set).
    fn runs(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        pipeline: &wgpu::RenderPipeline,
        (lod, runs): Blocks<'_>,
        list: List,
        stats: &mut DrawStats,
    ) {
        for (k, ranges) in runs {
            let range = ranges[list as usize].clone();
            if !range.is_empty() {
                let quads = lod.quads(*k, list);
                draw_quad_range(
                    pass,
                    self.globals,
                    self.indices(),
                    pipeline,
                    quads,
                    range,
                    stats,
                );
            }
        }
    }

    /// The map objects of the groups shown, a cell at a time: those in
    /// view, the far ones simpler.
    fn objects(&self, pass: &mut wgpu::RenderPass<'_>, stats: &mut DrawStats) {
        let (camera, options) = (self.camera, self.options);
        let shown = self.scene.instances.iter();
        for group in shown.filter(|i| options.objects.get(i.group)) {
            let Some((_, near, far)) = self.shapes.iter().find(|s| s.0 == group.group) else {
                continue;
            };
            pass.set_pipeline(&self.pipelines.instances);
            pass.set_bind_group(0, self.globals, &[]);
            pass.set_vertex_buffer(1, group.buffer.slice(..));
            for cell in &group.cells {
                let Some(is_far) = object_cells::shown(cell, self.planes, camera, options.lod)
                else {
                    continue;
                };
                let (shape, vertices) = match far {
                    Some(far) if is_far => far,
                    _ => near,
                };
                pass.set_vertex_buffer(0, shape.slice(..));
                pass.draw(0..*vertices, cell.range.clone());
                stats.draw_calls += 1;
                stats.faces_drawn += (*vertices / 3) as u64 * cell.range.len() as u64;
            }
        }
    }

    /// The boxes layer and its outlines.
    fn boxes(&self, pass: &mut wgpu::RenderPass<'_>, stats: &mut DrawStats) {
        self.quads(pass, QuadLayer::Boxes, stats);
        if let Some((edges, count)) = &self.scene.box_edges {
            pass.set_pipeline(&self.pipelines.lines);
            pass.set_bind_group(0, self.globals, &[]);
            pass.set_vertex_buffer(0, edges.slice(..));
            pass.draw(0..*count, 0..1);
            stats.draw_calls += 1;
        }
    }
}

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
