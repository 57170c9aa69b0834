//! Pipelines and per-map GPU data, and one `draw` that renders into any
//! [`Target`]: window, screenshot or test.

use super::boxes::{self, Box3, BoxVertex};
use super::camera::{box_in_frustum, frustum_planes, Camera, Projection};
use super::target::Target;
use super::{Globals, DEPTH_FORMAT};
use crate::mesh::terrain::TriMesh;
use crate::mesh::{ChunkMesh, Face};
use glam::Vec3;
use std::ops::Range;
use wgpu::util::DeviceExt;

/// Per-chunk uniforms sit at this stride (the largest alignment wgpu allows).
const CHUNK_UNIFORM_STRIDE: u64 = 256;

/// How to draw.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RenderOptions {
    /// Ambient-occlusion strength, 0 (none) to 1.
    pub ao: f32,
    /// The game's distance fog, in voxels; `None` for none.
    pub fog: Option<f32>,
    pub show_spawns: bool,
    /// Name ALW entities and lights with text labels.
    pub labels: bool,
    /// Tint VMF indestructible voxels.
    pub highlight_indestructible: bool,
    /// The sky (and fog) colour, sRGB 0..1.
    pub sky: [f32; 3],
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            ao: 1.0,
            fog: None,
            show_spawns: true,
            labels: true,
            highlight_indestructible: false,
            sky: [0.55, 0.72, 0.90],
        }
    }
}

/// What one frame drew.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DrawStats {
    pub chunks_visible: u32,
    pub chunks_total: u32,
    pub faces_drawn: u64,
    pub draw_calls: u32,
}

struct GpuChunk {
    faces: wgpu::Buffer,
    dir_ranges: [Range<u32>; 6],
    min: Vec3,
    max: Vec3,
    slot: u32,
}

/// A map's GPU data.
#[derive(Default)]
pub struct Scene {
    chunks: Vec<GpuChunk>,
    /// VMF water surfaces, drawn translucent after the opaque parts.
    water_chunks: Vec<GpuChunk>,
    chunk_uniforms: Option<(wgpu::Buffer, wgpu::BindGroup)>,
    boxes: Option<GpuQuads>,
    /// Coloured quads (terrain), opaque then translucent (water).
    triangles: Option<GpuQuads>,
    /// The element the inspector picked, outlined.
    highlight: Option<GpuQuads>,
    /// Translucent tile tints (W3E flag overlays).
    overlay: Option<GpuQuads>,
    one_sided: Option<GpuQuads>,
    water: Option<GpuQuads>,
    /// Indices drawing quads as triangles, shared by every quad list, and
    /// how many quads they cover.
    quad_indices: Option<(wgpu::Buffer, u32)>,
    /// Named markers (ALW lights and entities), for labels.
    pub markers: Vec<crate::mesh::cells::Marker>,
    /// Bytes of face data on the GPU.
    pub face_bytes: u64,
    pub faces: u64,
}

/// A list of coloured quads on the GPU (see [`crate::mesh::tris`]).
struct GpuQuads {
    vertices: wgpu::Buffer,
    quads: u32,
}

impl Scene {
    /// Uploads a quad list (none when empty), making sure the shared index
    /// buffer covers it.
    fn upload_quads(
        &mut self,
        device: &wgpu::Device,
        label: &str,
        vertices: &[BoxVertex],
    ) -> Option<GpuQuads> {
        let quads = (vertices.len() / 4) as u32;
        if quads == 0 {
            return None;
        }
        if self.quad_indices.as_ref().is_none_or(|(_, n)| *n < quads) {
            let indices = crate::mesh::tris::quad_indices(quads as usize);
            let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("quad indices"),
                contents: bytemuck::cast_slice(&indices),
                usage: wgpu::BufferUsages::INDEX,
            });
            self.quad_indices = Some((buffer, quads));
        }
        let vertices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some(label),
            contents: bytemuck::cast_slice(vertices),
            usage: wgpu::BufferUsages::VERTEX,
        });
        Some(GpuQuads { vertices, quads })
    }

    /// Replaces the overlay quads (none to clear).
    pub fn set_overlay(&mut self, device: &wgpu::Device, vertices: &[BoxVertex]) {
        self.overlay = self.upload_quads(device, "overlay", vertices);
    }

    /// Replaces the highlighted boxes (none to clear).
    pub fn set_highlight(&mut self, device: &wgpu::Device, boxes: &[Box3]) {
        self.highlight = self.upload_quads(device, "highlight", &boxes::quads(boxes));
    }
}

