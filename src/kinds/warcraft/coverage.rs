//! Which differing bytes of a Warcraft III map's files the diff names,
//! for the files it can account for byte by byte: the terrain header
//! field by field and tilepoint by tilepoint (`terrain::cover`), the w3i
//! field by field (each field's span, as its decoder found it, under the
//! name its change is given), the pathing map cell by cell, the minimap
//! icons and the placed objects record by record. Each differing span is
//! put under the change that names it, as the report words it; what no
//! named change covers is left as byte ranges, so that a file is
//! "explained" only when every byte that differs is.

use super::objects_diff::GROUND;
use super::pairing::STAYED;
use crate::diff::cover::Coverage;
use crate::diff::report::{object_line, slight_line};
use crate::diff::{Change, MapDiff, ObjectChange};
use crate::formats::w3x::doo::{
    decode_doodads_spans, decode_units_spans, DOODADS_FILE, UNITS_FILE,
};
use crate::formats::w3x::icons::{decode_icons, ICON_SIZE};
use crate::formats::w3x::info::decode_info_spans;
use crate::formats::w3x::pathing::decode_pathing;
use crate::formats::w3x::strings::Strings;
use crate::store::terrain::id_string;
use std::collections::{HashMap, HashSet};

/// `name`'s differing bytes under the changes in `d` that name them, and
/// those none names; `None` for a file not accounted for byte by byte, or
/// one a side cannot decode.
pub fn unexplained(name: &str, old: &[u8], new: &[u8], d: &MapDiff) -> Option<Coverage> {
    match name.to_ascii_lowercase().as_str() {
        "war3map.w3e" => crate::kinds::terrain::cover::cover(old, new, d),
        "war3map.w3i" => info(old, new, d),
        "war3map.wpm" => pathing(old, new, d),
        "war3map.mmp" => icons(old, new, d),
        "war3mapunits.doo" => objects(old, new, d, true),
        "war3map.doo" => objects(old, new, d, false),
        _ => None,
    }
}

/// The note a diff gives a placed-objects file saved in another format
/// (its version and subversion, bytes 4..12, differ: an editor of another
/// game version rewrote every record, so their bytes differ where nothing
/// in the map did); `None` for any other file, or the same format.
pub fn format_note(name: &str, old: &[u8], new: &[u8]) -> Option<String> {
    if ![UNITS_FILE, DOODADS_FILE]
        .iter()
        .any(|f| name.eq_ignore_ascii_case(f))
    {
        return None;
    }
    let format = |b: &[u8]| -> Option<[u32; 2]> {
        let word = |at: usize| Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?));
        Some([word(4)?, word(8)?])
    };
    let (a, b) = (format(old)?, format(new)?);
    (a != b).then(|| {
        format!(
            "{name} was saved in another format (version {} subversion {} -> version {} subversion {}): every record is written anew, and objects are compared by what they hold",
            a[0], a[1], b[0], b[1]
        )
    })
}

/// The w3i's fields aligned by name: one whose bytes differ must be a
/// change the report names. A field only one side has (another version,
/// a player more) is covered by the change of the count or version.
fn info(old: &[u8], new: &[u8], d: &MapDiff) -> Option<Coverage> {
    let strings = Strings::default();
    let (_, _, a) = decode_info_spans(old, &strings).ok()?;
    let (_, _, b) = decode_info_spans(new, &strings).ok()?;
    let named: HashSet<&str> = d.metadata.iter().map(|f| f.field.as_str()).collect();
    let counts = ["info version", "players", "forces"];
    let layout = counts.iter().find(|c| named.contains(*c));
    let find = |spans: &[(String, [u64; 2])], k: &str| spans.iter().find(|s| s.0 == k).map(|s| s.1);
    let bytes =
        |file: &[u8], r: [u64; 2]| file.get(r[0] as usize..r[1] as usize).map(<[u8]>::to_vec);
    let mut c = Coverage::default();
    let mut seen = HashSet::new();
    for (k, _) in b.iter().chain(&a) {
        if !seen.insert(k.as_str()) {
            continue;
        }
        match (find(&a, k), find(&b, k)) {
            (Some(x), Some(y)) if bytes(old, x) == bytes(new, y) => {}
            (_, Some(y)) if named.contains(k.as_str()) => c.name(k, true, y),
            (Some(x), None) if named.contains(k.as_str()) => c.name(k, false, x),
            (Some(_), Some(y)) => c.leave(true, y),
            (x, y) => match (layout, y) {
                (Some(l), Some(y)) => c.name(l, true, y),
                (Some(l), None) => x.into_iter().for_each(|x| c.name(l, false, x)),
                (None, Some(y)) => c.leave(true, y),
                (None, None) => x.into_iter().for_each(|x| c.leave(false, x)),
            },
        }
    }
    Some(c.finish())
}

