//! The readable report of a [`MapDiff`], most important first: notes, map
//! information, objects, terrain or voxels or cells by region, pathing,
//! then the files whose bytes differ.

use super::files::RANGES;
use super::{Change, FieldChange, MapDiff, ObjectChange, Region};
use serde_json::Value;
use std::fmt::Write;

/// Objects and regions listed before the rest are only counted.
const LISTED: usize = 40;
const REGIONS: usize = 10;

fn value(v: &Value) -> String {
    match v {
        Value::String(s) if s.is_empty() => "(empty)".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// How the way the map plays changed (a Warcraft III map's fairness
/// table, a voxel map's reachability), as the text report and the picture
/// (`diff -o`) say it: a heading, then a change a line; none where
/// nothing changed.
pub fn fairness_lines(diff: &MapDiff) -> Vec<String> {
    if diff.fairness.is_empty() {
        return Vec::new();
    }
    // A voxel diff's lines are its reachability, the others' the fairness
    // table.
    let what = match diff.voxels {
        Some(_) => "where each team can go on foot",
        None => "fairness (ground distances, game units)",
    };
    let heading = format!("{what}: {} changed", diff.fairness.len());
    let lines = diff
        .fairness
        .iter()
        .map(|f| format!("    {}", field_line(f)));
    std::iter::once(heading).chain(lines).collect()
}

fn field_line(f: &FieldChange) -> String {
    format!("{}: {} -> {}", f.field, value(&f.old), value(&f.new))
}

fn position(p: [f32; 3]) -> String {
    let n = |v: f32| crate::kinds::reading::coordinate(v);
    format!("({}, {})", n(p[0]), n(p[1]))
}

/// "tree LTlt": what an object is.
pub fn object_title(o: &ObjectChange) -> String {
    match (o.id.is_empty(), o.name) {
        (true, _) => o.kind.to_string(),
        (false, Some(name)) if name != o.kind => format!("{} {} ({name})", o.kind, o.id),
        (false, _) => format!("{} {}", o.kind, o.id),
    }
}

/// Where an object is, in the file's coordinates: "(x, y)", or for a moved
/// one "(x, y) -> (x, y)".
pub fn object_place(o: &ObjectChange) -> String {
    match (o.change, o.old, o.new) {
        (Change::Moved, Some(a), Some(b)) => format!("{} -> {}", position(a), position(b)),
        (_, _, Some(p)) | (_, Some(p), None) => position(p),
        _ => String::new(),
    }
}

/// "1 change", "3 changes": `n` and the word `plural`, singular for one.
pub fn n_of(n: u64, plural: &str) -> String {
    match n {
        1 => format!("1 {}", plural.strip_suffix('s').unwrap_or(plural)),
        n => format!("{n} {plural}"),
    }
}

/// The line folding `n` objects of `kind` whose changes are below the
/// editor's step (and the name of the records it covers).
pub fn slight_line(kind: &str, n: u64) -> String {
    format!(
        "objects: {} moved, raised or turned by less than the editor can set (1/64 unit; an angle by whole turns), not listed",
        n_of(n, &format!("{kind}s"))
    )
}

/// An object's line in the report (and the name of the bytes it covers).
pub fn object_line(o: &ObjectChange) -> String {
    let (what, place) = (object_title(o), object_place(o));
    let mut line = format!("{:<8} {what} at {place}", o.change.id());
    if !o.fields.is_empty() {
        let fields: Vec<String> = o.fields.iter().map(field_line).collect();
        let _ = write!(line, "; {}", fields.join(", "));
    }
    line
}

/// How a region's corners are said: in its cells (`per` 1), or in tiles
/// of `per` cells each ("tiles x 105..107.25").
struct Unit<'a> {
    cells: &'a str,
    named: &'a str,
    per: u32,
}

impl<'a> Unit<'a> {
    fn new(cells: &'a str, named: &'a str, per: u32) -> Self {
        Unit { cells, named, per }
    }
}

fn regions(out: &mut String, regions: &[Region], unit: &Unit, what: &str) {
    let at = |v: u32| crate::kinds::reading::coordinate(v as f32 / unit.per as f32);
    for r in regions.iter().take(REGIONS) {
        let z = r.z.map_or(String::new(), |[a, b]| format!(", z {a}..{b}"));
        let _ = writeln!(
            out,
            "    {} x {}..{}, y {}..{}{z}: {} in {}",
            unit.named,
            at(r.min[0]),
            at(r.max[0]),
            at(r.min[1]),
            at(r.max[1]),
            n_of(r.count, what),
            n_of(r.cells, unit.cells)
        );
    }
    if regions.len() > REGIONS {
        let _ = writeln!(out, "    ... and {} more regions", regions.len() - REGIONS);
    }
}

fn counts(by: &[(&str, u64)]) -> String {
    by.iter()
        .map(|(f, n)| format!("{} {n}", f.replace('_', " ")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A grid's changes: `head` ("terrain: 24 tilepoints changed"), the counts
/// by field, the regions and where they are counted from (`at`), then the
/// largest regions in `unit`s.
fn section(
    out: &mut String,
    head: &str,
    by: &[(&str, u64)],
    list: &[Region],
    at: &str,
    unit: &Unit,
) {
    let _ = writeln!(
        out,
        "{head} ({}), in {}{at}",
        counts(by),
        n_of(list.len() as u64, "regions")
    );
    regions(out, list, unit, "changes");
}

/// The report of `diff` between maps named `old` and `new`.
pub fn text(diff: &MapDiff, old: &str, new: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "mapscope diff {old} {new}");
    if diff.same() {
        out.push_str("same: not a byte differs\n");
        return out;
    }
    if !diff.changed() {
        out.push_str("the bytes differ, but nothing mapscope reads changed: see the files below\n");
    }
    for n in &diff.notes {
        let _ = writeln!(out, "note: {n}");
    }
    if !diff.metadata.is_empty() {
        let _ = writeln!(out, "map information: {} changed", diff.metadata.len());
        for f in &diff.metadata {
            let _ = writeln!(out, "    {}", field_line(f));
        }
    }
    for line in fairness_lines(diff) {
        let _ = writeln!(out, "{line}");
    }
    if !diff.objects.is_empty() {
        let by: Vec<String> = [
            Change::Added,
            Change::Removed,
            Change::Moved,
            Change::Changed,
        ]
        .iter()
        .map(|&c| (c, diff.count(c)))
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| format!("{n} {}", c.id()))
        .collect();
        let _ = writeln!(out, "objects: {}", by.join(", "));
        for line in &diff.moved_alike {
            let _ = writeln!(out, "    {line}");
        }
        for o in diff.objects.iter().take(LISTED) {
            let _ = writeln!(out, "    {}", object_line(o));
        }
        if diff.objects.len() > LISTED {
            let _ = writeln!(
                out,
                "    ... and {} more (--json lists them all)",
                diff.objects.len() - LISTED
            );
        }
    }
    for (kind, n) in &diff.slight {
        let _ = writeln!(out, "{}", slight_line(kind, *n));
    }
    if let Some(t) = &diff.terrain {
        for f in &t.header {
            let _ = writeln!(out, "terrain {}", field_line(f));
        }
        if t.tilepoints_changed > 0 {
            let head = format!("terrain: {} tilepoints changed", t.tilepoints_changed);
            let at = " (tiles from the south-west)";
            let unit = Unit::new("tilepoints", "tiles", 1);
            section(&mut out, &head, &t.by_field, &t.regions, at, &unit);
        }
    }
    if let Some(v) = &diff.voxels {
        if v.columns_changed > 0 {
            let mut parts = vec![
                format!("{} added", v.added),
                format!("{} removed", v.removed),
                format!("{} recoloured", v.recoloured),
            ];
            if v.relit > 0 {
                parts.push(format!("{} relit", v.relit));
            }
            if v.material > 0 {
                parts.push(format!("{} changed material", v.material));
            }
            let _ = writeln!(
                out,
                "voxels: {}, in {} columns, {} regions",
                parts.join(", "),
                v.columns_changed,
                v.regions.len()
            );
            let unit = Unit::new("columns", "columns", 1);
            regions(&mut out, &v.regions, &unit, "voxels");
        }
    }
    if let Some(c) = diff.cells.as_ref().filter(|c| c.cells_changed > 0) {
        let head = format!("cells: {} changed", c.cells_changed);
        let unit = Unit::new("cells", "cells", 1);
        section(&mut out, &head, &c.by_field, &c.regions, "", &unit);
    }
    if let Some(p) = diff.pathing.as_ref().filter(|p| p.cells_changed > 0) {
        let head = format!("pathing: {} cells changed", p.cells_changed);
        // Cells are quarter tiles; said in tiles, as the terrain is.
        let at = " (tiles from the south-west; a cell is a quarter tile)";
        let unit = Unit::new("cells", "tiles", 4);
        section(&mut out, &head, &p.by_field, &p.regions, at, &unit);
    }
    if !diff.files.is_empty() {
        let _ = writeln!(out, "files whose bytes differ: {}", diff.files.len());
        for f in &diff.files {
            let size = |s: Option<u64>| s.map_or("-".to_string(), |s| s.to_string());
            let mut line = format!(
                "    {:<8} {} ({} -> {} bytes)",
                f.change.id(),
                f.name,
                size(f.old_size),
                size(f.new_size)
            );
            if !f.explained && f.range_count > 0 {
                let both = f.ranges.iter().map(|r| ("", r));
                let both = both.chain(f.old_ranges.iter().map(|r| ("old ", r)));
                let r: Vec<String> = both
                    .take(RANGES)
                    .map(|(side, [a, b])| format!("{side}{a:#x}..{b:#x}"))
                    .collect();
                let more = match f.range_count as usize > r.len() {
                    true => format!(" and {} more", f.range_count as usize - r.len()),
                    false => String::new(),
                };
                let _ = write!(line, "; bytes {}{more}", r.join(", "));
            }
            let _ = writeln!(out, "{line}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::n_of;

    #[test]
    fn one_is_said_in_the_singular() {
        assert_eq!(n_of(1, "changes"), "1 change");
        assert_eq!(n_of(1, "tilepoints"), "1 tilepoint");
        assert_eq!(n_of(0, "cells"), "0 cells");
        assert_eq!(n_of(37, "changes"), "37 changes");
    }
}
