//! The doo decoders on files built byte by byte, both layouts and versions,
//! and on the corpus.

use super::*;
use crate::formats::reader::PutLe;

/// A file's layout for the builders.
#[derive(Clone, Copy)]
struct L {
    version: i32,
    subversion: i32,
    skins: bool,
}

const TFT: (i32, i32) = (8, 11);
const ROC: (i32, i32) = (7, 9);

fn header(v: &mut Vec<u8>, l: L, count: i32) {
    v.extend_from_slice(MAGIC);
    v.put_i32(l.version);
    v.put_i32(l.subversion);
    v.put_i32(count);
}

fn common(v: &mut Vec<u8>, l: L, id: &[u8; 4], i: i32) {
    v.extend_from_slice(id);
    v.put_i32(i % 3);
    for f in [100.0 + i as f32, -200.0, 16.0, 1.5, 1.0, 1.0, 1.25] {
        v.put_f32(f);
    }
    if l.skins {
        v.extend_from_slice(id);
    }
}

fn item_sets(v: &mut Vec<u8>, sets: &[&[(&[u8; 4], i32)]]) {
    v.put_i32(sets.len() as i32);
    for set in sets {
        v.put_i32(set.len() as i32);
        for (id, chance) in *set {
            v.extend_from_slice(*id);
            v.put_i32(*chance);
        }
    }
}

/// A unit whose random flag is `random` and which, when `extras`, has
/// item sets, inventory and abilities.
fn unit(v: &mut Vec<u8>, l: L, id: &[u8; 4], i: i32, random: i32, extras: bool) {
    common(v, l, id, i);
    v.put_u8(2); // flags
    v.put_i32(i % 4); // owner
    v.extend_from_slice(&[0, 0]);
    v.put_i32(-1); // hit points
    v.put_i32(if extras { 250 } else { -1 }); // mana
    if l.subversion >= 11 {
        v.put_i32(-1); // item table
    }
    if extras {
        item_sets(v, &[&[(b"rat6", 50), (b"rde1", 50)], &[(b"YYI4", 100)]]);
    } else {
        item_sets(v, &[]);
    }
    v.put_i32(if id == b"ngol" { 12500 } else { 0 }); // gold
    v.put_f32(-1.0); // target acquisition
    v.put_i32(if extras { 3 } else { 1 }); // hero level
    if l.subversion >= 10 {
        for a in [10, 12, 14] {
            v.put_i32(a);
        }
    }
    let n = if extras { 2 } else { 0 };
    v.put_i32(n);
    for slot in 0..n {
        v.put_i32(slot);
        v.extend_from_slice(b"bspd");
    }
    v.put_i32(n);
    for _ in 0..n {
        v.extend_from_slice(b"AHbz");
        v.put_i32(1);
        v.put_i32(2);
    }
    v.put_i32(random);
    match random {
        -1 => {}
        0 => v.extend_from_slice(&[1, 0, 0, 2]),
        1 => {
            v.put_i32(0);
            v.put_i32(3);
        }
        _ => {
            v.put_i32(2);
            v.extend_from_slice(b"hfoo");
            v.put_i32(60);
            v.extend_from_slice(b"hkni");
            v.put_i32(40);
        }
    }
    v.put_i32(-1); // colour
    v.put_i32(-1); // waygate
    v.put_i32(1000 + i); // creation number
}

/// Units of every random flag (-1, the most common, is none), with and
/// without extras; ends with an
/// extras unit so cutting its last bytes passes the header count check.
fn units_file(l: L) -> Vec<u8> {
    let mut v = Vec::new();
    header(&mut v, l, 5);
    unit(&mut v, l, b"sloc", 0, -1, false);
    unit(&mut v, l, b"ngol", 1, 0, false);
    unit(&mut v, l, b"Hpal", 2, 1, true);
    unit(&mut v, l, b"YYU1", 3, 2, false);
    unit(&mut v, l, b"hfoo", 4, 0, true);
    v
}