/// Pipelines and shared uniforms; one per device and colour format.
pub struct Renderer {
    /// Held from writing the globals to submitting the frame, so frames
    /// drawn from several threads each see their own camera.
    draw_lock: std::sync::Mutex<()>,
    globals: wgpu::Buffer,
    globals_group: wgpu::BindGroup,
    chunk_layout: wgpu::BindGroupLayout,
    voxel_pipeline: wgpu::RenderPipeline,
    voxel_water_pipeline: wgpu::RenderPipeline,
    box_pipeline: wgpu::RenderPipeline,
    triangle_pipeline: wgpu::RenderPipeline,
    one_sided_pipeline: wgpu::RenderPipeline,
    /// The two triangles of one face instance, by corner. Indexed, so a
    /// software rasterizer shades each of the four corners once, not six
    /// times.
    face_indices: wgpu::Buffer,
}

/// The voxel shader, with the face corner table from the mesher filled in.
fn voxel_shader_source() -> String {
    let mut table = String::new();
    for dir in crate::mesh::face::CORNERS {
        for c in dir {
            table.push_str(&format!("vec3<f32>({}.0, {}.0, {}.0), ", c[0], c[1], c[2]));
        }
    }
    include_str!("../../shaders/voxel.wgsl").replace("CORNER_TABLE", &table)
}

