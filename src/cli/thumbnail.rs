//! `mapscope thumbnail IN OUT.png --size N`: the freedesktop thumbnailer
//! (`%i %o --size %s`). The map from straight above, north up, the whole
//! map (a Warcraft III map's playable area, as `render --view top
//! --playable` frames it), `N` pixels on its longer side with the map's
//! aspect. Quiet on success; one line on stderr and status 1 for a file
//! it cannot read.
//!
//! On a GPU (or Mesa's software rasterizer) it is `render`'s top view.
//! Where none can be had, or with `--cpu` or `MAPSCOPE_THUMBNAIL_CPU=1`,
//! it is [`mapscope::thumbnail::cpu_picture`]: a Warcraft III map's own
//! minimap, other maps' top colours.

use anyhow::Result;
use mapscope::formats::LoadOptions;
use mapscope::render::headless;
use std::path::Path;

pub use super::top_view::{top_view, MAX_SIZE};

/// Writes the thumbnail of `input` to `output` (replacing it: file
/// managers hand a temporary name), `size` pixels on its longer side.
pub fn thumbnail(
    input: &Path,
    output: &Path,
    size: u32,
    cpu: bool,
    load: &LoadOptions,
) -> Result<()> {
    if mapscope::replays::is_replay_file(input) {
        return super::replay::thumbnail(input, output, size, cpu);
    }
    let map = super::open(input, load)?;
    let picture = top_view(&map, size, cpu);
    headless::write_png(output, &picture.rgba, picture.width, picture.height, true)
}
