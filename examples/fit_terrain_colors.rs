//! Fits the Warcraft III terrain colours to the game's own minimaps and
//! writes the table `src/mesh/terrain/fitted.rs`:
//!
//! `cargo run --release --example fit_terrain_colors -- [CORPUS] [--write]`
//!
//! CORPUS defaults to `$MAPSCOPE_CORPUS`, else `../shared/corpus`; every
//! map under its `w3x` folder with a minimap and a playable area is used,
//! and the 2002 Reign of Chaos betas under `versions` (their minimaps are
//! the only ones of that era). Each tile of the playable area is compared
//! with the minimap reduced to one colour a tile ([`mapscope::minimap`]),
//! as `--view minimap` draws it:
//!
//! * a dry tile is the mean of its four corners' ground colours (one colour
//!   per whole texture ID), a cliff tile the mean of its corners' cliff
//!   colours; a corner with the boundary flag is black (the game's black
//!   mask covers it, on the minimap too); on the betas' minimaps (2002 and
//!   2003 alike) all of it scaled by one factor, for they draw the ground
//!   darker (on dry tiles, each of the corpus's six beta maps, of three
//!   maps of both years, reads 4 to 7 darker than the fit of them all);
//! * water over the part of it under water (where the ground rises above
//!   the water, the ground shows) blends a tileset's water colour in by how
//!   deep it is (four bands of its corners' mean depth):
//!   `alpha * water + (1 - alpha) * ground`, the water
//!   held to blue and cyan so that it reads as water in the lit 3D view too
//!   (but Outland's abyss, which the game draws dark red);
//! * trees cover part of a tile (the discs of their canopies, as the
//!   viewer draws them from above) in their ID's colour, on the 2002
//!   betas' minimaps scaled by one factor (they draw forests darker), on
//!   the 2003 Frozen Throne betas' all in one colour.
//!
//! The fit is linear least squares in stages (dry ground and cliffs by
//! turns with the betas' ground factor, then water, then forests by
//! tileset, trees by ID, and the betas' tree factor),
//! each ID pulled toward the colour it would fall back to without a fit
//! ([`game_colors::Tables`]), which IDs too few tiles show keep. It is
//! scored on maps it did not see: the maps are split in two halves (every
//! other map of each tileset; versions of one map stay together), a fit on
//! each half is scored on the other, looking colours up as the viewer does;
//! then the fit on all of them is the table written.
//!
//! `EXPLAIN=NAME[,NAME...]` prints, for each held-out map whose file name
//! holds one of them, which kinds of tile its error comes from (trees,
//! water by band and ID, boundary, dry tiles of one ID, mixed tiles by
//! their IDs; `?` marks an ID the fit scoring it did not have; a tree's
//! colour is the one it was drawn in). `PRINT_HALVES=1` prints each
//! half's fit too.

// Sums over colour channels and the textbook's solver read best with indices.
#![allow(clippy::needless_range_loop)]

use mapscope::formats::{self, LoadOptions};
use mapscope::mesh::objects::{doodad_instance, Group};
use mapscope::mesh::palette::texture_color;
use mapscope::mesh::terrain::game_colors::{
    self, hand_made_trees, is_abyss, Bands, Era, Tables, DEFAULT_BETA_GROUND, DEFAULT_BETA_TREES,
    DEFAULT_TFT_BETA_TREES, WATER_BANDS,
};
use mapscope::minimap::{self, Reference};
use mapscope::store::terrain::{Tilepoint, W3eTerrain};
use mapscope::store::warcraft::WarcraftMap;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How strongly an ID is pulled toward its fallback colour, in tiles.
const PRIOR_TILES: f64 = 8.0;
/// How strongly a tree ID or a forest is pulled toward its fallback, in
/// tiles of canopy.
const PRIOR_TREES: f64 = 4.0;
/// Tiles a ground or cliff ID needs to have its own row in the table
/// (fewer fall back as unknown IDs do).
const MIN_TILES: f64 = 16.0;
/// Tiles of canopy a tree ID needs for a row of its own.
const MIN_CANOPY: f64 = 4.0;
/// Samples a side for a tile's tree cover.
const COVER_SAMPLES: usize = 4;
/// Turns of fitting the betas' ground factor and the colours, at most:
/// they stop when a turn moves the factor by less than 0.001.
const BETA_GROUND_ROUNDS: usize = 30;

