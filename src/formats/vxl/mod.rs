//! Ace of Spades and Voxlap VXL: column span data, with or without Voxlap's
//! 108-byte header. See `aos-vxl-format.html` and FORMAT-NOTES.md.

use super::error::{DecodeError, Format};
use super::DoneWith;
use crate::store::voxels::{FourthByte, VoxelStore, MAX_DEPTH, MAX_SIDE};
use crate::store::{DefaultCamera, Map, Metadata};
use columns::{parse_columns, Parsed};
use frame::{frame_columns, square_side};
use header::read_voxlap_header;
use sniff::voxlap_byte_order;
pub use whole::{check_whole, sniff_aos_whole};

pub const VOXLAP_MAGIC: u32 = 0x0907_2000;
pub const VOXLAP_HEADER_LEN: usize = 108;
/// Voxlap's MAXZDIM.
pub const VOXLAP_DEPTH: u32 = 256;

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
    let head = container(bytes, &mut warnings)?;
    let data = &bytes[head.data_start..];
    let known = known_size(size, head.size, head.format, &mut warnings)?;
    let (dims, parsed) = match guess_512(data, &head, known, done_with) {
        Some(parsed) => {
            warnings.push(
                "size 512x512x64 worked out from the data; use --size to override".to_string(),
            );
            ([512, 512, 64], parsed)
        }
        None => walked(data, &head, known, done_with, &mut warnings)?,
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
            head.data_start + used,
            dims[0],
            dims[1]
        ));
    }
    let spawns = if head.format == Format::AosVxl {
        implicit_aos_spawns(dims[0], dims[1])
    } else {
        Vec::new()
    };
    Ok(Map {
        format: head.format,
        meta: Metadata {
            camera: head.camera,
            spawns,
            warnings,
            ..Default::default()
        },
        content: store.into(),
    })
}

/// Which container a file is, and what its header says.
struct Container {
    format: Format,
    camera: Option<DefaultCamera>,
    /// Where the column data starts.
    data_start: usize,
    /// The size the header gives, with Voxlap's depth.
    size: Option<[u32; 3]>,
}

/// Reads Voxlap's header where there is one.
fn container(bytes: &[u8], warnings: &mut Vec<String>) -> Result<Container, DecodeError> {
    Ok(match voxlap_byte_order(bytes) {
        Some(big_endian) => {
            let (camera, w, l) = read_voxlap_header(bytes, big_endian)?;
            if big_endian {
                warnings.push("Voxlap header is big-endian".to_string());
            }
            Container {
                format: Format::VoxlapVxl,
                camera: Some(camera),
                data_start: VOXLAP_HEADER_LEN,
                size: Some([w, l, VOXLAP_DEPTH]),
            }
        }
        None => Container {
            format: Format::AosVxl,
            camera: None,
            data_start: 0,
            size: None,
        },
    })
}

/// The size given (checked, and said where it overrides the header's), or
/// the header's.
fn known_size(
    size: Option<[u32; 3]>,
    header: Option<[u32; 3]>,
    format: Format,
    warnings: &mut Vec<String>,
) -> Result<Option<[u32; 3]>, DecodeError> {
    Ok(match (size, header) {
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
    })
}

/// Nearly every AoS map is 512 x 512 x 64: tried in one pass first where
/// no size is known. It is right when every span fits and the data ends
/// with the last column, which is what the walk would have worked out.
fn guess_512(
    data: &[u8],
    head: &Container,
    known: Option<[u32; 3]>,
    done_with: DoneWith,
) -> Option<Parsed> {
    // At least 4 bytes a column, or it cannot be 512 x 512.
    if known.is_some() || head.format != Format::AosVxl || data.len() < 4 * 512 * 512 {
        return None;
    }
    // Room sized for real maps, whose spans are about one a column and
    // whose other 4-byte groups are colours: close enough that nothing is
    // copied when the arrays are trimmed. A map that does not fit takes
    // the walk instead.
    let (words, columns) = (data.len() / 4, 512 * 512);
    let room = (
        (words / 2).max(columns + columns / 8).min(words),
        words - columns,
    );
    let (base, format) = (head.data_start, head.format);
    parse_columns(data, base, (512, 512), 64, room, format, done_with)
        .ok()
        .filter(|p| p.used == data.len())
}

/// A quick walk over the span headers (the column count, so the size; the
/// height; exact array sizes), then the real pass.
fn walked(
    data: &[u8],
    head: &Container,
    known: Option<[u32; 3]>,
    done_with: DoneWith,
    warnings: &mut Vec<String>,
) -> Result<([u32; 3], Parsed), DecodeError> {
    let (base, format) = (head.data_start, head.format);
    let limit = known.map(|[w, l, _]| w as usize * l as usize);
    let frame = frame_columns(data, base, limit, known.map(|k| k[0]), format)?;
    let dims = match known {
        Some(dims) => dims,
        None => {
            let side = square_side(frame.columns as u64, format, base)?;
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
    let (w, l, d) = (dims[0], dims[1], dims[2]);
    let parsed = parse_columns(data, base, (w, l), d, room, format, done_with)?;
    Ok((dims, parsed))
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

mod columns;
mod encode;
mod frame;
mod header;
mod sniff;
pub mod spans;
mod spawns;
#[cfg(test)]
mod tests;
mod whole;

pub use encode::encode;
pub use sniff::{sniff_aos, sniff_voxlap};
pub use spawns::{implicit_aos_spawns, IMPLICIT_SPAWN_ORIGIN, IMPLICIT_SPAWN_RULE};
