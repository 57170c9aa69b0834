//! `info`'s positions against the numbers read from the files' bytes.

use super::common;
use super::files::{self, Box3, Start};
use mapscope::formats::{self, mpq::Archive, LoadOptions};
use mapscope::info::summary_json;
use mapscope::store::Map;
use serde_json::Value;
use std::path::Path;

fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.01
}

fn pair(v: &Value) -> [f64; 2] {
    [
        v[0].as_f64().unwrap_or(f64::NAN),
        v[1].as_f64().unwrap_or(f64::NAN),
    ]
}

/// `info`'s spawn areas are exactly `want` (labels, ranges, heights).
fn spawns_are(map: &Map, want: &[Box3], name: &str) {
    let json = summary_json(map);
    let got = json["spawns"].as_array().unwrap();
    assert_eq!(got.len(), want.len(), "{name}: {got:?} against {want:?}");
    for (g, w) in got.iter().zip(want) {
        let (min, max) = (pair(&g["min"]), pair(&g["max"]));
        let same_area = near(min[0], w.x[0])
            && near(max[0], w.x[1])
            && near(min[1], w.y[0])
            && near(max[1], w.y[1]);
        let z = g["z"].as_array().map(|_| pair(&g["z"]));
        let same_z = match (z, w.z) {
            (Some(a), Some(b)) => near(a[0], b[0]) && near(a[1], b[1]),
            (a, b) => a.is_none() && b.is_none(),
        };
        assert!(
            g["label"] == w.label.as_str() && same_area && same_z,
            "{name}: {g} against {w:?}"
        );
    }
}

/// The boxes a VXL map's sidecars give, the `.toml`'s heights with the
/// `.json`'s areas where both are there (and then the two must agree).
fn sidecar_boxes(vxl: &Path) -> Vec<Box3> {
    let json = files::json_spawns(&vxl.with_extension("json"));
    let toml = files::toml_spawns(&vxl.with_extension("toml"));
    if !json.is_empty() && !toml.is_empty() {
        for (j, t) in json.iter().zip(&toml) {
            assert!(
                j.label == t.label && j.x == t.x && j.y == t.y,
                "{}: {j:?} against {t:?}",
                vxl.display()
            );
        }
    }
    if toml.is_empty() {
        json
    } else {
        toml
    }
}

/// A Warcraft III map's units, start locations and spawn areas against
/// its war3mapUnits.doo and W3E bytes. The start locations counted.
fn warcraft_is_placed(map: &Map, doo: &[u8], w3e: &[u8], name: &str) -> usize {
    let json = summary_json(map);
    let count = files::doo_count(doo).unwrap_or_else(|| panic!("{name}: not a W3do"));
    assert_eq!(json["units"].as_u64(), Some(count as u64), "{name}: units");
    let mut starts = files::doo_starts(doo);
    starts.sort_by_key(|s| s.player);
    let listed: Vec<Start> = json["start_locations"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| {
            let [x, y] = pair(&s["position"]);
            let player = s["player"].as_u64().unwrap() as u32 - 1;
            Start {
                player,
                x: x as f32,
                y: y as f32,
            }
        })
        .collect();
    assert_eq!(
        listed, starts,
        "{name}: start locations (players from 1 in info)"
    );
    // Each start's spawn area is centred on it, in tiles from the
    // terrain's offset, 128 world units a tile.
    let [ox, oy] = files::w3e_offset(w3e).unwrap_or_else(|| panic!("{name}: not a W3E"));
    let spawns = json["spawns"].as_array().unwrap();
    for s in &starts {
        let label = format!("player {}", s.player + 1);
        let area = spawns
            .iter()
            .find(|a| a["label"] == label.as_str())
            .unwrap_or_else(|| panic!("{name}: no spawn area for {s:?}"));
        let (min, max) = (pair(&area["min"]), pair(&area["max"]));
        let middle = [(min[0] + max[0]) / 2.0, (min[1] + max[1]) / 2.0];
        let tiles = [(s.x - ox) as f64 / 128.0, (s.y - oy) as f64 / 128.0];
        assert!(
            near(middle[0], tiles[0]) && near(middle[1], tiles[1]),
            "{name}: {area} against {s:?} at {tiles:?}"
        );
    }
    starts.len()
}

