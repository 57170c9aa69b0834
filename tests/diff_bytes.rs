//! "Never silent" (issue 49): for every pair of versions in the corpus,
//! every differing byte of every file inside is covered by a change the
//! report names (the file's `named` spans, each named by a line the
//! report holds) or lies in a listed byte range. "Differing" is read here,
//! from the files themselves, as DESIGN.md's "Diffs" reads it: the w3i
//! field by field, the doo files and minimap icons record by record, the
//! terrain header field by field and its tilepoints record by record, any
//! other file byte by byte.

mod common;

use common::corpus_dir;
use common::versions::version_pairs;
use mapscope::diff::cover::within;
use mapscope::diff::report::{object_line, text};
use mapscope::diff::{Change, FileDiff, MapDiff};
use mapscope::formats::mpq::Archive;
use mapscope::formats::w3e::decode_terrain_spans;
use mapscope::formats::w3x::doo::{decode_doodads_spans, decode_units_spans};
use mapscope::formats::w3x::icons::{decode_icons, ICON_SIZE};
use mapscope::formats::w3x::info::decode_info_spans;
use mapscope::formats::w3x::strings::Strings;
use mapscope::formats::LoadOptions;
use mapscope::open_diff::compare_paths;
use std::collections::BTreeSet;
use std::path::Path;

/// A differing span: of the new file (`true`) or the old one.
type Unit = (bool, [u64; 2]);

fn bytes(b: &[u8], r: [u64; 2]) -> &[u8] {
    &b[r[0] as usize..r[1] as usize]
}

/// Bytes compared in place, and the longer file's tail.
fn in_place(old: &[u8], new: &[u8], out: &mut Vec<Unit>) {
    let common = old.len().min(new.len());
    for i in (0..common).filter(|&i| old[i] != new[i]) {
        out.push((true, [i as u64, i as u64 + 1]));
    }
    if new.len() > common {
        out.push((true, [common as u64, new.len() as u64]));
    }
    if old.len() > common {
        out.push((false, [common as u64, old.len() as u64]));
    }
}

/// Spans named alike on both sides whose bytes differ; a span one side
/// lacks is of that side.
fn by_name(
    old: &[u8],
    new: &[u8],
    os: &[(String, [u64; 2])],
    ns: &[(String, [u64; 2])],
) -> Vec<Unit> {
    let mut out = Vec::new();
    for (k, r) in ns {
        match os.iter().find(|s| &s.0 == k) {
            Some((_, q)) if bytes(old, *q) == bytes(new, *r) => {}
            _ => out.push((true, *r)),
        }
    }
    for (k, q) in os {
        if !ns.iter().any(|s| &s.0 == k) {
            out.push((false, *q));
        }
    }
    out
}

/// Records whose bytes the other side lacks, both sides.
fn records(old: &[u8], new: &[u8], os: &[[u64; 2]], ns: &[[u64; 2]]) -> Vec<Unit> {
    let mut out = Vec::new();
    for (a, b, rs, side) in [(old, new, ns, true), (new, old, os, false)] {
        let others: Vec<[u64; 2]> = if side { os.to_vec() } else { ns.to_vec() };
        let there: BTreeSet<&[u8]> = others.iter().map(|r| bytes(a, *r)).collect();
        out.extend(
            rs.iter()
                .filter(|r| !there.contains(bytes(b, **r)))
                .map(|r| (side, *r)),
        );
    }
    out
}

