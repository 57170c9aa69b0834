//! Terrain colours as the game's own minimaps show them: one colour per
//! whole ground or cliff texture ID (`Bgrr` is not `Lgrs`), water per
//! tileset and depth, trees per ID and forests per tileset, all fitted by
//! `examples/fit_terrain_colors/` into `fitted.rs`.
//!
//! An ID no minimap showed falls back to colours of its own kind, never to
//! another kind's: one of the game's standard ground textures to the
//! fitted grounds of the same material ([`super::texture_kinds`]: `Nsnw`
//! is snow), moved as its tileset's fitted grounds are from theirs; any
//! other ground texture to the fitted grounds of the same name in other
//! tilesets and of its own tileset, a cliff to the fitted cliffs likewise,
//! a tree to the fitted forest of the map's tileset. Only with nothing
//! fitted does a hand-made colour ([`super::texture_kinds::Kind::hand_made`],
//! [`crate::mesh::palette`], [`hand_made_trees`]) stand in.
//!
//! The minimaps of the 2002 Reign of Chaos betas draw forests much darker
//! than later editors: [`Era`] says which a map comes from.

use super::fitted;
use super::texture_kinds::{ground_kind, Kind};
use crate::mesh::palette::texture_color;

pub use super::bands::{tile_depth, water_band, Bands, WATER_BANDS};
/// How the table was fitted: the maps, and the error on them and on maps
/// the fit did not see.
pub use fitted::FIT;

/// Water for tilesets no minimap showed: opacity (0..1) and colour, by
/// band; shallow water lets more ground through. Outland has no sea: the
/// game draws its water as a dark red abyss.
pub fn default_water(tileset: u8, band: usize) -> (f32, [u8; 3]) {
    if is_abyss(tileset) {
        return match band {
            0 => (0.45, [60, 20, 10]),
            1 => (0.6, [45, 14, 8]),
            2 => (0.75, [35, 10, 5]),
            _ => (0.9, [28, 7, 3]),
        };
    }
    match band {
        0 => (0.45, [40, 95, 170]),
        1 => (0.6, [30, 80, 165]),
        2 => (0.75, [25, 65, 155]),
        _ => (0.85, [20, 50, 140]),
    }
}

/// Whether a tileset's water is the abyss (Outland's), drawn in its own
/// colours rather than held to the hues of water.
pub fn is_abyss(tileset: u8) -> bool {
    tileset == b'O'
}

/// Which editor drew a map's minimap, as far as its colours go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Era {
    /// The Reign of Chaos betas of 2002 (w3i versions below 18): forests
    /// much darker.
    RocBeta,
    /// The Frozen Throne betas of 2003 (w3i versions 19 to 24): every tree
    /// in one green, whatever its kind (Ice Flow's snowy trees are green on
    /// its minimap, pale on later maps').
    TftBeta,
    /// Reign of Chaos 1.0 and everything since.
    #[default]
    Release,
}

impl Era {
    /// The era of a map whose `war3map.w3i` has version `w3i` (`None`
    /// without one: taken as released).
    pub fn of(w3i: Option<u32>) -> Era {
        match w3i {
            Some(v) if v < 18 => Era::RocBeta,
            Some(19..=24) => Era::TftBeta,
            _ => Era::Release,
        }
    }

    /// The factor on ground and cliff colours of this era's maps, the betas'
    /// being `beta_ground`: the betas' minimaps draw the ground darker, the
    /// water not.
    pub fn ground_scale(self, beta_ground: f32) -> f32 {
        match self {
            Era::RocBeta | Era::TftBeta => beta_ground,
            Era::Release => 1.0,
        }
    }

    /// The era of a whole map, by its w3i.
    pub fn of_map(map: &crate::store::warcraft::WarcraftMap) -> Era {
        Era::of(map.info.as_ref().map(|i| i.version))
    }
}

/// Tilesets of one climate, whose water and forests look alike: the
/// snowy ones (Lordaeron Winter, Northrend, Icecrown), the autumn ones,
/// the caves; every other tileset stands alone.
pub fn climate(tileset: u8) -> u8 {
    match tileset {
        b'W' | b'N' | b'I' => b'W',
        b'F' | b'Q' => b'F',
        b'D' | b'G' => b'D',
        t => t,
    }
}

