//! Every tilepoint's ground colour and final height, worked out once (a
//! tilepoint is a corner of up to four tiles) on all cores.

use super::colors::Palette;
use super::lanes::LanedRgb;
use super::tiles::{CornerOf, Tile};
use crate::store::terrain::Tilepoint;
use rayon::prelude::*;

/// Ground colours and heights by tilepoint. Corners of cliff tiles take
/// their cliff's ground colour; corners on the lowest layer of a ramp
/// entrance are lifted half a layer (see
/// [`crate::store::terrain::W3eTerrain::ramp_lift`]).
pub(super) fn corner_colors_and_heights(
    tp: &[Tilepoint],
    tiles: &[Tile],
    (w, h): (usize, usize),
    pal: &Palette,
) -> (Vec<LanedRgb>, Vec<f32>) {
    let mut colors = vec![LanedRgb::default(); w * h];
    let mut heights = vec![0f32; w * h];
    let tile_row = |ty: usize| &tiles[ty * (w - 1)..][..w - 1];
    colors
        .par_chunks_mut(w)
        .zip(heights.par_chunks_mut(w))
        .enumerate()
        .for_each(|(y, (colors, heights))| {
            let points = &tp[y * w..][..w];
            // The tile rows south and north of this tilepoint row (none
            // past the grid's edges).
            let south = if y > 0 { tile_row(y - 1) } else { &[] };
            let north = if y < h - 1 { tile_row(y) } else { &[] };
            for (x, ((p, color), height)) in points.iter().zip(colors).zip(heights).enumerate() {
                // West of x = 0 wraps to an index past the end: no tile.
                let west = x.wrapping_sub(1);
                let of =
                    CornerOf::tiles(south.get(west), south.get(x), north.get(west), north.get(x));
                *color = pal.ground(p, of.near_cliff);
                *height = p.final_height() + if of.lifted { 0.5 } else { 0.0 };
            }
        });
    (colors, heights)
}
