//! Levels of detail leave no cracks: a voxel map drawn with some parts at
//! full detail and others 2 or 4 times coarser (`mesh::lod`) shows a face
//! on every side of every drawn solid voxel that touches drawn air, where
//! the levels meet as everywhere else, so no sky shows through a seam.
//!
//! As the terrain's watertight test pairs every edge, this one pairs every
//! side: the drawn volume is, for each full-detail column, the volume of
//! the level that column's chunk is drawn at, and each side between a
//! solid and an air cell of it must lie under a face of that solid cell's
//! level (a coarse face covers f x f sides). The levels are picked at
//! random as the renderer picks them: a 4x chunk, or its four 2x chunks,
//! each of them or its four full-detail chunks.

use mapscope::mesh::lod::{coarse_levels, downsample, CoarseLevel};
use mapscope::mesh::{mesh_all, ChunkMesh, MeshOptions, NORMALS};
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore, CHUNK};
use std::collections::HashSet;

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u32) -> u32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n.max(1) as u64) as u32
    }
}

/// Rolling ground with cliffs, overhangs and caves: a `w x l x d` store,
/// coloured at the top of each slab only.
fn rough_map(w: u32, l: u32, d: u32, seed: u64) -> VoxelStore {
    let mut rng = Rng(seed);
    let bumps: Vec<[u32; 3]> = (0..40)
        .map(|_| [rng.below(w), rng.below(l), 4 + rng.below(20)])
        .collect();
    let mut s = VoxelStore::new(w, l, d, FourthByte::Shade);
    for y in 0..l {
        for x in 0..w {
            let mut height = 6 + (x / 9 + y / 13) % 5;
            for &[bx, by, r] in &bumps {
                let dist = x.abs_diff(bx).max(y.abs_diff(by));
                if dist < r {
                    height += (r - dist) / 2;
                }
            }
            let top = d - height.min(d - 1);
            // A floating ledge over some columns, and a cave under others.
            let mut slabs = Vec::new();
            if (x + 2 * y) % 23 < 5 && top > 8 {
                slabs.push((top - 8, top - 5));
            }
            let cave = (x * 3 + y) % 17 < 4 && d - top > 6;
            if cave {
                slabs.push((top, top + 2));
                slabs.push((top + 4, d));
            } else {
                slabs.push((top, d));
            }
            for (a, b) in slabs {
                s.push_slab(Slab {
                    top: a as u16,
                    top_len: 1,
                    bottom: b as u16,
                    bottom_len: 0,
                });
                s.push_colors([0x8000_0000 | x << 16 | y << 8 | a]);
            }
            s.end_column();
        }
    }
    s.finish();
    s
}

/// A level's volume as a dense grid, `f` full-detail voxels a cell.
struct Volume {
    f: u32,
    dims: [u32; 3],
    solid: Vec<bool>,
}

impl Volume {
    fn of(store: &VoxelStore, f: u32) -> Volume {
        let dims = store.dims();
        let mut solid = vec![false; (dims[0] * dims[1] * dims[2]) as usize];
        for y in 0..dims[1] {
            for x in 0..dims[0] {
                for s in store.surface(x, y).0 {
                    for z in s.top as u32..s.bottom as u32 {
                        solid[((z * dims[1] + y) * dims[0] + x) as usize] = true;
                    }
                }
            }
        }
        Volume { f, dims, solid }
    }

    /// Whether full-detail cell `[x, y, z]` is solid at this level.
    fn at(&self, [x, y, z]: [u32; 3]) -> bool {
        let [cx, cy, cz] = [x / self.f, y / self.f, z / self.f];
        let [w, l, _] = self.dims;
        self.solid[((cz * l + cy) * w + cx) as usize]
    }
}

/// Which level (0 full detail, 1 and 2 the coarse ones) each full-detail
/// chunk is drawn at, picked at random down the levels' quadtree.
fn pick_levels(chunks: [u32; 2], rng: &mut Rng) -> Vec<u8> {
    let mut level = vec![0u8; (chunks[0] * chunks[1]) as usize];
    for by in (0..chunks[1]).step_by(4) {
        for bx in (0..chunks[0]).step_by(4) {
            let whole = rng.below(3) == 0;
            for my in (by..by + 4).step_by(2) {
                for mx in (bx..bx + 4).step_by(2) {
                    let half = rng.below(2) == 0;
                    for y in my..(my + 2).min(chunks[1]) {
                        for x in mx..(mx + 2).min(chunks[0]) {
                            let i = (y * chunks[0] + x) as usize;
                            level[i] = if whole { 2 } else { u8::from(half) };
                        }
                    }
                }
            }
        }
    }
    level
}

