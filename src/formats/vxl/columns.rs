//! The hot loop of loading a VXL map: every column's spans and colours read
//! in file order into the store's arrays. Split into a loop and the spans
//! it reads, each inlined into the loop (`#[inline(always)]`), so the
//! pieces compile to the one loop they were written as.

use super::frame::column_name;
use crate::formats::error::{DecodeError, Format};
use crate::formats::DoneWith;
use crate::memory::FaultAhead;
use crate::store::voxels::{ColumnStarts, Slab, StoreParts};

/// Columns read in file order, ready to become a store.
pub(super) struct Parsed {
    pub parts: StoreParts,
    /// Bytes of column data read.
    pub used: usize,
    /// Columns whose first span has a non-zero A (the spec says to ignore it).
    pub ignored_a: u64,
}

const GROUP: usize = ColumnStarts::GROUP;

/// Reads the `w x l` columns' spans and colours in file order, checking
/// every span against the map depth `d`. The arrays are sized by the walk
/// (`frame`), so the loop writes by index and never grows a vector: this is
/// the hot loop of loading a map.
pub(super) fn parse_columns(
    data: &[u8],
    base: usize,
    (w, l): (u32, u32),
    d: u32,
    room: (usize, usize),
    format: Format,
    done_with: DoneWith,
) -> Result<Parsed, DecodeError> {
    let wanted = w as usize * l as usize;
    let mut out = Out::new(room, wanted);
    let mut at = At {
        base,
        column: 0,
        span: 0,
        dims: (w, l),
        format,
    };
    let mut pos = 0usize;
    while at.column < wanted {
        if at.column % GROUP == 0 {
            out.begin_group(at.column);
            if at.column % 256 == 0 {
                done_with(base + pos);
            }
        }
        at.span = 0;
        loop {
            let (next, last) = span(data, pos, d, &at, &mut out)?;
            pos = next;
            if last {
                break;
            }
            at.span += 1;
        }
        at.column += 1;
        out.end_column(at.column);
    }
    done_with(base + pos);
    let ignored_a = out.ignored_a;
    Ok(Parsed {
        parts: out.finish(at.column),
        used: pos,
        ignored_a,
    })
}

/// Which span is being read, for errors.
struct At {
    base: usize,
    column: usize,
    span: u32,
    dims: (u32, u32),
    format: Format,
}

impl At {
    /// The error for the span's `field` at data offset `off`.
    #[cold]
    #[inline(never)]
    fn err(&self, off: usize, field: &str, problem: String) -> DecodeError {
        DecodeError::new(
            self.format,
            format!(
                "{} span {} {field}",
                column_name(self.column, Some(self.dims.0)),
                self.span
            ),
            self.base + off,
            problem,
        )
    }
}

/// The arrays being filled and how far, with where the columns start.
struct Out {
    slabs: Vec<Slab>,
    colors: Vec<u32>,
    si: usize,
    ci: usize,
    /// Where the columns start in the slabs and in the colours (the first at 0).
    starts: [ColumnStarts; 2],
    /// The starts a group at a time, which the store narrows in one go: a
    /// group's entries, and the next group's first (`[slabs, colours][entry]`).
    group: [[u32; GROUP + 1]; 2],
    /// The slabs, the colours, then each of `starts`' two arrays.
    ahead: [FaultAhead; 6],
    ignored_a: u64,
}

impl Out {
    /// Sized before the loop (exactly after a walk, or by the file length,
    /// as every span and colour takes 4 bytes): nothing grows inside it.
    fn new((span_room, color_room): (usize, usize), columns: usize) -> Out {
        let slabs: Vec<Slab> = bytemuck::zeroed_vec(span_room);
        let colors = vec![0u32; color_room];
        let mut starts = [
            ColumnStarts::with_capacity(columns + 1),
            ColumnStarts::with_capacity(columns + 1),
        ];
        let [s, c] = &mut starts;
        let ahead = [
            FaultAhead::new(&slabs),
            FaultAhead::new(&colors),
            FaultAhead::for_pushes(s.arrays_mut().0),
            FaultAhead::for_pushes(s.arrays_mut().1),
            FaultAhead::for_pushes(c.arrays_mut().0),
            FaultAhead::for_pushes(c.arrays_mut().1),
        ];
        Out {
            slabs,
            colors,
            si: 0,
            ci: 0,
            starts,
            group: [[0; GROUP + 1]; 2],
            ahead,
            ignored_a: 0,
        }
    }

