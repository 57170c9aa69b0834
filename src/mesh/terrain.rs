//! Warcraft III terrain as coloured triangles: ground, cliffs, ramps, water.
//!
//! Map coordinates as for voxels: x east, y south, z down, one unit a tile
//! (heights are in tile units too, so a cliff layer is one unit tall).
//! W3E stores its bottom row first, so tilepoint row `ty` is at
//! y = height - 1 - ty and north is up in the top view.
//!
//! Cliff tiles have no game models here: each corner's quarter of the tile
//! sits at that corner's layer, and vertical walls stand on the tile's
//! midlines between quarters on different layers. Heights follow the ground
//! bilinearly inside the tile, so quarters meet their neighbours without
//! cracks.
//!
//! Colours and heights are worked out once a tilepoint, then tile rows are
//! meshed on all cores ([`super::tris`]).

pub use super::overlay::{overlay_mesh, Overlays};
use super::palette::texture_color;
pub use super::tris::ColorVertex;
use super::tris::{build_rows, facing_light, shade_256, RowMesher, Sink, OPAQUE, TRANSLUCENT};
use crate::store::terrain::{Tilepoint, W3eTerrain};
use rayon::prelude::*;

/// Quads to draw opaque, and translucent ones (water) to draw after: 4
/// vertices a quad, in order around it (see [`super::tris`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TriMesh {
    pub opaque: Vec<ColorVertex>,
    /// Opaque quads seen from their front only (wound counter-clockwise).
    pub one_sided: Vec<ColorVertex>,
    pub translucent: Vec<ColorVertex>,
    pub bounds_min: [f32; 3],
    pub bounds_max: [f32; 3],
}

const BLIGHT: [u8; 3] = [95, 70, 95];

/// The vertices of a quad of corners `p` (in order around it) with corner
/// colours `c`; `lit` shades it by how squarely it faces the light.
#[inline(always)]
fn shaded(p: [[f32; 3]; 4], c: [[u8; 3]; 4], alpha: f32, lit: bool) -> [ColorVertex; 4] {
    let shade = shade_256(if lit {
        0.45 + 0.55 * facing_light(p)
    } else {
        1.0
    });
    let a = (alpha * 255.0 + 0.5) as u8;
    let v = |k: usize| ColorVertex::shaded(p[k], c[k], shade, a);
    [v(0), v(1), v(2), v(3)]
}

/// Adds a quad to `sink`'s opaque list, or its translucent list when
/// `alpha` < 1.
#[inline(always)]
fn quad<S: Sink>(sink: &mut S, p: [[f32; 3]; 4], c: [[u8; 3]; 4], alpha: f32, lit: bool) {
    let list = if alpha < 1.0 { TRANSLUCENT } else { OPAQUE };
    if !S::WRITES {
        sink.quad(list, [ColorVertex::default(); 4]);
        return;
    }
    sink.quad(list, shaded(p, c, alpha, lit));
}

/// An 8-bit colour of 0..1 channels.
pub(crate) fn rgb8(c: [f32; 3]) -> [u8; 3] {
    c.map(|v| (v * 255.0 + 0.5) as u8)
}

impl TriMesh {
    /// Pushes a quad of corners a, b, c, d in order around it (for small
    /// meshes built serially, such as overlays).
    pub(crate) fn quad(&mut self, p: [[f32; 3]; 4], c: [[u8; 3]; 4], alpha: f32, lit: bool) {
        let out = if alpha < 1.0 {
            &mut self.translucent
        } else {
            &mut self.opaque
        };
        out.extend_from_slice(&shaded(p, c, alpha, lit));
    }
}

fn rgb(c: [u8; 3], scale: f32) -> [u8; 3] {
    c.map(|v| (v as f32 * scale + 0.5) as u8)
}

/// The terrain's texture colours, looked up once per map rather than once
/// per corner (a texture ID's colour comes from a string table).
struct Palette {
    ground: Vec<[u8; 3]>,
    cliff: Vec<[u8; 3]>,
}

impl Palette {
    fn new(t: &W3eTerrain) -> Palette {
        Palette {
            ground: t.ground_textures.iter().map(texture_color).collect(),
            cliff: t.cliff_textures.iter().map(texture_color).collect(),
        }
    }

