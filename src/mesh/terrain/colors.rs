//! The terrain's colours by texture, worked out once per map: a texture
//! ID's colour comes from a string table, and scaling it takes float
//! maths that would otherwise run for every corner.

use super::super::palette::texture_color;
use super::lanes::LanedRgb;
use crate::store::terrain::{Tilepoint, W3eTerrain};

const BLIGHT: [u8; 3] = [95, 70, 95];
/// For cliff textures missing from the map's list.
const UNKNOWN_CLIFF: [u8; 3] = [120, 110, 100];
/// For ground textures missing from the map's list.
const UNKNOWN_GROUND: [u8; 3] = [128, 128, 128];
/// Ground texture indices a tilepoint can hold (6 bits).
const GROUND_TEXTURES: usize = 64;
/// Ground tints by variation (taken modulo this).
const TINTS: usize = 8;
/// Cliff texture indices a tilepoint can hold (4 bits).
const CLIFF_TEXTURES: usize = 16;

fn rgb(c: [u8; 3], scale: f32) -> [u8; 3] {
    c.map(|v| (v as f32 * scale + 0.5) as u8)
}

/// Every colour a tilepoint's texture fields can give, by those fields.
pub(super) struct Palette {
    blight: LanedRgb,
    /// By ground texture, then variation tint.
    ground: Vec<[LanedRgb; TINTS]>,
    /// Cliff colours by cliff texture: of the ground next to a cliff, of a
    /// cliff tile's quarters and of its walls.
    cliff_ground: [LanedRgb; CLIFF_TEXTURES],
    cliff_top: [[u8; 3]; CLIFF_TEXTURES],
    cliff_wall: [[u8; 3]; CLIFF_TEXTURES],
}

impl Palette {
    pub(super) fn new(t: &W3eTerrain) -> Palette {
        let ground: Vec<[u8; 3]> = t.ground_textures.iter().map(texture_color).collect();
        let cliff: Vec<[u8; 3]> = t.cliff_textures.iter().map(texture_color).collect();
        let cliff_at = |scale: f32| -> [[u8; 3]; CLIFF_TEXTURES] {
            std::array::from_fn(|i| {
                // Texture 15 means none, but real cliffs have it: fall back
                // to the first cliff texture.
                let i = if i == Tilepoint::NO_CLIFF_TEXTURE as usize {
                    0
                } else {
                    i
                };
                rgb(*cliff.get(i).unwrap_or(&UNKNOWN_CLIFF), scale)
            })
        };
        Palette {
            blight: LanedRgb::new(rgb(BLIGHT, 1.0)),
            ground: (0..GROUND_TEXTURES)
                .map(|i| {
                    let base = *ground.get(i).unwrap_or(&UNKNOWN_GROUND);
                    std::array::from_fn(|v| LanedRgb::new(rgb(base, 1.0 + v as f32 * 0.012 - 0.04)))
                })
                .collect(),
            cliff_ground: cliff_at(1.0).map(LanedRgb::new),
            cliff_top: cliff_at(1.1),
            cliff_wall: cliff_at(0.75),
        }
    }

    /// A corner's ground colour: blight over everything; next to a cliff,
    /// the cliff's ground; else its texture with a slight tint from its
    /// variation.
    #[inline]
    pub(super) fn ground(&self, p: &Tilepoint, near_cliff: bool) -> LanedRgb {
        if p.blight() {
            return self.blight;
        }
        if near_cliff {
            return self.cliff_ground[p.cliff_texture() as usize % CLIFF_TEXTURES];
        }
        let tints = &self.ground[p.texture() as usize % GROUND_TEXTURES];
        tints[p.ground_variation() as usize % TINTS]
    }

    /// The colour of a cliff tile's quarter at corner `p`.
    #[inline]
    pub(super) fn cliff_top(&self, p: &Tilepoint) -> [u8; 3] {
        self.cliff_top[p.cliff_texture() as usize % CLIFF_TEXTURES]
    }

    /// The colour of a cliff wall below corner `p`.
    #[inline]
    pub(super) fn cliff_wall(&self, p: &Tilepoint) -> [u8; 3] {
        self.cliff_wall[p.cliff_texture() as usize % CLIFF_TEXTURES]
    }
}
