//! Reading a season: every replay under a folder, each read, matched,
//! joined with its map and counted on rayon's pool, each map opened and
//! measured once ([`Opened`], kept in a [`MapCache`]). What `mapscope
//! replays` and the viewer's season both run.

use super::find_map::{Found, Maps};
use super::season::{self, Counted, Season, Skipped};
use crate::analysis::GroundReport;
use crate::formats::LoadOptions;
use crate::kinds::game;
use crate::store::Map;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// Folders below the one given are read this deep.
const DEPTH: usize = 4;
/// At most this many replays: a season, not a whole disk.
const MOST: usize = 100_000;

/// A map found for a replay, opened, with its fairness table where it
/// has one.
pub struct Opened {
    pub found: Found,
    pub map: Map,
    pub ground: Option<GroundReport>,
}

/// Opens the map `found` names; why not, where it does not open or is no
/// Warcraft III map.
pub fn open_map(found: Found) -> Result<Opened, String> {
    let map = crate::formats::load_path(&found.path, &LoadOptions::default())
        .map_err(|e| format!("cannot open {}: {e}", found.path.display()))?;
    if let Err(why) = crate::kinds::replay_map(&map) {
        return Err(format!("{}: {why}", found.path.display()));
    }
    let ground = crate::kinds::of(&map)
        .ground_map()
        .ok()
        .map(|g| crate::analysis::analyze(&g));
    Ok(Opened { found, map, ground })
}

/// The replays (`.w3g`) under `dir`, sorted.
pub fn replay_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk(dir, DEPTH, &mut out);
    out.sort();
    out
}

fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if out.len() >= MOST {
            return;
        }
        if e.file_type().is_ok_and(|t| t.is_dir()) && depth > 0 {
            walk(&p, depth - 1, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("w3g")) {
            out.push(p);
        }
    }
}

/// Each map opened once, by path, shared by the threads that count.
pub type MapCache = Mutex<HashMap<PathBuf, Arc<OnceLock<Result<Opened, String>>>>>;

/// The map `path` as the cache opened it, where it did.
pub fn cached(cache: &MapCache, path: &Path) -> Option<Arc<OnceLock<Result<Opened, String>>>> {
    cache
        .lock()
        .expect("no thread panics holding it")
        .get(path)
        .cloned()
}

/// One replay read, matched, joined and counted.
fn count(file: &Path, maps: &Maps, cache: &MapCache) -> Counted {
    let skipped = |why: String| Skipped {
        file: file.to_path_buf(),
        why,
    };
    let replay = match super::read(file) {
        Ok(r) => r,
        Err(why) => return Counted::Unreadable(skipped(why)),
    };
    let Some(found) = maps.find(&replay.map_path) else {
        return Counted::Unmatched(skipped(replay.map_path.clone()));
    };
    let slot = cache
        .lock()
        .expect("no thread panics holding it")
        .entry(found.path.clone())
        .or_default()
        .clone();
    let opened = slot.get_or_init(|| open_map(found.clone()));
    let o = match opened {
        Ok(o) => o,
        Err(why) => return Counted::Unreadable(skipped(why.clone())),
    };
    let w = crate::kinds::replay_map(&o.map).expect("checked when opened");
    let g = game::join(&replay, w, o.ground.as_ref());
    Counted::Game {
        result: Box::new(season::result(&replay, &found, &g)),
        map: found.path,
        game: Box::new(g),
        ground: o.ground.clone(),
    }
}

/// Counts every replay of `files` (in parallel), calling `done` after
/// each; the maps opened stay in `cache`.
pub fn season(
    files: &[PathBuf],
    maps: &Maps,
    cache: &MapCache,
    done: &(dyn Fn() + Sync),
) -> Season {
    files
        .par_iter()
        .fold(Season::default, |mut s, f| {
            s.count(count(f, maps, cache));
            done();
            s
        })
        .reduce(Season::default, Season::merge)
}
