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
//! Each tile is classified once (`tiles`), colours and heights are worked
//! out once a tilepoint (`corners`), then tile rows are meshed on all
//! cores ([`super::tris`]), counted from the classes alone. Most tiles are
//! plain ground, drawn by a short path of their own (`ground`).

pub use super::overlay::{
    overlay_mesh, pathing_mesh, Overlays, NO_BUILD_TINT, NO_FLY_TINT, NO_WALK_TINT,
};
pub use super::tris::ColorVertex;
use super::tris::{
    build_rows, facing_light, shade_256, Count, RowMesher, Sink, OPAQUE, TRANSLUCENT,
};
use crate::store::terrain::{Tilepoint, W3eTerrain};

mod cliff;
mod colors;
mod corners;
#[rustfmt::skip]
mod fitted;
pub mod game_colors;
mod ground;
mod lanes;
mod tiles;
mod water;

use cliff::cliff_tile;
use colors::Palette;
use corners::Corners;
use ground::{ground_quad, ground_quad_fits};
use lanes::LanedRgb;
use tiles::{classify_tiles, Tile};
use water::Water;

/// Quads to draw opaque, and translucent ones (water) to draw after: 4
/// vertices a quad, in order around it (see [`super::tris`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TriMesh {
    pub opaque: Vec<ColorVertex>,
    /// Opaque quads seen from their front only (wound counter-clockwise).
    pub one_sided: Vec<ColorVertex>,
    pub translucent: Vec<ColorVertex>,
    /// Where the opaque list has ground vertices ([`GROUND_ALPHA`]): the
    /// colours they are painted from.
    pub tile_colors: Option<TileColors>,
    pub bounds_min: [f32; 3],
    pub bounds_max: [f32; 3],
}

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
/// `alpha` < 1. Its colours go as they are: the GPU lights the terrain
/// (shaders/terrain.wgsl), or draws it flat for the minimap view.
#[inline(always)]
fn quad<S: Sink>(sink: &mut S, p: [[f32; 3]; 4], c: [[u8; 3]; 4], alpha: f32, _lit: bool) {
    let list = if alpha < 1.0 { TRANSLUCENT } else { OPAQUE };
    if !S::WRITES {
        sink.quad(list, [ColorVertex::default(); 4]);
        return;
    }
    sink.quad(list, shaded(p, c, alpha, false));
}

/// The alpha of ground vertices: their colour comes from the tile grid
/// ([`TileColors`]), each corner's over its quarter of the tile.
pub const GROUND_ALPHA: u8 = 0;

/// The ground's colour at every tilepoint, for the GPU to paint each tile
/// from its four corners: `width` x `height` RGBA, row 0 the southern edge
/// (map y = height - 1), as W3E stores them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TileColors {
    pub width: u32,
    pub height: u32,
    pub colors: Vec<[u8; 4]>,
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

/// Corner (u, v) offsets in a tile, in `tile_corners` order: bottom-left,
/// bottom-right, top-left, top-right.
const UV: [[f32; 2]; 4] = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];

