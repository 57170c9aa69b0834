//! The W3G replay decoder: any bytes decode or fail with an error; a
//! decoded replay's times never run backwards.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mapscope::formats::w3g;

fuzz_target!(|data: &[u8]| {
    if let Ok(replay) = w3g::decode(data) {
        assert!(replay.orders.windows(2).all(|w| w[0].ms <= w[1].ms));
        assert!(replay.orders.iter().all(|o| o.ms <= replay.duration_ms));
        let _ = replay.orders.first().map(|o| o.rawcode());
    }
});
