//! Which differing bytes of a Warcraft III map's files the diff names,
//! for the files it can account for byte by byte: the w3i field by field
//! (each field's span, as its decoder found it, under the name its change
//! is given), the pathing map cell by cell and the minimap icons record
//! by record. What no named change covers is returned as byte ranges, so
//! that a file is "explained" only when every byte that differs is.

use super::objects_diff::GROUND;
use super::pairing::STAYED;
use crate::diff::{Change, MapDiff};
use crate::formats::w3x::doo::{decode_doodads_spans, decode_units_spans};
use crate::formats::w3x::icons::{decode_icons, ICON_SIZE};
use crate::formats::w3x::info::decode_info_spans;
use crate::formats::w3x::pathing::decode_pathing;
use crate::formats::w3x::strings::Strings;
use crate::store::terrain::id_string;
use std::collections::HashSet;

/// The byte ranges (`[start, end)`, the new file's offsets, or the old
/// file's for what only the old one holds) of `name`'s differences that no change in `d` names; `None` for
/// a file not accounted for byte by byte, or one a side cannot decode.
pub fn unexplained(name: &str, old: &[u8], new: &[u8], d: &MapDiff) -> Option<Vec<[u64; 2]>> {
    match name.to_ascii_lowercase().as_str() {
        "war3map.w3i" => info(old, new, d),
        "war3map.wpm" => pathing(old, new),
        "war3map.mmp" => icons(old, new, d),
        "war3mapunits.doo" => objects(old, new, d, true),
        "war3map.doo" => objects(old, new, d, false),
        _ => None,
    }
}

/// The w3i's fields aligned by name: one whose bytes differ must be a
/// change the report names. A field only one side has (another version,
/// a player more) is covered by the change of the count or version.
fn info(old: &[u8], new: &[u8], d: &MapDiff) -> Option<Vec<[u64; 2]>> {
    let strings = Strings::default();
    let (_, _, a) = decode_info_spans(old, &strings).ok()?;
    let (_, _, b) = decode_info_spans(new, &strings).ok()?;
    let named: HashSet<&str> = d.metadata.iter().map(|f| f.field.as_str()).collect();
    let counts = ["info version", "players", "forces"];
    let layout_changed = counts.iter().any(|c| named.contains(c));
    let find = |spans: &[(String, [u64; 2])], k: &str| spans.iter().find(|s| s.0 == k).map(|s| s.1);
    let bytes =
        |file: &[u8], r: [u64; 2]| file.get(r[0] as usize..r[1] as usize).map(<[u8]>::to_vec);
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for (k, _) in b.iter().chain(&a) {
        if !seen.insert(k.as_str()) || named.contains(k.as_str()) {
            continue;
        }
        match (find(&a, k), find(&b, k)) {
            (Some(x), Some(y)) if bytes(old, x) != bytes(new, y) => out.push(y),
            (Some(_), Some(_)) => {}
            (x, y) if !layout_changed => out.extend(y.or(x)),
            _ => {}
        }
    }
    out.sort_unstable();
    Some(out)
}

/// Every differing cell is counted by the pathing diff (cells of the
/// size both have); the header (magic, version, size) is not, where the
/// size is the same.
fn pathing(old: &[u8], new: &[u8]) -> Option<Vec<[u64; 2]>> {
    let (a, b) = (decode_pathing(old).ok()?, decode_pathing(new).ok()?);
    let header_differs = old.get(..16) != new.get(..16);
    let same_size = (a.width, a.height) == (b.width, b.height);
    Some(match header_differs && same_size {
        true => vec![[0, 16]],
        false => Vec::new(),
    })
}

/// Icon records that differ must be icons the report lists, at their
/// place on that side; the count is covered by an icon added or removed.
fn icons(old: &[u8], new: &[u8], d: &MapDiff) -> Option<Vec<[u64; 2]>> {
    let (a, b) = (decode_icons(old).ok()?, decode_icons(new).ok()?);
    let listed: Vec<_> = d
        .objects
        .iter()
        .filter(|o| o.kind.ends_with("icon"))
        .collect();
    let at = |p: Option<[f32; 3]>, x: u32, y: u32| {
        p.is_some_and(|p| p[0] == x as f32 && p[1] == y as f32)
    };
    let record = |file: &[u8], i: usize| {
        let s = 8 + i * ICON_SIZE as usize;
        file.get(s..s + ICON_SIZE as usize).map(<[u8]>::to_vec)
    };
    let olds: Vec<_> = (0..a.len()).filter_map(|i| record(old, i)).collect();
    let news: Vec<_> = (0..b.len()).filter_map(|i| record(new, i)).collect();
    let mut out = Vec::new();
    let added_or_removed = listed
        .iter()
        .any(|o| matches!(o.change, Change::Added | Change::Removed));
    if old.get(..8) != new.get(..8) && !added_or_removed {
        out.push([0, 8]);
    }
    for (j, icon) in b.iter().enumerate() {
        let s = (8 + j as u64 * ICON_SIZE, 8 + (j as u64 + 1) * ICON_SIZE);
        let unchanged = olds.contains(&news[j]);
        if !unchanged && !listed.iter().any(|o| at(o.new, icon.x, icon.y)) {
            out.push([s.0, s.1]);
        }
    }
    for (i, icon) in a.iter().enumerate() {
        let s = (8 + i as u64 * ICON_SIZE, 8 + (i as u64 + 1) * ICON_SIZE);
        if !news.contains(&olds[i]) && !listed.iter().any(|o| at(o.old, icon.x, icon.y)) {
            out.push([s.0, s.1]);
        }
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}

/// One placed object's record, as the coverage needs it.
struct Record<'a> {
    kind: &'static str,
    id: [u8; 4],
    at: [f32; 3],
    span: [u64; 2],
    bytes: &'a [u8],
}

