//! The model a fit is scored by: a fit's tables looked up as the viewer
//! looks them up (`Resolved`), and the colour it gives each tile.

use crate::samples::{Ids, MapSamples, TileSample};
use mapscope::mesh::terrain::game_colors::{Bands, Era, Tables, WATER_BANDS};
use std::collections::BTreeMap;

/// A fit: the table rows (IDs with enough tiles) and everything else as
/// the viewer would make of them.
#[derive(Clone, Default)]
pub(crate) struct Fit {
    pub(crate) ground: Vec<([u8; 4], [u8; 3])>,
    pub(crate) cliff: Vec<([u8; 4], [u8; 3])>,
    pub(crate) trees: Vec<([u8; 4], [u8; 3])>,
    pub(crate) forests: Vec<(u8, [u8; 3])>,
    pub(crate) water: Vec<(u8, Bands)>,
    pub(crate) beta_trees: f32,
    pub(crate) tft_beta_trees: [u8; 3],
    pub(crate) beta_ground: f64,
}

/// A fit's tables with borrowed IDs, as [`Tables`] wants them.
pub(crate) struct Rows<'a> {
    pub(crate) ground: Vec<(&'a [u8; 4], [u8; 3])>,
    pub(crate) cliff: Vec<(&'a [u8; 4], [u8; 3])>,
    pub(crate) trees: Vec<(&'a [u8; 4], [u8; 3])>,
}

impl Fit {
    pub(crate) fn rows(&self) -> Rows<'_> {
        fn rows(v: &[([u8; 4], [u8; 3])]) -> Vec<(&[u8; 4], [u8; 3])> {
            let mut r: Vec<_> = v.iter().map(|(i, c)| (i, *c)).collect();
            r.sort();
            r
        }
        Rows {
            ground: rows(&self.ground),
            cliff: rows(&self.cliff),
            trees: rows(&self.trees),
        }
    }

    pub(crate) fn tables<'a>(&'a self, rows: &'a Rows<'a>) -> Tables<'a> {
        Tables {
            ground: &rows.ground,
            cliff: &rows.cliff,
            trees: &rows.trees,
            forests: &self.forests,
            water: &self.water,
            beta_trees: self.beta_trees,
            tft_beta_trees: self.tft_beta_trees,
            beta_ground: self.beta_ground as f32,
        }
    }
}

/// Every ID's colour under a fit, looked up as the viewer does (0..255).
pub(crate) struct Resolved {
    pub(crate) ground: Vec<[f64; 3]>,
    pub(crate) cliff: Vec<[f64; 3]>,
    /// By tree ID, tileset and era.
    pub(crate) trees: BTreeMap<(usize, u8, Era), [f64; 3]>,
    /// By tileset: per band, opacity and colour.
    pub(crate) water: BTreeMap<u8, [(f64, [f64; 3]); WATER_BANDS]>,
    /// The betas' factor the trees of that era were scaled by.
    pub(crate) beta_trees_used: f64,
    pub(crate) beta_ground: f64,
}

impl Resolved {
    /// The factor `Resolved::trees` holds for `era`'s trees, to undo it.
    pub(crate) fn trees_scale(&self, _era: Era) -> f64 {
        self.beta_trees_used
    }
}

pub(crate) fn f64s(c: [u8; 3]) -> [f64; 3] {
    c.map(f64::from)
}

pub(crate) fn rgb8(c: [f64; 3]) -> [u8; 3] {
    c.map(|v| v.clamp(0.0, 255.0).round() as u8)
}

pub(crate) fn resolve(fit: &Fit, ids: &Ids, maps: &[&MapSamples]) -> Resolved {
    let rows = fit.rows();
    let t = fit.tables(&rows);
    let mut trees = BTreeMap::new();
    let mut water = BTreeMap::new();
    for s in maps.iter().flat_map(|m| m.tiles.iter()) {
        for &(kind, _) in &s.cover {
            trees
                .entry((kind, s.tileset, s.era))
                .or_insert_with(|| f64s(t.trees(&ids.trees[kind], s.tileset, s.era)));
        }
        water.entry(s.tileset).or_insert_with(|| {
            std::array::from_fn(|b| {
                let (a, c) = t.water(s.tileset, b);
                (a as f64, f64s(c))
            })
        });
    }
    Resolved {
        ground: ids.ground.iter().map(|i| f64s(t.ground(i))).collect(),
        cliff: ids.cliff.iter().map(|i| f64s(t.cliff(i))).collect(),
        trees,
        water,
        beta_trees_used: fit.beta_trees as f64,
        beta_ground: fit.beta_ground,
    }
}

pub(crate) fn covered(s: &TileSample) -> f64 {
    s.cover.iter().map(|c| c.1).sum()
}

/// A tile's dry colour: the mean of its corners' colours.
pub(crate) fn dry(s: &TileSample, r: &Resolved) -> [f64; 3] {
    let list = if s.cliff { &r.cliff } else { &r.ground };
    let mut c = [0.0; 3];
    for (n, &i) in s.corners.iter().enumerate() {
        if s.boundary & (1 << n) != 0 {
            continue;
        }
        for k in 0..3 {
            c[k] += list[i][k] / 4.0;
        }
    }
    c.map(|v| v * s.era.ground_scale(r.beta_ground as f32) as f64)
}

/// The model's colour for a tile's ground and water.
pub(crate) fn base(s: &TileSample, r: &Resolved) -> [f64; 3] {
    let c = dry(s, r);
    match s.water {
        Some(band) => {
            let (a, w) = r.water[&s.tileset][band];
            let a = a * s.wet;
            std::array::from_fn(|k| a * w[k] + (1.0 - a) * c[k])
        }
        None => c,
    }
}

/// The model's colour for a tile.
pub(crate) fn predict(s: &TileSample, r: &Resolved) -> [f64; 3] {
    let b = base(s, r);
    let f = covered(s);
    let mut c: [f64; 3] = std::array::from_fn(|k| (1.0 - f) * b[k]);
    for &(kind, part) in &s.cover {
        let t = r.trees[&(kind, s.tileset, s.era)];
        for k in 0..3 {
            c[k] += part * t[k];
        }
    }
    c
}

pub(crate) fn score(maps: &[&MapSamples], fit: &Fit, ids: &Ids) -> Vec<(String, f64)> {
    let r = resolve(fit, ids, maps);
    maps.iter()
        .map(|m| {
            let sum: f64 = m
                .tiles
                .iter()
                .map(|s| {
                    let p = predict(s, &r).map(|v| v.clamp(0.0, 255.0).round());
                    (0..3).map(|k| (p[k] - s.target[k]).abs()).sum::<f64>()
                })
                .sum();
            (m.name.clone(), sum / (3 * m.tiles.len().max(1)) as f64)
        })
        .collect()
}
