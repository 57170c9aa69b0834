//! `mapscope render`: a map drawn to a PNG with no window. `draw` is also
//! what `mapscope gallery` draws each picture with.

use anyhow::{bail, Result};
use mapscope::analysis::routes::GroundView;
use mapscope::formats::LoadOptions;
use mapscope::kinds::views::{self, View};
use mapscope::mesh::terrain::Overlays;
use mapscope::render::headless::{self, Headless};
use mapscope::render::{RenderOptions, Scene};
use mapscope::store::Map;
use std::path::Path;

/// Where to look from: a named view, or an explicit camera.
#[derive(Debug, Clone, Copy)]
pub struct Look {
    pub view: View,
    /// `--view top --playable`: the playable area, as the game's minimap.
    pub playable: bool,
    pub explicit: Option<[f32; 5]>,
    pub fov: f32,
}

impl Look {
    /// A named view with the default field of view.
    pub fn view(view: View) -> Look {
        Look {
            view,
            playable: false,
            explicit: None,
            fov: 60.0,
        }
    }
}

/// Draws `map`'s uploaded `scene` as `look` says into RGBA rows, top first.
pub fn draw(
    gpu: &mut Headless,
    map: &Map,
    scene: &Scene,
    look: &Look,
    [width, height]: [u32; 2],
    options: &RenderOptions,
) -> Result<Vec<u8>> {
    let aspect = width as f32 / height as f32;
    let camera = match (look.playable, look.view) {
        (true, View::Top) => views::playable_top(map, aspect),
        (true, _) => bail!("--playable frames the top view: add --view top"),
        _ => views::camera(map, look.view, look.explicit, aspect, look.fov),
    }
    .map_err(anyhow::Error::msg)?;
    let options = views::styled(map, look.view, options);
    Ok(gpu.picture(scene, &camera, width, height, &options)?)
}

/// Draws `file` from a named view (or an explicit camera) into `output`.
#[allow(clippy::too_many_arguments)]
pub fn render(
    file: &Path,
    output: &Path,
    size: [u32; 2],
    look: &Look,
    options: &RenderOptions,
    overlays: &Overlays,
    ground_distance: Option<u32>,
    force: bool,
    load: &LoadOptions,
) -> Result<()> {
    super::refuse_existing(output, force)?;
    let map = super::open(file, load)?;
    if look.playable && look.view != View::Top {
        bail!("--playable frames the top view: add --view top");
    }
    let mut gpu = Headless::new()?;
    let [width, height] = size;
    mapscope::render::limits::check(&gpu.gpu.device.limits(), width, height)?;
    // From straight above, a map's plan where its kind has one.
    let scene_of = if look.view == View::Top {
        views::top_scene
    } else {
        views::scene
    };
    let mut scene = scene_of(&map, &gpu.renderer, &gpu.gpu.device, options.show_spawns);
    views::apply_overlays(&map, &mut scene, &gpu.gpu.device, overlays);
    if let Some(player) = ground_distance {
        let view = ground_view(&map, player)?;
        scene.set_ground_overlay(&gpu.gpu.device, &views::ground_overlay(&map, &view));
        let [lo, hi] = view.range;
        println!(
            "ground distance from player {player}'s start location: {lo:.0} (cyan) to {hi:.0} game units (magenta); walks to each start's main mine in its player's colour, to its natural paler"
        );
    }
    let rgba = draw(&mut gpu, &map, &scene, look, size, options)?;
    headless::write_png(output, &rgba, width, height, force)?;
    println!(
        "wrote {} ({width}x{height}, {} faces, on {})",
        output.display(),
        scene.faces,
        gpu.gpu.describe()
    );
    Ok(())
}

/// The ground seen from `player`'s start location, or why there is none.
fn ground_view(map: &Map, player: u32) -> Result<GroundView> {
    let ground = mapscope::kinds::of(map)
        .ground_map()
        .map_err(anyhow::Error::msg)?;
    GroundView::new(&ground, player).map_err(anyhow::Error::msg)
}
