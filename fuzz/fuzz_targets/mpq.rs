//! The MPQ archive reader: open any bytes, then read the files a map viewer
//! asks for (each decompressed, decrypted and capped at its declared size).
#![no_main]
use libfuzzer_sys::fuzz_target;
use mapscope::formats::mpq::Archive;

fuzz_target!(|data: &[u8]| {
    if let Ok(archive) = Archive::open(data) {
        for name in ["war3map.w3e", "war3map.w3i", "war3map.wts", "(listfile)"] {
            let _ = archive.read(name);
        }
    }
    let _ = mapscope::formats::w3x::decode(data);
});
