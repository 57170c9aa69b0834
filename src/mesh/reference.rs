//! The reference mesher: the slow, obvious one that asks
//! [`VoxelStore::solid`] and [`VoxelStore::color`] about every voxel, and
//! says what the fast mesher must produce (see the rules in [`super`]). The
//! tests, benches and fuzz targets check the fast mesher against it.

use super::{ChunkMesh, Face, CORNERS, GREY, NORMALS};
use crate::store::voxels::{Color, VoxelStore};
use std::ops::Range;

/// A face as both meshers describe it, in store coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct FaceAt {
    pub x: u32,
    pub y: u32,
    pub z: u32,
    pub dir: u8,
    pub ao: [u8; 4],
    pub flip: bool,
    pub rgb: [u8; 3],
}

/// A packed face of a chunk whose first column is (x0, y0).
pub fn from_face(x0: u32, y0: u32, f: &Face) -> FaceAt {
    let [x, y, z] = f.voxel(x0, y0);
    FaceAt {
        x,
        y,
        z,
        dir: f.dir(),
        ao: f.ao(),
        flip: f.flip(),
        rgb: f.rgb(),
    }
}

/// The faces of `meshes`, sorted.
pub fn mesher_faces(store: &VoxelStore, meshes: &[ChunkMesh]) -> Vec<FaceAt> {
    let mut v: Vec<FaceAt> = meshes
        .iter()
        .flat_map(|m| {
            let r = store.chunk(m.chunk);
            m.faces.iter().map(move |f| from_face(r.x0, r.y0, f))
        })
        .collect();
    v.sort();
    v
}

/// Solid for face finding: outside x/y and below the bottom are solid, above
/// the top is air.
fn solid_for_faces(s: &VoxelStore, p: [i64; 3]) -> bool {
    let [w, l, d] = s.dims().map(|v| v as i64);
    if p[2] < 0 {
        false
    } else if p[2] >= d || p[0] < 0 || p[1] < 0 || p[0] >= w || p[1] >= l {
        true
    } else {
        s.solid(p[0] as u32, p[1] as u32, p[2] as u32)
    }
}

/// Solid for AO: the same, except that outside x/y is air.
fn solid_for_ao(s: &VoxelStore, p: [i64; 3]) -> bool {
    let [w, l, d] = s.dims().map(|v| v as i64);
    if p[2] < 0 {
        false
    } else if p[2] >= d {
        true
    } else if p[0] < 0 || p[1] < 0 || p[0] >= w || p[1] >= l {
        false
    } else {
        s.solid(p[0] as u32, p[1] as u32, p[2] as u32)
    }
}

/// The colour shown: the voxel's, else the nearest coloured one above it in
/// the same solid run, else grey.
pub fn expected_color(s: &VoxelStore, x: u32, y: u32, z: u32) -> Color {
    let mut zz = z as i64;
    while zz >= 0 && s.solid(x, y, zz as u32) {
        if let Some(c) = s.color(x, y, zz as u32) {
            return c;
        }
        zz -= 1;
    }
    GREY
}

/// Every face of the columns in `[x0, x1) x [y0, y1)`, one voxel at a time.
pub fn brute_faces(s: &VoxelStore, xs: Range<u32>, ys: Range<u32>) -> Vec<FaceAt> {
    let d = s.depth();
    let mut out = Vec::new();
    for y in ys {
        for x in xs.clone() {
            for z in 0..d {
                if !s.solid(x, y, z) {
                    continue;
                }
                let p = [x as i64, y as i64, z as i64];
                for (dir, n) in NORMALS.iter().enumerate() {
                    let q = [0, 1, 2].map(|i| p[i] + n[i] as i64);
                    if solid_for_faces(s, q) {
                        continue;
                    }
                    // The corner's three voxels in the air layer: step toward
                    // the corner along each in-plane axis.
                    let axis = n.iter().position(|&v| v != 0).unwrap();
                    let plane: Vec<usize> = (0..3).filter(|&a| a != axis).collect();
                    let ao = CORNERS[dir].map(|c| {
                        let step = |a: usize| if c[a] == 1 { 1 } else { -1 };
                        let mut s1 = q;
                        s1[plane[0]] += step(plane[0]);
                        let mut s2 = q;
                        s2[plane[1]] += step(plane[1]);
                        let mut cc = s1;
                        cc[plane[1]] += step(plane[1]);
                        let (s1, s2, cc) = (
                            solid_for_ao(s, s1) as u8,
                            solid_for_ao(s, s2) as u8,
                            solid_for_ao(s, cc) as u8,
                        );
                        if s1 == 1 && s2 == 1 {
                            0
                        } else {
                            3 - s1 - s2 - cc
                        }
                    });
                    let c = expected_color(s, x, y, z);
                    out.push(FaceAt {
                        x,
                        y,
                        z,
                        dir: dir as u8,
                        ao,
                        flip: ao[0] + ao[2] < ao[1] + ao[3],
                        rgb: [(c >> 16) as u8, (c >> 8) as u8, c as u8],
                    });
                }
            }
        }
    }
    out.sort();
    out
}
