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

use super::palette::texture_color;
use crate::store::terrain::{Tilepoint, W3eTerrain};

/// A vertex with its colour, lit on the CPU; shared with the render module.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct ColorVertex {
    pub position: [f32; 3],
    pub color: [f32; 4],
}

/// Triangles to draw opaque, and translucent ones (water) to draw after.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TriMesh {
    pub opaque: Vec<ColorVertex>,
    /// Opaque triangles seen from their front only (wound counter-clockwise).
    pub one_sided: Vec<ColorVertex>,
    pub translucent: Vec<ColorVertex>,
    pub bounds_min: [f32; 3],
    pub bounds_max: [f32; 3],
}

const BLIGHT: [u8; 3] = [95, 70, 95];
/// Light from high in the south-west (z is down, so "up" is -z).
const LIGHT: [f32; 3] = [-0.35, 0.3, -0.89];

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

impl TriMesh {
    /// A triangle, shaded by how squarely it faces the light.
    fn tri(&mut self, p: [[f32; 3]; 3], c: [[f32; 3]; 3], alpha: f32, lit: bool) {
        let n = cross(sub(p[1], p[0]), sub(p[2], p[0]));
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt().max(1e-9);
        let dot = (n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2]).abs() / len;
        let shade = if lit { 0.45 + 0.55 * dot } else { 1.0 };
        let out = if alpha < 1.0 {
            &mut self.translucent
        } else {
            &mut self.opaque
        };
        for (p, c) in p.iter().zip(c) {
            out.push(ColorVertex {
                position: *p,
                color: [c[0] * shade, c[1] * shade, c[2] * shade, alpha],
            });
        }
    }

    /// A quad of corners a, b, c, d in order around it.
    fn quad(&mut self, p: [[f32; 3]; 4], c: [[f32; 3]; 4], alpha: f32, lit: bool) {
        self.tri([p[0], p[1], p[2]], [c[0], c[1], c[2]], alpha, lit);
        self.tri([p[0], p[2], p[3]], [c[0], c[2], c[3]], alpha, lit);
    }
}

fn rgb(c: [u8; 3], scale: f32) -> [f32; 3] {
    c.map(|v| (v as f32 / 255.0 * scale).min(1.0))
}

/// A corner's ground colour: its texture, blight over it, a slight tint
/// from its variation.
fn ground_color(t: &W3eTerrain, p: &Tilepoint) -> [f32; 3] {
    if p.blight() {
        return rgb(BLIGHT, 1.0);
    }
    let base = t
        .ground_textures
        .get(p.texture() as usize)
        .map_or([128, 128, 128], texture_color);
    let tint = 1.0 + (p.ground_variation() % 8) as f32 * 0.012 - 0.04;
    rgb(base, tint)
}

/// A corner's cliff colour (texture 15 means none, but real cliffs have it:
/// fall back to the first cliff texture).
fn cliff_color(t: &W3eTerrain, p: &Tilepoint, scale: f32) -> [f32; 3] {
    let i = match p.cliff_texture() {
        Tilepoint::NO_CLIFF_TEXTURE => 0,
        i => i as usize,
    };
    let base = t
        .cliff_textures
        .get(i)
        .map_or([120, 110, 100], texture_color);
    rgb(base, scale)
}

/// Builds the terrain's triangles.
pub fn mesh_terrain(t: &W3eTerrain) -> TriMesh {
    let mut m = TriMesh::default();
    let (w, h) = (t.width, t.height);
    if w < 2 || h < 2 || t.tilepoints.len() < (w * h) as usize {
        return m;
    }
    let y_of = |ty: f32| (h - 1) as f32 - ty;
    for ty in 0..h - 1 {
        for tx in 0..w - 1 {
            let corners = t.tile_corners(tx, ty);
            // Corner (u, v) offsets in the tile, in tile_corners order.
            const UV: [[f32; 2]; 4] = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
            let ground = corners.map(|c| c.ground_height());
            let g = |u: f32, v: f32| {
                let bottom = ground[0] + (ground[1] - ground[0]) * u;
                let top = ground[2] + (ground[3] - ground[2]) * u;
                bottom + (top - bottom) * v
            };
            let at = |u: f32, v: f32, height: f32| [tx as f32 + u, y_of(ty as f32 + v), -height];
            let colors = corners.map(|c| ground_color(t, c));
            let cliff = t.is_cliff_tile(tx, ty);
            let ramp = cliff && corners.iter().all(|c| c.ramp());
            if !cliff || ramp {
                // Ground, or a ramp drawn as a slope.
                let hs = t.tile_corner_heights(tx, ty);
                let p = [0, 1, 3, 2].map(|i| at(UV[i][0], UV[i][1], hs[i]));
                let c = [0, 1, 3, 2].map(|i| colors[i]);
                m.quad(p, c, 1.0, true);
            } else {
                // Each corner's quarter at its own layer, in its cliff's colour.
                let layer = corners.map(|c| c.layer_height() as f32 - 2.0);
                for (i, uv) in UV.iter().enumerate() {
                    let (u0, v0) = (uv[0] * 0.5, uv[1] * 0.5);
                    let quarter = [
                        (u0, v0),
                        (u0 + 0.5, v0),
                        (u0 + 0.5, v0 + 0.5),
                        (u0, v0 + 0.5),
                    ];
                    let p = quarter.map(|(u, v)| at(u, v, g(u, v) + layer[i]));
                    let color = cliff_color(t, corners[i], 1.1);
                    m.quad(p, [color; 4], 1.0, true);
                }
                // Walls on the midlines between quarters on different layers.
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
                    let color = cliff_color(t, corners[high], 0.75);
                    m.quad(p, [color; 4], 1.0, true);
                }
            }
            // Water: where any corner has the flag and the surface is above
            // the ground, coloured and made opaque by depth.
            if corners.iter().any(|c| c.water_flag()) {
                let hs = t.tile_corner_heights(tx, ty);
                let levels = corners.map(|c| c.water_level());
                let depth = (0..4).map(|i| levels[i] - hs[i]).fold(f32::MIN, f32::max);
                if depth > 0.0 {
                    // With no water texture, the surface itself must read as
                    // water: bluer and more opaque the deeper it is.
                    let d = (depth / 2.0).clamp(0.0, 1.0);
                    let alpha = 0.5 + 0.35 * d;
                    let shallow = [0.25, 0.55, 0.75];
                    let deep = [0.06, 0.20, 0.50];
                    let c = [0, 1, 2].map(|k| shallow[k] + (deep[k] - shallow[k]) * d);
                    let p = [0, 1, 3, 2].map(|i| at(UV[i][0], UV[i][1], levels[i]));
                    m.quad(p, [c; 4], alpha, false);
                }
            }
        }
    }
    let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
    for v in m.opaque.iter().chain(&m.translucent) {
        for k in 0..3 {
            lo[k] = lo[k].min(v.position[k]);
            hi[k] = hi[k].max(v.position[k]);
        }
    }
    if lo[0] <= hi[0] {
        (m.bounds_min, m.bounds_max) = (lo, hi);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_terrain_is_two_triangles_a_tile() {
        let t = W3eTerrain::flat(5, 4, 12);
        let m = mesh_terrain(&t);
        assert_eq!(m.opaque.len(), 4 * 3 * 6);
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
        // Tile 0: 2 triangles. Tile 1: 4 quarters and 2 walls, 2 triangles each.
        assert_eq!(m.opaque.len(), (2 + 6 * 2) * 3);
        let zs: Vec<f32> = m.opaque.iter().map(|v| v.position[2]).collect();
        let low = t.tile(0, 0).final_height();
        assert!(zs.contains(&-low) && zs.contains(&-(low + 1.0)));
    }
}

