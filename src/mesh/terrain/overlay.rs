//! W3E flag overlays: translucent tints over the tiles that carry a flag, or
//! every tile by its layer, drawn just above the ground.

use super::{ColorVertex, TriMesh};
use crate::store::terrain::{Tilepoint, W3eTerrain};
use crate::store::warcraft::{Pathing, WarcraftMap};

/// The W3E overlays a user can switch on: tile flags and the layer map.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Overlays {
    pub ramp: bool,
    pub blight: bool,
    pub water: bool,
    pub boundary: bool,
    pub map_edge: bool,
    pub cliff: bool,
    /// Layer height as a heat map, blue (the map's lowest tile layer) to
    /// red (its highest): see [`layer_range`].
    pub layers: bool,
    /// Warcraft III pathing (`war3map.wpm`), a quarter tile a cell.
    pub no_walk: bool,
    pub no_build: bool,
    pub no_fly: bool,
}

impl Overlays {
    pub const NAMES: [&'static str; 10] = [
        "ramp", "blight", "water", "boundary", "edge", "cliff", "layers", "nowalk", "nobuild",
        "nofly",
    ];

    /// The layer map's name in the Tile flags menu and the legend.
    pub const LAYERS_LABEL: &'static str = "Layer heights (lowest blue … highest red)";

    pub fn any(&self) -> bool {
        *self != Overlays::default()
    }

    /// Every overlay: its switch, its name in the Tile flags menu and its
    /// tint (the layer map's lowest layer; its highest is [`LAYER_TOP_TINT`]).
    pub fn all(&mut self) -> [(&mut bool, &'static str, [f32; 3]); 10] {
        [
            (&mut self.cliff, "Cliff tiles", CLIFF_TINT),
            (&mut self.ramp, "Ramp", RAMP_TINT),
            (&mut self.blight, "Blight", BLIGHT_TINT),
            (&mut self.water, "Water flag", WATER_TINT),
            (&mut self.boundary, "Boundary", BOUNDARY_TINT),
            (&mut self.map_edge, "Map edge", EDGE_TINT),
            (&mut self.layers, Self::LAYERS_LABEL, LAYER_BOTTOM_TINT),
            (&mut self.no_walk, "Not walkable", NO_WALK_TINT),
            (&mut self.no_build, "Not buildable", NO_BUILD_TINT),
            (&mut self.no_fly, "Not flyable", NO_FLY_TINT),
        ]
    }

    /// The overlays switched on, with their tints: the legend over the view.
    pub fn legend(mut self) -> Vec<(&'static str, [f32; 3])> {
        self.all()
            .into_iter()
            .filter(|(on, _, _)| **on)
            .map(|(_, name, tint)| (name, tint))
            .collect()
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
            "nowalk" => &mut self.no_walk,
            "nobuild" => &mut self.no_build,
            "nofly" => &mut self.no_fly,
            _ => return false,
        };
        *flag = on;
        true
    }
}

/// The lowest and highest layer of the map's tiles (a tile's layer is its
/// lowest corner's), which the layer heat map spans: a map using layers 2
/// to 4 shows three clearly different colours, not three shades of blue.
pub fn layer_range(t: &W3eTerrain) -> [u8; 2] {
    let (w, h) = (t.width, t.height);
    if w < 2 || h < 2 || t.tilepoints.len() < (w * h) as usize {
        return [0, 0];
    }
    let mut range = [u8::MAX, 0];
    for ty in 0..h - 1 {
        for tx in 0..w - 1 {
            let layer = tile_layer(t, tx, ty);
            range = [range[0].min(layer), range[1].max(layer)];
        }
    }
    range
}

fn tile_layer(t: &W3eTerrain, tx: u32, ty: u32) -> u8 {
    let c = t.tile_corners(tx, ty);
    c.iter().map(|p| p.layer_height()).min().unwrap_or(0)
}

