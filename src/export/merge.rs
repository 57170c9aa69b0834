//! Greedy merging of voxel faces: neighbouring faces in one plane with the
//! same colour, material bits and one AO value at all four corners become
//! one rectangle. Their baked vertex colours are then all equal, so the
//! rectangle looks exactly as its faces did. Faces whose corners differ in
//! AO keep their own quad: stretching a gradient over a rectangle would
//! change the picture.

use crate::mesh::face::Face;
use std::collections::{BTreeMap, HashMap};

/// Faces `du` x `dv` from `face` (the rectangle's first face) along the
/// plane's [`plane_axes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    pub face: Face,
    pub du: u32,
    pub dv: u32,
}

/// The store axes (0 x, 1 y, 2 z) a face of direction `dir` spans, u then
/// v, and the axis it faces along.
pub fn plane_axes(dir: u8) -> ([usize; 2], usize) {
    match dir {
        0 | 1 => ([1, 2], 0),
        2 | 3 => ([0, 2], 1),
        _ => ([0, 1], 2),
    }
}

/// Whether all four corners share one AO value.
fn uniform_ao(f: &Face) -> bool {
    let ao = f.ao();
    ao.iter().all(|&a| a == ao[0])
}

/// What must match for two faces to merge: the colour, direction and
/// material word, and the AO byte (the flip bit does not change the look
/// of a face of one colour).
fn key(f: &Face) -> u64 {
    (f.b as u64) << 8 | f.ao_bits() as u64
}

/// The chunk-local voxel position of a face.
fn local(f: &Face) -> [u32; 3] {
    [f.lx(), f.ly(), f.z()]
}

/// Merges a chunk's faces into rectangles, in a fixed order (plane by
/// plane), covering each face exactly once.
pub fn merge(faces: &[Face]) -> Vec<Rect> {
    let mut out = Vec::with_capacity(faces.len() / 2);
    let mut planes: BTreeMap<(u8, u32), Vec<Face>> = BTreeMap::new();
    for f in faces {
        if uniform_ao(f) {
            let (_, n) = plane_axes(f.dir());
            planes.entry((f.dir(), local(f)[n])).or_default().push(*f);
        } else {
            out.push(Rect {
                face: *f,
                du: 1,
                dv: 1,
            });
        }
    }
    for ((dir, _), mut plane) in planes {
        let ([u, v], _) = plane_axes(dir);
        let uv = |f: &Face| (local(f)[u], local(f)[v]);
        plane.sort_unstable_by_key(|f| {
            let (a, b) = uv(f);
            (b, a)
        });
        // Where each face is, by (u, v), and whether it is taken yet.
        let at: HashMap<(u32, u32), usize> =
            plane.iter().enumerate().map(|(i, f)| (uv(f), i)).collect();
        let mut taken = vec![false; plane.len()];
        let free = |taken: &[bool], p: (u32, u32), k: u64| match at.get(&p) {
            Some(&j) => !taken[j] && key(&plane[j]) == k,
            None => false,
        };
        for i in 0..plane.len() {
            if taken[i] {
                continue;
            }
            let f = plane[i];
            let (u0, v0) = uv(&f);
            let k = key(&f);
            let mut du = 1;
            while free(&taken, (u0 + du, v0), k) {
                du += 1;
            }
            let mut dv = 1;
            while (0..du).all(|d| free(&taken, (u0 + d, v0 + dv), k)) {
                dv += 1;
            }
            for b in 0..dv {
                for a in 0..du {
                    taken[at[&(u0 + a, v0 + b)]] = true;
                }
            }
            out.push(Rect { face: f, du, dv });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::DIR_UP;

    fn top(x: u32, y: u32, rgb: [u8; 3], ao: [u8; 4]) -> Face {
        Face::new(x, y, 10, DIR_UP, ao, false, rgb)
    }

    #[test]
    fn a_floor_of_one_colour_is_one_rectangle() {
        let faces: Vec<Face> = (0..32 * 32)
            .map(|i| top(i % 32, i / 32, [9, 9, 9], [3; 4]))
            .collect();
        let rects = merge(&faces);
        assert_eq!(rects.len(), 1);
        assert_eq!((rects[0].du, rects[0].dv), (32, 32));
        assert_eq!((rects[0].face.lx(), rects[0].face.ly()), (0, 0));
    }

    #[test]
    fn colours_and_ao_gradients_are_kept_apart() {
        let mut faces: Vec<Face> = (0..4).map(|x| top(x, 0, [9, 9, 9], [3; 4])).collect();
        faces[2] = top(2, 0, [200, 0, 0], [3; 4]);
        faces.push(top(0, 1, [9, 9, 9], [3, 3, 2, 3]));
        faces.push(top(1, 1, [9, 9, 9], [2; 4]));
        let rects = merge(&faces);
        // x 0-1 merge; 2 (red), 3, and the two faces of row 1 stand alone.
        assert_eq!(rects.len(), 5, "{rects:?}");
        let area: u32 = rects.iter().map(|r| r.du * r.dv).sum();
        assert_eq!(area as usize, faces.len());
        assert!(rects.iter().any(|r| r.du == 2 && r.face.lx() == 0));
    }
}
