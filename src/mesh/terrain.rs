//! Warcraft III terrain as coloured triangles: ground, cliffs, ramps, water.
//!
//! Map coordinates as for voxels: x east, y south, z down, one unit a tile
//! (heights are in tile units too, so a cliff layer is one unit tall).
//! W3E stores its bottom row first, so tilepoint row `ty` is at
//! y = height - 1 - ty and north is up in the top view.
//!
//! Cliff tiles have no game models here, but take their shape from above:
//! marching squares on the corner layers cut a tile diagonally where one
//! corner stands apart and straight where two neighbours do, and walls a
//! layer tall stand on the cuts (`cliff`). Ramps are slopes. The opaque
//! surface is watertight: ramp and cliff tiles, and the ground tiles beside
//! them, share the midpoints of their edges (`edges`), which both sides
//! work out alike, so every edge inside the map is shared by two triangles
//! (`tests/terrain_watertight.rs` checks it). Water is a translucent layer
//! of its own, apart from that surface.
//!
//! Each tile is classified once (`tiles`), colours and heights are worked
//! out once a tilepoint (`corners`), then tile rows are meshed on all
//! cores ([`super::tris`]), counted from the classes alone. Most tiles are
//! plain ground, drawn by a short path of their own (`ground`).

pub use super::tris::ColorVertex;
use super::tris::{
    build_rows, facing_light, shade_256, Count, RowMesher, Sink, OPAQUE, TRANSLUCENT,
};
use crate::store::terrain::{Tilepoint, W3eTerrain};
pub use coarse::{terrain_levels, terrain_levels_of_era, TerrainLevel, TerrainLevels, BLOCK};
pub use look::Look;
pub use overlay::{overlay_mesh, pathing_mesh, Overlays, NO_BUILD_TINT, NO_FLY_TINT, NO_WALK_TINT};

mod bands;
mod cliff;
mod coarse;
mod colors;
mod corners;
mod edges;
#[rustfmt::skip]
mod fitted;
pub mod game_colors;
mod ground;
mod lanes;
mod look;
pub mod overlay;
#[cfg(test)]
pub(crate) mod seams;
pub mod texture_kinds;
mod tiles;
mod water;

use cliff::cliff_tile;
use colors::Palette;
use corners::Corners;
use game_colors::Era;
use ground::{fan_tile, ground_quad, ground_quad_fits};
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

/// Adds an opaque quad of corners `p` and colours `c` to `sink`. Its
/// colours go as they are: the GPU lights the terrain
/// (shaders/terrain.wgsl), or draws it flat for the minimap view.
#[inline(always)]
fn quad<S: Sink>(sink: &mut S, p: [[f32; 3]; 4], c: [[u8; 3]; 4]) {
    if !S::WRITES {
        sink.quad(OPAQUE, [ColorVertex::default(); 4]);
        return;
    }
    sink.quad(
        OPAQUE,
        std::array::from_fn(|k| ColorVertex::shaded(p[k], c[k], 256, 255)),
    );
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

/// Whether `t` has tiles to draw: a grid of at least 2 x 2 tilepoints,
/// all of them there.
fn has_tiles(t: &W3eTerrain) -> bool {
    let (w, h) = (t.width as usize, t.height as usize);
    w >= 2 && h >= 2 && t.tilepoints.len() >= w * h
}

/// Builds the terrain's triangles, in the released game's colours (a bare
/// W3E, with no w3i to say which game drew it).
pub fn mesh_terrain(t: &W3eTerrain) -> TriMesh {
    mesh_terrain_of_era(t, Era::Release)
}

/// Builds the terrain's triangles, in the colours of `era`'s game (an
/// [`Era`], or a [`Look`]: the era and the map's water tint).
pub fn mesh_terrain_of_era(t: &W3eTerrain, era: impl Into<Look>) -> TriMesh {
    if !has_tiles(t) {
        return TriMesh::default();
    }
    let (w, h) = (t.width as usize, t.height as usize);
    let rows = TileRows::new(t, era.into());
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
    /// `t`'s tiles classified and its corners worked out ([`has_tiles`]
    /// must hold).
    fn new(t: &W3eTerrain, look: Look) -> TileRows<'_> {
        let (w, h) = (t.width as usize, t.height as usize);
        let tp = &t.tilepoints[..w * h];
        let pal = Palette::new(t, look);
        let tiles = classify_tiles(tp, w, h);
        let corners = corners::corners(tp, &tiles, (w, h), &pal);
        TileRows {
            tp,
            w,
            h,
            tiles,
            corners,
            pal,
            plain_ground: ground_quad_fits(w, h),
        }
    }

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
        self.span(ty, 0..self.w - 1, sink);
    }
}

