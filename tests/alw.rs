//! ALW worlds in all three layouts, built by the project's own writer (no real
//! `.alw` file is public).

mod common;

use common::Rng;
use mapscope::formats::alw::{self, decode_layout, encode_world, LayoutShape};
use mapscope::formats::{self, DecodeError, Format, LoadError};
use mapscope::info;
use mapscope::store::cells::{AlwLayout, AlwWorld};
use std::time::{Duration, Instant};

fn decode_err(bytes: &[u8]) -> DecodeError {
    match formats::decode(bytes, &Default::default()) {
        Err(LoadError::Decode(e)) => e,
        Err(other) => panic!("expected a decode error, got {other}"),
        Ok(_) => panic!("expected an error, decoded fine"),
    }
}

fn room_bytes(layout: AlwLayout) -> (AlwWorld, Vec<u8>) {
    let w = mapscope::samples::alw_room(7, 5, layout);
    let b = encode_world(&w).unwrap();
    (w, b)
}

fn put_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// Where things sit in an encoded world with at least two entities.
struct Places {
    header: usize,
    cells: usize,
    lights: usize,
    entities: usize,
    /// Start of entity 1 (its class name length in the engine layouts).
    player: usize,
    /// Start of entity 1's fixed fields (after its class name).
    player_fixed: usize,
    /// Start of entity 1's first attribute.
    player_attrs: usize,
    table: usize,
}

fn places(w: &AlwWorld, len: usize) -> Places {
    let l = w.layout;
    let extras = l.has_entity_extras();
    let fixed = if extras { 164 } else { 128 };
    let header = 4 + extras as usize;
    let cells = l.header_size();
    let lights = cells + w.cells.len() * l.cell_size();
    let entities = lights + 28 * w.lights.len();
    let class = |i: usize| {
        if extras {
            1 + w.entities[i].class.len()
        } else {
            0
        }
    };
    let attrs0: usize = w.entities[0]
        .attributes
        .iter()
        .map(|(n, v)| 8 + n.len() + v.len())
        .sum();
    let player = entities + class(0) + fixed + attrs0;
    let player_fixed = player + class(1);
    Places {
        header,
        cells,
        lights,
        entities,
        player,
        player_fixed,
        player_attrs: player_fixed + fixed,
        table: len - w.texture_table.len(),
    }
}

#[test]
fn round_trip_every_layout() {
    for layout in AlwLayout::ALL {
        let (w, bytes) = room_bytes(layout);
        let map = formats::decode(&bytes, &Default::default()).unwrap();
        assert_eq!(map.format, Format::Alw);
        let got = map.cells().unwrap();
        assert_eq!(got.layout, layout, "detected layout");
        assert_eq!(got, &w);
        let again = mapscope::kinds::encode(&map, Format::Alw).unwrap();
        assert_eq!(again, bytes, "{} bytes differ", layout.id());
        let map2 = formats::decode(&again, &Default::default()).unwrap();
        assert_eq!(map2, map);

        let j = info::summary_json(&map);
        assert_eq!(j["layout"], layout.id());
        assert_eq!(j["lights"], 1);
        assert_eq!(j["entities"], 2);
        let names = if layout == AlwLayout::Engine201008 {
            5
        } else {
            4
        };
        assert_eq!(j["textures"], names);
        assert_eq!(j["texture_names"].as_array().unwrap().len(), names);
        assert_eq!(j["player_entity"], 1);
        assert_eq!(j["camera"], serde_json::json!([45.0, -10.0]));
        let layout_line = format!("Layout  {}", layout.id());
        assert!(info::summary_text(&map)
            .lines()
            .any(|l| l.trim_start().starts_with(&layout_line)));
        assert_eq!(map.meta.spawns[0].label, "player");
        assert_eq!(got.dims(), [7, 5]);
    }
}

#[test]
fn sniff_needs_the_magic() {
    assert!(alw::sniff(b"ALW\0rest").is_ok());
    assert_eq!(alw::sniff(b"ALX\0").unwrap_err(), "no \"ALW\\0\" magic");
    assert_eq!(formats::detect(b"ALW\0").unwrap(), Format::Alw);
}

#[test]
fn reference_into_the_middle_of_a_name_is_refused() {
    for layout in AlwLayout::ALL {
        let (w, mut bytes) = room_bytes(layout);
        let (x, y) = (3usize, 2usize);
        let idx = y * 7 + x;
        let floor = w.cells[idx].floor_tex;
        assert_eq!(w.texture_name(floor), Some("floorbrick"));
        let refs_at = if layout.has_corner_offsets() { 20 } else { 12 };
        let at = layout.header_size() + idx * layout.cell_size() + refs_at + 4;
        assert_eq!(bytes[at..at + 4], floor.to_le_bytes());
        put_u32(&mut bytes, at, floor + 3);
        let e = decode_err(&bytes);
        assert_eq!(e.field, "cell (3, 2) floor texture", "{e}");
        assert_eq!(e.offset, at as u64);
        assert!(e.problem.contains("not the start"), "{e}");
        // The writer refuses the same world.
        let mut bad = w.clone();
        bad.cells[idx].floor_tex = floor + 3;
        assert!(encode_world(&bad).is_err());
    }
}

