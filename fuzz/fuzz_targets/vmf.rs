//! The VMF decoder; a decoded map must write back.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mapscope::formats::{vmf, Format};

fuzz_target!(|data: &[u8]| {
    if let Ok(map) = vmf::decode(data) {
        let _ = mapscope::kinds::encode(&map, Format::Vmf);
    }
});
