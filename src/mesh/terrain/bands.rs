//! Water's depth bands: how deep a wet tile is and which band that puts
//! it in. The fitted table (`fitted.rs`, generated) and the colour lookups
//! (`game_colors.rs`) both use these, one way: nothing here uses either.

/// Depth bands water is fitted and drawn by.
pub const WATER_BANDS: usize = 4;

/// A tileset's water by depth band: opacity (0-255) and colour.
pub type Bands = [(u8, [u8; 3]); WATER_BANDS];

/// The band of water `depth` tiles deep (at the tile's deepest corner).
pub fn water_band(depth: f32) -> usize {
    match depth {
        d if d < 0.25 => 0,
        d if d < 0.5 => 1,
        d if d < 1.0 => 2,
        _ => 3,
    }
}

/// How deep a wet tile's water is, for its band: the mean of its corners'
/// depths (water level less ground), those above the water counting as 0.
/// The views and the fit both band water by this.
pub fn tile_depth(depths: [f32; 4]) -> f32 {
    depths.iter().map(|d| d.max(0.0)).sum::<f32>() / 4.0
}
