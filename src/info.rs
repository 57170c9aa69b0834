//! Summaries of a map for `mapscope info`: readable lines and a JSON object.

use crate::kinds::{self, Lines};
use crate::store::{DefaultCamera, Map};
use serde_json::{json, Map as JsonMap, Value};

/// `[x, y, z]` for voxel maps (z = height in voxels); `[width, height]` for
/// W3E (tilepoints) and ALW (cells).
pub fn dimensions(map: &Map) -> Vec<u32> {
    kinds::of(map).size().0
}

/// The object printed by `mapscope info --json`.
pub fn summary_json(map: &Map) -> Value {
    let kind = kinds::of(map);
    let m = &map.meta;
    let mut o = JsonMap::new();
    o.insert("format".into(), json!(map.format.id()));
    o.insert("dimensions".into(), json!(kind.size().0));
    o.insert("warnings".into(), json!(m.warnings));
    o.insert("name".into(), json!(m.name));
    o.insert("author".into(), json!(m.author));
    o.insert("description".into(), json!(m.description));
    o.insert(
        "spawns".into(),
        Value::Array(
            m.spawns
                .iter()
                .map(|s| {
                    json!({"label": s.label, "origin": s.origin, "min": s.min, "max": s.max, "z": s.z})
                })
                .collect(),
        ),
    );
    o.insert("sources".into(), json!(m.sources));
    if let Some(c) = &m.camera {
        o.insert("camera".into(), camera_json(c));
    }
    kind.summary_json(&mut o);
    Value::Object(o)
}

fn camera_json(c: &DefaultCamera) -> Value {
    match c {
        DefaultCamera::Voxlap {
            position,
            right,
            down,
            forward,
        } => json!({"position": position, "right": right, "down": down, "forward": forward}),
        DefaultCamera::Angles { yaw_deg, pitch_deg } => {
            json!({"yaw_deg": yaw_deg, "pitch_deg": pitch_deg})
        }
    }
}

/// The readable summary printed by `mapscope info`.
pub fn summary_text(map: &Map) -> String {
    let kind = kinds::of(map);
    let m = &map.meta;
    let mut lines: Lines = Vec::new();
    let mut add = |k: &str, v: String| lines.push((k.to_string(), v));
    add(
        "format",
        format!("{} ({})", map.format.label(), map.format.id()),
    );
    let (dims, unit) = kind.size();
    add(
        "size",
        format!(
            "{} {unit}",
            dims.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" x ")
        ),
    );
    for (k, v) in [
        ("name", &m.name),
        ("author", &m.author),
        ("description", &m.description),
    ] {
        if let Some(v) = v {
            add(k, v.replace('\n', " "));
        }
    }
    kind.summary_lines(&mut lines);
    let mut add = |k: &str, v: String| lines.push((k.to_string(), v));
    for s in &m.spawns {
        let z =
            s.z.map_or(String::new(), |z| format!(", z {}..{}", z[0], z[1]));
        add(
            "spawn",
            format!(
                "{}: x {}..{}, y {}..{}{z} ({})",
                s.label, s.min[0], s.max[0], s.min[1], s.max[1], s.origin
            ),
        );
    }
    kind.spawn_notes(&mut lines);
    let mut add = |k: &str, v: String| lines.push((k.to_string(), v));
    if let Some(c) = &m.camera {
        add("camera", camera_json(c).to_string());
    }
    for s in &m.sources {
        add("read", s.clone());
    }
    for w in &m.warnings {
        add("warning", w.clone());
    }
    let width = lines.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    lines
        .iter()
        .map(|(k, v)| format!("{k:>width$}  {v}\n"))
        .collect()
}