/// What the model needs of one tile, and the minimap's colour for it.
struct TileSample {
    /// Ground IDs of the corners (indices into `Ids::ground`), or cliff
    /// IDs (into `Ids::cliff`) for a cliff tile.
    corners: [usize; 4],
    cliff: bool,
    /// Corners with the boundary flag (bit k: corner k): the game's black
    /// mask covers them, on the minimap too.
    boundary: u8,
    /// The water's depth band, if the tile shows water.
    water: Option<usize>,
    /// How much of the tile the water covers: where the ground rises
    /// above it, the ground shows (on a shore), as in the views.
    wet: f64,
    /// How much of the tile each kind of tree's canopies cover (indices
    /// into `Ids::trees`; 0..1 in all).
    cover: Vec<(usize, f64)>,
    tileset: u8,
    era: Era,
    target: [f64; 3],
}

struct MapSamples {
    name: String,
    /// Versions of one map share this: they stay on one side of a split.
    family: String,
    tiles: Vec<TileSample>,
}

/// Every texture ID seen, numbered.
#[derive(Default)]
struct Ids {
    ground: Vec<[u8; 4]>,
    cliff: Vec<[u8; 4]>,
    trees: Vec<[u8; 4]>,
}

impl Ids {
    fn number(list: &mut Vec<[u8; 4]>, id: [u8; 4]) -> usize {
        list.iter().position(|&i| i == id).unwrap_or_else(|| {
            list.push(id);
            list.len() - 1
        })
    }
}

/// A fit: the table rows (IDs with enough tiles) and everything else as
/// the viewer would make of them.
#[derive(Clone, Default)]
struct Fit {
    ground: Vec<([u8; 4], [u8; 3])>,
    cliff: Vec<([u8; 4], [u8; 3])>,
    trees: Vec<([u8; 4], [u8; 3])>,
    forests: Vec<(u8, [u8; 3])>,
    water: Vec<(u8, Bands)>,
    beta_trees: f32,
    tft_beta_trees: [u8; 3],
    beta_ground: f64,
}