fn doodad(v: &mut Vec<u8>, l: L, id: &[u8; 4], i: i32, sets: bool) {
    common(v, l, id, i);
    if l.version > 6 {
        v.put_u8(2);
        v.put_u8(100);
    } else {
        // The beta's one byte: the flags (3 as Lost Temple's beta 103 has).
        v.put_u8(3);
    }
    if l.version >= 8 {
        v.put_i32(-1);
        if sets {
            item_sets(v, &[&[(b"rat6", 60), (b"rde1", 40)], &[(b"YYI2", 100)]]);
        } else {
            item_sets(v, &[]);
        }
    }
    v.put_i32(500 + i);
}

fn special(v: &mut Vec<u8>, list: &[(&[u8; 4], i32, i32)]) {
    v.put_i32(0);
    v.put_i32(list.len() as i32);
    for (id, x, y) in list {
        v.extend_from_slice(*id);
        v.put_i32(0);
        v.put_i32(*x);
        v.put_i32(*y);
    }
}

fn doodads_file(l: L) -> Vec<u8> {
    let mut v = Vec::new();
    header(&mut v, l, 3);
    doodad(&mut v, l, b"LTlt", 0, false);
    doodad(&mut v, l, b"ATtr", 1, true);
    doodad(&mut v, l, b"LOtr", 2, false);
    special(&mut v, &[(b"YCx1", 42, 36), (b"YCx4", 38, 39)]);
    v
}

fn layouts() -> Vec<L> {
    let mut out = Vec::new();
    for (version, subversion) in [TFT, ROC] {
        for skins in [false, true] {
            out.push(L {
                version,
                subversion,
                skins,
            });
        }
    }
    out
}

#[test]
fn units_decode_in_both_layouts_and_versions() {
    for l in layouts() {
        let bytes = units_file(l);
        for skins in [Some(l.skins), None] {
            let (units, warnings) = decode_units(&bytes, skins).unwrap();
            let what = format!("{}/{} skins {}", l.version, l.subversion, l.skins);
            assert_eq!(units.len(), 5, "{what}");
            assert!(warnings.is_empty(), "{what}: {warnings:?}");
            let ids: Vec<&[u8; 4]> = units.iter().map(|u| &u.id).collect();
            assert_eq!(ids, [b"sloc", b"ngol", b"Hpal", b"YYU1", b"hfoo"], "{what}");
            let mine = &units[1];
            assert_eq!(mine.gold, 12500);
            assert_eq!(mine.position, [101.0, -200.0, 16.0]);
            assert_eq!(mine.angle, 1.5);
            assert_eq!(mine.scale, [1.0, 1.0, 1.25]);
            assert_eq!(mine.skin, l.skins.then_some(*b"ngol"), "{what}");
            assert_eq!((mine.flags, mine.owner, mine.variation), (2, 1, 1));
            assert_eq!((mine.hit_points, mine.mana), (-1, -1));
            let hero = &units[2];
            assert_eq!((hero.mana, hero.hero_level, hero.editor_id), (250, 3, 1002));
            assert_eq!(units[4].editor_id, 1004);
        }
    }
}

#[test]
fn doodads_decode_in_both_layouts_and_versions() {
    for l in layouts() {
        let bytes = doodads_file(l);
        for skins in [Some(l.skins), None] {
            let what = format!("{}/{} skins {}", l.version, l.subversion, l.skins);
            let (doodads, special, warnings) = decode_doodads(&bytes, skins).unwrap();
            assert!(warnings.is_empty(), "{what}: {warnings:?}");
            assert_eq!(doodads.len(), 3, "{what}");
            let tree = &doodads[1];
            assert_eq!(&tree.id, b"ATtr");
            assert!(tree.is_tree());
            assert_eq!(tree.skin, l.skins.then_some(*b"ATtr"), "{what}");
            assert_eq!((tree.flags, tree.life, tree.editor_id), (2, 100, 501));
            assert_eq!(tree.position, [101.0, -200.0, 16.0]);
            assert_eq!(tree.scale, [1.0, 1.0, 1.25]);
            assert_eq!(doodads[2].editor_id, 502);
            assert_eq!(
                special,
                vec![
                    SpecialDoodad {
                        id: *b"YCx1",
                        x: 42,
                        y: 36
                    },
                    SpecialDoodad {
                        id: *b"YCx4",
                        x: 38,
                        y: 39
                    }
                ]
            );
        }
    }
}

