//! Summaries of a map for `mapscope info`: readable lines and a JSON object.

use crate::kinds::{self, reading, Lines};
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
                    // The file's positions, as the text and the viewer give them.
                    let [[x0, x1], [y0, y1]] = kind.file_area(s);
                    json!({"label": s.label, "origin": s.origin, "min": [x0, y0], "max": [x1, y1], "z": s.z})
                })
                .collect(),
        ),
    );
    o.insert("positions".into(), json!(kind.positions()));
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

/// "x 256.0  y 256.0  z 20.0  yaw 90° (S)  pitch -10°": where the file's
/// camera stands (Voxlap) and looks, as the viewer counts it.
fn camera_text(c: &DefaultCamera) -> String {
    let (yaw, pitch) = c.yaw_pitch();
    let look = reading::heading(yaw, pitch);
    match c {
        DefaultCamera::Voxlap { position, .. } => {
            format!("{}  {look}", reading::position(position.map(|v| v as f32)))
        }
        // ALW stores only angles; the viewer stands at the player. Its
        // yaw 0 looks north, the viewer's east: both are said.
        DefaultCamera::Angles { yaw_deg, .. } => {
            format!(
                "{look}  (the file's yaw {}°, 0 north)",
                reading::stored(*yaw_deg)
            )
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
        add("spawn", kinds::spawn_text(&*kind, s));
    }
    kind.spawn_notes(&mut lines);
    let mut add = |k: &str, v: String| lines.push((k.to_string(), v));
    add("positions", kind.positions().to_string());
    if let Some(c) = &m.camera {
        add("camera", camera_text(c));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_camera_reads_as_a_place_and_a_heading() {
        let voxlap = DefaultCamera::Voxlap {
            position: [64.0, 64.0, 16.0],
            right: [1.0, 0.0, 0.0],
            down: [0.0, 0.0, 1.0],
            forward: [0.0, -1.0, 0.0],
        };
        assert_eq!(
            camera_text(&voxlap),
            "x 64.0  y 64.0  z 16.0  yaw 270° (N)  pitch 0°"
        );
        // ALW's yaw 0 looks north; 45 turns toward the east.
        let alw = DefaultCamera::Angles {
            yaw_deg: 45.0,
            pitch_deg: -10.0,
        };
        assert_eq!(
            camera_text(&alw),
            "yaw 315° (NE)  pitch -10°  (the file's yaw 45°, 0 north)"
        );
    }
}
