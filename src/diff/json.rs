//! The JSON of a [`MapDiff`], for scripts: `same`, `files`, `objects`,
//! `metadata`, `notes`, each kind's part under its key (`terrain`,
//! `voxels`, `cells`, `pathing`: [`super::DiffPart::json`]), and the
//! files' byte ranges under `file_details`: those no change names, and
//! under `named` those each named change covers.

use super::{FieldChange, MapDiff, ObjectChange, Region};
use serde_json::{json, Map, Value};

/// Fields that changed, each with its old and new value.
pub fn fields(list: &[FieldChange]) -> Value {
    list.iter()
        .map(|f| json!({"field": f.field, "old": f.old, "new": f.new}))
        .collect()
}

/// Regions with their corners in `unit` (`per` grid cells to one), as
/// the text says them; `cells` and `count` stay counts of the grid's cells.
pub fn regions(list: &[Region], unit: &str, per: u32) -> Value {
    let at = |v: [u32; 2]| v.map(|c| super::number(c as f32 / per as f32));
    list.iter()
        .map(|r| {
            let mut o = json!({"unit": unit, "min": at(r.min), "max": at(r.max), "cells": r.cells, "count": r.count});
            if let Some(z) = r.z {
                o["z"] = json!(z);
            }
            o
        })
        .collect()
}

/// Counts by field, a key each.
pub fn counts(by: &[(&str, u64)]) -> Map<String, Value> {
    by.iter().map(|(f, n)| (f.to_string(), json!(n))).collect()
}

fn object(o: &ObjectChange) -> Value {
    json!({
        "kind": o.kind,
        "change": o.change.id(),
        "id": o.id,
        "name": o.name,
        "old": o.old,
        "new": o.new,
        "fields": fields(&o.fields),
    })
}

/// The first of a file's byte ranges, as many as the text shows.
fn first(list: &[[u64; 2]]) -> &[[u64; 2]] {
    &list[..list.len().min(super::files::RANGES)]
}

/// `diff` as one JSON object.
pub fn to_json(diff: &MapDiff) -> Value {
    let mut o = json!({
        "same": diff.same(),
        "files": diff.files.iter().map(|f| f.name.clone()).collect::<Vec<_>>(),
        "metadata": fields(&diff.metadata),
        "fairness": fields(&diff.fairness),
        "objects": diff.objects.iter().map(object).collect::<Vec<_>>(),
        "notes": diff.notes,
        "slight": diff.slight.iter().map(|(k, n)| json!({"kind": k, "count": n})).collect::<Vec<_>>(),
        "moved_alike": diff.moved_alike,
        "file_details": diff.files.iter().map(|f| json!({
            "name": f.name,
            "change": f.change.id(),
            "old_size": f.old_size,
            "new_size": f.new_size,
            "explained": f.explained,
            "ranges": first(&f.ranges),
            "old_ranges": first(&f.old_ranges),
            "range_count": f.range_count,
            "named": f.named.iter().map(|n| json!({
                "change": n.what,
                "ranges": first(&n.new),
                "old_ranges": first(&n.old),
                "range_count": n.new.len() + n.old.len(),
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    });
    for part in diff.parts() {
        let (key, value) = part.json();
        o[key] = value;
    }
    o
}
