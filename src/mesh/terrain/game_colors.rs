//! Terrain colours as the game's own minimaps show them: one colour per
//! whole ground or cliff texture ID (`Bgrr` is not `Lgrs`), water per
//! tileset and depth, forests per tileset, all fitted by
//! `examples/fit_terrain_colors.rs` into [`super::fitted`]. An ID no
//! minimap showed takes the mean of the fitted IDs of its kind (the same
//! three letters in other tilesets), else the hand-made colour of its
//! kind, else a stable hash of its name ([`crate::mesh::palette`]).

use super::fitted;

use crate::mesh::palette::texture_color;
/// How the table was fitted: the maps, and the error on them and on maps
/// the fit did not see.
pub use fitted::FIT;

/// Depth bands water is fitted and drawn by.
pub const WATER_BANDS: usize = 4;

/// The band of water `depth` tiles deep (at the tile's deepest corner).
pub fn water_band(depth: f32) -> usize {
    match depth {
        d if d < 0.25 => 0,
        d if d < 0.5 => 1,
        d if d < 1.0 => 2,
        _ => 3,
    }
}

/// Water for tilesets no minimap showed: opacity (0..1) and colour, by
/// band; shallow water lets more ground through.
pub fn default_water(band: usize) -> (f32, [u8; 3]) {
    match band {
        0 => (0.45, [70, 90, 200]),
        1 => (0.55, [50, 75, 185]),
        2 => (0.7, [35, 60, 170]),
        _ => (0.85, [25, 45, 150]),
    }
}

fn lookup(table: &[(&[u8; 4], [u8; 3])], id: &[u8; 4]) -> Option<[u8; 3]> {
    table
        .binary_search_by(|(k, _)| k.as_slice().cmp(id.as_slice()))
        .ok()
        .map(|i| table[i].1)
}

/// The mean of the fitted colours whose IDs end as `id` does.
fn of_kind(table: &[(&[u8; 4], [u8; 3])], id: &[u8; 4]) -> Option<[u8; 3]> {
    let same: Vec<[u8; 3]> = table
        .iter()
        .filter(|(k, _)| k[1..] == id[1..])
        .map(|(_, c)| *c)
        .collect();
    mean(&same)
}

/// A ground texture's colour.
pub fn ground(id: &[u8; 4]) -> [u8; 3] {
    lookup(&fitted::GROUND, id)
        .or_else(|| of_kind(&fitted::GROUND, id))
        .unwrap_or_else(|| texture_color(id))
}

/// A cliff texture's colour, as a cliff tile shows from above.
pub fn cliff(id: &[u8; 4]) -> [u8; 3] {
    lookup(&fitted::CLIFF, id)
        .or_else(|| of_kind(&fitted::CLIFF, id))
        .unwrap_or_else(|| texture_color(id))
}

/// Water of tileset `tileset` in depth band `band`: opacity (0..1) and
/// colour.
pub fn water(tileset: u8, band: usize) -> (f32, [u8; 3]) {
    let band = band.min(WATER_BANDS - 1);
    fitted::WATER
        .iter()
        .find(|(t, _)| *t == tileset)
        .map(|(_, bands)| (bands[band].0 as f32 / 255.0, bands[band].1))
        .unwrap_or_else(|| default_water(band))
}

/// The colour of a tree's canopy from above, by its ID; a tree no minimap
/// showed takes the mean of the fitted trees of its tileset letter, else
/// the hand-made colour of the map's tileset.
pub fn trees(id: &[u8; 4], tileset: u8) -> [u8; 3] {
    lookup(&fitted::TREES, id)
        .or_else(|| {
            let same: Vec<[u8; 3]> = fitted::TREES
                .iter()
                .filter(|(k, _)| k[0] == id[0])
                .map(|(_, c)| *c)
                .collect();
            mean(&same)
        })
        .unwrap_or_else(|| crate::mesh::objects::tree_color(tileset))
}

fn mean(colors: &[[u8; 3]]) -> Option<[u8; 3]> {
    let n = colors.len() as u32;
    (n > 0).then(|| {
        std::array::from_fn(|k| (colors.iter().map(|c| c[k] as u32).sum::<u32>() / n) as u8)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_sorted_for_lookup() {
        for table in [&fitted::GROUND[..], &fitted::CLIFF[..], &fitted::TREES[..]] {
            assert!(table.windows(2).all(|w| w[0].0 < w[1].0));
            for (id, c) in table {
                assert_eq!(lookup(table, id), Some(*c));
            }
        }
    }

    #[test]
    fn unknown_ids_fall_back_to_their_kind_then_a_hash() {
        assert_eq!(ground(b"Zqq1"), ground(b"Zqq1"));
        assert_eq!(ground(b"Zqq1"), texture_color(b"Zqq1"));
        assert_eq!(water_band(0.1), 0);
        assert_eq!(water_band(5.0), WATER_BANDS - 1);
    }
}
