//! Archives written by `write` read back byte for byte, whatever way their
//! files are stored; hostile archives fail with the file's name.

use super::write::{implode, write, ArchiveOptions, Compression, FileOptions};
use super::*;

/// Bytes that compress, and some that do not.
fn payload(len: usize, seed: u32) -> Vec<u8> {
    let mut x = seed.wrapping_mul(2_654_435_761).max(1);
    (0..len)
        .map(|i| {
            if i % 97 < 60 {
                (i / 300) as u8
            } else {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x as u8
            }
        })
        .collect()
}

const COMPRESSIONS: [Compression; 6] = [
    Compression::Stored,
    Compression::Zlib,
    Compression::Bzip2,
    Compression::Implode,
    Compression::Imploded,
    Compression::ZlibThenImplode,
];

#[test]
fn every_way_of_storing_a_file_reads_back() {
    let sizes = [0usize, 1, 4095, 4096, 10_000, 70_000];
    for compression in COMPRESSIONS {
        for (encrypted, key_adjusted) in [(false, false), (true, false), (true, true)] {
            for single_unit in [false, true] {
                for sector_crc in [false, true] {
                    let o = FileOptions {
                        compression,
                        encrypted,
                        key_adjusted,
                        single_unit,
                        sector_crc,
                    };
                    let datas: Vec<Vec<u8>> = sizes
                        .iter()
                        .enumerate()
                        .map(|(i, &n)| payload(n, i as u32))
                        .collect();
                    let names: Vec<String> = (0..sizes.len())
                        .map(|i| format!("dir\\file{i}.bin"))
                        .collect();
                    let files: Vec<(&str, &[u8], FileOptions)> = names
                        .iter()
                        .zip(&datas)
                        .map(|(n, d)| (n.as_str(), d.as_slice(), o))
                        .collect();
                    for protect in [false, true] {
                        let options = ArchiveOptions {
                            protect,
                            ..Default::default()
                        };
                        let bytes = write(&files, &options);
                        let a = Archive::open(&bytes).unwrap_or_else(|e| panic!("{o:?}: {e}"));
                        for (n, d) in names.iter().zip(&datas) {
                            let got = a.read(n).unwrap_or_else(|e| panic!("{o:?} {n}: {e}"));
                            assert_eq!(got.as_ref(), Some(d), "{o:?} protect {protect} {n}");
                        }
                        assert_eq!(a.read("missing.txt").unwrap(), None);
                        assert_eq!(protect, !a.notes.is_empty(), "{:?}", a.notes);
                    }
                }
            }
        }
    }
}

#[test]
fn the_writer_compresses_with_each_method() {
    // Each method is really used (stored smaller than plain), so the
    // reader's every decompression path is exercised above.
    let data = payload(20_000, 3);
    for compression in COMPRESSIONS {
        let o = FileOptions {
            compression,
            single_unit: true,
            ..Default::default()
        };
        let bytes = write(&[("a", &data, o)], &ArchiveOptions::default());
        let block = *Archive::open(&bytes).unwrap().find("a").unwrap();
        let smaller = block.stored_size < block.file_size;
        assert_eq!(
            smaller,
            compression != Compression::Stored,
            "{compression:?}"
        );
    }
    let imploded = implode(&data);
    assert!(imploded.len() < data.len());
    assert_eq!(decompress::implode(&imploded, data.len()).unwrap(), data);
}

#[test]
fn a_map_header_and_its_name_are_read() {
    let bytes = write(
        &[("x", b"hello", FileOptions::default())],
        &ArchiveOptions::default(),
    );
    let a = Archive::open(&bytes).unwrap();
    assert_eq!(a.map_header.as_ref().unwrap().name, "Just a Map");
    assert!(sniff(&bytes).is_ok());
    let bare = write(
        &[("x", b"hello", FileOptions::default())],
        &ArchiveOptions {
            map_name: None,
            ..Default::default()
        },
    );
    assert!(bare.starts_with(MAGIC) && sniff(&bare).is_ok());
    assert_eq!(Archive::open(&bare).unwrap().map_header, None);
    assert!(sniff(b"W3E!").is_err());
}

#[test]
fn hostile_archives_fail_naming_the_file() {
    let data = vec![0u8; 200_000];
    let o = FileOptions::default();
    let bytes = write(&[("war3map.w3e", &data, o)], &ArchiveOptions::default());
    let a = Archive::open(&bytes).unwrap();
    let block = *a.find("war3map.w3e").unwrap();
    // A bomb: zeros compress 1000 to 1, and the table claims even more.
    let mut bomb = bytes.clone();
    let mpq = 512usize;
    let table_at = mpq + u32::from_le_bytes(bytes[mpq + 20..mpq + 24].try_into().unwrap()) as usize;
    let mut table = bomb[table_at..table_at + 16].to_vec();
    crypto::decrypt(
        &mut table,
        crypto::hash("(block table)", crypto::HashKind::FileKey),
    );
    assert_eq!(
        u32::from_le_bytes(table[8..12].try_into().unwrap()),
        block.file_size
    );
    table[8..12].copy_from_slice(&(MAX_FILE - 1).to_le_bytes());
    crypto::encrypt(
        &mut table,
        crypto::hash("(block table)", crypto::HashKind::FileKey),
    );
    bomb[table_at..table_at + 16].copy_from_slice(&table);
    let e = Archive::open(&bomb)
        .unwrap()
        .read("war3map.w3e")
        .unwrap_err();
    assert!(e.field.contains("war3map.w3e"), "{e}");
    // Truncated: the sectors run past the end.
    let cut = &bytes[..bytes.len() / 2];
    match Archive::open(cut) {
        Ok(a) => {
            let e = a.read("war3map.w3e").unwrap_err();
            assert!(e.to_string().contains("war3map.w3e"), "{e}");
        }
        Err(e) => assert!(e.field.contains("MPQ"), "{e}"),
    }
    // No MPQ header at all.
    assert!(Archive::open(b"HM3W and nothing else").is_err());
}