/// A fit's tables with borrowed IDs, as [`Tables`] wants them.
struct Rows<'a> {
    ground: Vec<(&'a [u8; 4], [u8; 3])>,
    cliff: Vec<(&'a [u8; 4], [u8; 3])>,
    trees: Vec<(&'a [u8; 4], [u8; 3])>,
}

impl Fit {
    fn rows(&self) -> Rows<'_> {
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

    fn tables<'a>(&'a self, rows: &'a Rows<'a>) -> Tables<'a> {
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
struct Resolved {
    ground: Vec<[f64; 3]>,
    cliff: Vec<[f64; 3]>,
    /// By tree ID, tileset and era.
    trees: BTreeMap<(usize, u8, Era), [f64; 3]>,
    /// By tileset: per band, opacity and colour.
    water: BTreeMap<u8, [(f64, [f64; 3]); WATER_BANDS]>,
    /// The betas' factor the trees of that era were scaled by.
    beta_trees_used: f64,
    beta_ground: f64,
}

fn f64s(c: [u8; 3]) -> [f64; 3] {
    c.map(f64::from)
}

fn resolve(fit: &Fit, ids: &Ids, maps: &[&MapSamples]) -> Resolved {
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let write = args.iter().any(|a| a == "--write");
    let corpus = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .or_else(|| std::env::var("MAPSCOPE_CORPUS").ok().map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("../shared/corpus"));
    let mut ids = Ids::default();
    let maps = collect(&corpus, &mut ids);
    let tiles: usize = maps.iter().map(|m| m.tiles.len()).sum();
    println!(
        "{} maps, {tiles} tiles, {} ground IDs, {} cliff IDs, {} tree IDs",
        maps.len(),
        ids.ground.len(),
        ids.cliff.len(),
        ids.trees.len()
    );

    // Two halves: every other family of maps, taken tileset by tileset, so
    // that each half holds maps of every tileset that two families use. A
    // map is then scored by a fit that never saw it but saw its tileset, as
    // the shipped fit has seen the tilesets of the maps players open.
    // (`SPLIT=families`: every other family in file order, as before, which
    // can leave most maps of a tileset in one half: Snowblind, a Northrend
    // map, was off by 29.6 held out that way, 22.2 this way.)
    let mut families: Vec<(u8, &str)> = Vec::new();
    for m in &maps {
        if !families.iter().any(|f| f.1 == m.family) {
            families.push((m.tiles.first().map_or(0, |t| t.tileset), &m.family));
        }
    }
    if std::env::var("SPLIT").as_deref() != Ok("families") {
        families.sort_by_key(|f| f.0);
    }
    let half_of = |m: &MapSamples| families.iter().position(|f| f.1 == m.family).unwrap() % 2;
    let halves: [Vec<&MapSamples>; 2] =
        [0, 1].map(|h| maps.iter().filter(|m| half_of(m) == h).collect());
    let mut unseen: Vec<(String, f64)> = Vec::new();
    for h in 0..2 {
        let (train, held) = (&halves[h], &halves[1 - h]);
        let fit = fit(train, &ids);
        if std::env::var("PRINT_HALVES").is_ok() {
            print_fit(&fit);
        }
        let (seen, scores) = (score(train, &fit, &ids), score(held, &fit, &ids));
        if std::env::var("EXPLAIN").is_ok_and(|p| p == "kinds") {
            explain_kinds(held, &fit, &ids);
        }
        if let Ok(pat) = std::env::var("EXPLAIN") {
            for m in held
                .iter()
                .filter(|m| pat.split(',').any(|p| m.name.contains(p)))
            {
                explain(m, &fit, &ids, held);
            }
        }
        println!(
            "fitted on half {} ({} maps): mean error {:.1} on them, {:.1} on the {} maps it did not see (worst {:.1})",
            h + 1,
            train.len(),
            mean(&seen),
            mean(&scores),
            held.len(),
            scores.iter().map(|s| s.1).fold(0.0, f64::max)
        );
        unseen.extend(scores);
    }
    let mut worst = unseen.clone();
    worst.sort_by(|a, b| b.1.total_cmp(&a.1));
    println!(
        "on maps the fit did not see: mean {:.2}, worst {:.2}, {} above 22:",
        mean(&unseen),
        worst[0].1,
        worst.iter().filter(|w| w.1 > 22.0).count()
    );
    for (name, e) in worst.iter().take(8) {
        println!("  {e:5.1}  {name}");
    }
    for (name, e) in unseen.iter().filter(|u| u.0.contains("beta")) {
        println!("  {e:5.1}  {name} (a beta)");
    }

    let all: Vec<&MapSamples> = maps.iter().collect();
    let fit = fit(&all, &ids);
    let scores = score(&all, &fit, &ids);
    println!(
        "fitted on all {} maps: mean error {:.1}",
        all.len(),
        mean(&scores)
    );
    let mut worst_all = scores.clone();
    worst_all.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (name, e) in worst_all.iter().take(8) {
        println!("  {e:5.1}  {name}");
    }
    print_fit(&fit);
    if write {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/mesh/terrain/fitted.rs");
        let summary = format!(
            "{} maps of {} ({tiles} tiles): model error {:.1} on all; fitted on each half, {:.1} on the other (worst {:.1}, {})",
            all.len(),
            corpus.display(),
            mean(&scores),
            mean(&unseen),
            worst[0].1,
            worst[0].0,
        );
        std::fs::write(&path, source(&fit, &summary)).expect("the table is written");
        println!("wrote {}", path.display());
    }
}

fn mean(scores: &[(String, f64)]) -> f64 {
    scores.iter().map(|s| s.1).sum::<f64>() / scores.len().max(1) as f64
}

/// Every Warcraft III map under `dir` (archives and map folders).
fn map_paths(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let is_map = p
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("w3x") || e.eq_ignore_ascii_case("w3m"));
        if is_map {
            out.push(p);
        } else if p.is_dir() {
            map_paths(&p, out);
        }
    }
}

