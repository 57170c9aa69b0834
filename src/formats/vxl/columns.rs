//! The hot loop of loading a VXL map: every column's spans and colours read
//! in file order into the store's arrays, in one piece (see
//! [`parse_columns`] for why).

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

/// Reads the `w x l` columns' spans and colours in file order, checking
/// every span against the map depth `d`. The arrays are sized by the walk
/// (`frame`), so the loop writes by index and never grows a vector: this is
/// the hot loop of loading a map.
///
/// One piece, over 100 lines, because it is measured faster so. Split
/// into a loop over `#[inline(always)]` pieces (the group of starts, a
/// span, a last span, a solid span; the counters passed and returned by
/// value, the error context by value), every piece inlined, it decoded
/// 20 to 28 % slower: `cargo bench --bench decode` (LTO off, 16 codegen
/// units), `taskset -c 1`, four rounds interleaved, pique_pinpoint
/// 1.16 ms before against 1.48-1.53 ms split, spadesx_Triangle_Hell
/// 1.87-1.92 against 2.24-2.30 ms. LLVM no longer kept the arrays'
/// pointers and the positions in registers across the span loop.
pub(super) fn parse_columns(
    data: &[u8],
    base: usize,
    (w, l): (u32, u32),
    d: u32,
    (span_room, color_room): (usize, usize),
    format: Format,
    done_with: DoneWith,
) -> Result<Parsed, DecodeError> {
    let wanted = w as usize * l as usize;
    let width = Some(w);
    // Sized before the loop (exactly after a walk, or by the file length, as
    // every span and colour takes 4 bytes): nothing grows inside the loop.
    let mut slabs: Vec<Slab> = bytemuck::zeroed_vec(span_room);
    let mut colors = vec![0u32; color_room];
    let mut slab_starts = ColumnStarts::with_capacity(wanted + 1);
    let mut color_starts = ColumnStarts::with_capacity(wanted + 1);
    // Where the columns start (the first at 0), a group at a time, which
    // the store narrows in one go: a group's entries, and the next group's
    // first (`[slabs, colours][entry]`).
    const GROUP: usize = ColumnStarts::GROUP;
    let mut group = [[0u32; GROUP + 1]; 2];
    let (mut si, mut ci) = (0usize, 0usize);
    let mut ahead = [
        FaultAhead::new(&slabs),
        FaultAhead::new(&colors),
        FaultAhead::for_pushes(slab_starts.arrays_mut().0),
        FaultAhead::for_pushes(slab_starts.arrays_mut().1),
        FaultAhead::for_pushes(color_starts.arrays_mut().0),
        FaultAhead::for_pushes(color_starts.arrays_mut().1),
    ];
    let mut pos = 0usize;
    let mut ignored_a = 0u64;
    let mut column = 0usize;
    while column < wanted {
        if column % GROUP == 0 {
            if column > 0 {
                for (starts, g) in [&mut slab_starts, &mut color_starts]
                    .into_iter()
                    .zip(&mut group)
                {
                    let (whole, next) = g.split_at_mut(GROUP);
                    starts.push_group((&*whole).try_into().unwrap());
                    whole[0] = next[0];
                }
            }
            ahead[0].ahead(&mut slabs, si);
            ahead[1].ahead(&mut colors, ci);
            for (k, starts) in [(2, &mut slab_starts), (4, &mut color_starts)] {
                let (offsets, groups) = starts.arrays_mut();
                ahead[k].ahead_of_pushes(offsets);
                ahead[k + 1].ahead_of_pushes(groups);
            }
            if column % 256 == 0 {
                done_with(base + pos);
            }
        }
        let mut span = 0u32;
        loop {
            let err = |off: usize, field: &str, problem: String| {
                DecodeError::new(
                    format,
                    format!("{} span {span} {field}", column_name(column, width)),
                    base + off,
                    problem,
                )
            };
            let Some(h) = data.get(pos..pos + 4) else {
                return Err(err(
                    pos.min(data.len()),
                    "header",
                    format!(
                        "the file ends inside the column ({} bytes left); the map is smaller than {w}x{l}",
                        data.len().saturating_sub(pos)
                    ),
                ));
            };
            let (n, s, e, a) = (h[0] as u32, h[1] as u32, h[2] as u32, h[3] as u32);
            if span == 0 {
                ignored_a += (a != 0) as u64;
            } else if s < a {
                return Err(err(
                    pos + 1,
                    "S",
                    format!("the top colours start at z={s}, above the air start A={a}"),
                ));
            }
            if e + 1 < s {
                return Err(err(
                    pos + 2,
                    "E",
                    format!("E={e} is above S={s} - 1, a negative number of top colours"),
                ));
            }
            if e >= d && e + 1 > s {
                return Err(err(
                    pos + 2,
                    "E",
                    format!("says its colours end at z={e}, past the map depth {d}"),
                ));
            }
            let k = e + 1 - s;
            if n == 0 {
                if s > d {
                    return Err(err(
                        pos + 1,
                        "S",
                        format!("the ground starts at z={s}, past the map depth {d}"),
                    ));
                }
                let end = pos + 4 + 4 * k as usize;
                let Some(raw) = data.get(pos + 4..end) else {
                    return Err(err(
                        pos,
                        "colours",
                        format!("{k} top colours run past the end of the file"),
                    ));
                };
                // An empty last run with S = depth means air down to the bottom.
                let (Some(slab), Some(dst)) =
                    (slabs.get_mut(si), colors.get_mut(ci..ci + k as usize))
                else {
                    return Err(err(
                        pos,
                        "header",
                        "more spans or colours than the room made for them".into(),
                    ));
                };
                if s < d {
                    *slab = Slab {
                        top: s as u16,
                        top_len: k as u16,
                        bottom: d as u16,
                        bottom_len: 0,
                    };
                    si += 1;
                }
                copy_colors(dst, raw);
                ci += k as usize;
                pos = end;
                break;
            }
            if n - 1 < k {
                return Err(err(
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
                return Err(err(
                    pos,
                    "N",
                    format!("N={n} points past the end of the file"),
                ));
            };
            let m = *next_a as u32;
            if m >= d {
                return Err(err(
                    next + 3,
                    "next A",
                    format!("the next air run starts at z={m}, past the map depth {d}"),
                ));
            }
            if m < e + 1 + bottom_len || m == s {
                return Err(err(
                    next + 3,
                    "next A",
                    format!(
                        "the solid part ends at z={m}, but its top colours end at z={e} and {bottom_len} bottom colours follow"
                    ),
                ));
            }
            let count = (n - 1) as usize;
            let (Some(slab), Some(dst)) = (slabs.get_mut(si), colors.get_mut(ci..ci + count))
            else {
                return Err(err(
                    pos,
                    "header",
                    "more spans or colours than the room made for them".into(),
                ));
            };
            *slab = Slab {
                top: s as u16,
                top_len: k as u16,
                bottom: m as u16,
                bottom_len: bottom_len as u16,
            };
            si += 1;
            copy_colors(dst, &data[pos + 4..next]);
            ci += count;
            pos = next;
            span += 1;
        }
        column += 1;
        // Column `column - 1`'s end, entry `column`.
        let at = (column - 1) % GROUP + 1;
        (group[0][at], group[1][at]) = (si as u32, ci as u32);
    }
    // What is left: the last group's entries, and the one after where the
    // columns end at a group's end.
    let rest = (column + 1) - slab_starts.len();
    for (starts, g) in [&mut slab_starts, &mut color_starts]
        .into_iter()
        .zip(&group)
    {
        g[..rest].iter().for_each(|&s| starts.push(s));
    }
    done_with(base + pos);
    slabs.truncate(si);
    colors.truncate(ci);
    Ok(Parsed {
        parts: StoreParts {
            slab_starts,
            color_starts,
            slabs,
            colors,
        },
        used: pos,
        ignored_a,
    })
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
