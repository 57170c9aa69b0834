//! Busy synthetic maps of the largest real sizes, for the meshing
//! benchmarks (`benches/terrain.rs`, `examples/mesh_cpu.rs`).
#![allow(dead_code)]

use mapscope::store::cells::{AlwLayout, AlwWorld};
use mapscope::store::terrain::{Tilepoint, W3eTerrain};

/// A busy W3E: rolling ground, layers from a coarse pattern (cliffs wherever
/// they change), ramps on some layer edges, water in the low parts, varied
/// textures.
pub fn busy_w3e(side: u32) -> W3eTerrain {
    let mut t = W3eTerrain::flat(side, side, 11);
    t.ground_textures = vec![*b"Ldrt", *b"Lgrs", *b"Lrok", *b"Lgrd", *b"Xzzz"];
    for y in 0..side {
        for x in 0..side {
            let (fx, fy) = (x as f32, y as f32);
            let hill = (fx / 11.0).sin() * 0.6 + (fy / 13.0).cos() * 0.5;
            let layer = (2.0 + ((fx / 37.0).sin() + (fy / 29.0).cos()) * 1.6).round() as u8;
            let p = t.tile_mut(x, y);
            p.height = (Tilepoint::ZERO as f32 + hill * 512.0) as u16;
            p.water = Tilepoint::ZERO + 600;
            p.set_layer_and_cliff_texture(layer.min(15), (x / 40 % 2) as u8);
            p.set_texture(((x / 7 + y / 5) % 5) as u8);
            p.set_variations((x * 7 + y * 3) as u8 % 18, 0);
            p.set_flag(Tilepoint::WATER, layer <= 1);
            p.set_flag(Tilepoint::RAMP, (x + y) % 53 < 3);
        }
    }
    t
}

/// A busy ALW world: cells in rooms of varying floors and ceilings, with
/// sloped corners and trims, so most cells have walls.
pub fn busy_alw(side: u16) -> AlwWorld {
    let mut w = mapscope::samples::alw_room(side, side, AlwLayout::Engine);
    let n = side as usize;
    for y in 1..n - 1 {
        for x in 1..n - 1 {
            let c = &mut w.cells[y * n + x];
            c.floor = -128 + ((x / 4 + y / 3) % 5) as i32 * 16;
            c.ceiling = 128 - ((x / 3 + y / 5) % 4) as i32 * 24;
            if (x + 2 * y) % 11 == 0 {
                c.floor = c.ceiling; // a pillar
            }
            if (x * y) % 7 == 1 {
                c.floor_offsets = [0, 4, 8, 4];
                c.ceiling_offsets = [-4, 0, 0, -4];
            }
        }
    }
    w
}
