//! `mapscope diff`: on every pair of real map versions, its counts against
//! independent ones made here (tilepoint records of the raw `war3map.w3e`
//! files; objects by type and rounded position; each internal file's
//! bytes); every map the same as itself; a VXL and its VMF conversion with
//! no voxel changes; an edited voxel map reporting exactly the voxels the
//! test changed; the exit statuses; and git's external diff driver in a
//! repository made here.

mod common;

use common::versions::version_pairs;
use common::{corpus_dir, corpus_files, mapscope, scratch_dir};
use mapscope::diff::MapDiff;
use mapscope::formats::mpq::Archive;
use mapscope::formats::{self, Format, LoadOptions};
use mapscope::open_diff::{compare, compare_paths, Side};
use mapscope::store::voxels::FourthByte;
use mapscope::store::{Content, Map, Metadata};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// A raw `war3map.w3e` read here, apart from mapscope's decoder: each
/// tilepoint's fields with textures as the IDs the file's lists name.
fn raw_tilepoints(bytes: &[u8]) -> (u32, u32, Vec<[u32; 12]>) {
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!(&bytes[..4], b"W3E!");
    let version = u32_at(4);
    let mut at = 4 + 4 + 1 + 4;
    let mut list = || {
        let n = u32_at(at) as usize;
        let ids: Vec<u32> = (0..n).map(|i| u32_at(at + 4 + 4 * i)).collect();
        at += 4 + 4 * n;
        ids
    };
    let (ground, cliff) = (list(), list());
    let (w, h) = (u32_at(at), u32_at(at + 4));
    at += 16;
    let size = if version >= 12 { 8 } else { 7 };
    assert_eq!(
        bytes.len(),
        at + (w * h) as usize * size,
        "the w3e's length"
    );
    let id = |list: &[u32], i: u32| list.get(i as usize).copied().unwrap_or(u32::MAX);
    let points = bytes[at..]
        .chunks_exact(size)
        .map(|r| {
            let height = u16::from_le_bytes([r[0], r[1]]) as u32;
            let water = u16::from_le_bytes([r[2], r[3]]) as u32;
            let (texture, flags, rest) = match size {
                8 => {
                    let t = u16::from_le_bytes([r[4], r[5]]) as u32;
                    (t & 0x3F, t >> 6, &r[6..])
                }
                _ => (r[4] as u32 & 0x0F, r[4] as u32 >> 4, &r[5..]),
            };
            let cliff_texture = rest[1] as u32 >> 4;
            [
                height,
                id(&ground, texture),
                rest[0] as u32 & 0x1F,
                rest[1] as u32 & 0x0F,
                if cliff_texture == 15 {
                    u32::MAX - 1
                } else {
                    id(&cliff, cliff_texture)
                },
                rest[0] as u32 >> 5,
                water & 0x3FFF,
                flags & 1,
                flags >> 1 & 1,
                flags >> 2 & 1,
                flags >> 3 & 1,
                water >> 14 & 1,
            ]
        })
        .collect();
    (w, h, points)
}

/// Tilepoints whose raw records, read as fields, differ.
fn raw_changed_tilepoints(old: &[u8], new: &[u8]) -> u64 {
    let (ow, oh, o) = raw_tilepoints(old);
    let (nw, nh, n) = raw_tilepoints(new);
    let mut changed = 0;
    for y in 0..oh.min(nh) {
        for x in 0..ow.min(nw) {
            changed += (o[(y * ow + x) as usize] != n[(y * nw + x) as usize]) as u64;
        }
    }
    changed
}

/// Objects by type and position rounded to a unit, counted old minus new.
fn object_balance(map: &Map, sign: i64, out: &mut BTreeMap<(String, i64, i64), i64>) {
    let w = map.warcraft().unwrap();
    let key = |id: &[u8; 4], p: [f32; 3]| {
        (
            String::from_utf8_lossy(id).into_owned(),
            p[0].round() as i64,
            p[1].round() as i64,
        )
    };
    for u in &w.units {
        *out.entry(key(&u.id, u.position)).or_default() += sign;
    }
    for d in &w.doodads {
        *out.entry(key(&d.id, d.position)).or_default() += sign;
    }
    for s in &w.special_doodads {
        *out.entry(key(&s.id, [s.x as f32, s.y as f32, 0.0]))
            .or_default() += sign;
    }
}

