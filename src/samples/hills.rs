//! A map shaped like Voxlap's own demo map (`untitled.vxl`, 1024 x 1024 x
//! 256), which the corpus may not hold: rolling hills over the whole map
//! from near the bottom to z 250 high, the ground solid to the bottom
//! under them (about half the map's volume solid, as the demo's 134 M of
//! 268 M voxels are), and ledges and hollows under the surface, so that
//! many columns have two or three spans. At 1024 x 1024 x 256 it has
//! about the demo's 2.1 M faces and 1.85 M coloured voxels: a top face a
//! column and, as the hills are long and low, about one side face a
//! column more. Its file camera stands over the middle of the map a
//! little above the ground, looking level across it, as a player does in
//! Voxlap: the whole map in view at once, far hills behind near ones.

use super::tall::{argb, push, EARTH, GRASS, ROCK, SAND};
use crate::format::Format;
use crate::store::voxels::{FourthByte, VoxelStore};
use crate::store::{DefaultCamera, Map, Metadata};

/// Up to three solid spans of a column, `[top, bottom)`, top first.
#[derive(Clone, Copy, Default)]
struct Spans {
    spans: [[u32; 2]; 3],
    n: usize,
}

impl Spans {
    fn all(&self) -> &[[u32; 2]] {
        &self.spans[..self.n]
    }

    fn push(&mut self, top: u32, bottom: u32) {
        if bottom > top {
            self.spans[self.n] = [top, bottom];
            self.n += 1;
        }
    }
}

/// The hills, sized for a 1024-column map and stretched to `side`, heights
/// in shares of `depth`.
struct Hills {
    depth: u32,
    k: f32,
}

impl Hills {
    /// The ground's first solid z at (x, y).
    fn top(&self, x: u32, y: u32) -> u32 {
        let (fx, fy) = (x as f32 / self.k, y as f32 / self.k);
        let h = 0.5
            + 0.33 * (fx / 260.0 + 0.7).sin() * (fy / 230.0 - 0.4).cos()
            + 0.09 * ((fx + fy) / 97.0).sin()
            + 0.02 * (fx / 31.0).sin() * (fy / 37.0).cos();
        let d = self.depth as f32;
        (d - h * d).clamp(6.0, d - 2.0) as u32
    }

    /// The column at (x, y): the ground, with a hollow under a ledge where
    /// one winding band of the map runs, and a deeper cave where another
    /// crosses it.
    fn column(&self, x: u32, y: u32) -> Spans {
        let (fx, fy) = (x as f32 / self.k, y as f32 / self.k);
        let top = self.top(x, y);
        let ledge = (fx / 23.0 + 2.0 * (fy / 41.0).sin()).sin()
            * (fy / 29.0 + 1.5 * (fx / 37.0).sin()).cos();
        let cave = (fx / 53.0 - fy / 47.0 + (fy / 19.0).sin()).sin();
        let mut gaps = Vec::with_capacity(2);
        if ledge > 0.76 {
            let from = top + 3;
            gaps.push([from, from + 2 + ((ledge - 0.76) * 45.0) as u32]);
        }
        if cave > 0.95 {
            let from = top + 20;
            gaps.push([from, from + 3 + ((cave - 0.95) * 100.0) as u32]);
        }
        let mut s = Spans::default();
        let mut z = top;
        for [a, b] in gaps {
            if b + 1 >= self.depth {
                break;
            }
            s.push(z, a);
            z = b;
        }
        s.push(z, self.depth);
        s
    }
}

/// A `side` x `side` x `depth` map (depth at least 64) shaped like
/// Voxlap's demo map (see the module's notes), as a Voxlap VXL with its
/// camera; every voxel that shows a face coloured.
pub fn voxlap_demo_like(side: u32, depth: u32) -> Map {
    let s = voxlap_demo_voxels(side, depth);
    // A quarter of the way in from the west edge, at a quarter of the
    // depth (above most hills, below the highest), looking east and 10
    // degrees down: most of the map in view, far hills behind near ones.
    let (sin, cos) = 10f64.to_radians().sin_cos();
    let camera = DefaultCamera::Voxlap {
        position: [side as f64 / 4.0, side as f64 / 2.0, depth as f64 / 4.0],
        right: [0.0, 1.0, 0.0],
        // z points down: looking down is a positive z.
        down: [-sin, 0.0, cos],
        forward: [cos, 0.0, sin],
    };
    let meta = Metadata {
        camera: Some(camera),
        ..Metadata::default()
    };
    Map::of_voxels(Format::VoxlapVxl, meta, s)
}

