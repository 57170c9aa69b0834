//! The W3E tilepoint grid: the content of a Warcraft III `war3map.w3e`.
//!
//! Every tilepoint keeps its raw fields, so writing a decoded terrain back gives
//! the same bytes (see `formats::w3e`). Accessors turn them into heights in tile
//! units (one tile = 128 world units) following the project's FORMAT-NOTES:
//! ground `h = (raw - 8192) / 512`, water surface `w = (raw & 0x3FFF - 8192) / 512
//! - 0.7`, final ground height `h + layer - 2`.

/// One tilepoint (a corner of up to four tiles), with its fields as stored.
///
/// `texflags` uses the version 12 layout for both versions: bits 0-5 ground
/// texture index, 6 ramp, 7 blight, 8 water, 9 boundary, 10-15 unused by the
/// game (kept so a version 12 file round-trips). Version 11 stores only a 4-bit
/// texture and the 4 flags, so it cannot hold texture indices of 16 and more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Tilepoint {
    /// Raw ground height: 8192 is ground zero, 512 per tile unit.
    pub height: u16,
    /// Raw water word: bits 0-13 water level (as `height`), bit 14 map edge,
    /// bit 15 unused (kept).
    pub water: u16,
    /// Texture index and flags, version 12 layout (see the type's docs).
    pub texflags: u16,
    /// Bits 0-4 ground variation (0-31), bits 5-7 cliff variation (0-7).
    pub variation: u8,
    /// Bits 0-3 layer (cliff level), bits 4-7 cliff texture (15 = none).
    pub cliff: u8,
}

impl Tilepoint {
    /// `texflags` bits of the ground texture index.
    pub const TEXTURE_MASK: u16 = 0x003F;
    pub const RAMP: u16 = 0x0040;
    pub const BLIGHT: u16 = 0x0080;
    pub const WATER: u16 = 0x0100;
    pub const BOUNDARY: u16 = 0x0200;
    /// `texflags` bits no version of the game uses.
    pub const RESERVED_MASK: u16 = 0xFC00;
    /// `water` bit marking the map's edge (shadowed, unplayable band).
    pub const MAP_EDGE: u16 = 0x4000;
    /// `water` bits of the water level.
    pub const WATER_LEVEL_MASK: u16 = 0x3FFF;
    /// Raw height of ground zero.
    pub const ZERO: u16 = 8192;
    /// The cliff texture value meaning "none".
    pub const NO_CLIFF_TEXTURE: u8 = 15;

    /// Ground texture index into [`W3eTerrain::ground_textures`] (0-63).
    pub fn texture(&self) -> u8 {
        (self.texflags & Self::TEXTURE_MASK) as u8
    }

    /// Sets the ground texture index. Panics if `t >= 64` (no version can store it).
    pub fn set_texture(&mut self, t: u8) {
        assert!(t < 64, "W3E ground texture index {t} is over 63");
        self.texflags = (self.texflags & !Self::TEXTURE_MASK) | t as u16;
    }

    pub fn ramp(&self) -> bool {
        self.texflags & Self::RAMP != 0
    }

    pub fn blight(&self) -> bool {
        self.texflags & Self::BLIGHT != 0
    }

    /// The water flag. Many maps set it under dry ground: compare
    /// [`Self::water_level`] with [`Self::final_height`] before drawing water.
    pub fn water_flag(&self) -> bool {
        self.texflags & Self::WATER != 0
    }

    /// The "boundary" (camera bounds) flag set by the editor's boundary tool.
    pub fn boundary(&self) -> bool {
        self.texflags & Self::BOUNDARY != 0
    }

    /// Bit 14 of the water word: the tilepoint lies in the map's edge band.
    pub fn map_edge(&self) -> bool {
        self.water & Self::MAP_EDGE != 0
    }