/// Whether a tree ID names a snowy or icy tree: `WTst` and `YTst` (snowy
/// tree walls), `YTwt` (winter), `NTiw` (icy), as the game's destructable
/// table names them.
fn is_snowy_tree(id: &[u8; 4]) -> bool {
    matches!(&id[2..], b"st" | b"wt" | b"iw")
}

/// A tree canopy's hand-made colour for a tileset letter: for tilesets no
/// fitted forest covers.
pub fn hand_made_trees(tileset: u8) -> [u8; 3] {
    match tileset {
        b'A' => [34, 84, 40],                  // Ashenvale: deep green
        b'B' => [92, 98, 44],                  // Barrens: olive
        b'C' => [70, 60, 90],                  // Felwood: dark violet
        b'F' | b'Q' => [150, 90, 30],          // Lordaeron Fall, Village Fall: autumn
        b'I' | b'N' | b'W' => [170, 190, 185], // snow on the branches
        b'D' | b'G' | b'K' => [60, 60, 52],    // dungeons: dark
        b'O' => [96, 70, 44],                  // Outland: dead wood
        b'Z' => [40, 100, 90],                 // Sunken Ruins: teal
        _ => [48, 110, 40],                    // Summer, Village, Dalaran, Cityscape
    }
}

/// How much darker the betas' minimaps draw forests, when no fit says.
pub const DEFAULT_BETA_TREES: f32 = 0.4;

/// How much darker the betas' minimaps draw the ground, when no fit says:
/// not at all.
pub const DEFAULT_BETA_GROUND: f32 = 1.0;

/// The one tree colour of the Frozen Throne betas' minimaps, when no fit
/// says: the green of a summer forest.
pub const DEFAULT_TFT_BETA_TREES: [u8; 3] = [48, 110, 40];

/// A colour table by four-letter ID, sorted by ID.
pub type IdTable<'a> = &'a [(&'a [u8; 4], [u8; 3])];

/// The tables colours are looked up in: [`FITTED`], the shipped ones, or
/// the fitting program's own while it scores a fit on maps it did not see,
/// so that both fall back alike.
#[derive(Debug, Clone, Copy)]
pub struct Tables<'a> {
    pub ground: IdTable<'a>,
    pub cliff: IdTable<'a>,
    pub trees: IdTable<'a>,
    /// By tileset letter: the colour of its maps' forests, whatever the trees.
    pub forests: &'a [(u8, [u8; 3])],
    pub water: &'a [(u8, Bands)],
    /// Tree colours are scaled by this on the 2002 betas' minimaps.
    pub beta_trees: f32,
    /// Every tree's colour on the Frozen Throne betas' minimaps.
    pub tft_beta_trees: [u8; 3],
    /// Ground and cliff colours are scaled by this on the betas' minimaps
    /// (2002 and 2003 alike: each is darker than the released game's).
    pub beta_ground: f32,
}

/// The shipped tables.
pub const FITTED: Tables<'static> = Tables {
    ground: &fitted::GROUND,
    cliff: &fitted::CLIFF,
    trees: &fitted::TREES,
    forests: &fitted::FORESTS,
    water: &fitted::WATER,
    beta_trees: fitted::BETA_TREES,
    tft_beta_trees: fitted::TFT_BETA_TREES,
    beta_ground: fitted::BETA_GROUND,
};

fn lookup(table: IdTable, id: &[u8; 4]) -> Option<[u8; 3]> {
    table
        .binary_search_by(|(k, _)| k.as_slice().cmp(id.as_slice()))
        .ok()
        .map(|i| table[i].1)
}

/// The mean of the table's colours whose IDs `keep` takes.
fn mean_where(table: IdTable, keep: impl Fn(&[u8; 4]) -> bool) -> Option<[u8; 3]> {
    let same: Vec<[u8; 3]> = table
        .iter()
        .filter(|(k, _)| keep(k))
        .map(|(_, c)| *c)
        .collect();
    mean(&same)
}

/// Where a ground ID names its tileset and its kind: `Ldrt` is Lordaeron
/// dirt, `cLc1` Lordaeron's first cliff rock used as ground.
fn ground_parts(id: &[u8; 4]) -> (u8, [u8; 3]) {
    match id[0] {
        b'c' => (id[1], [b'c', id[2], id[3]]),
        _ => (id[0], [id[1], id[2], id[3]]),
    }
}