/// Every full-detail cell side `(dir, x, y, z)` the drawn faces cover:
/// each face of a chunk drawn at its level covers `f x f` sides.
fn covered(
    fine: &VoxelStore,
    meshes: &[ChunkMesh],
    levels: &[CoarseLevel],
    level_of: &[u8],
) -> HashSet<(u8, u32, u32, u32)> {
    let chunks_x = fine.chunks_x();
    let drawn = |f: u32, origin: [u32; 2]| {
        let cell = [origin[0] / CHUNK, origin[1] / CHUNK];
        let level = level_of[(cell[1] * chunks_x + cell[0]) as usize];
        1u32 << level == f
    };
    let mut sides = HashSet::new();
    let mut add = |f: u32, origin: [u32; 2], m: &ChunkMesh| {
        if !drawn(f, origin) {
            return;
        }
        for face in &m.faces {
            let v = face.voxel(origin[0] / f, origin[1] / f);
            let dir = face.dir();
            let n = NORMALS[dir as usize];
            // The full-detail cells of the coarse voxel on the side of `dir`.
            let range = |axis: usize| {
                let lo = v[axis] * f;
                match n[axis] {
                    1 => lo + f - 1..lo + f,
                    -1 => lo..lo + 1,
                    _ => lo..lo + f,
                }
            };
            for z in range(2) {
                for y in range(1) {
                    for x in range(0) {
                        sides.insert((dir, x, y, z));
                    }
                }
            }
        }
    };
    for m in meshes {
        let r = fine.chunk(m.chunk);
        add(1, [r.x0, r.y0], m);
    }
    for level in levels {
        for (i, m) in level.chunks.iter().enumerate() {
            add(level.factor, level.origin(i), m);
        }
    }
    sides
}

/// Checks every side between drawn solid and drawn air; returns how many.
fn assert_closed(fine: &VoxelStore, level_of: &[u8], what: &str) -> usize {
    let meshes = mesh_all(fine, &MeshOptions::default());
    let levels = coarse_levels(fine, &MeshOptions::default());
    let half = downsample(fine, 2);
    let volumes = [
        Volume::of(fine, 1),
        Volume::of(&half, 2),
        Volume::of(&downsample(&half, 2), 4),
    ];
    let sides = covered(fine, &meshes, &levels, level_of);
    let [w, l, d] = fine.dims();
    let volume = |[x, y, z]: [u32; 3]| {
        let level = level_of[fine.chunk_index(x, y)] as usize;
        volumes[level].at([x, y, z])
    };
    let mut checked = 0;
    let mut open = Vec::new();
    for z in 0..d {
        for y in 0..l {
            for x in 0..w {
                if !volume([x, y, z]) {
                    continue;
                }
                for (dir, n) in NORMALS.iter().enumerate() {
                    let [nx, ny, nz] = [
                        x as i64 + n[0] as i64,
                        y as i64 + n[1] as i64,
                        z as i64 + n[2] as i64,
                    ];
                    // Outside the map in x and y, and below it, count as
                    // solid (no walls are drawn there); above it is air.
                    if nx < 0 || ny < 0 || nx >= w as i64 || ny >= l as i64 || nz >= d as i64 {
                        continue;
                    }
                    if nz >= 0 && volume([nx as u32, ny as u32, nz as u32]) {
                        continue;
                    }
                    checked += 1;
                    if !sides.contains(&(dir as u8, x, y, z)) {
                        open.push((dir, [x, y, z]));
                    }
                }
            }
        }
    }
    assert!(
        open.is_empty(),
        "{what}: {} open sides, such as {:?}",
        open.len(),
        &open[..open.len().min(8)]
    );
    checked
}

#[test]
fn levels_of_detail_meet_without_cracks() {
    // Not a multiple of any chunk size, so the map's edges cut chunks.
    let fine = rough_map(200, 170, 48, 7);
    let chunks = [fine.chunks_x(), fine.chunks_y()];
    let mut rng = Rng(11);
    let mut sides = 0;
    let mut mixed = 0;
    for round in 0..6 {
        let level_of = pick_levels(chunks, &mut rng);
        mixed += usize::from(level_of.iter().any(|&l| l != level_of[0]));
        sides += assert_closed(&fine, &level_of, &format!("round {round}"));
    }
    assert!(mixed >= 4, "only {mixed} rounds mixed levels");
    // Each level alone is closed too.
    for level in 0..3 {
        let level_of = vec![level; (chunks[0] * chunks[1]) as usize];
        sides += assert_closed(&fine, &level_of, &format!("all at level {level}"));
    }
    eprintln!("{sides} sides between solid and air covered");
}
