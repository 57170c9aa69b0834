//! The one renderer: shaders, layouts and the shared uniforms, with
//! pipelines made for each colour format it is asked to draw into (the
//! window's, pictures'). As in egui-wgpu, a frame is prepared (uniforms
//! written, pipelines made), then painted into a render pass.

use super::camera::{box_in_frustum, frustum_planes};
use super::globals::Globals;
use super::object_cells;
use super::paint::{draw_chunks, draw_quads};
use super::pipelines::{Pipelines, Shared};
use super::scene::{QuadLayer, Scene};
use super::target::Target;
use super::terrain_lod;
use super::{shaders, Camera, DrawStats, RenderOptions};
use crate::mesh::objects::{far_shape_triangles, shape_triangles, Group};

/// A shape's triangles on the GPU, and its vertex count.
type Shape = (wgpu::Buffer, u32);
use std::collections::HashMap;
use wgpu::util::DeviceExt;

/// Pipelines and shared uniforms for one device.
pub struct Renderer {
    globals: wgpu::Buffer,
    globals_group: wgpu::BindGroup,
    pub(super) chunk_layout: wgpu::BindGroupLayout,
    /// The terrain's tile grid: its size and its corner colours.
    pub(super) grid_layout: wgpu::BindGroupLayout,
    shared: Shared,
    pipelines: HashMap<wgpu::TextureFormat, Pipelines>,
    /// The two triangles of one face instance, by corner. Indexed, so a
    /// software rasterizer shades each of the four corners once, not six
    /// times.
    face_indices: wgpu::Buffer,
    /// What the last `prepare` set up for `paint`.
    prepared: Option<Prepared>,
    /// The triangles of each object shape, by group, and of its simpler
    /// version for far away, where it has one.
    shapes: Vec<(Group, Shape, Option<Shape>)>,
}

/// What `prepare` worked out for the frame `paint` draws.
struct Prepared {
    format: wgpu::TextureFormat,
    planes: [glam::Vec4; 6],
}

/// A face's two triangles as corner indices; the shader turns them by one
/// corner for faces whose diagonal is flipped.
const FACE_CORNERS: [u16; 6] = [0, 1, 2, 0, 2, 3];

