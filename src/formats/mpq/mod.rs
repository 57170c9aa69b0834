//! MPQ archives as Warcraft III maps use them: found after the `HM3W` map
//! header (or at offset 0), hash and block tables, sectored and single-unit
//! files, encryption (with the key adjusted by offset and size), and zlib,
//! bzip2 and PKWARE implode, alone or chained. Protected maps are read the
//! way the game reads them: the header's size, archive size and version
//! are ignored, table offsets wrap around 2^32, and no count is trusted
//! past the end of the file. See FORMAT-NOTES.md ("Warcraft III maps").
//!
//! Every size is checked against the file before anything is allocated,
//! and a file's output is capped at its declared size.

pub mod crypto;
pub mod decompress;
mod tables;
/// Writing archives: for tests and fuzz seeds, not the viewer.
#[cfg(any(test, feature = "samples"))]
pub mod write;

use crate::formats::error::{DecodeError, Format};
use crypto::{adjusted_key, decrypt, file_key};
pub use tables::{Block, HashEntry};

const FORMAT: Format = Format::W3x;

pub const MAGIC: &[u8; 4] = b"MPQ\x1A";
pub const MAP_MAGIC: &[u8; 4] = b"HM3W";

/// Block flags.
pub const IMPLODED: u32 = 0x0000_0100;
pub const COMPRESSED: u32 = 0x0000_0200;
pub const ENCRYPTED: u32 = 0x0001_0000;
pub const KEY_ADJUSTED: u32 = 0x0002_0000;
pub const SINGLE_UNIT: u32 = 0x0100_0000;
pub const SECTOR_CRC: u32 = 0x0400_0000;
pub const EXISTS: u32 = 0x8000_0000;

/// The largest file mapscope takes out of an archive: far above any map
/// file, small enough that a lying block table cannot exhaust memory.
pub const MAX_FILE: u32 = 256 << 20;

/// How much larger than its stored bytes a file may say it is (plus
/// [`RATIO_SLACK`]): more than real maps compress, and a bound on what a few
/// hostile bytes can make mapscope hold.
pub const MAX_RATIO: u64 = 2048;
pub const RATIO_SLACK: u64 = 64 << 10;

/// The map header some archives start with (`HM3W`, 512 bytes).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MapHeader {
    pub name: String,
    pub flags: u32,
    pub max_players: u32,
}

/// An opened archive, borrowing the file's bytes.
#[derive(Debug)]
pub struct Archive<'a> {
    bytes: &'a [u8],
    /// Where the MPQ header starts; block offsets count from here.
    start: u64,
    sector_size: usize,
    hashes: Vec<HashEntry>,
    blocks: Vec<Block>,
    pub map_header: Option<MapHeader>,
    /// What the reader worked around (a protected header, clamped tables).
    pub notes: Vec<String>,
}

/// Whether the bytes look like a map archive: a map header or an MPQ header
/// at the start.
pub fn sniff(bytes: &[u8]) -> Result<(), String> {
    if bytes.starts_with(MAP_MAGIC) || bytes.starts_with(MAGIC) {
        Ok(())
    } else {
        Err("no HM3W or MPQ header at byte 0".into())
    }
}

