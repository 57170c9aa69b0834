//! The fit in stages: dry ground and cliffs by turns with the betas' ground
//! factor, then water (`water.rs`), forests by tileset, trees by ID and
//! the betas' tree colours, each by linear least squares pulled toward
//! the colour an ID would fall back to.

use crate::model::{base, covered, dry, f64s, resolve, rgb8, Fit, Resolved};
use crate::samples::{Ids, MapSamples, TileSample};
use crate::water::fit_water;
use mapscope::mesh::palette::texture_color;
use mapscope::mesh::terrain::game_colors::{
    hand_made_trees, Era, DEFAULT_BETA_GROUND, DEFAULT_BETA_TREES, DEFAULT_TFT_BETA_TREES,
};
use std::collections::BTreeMap;

/// How strongly an ID is pulled toward its fallback colour, in tiles.
pub(crate) const PRIOR_TILES: f64 = 8.0;

/// How strongly a tree ID or a forest is pulled toward its fallback, in
/// tiles of canopy.
pub(crate) const PRIOR_TREES: f64 = 4.0;

/// Tiles a ground or cliff ID needs to have its own row in the table
/// (fewer fall back as unknown IDs do).
pub(crate) const MIN_TILES: f64 = 16.0;

/// Tiles of canopy a tree ID needs for a row of its own.
pub(crate) const MIN_CANOPY: f64 = 4.0;

/// Turns of fitting the betas' ground factor and the colours, at most:
/// they stop when a turn moves the factor by less than 0.001.
pub(crate) const BETA_GROUND_ROUNDS: usize = 30;

/// The fit of `maps`, stage by stage.
pub(crate) fn fit(maps: &[&MapSamples], ids: &Ids) -> Fit {
    let mut fit = Fit {
        beta_trees: DEFAULT_BETA_TREES,
        tft_beta_trees: DEFAULT_TFT_BETA_TREES,
        beta_ground: DEFAULT_BETA_GROUND as f64,
        ..Fit::default()
    };
    fit_ground(&mut fit, maps, ids);
    fit_beta_ground(&mut fit, maps, ids);
    let r = resolve(&fit, ids, maps);
    fit_water(&mut fit, maps, ids, &r);
    let r = resolve(&fit, ids, maps);
    fit_forests(&mut fit, maps, &r);
    fit_trees(&mut fit, maps, ids, &r);
    let r = resolve(&fit, ids, maps);
    fit_beta_trees(&mut fit, maps, &r);
    fit_tft_beta_trees(&mut fit, maps, &r);
    fit
}

/// Every tile of `maps`.
fn tiles<'a>(maps: &'a [&MapSamples]) -> impl Iterator<Item = &'a TileSample> {
    maps.iter().flat_map(|m| m.tiles.iter())
}

/// The betas' ground: one factor on the colours, by turns with them (the
/// betas' tiles count toward the colours as if drawn without it).
fn fit_beta_ground(fit: &mut Fit, maps: &[&MapSamples], ids: &Ids) {
    for _ in 0..BETA_GROUND_ROUNDS {
        let r = resolve(fit, ids, maps);
        let (mut tm, mut mm) = (0.0, 0.0);
        for s in
            tiles(maps).filter(|s| s.water.is_none() && s.cover.is_empty() && s.era != Era::Release)
        {
            let m = dry(s, &r).map(|v| v / r.beta_ground);
            for k in 0..3 {
                tm += s.target[k] * m[k];
                mm += m[k] * m[k];
            }
        }
        let was = fit.beta_ground;
        if mm > 0.0 {
            fit.beta_ground = (tm / mm).clamp(0.5, 1.5);
        }
        fit_ground(fit, maps, ids);
        if (fit.beta_ground - was).abs() < 0.001 {
            break;
        }
    }
}

/// Forests by tileset: target - (1 - F) * base = F * forest, on the
/// released era's maps.
fn fit_forests(fit: &mut Fit, maps: &[&MapSamples], r: &Resolved) {
    let mut sums: BTreeMap<u8, (f64, [f64; 3])> = BTreeMap::new();
    for s in tiles(maps).filter(|s| !s.cover.is_empty() && s.era == Era::Release) {
        let (base, f) = (base(s, r), covered(s));
        let e = sums.entry(s.tileset).or_insert((0.0, [0.0; 3]));
        e.0 += f * f;
        for k in 0..3 {
            e.1[k] += f * (s.target[k] - (1.0 - f) * base[k]);
        }
    }
    fit.forests = sums
        .into_iter()
        .map(|(t, (ff, fr))| {
            let prior = f64s(hand_made_trees(t));
            let c = std::array::from_fn(|k| (fr[k] + PRIOR_TREES * prior[k]) / (ff + PRIOR_TREES));
            (t, rgb8(c))
        })
        .collect();
}

