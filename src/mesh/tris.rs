//! Coloured quad lists (W3E terrain, ALW worlds, boxes), built row by row
//! on all cores straight into buffers of their exact size.
//!
//! Every list holds quads: 4 vertices each, in order around the quad, drawn
//! as triangles ([`QUAD_TRIANGLES`]) through an index buffer. Four vertices
//! a quad instead of six is a third less to work out, write and upload.
//!
//! A row mesher is run twice over every row: once into a [`Count`] sink,
//! which only counts vertices (the compiler drops the unused positions and
//! colours), then into a [`Fill`] sink writing its row's part of the final
//! buffers. No buffer grows or is copied, and rows are meshed in parallel:
//! large terrains write tens of megabytes, and the copies and page faults
//! of growing vectors cost more than working out the triangles.

use rayon::prelude::*;
use std::mem::MaybeUninit;

/// A vertex with its colour, lit on the CPU: 16 bytes, shared with the
/// render module (colour as 8-bit RGBA, read by the shader as 0..1).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct ColorVertex {
    pub position: [f32; 3],
    pub color: [u8; 4],
}

impl ColorVertex {
    /// A vertex with an RGBA colour of 0..1 channels (clamped).
    #[inline(always)]
    pub fn new(position: [f32; 3], rgba: [f32; 4]) -> Self {
        // `as u8` saturates: no clamp needed.
        let q = |c: f32| (c * 255.0 + 0.5) as u8;
        ColorVertex {
            position,
            color: [q(rgba[0]), q(rgba[1]), q(rgba[2]), q(rgba[3])],
        }
    }

    /// A vertex of colour `rgb` times `shade` (256 is 1), and `alpha`: in
    /// integers, for meshers that shade millions of vertices.
    #[inline(always)]
    pub fn shaded(position: [f32; 3], rgb: [u8; 3], shade: u32, alpha: u8) -> Self {
        let s = |c: u8| ((c as u32 * shade) >> 8).min(255) as u8;
        ColorVertex {
            position,
            color: [s(rgb[0]), s(rgb[1]), s(rgb[2]), alpha],
        }
    }

    /// The colour as 0..1 channels.
    pub fn rgba(&self) -> [f32; 4] {
        self.color.map(|c| c as f32 / 255.0)
    }
}

/// The lists a mesher writes to, in [`super::terrain::TriMesh`] order.
pub const LISTS: usize = 3;
pub const OPAQUE: usize = 0;
pub const ONE_SIDED: usize = 1;
pub const TRANSLUCENT: usize = 2;

/// The triangles of a quad, as indices of its 4 vertices.
pub const QUAD_TRIANGLES: [u32; 6] = [0, 1, 2, 0, 2, 3];

/// Indices drawing `quads` quads of a quad list as triangles.
pub fn quad_indices(quads: usize) -> Vec<u32> {
    (0..quads as u32)
        .flat_map(|q| QUAD_TRIANGLES.map(|i| 4 * q + i))
        .collect()
}

/// Where a row mesher's quads go.
pub trait Sink {
    /// False for a sink that only counts: meshers may skip working out
    /// positions and colours (and pass [`ColorVertex::default`]).
    const WRITES: bool = true;

    /// Adds the quad of corners `v` (in order around it) to list `list`.
    fn quad(&mut self, list: usize, v: [ColorVertex; 4]);

    /// Counts one thing of kind `kind` (< [`NOTES`]) for the caller's stats.
    #[inline]
    fn note(&mut self, _kind: usize) {}

    /// Widens the box around the mesh to hold `lo..hi`. Meshers report it
    /// a row at a time: tracking every vertex would cost a fifth of the
    /// meshing.
    #[inline]
    fn bounds(&mut self, _lo: [f32; 3], _hi: [f32; 3]) {}
}

/// Kinds of things a mesher may count with [`Sink::note`].
pub const NOTES: usize = 4;

/// Counts vertices and notes only.
#[derive(Default)]
pub struct Count {
    pub vertices: [usize; LISTS],
    pub notes: [usize; NOTES],
}

impl Sink for Count {
    const WRITES: bool = false;

    #[inline]
    fn quad(&mut self, list: usize, _v: [ColorVertex; 4]) {
        self.vertices[list] += 4;
    }

    #[inline]
    fn note(&mut self, kind: usize) {
        self.notes[kind] += 1;
    }
}

