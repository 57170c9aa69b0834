//! The terrain's colours by texture, worked out once per map: the colours
//! the game's minimaps show ([`super::game_colors`]), looked up by ID once
//! rather than for every corner.

use super::game_colors::{self, WATER_BANDS};
use super::lanes::LanedRgb;
use crate::store::terrain::{Tilepoint, W3eTerrain};

const BLIGHT: [u8; 3] = [95, 70, 95];
/// Boundary tiles: the game covers them with its black mask, in play and
/// on the minimaps the editor saves (whole corners of The Juggernaut and
/// Royal Gardens are black there).
const BOUNDARY: [u8; 3] = [0, 0, 0];
/// For cliff textures missing from the map's list.
const UNKNOWN_CLIFF: [u8; 3] = [120, 110, 100];
/// For ground textures missing from the map's list.
const UNKNOWN_GROUND: [u8; 3] = [128, 128, 128];
/// Ground texture indices a tilepoint can hold (6 bits).
const GROUND_TEXTURES: usize = 64;
/// Cliff texture indices a tilepoint can hold (4 bits).
const CLIFF_TEXTURES: usize = 16;
/// Walls are the cliff's colour, darker: they are rock faces, not tops.
const WALL_SHADE: f32 = 0.8;

fn rgb(c: [u8; 3], scale: f32) -> [u8; 3] {
    c.map(|v| (v as f32 * scale + 0.5) as u8)
}

/// Every colour a tilepoint's texture fields can give, by those fields.
pub(super) struct Palette {
    blight: LanedRgb,
    boundary: LanedRgb,
    /// By ground texture index.
    ground: Vec<LanedRgb>,
    /// Cliff colours by cliff texture: of a cliff tile's tops and of its
    /// walls.
    cliff_top: [[u8; 3]; CLIFF_TEXTURES],
    cliff_wall: [[u8; 3]; CLIFF_TEXTURES],
    /// The tileset's water by depth band: opacity and colour.
    water: [(f32, [u8; 3]); WATER_BANDS],
}

impl Palette {
    /// The colours of `t`'s textures on a map of `era` (whose minimaps
    /// drew the ground darker in the betas).
    pub(super) fn new(t: &W3eTerrain, look: super::Look) -> Palette {
        let scale = game_colors::ground_scale(look.era);
        let cliff: Vec<[u8; 3]> = t.cliff_textures.iter().map(game_colors::cliff).collect();
        let cliff_at = |wall: f32| -> [[u8; 3]; CLIFF_TEXTURES] {
            std::array::from_fn(|i| {
                // Texture 15 means none, but real cliffs have it: fall back
                // to the first cliff texture.
                let i = if i == Tilepoint::NO_CLIFF_TEXTURE as usize {
                    0
                } else {
                    i
                };
                rgb(*cliff.get(i).unwrap_or(&UNKNOWN_CLIFF), scale * wall)
            })
        };
        Palette {
            blight: LanedRgb::new(BLIGHT),
            boundary: LanedRgb::new(BOUNDARY),
            ground: (0..GROUND_TEXTURES)
                .map(|i| {
                    let id = t.ground_textures.get(i);
                    LanedRgb::new(rgb(id.map_or(UNKNOWN_GROUND, game_colors::ground), scale))
                })
                .collect(),
            cliff_top: cliff_at(1.0),
            cliff_wall: cliff_at(WALL_SHADE),
            water: std::array::from_fn(|band| game_colors::water(t.tileset, band)),
        }
    }

    /// A corner's ground colour: the boundary's black mask over
    /// everything, then blight, else its texture's.
    #[inline]
    pub(super) fn ground(&self, p: &Tilepoint) -> LanedRgb {
        if p.boundary() {
            return self.boundary;
        }
        if p.blight() {
            return self.blight;
        }
        self.ground[p.texture() as usize % GROUND_TEXTURES]
    }

    /// The colour of a cliff tile's top at corner `p`.
    #[inline]
    pub(super) fn cliff_top(&self, p: &Tilepoint) -> [u8; 3] {
        if p.boundary() {
            return BOUNDARY;
        }
        self.cliff_top[p.cliff_texture() as usize % CLIFF_TEXTURES]
    }

    /// The colour of a cliff wall below corner `p`.
    #[inline]
    pub(super) fn cliff_wall(&self, p: &Tilepoint) -> [u8; 3] {
        if p.boundary() {
            return BOUNDARY;
        }
        self.cliff_wall[p.cliff_texture() as usize % CLIFF_TEXTURES]
    }

    /// Water `depth` tiles deep: opacity (0..1) and colour.
    #[inline]
    pub(super) fn water(&self, depth: f32) -> (f32, [u8; 3]) {
        self.water[game_colors::water_band(depth)]
    }
}

#[cfg(test)]
mod tests {
    use super::super::game_colors::Era;
    use super::*;

    #[test]
    fn boundary_corners_are_black_over_ground_blight_and_cliffs() {
        let mut t = W3eTerrain::flat(4, 4, 11);
        let pal = Palette::new(&t, Era::Release.into());
        let p = t.tile_mut(1, 1);
        p.set_texture(1);
        p.set_layer_and_cliff_texture(2, 1);
        let grass = pal.ground(p).rgb();
        assert_eq!(grass, game_colors::ground(b"Lgrs"));
        assert_ne!(pal.cliff_top(p), BOUNDARY);
        p.set_flag(Tilepoint::BLIGHT, true);
        assert_eq!(pal.ground(p).rgb(), BLIGHT);
        p.set_flag(Tilepoint::BOUNDARY, true);
        assert_eq!(pal.ground(p).rgb(), BOUNDARY);
        assert_eq!(pal.cliff_top(p), BOUNDARY);
        assert_eq!(pal.cliff_wall(p), BOUNDARY);
    }

    /// The betas' minimaps draw the ground and cliffs darker, by the
    /// fitted factor, and the water as the released game's do.
    #[test]
    fn a_betas_ground_is_darker_and_its_water_is_not() {
        let mut t = W3eTerrain::flat(4, 4, 11);
        let p = t.tile_mut(1, 1);
        p.set_texture(1);
        p.set_layer_and_cliff_texture(2, 1);
        let p = *t.tile(1, 1);
        let release = Palette::new(&t, Era::Release.into());
        let scale = game_colors::FITTED.beta_ground;
        assert!(scale < 0.99, "the fit found the betas darker: {scale}");
        for era in [Era::RocBeta, Era::TftBeta] {
            let beta = Palette::new(&t, era.into());
            let darker = |c: [u8; 3]| rgb(c, scale);
            assert_eq!(beta.ground(&p).rgb(), darker(release.ground(&p).rgb()));
            assert_eq!(beta.cliff_top(&p), darker(release.cliff_top(&p)));
            // (Walls are shaded from the cliff's colour, so rounded once
            // where darkening it again rounds twice.)
            let wall = beta.cliff_wall(&p);
            let want = darker(release.cliff_wall(&p));
            assert!(
                (0..3).all(|k| wall[k].abs_diff(want[k]) <= 1),
                "{wall:?} {want:?}"
            );
            let sum = |c: [u8; 3]| c.iter().map(|&v| v as u32).sum::<u32>();
            assert!(sum(beta.ground(&p).rgb()) < sum(release.ground(&p).rgb()));
            assert_eq!(beta.water(1.0), release.water(1.0));
        }
    }
}