/// Trees by ID: target - (1 - F) * base = sum of f_kind * t_kind, each ID
/// pulled toward the colour it would fall back to.
fn fit_trees(fit: &mut Fit, maps: &[&MapSamples], ids: &Ids, r: &Resolved) {
    let nt = ids.trees.len();
    let mut n = vec![vec![0.0; nt]; nt];
    let mut b = vec![[0.0; 3]; nt];
    let mut canopy: Vec<BTreeMap<u8, f64>> = vec![BTreeMap::new(); nt];
    for s in tiles(maps).filter(|s| !s.cover.is_empty() && s.era == Era::Release) {
        let (base, f) = (base(s, r), covered(s));
        for &(i, fi) in &s.cover {
            *canopy[i].entry(s.tileset).or_default() += fi;
            for &(j, fj) in &s.cover {
                n[i][j] += fi * fj;
            }
            for k in 0..3 {
                b[i][k] += fi * (s.target[k] - (1.0 - f) * base[k]);
            }
        }
    }
    let rows = fit.rows();
    let tables = fit.tables(&rows);
    for i in 0..nt {
        let home = canopy[i]
            .iter()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map_or(ids.trees[i][0], |(t, _)| *t);
        // What the viewer shows for an ID with no row of its own (`fit.trees`
        // is still empty): a snowy tree's snow, else the forest its ID
        // names, else its home's.
        let prior = f64s(tables.trees(&ids.trees[i], home, Era::Release));
        n[i][i] += PRIOR_TREES;
        for k in 0..3 {
            b[i][k] += PRIOR_TREES * prior[k];
        }
    }
    let x = if nt > 0 { solve(n, &b) } else { Vec::new() };
    fit.trees = (0..nt)
        .filter(|&i| canopy[i].values().sum::<f64>() >= MIN_CANOPY)
        .filter(|&i| ids.trees[i].iter().all(|c| c.is_ascii_alphanumeric()))
        .map(|i| (ids.trees[i], rgb8(x[i])))
        .collect();
}

/// The 2002 betas: one factor on the trees' colours.
fn fit_beta_trees(fit: &mut Fit, maps: &[&MapSamples], r: &Resolved) {
    let (mut rs, mut ss) = (0.0, 0.0);
    for s in tiles(maps).filter(|s| !s.cover.is_empty() && s.era == Era::RocBeta) {
        let (base, f) = (base(s, r), covered(s));
        for k in 0..3 {
            let t: f64 = s
                .cover
                .iter()
                .map(|&(i, fi)| fi * r.trees[&(i, s.tileset, s.era)][k])
                .sum::<f64>()
                / r.trees_scale(s.era);
            rs += (s.target[k] - (1.0 - f) * base[k]) * t;
            ss += t * t;
        }
    }
    if ss > 0.0 {
        fit.beta_trees = ((rs / ss) as f32).clamp(0.05, 1.5);
    }
}

/// The Frozen Throne betas: one colour for every tree, pulled toward a
/// summer forest's, which their minimaps draw every tree in: the one this
/// fit gives Lordaeron Summer's forests, else the hand-made one. (Scored
/// on Ice Flow, the only such map, a fit has no beta of its own to go by.)
fn fit_tft_beta_trees(fit: &mut Fit, maps: &[&MapSamples], r: &Resolved) {
    let summer = fit.forests.iter().find(|f| f.0 == b'L').map(|f| f.1);
    let prior = f64s(summer.unwrap_or(DEFAULT_TFT_BETA_TREES));
    let (mut ff, mut fr) = (PRIOR_TREES, prior.map(|p| PRIOR_TREES * p));
    for s in tiles(maps).filter(|s| !s.cover.is_empty() && s.era == Era::TftBeta) {
        let (base, f) = (base(s, r), covered(s));
        ff += f * f;
        for k in 0..3 {
            fr[k] += f * (s.target[k] - (1.0 - f) * base[k]);
        }
    }
    fit.tft_beta_trees = rgb8(fr.map(|v| v / ff));
}

