//! Writing MPQ archives, for tests and fuzz seeds: every way of storing a
//! file that map archives use (zlib, bzip2, implode, a chain, stored;
//! sectored or single-unit; encrypted with or without the adjusted key;
//! sector CRCs), with or without a map header, and the tricks of protected
//! maps (garbage header fields, tables before the header so their offsets
//! wrap, a block count past the end of the file, noise in empty entries).

use super::crypto::{adjusted_key, encrypt, file_key, hash, HashKind};
use super::decompress::{BZIP2, IMPLODE, ZLIB};
use super::{
    COMPRESSED, ENCRYPTED, EXISTS, IMPLODED, KEY_ADJUSTED, MAGIC, MAP_MAGIC, SECTOR_CRC,
    SINGLE_UNIT,
};
use std::io::Write;

/// How a file's sectors are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    Stored,
    Zlib,
    Bzip2,
    /// PKWARE implode named by the mask byte.
    Implode,
    /// The old whole-file implode flag, no mask byte (the 2002 beta maps).
    Imploded,
    /// Zlib, then implode over it: mask 0x0A.
    ZlibThenImplode,
}

/// How one file is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileOptions {
    pub compression: Compression,
    pub encrypted: bool,
    pub key_adjusted: bool,
    pub single_unit: bool,
    pub sector_crc: bool,
}

impl Default for FileOptions {
    fn default() -> Self {
        FileOptions {
            compression: Compression::Zlib,
            encrypted: false,
            key_adjusted: false,
            single_unit: false,
            sector_crc: false,
        }
    }
}

/// How the archive is laid out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveOptions {
    /// Writes the 512-byte `HM3W` map header with this name first.
    pub map_name: Option<String>,
    /// Sectors of 512 << shift bytes (3: 4096, as maps use).
    pub sector_shift: u16,
    /// The tricks of protected maps.
    pub protect: bool,
}

impl Default for ArchiveOptions {
    fn default() -> Self {
        ArchiveOptions {
            map_name: Some("Just a Map".into()),
            sector_shift: 3,
            protect: false,
        }
    }
}

/// Copy lengths of the PKWARE DCL format: symbol s copies `LEN_BASE[s]`
/// plus `LEN_EXTRA[s]` more bits' worth of bytes.
const LEN_BASE: [u32; 16] = [3, 2, 4, 5, 6, 7, 8, 9, 10, 12, 16, 24, 40, 72, 136, 264];
const LEN_EXTRA: [u32; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8];
/// The canonical code of each length symbol, as (code, bits); DCL stores
/// codes most significant bit first and inverted.
const LEN_CODE: [(u32, u32); 16] = [
    (0b00, 2),
    (0b010, 3),
    (0b011, 3),
    (0b100, 3),
    (0b1010, 4),
    (0b1011, 4),
    (0b1100, 4),
    (0b11010, 5),
    (0b11011, 5),
    (0b11100, 5),
    (0b11101, 5),
    (0b111100, 6),
    (0b111101, 6),
    (0b111110, 6),
    (0b1111110, 7),
    (0b1111111, 7),
];
/// The longest copy; 519 marks the end of the data.
const MAX_COPY: usize = 518;

/// PKWARE DCL "implode" (binary mode, 1 KiB dictionary) that copies runs of
/// a repeated byte and writes every other byte as a literal: valid data any
/// reader takes, small where files repeat bytes, as map files do.
pub fn implode(data: &[u8]) -> Vec<u8> {
    let mut bits = Bits::default();
    let mut i = 0;
    while i < data.len() {
        let run = if i == 0 {
            0
        } else {
            data[i..]
                .iter()
                .take(MAX_COPY)
                .take_while(|&&b| b == data[i - 1])
                .count()
        };
        if run >= 3 {
            bits.length(run as u32);
            // Distance 1: symbol 0 (code 00) and four low bits of 0.
            bits.code(0b00, 2);
            bits.push(0, 4);
            i += run;
        } else {
            bits.push(0, 1);
            bits.push(data[i] as u32, 8);
            i += 1;
        }
    }
    bits.length(519);
    let mut out = vec![0, 4];
    out.extend(bits.finish());
    out
}

/// Bits packed least significant first, as PKWARE DCL reads them.
#[derive(Default)]
struct Bits {
    out: Vec<u8>,
    acc: u32,
    n: u32,
}