    /// A corner's cliff colour (texture 15 means none, but real cliffs have
    /// it: fall back to the first cliff texture).
    fn cliff(&self, p: &Tilepoint, scale: f32) -> [u8; 3] {
        let i = match p.cliff_texture() {
            Tilepoint::NO_CLIFF_TEXTURE => 0,
            i => i as usize,
        };
        rgb(*self.cliff.get(i).unwrap_or(&[120, 110, 100]), scale)
    }

    /// A corner's ground colour: blight over everything; next to a cliff,
    /// the cliff's ground; else its texture with a slight tint from its
    /// variation.
    fn ground(&self, p: &Tilepoint, near_cliff: bool) -> [u8; 3] {
        if p.blight() {
            return rgb(BLIGHT, 1.0);
        }
        if near_cliff {
            return self.cliff(p, 1.0);
        }
        let base = *self
            .ground
            .get(p.texture() as usize)
            .unwrap_or(&[128, 128, 128]);
        let tint = 1.0 + (p.ground_variation() % 8) as f32 * 0.012 - 0.04;
        rgb(base, tint)
    }
}

/// A tile drawn as a cliff: its corner layers differ and it is not a ramp.
const CLIFF_TILE: u8 = 1;
/// A ramp entrance: all four corners ramp-flagged, layers differ.
const RAMP_TILE: u8 = 2;

/// Every tile's kind ([`CLIFF_TILE`], [`RAMP_TILE`] or 0) and lowest corner
/// layer, row by row, on all cores.
fn tile_kinds(tp: &[Tilepoint], w: usize, h: usize) -> Vec<(u8, u8)> {
    (0..h - 1)
        .into_par_iter()
        .flat_map_iter(|ty| {
            (0..w - 1).map(move |tx| {
                let i = ty * w + tx;
                let c = [&tp[i], &tp[i + 1], &tp[i + w], &tp[i + w + 1]];
                let layers = c.map(|p| p.layer_height());
                let min = layers.iter().copied().min().unwrap_or(0);
                let kind = match (layers.iter().any(|&l| l != min), c.iter().all(|p| p.ramp())) {
                    (false, _) => 0,
                    (true, false) => CLIFF_TILE,
                    (true, true) => RAMP_TILE,
                };
                (kind, min)
            })
        })
        .collect()
}

/// Every tilepoint's ground colour and final height, on all cores. Corners
/// of cliff tiles take their cliff's ground colour; corners on the lowest
/// layer of a ramp entrance are lifted half a layer (see
/// [`W3eTerrain::ramp_lift`]).
fn corner_colors_and_heights(t: &W3eTerrain, pal: &Palette) -> (Vec<[u8; 3]>, Vec<f32>) {
    let (w, h) = (t.width as usize, t.height as usize);
    let tp = &t.tilepoints[..w * h];
    let kinds = tile_kinds(tp, w, h);
    let mut colors = vec![[0u8; 3]; w * h];
    let mut heights = vec![0f32; w * h];
    colors
        .par_chunks_mut(w)
        .zip(heights.par_chunks_mut(w))
        .enumerate()
        .for_each(|(y, (colors, heights))| {
            for x in 0..w {
                let p = &tp[y * w + x];
                let (mut near_cliff, mut lift) = (false, false);
                // The up to four tiles this tilepoint is a corner of.
                for ty in y.saturating_sub(1)..(y + 1).min(h - 1) {
                    for tx in x.saturating_sub(1)..(x + 1).min(w - 1) {
                        let (kind, min) = kinds[ty * (w - 1) + tx];
                        near_cliff |= kind == CLIFF_TILE;
                        lift |= kind == RAMP_TILE && p.layer_height() == min;
                    }
                }
                colors[x] = pal.ground(p, near_cliff);
                heights[x] = p.final_height() + if lift { 0.5 } else { 0.0 };
            }
        });
    (colors, heights)
}

/// Corner (u, v) offsets in a tile, in `tile_corners` order: bottom-left,
/// bottom-right, top-left, top-right.
const UV: [[f32; 2]; 4] = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
/// The corners in order around the tile.
const AROUND: [usize; 4] = [0, 1, 3, 2];

