//! Metadata files next to a map: SpadesX `.json` and `.toml`, piqueserver
//! `.txt` (a Python file of `name = '...'` lines). They carry name, author,
//! description, spawn boxes and, in SpadesX's TOML, `map_size`.

use crate::store::{Map, Spawn};
use std::path::Path;

/// What the sidecars next to a map hold.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Sidecars {
    pub name: Option<String>,
    pub author: Option<String>,
    pub description: Option<String>,
    pub spawns: Vec<Spawn>,
    /// `map_size = [x, y, z]`, for VXL maps whose size is not 512x512x64.
    pub map_size: Option<[u32; 3]>,
    /// The files that were read, and problems with them.
    pub sources: Vec<String>,
    pub warnings: Vec<String>,
}

/// Reads every sidecar next to `map_path`. A missing file is not a problem; an
/// unreadable one becomes a warning.
pub fn read_beside(map_path: &Path) -> Sidecars {
    let mut out = Sidecars::default();
    for ext in ["json", "toml", "txt"] {
        let path = map_path.with_extension(ext);
        if path == map_path || !path.is_file() {
            continue;
        }
        let label = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let text = match super::file::read_text(&path, super::file::LARGEST_TEXT) {
            Ok(t) => t,
            Err(e) => {
                out.warnings.push(format!("sidecar {label}: {e}"));
                continue;
            }
        };
        // Each file on its own first: one that says nothing a sidecar says
        // (another program's JSON beside the map, `analyze --json`'s say)
        // is not named as read.
        let mut one = Sidecars::default();
        let result = match ext {
            "json" => parse_json(&text, &label, &mut one),
            "toml" => parse_toml(&text, &label, &mut one),
            _ => {
                parse_python(&text, &mut one);
                Ok(())
            }
        };
        match result {
            Ok(()) if one.is_empty() => out.warnings.push(format!(
                "sidecar {label}: not used, it holds none of a sidecar's fields \
                 (name, author, description, spawn boxes, map size)"
            )),
            Ok(()) => {
                one.sources.push(format!("sidecar {label}"));
                out.add(one);
            }
            Err(e) => out.warnings.push(format!("sidecar {label}: {e}")),
        }
    }
    out.spawns = merge_repeated(std::mem::take(&mut out.spawns));
    out
}

/// SpadesX writes the same spawn boxes to its `.json` and its `.toml`: one
/// area named by both files (with the height where one of them has it).
fn merge_repeated(spawns: Vec<Spawn>) -> Vec<Spawn> {
    let mut out: Vec<Spawn> = Vec::with_capacity(spawns.len());
    for s in spawns {
        let same = out
            .iter_mut()
            .find(|o| o.label == s.label && o.min == s.min && o.max == s.max);
        match same {
            Some(o) => {
                let also = s.origin.trim_start_matches("sidecar ");
                o.origin = format!("{}, {also}", o.origin);
                o.z = o.z.or(s.z);
            }
            None => out.push(s),
        }
    }
    out
}

impl Sidecars {
    /// Whether nothing was read.
    fn is_empty(&self) -> bool {
        self.name.is_none()
            && self.author.is_none()
            && self.description.is_none()
            && self.spawns.is_empty()
            && self.map_size.is_none()
    }

    /// Adds a later file's sidecar: the first file to name a field wins.
    fn add(&mut self, later: Sidecars) {
        set(&mut self.name, later.name.as_deref());
        set(&mut self.author, later.author.as_deref());
        set(&mut self.description, later.description.as_deref());
        self.spawns.extend(later.spawns);
        self.map_size = self.map_size.or(later.map_size);
        self.sources.extend(later.sources);
        self.warnings.extend(later.warnings);
    }

