//! The JSON of a [`MapDiff`], for scripts: `same`, `files`, `terrain`,
//! `voxels`, `cells`, `pathing`, `objects`, `metadata`, `notes`, and the
//! files' byte ranges under `file_details`.

use super::{FieldChange, MapDiff, ObjectChange, Region};
use serde_json::{json, Map, Value};

fn fields(list: &[FieldChange]) -> Value {
    list.iter()
        .map(|f| json!({"field": f.field, "old": f.old, "new": f.new}))
        .collect()
}

fn regions(list: &[Region]) -> Value {
    list.iter()
        .map(|r| {
            let mut o = json!({"min": r.min, "max": r.max, "cells": r.cells, "count": r.count});
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

/// `diff` as one JSON object.
pub fn to_json(diff: &MapDiff) -> Value {
    let mut o = json!({
        "same": diff.same(),
        "files": diff.files.iter().map(|f| f.name.clone()).collect::<Vec<_>>(),
        "metadata": fields(&diff.metadata),
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
            "ranges": f.ranges,
            "range_count": f.range_count,
        })).collect::<Vec<_>>(),
    });
    if let Some(t) = &diff.terrain {
        let mut terrain = counts(&t.by_field);
        terrain.insert("tilepoints_changed".into(), json!(t.tilepoints_changed));
        terrain.insert("header".into(), fields(&t.header));
        terrain.insert("regions".into(), regions(&t.regions));
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
            "regions": regions(&v.regions),
        });
    }
    if let Some(c) = &diff.cells {
        let mut cells = counts(&c.by_field);
        cells.insert("cells_changed".into(), json!(c.cells_changed));
        cells.insert("regions".into(), regions(&c.regions));
        o["cells"] = Value::Object(cells);
    }
    if let Some(p) = &diff.pathing {
        let mut pathing = counts(&p.by_field);
        pathing.insert("cells_changed".into(), json!(p.cells_changed));
        pathing.insert("regions".into(), regions(&p.regions));
        o["pathing"] = Value::Object(pathing);
    }
    o
}