/// The voxels of [`voxlap_demo_like`]'s map, alone: for the mesher's
/// tests and timings, which need no camera.
pub fn voxlap_demo_voxels(side: u32, depth: u32) -> VoxelStore {
    assert!(depth >= 64, "rolling hills need depth");
    let hills = Hills {
        depth,
        k: side as f32 / 1024.0,
    };
    let columns: Vec<Spans> = (0..side * side)
        .map(|i| hills.column(i % side, i / side))
        .collect();
    let at = |x: i64, y: i64| {
        let (x, y) = (x.clamp(0, side as i64 - 1), y.clamp(0, side as i64 - 1));
        &columns[(y * side as i64 + x) as usize]
    };
    let mut s = VoxelStore::new(side, side, depth, FourthByte::Shade);
    for y in 0..side {
        for x in 0..side {
            let (xi, yi) = (x as i64, y as i64);
            let around = [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(dx, dy)| at(xi + dx, yi + dy));
            let shade = (x * 7 + y * 13) % 5;
            let column = at(xi, yi);
            for (i, &[a, b]) in column.all().iter().enumerate() {
                let (top_len, bottom_len) = coloured(a, b, depth, &around);
                let surface = match (i, a as f32 / depth as f32) {
                    (0, h) if h > 0.9 => SAND,
                    (0, h) if h > 0.25 => GRASS,
                    (0, _) => ROCK,
                    _ => EARTH,
                };
                let colour = |k: u32| match k {
                    0 => argb(surface, shade),
                    k if k < top_len && k < 3 => argb(EARTH, shade),
                    k if k < top_len => argb(ROCK, shade),
                    _ => argb(EARTH, shade + 2),
                };
                push(&mut s, a, b, top_len, bottom_len, colour);
            }
            s.end_column();
        }
    }
    s.finish();
    s
}

/// How many voxels of the span `[a, b)` to colour from its top and up from
/// its bottom, so that every voxel beside air (above, below, or in a
/// neighbour column `around`) is coloured: a span's colours are a run
/// from its top and one from its bottom, so any voxel between two that
/// show is coloured too.
fn coloured(a: u32, b: u32, depth: u32, around: &[&Spans; 4]) -> (u32, u32) {
    // Exposed intervals within [a, b): the top, the ceiling, and the air
    // of each neighbour beside the span.
    let mut shown: Vec<[u32; 2]> = vec![[a, a + 1]];
    if b < depth {
        shown.push([b - 1, b]);
    }
    for n in around {
        let mut z = 0;
        for &[top, bottom] in n.all().iter().chain([[depth, depth]].iter()) {
            let (lo, hi) = (z.max(a), top.min(b));
            if lo < hi {
                shown.push([lo, hi]);
            }
            z = bottom;
        }
    }
    shown.sort_unstable();
    let mut merged: Vec<[u32; 2]> = Vec::new();
    for [lo, hi] in shown {
        match merged.last_mut() {
            Some(last) if lo <= last[1] => last[1] = last[1].max(hi),
            _ => merged.push([lo, hi]),
        }
    }
    let last = merged[merged.len() - 1];
    if b == depth || merged.len() == 1 {
        // The bottom span's bottom shows nothing; one run covers the rest.
        return (last[1] - a, 0);
    }
    (merged[merged.len() - 2][1] - a, b - last[0])
}

#[cfg(test)]
mod tests {
    use super::voxlap_demo_voxels;

    #[test]
    fn hills_span_most_of_the_depth_with_two_and_three_span_columns() {
        let n = 1024;
        let s = &voxlap_demo_voxels(n, 256);
        s.validate().unwrap();
        let (mut spans, mut tops, mut solid) = ([0u32; 4], Vec::new(), 0u64);
        for y in 0..n {
            for x in 0..n {
                let (slabs, _) = s.surface(x, y);
                spans[slabs.len().min(3)] += 1;
                tops.push(slabs[0].top);
                solid += slabs.iter().map(|s| s.height() as u64).sum::<u64>();
            }
        }
        let (lo, hi) = (tops.iter().min().unwrap(), tops.iter().max().unwrap());
        assert!(*lo < 30 && *hi > 220, "tops span {lo}..{hi}");
        // Many two- and three-span columns: a tenth and a two-hundredth.
        assert!(
            spans[2] > n * n / 10 && spans[3] > n * n / 200,
            "columns by spans {spans:?}"
        );
        // About half the volume solid, as the demo's 134 M of 268 M.
        let share = solid as f64 / (n as f64 * n as f64 * 256.0);
        assert!((0.45..0.55).contains(&share), "{share}");
        assert!(super::voxlap_demo_like(64, 64).meta.camera.is_some());
    }
}