    /// Sets or clears one of the `texflags` flags (`RAMP`, `BLIGHT`, `WATER`,
    /// `BOUNDARY`).
    pub fn set_flag(&mut self, flag: u16, on: bool) {
        if on {
            self.texflags |= flag;
        } else {
            self.texflags &= !flag;
        }
    }

    pub fn set_map_edge(&mut self, on: bool) {
        if on {
            self.water |= Self::MAP_EDGE;
        } else {
            self.water &= !Self::MAP_EDGE;
        }
    }

    /// Ground texture variation, 0-31.
    pub fn ground_variation(&self) -> u8 {
        self.variation & 0x1F
    }

    /// Cliff model variation, 0-7.
    pub fn cliff_variation(&self) -> u8 {
        self.variation >> 5
    }

    pub fn set_variations(&mut self, ground: u8, cliff: u8) {
        self.variation = (ground & 0x1F) | (cliff << 5);
    }

    /// Layer (cliff level), 0-15; ground level is layer 2.
    pub fn layer_height(&self) -> u8 {
        self.cliff & 0x0F
    }

    /// Cliff texture index into [`W3eTerrain::cliff_textures`]; 15 means none,
    /// though real maps have it on cliff corners too (fall back to 0).
    pub fn cliff_texture(&self) -> u8 {
        self.cliff >> 4
    }

    pub fn set_layer_and_cliff_texture(&mut self, layer: u8, cliff_texture: u8) {
        self.cliff = (layer & 0x0F) | (cliff_texture << 4);
    }

    /// Ground height in tile units: `(raw - 8192) / 512`.
    pub fn ground_height(&self) -> f32 {
        (self.height as f32 - Self::ZERO as f32) / 512.0
    }

    /// Water surface in tile units: `(raw & 0x3FFF - 8192) / 512 - 0.7`.
    pub fn water_level(&self) -> f32 {
        ((self.water & Self::WATER_LEVEL_MASK) as f32 - Self::ZERO as f32) / 512.0 - 0.7
    }

    /// Final ground height in tile units without the ramp rule:
    /// `ground_height + layer - 2` (see [`W3eTerrain::tile_corner_heights`]).
    pub fn final_height(&self) -> f32 {
        self.ground_height() + self.layer_height() as f32 - 2.0
    }
}

/// Flag counts over all tilepoints (see [`W3eTerrain::flag_counts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FlagCounts {
    pub ramp: u64,
    pub blight: u64,
    pub water: u64,
    pub boundary: u64,
    pub map_edge: u64,
}

/// A Warcraft III terrain: header fields and the tilepoint grid.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct W3eTerrain {
    /// File format version: 11 (7 bytes a tilepoint) or 12 (8 bytes).
    pub version: u32,
    /// Main tileset letter, e.g. `b'L'` (Lordaeron Summer).
    pub tileset: u8,
    /// Raw "uses custom tileset" word (1 = custom, 0 = not).
    pub custom_tileset: u32,
    /// Ground texture IDs such as `*b"Ldrt"`, indexed by [`Tilepoint::texture`].
    pub ground_textures: Vec<[u8; 4]>,
    /// Cliff texture IDs such as `*b"CLdi"`, indexed by [`Tilepoint::cliff_texture`].
    pub cliff_textures: Vec<[u8; 4]>,
    /// Width in tilepoints (tiles + 1).
    pub width: u32,
    /// Height in tilepoints (tiles + 1).
    pub height: u32,
    /// World position (x, y) of tilepoint (0, 0), in world units.
    pub offset: [f32; 2],
    /// `width * height` tilepoints, bottom row first, x fastest, as stored.
    pub tilepoints: Vec<Tilepoint>,
}

