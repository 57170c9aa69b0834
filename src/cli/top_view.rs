//! The map from straight above, as `mapscope thumbnail` draws it and as
//! `replay -o` and `replays -o` draw games over: on a GPU (or Mesa's
//! software rasterizer) `render`'s top view, else
//! [`mapscope::thumbnail::cpu_picture`].

use super::render::{draw, Look};
use anyhow::Result;
use mapscope::kinds::views::{self, View};
use mapscope::render::headless::Headless;
use mapscope::render::RenderOptions;
use mapscope::store::warcraft::Picture;
use mapscope::store::Map;
use mapscope::thumbnail;

/// Set to 1 to draw on the CPU even where a GPU could be had.
pub const CPU_ENV: &str = "MAPSCOPE_THUMBNAIL_CPU";

/// The largest `--size`: file managers ask for 128 to 1024.
pub const MAX_SIZE: u32 = 4096;

/// The map from straight above, `longest` pixels on its longer side: on a
/// GPU unless `cpu` (or [`CPU_ENV`]) says not or none can be had. Also
/// what `replay -o` and `replays -o` draw games over.
pub fn top_view(map: &Map, longest: u32, cpu: bool) -> Picture {
    let cpu = cpu || std::env::var(CPU_ENV).is_ok_and(|v| v == "1");
    let gpu = if cpu { None } else { Headless::new().ok() };
    // A GPU that fails to draw leaves the CPU picture, not no picture.
    gpu.and_then(|mut gpu| on_gpu(&mut gpu, map, longest).ok())
        .unwrap_or_else(|| thumbnail::cpu_picture(map, longest))
}

/// The top view drawn on `gpu`, framed on [`thumbnail::area`].
fn on_gpu(gpu: &mut Headless, map: &Map, longest: u32) -> Result<Picture> {
    let playable = mapscope::kinds::of(map).playable().is_some();
    let (w, l) = if playable {
        let [x0, y0, x1, y1] = thumbnail::area(map);
        (x1 - x0, y1 - y0)
    } else {
        let e = views::extent(map);
        (e.width, e.length)
    };
    let [width, height] = thumbnail::fit([w, l], longest);
    let look = Look {
        playable,
        ..Look::view(View::Top)
    };
    let options = RenderOptions {
        show_spawns: false,
        labels: false,
        ..Default::default()
    };
    let scene = views::top_scene(map, &gpu.renderer, &gpu.gpu.device, false);
    let rgba = draw(gpu, map, &scene, &look, [width, height], &options)?;
    Ok(Picture {
        width,
        height,
        rgba,
    })
}

/// A Warcraft III map from above to paint games on, and where world
/// positions fall in it (`replay -o`, `replays -o`, a replay's thumbnail).
pub fn game_picture(
    map: &Map,
    size: u32,
    cpu: bool,
) -> (Picture, mapscope::replays::picture::Frame) {
    let w = mapscope::kinds::replay_map(map).expect("a replay's map is a Warcraft III map");
    let picture = top_view(map, size, cpu);
    let frame = mapscope::replays::picture::Frame::playable(w, picture.width, picture.height);
    (picture, frame)
}
