//! The W3E terrain's opaque surface is watertight: ground, cliff walls and
//! ramps meet with no crack for the sky to show through. Every edge of its
//! triangles is shared by exactly two triangles, but for edges on the
//! map's outer rim, used by one (see `src/mesh/terrain/seams.rs`).
//! Vertices must meet bit for bit, not nearly.
//!
//! Water is not part of that surface: it is a translucent layer of its own
//! (`TriMesh::translucent`), drawn over whatever lies under it, and not
//! checked here.
//!
//! Checked on every corpus W3E and every corpus Warcraft III map, on every
//! pattern of corner layers 0..=2 a tile can have with ramp flags on any of
//! its corners, and on random terrains.

#[path = "../src/mesh/terrain/seams.rs"]
mod seams;

use mapscope::formats::{self, LoadOptions};
use mapscope::mesh::terrain::mesh_terrain;
use mapscope::store::terrain::{Tilepoint, W3eTerrain};

// Not `mod common`: that needs the `gui` feature, and this test runs
// without it. The corpus lookup is the same file.
#[path = "support/corpus.rs"]
mod corpus;
use corpus::{corpus_dir, terrain_maps};

/// splitmix64, as `common::Rng`.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }
}

/// Checks `t`, panicking with `what` and some open edges on a crack;
/// returns its tiles and triangles.
fn assert_watertight(t: &W3eTerrain, what: &str) -> (usize, usize) {
    let m = mesh_terrain(t);
    let p: Vec<[f32; 3]> = m.opaque.iter().map(|v| v.position).collect();
    let (w, h) = (t.width as usize, t.height as usize);
    let s = seams::assert_closed(&p, w, h, what);
    ((w - 1) * (h - 1), s.triangles)
}

/// Tilepoint (x, y) on layer `layer` with ramp flag `ramp` and raw ground
/// height `height`.
fn set(t: &mut W3eTerrain, x: u32, y: u32, layer: u8, ramp: bool, height: u16) {
    let p = t.tile_mut(x, y);
    p.height = height;
    p.set_layer_and_cliff_texture(layer, (x * 3 + y) as u8 % 3);
    p.set_flag(Tilepoint::RAMP, ramp);
}

/// A 5 x 5 tilepoint grid whose centre tiles (the four around tilepoint
/// (2, 2)) share corner layers: the tile with corners (1..=2, 1..=2) has
/// layers `layers` and ramp flags `ramps` (a bit a corner, in
/// `tile_corners` order), and every other tilepoint copies the nearest of
/// its corners (`copy`) or lies on layer 3 with no ramp, a step off.
fn pattern(layers: [u8; 4], ramps: u8, copy: bool) -> W3eTerrain {
    let mut t = W3eTerrain::flat(5, 5, 12);
    for y in 0..5u32 {
        for x in 0..5u32 {
            let (cx, cy) = (x.clamp(1, 2), y.clamp(1, 2));
            let k = (cx - 1 + 2 * (cy - 1)) as usize;
            let height = Tilepoint::ZERO - 150 + ((x * 53 + y * 97) % 300) as u16;
            if (cx, cy) == (x, y) || copy {
                set(&mut t, x, y, layers[k] + 1, ramps & 1 << k != 0, height);
            } else {
                set(&mut t, x, y, 3, false, height);
            }
        }
    }
    t
}

#[test]
fn every_corner_pattern_with_ramps_is_watertight() {
    let (mut patterns, mut triangles) = (0, 0);
    for n in 0..81u32 {
        let layers: [u8; 4] = std::array::from_fn(|k| (n / 3u32.pow(k as u32) % 3) as u8);
        for ramps in 0..16 {
            for copy in [true, false] {
                let what = format!("layers {layers:?}, ramps {ramps:04b}, copy {copy}");
                triangles += assert_watertight(&pattern(layers, ramps, copy), &what).1;
                patterns += 1;
            }
        }
    }
    eprintln!("{patterns} corner patterns watertight ({triangles} triangles)");
    assert_eq!(patterns, 81 * 16 * 2);
}

/// A random `w` x `h` terrain: layers 0..=`top` (smoothed into plateaus
/// where `smooth`), ramp flags in patches, rough ground, some water.
fn random_terrain(rng: &mut Rng, w: u32, h: u32, top: u8, smooth: bool) -> W3eTerrain {
    let mut t = W3eTerrain::flat(w, h, 12);
    let blob = |rng: &mut Rng| (rng.below(w as usize) as i64, rng.below(h as usize) as i64);
    let hills: Vec<(i64, i64)> = (0..4).map(|_| blob(rng)).collect();
    let ramps: Vec<(i64, i64)> = (0..3).map(|_| blob(rng)).collect();
    for y in 0..h {
        for x in 0..w {
            let near =
                |c: &(i64, i64), r: i64| (c.0 - x as i64).pow(2) + (c.1 - y as i64).pow(2) <= r * r;
            let layer = if smooth {
                hills
                    .iter()
                    .filter(|c| near(c, 3))
                    .count()
                    .min(top as usize) as u8
            } else {
                rng.below(top as usize + 1) as u8
            };
            let ramp = ramps.iter().any(|c| near(c, 2)) || rng.below(5) == 0;
            let height = Tilepoint::ZERO - 300 + rng.below(600) as u16;
            set(&mut t, x, y, layer, ramp, height);
            t.tile_mut(x, y)
                .set_flag(Tilepoint::WATER, rng.below(4) == 0);
        }
    }
    t
}

#[test]
fn random_terrains_are_watertight() {
    let mut rng = Rng(16);
    let mut tiles = 0;
    for round in 0..120 {
        let (w, h) = (3 + rng.below(14) as u32, 3 + rng.below(14) as u32);
        let top = [1, 2, 2, 3, 5][round % 5];
        let smooth = round % 2 == 0;
        let t = random_terrain(&mut rng, w, h, top, smooth);
        let what = format!("round {round}: {w} x {h}, layers 0..={top}, smooth {smooth}");
        tiles += assert_watertight(&t, &what).0;
    }
    eprintln!("120 random terrains watertight ({tiles} tiles)");
}

#[test]
fn every_corpus_map_is_watertight() {
    let (mut maps, mut tiles, mut triangles) = (0, 0, 0);
    for path in terrain_maps() {
        let Ok(map) = formats::load_path(&path, &LoadOptions::default()) else {
            continue;
        };
        let Some(t) = map.terrain() else {
            continue;
        };
        if t.width < 2 || t.height < 2 {
            continue;
        }
        let (n, tri) = assert_watertight(t, &path.display().to_string());
        maps += 1;
        tiles += n;
        triangles += tri;
    }
    eprintln!("{maps} corpus maps watertight: {tiles} tiles, {triangles} triangles");
    if corpus_dir().is_some() {
        assert!(maps > 100, "only {maps} corpus maps with terrain");
    }
}