/// The maps under `corpus`'s `w3x` folder, and the betas under
/// `versions` (the other versions there are ladder maps `w3x` has).
fn collect(corpus: &Path, ids: &mut Ids) -> Vec<MapSamples> {
    let mut paths = Vec::new();
    map_paths(&corpus.join("w3x"), &mut paths);
    let mut versions = Vec::new();
    map_paths(&corpus.join("versions"), &mut versions);
    let mut out = Vec::new();
    for (path, beta_only) in paths
        .into_iter()
        .map(|p| (p, false))
        .chain(versions.into_iter().map(|p| (p, true)))
    {
        let Ok(map) = formats::load_path(&path, &LoadOptions::default()) else {
            continue;
        };
        let Some(w) = map.warcraft() else { continue };
        let era = Era::of_map(w);
        if beta_only && era == Era::Release {
            continue;
        }
        let Some(reference) = minimap::reference(w) else {
            continue;
        };
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // The name the map gives itself, where it is not a string-table key.
        let family = map
            .meta
            .name
            .clone()
            .filter(|n| !n.starts_with("TRIGSTR"))
            .unwrap_or_else(|| name.clone());
        out.push(MapSamples {
            name,
            family,
            tiles: samples(w, &reference, era, ids),
        });
    }
    out
}

/// The tiles of the playable area, with the minimap's colours.
fn samples(w: &WarcraftMap, reference: &Reference, era: Era, ids: &mut Ids) -> Vec<TileSample> {
    let t = &w.terrain;
    let cover = tree_cover(w, ids);
    let tiles_x = t.width as usize - 1;
    let [x0, y0, x1, y1] = reference.tiles;
    let mut out = Vec::new();
    for (i, my) in (y0..y1).enumerate() {
        for (j, mx) in (x0..x1).enumerate() {
            let target = reference.colors[i * (x1 - x0) as usize + j].map(f64::from);
            // Map rows run south from the north edge; W3E rows north.
            let ty = t.height - 2 - my;
            let c = t.tile_corners(mx, ty);
            let cliff = t.is_cliff_tile(mx, ty) && !t.is_ramp_entrance(mx, ty);
            let corners = c.map(|p| {
                if cliff {
                    Ids::number(&mut ids.cliff, cliff_id(t, p))
                } else {
                    Ids::number(&mut ids.ground, ground_id(t, p))
                }
            });
            let heights = t.tile_corner_heights(mx, ty);
            let wet = c.iter().any(|p| p.water_flag());
            let depths: [f32; 4] = std::array::from_fn(|k| c[k].water_level() - heights[k]);
            let depth = depths.iter().copied().fold(f32::MIN, f32::max);
            out.push(TileSample {
                corners,
                cliff,
                boundary: (0..4).filter(|&k| c[k].boundary()).map(|k| 1 << k).sum(),
                // Banded as the views band it.
                water: (wet && depth > 0.0)
                    .then(|| game_colors::water_band(game_colors::tile_depth(depths))),
                wet: if wet { wet_share(depths) } else { 0.0 },
                cover: cover[my as usize * tiles_x + mx as usize].clone(),
                tileset: t.tileset,
                era,
                target,
            });
        }
    }
    out
}

/// The share of a tile under water, from its corners' depths (water level
/// less ground, in `tile_corners` order: (0, 0), (1, 0), (0, 1), (1, 1)),
/// both surfaces bilinear over the tile.
fn wet_share(depth: [f32; 4]) -> f64 {
    const N: usize = 8;
    let mut under = 0;
    for i in 0..N {
        for j in 0..N {
            let (u, v) = ((j as f32 + 0.5) / N as f32, (i as f32 + 0.5) / N as f32);
            let d = depth[0] * (1.0 - u) * (1.0 - v)
                + depth[1] * u * (1.0 - v)
                + depth[2] * (1.0 - u) * v
                + depth[3] * u * v;
            under += (d > 0.0) as usize;
        }
    }
    under as f64 / (N * N) as f64
}

fn ground_id(t: &W3eTerrain, p: &Tilepoint) -> [u8; 4] {
    *t.ground_textures
        .get(p.texture() as usize)
        .unwrap_or(b"????")
}

fn cliff_id(t: &W3eTerrain, p: &Tilepoint) -> [u8; 4] {
    let i = if p.cliff_texture() == Tilepoint::NO_CLIFF_TEXTURE {
        0
    } else {
        p.cliff_texture() as usize
    };
    *t.cliff_textures.get(i).unwrap_or(b"C???")
}

