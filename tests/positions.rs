//! Positions where the files put them, and one convention for them: the
//! spawn boxes, start locations and unit counts `info` gives are the
//! numbers this test reads from the files' own bytes (sidecars, the
//! war3mapUnits.doo, the W3E header), and `info`'s text and its JSON give
//! the same numbers for every spawn area, start location and player, on
//! every corpus map and on synthetic ones.

mod common;
#[path = "positions/files.rs"]
mod files;
#[path = "positions/pinned.rs"]
mod pinned;

use mapscope::formats::{self, LoadOptions};
use mapscope::info::{summary_json, summary_text};
use mapscope::store::Map;
use serde_json::Value;

/// (key, value) of each line of `info`'s text.
fn text_lines(map: &Map) -> Vec<(String, String)> {
    summary_text(map)
        .lines()
        .filter_map(|l| {
            let (k, v) = l.trim_start().split_once("  ")?;
            Some((k.to_string(), v.to_string()))
        })
        .collect()
}

/// The numbers in `s`, in order ("x 0..128, y 12.5..-3" gives 0, 128,
/// 12.5, -3).
fn numbers(s: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut flush = |cur: &mut String| {
        if let Ok(v) = cur.trim_end_matches('.').parse::<f64>() {
            out.push(v);
        }
        cur.clear();
    };
    for c in s.chars() {
        let continues = c.is_ascii_digit()
            || (c == '-' && cur.is_empty())
            || (c == '.' && !cur.contains('.') && !cur.is_empty());
        if continues {
            cur.push(c);
        } else {
            flush(&mut cur);
        }
    }
    flush(&mut cur);
    out
}

fn close(a: &[f64], b: &[f64], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}: {a:?} against {b:?}");
    for (x, y) in a.iter().zip(b) {
        assert!((x - y).abs() < 0.051, "{what}: {a:?} against {b:?}");
    }
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

/// Text and JSON agree on `map`'s spawn areas, start locations and players.
fn agree(map: &Map, name: &str) {
    let lines = text_lines(map);
    let json = summary_json(map);
    let spawns = json["spawns"].as_array().unwrap();
    let spawn_lines: Vec<&String> = lines
        .iter()
        .filter(|(k, v)| k == "spawn" && v.contains(": x "))
        .map(|(_, v)| v)
        .collect();
    assert_eq!(spawn_lines.len(), spawns.len(), "{name}: spawn areas");
    for (line, s) in spawn_lines.iter().zip(spawns) {
        let label = s["label"].as_str().unwrap();
        let (text_label, rest) = line.split_once(": x ").unwrap();
        assert_eq!(text_label, label, "{name}");
        let area = rest.split(" (").next().unwrap();
        let mut want = vec![
            f(&s["min"][0]),
            f(&s["max"][0]),
            f(&s["min"][1]),
            f(&s["max"][1]),
        ];
        if let Some(z) = s["z"].as_array() {
            want.extend(z.iter().map(f));
        }
        close(&numbers(area), &want, &format!("{name}: {label}"));
    }
    if let Some(starts) = json["start_locations"].as_array() {
        let start_lines: Vec<&String> = lines
            .iter()
            .filter(|(k, _)| k == "start location")
            .map(|(_, v)| v)
            .collect();
        assert_eq!(start_lines.len(), starts.len(), "{name}: start locations");
        for (line, s) in start_lines.iter().zip(starts) {
            let p = &s["position"];
            close(
                &numbers(line),
                &[f(&s["player"]), f(&p[0]), f(&p[1])],
                &format!("{name}: {line}"),
            );
        }
        // A start location's player is the spawn area of that player.
        for s in starts {
            let label = format!("player {}", s["player"]);
            assert!(
                spawns.iter().any(|a| a["label"] == label.as_str()),
                "{name}: no spawn area labelled {label}"
            );
        }
    }
    if let Some(players) = json["players"].as_array() {
        let player_lines: Vec<&String> = lines
            .iter()
            .filter(|(k, _)| k == "player")
            .map(|(_, v)| v)
            .collect();
        assert_eq!(player_lines.len(), players.len(), "{name}: players");
        for (line, p) in player_lines.iter().zip(players) {
            let number: f64 = line.split(':').next().unwrap().parse().unwrap();
            assert_eq!(number, f(&p["player"]), "{name}: {line}");
        }
    }
}