impl TileRows<'_> {
    /// Tiles `txs` of tile row `ty`, as [`RowMesher::row`] draws them.
    fn span<S: Sink>(&self, ty: usize, txs: std::ops::Range<usize>, sink: &mut S) {
        let row = self.tile_row(ty);
        // W3E rows go north, map y goes south.
        let y0 = (self.h - 1 - ty) as f32;
        // Heights drawn in this row (z is their negative).
        let (mut lo, mut hi) = (f32::MAX, f32::MIN);
        let mut widen = |h: f32| {
            lo = if h < lo { h } else { lo };
            hi = if h > hi { h } else { hi };
        };
        let (first, end) = (txs.start, txs.end);
        for (tx, &tile) in row.tiles.iter().enumerate().take(end).skip(first) {
            let hs = row.heights(tx);
            let x0 = tx as f32;
            let at = |u: f32, v: f32, height: f32| [x0 + u, y0 - v, -height];
            if tile.is_cliff() {
                let (l, h) = cliff_tile(sink, &self.pal, row.corners(tx), hs, at);
                widen(l);
                widen(h);
            } else {
                if tile.mids() != 0 {
                    // A ramp, or ground beside a ramp or a cliff.
                    fan_tile(sink, hs, row.colors(tx), tile.mids(), at);
                } else if !S::WRITES {
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
                // Midpoints and the centre lie between the corners.
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
            sink.bounds([first as f32, y0 - 1.0, -hi], [end as f32, y0, -lo]);
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
            raise(&mut t, 2, ty, 1);
        }
        let m = mesh_terrain(&t);
        // Tile 0: a fan of 5 triangles (its right edge has a midpoint), 3
        // quads. Tile 1: 4 quarters and 2 walls. 4 vertices a quad.
        assert_eq!(m.opaque.len(), (3 + 6) * 4);
        let zs: Vec<f32> = m.opaque.iter().map(|v| v.position[2]).collect();
        let low = t.tile(0, 0).final_height();
        assert!(zs.contains(&-low) && zs.contains(&-(low + 1.0)));
        assert_watertight(&t, "step");
    }

    fn raise(t: &mut W3eTerrain, x: u32, y: u32, layers: u8) {
        let p = t.tile_mut(x, y);
        let c = p.cliff_texture();
        p.set_layer_and_cliff_texture(p.layer_height() + layers, c);
    }

    /// Panics, naming `what`, where the opaque surface of `t` has a crack.
    fn assert_watertight(t: &W3eTerrain, what: &str) -> usize {
        let m = mesh_terrain(t);
        let p: Vec<[f32; 3]> = m.opaque.iter().map(|v| v.position).collect();
        seams::assert_closed(&p, t.width as usize, t.height as usize, what).triangles
    }

    /// A 4 x 4 tilepoint grid whose centre tile has corner layers `layers`
    /// and ramp flags `ramps` (a bit a corner, `tile_corners` order); the
    /// ring around it copies the nearest centre corner, or lies flat on
    /// layer 1 (`copy` false). Ground heights vary, so that heights are
    /// not all whole numbers.
    fn pattern(layers: [u8; 4], ramps: u8, copy: bool) -> W3eTerrain {
        let mut t = W3eTerrain::flat(4, 4, 12);
        for y in 0..4u32 {
            for x in 0..4u32 {
                let (cx, cy) = (x.clamp(1, 2), y.clamp(1, 2));
                let k = (cx - 1 + 2 * (cy - 1)) as usize;
                let centre = (cx, cy) == (x, y);
                let p = t.tile_mut(x, y);
                p.height = Tilepoint::ZERO - 100 + ((x * 37 + y * 91) % 200) as u16;
                let (layer, ramp) = if centre || copy {
                    (layers[k], ramps & 1 << k != 0)
                } else {
                    (1, false)
                };
                p.set_layer_and_cliff_texture(layer + 1, (x + y) as u8 % 2);
                p.set_flag(Tilepoint::RAMP, ramp);
            }
        }
        t
    }

    #[test]
    fn every_corner_pattern_is_watertight_and_counted() {
        let mut patterns = 0;
        for n in 0..81u32 {
            let layers: [u8; 4] = std::array::from_fn(|k| (n / 3u32.pow(k as u32) % 3) as u8);
            for ramps in 0..16 {
                for copy in [true, false] {
                    // mesh_terrain asserts its count matched what it drew.
                    let what = format!("layers {layers:?}, ramps {ramps:04b}, copy {copy}");
                    assert_watertight(&pattern(layers, ramps, copy), &what);
                    patterns += 1;
                }
            }
        }
        assert_eq!(patterns, 81 * 16 * 2);
    }

    #[test]
    fn the_check_sees_a_missing_triangle_and_a_vertex_a_hair_off() {
        let t = pattern([0, 1, 2, 1], 0b0101, true);
        let (w, h) = (t.width as usize, t.height as usize);
        let p: Vec<[f32; 3]> = mesh_terrain(&t).opaque.iter().map(|v| v.position).collect();
        assert!(seams::seams(&p, w, h).faults.is_empty());
        // A wall quad left out.
        let fewer = [&p[..40], &p[44..]].concat();
        assert!(!seams::seams(&fewer, w, h).faults.is_empty());
        // One vertex of a cliff tile's quad off by the least a float can be.
        let mut off = p.clone();
        let k = off.iter().position(|q| q[0] == 1.5 && q[1] == 1.5).unwrap();
        off[k][2] = f32::from_bits(off[k][2].to_bits() + 1);
        assert!(!seams::seams(&off, w, h).faults.is_empty());
    }

    #[test]
    fn a_corner_apart_cuts_its_quarter_diagonally() {
        // Only the centre tile's top-right corner is up a layer: its tile
        // draws no vertex inside the other three quarters but the centre.
        let t = pattern([0, 0, 0, 1], 0, false);
        let m = mesh_terrain(&t);
        // Tile (1, 1) spans x 1..2, y 1..2 (tilepoint row 2 is y = 1).
        let inside = |v: &&ColorVertex| {
            let [x, y, _] = v.position;
            x > 1.0 && x < 2.0 && y > 1.0 && y < 2.0
        };
        assert!(m
            .opaque
            .iter()
            .filter(inside)
            .all(|v| v.position[..2] == [1.5, 1.5]));
    }
}
