//! Which differing bytes of a file the report's named changes cover, and
//! which no change names: a kind's decoders find each field's or record's
//! span, its coverage puts each differing one under the change that names
//! it (as the report words it) or leaves it, to be listed by its bytes.

/// A change the report names and the bytes of a file it covers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Named {
    /// The change as the report words it ("terrain: 24 tilepoints
    /// changed", a note, a w3i field).
    pub what: String,
    /// `[start, end)` ranges of the new file, joined where they touch.
    pub new: Vec<[u64; 2]>,
    /// Ranges of the old file, for what only the old file holds.
    pub old: Vec<[u64; 2]>,
}

/// A file's differing bytes as a kind accounts for them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Coverage {
    pub named: Vec<Named>,
    /// Differing bytes no change names: the new file's ranges, and the old
    /// file's where only it holds them.
    pub left: Vec<[u64; 2]>,
    pub left_old: Vec<[u64; 2]>,
}

fn join(list: &mut Vec<[u64; 2]>, r: [u64; 2]) {
    match list.last_mut() {
        Some(l) if l[1] == r[0] => l[1] = r[1],
        _ => list.push(r),
    }
}

impl Coverage {
    /// Puts `r` (of the new file, or the old one) under the change `what`.
    pub fn name(&mut self, what: &str, new_side: bool, r: [u64; 2]) {
        let i = match self.named.iter().position(|n| n.what == what) {
            Some(i) => i,
            None => {
                self.named.push(Named {
                    what: what.to_string(),
                    ..Named::default()
                });
                self.named.len() - 1
            }
        };
        let n = &mut self.named[i];
        join(if new_side { &mut n.new } else { &mut n.old }, r);
    }

    /// Leaves `r` to be listed by its bytes.
    pub fn leave(&mut self, new_side: bool, r: [u64; 2]) {
        join(
            if new_side {
                &mut self.left
            } else {
                &mut self.left_old
            },
            r,
        );
    }

    /// Sorted, each byte in one range (ranges left apart that overlap or
    /// touch are joined).
    pub fn finish(mut self) -> Coverage {
        for list in [&mut self.left, &mut self.left_old] {
            list.sort_unstable();
            let mut joined: Vec<[u64; 2]> = Vec::with_capacity(list.len());
            for &r in list.iter() {
                match joined.last_mut() {
                    Some(l) if r[0] <= l[1] => l[1] = l[1].max(r[1]),
                    _ => joined.push(r),
                }
            }
            *list = joined;
        }
        for n in &mut self.named {
            n.new.sort_unstable();
            n.old.sort_unstable();
        }
        self
    }

    /// Every differing byte lies under a named change.
    pub fn complete(&self) -> bool {
        self.left.is_empty() && self.left_old.is_empty()
    }
}

/// Whether `r` lies inside one of `list`'s ranges.
pub fn within(list: &[[u64; 2]], r: [u64; 2]) -> bool {
    list.iter().any(|l| l[0] <= r[0] && r[1] <= l[1])
}

#[cfg(test)]
mod tests {
    use super::Coverage;

    /// Ranges left apart that overlap or touch are one range; apart ones
    /// stay apart, in order.
    #[test]
    fn left_ranges_are_joined_where_they_meet() {
        let mut c = Coverage::default();
        for r in [[0, 16], [30, 40], [4, 12], [16, 20], [50, 60]] {
            c.leave(true, r);
        }
        c.leave(false, [8, 9]);
        let c = c.finish();
        assert_eq!(c.left, [[0, 20], [30, 40], [50, 60]]);
        assert_eq!(c.left_old, [[8, 9]]);
    }
}
