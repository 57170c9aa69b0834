//! Summaries of a map for `mapscope info`: readable lines and a JSON object.

use crate::formats::{vmf, Format};
use crate::store::{Content, DefaultCamera, Map};
use serde_json::{json, Map as JsonMap, Value};

/// `[x, y, z]` for voxel maps (z = height in voxels); `[width, height]` for
/// W3E (tilepoints) and ALW (cells).
pub fn dimensions(map: &Map) -> Vec<u32> {
    match &map.content {
        Content::Voxels(v) => v.dims().to_vec(),
        Content::Terrain(t) => t.dims().to_vec(),
        Content::Cells(c) => c.dims().to_vec(),
    }
}

/// The object printed by `mapscope info --json`.
pub fn summary_json(map: &Map) -> Value {
    let m = &map.meta;
    let mut o = JsonMap::new();
    o.insert("format".into(), json!(map.format.id()));
    o.insert("dimensions".into(), json!(dimensions(map)));
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
    match &map.content {
        Content::Voxels(v) => {
            let water = v.water_voxels();
            o.insert("colored_voxels".into(), json!(v.colored_voxels()));
            o.insert("solid_voxels".into(), json!(v.filled_voxels() - water));
            o.insert("water_voxels".into(), json!(water));
            o.insert(
                "indestructible_voxels".into(),
                json!(v.indestructible_voxels()),
            );
            o.insert("store_bytes".into(), json!(v.heap_bytes()));
        }
        Content::Terrain(t) => o.extend(t.summary_json()),
        Content::Cells(c) => o.extend(c.summary_json()),
    }
    if map.format == Format::Vmf {
        let mode = m.game_mode.unwrap_or(0);
        o.insert("game_mode".into(), json!(mode));
        o.insert("game_mode_name".into(), json!(vmf::game_mode_name(mode)));
        if let Some(s) = m.spawns.iter().find(|s| s.origin == "VMF header") {
            o.insert(
                "team1_spawn".into(),
                json!([s.min[0], s.max[0], s.min[1], s.max[1]].map(|v| v as u32)),
            );
        }
        o.insert("team2_spawn".into(), Value::Null);
    }
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
    let m = &map.meta;
    let mut lines: Vec<(String, String)> = Vec::new();
    let mut add = |k: &str, v: String| lines.push((k.to_string(), v));
    add(
        "format",
        format!("{} ({})", map.format.label(), map.format.id()),
    );
    let dims = dimensions(map);
    let unit = match &map.content {
        Content::Voxels(_) => "voxels (x, y, height)",
        Content::Terrain(_) => "tilepoints",
        Content::Cells(_) => "cells",
    };
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
    match &map.content {
        Content::Voxels(v) => {
            let water = v.water_voxels();
            add("coloured voxels", v.colored_voxels().to_string());
            add("solid voxels", (v.filled_voxels() - water).to_string());
            if map.format == Format::Vmf {
                add("water voxels", water.to_string());
                add(
                    "indestructible voxels",
                    v.indestructible_voxels().to_string(),
                );
                let mode = m.game_mode.unwrap_or(0);
                add("game mode", vmf::game_mode_name(mode));
            }
            let voxels = dims.iter().map(|&d| d as f64).product::<f64>();
            add(
                "store",
                format!(
                    "{:.1} MiB ({:.3} bytes a voxel)",
                    v.heap_bytes() as f64 / 1048576.0,
                    v.heap_bytes() as f64 / voxels
                ),
            );
        }
        Content::Terrain(t) => lines.extend(t.summary_lines()),
        Content::Cells(c) => lines.extend(c.summary_lines()),
    }
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
    if map.format == Format::Vmf {
        add("spawn", "team 2: not in the VMF format".into());
    }
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
