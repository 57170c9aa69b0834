//! Where the columns of the rows being meshed start in the store's slabs
//! and colours, a u32 a column, in a ring by row % 3 as the masks are. The
//! store keeps these narrower (`ColumnStarts`, a u16 a column); the
//! mesher's loops index them as they are, four columns at a time, so each
//! row is widened once a segment, as it comes into the ring.

use std::ops::Range;

use crate::store::voxels::{RowParts, VoxelStore};

/// Three rows' column starts: slabs and colours.
#[derive(Debug, Default)]
pub(super) struct RowEnds {
    /// The map's first column in a slot.
    x0: u32,
    /// Entries a slot: its columns and one more, the last one's end.
    stride: usize,
    /// `[slot][entry]`.
    slabs: Vec<u32>,
    colors: Vec<u32>,
}

impl RowEnds {
    /// Room for three rows of map columns `xs`.
    pub(super) fn start(&mut self, xs: Range<u32>) {
        self.x0 = xs.start;
        self.stride = xs.len() + 1;
        self.slabs.resize(3 * self.stride, 0);
        self.colors.resize(3 * self.stride, 0);
    }

    /// Puts map row `y` in ring slot `slot`, and gives its columns.
    #[inline(always)]
    pub(super) fn fill<'a>(
        &'a mut self,
        slot: usize,
        store: &'a VoxelStore,
        y: u32,
    ) -> RowParts<'a> {
        let xs = self.x0..self.x0 + (self.stride - 1) as u32;
        let at = slot * self.stride;
        let (slabs, colors) = (
            &mut self.slabs[at..at + self.stride],
            &mut self.colors[at..at + self.stride],
        );
        store.row_starts(y, xs, slabs, colors);
        RowParts::new(store, slabs, colors)
    }

    /// Map columns `xs` of the row in ring slot `slot` (filled with
    /// [`Self::fill`]).
    #[inline(always)]
    pub(super) fn parts<'a>(
        &'a self,
        slot: usize,
        store: &'a VoxelStore,
        xs: Range<u32>,
    ) -> RowParts<'a> {
        let at = slot * self.stride + (xs.start - self.x0) as usize;
        let n = xs.len() + 1;
        RowParts::new(store, &self.slabs[at..at + n], &self.colors[at..at + n])
    }
}