/// Every differing cell is counted by the pathing diff (cells of the
/// size both have; the others are the change of size, as the note says);
/// the header (magic, version, size) is named only by a change of size.
fn pathing(old: &[u8], new: &[u8], d: &MapDiff) -> Option<Coverage> {
    let (a, b) = (decode_pathing(old).ok()?, decode_pathing(new).ok()?);
    let mut c = Coverage::default();
    let resized = d
        .notes
        .iter()
        .find(|n| n.starts_with("the pathing maps differ in size"));
    let cells = d.pathing.as_ref().map(|p| p.head());
    if old.get(..16) != new.get(..16) {
        match resized {
            Some(n) => c.name(n, true, [0, 16]),
            None => c.leave(true, [0, 16]),
        }
    }
    let at = |w: u32, x: u32, y: u32| 16 + (y as u64 * w as u64 + x as u64);
    for y in 0..b.height {
        for x in 0..b.width {
            let r = at(b.width, x, y);
            let why = match x < a.width && y < a.height {
                true if old.get(at(a.width, x, y) as usize) == new.get(r as usize) => continue,
                true => cells.as_deref(),
                false => resized.map(String::as_str),
            };
            match why {
                Some(w) => c.name(w, true, [r, r + 1]),
                None => c.leave(true, [r, r + 1]),
            }
        }
    }
    Some(c.finish())
}

/// The note the report gives minimap icons listed in another order.
pub fn reordered_note(n: usize) -> String {
    format!("{n} minimap icons are listed in another order (the same icons): not listed")
}

