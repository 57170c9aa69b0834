//! Whether bytes look like a VXL map: Voxlap's magic, or an AoS file's
//! first column (AoS VXL has no header).

use super::VOXLAP_MAGIC;

/// `Ok` if the file starts with the Voxlap magic in either byte order.
pub fn sniff_voxlap(bytes: &[u8]) -> Result<(), String> {
    match voxlap_byte_order(bytes) {
        Some(_) => Ok(()),
        None => Err("no Voxlap magic 0x09072000".into()),
    }
}

/// `Some(big_endian)` when the Voxlap magic is there.
pub(super) fn voxlap_byte_order(bytes: &[u8]) -> Option<bool> {
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
