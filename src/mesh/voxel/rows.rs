//! What the one-word path's parts (`single_word`, `tops`, `tops_four`)
//! pass each other for a chunk's row: the three rows of column masks
//! around it, one word a column, and what its tops give the faces beside
//! them. Here, below all three, so that none of them imports another's.

use crate::mesh::face::Face;
use crate::store::voxels::RowParts;

/// The columns of a chunk's row.
pub(super) const CHUNK: usize = crate::store::voxels::CHUNK as usize;
/// The up faces' direction.
pub(super) const UP: usize = 4;

/// Three rows of masks around the row being meshed (`m` before it, `c` at
/// it, `p` after it), each one chunk's columns plus one each side: column j
/// of the chunk is column j + 1 here.
pub(super) struct Rows<'m> {
    pub(super) m: &'m [u64],
    pub(super) c: &'m [u64],
    pub(super) p: &'m [u64],
    /// The bits meshed: those inside the depth, or a layer's.
    pub(super) last_valid: u64,
}

/// The masks of the 8 columns around column j (bordered column j + 1) of
/// rows `m`, `c` and `p`, in the order `ring_bits` reads them.
#[inline(always)]
pub(super) fn ring_around(m: &[u64], c: &[u64], p: &[u64], j: usize) -> [u64; 8] {
    [
        m[j],
        m[j + 1],
        m[j + 2],
        c[j],
        c[j + 2],
        p[j],
        p[j + 1],
        p[j + 2],
    ]
}

/// What each column's top gives the side faces beside it (for columns of
/// the usual shape; anything for others): by column, the top's z in the
/// word, and its faces' fields but for AO and direction.
///
/// `N` entries: a row's columns, or (`N` = 2 [`CHUNK`]) two of a column's
/// ends a column, the first [`CHUNK`] one end's and the rest the other's.
#[derive(Debug)]
pub(super) struct TopFields<const N: usize = CHUNK> {
    pub(super) z: [u32; N],
    pub(super) a: [u32; N],
    pub(super) b: [u32; N],
}

impl<const N: usize> Default for TopFields<N> {
    fn default() -> Self {
        TopFields {
            z: [0; N],
            a: [0; N],
            b: [0; N],
        }
    }
}

/// A row as its tops are written: its masks and those around (`rows`),
/// row `ly` of the chunk, each column's up faces (`ups`), the columns
/// whose first up face is written here (`topped`, bit j: column j: those
/// of the usual shape, and ledges' roofs), those whose top voxel has
/// no colour (`greys`), the store's `columns`, and the z of bit 0
/// (`base`).
pub(super) struct TopsRow<'a> {
    pub(super) rows: &'a Rows<'a>,
    pub(super) ly: u32,
    pub(super) ups: &'a [u64],
    pub(super) topped: u32,
    pub(super) greys: u32,
    pub(super) columns: &'a RowParts<'a>,
    pub(super) base: u32,
}

/// The next [`CHUNK`] places of the up faces' list, for one row's faces
/// (at most one a column): each face is written, and kept or not, without a
/// branch.
pub(super) struct Slots<'a> {
    pub(super) at: &'a mut [Face; CHUNK],
    pub(super) kept: usize,
}

impl<'a> Slots<'a> {
    /// The places from `start` on (which must be there).
    #[inline(always)]
    pub(super) fn new(list: &'a mut [Face], start: usize) -> Self {
        Slots {
            at: (&mut list[start..start + CHUNK]).try_into().unwrap(),
            kept: 0,
        }
    }

    /// Writes `face` in the next place; it stays there if `keep`, else the
    /// next face overwrites it.
    #[inline(always)]
    pub(super) fn put(&mut self, face: Face, keep: bool) {
        // Never more than CHUNK faces a row, so the index is in range; the
        // mask shows the compiler that it is.
        self.at[self.kept % CHUNK] = face;
        self.kept += keep as usize;
    }
}
