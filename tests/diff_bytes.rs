//! "Never silent" (issue 49): for every pair of versions in the corpus,
//! every file inside whose bytes differ is either explained by changes
//! the report names or shows its byte ranges; and in the w3i, read here
//! field by field, each field whose bytes differ is a change the report
//! names or lies in a listed range.

mod common;

use common::corpus_dir;
use common::versions::version_pairs;
use mapscope::diff::open::compare_paths;
use mapscope::diff::{Change, MapDiff};
use mapscope::formats::mpq::Archive;
use mapscope::formats::w3x::info::decode_info_spans;
use mapscope::formats::w3x::strings::Strings;
use mapscope::formats::LoadOptions;
use std::collections::BTreeSet;

#[test]
fn every_differing_byte_is_named_or_listed() {
    let Some(dir) = corpus_dir() else { return };
    let pairs = version_pairs(&dir);
    assert!(pairs.len() >= 9, "{pairs:?}");
    let mut infos = 0;
    for (old, new) in &pairs {
        let d = compare_paths(old, new, &LoadOptions::default()).unwrap();
        let at = new.display();
        for f in d.files.iter().filter(|f| f.change == Change::Changed) {
            assert!(
                f.explained || f.range_count > 0 || f.old_size.is_none(),
                "{at}: {} is neither explained nor shown by its bytes",
                f.name
            );
        }
        let (ob, nb) = (std::fs::read(old).unwrap(), std::fs::read(new).unwrap());
        let (oa, na) = (Archive::open(&ob).unwrap(), Archive::open(&nb).unwrap());
        doo_records_are_named_or_listed(&d, &oa, &na, &at.to_string());
        let (Some(ow), Some(nw)) = (
            oa.read("war3map.w3i").unwrap(),
            na.read("war3map.w3i").unwrap(),
        ) else {
            continue;
        };
        if ow == nw {
            continue;
        }
        infos += 1;
        let strings = Strings::default();
        let (_, _, os) = decode_info_spans(&ow, &strings).unwrap();
        let (_, _, ns) = decode_info_spans(&nw, &strings).unwrap();
        // The fields cover the whole file, one after another.
        for (spans, len) in [(&os, ow.len()), (&ns, nw.len())] {
            let ends: Vec<u64> = spans.iter().map(|s| s.1[1]).collect();
            let starts: Vec<u64> = spans.iter().map(|s| s.1[0]).collect();
            assert_eq!(starts[0], 0, "{at}");
            assert_eq!(starts[1..], ends[..ends.len() - 1], "{at}");
            assert_eq!(*ends.last().unwrap(), len as u64, "{at}");
        }
        let file = d
            .files
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case("war3map.w3i"))
            .unwrap();
        let named = |k: &str| d.metadata.iter().any(|m| m.field == k);
        let listed = |r: [u64; 2]| file.ranges.iter().any(|l| l[0] <= r[0] && r[1] <= l[1]);
        let count_changed = named("players") || named("forces") || named("info version");
        let mut differing = 0;
        for (k, nr) in &ns {
            let Some((_, or)) = os.iter().find(|s| &s.0 == k) else {
                assert!(
                    count_changed || listed(*nr),
                    "{at}: {k} only in the new w3i"
                );
                continue;
            };
            let bytes = |b: &[u8], r: [u64; 2]| b[r[0] as usize..r[1] as usize].to_vec();
            if bytes(&ow, *or) != bytes(&nw, *nr) {
                differing += 1;
                assert!(
                    named(k) || listed(*nr),
                    "{at}: w3i {k} differs, unnamed, unlisted"
                );
            }
        }
        assert!(differing > 0, "{at}: the w3i's bytes differ in some field");
    }
    // Every pair but one changes its w3i (saves at least).
    assert!(infos + 1 >= pairs.len(), "{infos} of {}", pairs.len());
}

