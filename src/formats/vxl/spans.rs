//! A store column as VXL spans: the headers (N, S, E, A) a writer stores,
//! or why the column has none. The writer and the inspector share it.

use crate::store::voxels::Column;

/// A span header as VXL would store it: N, S, E, A.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawSpan {
    pub n: u8,
    pub s: u8,
    pub e: u8,
    pub a: u8,
}

/// The span headers a VXL writer stores for this column. `None` where the
/// column cannot be written as VXL (see [`vxl_problem`]). A column
/// with air at the bottom ends in an empty span with S = depth, as real
/// maps do.
pub fn raw_spans(col: &Column<'_>) -> Option<Vec<RawSpan>> {
    if vxl_problem(col).is_some() {
        return None;
    }
    let grounded = col
        .slabs
        .last()
        .is_some_and(|s| s.bottom as u32 == col.depth);
    let mut spans: Vec<RawSpan> = col
        .slabs
        .iter()
        .enumerate()
        .map(|(i, s)| RawSpan {
            n: (1 + s.colors()) as u8,
            s: s.top as u8,
            e: (s.top as i32 + s.top_len as i32 - 1) as u8,
            a: if i == 0 {
                0
            } else {
                col.slabs[i - 1].bottom as u8
            },
        })
        .collect();
    if grounded {
        let (last, slab) = (
            spans.last_mut().expect("grounded means a slab"),
            col.slabs[col.slabs.len() - 1],
        );
        last.n = 0;
        // A floor slab coloured all the way down is one top run.
        last.e = (slab.top as i32 + slab.colors() as i32 - 1) as u8;
    } else {
        spans.push(RawSpan {
            n: 0,
            s: col.depth as u8,
            e: (col.depth - 1) as u8,
            a: col.slabs.last().map_or(0, |s| s.bottom as u8),
        });
    }
    Some(spans)
}

/// Why this column has no VXL encoding, if it has none.
pub fn vxl_problem(col: &Column<'_>) -> Option<String> {
    if col.depth > 256 {
        return Some(format!("depth {} is more than VXL's 256", col.depth));
    }
    match col.slabs.last() {
        Some(last)
            if last.bottom as u32 == col.depth
                && last.bottom_len != 0
                && last.colors() < last.height() as usize =>
        {
            return Some("bottom colours on the map floor, which VXL cannot store".into());
        }
        Some(last) if last.bottom as u32 == col.depth => {}
        // Air at the bottom: an empty last span with S = depth says so.
        _ if col.depth > 255 => {
            return Some("air at the bottom of a 256-deep column, which VXL cannot store".into());
        }
        _ => {}
    }
    for s in col.slabs {
        if s.top == 0 && s.top_len == 0 {
            return Some("solid at z=0 with no top colour, which VXL cannot store".into());
        }
        if s.colors() + 1 > 255 {
            return Some(format!(
                "a span of {} colours, more than VXL's 254",
                s.colors()
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::voxels::fixtures::small;
    use crate::store::voxels::{FourthByte, RunKind, VoxelStore};

    #[test]
    fn runs_and_raw_spans_match_the_vxl_spec() {
        let s = small();
        let col = s.column(0, 0);
        let kinds: Vec<_> = col.runs().iter().map(|r| (r.kind, r.z0, r.z1)).collect();
        use RunKind::*;
        assert_eq!(
            kinds,
            [
                (Air, 0, 2),
                (TopColors, 2, 4),
                (Solid, 4, 5),
                (BottomColors, 5, 6),
                (Air, 6, 7),
                (TopColors, 7, 8)
            ]
        );
        let spans = raw_spans(&col).unwrap();
        assert_eq!(
            spans[0],
            RawSpan {
                n: 4,
                s: 2,
                e: 3,
                a: 0
            }
        );
        assert_eq!(
            spans[1],
            RawSpan {
                n: 0,
                s: 7,
                e: 7,
                a: 6
            }
        );
    }

    #[test]
    fn columns_that_vxl_cannot_hold_say_why() {
        // All air is fine at depth 8 (an empty last span with S = 8)...
        let mut s = VoxelStore::new(1, 1, 8, FourthByte::Light);
        s.end_column();
        s.finish();
        let spans = raw_spans(&s.column(0, 0)).unwrap();
        assert_eq!(
            spans,
            [RawSpan {
                n: 0,
                s: 8,
                e: 7,
                a: 0
            }]
        );
        // ...but S cannot say 256.
        let mut s = VoxelStore::new(1, 1, 256, FourthByte::Light);
        s.end_column();
        s.finish();
        assert!(vxl_problem(&s.column(0, 0)).unwrap().contains("256-deep"));
    }
}