/// Icon records that differ from the other side's at the same place in
/// the list must be icons the report lists, at their place on that side,
/// or the same icon listed elsewhere (the note on icons reordered); the
/// count is covered by an icon added or removed.
fn icons(old: &[u8], new: &[u8], d: &MapDiff) -> Option<Coverage> {
    let (a, b) = (decode_icons(old).ok()?, decode_icons(new).ok()?);
    let listed: Vec<&ObjectChange> = d
        .objects
        .iter()
        .filter(|o| o.kind.ends_with("icon"))
        .collect();
    let reordered = d
        .notes
        .iter()
        .find(|n| n.contains("minimap icons are listed in another order"));
    let record = |file: &[u8], i: usize| {
        let s = 8 + i * ICON_SIZE as usize;
        file.get(s..s + ICON_SIZE as usize).map(<[u8]>::to_vec)
    };
    let olds: Vec<_> = (0..a.len()).filter_map(|i| record(old, i)).collect();
    let news: Vec<_> = (0..b.len()).filter_map(|i| record(new, i)).collect();
    let mut c = Coverage::default();
    let added_or_removed = listed
        .iter()
        .find(|o| matches!(o.change, Change::Added | Change::Removed));
    if old.get(..8) != new.get(..8) {
        match added_or_removed {
            Some(o) => c.name(&object_line(o), true, [0, 8]),
            None => c.leave(true, [0, 8]),
        }
    }
    let sides = [(&b, &news, &olds, true), (&a, &olds, &news, false)];
    for (icons, these, others, new_side) in sides {
        for (j, icon) in icons.iter().enumerate() {
            if others.get(j) == these.get(j) {
                continue;
            }
            let s = 8 + j as u64 * ICON_SIZE;
            let r = [s, s + ICON_SIZE];
            let at = |o: &&&ObjectChange| {
                let p = if new_side { o.new } else { o.old };
                p.is_some_and(|p| p[0] == icon.x as f32 && p[1] == icon.y as f32)
            };
            match listed.iter().find(at) {
                Some(o) => c.name(&object_line(o), new_side, r),
                None if these.get(j).is_some_and(|t| others.contains(t)) && reordered.is_some() => {
                    c.name(reordered.map_or("", |n| n.as_str()), new_side, r)
                }
                None => c.leave(new_side, r),
            }
        }
    }
    Some(c.finish())
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

/// Why a record whose bytes the other side lacks is not listed: it has a
/// twin there (same type, within the editor's step) that differs only as
/// the report counts without listing: a slight change of its kind (the
/// folded line), the 2002 editor's ground z (the note), or another
/// creation number (the note).
fn twin_reason(
    r: &Record,
    other: &[Record],
    d: &MapDiff,
    format: Option<&String>,
) -> Option<String> {
    let noted = |what: &str| d.notes.iter().find(|n| n.contains(what)).cloned();
    let (ground, renumbered) = (noted("on the ground"), noted("creation numbers"));
    let slight = d
        .slight
        .iter()
        .find(|(k, _)| k == r.kind)
        .map(|(k, n)| slight_line(k, *n));
    other.iter().find_map(|q| {
        let near = (q.at[0] - r.at[0]).abs() < STAYED && (q.at[1] - r.at[1]).abs() < STAYED;
        if q.id != r.id || !near {
            return None;
        }
        let on_ground = q.at[2] == GROUND || r.at[2] == GROUND;
        let ground = ground.clone().filter(|_| on_ground);
        // The same object where it was, in the other format's record.
        let rewritten = format.cloned().filter(|_| q.at == r.at);
        let same = renumbered.clone().filter(|_| q.at == r.at);
        slight.clone().or(ground).or(rewritten).or(same)
    })
}

/// A record whose bytes the other side lacks must be an object the report
/// lists at its place on that side, or one whose twin differs only as the
/// report counts without listing ([`twin_reason`]). The rest of the file
/// (headers, counts) is covered by an object added or removed; a file
/// saved in another version shows its version bytes.
fn objects(old: &[u8], new: &[u8], d: &MapDiff, units: bool) -> Option<Coverage> {
    let (a, b) = (records(old, units)?, records(new, units)?);
    let relaid = old.get(4..12) != new.get(4..12);
    // The note `explain` added for a file saved in another format.
    let format = format_note(if units { UNITS_FILE } else { DOODADS_FILE }, old, new)
        .and_then(|note| d.notes.iter().find(|n| **n == note));
    // The report's objects by kind, id and x, y, each side's (the first
    // listed where several are the same): a record looks its own up, as
    // scanning the list a record was most of a diff of a redrawn forest.
    let index = |new_side: bool| {
        let mut by: HashMap<(&str, &str, [u32; 2]), &ObjectChange> = HashMap::new();
        for o in &d.objects {
            let p = if new_side { o.new } else { o.old };
            if let Some(at) = p.and_then(place_key) {
                by.entry((o.kind, o.id.as_str(), at)).or_insert(o);
            }
        }
        by
    };
    let by_side = [index(false), index(true)];
    let listed = |r: &Record, new_side: bool| {
        let at = place_key(r.at)?;
        let id = id_string(&r.id);
        by_side[new_side as usize]
            .get(&(r.kind, id.as_str(), at))
            .copied()
    };
    let mut c = Coverage::default();
    for (side, other, new_side) in [(&b, &a, true), (&a, &b, false)] {
        let there: HashSet<&[u8]> = other.iter().map(|r| r.bytes).collect();
        for r in side.iter().filter(|r| !there.contains(r.bytes)) {
            match listed(r, new_side) {
                Some(o) => c.name(&object_line(o), new_side, r.span),
                None => match twin_reason(r, other, d, format) {
                    Some(why) => c.name(&why, new_side, r.span),
                    None => c.leave(new_side, r.span),
                },
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
        .find(|o| matches!(o.change, Change::Added | Change::Removed));
    // Between the records (the header, the counts), with the version
    // and subversion set apart: a format's own, or a count's that an
    // object added or removed explains.
    let mut between = [gaps(old, &a), gaps(new, &b)];
    for g in &mut between {
        if let Some(version) = g.get_mut(4..12) {
            version.fill(0);
        }
    }
    if between[0] != between[1] {
        // The header but its version bytes where those are the note's.
        let header = if relaid { [12, 16] } else { [0, 16] };
        match counted {
            Some(o) => c.name(&object_line(o), true, header),
            None => c.leave(true, header),
        }
    }
    if relaid {
        match format {
            Some(note) => c.name(note, true, [4, 12]),
            None => c.leave(true, [4, 12]),
        }
    }
    Some(c.finish())
}

/// A position's x and y as a key that is equal where they compare equal
/// (0 and -0 alike); none where either is not a number.
fn place_key(p: [f32; 3]) -> Option<[u32; 2]> {
    let bits = |v: f32| match v {
        v if v.is_nan() => None,
        0.0 => Some(0),
        v => Some(v.to_bits()),
    };
    Some([bits(p[0])?, bits(p[1])?])
}

#[cfg(test)]
mod tests {
    use super::format_note;

    fn header(version: u32, subversion: u32) -> Vec<u8> {
        let mut h = b"W3do".to_vec();
        for v in [version, subversion, 0] {
            h.extend_from_slice(&v.to_le_bytes());
        }
        h
    }

    /// Only a placed-objects file whose version or subversion differs gets
    /// the note, naming both.
    #[test]
    fn a_format_note_for_doo_files_of_another_version() {
        let (roc, tft) = (header(7, 9), header(8, 11));
        let note = format_note("war3map.doo", &roc, &tft).unwrap();
        assert!(
            note.contains("version 7 subversion 9 -> version 8 subversion 11"),
            "{note}"
        );
        assert!(format_note("war3mapUnits.doo", &tft, &tft).is_none());
        assert!(format_note("war3map.w3i", &roc, &tft).is_none());
        assert!(
            format_note("war3map.doo", &roc[..6], &tft).is_none(),
            "too short to tell"
        );
    }
}
