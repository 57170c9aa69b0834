//! `mapscope render`: a map drawn to a PNG with no window.

use anyhow::{bail, Result};
use mapscope::formats::{self, LoadOptions};
use mapscope::kinds::views::{self, View};
use mapscope::mesh::terrain::Overlays;
use mapscope::render::headless::{self, Headless};
use mapscope::render::RenderOptions;
use std::path::Path;

/// Draws `file` from a named view (or an explicit camera) into `output`.
#[allow(clippy::too_many_arguments)]
pub fn render(
    file: &Path,
    output: &Path,
    [width, height]: [u32; 2],
    view: View,
    playable: bool,
    explicit: Option<[f32; 5]>,
    fov: f32,
    options: &RenderOptions,
    overlays: &Overlays,
    force: bool,
    load: &LoadOptions,
) -> Result<()> {
    if output.exists() && !force {
        bail!("{} exists; add --force to replace it", output.display());
    }
    let map = formats::load_path(file, load)?;
    let aspect = width as f32 / height as f32;
    let camera = match (playable, view) {
        (true, View::Top) => views::playable_top(&map, aspect),
        (true, _) => bail!("--playable frames the top view: add --view top"),
        _ => views::camera(&map, view, explicit, aspect, fov),
    }
    .map_err(anyhow::Error::msg)?;
    let options = &views::styled(&map, view, options);
    let mut gpu = Headless::new()?;
    let mut scene = views::scene(&map, &gpu.renderer, &gpu.gpu.device, options.show_spawns);
    views::apply_overlays(&map, &mut scene, &gpu.gpu.device, overlays);
    let rgba = gpu.picture(&scene, &camera, width, height, options);
    headless::write_png(output, &rgba, width, height, force)?;
    println!(
        "wrote {} ({width}x{height}, {} faces, on {})",
        output.display(),
        scene.faces,
        gpu.gpu.describe()
    );
    Ok(())
}