/// Builds the terrain's triangles.
pub fn mesh_terrain(t: &W3eTerrain) -> TriMesh {
    let (w, h) = (t.width as usize, t.height as usize);
    if w < 2 || h < 2 || t.tilepoints.len() < w * h {
        return TriMesh::default();
    }
    let tp = &t.tilepoints[..w * h];
    let pal = Palette::new(t);
    let tiles = classify_tiles(tp, w, h);
    let corners = corners::corners(tp, &tiles, (w, h), &pal);
    let rows = TileRows {
        tp,
        w,
        h,
        tiles,
        corners,
        pal,
        plain_ground: ground_quad_fits(w, h),
    };
    let built = build_rows(&rows);
    let [opaque, one_sided, translucent] = built.lists;
    let tile_colors = TileColors {
        width: w as u32,
        height: h as u32,
        colors: rows.corners.colors.iter().map(|c| c.rgba()).collect(),
    };
    let mut m = TriMesh {
        opaque,
        one_sided,
        translucent,
        tile_colors: Some(tile_colors),
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
    tiles: Vec<Tile>,
    pal: Palette,
    corners: Corners,
    /// Whether [`ground_quad`] may draw the ground tiles (it may on any
    /// terrain that fits in memory).
    plain_ground: bool,
}

/// One tile row's tiles, and the tilepoints and their [`Corners`] entries
/// along its bottom and top edges (`w` tilepoints each).
struct TileRow<'a> {
    tiles: &'a [Tile],
    tp: [&'a [Tilepoint]; 2],
    heights: [&'a [f32]; 2],
    colors: [&'a [LanedRgb]; 2],
    water_levels: [&'a [f32]; 2],
}

impl TileRow<'_> {
    /// Tile `tx`'s corners, in `tile_corners` order.
    #[inline(always)]
    fn corners(&self, tx: usize) -> [&Tilepoint; 4] {
        let [b, t] = self.tp;
        [&b[tx], &b[tx + 1], &t[tx], &t[tx + 1]]
    }

    /// Tile `tx`'s corner heights, in `tile_corners` order.
    #[inline(always)]
    fn heights(&self, tx: usize) -> [f32; 4] {
        let [b, t] = self.heights;
        [b[tx], b[tx + 1], t[tx], t[tx + 1]]
    }

    /// Tile `tx`'s corner water levels, in `tile_corners` order.
    #[inline(always)]
    fn water_levels(&self, tx: usize) -> [f32; 4] {
        let [b, t] = self.water_levels;
        [b[tx], b[tx + 1], t[tx], t[tx + 1]]
    }

    /// Tile `tx`'s corner colours, in `tile_corners` order.
    #[inline(always)]
    fn colors(&self, tx: usize) -> [LanedRgb; 4] {
        let [b, t] = self.colors;
        [b[tx], b[tx + 1], t[tx], t[tx + 1]]
    }
}

impl TileRows<'_> {
    /// Tile row `ty` (W3E rows go north).
    #[inline(always)]
    fn tile_row(&self, ty: usize) -> TileRow<'_> {
        let (w, c) = (self.w, &self.corners);
        let edge = |r: usize| r * w..(r + 1) * w;
        let (bottom, top) = (edge(ty), edge(ty + 1));
        TileRow {
            tiles: &self.tiles[ty * (w - 1)..][..w - 1],
            tp: [&self.tp[bottom.clone()], &self.tp[top.clone()]],
            heights: [&c.heights[bottom.clone()], &c.heights[top.clone()]],
            colors: [&c.colors[bottom.clone()], &c.colors[top.clone()]],
            water_levels: [&c.water_levels[bottom], &c.water_levels[top]],
        }
    }
}

impl RowMesher for TileRows<'_> {
    fn rows(&self) -> usize {
        self.h - 1
    }

    /// From the tiles' classes: only wet tiles need a look at their
    /// corners, for their water depth.
    fn count(&self, ty: usize, count: &mut Count) {
        let row = self.tile_row(ty);
        let (mut opaque, mut translucent) = (0, 0);
        for (tx, tile) in row.tiles.iter().enumerate() {
            opaque += tile.opaque_quads as usize;
            if tile.is_wet() && Water::over(row.water_levels(tx), row.heights(tx)).is_some() {
                translucent += 1;
            }
        }
        count.vertices[OPAQUE] += 4 * opaque;
        count.vertices[TRANSLUCENT] += 4 * translucent;
    }

    fn row<S: Sink>(&self, ty: usize, sink: &mut S) {
        let row = self.tile_row(ty);
        // W3E rows go north, map y goes south.
        let y0 = (self.h - 1 - ty) as f32;
        // Heights drawn in this row (z is their negative).
        let (mut lo, mut hi) = (f32::MAX, f32::MIN);
        let mut widen = |h: f32| {
            lo = if h < lo { h } else { lo };
            hi = if h > hi { h } else { hi };
        };
        for (tx, &tile) in row.tiles.iter().enumerate() {
            let hs = row.heights(tx);
            let x0 = tx as f32;
            let at = |u: f32, v: f32, height: f32| [x0 + u, y0 - v, -height];
            if tile.is_cliff() {
                let (l, h) = cliff_tile(sink, &self.pal, row.corners(tx), at);
                widen(l);
                widen(h);
            } else {
                // Ground, or a ramp drawn as a slope.
                if !S::WRITES {
                    sink.quad(OPAQUE, [ColorVertex::default(); 4]);
                } else if self.plain_ground {
                    sink.quad(OPAQUE, ground_quad(x0, y0, hs, row.colors(tx)));
                } else {
                    let p = [at(0.0, 0.0, hs[0]), at(1.0, 0.0, hs[1])];
                    let p = [p[0], p[1], at(1.0, 1.0, hs[3]), at(0.0, 1.0, hs[2])];
                    let c = row.colors(tx).map(LanedRgb::rgb);
                    let around = [c[0], c[1], c[3], c[2]];
                    let v = |k: usize| {
                        let [r, g, b] = around[k];
                        ColorVertex {
                            position: p[k],
                            color: [r, g, b, GROUND_ALPHA],
                        }
                    };
                    sink.quad(OPAQUE, [v(0), v(1), v(2), v(3)]);
                }
                hs.into_iter().for_each(&mut widen);
            }
            if tile.is_wet() {
                if let Some(water) = Water::over(row.water_levels(tx), hs) {
                    // Never opaque: its alpha is below 1 at any depth.
                    sink.quad(TRANSLUCENT, water.quad(&self.pal, at));
                    water.levels.into_iter().for_each(&mut widen);
                }
            }
        }
        if lo <= hi {
            sink.bounds([0.0, y0 - 1.0, -hi], [(self.w - 1) as f32, y0, -lo]);
        }
    }
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