/// Each doo record of the new file whose bytes the old one lacks is an
/// object the report lists at its place, or lies in a listed range, or
/// the report says why it is not listed (a note, a count of slight
/// changes).
fn doo_records_are_named_or_listed(d: &MapDiff, oa: &Archive, na: &Archive, at: &str) {
    use mapscope::formats::w3x::doo::{decode_doodads_spans, decode_units_spans};
    for name in ["war3mapUnits.doo", "war3map.doo"] {
        let (Some(ob), Some(nb)) = (oa.read(name).unwrap(), na.read(name).unwrap()) else {
            continue;
        };
        let Some(file) = d.files.iter().find(|f| f.name.eq_ignore_ascii_case(name)) else {
            assert_eq!(ob, nb, "{at}: {name} differs, not in the files");
            continue;
        };
        let spans = |b: &[u8]| match name {
            "war3map.doo" => decode_doodads_spans(b, None).unwrap().1,
            _ => decode_units_spans(b, None).unwrap().2,
        };
        let (os, ns) = (spans(&ob), spans(&nb));
        let bytes = |b: &[u8], r: [u64; 2]| b[r[0] as usize..r[1] as usize].to_vec();
        let old_records: BTreeSet<Vec<u8>> = os.iter().map(|r| bytes(&ob, *r)).collect();
        let quiet = !d.notes.is_empty() || !d.slight.is_empty();
        let listed = |r: [u64; 2]| file.ranges.iter().any(|l| l[0] <= r[0] && r[1] <= l[1]);
        let mut unmatched = 0;
        for r in &ns {
            if old_records.contains(&bytes(&nb, *r)) {
                continue;
            }
            unmatched += 1;
            let x = f32::from_le_bytes(
                nb[r[0] as usize + 8..r[0] as usize + 12]
                    .try_into()
                    .unwrap(),
            );
            let y = f32::from_le_bytes(
                nb[r[0] as usize + 12..r[0] as usize + 16]
                    .try_into()
                    .unwrap(),
            );
            let named = d
                .objects
                .iter()
                .any(|o| o.new.is_some_and(|p| p[0] == x && p[1] == y));
            let short = file.range_count as usize > file.ranges.len();
            assert!(
                named || listed(*r) || short || quiet,
                "{at}: {name} record at {r:?} ({x}, {y}) is neither listed nor named"
            );
        }
        // A file that differs has some record or header that does.
        assert!(
            unmatched > 0 || ob.len() != nb.len() || ob[..16] != nb[..16],
            "{at}: {name}"
        );
    }
}

/// The w3i's player settings are named: a change of a player's ally
/// priorities, flags or race is a named change, and the file is explained.
#[test]
fn player_settings_in_the_w3i_are_named() {
    use mapscope::formats::w3x::info::encode_info;
    let files = mapscope::samples::w3x_files(5);
    let w3i = &files.iter().find(|f| f.0 == "war3map.w3i").unwrap().1;
    let (info, _, spans) = decode_info_spans(w3i, &Strings::default()).unwrap();
    // Player 1's high ally priorities: set a bit there, in place.
    let (_, r) = spans
        .iter()
        .find(|s| s.0 == "player 1 ally priorities high")
        .unwrap()
        .clone();
    let mut changed = w3i.clone();
    changed[r[0] as usize] |= 2;
    let mut old_info = info.clone();
    old_info.other.clear();
    assert_eq!(
        encode_info(&old_info),
        *w3i,
        "the sample's w3i as mapscope writes it"
    );
    let dir = common::scratch_dir("diff-bytes", "players");
    let write = |name: &str, w3i: &[u8]| {
        let list: Vec<(&str, &[u8], _)> = files
            .iter()
            .map(|(n, b)| match *n {
                "war3map.w3i" => (*n, w3i, Default::default()),
                _ => (*n, b.as_slice(), Default::default()),
            })
            .collect();
        let bytes = mapscope::formats::mpq::write::write(&list, &Default::default());
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    let (a, b) = (write("old.w3x", w3i), write("new.w3x", &changed));
    let d = compare_paths(&a, &b, &LoadOptions::default()).unwrap();
    let fields: Vec<_> = d
        .metadata
        .iter()
        .map(|f| (f.field.as_str(), f.new.clone()))
        .collect();
    assert_eq!(
        fields,
        [("player 1 ally priorities high", serde_json::json!("2"))],
        "{:?}",
        d.metadata
    );
    let file = &d.files[0];
    assert!(file.explained && file.ranges.is_empty(), "{file:?}");
}
