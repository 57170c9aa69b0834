//! Ground tiles. The common one is plain ground away from cliffs and ramps:
//! one quad over its corners' precomputed heights and colours. Most
//! tiles of a map are this, so it skips the general quad's sums that are
//! known beforehand. Ramps, and ground beside a cliff or a ramp, are fans
//! that take in the midpoints of their edges.

use super::super::tris::{ColorVertex, Sink, OPAQUE};
use super::edges::{level_mid, EDGES, MID_UV};
use super::lanes::LanedRgb;
use super::tiles::fan_quads;
use super::UV;

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

/// A ground or ramp tile with midpoints on some edges (`mids`, a bit each
/// in [`EDGES`] order), so that it meets the cliff and ramp tiles beside it
/// at the same vertices: a fan of triangles from its centre over its
/// corners and midpoints, two triangles a quad, as many as
/// [`super::tiles::fan_quads`] counts. Heights `hs` and colours `c` by
/// corner in `tile_corners` order, the tile's corner (u, v) at `at(u, v,
/// height)`; ground vertices ([`super::GROUND_ALPHA`]), painted from the
/// tile grid.
#[inline]
pub(super) fn fan_tile<S: Sink>(
    sink: &mut S,
    hs: [f32; 4],
    c: [LanedRgb; 4],
    mids: u8,
    at: impl Fn(f32, f32, f32) -> [f32; 3],
) {
    if !S::WRITES {
        for _ in 0..fan_quads(mids) {
            sink.quad(OPAQUE, [ColorVertex::default(); 4]);
        }
        return;
    }
    let vertex = |(u, v): (f32, f32), h: f32, c: LanedRgb| ColorVertex {
        position: at(u, v, h),
        color: c.rgba(),
    };
    let corner = |k: usize| vertex((UV[k][0], UV[k][1]), hs[k], c[k]);
    let mid = |e: usize| {
        let (a, b) = EDGES[e];
        vertex(
            MID_UV[e],
            level_mid(hs[a], hs[b]),
            LanedRgb::mean2(c[a], c[b]),
        )
    };
    // Around the tile: corners and midpoints counter-clockwise in (u, v).
    let mut ring = [ColorVertex::default(); 8];
    let mut n = 0;
    for (k, e) in [(0, 0), (1, 3), (3, 1), (2, 2)] {
        ring[n] = corner(k);
        n += 1;
        if mids & 1 << e != 0 {
            ring[n] = mid(e);
            n += 1;
        }
    }
    let centre = vertex(
        (0.5, 0.5),
        (hs[0] + hs[1] + hs[2] + hs[3]) * 0.25,
        LanedRgb::mean4(c),
    );
    for k in (0..n).step_by(2) {
        let next = ring[(k + 1) % n];
        sink.quad(OPAQUE, [centre, ring[k], next, ring[(k + 2).min(n) % n]]);
    }
}
