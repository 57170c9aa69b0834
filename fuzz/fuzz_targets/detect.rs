//! Format detection on any bytes: an answer or an error listing what was tried.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = mapscope::formats::detect(data);
});
