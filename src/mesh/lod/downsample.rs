//! A voxel store `f` times coarser on every axis, for drawing far chunks.
//!
//! A coarse voxel is solid when any of the `f x f x f` voxels it covers is,
//! so the coarse volume holds the fine one: where a coarse chunk meets a
//! finer one, nothing of the finer one sticks out (the skirts in `skirts.rs`
//! close the rest). Its colour is that of the topmost coloured voxel it
//! covers, the one seen from above; the store keeps colour runs only at a
//! slab's top and bottom, so a coarse voxel between them takes the colour
//! above it, as the mesher does for hidden voxels. VMF materials (water,
//! indestructible) are not carried over.

use crate::store::voxels::{Color, Slab, VoxelStore};

/// `fine`, `f` times coarser on every axis (sizes rounded up).
pub fn downsample(fine: &VoxelStore, f: u32) -> VoxelStore {
    assert!(f >= 2, "a factor of {f} is no coarser");
    let [w, l, d] = fine.dims();
    let (cw, cl, cd) = (w.div_ceil(f), l.div_ceil(f), d.div_ceil(f));
    let mut coarse = VoxelStore::new(cw, cl, cd, fine.fourth_byte);
    let mut column = CoarseColumn::new(cd, f);
    for cy in 0..cl {
        for cx in 0..cw {
            let xs = cx * f..((cx + 1) * f).min(w);
            for y in cy * f..((cy + 1) * f).min(l) {
                for (slabs, colors) in fine.row_surfaces(y, xs.clone()) {
                    column.add(slabs, colors);
                }
            }
            column.write_into(&mut coarse);
        }
    }
    coarse.finish();
    coarse
}

/// One coarse column being gathered from the fine columns it covers.
struct CoarseColumn {
    f: u32,
    /// Solid runs `[top, bottom)` in coarse z, in any order, overlapping.
    runs: Vec<(u32, u32)>,
    /// By coarse z: the fine z and colour of the topmost coloured voxel
    /// covered so far (`u32::MAX` for none).
    best: Vec<(u32, Color)>,
    /// The coarse z's `best` holds something for, to clear.
    touched: Vec<u32>,
    merged: Vec<(u32, u32)>,
}

impl CoarseColumn {
    fn new(depth: u32, f: u32) -> CoarseColumn {
        CoarseColumn {
            f,
            runs: Vec::new(),
            best: vec![(u32::MAX, 0); depth as usize],
            touched: Vec::new(),
            merged: Vec::new(),
        }
    }

    /// Adds one fine column's slabs and colours.
    fn add(&mut self, slabs: &[Slab], colors: &[Color]) {
        let f = self.f;
        let mut start = 0;
        for s in slabs {
            let (top, bottom) = (s.top as u32, s.bottom as u32);
            self.runs.push((top / f, bottom.div_ceil(f)));
            let (tl, bl) = (s.top_len as usize, s.bottom_len as usize);
            let top_colors = colors[start..start + tl].iter().zip(top..);
            let bottom_colors = colors[start + tl..start + tl + bl]
                .iter()
                .zip(bottom - bl as u32..);
            for (&c, z) in top_colors.chain(bottom_colors) {
                let b = &mut self.best[(z / f) as usize];
                if z < b.0 {
                    if b.0 == u32::MAX {
                        self.touched.push(z / f);
                    }
                    *b = (z, c);
                }
            }
            start += tl + bl;
        }
    }