/// The fallback of an ID no table row holds: the mean of its kind's
/// colours in other tilesets and its tileset's colours of any kind (each
/// where there are some), else of the whole table.
fn fallback(
    table: IdTable,
    id: &[u8; 4],
    parts: impl Fn(&[u8; 4]) -> (u8, [u8; 3]),
) -> Option<[u8; 3]> {
    let (tileset, kind) = parts(id);
    let of_kind = mean_where(table, |k| parts(k).1 == kind);
    let of_tileset = mean_where(table, |k| parts(k).0 == tileset);
    match (of_kind, of_tileset) {
        (Some(a), Some(b)) => mean(&[a, b]),
        (a, b) => a.or(b).or_else(|| mean_where(table, |_| true)),
    }
}

/// The colour of a standard ground ID no table row holds, from the rows
/// of other IDs: its material's colour (the mean of the rows of that
/// material, else hand-made) moved by how far its tileset's rows are from
/// their materials' colours (Barrens dirt is redder than dirt elsewhere),
/// rows of materials like its own counting most: Northrend's bluish dirt
/// says little of its snow, its ice and snowy rock more.
/// `None` for IDs the game does not list.
fn by_material(table: IdTable, id: &[u8; 4]) -> Option<[u8; 3]> {
    let kind = ground_kind(id)?;
    let of_kind = |k: Kind| -> [f64; 3] {
        mean_where(table, |r| ground_kind(r) == Some(k))
            .unwrap_or_else(|| k.hand_made())
            .map(f64::from)
    };
    let base = of_kind(kind);
    let offsets: Vec<(f64, [f64; 3])> = table
        .iter()
        .filter(|(r, _)| r[0] == id[0])
        .filter_map(|(r, c)| {
            let k = of_kind(ground_kind(r)?);
            let apart = (0..3).map(|i| (k[i] - base[i]).abs()).sum::<f64>() / 3.0;
            let weight = 1.0 / (1.0 + (apart / MATERIALS_APART).powi(2));
            Some((weight, std::array::from_fn(|i| c[i] as f64 - k[i])))
        })
        .collect();
    let weights = offsets.iter().map(|o| o.0).sum::<f64>();
    Some(std::array::from_fn(|i| {
        let offset = match weights > 0.0 {
            true => offsets.iter().map(|(w, o)| w * o[i]).sum::<f64>() / weights,
            false => 0.0,
        };
        (base[i] + offset).round().clamp(0.0, 255.0) as u8
    }))
}

/// How far apart (mean difference a channel) two materials' colours are
/// when a tileset's shift of one counts half for the other.
const MATERIALS_APART: f64 = 40.0;