impl Bits {
    fn push(&mut self, value: u32, count: u32) {
        for i in 0..count {
            self.acc |= ((value >> i) & 1) << self.n;
            self.n += 1;
            if self.n == 8 {
                self.out.push(self.acc as u8);
                (self.acc, self.n) = (0, 0);
            }
        }
    }

    /// A Huffman code: most significant bit first, inverted.
    fn code(&mut self, code: u32, count: u32) {
        for i in (0..count).rev() {
            self.push(((code >> i) & 1) ^ 1, 1);
        }
    }

    /// A copy token's flag and length (3..=518, or 519 for the end).
    fn length(&mut self, len: u32) {
        let s = (0..16)
            .rev()
            .find(|&s| LEN_BASE[s] <= len && s != 1)
            .expect("lengths are 3 or more");
        self.push(1, 1);
        self.code(LEN_CODE[s].0, LEN_CODE[s].1);
        self.push(len - LEN_BASE[s], LEN_EXTRA[s]);
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}

fn zlib(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data).expect("writing to memory");
    e.finish().expect("writing to memory")
}

fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::best());
    e.write_all(data).expect("writing to memory");
    e.finish().expect("writing to memory")
}

/// One sector (or single unit) as stored: compressed where that is smaller.
fn pack(plain: &[u8], compression: Compression) -> Vec<u8> {
    let packed = match compression {
        Compression::Stored => return plain.to_vec(),
        Compression::Zlib => [&[ZLIB][..], &zlib(plain)].concat(),
        Compression::Bzip2 => [&[BZIP2][..], &bzip2(plain)].concat(),
        Compression::Implode => [&[IMPLODE][..], &implode(plain)].concat(),
        Compression::Imploded => implode(plain),
        Compression::ZlibThenImplode => [&[ZLIB | IMPLODE][..], &implode(&zlib(plain))].concat(),
    };
    if packed.len() < plain.len() {
        packed
    } else {
        plain.to_vec()
    }
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &x in data {
        a = (a + x as u32) % 65521;
        b = (b + a) % 65521;
    }
    (b << 16) | a
}

/// A file's stored bytes, for a block at `offset` (from the MPQ header).
fn store(
    name: &str,
    data: &[u8],
    o: &FileOptions,
    sector_size: usize,
    offset: u32,
) -> (Vec<u8>, u32) {
    let mut flags = EXISTS;
    flags |= match o.compression {
        Compression::Stored => 0,
        Compression::Imploded => IMPLODED,
        _ => COMPRESSED,
    };
    let key = o.encrypted.then(|| {
        let k = file_key(name);
        if o.key_adjusted {
            adjusted_key(k, offset, data.len() as u32)
        } else {
            k
        }
    });
    if o.encrypted {
        flags |= ENCRYPTED | if o.key_adjusted { KEY_ADJUSTED } else { 0 };
    }
    if o.single_unit || o.compression == Compression::Stored {
        if o.single_unit {
            flags |= SINGLE_UNIT;
        }
        let mut out = if o.single_unit {
            pack(data, o.compression)
        } else {
            data.to_vec()
        };
        if let Some(k) = key {
            if o.single_unit {
                encrypt(&mut out, k);
            } else {
                for (s, chunk) in out.chunks_mut(sector_size).enumerate() {
                    encrypt(chunk, k.wrapping_add(s as u32));
                }
            }
        }
        return (out, flags);
    }
    let sectors: Vec<Vec<u8>> = data
        .chunks(sector_size)
        .enumerate()
        .map(|(s, chunk)| {
            let mut packed = pack(chunk, o.compression);
            if let Some(k) = key {
                encrypt(&mut packed, k.wrapping_add(s as u32));
            }
            packed
        })
        .collect();
    if o.sector_crc {
        flags |= SECTOR_CRC;
    }
    let entries = sectors.len() + 1 + o.sector_crc as usize;
    let mut ends = vec![(entries * 4) as u32];
    let mut body = Vec::new();
    for s in &sectors {
        body.extend_from_slice(s);
        ends.push((entries * 4 + body.len()) as u32);
    }
    if o.sector_crc {
        for s in &sectors {
            body.extend_from_slice(&adler32(s).to_le_bytes());
        }
        ends.push((entries * 4 + body.len()) as u32);
    }
    let mut table: Vec<u8> = ends.iter().flat_map(|e| e.to_le_bytes()).collect();
    if let Some(k) = key {
        encrypt(&mut table, k.wrapping_sub(1));
    }
    table.extend(body);
    (table, flags)
}