/// How much of each tile (map order) the trees' canopies cover, by kind
/// of tree, seen from above: discs of the viewer's tree shape, sampled on
/// a grid (where canopies overlap, the last tree drawn shows).
fn tree_cover(w: &WarcraftMap, ids: &mut Ids) -> Vec<Vec<(usize, f64)>> {
    let t = &w.terrain;
    let (tw, th) = (t.width as usize - 1, t.height as usize - 1);
    let n = COVER_SAMPLES;
    let mut hit: Vec<Option<usize>> = vec![None; tw * th * n * n];
    for d in w.trees() {
        let kind = Ids::number(&mut ids.trees, d.id);
        let (g, inst) = doodad_instance(w, d);
        debug_assert_eq!(g, Group::Trees);
        let [x, y, _] = inst.position;
        let r = 0.5 * inst.scale[0];
        let sx0 = ((x - r) * n as f32).floor().max(0.0) as usize;
        let sy0 = ((y - r) * n as f32).floor().max(0.0) as usize;
        let sx1 = (((x + r) * n as f32).ceil().max(0.0) as usize).min(tw * n);
        let sy1 = (((y + r) * n as f32).ceil().max(0.0) as usize).min(th * n);
        for sy in sy0..sy1 {
            for sx in sx0..sx1 {
                let (px, py) = ((sx as f32 + 0.5) / n as f32, (sy as f32 + 0.5) / n as f32);
                if (px - x).powi(2) + (py - y).powi(2) <= r * r {
                    let (tx, ty) = (sx / n, sy / n);
                    hit[((ty * tw + tx) * n + sy % n) * n + sx % n] = Some(kind);
                }
            }
        }
    }
    hit.chunks(n * n)
        .map(|c| {
            let mut kinds: Vec<(usize, f64)> = Vec::new();
            for k in c.iter().flatten() {
                match kinds.iter_mut().find(|(i, _)| i == k) {
                    Some(e) => e.1 += 1.0 / (n * n) as f64,
                    None => kinds.push((*k, 1.0 / (n * n) as f64)),
                }
            }
            kinds
        })
        .collect()
}

fn covered(s: &TileSample) -> f64 {
    s.cover.iter().map(|c| c.1).sum()
}

