//! Ace of Spades and Voxlap VXL: column span data, with or without Voxlap's
//! 108-byte header. See `aos-vxl-format.html` and FORMAT-NOTES.md.

use super::error::{DecodeError, Format};
use super::DoneWith;
use crate::memory::FaultAhead;
use crate::store::voxels::{
    ColumnStarts, FourthByte, Slab, StoreParts, VoxelStore, MAX_DEPTH, MAX_SIDE,
};
use crate::store::{Map, Metadata, Spawn};
use header::read_voxlap_header;
pub use whole::{check_whole, sniff_aos_whole};

pub const VOXLAP_MAGIC: u32 = 0x0907_2000;
pub const VOXLAP_HEADER_LEN: usize = 108;
/// Voxlap's MAXZDIM.
pub const VOXLAP_DEPTH: u32 = 256;

/// `Ok` if the file starts with the Voxlap magic in either byte order.
pub fn sniff_voxlap(bytes: &[u8]) -> Result<(), String> {
    match voxlap_byte_order(bytes) {
        Some(_) => Ok(()),
        None => Err("no Voxlap magic 0x09072000".into()),
    }
}

/// `Some(big_endian)` when the Voxlap magic is there.
fn voxlap_byte_order(bytes: &[u8]) -> Option<bool> {
    let head: [u8; 4] = bytes.get(..4)?.try_into().ok()?;
    if u32::from_le_bytes(head) == VOXLAP_MAGIC {
        Some(false)
    } else if u32::from_be_bytes(head) == VOXLAP_MAGIC {
        Some(true)
    } else {
        None
    }
}

/// AoS files have no header: accept when the first column's spans are
/// well-formed, as the spec suggests.
pub fn sniff_aos(bytes: &[u8]) -> Result<(), String> {
    if bytes.len() < 8 {
        return Err(format!("{} bytes is too short for a column", bytes.len()));
    }
    let mut pos = 0usize;
    for _ in 0..256 {
        let Some(h) = bytes.get(pos..pos + 4) else {
            return Err(format!("the first column runs past the end at byte {pos}"));
        };
        let (n, s, e) = (h[0] as usize, h[1] as usize, h[2] as usize);
        if e + 1 < s {
            return Err(format!("first span at byte {pos} has E < S - 1"));
        }
        if n == 0 {
            let end = pos + 4 * (e + 2 - s);
            return if end <= bytes.len() {
                Ok(())
            } else {
                Err(format!("the first column runs past the end at byte {pos}"))
            };
        }
        if n < e + 2 - s {
            return Err(format!(
                "span at byte {pos} has N smaller than its top colours"
            ));
        }
        pos += 4 * n;
    }
    Err("the first column has more than 256 spans".into())
}

/// Decodes either VXL container. `size` (`[width, length, depth]`) overrides
/// what the header or the data say.
pub fn decode(bytes: &[u8], size: Option<[u32; 3]>) -> Result<Map, DecodeError> {
    decode_releasing(bytes, size, &|_| ())
}

/// [`decode`], telling `done_with` as it goes which bytes it has read for
/// the last time, so that a mapped file's pages can be let go.
pub fn decode_releasing(
    bytes: &[u8],
    size: Option<[u32; 3]>,
    done_with: DoneWith,
) -> Result<Map, DecodeError> {
    let mut warnings = Vec::new();
    let (format, camera, data_start, header_size) = match voxlap_byte_order(bytes) {
        Some(big_endian) => {
            let (camera, w, l) = read_voxlap_header(bytes, big_endian)?;
            if big_endian {
                warnings.push("Voxlap header is big-endian".to_string());
            }
            (
                Format::VoxlapVxl,
                Some(camera),
                VOXLAP_HEADER_LEN,
                Some([w, l, VOXLAP_DEPTH]),
            )
        }
        None => (Format::AosVxl, None, 0, None),
    };
    let data = &bytes[data_start..];
    let known = match (size, header_size) {
        (Some(s), Some(h)) => {
            if s[..2] != h[..2] {
                warnings.push(format!(
                    "size {}x{}x{} given overrides the header's {}x{}",
                    s[0], s[1], s[2], h[0], h[1]
                ));
            }
            check_size(s, format, 0)?;
            Some(s)
        }
        (Some(s), None) => {
            check_size(s, format, 0)?;
            Some(s)
        }
        (None, h) => h,
    };
    // Nearly every AoS map is 512 x 512 x 64: try that in one pass first. It
    // is right when every span fits and the data ends with the last column,
    // which is what the walk below would have worked out.
    let guess = match known {
        // At least 4 bytes a column, or it cannot be 512 x 512.
        None if format == Format::AosVxl && data.len() >= 4 * 512 * 512 => {
            // Room sized for real maps, whose spans are about one a column
            // and whose other 4-byte groups are colours: close enough that
            // nothing is copied when the arrays are trimmed. A map that does
            // not fit takes the walk below instead.
            let (words, columns) = (data.len() / 4, 512 * 512);
            let room = (
                (words / 2).max(columns + columns / 8).min(words),
                words - columns,
            );
            parse_columns(data, data_start, (512, 512), 64, room, format, done_with)
                .ok()
                .filter(|p| p.used == data.len())
        }
        _ => None,
    };
    let (dims, parsed) = match guess {
        Some(parsed) => {
            warnings.push(
                "size 512x512x64 worked out from the data; use --size to override".to_string(),
            );
            ([512, 512, 64], parsed)
        }
        None => {
            // A quick walk over the span headers: the column count (so the
            // size), the height, and exact array sizes for the real pass.
            let limit = known.map(|[w, l, _]| w as usize * l as usize);
            let frame = frame_columns(data, data_start, limit, known.map(|k| k[0]), format)?;
            let dims = match known {
                Some(dims) => dims,
                None => {
                    let side = square_side(frame.columns as u64, format, data_start)?;
                    let min_depth = frame.min_depth;
                    let depth = [64, 128, 256]
                        .into_iter()
                        .find(|&d| d >= min_depth)
                        .unwrap_or(256);
                    warnings.push(format!(
                        "size {side}x{side}x{depth} worked out from the data (height rounded up from {min_depth}); use --size to override"
                    ));
                    [side, side, depth]
                }
            };
            let room = (frame.spans, frame.colors);
            let parsed = parse_columns(
                data,
                data_start,
                (dims[0], dims[1]),
                dims[2],
                room,
                format,
                done_with,
            )?;
            (dims, parsed)
        }
    };
    let Parsed {
        parts,
        used,
        ignored_a,
    } = parsed;
    let store = VoxelStore::from_parts(dims, FourthByte::Shade, parts);
    if ignored_a > 0 {
        warnings.push(format!(
            "{ignored_a} columns have a non-zero A in their first span (ignored, as the spec says)"
        ));
    }
    if used < data.len() {
        warnings.push(format!(
            "{} bytes after the last column (from byte {}) were not read; the map may be larger than {}x{}",
            data.len() - used,
            data_start + used,
            dims[0],
            dims[1]
        ));
    }
    let spawns = if format == Format::AosVxl {
        implicit_aos_spawns(dims[0], dims[1])
    } else {
        Vec::new()
    };
    Ok(Map {
        format,
        meta: Metadata {
            camera,
            spawns,
            warnings,
            ..Default::default()
        },
        content: store.into(),
    })
}

