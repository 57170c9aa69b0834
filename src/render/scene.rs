//! A map's data on the GPU: voxel chunks, and lists of coloured quads by
//! layer (terrain, water, tints, highlights, boxes), uploaded once by the
//! [`super::Renderer`] (`renderer/upload.rs`) and drawn every frame. A
//! scene answers what to draw of it from a camera through the
//! level-of-detail pickers (`lod`, `terrain_lod`, `object_cells`), which
//! know nothing of scenes.

use super::boxes::{self, Box3, BoxVertex};
use super::buffers::{GpuChunk, GpuQuads};
use super::camera::{box_in_frustum, Camera};
use super::lod::{self, Drawn, Levels};
use super::object_cells::Cell;
use super::terrain_lod::{self, Runs, TerrainLod};
use super::tile_grid::TileGrid;
use crate::mesh::cells::Marker;
use crate::mesh::ground_view::GroundOverlay;
use crate::mesh::objects::Group;
use wgpu::util::DeviceExt;

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
    /// What an analysis shows on the ground (where teams reach), over the
    /// tile tints, apart from them so either changes alone.
    Analysis,
    /// Walks on the ground (to the mines): drawn where seen, and fainter
    /// where trees or hills hide them, so that they read through forests.
    Routes,
    /// The element the inspector picked, outlined.
    Highlight,
    /// Spawn areas and markers, hidden with the spawns: seen from outside
    /// only (with [`Scene::set_boxes`]'s outlines seen from anywhere).
    Boxes,
}

impl QuadLayer {
    pub const ALL: [QuadLayer; 8] = [
        QuadLayer::Ground,
        QuadLayer::OneSided,
        QuadLayer::Water,
        QuadLayer::Overlay,
        QuadLayer::Analysis,
        QuadLayer::Routes,
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
            QuadLayer::Routes => "route quads",
            QuadLayer::Highlight => "highlight quads",
            QuadLayer::Boxes => "box quads",
        }
    }
}

/// One group of map objects on the GPU: instances of its shape, sorted
/// into cells of the map (see [`super::object_cells`]).
pub(super) struct GpuInstances {
    pub group: Group,
    pub buffer: wgpu::Buffer,
    pub cells: Vec<Cell>,
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
    pub(super) tile_grid: Option<TileGrid>,
    /// Coarser versions of the voxel chunks, for far parts of the map.
    pub(super) lod: Option<Levels>,
    /// The terrain quads' levels of detail, block by block.
    pub(super) terrain_lod: Option<TerrainLod>,
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

    /// The voxel chunks to draw inside the view (`planes` of `camera`'s):
    /// at full detail, or, with `share`, each part at the coarsest level
    /// whose voxels take at most that share of the view's height.
    pub(super) fn chunks_in_view(
        &self,
        planes: &[glam::Vec4; 6],
        camera: &Camera,
        share: Option<f32>,
    ) -> Vec<Drawn<'_>> {
        match &self.chunk_uniforms {
            Some((_, group)) => {
                let fine = (self.chunks.as_slice(), group);
                lod::pick(fine, self.lod.as_ref(), planes, camera, share)
            }
            None => Vec::new(),
        }
    }

    /// The water chunks inside the view, at full detail (water has no
    /// coarse levels).
    pub(super) fn water_in_view(&self, planes: &[glam::Vec4; 6]) -> Vec<Drawn<'_>> {
        match &self.chunk_uniforms {
            Some((_, group)) => self
                .water_chunks
                .iter()
                .filter(|c| box_in_frustum(planes, c.min, c.max))
                .map(|c| (c, group))
                .collect(),
            None => Vec::new(),
        }
    }

    /// The terrain's blocks in view, each at its level, where the terrain
    /// has levels and `share` is set.
    pub(super) fn terrain_in_view(
        &self,
        planes: &[glam::Vec4; 6],
        camera: &Camera,
        share: Option<f32>,
    ) -> Option<(&TerrainLod, Runs)> {
        let lod = self.terrain_lod.as_ref()?;
        Some((lod, terrain_lod::pick(lod, planes, camera, share?)))
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

    /// Replaces the ground-distance overlay (the default to clear): its
    /// tint painted by the terrain (a scene with no tile grid has no
    /// ground to paint it on), its walks as quads.
    pub fn set_ground_overlay(&mut self, device: &wgpu::Device, overlay: &GroundOverlay) {
        if let Some(grid) = &mut self.tile_grid {
            grid.set_tint(device, overlay.tint.as_ref());
        }
        self.set_quads(device, QuadLayer::Routes, &overlay.routes);
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