#[test]
fn roc_beta_doodads_have_flags_and_no_life_byte() {
    let l = L {
        version: 6,
        subversion: 7,
        skins: false,
    };
    let bytes = doodads_file(l);
    let (doodads, special, w) = decode_doodads(&bytes, None).unwrap();
    assert!(w[0].contains("version 6 subversion 7 is not one"), "{w:?}");
    assert_eq!(doodads.len(), 3);
    assert_eq!((doodads[0].flags, doodads[0].life), (3, 100));
    assert_eq!(special.len(), 2);
}

#[test]
fn the_wrong_layout_fails_or_is_not_chosen() {
    for l in layouts() {
        let units = units_file(l);
        assert!(
            decode_units(&units, Some(!l.skins)).is_err_and(|e| e.field.starts_with(UNITS_FILE))
        );
        let doodads = doodads_file(l);
        // The wrong layout either fails or leaves bytes (a warning).
        match decode_doodads(&doodads, Some(!l.skins)) {
            Err(e) => assert!(e.field.starts_with(DOODADS_FILE), "{e}"),
            Ok((_, _, w)) => assert!(!w.is_empty()),
        }
    }
}

#[test]
fn empty_files_decode_without_records() {
    for l in layouts() {
        let mut v = Vec::new();
        header(&mut v, l, 0);
        assert_eq!(decode_units(&v, None).unwrap(), (vec![], vec![]));
        special(&mut v, &[]);
        let (d, s, w) = decode_doodads(&v, None).unwrap();
        assert!(d.is_empty() && s.is_empty() && w.is_empty());
    }
}

#[test]
fn trailing_bytes_are_a_warning() {
    let l = L {
        version: 8,
        subversion: 11,
        skins: true,
    };
    let mut units = units_file(l);
    units.extend_from_slice(&[0; 3]);
    let (u, w) = decode_units(&units, Some(true)).unwrap();
    assert_eq!(u.len(), 5);
    assert!(
        w.iter()
            .any(|w| w.contains("3 bytes after the last record")),
        "{w:?}"
    );
    let (u, w) = decode_units(&units, None).unwrap();
    assert_eq!(u.len(), 5);
    assert!(w.iter().any(|w| w.contains("neither layout")), "{w:?}");
    let mut doodads = doodads_file(l);
    doodads.extend_from_slice(&[0; 5]);
    let (d, _, w) = decode_doodads(&doodads, None).unwrap();
    assert_eq!(d.len(), 3);
    assert!(w.iter().any(|w| w.contains("5 bytes after")), "{w:?}");
}

#[test]
fn truncated_files_name_the_field() {
    for l in layouts() {
        let units = units_file(l);
        let n = units.len();
        let cases = [
            (n - 1, "war3mapUnits.doo unit 4 creation number"),
            (n - 9, "war3mapUnits.doo unit 4 custom colour"),
            (10, "war3mapUnits.doo header subversion"),
        ];
        for (len, field) in cases {
            let e = decode_units(&units[..len], Some(l.skins)).unwrap_err();
            assert_eq!(e.field, field, "{e}");
            assert!(e.offset as usize <= len);
        }
        let doodads = doodads_file(l);
        let n = doodads.len();
        let cases = [
            (n - 2, "war3map.doo special doodads"),
            (n - 32 - 4, "war3map.doo special doodads count"),
        ];
        for (len, field) in cases {
            let e = decode_doodads(&doodads[..len], Some(l.skins)).unwrap_err();
            assert_eq!(e.field, field, "{e}");
        }
        // In the first list's last record: version 8's item sets make
        // the list longer than the header count check's minimum; in
        // version 7 that check catches the cut.
        let e = decode_doodads(&doodads[..n - 40 - 1], Some(l.skins)).unwrap_err();
        let field = if l.version == 8 {
            "war3map.doo doodad 2 editor id"
        } else {
            "war3map.doo header count"
        };
        assert_eq!(e.field, field, "{e}");
    }
}