/// The tileset letters and their names (FORMAT-NOTES).
pub const TILESETS: [(u8, &str); 18] = [
    (b'A', "Ashenvale"),
    (b'B', "Barrens"),
    (b'C', "Felwood"),
    (b'D', "Dungeon"),
    (b'F', "Lordaeron Fall"),
    (b'G', "Underground"),
    (b'I', "Icecrown"),
    (b'J', "Dalaran Ruins"),
    (b'K', "Black Citadel"),
    (b'L', "Lordaeron Summer"),
    (b'N', "Northrend"),
    (b'O', "Outland"),
    (b'Q', "Village Fall"),
    (b'V', "Village"),
    (b'W', "Lordaeron Winter"),
    (b'X', "Dalaran"),
    (b'Y', "Cityscape"),
    (b'Z', "Sunken Ruins"),
];

/// The name of a tileset letter, `None` for letters the game does not know.
pub fn tileset_name(letter: u8) -> Option<&'static str> {
    TILESETS
        .iter()
        .find(|(l, _)| *l == letter)
        .map(|(_, name)| *name)
}

/// A four-character ID as text: printable ASCII as is, other bytes (and `\`)
/// escaped as `\xNN`.
pub fn id_string(id: &[u8; 4]) -> String {
    let mut s = String::with_capacity(4);
    for &b in id {
        if (0x20..0x7F).contains(&b) && b != b'\\' {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\x{b:02X}"));
        }
    }
    s
}

/// One byte as text, escaped like [`id_string`].
pub fn letter_string(b: u8) -> String {
    if (0x20..0x7F).contains(&b) && b != b'\\' {
        (b as char).to_string()
    } else {
        format!("\\x{b:02X}")
    }
}

impl W3eTerrain {
    /// A plausible flat Lordaeron Summer map: ground zero, layer 2, water flag
    /// off and water below ground, grass (`Lgrs`, texture 1) inside a one-tilepoint
    /// ring of dirt (`Ldrt`, texture 0) that also carries the map-edge flag;
    /// offset centred. `width` and `height` are tilepoints (2 or more to be a
    /// valid file).
    pub fn flat(width: u32, height: u32, version: u32) -> W3eTerrain {
        let mut tilepoints = Vec::with_capacity(width as usize * height as usize);
        for y in 0..height {
            for x in 0..width {
                let edge = x == 0 || y == 0 || x + 1 == width || y + 1 == height;
                let mut tp = Tilepoint {
                    height: Tilepoint::ZERO,
                    water: Tilepoint::ZERO,
                    texflags: 0,
                    variation: 0,
                    cliff: 2 | (Tilepoint::NO_CLIFF_TEXTURE << 4),
                };
                tp.set_texture(if edge { 0 } else { 1 });
                tp.set_map_edge(edge);
                tilepoints.push(tp);
            }
        }
        W3eTerrain {
            version,
            tileset: b'L',
            custom_tileset: 0,
            ground_textures: vec![*b"Ldrt", *b"Lgrs"],
            cliff_textures: vec![*b"CLdi", *b"CLgr"],
            width,
            height,
            offset: [
                -(width.saturating_sub(1) as f32) * 64.0,
                -(height.saturating_sub(1) as f32) * 64.0,
            ],
            tilepoints,
        }
    }

    /// `[width, height]` in tilepoints.
    pub fn dims(&self) -> [u32; 2] {
        [self.width, self.height]
    }

    /// Index of tilepoint (x, y) in [`Self::tilepoints`].
    pub fn index(&self, x: u32, y: u32) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// Tilepoint (x, y); y = 0 is the bottom row. Panics outside the grid.
    pub fn tile(&self, x: u32, y: u32) -> &Tilepoint {
        assert!(
            x < self.width && y < self.height,
            "tilepoint ({x}, {y}) outside the grid"
        );
        &self.tilepoints[self.index(x, y)]
    }

    pub fn tile_mut(&mut self, x: u32, y: u32) -> &mut Tilepoint {
        assert!(
            x < self.width && y < self.height,
            "tilepoint ({x}, {y}) outside the grid"
        );
        let i = self.index(x, y);
        &mut self.tilepoints[i]
    }