/// The differing spans of a file, as its kind reads it.
fn differing(name: &str, old: &[u8], new: &[u8]) -> Vec<Unit> {
    let mut out = Vec::new();
    match name.to_ascii_lowercase().as_str() {
        "war3map.w3i" => {
            let s = Strings::default();
            let (_, _, os) = decode_info_spans(old, &s).unwrap();
            let (_, _, ns) = decode_info_spans(new, &s).unwrap();
            out = by_name(old, new, &os, &ns);
        }
        "war3map.w3e" => {
            let (a, sa) = decode_terrain_spans(old).unwrap();
            let (b, sb) = decode_terrain_spans(new).unwrap();
            let name = |h: &[(&str, [u64; 2])]| {
                h.iter()
                    .map(|(k, r)| (k.to_string(), *r))
                    .collect::<Vec<_>>()
            };
            out = by_name(old, new, &name(&sa.header), &name(&sb.header));
            for y in 0..a.height.max(b.height) {
                for x in 0..a.width.max(b.width) {
                    let (i, j) = ((y * a.width + x) as usize, (y * b.width + x) as usize);
                    let (ina, inb) = (x < a.width && y < a.height, x < b.width && y < b.height);
                    match (ina, inb) {
                        (true, true)
                            if bytes(old, sa.tilepoint(i)) == bytes(new, sb.tilepoint(j)) => {}
                        (_, true) => out.push((true, sb.tilepoint(j))),
                        (true, false) => out.push((false, sa.tilepoint(i))),
                        _ => {}
                    }
                }
            }
            let (oe, ne) = (
                sa.tilepoint(a.tilepoints.len())[0],
                sb.tilepoint(b.tilepoints.len())[0],
            );
            if old[oe as usize..] != new[ne as usize..] {
                let (o, n) = ([oe, old.len() as u64], [ne, new.len() as u64]);
                out.extend(
                    [(true, n), (false, o)]
                        .into_iter()
                        .filter(|u| u.1[0] < u.1[1]),
                );
            }
        }
        doo @ ("war3map.doo" | "war3mapunits.doo") => {
            let spans = |b: &[u8]| match doo {
                "war3map.doo" => decode_doodads_spans(b, None).unwrap().1,
                _ => decode_units_spans(b, None).unwrap().2,
            };
            out = records(old, new, &spans(old), &spans(new));
            in_place(&old[..16], &new[..16], &mut out);
        }
        "war3map.mmp" => {
            let (a, b) = (
                decode_icons(old).unwrap().len(),
                decode_icons(new).unwrap().len(),
            );
            in_place(&old[..8], &new[..8], &mut out);
            let r = |i: usize| [8 + i as u64 * ICON_SIZE, 8 + (i as u64 + 1) * ICON_SIZE];
            for i in 0..a.max(b) {
                match (i < a, i < b) {
                    (true, true) if bytes(old, r(i)) == bytes(new, r(i)) => {}
                    (true, true) => out.extend([(true, r(i)), (false, r(i))]),
                    (false, true) => out.push((true, r(i))),
                    _ => out.push((false, r(i))),
                }
            }
        }
        _ => in_place(old, new, &mut out),
    }
    out
}

/// Each of the file's differing spans under a named change or listed;
/// each named change a line of the report. Why not, where not.
fn covered(f: &FileDiff, old: &[u8], new: &[u8], d: &MapDiff, report: &str) -> Result<(), String> {
    let lines: BTreeSet<String> = d.objects.iter().map(object_line).collect();
    for n in &f.named {
        if !report.contains(&n.what) && !lines.contains(&n.what) {
            return Err(format!("{}: {:?} is not in the report", f.name, n.what));
        }
    }
    for (side, r) in differing(&f.name, old, new) {
        let named = f
            .named
            .iter()
            .any(|n| within(if side { &n.new } else { &n.old }, r));
        let listed = match side {
            true => within(&f.ranges, r),
            // A file read byte by byte lists the old file's tail with the rest.
            false => within(&f.old_ranges, r) || within(&f.ranges, r),
        };
        if !named && !listed {
            let side = if side { "new" } else { "old" };
            return Err(format!(
                "{}: {side} bytes {r:?} differ, neither named nor listed",
                f.name
            ));
        }
    }
    let listed = !f.ranges.is_empty() || !f.old_ranges.is_empty();
    if f.explained == listed || f.range_count as usize != f.ranges.len() + f.old_ranges.len() {
        return Err(format!(
            "{}: explained {} with {} ranges listed",
            f.name, f.explained, f.range_count
        ));
    }
    Ok(())
}

/// A file that changed, with its bytes on both sides.
type Changed = (FileDiff, Vec<u8>, Vec<u8>);

/// A pair's diff, its report, and each file that changed.
fn changed_files(old: &Path, new: &Path) -> (MapDiff, String, Vec<Changed>) {
    let d = compare_paths(old, new, &LoadOptions::default()).unwrap();
    let report = text(&d, "old", "new");
    let (ob, nb) = (std::fs::read(old).unwrap(), std::fs::read(new).unwrap());
    let (oa, na) = (Archive::open(&ob).unwrap(), Archive::open(&nb).unwrap());
    let files = d
        .files
        .iter()
        .filter(|f| f.change == Change::Changed)
        .map(|f| {
            let (Ok(Some(o)), Ok(Some(n))) = (oa.read(&f.name), na.read(&f.name)) else {
                panic!("{}: {} cannot be read on a side", new.display(), f.name);
            };
            (f.clone(), o.to_vec(), n.to_vec())
        })
        .collect();
    (d, report, files)
}

