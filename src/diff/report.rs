//! The readable report of a [`MapDiff`], most important first: notes, map
//! information, how the map plays, objects, then each kind's parts (its
//! terrain, voxels or cells by region, pathing: [`super::DiffPart`]), then
//! the files whose bytes differ. The parts say themselves with the helpers
//! here ([`section`], [`regions`]).

use super::files::RANGES;
use super::{Change, FieldChange, FileDiff, MapDiff, ObjectChange, Region};
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
    let heading = format!("{}: {} changed", diff.plays, diff.fairness.len());
    let lines = diff
        .fairness
        .iter()
        .map(|f| format!("    {}", field_line(f)));
    std::iter::once(heading).chain(lines).collect()
}

/// "field: old -> new".
pub fn field_line(f: &FieldChange) -> String {
    format!("{}: {} -> {}", f.field, value(&f.old), value(&f.new))
}

fn position(p: [f32; 3]) -> String {
    let n = |v: f32| crate::reading::coordinate(v);
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

pub use crate::reading::n_of;

/// The line folding `n` objects of `kind` whose changes are below the
/// editor's step (and the name of the records it covers).
pub fn slight_line(kind: &str, n: u64) -> String {
    format!(
        "objects: {} moved, raised, turned or scaled by less than the editor can set (1/64 unit; an angle by whole turns; a scale past its third decimal), not listed",
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

/// How a region's corners are said: in its cells (`per` 1), or in the
/// whole tiles of `per` cells each that its cells lie in ("tiles x
/// 105..107"), the unit always written, in the report and the Changes
/// panel alike.
pub struct Unit<'a> {
    cells: &'a str,
    named: &'a str,
    per: u32,
}

impl<'a> Unit<'a> {
    pub const fn new(cells: &'a str, named: &'a str, per: u32) -> Self {
        Unit { cells, named, per }
    }

    /// "tiles x 83..87, y 92..98": the units `r`'s cells lie in.
    pub fn corners(&self, r: &Region) -> String {
        let span = |i: usize| crate::reading::span(r.min[i] / self.per, r.max[i] / self.per);
        format!("{} x {}, y {}", self.named, span(0), span(1))
    }
}

/// The largest regions, a line each with their corners in `unit`s and
/// their count of `what`, and how many more there are.
pub fn regions(out: &mut String, regions: &[Region], unit: &Unit, what: &str) {
    for r in regions.iter().take(REGIONS) {
        let z = r.z.map_or(String::new(), |[a, b]| format!(", z {a}..{b}"));
        let _ = writeln!(
            out,
            "    {}{z}: {} in {}",
            unit.corners(r),
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
pub fn section(
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
    objects(&mut out, diff);
    for (kind, n) in &diff.slight {
        let _ = writeln!(out, "{}", slight_line(kind, *n));
    }
    for part in diff.parts() {
        part.text(&mut out);
    }
    files(&mut out, &diff.files);
    out
}

/// The objects' lines: counts by change, kinds that moved alike, then the
/// first [`LISTED`] objects.
fn objects(out: &mut String, diff: &MapDiff) {
    if diff.objects.is_empty() {
        return;
    }
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

/// The files whose bytes differ, with the first byte ranges no named
/// change covers.
fn files(out: &mut String, files: &[FileDiff]) {
    if files.is_empty() {
        return;
    }
    let _ = writeln!(out, "files whose bytes differ: {}", files.len());
    for f in files {
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
