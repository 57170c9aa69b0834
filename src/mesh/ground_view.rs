//! The ground-distance overlay as translucent quads lying on the ground: the
//! distance field from one start location tinted from cyan (near) through
//! yellow to magenta (far), and each start location's walks to its main
//! and natural gold mines as ribbons in its player's colour. Where the
//! ground lies is the caller's (a kind's) to say; nothing here knows a map.

use super::tris::ColorVertex;
use crate::analysis::routes::{GroundView, Route};

/// The tint's stops, near to far.
const RAMP: [[f32; 3]; 3] = [[0.1, 0.9, 1.0], [1.0, 0.95, 0.2], [0.95, 0.1, 0.55]];
const TINT_ALPHA: f32 = 0.55;
/// Quads at most: a 4v4 map's 768 x 768 cells are tinted 2 x 2 at a time,
/// so that the overlay stays a few MiB.
const MAX_QUADS: usize = 160_000;
/// Over the ground, in the view's units (a tile), z down: the tint just
/// above the pathing tints, the walks above the tint.
const TINT_LIFT: f32 = 0.08;
const ROUTE_LIFT: f32 = 0.12;

/// The tint of distance `d` (world units) on a legend spanning `range`.
pub fn distance_tint(d: f32, [lo, hi]: [f32; 2]) -> [f32; 3] {
    let f = if hi > lo {
        ((d - lo) / (hi - lo)).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (i, t) = if f < 0.5 {
        (0, f * 2.0)
    } else {
        (1, f * 2.0 - 1.0)
    };
    std::array::from_fn(|c| RAMP[i][c] + (RAMP[i + 1][c] - RAMP[i][c]) * t)
}

/// The legend's marks: `n` distances evenly over a field's `range`
/// ([`GroundView::range`]), in whole world units, with their tints.
pub fn legend(range: [f32; 2], n: usize) -> Vec<(f32, [f32; 3])> {
    let [lo, hi] = range;
    (0..n.max(2))
        .map(|i| {
            let d = lo + (hi - lo) * i as f32 / (n.max(2) - 1) as f32;
            (d.round(), distance_tint(d, range))
        })
        .collect()
}

/// A walk's colour: its player's for the main mine, paler for the natural.
pub fn route_color(r: &Route) -> [f32; 3] {
    let c = super::player_colors::player_color(r.player.saturating_sub(1) as usize)
        .map_or([1.0; 3], |c| c.map(|c| c as f32 / 255.0));
    if r.natural {
        c.map(|c| 0.5 + c / 2.0)
    } else {
        c
    }
}

/// The overlay's quads (4 vertices each). `place` puts a world point (game
/// units) on the ground in the view's coordinates (z down); `half_width`
/// is a walk's half width in world units.
pub fn mesh(
    view: &GroundView,
    half_width: f32,
    place: impl Fn([f32; 2]) -> [f32; 3],
) -> Vec<ColorVertex> {
    let mut out = tints(view, &place);
    for r in &view.routes {
        ribbon(view, r, half_width, &place, &mut out);
    }
    out
}

/// The field tinted a block of cells at a time (the nearest cell of each
/// block gives its colour); blocks no cell of which is reached stay bare.
fn tints(view: &GroundView, place: &impl Fn([f32; 2]) -> [f32; 3]) -> Vec<ColorVertex> {
    let g = &view.grid;
    let cells = g.walkable.len();
    let step = ((cells as f32 / MAX_QUADS as f32).sqrt().ceil() as u32).max(1);
    let mut out = Vec::new();
    for by in (0..g.height).step_by(step as usize) {
        for bx in (0..g.width).step_by(step as usize) {
            let (x1, y1) = ((bx + step).min(g.width), (by + step).min(g.height));
            let near = (by..y1)
                .flat_map(|y| (bx..x1).map(move |x| (x, y)))
                .filter_map(|c| g.at(&view.field, c))
                .fold(f32::INFINITY, f32::min);
            if !near.is_finite() {
                continue;
            }
            let [r, gr, b] = distance_tint(near, view.range);
            let corner = |x: u32, y: u32| {
                [
                    g.origin[0] + x as f32 * g.cell,
                    g.origin[1] + y as f32 * g.cell,
                ]
            };
            let mid = place([
                (corner(bx, by)[0] + corner(x1, y1)[0]) / 2.0,
                (corner(bx, by)[1] + corner(x1, y1)[1]) / 2.0,
            ]);
            // Flat at the block's middle, as the pathing tints: a corner on
            // a cliff's top would tilt it into a wall.
            let z = mid[2] - TINT_LIFT;
            for (x, y) in [(bx, by), (x1, by), (x1, y1), (bx, y1)] {
                let p = place(corner(x, y));
                out.push(ColorVertex::new([p[0], p[1], z], [r, gr, b, TINT_ALPHA]));
            }
        }
    }
    out
}

/// A walk as quads from cell centre to cell centre, each stretched by the
/// half width at both ends so that turns leave no gaps.
fn ribbon(
    view: &GroundView,
    r: &Route,
    half_width: f32,
    place: &impl Fn([f32; 2]) -> [f32; 3],
    out: &mut Vec<ColorVertex>,
) {
    let g = &view.grid;
    // Plain arrays, not glam: the library builds without the GUI's crates.
    let centre = |(x, y): (u32, u32)| {
        [
            g.origin[0] + (x as f32 + 0.5) * g.cell,
            g.origin[1] + (y as f32 + 0.5) * g.cell,
        ]
    };
    let [cr, cg, cb] = route_color(r);
    let half = if r.natural {
        half_width * 0.7
    } else {
        half_width
    };
    for w in r.cells.windows(2) {
        let (a, b) = (centre(w[0]), centre(w[1]));
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let length = (dx * dx + dy * dy).sqrt();
        let k = if length > 0.0 { half / length } else { 0.0 };
        let along = [dx * k, dy * k];
        let side = [-along[1], along[0]];
        let (a, b) = (
            [a[0] - along[0], a[1] - along[1]],
            [b[0] + along[0], b[1] + along[1]],
        );
        let plus = |p: [f32; 2]| [p[0] + side[0], p[1] + side[1]];
        let minus = |p: [f32; 2]| [p[0] - side[0], p[1] - side[1]];
        for p in [plus(a), plus(b), minus(b), minus(a)] {
            let [x, y, z] = place(p);
            out.push(ColorVertex::new([x, y, z - ROUTE_LIFT], [cr, cg, cb, 0.95]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{GroundMap, Start, WalkGrid};

    #[test]
    fn the_legend_spans_the_fields_range_near_to_far() {
        let map = GroundMap {
            grid: WalkGrid {
                width: 10,
                height: 4,
                walkable: vec![true; 40],
                origin: [0.0, 0.0],
                cell: 32.0,
            },
            starts: vec![Start {
                player: 1,
                forces: vec![],
                at: [16.0, 16.0],
            }],
            mines: vec![[304.0, 16.0]],
        };
        let view = GroundView::new(&map, 1).unwrap();
        let marks = legend(view.range, 5);
        assert_eq!(marks.first().unwrap().0, 0.0);
        // The far corner: 3 diagonal steps and 6 straight ones.
        let far = (3.0 * 2f32.sqrt() * 32.0 + 6.0 * 32.0).round();
        assert_eq!(marks.last().unwrap().0, far);
        let close = |a: [f32; 3], b: [f32; 3]| a.iter().zip(b).all(|(a, b)| (a - b).abs() < 1e-5);
        assert!(close(marks[0].1, RAMP[0]) && close(marks[4].1, RAMP[2]));
        assert!(!close(marks[2].1, RAMP[0]) && !close(marks[2].1, RAMP[2]));
        let quads = mesh(&view, 8.0, |[x, y]| [x, y, 0.0]);
        // 40 cells tinted one a quad, one walk of 9 steps.
        assert_eq!(quads.len(), 4 * (40 + 9));
    }
}