impl Tables<'_> {
    /// A ground texture's colour.
    pub fn ground(&self, id: &[u8; 4]) -> [u8; 3] {
        lookup(self.ground, id)
            .or_else(|| by_material(self.ground, id))
            .or_else(|| fallback(self.ground, id, ground_parts))
            .unwrap_or_else(|| texture_color(id))
    }

    /// A cliff texture's colour, as a cliff tile shows from above
    /// (`CLdi`: Lordaeron dirt cliffs).
    pub fn cliff(&self, id: &[u8; 4]) -> [u8; 3] {
        lookup(self.cliff, id)
            .or_else(|| fallback(self.cliff, id, |k| (k[1], [k[2], k[3], 0])))
            .unwrap_or_else(|| texture_color(id))
    }

    /// The fitted forest of a tileset, if there is one.
    fn fitted_forest(&self, tileset: u8) -> Option<[u8; 3]> {
        self.forests.iter().find(|f| f.0 == tileset).map(|f| f.1)
    }

    /// The forest of a tileset: fitted, else the mean of the fitted ones
    /// of its climate, else of all, else hand-made.
    pub fn forest(&self, tileset: u8) -> [u8; 3] {
        let all: Vec<[u8; 3]> = self.forests.iter().map(|f| f.1).collect();
        let alike: Vec<[u8; 3]> = self
            .forests
            .iter()
            .filter(|f| climate(f.0) == climate(tileset))
            .map(|f| f.1)
            .collect();
        self.fitted_forest(tileset)
            .or_else(|| mean(&alike))
            .or_else(|| mean(&all))
            .unwrap_or_else(|| hand_made_trees(tileset))
    }

    /// A tree whose ID names snow or ice (`YTst`, Cityscape's snowy tree
    /// wall) looks like the other snowy trees, whatever its tileset's
    /// forests look like: the mean of the fitted ones, else hand-made snow.
    /// `None` for other trees.
    fn snowy_trees(&self, id: &[u8; 4]) -> Option<[u8; 3]> {
        is_snowy_tree(id)
            .then(|| mean_where(self.trees, is_snowy_tree).unwrap_or_else(|| hand_made_trees(b'W')))
    }

    /// The colour of a tree's canopy from above, by its ID, on a map of
    /// `tileset` whose minimap `era` drew: a tree no minimap showed takes
    /// the snowy trees' colour if its ID names snow or ice (`NTiw` stays
    /// icy on a Felwood map), else the forest of the tileset its ID names
    /// (`NTtw`, Northrend's), else of the map's tileset.
    pub fn trees(&self, id: &[u8; 4], tileset: u8, era: Era) -> [u8; 3] {
        let c = || {
            lookup(self.trees, id)
                .or_else(|| self.snowy_trees(id))
                .or_else(|| self.fitted_forest(id[0]))
                .unwrap_or_else(|| self.forest(tileset))
        };
        match era {
            Era::RocBeta => {
                c().map(|v| (v as f32 * self.beta_trees).round().clamp(0.0, 255.0) as u8)
            }
            Era::TftBeta => self.tft_beta_trees,
            Era::Release => c(),
        }
    }

    /// The factor on ground and cliff colours of a map whose minimap `era`
    /// drew ([`Era::ground_scale`]): the fitted betas' ground is about 6 %
    /// darker, over the corpus's six beta maps of both years.
    pub fn ground_scale(&self, era: Era) -> f32 {
        era.ground_scale(self.beta_ground)
    }

    /// Water of tileset `tileset` in depth band `band`: opacity (0..1) and
    /// colour. A tileset no minimap showed takes the mean of the fitted
    /// water in that band of its climate's tilesets, else of all (the
    /// abyss, only its own).
    pub fn water(&self, tileset: u8, band: usize) -> (f32, [u8; 3]) {
        let band = band.min(WATER_BANDS - 1);
        let as_drawn = |b: &Bands| (b[band].0 as f32 / 255.0, b[band].1);
        if let Some((_, bands)) = self.water.iter().find(|(t, _)| *t == tileset) {
            return as_drawn(bands);
        }
        if is_abyss(tileset) {
            return default_water(tileset, band);
        }
        let mean_of = |keep: &dyn Fn(u8) -> bool| {
            let of: Vec<(f32, [u8; 3])> = self
                .water
                .iter()
                .filter(|(t, _)| keep(*t) && !is_abyss(*t))
                .map(|(_, bands)| as_drawn(bands))
                .collect();
            let color = mean(&of.iter().map(|o| o.1).collect::<Vec<_>>())?;
            Some((of.iter().map(|o| o.0).sum::<f32>() / of.len() as f32, color))
        };
        mean_of(&|t| climate(t) == climate(tileset))
            .or_else(|| mean_of(&|_| true))
            .unwrap_or_else(|| default_water(tileset, band))
    }
}

/// A ground texture's colour (see [`Tables::ground`]).
pub fn ground(id: &[u8; 4]) -> [u8; 3] {
    FITTED.ground(id)
}

/// A cliff texture's colour, as a cliff tile shows from above.
pub fn cliff(id: &[u8; 4]) -> [u8; 3] {
    FITTED.cliff(id)
}

/// The factor on ground and cliff colours by era (see
/// [`Tables::ground_scale`]).
pub fn ground_scale(era: Era) -> f32 {
    FITTED.ground_scale(era)
}

/// Water of tileset `tileset` in depth band `band`: opacity (0..1) and
/// colour.
pub fn water(tileset: u8, band: usize) -> (f32, [u8; 3]) {
    FITTED.water(tileset, band)
}

/// The colour of a tree's canopy from above (see [`Tables::trees`]).
pub fn trees(id: &[u8; 4], tileset: u8, era: Era) -> [u8; 3] {
    FITTED.trees(id, tileset, era)
}

fn mean(colors: &[[u8; 3]]) -> Option<[u8; 3]> {
    let n = colors.len() as u32;
    (n > 0).then(|| {
        std::array::from_fn(|k| {
            ((colors.iter().map(|c| c[k] as u32).sum::<u32>() + n / 2) / n) as u8
        })
    })
}

#[cfg(test)]
mod tests;
