//! Every tilepoint's ground colour and final height, worked out once (a
//! tilepoint is a corner of up to four tiles) on all cores.

use super::colors::Palette;
use super::lanes::LanedRgb;
use super::tiles::{lifted_by, Tile};
use crate::store::terrain::Tilepoint;
use rayon::prelude::*;

/// What the meshing passes read of each tilepoint, row by row.
pub(super) struct Corners {
    /// Ground colours: corners of cliff tiles take their cliff's ground
    /// colour.
    pub(super) colors: Vec<LanedRgb>,
    /// Ground heights: corners on the lowest layer of a ramp entrance are
    /// lifted half a layer (see
    /// [`crate::store::terrain::W3eTerrain::ramp_lift`]).
    pub(super) heights: Vec<f32>,
    /// Water surface heights, read twice for every wet tile (to count and
    /// to draw its water).
    pub(super) water_levels: Vec<f32>,
}

/// Every tilepoint's [`Corners`] entries.
pub(super) fn corners(
    tp: &[Tilepoint],
    tiles: &[Tile],
    (w, h): (usize, usize),
    pal: &Palette,
) -> Corners {
    let mut colors = vec![LanedRgb::default(); w * h];
    let mut heights = vec![0f32; w * h];
    let mut water_levels = vec![0f32; w * h];
    let tile_row = |ty: usize| &tiles[ty * (w - 1)..][..w - 1];
    colors
        .par_chunks_mut(w)
        .zip(heights.par_chunks_mut(w))
        .zip(water_levels.par_chunks_mut(w))
        .enumerate()
        .for_each(|(y, ((colors, heights), levels))| {
            let points = &tp[y * w..][..w];
            // The tile rows south and north of this tilepoint row (none
            // past the grid's edges).
            let south = if y > 0 { tile_row(y - 1) } else { &[] };
            let north = if y < h - 1 { tile_row(y) } else { &[] };
            let corners = points.iter().zip(colors).zip(heights).zip(levels);
            for (x, (((p, color), height), level)) in corners.enumerate() {
                // West of x = 0 wraps to an index past the end: no tile.
                let west = x.wrapping_sub(1);
                let lifted =
                    lifted_by(south.get(west), south.get(x), north.get(west), north.get(x));
                *color = pal.ground(p);
                *height = p.final_height() + if lifted { 0.5 } else { 0.0 };
                *level = p.water_level();
            }
        });
    Corners {
        colors,
        heights,
        water_levels,
    }
}