/// Writes into slices sized by a [`Count`] of the same rows, and keeps the
/// box the rows report.
pub struct Fill<'a> {
    out: [&'a mut [MaybeUninit<ColorVertex>]; LISTS],
    at: [usize; LISTS],
    min: [f32; 3],
    max: [f32; 3],
}

impl Sink for Fill<'_> {
    #[inline]
    fn quad(&mut self, list: usize, v: [ColorVertex; 4]) {
        let at = self.at[list];
        for (slot, v) in self.out[list][at..at + 4].iter_mut().zip(v) {
            slot.write(v);
        }
        self.at[list] = at + 4;
    }

    fn bounds(&mut self, lo: [f32; 3], hi: [f32; 3]) {
        for k in 0..3 {
            self.min[k] = self.min[k].min(lo[k]);
            self.max[k] = self.max[k].max(hi[k]);
        }
    }
}

/// Meshes rows into sinks; must emit the same triangles every time it is
/// asked for the same row.
pub trait RowMesher: Sync {
    fn rows(&self) -> usize;
    fn row<S: Sink>(&self, row: usize, sink: &mut S);

    /// Adds what [`Self::row`] emits for `row` to `count`. By default it
    /// meshes the row into the counter; a mesher that knows its counts more
    /// cheaply may say so here (it must agree with `row`).
    #[inline]
    fn count(&self, row: usize, count: &mut Count) {
        self.row(row, count);
    }
}

/// Rows a parallel task meshes.
const BAND: usize = 8;

/// What [`build_rows`] made: the lists, and the box the rows reported with
/// [`Sink::bounds`] (empty, min > max, when none did).
pub struct Built {
    pub lists: [Vec<ColorVertex>; LISTS],
    /// The notes counted, by kind.
    pub notes: [usize; NOTES],
    pub min: [f32; 3],
    pub max: [f32; 3],
}

/// Runs `m` over all rows, in parallel, into exactly sized lists.
pub fn build_rows<M: RowMesher>(m: &M) -> Built {
    let rows = m.rows();
    let bands: Vec<std::ops::Range<usize>> = (0..rows)
        .step_by(BAND)
        .map(|r| r..(r + BAND).min(rows))
        .collect();
    let counted: Vec<Count> = bands
        .par_iter()
        .map(|band| {
            let mut c = Count::default();
            for r in band.clone() {
                m.count(r, &mut c);
            }
            c
        })
        .collect();
    let notes = std::array::from_fn(|k| counted.iter().map(|c| c.notes[k]).sum());
    let counts: Vec<[usize; LISTS]> = counted.iter().map(|c| c.vertices).collect();
    // Filled in place below, not cleared first: clearing tens of megabytes
    // costs as much as a third of the meshing.
    let mut lists: [Vec<ColorVertex>; LISTS] =
        std::array::from_fn(|k| Vec::with_capacity(counts.iter().map(|c| c[k]).sum()));
    let totals: [usize; LISTS] = std::array::from_fn(|k| lists[k].capacity());
    // Each band's part of every list, in row order.
    let mut rest = lists.each_mut().map(|v| &mut v.spare_capacity_mut()[..]);
    let parts: Vec<_> = bands
        .into_iter()
        .zip(&counts)
        .map(|(band, count)| {
            let out: [&mut [MaybeUninit<ColorVertex>]; LISTS] = std::array::from_fn(|k| {
                let (head, tail) = std::mem::take(&mut rest[k]).split_at_mut(count[k]);
                rest[k] = tail;
                head
            });
            (band, out)
        })
        .collect();
    let (min, max) = parts
        .into_par_iter()
        .map(|(band, out)| {
            let mut fill = Fill {
                out,
                at: [0; LISTS],
                min: [f32::MAX; 3],
                max: [f32::MIN; 3],
            };
            for r in band {
                m.row(r, &mut fill);
            }
            // The rows wrote what they counted: every slot of the band is
            // written (a mesher that emitted less would fail here, before
            // any unwritten slot can be read).
            assert!(
                (0..LISTS).all(|k| fill.at[k] == fill.out[k].len()),
                "a row mesher wrote other triangles than it counted"
            );
            (fill.min, fill.max)
        })
        .reduce(
            || ([f32::MAX; 3], [f32::MIN; 3]),
            |a, b| {
                let lo = std::array::from_fn(|k| a.0[k].min(b.0[k]));
                let hi = std::array::from_fn(|k| a.1[k].max(b.1[k]));
                (lo, hi)
            },
        );
    for (list, n) in lists.iter_mut().zip(totals) {
        // SAFETY: the bands split `0..n` of every list between them, and
        // each band has written every slot of its part (asserted above).
        unsafe { list.set_len(n) };
    }
    Built {
        lists,
        notes,
        min,
        max,
    }
}

