//! Writing a voxel store as VMF.

use super::{FORMAT, HEADER_LEN, RECORD_LEN, SOLID, WATER};
use crate::formats::error::EncodeError;
use crate::formats::reader::PutLe;
use crate::store::voxels::{FourthByte, VoxelStore};
use crate::store::Metadata;

/// Writes a voxel store as VMF, with the name, author, game mode and team 1's
/// area from `meta`. From a VXL map, the bottom layer becomes water and the
/// one above it indestructible (the AoS rules), and light is 0.
pub fn encode(store: &VoxelStore, meta: &Metadata) -> Result<Vec<u8>, EncodeError> {
    let [w, l, d] = store.dims();
    let mut out = Vec::with_capacity(HEADER_LEN + (w * l) as usize * d as usize * RECORD_LEN);
    for (field, value) in [("name", &meta.name), ("author", &meta.author)] {
        let s = value.as_deref().unwrap_or("");
        if s.len() > 31 || s.contains('\0') {
            return Err(EncodeError::new(
                FORMAT,
                format!("the {field} {s:?} must be at most 31 bytes without NUL"),
            ));
        }
        let mut b = [0u8; 32];
        b[..s.len()].copy_from_slice(s.as_bytes());
        out.extend_from_slice(&b);
    }
    out.put_u8(meta.game_mode.unwrap_or(0));
    out.put_u32(w);
    out.put_u32(l);
    out.put_u16(d as u16);
    let team1 = meta
        .spawns
        .iter()
        .find(|s| s.team == Some(0))
        .or(crate::formats::vxl::implicit_aos_spawns(w, l).first())
        .map(|s| [s.min[0], s.max[0], s.min[1], s.max[1]].map(|v| v.max(0.0) as u32))
        .unwrap_or_default();
    for v in team1 {
        out.put_u32(v);
    }
    let from_vxl = store.fourth_byte == FourthByte::Shade;
    let mut column = vec![[0u8; RECORD_LEN]; d as usize];
    for x in 0..w {
        for y in 0..l {
            column.fill([0; RECORD_LEN]);
            let col = store.column(x, y);
            let mut c = 0usize;
            for slab in col.slabs {
                let colors = &col.colors[c..c + slab.colors()];
                c += slab.colors();
                let (top, bottom) = (slab.top as u32, slab.bottom as u32);
                let hidden_from = top + slab.top_len as u32;
                let bottom_from = bottom - slab.bottom_len as u32;
                // Hidden voxels take the last top colour, so a cut looks right.
                let fill = colors
                    .get(slab.top_len.max(1) as usize - 1)
                    .copied()
                    .unwrap_or(0x0080_8080);
                for sz in top..bottom {
                    let color = if sz < hidden_from {
                        colors[(sz - top) as usize]
                    } else if sz >= bottom_from {
                        colors[slab.top_len as usize + (sz - bottom_from) as usize]
                    } else {
                        fill
                    };
                    let light = if from_vxl { 0 } else { (color >> 24) as u8 };
                    let mut kind = SOLID;
                    let mut hard = 0u8;
                    if from_vxl {
                        kind = if sz + 1 == d { WATER } else { SOLID };
                        hard = (sz + 2 == d) as u8;
                    }
                    column[sz as usize] = [
                        (color >> 16) as u8,
                        (color >> 8) as u8,
                        color as u8,
                        light,
                        kind,
                        hard,
                        0,
                        0,
                    ];
                }
            }
            for m in col.materials {
                for sz in m.z0..m.z1 {
                    let r = &mut column[sz as usize];
                    r[4] = if m.water { WATER } else { SOLID };
                    r[5] = m.indestructible as u8;
                }
            }
            // Store z grows downward; VMF z grows upward.
            for rec in column.iter().rev() {
                out.extend_from_slice(rec);
            }
        }
    }
    Ok(out)
}