#[test]
fn info_text_and_json_agree_on_every_corpus_map() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut paths = common::corpus_files("vxl", "vxl");
    paths.extend(common::corpus_files("w3e", "w3e"));
    for sub in ["ladder", "war3net", "folder"] {
        let Ok(entries) = std::fs::read_dir(dir.join("w3x").join(sub)) else {
            continue;
        };
        paths.extend(entries.filter_map(|e| e.ok().map(|e| e.path())));
    }
    let mut seen = 0;
    for path in &paths {
        let map = formats::load_path(path, &LoadOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        agree(&map, &path.display().to_string());
        seen += 1;
    }
    assert!(seen >= 120, "only {seen} corpus maps");
}

/// The synthetic Warcraft III map, read from a map folder of its own.
fn synthetic(test: &str) -> Map {
    let dir = common::scratch_dir("positions", test);
    for (name, bytes) in &mapscope::samples::w3x_files(3) {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    formats::load_path(&dir, &LoadOptions::default()).unwrap()
}

#[test]
fn info_text_and_json_agree_on_a_synthetic_warcraft_map() {
    let map = synthetic("synthetic");
    let json = summary_json(&map);
    // Players are counted from 1 everywhere.
    assert_eq!(json["start_locations"][0]["player"], 1, "{json}");
    assert_eq!(json["players"][0]["player"], 1, "{json}");
    assert!(json["positions"].as_str().unwrap().contains("south-west"));
    agree(&map, "synthetic");
}

/// The Map panel's players and the Spawns list count in one unit, and say
/// it: each player's start is its spawn area's middle, both in tiles.
fn panels_agree(map: &Map, name: &str) -> usize {
    let Some(w) = map.warcraft() else { return 0 };
    let kind = mapscope::kinds::of(map);
    assert_eq!(kind.area_units(), "tiles from the south-west corner");
    let mut checked = 0;
    for (number, line) in mapscope::kinds::player_lines(w) {
        let Some((_, start)) = line.split_once("start at ") else {
            assert!(line.ends_with("no start location"), "{name}: {line}");
            continue;
        };
        assert!(
            start.ends_with(" tiles"),
            "{name}: the unit is said: {line}"
        );
        let label = format!("player {}", number + 1);
        let spawn = map
            .meta
            .spawns
            .iter()
            .find(|s| s.label == label)
            .unwrap_or_else(|| panic!("{name}: no spawn area for {line}"));
        let text = mapscope::kinds::spawn_text(&*kind, spawn);
        // "player 1: x 28.5..32.5, y 10..14 (...)": the ranges' middles.
        let area = numbers(text.split_once(": ").unwrap().1.split(" (").next().unwrap());
        let middle = [(area[0] + area[1]) / 2.0, (area[2] + area[3]) / 2.0];
        close(
            &numbers(start),
            &middle,
            &format!("{name}: {line} / {text}"),
        );
        checked += 1;
    }
    checked
}

#[test]
fn the_players_starts_and_the_spawns_list_agree_in_tiles() {
    assert_eq!(panels_agree(&synthetic("panels"), "synthetic"), 2);
    let mut checked = 0;
    for path in common::corpus_files("versions", "w3x") {
        let map = formats::load_path(&path, &LoadOptions::default()).unwrap();
        checked += panels_agree(&map, &path.display().to_string());
    }
    if common::corpus_dir().is_some() {
        assert!(checked >= 20, "only {checked} starts on corpus maps");
    }
}
