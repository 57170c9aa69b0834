//! Which voxels a player collides with, as a dense bit grid: the servers
//! keep the map as one bit a voxel (pyspades' `MapData::geometry`), and the
//! physics asks it dozens of times a tick, so a column's slabs are turned
//! into bits once rather than walked on every question.

use crate::store::voxels::VoxelStore;

/// One bit a voxel, a column's bits in `words` consecutive u64 (bit `z % 64`
/// of word `z / 64`), columns in row-major order as the store keeps them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solids {
    width: u32,
    length: u32,
    depth: u32,
    words: usize,
    bits: Vec<u64>,
}

impl Solids {
    /// The store's filled voxels. VMF water counts as empty: a player wades
    /// through it as through the bottom layer of an AoS map.
    pub fn from_store(store: &VoxelStore) -> Solids {
        let [width, length, depth] = store.dims();
        let words = depth.div_ceil(64).max(1) as usize;
        let mut bits = vec![0u64; width as usize * length as usize * words];
        for y in 0..length {
            for x in 0..width {
                let i = (y as usize * width as usize + x as usize) * words;
                let column = store.column(x, y);
                let col = &mut bits[i..i + words];
                for s in column.slabs {
                    fill(col, s.top as u32, (s.bottom as u32).min(depth));
                }
                for m in column.materials.iter().filter(|m| m.water) {
                    clear(col, m.z0 as u32, (m.z1 as u32).min(depth));
                }
            }
        }
        Solids {
            width,
            length,
            depth,
            words,
            bits,
        }
    }

    /// A grid of the given size with nothing solid (for tests and builders).
    pub fn empty(width: u32, length: u32, depth: u32) -> Solids {
        let words = depth.div_ceil(64).max(1) as usize;
        Solids {
            width,
            length,
            depth,
            words,
            bits: vec![0; width as usize * length as usize * words],
        }
    }

    /// A `width` x `length` map `depth` deep, every column solid from
    /// `top` to the bottom: flat ground, for tests.
    #[cfg(test)]
    pub(crate) fn flat(width: u32, length: u32, depth: u32, top: u32) -> Solids {
        let mut map = Solids::empty(width, length, depth);
        for y in 0..length {
            for x in 0..width {
                map.set_run(x, y, top, depth);
            }
        }
        map
    }

    /// Fills `[z0, z1)` of column (x, y).
    pub fn set_run(&mut self, x: u32, y: u32, z0: u32, z1: u32) {
        let i = (y as usize * self.width as usize + x as usize) * self.words;
        fill(&mut self.bits[i..i + self.words], z0, z1.min(self.depth));
    }

    pub fn dims(&self) -> [u32; 3] {
        [self.width, self.length, self.depth]
    }

    /// Whether voxel (x, y, z) is solid; anything outside the grid is not.
    #[inline]
    pub fn solid(&self, x: i32, y: i32, z: i32) -> bool {
        if x < 0
            || y < 0
            || z < 0
            || x as u32 >= self.width
            || y as u32 >= self.length
            || z as u32 >= self.depth
        {
            return false;
        }
        let column = (y as usize * self.width as usize + x as usize) * self.words;
        let z = z as usize;
        self.bits[column + z / 64] >> (z % 64) & 1 == 1
    }

    /// The top solid z of column (x, y) at or below `from`, if any.
    pub fn top_from(&self, x: i32, y: i32, from: i32) -> Option<i32> {
        (from.max(0)..self.depth as i32).find(|&z| self.solid(x, y, z))
    }

    /// The floor a player stands on at column (x, y) near `z`: the top of
    /// the solid run `z` is in, else the first solid voxel below it.
    pub fn stand_z(&self, x: i32, y: i32, z: i32) -> Option<i32> {
        let mut z = z.clamp(0, self.depth as i32 - 1);
        if self.solid(x, y, z) {
            while z > 0 && self.solid(x, y, z - 1) {
                z -= 1;
            }
            return Some(z);
        }
        self.top_from(x, y, z)
    }

    /// Whether a point blocks a player's box, as the servers' `clipbox`
    /// decides: beyond the map's sides blocks, above the map does not, the
    /// bottom layer (the water of an AoS map) is as open as the layer above
    /// it, and below the map blocks. The servers hold 512 x 512 x 64; other
    /// maps use their own sides and depth the same way.
    #[inline]
    pub fn clip(&self, x: f32, y: f32, z: f32) -> bool {
        self.clip_column(x, y).clip(z)
    }