/// The same balance as the diff tells it.
fn reported_balance(d: &MapDiff) -> BTreeMap<(String, i64, i64), i64> {
    let mut out = BTreeMap::new();
    let key = |id: &str, p: [f32; 3]| (id.to_string(), p[0].round() as i64, p[1].round() as i64);
    for o in d.objects.iter().filter(|o| !o.kind.ends_with("icon")) {
        if let Some(p) = o.old {
            *out.entry(key(&o.id, p)).or_default() += 1;
        }
        if let Some(p) = o.new {
            *out.entry(key(&o.id, p)).or_default() -= 1;
        }
    }
    out
}

/// Each internal file's bytes compared here, by every name either side's
/// listfile or the standard list gives.
fn differing_files(old: &[u8], new: &[u8]) -> BTreeSet<String> {
    let (a, b) = (Archive::open(old).unwrap(), Archive::open(new).unwrap());
    let mut names: BTreeSet<String> = formats::w3x::names::STANDARD
        .iter()
        .map(|s| s.to_string())
        .collect();
    for x in [&a, &b] {
        if let Ok(Some(list)) = x.read("(listfile)") {
            names.extend(
                String::from_utf8_lossy(&list)
                    .lines()
                    .map(|l| l.trim().to_string())
                    .filter(|l| !l.is_empty()),
            );
        }
    }
    names
        .into_iter()
        .filter(|n| a.read(n).ok().flatten() != b.read(n).ok().flatten())
        .map(|n| n.to_ascii_lowercase())
        .collect()
}

/// The files a diff's decoding unpacked are compared as they were
/// unpacked, not unpacked again: on every pair of versions, the same file
/// differences as unpacking every file anew.
#[test]
fn files_compared_from_what_decoding_unpacked_are_those_unpacked_anew() {
    let Some(dir) = corpus_dir() else { return };
    let pairs = version_pairs(&dir);
    assert!(pairs.len() >= 9, "{pairs:?}");
    for (old, new) in &pairs {
        let (a, b) = (
            Side::load(old, &LoadOptions::default()).unwrap(),
            Side::load(new, &LoadOptions::default()).unwrap(),
        );
        assert!(
            a.unpacked.iter().any(|(n, _)| n == "war3map.w3e"),
            "{}: the terrain was unpacked",
            old.display()
        );
        let anew = mapscope::diff::files::compare(&a.source, &b.source);
        let kept = mapscope::diff::files::compare_unpacked(
            [&a.source, &b.source],
            [&a.unpacked, &b.unpacked],
        );
        assert!(!anew.is_empty());
        assert_eq!(anew, kept, "{} -> {}", old.display(), new.display());
    }
}

#[test]
fn every_pair_of_versions_agrees_with_independent_counts() {
    let Some(dir) = corpus_dir() else { return };
    let pairs = version_pairs(&dir);
    assert!(pairs.len() >= 9, "{pairs:?}");
    for (old, new) in &pairs {
        let d = compare_paths(old, new, &LoadOptions::default()).unwrap();
        let text = mapscope::diff::report::text(
            &d,
            &old.display().to_string(),
            &new.display().to_string(),
        );
        println!("{text}");
        assert!(!d.same(), "{} and {} differ", old.display(), new.display());
        let (ob, nb) = (std::fs::read(old).unwrap(), std::fs::read(new).unwrap());
        let (oa, na) = (Archive::open(&ob).unwrap(), Archive::open(&nb).unwrap());
        let (ow, nw) = (
            oa.read("war3map.w3e").unwrap().unwrap(),
            na.read("war3map.w3e").unwrap().unwrap(),
        );
        let terrain = d.terrain.as_ref().unwrap();
        assert_eq!(
            terrain.tilepoints_changed,
            raw_changed_tilepoints(&ow, &nw),
            "{}: tilepoints",
            new.display()
        );
        let (om, nm) = (
            formats::decode(&ob, &Default::default()).unwrap(),
            formats::decode(&nb, &Default::default()).unwrap(),
        );
        let mut balance = BTreeMap::new();
        object_balance(&om, 1, &mut balance);
        object_balance(&nm, -1, &mut balance);
        balance.retain(|_, n| *n != 0);
        let mut reported = reported_balance(&d);
        reported.retain(|_, n| *n != 0);
        assert_eq!(
            reported,
            balance,
            "{}: objects by type and rounded position",
            new.display()
        );
        let listed: BTreeSet<String> = d
            .files
            .iter()
            .filter(|f| !f.name.starts_with('('))
            .map(|f| f.name.to_ascii_lowercase())
            .collect();
        let mut independent = differing_files(&ob, &nb);
        independent.retain(|n| !n.starts_with('('));
        assert_eq!(
            listed,
            independent,
            "{}: files whose bytes differ",
            new.display()
        );
    }
}