/// Light from high in the south-west (z is down, so "up" is -z).
pub const LIGHT: [f32; 3] = [-0.35, 0.3, -0.89];

/// A shade of 0..1 as [`ColorVertex::shaded`] takes it.
#[inline(always)]
pub fn shade_256(shade: f32) -> u32 {
    (shade * 256.0) as u32
}

/// How squarely the quad of corners `p` (in order around it) faces
/// [`LIGHT`], 0..1 (either side), by its mean normal: the cross product of
/// its diagonals.
#[inline(always)]
pub fn facing_light(p: [[f32; 3]; 4]) -> f32 {
    let u = [p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]];
    let v = [p[3][0] - p[1][0], p[3][1] - p[1][1], p[3][2] - p[1][2]];
    facing_light_across(u, v)
}

/// [`facing_light`] of a quad with diagonals `u` (corner 0 to 2) and `v`
/// (corner 1 to 3): for meshers that know some of their components
/// beforehand, so the compiler can fold them away.
#[inline(always)]
pub fn facing_light_across(u: [f32; 3], v: [f32; 3]) -> f32 {
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let len2 = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
    let dot = (n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2]).abs();
    dot / len2.sqrt().max(1e-9)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Row r: r quads into list r % 3, and one more into the opaque list.
    struct Staircase(usize);

    impl RowMesher for Staircase {
        fn rows(&self) -> usize {
            self.0
        }
        fn row<S: Sink>(&self, row: usize, sink: &mut S) {
            for i in 0..row {
                let v = ColorVertex::new([row as f32, i as f32, 0.0], [1.0; 4]);
                sink.quad(row % 3, [v; 4]);
            }
            let q = ColorVertex::new([row as f32, -1.0, 0.0], [0.5; 4]);
            sink.quad(OPAQUE, [q; 4]);
            let top = row.saturating_sub(1) as f32;
            sink.bounds([row as f32, -1.0, 0.0], [row as f32, top, 0.0]);
        }
    }

    #[test]
    fn rows_land_in_order_in_exactly_sized_lists() {
        let m = Staircase(37);
        let built = build_rows(&m);
        let lists = built.lists;
        assert_eq!(
            (built.min, built.max),
            ([0.0, -1.0, 0.0], [36.0, 35.0, 0.0])
        );
        // The same as meshing serially into growing vectors.
        let mut serial: [Vec<ColorVertex>; LISTS] = Default::default();
        struct Push<'a>(&'a mut [Vec<ColorVertex>; LISTS]);
        impl Sink for Push<'_> {
            fn quad(&mut self, list: usize, v: [ColorVertex; 4]) {
                self.0[list].extend_from_slice(&v);
            }
        }
        for r in 0..37 {
            m.row(r, &mut Push(&mut serial));
        }
        assert_eq!(lists, serial);
        assert_eq!(lists[OPAQUE].len() % 4, 0);
        assert!(lists.iter().all(|l| l.len() == l.capacity()));
    }

    #[test]
    fn quads_are_drawn_as_two_triangles_each() {
        assert_eq!(quad_indices(2), [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
        // A level quad faces the light by its height over the ground.
        let level = [
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [1.0, 1.0, 0.0],
            [0.0, 1.0, 0.0],
        ];
        assert!((facing_light(level) - LIGHT[2].abs()).abs() < 1e-6);
    }

    #[test]
    fn colours_are_quantised_and_clamped() {
        let v = ColorVertex::new([0.0; 3], [0.0, 0.5, 1.0, 2.0]);
        assert_eq!(v.color, [0, 128, 255, 255]);
        let w = ColorVertex::shaded([0.0; 3], [200, 100, 255], shade_256(0.5), 77);
        assert_eq!(w.color, [100, 50, 127, 77]);
        let bright = ColorVertex::shaded([0.0; 3], [200, 100, 255], shade_256(1.1), 255);
        assert_eq!(bright.color, [219, 109, 255, 255]);
        assert_eq!(std::mem::size_of::<ColorVertex>(), 16);
    }
}
