//! Small hand-built stores for unit tests here and in the codecs.

use super::{FourthByte, Slab, VoxelStore};

/// A 2x1 map, depth 8: column 0 has air 0..2, colours 2..4, solid, one
/// bottom colour at 5, air at 6, then ground 7..8 coloured.
pub(crate) fn small() -> VoxelStore {
    let mut s = VoxelStore::new(2, 1, 8, FourthByte::Shade);
    let c = &mut s;
    c.push_slab(Slab {
        top: 2,
        top_len: 2,
        bottom: 6,
        bottom_len: 1,
    });
    c.push_colors([1, 2, 3]);
    c.push_slab(Slab {
        top: 7,
        top_len: 1,
        bottom: 8,
        bottom_len: 0,
    });
    c.push_colors([4]);
    c.end_column();
    c.push_slab(Slab {
        top: 0,
        top_len: 1,
        bottom: 8,
        bottom_len: 0,
    });
    c.push_colors([9]);
    c.end_column();
    s.finish();
    s
}