impl Renderer {
    pub fn new(device: &wgpu::Device, color_format: wgpu::TextureFormat) -> Self {
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
        let depth = |write: bool| wgpu::DepthStencilState {
            format: DEPTH_FORMAT,
            depth_write_enabled: Some(write),
            depth_compare: Some(wgpu::CompareFunction::LessEqual),
            stencil: Default::default(),
            bias: Default::default(),
        };

        let voxel_module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("voxel.wgsl"),
            source: wgpu::ShaderSource::Wgsl(voxel_shader_source().into()),
        });
        let voxel_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("voxel"),
            bind_group_layouts: &[Some(&globals_layout), Some(&chunk_layout)],
            immediate_size: 0,
        });
        let face_attrs = wgpu::vertex_attr_array![0 => Uint32x2];
        let voxel = |label: &str, water: bool| {
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(label),
                layout: Some(&voxel_layout),
                vertex: wgpu::VertexState {
                    module: &voxel_module,
                    entry_point: Some("vs_main"),
                    compilation_options: Default::default(),
                    buffers: &[Some(wgpu::VertexBufferLayout {
                        array_stride: std::mem::size_of::<Face>() as u64,
                        step_mode: wgpu::VertexStepMode::Instance,
                        attributes: &face_attrs,
                    })],
                },
                primitive: wgpu::PrimitiveState {
                    // Solid faces are wound to face the air; back faces never
                    // show. A water surface shows from below too.
                    cull_mode: (!water).then_some(wgpu::Face::Back),
                    front_face: wgpu::FrontFace::Ccw,
                    ..Default::default()
                },
                depth_stencil: Some(depth(!water)),
                multisample: Default::default(),
                fragment: Some(wgpu::FragmentState {
                    module: &voxel_module,
                    entry_point: Some("fs_main"),
                    compilation_options: Default::default(),
                    targets: &[Some(wgpu::ColorTargetState {
                        format: color_format,
                        blend: water.then_some(wgpu::BlendState::ALPHA_BLENDING),
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                multiview_mask: None,
                cache: None,
            })
        };
        let voxel_pipeline = voxel("voxel faces", false);
        let voxel_water_pipeline = voxel("voxel water", true);

        let box_module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("boxes.wgsl"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../../shaders/boxes.wgsl").into()),
        });
        let box_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("boxes"),
            bind_group_layouts: &[Some(&globals_layout)],
            immediate_size: 0,
        });
        let box_attrs = wgpu::vertex_attr_array![0 => Float32x3, 1 => Unorm8x4];
        let color_pipeline = |label: &str, translucent: bool, cull: Option<wgpu::Face>| {
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(label),
                layout: Some(&box_layout),
                vertex: wgpu::VertexState {
                    module: &box_module,
                    entry_point: Some("vs_main"),
                    compilation_options: Default::default(),
                    buffers: &[Some(wgpu::VertexBufferLayout {
                        array_stride: std::mem::size_of::<BoxVertex>() as u64,
                        step_mode: wgpu::VertexStepMode::Vertex,
                        attributes: &box_attrs,
                    })],
                },
                primitive: wgpu::PrimitiveState {
                    cull_mode: cull,
                    front_face: wgpu::FrontFace::Ccw,
                    ..Default::default()
                },
                // Translucent things are tested against the depth buffer but
                // hide nothing behind them.
                depth_stencil: Some(depth(!translucent)),
                multisample: Default::default(),
                fragment: Some(wgpu::FragmentState {
                    module: &box_module,
                    entry_point: Some("fs_main"),
                    compilation_options: Default::default(),
                    targets: &[Some(wgpu::ColorTargetState {
                        format: color_format,
                        blend: translucent.then_some(wgpu::BlendState::ALPHA_BLENDING),
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                multiview_mask: None,
                cache: None,
            })
        };
        let box_pipeline = color_pipeline("translucent triangles", true, None);
        let triangle_pipeline = color_pipeline("opaque triangles", false, None);
        let one_sided_pipeline =
            color_pipeline("one-sided triangles", false, Some(wgpu::Face::Back));
        let face_indices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("face corners"),
            contents: bytemuck::cast_slice(&FACE_CORNERS),
            usage: wgpu::BufferUsages::INDEX,
        });
        Renderer {
            face_indices,
            draw_lock: Default::default(),
            globals,
            globals_group,
            chunk_layout,
            voxel_pipeline,
            voxel_water_pipeline,
            box_pipeline,
            triangle_pipeline,
            one_sided_pipeline,
        }
    }

    /// Uploads meshed chunks (empty ones are skipped) and boxes.
    /// `chunk_origin` gives a chunk's first column (x, y).
    pub fn upload(
        &self,
        device: &wgpu::Device,
        meshes: &[ChunkMesh],
        water: &[ChunkMesh],
        chunk_origin: impl Fn(usize) -> [u32; 2],
        boxes: &[Box3],
    ) -> Scene {
        let mut scene = Scene::default();
        let mut origins: Vec<u8> = Vec::new();
        let solid = meshes.iter().map(|m| (m, false));
        let water = water.iter().map(|m| (m, true));
        for (m, is_water) in solid.chain(water).filter(|(m, _)| !m.faces.is_empty()) {
            let faces = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("chunk faces"),
                contents: bytemuck::cast_slice(&m.faces),
                usage: wgpu::BufferUsages::VERTEX,
            });
            let slot = (scene.chunks.len() + scene.water_chunks.len()) as u32;
            let mut uniform = [0u8; CHUNK_UNIFORM_STRIDE as usize];
            let [x0, y0] = chunk_origin(m.chunk);
            let origin = [x0 as f32, y0 as f32, 0.0f32, 0.0];
            uniform[..16].copy_from_slice(bytemuck::cast_slice(&origin));
            origins.extend_from_slice(&uniform);
            scene.face_bytes += std::mem::size_of_val(m.faces.as_slice()) as u64;
            scene.faces += m.faces.len() as u64;
            let chunk = GpuChunk {
                faces,
                dir_ranges: m.dir_ranges.clone(),
                min: Vec3::from(m.bounds_min),
                max: Vec3::from(m.bounds_max),
                slot,
            };
            if is_water {
                scene.water_chunks.push(chunk);
            } else {
                scene.chunks.push(chunk);
            }
        }
        if !origins.is_empty() {
            let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("chunk origins"),
                contents: &origins,
                usage: wgpu::BufferUsages::UNIFORM,
            });
            let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("chunk origins"),
                layout: &self.chunk_layout,
                entries: &[wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                        buffer: &buffer,
                        offset: 0,
                        size: wgpu::BufferSize::new(16),
                    }),
                }],
            });
            scene.chunk_uniforms = Some((buffer, group));
        }
        scene.boxes = scene.upload_quads(device, "boxes", &boxes::quads(boxes));
        scene
    }

    /// Adds coloured quads (terrain and its water, or a world) to a scene.
    pub fn upload_triangles(&self, device: &wgpu::Device, scene: &mut Scene, mesh: &TriMesh) {
        scene.triangles = scene.upload_quads(device, "terrain", &mesh.opaque);
        scene.one_sided = scene.upload_quads(device, "one-sided", &mesh.one_sided);
        scene.water = scene.upload_quads(device, "water", &mesh.translucent);
        // Two triangles a quad.
        scene.faces +=
            (mesh.opaque.len() + mesh.one_sided.len() + mesh.translucent.len()) as u64 / 2;
    }

    /// Draws `scene` from `camera` into `target`, clearing it first.
    pub fn draw(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        target: &Target<'_>,
        scene: &Scene,
        camera: &Camera,
        options: &RenderOptions,
    ) -> DrawStats {
        let _drawing = self.draw_lock.lock().unwrap_or_else(|e| e.into_inner());
        let aspect = target.width as f32 / target.height.max(1) as f32;
        let view_proj = camera.view_proj(aspect);
        let perspective = matches!(camera.projection, Projection::Perspective { .. });
        let globals = Globals {
            view_proj: view_proj.to_cols_array_2d(),
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
                0.0,
                0.0,
            ],
        };
        queue.write_buffer(&self.globals, 0, bytemuck::bytes_of(&globals));
        let planes = frustum_planes(view_proj);
        let mut stats = DrawStats {
            chunks_total: scene.chunks.len() as u32,
            ..Default::default()
        };
        let mut encoder = device.create_command_encoder(&Default::default());
        {
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
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            if let Some((_, chunk_group)) = &scene.chunk_uniforms {
                pass.set_pipeline(&self.voxel_pipeline);
                pass.set_bind_group(0, &self.globals_group, &[]);
                pass.set_index_buffer(self.face_indices.slice(..), wgpu::IndexFormat::Uint16);
                draw_chunks(
                    &mut pass,
                    chunk_group,
                    &scene.chunks,
                    &planes,
                    camera,
                    &mut stats,
                );
            }
            let indices = scene.quad_indices.as_ref().map(|(b, _)| b);
            let globals = &self.globals_group;
            let quads = |pass: &mut wgpu::RenderPass<'_>, pipeline, part, stats: &mut _| {
                draw_quads(pass, globals, indices, pipeline, part, stats);
            };
            quads(
                &mut pass,
                &self.triangle_pipeline,
                &scene.triangles,
                &mut stats,
            );
            quads(
                &mut pass,
                &self.one_sided_pipeline,
                &scene.one_sided,
                &mut stats,
            );
            // Then what is seen through: water, tints, highlights, spawns.
            if let (Some((_, chunk_group)), false) =
                (&scene.chunk_uniforms, scene.water_chunks.is_empty())
            {
                pass.set_pipeline(&self.voxel_water_pipeline);
                pass.set_bind_group(0, globals, &[]);
                pass.set_index_buffer(self.face_indices.slice(..), wgpu::IndexFormat::Uint16);
                let chunks = &scene.water_chunks;
                draw_chunks(&mut pass, chunk_group, chunks, &planes, camera, &mut stats);
            }
            let mut parts = vec![&scene.water, &scene.overlay, &scene.highlight];
            if options.show_spawns {
                parts.push(&scene.boxes);
            }
            for part in parts {
                quads(&mut pass, &self.box_pipeline, part, &mut stats);
            }
        }
        queue.submit([encoder.finish()]);
        stats
    }
}

