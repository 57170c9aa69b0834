//! Rendering a map to a picture with no window: `mapscope render`, tests.

use super::{Camera, Gpu, Offscreen, RenderOptions, Renderer, Scene, COLOR_FORMAT};
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

    /// Draws `scene` from `camera` and returns RGBA rows, top first.
    pub fn picture(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        width: u32,
        height: u32,
        options: &RenderOptions,
    ) -> Result<Vec<u8>, super::limits::PictureError> {
        super::limits::check(&self.gpu.device.limits(), width, height)?;
        let target = Offscreen::new(&self.gpu.device, width, height);
        self.renderer.draw(
            &self.gpu.device,
            &self.gpu.queue,
            &target.target(),
            scene,
            camera,
            options,
        );
        let labels = match options.labels {
            true => super::labels::project(camera, width, height, &scene.markers),
            false => Vec::new(),
        };
        super::labels::paint_offscreen(
            &self.gpu.device,
            &self.gpu.queue,
            &target.color_view,
            COLOR_FORMAT,
            (width, height),
            (&labels, &scene.notes),
        );
        target.read_rgba(&self.gpu.device, &self.gpu.queue)
    }
}

/// Writes RGBA rows as a PNG; refuses to replace a file unless `force`.
pub fn write_png(path: &Path, rgba: &[u8], width: u32, height: u32, force: bool) -> Result<()> {
    let file = crate::output::create(path, force).with_context(|| {
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
