//! Side-by-side pictures (the game's minimap | the minimap view) for
//! looking at where the colours differ.

use mapscope::store::warcraft::Picture;
use std::path::Path;

/// How many times larger than the minimap each side is drawn.
const ZOOM: u32 = 2;
/// Grey pixels between the two sides.
const GAP: u32 = 8;

/// Writes `game` and `ours` (the same size) side by side, each `ZOOM`
/// times larger, to `path`.
pub fn side_by_side(path: &Path, game: &Picture, ours: &Picture) {
    let (w, h) = (game.width * ZOOM, game.height * ZOOM);
    let width = 2 * w + GAP;
    let mut rgba = vec![128u8; (width * h * 4) as usize];
    for (side, picture) in [game, ours].into_iter().enumerate() {
        let x0 = side as u32 * (w + GAP);
        for y in 0..h {
            for x in 0..w {
                let from = 4 * ((y / ZOOM) * picture.width + x / ZOOM) as usize;
                let to = 4 * (y * width + x0 + x) as usize;
                rgba[to..to + 3].copy_from_slice(&picture.rgba[from..from + 3]);
                rgba[to + 3] = 255;
            }
        }
    }
    mapscope::render::headless::write_png(path, &rgba, width, h, true).expect("the picture");
}
