//! The voxel mesher against a brute-force count made with `store.solid()`:
//! the same faces, colours and ambient occlusion, across chunk borders.

mod common;

use common::Rng;
use mapscope::mesh::face::{CORNERS, NORMALS};
use mapscope::mesh::{mesh_all, mesh_chunk, MeshOptions};
use mapscope::store::voxels::{rgb, FourthByte, Slab, VoxelStore};
use std::collections::BTreeMap;

/// Columns with ground, floating slabs and caves, every colour distinct.
fn random_store(w: u32, l: u32, d: u32, seed: u64) -> VoxelStore {
    let mut rng = Rng(seed);
    let mut s = VoxelStore::new(w, l, d, FourthByte::Shade);
    for _ in 0..l {
        for _ in 0..w {
            let mut z = rng.below(d as usize / 2) as u32;
            while z + 2 < d {
                let top = z;
                let bottom = (top + 1 + rng.below(6) as u32).min(d);
                let last = bottom >= d - 2 || rng.below(3) == 0;
                let bottom = if last { d } else { bottom };
                let h = bottom - top;
                let top_len = h.min(1 + rng.below(2) as u32);
                let bottom_len = if last { 0 } else { (h - top_len).min(1) };
                s.push_slab(Slab {
                    top: top as u16,
                    top_len: top_len as u16,
                    bottom: bottom as u16,
                    bottom_len: bottom_len as u16,
                });
                s.push_colors((0..top_len + bottom_len).map(|_| rng.next() as u32 | 0x8000_0000));
                if last {
                    break;
                }
                z = bottom + 1 + rng.below(4) as u32;
            }
            s.end_column();
        }
    }
    s.finish();
    s.validate().unwrap();
    s
}

/// Solid, with the mesher's outside rules: beside the map, the nearest edge
/// column; below the floor solid; above the top air.
fn solid(s: &VoxelStore, x: i64, y: i64, z: i64) -> bool {
    let [w, l, d] = s.dims().map(|v| v as i64);
    if z < 0 {
        return false;
    }
    if z >= d {
        return true;
    }
    s.solid(x.clamp(0, w - 1) as u32, y.clamp(0, l - 1) as u32, z as u32)
}

type Key = (u32, u32, u32, u32);

/// Every face the brute force finds: (x, y, z, dir) -> AO.
fn brute_force(s: &VoxelStore) -> BTreeMap<Key, [u8; 4]> {
    let [w, l, d] = s.dims();
    let mut out = BTreeMap::new();
    for y in 0..l {
        for x in 0..w {
            for z in 0..d {
                if !s.solid(x, y, z) {
                    continue;
                }
                for (dir, n) in NORMALS.iter().enumerate() {
                    let a = [
                        x as i64 + n[0] as i64,
                        y as i64 + n[1] as i64,
                        z as i64 + n[2] as i64,
                    ];
                    if solid(s, a[0], a[1], a[2]) {
                        continue;
                    }
                    let axis = n.iter().position(|&v| v != 0).unwrap();
                    let ao = CORNERS[dir].map(|c| {
                        let tangents: Vec<usize> = (0..3).filter(|&k| k != axis).collect();
                        let off = |k: usize| c[k] as i64 * 2 - 1;
                        let at = |dk: &[(usize, i64)]| {
                            let mut p = a;
                            for &(k, v) in dk {
                                p[k] += v;
                            }
                            solid(s, p[0], p[1], p[2])
                        };
                        let (t1, t2) = (tangents[0], tangents[1]);
                        let s1 = at(&[(t1, off(t1))]);
                        let s2 = at(&[(t2, off(t2))]);
                        let cn = at(&[(t1, off(t1)), (t2, off(t2))]);
                        if s1 && s2 {
                            0
                        } else {
                            3 - s1 as u8 - s2 as u8 - cn as u8
                        }
                    });
                    out.insert((x, y, z, dir as u32), ao);
                }
            }
        }
    }
    out
}

#[test]
fn faces_colours_and_ao_match_a_brute_force_count() {
    // 70 x 40: chunk borders in both directions, a partial chunk at the edge.
    let store = random_store(70, 40, 64, 11);
    let expected = brute_force(&store);
    let meshes = mesh_all(&store, &MeshOptions::default());
    let mut got = BTreeMap::new();
    for m in &meshes {
        let c = store.chunk(m.chunk);
        for (dir, range) in m.dir_ranges.iter().enumerate() {
            for f in &m.faces[range.start as usize..range.end as usize] {
                assert_eq!(f.dir(), dir as u32, "faces are bucketed by direction");
                let key = (c.x0 + f.lx(), c.y0 + f.ly(), f.z(), f.dir());
                let voxel = store.color(key.0, key.1, key.2);
                if let Some(color) = voxel {
                    assert_eq!(f.rgb(), rgb(color), "colour of {key:?}");
                }
                assert!(got.insert(key, f.ao()).is_none(), "{key:?} twice");
                // The bounds hold the face.
                for (k, v) in [key.0, key.1, key.2].into_iter().enumerate() {
                    assert!(m.bounds_min[k] <= v as f32 && v as f32 + 1.0 <= m.bounds_max[k]);
                }
            }
        }
    }
    assert_eq!(got.len(), expected.len());
    assert_eq!(got, expected);
}

#[test]
fn a_flat_floor_is_only_its_top_faces() {
    let mut s = VoxelStore::new(40, 33, 16, FourthByte::Shade);
    for _ in 0..40 * 33 {
        s.push_slab(Slab {
            top: 10,
            top_len: 1,
            bottom: 16,
            bottom_len: 0,
        });
        s.push_colors([0x80FF_FFFF]);
        s.end_column();
    }
    s.finish();
    let meshes = mesh_all(&s, &MeshOptions::default());
    let faces: usize = meshes.iter().map(|m| m.faces.len()).sum();
    assert_eq!(faces, 40 * 33);
    assert!(meshes
        .iter()
        .all(|m| m.dir_ranges[4].len() == m.faces.len()));
    // Open floor: every corner fully lit.
    assert!(meshes
        .iter()
        .flat_map(|m| &m.faces)
        .all(|f| f.ao() == [3; 4]));
    // One chunk re-meshed alone is the same as in the full pass.
    assert_eq!(mesh_chunk(&s, 1, &MeshOptions::default()), meshes[1]);
}
