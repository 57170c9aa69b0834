//! The game settings string: the map's path and checksum and the lobby's
//! options, stored "encoded" so that it holds no NUL byte.
//!
//! Encoding: the bytes go in groups of up to seven, each group led by a
//! mask byte. Bit `i` (1..=7) of the mask set means the group's byte `i`
//! is stored as it is; clear, it is stored plus one (a zero becomes one).
//! Bit 0 of the mask is always set, so the mask itself is never zero.
//!
//! Decoded:
//!
//! ```text
//! u8 speed  u8 flags (bit 0 hide terrain, 1 map explored, 2 always visible,
//!    3 default, bits 4-5 observers, 6 teams together)
//! u8 flags (bits 1-2 fixed teams)  u8 flags (bit 0 shared unit control,
//!    1 random hero, 2 random races, 6 referees)
//! u8 unknown  u16 map width  u16 map height  u32 map checksum
//! map path (NUL-terminated)  creator (NUL-terminated)
//! 1.32 on: u8 unknown  [20]u8 map SHA-1
//! ```

use super::cursor::Cursor;
use super::error::{Place, ReplayError};

/// What the settings string says of the map and the lobby.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GameSettings {
    pub speed: u8,
    /// The three option bytes after the speed, as stored.
    pub flags: [u8; 3],
    /// 0 none, 1 and 2 on defeat (by version), 3 full observers.
    pub observer_mode: u8,
    pub map_width: u16,
    pub map_height: u16,
    /// The map's checksum as the game computes it (little-endian u32).
    pub map_checksum: u32,
    /// The map's SHA-1, where the string has one (1.32 on).
    pub map_sha1: Option<[u8; 20]>,
    /// As stored: `Maps\FrozenThrone\(4)TwistedMeadows.w3x`.
    pub map_path: String,
    pub creator: String,
}

/// Undoes the encoding of [`super`]'s settings string (see the module's
/// notes). The output is never longer than the input.
pub fn decode_string(encoded: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(encoded.len());
    let mut mask = 0u8;
    for (i, &b) in encoded.iter().enumerate() {
        let bit = i % 8;
        if bit == 0 {
            mask = b;
        } else if mask & (1 << bit) == 0 {
            out.push(b.wrapping_sub(1));
        } else {
            out.push(b);
        }
    }
    out
}

/// Reads the decoded settings string. `at` is the encoded string's offset,
/// for errors (offsets inside the decoded string are not the file's).
pub fn read(decoded: &[u8], at: usize) -> Result<GameSettings, ReplayError> {
    let mut c = Cursor::new(decoded, Place::Data);
    let wrap = |e: ReplayError| {
        ReplayError::new(
            Place::Data,
            format!("game settings {}", e.field),
            at,
            format!("{} (byte {} of the decoded string)", e.problem, e.offset),
        )
    };
    let mut s = GameSettings {
        speed: c.u8("speed").map_err(wrap)?,
        ..GameSettings::default()
    };
    for f in &mut s.flags {
        *f = c.u8("option flags").map_err(wrap)?;
    }
    s.observer_mode = (s.flags[0] >> 4) & 3;
    c.skip(1, "unknown byte").map_err(wrap)?;
    s.map_width = c.u16("map width").map_err(wrap)?;
    s.map_height = c.u16("map height").map_err(wrap)?;
    s.map_checksum = c.u32("map checksum").map_err(wrap)?;
    s.map_path = c.c_string("map path").map_err(wrap)?;
    s.creator = c.c_string("creator").map_err(wrap)?;
    if c.remaining() >= 21 {
        c.skip(1, "unknown byte").map_err(wrap)?;
        let mut sha = [0u8; 20];
        sha.copy_from_slice(c.bytes(20, "map SHA-1").map_err(wrap)?);
        s.map_sha1 = Some(sha);
    }
    Ok(s)
}

/// Encodes `plain` the way the game does (for the synthetic replays of
/// tests and fuzz seeds).
#[cfg(any(test, feature = "samples"))]
pub fn encode_string(plain: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(plain.len() + plain.len() / 7 + 1);
    for group in plain.chunks(7) {
        let mut mask = 1u8;
        for (i, &b) in group.iter().enumerate() {
            // Odd bytes are never zero: they go as they are.
            if b % 2 == 1 {
                mask |= 1 << (i + 1);
            }
        }
        out.push(mask);
        for &b in group {
            out.push(if b % 2 == 1 { b } else { b + 1 });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips_and_holds_no_nul() {
        let plain: Vec<u8> = (0..=255u8).chain([0, 0, 0, 1]).collect();
        let enc = encode_string(&plain);
        assert!(!enc.contains(&0));
        assert_eq!(decode_string(&enc), plain);
    }

    #[test]
    fn a_short_string_names_the_field() {
        let e = read(&[2, 0, 0, 0, 0, 1], 100).unwrap_err();
        assert_eq!(e.offset, 100);
        assert!(e.field.contains("map width"), "{e}");
    }
}