/// A doo file's records (units, or doodads then special doodads).
fn records(file: &[u8], units: bool) -> Option<Vec<Record<'_>>> {
    let placed: Vec<(&'static str, [u8; 4], [f32; 3])>;
    let spans;
    if units {
        let (list, _, s) = decode_units_spans(file, None).ok()?;
        let kind = |id: &[u8; 4]| {
            if id == b"sloc" {
                "start location"
            } else {
                "unit"
            }
        };
        placed = list
            .iter()
            .map(|u| (kind(&u.id), u.id, u.position))
            .collect();
        spans = s;
    } else {
        let ((list, special, _), s) = decode_doodads_spans(file, None).ok()?;
        let kind = |tree: bool| if tree { "tree" } else { "doodad" };
        let doodads = list.iter().map(|d| (kind(d.is_tree()), d.id, d.position));
        let at = |x: i32, y: i32| [x as f32, y as f32, 0.0];
        let special = special
            .iter()
            .map(|s| ("special doodad", s.id, at(s.x, s.y)));
        placed = doodads.chain(special).collect();
        spans = s;
    }
    let records = placed
        .into_iter()
        .zip(spans)
        .map(|((kind, id, at), span)| Record {
            kind,
            id,
            at,
            span,
            bytes: file
                .get(span[0] as usize..span[1] as usize)
                .unwrap_or_default(),
        });
    Some(records.collect())
}

/// A record whose bytes the other side lacks must be an object the report
/// lists at its place on that side, or one whose twin (same type, within
/// the editor's step) differs only as the report counts without listing:
/// a slight change of its kind, or the 2002 editor's ground z. The rest
/// of the file (headers, counts) is covered by an object added or removed.
fn objects(old: &[u8], new: &[u8], d: &MapDiff, units: bool) -> Option<Vec<[u64; 2]>> {
    let (a, b) = (records(old, units)?, records(new, units)?);
    let noted = |what: &str| d.notes.iter().any(|n| n.contains(what));
    let (ground, renumbered) = (noted("on the ground"), noted("creation numbers"));
    // Another version of the file: records differ in layout, so a record
    // is compared as the diff decoded it (same type, same place).
    let relaid = old.get(4..12) != new.get(4..12);
    let slight = |kind: &str| d.slight.iter().any(|(k, _)| k == kind);
    let listed = |r: &Record, new_side: bool| {
        d.objects.iter().any(|o| {
            let p = if new_side { o.new } else { o.old };
            o.kind == r.kind
                && o.id == id_string(&r.id)
                && p.is_some_and(|p| p[0] == r.at[0] && p[1] == r.at[1])
        })
    };
    let twin = |r: &Record, other: &[Record]| {
        other.iter().any(|q| {
            let near = (q.at[0] - r.at[0]).abs() < STAYED && (q.at[1] - r.at[1]).abs() < STAYED;
            let on_ground = ground && (q.at[2] == GROUND || r.at[2] == GROUND);
            let same = q.at == r.at && (renumbered || relaid);
            q.id == r.id && near && (slight(r.kind) || on_ground || same)
        })
    };
    let mut out = Vec::new();
    for (side, other, new_side) in [(&b, &a, true), (&a, &b, false)] {
        let there: HashSet<&[u8]> = other.iter().map(|r| r.bytes).collect();
        for r in side.iter() {
            if !there.contains(r.bytes) && !listed(r, new_side) && !twin(r, other) {
                out.push(r.span);
            }
        }
    }
    let gaps = |file: &[u8], recs: &[Record]| {
        let mut rest = file.to_vec();
        for r in recs.iter().rev() {
            rest.drain(r.span[0] as usize..r.span[1] as usize);
        }
        rest
    };
    let counted = d
        .objects
        .iter()
        .any(|o| matches!(o.change, Change::Added | Change::Removed));
    if gaps(old, &a) != gaps(new, &b) && !counted {
        out.push([0, 16]);
    }
    if relaid {
        // The file's version and subversion: no change the report names.
        out.push([4, 12]);
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}