/// The heat map's tint for `layer` within `range` (lowest blue, highest red).
pub fn layer_tint(layer: u8, [lo, hi]: [u8; 2]) -> [f32; 3] {
    let f = if hi > lo {
        (layer.clamp(lo, hi) - lo) as f32 / (hi - lo) as f32
    } else {
        0.0
    };
    let [a, b] = [LAYER_BOTTOM_TINT, LAYER_TOP_TINT];
    std::array::from_fn(|i| a[i] + (b[i] - a[i]) * f)
}

/// Translucent tile tints for the overlays that are on, drawn just above the
/// ground. A tile shows a flag when any of its corners has it; where several
/// apply, the first of cliff, ramp, blight, water, boundary, map edge wins
/// over the layer heat map. A quad list (4 vertices a tile).
pub fn overlay_mesh(t: &W3eTerrain, o: &Overlays) -> Vec<ColorVertex> {
    let mut m = TriMesh::default();
    let (w, h) = (t.width, t.height);
    if !o.any() || w < 2 || h < 2 || t.tilepoints.len() < (w * h) as usize {
        return Vec::new();
    }
    let y_of = |ty: f32| (h - 1) as f32 - ty;
    let layers = if o.layers { layer_range(t) } else { [0, 0] };
    for ty in 0..h - 1 {
        for tx in 0..w - 1 {
            let c = t.tile_corners(tx, ty);
            let any = |f: fn(&Tilepoint) -> bool| c.iter().any(|p| f(p));
            let tint = if o.cliff && t.is_cliff_tile(tx, ty) {
                Some(CLIFF_TINT)
            } else if o.ramp && any(Tilepoint::ramp) {
                Some(RAMP_TINT)
            } else if o.blight && any(Tilepoint::blight) {
                Some(BLIGHT_TINT)
            } else if o.water && any(Tilepoint::water_flag) {
                Some(WATER_TINT)
            } else if o.boundary && any(Tilepoint::boundary) {
                Some(BOUNDARY_TINT)
            } else if o.map_edge && any(Tilepoint::map_edge) {
                Some(EDGE_TINT)
            } else if o.layers {
                Some(layer_tint(tile_layer(t, tx, ty), layers))
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
                m.quad(p, [super::rgb8(rgb); 4], 0.5, false);
            }
        }
    }
    m.translucent
}

/// The tint of each overlay, as the Tile flags menu and the legend show it.
/// Each differs from the others and from the viewer's pink hover highlight,
/// and stands out on every tileset's ground (`tests`: cliffs were brown,
/// which Barrens' brown ground hid).
pub const CLIFF_TINT: [f32; 3] = [0.1, 1.0, 0.1];
pub const RAMP_TINT: [f32; 3] = [1.0, 0.9, 0.1];
pub const BLIGHT_TINT: [f32; 3] = [0.6, 0.2, 0.9];
pub const WATER_TINT: [f32; 3] = [0.1, 0.9, 1.0];
pub const BOUNDARY_TINT: [f32; 3] = [0.0, 0.0, 0.0];
pub const EDGE_TINT: [f32; 3] = [0.9, 0.9, 0.9];
pub const LAYER_BOTTOM_TINT: [f32; 3] = [0.0, 0.2, 1.0];
pub const LAYER_TOP_TINT: [f32; 3] = [1.0, 0.2, 0.0];
pub const NO_WALK_TINT: [f32; 3] = [1.0, 0.15, 0.15];
pub const NO_BUILD_TINT: [f32; 3] = [1.0, 0.6, 0.05];
pub const NO_FLY_TINT: [f32; 3] = [0.25, 0.35, 1.0];

