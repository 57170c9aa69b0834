//! Writes a map shaped like Voxlap's demo map
//! (`mapscope::samples::voxlap_demo_like`: rolling hills to z 250 over the
//! whole map, ledges and hollows, the file's camera looking level across
//! it) as a Voxlap VXL: for measuring the moving view on a big tall map.
//!
//! `cargo run --release --example make_hills -- SIDE DEPTH OUT.vxl`
//! (e.g. `1024 256 /tmp/hills.vxl`).

use mapscope::formats::Format;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [side, depth, out] = &args[..] else {
        eprintln!("usage: make_hills SIDE DEPTH OUT.vxl");
        std::process::exit(2);
    };
    let (side, depth): (u32, u32) = (side.parse().unwrap(), depth.parse().unwrap());
    let map = mapscope::samples::voxlap_demo_like(side, depth);
    let bytes = mapscope::kinds::encode(&map, Format::VoxlapVxl).unwrap();
    std::fs::write(out, &bytes).unwrap();
    println!("wrote {out} ({} bytes)", bytes.len());
}