#[test]
fn turtle_rocks_seasons_change_the_tilepoints_sources_md_names() {
    let Some(dir) = corpus_dir() else { return };
    let v = dir.join("versions");
    let tr = |c: &str| v.join(format!("TurtleRock_v2.0_{c}.w3x"));
    let d = compare_paths(
        &tr("2025-09-07_83da33d"),
        &tr("2025-10-04_97880cf"),
        &Default::default(),
    )
    .unwrap();
    assert_eq!(d.terrain.as_ref().unwrap().tilepoints_changed, 24);
    assert!(d
        .terrain
        .as_ref()
        .unwrap()
        .header
        .iter()
        .any(|h| h.field == "version"));
    let names: BTreeSet<&str> = d.files.iter().map(|f| f.name.as_str()).collect();
    for f in [
        "war3map.w3e",
        "war3map.w3i",
        "war3map.doo",
        "war3map.wpm",
        "war3mapMap.blp",
        "war3map.shd",
    ] {
        assert!(names.contains(f), "{f} in {names:?}");
    }
    // The pathing part, said by the Warcraft III kind in tiles: as many
    // cells as the two war3map.wpm files' cell bytes (after their 16-byte
    // header) differ in.
    let wpm = |c: &str| {
        let bytes = std::fs::read(tr(c)).unwrap();
        Archive::open(&bytes)
            .unwrap()
            .read("war3map.wpm")
            .unwrap()
            .unwrap()
    };
    let (a, b) = (wpm("2025-09-07_83da33d"), wpm("2025-10-04_97880cf"));
    assert_eq!(a.len(), b.len());
    let cells = a[16..].iter().zip(&b[16..]).filter(|(p, q)| p != q).count();
    let text = mapscope::diff::report::text(&d, "a", "b");
    let head = format!("pathing: {cells} cells changed (");
    let from = "(tiles from the south-west; a cell is a quarter tile)";
    assert!(
        text.contains(&head) && text.contains(from),
        "{cells}: {text}"
    );
    let json = mapscope::diff::json::to_json(&d);
    assert_eq!(json["pathing"]["cells_changed"], cells);
    assert_eq!(json["pathing"]["regions"][0]["unit"], "tiles");
    let d = compare_paths(
        &tr("2025-10-04_97880cf"),
        &tr("2025-10-05_bc01869"),
        &Default::default(),
    )
    .unwrap();
    assert_eq!(d.terrain.as_ref().unwrap().tilepoints_changed, 27);
}