    /// Writes the gathered column as the store's next one, and starts over.
    fn write_into(&mut self, coarse: &mut VoxelStore) {
        self.runs.sort_unstable();
        self.merged.clear();
        for &(top, bottom) in &self.runs {
            match self.merged.last_mut() {
                Some(last) if top <= last.1 => last.1 = last.1.max(bottom),
                _ => self.merged.push((top, bottom)),
            }
        }
        let coloured = |z: u32| self.best[z as usize].0 != u32::MAX;
        for &(top, bottom) in &self.merged {
            let top_len = (top..bottom).take_while(|&z| coloured(z)).count() as u32;
            let bottom_len = (top + top_len..bottom)
                .rev()
                .take_while(|&z| coloured(z))
                .count() as u32;
            coarse.push_slab(Slab {
                top: top as u16,
                top_len: top_len as u16,
                bottom: bottom as u16,
                bottom_len: bottom_len as u16,
            });
            let tops = top..top + top_len;
            let bottoms = bottom - bottom_len..bottom;
            coarse.push_colors(tops.chain(bottoms).map(|z| self.best[z as usize].1));
        }
        coarse.end_column();
        for &z in &self.touched {
            self.best[z as usize] = (u32::MAX, 0);
        }
        self.touched.clear();
        self.runs.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::voxels::FourthByte;

    /// A `w x l x d` store of columns with up to three slabs each, at
    /// heights from a hash, coloured at their tops (two voxels) and, for
    /// every other slab, at their bottoms (one voxel); colour = position.
    pub(crate) fn rough(w: u32, l: u32, d: u32) -> VoxelStore {
        let mut s = VoxelStore::new(w, l, d, FourthByte::Shade);
        let hash = |x: u32, y: u32, k: u32| (x * 73 + y * 151 + k * 37) ^ ((x * y + k) % 29);
        for y in 0..l {
            for x in 0..w {
                let mut z = hash(x, y, 0) % (d / 3);
                for k in 0..3 {
                    let len = 1 + hash(x, y, k + 1) % 7;
                    let bottom = (z + len).min(d);
                    if z >= bottom {
                        break;
                    }
                    let tl = len.min(2).min(bottom - z);
                    let bl = u32::from(k % 2 == 1 && bottom - z > tl);
                    s.push_slab(Slab {
                        top: z as u16,
                        top_len: tl as u16,
                        bottom: bottom as u16,
                        bottom_len: bl as u16,
                    });
                    let tops = z..z + tl;
                    let bottoms = bottom - bl..bottom;
                    s.push_colors(tops.chain(bottoms).map(|z| x << 16 | y << 8 | z));
                    z = bottom + 1 + hash(x, y, k + 5) % 5;
                    if k == 2 || z >= d {
                        break;
                    }
                }
                s.end_column();
            }
        }
        s.finish();
        s
    }

    #[test]
    fn a_coarse_voxel_is_solid_exactly_when_a_voxel_it_covers_is() {
        let fine = rough(37, 29, 40);
        for f in [2, 4] {
            let coarse = downsample(&fine, f);
            coarse.validate().unwrap();
            assert_eq!(
                coarse.dims(),
                [19u32, 15, 20].map(|n| if f == 4 { n.div_ceil(2) } else { n })
            );
            for z in 0..coarse.depth() {
                for y in 0..coarse.length() {
                    for x in 0..coarse.width() {
                        let any = (0..f * f * f).any(|i| {
                            let [dx, dy, dz] = [i % f, i / f % f, i / (f * f)];
                            fine.solid(x * f + dx, y * f + dy, z * f + dz)
                        });
                        assert_eq!(coarse.solid(x, y, z), any, "f {f} at ({x}, {y}, {z})");
                    }
                }
            }
        }
    }

    #[test]
    fn a_coarse_voxel_takes_the_colour_of_the_topmost_coloured_voxel_it_covers() {
        let fine = rough(16, 16, 30);
        let coarse = downsample(&fine, 2);
        let mut checked = 0;
        for y in 0..8 {
            for x in 0..8 {
                for z in 0..15 {
                    // The fine voxels covered, top first.
                    let topmost = (0..8)
                        .map(|i| [x * 2 + i % 2, y * 2 + i / 2 % 2, z * 2 + i / 4])
                        .filter_map(|[fx, fy, fz]| fine.color(fx, fy, fz).map(|c| (fz, c)))
                        .min_by_key(|&(fz, _)| fz);
                    let got = coarse.color(x, y, z);
                    match topmost {
                        // Stored where the coarse slab's colour runs reach.
                        Some((_, c)) if got.is_some() => {
                            assert_eq!(got, Some(c), "({x}, {y}, {z})");
                            checked += 1;
                        }
                        Some(_) => {}
                        None => assert_eq!(got, None, "({x}, {y}, {z}) made up a colour"),
                    }
                }
                // Every coarse column's top voxel is coloured: it covers a
                // fine column's top, which the store always colours here.
                if let Some(s) = coarse.surface(x, y).0.first() {
                    assert!(s.top_len > 0, "({x}, {y}) has an uncoloured top");
                }
            }
        }
        assert!(checked > 200, "only {checked} colours compared");
    }
}
