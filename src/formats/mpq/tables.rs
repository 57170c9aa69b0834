//! The hash table (names to blocks) and the block table (where each file
//! is and how it is stored), both encrypted. Counts are clamped to what
//! the file holds, as the game does for protected maps.

use super::crypto::{decrypt, hash, HashKind};
use super::err;
use crate::formats::error::DecodeError;

/// No file has ever used this entry: a lookup stops here.
pub const EMPTY: u32 = 0xFFFF_FFFF;
/// A file was deleted here: a lookup goes on.
pub const DELETED: u32 = 0xFFFF_FFFE;

/// One entry of the hash table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashEntry {
    pub check_a: u32,
    pub check_b: u32,
    pub locale: u16,
    pub platform: u16,
    pub block: u32,
}

/// One entry of the block table: where a file is (from the MPQ header),
/// its stored and plain sizes, and how it is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    pub offset: u32,
    pub stored_size: u32,
    pub file_size: u32,
    pub flags: u32,
}

/// `count` 16-byte entries at `at`, decrypted with the key of `name`;
/// fewer where the file ends first (noted).
fn read_table(
    bytes: &[u8],
    at: u64,
    count: u32,
    name: &str,
    notes: &mut Vec<String>,
) -> Result<Vec<[u32; 4]>, DecodeError> {
    let len = bytes.len() as u64;
    if at > len {
        return Err(err(
            format!("MPQ {name}"),
            at,
            format!("starts past the end of the {len}-byte file"),
        ));
    }
    let fits = (len - at) / 16;
    let n = (count as u64).min(fits);
    if n < count as u64 {
        notes.push(format!(
            "the {name} declares {count} entries; the file holds {n}"
        ));
    }
    let mut raw = bytes[at as usize..(at + n * 16) as usize].to_vec();
    decrypt(&mut raw, hash(&format!("({name})"), HashKind::FileKey));
    Ok(raw
        .chunks_exact(16)
        .map(|e| {
            let w = |i: usize| u32::from_le_bytes([e[i], e[i + 1], e[i + 2], e[i + 3]]);
            [w(0), w(4), w(8), w(12)]
        })
        .collect())
}

pub fn read_hashes(
    bytes: &[u8],
    at: u64,
    count: u32,
    notes: &mut Vec<String>,
) -> Result<Vec<HashEntry>, DecodeError> {
    let entries = read_table(bytes, at, count, "hash table", notes)?;
    if entries.is_empty() {
        return Err(err("MPQ hash table", at, "has no entries"));
    }
    Ok(entries
        .into_iter()
        .map(|[a, b, lp, block]| HashEntry {
            check_a: a,
            check_b: b,
            locale: lp as u16,
            platform: (lp >> 16) as u16,
            block,
        })
        .collect())
}

pub fn read_blocks(
    bytes: &[u8],
    at: u64,
    count: u32,
    notes: &mut Vec<String>,
) -> Result<Vec<Block>, DecodeError> {
    Ok(read_table(bytes, at, count, "block table", notes)?
        .into_iter()
        .map(|[offset, stored_size, file_size, flags]| Block {
            offset,
            stored_size,
            file_size,
            flags,
        })
        .collect())
}

/// The block index of `name`: probing from its bucket until an empty entry,
/// as the game does. Any locale is taken, the neutral one first.
pub fn find(hashes: &[HashEntry], name: &str) -> Option<u32> {
    let n = hashes.len();
    let (a, b) = (hash(name, HashKind::CheckA), hash(name, HashKind::CheckB));
    // Tables are a power of two long; clamped ones may not be.
    let first = hash(name, HashKind::Bucket) as usize % n;
    let mut found = None;
    for i in 0..n {
        let e = &hashes[(first + i) % n];
        if e.block == EMPTY {
            break;
        }
        if e.block != DELETED && e.check_a == a && e.check_b == b {
            if e.locale == 0 {
                return Some(e.block);
            }
            found.get_or_insert(e.block);
        }
    }
    found
}
