//! Rendering a map to a picture with no window: `mapscope render`, tests.

use super::views::{self, View};
use super::{Camera, Gpu, Offscreen, RenderOptions, Renderer, Scene, COLOR_FORMAT};
use crate::mesh::{self, MeshOptions};
use crate::store::{Content, Map};
use anyhow::{Context, Result};
use std::path::Path;

/// A GPU with the pipelines for offscreen pictures.
pub struct Headless {
    pub gpu: Gpu,
    pub renderer: Renderer,
}

impl Headless {
    pub fn new() -> Result<Headless> {
        let gpu = Gpu::headless()?;
        let renderer = Renderer::new(&gpu.device, COLOR_FORMAT);
        Ok(Headless { gpu, renderer })
    }

    /// Meshes and uploads a map.
    pub fn scene(&self, map: &Map, options: &RenderOptions) -> Result<Scene> {
        let boxes = if options.show_spawns {
            views::spawn_boxes(map)
        } else {
            Vec::new()
        };
        let device = &self.gpu.device;
        match &map.content {
            Content::Voxels(store) => {
                let meshes = mesh::mesh_all(store, &MeshOptions::default());
                let origin = |i| {
                    let c = store.chunk(i);
                    [c.x0, c.y0]
                };
                Ok(self.renderer.upload(device, &meshes, origin, &boxes))
            }
            Content::Terrain(t) => {
                let mut scene = self.renderer.upload(device, &[], |_| [0, 0], &boxes);
                self.renderer
                    .upload_triangles(device, &mut scene, &mesh::terrain::mesh_terrain(t));
                Ok(scene)
            }
            Content::Cells(world) => {
                let mesh = mesh::cells::mesh_world(world);
                let mut boxes = boxes;
                boxes.extend(mesh.markers.iter().map(|m| super::boxes::Box3 {
                    min: m.min.into(),
                    max: m.max.into(),
                    color: m.color,
                }));
                let mut scene = self.renderer.upload(device, &[], |_| [0, 0], &boxes);
                self.renderer
                    .upload_triangles(device, &mut scene, &(&mesh).into());
                Ok(scene)
            }
        }
    }

    /// Draws `scene` from `camera` and returns RGBA rows, top first.
    pub fn picture(
        &self,
        scene: &Scene,
        camera: &Camera,
        width: u32,
        height: u32,
        options: &RenderOptions,
    ) -> Vec<u8> {
        let target = Offscreen::new(&self.gpu.device, width, height);
        self.renderer.draw(
            &self.gpu.device,
            &self.gpu.queue,
            &target.target(),
            scene,
            camera,
            options,
        );
        target.read_rgba(&self.gpu.device, &self.gpu.queue)
    }
}

/// The camera for a named view, or an explicit one.
pub fn camera(
    map: &Map,
    view: View,
    explicit: Option<[f32; 5]>,
    aspect: f32,
    fov: f32,
) -> Result<Camera> {
    if let Some([x, y, z, yaw, pitch]) = explicit {
        return Ok(Camera::perspective(
            glam::Vec3::new(x, y, z),
            yaw,
            pitch,
            fov,
        ));
    }
    views::camera_for(map, view, aspect, fov).map_err(anyhow::Error::msg)
}

/// Writes RGBA rows as a PNG; refuses to replace a file unless `force`.
pub fn write_png(path: &Path, rgba: &[u8], width: u32, height: u32, force: bool) -> Result<()> {
    let file = if force {
        std::fs::File::create(path)
    } else {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
    }
    .with_context(|| {
        if !force && path.exists() {
            format!("{} exists; add --force to replace it", path.display())
        } else {
            format!("cannot write {}", path.display())
        }
    })?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(rgba)?;
    writer.finish()?;
    Ok(())
}