/// Draws a quad list through the shared quad indices, if both are there.
fn draw_quads(
    pass: &mut wgpu::RenderPass<'_>,
    globals: &wgpu::BindGroup,
    indices: Option<&wgpu::Buffer>,
    pipeline: &wgpu::RenderPipeline,
    part: &Option<GpuQuads>,
    stats: &mut DrawStats,
) {
    if let (Some(q), Some(indices)) = (part, indices) {
        pass.set_pipeline(pipeline);
        pass.set_bind_group(0, globals, &[]);
        pass.set_vertex_buffer(0, q.vertices.slice(..));
        pass.set_index_buffer(indices.slice(..), wgpu::IndexFormat::Uint32);
        pass.draw_indexed(0..q.quads * 6, 0, 0..1);
        stats.draw_calls += 1;
        stats.faces_drawn += q.quads as u64 * 2;
    }
}

/// A face's two triangles as corner indices; the shader turns them by one
/// corner for faces whose diagonal is flipped.
const FACE_CORNERS: [u16; 6] = [0, 1, 2, 0, 2, 3];

/// Draws the faces of `chunks` inside the view that can face the camera,
/// one draw call a direction, nearest chunks first: what they hide then
/// fails the depth test before it is shaded, which a software rasterizer
/// feels most.
fn draw_chunks(
    pass: &mut wgpu::RenderPass<'_>,
    chunk_group: &wgpu::BindGroup,
    chunks: &[GpuChunk],
    planes: &[glam::Vec4; 6],
    camera: &Camera,
    stats: &mut DrawStats,
) {
    let mut visible: Vec<(f32, &GpuChunk)> = chunks
        .iter()
        .filter(|c| box_in_frustum(planes, c.min, c.max))
        .map(|c| (view_depth(camera, c), c))
        .collect();
    visible.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    for (_, c) in visible {
        stats.chunks_visible += 1;
        pass.set_bind_group(1, chunk_group, &[c.slot * CHUNK_UNIFORM_STRIDE as u32]);
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
