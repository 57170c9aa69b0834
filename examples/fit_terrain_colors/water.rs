//! Stage 2 of the fit: water's opacity and colour by tileset and depth
//! band.

use crate::model::{dry, f64s, rgb8, Fit, Resolved};
use crate::samples::{Ids, MapSamples};
use mapscope::mesh::terrain::game_colors::{self, is_abyss, Bands};
use std::collections::BTreeMap;

/// Sums over a (tileset, band)'s water tiles, per channel, of the target
/// t, the dry colour d and the share under water s, for the model
/// t = d + a s (w - d): n tiles, (t - d)^2, and s t, s d, s t d, s d d,
/// s^2, s^2 d, s^2 d d.
#[derive(Default, Clone, Copy)]
pub(crate) struct WaterSums {
    pub(crate) n: f64,
    pub(crate) misfit: [f64; 3],
    pub(crate) st: [f64; 3],
    pub(crate) sd: [f64; 3],
    pub(crate) std: [f64; 3],
    pub(crate) sdd: [f64; 3],
    pub(crate) ss: f64,
    pub(crate) ssd: [f64; 3],
    pub(crate) ssdd: [f64; 3],
}

/// Stage 2: water, per tileset and depth band: target = a*w + (1-a)*dry on
/// tiles without trees, with `w` held to the hues of water (cyan to blue)
/// and, in the deeper bands, the sea over any of the tileset's grounds
/// bluer than red and no redder than green (not lavender): what reads as water from above and in the lit 3D view.
pub(crate) fn fit_water(fit: &mut Fit, maps: &[&MapSamples], _ids: &Ids, r: &Resolved) {
    let mut sums: BTreeMap<(u8, usize), WaterSums> = BTreeMap::new();
    for s in maps
        .iter()
        .flat_map(|m| m.tiles.iter())
        .filter(|s| s.cover.is_empty())
    {
        let Some(band) = s.water else { continue };
        let d = dry(s, r);
        let e = sums.entry((s.tileset, band)).or_default();
        let (t, w) = (s.target, s.wet);
        e.n += 1.0;
        e.ss += w * w;
        for k in 0..3 {
            e.misfit[k] += (t[k] - d[k]).powi(2);
            e.st[k] += w * t[k];
            e.sd[k] += w * d[k];
            e.std[k] += w * t[k] * d[k];
            e.sdd[k] += w * d[k] * d[k];
            e.ssd[k] += w * w * d[k];
            e.ssdd[k] += w * w * d[k] * d[k];
        }
    }
    let mut water: BTreeMap<u8, Bands> = BTreeMap::new();
    for ((tileset, band), e) in sums {
        // Too few tiles to tell opacity from colour: keep the defaults.
        if e.n < 100.0 {
            continue;
        }
        let grounds: Vec<[f64; 3]> = fit
            .ground
            .iter()
            .filter(|g| g.0[0] == tileset)
            .map(|g| f64s(g.1))
            .collect();
        let mut best: Option<(f64, f64, [f64; 3])> = None;
        // Water is held to cyan..blue, half to fully saturated; the abyss
        // may take any colour.
        let abyss = is_abyss(tileset);
        let (hues, sats) = if abyss {
            (0..=71, 0..=10)
        } else {
            (0..=12, 5..=10)
        };
        for hi in hues {
            for si in sats.clone() {
                for vi in 0..=16 {
                    let w = mapscope::mesh::palette::hsv(
                        if abyss { 0.0 } else { 180.0 } + 5.0 * hi as f64,
                        0.1 * si as f64,
                        if abyss { 0.02 } else { 0.2 } + 0.05 * vi as f64,
                    );
                    // sum s (w - d)(t - d) and sum s^2 (w - d)^2.
                    let (mut num, mut den) = (0.0, 0.0);
                    for k in 0..3 {
                        num += w[k] * e.st[k] - w[k] * e.sd[k] - e.std[k] + e.sdd[k];
                        den += w[k] * w[k] * e.ss - 2.0 * w[k] * e.ssd[k] + e.ssdd[k];
                    }
                    let a = (num / den.max(1e-9)).clamp(0.2, 1.0);
                    let reads = band < 2
                        || abyss
                        || grounds.iter().all(|g| {
                            let seen: [f64; 3] =
                                std::array::from_fn(|k| a * w[k] + (1.0 - a) * g[k]);
                            seen[2] >= seen[0] + 12.0 && seen[1] >= seen[0]
                        });
                    if !reads {
                        continue;
                    }
                    let misfit: f64 = e.misfit.iter().sum();
                    let sse = misfit - 2.0 * a * num + a * a * den;
                    if best.is_none_or(|b| sse < b.0) {
                        best = Some((sse, a, w));
                    }
                }
            }
        }
        let Some((_, a, w)) = best else { continue };
        let entry = water.entry(tileset).or_insert_with(|| {
            std::array::from_fn(|b| {
                let (a, c) = game_colors::default_water(tileset, b);
                ((a * 255.0).round() as u8, c)
            })
        });
        entry[band] = ((a * 255.0).round() as u8, rgb8(w));
    }
    fit.water = water.into_iter().collect();
}
