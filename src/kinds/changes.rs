//! What changed between two maps: the one place that pairs two kinds
//! (a bare W3E terrain with a whole Warcraft III map's, say), each kind's
//! part worked out in its home (`kinds/*/diff.rs`), and the kinds' answers
//! the diff asks of a map's files and places.

use super::{cells, of, spawn_text, terrain, voxels, warcraft};
use crate::store::{Content, Map};

/// A map's spawn areas as one line, as the Spawns list words each.
fn spawn_list(m: &Map) -> String {
    let kind = of(m);
    let texts: Vec<String> = m
        .meta
        .spawns
        .iter()
        .map(|s| spawn_text(&*kind, s))
        .collect();
    texts.join("; ")
}

/// What changed from `old` to `new`, each kind's part worked out in its
/// home; `bytes_differ` and the files come from the containers
/// ([`crate::diff::files`]), which the caller compares.
pub fn diff(old: &Map, new: &Map) -> Result<crate::diff::MapDiff, crate::diff::DiffError> {
    use crate::diff::{field, MapDiff};
    let mut d = MapDiff::default();
    let m = &mut d.metadata;
    field(m, "format", old.format.label(), new.format.label());
    let text = |s: &Option<String>| s.clone().unwrap_or_default();
    field(m, "name", text(&old.meta.name), text(&new.meta.name));
    field(m, "author", text(&old.meta.author), text(&new.meta.author));
    match (&old.content, &new.content) {
        (Content::Voxels(a), Content::Voxels(b)) => {
            let light = a.fourth_byte == b.fourth_byte
                && a.fourth_byte == crate::store::voxels::FourthByte::Light;
            if a.dims() != b.dims() {
                let [w, l, h] = a.dims();
                let [x, y, z] = b.dims();
                d.notes.push(format!("the maps differ in size ({w} x {l} x {h} and {x} x {y} x {z}): the part both cover is compared"));
            }
            field(
                &mut d.metadata,
                "spawn areas",
                spawn_list(old),
                spawn_list(new),
            );
            let v = voxels::diff::compare(a, b, light);
            d.plays = "where each team can go on foot";
            let spawns_moved = d.metadata.iter().any(|f| f.field == "spawn areas");
            if v.columns_changed > 0 || spawns_moved {
                voxels::reach_diff::reach_diff(old, new, &mut d.fairness);
            }
            d.voxels = Some(v);
        }
        (Content::Terrain(a), Content::Terrain(b)) => {
            d.terrain = Some(terrain::diff::compare(a, b));
        }
        (Content::Cells(a), Content::Cells(b)) => {
            field(
                &mut d.metadata,
                "spawn areas",
                spawn_list(old),
                spawn_list(new),
            );
            cells::diff::compare(a, b, &mut d);
        }
        (Content::Warcraft(a), Content::Warcraft(b)) => warcraft::diff::compare(a, b, &mut d),
        // A bare terrain file and a whole map: their terrains.
        (Content::Terrain(a), Content::Warcraft(b)) => {
            d.notes
                .push("the old map is a bare war3map.w3e: only the terrains are compared".into());
            d.terrain = Some(terrain::diff::compare(a, &b.terrain));
        }
        (Content::Warcraft(a), Content::Terrain(b)) => {
            d.notes
                .push("the new map is a bare war3map.w3e: only the terrains are compared".into());
            d.terrain = Some(terrain::diff::compare(&a.terrain, b));
        }
        _ => {
            return Err(crate::diff::DiffError::DifferentKinds {
                old: old.format.label().to_string(),
                new: new.format.label().to_string(),
            })
        }
    }
    if let Some(t) = &d.terrain {
        if let Some(v) = t.header.iter().find(|h| h.field == "version") {
            let n = |v: &serde_json::Value| v.as_u64().unwrap_or(0) as u32;
            d.notes
                .push(terrain::cover::reencoded_note(n(&v.old), n(&v.new)));
        }
        if t.header.iter().any(|h| h.field == "tilepoints") {
            d.notes
                .push("the terrains differ in size: the tilepoints both have are compared".into());
        }
    }
    Ok(d)
}

/// Whether a part of `d` names the change of a map's internal file
/// `name` (a Warcraft III map's files that mapscope decodes).
pub fn diff_explains(name: &str, d: &crate::diff::MapDiff) -> bool {
    warcraft::diff::explains(name, d)
}

/// Which differing bytes of a map's internal file `name` (its `old` and
/// `new` bytes) each change in `d` names, and the rest, for the files a
/// kind accounts for byte by byte; `None` for the others.
pub fn diff_unexplained(
    name: &str,
    old: &[u8],
    new: &[u8],
    d: &crate::diff::MapDiff,
) -> Option<crate::diff::cover::Coverage> {
    warcraft::coverage::unexplained(name, old, new, d)
}

/// The note a diff gives file `name` for what its bytes say apart from
/// the map (another format of the same records), where its kind has one.
pub fn diff_file_note(name: &str, old: &[u8], new: &[u8]) -> Option<String> {
    warcraft::coverage::format_note(name, old, new)
}

/// Where `diff`'s changes lie on `map` (the new side), for pictures and
/// the viewer: each kind places its own regions and objects.
pub fn diff_marks(map: &Map, d: &crate::diff::MapDiff) -> Vec<crate::diff::Mark> {
    match &map.content {
        Content::Voxels(_) => voxels::diff::marks(d),
        Content::Terrain(t) => terrain::diff::marks(t, d),
        Content::Warcraft(w) => warcraft::diff::marks(w, d),
        Content::Cells(_) => cells::diff::marks(d),
    }
}
