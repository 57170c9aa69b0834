//! Writing voxel maps as AoS (headerless) or Voxlap VXL.

use super::header::write_voxlap_header;
use super::spans::{raw_spans, vxl_problem};
use super::VOXLAP_HEADER_LEN;
use crate::formats::error::{EncodeError, Format};
use crate::formats::reader::PutLe;
use crate::store::voxels::{FourthByte, VoxelStore};
use crate::store::Metadata;

/// Writes a voxel store as AoS (headerless) or Voxlap VXL; `meta` gives
/// Voxlap's header its camera.
pub fn encode(store: &VoxelStore, meta: &Metadata, format: Format) -> Result<Vec<u8>, EncodeError> {
    let [w, l, d] = store.dims();
    if d > 256 {
        return Err(EncodeError::new(
            format,
            format!("depth {d} is more than the 256 a VXL span can address"),
        ));
    }
    let mut out = Vec::with_capacity(
        VOXLAP_HEADER_LEN + store.colored_voxels() as usize * 4 + (w * l) as usize * 8,
    );
    if format == Format::VoxlapVxl {
        write_voxlap_header(&mut out, meta, store);
    }
    let light_to_shade = store.fourth_byte == FourthByte::Light;
    for y in 0..l {
        for x in 0..w {
            let col = store.column(x, y);
            let spans = raw_spans(&col).ok_or_else(|| {
                EncodeError::new(
                    format,
                    format!(
                        "column ({x}, {y}): {}",
                        vxl_problem(&col).unwrap_or_default()
                    ),
                )
            })?;
            let mut c = 0usize;
            for (i, span) in spans.iter().enumerate() {
                out.extend_from_slice(&[span.n, span.s, span.e, span.a]);
                // A column with air at the bottom ends in a span with no slab.
                let Some(slab) = col.slabs.get(i) else {
                    break;
                };
                for &color in &col.colors[c..c + slab.colors()] {
                    // VMF's fourth byte is light emission, not a VXL shade.
                    let color = if light_to_shade {
                        (color & 0x00FF_FFFF) | 0x8000_0000
                    } else {
                        color
                    };
                    out.put_u32(color);
                }
                c += slab.colors();
            }
        }
    }
    Ok(out)
}
