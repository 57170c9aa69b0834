//! VMF, the proposed AoS 0.8 voxel format: a 91-byte header, then X*Y*Z
//! 8-byte voxel records in `map[x][y][z]` order, z pointing up.
//!
//! The store keeps VXL's compact form: filled intervals plus the colours of
//! surface voxels (those next to air, or at the top of the map). Hidden voxels'
//! colours are not kept, as in VXL. Water and indestructible voxels are kept as
//! runs. See FORMAT-NOTES.md for the decisions the spec leaves open.

use super::error::{DecodeError, Format};
use super::reader::Reader;
use crate::store::voxels::{MAX_DEPTH, MAX_SIDE};

pub const HEADER_LEN: usize = 91;
pub const RECORD_LEN: usize = 8;
const FORMAT: Format = Format::Vmf;

/// Voxel types of the record's fifth byte.
pub const AIR: u8 = 0;
pub const SOLID: u8 = 1;
pub const WATER: u8 = 2;

/// Where the header's team 1 spawn says it came from.
pub const SPAWN_ORIGIN: &str = "VMF header";

/// The header's game mode, by name.
pub fn game_mode_name(mode: u8) -> String {
    match mode {
        0 => "CTF".into(),
        1 => "TC".into(),
        2 => "Babel".into(),
        3 => "Arena".into(),
        n => format!("unknown ({n})"),
    }
}

/// The header as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    pub name: String,
    pub author: String,
    pub game_mode: u8,
    pub size: [u32; 3],
    /// x start, x end, y start, y end.
    pub team1_spawn: [u32; 4],
}

pub fn read_header(bytes: &[u8]) -> Result<Header, DecodeError> {
    let mut r = Reader::new(bytes, FORMAT);
    let name = nul_string(r.bytes(32, "header name")?, "header name", 0)?;
    let author = nul_string(r.bytes(32, "header author")?, "header author", 32)?;
    let game_mode = r.u8("header game mode")?;
    let x = r.u32("header X size")?;
    let y = r.u32("header Y size")?;
    let z = r.u16("header Z size")? as u32;
    let mut team1_spawn = [0u32; 4];
    for (i, v) in team1_spawn.iter_mut().enumerate() {
        *v = r.u32(
            [
                "team 1 spawn x start",
                "team 1 spawn x end",
                "team 1 spawn y start",
                "team 1 spawn y end",
            ][i],
        )?;
    }
    for (v, field, off, max) in [
        (x, "header X size", 65, MAX_SIDE),
        (y, "header Y size", 69, MAX_SIDE),
        (z, "header Z size", 73, MAX_DEPTH),
    ] {
        if v == 0 || v > max {
            return Err(DecodeError::new(
                FORMAT,
                field,
                off,
                format!("{v} is outside 1..={max}, the largest map mapscope holds"),
            ));
        }
    }
    let expected = (x as u64)
        .checked_mul(y as u64)
        .and_then(|n| n.checked_mul(z as u64))
        .and_then(|n| n.checked_mul(RECORD_LEN as u64))
        .and_then(|n| n.checked_add(HEADER_LEN as u64));
    if expected != Some(bytes.len() as u64) {
        return Err(DecodeError::new(
            FORMAT,
            "voxel records",
            HEADER_LEN,
            format!(
                "a {x}x{y}x{z} map needs 91 + {x}*{y}*{z}*8 = {} bytes, but the file has {}",
                expected.map_or("too many".to_string(), |n| n.to_string()),
                bytes.len()
            ),
        ));
    }
    Ok(Header {
        name,
        author,
        game_mode,
        size: [x, y, z],
        team1_spawn,
    })
}

fn nul_string(b: &[u8], field: &str, offset: usize) -> Result<String, DecodeError> {
    let Some(end) = b.iter().position(|&c| c == 0) else {
        return Err(DecodeError::new(
            FORMAT,
            field,
            offset,
            "has no NUL within its 32 bytes; the spec says such a file must be refused",
        ));
    };
    Ok(String::from_utf8_lossy(&b[..end]).into_owned())
}

mod decode;
mod encode;
mod sniff;
#[cfg(test)]
mod tests;

pub use decode::decode;
pub use encode::encode;
pub use sniff::{sniff, sniff_whole};
