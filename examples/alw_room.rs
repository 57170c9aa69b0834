//! Writes the test room (`mapscope::samples::alw_room`) as an ALW file, for looking at:
//! `cargo run --example alw_room -- OUT.alw [WIDTH HEIGHT [spec|engine|engine-2010-08]]`.
use mapscope::formats::Format;
use mapscope::store::cells::AlwLayout;
use mapscope::store::{Content, Map, Metadata};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = args.get(1).expect("an output path");
    let w = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(24);
    let h = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(16);
    let layout = args
        .get(4)
        .and_then(|s| AlwLayout::from_id(s))
        .unwrap_or(AlwLayout::Engine);
    let map = Map {
        format: Format::Alw,
        meta: Metadata::default(),
        content: Content::Cells(mapscope::samples::alw_room(w, h, layout)),
    };
    std::fs::write(out, mapscope::kinds::encode(&map, Format::Alw).unwrap()).unwrap();
}
