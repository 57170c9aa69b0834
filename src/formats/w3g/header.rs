//! The file header: the magic, the sizes of the compressed data, and the
//! sub-header with the game's version.
//!
//! ```text
//! 0   28 bytes "Warcraft III recorded game\x1A\0"
//! 28  u32 header size (0x40 version 0, 0x44 version 1)
//! 32  u32 compressed file size (the whole file)
//! 36  u32 header version: 0 before patch 1.07, 1 since
//! 40  u32 inflated data size   44 u32 block count
//! version 0 (16 bytes): u16 unknown  u16 patch  u16 build  u16 flags
//!                       u32 length ms  u32 CRC32
//! version 1 (20 bytes): [4]u8 product "PX3W" / "3RAW" (reversed)
//!                       u32 patch  u16 build  u16 flags  u32 length ms  u32 CRC32
//! ```
//!
//! Patch 1.32 (Reforged) kept this header: its patch number is 10032, 2.0's
//! is 10100 ([`Header::patch`] folds them to 32 and 100). What changed is
//! the block headers that follow ([`Header::wide_blocks`]).

use super::cursor::Cursor;
use super::error::{Place, ReplayError};

pub const MAGIC: &[u8; 28] = b"Warcraft III recorded game\x1A\0";

/// Header version 0's size and version 1's.
const SIZE_V0: u32 = 0x40;
const SIZE_V1: u32 = 0x44;
/// The first build with 12-byte block headers (1.32.0; 1.31.1 is 6072).
const FIRST_WIDE_BLOCK_BUILD: u16 = 6089;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// 0 (before 1.07) or 1.
    pub header_version: u32,
    /// Where the first block starts: the declared header size.
    pub header_size: u32,
    /// The whole file's size, as the header says.
    pub compressed_size: u32,
    /// The inflated data's size, as the header says.
    pub data_size: u32,
    pub block_count: u32,
    /// "W3XP" (The Frozen Throne) or "WAR3" (Reign of Chaos); "WAR3" for
    /// header version 0, which has no product field.
    pub product: String,
    /// The version as the file writes it: 26 for 1.26, 10032 for 1.32,
    /// 10100 for 2.0.
    pub version: u32,
    pub build: u16,
    /// 0x8000 multiplayer, 0 single player.
    pub flags: u16,
    /// The game's length as the header says, in milliseconds.
    pub duration_ms: u32,
    pub crc: u32,
}

impl Header {
    /// The minor patch number: 18 for 1.18, 32 for 1.32, 100 for 2.0.
    pub fn patch(&self) -> u32 {
        if self.version >= 10000 {
            self.version - 10000
        } else {
            self.version
        }
    }

    /// Whether blocks have 12-byte headers with 32-bit sizes: from 1.32
    /// (build 6089) on, told by the build (1.30 and 1.31 already write
    /// versions 10030 and 10031 with narrow blocks).
    pub fn wide_blocks(&self) -> bool {
        self.build >= FIRST_WIDE_BLOCK_BUILD
    }

    /// "1.26", "1.32", "2.0": the version as players say it.
    pub fn version_label(&self) -> String {
        match self.patch() {
            p if p >= 100 => format!("{}.{}", p / 100 + 1, p % 100),
            p => format!("1.{p:02}"),
        }
    }
}

/// Whether `bytes` start like a replay.
pub fn sniff(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

pub fn read(bytes: &[u8]) -> Result<Header, ReplayError> {
    let mut c = Cursor::new(bytes, Place::File);
    let magic = c.bytes(MAGIC.len(), "magic")?;
    if magic != MAGIC {
        return Err(c.error_at(0, "magic", "not \"Warcraft III recorded game\""));
    }
    let size_at = c.pos();
    let header_size = c.u32("header size")?;
    let compressed_size = c.u32("compressed file size")?;
    let version_at = c.pos();
    let header_version = c.u32("header version")?;
    let data_size = c.u32("inflated data size")?;
    let block_count = c.u32("block count")?;
    let expected = match header_version {
        0 => SIZE_V0,
        1 => SIZE_V1,
        v => {
            return Err(c.error_at(
                version_at,
                "header version",
                format!("{v} is not a known header version (known: 0, 1)"),
            ))
        }
    };
    if header_size != expected {
        return Err(c.error_at(
            size_at,
            "header size",
            format!("{header_size} bytes, but header version {header_version} has {expected}"),
        ));
    }
    let (product, version, build, flags, duration_ms, crc) = if header_version == 0 {
        c.skip(2, "sub-header unknown")?;
        let version = u32::from(c.u16("patch version")?);
        let build = c.u16("build number")?;
        (
            "WAR3".to_string(),
            version,
            build,
            c.u16("flags")?,
            c.u32("length ms")?,
            c.u32("header CRC")?,
        )
    } else {
        let mut product: Vec<u8> = c.bytes(4, "product")?.to_vec();
        product.reverse();
        let product = String::from_utf8_lossy(&product).into_owned();
        (
            product,
            c.u32("patch version")?,
            c.u16("build number")?,
            c.u16("flags")?,
            c.u32("length ms")?,
            c.u32("header CRC")?,
        )
    };
    Ok(Header {
        header_version,
        header_size,
        compressed_size,
        data_size,
        block_count,
        product,
        version,
        build,
        flags,
        duration_ms,
        crc,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(version: u32, build: u16) -> Header {
        Header {
            header_version: 1,
            header_size: SIZE_V1,
            compressed_size: 0,
            data_size: 0,
            block_count: 0,
            product: "W3XP".into(),
            version,
            build,
            flags: 0x8000,
            duration_ms: 0,
            crc: 0,
        }
    }

    #[test]
    fn versions_fold_to_patch_numbers() {
        assert_eq!(header(26, 6059).version_label(), "1.26");
        assert_eq!(header(10032, 6105).version_label(), "1.32");
        assert_eq!(header(10100, 6115).version_label(), "2.0");
        assert!(!header(31, 6072).wide_blocks());
        assert!(header(10032, 6091).wide_blocks());
    }

    #[test]
    fn an_unknown_header_version_names_its_byte() {
        let mut b = MAGIC.to_vec();
        for v in [SIZE_V1, 100, 7, 0, 0] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        let e = read(&b).unwrap_err();
        assert_eq!((e.field.as_str(), e.offset), ("header version", 36));
    }
}
