//! The W3E terrain's levels of detail meet without cracks: whatever level
//! each block is drawn at, the opaque surface is as watertight as the full
//! detail's (every edge shared by two triangles but on the map's rim; see
//! `src/mesh/terrain/seams.rs`), and the water's open edges (its shores)
//! are exactly the full detail's, so no level opens a hole in it either.
//!
//! Checked on a synthetic terrain with cliffs, a ramp, rolling ground and
//! a lake of two depths, and on the corpus's Warcraft III maps, each with
//! every block at every level and with levels mixed block by block.

#[path = "../src/mesh/terrain/seams.rs"]
mod seams;

use mapscope::formats::{self, LoadOptions};
use mapscope::mesh::terrain::{mesh_terrain, terrain_levels, TerrainLevels, BLOCK};
use mapscope::store::terrain::{Tilepoint, W3eTerrain};

#[path = "support/corpus.rs"]
mod corpus;
use corpus::{corpus_dir, terrain_maps};

/// The opaque and the water vertices' positions with block `b` drawn at
/// level `pick(b)`.
fn mixed(levels: &TerrainLevels, pick: impl Fn(usize) -> usize) -> [Vec<[f32; 3]>; 2] {
    let mut out = [Vec::new(), Vec::new()];
    for b in 0..levels.bounds.len() {
        let level = &levels.levels[pick(b)];
        for (k, list) in [&level.opaque, &level.water].into_iter().enumerate() {
            let quads = level.blocks[b][k].clone();
            let vertices = &list[quads.start as usize * 4..quads.end as usize * 4];
            out[k].extend(vertices.iter().map(|v| v.position));
        }
    }
    out
}

/// Checks `t`'s levels mixed block by block, and (`each`) each level
/// whole; returns how many quads each level draws.
fn assert_levels_meet(t: &W3eTerrain, what: &str, each: bool) -> Vec<usize> {
    let (w, h) = (t.width as usize, t.height as usize);
    let full = mesh_terrain(t);
    let full_water: Vec<[f32; 3]> = full.translucent.iter().map(|v| v.position).collect();
    let shores = seams::seams(&full_water, w, h).faults;
    let levels = terrain_levels(t).expect("a terrain with tiles has levels");
    assert_eq!(
        levels.bounds.len(),
        (w - 1).div_ceil(BLOCK) * (h - 1).div_ceil(BLOCK)
    );
    let n = levels.levels.len();
    // Each level whole, then mixed: by block index, and scrambled.
    type Pick = Box<dyn Fn(usize) -> usize>;
    let whole = (0..n)
        .filter(|_| each)
        .map(|k| Box::new(move |_| k) as Pick);
    let picks: Vec<Pick> = whole
        .chain([
            Box::new(move |b: usize| b % n) as Pick,
            Box::new(move |b: usize| (b * 7 + b / 3) % n),
        ])
        .collect();
    for (p, pick) in picks.iter().enumerate() {
        let [opaque, water] = mixed(&levels, pick);
        seams::assert_closed(&opaque, w, h, &format!("{what}, levels pick {p}"));
        let open = seams::seams(&water, w, h).faults;
        assert!(
            open == shores,
            "{what}, levels pick {p}: the water's open edges differ from the full detail's: {} against {}, such as {:?}",
            open.len(),
            shores.len(),
            open.iter().find(|e| !shores.contains(e))
        );
    }
    levels
        .levels
        .iter()
        .map(|l| (l.opaque.len() + l.water.len()) / 4)
        .collect()
}

/// A terrain of `w` x `h` tilepoints: rolling ground, two plateaus a layer
/// and two up with a ramp between, and a lake, shallow at its rim and deep
/// in its middle.
fn synthetic(w: u32, h: u32) -> W3eTerrain {
    let mut t = W3eTerrain::flat(w, h, 11);
    for y in 0..h {
        for x in 0..w {
            let p = t.tile_mut(x, y);
            p.height = Tilepoint::ZERO + ((x * 37 + y * 91) % 300) as u16;
            let (layer, ramp) = match (x, y) {
                (13..=17, 8..=12) => (4, false),
                (10..=20, 5..=15) => (3, false),
                (21..=23, 8..=10) => (3, true),
                (24, 8..=10) => (2, true),
                _ => (2, false),
            };
            p.set_layer_and_cliff_texture(layer, 0);
            p.set_flag(Tilepoint::RAMP, ramp);
            let (dx, dy) = (x as i32 - 45, y as i32 - 40);
            let d2 = dx * dx + dy * dy;
            if d2 < 15 * 15 {
                p.set_flag(Tilepoint::WATER, true);
                // Deeper towards the middle: more than one colour band.
                let depth = if d2 < 8 * 8 { 1024 } else { 200 };
                p.water = (p.water & !Tilepoint::WATER_LEVEL_MASK) | (p.height + depth + 358);
                p.height -= 100;
            }
        }
    }
    t
}

#[test]
fn synthetic_levels_meet_without_cracks() {
    // 69 x 59 tiles: blocks cut short at the east and north edges.
    let quads = assert_levels_meet(&synthetic(70, 60), "synthetic", true);
    // Coarser levels draw fewer quads, the first as many as the full
    // detail.
    let full = mesh_terrain(&synthetic(70, 60));
    assert_eq!(quads[0], (full.opaque.len() + full.translucent.len()) / 4);
    assert!(quads.windows(2).all(|q| q[1] < q[0]), "{quads:?}");
}

#[test]
fn the_check_sees_a_crack_between_levels() {
    let t = synthetic(70, 60);
    let levels = terrain_levels(&t).unwrap();
    let (w, h) = (t.width as usize, t.height as usize);
    let [mut opaque, _] = mixed(&levels, |b| b % 2 * 2);
    assert!(seams::seams(&opaque, w, h).faults.is_empty());
    // A block's border vertex a hair off, as a coarse block that did not
    // take the full detail's vertices would leave it.
    let k = opaque
        .iter()
        .position(|p| p[0] == BLOCK as f32 && p[1] == 30.0)
        .unwrap();
    opaque[k][2] = f32::from_bits(opaque[k][2].to_bits() + 1);
    assert!(!seams::seams(&opaque, w, h).faults.is_empty());
}

#[test]
fn corpus_maps_levels_meet_without_cracks() {
    let mut maps = 0;
    for path in terrain_maps() {
        let Ok(map) = formats::load_path(&path, &LoadOptions::default()) else {
            continue;
        };
        let Some(t) = map.terrain() else { continue };
        if t.width < 2 || t.height < 2 {
            continue;
        }
        let quads = assert_levels_meet(t, &path.display().to_string(), false);
        assert!(quads[3] < quads[0], "{}: {quads:?}", path.display());
        maps += 1;
    }
    if corpus_dir().is_some() {
        assert!(maps > 100, "only {maps} corpus maps with terrain");
    }
}
