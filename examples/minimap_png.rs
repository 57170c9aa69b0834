//! Writes a map's own minimap (`war3mapMap.blp`) as a PNG, for looking at:
//! `cargo run --example minimap_png -- MAP OUT.png`.
use mapscope::formats::{self, LoadOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (map, out) = (&args[1], &args[2]);
    let map = formats::load_path(map.as_ref(), &LoadOptions::default()).expect("a map");
    let w = map.warcraft().expect("a Warcraft III map");
    let p = w.minimap.as_ref().expect("a minimap");
    mapscope::render::headless::write_png(out.as_ref(), &p.rgba, p.width, p.height, true)
        .expect("written");
}