    /// At the first of a group's columns: the last group's starts go to the
    /// store's arrays, and the pages ahead of the writes are faulted in.
    #[inline(always)]
    fn begin_group(&mut self, column: usize) {
        if column > 0 {
            for (starts, g) in self.starts.iter_mut().zip(&mut self.group) {
                let (whole, next) = g.split_at_mut(GROUP);
                starts.push_group((&*whole).try_into().unwrap());
                whole[0] = next[0];
            }
        }
        self.ahead[0].ahead(&mut self.slabs, self.si);
        self.ahead[1].ahead(&mut self.colors, self.ci);
        for (ahead, starts) in self.ahead[2..].chunks_exact_mut(2).zip(&mut self.starts) {
            let (offsets, groups) = starts.arrays_mut();
            ahead[0].ahead_of_pushes(offsets);
            ahead[1].ahead_of_pushes(groups);
        }
    }

    /// Column `column - 1`'s end, entry `column`.
    #[inline(always)]
    fn end_column(&mut self, column: usize) {
        let at = (column - 1) % GROUP + 1;
        (self.group[0][at], self.group[1][at]) = (self.si as u32, self.ci as u32);
    }

    /// The room for one more slab and `count` colours.
    #[inline(always)]
    fn room(&mut self, count: usize) -> Option<(&mut Slab, &mut [u32])> {
        let slab = self.slabs.get_mut(self.si)?;
        let dst = self.colors.get_mut(self.ci..self.ci + count)?;
        Some((slab, dst))
    }

    /// The arrays trimmed to what was read, after `columns` columns: what
    /// is left is the last group's entries, and the one after where the
    /// columns end at a group's end.
    fn finish(mut self, columns: usize) -> StoreParts {
        let rest = (columns + 1) - self.starts[0].len();
        for (starts, g) in self.starts.iter_mut().zip(&self.group) {
            g[..rest].iter().for_each(|&s| starts.push(s));
        }
        self.slabs.truncate(self.si);
        self.colors.truncate(self.ci);
        let [slab_starts, color_starts] = self.starts;
        StoreParts {
            slab_starts,
            color_starts,
            slabs: self.slabs,
            colors: self.colors,
        }
    }
}

/// Reads the span header at `pos` in a map `d` deep, checks it and writes
/// its slab and colours: where the next span starts, and whether this one
/// ended the column.
#[inline(always)]
fn span(
    data: &[u8],
    pos: usize,
    d: u32,
    at: &At,
    out: &mut Out,
) -> Result<(usize, bool), DecodeError> {
    let Some(h) = data.get(pos..pos + 4) else {
        let (w, l) = at.dims;
        return Err(at.err(
            pos.min(data.len()),
            "header",
            format!(
                "the file ends inside the column ({} bytes left); the map is smaller than {w}x{l}",
                data.len().saturating_sub(pos)
            ),
        ));
    };
    let (n, s, e, a) = (h[0] as u32, h[1] as u32, h[2] as u32, h[3] as u32);
    if at.span == 0 {
        out.ignored_a += (a != 0) as u64;
    } else if s < a {
        return Err(at.err(
            pos + 1,
            "S",
            format!("the top colours start at z={s}, above the air start A={a}"),
        ));
    }
    if e + 1 < s {
        return Err(at.err(
            pos + 2,
            "E",
            format!("E={e} is above S={s} - 1, a negative number of top colours"),
        ));
    }
    if e >= d && e + 1 > s {
        return Err(at.err(
            pos + 2,
            "E",
            format!("says its colours end at z={e}, past the map depth {d}"),
        ));
    }
    if n == 0 {
        last_span(data, pos, [s, e, d], at, out).map(|end| (end, true))
    } else {
        solid_span(data, pos, [n, s, e, d], at, out).map(|next| (next, false))
    }
}

