//! Whether bytes start like a VMF file, and whether a whole file is one.

use super::{HEADER_LEN, RECORD_LEN};
use crate::store::voxels::{MAX_DEPTH, MAX_SIDE};

/// `Ok` if the file starts like a VMF header: a name and an author of
/// printable text, each ended by NUL and padded with NULs to 32 bytes. Sizes
/// are not checked here, so a cut or inconsistent VMF gets the VMF
/// decoder's error (naming the field) rather than being read as AoS.
pub fn sniff(bytes: &[u8]) -> Result<(), String> {
    if bytes.is_empty() {
        return Err("the file is empty".into());
    }
    for (field, start) in [("name", 0usize), ("author", 32)] {
        let Some(b) = bytes.get(start..(start + 32).min(bytes.len())) else {
            break;
        };
        let text = b.iter().take_while(|&&c| c != 0).count();
        if !b[..text].iter().all(|c| (0x20..0x7F).contains(c)) {
            return Err(format!("the {field} field is not printable text"));
        }
        if text == b.len() && b.len() == 32 {
            return Err(format!("the {field} field has no NUL in its 32 bytes"));
        }
        // A short text file is not a cut VMF: a real name ends early, so
        // even a VMF cut inside its header has the name's NUL.
        if text == b.len() && field == "name" {
            return Err(format!(
                "the name field has no NUL in the file's {} bytes",
                b.len()
            ));
        }
        if b[text..].iter().any(|&c| c != 0) {
            return Err(format!("the {field} field is not padded with NULs"));
        }
    }
    Ok(())
}

/// `Ok` if a file of `len` bytes starting with `head` (its first bytes, at
/// least the 91-byte header) is a whole VMF: [`sniff`]'s text fields, then
/// sizes in range that account for exactly `len` bytes (91 + X*Y*Z*8). For
/// labelling files without reading them whole; [`detect`](super::detect)
/// keeps the laxer [`sniff`], so a cut VMF still gets the decoder's error.
pub fn sniff_whole(head: &[u8], len: u64) -> Result<(), String> {
    sniff(head)?;
    let Some(h) = head.get(..HEADER_LEN) else {
        return Err(format!(
            "{len} bytes is shorter than the {HEADER_LEN}-byte header"
        ));
    };
    let u32_at = |at: usize| u32::from_le_bytes([h[at], h[at + 1], h[at + 2], h[at + 3]]);
    let (x, y, z) = (
        u32_at(65),
        u32_at(69),
        u16::from_le_bytes([h[73], h[74]]) as u32,
    );
    for (v, field, max) in [(x, "X", MAX_SIDE), (y, "Y", MAX_SIDE), (z, "Z", MAX_DEPTH)] {
        if v == 0 || v > max {
            return Err(format!("header {field} size {v} is outside 1..={max}"));
        }
    }
    let expected = HEADER_LEN as u64 + x as u64 * y as u64 * z as u64 * RECORD_LEN as u64;
    if expected != len {
        return Err(format!(
            "a {x}x{y}x{z} map has {expected} bytes, but the file has {len}"
        ));
    }
    Ok(())
}