/// Translucent tints over the pathing cells (a quarter tile each) whose
/// flags the overlays name: no walking before no building before no flying.
pub fn pathing_mesh(map: &WarcraftMap, o: &Overlays) -> Vec<ColorVertex> {
    let Some(p) = &map.pathing else {
        return Vec::new();
    };
    if !(o.no_walk || o.no_build || o.no_fly) {
        return Vec::new();
    }
    let mut m = TriMesh::default();
    let tiles_y = map.terrain.height.saturating_sub(1) as f32;
    for cy in 0..p.height {
        for cx in 0..p.width {
            let f = p.at(cx, cy).unwrap_or(0);
            let tint = if o.no_walk && f & Pathing::NO_WALK != 0 {
                NO_WALK_TINT
            } else if o.no_build && f & Pathing::NO_BUILD != 0 {
                NO_BUILD_TINT
            } else if o.no_fly && f & Pathing::NO_FLY != 0 {
                NO_FLY_TINT
            } else {
                continue;
            };
            // Cells count from the south-west corner, four a tile.
            let (x0, x1) = (cx as f32 / 4.0, (cx + 1) as f32 / 4.0);
            let (y0, y1) = (tiles_y - (cy + 1) as f32 / 4.0, tiles_y - cy as f32 / 4.0);
            let z = map.terrain.surface_z((x0 + x1) / 2.0, (y0 + y1) / 2.0) - 0.06;
            let q = [[x0, y1, z], [x1, y1, z], [x1, y0, z], [x0, y0, z]];
            m.quad(q, [super::rgb8(tint); 4], 0.45, false);
        }
    }
    m.translucent
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How far a tint laid at half opacity moves a ground's colour (0-255
    /// a channel, the distance in RGB) at the least, over every tileset's
    /// mean ground colour as the game's minimap shows it: a tint must move
    /// each by at least this to be seen.
    const CONTRAST: f32 = 35.0;

    #[test]
    fn every_tint_stands_out_on_every_tilesets_ground() {
        use crate::mesh::terrain::game_colors::FITTED;
        let mut by_tileset: std::collections::BTreeMap<u8, Vec<[u8; 3]>> = Default::default();
        for (id, rgb) in FITTED.ground {
            // `cLc1`: Lordaeron's cliff rock used as ground.
            let tileset = if id[0] == b'c' { id[1] } else { id[0] };
            by_tileset.entry(tileset).or_default().push(*rgb);
        }
        assert!(by_tileset.len() >= 15, "{:?}", by_tileset.keys());
        let tints = [
            ("cliff", CLIFF_TINT),
            ("ramp", RAMP_TINT),
            ("blight", BLIGHT_TINT),
            ("water", WATER_TINT),
            ("boundary", BOUNDARY_TINT),
            ("map edge", EDGE_TINT),
            ("no walking", NO_WALK_TINT),
            ("no building", NO_BUILD_TINT),
            ("no flying", NO_FLY_TINT),
        ];
        for (tileset, grounds) in &by_tileset {
            let n = grounds.len() as f32;
            let mean = [0, 1, 2].map(|c| grounds.iter().map(|g| g[c] as f32).sum::<f32>() / n);
            for (name, tint) in tints {
                let moved = (0..3)
                    .map(|c| (0.5 * (tint[c] * 255.0 - mean[c])).powi(2))
                    .sum::<f32>()
                    .sqrt();
                assert!(
                    moved >= CONTRAST,
                    "{name} moves tileset {}'s ground {mean:?} by {moved:.0}",
                    *tileset as char
                );
            }
        }
    }

    #[test]
    fn the_layer_map_spans_the_maps_own_layers() {
        // Layers 2 (the flat map) and 4 (one raised corner block): lowest
        // blue, highest red, not two shades of blue on a 0..15 scale.
        let mut t = W3eTerrain::flat(9, 9, 11);
        for y in 0..4 {
            for x in 0..4 {
                let i = (y * 9 + x) as usize;
                t.tilepoints[i].set_layer_and_cliff_texture(4, 0);
            }
        }
        assert_eq!(layer_range(&t), [2, 4]);
        assert_eq!(layer_tint(2, [2, 4]), LAYER_BOTTOM_TINT);
        assert_eq!(layer_tint(4, [2, 4]), LAYER_TOP_TINT);
        let o = Overlays {
            layers: true,
            ..Default::default()
        };
        let tints: Vec<[u8; 4]> = overlay_mesh(&t, &o).iter().map(|v| v.color).collect();
        let red = tints.iter().filter(|c| c[0] > 200 && c[2] < 50).count();
        assert!(
            red >= 4 * 9,
            "{red} red vertices: the highest tiles are not red"
        );
        // A map on one layer is all the lowest colour.
        assert_eq!(layer_tint(2, [2, 2]), LAYER_BOTTOM_TINT);
    }
}
