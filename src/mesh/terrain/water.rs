//! Water: drawn where any corner of a tile has the flag and the surface is
//! above the ground, coloured and made opaque by depth as the game's
//! minimaps show it: the ground shows through shallow water, deep water is
//! darker and bluer.

use super::super::tris::ColorVertex;
use super::colors::Palette;
use super::game_colors;

/// A wet tile's water surface: its corners' levels, and how deep it is on
/// the mean of its corners (those above the water counting as 0 deep), as
/// its colour was fitted.
pub(super) struct Water {
    pub(super) levels: [f32; 4],
    depth: f32,
}

impl Water {
    /// The water of surface `levels` over a tile of ground heights `hs`,
    /// both by corner in `tile_corners` order; `None` where it lies
    /// nowhere above the ground.
    #[inline]
    pub(super) fn over(levels: [f32; 4], hs: [f32; 4]) -> Option<Water> {
        let deepest = (0..4).map(|k| levels[k] - hs[k]).fold(f32::MIN, f32::max);
        let depth = game_colors::tile_depth(std::array::from_fn(|k| levels[k] - hs[k]));
        (deepest > 0.0).then_some(Water { levels, depth })
    }

    /// Its colour, unlit: the depth's colour as it is, with the depth's
    /// opacity.
    #[inline]
    pub(super) fn color(&self, pal: &Palette) -> [u8; 4] {
        let (alpha, c) = pal.water(self.depth);
        let a = (alpha * 255.0 + 0.5) as u8;
        [c[0], c[1], c[2], a]
    }

    /// The surface's quad, its corners in order around it, for the tile
    /// whose corner (u, v) is at `at(u, v, height)`.
    #[inline]
    pub(super) fn quad(
        &self,
        pal: &Palette,
        at: impl Fn(f32, f32, f32) -> [f32; 3],
    ) -> [ColorVertex; 4] {
        let color = self.color(pal);
        let l = self.levels;
        [
            at(0.0, 0.0, l[0]),
            at(1.0, 0.0, l[1]),
            at(1.0, 1.0, l[3]),
            at(0.0, 1.0, l[2]),
        ]
        .map(|position| ColorVertex { position, color })
    }
}
