//! The places a player can stand: a floor voxel (one that blocks, as the
//! servers' `clipbox` decides) with three open voxels above it, room for a
//! standing player's box (2.7 voxels from the feet to the top of the head).
//! They are the nodes of the reachability search, numbered column by
//! column and, in a column, from the top down.

use super::windows::Windows;
use crate::walk::Solids;

/// Open voxels a standing player needs above its floor.
pub const HEADROOM: i32 = 3;

/// Every standing place of a map, by column.
pub struct Places {
    pub width: u32,
    pub length: u32,
    /// Where each column's places start in `floors` (one more than columns).
    starts: Vec<u32>,
    /// Each place's floor z (z down: a smaller z is higher).
    pub floors: Vec<u16>,
    /// Each place's column (row-major): asked for every place the search
    /// takes, where a search of `starts` missed the cache at every step.
    columns: Vec<u32>,
}

impl Places {
    pub fn of(map: &Solids, windows: &Windows) -> Places {
        let [width, length, depth] = map.dims();
        let mut starts = Vec::with_capacity(width as usize * length as usize + 1);
        let mut floors = Vec::new();
        let mut columns = Vec::new();
        for y in 0..length as i32 {
            for x in 0..width as i32 {
                starts.push(floors.len() as u32);
                match windows.word(x, y) {
                    // Bit z + 32 is voxel z (above the map open, below it
                    // blocking): a floor blocks under three open voxels.
                    Some(w) => {
                        let f = w & !(w << 1) & !(w << 2) & !(w << 3);
                        let mut f = (f >> 32) & ((1u128 << (depth + 1)) - 1);
                        while f != 0 {
                            floors.push(f.trailing_zeros() as u16);
                            f &= f - 1;
                        }
                    }
                    None => floors_by_voxel(map, x, y, &mut floors),
                }
                columns.resize(floors.len(), y as u32 * width + x as u32);
            }
        }
        starts.push(floors.len() as u32);
        Places {
            width,
            length,
            starts,
            floors,
            columns,
        }
    }

    pub fn len(&self) -> usize {
        self.floors.len()
    }

    pub fn is_empty(&self) -> bool {
        self.floors.is_empty()
    }

    /// The places of column (x, y): their numbers.
    pub fn column(&self, x: i32, y: i32) -> std::ops::Range<u32> {
        if x < 0 || y < 0 || x as u32 >= self.width || y as u32 >= self.length {
            return 0..0;
        }
        let c = y as usize * self.width as usize + x as usize;
        self.starts[c]..self.starts[c + 1]
    }

    /// The place of column (x, y) whose floor is `z`.
    pub fn at(&self, x: i32, y: i32, z: i32) -> Option<u32> {
        self.column(x, y)
            .find(|&i| self.floors[i as usize] as i32 == z)
    }

    /// The column's highest place: where a player dropped over it lands.
    pub fn top(&self, x: i32, y: i32) -> Option<u32> {
        let r = self.column(x, y);
        (!r.is_empty()).then_some(r.start)
    }

    /// Column (x, y) of place `i`.
    pub fn column_of(&self, i: u32) -> (i32, i32) {
        let c = self.columns[i as usize] as usize;
        (
            (c % self.width as usize) as i32,
            (c / self.width as usize) as i32,
        )
    }

    /// The place a player resting with its feet at `feet` stands on:
    /// the floor just below the feet, in the column under the player's
    /// middle, else under one of its box's corners (a player can stand on
    /// a ledge's edge with its middle over the drop).
    pub fn under(&self, p: [f32; 3], feet: f32) -> Option<u32> {
        let z = feet.floor() as i32 + 1;
        let (x, y) = (p[0].floor() as i32, p[1].floor() as i32);
        if let Some(i) = self.at(x, y, z) {
            return Some(i);
        }
        let corners = [[-0.45, -0.45], [0.45, -0.45], [-0.45, 0.45], [0.45, 0.45]];
        corners.iter().find_map(|[dx, dy]| {
            let (cx, cy) = ((p[0] + dx).floor() as i32, (p[1] + dy).floor() as i32);
            self.at(cx, cy, z)
        })
    }
}

/// Column (x, y)'s floors, voxel by voxel from the top (maps deeper than
/// a column's word of windows).
fn floors_by_voxel(map: &Solids, x: i32, y: i32, floors: &mut Vec<u16>) {
    let mut open = HEADROOM; // above the map is open
    for z in 0..=map.dims()[2] as i32 {
        if map.blocks(x, y, z) {
            if open >= HEADROOM {
                floors.push(z as u16);
            }
            open = 0;
        } else {
            open += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_need_three_open_voxels_and_the_sea_floor_counts() {
        let mut map = Solids::empty(2, 1, 64);
        map.set_run(0, 0, 40, 42); // a slab
        map.set_run(0, 0, 44, 64); // two open voxels under it: too low
        map.set_run(1, 0, 63, 64); // only the sea's floor: open to 64
        let p = Places::of(&map, &Windows::of(&map));
        assert_eq!(p.column(0, 0).len(), 1);
        assert_eq!(p.floors[p.top(0, 0).unwrap() as usize], 40);
        // The bottom layer is as open as 62 there: the floor is below it.
        assert_eq!(p.floors[p.top(1, 0).unwrap() as usize], 64);
        assert_eq!(p.column_of(p.top(1, 0).unwrap()), (1, 0));
    }

    #[test]
    fn floors_from_the_windows_are_floors_voxel_by_voxel() {
        for depth in [5, 63, 64] {
            let mut map = Solids::empty(6, 5, depth);
            for (k, (x, y)) in (0..6).flat_map(|x| (0..5).map(move |y| (x, y))).enumerate() {
                let k = k as u32;
                map.set_run(x, y, (k * 7) % depth, (k * 7) % depth + k % 4);
                map.set_run(x, y, (k * 13 + 3) % depth, depth - k % 2);
            }
            let p = Places::of(&map, &Windows::of(&map));
            for (x, y) in (0..6).flat_map(|x| (0..5).map(move |y| (x, y))) {
                let mut want = Vec::new();
                floors_by_voxel(&map, x, y, &mut want);
                let got: Vec<u16> = p.column(x, y).map(|i| p.floors[i as usize]).collect();
                assert_eq!(got, want, "depth {depth} column {x} {y}");
                assert!(p.column(x, y).all(|i| p.column_of(i) == (x, y)));
            }
        }
    }
}
