//! The ground-distance overlay: the distance field from one start location
//! as a colour a pathing cell, cyan (near) through yellow to magenta (far),
//! which the terrain paints on its own surface (so it lies on the ground
//! from any view, with no quads of its own to step, seam or sink), and
//! each start location's walks to its main and natural gold mines as
//! ribbons in its player's colour. Where the ground lies is the caller's
//! (a kind's) to say; nothing here knows a map.

use super::tris::ColorVertex;
use crate::analysis::routes::{GroundView, Route};

/// The tint's stops, near to far.
const RAMP: [[f32; 3]; 3] = [[0.1, 0.9, 1.0], [1.0, 0.95, 0.2], [0.95, 0.1, 0.55]];
/// How much of the ground's own colour the tint covers.
const TINT_ALPHA: f32 = 0.55;
/// The walks over the ground, in the view's units (a tile), z down. The
/// renderer draws them over trees too (`QuadLayer::Routes`).
const ROUTE_LIFT: f32 = 0.12;

/// What the ground-distance overlay draws.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GroundOverlay {
    /// The field, painted by the terrain on its ground.
    pub tint: Option<GroundTint>,
    /// The walks: quads of 4 vertices lying on the ground.
    pub routes: Vec<ColorVertex>,
}

/// The distance field as one RGBA colour a pathing cell (alpha 0 where the
/// start does not reach), and where the cells lie in the view.
#[derive(Debug, Clone, PartialEq)]
pub struct GroundTint {
    pub width: u32,
    pub height: u32,
    /// Row by row from the grid's row 0, `width` a row.
    pub cells: Vec<[u8; 4]>,
    /// The view's (x, y) to the cell's (fractional) column and row: column
    /// `x * to_cell[0] + to_cell[1]`, row `y * to_cell[2] + to_cell[3]`.
    pub to_cell: [f32; 4],
}

impl GroundTint {
    /// The colour over view point (`x`, `y`); `None` off the grid or where
    /// the field does not reach.
    pub fn at(&self, x: f32, y: f32) -> Option<[u8; 4]> {
        let [a, b, c, d] = self.to_cell;
        let (cx, cy) = ((x * a + b).floor(), (y * c + d).floor());
        if cx < 0.0 || cy < 0.0 || cx >= self.width as f32 || cy >= self.height as f32 {
            return None;
        }
        let cell = self.cells[cy as usize * self.width as usize + cx as usize];
        (cell[3] > 0).then_some(cell)
    }
}

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

/// The overlay. `place` puts a world point (game units) on the ground in
/// the view's coordinates (z down); `to_view` is the view's (x, y) of a
/// world point as a pair of affine maps, x = `wx * a + b`, y = `wy * c +
/// d` for `[a, b, c, d]`; `half_width` is a walk's half width in world
/// units.
pub fn mesh(
    view: &GroundView,
    half_width: f32,
    place: impl Fn([f32; 2]) -> [f32; 3],
    to_view: [f32; 4],
) -> GroundOverlay {
    let mut routes = Vec::new();
    for r in &view.routes {
        ribbon(view, r, half_width, &place, &mut routes);
    }
    GroundOverlay {
        tint: Some(tint(view, to_view)),
        routes,
    }
}

/// The field a colour a cell, and the view-to-cell map: the inverse of
/// `to_view` followed by the grid's world-to-cell map.
fn tint(view: &GroundView, [a, b, c, d]: [f32; 4]) -> GroundTint {
    let g = &view.grid;
    let cells = view
        .field
        .iter()
        .map(|&f| match f.is_finite() {
            true => {
                let [r, gr, bl] = distance_tint(f, view.range).map(|v| (v * 255.0 + 0.5) as u8);
                [r, gr, bl, (TINT_ALPHA * 255.0 + 0.5) as u8]
            }
            false => [0; 4],
        })
        .collect();
    // wx = (x - b) / a; column = (wx - origin) / cell.
    let axis = |a: f32, b: f32, origin: f32| {
        let k = 1.0 / (a * g.cell);
        [k, (-b / a - origin) / g.cell]
    };
    let [ka, kb] = axis(a, b, g.origin[0]);
    let [kc, kd] = axis(c, d, g.origin[1]);
    GroundTint {
        width: g.width,
        height: g.height,
        cells,
        to_cell: [ka, kb, kc, kd],
    }
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
        // The view in tiles of 128, y running south from world y 512.
        let to_view = [1.0 / 128.0, 0.0, -1.0 / 128.0, 4.0];
        let place = |[x, y]: [f32; 2]| [x / 128.0, 4.0 - y / 128.0, 0.0];
        let overlay = mesh(&view, 8.0, place, to_view);
        // One walk of 9 steps.
        assert_eq!(overlay.routes.len(), 4 * 9);
        let tint = overlay.tint.unwrap();
        assert_eq!(tint.cells.len(), 40);
        // Every cell's centre, placed in the view, finds its own colour.
        for y in 0..4u32 {
            for x in 0..10u32 {
                let [vx, vy, _] = place([(x as f32 + 0.5) * 32.0, (y as f32 + 0.5) * 32.0]);
                let want = tint.cells[(y * 10 + x) as usize];
                assert_eq!(tint.at(vx, vy), Some(want), "cell ({x}, {y})");
            }
        }
        assert_eq!(tint.at(-0.1, 2.0), None, "off the grid");
        // Near cyan at the start's cell, far magenta at the far corner.
        assert!(tint.cells[0][2] > 200 && tint.cells[39][0] > 200);
    }
}