/// Builds the terrain's triangles.
pub fn mesh_terrain(t: &W3eTerrain) -> TriMesh {
    let (w, h) = (t.width as usize, t.height as usize);
    if w < 2 || h < 2 || t.tilepoints.len() < w * h {
        return TriMesh::default();
    }
    let pal = Palette::new(t);
    let (colors, heights) = corner_colors_and_heights(t, &pal);
    let rows = TileRows {
        tp: &t.tilepoints[..w * h],
        w,
        h,
        colors,
        heights,
        pal,
    };
    let built = build_rows(&rows);
    let [opaque, one_sided, translucent] = built.lists;
    let mut m = TriMesh {
        opaque,
        one_sided,
        translucent,
        ..Default::default()
    };
    if built.min[0] <= built.max[0] {
        (m.bounds_min, m.bounds_max) = (built.min, built.max);
    }
    m
}

/// The terrain, ready to mesh a tile row at a time.
struct TileRows<'a> {
    tp: &'a [Tilepoint],
    w: usize,
    h: usize,
    pal: Palette,
    colors: Vec<[u8; 3]>,
    heights: Vec<f32>,
}

impl RowMesher for TileRows<'_> {
    fn rows(&self) -> usize {
        self.h - 1
    }

    fn row<S: Sink>(&self, ty: usize, sink: &mut S) {
        let w = self.w;
        // This row's and the next row's tilepoints, heights and colours.
        let (tp0, tp1) = (&self.tp[ty * w..][..w], &self.tp[(ty + 1) * w..][..w]);
        let (h0, h1) = (
            &self.heights[ty * w..][..w],
            &self.heights[(ty + 1) * w..][..w],
        );
        let (c0, c1) = (
            &self.colors[ty * w..][..w],
            &self.colors[(ty + 1) * w..][..w],
        );
        // W3E rows go north, map y goes south.
        let y0 = (self.h - 1 - ty) as f32;
        // Heights drawn in this row (z is their negative).
        let (mut lo, mut hi) = (f32::MAX, f32::MIN);
        let mut widen = |h: f32| {
            lo = if h < lo { h } else { lo };
            hi = if h > hi { h } else { hi };
        };
        for tx in 0..w - 1 {
            // Corners in `tile_corners` order.
            let corners = [&tp0[tx], &tp0[tx + 1], &tp1[tx], &tp1[tx + 1]];
            let hs = [h0[tx], h0[tx + 1], h1[tx], h1[tx + 1]];
            let x0 = tx as f32;
            let at = |u: f32, v: f32, height: f32| [x0 + u, y0 - v, -height];
            let l = corners[0].layer_height();
            let differ = corners[1..].iter().any(|c| c.layer_height() != l);
            if !differ || corners.iter().all(|c| c.ramp()) {
                // Ground, or a ramp drawn as a slope (corners around the tile).
                let p = [
                    [x0, y0, -hs[0]],
                    [x0 + 1.0, y0, -hs[1]],
                    [x0 + 1.0, y0 - 1.0, -hs[3]],
                    [x0, y0 - 1.0, -hs[2]],
                ];
                let c = [c0[tx], c0[tx + 1], c1[tx + 1], c1[tx]];
                quad(sink, p, c, 1.0, true);
                hs.into_iter().for_each(&mut widen);
            } else {
                let (l, h) = cliff_tile(sink, &self.pal, corners, at);
                widen(l);
                widen(h);
            }
            // Water: where any corner has the flag and the surface is above
            // the ground, coloured and made opaque by depth.
            if corners.iter().any(|c| c.water_flag()) {
                let levels = [0, 1, 2, 3].map(|k| corners[k].water_level());
                let depth = (0..4).map(|k| levels[k] - hs[k]).fold(f32::MIN, f32::max);
                if depth > 0.0 {
                    // With no water texture, the surface itself must read as
                    // water: bluer and more opaque the deeper it is.
                    let d = (depth / 2.0).clamp(0.0, 1.0);
                    let alpha = 0.5 + 0.35 * d;
                    let shallow = [0.25, 0.55, 0.75];
                    let deep = [0.06, 0.20, 0.50];
                    let c = rgb8([0, 1, 2].map(|k| shallow[k] + (deep[k] - shallow[k]) * d));
                    let p = AROUND.map(|k| at(UV[k][0], UV[k][1], levels[k]));
                    quad(sink, p, [c; 4], alpha, false);
                    levels.into_iter().for_each(&mut widen);
                }
            }
        }
        if lo <= hi {
            sink.bounds([0.0, y0 - 1.0, -hi], [(w - 1) as f32, y0, -lo]);
        }
    }
}

