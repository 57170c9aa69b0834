//! Where each team can go, as translucent quads lying on each column's top
//! floor (a voxel map's view coordinates: x, y columns, z down): what only
//! one team reaches in its colour, what no team reaches in red, traps in
//! magenta; what every team reaches stays bare. A row's neighbouring
//! columns of one sort at one height make one quad.

use super::tris::ColorVertex;

/// The tints: team 1 (blue), team 2 (green), no team, a trap.
pub const TINTS: [[f32; 3]; 4] = [
    [0.25, 0.45, 1.0],
    [0.2, 0.85, 0.3],
    [0.95, 0.15, 0.15],
    [1.0, 0.2, 0.95],
];
/// What each tint means, for the legend.
pub const MEANINGS: [&str; 4] = [
    "only team 1 reaches",
    "only team 2 reaches",
    "no team reaches",
    "trap: reached, no way back to the spawn",
];
const ALPHA: f32 = 0.6;
/// Above the floor (z down): enough that depth precision at a whole map's
/// distance keeps it in front of the floor.
const LIFT: f32 = 0.2;
/// [`crate::analysis::reach::TRAP`].
const TRAP: u8 = 0x80;

/// The sort of column `bits` (teams reaching it, bit k for team k; the
/// trap bit): an index into [`TINTS`], `None` for bare.
fn sort(bits: u8, teams: usize) -> Option<usize> {
    if bits & TRAP != 0 {
        return Some(3);
    }
    let reached = (bits & !TRAP).count_ones() as usize;
    match reached {
        0 => Some(2),
        1 if teams > 1 => Some((bits & !TRAP).trailing_zeros() as usize % 2),
        _ => None,
    }
}

/// The quads (4 vertices each) for columns `floors` (row by row, `width` a
/// row; `u16::MAX`: nowhere to stand) reached by `reached_by`.
pub fn mesh(width: u32, floors: &[u16], reached_by: &[u8], teams: usize) -> Vec<ColorVertex> {
    let mut out = Vec::new();
    let w = width as usize;
    for (y, row) in floors.chunks(w.max(1)).enumerate() {
        let mut x = 0;
        while x < row.len() {
            let c = y * w + x;
            let kind = (row[x] != u16::MAX)
                .then(|| sort(reached_by[c], teams))
                .flatten();
            let mut end = x + 1;
            while end < row.len()
                && row[end] == row[x]
                && (row[end] != u16::MAX)
                    .then(|| sort(reached_by[y * w + end], teams))
                    .flatten()
                    == kind
            {
                end += 1;
            }
            if let Some(k) = kind {
                let [r, g, b] = TINTS[k];
                let z = row[x] as f32 - LIFT;
                let (x0, x1, y0, y1) = (x as f32, end as f32, y as f32, y as f32 + 1.0);
                // Wound to face up (z down, y south).
                for (px, py) in [(x0, y0), (x0, y1), (x1, y1), (x1, y0)] {
                    out.push(ColorVertex::new([px, py, z], [r, g, b, ALPHA]));
                }
            }
            x = end;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_one_sort_make_one_quad_and_shared_ground_stays_bare() {
        // One row: blue only, blue only, both, nobody, a trap.
        let floors = [50, 50, 50, 40, 58];
        let reached = [1, 1, 3, 0, 3 | TRAP];
        let v = mesh(5, &floors, &reached, 2);
        assert_eq!(v.len(), 12, "three quads");
        assert_eq!(v[0].position, [0.0, 0.0, 50.0 - LIFT]);
        assert_eq!(v[2].position[0], 2.0, "the two blue columns in one quad");
        let red = v[4].color;
        assert!(red[0] > 200 && red[1] < 60, "no team: red {red:?}");
        let magenta = v[8].color;
        assert!(magenta[0] > 200 && magenta[2] > 200, "a trap: {magenta:?}");
    }
}
