//! Writes another version of a voxel map, for trying `mapscope diff` and
//! the viewer's compare mode: a tower, a crater and a recoloured stripe
//! ([`mapscope::samples::edited_voxels`]) near (`X`, `Y`).
//!
//! `cargo run --example edit_map -- IN.vxl OUT.vxl [X Y]`

use mapscope::formats::{self, LoadOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (input, output) = (&args[1], &args[2]);
    let at = match (args.get(3), args.get(4)) {
        (Some(x), Some(y)) => [x.parse().expect("X"), y.parse().expect("Y")],
        _ => [200, 200],
    };
    let mut map = formats::load_path(input.as_ref(), &LoadOptions::default()).expect("a voxel map");
    let edited = mapscope::samples::edited_voxels(map.voxels().expect("a voxel map"), at);
    map.content = edited.into();
    std::fs::write(
        output,
        mapscope::kinds::encode(&map, map.format).expect("written"),
    )
    .expect("saved");
}
