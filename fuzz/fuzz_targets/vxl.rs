//! The VXL decoder (both containers), with the size inferred and, from the
//! first bytes, a given size too; a decoded map must write back.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mapscope::formats::{vxl, Format};

fuzz_target!(|data: &[u8]| {
    if let Ok(map) = vxl::decode(data, None) {
        let _ = mapscope::kinds::encode(&map, Format::AosVxl);
    }
    if let [w, l, d, rest @ ..] = data {
        let size = [*w as u32 + 1, *l as u32 + 1, (*d as u32).max(1)];
        let _ = vxl::decode(rest, Some(size));
    }
});
