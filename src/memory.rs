//! Resident memory while a map loads: arrays faulted in a stretch at a time
//! ahead of the decoder's writes, and a mapped file's pages let go behind
//! its reads.
//!
//! mapscope runs without transparent huge pages ([`lean_heap`] says why).
//! With 4 KiB pages, a page fault for each page a decoder writes cost a
//! fifth of a whole `info`; asking the kernel for 16 pages at a time costs
//! much less, and faults in no more than is written, give or take a step.

/// `mi_option_arena_reserve` in mimalloc.h's `mi_option_e` (the Rust crate
/// names no constant for it), in KiB.
#[cfg(target_os = "linux")]
const ARENA_RESERVE: libmimalloc_sys::mi_option_t = 23;

/// Sets the process's memory up as `mapscope` runs, before anything
/// allocates (its `main.rs` calls this from `.init_array`); benchmarks and
/// examples call it first too, to measure what ships.
///
/// mimalloc reserves its heap 1 GiB at a time and commits it whole, so that
/// a first small allocation makes megabytes resident. Reserved 16 MiB at a
/// time, `--help` holds 2 MB less and `info` is no slower. And no
/// transparent huge pages, for mimalloc or anything else in the process:
/// each part of the heap was rounded up to 2 MiB, 4 MiB before `main`,
/// 5 MiB over the whole of `info` on a 512 x 512 map, and the viewer with
/// a 1024 x 1024 x 256 map open 43 MB, for frames no faster. They saved
/// page faults, which the decoder now saves by faulting its arrays in
/// 64 KiB at a time (`FaultAhead`), and `mapscope bench` measured
/// meshing on one core 2-6 % faster with them (Zen 5; huge pages asked for
/// the store's arrays alone gained nothing).
pub fn lean_heap() {
    #[cfg(target_os = "linux")]
    // SAFETY: sets one of mimalloc's options (which applies to the heap it
    // reserves next), and a flag of this process that only changes the
    // size of its pages.
    unsafe {
        libmimalloc_sys::mi_option_set(ARENA_RESERVE, 16 * 1024);
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

/// Faults in an array's pages ahead of writes that fill it from the start,
/// [`STEP`] bytes at a time. Only a hint: without it (other systems, old
/// kernels) the pages fault in one by one as they are written.
#[derive(Debug)]
pub(crate) struct FaultAhead {
    /// Bytes from the array's start already asked for.
    ready: usize,
}

/// How far ahead of the writes pages are faulted in, in bytes.
pub(crate) const STEP: usize = 64 * 1024;

impl FaultAhead {
    /// For an array about to be written from the start: none of the work
    /// where it is already resident (memory the allocator hands back after
    /// a free, as when a map is decoded again), where asking would cost a
    /// system call a step and save no fault.
    pub(crate) fn new<T>(v: &[T]) -> Self {
        Self::over(v.as_ptr() as usize, std::mem::size_of_val(v))
    }

    /// As [`Self::new`], for a vector about to be filled by pushes within
    /// its capacity.
    pub(crate) fn for_pushes<T>(v: &Vec<T>) -> Self {
        Self::over(v.as_ptr() as usize, v.capacity() * std::mem::size_of::<T>())
    }

    /// For the `bytes` bytes at `start`.
    fn over(start: usize, bytes: usize) -> Self {
        // Its second whole page: the first may hold the allocator's own
        // notes, written whatever the array's pages are.
        let probe = (start + 2 * PAGE - 1) & !(PAGE - 1);
        let inside = probe + PAGE <= start + bytes;
        let ready = match inside && !resident(probe as *const u8) {
            true => 0,
            false => usize::MAX,
        };
        FaultAhead { ready }
    }

    /// Makes sure the pages of `v` from element `written` on are resident,
    /// for at least a quarter of [`STEP`] and at most a whole one.
    #[inline]
    pub(crate) fn ahead<T>(&mut self, v: &mut [T], written: usize) {
        let bytes = std::mem::size_of_val(v);
        self.ahead_in(
            v.as_mut_ptr().cast(),
            bytes,
            written * std::mem::size_of::<T>(),
        );
    }

    /// As [`Self::ahead`], for a vector filled by pushes within its
    /// capacity: its pages from its length on.
    #[inline]
    pub(crate) fn ahead_of_pushes<T>(&mut self, v: &mut Vec<T>) {
        let size = std::mem::size_of::<T>();
        let (bytes, at) = (v.capacity() * size, v.len() * size);
        self.ahead_in(v.as_mut_ptr().cast(), bytes, at);
    }

    /// Makes sure the pages of the `bytes` bytes at `base` from byte `at`
    /// on are resident, as [`Self::ahead`] says.
    #[inline]
    fn ahead_in(&mut self, base: *mut u8, bytes: usize, at: usize) {
        if at.saturating_add(STEP / 4) <= self.ready {
            return;
        }
        let end = (at.max(self.ready) + STEP).min(bytes);
        if end > self.ready {
            populate_write(base, self.ready, end);
            self.ready = end;
        }
    }
}

/// The page size the kernel hands memory out in (without huge pages).
const PAGE: usize = 4096;

/// Faults in bytes `from..to` of the allocation at `base` for writing.
#[cfg(target_os = "linux")]
fn populate_write(base: *mut u8, from: usize, to: usize) {
    // Whole pages that hold some byte of the range: all of them lie in the
    // allocation's own mapping, whatever else shares the first and last.
    let start = (base as usize + from) & !(PAGE - 1);
    let end = (base as usize + to).next_multiple_of(PAGE);
    // SAFETY: MADV_POPULATE_WRITE only faults pages in; it changes no byte
    // (an untouched page stays zero, a written one keeps what it holds).
    // Where the kernel lacks it (before 5.14) it fails and nothing happens.
    unsafe {
        libc::madvise(
            start as *mut libc::c_void,
            end - start,
            libc::MADV_POPULATE_WRITE,
        );
    }
}

#[cfg(not(target_os = "linux"))]
fn populate_write(_base: *mut u8, _from: usize, _to: usize) {}

/// Whether the page holding `at` is resident.
#[cfg(target_os = "linux")]
fn resident(at: *const u8) -> bool {
    let page = (at as usize) & !(PAGE - 1);
    let mut state = 0u8;
    // SAFETY: mincore only reports on the page (which holds `at`, so is
    // mapped) into the one byte given.
    let ok = unsafe { libc::mincore(page as *mut libc::c_void, 1, &mut state) } == 0;
    ok && state & 1 == 1
}

#[cfg(not(target_os = "linux"))]
fn resident(_at: *const u8) -> bool {
    true
}

/// Lets go of a mapped file's pages behind a decoder's reads
/// ([`crate::formats::DoneWith`]): they leave the process's resident memory,
/// not the page cache, [`RELEASE_STEP`] bytes at a time and all that is
/// left at the end, when the store is at its largest.
pub(crate) struct ReleaseBehind<'a> {
    map: &'a memmap2::Mmap,
    /// Bytes from the start already let go.
    released: std::cell::Cell<usize>,
}

/// How much of a mapped file is let go at a time, in bytes (a multiple of
/// the page size).
const RELEASE_STEP: usize = 256 * 1024;

impl<'a> ReleaseBehind<'a> {
    pub(crate) fn new(map: &'a memmap2::Mmap) -> Self {
        ReleaseBehind {
            map,
            released: Default::default(),
        }
    }

    /// The decoder will not read the bytes before `offset` again.
    pub(crate) fn done_with(&self, offset: usize) {
        let len = self.map.len();
        let upto = match offset >= len {
            true => len,
            false => offset & !(RELEASE_STEP - 1),
        };
        let from = self.released.get();
        if upto > from && (upto == len || upto - from >= RELEASE_STEP) {
            let_go(self.map, from, upto - from);
            self.released.set(upto);
        }
    }
}

/// Lets go of `len` bytes of `map` from `offset` (page-aligned).
#[cfg(unix)]
fn let_go(map: &memmap2::Mmap, offset: usize, len: usize) {
    // SAFETY: the mapping is private and never written, so pages let go are
    // read from the file again if touched later: no byte seen through the
    // map changes.
    let _ = unsafe { map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, offset, len) };
}

