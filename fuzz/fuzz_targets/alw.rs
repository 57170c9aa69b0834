//! The ALW decoder, all three layouts; a decoded world must write back.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mapscope::formats::{alw, Format};

fuzz_target!(|data: &[u8]| {
    if let Ok(map) = alw::decode(data) {
        let _ = mapscope::kinds::encode(&map, Format::Alw);
    }
});
