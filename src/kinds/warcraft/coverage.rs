//! Which differing bytes of a Warcraft III map's files the diff names,
//! for the files it can account for byte by byte: the w3i field by field
//! (each field's span, as its decoder found it, under the name its change
//! is given), the pathing map cell by cell and the minimap icons record
//! by record. What no named change covers is returned as byte ranges, so
//! that a file is "explained" only when every byte that differs is.

use crate::diff::{Change, MapDiff};
use crate::formats::w3x::icons::{decode_icons, ICON_SIZE};
use crate::formats::w3x::info::decode_info_spans;
use crate::formats::w3x::pathing::decode_pathing;
use crate::formats::w3x::strings::Strings;
use std::collections::HashSet;

/// The byte ranges (`[start, end)`, the new file's offsets where it has
/// them) of `name`'s differences that no change in `d` names; `None` for
/// a file not accounted for byte by byte, or one a side cannot decode.
pub fn unexplained(name: &str, old: &[u8], new: &[u8], d: &MapDiff) -> Option<Vec<[u64; 2]>> {
    match name.to_ascii_lowercase().as_str() {
        "war3map.w3i" => info(old, new, d),
        "war3map.wpm" => pathing(old, new),
        "war3map.mmp" => icons(old, new, d),
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