impl Renderer {
    /// A renderer drawing into targets of `format` from the start; other
    /// formats get their pipelines when first drawn into.
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> Self {
        let uniform_entry = |dynamic: bool| wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Uniform,
                has_dynamic_offset: dynamic,
                min_binding_size: None,
            },
            count: None,
        };
        let globals_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("globals"),
            entries: &[uniform_entry(false)],
        });
        let chunk_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("chunk"),
            entries: &[uniform_entry(true)],
        });
        let grid_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("tile grid"),
            entries: &[
                uniform_entry(false),
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Storage { read_only: true },
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    count: None,
                },
            ],
        });
        let globals = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("globals"),
            size: std::mem::size_of::<Globals>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let globals_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("globals"),
            layout: &globals_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: globals.as_entire_binding(),
            }],
        });
        let module = |label, source: String| {
            device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(label),
                source: wgpu::ShaderSource::Wgsl(source.into()),
            })
        };
        let layout = |label, groups: &[Option<&wgpu::BindGroupLayout>]| {
            device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some(label),
                bind_group_layouts: groups,
                immediate_size: 0,
            })
        };
        let shared = Shared {
            voxel_module: module("voxel.wgsl", shaders::voxel()),
            voxel_layout: layout("voxel", &[Some(&globals_layout), Some(&chunk_layout)]),
            quad_module: module("boxes.wgsl", shaders::quads()),
            quad_layout: layout("quads", &[Some(&globals_layout)]),
            instance_module: module("instances.wgsl", shaders::instances()),
            terrain_module: module("terrain.wgsl", shaders::terrain()),
            terrain_layout: layout("terrain", &[Some(&globals_layout), Some(&grid_layout)]),
        };
        let face_indices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("face corners"),
            contents: bytemuck::cast_slice(&FACE_CORNERS),
            usage: wgpu::BufferUsages::INDEX,
        });
        let shape = |triangles: Vec<crate::mesh::objects::ShapeVertex>| {
            let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("shape"),
                contents: bytemuck::cast_slice(&triangles),
                usage: wgpu::BufferUsages::VERTEX,
            });
            (buffer, triangles.len() as u32)
        };
        let shapes = Group::ALL
            .iter()
            .map(|&g| {
                let far = far_shape_triangles(g.shape()).map(shape);
                (g, shape(shape_triangles(g.shape())), far)
            })
            .collect();
        let mut renderer = Renderer {
            shapes,
            globals,
            globals_group,
            chunk_layout,
            grid_layout,
            shared,
            pipelines: HashMap::new(),
            face_indices,
            prepared: None,
        };
        renderer.pipelines_for(device, format);
        renderer
    }

    fn pipelines_for(&mut self, device: &wgpu::Device, format: wgpu::TextureFormat) {
        let shared = &self.shared;
        self.pipelines
            .entry(format)
            .or_insert_with(|| Pipelines::new(device, shared, format));
    }

    /// Gets a frame of `format` and `aspect` ready to paint: the camera and
    /// options into the uniforms, the format's pipelines made if new.
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        format: wgpu::TextureFormat,
        aspect: f32,
        camera: &Camera,
        options: &RenderOptions,
    ) {
        self.pipelines_for(device, format);
        let globals = Globals::new(camera, aspect, options);
        queue.write_buffer(&self.globals, 0, bytemuck::bytes_of(&globals));
        self.prepared = Some(Prepared {
            format,
            planes: frustum_planes(camera.view_proj(aspect)),
        });
    }

    /// Paints `scene` into `pass` as the last [`Self::prepare`] set up:
    /// opaque voxels and quads, then what is seen through.
    pub fn paint(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        scene: &Scene,
        camera: &Camera,
        options: &RenderOptions,
    ) -> DrawStats {
        let mut stats = DrawStats {
            chunks_total: scene.chunks.len() as u32,
            ..Default::default()
        };
        let Some(prepared) = &self.prepared else {
            return stats;
        };
        let p = &self.pipelines[&prepared.format];
        let planes = &prepared.planes;
        let globals = &self.globals_group;
        let chunks = |pass: &mut wgpu::RenderPass<'_>, pipeline, chunks: Vec<_>, stats: &mut _| {
            if !chunks.is_empty() {
                pass.set_pipeline(pipeline);
                pass.set_bind_group(0, globals, &[]);
                pass.set_index_buffer(self.face_indices.slice(..), wgpu::IndexFormat::Uint16);
                draw_chunks(pass, chunks, camera, options.face_budget, stats);
            }
        };
        let indices = scene.quad_indices.as_ref().map(|(b, _)| b);
        let quads = |pass: &mut wgpu::RenderPass<'_>, layer, stats: &mut _| {
            let pipeline = p.for_layer(layer);
            draw_quads(pass, globals, indices, pipeline, scene.layer(layer), stats);
        };
        let solid = super::lod::pick(scene, planes, camera, options.lod);
        chunks(pass, &p.voxel, solid, &mut stats);
        // The terrain's blocks, each at its level, where it has levels.
        let blocks = match (&scene.terrain_lod, options.lod) {
            (Some(lod), Some(share)) => Some((lod, terrain_lod::pick(lod, planes, camera, share))),
            _ => None,
        };
        let blocks = blocks.as_ref().map(|(lod, runs)| (*lod, runs));
        match &scene.tile_grid {
            // Terrain: its ground painted from the grid's corner colours.
            Some(grid) => {
                pass.set_bind_group(1, grid, &[]);
                match blocks {
                    Some(b) => {
                        let opaque = terrain_lod::List::Opaque;
                        terrain_lod::draw(
                            pass, globals, indices, &p.terrain, b, opaque, &mut stats,
                        );
                    }
                    None => {
                        let ground = scene.layer(QuadLayer::Ground);
                        draw_quads(pass, globals, indices, &p.terrain, ground, &mut stats);
                    }
                }
            }
            None => quads(pass, QuadLayer::Ground, &mut stats),
        }
        quads(pass, QuadLayer::OneSided, &mut stats);
        for group in scene
            .instances
            .iter()
            .filter(|i| options.objects.get(i.group))
        {
            let Some((_, near, far)) = self.shapes.iter().find(|s| s.0 == group.group) else {
                continue;
            };
            pass.set_pipeline(&p.instances);
            pass.set_bind_group(0, globals, &[]);
            pass.set_vertex_buffer(1, group.buffer.slice(..));
            // A cell at a time: those in view, the far ones simpler.
            for cell in &group.cells {
                let Some(is_far) = object_cells::shown(cell, planes, camera, options.lod) else {
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
        // Then what is seen through: water, tints, highlights, boxes.
        // Water is drawn at full detail (it has no coarse levels).
        let water = match &scene.chunk_uniforms {
            Some((_, group)) => scene
                .water_chunks
                .iter()
                .filter(|c| box_in_frustum(planes, c.min, c.max))
                .map(|c| (c, group))
                .collect(),
            None => Vec::new(),
        };
        chunks(pass, &p.voxel_water, water, &mut stats);
        match blocks {
            Some(b) => {
                let pipeline = p.for_layer(QuadLayer::Water);
                let water = terrain_lod::List::Water;
                terrain_lod::draw(pass, globals, indices, pipeline, b, water, &mut stats);
            }
            None => quads(pass, QuadLayer::Water, &mut stats),
        }
        quads(pass, QuadLayer::Overlay, &mut stats);
        quads(pass, QuadLayer::Analysis, &mut stats);
        if options.show_highlight {
            quads(pass, QuadLayer::Highlight, &mut stats);
        }
        if options.show_spawns {
            quads(pass, QuadLayer::Boxes, &mut stats);
            if let Some((edges, count)) = &scene.box_edges {
                pass.set_pipeline(&p.lines);
                pass.set_bind_group(0, globals, &[]);
                pass.set_vertex_buffer(0, edges.slice(..));
                pass.draw(0..*count, 0..1);
                stats.draw_calls += 1;
            }
        }
        stats
    }

    /// Prepares and paints `scene` from `camera` into `target`, clearing it
    /// first, and submits the work.
    pub fn draw(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        target: &Target<'_>,
        scene: &Scene,
        camera: &Camera,
        options: &RenderOptions,
    ) -> DrawStats {
        self.draw_timed(device, queue, target, scene, camera, options, None)
    }

    /// [`Self::draw`], the pass timed on the GPU by `timer` where given.
    #[allow(clippy::too_many_arguments)]
    pub fn draw_timed(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        target: &Target<'_>,
        scene: &Scene,
        camera: &Camera,
        options: &RenderOptions,
        timer: Option<&crate::render::gpu_timer::GpuTimer>,
    ) -> DrawStats {
        let timestamps = timer.and_then(|t| t.writes());
        let timed = timestamps.is_some();
        let aspect = target.width as f32 / target.height.max(1) as f32;
        self.prepare(device, queue, target.format, aspect, camera, options);
        let mut encoder = device.create_command_encoder(&Default::default());
        let stats = {
            let [r, g, b] = options.sky.map(|c| c as f64);
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("map"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: target.color,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Clear(wgpu::Color { r, g, b, a: 1.0 }),
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                    view: target.depth,
                    depth_ops: Some(wgpu::Operations {
                        load: wgpu::LoadOp::Clear(1.0),
                        store: wgpu::StoreOp::Store,
                    }),
                    stencil_ops: None,
                }),
                timestamp_writes: timestamps,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            self.paint(&mut pass, scene, camera, options)
        };
        let timer = timer.filter(|_| timed);
        if let Some(t) = timer {
            t.resolve(&mut encoder);
        }
        queue.submit([encoder.finish()]);
        if let Some(t) = timer {
            t.read_back();
        }
        stats
    }
}
