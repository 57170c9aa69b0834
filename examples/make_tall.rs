//! Writes a natural-looking tall voxel map (`mapscope::samples::tall_voxels`:
//! mountains, a sea, tunnels and caverns, arches) as a VXL with a `.toml`
//! sidecar giving its size, as SpadesX writes: the tall maps the corpus
//! lacks, for `mapscope bench` and the viewer.
//!
//! `cargo run --release --example make_tall -- SIDE DEPTH OUT.vxl`
//! (e.g. `1024 256 /tmp/tall-1024x256.vxl`, `512 240 /tmp/tall-512x240.vxl`).

use mapscope::formats::Format;
use mapscope::store::{Content, Map, Metadata};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [side, depth, out] = &args[..] else {
        eprintln!("usage: make_tall SIDE DEPTH OUT.vxl");
        std::process::exit(2);
    };
    let (side, depth): (u32, u32) = (side.parse().unwrap(), depth.parse().unwrap());
    let map = Map {
        format: Format::AosVxl,
        meta: Metadata::default(),
        content: Content::Voxels(mapscope::samples::tall_voxels(side, depth)),
    };
    let bytes = mapscope::kinds::encode(&map, Format::AosVxl).unwrap();
    std::fs::write(out, &bytes).unwrap();
    let sidecar = std::path::Path::new(out).with_extension("toml");
    std::fs::write(&sidecar, format!("map_size = [{side}, {side}, {depth}]\n")).unwrap();
    println!(
        "wrote {out} ({} bytes) and {}",
        bytes.len(),
        sidecar.display()
    );
}
