//! Voxlap's 108-byte header: the map's width and length and a camera
//! (position and the right, down and forward vectors), read in either byte
//! order and written little-endian.

use super::{VOXLAP_HEADER_LEN, VOXLAP_MAGIC};
use crate::formats::error::{DecodeError, Format};
use crate::formats::reader::{PutLe, Reader};
use crate::store::voxels::{VoxelStore, MAX_SIDE};
use crate::store::{DefaultCamera, Metadata};

/// The header's camera, width and length.
pub(super) fn read_voxlap_header(
    bytes: &[u8],
    big_endian: bool,
) -> Result<(DefaultCamera, u32, u32), DecodeError> {
    let format = Format::VoxlapVxl;
    let mut r = Reader::new(bytes, format);
    let header = r.bytes(VOXLAP_HEADER_LEN, "header")?;
    let word = |i: usize| -> [u8; 4] { header[i..i + 4].try_into().unwrap() };
    let int = |i: usize| {
        if big_endian {
            i32::from_be_bytes(word(i))
        } else {
            i32::from_le_bytes(word(i))
        }
    };
    let float = |i: usize| {
        let b: [u8; 8] = header[i..i + 8].try_into().unwrap();
        if big_endian {
            f64::from_be_bytes(b)
        } else {
            f64::from_le_bytes(b)
        }
    };
    let (xdim, ydim) = (int(4), int(8));
    for (v, field, off) in [(xdim, "header xdim", 4), (ydim, "header ydim", 8)] {
        if v < 1 || v as u32 > MAX_SIDE {
            return Err(DecodeError::new(
                format,
                field,
                off,
                format!("{v} is outside 1..={MAX_SIDE}"),
            ));
        }
    }
    let vec3 = |i: usize| [float(i), float(i + 8), float(i + 16)];
    let camera = DefaultCamera::Voxlap {
        position: vec3(12),
        right: vec3(36),
        down: vec3(60),
        forward: vec3(84),
    };
    Ok((camera, xdim as u32, ydim as u32))
}

/// Writes the header for `store`, with the map's Voxlap camera (in `meta`)
/// or, for a map that has none, one that sees it.
pub(super) fn write_voxlap_header(out: &mut Vec<u8>, meta: &Metadata, store: &VoxelStore) {
    let (position, right, down, forward) = match &meta.camera {
        Some(DefaultCamera::Voxlap {
            position,
            right,
            down,
            forward,
        }) => (*position, *right, *down, *forward),
        _ => overlooking_camera(store),
    };
    let [w, l, _] = store.dims();
    out.put_u32(VOXLAP_MAGIC);
    out.put_u32(w);
    out.put_u32(l);
    for v in [position, right, down, forward] {
        for c in v {
            out.put_f64(c);
        }
    }
}

/// A camera for a map that stores none: near the south edge, above the
/// highest ground, looking north and 20 degrees down. (A fixed height would
/// see only sky on a map whose ground lies deep, as converted AoS maps'
/// does in Voxlap's 256 voxels.)
fn overlooking_camera(store: &VoxelStore) -> ([f64; 3], [f64; 3], [f64; 3], [f64; 3]) {
    let [w, l, d] = store.dims();
    let highest = (0..l)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter_map(|(x, y)| store.surface(x, y).0.first().map(|s| s.top))
        .min()
        .map_or(d as f64 / 2.0, f64::from);
    let (sin, cos) = 20f64.to_radians().sin_cos();
    (
        [w as f64 / 2.0, l as f64 * 0.95, (highest - 16.0).max(0.0)],
        [1.0, 0.0, 0.0],
        // z points down: looking down is a positive z.
        [0.0, sin, cos],
        [0.0, -cos, sin],
    )
}