/// A column's last span (N = 0): its top colours, and air or ground to the
/// bottom. The position after it.
#[inline(always)]
fn last_span(
    data: &[u8],
    pos: usize,
    [s, e, d]: [u32; 3],
    at: &At,
    out: &mut Out,
) -> Result<usize, DecodeError> {
    let k = e + 1 - s;
    if s > d {
        return Err(at.err(
            pos + 1,
            "S",
            format!("the ground starts at z={s}, past the map depth {d}"),
        ));
    }
    let end = pos + 4 + 4 * k as usize;
    let Some(raw) = data.get(pos + 4..end) else {
        return Err(at.err(
            pos,
            "colours",
            format!("{k} top colours run past the end of the file"),
        ));
    };
    let Some((slab, dst)) = out.room(k as usize) else {
        return Err(no_room(at, pos));
    };
    copy_colors(dst, raw);
    // An empty last run with S = depth means air down to the bottom.
    if s < d {
        *slab = Slab {
            top: s as u16,
            top_len: k as u16,
            bottom: d as u16,
            bottom_len: 0,
        };
        out.si += 1;
    }
    out.ci += k as usize;
    Ok(end)
}

/// A span with another after it: its top colours, then its bottom colours
/// up to where the next span's air starts. The position of the next span.
#[inline(always)]
fn solid_span(
    data: &[u8],
    pos: usize,
    [n, s, e, d]: [u32; 4],
    at: &At,
    out: &mut Out,
) -> Result<usize, DecodeError> {
    let k = e + 1 - s;
    if n - 1 < k {
        return Err(at.err(
            pos,
            "N",
            format!(
                "N={n} leaves room for {} colours, fewer than the {k} top colours S..E",
                n - 1
            ),
        ));
    }
    let bottom_len = n - 1 - k;
    let next = pos + 4 * n as usize;
    let Some(next_a) = data.get(next + 3) else {
        return Err(at.err(pos, "N", format!("N={n} points past the end of the file")));
    };
    let m = *next_a as u32;
    if m >= d {
        return Err(at.err(
            next + 3,
            "next A",
            format!("the next air run starts at z={m}, past the map depth {d}"),
        ));
    }
    if m < e + 1 + bottom_len || m == s {
        return Err(at.err(
            next + 3,
            "next A",
            format!(
                "the solid part ends at z={m}, but its top colours end at z={e} and {bottom_len} bottom colours follow"
            ),
        ));
    }
    let count = (n - 1) as usize;
    let Some((slab, dst)) = out.room(count) else {
        return Err(no_room(at, pos));
    };
    *slab = Slab {
        top: s as u16,
        top_len: k as u16,
        bottom: m as u16,
        bottom_len: bottom_len as u16,
    };
    copy_colors(dst, &data[pos + 4..next]);
    out.si += 1;
    out.ci += count;
    Ok(next)
}

/// The walk and the real pass disagree: the room made runs out.
#[cold]
fn no_room(at: &At, pos: usize) -> DecodeError {
    at.err(
        pos,
        "header",
        "more spans or colours than the room made for them".into(),
    )
}

/// Copies the file's 4-byte colour groups.
#[inline]
fn copy_colors(dst: &mut [u32], raw: &[u8]) {
    if dst.len() > 64 && cfg!(target_endian = "little") {
        // Long runs: one memory copy.
        bytemuck::cast_slice_mut::<u32, u8>(dst).copy_from_slice(raw);
    } else {
        // Most spans hold a few colours; a call to memcpy costs more than the copy.
        for (d, c) in dst.iter_mut().zip(raw.chunks_exact(4)) {
            *d = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
    }
}