/// Stage 1: dry ground and cliffs from tiles with no water or trees, twice:
/// each ID pulled toward its hand-made colour, then toward the colour the
/// first fit gives it as an unknown ID.
pub(crate) fn fit_ground(fit: &mut Fit, maps: &[&MapSamples], ids: &Ids) {
    let ng = ids.ground.len();
    let size = ng + ids.cliff.len();
    let mut n = vec![vec![0.0; size]; size];
    let mut b = vec![[0.0; 3]; size];
    for s in maps
        .iter()
        .flat_map(|m| m.tiles.iter())
        .filter(|s| s.water.is_none() && s.cover.is_empty())
    {
        let at = |i: usize| if s.cliff { ng + i } else { i };
        // Boundary corners are black: no ID's colour shows there.
        let shown: Vec<usize> = (0..4)
            .filter(|&k| s.boundary & (1 << k) == 0)
            .map(|k| s.corners[k])
            .collect();
        for &i in &shown {
            for &j in &shown {
                n[at(i)][at(j)] += 1.0 / 16.0;
            }
            let g = s.era.ground_scale(fit.beta_ground as f32) as f64;
            for (sum, t) in b[at(i)].iter_mut().zip(s.target) {
                *sum += t / g / 4.0;
            }
        }
    }
    // Tiles an ID colours (a corner a quarter).
    let support: Vec<f64> = (0..size).map(|i| n[i].iter().sum::<f64>() * 4.0).collect();
    let all: Vec<[u8; 4]> = ids.ground.iter().chain(&ids.cliff).copied().collect();
    let solve_toward = |prior: &[[f64; 3]]| {
        let mut n = n.clone();
        let mut b = b.clone();
        for i in 0..size {
            n[i][i] += PRIOR_TILES;
            for k in 0..3 {
                b[i][k] += PRIOR_TILES * prior[i][k];
            }
        }
        solve(n, &b)
    };
    let keep = |x: &[[f64; 3]], range: std::ops::Range<usize>| -> Vec<([u8; 4], [u8; 3])> {
        range
            .filter(|&i| {
                support[i] >= MIN_TILES && all[i].iter().all(|c| c.is_ascii_alphanumeric())
            })
            .map(|i| (all[i], rgb8(x[i])))
            .collect()
    };
    let hand: Vec<[f64; 3]> = all.iter().map(|id| f64s(texture_color(id))).collect();
    let x = solve_toward(&hand);
    fit.ground = keep(&x, 0..ng);
    fit.cliff = keep(&x, ng..size);
    // Each ID's fallback: the first fit without it.
    let fallback: Vec<[f64; 3]> = (0..size)
        .map(|i| {
            let mut without = fit.clone();
            without.ground.retain(|r| r.0 != all[i] || i >= ng);
            without.cliff.retain(|r| r.0 != all[i] || i < ng);
            let rows = without.rows();
            let t = without.tables(&rows);
            f64s(if i < ng {
                t.ground(&all[i])
            } else {
                t.cliff(&all[i])
            })
        })
        .collect();
    let x = solve_toward(&fallback);
    fit.ground = keep(&x, 0..ng);
    fit.cliff = keep(&x, ng..size);
}

/// Solves `n x = b` for a symmetric positive definite `n` (Cholesky).
pub(crate) fn solve(mut n: Vec<Vec<f64>>, b: &[[f64; 3]]) -> Vec<[f64; 3]> {
    let size = b.len();
    for j in 0..size {
        let mut d = n[j][j];
        for k in 0..j {
            d -= n[j][k] * n[j][k];
        }
        let d = d.max(1e-12).sqrt();
        n[j][j] = d;
        for i in j + 1..size {
            let mut s = n[i][j];
            for k in 0..j {
                s -= n[i][k] * n[j][k];
            }
            n[i][j] = s / d;
        }
    }
    let mut y = b.to_vec();
    for i in 0..size {
        for k in 0..i {
            for c in 0..3 {
                y[i][c] -= n[i][k] * y[k][c];
            }
        }
        for c in 0..3 {
            y[i][c] /= n[i][i];
        }
    }
    for i in (0..size).rev() {
        for k in i + 1..size {
            for c in 0..3 {
                y[i][c] -= n[k][i] * y[k][c];
            }
        }
        for c in 0..3 {
            y[i][c] /= n[i][i];
        }
    }
    y
}
