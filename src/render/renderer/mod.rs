//! The one renderer: shaders, layouts and the shared uniforms, with
//! pipelines made for each colour format it is asked to draw into (the
//! window's, pictures'). As in egui-wgpu, a frame is prepared (uniforms
//! written, pipelines made), then painted into a render pass
//! ([`super::paint::Frame`] records the draws). Everything a scene gets
//! onto the GPU goes through the renderer's uploads, in one place
//! (`upload`).

mod upload;

use super::buffers::{ObjectShape, Shape};
use super::camera::frustum_planes;
use super::globals::Globals;
use super::paint::Frame;
use super::pipelines::{Pipelines, Shared};
use super::scene::Scene;
use super::target::Target;
use super::{shaders, Camera, DrawStats, RenderOptions};
use crate::mesh::objects::{far_shape_triangles, shape_triangles, Group, ShapeVertex};
use std::collections::HashMap;
use wgpu::util::DeviceExt;

/// Pipelines and shared uniforms for one device.
pub struct Renderer {
    globals: wgpu::Buffer,
    globals_group: wgpu::BindGroup,
    chunk_layout: wgpu::BindGroupLayout,
    /// The terrain's tile grid: its size, its corner colours and a tint.
    grid_layout: wgpu::BindGroupLayout,
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
    shapes: Vec<ObjectShape>,
}

/// What `prepare` worked out for the frame `paint` draws.
struct Prepared {
    format: wgpu::TextureFormat,
    planes: [glam::Vec4; 6],
}

/// A face's two triangles as corner indices; the shader turns them by one
/// corner for faces whose diagonal is flipped.
const FACE_CORNERS: [u16; 6] = [0, 1, 2, 0, 2, 3];

/// The bind group layouts: the globals, a chunk's uniforms (at a dynamic
/// offset) and a terrain's tile grid.
struct Layouts {
    globals: wgpu::BindGroupLayout,
    chunk: wgpu::BindGroupLayout,
    grid: wgpu::BindGroupLayout,
}

impl Layouts {
    fn new(device: &wgpu::Device) -> Layouts {
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
        let layout = |label, entries: &[wgpu::BindGroupLayoutEntry]| {
            device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some(label),
                entries,
            })
        };
        // The grid's corner colours (1) and its tint's cells (2).
        let colors = |binding| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::FRAGMENT,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only: true },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        };
        Layouts {
            globals: layout("globals", &[uniform_entry(false)]),
            chunk: layout("chunk", &[uniform_entry(true)]),
            grid: layout("tile grid", &[uniform_entry(false), colors(1), colors(2)]),
        }
    }

    /// The shaders and pipeline layouts every format's pipelines share.
    fn shared(&self, device: &wgpu::Device) -> Shared {
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
        let (globals, chunk, grid) = (&self.globals, &self.chunk, &self.grid);
        Shared {
            voxel_module: module("voxel.wgsl", shaders::voxel()),
            voxel_layout: layout("voxel", &[Some(globals), Some(chunk)]),
            quad_module: module("boxes.wgsl", shaders::quads()),
            quad_layout: layout("quads", &[Some(globals)]),
            instance_module: module("instances.wgsl", shaders::instances()),
            terrain_module: module("terrain.wgsl", shaders::terrain()),
            terrain_layout: layout("terrain", &[Some(globals), Some(grid)]),
        }
    }
}

/// Every object group's shapes on the GPU.
fn object_shapes(device: &wgpu::Device) -> Vec<ObjectShape> {
    let shape = |triangles: Vec<ShapeVertex>| -> Shape {
        let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("shape"),
            contents: bytemuck::cast_slice(&triangles),
            usage: wgpu::BufferUsages::VERTEX,
        });
        (buffer, triangles.len() as u32)
    };
    Group::ALL
        .iter()
        .map(|&g| {
            let far = far_shape_triangles(g.shape()).map(shape);
            (g, shape(shape_triangles(g.shape())), far)
        })
        .collect()
}

impl Renderer {
    /// A renderer drawing into targets of `format` from the start; other
    /// formats get their pipelines when first drawn into.
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> Self {
        let layouts = Layouts::new(device);
        let globals = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("globals"),
            size: std::mem::size_of::<Globals>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let globals_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("globals"),
            layout: &layouts.globals,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: globals.as_entire_binding(),
            }],
        });
        let face_indices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("face corners"),
            contents: bytemuck::cast_slice(&FACE_CORNERS),
            usage: wgpu::BufferUsages::INDEX,
        });
        let mut renderer = Renderer {
            shapes: object_shapes(device),
            globals,
            globals_group,
            shared: layouts.shared(device),
            chunk_layout: layouts.chunk,
            grid_layout: layouts.grid,
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
        let frame = Frame {
            pipelines: &self.pipelines[&prepared.format],
            globals: &self.globals_group,
            face_indices: &self.face_indices,
            shapes: &self.shapes,
            planes: &prepared.planes,
            scene,
            camera,
            options,
        };
        frame.paint(pass, &mut stats);
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
