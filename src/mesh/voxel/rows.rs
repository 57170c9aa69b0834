//! Three rows of column masks around the row being meshed, one word a
//! column, as the one-word path reads them.

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
