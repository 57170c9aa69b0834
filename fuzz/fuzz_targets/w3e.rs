//! The W3E decoder, v11 and v12; a decoded terrain must write back.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mapscope::formats::{w3e, Format};

fuzz_target!(|data: &[u8]| {
    if let Ok(map) = w3e::decode(data) {
        let _ = mapscope::kinds::encode(&map, Format::W3e);
    }
});
