//! Cliff tiles: no game models here, so each corner's quarter of the tile
//! sits at that corner's layer, and vertical walls stand on the tile's
//! midlines between quarters on different layers.

use super::super::tris::Sink;
use super::colors::Palette;
use super::tiles::WALLS;
use super::{quad, UV};
use crate::store::terrain::Tilepoint;

/// Where a cliff tile's wall between two corners stands, as the (u, v) of
/// its ends, by [`WALLS`] pair.
const WALL_ENDS: [((f32, f32), (f32, f32)); 4] = [
    ((0.5, 0.0), (0.5, 0.5)),
    ((0.5, 0.5), (0.5, 1.0)),
    ((0.0, 0.5), (0.5, 0.5)),
    ((0.5, 0.5), (1.0, 0.5)),
];

/// A cliff tile: each corner's quarter at its own layer, in its cliff's
/// colour, and walls on the midlines between quarters on different layers
/// (as many as [`super::tiles::Tile::opaque_quads`] counts). Heights
/// follow the ground bilinearly, so quarters meet their neighbours without
/// cracks. Returns the lowest and highest height drawn.
#[inline]
pub(super) fn cliff_tile<S: Sink>(
    sink: &mut S,
    pal: &Palette,
    corners: [&Tilepoint; 4],
    at: impl Fn(f32, f32, f32) -> [f32; 3],
) -> (f32, f32) {
    let ground = corners.map(|c| c.ground_height());
    let g = |u: f32, v: f32| {
        let bottom = ground[0] + (ground[1] - ground[0]) * u;
        let top = ground[2] + (ground[3] - ground[2]) * u;
        bottom + (top - bottom) * v
    };
    let layer = corners.map(|c| c.layer_height() as f32 - 2.0);
    // Walls span the quarters' heights, so the quarters give the range.
    let (mut lo, mut hi) = (f32::MAX, f32::MIN);
    for (i, uv) in UV.iter().enumerate() {
        let (u0, v0) = (uv[0] * 0.5, uv[1] * 0.5);
        let quarter = [
            (u0, v0),
            (u0 + 0.5, v0),
            (u0 + 0.5, v0 + 0.5),
            (u0, v0 + 0.5),
        ];
        let p = quarter.map(|(u, v)| at(u, v, g(u, v) + layer[i]));
        for q in &p {
            (lo, hi) = (lo.min(-q[2]), hi.max(-q[2]));
        }
        quad(sink, p, [pal.cliff_top(corners[i]); 4], 1.0, true);
    }
    for (&(a, b), &((u0, v0), (u1, v1))) in WALLS.iter().zip(&WALL_ENDS) {
        if layer[a] == layer[b] {
            continue;
        }
        let (g0, g1) = (g(u0, v0), g(u1, v1));
        let p = [
            at(u0, v0, g0 + layer[a]),
            at(u1, v1, g1 + layer[a]),
            at(u1, v1, g1 + layer[b]),
            at(u0, v0, g0 + layer[b]),
        ];
        let high = if layer[a] > layer[b] { a } else { b };
        quad(sink, p, [pal.cliff_wall(corners[high]); 4], 1.0, true);
    }
    (lo, hi)
}
