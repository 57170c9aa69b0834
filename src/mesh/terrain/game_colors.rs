//! Terrain colours as the game's own minimaps show them: one colour per
//! whole ground or cliff texture ID (`Bgrr` is not `Lgrs`), water per
//! tileset and depth, trees per ID and forests per tileset, all fitted by
//! `examples/fit_terrain_colors.rs` into `fitted.rs`.
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
/// How the table was fitted: the maps, and the error on them and on maps
/// the fit did not see.
pub use fitted::FIT;

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
mod tests {
    use super::*;
    use crate::mesh::terrain::texture_kinds::Kind;

    fn sum(c: [u8; 3]) -> u32 {
        c.iter().map(|&v| v as u32).sum()
    }

    /// The mean absolute difference of two colours, a channel.
    fn off(a: [u8; 3], b: [u8; 3]) -> f32 {
        (0..3).map(|k| a[k].abs_diff(b[k]) as f32).sum::<f32>() / 3.0
    }

    #[test]
    fn the_tables_are_sorted_for_lookup() {
        for table in [&fitted::GROUND[..], &fitted::CLIFF[..], &fitted::TREES[..]] {
            assert!(table.windows(2).all(|w| w[0].0 < w[1].0));
            for (id, c) in table {
                assert_eq!(lookup(table, id), Some(*c));
            }
        }
        assert!(fitted::FORESTS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn an_unknown_tree_takes_its_tilesets_forest_not_its_ground() {
        // A tree wall no minimap showed, on each tileset with a fitted forest:
        // the forest's colour, and not the colour of the tileset's grass.
        for &(tileset, forest) in &fitted::FORESTS {
            let unknown = [tileset, b'T', b'z', b'q'];
            assert_eq!(trees(&unknown, tileset, Era::Release), forest);
        }
        // Lordaeron Summer: like its tree wall LTlt, not like its grass
        // (the mean of every fitted `LT..` ID, crates and walls among them,
        // was grey-green and lighter than the grass).
        let summer = trees(b"LTzq", b'L', Era::Release);
        let grass = ground(b"Lgrs");
        assert!(off(summer, trees(b"LTlt", b'L', Era::Release)) < 6.0);
        assert!(off(summer, grass) > 10.0, "{summer:?} against {grass:?}");
        assert!(
            sum(summer) * 100 < sum(grass) * 90,
            "{summer:?} against {grass:?}"
        );
        // On the betas' minimaps forests are dark: a Lordaeron Fall tree
        // wall is far darker than the grass and dirt around it.
        let beta = trees(b"FTzq", b'F', Era::RocBeta);
        for g in [b"Fgrs", b"Fdrt", b"Fdro"] {
            let g = ground(g);
            assert!(off(beta, g) > 20.0, "{beta:?} against {g:?}");
            assert!(10 * sum(beta) < 6 * sum(g), "{beta:?} against {g:?}");
        }
        // A tileset no forest was fitted for: its hand-made forest is not
        // used while fitted ones exist; a mean of them is.
        let none = trees(b"?Tzq", b'?', Era::Release);
        assert_ne!(none, hand_made_trees(b'?'));
    }

    #[test]
    fn an_unseen_snowy_tree_is_snowy_whatever_its_tileset() {
        // Cityscape's snowy tree wall where only Cityscape's green trees
        // and Winter's snowy ones were fitted (as on Winter Township, held
        // out): Winter's snow, not Cityscape's green forest.
        let t = Tables {
            ground: &[],
            cliff: &[],
            trees: &[(b"WTst", [110, 170, 180]), (b"YTct", [35, 95, 36])],
            forests: &[(b'W', [86, 160, 180]), (b'Y', [41, 94, 52])],
            water: &[],
            beta_trees: DEFAULT_BETA_TREES,
            tft_beta_trees: DEFAULT_TFT_BETA_TREES,
            beta_ground: DEFAULT_BETA_GROUND,
        };
        assert_eq!(t.trees(b"YTst", b'W', Era::Release), [110, 170, 180]);
        // Other unseen Cityscape trees keep Cityscape's forest.
        assert_eq!(t.trees(b"YTzz", b'W', Era::Release), [41, 94, 52]);
        // With no snowy tree fitted: snow made by hand, not green.
        let none = Tables { trees: &[], ..t };
        assert_eq!(
            none.trees(b"NTiw", b'C', Era::Release),
            hand_made_trees(b'W')
        );
    }

    #[test]
    fn unknown_ground_and_cliffs_take_their_kind_and_tileset_never_a_hash() {
        // A Lordaeron Fall texture the fit never saw: near the fitted Fall
        // grounds, not a colour hashed from its name.
        let fall: Vec<[u8; 3]> = fitted::GROUND
            .iter()
            .filter(|(k, _)| k[0] == b'F')
            .map(|(_, c)| *c)
            .collect();
        let unknown = ground(b"Fzqq");
        assert_ne!(unknown, texture_color(b"Fzqq"));
        assert!(off(unknown, mean(&fall).unwrap()) < 2.0);
        // Dirt of an unknown tileset: the fitted dirts' mean.
        let dirts = mean_where(&fitted::GROUND, |k| &k[1..] == b"drt").unwrap();
        assert_eq!(ground(b"?drt"), dirts);
        // Cliffs: an unknown Fall cliff is like Fall's cliffs.
        let cliff_fall = mean_where(&fitted::CLIFF, |k| k[1] == b'F').unwrap();
        assert!(off(cliff(b"CFzz"), cliff_fall) < 2.0);
        assert_ne!(cliff(b"CFzz"), texture_color(b"CFzz"));
        // Nothing fitted at all: the hand-made colours.
        let empty = Tables {
            ground: &[],
            cliff: &[],
            trees: &[],
            forests: &[],
            water: &[],
            beta_trees: DEFAULT_BETA_TREES,
            tft_beta_trees: DEFAULT_TFT_BETA_TREES,
            beta_ground: DEFAULT_BETA_GROUND,
        };
        // A standard ID: its material's hand-made colour; any other ID a
        // colour by its name.
        assert_eq!(empty.ground(b"Lgrs"), Kind::Grass.hand_made());
        assert_eq!(empty.ground(b"Lzzz"), texture_color(b"Lzzz"));
        assert_eq!(
            empty.trees(b"LTlt", b'L', Era::Release),
            hand_made_trees(b'L')
        );
        assert_eq!(water_band(0.1), 0);
        assert_eq!(water_band(5.0), WATER_BANDS - 1);
    }

    #[test]
    fn an_unseen_standard_ground_takes_its_materials_colour_moved_by_its_tileset() {
        // Northrend snow no minimap showed, where Winter's snow and dirt
        // and Northrend's dirt were fitted: snow, bluer and darker as
        // Northrend's dirt is than Winter's; not the mean of Northrend's
        // grounds, which are dark.
        let table: IdTable = &[
            (b"Ndrt", [70, 80, 95]),
            (b"Wdrt", [90, 85, 80]),
            (b"Wsnw", [200, 210, 220]),
        ];
        let t = Tables {
            ground: table,
            cliff: &[],
            trees: &[],
            forests: &[],
            water: &[],
            beta_trees: DEFAULT_BETA_TREES,
            tft_beta_trees: DEFAULT_TFT_BETA_TREES,
            beta_ground: DEFAULT_BETA_GROUND,
        };
        // Dirt is [80, 83, 88] (both dirts); Northrend's is 10 less red,
        // 3 less green and 7 bluer.
        assert_eq!(t.ground(b"Nsnw"), [190, 207, 227]);
        // A material no row has: its hand-made colour, moved alike.
        let ice = Kind::Ice.hand_made();
        assert_eq!(t.ground(b"Nice"), [ice[0] - 10, ice[1] - 3, ice[2] + 7]);
        // Black marble is dark whatever tileset's marble was fitted.
        let dark: IdTable = &[(b"Xblm", [20, 18, 22]), (b"Ydrt", [120, 110, 90])];
        let t = Tables { ground: dark, ..t };
        assert!(sum(t.ground(b"Yblm")) < 120, "{:?}", t.ground(b"Yblm"));
    }

    #[test]
    fn outlands_water_is_its_abyss_fitted_or_not() {
        // The Consortium's minimap: Outland's deep water near black and
        // reddish, not the blue of a sea.
        let no_fit = Tables {
            ground: &[],
            cliff: &[],
            trees: &[],
            forests: &[],
            water: &fitted::WATER[..1],
            beta_trees: DEFAULT_BETA_TREES,
            tft_beta_trees: DEFAULT_TFT_BETA_TREES,
            beta_ground: DEFAULT_BETA_GROUND,
        };
        assert_ne!(fitted::WATER[0].0, b'O');
        for t in [FITTED, no_fit] {
            let (a, [r, g, b]) = t.water(b'O', WATER_BANDS - 1);
            assert!(a > 0.5 && r >= b && r >= g, "{a} {:?}", [r, g, b]);
            assert!(r as u32 + g as u32 + b as u32 <= 120, "{:?}", [r, g, b]);
        }
        // Another tileset no fit has takes the fitted seas', not the abyss.
        let (_, [r, _, b]) = FITTED.water(b'?', WATER_BANDS - 1);
        assert!(b > r + 40);
    }

    #[test]
    fn an_unseen_tilesets_water_takes_its_climates() {
        // Northrend unseen, Winter and Summer fitted: Northrend's water is
        // Winter's (both snowy), not the mean of both; a tileset of no
        // fitted climate takes the mean.
        let winter = [(60, [50, 60, 170]); WATER_BANDS];
        let summer = [(200, [10, 10, 110]); WATER_BANDS];
        let water = [(b'L', summer), (b'W', winter)];
        let t = Tables {
            ground: &[],
            cliff: &[],
            trees: &[],
            forests: &[],
            water: &water,
            beta_trees: DEFAULT_BETA_TREES,
            tft_beta_trees: DEFAULT_TFT_BETA_TREES,
            beta_ground: DEFAULT_BETA_GROUND,
        };
        assert_eq!(t.water(b'N', 1), (60.0 / 255.0, [50, 60, 170]));
        assert_eq!(t.water(b'B', 1), (130.0 / 255.0, [30, 35, 140]));
    }

    #[test]
    fn the_frozen_throne_betas_draw_every_tree_in_one_green() {
        // Ice Flow in betas 299 to 304 (w3i 23 and 24): its snowy trees
        // are green on its minimap, pale on later Northrend maps.
        assert_eq!(Era::of(Some(23)), Era::TftBeta);
        assert_eq!(Era::of(Some(24)), Era::TftBeta);
        assert_eq!(Era::of(Some(18)), Era::Release);
        assert_eq!(Era::of(Some(25)), Era::Release);
        assert_eq!(Era::of(Some(15)), Era::RocBeta);
        let beta = trees(b"WTst", b'N', Era::TftBeta);
        assert_eq!(beta, trees(b"LTlt", b'L', Era::TftBeta));
        let [r, g, b] = beta;
        assert!(g > r + 30 && g > b + 30, "{beta:?}");
        let [r, g, b] = trees(b"WTst", b'N', Era::Release);
        assert!(b >= g && g > r, "later: pale and bluish, {:?}", [r, g, b]);
    }

    #[test]
    fn an_unseen_tree_of_another_tileset_takes_that_tilesets_forest() {
        // A Northrend tree no minimap showed, on a Felwood map: Northrend's
        // forest, not Felwood's.
        let (n, c) = (FITTED.forest(b'N'), FITTED.forest(b'C'));
        assert_ne!(n, c);
        assert_eq!(trees(b"NTzq", b'C', Era::Release), n);
        // A tree of a tileset with no forest: the map's.
        assert_eq!(trees(b"?Tzq", b'C', Era::Release), c);
    }

    #[test]
    fn water_reads_as_water() {
        // Every tileset's water is blue to cyan, never violet: red its
        // weakest channel and blue at least three quarters of green.
        for tileset in (b'A'..=b'Z').filter(|&t| !is_abyss(t)) {
            for band in 0..WATER_BANDS {
                let (_, [r, g, b]) = water(tileset, band);
                let c = [r, g, b];
                assert!(r <= g && r <= b, "{} band {band}: {c:?}", tileset as char);
                assert!(
                    4 * b as u32 >= 3 * g as u32,
                    "{} band {band}: {c:?}",
                    tileset as char
                );
            }
        }
        // The sea over any of its tileset's grounds, as the views blend it,
        // is bluer than it is red and no redder than green: no lavender
        // over orange dirt.
        for &(tileset, _) in fitted::WATER.iter().filter(|w| !is_abyss(w.0)) {
            for &(id, _) in fitted::GROUND.iter().filter(|(k, _)| k[0] == tileset) {
                let d = ground(id);
                for band in 2..WATER_BANDS {
                    let (a, w) = water(tileset, band);
                    let seen: [f32; 3] =
                        std::array::from_fn(|k| a * w[k] as f32 + (1.0 - a) * d[k] as f32);
                    assert!(
                        seen[2] >= seen[0] + 10.0 && seen[1] + 1.0 >= seen[0],
                        "{} band {band} over {}: {seen:?}",
                        tileset as char,
                        String::from_utf8_lossy(id)
                    );
                }
            }
        }
    }

    #[test]
    fn the_era_comes_from_the_w3i_version() {
        assert_eq!(Era::of(Some(8)), Era::RocBeta);
        assert_eq!(Era::of(Some(15)), Era::RocBeta);
        assert_eq!(Era::of(Some(18)), Era::Release);
        assert_eq!(Era::of(None), Era::Release);
    }
}
