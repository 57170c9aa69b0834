//! The watertightness check of the terrain tests, in plain Rust over
//! vertex positions so that the library's unit tests and
//! `tests/terrain_watertight.rs` (which includes this file) share it.
//!
//! A quad list's quads are drawn as triangles (0, 1, 2) and (0, 2, 3); a
//! triangle with a repeated vertex (a triangle sent as a quad with a
//! vertex twice, or a wall quad that narrows to a point) draws nothing and
//! is left out. Vertices are told apart by the bits of their position, so
//! vertices that only nearly meet count as apart. Every undirected edge
//! must then be used by exactly two triangles, but for edges on the map's
//! outer rim (both ends on the same side of the `w` x `h` tilepoint grid,
//! in map coordinates: x = 0 or w - 1, y = 0 or h - 1), used by exactly
//! one.
#![allow(dead_code)]

use std::collections::HashMap;

/// What [`seams`] found: the triangles it looked at, and the edges used
/// other than as a closed surface must use them, with their counts.
#[derive(Debug, Default)]
pub struct Seams {
    pub triangles: usize,
    pub edges: usize,
    pub faults: Vec<([[f32; 3]; 2], usize)>,
}

/// Checks the quads of `positions` (4 a quad) over a `w` x `h` tilepoint
/// grid.
pub fn seams(positions: &[[f32; 3]], w: usize, h: usize) -> Seams {
    let key = |p: [f32; 3]| p.map(f32::to_bits);
    let mut edges: HashMap<([u32; 3], [u32; 3]), usize> = HashMap::new();
    let mut triangles = 0;
    for q in positions.chunks_exact(4) {
        for t in [[q[0], q[1], q[2]], [q[0], q[2], q[3]]] {
            let k = t.map(key);
            if k[0] == k[1] || k[1] == k[2] || k[0] == k[2] {
                continue;
            }
            triangles += 1;
            for (a, b) in [(k[0], k[1]), (k[1], k[2]), (k[2], k[0])] {
                *edges
                    .entry(if a < b { (a, b) } else { (b, a) })
                    .or_default() += 1;
            }
        }
    }
    let (right, bottom) = ((w - 1) as f32, (h - 1) as f32);
    let on_rim = |a: [f32; 3], b: [f32; 3]| {
        (a[0] == 0.0 && b[0] == 0.0)
            || (a[0] == right && b[0] == right)
            || (a[1] == 0.0 && b[1] == 0.0)
            || (a[1] == bottom && b[1] == bottom)
    };
    let mut faults: Vec<([[f32; 3]; 2], usize)> = edges
        .iter()
        .filter_map(|(&(a, b), &n)| {
            let (a, b) = (a.map(f32::from_bits), b.map(f32::from_bits));
            let want = if on_rim(a, b) { 1 } else { 2 };
            (n != want).then_some(([a, b], n))
        })
        .collect();
    faults.sort_by(|x, y| x.0.partial_cmp(&y.0).unwrap());
    Seams {
        triangles,
        edges: edges.len(),
        faults,
    }
}

/// Panics, naming `what`, where the quads of `positions` over a `w` x `h`
/// tilepoint grid leave a crack; else what [`seams`] found.
pub fn assert_closed(positions: &[[f32; 3]], w: usize, h: usize, what: &str) -> Seams {
    let s = seams(positions, w, h);
    assert!(
        s.faults.is_empty(),
        "{what}: {} of {} edges not closed, such as {:?}",
        s.faults.len(),
        s.edges,
        &s.faults[..s.faults.len().min(6)]
    );
    s
}