#[cfg(not(unix))]
fn let_go(_map: &memmap2::Mmap, _offset: usize, _len: usize) {}

#[cfg(test)]
mod tests {
    use super::{FaultAhead, ReleaseBehind, RELEASE_STEP, STEP};

    /// Faulting ahead changes no value, written or not, and asks for no
    /// more than a step past the writes.
    #[test]
    fn fault_ahead_keeps_values_and_stays_near_the_writes() {
        let mut v = vec![0u32; 100_000];
        v[99_999] = 7;
        let mut ahead = FaultAhead { ready: 0 };
        for i in 0..50_000 {
            ahead.ahead(&mut v, i);
            v[i] = i as u32;
        }
        assert!(ahead.ready <= 50_000 * 4 + STEP, "{}", ahead.ready);
        assert!(ahead.ready >= 50_000 * 4, "{}", ahead.ready);
        assert!(v[..50_000].iter().enumerate().all(|(i, &x)| x == i as u32));
        assert!(v[50_000..99_999].iter().all(|&x| x == 0));
        assert_eq!(v[99_999], 7);
    }

    /// An array already written is left alone: asking for its pages would
    /// be a system call a step for nothing.
    #[test]
    fn resident_arrays_are_left_alone() {
        let v = vec![1u8; 1 << 20];
        assert_eq!(FaultAhead::new(&v).ready, usize::MAX);
    }

    /// A mapped file is let go a step at a time behind the reads, all of it
    /// at the end, and its bytes read the same afterwards.
    #[test]
    fn release_behind_goes_by_steps_then_to_the_end() {
        let path = std::env::temp_dir().join(format!("mapscope-release-{}", std::process::id()));
        let bytes: Vec<u8> = (0..RELEASE_STEP * 3 + 100).map(|i| i as u8).collect();
        std::fs::write(&path, &bytes).unwrap();
        let file = std::fs::File::open(&path).unwrap();
        // SAFETY: a file of this test's own, not changed while mapped.
        let map = unsafe { memmap2::Mmap::map(&file) }.unwrap();
        let behind = ReleaseBehind::new(&map);
        behind.done_with(RELEASE_STEP - 1);
        assert_eq!(behind.released.get(), 0);
        behind.done_with(RELEASE_STEP * 2 + 5);
        assert_eq!(behind.released.get(), RELEASE_STEP * 2);
        behind.done_with(RELEASE_STEP);
        assert_eq!(behind.released.get(), RELEASE_STEP * 2);
        behind.done_with(bytes.len());
        assert_eq!(behind.released.get(), bytes.len());
        assert_eq!(&map[..], &bytes[..]);
        drop(map);
        std::fs::remove_file(&path).ok();
    }
}