/// A cut and the field (start of its name) and offset its error names.
type Cut = (usize, String, usize);

/// Cuts in the header, the cells, the lights and the entities' minimum
/// size.
fn header_cuts(layout: AlwLayout, p: &Places) -> Vec<Cut> {
    let h = p.header;
    let mut cases: Vec<Cut> = Vec::new();
    if layout.has_subversion() {
        cases.push((4, "subversion".into(), 4));
    }
    for (name, at, size) in [
        ("width", h, 2),
        ("height", h + 2, 2),
        ("entity count", h + 4, 4),
        ("light count", h + 8, 4),
        ("player entity index", h + 12, 4),
        ("camera yaw", h + 16, 4),
        ("camera pitch", h + 20, 4),
        ("reserved header bytes", h + 24, 256),
    ] {
        cases.push((at, name.into(), at));
        cases.push((at + size - 1, name.into(), at));
    }
    cases.push((
        p.cells + 3 * layout.cell_size() + 5,
        "cells".into(),
        p.cells,
    ));
    cases.push((p.lights + 10, "lights".into(), p.lights));
    // While the entities' minimum size does not fit, that is the error.
    let min = if layout.has_entity_extras() { 165 } else { 128 };
    cases.push((p.entities + 3, "entities (2 declared".into(), p.entities));
    cases.push((
        p.entities + 2 * min - 1,
        "entities (2 declared".into(),
        p.entities,
    ));
    cases
}

/// Cuts in entity 1 (the player: entity 0 has a long attribute, so
/// entity 1 is past the minimum size), its attributes and the texture
/// table, each field by name.
fn entity_cuts(layout: AlwLayout, p: &Places) -> Vec<Cut> {
    let mut cases: Vec<Cut> = Vec::new();
    let e1 = p.player_fixed;
    if layout.has_entity_extras() {
        cases.push((p.player, "entity 1 class name length".into(), p.player));
        cases.push((p.player + 2, "entity 1 class name".into(), p.player + 1));
    }
    cases.push((e1 + 5, "entity 1 position".into(), e1));
    cases.push((e1 + 13, "entity 1 offset".into(), e1 + 12));
    let m = if layout.has_entity_extras() { 28 } else { 24 };
    if layout.has_entity_extras() {
        cases.push((e1 + 25, "entity 1 yrot".into(), e1 + 24));
        cases.push((e1 + 130, "entity 1 reserved bytes".into(), e1 + 128));
    }
    cases.push((e1 + m + 10, "entity 1 matrix".into(), e1 + m));
    cases.push((
        e1 + m + 64 + 1,
        "entity 1 bounding box min".into(),
        e1 + m + 64,
    ));
    cases.push((
        e1 + m + 76 + 1,
        "entity 1 bounding box max".into(),
        e1 + m + 76,
    ));
    cases.push((e1 + m + 88 + 1, "entity 1 frame".into(), e1 + m + 88));
    cases.push((
        e1 + m + 92 + 1,
        "entity 1 animation state".into(),
        e1 + m + 92,
    ));
    cases.push((e1 + m + 96 + 1, "entity 1 event mask".into(), e1 + m + 96));
    cases.push((
        p.player_attrs - 1,
        "entity 1 attribute count".into(),
        p.player_attrs - 4,
    ));
    let a = p.player_attrs;
    // Both attributes' minimum size (2 x 8 bytes) is checked first.
    cases.push((a + 2, "entity 1 attributes (2 declared".into(), a));
    cases.push((a + 15, "entity 1 attributes (2 declared".into(), a));
    // Attribute 0 is name=Hero (16 bytes); attribute 1 is .health=100.
    let a1 = a + 16;
    cases.push((a1 + 2, "entity 1 attribute 1 name length".into(), a1));
    cases.push((a1 + 5, "entity 1 attribute 1 name".into(), a1 + 4));
    cases.push((a1 + 12, "entity 1 attribute 1 value length".into(), a1 + 11));
    cases.push((a1 + 16, "entity 1 attribute 1 value".into(), a1 + 15));
    let t = p.table;
    if layout == AlwLayout::Engine201008 {
        cases.push((t + 3, "texture table name 0 (table offset 0)".into(), t));
    } else {
        cases.push((t, "texture table leading byte".into(), t));
        cases.push((t + 3, "texture table name 0 (table offset 1)".into(), t + 1));
    }
    cases
}