/// The W3E overlays a user can switch on: tile flags and the layer map.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Overlays {
    pub ramp: bool,
    pub blight: bool,
    pub water: bool,
    pub boundary: bool,
    pub map_edge: bool,
    pub cliff: bool,
    /// Layer height as a heat map, blue (0) to red (15).
    pub layers: bool,
}

impl Overlays {
    pub const NAMES: [&'static str; 7] = [
        "ramp", "blight", "water", "boundary", "edge", "cliff", "layers",
    ];

    pub fn any(&self) -> bool {
        *self != Overlays::default()
    }

    /// Sets the overlay called `name` (see [`Self::NAMES`]); false if unknown.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let flag = match name {
            "ramp" => &mut self.ramp,
            "blight" => &mut self.blight,
            "water" => &mut self.water,
            "boundary" => &mut self.boundary,
            "edge" | "map_edge" => &mut self.map_edge,
            "cliff" => &mut self.cliff,
            "layers" => &mut self.layers,
            _ => return false,
        };
        *flag = on;
        true
    }
}

/// Translucent tile tints for the overlays that are on, drawn just above the
/// ground. A tile shows a flag when any of its corners has it; where several
/// apply, the first of cliff, ramp, blight, water, boundary, map edge wins
/// over the layer heat map.
pub fn overlay_mesh(t: &W3eTerrain, o: &Overlays) -> Vec<ColorVertex> {
    let mut m = TriMesh::default();
    let (w, h) = (t.width, t.height);
    if !o.any() || w < 2 || h < 2 || t.tilepoints.len() < (w * h) as usize {
        return Vec::new();
    }
    let y_of = |ty: f32| (h - 1) as f32 - ty;
    for ty in 0..h - 1 {
        for tx in 0..w - 1 {
            let c = t.tile_corners(tx, ty);
            let any = |f: fn(&Tilepoint) -> bool| c.iter().any(|p| f(p));
            let tint = if o.cliff && t.is_cliff_tile(tx, ty) {
                Some([1.0, 0.15, 0.1])
            } else if o.ramp && any(Tilepoint::ramp) {
                Some([1.0, 0.9, 0.1])
            } else if o.blight && any(Tilepoint::blight) {
                Some([0.7, 0.2, 0.9])
            } else if o.water && any(Tilepoint::water_flag) {
                Some([0.1, 0.9, 1.0])
            } else if o.boundary && any(Tilepoint::boundary) {
                Some([0.05, 0.05, 0.05])
            } else if o.map_edge && any(Tilepoint::map_edge) {
                Some([0.9, 0.9, 0.9])
            } else if o.layers {
                let layer = c.iter().map(|p| p.layer_height()).min().unwrap_or(0) as f32 / 15.0;
                Some([layer, 0.2, 1.0 - layer])
            } else {
                None
            };
            if let Some(rgb) = tint {
                let hs = t.tile_corner_heights(tx, ty);
                const UV: [[f32; 2]; 4] = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
                let p = [0, 1, 3, 2].map(|i| {
                    [
                        tx as f32 + UV[i][0],
                        y_of(ty as f32 + UV[i][1]),
                        -hs[i] - 0.05,
                    ]
                });
                m.quad(p, [rgb; 4], 0.5, false);
            }
        }
    }
    m.translucent
}
