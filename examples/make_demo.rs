//! Makes `assets/demo.vxl`, the map the viewer opens when given no file: a
//! 128 x 128 x 64 island with hills, a beach, a lake and a tower.
//! `cargo run --example make_demo`.

use mapscope::formats::{self, Format};
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, Map, Metadata};

const N: u32 = 128;
const D: u32 = 64;
const SEA: u32 = 58;

fn argb(r: u8, g: u8, b: u8) -> u32 {
    0x8000_0000 | (r as u32) << 16 | (g as u32) << 8 | b as u32
}

fn main() {
    let mut s = VoxelStore::new(N, N, D, FourthByte::Shade);
    for y in 0..N {
        for x in 0..N {
            let (fx, fy) = (x as f32 - 64.0, y as f32 - 64.0);
            let island = 1.0 - ((fx * fx + fy * fy).sqrt() / 58.0).min(1.3);
            let hills = (x as f32 / 9.0).sin() * (y as f32 / 11.0).cos() * 5.0
                + (x as f32 / 23.0 + y as f32 / 17.0).sin() * 4.0;
            let h = (island * 22.0 + hills * island.max(0.0)).max(-4.0);
            let mut top = (SEA as f32 - h).clamp(8.0, (D - 1) as f32) as u32;
            // A square tower on the hill north-west of the centre.
            let tower = (44..50).contains(&x) && (40..46).contains(&y);
            if tower {
                top = top.saturating_sub(14).max(2);
            }
            let n = (x * 7 + y * 13) % 5;
            let shade = |c: (u8, u8, u8), k: u32| {
                argb(
                    c.0.saturating_sub((k * 6) as u8),
                    c.1.saturating_sub((k * 6) as u8),
                    c.2.saturating_sub((k * 4) as u8),
                )
            };
            if top >= SEA {
                // Under water: sand, then the water surface as a thin layer.
                s.push_slab(Slab {
                    top: SEA as u16,
                    top_len: 1,
                    bottom: (SEA + 1) as u16,
                    bottom_len: 0,
                });
                s.push_colors([argb(40, 90, 170)]);
                let floor = top.clamp(SEA + 2, D - 1);
                s.push_slab(Slab {
                    top: floor as u16,
                    top_len: 1,
                    bottom: D as u16,
                    bottom_len: 0,
                });
                s.push_colors([shade((200, 180, 120), n)]);
            } else {
                let surface = if tower {
                    (150, 145, 140)
                } else if top >= SEA - 2 {
                    (210, 190, 130)
                } else if top < 40 {
                    (120, 120, 115)
                } else {
                    (70, 140, 55)
                };
                let len = (D - top).min(3);
                s.push_slab(Slab {
                    top: top as u16,
                    top_len: len as u16,
                    bottom: D as u16,
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
    let bytes = formats::encode(&map, Format::AosVxl).unwrap();
    std::fs::write("assets/demo.vxl", &bytes).unwrap();
    println!("wrote assets/demo.vxl ({} bytes)", bytes.len());
}