#[test]
fn truncation_names_the_field_and_offset() {
    for layout in AlwLayout::ALL {
        let mut w = mapscope::samples::alw_room(7, 5, layout);
        w.entities[0]
            .attributes
            .push((b"note".to_vec(), vec![b'x'; 400]));
        let bytes = encode_world(&w).unwrap();
        let p = places(&w, bytes.len());
        let mut cases = header_cuts(layout, &p);
        cases.extend(entity_cuts(layout, &p));
        for (cut, field, at) in cases {
            let e = decode_layout(&bytes[..cut], layout).unwrap_err();
            assert!(
                e.field.starts_with(&field) && e.offset == at as u64,
                "{} cut at {cut}: expected {field} at {at}, got {e}",
                layout.id()
            );
            // Without the layout given, some layout's error, never past the end.
            let e = decode_err(&bytes[..cut]);
            assert!(e.offset <= cut as u64, "{e}");
        }
        // Every prefix is refused, by some field no further than the cut.
        for cut in 0..bytes.len() {
            match formats::decode(&bytes[..cut], &Default::default()) {
                Ok(_) => panic!("{} prefix of {cut} bytes decoded", layout.id()),
                Err(LoadError::Decode(e)) => assert!(e.offset <= cut as u64, "{e}"),
                Err(_) => assert!(cut < 4),
            }
        }
    }
}

#[test]
fn huge_counts_fail_at_once() {
    for layout in AlwLayout::ALL {
        let (w, bytes) = room_bytes(layout);
        let p = places(&w, bytes.len());
        let h = p.header;
        let mut cases: Vec<(usize, u32, &str, &str)> = vec![
            (h + 4, 1 << 31, "entity count", "limit"),
            (h + 4, 65_536, "entities (65536 declared", "left"),
            (h + 8, 1 << 31, "light count", "limit"),
            (h + 8, 60_000, "lights (60000 declared", "left"),
            (
                p.player_attrs - 4,
                1 << 31,
                "entity 1 attribute count",
                "limit",
            ),
            (
                p.player_attrs - 4,
                4_000,
                "entity 1 attributes (4000 declared",
                "left",
            ),
            (
                p.player_attrs,
                1 << 31,
                "entity 1 attribute 0 name length",
                "limit",
            ),
            (
                p.player_attrs,
                60_000,
                "entity 1 attribute 0 name",
                "file ends",
            ),
        ];
        // 65535 x 65535 cells (over 2^31).
        cases.push((h, u32::MAX, "cells (65535 x 65535", "declares"));
        for (at, value, field, problem) in cases {
            let mut b = bytes.clone();
            put_u32(&mut b, at, value);
            let start = Instant::now();
            let forced = decode_layout(&b, layout).unwrap_err();
            let auto = decode_err(&b);
            assert!(start.elapsed() < Duration::from_millis(200));
            for e in [&forced, &auto] {
                assert!(
                    e.field.starts_with(field) && e.problem.contains(problem),
                    "{}: expected {field} ({problem}), got {e}",
                    layout.id()
                );
            }
        }
    }
}

#[test]
fn random_mutations_never_panic() {
    let start = Instant::now();
    let mut rng = Rng(0x0A11_741A);
    let mut decoded = 0;
    for layout in AlwLayout::ALL {
        let (_, bytes) = room_bytes(layout);
        for _ in 0..3000 {
            let mut b = bytes.clone();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(b.len());
                match rng.below(4) {
                    0 => b[at] = rng.next() as u8,
                    1 => b[at] ^= 1 << rng.below(8),
                    2 if at + 4 <= b.len() => {
                        let v = [0, 1, 0xFF, 0xFFFF, 1 << 31, u32::MAX][rng.below(6)];
                        put_u32(&mut b, at, v);
                    }
                    _ => b.truncate(at.max(4)),
                }
            }
            if let Ok(map) = formats::decode(&b, &Default::default()) {
                // Whatever decodes is written back byte for byte.
                decoded += 1;
                assert_eq!(mapscope::kinds::encode(&map, Format::Alw).unwrap(), b);
            }
        }
    }
    assert!(decoded > 100, "only {decoded} mutants decoded");
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn large_world_decodes_fast() {
    let w = mapscope::samples::alw_room(256, 256, AlwLayout::Engine);
    let t = Instant::now();
    let bytes = encode_world(&w).unwrap();
    let enc = t.elapsed();
    let t = Instant::now();
    let map = formats::decode(&bytes, &Default::default()).unwrap();
    let dec = t.elapsed();
    eprintln!(
        "256x256: encode {enc:?}, decode {dec:?} ({} bytes)",
        bytes.len()
    );
    assert_eq!(map.cells().unwrap(), &w);
    // Header, cells, one light, two entities (classes "lamp" and "player";
    // attributes name=Hero and .health=100), table.
    let entities = 2 * 165 + 4 + 6 + 2 * 8 + 4 + 4 + 7 + 3;
    assert_eq!(
        bytes.len(),
        285 + 65_536 * 44 + 28 + entities + w.texture_table.len()
    );
    assert!(dec < Duration::from_secs(1), "decode took {dec:?}");
}
