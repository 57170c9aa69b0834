//! `EXPLAIN`: where a map's error, or the mean error, comes from, by kind
//! of tile.

use crate::model::{predict, resolve, Fit};
use crate::samples::{Ids, MapSamples};
use crate::source::id;
use std::collections::BTreeMap;

/// Prints where `m`'s error under `fit` comes from, by kind of tile: the
/// share of tiles, what they add to the map's error and their own, and
/// our mean colour against the minimap's.
pub(crate) fn explain(m: &MapSamples, fit: &Fit, ids: &Ids, maps: &[&MapSamples]) {
    let r = resolve(fit, ids, maps);
    let mut by: BTreeMap<String, (f64, f64, [f64; 3], [f64; 3])> = BTreeMap::new();
    let n = m.tiles.len() as f64;
    for s in &m.tiles {
        let p = predict(s, &r).map(|v| v.clamp(0.0, 255.0).round());
        let e: f64 = (0..3).map(|k| (p[k] - s.target[k]).abs()).sum::<f64>() / 3.0;
        let list = if s.cliff { &ids.cliff } else { &ids.ground };
        let c0 = id(&list[s.corners[0]]);
        let pure = s.corners.iter().all(|&c| c == s.corners[0]);
        let key = if s.boundary > 0 {
            format!("boundary{} {c0}", s.boundary.count_ones())
        } else if !s.cover.is_empty() {
            let (kind, _) = s.cover[0];
            let known = fit.trees.iter().any(|t| t.0 == ids.trees[kind]);
            let c = r.trees[&(kind, s.tileset, s.era)].map(|v| v as u8);
            let q = if known { "" } else { "?" };
            format!("trees({q}{} {c:?})", id(&ids.trees[kind]))
        } else if let Some(b) = s.water {
            format!("water{b} {c0}")
        } else if pure {
            let known = fit.ground.iter().chain(&fit.cliff).any(|g| id(&g.0) == c0);
            format!("{}{c0}", if known { "" } else { "?" })
        } else {
            let mut names: Vec<String> = s.corners.iter().map(|&c| id(&list[c])).collect();
            names.sort();
            names.dedup();
            format!("mixed {}", names.join("+"))
        };
        let x = by.entry(key).or_insert((0.0, 0.0, [0.0; 3], [0.0; 3]));
        x.0 += 1.0;
        x.1 += e;
        for k in 0..3 {
            x.2[k] += p[k];
            x.3[k] += s.target[k];
        }
    }
    let mut rows: Vec<_> = by.into_iter().collect();
    rows.sort_by(|a, b| b.1 .1.total_cmp(&a.1 .1));
    println!("== {} ({} tiles)", m.name, n);
    for (k, (c, e, p, t)) in rows.iter().take(14) {
        println!(
            "  {k:34} {:5.1}% tiles, adds {:5.2}, err {:5.1}, ours {:?} minimap {:?}",
            100.0 * c / n,
            e / n,
            e / c,
            p.map(|v| (v / c) as i32),
            t.map(|v| (v / c) as i32)
        );
    }
}

/// Prints which kinds of tile the mean error over `maps` comes from (each
/// map weighing the same, as the mean does): `EXPLAIN=kinds`.
pub(crate) fn explain_kinds(maps: &[&MapSamples], fit: &Fit, ids: &Ids) {
    let r = resolve(fit, ids, maps);
    let mut by: BTreeMap<&str, (f64, f64)> = BTreeMap::new();
    for m in maps {
        let n = m.tiles.len() as f64 * maps.len() as f64;
        for s in &m.tiles {
            let p = predict(s, &r).map(|v| v.clamp(0.0, 255.0).round());
            let e: f64 = (0..3).map(|k| (p[k] - s.target[k]).abs()).sum::<f64>() / 3.0;
            let list = if s.cliff { &ids.cliff } else { &ids.ground };
            let known = |i: usize| {
                let rows = if s.cliff { &fit.cliff } else { &fit.ground };
                rows.iter().any(|g| g.0 == list[i])
            };
            let pure = s.corners.iter().all(|&c| c == s.corners[0]);
            let key = match () {
                _ if s.boundary > 0 => "boundary",
                _ if !s.cover.is_empty() => "trees",
                _ if s.water.is_some() => "water",
                _ if !s.corners.iter().all(|&c| known(c)) => "unseen ID",
                _ if s.cliff && pure => "cliff",
                _ if s.cliff => "cliff, mixed",
                _ if pure => "ground",
                _ => "ground, mixed",
            };
            let x = by.entry(key).or_default();
            x.0 += 1.0 / n;
            x.1 += e / n;
        }
    }
    for (k, (share, e)) in by {
        println!(
            "  {k:14} {:5.1}% of tiles, adds {e:5.2} to the mean, {:5.1} a tile",
            100.0 * share,
            e / share
        );
    }
}