#[test]
fn bad_headers_and_counts_are_errors() {
    assert_eq!(
        decode_units(b"W3d", None).unwrap_err().field,
        "war3mapUnits.doo header magic"
    );
    assert_eq!(
        decode_doodads(b"W3dx\x08\0\0\0", None).unwrap_err().field,
        "war3map.doo header magic"
    );
    let l = L {
        version: 8,
        subversion: 11,
        skins: false,
    };
    let mut v = Vec::new();
    header(&mut v, l, i32::MAX);
    assert_eq!(
        decode_units(&v, None).unwrap_err().field,
        "war3mapUnits.doo header count"
    );
    let mut v = Vec::new();
    header(&mut v, l, -1);
    assert_eq!(
        decode_doodads(&v, None).unwrap_err().field,
        "war3map.doo header count"
    );
    let mut v = Vec::new();
    header(&mut v, L { version: 9, ..l }, 0);
    assert_eq!(
        decode_units(&v, None).unwrap_err().field,
        "war3mapUnits.doo header version"
    );
    // A huge nested count.
    let mut v = Vec::new();
    header(&mut v, l, 1);
    common(&mut v, l, b"hfoo", 0);
    v.put_u8(2);
    v.put_i32(0);
    v.extend_from_slice(&[0, 0]);
    v.put_i32(-1);
    v.put_i32(-1);
    v.put_i32(-1);
    v.put_i32(i32::MAX);
    v.extend_from_slice(&[0; 80]);
    let e = decode_units(&v, Some(false)).unwrap_err();
    assert_eq!(e.field, "war3mapUnits.doo unit 0 item sets", "{e}");
    // A random flag outside 0..=2.
    let mut v = Vec::new();
    header(&mut v, l, 1);
    unit(&mut v, l, b"hfoo", 0, 7, false);
    v.extend_from_slice(&[0; 8]);
    let e = decode_units(&v, Some(false)).unwrap_err();
    assert_eq!(e.field, "war3mapUnits.doo unit 0 random flag", "{e}");
}

#[test]
fn every_prefix_and_corruption_fails_cleanly() {
    for l in layouts() {
        for file in [units_file(l), doodads_file(l)] {
            for len in 0..file.len() {
                let _ = decode_units(&file[..len], None);
                let _ = decode_doodads(&file[..len], None);
            }
            for at in 0..file.len() {
                let mut f = file.clone();
                f[at] ^= 0xA5;
                let _ = decode_units(&f, None);
                let _ = decode_doodads(&f, None);
            }
        }
    }
}

// The corpus: the map folder's loose files and every archive.

use crate::formats::w3x::test_corpus as corpus;

