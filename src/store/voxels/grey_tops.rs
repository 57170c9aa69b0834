//! Which columns of a row show a grey top: their first slab's top voxel
//! has no colour. Asked once for each chunk's row the mesher meshes, so it
//! is its own hot loop: on an AoS 1.x map, whose floor (most columns) has
//! no colour, it was a tenth of the meshing time a column at a time (a
//! branch a column, mispredicted along the island's shores; Zen 4).

use super::{RowParts, Slab};

impl RowParts<'_> {
    /// The columns (bit j: column j, of the first 32) whose first slab's
    /// top voxel has no colour: its top colour run is empty (VXL's
    /// E = S - 1, as on the floor of most of an AoS 1.x map's columns) and
    /// its bottom run does not reach up to it, so that the mesher shows it
    /// grey. Every other column's first colour is its top's (a bottom run
    /// that fills the slab starts there).
    #[inline]
    pub(crate) fn grey_tops(&self) -> u32 {
        let ends = self.slab_ends;
        let (first, end) = (ends[0], ends[ends.len() - 1]);
        let slabs = &self.slabs[first as usize..end as usize];
        // A count first, which the compiler vectorises (`any` stops early,
        // and so is not): most rows of most maps have none, and need no
        // more.
        let uncoloured = slabs.iter().map(|s| (s.top_len == 0) as u32).sum::<u32>();
        if uncoloured == 0 {
            return 0;
        }
        // Each column's first slab read whatever the column, and its bit
        // kept only where it has one. (Four one-slab columns at a time in
        // SSE2, their slabs being next to each other, were no faster.)
        let n = (ends.len() - 1).min(32);
        let ends = &ends[..n + 1];
        // Some slab is uncoloured, so there is one.
        let last = self.slabs.len() - 1;
        let mut found = 0;
        for j in 0..n {
            let (start, end) = (ends[j], ends[j + 1]);
            let s = &self.slabs[(start as usize).min(last)];
            found |= ((start < end) as u32 & grey(s) as u32) << j;
        }
        found
    }
}

/// Whether a slab's top voxel has no colour. (Asked of some other
/// column's slab for a column with none, whose answer is not kept: no
/// overflow to trip on there.)
#[inline(always)]
fn grey(s: &Slab) -> bool {
    (s.top_len == 0) & (s.bottom_len < s.bottom.wrapping_sub(s.top))
}

#[cfg(test)]
mod tests {
    use super::super::{FourthByte, Slab, VoxelStore, CHUNK};

    /// Rows of random columns (none, one or a few slabs, coloured or not at
    /// the top, the bottom run reaching up to the top or not) give the
    /// tops whose voxel the store says has no colour, wherever the row
    /// starts.
    #[test]
    fn grey_tops_are_the_top_voxels_with_no_colour() {
        let mut next = crate::test_numbers::test_numbers(0x2545_F491_4F6C_DD1D);
        let (width, length, depth) = (48, 24, 256);
        let mut store = VoxelStore::new(width, length, depth, FourthByte::Shade);
        let mut greys = 0;
        for _ in 0..width * length {
            // Mostly one slab, as real maps are.
            let slabs = match next() % 8 {
                0 => 0,
                1 | 2 => 1 + next() % 3,
                _ => 1,
            };
            let mut z = (next() % 200) as u16;
            for _ in 0..slabs {
                let height = 1 + (next() % 12) as u16;
                let top_len = if next() % 3 == 0 {
                    0
                } else {
                    1 + next() as u16 % height
                };
                let bottom_len = (next() % (height as u64 + 1)) as u16;
                let bottom_len = bottom_len.min(height - top_len);
                store.push_slab(Slab {
                    top: z,
                    top_len,
                    bottom: z + height,
                    bottom_len,
                });
                store.push_colors((0..top_len + bottom_len).map(u32::from));
                z += height + 1 + (next() % 4) as u16;
            }
            store.end_column();
        }
        store.finish();
        store.validate().unwrap();
        for y in 0..length {
            for x0 in [0, 1, 5, 16, 17] {
                let x1 = (x0 + CHUNK).min(width);
                let (mut slab_ends, mut color_ends) = ([0; 33], [0; 33]);
                store.row_starts(y, x0..x1, &mut slab_ends, &mut color_ends);
                let n = (x1 - x0) as usize + 1;
                let (slab_ends, color_ends) = (&slab_ends[..n], &color_ends[..n]);
                let row = super::RowParts::new(&store, slab_ends, color_ends);
                // The store's own answer: its top voxel is solid with no
                // colour.
                let want = (x0..x1).fold(0, |f, x| {
                    let top = store.surface(x, y).0.first();
                    let grey = top.is_some_and(|s| store.color(x, y, s.top as u32).is_none());
                    f | (grey as u32) << (x - x0)
                });
                assert_eq!(row.grey_tops(), want, "row {y} from {x0}");
                greys += want.count_ones();
            }
        }
        assert!(greys > 500, "{greys} grey tops");
    }
}