    /// The 4 corners of tile (tx, ty) (tx < width - 1, ty < height - 1), in the
    /// order bottom-left, bottom-right, top-left, top-right.
    pub fn tile_corners(&self, tx: u32, ty: u32) -> [&Tilepoint; 4] {
        [
            self.tile(tx, ty),
            self.tile(tx + 1, ty),
            self.tile(tx, ty + 1),
            self.tile(tx + 1, ty + 1),
        ]
    }

    /// The ground's z (down, in layers) at map position (x, y): tiles from
    /// the west and from the north, as the 3D view counts them; heights
    /// blended across the tile. Objects stand, and overlays lie, on it.
    pub fn surface_z(&self, x: f32, y: f32) -> f32 {
        if self.width < 2 || self.height < 2 {
            return 0.0;
        }
        let (tiles_x, tiles_y) = ((self.width - 1) as f32, (self.height - 1) as f32);
        // Rows count from the south.
        let x = x.clamp(0.0, tiles_x - 1e-3);
        let south = (tiles_y - y).clamp(0.0, tiles_y - 1e-3);
        let (tx, ty) = (x.floor(), south.floor());
        let (u, v) = (x - tx, south - ty);
        let [bl, br, tl, tr] = self.tile_corner_heights(tx as u32, ty as u32);
        let h = (bl * (1.0 - u) + br * u) * (1.0 - v) + (tl * (1.0 - u) + tr * u) * v;
        -h
    }

    /// Whether tile (tx, ty) is a cliff: its 4 corner layers are not all equal.
    pub fn is_cliff_tile(&self, tx: u32, ty: u32) -> bool {
        let c = self.tile_corners(tx, ty);
        let l = c[0].layer_height();
        c.iter().any(|t| t.layer_height() != l)
    }

    /// Whether tile (tx, ty) is a ramp entrance: all 4 corners ramp-flagged and
    /// their layers differ.
    pub fn is_ramp_entrance(&self, tx: u32, ty: u32) -> bool {
        let c = self.tile_corners(tx, ty);
        c.iter().all(|t| t.ramp()) && self.is_cliff_tile(tx, ty)
    }

    /// Final heights (tile units) of the corners of tile (tx, ty), in the order of
    /// [`Self::tile_corners`], with the ramp rule (see [`Self::ramp_lift`]).
    pub fn tile_corner_heights(&self, tx: u32, ty: u32) -> [f32; 4] {
        [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(dx, dy)| self.corner_height(tx + dx, ty + dy))
    }

    /// Final height of tilepoint (x, y) in tile units, with the ramp rule.
    pub fn corner_height(&self, x: u32, y: u32) -> f32 {
        self.tile(x, y).final_height() + self.ramp_lift(x, y)
    }

    /// The ramp rule: a tilepoint on the lowest layer of a ramp entrance tile
    /// (all 4 corners ramp-flagged, layers differ) is lifted half a layer, 0.5.
    /// The lift belongs to the tilepoint, so the ramp's other tile slopes up
    /// to it and the two meet without a crack.
    pub fn ramp_lift(&self, x: u32, y: u32) -> f32 {
        let layer = self.tile(x, y).layer_height();
        let lifted = [(0, 0), (1, 0), (0, 1), (1, 1)].iter().any(|&(dx, dy)| {
            let (Some(tx), Some(ty)) = (x.checked_sub(dx), y.checked_sub(dy)) else {
                return false;
            };
            tx + 1 < self.width
                && ty + 1 < self.height
                && self.is_ramp_entrance(tx, ty)
                && self
                    .tile_corners(tx, ty)
                    .iter()
                    .map(|c| c.layer_height())
                    .min()
                    == Some(layer)
        });
        if lifted {
            0.5
        } else {
            0.0
        }
    }

    /// Counts of tilepoints with each flag set.
    pub fn flag_counts(&self) -> FlagCounts {
        let mut n = FlagCounts::default();
        for t in &self.tilepoints {
            n.ramp += t.ramp() as u64;
            n.blight += t.blight() as u64;
            n.water += t.water_flag() as u64;
            n.boundary += t.boundary() as u64;
            n.map_edge += t.map_edge() as u64;
        }
        n
    }

