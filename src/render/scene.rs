//! A map's data on the GPU: voxel chunks, and lists of coloured quads by
//! layer (terrain, water, tints, highlights, boxes), uploaded once and
//! drawn every frame by the [`Renderer`].

use super::boxes::{self, Box3, BoxVertex};
use super::Renderer;
use crate::mesh::cells::Marker;
use crate::mesh::objects::{Group, ObjectInstances};
use crate::mesh::terrain::{TileColors, TriMesh};
use crate::mesh::ChunkMesh;
use glam::Vec3;
use std::ops::Range;
use wgpu::util::DeviceExt;

/// Half the width of the transition between two corners' ground colours,
/// in tiles: short and sharp, as the game paints its textures.
const TRANSITION: f32 = 0.12;

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

/// The lists of coloured quads a scene holds, in the order they are drawn:
/// opaque ones first, then what is seen through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuadLayer {
    /// Terrain and its cliffs: opaque, seen from both sides.
    Ground,
    /// World faces (ALW floors, ceilings, walls): opaque, seen from the front.
    OneSided,
    /// Water surfaces over terrain.
    Water,
    /// Tile tints (W3E flag overlays).
    Overlay,
    /// What an analysis shows on the ground (ground distances and walks),
    /// over the tile tints, apart from them so either changes alone.
    Analysis,
    /// The element the inspector picked, outlined.
    Highlight,
    /// Spawn areas and markers, hidden with the spawns: seen from outside
    /// only (with [`Scene::set_boxes`]'s outlines seen from anywhere).
    Boxes,
}

impl QuadLayer {
    pub const ALL: [QuadLayer; 7] = [
        QuadLayer::Ground,
        QuadLayer::OneSided,
        QuadLayer::Water,
        QuadLayer::Overlay,
        QuadLayer::Analysis,
        QuadLayer::Highlight,
        QuadLayer::Boxes,
    ];

    /// Blended over what is behind, without hiding it.
    pub fn translucent(self) -> bool {
        !matches!(self, QuadLayer::Ground | QuadLayer::OneSided)
    }

    fn label(self) -> &'static str {
        match self {
            QuadLayer::Ground => "ground quads",
            QuadLayer::OneSided => "one-sided quads",
            QuadLayer::Water => "water quads",
            QuadLayer::Overlay => "overlay quads",
            QuadLayer::Analysis => "analysis quads",
            QuadLayer::Highlight => "highlight quads",
            QuadLayer::Boxes => "box quads",
        }
    }
}

/// A list of coloured quads on the GPU (see [`crate::mesh::tris`]).
pub(super) struct GpuQuads {
    pub vertices: wgpu::Buffer,
    pub quads: u32,
}

/// One group of map objects on the GPU: instances of its shape, sorted
/// into cells of the map (see [`super::object_cells`]).
pub(super) struct GpuInstances {
    pub group: Group,
    pub buffer: wgpu::Buffer,
    pub cells: Vec<super::object_cells::Cell>,
}

/// A map's GPU data.
#[derive(Default)]
pub struct Scene {
    /// Map objects, a buffer of instances a group.
    pub(super) instances: Vec<GpuInstances>,
    pub(super) chunks: Vec<GpuChunk>,
    /// VMF water surfaces, drawn translucent after the opaque parts.
    pub(super) water_chunks: Vec<GpuChunk>,
    pub(super) chunk_uniforms: Option<(wgpu::Buffer, wgpu::BindGroup)>,
    /// Indexed by [`QuadLayer`].
    pub(super) quads: [Option<GpuQuads>; QuadLayer::ALL.len()],
    /// The outlines of the boxes layer: a line list and its vertex count.
    pub(super) box_edges: Option<(wgpu::Buffer, u32)>,
    /// Indices drawing quads as triangles, shared by every quad list, and
    /// how many quads they cover.
    pub(super) quad_indices: Option<(wgpu::Buffer, u32)>,
    /// The terrain's tile grid (see [`crate::mesh::terrain::TileColors`]):
    /// with it, the ground quads are drawn by the terrain shader.
    pub(super) tile_grid: Option<wgpu::BindGroup>,
    /// Coarser versions of the voxel chunks, for far parts of the map.
    pub(super) lod: Option<super::lod::Levels>,
    /// The terrain quads' levels of detail, block by block.
    pub(super) terrain_lod: Option<super::terrain_lod::TerrainLod>,
    /// Named markers (ALW lights and entities), for labels.
    pub markers: Vec<Marker>,
    /// Lines of text on a plate at a picture's top left (a diff's
    /// fairness changes), in pictures drawn with no window.
    pub notes: Vec<String>,
    /// Bytes of face data on the GPU.
    pub face_bytes: u64,
    /// Voxel faces, or triangles of quad meshes.
    pub faces: u64,
}

