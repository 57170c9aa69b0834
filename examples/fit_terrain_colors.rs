//! Fits the Warcraft III terrain colours to the game's own minimaps and
//! writes the table `src/mesh/terrain/fitted.rs`:
//!
//! `cargo run --release --example fit_terrain_colors -- [CORPUS] [--write]`
//!
//! CORPUS defaults to `$MAPSCOPE_CORPUS`, else `../shared/corpus`; every
//! map under its `w3x` folder with a minimap and a playable area is used.
//! Each tile of the playable area is compared with the minimap reduced to
//! one colour a tile ([`mapscope::minimap`]), as `--view minimap` draws it:
//!
//! * a dry tile is the mean of its four corners' ground colours (one colour
//!   per whole texture ID), a cliff tile the mean of its corners' cliff
//!   colours;
//! * water over it blends a tileset's water colour in by how deep it is
//!   (four depth bands): `alpha * water + (1 - alpha) * ground`;
//! * trees cover part of a tile (the discs of their canopies, as the
//!   viewer draws them from above) in their tileset's forest colour.
//!
//! The fit is linear least squares in three stages (dry ground and
//! cliffs, then water, then forests), each pulled gently toward the
//! hand-made colours for IDs few tiles show. It runs twice: on every other
//! map, scored on the maps it did not see, and on all of them, which is
//! the table written.

use mapscope::formats::{self, LoadOptions};
use mapscope::mesh::objects::{doodad_instance, tree_color, Group};
use mapscope::mesh::palette::texture_color;
use mapscope::mesh::terrain::game_colors::{self as fitted, WATER_BANDS};
use mapscope::minimap::{self, Reference};
use mapscope::store::terrain::{Tilepoint, W3eTerrain};
use mapscope::store::warcraft::WarcraftMap;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How strongly an ID is pulled toward its hand-made colour, in tiles.
const PRIOR_TILES: f64 = 2.0;
/// Samples a side for a tile's tree cover.
const COVER_SAMPLES: usize = 4;

/// What the model needs of one tile, and the minimap's colour for it.
struct TileSample {
    /// Ground IDs of the corners (indices into `Ids::ground`), or cliff
    /// IDs (into `Ids::cliff`) for a cliff tile.
    corners: [usize; 4],
    cliff: bool,
    /// The water's depth band, if the tile shows water.
    water: Option<usize>,
    /// How much of the tile each kind of tree's canopies cover (indices
    /// into `Ids::trees`; 0..1 in all).
    cover: Vec<(usize, f64)>,
    tileset: u8,
    target: [f64; 3],
}

struct MapSamples {
    name: String,
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

/// The fitted colours (0..255 floats).
#[derive(Clone, Default)]
struct Fit {
    ground: Vec<[f64; 3]>,
    cliff: Vec<[f64; 3]>,
    /// By tileset letter: per depth band, (alpha, colour).
    water: BTreeMap<u8, [(f64, [f64; 3]); WATER_BANDS]>,
    /// By tree ID (indices into `Ids::trees`).
    trees: BTreeMap<usize, [f64; 3]>,
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
    let maps = collect(&corpus.join("w3x"), &mut ids);
    let tiles: usize = maps.iter().map(|m| m.tiles.len()).sum();
    println!(
        "{} maps, {tiles} tiles, {} ground IDs, {} cliff IDs",
        maps.len(),
        ids.ground.len(),
        ids.cliff.len()
    );

    // Fit on every other map, score on the others.
    let train: Vec<&MapSamples> = maps.iter().step_by(2).collect();
    let held: Vec<&MapSamples> = maps.iter().skip(1).step_by(2).collect();
    let half = fit(&train, &ids);
    let (seen, unseen) = (score(&train, &half), score(&held, &half));
    println!(
        "fitted on {} maps: mean error {:.1} on them, {:.1} on the {} maps it did not see (worst {:.1})",
        train.len(),
        mean(&seen),
        mean(&unseen),
        held.len(),
        unseen.iter().map(|s| s.1).fold(0.0, f64::max)
    );

