//! The quick walk over a VXL file's span headers that finds its size, its
//! height and the room the real pass needs, where the data does not say.

use crate::formats::error::{DecodeError, Format};
use crate::store::voxels::MAX_SIDE;

/// What the walk over span headers found.
pub(super) struct Frame {
    pub columns: usize,
    pub spans: usize,
    pub colors: usize,
    /// The smallest depth that holds every z the spans mention: max(E) + 1,
    /// and one past every air run's start.
    pub min_depth: u32,
}

/// Walks the span headers only, checking that every column lies inside the
/// data. Reads `limit` columns, or up to the end of the data.
pub(super) fn frame_columns(
    data: &[u8],
    base: usize,
    limit: Option<usize>,
    width: Option<u32>,
    format: Format,
) -> Result<Frame, DecodeError> {
    if data.is_empty() {
        return Err(DecodeError::new(
            format,
            "column data",
            base,
            "the file is empty",
        ));
    }
    let (mut pos, mut columns, mut spans, mut colors) = (0usize, 0usize, 0usize, 0usize);
    let mut min_depth = 1u32;
    while limit.map_or(pos < data.len(), |n| columns < n) {
        let mut span = 0usize;
        loop {
            let Some(h) = data.get(pos..pos + 4) else {
                let size = match width {
                    Some(w) => format!(
                        "; the map is smaller than {w}x{}",
                        limit.unwrap_or(0) / w as usize
                    ),
                    None => String::new(),
                };
                return Err(DecodeError::new(
                    format,
                    format!("{} span {span} header", column_name(columns, width)),
                    base + pos.min(data.len()),
                    format!(
                        "the file ends inside the column ({} bytes left){size}",
                        data.len().saturating_sub(pos)
                    ),
                ));
            };
            let (n, s, e, a) = (h[0] as usize, h[1] as usize, h[2] as usize, h[3] as u32);
            if e + 1 < s {
                return Err(DecodeError::new(
                    format,
                    format!("{} span {span} E", column_name(columns, width)),
                    base + pos + 2,
                    format!("E={e} is above S={s} - 1, a negative number of top colours"),
                ));
            }
            min_depth = min_depth.max(e as u32 + 1);
            if span > 0 {
                min_depth = min_depth.max(a + 1);
            }
            span += 1;
            if n == 0 {
                colors += e + 1 - s;
                pos += 4 * (e + 2 - s);
                break;
            }
            colors += n.saturating_sub(1);
            pos += 4 * n;
        }
        spans += span;
        columns += 1;
    }
    if pos > data.len() {
        return Err(DecodeError::new(
            format,
            format!("{} colours", column_name(columns - 1, width)),
            base + data.len(),
            "the file ends inside the column's last colours",
        ));
    }
    Ok(Frame {
        columns,
        spans,
        colors,
        min_depth,
    })
}

/// Names column `i` for errors: by (x, y) when the width is known.
pub(super) fn column_name(i: usize, width: Option<u32>) -> String {
    match width {
        Some(w) => format!("column ({}, {})", i % w as usize, i / w as usize),
        None => format!("column #{i}"),
    }
}

/// The square side for `columns` columns, or an error asking for `--size`.
pub(super) fn square_side(columns: u64, format: Format, base: usize) -> Result<u32, DecodeError> {
    let side = columns.isqrt();
    if side * side != columns {
        return Err(DecodeError::new(
            format,
            "column data",
            base,
            format!(
                "holds {columns} columns, which is not a square; give the size with --size WxLxH"
            ),
        ));
    }
    if side > MAX_SIDE as u64 {
        return Err(DecodeError::new(
            format,
            "column data",
            base,
            format!("{side}x{side} columns is more than {MAX_SIDE} a side"),
        ));
    }
    Ok(side as u32)
}