    /// Adds what the sidecars say to the map; the map's own header wins.
    pub fn apply(self, map: &mut Map) {
        let m = &mut map.meta;
        m.name = m.name.take().or(self.name);
        m.author = m.author.take().or(self.author);
        m.description = m.description.take().or(self.description);
        // A sidecar's boxes are the map's areas: they replace the implicit
        // ones (FORMAT-NOTES.md, Spawns).
        if !self.spawns.is_empty() {
            m.spawns
                .retain(|s| s.origin != crate::formats::vxl::IMPLICIT_SPAWN_ORIGIN);
        }
        m.spawns.extend(self.spawns);
        m.sources.extend(self.sources);
        m.warnings.extend(self.warnings);
    }
}

fn set(slot: &mut Option<String>, v: Option<&str>) {
    if slot.is_none() {
        if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
            *slot = Some(v.to_string());
        }
    }
}

fn spawn(label: &str, source: &str, a: &[f32], b: &[f32]) -> Option<Spawn> {
    if a.len() < 2 || b.len() < 2 {
        return None;
    }
    let z = (a.len() >= 3 && b.len() >= 3).then(|| [a[2].min(b[2]), a[2].max(b[2])]);
    // SpadesX names the teams `team1` and `team2`.
    let team = label
        .strip_prefix("team ")
        .and_then(|n| n.parse::<u8>().ok())
        .and_then(|n| n.checked_sub(1));
    Some(Spawn {
        label: label.into(),
        origin: format!("sidecar {source}"),
        min: [a[0].min(b[0]), a[1].min(b[1])],
        max: [a[0].max(b[0]), a[1].max(b[1])],
        z,
        team,
    })
}

fn numbers_json(v: Option<&serde_json::Value>) -> Vec<f32> {
    v.and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|n| n.as_f64())
                .map(|n| n as f32)
                .collect()
        })
        .unwrap_or_default()
}

/// SpadesX: `team1_start`, `team1_end`, ... plus name/author/description.
fn parse_json(text: &str, source: &str, out: &mut Sidecars) -> Result<(), String> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let s = |k: &str| v.get(k).and_then(|x| x.as_str());
    set(&mut out.name, s("name"));
    set(&mut out.author, s("author"));
    set(&mut out.description, s("description"));
    for team in ["team1", "team2"] {
        let a = numbers_json(v.get(format!("{team}_start").as_str()));
        let b = numbers_json(v.get(format!("{team}_end").as_str()));
        out.spawns
            .extend(spawn(&team.replace("team", "team "), source, &a, &b));
    }
    let size = numbers_json(v.get("map_size"));
    if let [x, y, z] = size[..] {
        out.map_size.get_or_insert([x as u32, y as u32, z as u32]);
    }
    Ok(())
}

fn numbers_toml(v: Option<&toml::Value>) -> Vec<f32> {
    v.and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|n| n.as_float().or(n.as_integer().map(|i| i as f64)))
                .map(|n| n as f32)
                .collect()
        })
        .unwrap_or_default()
}

/// SpadesX: `[map]` with author/description/map_size, `[spawnpoints]` with
/// `team1 = { start = [x, y, z], end = [x, y, z] }`. Keys at the top level too.
fn parse_toml(text: &str, source: &str, out: &mut Sidecars) -> Result<(), String> {
    let v: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| e.message().to_string())?;
    for table in [Some(&v), v.get("map").and_then(|m| m.as_table())]
        .into_iter()
        .flatten()
    {
        let s = |k: &str| table.get(k).and_then(|x| x.as_str());
        set(&mut out.name, s("name"));
        set(&mut out.author, s("author"));
        set(&mut out.description, s("description"));
        if let [x, y, z] = numbers_toml(table.get("map_size"))[..] {
            out.map_size.get_or_insert([x as u32, y as u32, z as u32]);
        }
    }
    if let Some(points) = v.get("spawnpoints").and_then(|s| s.as_table()) {
        for (team, area) in points {
            let a = numbers_toml(area.get("start"));
            let b = numbers_toml(area.get("end"));
            out.spawns
                .extend(spawn(&team.replace("team", "team "), source, &a, &b));
        }
    }
    Ok(())
}

