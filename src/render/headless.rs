//! Rendering a map to a picture with no window: `mapscope render`, tests.

use super::views::{self, View};
use super::{Camera, Gpu, Offscreen, RenderOptions, Renderer, Scene, COLOR_FORMAT};
use crate::mesh;
use crate::store::Map;
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
        let meshes = mesh::mesh_map(map);
        Ok(upload_map(
            &self.renderer,
            &self.gpu.device,
            map,
            &meshes,
            options.show_spawns,
        ))
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
        if options.labels {
            let labels = super::labels::project(camera, width, height, &scene.markers);
            super::labels::paint_offscreen(
                &self.gpu.device,
                &self.gpu.queue,
                &target.color_view,
                COLOR_FORMAT,
                (width, height),
                &labels,
            );
        }
        target.read_rgba(&self.gpu.device, &self.gpu.queue)
    }
}

/// Uploads a meshed map: voxel chunks, terrain triangles or an ALW world,
/// its spawn boxes (when shown) and markers. The window uses this too.
pub fn upload_map(
    renderer: &Renderer,
    device: &wgpu::Device,
    map: &Map,
    meshes: &mesh::MapMeshes,
    show_spawns: bool,
) -> Scene {
    let mut boxes = if show_spawns {
        views::spawn_boxes(map)
    } else {
        Vec::new()
    };
    if let Some(w) = &meshes.world {
        boxes.extend(w.markers.iter().map(|m| super::boxes::Box3 {
            min: m.min.into(),
            max: m.max.into(),
            color: m.color,
        }));
    }
    let origin = |i| match map.voxels() {
        Some(v) => {
            let c = v.chunk(i);
            [c.x0, c.y0]
        }
        None => [0, 0],
    };
    let mut scene = renderer.upload(device, &meshes.chunks, &meshes.water, origin, &boxes);
    if let Some(t) = &meshes.triangles {
        renderer.upload_triangles(device, &mut scene, t);
    }
    if let Some(w) = &meshes.world {
        renderer.upload_triangles(device, &mut scene, &w.into());
        scene.markers = w.markers.clone();
    }
    scene
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
