//! Writes small maps of every format and layout (and small replays) into a
//! folder, as seeds for the fuzz targets: `cargo run --example fuzz_seeds -- fuzz/seeds`.

use mapscope::formats::mpq::write::FileOptions;
use mapscope::formats::Format;
use mapscope::store::cells::AlwLayout;
use mapscope::store::terrain::W3eTerrain;
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, Map, Metadata};
use std::path::PathBuf;

fn hills(w: u32, l: u32, d: u32) -> VoxelStore {
    let mut s = VoxelStore::new(w, l, d, FourthByte::Shade);
    for y in 0..l {
        for x in 0..w {
            let top = (d / 2 + (x * 7 + y * 3) % (d / 4)) as u16;
            if (x + y) % 5 == 0 && top > 6 {
                s.push_slab(Slab {
                    top: 2,
                    top_len: 1,
                    bottom: 4,
                    bottom_len: 1,
                });
                s.push_colors([0x8011_2233, 0x8044_5566]);
            }
            s.push_slab(Slab {
                top,
                top_len: 2,
                bottom: d as u16,
                bottom_len: 0,
            });
            s.push_colors([0x8000_8000 + x, 0x8060_4020 + y]);
            s.end_column();
        }
    }
    s.finish();
    s
}

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "fuzz/seeds".into()),
    );
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, map: &Map, format: Format| {
        let bytes = mapscope::kinds::encode(map, format).unwrap();
        std::fs::write(dir.join(name), bytes).unwrap();
    };
    let voxels = |store| Map {
        format: Format::AosVxl,
        meta: Metadata::default(),
        content: Content::Voxels(store),
    };
    write("aos-8x8x64.vxl", &voxels(hills(8, 8, 64)), Format::AosVxl);
    write("aos-5x3x240.vxl", &voxels(hills(5, 3, 240)), Format::AosVxl);
    write(
        "voxlap-4x4x256.vxl",
        &voxels(hills(4, 4, 256)),
        Format::VoxlapVxl,
    );
    write("small.vmf", &voxels(hills(6, 5, 16)), Format::Vmf);
    for layout in AlwLayout::ALL {
        let map = Map {
            format: Format::Alw,
            meta: Metadata::default(),
            content: Content::Cells(mapscope::samples::alw_room(6, 5, layout)),
        };
        write(&format!("room-{}.alw", layout.id()), &map, Format::Alw);
    }
    for version in [11, 12] {
        let map = Map {
            format: Format::W3e,
            meta: Metadata::default(),
            content: Content::Terrain(W3eTerrain::flat(9, 7, version)),
        };
        write(&format!("flat-v{version}.w3e"), &map, Format::W3e);
    }
    // Map archives holding that terrain, stored each way maps store files.
    let w3e = mapscope::kinds::encode(
        &Map {
            format: Format::W3e,
            meta: Metadata::default(),
            content: Content::Terrain(W3eTerrain::flat(9, 7, 12)),
        },
        Format::W3e,
    )
    .unwrap();
    for (how, bytes) in mapscope::samples::archive_variants("war3map.w3e", &w3e) {
        std::fs::write(dir.join(format!("map-{how}.w3x")), bytes).unwrap();
    }
    // A whole map with objects, and each of its files loose (for the
    // w3x_files target).
    let whole = mapscope::samples::w3x_archive(12, FileOptions::default());
    std::fs::write(dir.join("melee.w3x"), whole).unwrap();
    for (name, bytes) in mapscope::samples::w3x_files(12) {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    // Replays of each layout the W3G decoder knows (the w3g target).
    use mapscope::formats::w3g::write::{replay, Sample};
    for (version, build) in [
        (6, 4656),
        (18, 6051),
        (26, 6059),
        (10032, 6105),
        (10100, 6115),
    ] {
        let bytes = replay(Sample::new(version, build));
        std::fs::write(dir.join(format!("sample-{version}.w3g")), bytes).unwrap();
    }
    println!("seeds written to {}", dir.display());
}