/// A cliff tile: each corner's quarter at its own layer, in its cliff's
/// colour, and walls on the midlines between quarters on different layers.
/// Heights follow the ground bilinearly, so quarters meet their neighbours
/// without cracks. Returns the lowest and highest height drawn.
fn cliff_tile<S: Sink>(
    sink: &mut S,
    pal: &Palette,
    corners: [&Tilepoint; 4],
    at: impl Fn(f32, f32, f32) -> [f32; 3],
) -> (f32, f32) {
    let ground = corners.map(|c| c.ground_height());
    let g = |u: f32, v: f32| {
        let bottom = ground[0] + (ground[1] - ground[0]) * u;
        let top = ground[2] + (ground[3] - ground[2]) * u;
        bottom + (top - bottom) * v
    };
    let layer = corners.map(|c| c.layer_height() as f32 - 2.0);
    // Walls span the quarters' heights, so the quarters give the range.
    let (mut lo, mut hi) = (f32::MAX, f32::MIN);
    for (i, uv) in UV.iter().enumerate() {
        let (u0, v0) = (uv[0] * 0.5, uv[1] * 0.5);
        let quarter = [
            (u0, v0),
            (u0 + 0.5, v0),
            (u0 + 0.5, v0 + 0.5),
            (u0, v0 + 0.5),
        ];
        let p = quarter.map(|(u, v)| at(u, v, g(u, v) + layer[i]));
        for q in &p {
            (lo, hi) = (lo.min(-q[2]), hi.max(-q[2]));
        }
        let color = pal.cliff(corners[i], 1.1);
        quad(sink, p, [color; 4], 1.0, true);
    }
    for (a, b, (u0, v0), (u1, v1)) in [
        (0, 1, (0.5, 0.0), (0.5, 0.5)),
        (2, 3, (0.5, 0.5), (0.5, 1.0)),
        (0, 2, (0.0, 0.5), (0.5, 0.5)),
        (1, 3, (0.5, 0.5), (1.0, 0.5)),
    ] {
        if layer[a] == layer[b] {
            continue;
        }
        let (g0, g1) = (g(u0, v0), g(u1, v1));
        let p = [
            at(u0, v0, g0 + layer[a]),
            at(u1, v1, g1 + layer[a]),
            at(u1, v1, g1 + layer[b]),
            at(u0, v0, g0 + layer[b]),
        ];
        let high = if layer[a] > layer[b] { a } else { b };
        let color = pal.cliff(corners[high], 0.75);
        quad(sink, p, [color; 4], 1.0, true);
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_terrain_is_a_quad_a_tile() {
        let t = W3eTerrain::flat(5, 4, 12);
        let m = mesh_terrain(&t);
        assert_eq!(m.opaque.len(), 4 * 3 * 4);
        assert!(m.translucent.is_empty());
    }

    #[test]
    fn a_cliff_step_has_walls_and_no_gaps() {
        let mut t = W3eTerrain::flat(3, 2, 12);
        // The right column one layer up: tile 1 is a cliff, tile 0 flat.
        for ty in 0..2 {
            let p = t.tile_mut(2, ty);
            let c = p.cliff_texture();
            p.set_layer_and_cliff_texture(p.layer_height() + 1, c);
        }
        let m = mesh_terrain(&t);
        // Tile 0: a quad. Tile 1: 4 quarters and 2 walls. 4 vertices a quad.
        assert_eq!(m.opaque.len(), (1 + 6) * 4);
        let zs: Vec<f32> = m.opaque.iter().map(|v| v.position[2]).collect();
        let low = t.tile(0, 0).final_height();
        assert!(zs.contains(&-low) && zs.contains(&-(low + 1.0)));
    }
}