    /// The column a point at (x, y) is in, for asking [`Solids::clip`] at
    /// several heights: the physics tests a box's corner from the feet up.
    #[inline]
    pub fn clip_column(&self, x: f32, y: f32) -> ClipColumn<'_> {
        let bits = if x < 0.0 || x >= self.width as f32 || y < 0.0 || y >= self.length as f32 {
            None
        } else {
            // Inside the map: i32 is exact, and a cheaper cast than usize.
            let column = (y as i32 as usize * self.width as usize + x as i32 as usize) * self.words;
            Some(&self.bits[column..column + self.words])
        };
        ClipColumn {
            bits,
            bottom: self.depth as i32 - 1,
        }
    }
}

/// One column's bits as [`Solids::clip`] sees them (`None`: beyond the
/// map's sides, which block at every height).
#[derive(Debug, Clone, Copy)]
pub struct ClipColumn<'a> {
    bits: Option<&'a [u64]>,
    bottom: i32,
}

impl ClipColumn<'_> {
    /// Whether height `z` of this column blocks a player's box.
    #[inline]
    pub fn clip(&self, z: f32) -> bool {
        let Some(col) = self.bits else {
            return true;
        };
        if z < 0.0 {
            return false;
        }
        let mut sz = z as i32;
        if sz == self.bottom {
            sz = self.bottom - 1;
        } else if sz > self.bottom {
            return true;
        }
        // Only a one-voxel-deep map's "layer above the bottom" is above it.
        if sz < 0 {
            return false;
        }
        let sz = sz as usize;
        col[sz / 64] >> (sz % 64) & 1 == 1
    }
}

impl Solids {
    /// Whether voxel (x, y, z) blocks a player, as [`Solids::clip`] decides
    /// for any point inside it: the map's sides block, above it is open,
    /// the bottom layer is as the one above it, below the map blocks.
    #[inline]
    pub fn blocks(&self, x: i32, y: i32, z: i32) -> bool {
        if x < 0 || y < 0 || x as u32 >= self.width || y as u32 >= self.length {
            return true;
        }
        let bottom = self.depth as i32 - 1;
        match z {
            z if z < 0 => false,
            z if z > bottom => true,
            z if z == bottom => self.solid(x, y, bottom - 1),
            z => self.solid(x, y, z),
        }
    }

    /// 32 voxels of column (x, y) from `z0` down, as [`Solids::blocks`]
    /// sees them: bit k is voxel `z0 + k`. A few word operations, as the
    /// reachability search asks it for every column near every place.
    #[inline]
    pub fn window(&self, x: i32, y: i32, z0: i32) -> u32 {
        if x < 0 || y < 0 || x as u32 >= self.width || y as u32 >= self.length {
            return u32::MAX;
        }
        let column = (y as usize * self.width as usize + x as usize) * self.words;
        let col = &self.bits[column..column + self.words];
        // The stored bits from z0 on (none above the map).
        let word = |i: i32| -> u128 {
            if i < 0 || i as usize >= col.len() {
                0
            } else {
                col[i as usize] as u128
            }
        };
        let base = z0.div_euclid(64);
        let pair = word(base) | word(base + 1) << 64;
        let mut w = (pair >> z0.rem_euclid(64)) as u32;
        let depth = self.depth as i32;
        let bottom = depth - 1;
        let k = bottom - z0;
        if (0..32).contains(&k) {
            // The bottom layer is as the one above it.
            let above = self.blocks(x, y, bottom - 1) as u32;
            w = (w & !(1 << k)) | above << k;
        }
        let k = depth - z0;
        if k <= 0 {
            return u32::MAX;
        }
        if k < 32 {
            w |= u32::MAX << k; // below the map blocks
        }
        w
    }
}

impl Solids {
    /// Whether voxels `z0..=z1` (32 at most) of column (x, y), inside the
    /// map, are all open as [`Solids::blocks`] sees them: a window's bits,
    /// read straight from the column's word where none is the bottom layer
    /// (as the physics asks, every tick, of the columns a box touches).
    #[inline]
    pub fn open_rows(&self, x: i32, y: i32, z0: i32, z1: i32) -> bool {
        let n = z1 - z0;
        if self.words == 1 && z0 >= 0 && z1 < self.depth as i32 - 1 {
            let w = self.bits[y as usize * self.width as usize + x as usize];
            return (w >> z0) & (u64::MAX >> (63 - n)) == 0;
        }
        self.window(x, y, z0) & (u32::MAX >> (31 - n)) == 0
    }
}

