//! Where the Ace of Spades servers put a spawning player: a random column
//! of the team's area among those with land (solid just above the bottom
//! layer, which is the sea), any column of it where there is none; then
//! 2.4 above that column's top, in the middle of the column.

use super::solids::Solids;

/// The servers' spawn position in the area `[min, max)` (x, y), chosen by
/// `pick` (0..1, the servers' random number).
pub fn spawn_point(map: &Solids, min: [f32; 2], max: [f32; 2], pick: [f32; 2]) -> [f32; 3] {
    let d = map.dims()[2] as i32;
    let ([x1, x2], [y1, y2]) = corners(map, min, max);
    let land = land_columns(map, min, max);
    let choose = |lo: i32, hi: i32, r: f32| lo + ((hi - lo) as f32 * r) as i32;
    let (x, y) = if land.is_empty() {
        (choose(x1, x2, pick[0]), choose(y1, y2, pick[1]))
    } else {
        land[(choose(0, land.len() as i32, pick[0]) as usize).min(land.len() - 1)]
    };
    let top = map.top_from(x, y, 0).unwrap_or(d - 1);
    [
        x as f32 + 0.5,
        y as f32 + 0.5,
        top as f32 - super::walker::SPAWN_ABOVE,
    ]
}

/// The area's column ranges as the servers take them: they clamp the
/// corners to the last column, so the last row and column are never
/// chosen.
fn corners(map: &Solids, min: [f32; 2], max: [f32; 2]) -> ([i32; 2], [i32; 2]) {
    let [w, l, _] = map.dims().map(|v| v as i32);
    let clamp = |v: f32, n: i32| (v.floor() as i32).clamp(0, n - 1);
    (
        [clamp(min[0], w), clamp(max[0], w)],
        [clamp(min[1], l), clamp(max[1], l)],
    )
}

/// The area's columns with land (solid just above the bottom layer, the
/// sea), x-major as the servers list them.
fn land_columns(map: &Solids, min: [f32; 2], max: [f32; 2]) -> Vec<(i32, i32)> {
    let d = map.dims()[2] as i32;
    let ([x1, x2], [y1, y2]) = corners(map, min, max);
    (x1..x2)
        .flat_map(|x| (y1..y2).map(move |y| (x, y)))
        .filter(|&(x, y)| map.solid(x, y, d - 2))
        .collect()
}

/// Every column a player may spawn on in the area: those with land, all
/// of them where there is none.
pub fn spawn_columns(map: &Solids, min: [f32; 2], max: [f32; 2]) -> Vec<(i32, i32)> {
    let land = land_columns(map, min, max);
    if !land.is_empty() {
        return land;
    }
    let ([x1, x2], [y1, y2]) = corners(map, min, max);
    (x1..x2)
        .flat_map(|x| (y1..y2).map(move |y| (x, y)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spawns_on_land_where_the_area_has_some() {
        let mut map = Solids::flat(64, 64, 64, 63); // the sea's floor
        map.set_run(10, 20, 50, 64); // one island
        for pick in [[0.0, 0.0], [0.5, 0.9], [0.99, 0.99]] {
            let p = spawn_point(&map, [0.0, 0.0], [32.0, 32.0], pick);
            assert_eq!(p, [10.5, 20.5, 50.0 - 2.4]);
        }
        // No land: anywhere in the area, over the sea.
        let p = spawn_point(&map, [40.0, 40.0], [50.0, 50.0], [0.5, 0.5]);
        assert_eq!(p, [45.5, 45.5, 63.0 - 2.4]);
    }
}
