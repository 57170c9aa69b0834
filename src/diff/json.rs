//! The JSON of a [`MapDiff`], for scripts: `same`, `files`, `terrain`,
//! `voxels`, `cells`, `pathing`, `objects`, `metadata`, `notes`, and the
//! files' byte ranges under `file_details`: those no change names, and
//! under `named` those each named change covers.

use super::{FieldChange, MapDiff, ObjectChange, Region};
use serde_json::{json, Map, Value};

fn fields(list: &[FieldChange]) -> Value {
    list.iter()
        .map(|f| json!({"field": f.field, "old": f.old, "new": f.new}))
        .collect()
}

/// Regions with their corners in `unit` (`per` grid cells to one), as
/// the text says them; `cells` and `count` stay counts of the grid's cells.
fn regions(list: &[Region], unit: &str, per: u32) -> Value {
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

fn counts(by: &[(&str, u64)]) -> Map<String, Value> {
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
    if let Some(t) = &diff.terrain {
        let mut terrain = counts(&t.by_field);
        terrain.insert("tilepoints_changed".into(), json!(t.tilepoints_changed));
        terrain.insert("header".into(), fields(&t.header));
        terrain.insert("regions".into(), regions(&t.regions, "tiles", 1));
        o["terrain"] = Value::Object(terrain);
    }
    if let Some(v) = &diff.voxels {
        o["voxels"] = json!({
            "added": v.added,
            "removed": v.removed,
            "recoloured": v.recoloured,
            "relit": v.relit,
            "material": v.material,
            "columns_changed": v.columns_changed,
            "regions": regions(&v.regions, "columns", 1),
        });
    }
    if let Some(c) = &diff.cells {
        let mut cells = counts(&c.by_field);
        cells.insert("cells_changed".into(), json!(c.cells_changed));
        cells.insert("regions".into(), regions(&c.regions, "cells", 1));
        o["cells"] = Value::Object(cells);
    }
    if let Some(p) = &diff.pathing {
        let mut pathing = counts(&p.by_field);
        pathing.insert("cells_changed".into(), json!(p.cells_changed));
        pathing.insert("regions".into(), regions(&p.regions, "tiles", 4));
        o["pathing"] = Value::Object(pathing);
    }
    o
}