fn fill(col: &mut [u64], z0: u32, z1: u32) {
    for z in z0..z1 {
        col[z as usize / 64] |= 1 << (z % 64);
    }
}

fn clear(col: &mut [u64], z0: u32, z1: u32) {
    for z in z0..z1 {
        col[z as usize / 64] &= !(1 << (z % 64));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_follows_the_servers_edges_and_bottom_layer() {
        let mut s = Solids::empty(8, 8, 64);
        s.set_run(2, 2, 40, 64);
        assert!(s.clip(2.5, 2.5, 40.0) && !s.clip(2.5, 2.5, 39.99));
        assert!(s.clip(-0.01, 3.0, 10.0), "west of the map blocks");
        assert!(s.clip(3.0, 8.0, 10.0), "south of the map blocks");
        assert!(!s.clip(3.0, 3.0, -5.0), "above the map is open");
        assert!(!s.clip(3.0, 3.0, 63.5), "the bottom layer is as open as 62");
        assert!(s.clip(2.5, 2.5, 63.5), "... and as solid where 62 is");
        assert!(s.clip(3.0, 3.0, 64.0), "below the map blocks");
        assert_eq!(s.top_from(2, 2, 0), Some(40));
        assert_eq!(s.top_from(3, 3, 0), None);
    }

    #[test]
    fn a_window_is_what_blocks_says() {
        let mut s = Solids::empty(3, 1, 200);
        s.set_run(1, 0, 60, 70);
        s.set_run(1, 0, 130, 131);
        s.set_run(1, 0, 198, 199);
        let mut t = Solids::empty(2, 1, 64);
        t.set_run(0, 0, 40, 41);
        t.set_run(0, 0, 62, 64);
        t.set_run(1, 0, 63, 64); // a bottom layer under open water
        for (map, x) in [(&s, 1), (&s, 0), (&s, 5), (&t, 0), (&t, 1)] {
            for z0 in -40..230 {
                let expected =
                    (0..32).fold(0u32, |w, k| w | (map.blocks(x, 0, z0 + k) as u32) << k);
                assert_eq!(map.window(x, 0, z0), expected, "x {x} z0 {z0}");
            }
        }
    }

    #[test]
    fn clip_is_what_blocks_says_at_every_depth() {
        for depth in [1, 2, 63, 64, 65, 128, 200] {
            let mut s = Solids::empty(3, 1, depth);
            for (x, z0, z1) in [
                (0, 0, 1),
                (1, depth - 1, depth),
                (1, depth / 2, depth / 2 + 1),
            ] {
                s.set_run(x, 0, z0, z1);
            }
            s.set_run(2, 0, depth.saturating_sub(2), depth);
            for x in -1..4 {
                for z in -3..depth as i32 + 3 {
                    let (px, pz) = (x as f32 + 0.5, z as f32 + 0.5);
                    let column = s.clip_column(px, 0.5);
                    assert_eq!(
                        column.clip(pz),
                        s.blocks(x, 0, z),
                        "depth {depth} x {x} z {z}"
                    );
                }
            }
        }
    }

    #[test]
    fn open_rows_is_what_blocks_says() {
        for depth in [64, 200] {
            let mut s = Solids::empty(2, 1, depth);
            s.set_run(0, 0, 10, 12);
            s.set_run(0, 0, depth - 1, depth);
            s.set_run(1, 0, depth - 2, depth - 1);
            for x in 0..2 {
                for z0 in -5..depth as i32 + 3 {
                    for z1 in z0..z0 + 32 {
                        let open = (z0..=z1).all(|z| !s.blocks(x, 0, z));
                        assert_eq!(s.open_rows(x, 0, z0, z1), open, "{depth} {x} {z0} {z1}");
                    }
                }
            }
        }
    }

    #[test]
    fn deep_columns_keep_every_word() {
        let mut s = Solids::empty(2, 1, 200);
        s.set_run(1, 0, 130, 131);
        assert!(s.solid(1, 0, 130) && !s.solid(1, 0, 129) && !s.solid(0, 0, 130));
        assert!(!s.solid(1, 0, 200), "outside the grid is not solid");
    }
}
