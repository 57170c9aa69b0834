//! Cliff tiles, shaped as the game's cliff models are from above: marching
//! squares on the corner layers, one threshold a layer.
//!
//! Each corner's quarter of the tile is two triangles: the corner
//! triangle (the corner and its two edge midpoints) on the corner's own
//! layer, and the inner one (the two midpoints and the centre) on the
//! quarter's inner layer ([`inner_levels`]). Where the two differ, a wall
//! runs diagonally across the quarter; where the inner layers of two
//! quarters beside each other differ, a wall runs straight from the centre
//! to the edge between them. So a cliff's edge cuts a tile diagonally where
//! one corner (or three) stands apart, and straight through its centre
//! where two neighbours do. Walls are a quad a layer of drop, stacked, and
//! meet the vertical stacks of vertices at the edges' midpoints
//! ([`super::edges`]) exactly, so cliff tiles close against each other,
//! against ramps and against the ground.

use super::super::tris::Sink;
use super::colors::Palette;
use super::edges::{crossing, crossing_mid, level_mid, EDGES, MID_UV};
use super::{quad, UV};
use crate::store::terrain::Tilepoint;

/// Each corner's quarter: its two neighbours, each with the edge to it (by
/// [`EDGES`]).
const QUARTERS: [[(usize, usize); 2]; 4] = [
    [(1, 0), (2, 2)],
    [(0, 0), (3, 3)],
    [(3, 1), (0, 2)],
    [(2, 1), (1, 3)],
];

/// The layer of each quarter's inner triangle, for corner layers `l` in
/// `tile_corners` order: marching squares at every layer threshold, with
/// a saddle (two opposite corners above the threshold, two below) joined
/// through the centre by its higher corners.
///
/// A quarter's inner triangle is at or above a threshold where its corner
/// and any other corner are, or where both its neighbours are. Along each
/// edge of the tile, the corner, inner, inner and corner layers are then
/// in order (rising or falling), so the walls inside the tile meet the
/// stack of vertices at the edge's midpoint one layer at a time.
#[inline]
pub(super) fn inner_levels(l: [u8; 4]) -> [u8; 4] {
    std::array::from_fn(|i| {
        let [(j, _), (k, _)] = QUARTERS[i];
        let o = 3 - i;
        let others = l[j].max(l[k]).max(l[o]);
        l[i].min(others).max(l[j].min(l[k]))
    })
}

/// Quads a cliff tile of corner layers `l` draws (see [`cliff_tile`]).
#[inline]
pub(super) fn cliff_quads(l: [u8; 4]) -> u8 {
    let inner = inner_levels(l);
    let quarters: u8 = (0..4)
        .map(|i| match l[i].abs_diff(inner[i]) {
            0 => 1,
            d => 2 + d,
        })
        .sum();
    let spokes: u8 = EDGES
        .iter()
        .map(|&(a, b)| inner[a].abs_diff(inner[b]))
        .sum();
    quarters + spokes
}

