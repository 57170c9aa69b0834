//! MPQ's hashing and encryption: one table of 0x500 words drives the name
//! hashes (bucket, check A, check B, file key) and the stream cipher that
//! hides the hash and block tables and encrypted files.

use std::sync::OnceLock;

/// What a name is hashed for: the hash table bucket, the two check values
/// stored in the entry, and a file's encryption key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HashKind {
    Bucket = 0,
    CheckA = 1,
    CheckB = 2,
    FileKey = 3,
}

fn table() -> &'static [u32; 0x500] {
    static TABLE: OnceLock<[u32; 0x500]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [0u32; 0x500];
        let mut seed: u32 = 0x0010_0001;
        for i in 0..0x100 {
            for k in 0..5 {
                seed = (seed * 125 + 3) % 0x2A_AAAB;
                let high = (seed & 0xFFFF) << 16;
                seed = (seed * 125 + 3) % 0x2A_AAAB;
                t[i + k * 0x100] = high | (seed & 0xFFFF);
            }
        }
        t
    })
}

/// The hash of a file name: case-insensitive, with `/` read as `\`.
pub fn hash(name: &str, kind: HashKind) -> u32 {
    let t = table();
    let (mut seed1, mut seed2): (u32, u32) = (0x7FED_7FED, 0xEEEE_EEEE);
    for &b in name.as_bytes() {
        let c = match b.to_ascii_uppercase() {
            b'/' => b'\\',
            c => c,
        } as u32;
        seed1 = t[((kind as usize) << 8) + c as usize] ^ seed1.wrapping_add(seed2);
        seed2 = c
            .wrapping_add(seed1)
            .wrapping_add(seed2)
            .wrapping_add(seed2 << 5)
            .wrapping_add(3);
    }
    seed1
}

/// The key of a file: hashed from its name without the folder.
pub fn file_key(name: &str) -> u32 {
    let base = name.rsplit(['\\', '/']).next().unwrap_or(name);
    hash(base, HashKind::FileKey)
}

/// The key of a file whose key is adjusted by its place and size
/// (block flag 0x20000).
pub fn adjusted_key(key: u32, offset: u32, size: u32) -> u32 {
    key.wrapping_add(offset) ^ size
}

/// Decrypts whole little-endian words of `data` in place; trailing bytes
/// (less than a word) are left as they are, as the game does.
pub fn decrypt(data: &mut [u8], key: u32) {
    run(data, key, false);
}

/// Encrypts, for the archive writer.
pub fn encrypt(data: &mut [u8], key: u32) {
    run(data, key, true);
}

fn run(data: &mut [u8], mut key: u32, encrypting: bool) {
    let t = table();
    let mut seed: u32 = 0xEEEE_EEEE;
    for word in data.chunks_exact_mut(4) {
        seed = seed.wrapping_add(t[0x400 + (key & 0xFF) as usize]);
        let value = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
        let out = value ^ key.wrapping_add(seed);
        key = ((!key) << 21).wrapping_add(0x1111_1111) | (key >> 11);
        let plain = if encrypting { value } else { out };
        seed = plain
            .wrapping_add(seed)
            .wrapping_add(seed << 5)
            .wrapping_add(3);
        word.copy_from_slice(&out.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_keys_are_the_known_ones() {
        // The keys every MPQ reader uses for the two tables.
        assert_eq!(hash("(hash table)", HashKind::FileKey), 0xC3AF_3770);
        assert_eq!(hash("(block table)", HashKind::FileKey), 0xEC83_B3A3);
    }

    #[test]
    fn names_hash_without_case_or_slash_direction() {
        let a = hash("Units\\Human.txt", HashKind::CheckA);
        assert_eq!(a, hash("units/HUMAN.TXT", HashKind::CheckA));
        assert_ne!(a, hash("units\\human.txt", HashKind::CheckB));
        assert_eq!(file_key("a\\b\\war3map.w3e"), file_key("war3map.w3e"));
    }

    #[test]
    fn encryption_round_trips_and_leaves_a_tail() {
        let plain: Vec<u8> = (0..23u8).collect();
        let mut data = plain.clone();
        encrypt(&mut data, 0x1234_5678);
        assert_ne!(data[..20], plain[..20]);
        assert_eq!(data[20..], plain[20..], "the 3-byte tail stays");
        decrypt(&mut data, 0x1234_5678);
        assert_eq!(data, plain);
    }
}
