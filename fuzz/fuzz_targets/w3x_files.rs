//! The decoders of a Warcraft III map's files on any bytes: the w3i (with
//! and without strings), the wts, units and doodads (each skin layout),
//! pathing, minimap icons and the BLP and TGA pictures.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mapscope::formats::w3x::{doo, icons, info, pathing, pictures, strings::Strings};

fuzz_target!(|data: &[u8]| {
    let (strings, _) = Strings::parse(data);
    let _ = info::decode_info(data, &strings);
    let _ = info::decode_info(data, &Strings::default());
    for skins in [None, Some(true), Some(false)] {
        let _ = doo::decode_units(data, skins);
        let _ = doo::decode_doodads(data, skins);
    }
    let _ = pathing::decode_pathing(data);
    let _ = icons::decode_icons(data);
    let _ = pictures::decode_blp(data, "war3mapMap.blp");
    let _ = pictures::decode_tga(data, "war3mapPreview.tga");
});
