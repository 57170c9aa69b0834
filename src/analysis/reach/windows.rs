//! Columns' windows (32 voxels from a height, as `Solids::window` gives
//! them) for the kept shapes' keys, which ask for some ten windows a move
//! and a few million moves a map: on maps up to 64 deep each column's
//! windows at every height the search asks are one word, made once (from
//! `Solids::window` itself), and a window is that word shifted.

use crate::walk::Solids;

/// The lowest and highest first voxel of a window read from the words.
const FIRST: std::ops::RangeInclusive<i32> = -32..=64;

pub struct Windows<'a> {
    map: &'a Solids,
    width: u32,
    length: u32,
    /// Bit z + 32 is voxel z, for z from -32 to 95, a column each, row
    /// by row (empty where the map is deeper than 64).
    words: Vec<u128>,
}

impl<'a> Windows<'a> {
    pub fn of(map: &'a Solids) -> Windows<'a> {
        let [width, length, depth] = map.dims();
        let mut words = Vec::new();
        if depth <= 64 {
            words.reserve(width as usize * length as usize);
            for y in 0..length as i32 {
                for x in 0..width as i32 {
                    let part = |z: i32| map.window(x, y, z) as u128;
                    words.push(part(-32) | part(0) << 32 | part(32) << 64 | part(64) << 96);
                }
            }
        }
        Windows {
            map,
            width,
            length,
            words,
        }
    }

    /// Column (x, y)'s voxels from -32 to 95 as `Solids::window` sees
    /// them (bit z + 32: voxel z), on maps up to 64 deep, inside the map.
    pub fn word(&self, x: i32, y: i32) -> Option<u128> {
        let inside = x >= 0 && y >= 0 && (x as u32) < self.width && (y as u32) < self.length;
        (inside && !self.words.is_empty())
            .then(|| self.words[y as usize * self.width as usize + x as usize])
    }

    /// What `Solids::window(x, y, z0)` gives.
    #[inline]
    pub fn at(&self, x: i32, y: i32, z0: i32) -> u32 {
        let inside = x >= 0 && y >= 0 && (x as u32) < self.width && (y as u32) < self.length;
        if self.words.is_empty() || !inside || !FIRST.contains(&z0) {
            return self.map.window(x, y, z0);
        }
        let word = self.words[y as usize * self.width as usize + x as usize];
        (word >> (z0 + 32)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_is_what_solids_gives() {
        for depth in [64, 63, 80] {
            let mut map = Solids::empty(4, 3, depth);
            map.set_run(1, 1, 20, depth);
            map.set_run(2, 1, depth - 1, depth); // the bottom layer
            map.set_run(3, 2, 0, 3);
            let windows = Windows::of(&map);
            for y in -1..4 {
                for x in -1..5 {
                    for z0 in -40..depth as i32 + 10 {
                        let want = map.window(x, y, z0);
                        assert_eq!(windows.at(x, y, z0), want, "{depth} {x} {y} {z0}");
                    }
                }
            }
        }
    }
}
