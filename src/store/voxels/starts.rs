//! Where each column's slabs, or its colours, start in the store's arrays.
//!
//! Two u32 a column were a quarter of a 512 x 512 map's store (2 MiB).
//! Here a column takes a u16, counted from where its group of [`GROUP`]
//! columns starts, and a group a u32: 1 MiB less on such a map, 4 MiB on a
//! 1024 x 1024 one. A group's last column starts at most 15 columns past
//! its first, and a column holds at most a slab or a colour a voxel, so
//! 15 x [`MAX_DEPTH`](super::MAX_DEPTH) fits in a u16. A store built some
//! other way, whose starts do not fit, keeps every start as a u32 instead.

/// Columns that share one u32 start.
const GROUP: usize = 16;

/// The start of each column and one past the last (the end of the last
/// column): entry i is where column i starts, entry i + 1 where it ends.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct ColumnStarts {
    /// Per group of [`GROUP`] entries: its first entry.
    groups: Vec<u32>,
    /// Per entry: its start less its group's.
    offsets: Vec<u16>,
    /// Every entry as a u32, once one did not fit in `offsets` (then
    /// `groups` and `offsets` are left empty).
    wide: Option<Vec<u32>>,
}

impl ColumnStarts {
    pub(crate) const GROUP: usize = GROUP;

    /// Room for `entries` entries, none set.
    pub(crate) fn with_capacity(entries: usize) -> Self {
        ColumnStarts {
            groups: Vec::with_capacity(entries.div_ceil(GROUP)),
            offsets: Vec::with_capacity(entries),
            wide: None,
        }
    }

    /// The arrays, for faulting their pages in ahead of the pushes: the
    /// offsets, then the groups.
    pub(crate) fn arrays_mut(&mut self) -> (&mut Vec<u16>, &mut Vec<u32>) {
        (&mut self.offsets, &mut self.groups)
    }

    /// Entries set.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        match &self.wide {
            Some(wide) => wide.len(),
            None => self.offsets.len(),
        }
    }

    /// Appends an entry.
    #[inline(always)]
    pub(crate) fn push(&mut self, start: u32) {
        if self.wide.is_none() {
            let i = self.offsets.len();
            if i % GROUP == 0 {
                self.groups.push(start);
                self.offsets.push(0);
                return;
            }
            if let Some(d) = start.checked_sub(self.groups[i / GROUP]) {
                if d <= u16::MAX as u32 {
                    self.offsets.push(d as u16);
                    return;
                }
            }
        }
        self.push_wide(start);
    }

    /// Appends a whole group's entries, which start at one and never go
    /// back (a decoder's running counts): as [`Self::push`] each, in one go
    /// (a few vector instructions; the last is the farthest from the
    /// first, so it alone is checked).
    #[inline(always)]
    pub(crate) fn push_group(&mut self, starts: &[u32; GROUP]) {
        debug_assert!(self.len() % GROUP == 0);
        debug_assert!(starts.windows(2).all(|w| w[0] <= w[1]));
        let (base, last) = (starts[0], starts[GROUP - 1]);
        if self.wide.is_none() && last >= base && last - base <= u16::MAX as u32 {
            self.groups.push(base);
            self.offsets
                .extend_from_slice(&starts.map(|s| s.wrapping_sub(base) as u16));
        } else {
            starts.iter().for_each(|&s| self.push_wide(s));
        }
    }

    /// Appends an entry that does not fit in `offsets`, or any entry once
    /// every entry is wide.
    #[cold]
    #[inline(never)]
    fn push_wide(&mut self, start: u32) {
        if self.wide.is_none() {
            self.widen();
        }
        if let Some(wide) = &mut self.wide {
            wide.push(start);
        }
    }

    /// Keeps the entries set, and frees the rest of the room.
    pub(crate) fn finish(&mut self) {
        match &mut self.wide {
            Some(wide) => wide.shrink_to_fit(),
            None => {
                self.offsets.shrink_to_fit();
                self.groups.shrink_to_fit();
            }
        }
    }

    /// Every entry so far as a u32, from now on.
    #[cold]
    fn widen(&mut self) {
        let wide = (0..self.len()).map(|i| self.get(i)).collect();
        self.wide = Some(wide);
        self.groups = Vec::new();
        self.offsets = Vec::new();
    }

    /// Entry `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> u32 {
        debug_assert!(i < self.len());
        match &self.wide {
            Some(wide) => wide[i],
            None => self.groups[i / GROUP] + self.offsets[i] as u32,
        }
    }

    /// Column `i`'s range: from its start to the next column's.
    #[inline]
    pub(crate) fn range(&self, i: usize) -> std::ops::Range<usize> {
        self.get(i) as usize..self.get(i + 1) as usize
    }

    /// Entries `from..from + out.len()` into `out`.
    #[inline]
    pub(crate) fn fill(&self, from: usize, out: &mut [u32]) {
        debug_assert!(from + out.len() <= self.len());
        if out.is_empty() {
            return;
        }
        if let Some(wide) = &self.wide {
            out.copy_from_slice(&wide[from..from + out.len()]);
            return;
        }
        let offsets = &self.offsets[from..from + out.len()];
        let groups = &self.groups[from / GROUP..];
        // To the first group's end, then whole groups, each a widening add
        // of 16 lanes the compiler vectorises, then what is left.
        let head = ((GROUP - from % GROUP) % GROUP).min(out.len());
        let widen = |out: &mut [u32], offsets: &[u16], base: u32| {
            for (o, &d) in out.iter_mut().zip(offsets) {
                *o = base + d as u32;
            }
        };
        widen(&mut out[..head], &offsets[..head], groups[0]);
        let groups = &groups[(head > 0) as usize..];
        let whole = (out.len() - head) / GROUP;
        let mut outs = out[head..].chunks_exact_mut(GROUP);
        let mut offs = offsets[head..].chunks_exact(GROUP);
        for ((o, d), &base) in (&mut outs).zip(&mut offs).zip(groups) {
            let (o, d): (&mut [u32; GROUP], &[u16; GROUP]) =
                (o.try_into().unwrap(), d.try_into().unwrap());
            for k in 0..GROUP {
                o[k] = base + d[k] as u32;
            }
        }
        let (o, d) = (outs.into_remainder(), offs.remainder());
        if !o.is_empty() {
            widen(o, d, groups[whole]);
        }
    }

    /// The memory entries `entries` lie in, as bytes (for prefetching).
    #[inline]
    pub(crate) fn memory(&self, entries: std::ops::Range<usize>) -> [&[u8]; 2] {
        match &self.wide {
            Some(wide) => [bytemuck::cast_slice(&wide[entries]), &[]],
            None => [
                bytemuck::cast_slice(&self.offsets[entries.clone()]),
                bytemuck::cast_slice(
                    &self.groups[entries.start / GROUP..(entries.end - 1) / GROUP + 1],
                ),
            ],
        }
    }

    /// Bytes held on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.groups.capacity() * 4
            + self.offsets.capacity() * 2
            + self.wide.as_ref().map_or(0, |w| w.capacity() * 4)
    }
}

