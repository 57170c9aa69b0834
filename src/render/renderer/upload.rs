//! Everything a scene gets onto the GPU, in one place: voxel chunks and
//! their uniforms, coloured quads and a terrain's tile grid, map objects,
//! and the levels of detail (coarse voxel chunks, terrain levels), which
//! the pickers (`lod`, `terrain_lod`) then keep and choose from.

use super::Renderer;
use crate::mesh::objects::ObjectInstances;
use crate::mesh::terrain::{TerrainLevels, TriMesh};
use crate::mesh::ChunkMesh;
use crate::render::boxes::Box3;
use crate::render::buffers::gpu_chunk;
use crate::render::lod::Levels;
use crate::render::object_cells;
use crate::render::scene::{GpuInstances, QuadLayer, Scene};
use crate::render::terrain_lod::{Level, TerrainLod};
use crate::render::tile_grid::TileGrid;
use glam::Vec3;
use wgpu::util::DeviceExt;

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

    /// The chunk uniforms `origins` (one `buffers::CHUNK_UNIFORM_STRIDE` a chunk)
    /// on the GPU, with their bind group.
    fn chunk_uniforms(
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
            let (sorted, cells) = object_cells::sort(*group, list);
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

    /// Adds coloured quads (terrain and its water, or a world) to a scene.
    pub fn upload_triangles(&self, device: &wgpu::Device, scene: &mut Scene, mesh: &TriMesh) {
        scene.set_quads(device, QuadLayer::Ground, &mesh.opaque);
        scene.tile_grid = mesh
            .tile_colors
            .as_ref()
            .map(|grid| TileGrid::new(device, &self.grid_layout, grid));
        scene.set_quads(device, QuadLayer::OneSided, &mesh.one_sided);
        scene.set_quads(device, QuadLayer::Water, &mesh.translucent);
        // Two triangles a quad.
        scene.faces +=
            (mesh.opaque.len() + mesh.one_sided.len() + mesh.translucent.len()) as u64 / 2;
    }

    /// Adds a coarse level to `scene`'s voxel chunks: `meshes` whose voxels
    /// span `factor` full-detail voxels each (twice the level added last,
    /// 2 for the first), chunk `i` starting at full-detail column
    /// `origin(i)`, with bounds in full-detail coordinates; `side` is the
    /// full-detail columns a full-detail chunk spans.
    pub fn add_coarse_level(
        &self,
        device: &wgpu::Device,
        scene: &mut Scene,
        side: u32,
        factor: u32,
        meshes: &[ChunkMesh],
        origin: impl Fn(usize) -> [u32; 2],
    ) {
        let levels = scene
            .lod
            .get_or_insert_with(|| Levels::new(side, &scene.chunks));
        assert_eq!(factor, 2 << levels.coarse_levels(), "levels double");
        let mut origins = Vec::new();
        let mut chunks = Vec::new();
        let mut face_bytes = 0;
        for m in meshes.iter().filter(|m| !m.faces.is_empty()) {
            let slot = chunks.len() as u32;
            chunks.push(gpu_chunk(
                device,
                m,
                slot,
                origin(m.chunk),
                factor,
                &mut origins,
            ));
            face_bytes += std::mem::size_of_val(m.faces.as_slice()) as u64;
        }
        if chunks.is_empty() {
            return;
        }
        let uniforms = self.chunk_uniforms(device, &origins);
        levels.push(&scene.chunks, factor, chunks, uniforms, face_bytes);
    }

    /// Adds a terrain's levels of detail ([`crate::mesh::terrain::terrain_levels`])
    /// to `scene`, for [`crate::render::RenderOptions::lod`] to draw its far
    /// blocks coarser.
    pub fn add_terrain_levels(
        &self,
        device: &wgpu::Device,
        scene: &mut Scene,
        levels: &TerrainLevels,
    ) {
        let mut gpu = Vec::new();
        for l in &levels.levels {
            let lists =
                [&l.opaque, &l.water].map(|v| scene.quads_buffer(device, "terrain level", v));
            gpu.push(Level {
                step: l.step as f32,
                lists,
                blocks: l.blocks.clone(),
            });
        }
        let bounds = levels
            .bounds
            .iter()
            .map(|&(lo, hi)| (Vec3::from(lo), Vec3::from(hi)))
            .collect();
        scene.terrain_lod = Some(TerrainLod::new(bounds, gpu));
    }
}
