//! Warcraft III `war3map.w3e`: corpus decoding checked against an independent
//! count, byte-exact round trips, synthetic v11/v12 terrains and bad input.

mod common;

use common::{corpus_files, Rng};
use mapscope::formats::{self, w3e, Format, LoadError};
use mapscope::info;
use mapscope::store::terrain::{Tilepoint, W3eTerrain};
use mapscope::store::{Content, Map};
use serde_json::json;

fn read(p: &std::path::Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn terrain(map: &Map) -> &W3eTerrain {
    map.terrain().expect("a W3E map holds a terrain")
}

fn terrain_map(t: W3eTerrain) -> Map {
    Map {
        format: Format::W3e,
        meta: Default::default(),
        content: Content::Terrain(t),
    }
}

fn le32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

/// What a W3E file says, read with the plainest code possible: a header walk and
/// per-tilepoint bit tests on the raw bytes, sharing nothing with the decoder.
#[derive(Debug)]
struct RawCount {
    version: u32,
    ground: Vec<String>,
    cliff: Vec<String>,
    width: usize,
    height: usize,
    /// ramp, blight, water, boundary, map edge.
    flags: [u64; 5],
    cliff_tiles: u64,
}

fn raw_count(b: &[u8]) -> RawCount {
    assert_eq!(&b[0..4], b"W3E!");
    let version = le32(b, 4);
    let size = match version {
        11 => 7,
        12 => 8,
        v => panic!("version {v}"),
    };
    let mut p = 13;
    let ids = |p: &mut usize| {
        let n = le32(b, *p) as usize;
        *p += 4;
        let v: Vec<String> = (0..n)
            .map(|i| String::from_utf8(b[*p + 4 * i..*p + 4 * i + 4].to_vec()).unwrap())
            .collect();
        *p += 4 * n;
        v
    };
    let ground = ids(&mut p);
    let cliff = ids(&mut p);
    let width = le32(b, p) as usize;
    let height = le32(b, p + 4) as usize;
    p += 16;
    assert_eq!(b.len(), p + width * height * size, "no trailing bytes");
    let mut flags = [0u64; 5];
    let mut layers = Vec::new();
    for i in 0..width * height {
        let t = &b[p + i * size..p + (i + 1) * size];
        let tf = if size == 7 {
            // ramp 0x10, blight 0x20, water 0x40, boundary 0x80
            [
                t[4] & 0x10 != 0,
                t[4] & 0x20 != 0,
                t[4] & 0x40 != 0,
                t[4] & 0x80 != 0,
            ]
        } else {
            let w = u16::from_le_bytes([t[4], t[5]]);
            [w & 0x40 != 0, w & 0x80 != 0, w & 0x100 != 0, w & 0x200 != 0]
        };
        for (n, f) in flags.iter_mut().zip(tf) {
            *n += f as u64;
        }
        flags[4] += (t[3] & 0x40 != 0) as u64;
        layers.push(t[size - 1] & 0x0F);
    }
    let mut cliff_tiles = 0;
    for y in 0..height - 1 {
        for x in 0..width - 1 {
            let c = [
                layers[y * width + x],
                layers[y * width + x + 1],
                layers[(y + 1) * width + x],
                layers[(y + 1) * width + x + 1],
            ];
            cliff_tiles += (c.iter().min() != c.iter().max()) as u64;
        }
    }
    RawCount {
        version,
        ground,
        cliff,
        width,
        height,
        flags,
        cliff_tiles,
    }
}

#[test]
fn corpus_files_decode_as_w3e() {
    for path in corpus_files("w3e", "w3e") {
        let bytes = read(&path);
        let map = formats::decode(&bytes, &Default::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(map.format, Format::W3e, "{}", path.display());
        let t = terrain(&map);
        assert_eq!(t.tilepoints.len(), (t.width * t.height) as usize);
        assert!(
            map.meta.warnings.is_empty(),
            "{}: {:?}",
            path.display(),
            map.meta.warnings
        );
        assert!(info::summary_text(&map).contains("W3E version"));
    }
}

#[test]
fn corpus_summary_agrees_with_an_independent_count() {
    for path in corpus_files("w3e", "w3e") {
        let bytes = read(&path);
        let raw = raw_count(&bytes);
        let map = formats::decode(&bytes, &Default::default()).unwrap();
        let t = terrain(&map);
        let s = info::summary_json(&map);
        let name = path.display();
        assert_eq!(t.dims(), [raw.width as u32, raw.height as u32], "{name}");
        assert_eq!(s["version"], json!(raw.version), "{name}");
        assert_eq!(s["ground_textures"], json!(raw.ground), "{name}");
        assert_eq!(s["cliff_textures"], json!(raw.cliff), "{name}");
        let [ramp, blight, water, boundary, map_edge] = raw.flags;
        assert_eq!(
            s["flags"],
            json!({"ramp": ramp, "blight": blight, "water": water,
                   "boundary": boundary, "map_edge": map_edge}),
            "{name}"
        );
        assert_eq!(s["cliff_tiles"], json!(raw.cliff_tiles), "{name}");
        // The file name starts with the tileset letter, e.g. w3c_L_EchoIsles.
        let letter = path.file_name().unwrap().to_str().unwrap().as_bytes()[4] as char;
        assert_eq!(s["tileset"], json!(letter.to_string()), "{name}");
        assert_ne!(s["tileset_name"], "unknown", "{name}");
    }
}

#[test]
fn corpus_round_trips_byte_exact() {
    for path in corpus_files("w3e", "w3e") {
        let bytes = read(&path);
        let map = formats::decode(&bytes, &Default::default()).unwrap();
        let out = mapscope::kinds::encode(&map, Format::W3e).unwrap();
        assert!(out == bytes, "{}: written bytes differ", path.display());
        let again = formats::decode(&out, &Default::default()).unwrap();
        assert_eq!(again, map, "{}", path.display());
    }
}

/// A v12 terrain with 40 ground textures, every flag set somewhere and every
/// field varied.
fn busy_v12(width: u32, height: u32) -> W3eTerrain {
    let mut t = W3eTerrain::flat(width, height, 12);
    t.tileset = b'Y';
    t.custom_tileset = 1;
    t.ground_textures = (0..40)
        .map(|i| format!("T{i:03}").into_bytes().try_into().unwrap())
        .collect();
    let mut rng = Rng(12);
    for (i, p) in t.tilepoints.iter_mut().enumerate() {
        p.height = 4096 + rng.below(8192) as u16;
        p.water = (p.water & Tilepoint::MAP_EDGE) | (6000 + rng.below(4000) as u16);
        p.set_texture((i % 40) as u8);
        p.set_flag(Tilepoint::RAMP, i % 2 == 0);
        p.set_flag(Tilepoint::BLIGHT, i % 3 == 0);
        p.set_flag(Tilepoint::WATER, i % 5 == 0);
        p.set_flag(Tilepoint::BOUNDARY, i % 7 == 0);
        p.set_variations((i % 32) as u8, (i % 8) as u8);
        let cliff_texture = if i % 3 == 0 { 15 } else { (i % 2) as u8 };
        p.set_layer_and_cliff_texture((i % 16) as u8, cliff_texture);
    }
    t
}

#[test]
fn synthetic_v12_with_many_textures_and_every_flag_round_trips() {
    let t = busy_v12(23, 17);
    let map = terrain_map(t.clone());
    let bytes = mapscope::kinds::encode(&map, Format::W3e).unwrap();
    assert_eq!(le32(&bytes, 4), 12);
    let back = formats::decode(&bytes, &Default::default()).unwrap();
    assert!(back.meta.warnings.is_empty(), "{:?}", back.meta.warnings);
    assert_eq!(terrain(&back), &t);
    assert!(t.tilepoints.iter().any(|p| p.texture() >= 16));
    let summary = info::summary_json(&map);
    let flags = &summary["flags"];
    for f in ["ramp", "blight", "water", "boundary", "map_edge"] {
        assert!(flags[f].as_u64().unwrap() > 0, "{f}");
    }
    let raw = raw_count(&bytes);
    assert_eq!(
        flags,
        &json!({"ramp": raw.flags[0], "blight": raw.flags[1], "water": raw.flags[2],
                "boundary": raw.flags[3], "map_edge": raw.flags[4]})
    );
    assert_eq!(mapscope::kinds::encode(&back, Format::W3e).unwrap(), bytes);
}

#[test]
fn same_terrain_as_v11_and_v12_decodes_to_equal_tilepoints() {
    let mut t = busy_v12(19, 11);
    for p in &mut t.tilepoints {
        let tex = p.texture() % 16;
        p.set_texture(tex);
    }
    let mut t11 = t.clone();
    t11.version = 11;
    let b12 = w3e::encode_terrain(&t).unwrap();
    let b11 = w3e::encode_terrain(&t11).unwrap();
    assert_eq!(
        b12.len() - b11.len(),
        19 * 11,
        "one byte more per tilepoint"
    );
    let (d12, w12) = w3e::decode_terrain(&b12).unwrap();
    let (d11, w11) = w3e::decode_terrain(&b11).unwrap();
    assert_eq!(d12.version, 12);
    assert_eq!(d11.version, 11);
    assert_eq!(d11.tilepoints, d12.tilepoints);
    assert_eq!(d11.tilepoints, t.tilepoints);
    let flags = |t: &W3eTerrain| info::summary_json(&terrain_map(t.clone()))["flags"].clone();
    assert_eq!(flags(&d11), flags(&d12));
    assert!(w12.is_empty(), "{w12:?}");
    // The 40-entry list is kept; v11 notes that only 16 are usable.
    assert_eq!(d11.ground_textures, d12.ground_textures);
    assert_eq!(
        w11,
        ["the header lists 40 ground textures; version 11 tilepoints can only use the first 16"]
    );
}

#[test]
fn v11_writer_refuses_texture_16_and_more() {
    let mut t = W3eTerrain::flat(9, 6, 11);
    assert!(w3e::encode_terrain(&t).is_ok());
    t.tile_mut(3, 2).set_texture(16);
    let e = mapscope::kinds::encode(&terrain_map(t.clone()), Format::W3e).unwrap_err();
    assert_eq!(e.format, Format::W3e);
    assert!(e.problem.contains("tilepoint (3, 2)"), "{e}");
    assert!(e.problem.contains("16"), "{e}");
    t.version = 12;
    assert!(w3e::encode_terrain(&t).is_ok());
}

#[test]
fn writer_refuses_inconsistent_terrains() {
    let mut t = W3eTerrain::flat(4, 4, 11);
    t.version = 13;
    assert!(w3e::encode_terrain(&t).unwrap_err().problem.contains("13"));
    let mut t = W3eTerrain::flat(4, 4, 12);
    t.tilepoints.pop();
    assert!(w3e::encode_terrain(&t)
        .unwrap_err()
        .problem
        .contains("15 tilepoints"));
    let t = W3eTerrain::flat(1, 4, 12);
    assert!(w3e::encode_terrain(&t)
        .unwrap_err()
        .problem
        .contains("width 1"));
}

/// A small v11 file and its field table: (start, field) in file order.
fn small_file() -> (Vec<u8>, Vec<(usize, String)>) {
    let mut t = W3eTerrain::flat(5, 4, 11);
    t.ground_textures.push(*b"Lrok");
    let bytes = w3e::encode_terrain(&t).unwrap();
    let fields = [
        (0, "header magic"),
        (4, "header version"),
        (8, "header main tileset"),
        (9, "header custom tileset flag"),
        (13, "header ground texture count"),
        (17, "header ground texture IDs"),
        (29, "header cliff texture count"),
        (33, "header cliff texture IDs"),
        (41, "header width"),
        (45, "header height"),
        (49, "header offset x"),
        (53, "header offset y"),
    ];
    (
        bytes,
        fields.iter().map(|(a, f)| (*a, f.to_string())).collect(),
    )
}

#[test]
fn truncated_header_names_the_field_and_its_offset() {
    let (bytes, fields) = small_file();
    assert_eq!(bytes.len(), 57 + 20 * 7);
    for (i, (start, field)) in fields.iter().enumerate() {
        let end = fields.get(i + 1).map_or(57, |f| f.0);
        for cut in *start..end {
            let e = w3e::decode(&bytes[..cut]).unwrap_err();
            assert_eq!(
                (e.offset, e.field.as_str()),
                (*start as u64, field.as_str())
            );
            assert_eq!(e.format, Format::W3e);
        }
    }
}

#[test]
fn truncated_tilepoints_name_the_first_missing_tilepoint() {
    let (bytes, _) = small_file();
    for (cut_at, x, y) in [
        (0, 0, 0),
        (1, 0, 0),
        (6, 0, 0),
        (7, 1, 0),
        (38, 0, 1),
        (139, 4, 3),
    ] {
        let e = w3e::decode(&bytes[..57 + cut_at]).unwrap_err();
        assert_eq!(e.field, format!("tilepoint ({x}, {y})"), "cut {cut_at}");
        assert_eq!(e.offset, 57 + (y * 5 + x) * 7, "cut {cut_at}");
        assert!(e.problem.contains("5 x 4"), "{e}");
    }
    assert!(w3e::decode(&bytes).is_ok());
}

fn with_u32(bytes: &[u8], at: usize, v: u32) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
    b
}

#[test]
fn huge_declared_sizes_fail_at_once() {
    let (bytes, _) = small_file();
    let huge = with_u32(&with_u32(&bytes, 41, 0x7FFF_FFFF), 45, 0x7FFF_FFFF);
    let e = w3e::decode(&huge).unwrap_err();
    assert_eq!((e.field.as_str(), e.offset), ("header width", 41));
    assert!(
        e.problem.contains("2147483647") && e.problem.contains("2048"),
        "{e}"
    );

    let e = w3e::decode(&with_u32(&bytes, 45, 0x7FFF_FFFF)).unwrap_err();
    assert_eq!((e.field.as_str(), e.offset), ("header height", 45));

    // Within the limits but far more than the file holds.
    let big = with_u32(&with_u32(&bytes, 41, 2048), 45, 2048);
    let e = w3e::decode(&big).unwrap_err();
    assert_eq!(
        (e.field.as_str(), e.offset),
        ("tilepoint (20, 0)", 57 + 20 * 7)
    );

    for (at, field) in [
        (13, "header ground texture count"),
        (29, "header cliff texture count"),
    ] {
        let e = w3e::decode(&with_u32(&bytes, at, 1 << 31)).unwrap_err();
        assert_eq!((e.field.as_str(), e.offset), (field, at as u64));
        let e = w3e::decode(&with_u32(&bytes, at, 200)).unwrap_err();
        assert!(e.field.ends_with("texture IDs"), "{e}");
        assert!(e.problem.contains("800 bytes"), "{e}");
    }
    let e = w3e::decode(&with_u32(&bytes, 41, 1)).unwrap_err();
    assert!(e.problem.contains("2..=2048"), "{e}");
}

#[test]
fn unknown_versions_are_named() {
    let (bytes, _) = small_file();
    let v13 = with_u32(&bytes, 4, 13);
    let e = w3e::decode(&v13).unwrap_err();
    assert_eq!((e.field.as_str(), e.offset), ("header version", 4));
    assert!(e.problem.contains("13"), "{e}");
    match formats::decode(&v13, &Default::default()) {
        Err(LoadError::Unknown { tried }) => {
            let (_, why) = tried.iter().find(|(f, _)| *f == Format::W3e).unwrap();
            assert!(why.contains("version 13"), "{why}");
        }
        other => panic!("expected an unknown format, got {other:?}"),
    }
}

#[test]
fn trailing_bytes_and_unlisted_textures_are_warnings() {
    let (mut bytes, _) = small_file();
    let len = bytes.len();
    bytes.extend_from_slice(&[0; 5]);
    let map = w3e::decode(&bytes).unwrap();
    assert_eq!(map.meta.warnings.len(), 1, "{:?}", map.meta.warnings);
    assert!(
        map.meta.warnings[0].starts_with(&format!("5 bytes after the tilepoints, from byte {len}"))
    );
    assert_eq!(
        mapscope::kinds::encode(&map, Format::W3e).unwrap(),
        bytes[..len]
    );

    // Texture 9 on two tilepoints, with 3 textures listed.
    let (mut bytes, _) = small_file();
    bytes[57 + 7 * 7 + 4] = 9;
    bytes[57 + 8 * 7 + 4] = 9;
    let map = w3e::decode(&bytes).unwrap();
    assert_eq!(map.meta.warnings.len(), 1);
    let w = &map.meta.warnings[0];
    assert!(
        w.starts_with("2 tilepoints use a ground texture index past the 3"),
        "{w}"
    );
    assert!(w.contains("tilepoint (2, 1)"), "{w}");
}

#[test]
fn largest_real_size_round_trips() {
    let t = busy_v12(481, 481);
    let bytes = w3e::encode_terrain(&t).unwrap();
    let start = std::time::Instant::now();
    let (back, warnings) = w3e::decode_terrain(&bytes).unwrap();
    eprintln!("481 x 481 v12 decode: {:?} (test profile)", start.elapsed());
    assert!(warnings.is_empty());
    assert!(back == t);
}

/// Mutates `base` `rounds` times; every decode must return, and whatever decodes
/// must write back as the same bytes (less any trailing bytes).
fn mutate(base: &[u8], rounds: usize, seed: u64, hot: usize) {
    let mut rng = Rng(seed);
    let mut ok = 0;
    for _ in 0..rounds {
        let mut b = base.to_vec();
        for _ in 0..1 + rng.below(4) {
            // Half the hits go to the header, where the structure is.
            let at = if rng.below(2) == 0 {
                rng.below(hot.min(b.len()))
            } else {
                rng.below(b.len())
            };
            b[at] = rng.next() as u8;
        }
        if rng.below(8) == 0 {
            b.truncate(rng.below(b.len() + 1));
        }
        if rng.below(16) == 0 {
            b.extend_from_slice(&[0xAB; 3]);
        }
        if let Ok(map) = w3e::decode(&b) {
            ok += 1;
            let out = mapscope::kinds::encode(&map, Format::W3e)
                .expect("a decoded terrain can be written");
            assert!(b.starts_with(&out), "written bytes differ from the input");
        }
    }
    assert!(ok > 0, "no mutation decoded at all");
}

#[test]
fn random_mutations_of_a_synthetic_file_never_panic() {
    let (v11, _) = small_file();
    mutate(&v11, 3000, 0x5EED, 57);
    let v12 = w3e::encode_terrain(&busy_v12(6, 5)).unwrap();
    mutate(&v12, 3000, 0xBEEF, 200);
}

#[test]
fn random_mutations_of_a_corpus_file_never_panic() {
    let files = corpus_files("w3e", "w3e");
    let Some(smallest) = files
        .iter()
        .min_by_key(|p| p.metadata().map_or(u64::MAX, |m| m.len()))
    else {
        return;
    };
    mutate(&read(smallest), 1000, 0xC0FFEE, 100);
}