/// A cliff tile of `corners` (in `tile_corners` order) with surface
/// heights `hs` (ramp lifts included), the tile's corner (u, v) at
/// `at(u, v, height)`: tops in their corner's cliff colour, walls in the
/// higher side's wall colour, as many quads as [`cliff_quads`] counts.
/// Returns the lowest and highest height drawn.
#[inline]
pub(super) fn cliff_tile<S: Sink>(
    sink: &mut S,
    pal: &Palette,
    corners: [&Tilepoint; 4],
    hs: [f32; 4],
    at: impl Fn(f32, f32, f32) -> [f32; 3],
) -> (f32, f32) {
    let l = corners.map(|c| c.layer_height());
    let inner = inner_levels(l);
    // The ground under each corner's layer.
    let g: [f32; 4] = std::array::from_fn(|k| hs[k] - l[k] as f32);
    let gc = (g[0] + g[1] + g[2] + g[3]) * 0.25;
    let crosses = EDGES.map(|(a, b)| crossing(corners[a], corners[b]));
    let mid = |e: usize, t: u8| {
        let (a, b) = EDGES[e];
        let h = if crosses[e] {
            crossing_mid(g[a], g[b], t as f32)
        } else {
            level_mid(hs[a], hs[b])
        };
        at(MID_UV[e].0, MID_UV[e].1, h)
    };
    let centre = |t: u8| at(0.5, 0.5, gc + t as f32);
    // A corner on layer `t`, `i` first: inner layers are corner layers.
    let on = |t: u8, i: usize| {
        let [(j, _), (k, _)] = QUARTERS[i];
        [i, j, k, 3 - i]
            .into_iter()
            .find(|&c| l[c] == t)
            .unwrap_or(i)
    };
    let (mut lo, mut hi) = (f32::MAX, f32::MIN);
    let mut emit = |p: [[f32; 3]; 4], c: [u8; 3]| {
        for q in &p {
            (lo, hi) = (lo.min(-q[2]), hi.max(-q[2]));
        }
        quad(sink, p, [c; 4]);
    };
    // Walls between the vertex stacks `a(t)` and `b(t)` from layer `x` to
    // layer `y`, coloured below corner `c`.
    let walls = |emit: &mut dyn FnMut([[f32; 3]; 4], [u8; 3]),
                 a: &dyn Fn(u8) -> [f32; 3],
                 b: &dyn Fn(u8) -> [f32; 3],
                 x: u8,
                 y: u8,
                 c: usize| {
        let color = pal.cliff_wall(corners[c]);
        for t in x.min(y)..x.max(y) {
            emit([a(t), b(t), b(t + 1), a(t + 1)], color);
        }
    };
    for i in 0..4 {
        let [(_, e1), (_, e2)] = QUARTERS[i];
        let (li, ii) = (l[i], inner[i]);
        let corner = at(UV[i][0], UV[i][1], hs[i]);
        let top = pal.cliff_top(corners[i]);
        if li == ii {
            emit([corner, mid(e1, li), centre(li), mid(e2, li)], top);
            continue;
        }
        let (m1, m2) = (mid(e1, li), mid(e2, li));
        emit([corner, m1, m2, m2], top);
        let (m1, m2) = (mid(e1, ii), mid(e2, ii));
        emit([m1, centre(ii), m2, m2], pal.cliff_top(corners[on(ii, i)]));
        let high = if li > ii { i } else { on(ii, i) };
        walls(&mut emit, &|t| mid(e1, t), &|t| mid(e2, t), li, ii, high);
    }
    for (e, &(a, b)) in EDGES.iter().enumerate() {
        let (ia, ib) = (inner[a], inner[b]);
        if ia != ib {
            let high = if ia > ib { on(ia, a) } else { on(ib, b) };
            walls(&mut emit, &centre, &|t| mid(e, t), ia, ib, high);
        }
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pattern of corner layers 0..=3.
    fn patterns() -> impl Iterator<Item = [u8; 4]> {
        (0..256u32).map(|n| std::array::from_fn(|k| (n >> (2 * k) & 3) as u8))
    }

    #[test]
    fn along_every_edge_the_layers_run_in_order() {
        for l in patterns() {
            let inner = inner_levels(l);
            for (a, b) in EDGES {
                let run = [l[a], inner[a], inner[b], l[b]];
                let rising = run.windows(2).all(|w| w[0] <= w[1]);
                let falling = run.windows(2).all(|w| w[0] >= w[1]);
                assert!(rising || falling, "{l:?}: {run:?} along {a}-{b}");
            }
        }
    }

    #[test]
    fn one_corner_apart_cuts_its_quarter_and_two_cut_through_the_centre() {
        // Bottom-left up: a diagonal across its quarter, the rest level.
        assert_eq!(inner_levels([1, 0, 0, 0]), [0; 4]);
        // Three up: the fourth corner's quarter cut diagonally.
        assert_eq!(inner_levels([0, 1, 1, 1]), [1; 4]);
        // The bottom edge up: a straight cut through the centre.
        assert_eq!(inner_levels([1, 1, 0, 0]), [1, 1, 0, 0]);
        // A saddle: the higher corners joined through the centre.
        assert_eq!(inner_levels([1, 0, 0, 1]), [1; 4]);
        assert_eq!(cliff_quads([1, 0, 0, 0]), 3 + 3);
        assert_eq!(cliff_quads([1, 1, 0, 0]), 4 + 2);
        assert_eq!(cliff_quads([2, 0, 0, 0]), 4 + 3);
    }
}