    /// Number of cliff tiles (see [`Self::is_cliff_tile`]).
    pub fn cliff_tile_count(&self) -> u64 {
        let (w, h) = (self.width as usize, self.height as usize);
        if w < 2 || h < 2 || self.tilepoints.len() < w * h {
            return 0;
        }
        let mut n = 0;
        for ty in 0..h - 1 {
            let lo = &self.tilepoints[ty * w..(ty + 1) * w];
            let hi = &self.tilepoints[(ty + 1) * w..(ty + 2) * w];
            for tx in 0..w - 1 {
                let l = lo[tx].layer_height();
                n += (lo[tx + 1].layer_height() != l
                    || hi[tx].layer_height() != l
                    || hi[tx + 1].layer_height() != l) as u64;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_bits_are_the_v12_layout() {
        let mut t = Tilepoint::default();
        t.set_texture(63);
        assert_eq!(t.texflags, 0x3F);
        for (flag, bit) in [
            (Tilepoint::RAMP, 6),
            (Tilepoint::BLIGHT, 7),
            (Tilepoint::WATER, 8),
            (Tilepoint::BOUNDARY, 9),
        ] {
            let mut u = Tilepoint::default();
            u.set_flag(flag, true);
            assert_eq!(u.texflags, 1 << bit);
            assert_eq!(
                [u.ramp(), u.blight(), u.water_flag(), u.boundary()]
                    .iter()
                    .filter(|b| **b)
                    .count(),
                1
            );
            assert_eq!(u.texture(), 0);
            u.set_flag(flag, false);
            assert_eq!(u.texflags, 0);
        }
    }

    #[test]
    fn heights_follow_the_notes() {
        let mut t = Tilepoint {
            height: 8192 + 512,
            water: 0x4000 | (8192 + 256),
            texflags: 0,
            variation: 0,
            cliff: 0xF3,
        };
        assert_eq!(t.ground_height(), 1.0);
        assert!(t.map_edge());
        assert!((t.water_level() - (0.5 - 0.7)).abs() < 1e-6);
        assert_eq!(t.layer_height(), 3);
        assert_eq!(t.cliff_texture(), 15);
        assert_eq!(t.final_height(), 2.0);
        t.set_map_edge(false);
        assert_eq!(t.water, 8192 + 256);
        t.set_variations(31, 7);
        assert_eq!((t.ground_variation(), t.cliff_variation()), (31, 7));
        assert_eq!(t.variation, 0xFF);
    }

    #[test]
    fn ramp_entrance_lifts_the_lower_corners() {
        let mut t = W3eTerrain::flat(3, 3, 11);
        for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            t.tile_mut(x, y).set_flag(Tilepoint::RAMP, true);
        }
        t.tile_mut(0, 1).set_layer_and_cliff_texture(3, 0);
        t.tile_mut(1, 1).set_layer_and_cliff_texture(3, 0);
        assert!(t.is_cliff_tile(0, 0) && t.is_ramp_entrance(0, 0));
        assert_eq!(t.tile_corner_heights(0, 0), [0.5, 0.5, 1.0, 1.0]);
        // Tile (1, 0) is a cliff but not all of its corners are ramps; its
        // corner (1, 0) belongs to the ramp too, and keeps the ramp's lift.
        assert!(t.is_cliff_tile(1, 0) && !t.is_ramp_entrance(1, 0));
        assert_eq!(t.tile_corner_heights(1, 0), [0.5, 0.0, 1.0, 0.0]);
        // Every tile touches a raised corner; a flat map has no cliff tiles.
        assert_eq!(t.cliff_tile_count(), 4);
        assert_eq!(W3eTerrain::flat(5, 4, 11).cliff_tile_count(), 0);
    }
}
