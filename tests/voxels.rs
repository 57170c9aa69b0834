//! VXL (both containers) and VMF: corpus maps checked against counts made
//! straight from the file bytes, round trips, synthetic sizes and layouts.

mod common;

use common::{corpus_files, Rng};
use mapscope::formats::{self, vxl, Format, LoadError, LoadOptions};
use mapscope::info;
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, DefaultCamera, Map, Metadata};

fn read(p: &std::path::Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// What an AoS file stores, counted by walking its span headers alone.
struct RawCount {
    columns: u64,
    colours: u64,
    solid: u64,
}

fn raw_count(b: &[u8], depth: u64) -> RawCount {
    let (mut pos, mut columns, mut colours, mut solid) = (0usize, 0, 0, 0);
    while pos < b.len() {
        loop {
            let (n, s, e) = (b[pos] as u64, b[pos + 1] as u64, b[pos + 2] as u64);
            if n == 0 {
                colours += e + 1 - s;
                solid += depth - s;
                pos += 4 * (e as usize + 2 - s as usize);
                break;
            }
            colours += n - 1;
            pos += 4 * n as usize;
            // The next span's A is where this solid part ends.
            solid += b[pos + 3] as u64 - s;
        }
        columns += 1;
    }
    RawCount {
        columns,
        colours,
        solid,
    }
}

#[test]
fn every_corpus_vxl_decodes_and_its_counts_match_the_file() {
    let files = corpus_files("vxl", "vxl");
    for path in &files {
        let bytes = read(path);
        let map = formats::decode(&bytes, &LoadOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(map.format, Format::AosVxl, "{}", path.display());
        let store = map.voxels().unwrap();
        let raw = raw_count(&bytes, store.depth() as u64);
        let [w, l, _] = store.dims();
        assert_eq!(raw.columns, w as u64 * l as u64, "{}", path.display());
        let json = info::summary_json(&map);
        assert_eq!(json["format"], "aos-vxl");
        assert_eq!(json["colored_voxels"], raw.colours, "{}", path.display());
        assert_eq!(json["solid_voxels"], raw.solid, "{}", path.display());
        assert_eq!(json["dimensions"], serde_json::json!([512, 512, 64]));
        store.validate().unwrap();
        // The store is compact: well under the 16 MiB budget.
        assert!(store.heap_bytes() < 16 << 20, "{}", store.heap_bytes());
    }
}

#[test]
fn corpus_vxl_round_trips_byte_for_byte() {
    for path in corpus_files("vxl", "vxl") {
        let bytes = read(&path);
        let map = formats::decode(&bytes, &LoadOptions::default()).unwrap();
        let out = mapscope::kinds::encode(&map, Format::AosVxl).unwrap();
        assert!(out == bytes, "{} changed when re-written", path.display());
        let again = formats::decode(&out, &LoadOptions::default()).unwrap();
        assert_eq!(again.content, map.content);
    }
}

#[test]
fn corpus_vxl_to_vmf_and_back_keeps_every_solid_voxel_and_colour() {
    let files = corpus_files("vxl", "vxl");
    // Two maps are enough here: VMF holds 8 bytes a voxel (about 134 MB each).
    for path in files.iter().take(2) {
        let map = formats::decode(&read(path), &LoadOptions::default()).unwrap();
        let vmf = mapscope::kinds::encode(&map, Format::Vmf).unwrap();
        let back = formats::decode(&vmf, &LoadOptions::default()).unwrap();
        assert_eq!(back.format, Format::Vmf);
        let (a, b) = (map.voxels().unwrap(), back.voxels().unwrap());
        assert_same_voxels(a, b);
        let vxl_again = mapscope::kinds::encode(&back, Format::AosVxl).unwrap();
        let again = formats::decode(&vxl_again, &LoadOptions::default()).unwrap();
        assert_same_voxels(a, again.voxels().unwrap());
    }
}

#[test]
fn westwood_models_are_refused_by_name() {
    // Without the corpus: the signature alone is enough.
    let err = formats::detect(b"Voxel Animation\0 and then anything").unwrap_err();
    assert!(err.to_string().contains("Westwood"), "{err}");
    for path in corpus_files("invalid", "vxl") {
        let bytes = read(&path);
        let err = formats::decode(&bytes, &LoadOptions::default()).unwrap_err();
        assert!(matches!(err, LoadError::NotAMap { .. }), "{err}");
        assert!(err.to_string().contains("Westwood"), "{err}");
    }
}

#[test]
fn unknown_files_list_every_format_tried() {
    let err = formats::decode(&[1, 2, 3, 4, 5, 6, 7], &LoadOptions::default()).unwrap_err();
    let text = err.to_string();
    for label in ["W3E", "ALW", "Voxlap", "VMF", "AoS"] {
        assert!(text.contains(label), "{label} missing from: {text}");
    }
}

/// Hills, overhangs and caves: every kind of span VXL can hold.
fn synthetic_store(w: u32, l: u32, d: u32, seed: u64) -> VoxelStore {
    let mut rng = Rng(seed);
    let mut s = VoxelStore::new(w, l, d, FourthByte::Shade);
    for y in 0..l {
        for x in 0..w {
            let ground = (d / 2) as i64
                + ((x as f64 * 0.3).sin() * d as f64 / 6.0) as i64
                + ((y as f64 * 0.2).cos() * d as f64 / 8.0) as i64;
            let ground = ground.clamp(1, d as i64 - 1) as u32;
            // Sometimes a floating slab above the ground, with a bottom colour.
            if d >= 16 && ground > 8 && rng.below(4) == 0 {
                let top = rng.below(ground as usize / 2) as u32 + 1;
                let bottom = (top + 2 + rng.below(3) as u32).min(ground - 2);
                if bottom > top + 1 {
                    s.push_slab(Slab {
                        top: top as u16,
                        top_len: 1,
                        bottom: bottom as u16,
                        bottom_len: 1,
                    });
                    s.push_colors([rng.next() as u32, rng.next() as u32]);
                }
            }
            let top_len = 1 + rng.below(3) as u32;
            let top_len = top_len.min(d - ground);
            s.push_slab(Slab {
                top: ground as u16,
                top_len: top_len as u16,
                bottom: d as u16,
                bottom_len: 0,
            });
            s.push_colors((0..top_len).map(|_| rng.next() as u32));
            s.end_column();
        }
    }
    s.finish();
    s.validate().unwrap();
    s
}

fn voxel_map(format: Format, store: VoxelStore) -> Map {
    Map {
        format,
        meta: Metadata::default(),
        content: Content::Voxels(store),
    }
}

/// Same solid voxels, and the same colours wherever `a` has one on the
/// surface (VMF keeps only surface colours).
fn assert_same_voxels(a: &VoxelStore, b: &VoxelStore) {
    assert_eq!(a.dims(), b.dims());
    let [w, l, d] = a.dims();
    for y in 0..l {
        for x in 0..w {
            for z in 0..d {
                assert_eq!(
                    a.solid(x, y, z),
                    b.solid(x, y, z),
                    "solid at ({x}, {y}, {z})"
                );
                let rgb = |c: Option<u32>| c.map(|c| c & 0xFF_FFFF);
                let (ca, cb) = (a.color(x, y, z), b.color(x, y, z));
                // A hidden voxel of `a` may show in `b` with a stand-in colour.
                if ca.is_some() && (cb.is_some() || exposed(a, x, y, z)) {
                    assert_eq!(rgb(ca), rgb(cb), "colour at ({x}, {y}, {z})");
                }
            }
        }
    }
}

/// Solid with air beside it (outside the map counts as solid, above as air).
fn exposed(s: &VoxelStore, x: u32, y: u32, z: u32) -> bool {
    let [w, l, d] = s.dims();
    if !s.solid(x, y, z) {
        return false;
    }
    let air = |x: i64, y: i64, z: i64| {
        if z < 0 {
            return true;
        }
        if x < 0 || y < 0 || x >= w as i64 || y >= l as i64 || z >= d as i64 {
            return false;
        }
        !s.solid(x as u32, y as u32, z as u32)
    };
    let (x, y, z) = (x as i64, y as i64, z as i64);
    air(x - 1, y, z)
        || air(x + 1, y, z)
        || air(x, y - 1, z)
        || air(x, y + 1, z)
        || air(x, y, z - 1)
        || air(x, y, z + 1)
}

#[test]
fn aos_vxl_of_other_sizes_round_trip() {
    // Inferred sizes: square, any width, depth rounded to 64/128/256.
    for (side, d) in [(96, 64), (40, 128), (33, 256)] {
        let store = synthetic_store(side, side, d, side as u64);
        let bytes =
            mapscope::kinds::encode(&voxel_map(Format::AosVxl, store.clone()), Format::AosVxl)
                .unwrap();
        let map = formats::decode(&bytes, &LoadOptions::default()).unwrap();
        assert_eq!(map.voxels().unwrap(), &store, "{side}x{side}x{d}");
        assert!(map
            .meta
            .warnings
            .iter()
            .any(|w| w.contains("worked out from the data")));
    }
    // Given sizes: not square, and 240 tall (not a power of two).
    for (w, l, d) in [(100, 60, 240), (512, 8, 64), (7, 300, 256)] {
        let store = synthetic_store(w, l, d, (w * l) as u64);
        let bytes =
            mapscope::kinds::encode(&voxel_map(Format::AosVxl, store.clone()), Format::AosVxl)
                .unwrap();
        let options = LoadOptions {
            vxl_size: Some([w, l, d]),
            ..Default::default()
        };
        let map = formats::decode(&bytes, &options).unwrap();
        assert_eq!(map.voxels().unwrap(), &store, "{w}x{l}x{d}");
        assert_eq!(
            mapscope::kinds::encode(&map, Format::AosVxl).unwrap(),
            bytes
        );
    }
}

#[test]
fn a_wrong_size_is_an_error_that_says_so() {
    let store = synthetic_store(16, 16, 64, 1);
    let bytes = mapscope::kinds::encode(&voxel_map(Format::AosVxl, store), Format::AosVxl).unwrap();
    let options = LoadOptions {
        vxl_size: Some([16, 17, 64]),
        ..Default::default()
    };
    let err = formats::decode(&bytes, &options).unwrap_err().to_string();
    assert!(
        err.contains("smaller than 16x17") || err.contains("cannot hold"),
        "{err}"
    );
    let options = LoadOptions {
        vxl_size: Some([16, 16, 16]),
        ..Default::default()
    };
    let err = formats::decode(&bytes, &options).unwrap_err().to_string();
    assert!(err.contains("past the map depth 16"), "{err}");
}

#[test]
fn voxlap_vxl_round_trips_in_both_byte_orders_with_its_camera() {
    let store = synthetic_store(48, 40, 256, 7);
    let camera = DefaultCamera::Voxlap {
        position: [10.5, 20.25, 30.0],
        right: [1.0, 0.0, 0.0],
        down: [0.0, 0.0, 1.0],
        forward: [0.0, -1.0, 0.0],
    };
    let mut map = voxel_map(Format::VoxlapVxl, store.clone());
    map.meta.camera = Some(camera.clone());
    let le = mapscope::kinds::encode(&map, Format::VoxlapVxl).unwrap();
    assert_eq!(&le[..4], &0x0907_2000u32.to_le_bytes());
    // The same file with a big-endian header.
    let mut be = le.clone();
    for i in 0..3 {
        be[i * 4..i * 4 + 4].reverse();
    }
    for i in 0..12 {
        be[12 + i * 8..20 + i * 8].reverse();
    }
    for bytes in [le.clone(), be] {
        let back = formats::decode(&bytes, &LoadOptions::default()).unwrap();
        assert_eq!(back.format, Format::VoxlapVxl);
        assert_eq!(back.voxels().unwrap(), &store);
        assert_eq!(back.meta.camera, Some(camera.clone()));
        assert_eq!(
            mapscope::kinds::encode(&back, Format::VoxlapVxl).unwrap(),
            le
        );
    }
}

#[test]
fn vmf_round_trips_and_keeps_materials() {
    let store = synthetic_store(40, 24, 64, 3);
    let mut map = voxel_map(Format::AosVxl, store.clone());
    map.meta.name = Some("Synthetic".into());
    map.meta.author = Some("mapscope tests".into());
    let vmf = mapscope::kinds::encode(&map, Format::Vmf).unwrap();
    let back = formats::decode(&vmf, &LoadOptions::default()).unwrap();
    assert_eq!(back.format, Format::Vmf);
    assert_eq!(back.meta.name.as_deref(), Some("Synthetic"));
    assert_eq!(back.meta.author.as_deref(), Some("mapscope tests"));
    let v = back.voxels().unwrap();
    assert_same_voxels(&store, v);
    // The AoS rules: the bottom layer is water, the one above indestructible.
    assert_eq!(v.water_voxels(), 40 * 24);
    assert_eq!(v.indestructible_voxels(), 40 * 24);
    // VMF -> VMF is exact, materials included.
    let again = formats::decode(
        &mapscope::kinds::encode(&back, Format::Vmf).unwrap(),
        &LoadOptions::default(),
    )
    .unwrap();
    assert_eq!(again.content, back.content);
    let json = info::summary_json(&back);
    assert_eq!(json["format"], "vmf");
    assert_eq!(json["dimensions"], serde_json::json!([40, 24, 64]));
    for key in ["name", "author", "game_mode", "team1_spawn"] {
        assert!(!json[key].is_null(), "{key} missing in {json}");
    }
}

#[test]
fn vxl_decode_errors_name_field_and_offset() {
    let store = synthetic_store(8, 8, 64, 9);
    let mut bytes =
        mapscope::kinds::encode(&voxel_map(Format::AosVxl, store), Format::AosVxl).unwrap();
    // Column (0, 0)'s first span: make E run past the depth.
    bytes[2] = 70;
    bytes[1] = 60;
    let err = vxl::decode(&bytes, Some([8, 8, 64])).unwrap_err();
    assert_eq!(err.offset, 2);
    assert!(err.field.contains("column (0, 0) span 0 E"), "{err}");
    assert!(err.to_string().contains("past the map depth 64"), "{err}");
}

/// A mapped file is let go of as it is decoded (`formats::load_path`); the
/// map must come out as from the bytes alone, also where the decoder goes
/// back over bytes it has let go of (a map that is not 512 x 512 is first
/// tried as one).
#[test]
fn mapped_files_decode_as_their_bytes_do() {
    let dir = common::scratch_dir("voxels", "mapped");
    for side in [512, 640] {
        let store = synthetic_store(side, side, 64, side as u64);
        let bytes =
            mapscope::kinds::encode(&voxel_map(Format::AosVxl, store.clone()), Format::AosVxl)
                .unwrap();
        assert!(bytes.len() > 2 << 20, "{side}: {} bytes", bytes.len());
        let path = dir.join(format!("map{side}.vxl"));
        std::fs::write(&path, &bytes).unwrap();
        let loaded = formats::load_path(&path, &LoadOptions::default()).unwrap();
        assert_eq!(loaded.voxels().unwrap(), &store, "{side}");
        let decoded = formats::decode(&bytes, &LoadOptions::default()).unwrap();
        assert_eq!(loaded.meta.warnings, decoded.meta.warnings, "{side}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The VXL decoder says as it goes how far it has read for the last time,
/// ending with the whole file: what lets a mapped file's pages go.
#[test]
fn vxl_decode_says_how_far_it_has_read() {
    let store = synthetic_store(512, 512, 64, 3);
    let bytes = mapscope::kinds::encode(&voxel_map(Format::AosVxl, store), Format::AosVxl).unwrap();
    let said = std::cell::RefCell::new(Vec::new());
    let map = vxl::decode_releasing(&bytes, None, &|at| said.borrow_mut().push(at)).unwrap();
    assert!(map.voxels().is_some());
    let said = said.into_inner();
    assert_eq!(said.last(), Some(&bytes.len()));
    assert!(said.windows(2).all(|w| w[0] <= w[1]), "{said:?}");
    // A row of 512 columns at a time, or finer.
    assert!(said.len() >= 512, "{} reports", said.len());
}
