//! Warcraft III map archives and folders: every corpus archive opens, and
//! synthetic archives written by mapscope's own MPQ writer, stored every
//! way maps store files, give back the terrain put in.

mod common;

use common::corpus_dir;
use mapscope::formats::mpq::write::{write, ArchiveOptions, Compression, FileOptions};
use mapscope::formats::{self, Format, LoadOptions};
use mapscope::store::terrain::W3eTerrain;
use mapscope::store::{Content, Map, Metadata};
use std::path::PathBuf;

/// Every archive and map folder under the corpus's `w3x` folder.
fn corpus_maps() -> Vec<PathBuf> {
    let Some(dir) = corpus_dir() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for sub in ["ladder", "war3net", "folder"] {
        let Ok(entries) = std::fs::read_dir(dir.join("w3x").join(sub)) else {
            continue;
        };
        out.extend(entries.filter_map(|e| e.ok().map(|e| e.path())));
    }
    out.sort();
    out
}

fn terrain_bytes(t: W3eTerrain) -> Vec<u8> {
    let map = Map {
        format: Format::W3e,
        meta: Metadata::default(),
        content: Content::Terrain(t),
    };
    mapscope::kinds::encode(&map, Format::W3e).unwrap()
}

#[test]
fn every_corpus_archive_and_folder_opens() {
    let maps = corpus_maps();
    if corpus_dir().is_some() {
        assert!(maps.len() >= 100, "only {} maps found", maps.len());
    }
    for path in &maps {
        let map = formats::load_path(path, &LoadOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(map.format, Format::W3x, "{}", path.display());
        let t = map.terrain().expect("a terrain");
        assert!(t.width >= 17 && t.height >= 17, "{}", path.display());
        assert_eq!(t.tilepoints.len(), (t.width * t.height) as usize);
        // Every file of every corpus map reads (the 2002 beta's minimap too,
        // from its .b00); the one warning is Turtle Rock's terrain listing
        // more cliff textures than tilepoints can name.
        for w in &map.meta.warnings {
            assert!(w.contains("cliff textures"), "{}: {w}", path.display());
        }
        let objects = map.warcraft().expect("a whole map");
        assert!(objects.minimap.is_some(), "{}", path.display());
    }
}

#[test]
fn a_map_folder_reads_like_its_archive() {
    let Some(dir) = corpus_dir() else {
        return;
    };
    let folder = dir.join("w3x/folder/map.w3x");
    let map = formats::load_path(&folder, &LoadOptions::default()).unwrap();
    let loose = std::fs::read(folder.join("war3map.w3e")).unwrap();
    let w3e = formats::decode(&loose, &LoadOptions::default()).unwrap();
    assert_eq!(map.terrain(), w3e.terrain());
    assert!(map.meta.sources.iter().any(|s| s == "folder war3map.w3e"));
}

#[test]
fn synthetic_archives_give_back_their_terrain_every_way_they_are_stored() {
    let mut t = W3eTerrain::flat(33, 25, 12);
    for (i, p) in t.tilepoints.iter_mut().enumerate() {
        p.set_texture((i % 5) as u8);
    }
    t.ground_textures.extend([*b"Ldro", *b"Lgrs", *b"Lrok"]);
    let w3e = terrain_bytes(t.clone());
    for compression in [
        Compression::Stored,
        Compression::Zlib,
        Compression::Bzip2,
        Compression::Implode,
        Compression::Imploded,
        Compression::ZlibThenImplode,
    ] {
        for (encrypted, key_adjusted) in [(false, false), (true, false), (true, true)] {
            for single_unit in [false, true] {
                for protect in [false, true] {
                    let o = FileOptions {
                        compression,
                        encrypted,
                        key_adjusted,
                        single_unit,
                        sector_crc: !single_unit,
                    };
                    let options = ArchiveOptions {
                        protect,
                        ..Default::default()
                    };
                    let bytes = write(&[("war3map.w3e", &w3e, o)], &options);
                    let what = format!("{o:?}, protect {protect}");
                    assert_eq!(formats::detect(&bytes).unwrap(), Format::W3x, "{what}");
                    let map = formats::decode(&bytes, &LoadOptions::default())
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(map.terrain(), Some(&t), "{what}");
                    assert_eq!(map.meta.name.as_deref(), Some("Just a Map"), "{what}");
                }
            }
        }
    }
}

#[test]
fn an_archive_without_terrain_says_so() {
    let bytes = write(
        &[("war3map.w3i", b"not a terrain", FileOptions::default())],
        &ArchiveOptions::default(),
    );
    let e = formats::decode(&bytes, &LoadOptions::default()).unwrap_err();
    assert!(e.to_string().contains("war3map.w3e"), "{e}");
}

/// The i32 count in a `W3do` file's header.
fn declared_count(doo: &[u8]) -> usize {
    assert_eq!(&doo[..4], b"W3do");
    u32::from_le_bytes(doo[12..16].try_into().unwrap()) as usize
}

/// Trees counted by walking `war3map.doo` at the fixed record size of
/// version 8 records with skins and no item sets (54 bytes); `None` where
/// the file is not laid out so.
fn trees_by_stride(doo: &[u8]) -> Option<usize> {
    let n = declared_count(doo);
    let version = u32::from_le_bytes(doo[4..8].try_into().unwrap());
    let end = 16 + n * 54;
    // The special list's version (0) must follow the last record.
    if version != 8 || doo.get(end..end + 4)? != [0, 0, 0, 0] {
        return None;
    }
    Some((0..n).filter(|i| doo[16 + i * 54 + 1] == b'T').count())
}

#[test]
fn corpus_objects_agree_with_simple_counts() {
    let mut strided = 0;
    for path in corpus_maps() {
        let map = formats::load_path(&path, &LoadOptions::default()).unwrap();
        let name = path.display().to_string();
        let w = map.warcraft().expect("a whole map");
        let info = w.info.as_ref().expect("a w3i");
        // The name, resolved, is the map's.
        assert!(
            !info.name.is_empty() && !info.name.starts_with("TRIGSTR"),
            "{name}"
        );
        assert_eq!(map.meta.name.as_deref(), Some(info.name.as_str()), "{name}");
        let file = |f: &str| -> Option<Vec<u8>> {
            if path.is_dir() {
                std::fs::read(path.join(f)).ok()
            } else {
                let bytes = std::fs::read(&path).unwrap();
                mapscope::formats::mpq::Archive::open(&bytes)
                    .unwrap()
                    .read(f)
                    .unwrap()
            }
        };
        if let Some(units) = file("war3mapUnits.doo") {
            assert_eq!(w.units.len(), declared_count(&units), "{name}");
        }
        if let Some(doo) = file("war3map.doo") {
            assert_eq!(w.doodads.len(), declared_count(&doo), "{name}");
            if let Some(trees) = trees_by_stride(&doo) {
                assert_eq!(w.trees().count(), trees, "{name}");
                strided += 1;
            }
        }
        // Melee maps put a start location (and a gold mine) by each player
        // (2v2 Deja Vu has one more start location than players).
        if name.contains("ladder") {
            let starts = w.start_locations().count();
            assert!(starts >= info.players.len(), "{name}: {starts} starts");
            assert!(w.gold_mines().count() >= info.players.len(), "{name}");
        }
        assert_eq!(map.meta.spawns.len(), w.start_locations().count(), "{name}");
    }
    if corpus_dir().is_some() {
        assert!(
            strided >= 50,
            "only {strided} maps had a fixed doodad stride"
        );
    }
}

#[test]
fn a_synthetic_map_gives_back_every_object_put_in() {
    use mapscope::formats::w3x::doo;
    let files = mapscope::samples::w3x_files(40);
    let file = |n: &str| &files.iter().find(|(name, _)| *name == n).unwrap().1;
    let (units, _) = doo::decode_units(file("war3mapUnits.doo"), Some(true)).unwrap();
    let (doodads, _, _) = doo::decode_doodads(file("war3map.doo"), Some(true)).unwrap();
    for how in [
        FileOptions::default(),
        FileOptions {
            compression: Compression::Bzip2,
            encrypted: true,
            key_adjusted: true,
            ..Default::default()
        },
    ] {
        let bytes = mapscope::samples::w3x_archive(40, how);
        let map = formats::decode(&bytes, &LoadOptions::default()).unwrap();
        assert!(map.meta.warnings.is_empty(), "{:?}", map.meta.warnings);
        let w = map.warcraft().unwrap();
        assert_eq!(w.units, units);
        assert_eq!(w.doodads, doodads);
        assert_eq!(w.trees().count(), 40);
        assert_eq!(w.start_locations().count(), 2);
        assert_eq!(w.gold_mines().count(), 2);
        assert_eq!(w.pathing.as_ref().unwrap().width, 128);
        assert_eq!(w.icons.len(), 1);
        assert_eq!(map.meta.name.as_deref(), Some("Two Rivers"));
        assert_eq!(
            map.meta.description.as_deref(),
            Some("A map mapscope made.")
        );
        let j = mapscope::info::summary_json(&map);
        assert_eq!(j["format"], "w3x");
        assert_eq!(j["container"], "mpq");
        assert_eq!(j["trees"], 40);
        assert_eq!(j["units"], 6);
        assert_eq!(j["doodads"], 45);
        assert_eq!(j["start_locations"].as_array().unwrap().len(), 2);
        assert_eq!(j["gold_mines"][0]["gold"], 12500);
        assert_eq!(j["players"][1]["race"], "orc");
        assert_eq!(j["playable"], serde_json::json!([28, 28]));
        assert_eq!(j["files"].as_array().unwrap().len(), 7);
    }
}

#[test]
fn spawns_read_in_tiles_from_the_south_west_like_the_status_line() {
    // A start location's tile, worked out from its world position: the
    // game's y grows north and the terrain's offset is its south-west corner.
    let bytes = mapscope::samples::w3x_archive(40, FileOptions::default());
    let map = formats::decode(&bytes, &LoadOptions::default()).unwrap();
    let w = map.warcraft().unwrap();
    let kind = mapscope::kinds::of(&map);
    let [ox, oy] = w.terrain.offset;
    for (start, spawn) in w.start_locations().zip(&map.meta.spawns) {
        let text = mapscope::kinds::spawn_text(&*kind, spawn);
        let range = |axis: &str| -> f32 {
            let part = text.split(&format!(" {axis} ")).nth(1).unwrap();
            let (a, b) = part
                .split([',', ' '])
                .next()
                .unwrap()
                .split_once("..")
                .unwrap();
            (a.parse::<f32>().unwrap() + b.parse::<f32>().unwrap()) / 2.0
        };
        let tile_x = (start.position[0] - ox) / 128.0;
        let tile_y = (start.position[1] - oy) / 128.0;
        assert!((range("x") - tile_x).abs() < 0.1, "{text}: x {tile_x}");
        assert!((range("y") - tile_y).abs() < 0.1, "{text}: y {tile_y}");
    }
}
