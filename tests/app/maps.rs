//! The maps the window tests build: a Warcraft III folder with or
//! without a forest, and a VXL slow to load for its size.

use super::common::{self, window::scratch};
use std::path::Path;

/// A Warcraft III map folder (the sample map's terrain, units and info)
/// whose doodads are a forest over the whole map, a tree every 64 units
/// (half a tile), or none at all.
pub fn forest_map(name: &str, forest: bool) -> std::path::PathBuf {
    use mapscope::store::warcraft::Doodad;
    let dir = scratch(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let trees: Vec<Doodad> = (0..64 * 64)
        .filter(|_| forest)
        .map(|i| Doodad {
            id: *b"LTlt",
            position: [
                -2016.0 + (i % 64) as f32 * 64.0,
                -2016.0 + (i / 64) as f32 * 64.0,
                0.0,
            ],
            scale: [1.0; 3],
            flags: 2,
            life: 100,
            editor_id: i,
            ..Default::default()
        })
        .collect();
    for (file, bytes) in mapscope::samples::w3x_files(0) {
        let bytes = if file == "war3map.doo" {
            mapscope::formats::w3x::doo::write::encode_doodads(&trees, &[], true)
        } else {
            bytes
        };
        std::fs::write(dir.join(file), bytes).unwrap();
    }
    dir
}

/// An AoS VXL map (with its `.toml` size) slow to load for its size:
/// `side` x `side` x 256, eight floating plates four voxels thick over
/// solid ground, each plate holed where a hash says, so that most plate
/// voxels show side faces and the deep columns take the mesher's long
/// path.
pub fn holed_plates_map(path: &Path, side: u32) {
    use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
    let mut s = VoxelStore::new(side, side, 256, FourthByte::Shade);
    let mut rng = common::Rng(27);
    for _ in 0..side * side {
        // Plates at many heights, so that faces spread over the whole depth
        // and no chunk's row fits in one band: slow to mesh on purpose.
        for top in [20u16, 45, 70, 95, 120, 145, 170, 195] {
            if rng.below(2) == 0 {
                s.push_slab(Slab {
                    top,
                    top_len: 4,
                    bottom: top + 4,
                    bottom_len: 0,
                });
                s.push_colors((0..4).map(|i| 0x8060_5040 + i * 0x0010_1010));
            }
        }
        s.push_slab(Slab {
            top: 220,
            top_len: 1,
            bottom: 256,
            bottom_len: 0,
        });
        s.push_colors([0x8050_9040]);
        s.end_column();
    }
    let map = common::aos_map(s);
    let bytes = mapscope::kinds::encode(&map, mapscope::formats::Format::AosVxl).unwrap();
    std::fs::write(path, bytes).unwrap();
    std::fs::write(
        path.with_extension("toml"),
        format!("map_size = [{side}, {side}, 256]\n"),
    )
    .unwrap();
}