fn check_size(s: [u32; 3], format: Format, offset: usize) -> Result<(), DecodeError> {
    if s[0] == 0 || s[1] == 0 || s[0] > MAX_SIDE || s[1] > MAX_SIDE {
        return Err(DecodeError::new(
            format,
            "size",
            offset,
            format!("{}x{} columns is outside 1..={MAX_SIDE} a side", s[0], s[1]),
        ));
    }
    if s[2] == 0 || s[2] > 256 {
        return Err(DecodeError::new(
            format,
            "size",
            offset,
            format!(
                "depth {} is outside 1..=256, the most a VXL span can address",
                s[2]
            ),
        ));
    }
    debug_assert!(s[2] <= MAX_DEPTH);
    Ok(())
}

/// Columns read in file order, ready to become a store.
struct Parsed {
    parts: StoreParts,
    /// Bytes of column data read.
    used: usize,
    /// Columns whose first span has a non-zero A (the spec says to ignore it).
    ignored_a: u64,
}

/// What the walk over span headers found.
struct Frame {
    columns: usize,
    spans: usize,
    colors: usize,
    /// The smallest depth that holds every z the spans mention: max(E) + 1,
    /// and one past every air run's start.
    min_depth: u32,
}

/// Walks the span headers only, checking that every column lies inside the
/// data. Reads `limit` columns, or up to the end of the data.
fn frame_columns(
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
fn column_name(i: usize, width: Option<u32>) -> String {
    match width {
        Some(w) => format!("column ({}, {})", i % w as usize, i / w as usize),
        None => format!("column #{i}"),
    }
}

/// Reads the `w x l` columns' spans and colours in file order, checking
/// every span against the map depth `d`. The arrays are sized by the walk
/// (`frame`), so the loop writes by index and never grows a vector: this is
/// the hot loop of loading a map.
fn parse_columns(
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

/// The square side for `columns` columns, or an error asking for `--size`.
fn square_side(columns: u64, format: Format, base: usize) -> Result<u32, DecodeError> {
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

/// Where the implicit team areas come from, as `info` and the Spawns list
/// say it.
pub const IMPLICIT_SPAWN_ORIGIN: &str = "implicit, where the servers spawn";

/// The rule behind the implicit areas, for `info`.
pub const IMPLICIT_SPAWN_RULE: &str = "implicit areas as piqueserver and pyspades spawn teams \
     (team.py: team i in x 384i..384i+128, y 128..384 of a 512 x 512 map, scaled to this one); \
     the AoS 1 spec text gives blue x 0..256, which no server uses";

/// The implicit team areas of an AoS map, as the servers players run spawn
/// them (pyspades and piqueserver `team.py`, `get_random_location`): team
/// *i* in x `384*i .. 384*i + 128`, y `128 .. 384` of a 512 x 512 map,
/// scaled to other sizes. The AoS 1 spec text gives blue x 0..256, twice
/// green's width; the servers win (FORMAT-NOTES.md, Spawns).
pub fn implicit_aos_spawns(width: u32, length: u32) -> Vec<Spawn> {
    let (w, l) = (width as f32 / 512.0, length as f32 / 512.0);
    let area = |label: &str, team: f32| Spawn {
        label: label.into(),
        origin: IMPLICIT_SPAWN_ORIGIN.into(),
        min: [384.0 * team * w, 128.0 * l],
        max: [(384.0 * team + 128.0) * w, 384.0 * l],
        z: None,
        team: Some(team as u8),
    };
    vec![area("blue", 0.0), area("green", 1.0)]
}

mod encode;
mod header;
pub mod spans;
#[cfg(test)]
mod tests;
mod whole;

pub use encode::encode;
