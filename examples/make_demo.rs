//! Makes `assets/demo.vxl`, the map the viewer opens when given no file: a
//! 128 x 128 x 64 island with hills, a beach, a lake and a tower.
//! `cargo run --example make_demo`.
//!
//! `cargo run --release --example make_demo -- SIDE DEPTH OUT.vxl` makes the
//! same island at another size (1024 1024 256 for a map as large as Voxlap
//! allows), with a `.toml` sidecar giving the size, as SpadesX writes.

use mapscope::formats::Format;
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, Map, Metadata};

fn argb(r: u8, g: u8, b: u8) -> u32 {
    0x8000_0000 | (r as u32) << 16 | (g as u32) << 8 | b as u32
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .take(2)
        .map(|a| a.parse().expect("SIDE and DEPTH are numbers"))
        .collect();
    let out = std::env::args()
        .nth(3)
        .unwrap_or_else(|| "assets/demo.vxl".into());
    let (n, d) = match args[..] {
        [n, d] => (n, d),
        _ => (128, 64),
    };
    // The island is drawn at 128 x 128 x 64 and scaled.
    let (k, kz) = (n as f32 / 128.0, d as f32 / 64.0);
    let sea = d - (6.0 * kz) as u32;
    let mut s = VoxelStore::new(n, n, d, FourthByte::Shade);
    for y in 0..n {
        for x in 0..n {
            let (ux, uy) = (x as f32 / k, y as f32 / k);
            let (fx, fy) = (ux - 64.0, uy - 64.0);
            let island = 1.0 - ((fx * fx + fy * fy).sqrt() / 58.0).min(1.3);
            let hills =
                (ux / 9.0).sin() * (uy / 11.0).cos() * 5.0 + (ux / 23.0 + uy / 17.0).sin() * 4.0;
            let h = (island * 22.0 + hills * island.max(0.0)).max(-4.0) * kz;
            let mut top = (sea as f32 - h).clamp(8.0, (d - 1) as f32) as u32;
            // A square tower on the hill north-west of the centre.
            let tower = (44.0..50.0).contains(&ux) && (40.0..46.0).contains(&uy);
            if tower {
                top = top.saturating_sub((14.0 * kz) as u32).max(2);
            }
            let n = (x * 7 + y * 13) % 5;
            let shade = |c: (u8, u8, u8), k: u32| {
                argb(
                    c.0.saturating_sub((k * 6) as u8),
                    c.1.saturating_sub((k * 6) as u8),
                    c.2.saturating_sub((k * 4) as u8),
                )
            };
            if top >= sea {
                // Under water: sand, then the water surface as a thin layer.
                s.push_slab(Slab {
                    top: sea as u16,
                    top_len: 1,
                    bottom: (sea + 1) as u16,
                    bottom_len: 0,
                });
                s.push_colors([argb(40, 90, 170)]);
                let floor = top.clamp(sea + 2, d - 1);
                s.push_slab(Slab {
                    top: floor as u16,
                    top_len: 1,
                    bottom: d as u16,
                    bottom_len: 0,
                });
                s.push_colors([shade((200, 180, 120), n)]);
            } else {
                let surface = if tower {
                    (150, 145, 140)
                } else if top >= sea - 2 {
                    (210, 190, 130)
                } else if top < (40.0 * kz) as u32 {
                    (120, 120, 115)
                } else {
                    (70, 140, 55)
                };
                let len = (d - top).min(3);
                s.push_slab(Slab {
                    top: top as u16,
                    top_len: len as u16,
                    bottom: d as u16,
                    bottom_len: 0,
                });
                s.push_colors((0..len).map(|i| {
                    if i == 0 {
                        shade(surface, n)
                    } else {
                        shade((120, 90, 60), n + i)
                    }
                }));
            }
            s.end_column();
        }
    }
    s.finish();
    let map = Map {
        format: Format::AosVxl,
        meta: Metadata::default(),
        content: Content::Voxels(s),
    };
    let bytes = mapscope::kinds::encode(&map, Format::AosVxl).unwrap();
    std::fs::write(&out, &bytes).unwrap();
    println!("wrote {out} ({} bytes)", bytes.len());
    if (n, d) != (128, 64) {
        let sidecar = std::path::Path::new(&out).with_extension("toml");
        std::fs::write(&sidecar, format!("map_size = [{n}, {n}, {d}]\n")).unwrap();
        println!("wrote {}", sidecar.display());
    }
}