/// A tile's dry colour: the mean of its corners' colours.
fn dry(s: &TileSample, r: &Resolved) -> [f64; 3] {
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
fn base(s: &TileSample, r: &Resolved) -> [f64; 3] {
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
fn predict(s: &TileSample, r: &Resolved) -> [f64; 3] {
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

/// Prints where `m`'s error under `fit` comes from, by kind of tile: the
/// share of tiles, what they add to the map's error and their own, and
/// our mean colour against the minimap's.
fn explain(m: &MapSamples, fit: &Fit, ids: &Ids, maps: &[&MapSamples]) {
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
fn explain_kinds(maps: &[&MapSamples], fit: &Fit, ids: &Ids) {
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

fn score(maps: &[&MapSamples], fit: &Fit, ids: &Ids) -> Vec<(String, f64)> {
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

/// Solves `n x = b` for a symmetric positive definite `n` (Cholesky).
fn solve(mut n: Vec<Vec<f64>>, b: &[[f64; 3]]) -> Vec<[f64; 3]> {
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

fn rgb8(c: [f64; 3]) -> [u8; 3] {
    c.map(|v| v.clamp(0.0, 255.0).round() as u8)
}

fn fit(maps: &[&MapSamples], ids: &Ids) -> Fit {
    let tiles = || maps.iter().flat_map(|m| m.tiles.iter());
    let mut fit = Fit {
        beta_trees: DEFAULT_BETA_TREES,
        tft_beta_trees: DEFAULT_TFT_BETA_TREES,
        beta_ground: DEFAULT_BETA_GROUND as f64,
        ..Fit::default()
    };
    fit_ground(&mut fit, maps, ids);
    // The betas' ground: one factor on the colours, by turns with them
    // (the betas' tiles count toward the colours as if drawn without it).
    for _ in 0..BETA_GROUND_ROUNDS {
        let r = resolve(&fit, ids, maps);
        let (mut tm, mut mm) = (0.0, 0.0);
        for s in
            tiles().filter(|s| s.water.is_none() && s.cover.is_empty() && s.era != Era::Release)
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
        fit_ground(&mut fit, maps, ids);
        if (fit.beta_ground - was).abs() < 0.001 {
            break;
        }
    }
    let r = resolve(&fit, ids, maps);
    fit_water(&mut fit, maps, ids, &r);
    let r = resolve(&fit, ids, maps);

    // Forests by tileset: target - (1 - F) * base = F * forest, on the
    // released era's maps.
    let mut sums: BTreeMap<u8, (f64, [f64; 3])> = BTreeMap::new();
    for s in tiles().filter(|s| !s.cover.is_empty() && s.era == Era::Release) {
        let (base, f) = (base(s, &r), covered(s));
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

    // Trees by ID: target - (1 - F) * base = sum of f_kind * t_kind, each
    // ID pulled toward the colour it would fall back to.
    let nt = ids.trees.len();
    let mut n = vec![vec![0.0; nt]; nt];
    let mut b = vec![[0.0; 3]; nt];
    let mut canopy: Vec<BTreeMap<u8, f64>> = vec![BTreeMap::new(); nt];
    for s in tiles().filter(|s| !s.cover.is_empty() && s.era == Era::Release) {
        let (base, f) = (base(s, &r), covered(s));
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

    // The betas: one factor on the trees' colours.
    let r = resolve(&fit, ids, maps);
    let (mut rs, mut ss) = (0.0, 0.0);
    for s in tiles().filter(|s| !s.cover.is_empty() && s.era == Era::RocBeta) {
        let (base, f) = (base(s, &r), covered(s));
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

    // The Frozen Throne betas: one colour for every tree, pulled toward
    // a summer forest's, which their minimaps draw every tree in: the one
    // this fit gives Lordaeron Summer's forests, else the hand-made one.
    // (Scored on Ice Flow, the only such map, a fit has no beta of its own
    // to go by.)
    let summer = fit.forests.iter().find(|f| f.0 == b'L').map(|f| f.1);
    let prior = f64s(summer.unwrap_or(DEFAULT_TFT_BETA_TREES));
    let (mut ff, mut fr) = (PRIOR_TREES, prior.map(|p| PRIOR_TREES * p));
    for s in tiles().filter(|s| !s.cover.is_empty() && s.era == Era::TftBeta) {
        let (base, f) = (base(s, &r), covered(s));
        ff += f * f;
        for k in 0..3 {
            fr[k] += f * (s.target[k] - (1.0 - f) * base[k]);
        }
    }
    fit.tft_beta_trees = rgb8(fr.map(|v| v / ff));
    fit
}

impl Resolved {
    /// The factor `Resolved::trees` holds for `era`'s trees, to undo it.
    fn trees_scale(&self, _era: Era) -> f64 {
        self.beta_trees_used
    }
}

/// Stage 1: dry ground and cliffs from tiles with no water or trees, twice:
/// each ID pulled toward its hand-made colour, then toward the colour the
/// first fit gives it as an unknown ID.
fn fit_ground(fit: &mut Fit, maps: &[&MapSamples], ids: &Ids) {
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

/// Sums over a (tileset, band)'s water tiles, per channel, of the target
/// t, the dry colour d and the share under water s, for the model
/// t = d + a s (w - d): n tiles, (t - d)^2, and s t, s d, s t d, s d d,
/// s^2, s^2 d, s^2 d d.
#[derive(Default, Clone, Copy)]
struct WaterSums {
    n: f64,
    misfit: [f64; 3],
    st: [f64; 3],
    sd: [f64; 3],
    std: [f64; 3],
    sdd: [f64; 3],
    ss: f64,
    ssd: [f64; 3],
    ssdd: [f64; 3],
}

/// Stage 2: water, per tileset and depth band: target = a*w + (1-a)*dry on
/// tiles without trees, with `w` held to the hues of water (cyan to blue)
/// and, in the deeper bands, the sea over any of the tileset's grounds
/// bluer than red and no redder than green (not lavender): what reads as water from above and in the lit 3D view.
fn fit_water(fit: &mut Fit, maps: &[&MapSamples], _ids: &Ids, r: &Resolved) {
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

fn id(i: &[u8; 4]) -> String {
    String::from_utf8_lossy(i).into_owned()
}

fn print_fit(fit: &Fit) {
    for (tileset, bands) in &fit.water {
        let bands: Vec<String> = bands
            .iter()
            .map(|(a, c)| format!("a {:.2} {c:?}", *a as f64 / 255.0))
            .collect();
        println!("water {}: {}", *tileset as char, bands.join(", "));
    }
    for (tileset, c) in &fit.forests {
        println!("forest {}: {c:?}", *tileset as char);
    }
    println!("betas' trees: {:.2} of the later colours", fit.beta_trees);
    println!("Frozen Throne betas' trees: {:?}", fit.tft_beta_trees);
    println!("betas' ground: {:.3} of the later colours", fit.beta_ground);
}

fn rgb(c: [u8; 3]) -> String {
    format!("[{}, {}, {}]", c[0], c[1], c[2])
}

/// The table as Rust source.
fn source(fit: &Fit, summary: &str) -> String {
    let mut s = String::new();
    s.push_str("//! Terrain colours fitted to the game's own minimaps: written by\n");
    s.push_str("//! `cargo run --release --example fit_terrain_colors -- --write`; do not\n");
    s.push_str("//! edit by hand. Read through `super::game_colors`.\n\n");
    s.push_str("use super::bands::Bands;\n\n");
    s.push_str(&format!(
        "/// The fit: {summary}.\npub const FIT: &str = \"{summary}\";\n\n"
    ));
    let table = |s: &mut String, name: &str, doc: &str, rows: &[([u8; 4], [u8; 3])]| {
        let mut rows: Vec<(String, String)> = rows.iter().map(|(i, c)| (id(i), rgb(*c))).collect();
        rows.sort();
        s.push_str(&format!(
            "/// {doc}, sorted by ID.\npub const {name}: [(&[u8; 4], [u8; 3]); {}] = [\n",
            rows.len()
        ));
        for (i, c) in rows {
            s.push_str(&format!("    (b\"{i}\", {c}),\n"));
        }
        s.push_str("];\n\n");
    };
    table(
        &mut s,
        "GROUND",
        "Ground texture IDs and their colour on the minimap",
        &fit.ground,
    );
    table(
        &mut s,
        "CLIFF",
        "Cliff texture IDs and the colour of a cliff tile on the minimap",
        &fit.cliff,
    );
    s.push_str(&format!(
        "/// Water by tileset letter: by depth band (see `water_band`), opacity\n/// (0-255) and colour.\npub const WATER: [(u8, Bands); {}] = [\n",
        fit.water.len()
    ));
    for (t, bands) in &fit.water {
        let b: Vec<String> = bands
            .iter()
            .map(|(a, c)| format!("({a}, {})", rgb(*c)))
            .collect();
        s.push_str(&format!("    (b'{}', [{}]),\n", *t as char, b.join(", ")));
    }
    s.push_str("];\n\n");
    table(
        &mut s,
        "TREES",
        "Tree IDs and the colour of their canopies on the minimap",
        &fit.trees,
    );
    s.push_str(&format!(
        "/// Forests by tileset letter: the canopies of its maps' trees, whatever\n/// their IDs, on the minimap.\npub const FORESTS: [(u8, [u8; 3]); {}] = [\n",
        fit.forests.len()
    ));
    for (t, c) in &fit.forests {
        s.push_str(&format!("    (b'{}', {}),\n", *t as char, rgb(*c)));
    }
    s.push_str("];\n\n");
    s.push_str(&format!(
        "/// Tree colours on the 2002 betas' minimaps, as a share of the later ones.\npub const BETA_TREES: f32 = {:.3};\n",
        fit.beta_trees
    ));
    s.push_str(&format!(
        "\n/// Every tree's colour on the Frozen Throne betas' minimaps.\npub const TFT_BETA_TREES: [u8; 3] = {};\n",
        rgb(fit.tft_beta_trees)
    ));
    s.push_str(&format!(
        "\n/// Ground and cliff colours on the betas' minimaps (2002 and 2003), as a\n/// share of the later ones.\npub const BETA_GROUND: f32 = {:.3};\n",
        fit.beta_ground
    ));
    s
}