impl Scene {
    /// Bytes of every buffer the scene holds on the GPU: faces, quads,
    /// object instances, indices and per-chunk uniforms.
    pub fn gpu_bytes(&self) -> u64 {
        let quads: u64 = self
            .quads
            .iter()
            .flatten()
            .map(|q| q.vertices.size())
            .sum::<u64>()
            + self.box_edges.as_ref().map_or(0, |(b, _)| b.size());
        let instances: u64 = self.instances.iter().map(|i| i.buffer.size()).sum();
        let indices = self.quad_indices.as_ref().map_or(0, |(b, _)| b.size());
        let uniforms = self.chunk_uniforms.as_ref().map_or(0, |(b, _)| b.size());
        let lod = self.lod.as_ref().map_or(0, |l| l.gpu_bytes())
            + self.terrain_lod.as_ref().map_or(0, |l| l.gpu_bytes());
        self.face_bytes + quads + instances + indices + uniforms + lod
    }

    pub(super) fn layer(&self, layer: QuadLayer) -> Option<&GpuQuads> {
        self.quads[layer as usize].as_ref()
    }

    /// Replaces a layer's quads (none to clear), making sure the shared
    /// index buffer covers them.
    pub fn set_quads(&mut self, device: &wgpu::Device, layer: QuadLayer, vertices: &[BoxVertex]) {
        self.quads[layer as usize] = self.quads_buffer(device, layer.label(), vertices);
    }

    /// A quad list on the GPU (none where empty), making sure the shared
    /// index buffer covers it.
    pub(super) fn quads_buffer(
        &mut self,
        device: &wgpu::Device,
        label: &str,
        vertices: &[BoxVertex],
    ) -> Option<GpuQuads> {
        let quads = (vertices.len() / 4) as u32;
        (quads > 0).then(|| {
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
            GpuQuads { vertices, quads }
        })
    }

    /// Replaces the overlay tints (none to clear).
    pub fn set_overlay(&mut self, device: &wgpu::Device, vertices: &[BoxVertex]) {
        self.set_quads(device, QuadLayer::Overlay, vertices);
    }

    /// Replaces what an analysis draws on the ground (none to clear).
    pub fn set_analysis(&mut self, device: &wgpu::Device, vertices: &[BoxVertex]) {
        self.set_quads(device, QuadLayer::Analysis, vertices);
    }

    /// Replaces the boxes (spawn areas, markers): translucent upright sides
    /// seen from outside, and outlines seen from anywhere.
    pub fn set_boxes(&mut self, device: &wgpu::Device, boxes: &[Box3]) {
        self.set_quads(device, QuadLayer::Boxes, &boxes::walls(boxes));
        let edges = boxes::edges(boxes);
        self.box_edges = (!edges.is_empty()).then(|| {
            let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("box edges"),
                contents: bytemuck::cast_slice(&edges),
                usage: wgpu::BufferUsages::VERTEX,
            });
            (buffer, edges.len() as u32)
        });
    }

    /// Replaces the boxes with marks (a diff's changes): boxes with their
    /// tops, so that they tint what they cover from above, their outlines,
    /// and `lines` (pairs of line vertices: arrows).
    pub fn set_marks(&mut self, device: &wgpu::Device, marks: &[Box3], lines: &[BoxVertex]) {
        self.set_quads(device, QuadLayer::Boxes, &boxes::quads(marks));
        let mut edges = boxes::edges(marks);
        edges.extend_from_slice(lines);
        self.box_edges = (!edges.is_empty()).then(|| {
            let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("mark edges"),
                contents: bytemuck::cast_slice(&edges),
                usage: wgpu::BufferUsages::VERTEX,
            });
            (buffer, edges.len() as u32)
        });
    }

    /// Replaces the highlighted boxes (none to clear).
    pub fn set_highlight(&mut self, device: &wgpu::Device, boxes: &[Box3]) {
        self.set_quads(device, QuadLayer::Highlight, &boxes::quads(boxes));
    }
}

