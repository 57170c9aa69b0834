//! What each ALW layout holds and how large its parts are: the codec's view
//! of [`AlwLayout`], which the store keeps only as a tag.

use crate::store::cells::AlwLayout;

/// The shape of a layout's records (see the table in `formats::alw`).
pub trait LayoutShape: Copy {
    /// Whether a `u8` subversion follows the magic.
    fn has_subversion(self) -> bool;
    /// Bytes of the header.
    fn header_size(self) -> usize;
    /// Bytes of one cell record.
    fn cell_size(self) -> usize;
    /// Whether cells carry per-corner height offsets.
    fn has_corner_offsets(self) -> bool;
    /// Whether cells carry the upper and lower trim references.
    fn has_trims(self) -> bool;
    /// Whether entities carry class name, yrot and 32 reserved bytes.
    fn has_entity_extras(self) -> bool;
}

impl LayoutShape for AlwLayout {
    fn has_subversion(self) -> bool {
        self != AlwLayout::Spec
    }

    fn header_size(self) -> usize {
        if self.has_subversion() {
            285
        } else {
            284
        }
    }

    fn cell_size(self) -> usize {
        match self {
            AlwLayout::Spec => 36,
            AlwLayout::Engine => 44,
            AlwLayout::Engine201008 => 36,
        }
    }

    fn has_corner_offsets(self) -> bool {
        self != AlwLayout::Spec
    }

    fn has_trims(self) -> bool {
        self != AlwLayout::Engine201008
    }

    fn has_entity_extras(self) -> bool {
        self != AlwLayout::Spec
    }
}