    let all: Vec<&MapSamples> = maps.iter().collect();
    let fit = fit(&all, &ids);
    let scores = score(&all, &fit);
    println!(
        "fitted on all {} maps: mean error {:.1}",
        all.len(),
        mean(&scores)
    );
    let mut worst = scores.clone();
    worst.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (name, e) in worst.iter().take(8) {
        println!("  {e:5.1}  {name}");
    }
    print_fit(&fit, &ids);
    if write {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/mesh/terrain/fitted.rs");
        let summary = format!(
            "{} maps of {} ({tiles} tiles): model error {:.1} on all; fitted on every other map, {:.1} on the {} it did not see",
            all.len(),
            corpus.join("w3x").display(),
            mean(&scores),
            mean(&unseen),
            held.len()
        );
        std::fs::write(&path, source(&fit, &ids, &summary)).expect("the table is written");
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

fn collect(dir: &Path, ids: &mut Ids) -> Vec<MapSamples> {
    let mut paths = Vec::new();
    map_paths(dir, &mut paths);
    let mut out = Vec::new();
    for path in paths {
        let Ok(map) = formats::load_path(&path, &LoadOptions::default()) else {
            continue;
        };
        let Some(w) = map.warcraft() else { continue };
        let Some(reference) = minimap::reference(w) else {
            continue;
        };
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        out.push(MapSamples {
            name,
            tiles: samples(w, &reference, ids),
        });
    }
    out
}

/// The tiles of the playable area, with the minimap's colours.
fn samples(w: &WarcraftMap, reference: &Reference, ids: &mut Ids) -> Vec<TileSample> {
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
            let depth = (0..4)
                .map(|k| c[k].water_level() - heights[k])
                .fold(f32::MIN, f32::max);
            out.push(TileSample {
                corners,
                cliff,
                water: (wet && depth > 0.0).then(|| fitted::water_band(depth)),
                cover: cover[my as usize * tiles_x + mx as usize].clone(),
                tileset: t.tileset,
                target,
            });
        }
    }
    out
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
fn dry(s: &TileSample, fit: &Fit) -> [f64; 3] {
    let list = if s.cliff { &fit.cliff } else { &fit.ground };
    let mut c = [0.0; 3];
    for &i in &s.corners {
        for k in 0..3 {
            c[k] += list[i][k] / 4.0;
        }
    }
    c
}

fn water_of(fit: &Fit, tileset: u8, band: usize) -> (f64, [f64; 3]) {
    fit.water.get(&tileset).map(|w| w[band]).unwrap_or_else(|| {
        let (a, c) = fitted::default_water(band);
        (a as f64, c.map(f64::from))
    })
}

fn trees_of(fit: &Fit, kind: usize, tileset: u8) -> [f64; 3] {
    fit.trees
        .get(&kind)
        .copied()
        .unwrap_or_else(|| tree_color(tileset).map(f64::from))
}

/// The model's colour for a tile's ground and water.
fn base(s: &TileSample, fit: &Fit) -> [f64; 3] {
    let c = dry(s, fit);
    match s.water {
        Some(band) => {
            let (a, w) = water_of(fit, s.tileset, band);
            std::array::from_fn(|k| a * w[k] + (1.0 - a) * c[k])
        }
        None => c,
    }
}

/// The model's colour for a tile.
fn predict(s: &TileSample, fit: &Fit) -> [f64; 3] {
    let b = base(s, fit);
    let f = covered(s);
    let mut c: [f64; 3] = std::array::from_fn(|k| (1.0 - f) * b[k]);
    for &(kind, part) in &s.cover {
        let t = trees_of(fit, kind, s.tileset);
        for k in 0..3 {
            c[k] += part * t[k];
        }
    }
    c
}

fn score(maps: &[&MapSamples], fit: &Fit) -> Vec<(String, f64)> {
    maps.iter()
        .map(|m| {
            let sum: f64 = m
                .tiles
                .iter()
                .map(|s| {
                    let p = predict(s, fit).map(|v| v.clamp(0.0, 255.0).round());
                    (0..3).map(|k| (p[k] - s.target[k]).abs()).sum::<f64>()
                })
                .sum();
            (m.name.clone(), sum / (3 * m.tiles.len().max(1)) as f64)
        })
        .collect()
}

/// Solves `n x = b` for a symmetric positive definite `n` (Cholesky).
#[allow(clippy::needless_range_loop)] // the textbook's indices read best
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

fn fit(maps: &[&MapSamples], ids: &Ids) -> Fit {
    let tiles = || maps.iter().flat_map(|m| m.tiles.iter());
    // Stage 1: dry ground and cliffs, from tiles with no water or trees.
    let ng = ids.ground.len();
    let size = ng + ids.cliff.len();
    let mut n = vec![vec![0.0; size]; size];
    let mut b = vec![[0.0; 3]; size];
    let prior: Vec<[f64; 3]> = ids
        .ground
        .iter()
        .chain(&ids.cliff)
        .map(|id| texture_color(id).map(f64::from))
        .collect();
    for i in 0..size {
        n[i][i] += PRIOR_TILES;
        for c in 0..3 {
            b[i][c] += PRIOR_TILES * prior[i][c];
        }
    }
    for s in tiles().filter(|s| s.water.is_none() && s.cover.is_empty()) {
        let at = |i: usize| if s.cliff { ng + i } else { i };
        for &i in &s.corners {
            for &j in &s.corners {
                n[at(i)][at(j)] += 1.0 / 16.0;
            }
            for (sum, t) in b[at(i)].iter_mut().zip(s.target) {
                *sum += t / 4.0;
            }
        }
    }
    let x = solve(n, &b);
    let clamp = |c: [f64; 3]| c.map(|v| v.clamp(0.0, 255.0));
    let mut fit = Fit {
        ground: x[..ng].iter().map(|&c| clamp(c)).collect(),
        cliff: x[ng..].iter().map(|&c| clamp(c)).collect(),
        ..Fit::default()
    };

    // Stage 2: water, per tileset and depth band: target = a*w + (1-a)*dry,
    // linear in (a, a*w) given the dry colour. Tiles without trees.
    let mut sums: BTreeMap<(u8, usize), Vec<(f64, f64)>> = BTreeMap::new();
    let mut rows: BTreeMap<(u8, usize), [[f64; 5]; 5]> = BTreeMap::new();
    for s in tiles().filter(|s| s.cover.is_empty()) {
        let Some(band) = s.water else { continue };
        let d = dry(s, &fit);
        let m = rows.entry((s.tileset, band)).or_insert([[0.0; 5]; 5]);
        sums.entry((s.tileset, band)).or_default();
        // Unknowns: p = 1 - a, and q_k = a * w_k: target_k = p*d_k + q_k.
        for k in 0..3 {
            let mut row = [0.0; 4];
            row[0] = d[k];
            row[1 + k] = 1.0;
            for i in 0..4 {
                for j in 0..4 {
                    m[i][j] += row[i] * row[j];
                }
                m[i][4] += row[i] * s.target[k];
            }
        }
    }
    for ((tileset, band), m) in rows {
        // Too few tiles to tell alpha from colour: keep the defaults.
        if m[1][1] < 300.0 {
            continue;
        }
        let mut nn: Vec<Vec<f64>> = (0..4).map(|i| m[i][..4].to_vec()).collect();
        for (i, row) in nn.iter_mut().enumerate() {
            row[i] += 1e-3;
        }
        let rhs: Vec<[f64; 3]> = (0..4).map(|i| [m[i][4], 0.0, 0.0]).collect();
        let v: Vec<f64> = solve(nn, &rhs).iter().map(|r| r[0]).collect();
        let a = (1.0 - v[0]).clamp(0.05, 1.0);
        let w = [v[1] / a, v[2] / a, v[3] / a].map(|c| c.clamp(0.0, 255.0));
        let entry = fit.water.entry(tileset).or_insert_with(|| {
            std::array::from_fn(|b| {
                let (a, c) = fitted::default_water(b);
                (a as f64, c.map(f64::from))
            })
        });
        entry[band] = (a, w);
    }

    // Stage 3: forests: target - (1 - F) * base = sum of f_kind * t_kind,
    // over every kind of tree.
    let nt = ids.trees.len();
    let mut n = vec![vec![0.0; nt]; nt];
    let mut b = vec![[0.0; 3]; nt];
    for i in 0..nt {
        // The hand-made colour of the tileset the ID names, not the last fit:
        // the table must come out the same however often it is refitted.
        let prior = tree_color(ids.trees[i][0]).map(f64::from);
        n[i][i] += PRIOR_TILES;
        for c in 0..3 {
            b[i][c] += PRIOR_TILES * prior[c];
        }
    }
    for s in tiles().filter(|s| !s.cover.is_empty()) {
        let base = base(s, &fit);
        let f = covered(s);
        for &(i, fi) in &s.cover {
            for &(j, fj) in &s.cover {
                n[i][j] += fi * fj;
            }
            for c in 0..3 {
                b[i][c] += fi * (s.target[c] - (1.0 - f) * base[c]);
            }
        }
    }
    if nt > 0 {
        for (i, c) in solve(n, &b).into_iter().enumerate() {
            fit.trees.insert(i, clamp(c));
        }
    }
    fit
}

fn id(i: &[u8; 4]) -> String {
    String::from_utf8_lossy(i).into_owned()
}

fn print_fit(fit: &Fit, ids: &Ids) {
    for (tileset, bands) in &fit.water {
        let bands: Vec<String> = bands
            .iter()
            .map(|(a, c)| format!("a {a:.2} {:?}", c.map(|v| v.round() as u8)))
            .collect();
        println!("water {}: {}", *tileset as char, bands.join(", "));
    }
    for (kind, c) in &fit.trees {
        println!(
            "trees {}: {:?}",
            id(&ids.trees[*kind]),
            c.map(|v| v.round() as u8)
        );
    }
}

fn rgb(c: [f64; 3]) -> String {
    let c = c.map(|v| v.round() as u8);
    format!("[{}, {}, {}]", c[0], c[1], c[2])
}

/// The table as Rust source.
fn source(fit: &Fit, ids: &Ids, summary: &str) -> String {
    let mut s = String::new();
    s.push_str("//! Terrain colours fitted to the game's own minimaps: written by\n");
    s.push_str("//! `cargo run --release --example fit_terrain_colors -- --write`; do not\n");
    s.push_str("//! edit by hand. Used by `super::colors` (see `super::fitted_colors`).\n\n");
    s.push_str(&format!(
        "/// The fit: {summary}.\npub const FIT: &str = \"{summary}\";\n\n"
    ));
    let table = |s: &mut String, name: &str, doc: &str, list: &[[u8; 4]], colors: &[[f64; 3]]| {
        let mut rows: Vec<(String, String)> = list
            .iter()
            .zip(colors)
            .filter(|(i, _)| i.iter().all(|b| b.is_ascii_alphanumeric()))
            .map(|(i, &c)| (id(i), rgb(c)))
            .collect();
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
        &ids.ground,
        &fit.ground,
    );
    table(
        &mut s,
        "CLIFF",
        "Cliff texture IDs and the colour of a cliff tile on the minimap",
        &ids.cliff,
        &fit.cliff,
    );
    s.push_str(&format!(
        "/// A tileset's water by depth band (see `water_band`): opacity (0-255)\n/// and colour.\npub type Bands = [(u8, [u8; 3]); {WATER_BANDS}];\n\n/// Water by tileset letter.\npub const WATER: [(u8, Bands); {}] = [\n",
        fit.water.len()
    ));
    for (t, bands) in &fit.water {
        let b: Vec<String> = bands
            .iter()
            .map(|(a, c)| format!("({}, {})", (a * 255.0).round() as u8, rgb(*c)))
            .collect();
        s.push_str(&format!("    (b'{}', [{}]),\n", *t as char, b.join(", ")));
    }
    s.push_str("];\n\n");
    let trees: Vec<[f64; 3]> = (0..ids.trees.len())
        .map(|i| fit.trees.get(&i).copied().unwrap_or([0.0; 3]))
        .collect();
    table(
        &mut s,
        "TREES",
        "Tree IDs and the colour of their canopies on the minimap",
        &ids.trees,
        &trees,
    );
    s.truncate(s.trim_end().len() + 1);
    s
}
