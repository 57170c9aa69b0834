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
    formats::encode(&map, Format::W3e).unwrap()
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
        // The terrain is the same as the loose w3e would give.
        assert_eq!(t.tilepoints.len(), (t.width * t.height) as usize);
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
