//! A tile's edges and their midpoints, shared by the two tiles on either
//! side of each edge: both work out a midpoint's height with the same
//! function of the same two tilepoints, so they meet at bitwise the same
//! vertices and the terrain has no cracks.
//!
//! On an edge whose two corners are on different layers, and not both
//! ramp-flagged, a cliff wall crosses the edge at its midpoint: the
//! midpoint is a vertical stack of vertices, one a layer, from the lower
//! corner's layer to the higher's. On any other edge it is one vertex
//! halfway between the corners.

use crate::store::terrain::Tilepoint;

/// A tile's edges as pairs of corners in `tile_corners` order (0
/// bottom-left, 1 bottom-right, 2 top-left, 3 top-right): bottom, top,
/// left, right. [`super::tiles::Tile::mids`] has a bit each in this order.
pub(super) const EDGES: [(usize, usize); 4] = [(0, 1), (2, 3), (0, 2), (1, 3)];

/// The (u, v) of each edge's midpoint in the tile, by [`EDGES`].
pub(super) const MID_UV: [(f32, f32); 4] = [(0.5, 0.0), (0.5, 1.0), (0.0, 0.5), (1.0, 0.5)];

/// Whether a wall crosses the edge between tilepoints `a` and `b`.
#[inline(always)]
pub(super) fn crossing(a: &Tilepoint, b: &Tilepoint) -> bool {
    a.layer_height() != b.layer_height() && !(a.ramp() && b.ramp())
}

/// The height of the midpoint of an edge no wall crosses, between corners
/// of surface heights `sa` and `sb`.
#[inline(always)]
pub(super) fn level_mid(sa: f32, sb: f32) -> f32 {
    (sa + sb) * 0.5
}

/// The height on layer `t` of the midpoint of an edge a wall crosses,
/// between corners whose ground (surface height less layer) is `ga` and
/// `gb`.
#[inline(always)]
pub(super) fn crossing_mid(ga: f32, gb: f32, t: f32) -> f32 {
    (ga + gb) * 0.5 + t
}