fn i32_at(b: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

/// The special list's count found from the end of the file: the smallest
/// n whose 16-byte entries end the file after a 0 version and n.
fn special_count_from_end(b: &[u8]) -> usize {
    (0..b.len() / 16)
        .find(|&n| {
            let at = b.len() - 16 * n;
            at >= 8 && i32_at(b, at - 4) == n as i32 && i32_at(b, at - 8) == 0
        })
        .unwrap()
}

/// Records of `id` found by scanning the bytes: an occurrence 36 bytes
/// after another is that record's skin ID (1.32+), not a record.
fn occurrences(b: &[u8], id: &[u8; 4]) -> usize {
    let at = |p: usize| b.get(p..p + 4) == Some(&id[..]);
    (0..b.len())
        .filter(|&p| at(p) && !(p >= 36 && at(p - 36)))
        .count()
}

#[test]
fn corpus_folder_doo_files() {
    let Some(dir) = corpus() else {
        eprintln!("no corpus: skipping");
        return;
    };
    let dir = dir.join("w3x/folder/map.w3x");
    let units = std::fs::read(dir.join(UNITS_FILE)).unwrap();
    let (u, w) = decode_units(&units, None).unwrap();
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(u.len(), i32_at(&units, 12) as usize);
    let slocs = u.iter().filter(|u| &u.id == b"sloc").count();
    assert_eq!(slocs, occurrences(&units, b"sloc"));
    assert!(slocs > 0);
    let doodads = std::fs::read(dir.join(DOODADS_FILE)).unwrap();
    let (d, s, w) = decode_doodads(&doodads, None).unwrap();
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(d.len(), i32_at(&doodads, 12) as usize);
    assert_eq!(s.len(), special_count_from_end(&doodads));
    // The skins layout is the same in both files of a map.
    assert_eq!(u[0].skin.is_some(), d[0].skin.is_some());
}

/// Every archive of the corpus: both doo files decode with `skins:
/// None`, to the end, with as many records as their headers say.
#[test]
fn corpus_archives_doo_files() {
    use crate::formats::mpq::Archive;
    use std::collections::BTreeMap;
    let Some(dir) = corpus() else {
        eprintln!("no corpus: skipping");
        return;
    };
    let mut paths = Vec::new();
    for sub in ["w3x/ladder", "w3x/war3net"] {
        for e in std::fs::read_dir(dir.join(sub)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|e| e == "w3x" || e == "w3m") {
                paths.push(p);
            }
        }
    }
    paths.sort();
    let mut layouts: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut failures = Vec::new();
    for p in &paths {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(p).unwrap();
        let archive = Archive::open(&bytes).unwrap();
        let mut key = String::new();
        if let Some(units) = archive.read(UNITS_FILE).unwrap() {
            match decode_units(&units, None) {
                Ok((u, w)) => {
                    assert_eq!(u.len(), i32_at(&units, 12) as usize, "{name}");
                    assert_eq!(
                        u.iter().filter(|u| &u.id == b"sloc").count(),
                        occurrences(&units, b"sloc"),
                        "{name}"
                    );
                    let skins = u.first().map(|u| u.skin.is_some());
                    key += &format!(
                        "units {}/{} skins {skins:?}",
                        i32_at(&units, 4),
                        i32_at(&units, 8)
                    );
                    if !w.is_empty() {
                        failures.push(format!("{name}: units warn {w:?}"));
                    }
                }
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        } else {
            key += "no units";
        }
        if let Some(doodads) = archive.read(DOODADS_FILE).unwrap() {
            match decode_doodads(&doodads, None) {
                Ok((d, s, w)) => {
                    assert_eq!(d.len(), i32_at(&doodads, 12) as usize, "{name}");
                    assert_eq!(s.len(), special_count_from_end(&doodads), "{name}");
                    let skins = d.first().map(|d| d.skin.is_some());
                    key += &format!(
                        "; doodads {}/{} skins {skins:?}{}",
                        i32_at(&doodads, 4),
                        i32_at(&doodads, 8),
                        if s.is_empty() {
                            ""
                        } else {
                            ", special doodads"
                        }
                    );
                    if !w.is_empty() {
                        failures.push(format!("{name}: doodads warn {w:?}"));
                    }
                }
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        } else {
            key += "; no doodads";
        }
        layouts.entry(key).or_default().push(name);
    }
    for (k, names) in &layouts {
        eprintln!("{:4} {k}", names.len());
        if names.len() <= 3 {
            eprintln!("     {names:?}");
        }
    }
    eprintln!("{} archives", paths.len());
    assert!(failures.is_empty(), "{failures:#?}");
}
