//! The common tile: plain ground or a ramp, one lit quad over its corners'
//! precomputed heights and colours. Most tiles of a map are this, so it
//! skips the general quad's sums that are known beforehand.

use super::super::tris::ColorVertex;
use super::lanes::LanedRgb;

/// The quad of a ground tile whose bottom-left corner is at map (`x0`,
/// `y0`) (map y runs south, so its top edge is at `y0 - 1`), with corner
/// heights `hs` and colours `c` in `tile_corners` order (bottom-left,
/// bottom-right, top-left, top-right); corners in order around it, lit as
/// [`super::quad`] lights it.
///
/// `x0` and `y0` must be whole numbers below 2^24, where adding one to them
/// is exact: its diagonals then run exactly (1, -1) and (-1, -1) across
/// the map, as the general quad would work them out.
#[inline(always)]
pub(super) fn ground_quad(x0: f32, y0: f32, hs: [f32; 4], c: [LanedRgb; 4]) -> [ColorVertex; 4] {
    let (x1, y1) = (x0 + 1.0, y0 - 1.0);
    let p = [
        [x0, y0, -hs[0]],
        [x1, y0, -hs[1]],
        [x1, y1, -hs[3]],
        [x0, y1, -hs[2]],
    ];
    let around = [c[0], c[1], c[3], c[2]];
    std::array::from_fn(|k| ColorVertex {
        position: p[k],
        color: around[k].rgba(),
    })
}

/// Whether [`ground_quad`] may draw the tiles of a `w` x `h` tilepoint
/// grid.
pub(super) fn ground_quad_fits(w: usize, h: usize) -> bool {
    const EXACT: usize = 1 << 24;
    w <= EXACT && h <= EXACT
}