/// Every corpus pair: each file that differs, byte by byte. Dropping a
/// named change's spans makes the check fail.
#[test]
fn every_differing_byte_is_named_or_listed() {
    let Some(dir) = corpus_dir() else { return };
    let pairs = version_pairs(&dir);
    assert!(pairs.len() >= 9, "{pairs:?}");
    let (mut files, mut spans_dropped) = (0, 0);
    for (old, new) in &pairs {
        let (d, report, changed) = changed_files(old, new);
        let at = new.display();
        for (f, o, n) in &changed {
            files += 1;
            if let Err(e) = covered(f, o, n, &d, &report) {
                panic!("{at}: {e}");
            }
            if f.named.iter().any(|n| !n.new.is_empty()) {
                let mut dropped = f.clone();
                dropped.named.clear();
                assert!(
                    covered(&dropped, o, n, &d, &report).is_err(),
                    "{at}: {}",
                    f.name
                );
                spans_dropped += 1;
            }
        }
    }
    assert!(
        files >= 50 && spans_dropped >= 20,
        "{files} files, {spans_dropped} named"
    );
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

/// A placed-objects file saved by another editor version (TFT beta 299 ->
/// 302, ROC beta 103 -> 110) has every record rewritten: the report says
/// so in a note, and the note names those bytes, so the file is explained
/// (its records' bytes were put down to renumbered objects before, its
/// header left as two overlapping ranges). No file's listed ranges
/// overlap, in any pair.
#[test]
fn a_doo_file_saved_in_another_format_is_named_by_a_note() {
    let Some(dir) = corpus_dir() else { return };
    let mut rewritten = 0;
    for (old, new) in &version_pairs(&dir) {
        let (_, report, changed) = changed_files(old, new);
        let at = new.display();
        for (f, o, n) in &changed {
            for list in [&f.ranges, &f.old_ranges] {
                for w in list.windows(2) {
                    assert!(w[0][1] < w[1][0], "{at}: {} ranges {list:?}", f.name);
                }
            }
            if !f.name.to_ascii_lowercase().ends_with(".doo") {
                continue;
            }
            if o[4..12] == n[4..12] {
                continue;
            }
            rewritten += 1;
            let note = format!("{} was saved in another format", f.name);
            assert!(
                report.contains(&note),
                "{at}: no note for {}\n{report}",
                f.name
            );
            assert!(f.explained, "{at}: {} {f:?}", f.name);
            assert!(
                f.named.iter().any(|n| n.what.starts_with(&note)),
                "{at}: {}",
                f.name
            );
        }
    }
    assert!(
        rewritten >= 4,
        "{rewritten} doo files saved in another format"
    );
}

/// Every placed-objects file that differs in any corpus pair is explained
/// byte for byte: each record under the object the report names, a
/// removal included, and a tree whose scale the editor re-saved in its
/// last bits (Turtle Rock's LTlt at (-3008, -4288), 0.9293009 -> 0.9293)
/// under the line that counts such slight changes.
#[test]
fn every_placed_objects_file_is_explained_in_every_pair() {
    let Some(dir) = corpus_dir() else { return };
    let mut files = 0;
    for (old, new) in &version_pairs(&dir) {
        let (_, report, changed) = changed_files(old, new);
        for (f, _, _) in changed.iter().filter(|(f, _, _)| f.name.ends_with(".doo")) {
            files += 1;
            assert!(f.explained, "{}: {f:?}\n{report}", new.display());
        }
    }
    assert!(files >= 8, "{files} placed-objects files differ");
    let v = dir.join("versions");
    let tr = |c: &str| v.join(format!("TurtleRock_v2.0_{c}.w3x"));
    let (d, report, changed) = changed_files(&tr("2025-09-07_83da33d"), &tr("2025-10-04_97880cf"));
    let (doo, ..) = changed
        .iter()
        .find(|(f, ..)| f.name == "war3map.doo")
        .unwrap();
    let removed = d
        .objects
        .iter()
        .find(|o| o.change == Change::Removed)
        .unwrap();
    let line = object_line(removed);
    let named = doo.named.iter().find(|n| n.what == line).expect(&line);
    // The removed record: 54 bytes of the old file, where it was.
    assert_eq!(named.old, [[0x1ce04, 0x1ce3a]], "{report}");
    let slight = doo
        .named
        .iter()
        .find(|n| n.what.contains("scaled by less"))
        .unwrap();
    assert_eq!(slight.new, [[0xb326, 0xb35c]], "{report}");
    assert!(
        report.contains("1 tree moved, raised, turned or scaled"),
        "{report}"
    );
}