#[cfg(test)]
mod tests {
    use super::{ColumnStarts, GROUP};

    /// Starts that count up by `steps`, from 0.
    fn running(steps: &[u32]) -> Vec<u32> {
        std::iter::once(0)
            .chain(steps.iter().scan(0u32, |s, &d| {
                *s += d;
                Some(*s)
            }))
            .collect()
    }

    fn check(starts: &ColumnStarts, want: &[u32]) {
        assert_eq!(starts.len(), want.len());
        for (i, &w) in want.iter().enumerate() {
            assert_eq!(starts.get(i), w, "entry {i}");
        }
        for from in [0, 1, 15, 16, 17, 40] {
            for n in [0, 1, 5, 16, 33, 35] {
                if from + n <= want.len() {
                    let mut out = vec![u32::MAX; n];
                    starts.fill(from, &mut out);
                    assert_eq!(out, want[from..from + n], "from {from}, {n}");
                }
            }
        }
    }

    #[test]
    fn starts_read_back_as_set_pushed_or_widened() {
        // Small steps (narrow), and a step that a u16 cannot hold past its
        // group's first entry (wide).
        let small: Vec<u32> = (0..100u32).map(|i| i * 7919 % 41).collect();
        let mut large = small.clone();
        large[37] = 70_000;
        for steps in [&small, &large] {
            let want = running(steps);
            let mut pushed = ColumnStarts::with_capacity(4);
            let mut grouped = ColumnStarts::with_capacity(want.len());
            want.iter().for_each(|&w| pushed.push(w));
            let mut groups = want.chunks_exact(GROUP);
            groups
                .by_ref()
                .for_each(|g| grouped.push_group(g.try_into().unwrap()));
            groups.remainder().iter().for_each(|&w| grouped.push(w));
            for s in [&mut pushed, &mut grouped] {
                check(s, &want);
                s.finish();
                check(s, &want);
            }
            assert_eq!(pushed, grouped);
            assert_eq!(pushed.wide.is_some(), steps[37] == 70_000);
        }
        // 15 columns of 4096 after a group's first entry still fit.
        let want = running(&[4096; 3 * GROUP]);
        let mut s = ColumnStarts::with_capacity(0);
        want.iter().for_each(|&w| s.push(w));
        assert!(s.wide.is_none());
        check(&s, &want);
        // Starts that go back are kept too.
        let mut back = ColumnStarts::with_capacity(0);
        [5, 3, 9].iter().for_each(|&w| back.push(w));
        assert!(back.wide.is_some());
        check(&back, &[5, 3, 9]);
    }
}