fn err(field: impl Into<String>, offset: u64, problem: impl Into<String>) -> DecodeError {
    DecodeError::new(FORMAT, field, offset as usize, problem)
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    bytes
        .get(at..at + 4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

fn read_map_header(bytes: &[u8]) -> Option<MapHeader> {
    if !bytes.starts_with(MAP_MAGIC) {
        return None;
    }
    let name_bytes = bytes.get(8..512.min(bytes.len()))?;
    let end = name_bytes.iter().position(|&b| b == 0)?;
    let name = String::from_utf8_lossy(&name_bytes[..end]).into_owned();
    let after = 8 + end + 1;
    Some(MapHeader {
        name,
        flags: u32_at(bytes, after).unwrap_or(0),
        max_players: u32_at(bytes, after + 4).unwrap_or(0),
    })
}

impl<'a> Archive<'a> {
    /// Finds the MPQ header (at the first 512-byte step that holds one) and
    /// reads the tables.
    pub fn open(bytes: &'a [u8]) -> Result<Archive<'a>, DecodeError> {
        let start = (0..bytes.len())
            .step_by(512)
            .find(|&at| bytes[at..].starts_with(MAGIC))
            .ok_or_else(|| {
                err(
                    "MPQ header",
                    0,
                    "no MPQ header (\"MPQ\\x1A\") at any 512-byte step of the file",
                )
            })?;
        let header = bytes.get(start..start + 32).ok_or_else(|| {
            err(
                "MPQ header",
                start as u64,
                "the file ends inside the header",
            )
        })?;
        let word =
            |i: usize| u32::from_le_bytes([header[i], header[i + 1], header[i + 2], header[i + 3]]);
        let mut notes = Vec::new();
        let (header_size, version) = (word(4), u16::from_le_bytes([header[12], header[13]]));
        if header_size != 32 || version != 0 {
            // The game reads every map as format 0; protectors fill these in.
            notes.push(format!(
                "MPQ header says size {header_size} and format {version}; read as the game does, as a 32-byte format 0 header"
            ));
        }
        let shift = u16::from_le_bytes([header[14], header[15]]);
        if shift > 15 {
            return Err(err(
                "MPQ header sector size shift",
                start as u64 + 14,
                format!("{shift} would make sectors of 512 << {shift} bytes"),
            ));
        }
        let sector_size = 512usize << shift;
        let (hash_pos, block_pos) = (word(16), word(20));
        let (hash_count, block_count) = (word(24), word(28));
        let at = |relative: u32| (start as u32).wrapping_add(relative) as u64;
        let hashes = tables::read_hashes(bytes, at(hash_pos), hash_count, &mut notes)?;
        let blocks = tables::read_blocks(bytes, at(block_pos), block_count, &mut notes)?;
        Ok(Archive {
            bytes,
            start: start as u64,
            sector_size,
            hashes,
            blocks,
            map_header: read_map_header(bytes),
            notes,
        })
    }

    /// Every file the hash table holds, named or not: its name's two check
    /// hashes and its block, for comparing archives whose names are not all
    /// known (protected maps drop their `(listfile)`).
    pub fn entries(&self) -> Vec<((u32, u32), Block)> {
        self.hashes
            .iter()
            .filter_map(|e| {
                let b = self.blocks.get(e.block as usize)?;
                (b.flags & EXISTS != 0).then_some(((e.check_a, e.check_b), *b))
            })
            .collect()
    }

    /// A block's bytes as stored (compressed, encrypted), cut at the file's
    /// end.
    pub fn stored(&self, b: &Block) -> &'a [u8] {
        let len = self.bytes.len() as u64;
        let offset = (self.start as u32).wrapping_add(b.offset) as u64;
        let end = (offset + b.stored_size as u64).min(len);
        &self.bytes[offset.min(len) as usize..end as usize]
    }

    /// The block holding `name`, if the archive has it.
    pub fn find(&self, name: &str) -> Option<&Block> {
        tables::find(&self.hashes, name).and_then(|i| self.blocks.get(i as usize))
    }

    /// The bytes of `name`, or `None` where the archive does not hold it.
    pub fn read(&self, name: &str) -> Result<Option<Vec<u8>>, DecodeError> {
        let Some(block) = self.find(name) else {
            return Ok(None);
        };
        self.read_block(name, block).map(Some)
    }

    fn read_block(&self, name: &str, b: &Block) -> Result<Vec<u8>, DecodeError> {
        let (stored, offset) = self.stored_checked(name, b)?;
        let key = (b.flags & ENCRYPTED != 0).then(|| {
            let k = file_key(name);
            if b.flags & KEY_ADJUSTED != 0 {
                adjusted_key(k, b.offset, b.file_size)
            } else {
                k
            }
        });
        if b.flags & SINGLE_UNIT != 0 || b.flags & (COMPRESSED | IMPLODED) == 0 {
            return self.read_whole(name, b, stored, offset, key);
        }
        self.read_sectors(name, b, (stored, offset), key)
    }

    /// The bytes block `b` (of file `name`) has stored, and where they
    /// start, once its flags and sizes are found sound.
    fn stored_checked(&self, name: &str, b: &Block) -> Result<(&'a [u8], u64), DecodeError> {
        let field = |what: &str| format!("file {name} {what}");
        let offset = (self.start as u32).wrapping_add(b.offset) as u64;
        if b.flags & EXISTS == 0 {
            return Err(err(
                field("block flags"),
                offset,
                "the block is marked deleted",
            ));
        }
        if b.file_size > MAX_FILE {
            return Err(err(
                field("size"),
                offset,
                format!(
                    "{} bytes declared, more than the {MAX_FILE} mapscope reads",
                    b.file_size
                ),
            ));
        }
        // Protected maps may claim more stored bytes than the file has left;
        // the sector table says what is really used.
        let len = self.bytes.len() as u64;
        if offset >= len && b.stored_size > 0 {
            return Err(err(
                field("data"),
                offset,
                format!("starts past the end of the {len}-byte file"),
            ));
        }
        let end = (offset + b.stored_size as u64).min(len);
        let stored = &self.bytes[offset.min(len) as usize..end as usize];
        if b.file_size as u64 > stored.len() as u64 * MAX_RATIO + RATIO_SLACK {
            return Err(err(
                field("size"),
                offset,
                format!(
                    "{} bytes declared for {} stored: more than {MAX_RATIO} times larger, a decompression bomb or a corrupt table",
                    b.file_size,
                    stored.len()
                ),
            ));
        }
        Ok((stored, offset))
    }

    /// A file compressed sector by sector, after its table of where each
    /// sector ends (`stored` at `offset` in the archive).
    fn read_sectors(
        &self,
        name: &str,
        b: &Block,
        (stored, offset): (&[u8], u64),
        key: Option<u32>,
    ) -> Result<Vec<u8>, DecodeError> {
        let field = |what: &str| format!("file {name} {what}");
        let size = b.file_size as usize;
        let sectors = size.div_ceil(self.sector_size);
        let entries = sectors + 1 + (b.flags & SECTOR_CRC != 0) as usize;
        let table_len = entries * 4;
        if table_len > stored.len() {
            return Err(err(
                field("sector table"),
                offset,
                format!(
                    "{entries} entries do not fit in its {} stored bytes",
                    stored.len()
                ),
            ));
        }
        let mut table = stored[..table_len].to_vec();
        if let Some(k) = key {
            decrypt(&mut table, k.wrapping_sub(1));
        }
        let ends: Vec<usize> = table
            .chunks_exact(4)
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]) as usize)
            .collect();
        let mut out = Vec::with_capacity(size.min(16 << 20));
        for s in 0..sectors {
            let (from, to) = (ends[s], ends[s + 1]);
            let sector_field = field(&format!("sector {s}"));
            let data = stored.get(from..to).ok_or_else(|| {
                err(
                    sector_field.clone(),
                    offset + 4 * s as u64,
                    format!(
                        "bytes {from}..{to} are outside its {} stored bytes",
                        stored.len()
                    ),
                )
            })?;
            let plain = self.sector_size.min(size - out.len());
            // Copied only to be decrypted.
            let mut data = std::borrow::Cow::Borrowed(data);
            if let Some(k) = key {
                decrypt(data.to_mut(), k.wrapping_add(s as u32));
            }
            let bytes = unpack(&data, plain, b.flags)
                .map_err(|p| err(sector_field, offset + from as u64, p.to_string()))?;
            out.extend_from_slice(&bytes);
        }
        Ok(out)
    }

    /// A file stored as one unit, or uncompressed in sectors (which then
    /// simply follow each other).
    fn read_whole(
        &self,
        name: &str,
        b: &Block,
        stored: &[u8],
        offset: u64,
        key: Option<u32>,
    ) -> Result<Vec<u8>, DecodeError> {
        let size = b.file_size as usize;
        let mut data = stored.to_vec();
        if let Some(k) = key {
            if b.flags & SINGLE_UNIT != 0 {
                decrypt(&mut data, k);
            } else {
                for (s, chunk) in data.chunks_mut(self.sector_size).enumerate() {
                    decrypt(chunk, k.wrapping_add(s as u32));
                }
            }
        }
        if b.flags & (COMPRESSED | IMPLODED) == 0 {
            if data.len() < size {
                return Err(err(
                    format!("file {name} data"),
                    offset,
                    format!("{} bytes stored for {size} declared", data.len()),
                ));
            }
            data.truncate(size);
            return Ok(data);
        }
        unpack(&data, size, b.flags)
            .map_err(|p| err(format!("file {name} data"), offset, p.to_string()))
    }
}

/// A stored sector (or single unit) of `size` plain bytes: raw where it is
/// as large as that, else decompressed as the block's flags say.
fn unpack(data: &[u8], size: usize, flags: u32) -> Result<Vec<u8>, decompress::Problem> {
    if data.len() >= size {
        return Ok(data[..size].to_vec());
    }
    if flags & IMPLODED != 0 {
        let out = decompress::implode(data, size)?;
        if out.len() != size {
            return Err(decompress::Problem::TooSmall {
                got: out.len(),
                want: size,
            });
        }
        return Ok(out);
    }
    decompress::sector(data, size)
}

#[cfg(test)]
mod tests;
