//! Asking for the store's columns before the mesher reads them.
//!
//! A 1024 x 1024 x 256 map's store (30 MB) outgrows the cache, and each
//! mesh reads all of it, a row at a time, where the hardware's own
//! prefetching leaves the mesher waiting on memory. Asking for a chunk's
//! columns of the row two ahead as it meshes that chunk (a row's slab and
//! colour indices, slabs and colours) makes tall maps of that size mesh
//! 6-9 % faster (`mapscope bench`, Zen 5); asking for a whole row at once,
//! for rows further ahead, or for the slabs or the colours alone, gained
//! less, and asking for the row starts two rows further ahead than the
//! slabs and colours (so that finding where those lie reads nothing cold)
//! gained nothing (`mesh_timing`, alternated).

/// How many rows ahead of the one being meshed to ask for.
pub(super) const ROWS_AHEAD: u32 = 2;

/// Asks for the cache lines of some columns' memory, as
/// `VoxelStore::row_memory` gives it: where their slabs and colours start,
/// and those slabs and colours.
#[inline(always)]
pub(super) fn columns(memory: [&[u8]; 6]) {
    for m in memory {
        lines(m);
    }
}

/// Asks for every cache line of `v`.
#[inline(always)]
fn lines<T>(v: &[T]) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let start = v.as_ptr().cast::<i8>();
        let end = start.wrapping_add(std::mem::size_of_val(v));
        // From the start of the first line, so that each line is asked for
        // once and the last is not missed.
        let mut line = start.wrapping_sub(start as usize % 64);
        while line < end {
            // SAFETY: a prefetch reads nothing and cannot fault.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(line) };
            line = line.wrapping_add(64);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = v;
}