/// Writes `files` (name, bytes, how) as an archive.
pub fn write(files: &[(&str, &[u8], FileOptions)], options: &ArchiveOptions) -> Vec<u8> {
    let sector_size = 512usize << options.sector_shift;
    let hash_count = (files.len() * 2 + 4).next_power_of_two();
    let mut out = Vec::new();
    if let Some(name) = &options.map_name {
        out.extend_from_slice(MAP_MAGIC);
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(name.as_bytes());
        out.push(0);
        out.extend_from_slice(&0u32.to_le_bytes()); // flags
        out.extend_from_slice(&(files.len() as u32).to_le_bytes()); // players
        out.resize(512, 0);
    }
    // Protected: the tables sit before the MPQ header, so their offsets
    // from it are "negative" and wrap around 2^32.
    let tables_first = options.protect;
    let tables_len = (hash_count + files.len()) * 16;
    let tables_at = out.len();
    if tables_first {
        out.resize(tables_at + tables_len, 0);
        out.resize(out.len().div_ceil(512) * 512, 0);
    }
    let start = out.len();
    out.resize(start + 32, 0);
    let mut blocks: Vec<[u32; 4]> = Vec::new();
    for (name, data, o) in files {
        let offset = (out.len() - start) as u32;
        let (stored, flags) = store(name, data, o, sector_size, offset);
        blocks.push([offset, stored.len() as u32, data.len() as u32, flags]);
        out.extend(stored);
    }
    let mut hashes = vec![[0u32, 0, 0, super::tables::EMPTY]; hash_count];
    if options.protect {
        // Noise in the entries no file uses, as protectors leave it.
        for (i, e) in hashes.iter_mut().enumerate() {
            e[0] = (i as u32).wrapping_mul(0x9E37_79B9);
            e[1] = !e[0];
        }
    }
    for (i, (name, _, _)) in files.iter().enumerate() {
        let mut at = hash(name, HashKind::Bucket) as usize % hash_count;
        while hashes[at][3] != super::tables::EMPTY {
            at = (at + 1) % hash_count;
        }
        hashes[at] = [
            hash(name, HashKind::CheckA),
            hash(name, HashKind::CheckB),
            0,
            i as u32,
        ];
    }
    let table_bytes = |entries: &[[u32; 4]], key_name: &str| {
        let mut raw: Vec<u8> = entries
            .iter()
            .flatten()
            .flat_map(|w| w.to_le_bytes())
            .collect();
        encrypt(&mut raw, hash(key_name, HashKind::FileKey));
        raw
    };
    let hash_raw = table_bytes(&hashes, "(hash table)");
    let block_raw = table_bytes(&blocks, "(block table)");
    let (hash_pos, block_pos) = if tables_first {
        out[tables_at..tables_at + hash_raw.len()].copy_from_slice(&hash_raw);
        let b = tables_at + hash_raw.len();
        out[b..b + block_raw.len()].copy_from_slice(&block_raw);
        (tables_at, b)
    } else {
        let h = out.len();
        out.extend(&hash_raw);
        let b = out.len();
        out.extend(&block_raw);
        (h, b)
    };
    let relative = |abs: usize| (abs as u32).wrapping_sub(start as u32);
    let block_count = if options.protect {
        0x0FFF_FFFF
    } else {
        blocks.len() as u32
    };
    let (header_size, archive_size, version) = if options.protect {
        (0x4321_u32, 0xDEAD_BEEF_u32, 0xBEEF_u16)
    } else {
        (32, (out.len() - start) as u32, 0)
    };
    let mut header = Vec::with_capacity(32);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&header_size.to_le_bytes());
    header.extend_from_slice(&archive_size.to_le_bytes());
    header.extend_from_slice(&version.to_le_bytes());
    header.extend_from_slice(&options.sector_shift.to_le_bytes());
    header.extend_from_slice(&relative(hash_pos).to_le_bytes());
    header.extend_from_slice(&relative(block_pos).to_le_bytes());
    header.extend_from_slice(&(hash_count as u32).to_le_bytes());
    header.extend_from_slice(&block_count.to_le_bytes());
    out[start..start + 32].copy_from_slice(&header);
    out
}
