//! The samples a fit is made from: every tile of each map's playable area,
//! with its corners' texture IDs, water, tree cover and the minimap's
//! colour for it.

use mapscope::formats::{self, LoadOptions};
use mapscope::mesh::objects::{doodad_instance, Group};
use mapscope::mesh::terrain::game_colors::{self, Era};
use mapscope::minimap::{self, Reference};
use mapscope::store::terrain::{Tilepoint, W3eTerrain};
use mapscope::store::warcraft::WarcraftMap;
use std::path::{Path, PathBuf};

/// Samples a side for a tile's tree cover.
pub(crate) const COVER_SAMPLES: usize = 4;

/// What the model needs of one tile, and the minimap's colour for it.
pub(crate) struct TileSample {
    /// Ground IDs of the corners (indices into `Ids::ground`), or cliff
    /// IDs (into `Ids::cliff`) for a cliff tile.
    pub(crate) corners: [usize; 4],
    pub(crate) cliff: bool,
    /// Corners with the boundary flag (bit k: corner k): the game's black
    /// mask covers them, on the minimap too.
    pub(crate) boundary: u8,
    /// The water's depth band, if the tile shows water.
    pub(crate) water: Option<usize>,
    /// How much of the tile the water covers: where the ground rises
    /// above it, the ground shows (on a shore), as in the views.
    pub(crate) wet: f64,
    /// How much of the tile each kind of tree's canopies cover (indices
    /// into `Ids::trees`; 0..1 in all).
    pub(crate) cover: Vec<(usize, f64)>,
    pub(crate) tileset: u8,
    pub(crate) era: Era,
    pub(crate) target: [f64; 3],
}

pub(crate) struct MapSamples {
    pub(crate) name: String,
    /// Versions of one map share this: they stay on one side of a split.
    pub(crate) family: String,
    pub(crate) tiles: Vec<TileSample>,
}

/// Every texture ID seen, numbered.
#[derive(Default)]
pub(crate) struct Ids {
    pub(crate) ground: Vec<[u8; 4]>,
    pub(crate) cliff: Vec<[u8; 4]>,
    pub(crate) trees: Vec<[u8; 4]>,
}

impl Ids {
    pub(crate) fn number(list: &mut Vec<[u8; 4]>, id: [u8; 4]) -> usize {
        list.iter().position(|&i| i == id).unwrap_or_else(|| {
            list.push(id);
            list.len() - 1
        })
    }
}

/// Every Warcraft III map under `dir` (archives and map folders).
pub(crate) fn map_paths(dir: &Path, out: &mut Vec<PathBuf>) {
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
pub(crate) fn collect(corpus: &Path, ids: &mut Ids) -> Vec<MapSamples> {
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
pub(crate) fn samples(
    w: &WarcraftMap,
    reference: &Reference,
    era: Era,
    ids: &mut Ids,
) -> Vec<TileSample> {
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
pub(crate) fn wet_share(depth: [f32; 4]) -> f64 {
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

pub(crate) fn ground_id(t: &W3eTerrain, p: &Tilepoint) -> [u8; 4] {
    *t.ground_textures
        .get(p.texture() as usize)
        .unwrap_or(b"????")
}

pub(crate) fn cliff_id(t: &W3eTerrain, p: &Tilepoint) -> [u8; 4] {
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
pub(crate) fn tree_cover(w: &WarcraftMap, ids: &mut Ids) -> Vec<Vec<(usize, f64)>> {
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