#[test]
fn vxl_spawn_boxes_are_where_the_sidecars_put_them() {
    let mut checked = 0;
    for path in common::corpus_files("vxl", "vxl") {
        let want = sidecar_boxes(&path);
        if want.is_empty() {
            continue;
        }
        let map = formats::load_path(&path, &LoadOptions::default()).unwrap();
        spawns_are(&map, &want, &path.display().to_string());
        checked += 1;
    }
    if common::corpus_dir().is_some() {
        assert!(
            checked >= 3,
            "only {checked} corpus maps with spawn sidecars"
        );
    }
    // A synthetic map with both sidecars, the heights the TOML's.
    let dir = common::scratch_dir("positions", "sidecars");
    let vxl = dir.join("strip.vxl");
    std::fs::write(&vxl, common::aos_file(|_, _| (40, 0x7f80_8080))).unwrap();
    std::fs::write(vxl.with_extension("json"), r#"{"team1_start": [300, 20], "team1_end": [260, 60], "team2_start": [10, 400], "team2_end": [50, 450]}"#).unwrap();
    std::fs::write(
        vxl.with_extension("toml"),
        "[spawnpoints]\nteam1 = { start = [300, 20, 39], end = [260, 60, 41] }\nteam2 = { start = [10, 400, 30], end = [50, 450, 30] }\n",
    )
    .unwrap();
    let want = sidecar_boxes(&vxl);
    assert_eq!(want[0].x, [260.0, 300.0], "the test's own reading");
    let map = formats::load_path(&vxl, &LoadOptions::default()).unwrap();
    spawns_are(&map, &want, "synthetic");
}

/// The Warcraft III maps of the corpus as (name, bytes of a file by name):
/// map folders read from disk, archives through mapscope's MPQ reader
/// (only the bytes: the numbers are read here).
fn warcraft_files(path: &Path) -> Option<(Vec<u8>, Vec<u8>)> {
    if path.is_dir() {
        let doo = std::fs::read(path.join("war3mapUnits.doo")).ok()?;
        return Some((doo, std::fs::read(path.join("war3map.w3e")).ok()?));
    }
    let bytes = std::fs::read(path).ok()?;
    let archive = Archive::open(&bytes).ok()?;
    let doo = archive.read("war3mapUnits.doo").ok()??;
    Some((doo, archive.read("war3map.w3e").ok()??))
}

#[test]
fn warcraft_starts_and_units_are_where_the_doo_puts_them() {
    let mut maps: Vec<std::path::PathBuf> = common::terrain_maps();
    maps.retain(|p| p.extension().is_none_or(|e| e != "w3e"));
    let (mut seen, mut starts) = (0, 0);
    for path in &maps {
        let Some((doo, w3e)) = warcraft_files(path) else {
            continue;
        };
        let map = formats::load_path(path, &LoadOptions::default()).unwrap();
        starts += warcraft_is_placed(&map, &doo, &w3e, &path.display().to_string());
        seen += 1;
    }
    if common::corpus_dir().is_some() {
        assert!(
            seen >= 100 && starts >= 200,
            "{seen} maps, {starts} start locations"
        );
    }
    let files = mapscope::samples::w3x_files(3);
    let get = |n: &str| {
        files
            .iter()
            .find(|(name, _)| *name == n)
            .map(|(_, b)| b.clone())
            .unwrap()
    };
    let map = super::synthetic("placed");
    let n = warcraft_is_placed(
        &map,
        &get("war3mapUnits.doo"),
        &get("war3map.w3e"),
        "synthetic",
    );
    assert_eq!(n, 2, "the synthetic map's two start locations");
}