#[test]
fn every_corpus_map_is_the_same_as_itself() {
    let Some(dir) = corpus_dir() else { return };
    let mut maps = corpus_files("vxl", "vxl");
    maps.extend(corpus_files("w3e", "w3e"));
    for sub in ["w3x/ladder", "w3x/war3net", "versions"] {
        maps.extend(corpus_files(sub, "w3x"));
    }
    for sub in ["w3x/war3net", "versions"] {
        maps.extend(corpus_files(sub, "w3m"));
    }
    maps.push(dir.join("w3x/folder/map.w3x"));
    assert!(maps.len() >= 140, "{} maps", maps.len());
    for path in &maps {
        let side = Side::load(path, &LoadOptions::default()).unwrap();
        let d = compare(&side, &side).unwrap();
        assert!(d.same(), "{}: {d:?}", path.display());
        assert!(d.files.is_empty() && !d.changed(), "{}", path.display());
    }
    // And as a command: exit 0, `same` in the JSON.
    for path in [&maps[0], maps.last().unwrap()] {
        let out = mapscope(&[
            "diff".as_ref(),
            path.as_os_str(),
            path.as_os_str(),
            "--json".as_ref(),
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["same"], true);
    }
}

#[test]
fn a_vxl_and_its_vmf_conversion_have_no_voxel_changes() {
    let scratch = scratch_dir("diff", "vmf");
    let mut maps = corpus_files("vxl", "vxl");
    maps.insert(
        0,
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/demo.vxl"),
    );
    for path in &maps {
        let map = formats::load_path(path, &LoadOptions::default()).unwrap();
        let vmf = scratch.join("converted.vmf");
        std::fs::write(&vmf, mapscope::kinds::encode(&map, Format::Vmf).unwrap()).unwrap();
        let d = compare_paths(path, &vmf, &LoadOptions::default()).unwrap();
        let v = d.voxels.as_ref().unwrap();
        assert_eq!(
            (v.added, v.removed, v.recoloured, v.columns_changed),
            (0, 0, 0, 0),
            "{}",
            path.display()
        );
        assert!(!d.same(), "the files differ");
        assert!(d.metadata.iter().any(|m| m.field == "format"));
    }
}

/// A 64 x 64 x 64 Voxlap map whose voxels `solid` gives, every solid
/// voxel coloured.
fn voxlap(solid: &dyn Fn(u32, u32, u32) -> Option<u32>) -> Vec<u8> {
    let s = mapscope::samples::voxels_from(64, 64, FourthByte::Shade, solid);
    let map = Map {
        format: Format::VoxlapVxl,
        meta: Metadata::default(),
        content: Content::Voxels(s),
    };
    mapscope::kinds::encode(&map, Format::VoxlapVxl).unwrap()
}

fn hills(x: u32, y: u32, z: u32) -> Option<u32> {
    let top = 40 - ((x as f32 / 7.0).sin() * 6.0 + (y as f32 / 5.0).cos() * 5.0) as i32;
    // A cave under the hills, with voxels over and under it.
    let cave = (20..40).contains(&x) && (10..30).contains(&y) && (48..52).contains(&z);
    (z as i32 >= top && z < 63 && !cave)
        .then_some(0x8000_0000 | (x * 4) << 16 | (y * 4) << 8 | (z * 4))
}

#[test]
fn an_edited_voxel_map_reports_exactly_the_voxels_changed() {
    let scratch = scratch_dir("diff", "edited");
    let edited = |x: u32, y: u32, z: u32| -> Option<u32> {
        // A wall built, a crater dug, the cave's floor recoloured.
        if (10..12).contains(&x) && (5..50).contains(&y) && (20..45).contains(&z) {
            return Some(0x80FF_0000);
        }
        if (x as i32 - 45).pow(2) + (y as i32 - 45).pow(2) < 36 && z < 46 {
            return None;
        }
        let v = hills(x, y, z)?;
        Some(if z == 52 && (25..30).contains(&x) {
            v ^ 0x00_0101
        } else {
            v
        })
    };
    let (old, new) = (scratch.join("old.vxl"), scratch.join("new.vxl"));
    std::fs::write(&old, voxlap(&hills)).unwrap();
    std::fs::write(&new, voxlap(&edited)).unwrap();
    // Counted here, voxel by voxel.
    let (mut added, mut removed, mut recoloured) = (0, 0, 0);
    let mut columns = BTreeSet::new();
    for y in 0..64 {
        for x in 0..64 {
            for z in 0..64 {
                match (hills(x, y, z), edited(x, y, z)) {
                    (None, Some(_)) => added += 1,
                    (Some(_), None) => removed += 1,
                    (Some(a), Some(b)) if a & 0xFF_FFFF != b & 0xFF_FFFF => recoloured += 1,
                    _ => continue,
                }
                columns.insert((x, y));
            }
        }
    }
    assert!(added > 0 && removed > 0 && recoloured > 0);
    let out = mapscope(&[
        "diff".as_ref(),
        old.as_os_str(),
        new.as_os_str(),
        "--json".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(1), "different: exit 1");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["same"], false);
    let vox = &v["voxels"];
    assert_eq!(
        (
            vox["added"].as_u64(),
            vox["removed"].as_u64(),
            vox["recoloured"].as_u64()
        ),
        (Some(added), Some(removed), Some(recoloured)),
        "{vox}"
    );
    assert_eq!(vox["columns_changed"].as_u64(), Some(columns.len() as u64));
    // Three regions: the wall, the crater, the cave floor.
    assert_eq!(
        vox["regions"].as_array().unwrap().len(),
        3,
        "{}",
        vox["regions"]
    );
    let text = mapscope(&["diff".as_ref(), old.as_os_str(), new.as_os_str()]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains(&format!(
            "{added} added, {removed} removed, {recoloured} recoloured"
        )),
        "{text}"
    );
}

#[test]
fn trouble_exits_2_naming_the_side() {
    let scratch = scratch_dir("diff", "trouble");
    let demo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/demo.vxl");
    let missing = scratch.join("missing.w3x");
    let out = mapscope(&["diff".as_ref(), demo.as_os_str(), missing.as_os_str()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.w3x"));
    // A voxel map and a Warcraft III map: a clear error.
    let w3x = scratch.join("sample.w3x");
    std::fs::write(&w3x, mapscope::samples::w3x_archive(5, Default::default())).unwrap();
    let out = mapscope(&["diff".as_ref(), demo.as_os_str(), w3x.as_os_str()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("different kinds of map"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn alw_worlds_and_w3e_terrains_are_compared_too() {
    let scratch = scratch_dir("diff", "alw");
    let room = mapscope::samples::alw_room(12, 10, mapscope::store::cells::AlwLayout::Engine);
    let mut edited = room.clone();
    edited.cells[3 * 12 + 4].floor += 8;
    edited.lights[0].position[2] += 32.0;
    let write = |w: &mapscope::store::cells::AlwWorld, name: &str| {
        let map = Map {
            format: Format::Alw,
            meta: Metadata::default(),
            content: w.clone().into(),
        };
        let path = scratch.join(name);
        std::fs::write(&path, mapscope::kinds::encode(&map, Format::Alw).unwrap()).unwrap();
        path
    };
    let (old, new) = (write(&room, "old.alw"), write(&edited, "new.alw"));
    let d = compare_paths(&old, &new, &LoadOptions::default()).unwrap();
    let cells = d.cells.as_ref().unwrap();
    assert_eq!((cells.cells_changed, cells.regions[0].min), (1, [4, 3]));
    assert_eq!(d.objects.len(), 1, "{:?}", d.objects);
    assert_eq!(
        (d.objects[0].kind, d.objects[0].change),
        ("light", mapscope::diff::Change::Moved)
    );
    // The cells' part, said by its kind: the cell edited, (4, 3), in cells.
    let text = mapscope::diff::report::text(&d, "old", "new");
    assert!(
        text.contains(
            "cells: 1 changed (floor 1), in 1 region\n    cells x 4, y 3: 1 change in 1 cell\n"
        ),
        "{text}"
    );
    let json = mapscope::diff::json::to_json(&d);
    assert_eq!(
        json["cells"]["regions"][0]["min"],
        serde_json::json!([4.0, 3.0])
    );
    assert_eq!(json["cells"]["regions"][0]["unit"], "cells");
    // A W3E terrain: one tilepoint raised.
    let t = mapscope::store::terrain::W3eTerrain::flat(17, 17, 11);
    let mut raised = t.clone();
    raised.tile_mut(5, 6).height += 100;
    let write = |t: &mapscope::store::terrain::W3eTerrain, name: &str| {
        let map = Map {
            format: Format::W3e,
            meta: Metadata::default(),
            content: t.clone().into(),
        };
        let path = scratch.join(name);
        std::fs::write(&path, mapscope::kinds::encode(&map, Format::W3e).unwrap()).unwrap();
        path
    };
    let d = compare_paths(
        &write(&t, "a.w3e"),
        &write(&raised, "b.w3e"),
        &LoadOptions::default(),
    )
    .unwrap();
    // Said in tiles from the south-west, where the tilepoint was raised.
    let text = mapscope::diff::report::text(&d, "a", "b");
    let lines = "terrain: 1 tilepoint changed (height 1), in 1 region (tiles from the south-west)\n    tiles x 5, y 6: 1 change in 1 tilepoint\n";
    assert!(text.contains(lines), "{text}");
    let json = mapscope::diff::json::to_json(&d);
    assert_eq!(
        json["terrain"]["regions"][0]["min"],
        serde_json::json!([5.0, 6.0])
    );
    assert_eq!(json["terrain"]["tilepoints_changed"], 1);
    let terrain = d.terrain.unwrap();
    assert_eq!(
        (terrain.tilepoints_changed, terrain.by_field.clone()),
        (1, vec![("height", 1)])
    );
    assert_eq!(terrain.regions[0].min, [5, 6]);
}

/// The text report, the JSON and the Changes panel say each kind's part
/// through `DiffPart`, and which files a part explains is the kinds' to
/// say: none of these files names a kind's part, a kind's content or a
/// Warcraft III file.
#[test]
fn the_diff_readers_know_no_kind() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let readers = [
        "diff/report.rs",
        "diff/json.rs",
        "open_diff.rs",
        "diff/part.rs",
        "app/compare.rs",
        "app/ui/changes_panel.rs",
    ];
    // A kind's part of a MapDiff as a field, or its content.
    let kinds = [
        ".terrain",
        ".voxels",
        ".pathing",
        "d.cells",
        "diff.cells",
        "TerrainDiff",
        "VoxelDiff",
        "Content::",
        "war3map",
    ];
    for file in readers {
        let text = std::fs::read_to_string(src.join(file)).unwrap();
        for word in kinds {
            assert!(!text.contains(word), "{file} names {word}");
        }
    }
}