impl Renderer {
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
            let slot = (scene.chunks.len() + scene.water_chunks.len()) as u32;
            // Full detail: a voxel spans one.
            let chunk = gpu_chunk(device, m, slot, chunk_origin(m.chunk), 1, &mut origins);
            scene.face_bytes += std::mem::size_of_val(m.faces.as_slice()) as u64;
            scene.faces += m.faces.len() as u64;
            if is_water {
                scene.water_chunks.push(chunk);
            } else {
                scene.chunks.push(chunk);
            }
        }
        if !origins.is_empty() {
            scene.chunk_uniforms = Some(self.chunk_uniforms(device, &origins));
        }
        scene.set_boxes(device, boxes);
        scene
    }

    /// The chunk uniforms `origins` (one [`CHUNK_UNIFORM_STRIDE`] a chunk)
    /// on the GPU, with their bind group.
    pub(super) fn chunk_uniforms(
        &self,
        device: &wgpu::Device,
        origins: &[u8],
    ) -> (wgpu::Buffer, wgpu::BindGroup) {
        let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("chunk origins"),
            contents: origins,
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
        (buffer, group)
    }

    /// Adds map objects to a scene, a buffer a group.
    pub fn upload_objects(
        &self,
        device: &wgpu::Device,
        scene: &mut Scene,
        objects: &ObjectInstances,
    ) {
        for (group, list) in &objects.groups {
            if list.is_empty() {
                continue;
            }
            let (sorted, cells) = super::object_cells::sort(*group, list);
            let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some(group.label()),
                contents: bytemuck::cast_slice(&sorted),
                usage: wgpu::BufferUsages::VERTEX,
            });
            scene.instances.push(GpuInstances {
                group: *group,
                buffer,
                cells,
            });
        }
    }

    /// A terrain's tile grid on the GPU: its size and corner colours.
    fn tile_grid(&self, device: &wgpu::Device, grid: &TileColors) -> wgpu::BindGroup {
        let size = [grid.width as f32, grid.height as f32, TRANSITION, 0.0];
        let uniform = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("tile grid size"),
            contents: bytemuck::cast_slice(&size),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        // A storage buffer may not be empty.
        let colors: &[[u8; 4]] = if grid.colors.is_empty() {
            &[[0; 4]]
        } else {
            &grid.colors
        };
        let colors = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("tile grid colours"),
            contents: bytemuck::cast_slice(colors),
            usage: wgpu::BufferUsages::STORAGE,
        });
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("tile grid"),
            layout: &self.grid_layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: uniform.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: colors.as_entire_binding(),
                },
            ],
        })
    }

    /// Adds coloured quads (terrain and its water, or a world) to a scene.
    pub fn upload_triangles(&self, device: &wgpu::Device, scene: &mut Scene, mesh: &TriMesh) {
        scene.set_quads(device, QuadLayer::Ground, &mesh.opaque);
        scene.tile_grid = mesh
            .tile_colors
            .as_ref()
            .map(|grid| self.tile_grid(device, grid));
        scene.set_quads(device, QuadLayer::OneSided, &mesh.one_sided);
        scene.set_quads(device, QuadLayer::Water, &mesh.translucent);
        // Two triangles a quad.
        scene.faces +=
            (mesh.opaque.len() + mesh.one_sided.len() + mesh.translucent.len()) as u64 / 2;
    }
}
