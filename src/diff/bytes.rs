//! Where two byte strings differ: the ranges a file's bytes differ in,
//! for changes no decoder can name.

/// Ranges closer than this many equal bytes are shown as one.
const JOIN: usize = 8;

/// The differing ranges `[start, end)` of `old` and `new` (offsets of both:
/// bytes are compared in place, not aligned), the first `keep` of them and
/// how many there are. Where one is longer, its tail is a range.
pub fn ranges(old: &[u8], new: &[u8], keep: usize) -> (Vec<[u64; 2]>, u64) {
    let common = old.len().min(new.len());
    let (mut out, mut count) = (Vec::new(), 0u64);
    let mut open: Option<[usize; 2]> = None;
    let push = |r: [usize; 2], out: &mut Vec<[u64; 2]>, count: &mut u64| {
        *count += 1;
        if out.len() < keep {
            out.push([r[0] as u64, r[1] as u64]);
        }
    };
    let mut i = 0;
    while i < common {
        // Equal 64-byte blocks are skipped whole: most of two versions is equal.
        if open.is_none() && i + 64 <= common && old[i..i + 64] == new[i..i + 64] {
            i += 64;
            continue;
        }
        if old[i] != new[i] {
            open = match open {
                Some([s, e]) if i - e < JOIN => Some([s, i + 1]),
                Some(r) => {
                    push(r, &mut out, &mut count);
                    Some([i, i + 1])
                }
                None => Some([i, i + 1]),
            };
        } else if let Some(r) = open {
            if i - r[1] >= JOIN {
                push(r, &mut out, &mut count);
                open = None;
            }
        }
        i += 1;
    }
    let longer = old.len().max(new.len());
    if longer > common {
        open = match open {
            Some([s, e]) if common - e < JOIN => Some([s, longer]),
            Some(r) => {
                push(r, &mut out, &mut count);
                Some([common, longer])
            }
            None => Some([common, longer]),
        };
    }
    if let Some(r) = open {
        push(r, &mut out, &mut count);
    }
    (out, count)
}

#[cfg(test)]
mod tests {
    use super::ranges;

    #[test]
    fn equal_bytes_have_no_ranges_and_changes_are_found_where_they_are() {
        let old: Vec<u8> = (0..1000u32).map(|i| i as u8).collect();
        assert_eq!(ranges(&old, &old, 8), (vec![], 0));
        let mut new = old.clone();
        new[100] ^= 1;
        new[103] ^= 1; // joined with 100: 2 equal bytes between
        new[500] ^= 1;
        new.extend([1, 2, 3]);
        let (r, n) = ranges(&old, &new, 8);
        assert_eq!(r, vec![[100, 104], [500, 501], [1000, 1003]]);
        assert_eq!(n, 3);
        let (r, n) = ranges(&old, &new, 1);
        assert_eq!((r.len(), n), (1, 3));
        // A shorter new file: the old one's tail is the range.
        assert_eq!(ranges(&old, &old[..990], 8).0, vec![[990, 1000]]);
    }
}