/// piqueserver: a Python module; only simple `key = 'text'` lines are read.
fn parse_python(text: &str, out: &mut Sidecars) {
    for line in text.lines() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let value = value.trim();
        let quoted = value.len() >= 2
            && (value.starts_with('\'') && value.ends_with('\'')
                || value.starts_with('"') && value.ends_with('"'));
        if !quoted {
            continue;
        }
        let value = &value[1..value.len() - 1];
        match key.trim() {
            "name" => set(&mut out.name, Some(value)),
            "author" => set(&mut out.author, Some(value)),
            "description" => set(&mut out.description, Some(value)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spadesx_toml_gives_spawns_with_height_and_size() {
        let mut s = Sidecars::default();
        parse_toml(
            "map_size = [256, 256, 64]\n[map]\nauthor = \"F\"\n[spawnpoints]\nteam1 = { start = [64, 233, 59], end = [118, 287, 59] }\n",
            "x.toml",
            &mut s,
        )
        .unwrap();
        assert_eq!(s.author.as_deref(), Some("F"));
        assert_eq!(s.map_size, Some([256, 256, 64]));
        assert_eq!(s.spawns[0].label, "team 1");
        assert_eq!(s.spawns[0].max, [118.0, 287.0]);
        assert_eq!(s.spawns[0].z, Some([59.0, 59.0]));
    }

    #[test]
    fn a_sidecars_spawns_replace_the_implicit_areas() {
        use crate::store::voxels::{FourthByte, VoxelStore};
        let mut map = Map {
            format: crate::formats::Format::AosVxl,
            meta: crate::store::Metadata {
                spawns: crate::formats::vxl::implicit_aos_spawns(256, 256),
                ..Default::default()
            },
            content: VoxelStore::new(256, 256, 64, FourthByte::Shade).into(),
        };
        let mut s = Sidecars::default();
        parse_toml(
            "[spawnpoints]\nteam1 = { start = [64, 233, 59], end = [118, 287, 59] }\n",
            "x.toml",
            &mut s,
        )
        .unwrap();
        s.apply(&mut map);
        let labels: Vec<&str> = map.meta.spawns.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["team 1"]);
    }

    #[test]
    fn a_json_beside_the_map_that_is_no_sidecar_is_not_read_as_one() {
        let dir = std::env::temp_dir().join(format!("mapscope-sidecar-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let map = dir.join("m.vxl");
        std::fs::write(dir.join("m.json"), r#"{"kind": "reach", "teams": []}"#).unwrap();
        std::fs::write(dir.join("m.txt"), "name = 'M'\n").unwrap();
        let s = read_beside(&map);
        assert_eq!(s.sources, ["sidecar m.txt"]);
        assert_eq!(s.name.as_deref(), Some("M"));
        assert!(
            s.warnings
                .iter()
                .any(|w| w.starts_with("sidecar m.json: not used")),
            "{:?}",
            s.warnings
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn piqueserver_txt_reads_quoted_assignments() {
        let mut s = Sidecars::default();
        parse_python(
            "name = 'Hallway'\nversion = '1.0'\nauthor = \"izzy\"\nx = 3\n",
            &mut s,
        );
        assert_eq!(s.name.as_deref(), Some("Hallway"));
        assert_eq!(s.author.as_deref(), Some("izzy"));
    }

    #[test]
    fn the_same_spawn_in_json_and_toml_is_listed_once() {
        let mut s = Sidecars::default();
        let json = r#"{"team1_start": [64, 233], "team1_end": [118, 287], "team2_start": [1, 2], "team2_end": [3, 4]}"#;
        parse_json(json, "m.json", &mut s).unwrap();
        let toml = "[spawnpoints]\nteam1 = { start = [64, 233, 59], end = [118, 287, 59] }\n";
        parse_toml(toml, "m.toml", &mut s).unwrap();
        assert_eq!(s.spawns.len(), 3);
        let merged = merge_repeated(s.spawns);
        assert_eq!(merged.len(), 2, "{merged:?}");
        assert_eq!(merged[0].origin, "sidecar m.json, m.toml");
        assert_eq!(merged[0].z, Some([59.0, 59.0]), "the height from the toml");
        assert_eq!(merged[1].label, "team 2");
    }
}
