//! `mapscope walk` against the Ace of Spades servers' own physics, tick by
//! tick.
//!
//! `tests/reference/walk.txt.gz` holds 320 scripts on the corpus's eight
//! 512 x 512 x 64 maps (40 a map) and, for each, the player's state every
//! tick as a program built from piqueserver's `pyspades/world_c.cpp`
//! (`move_player`, `boxclipmove`, `clipbox`, unchanged) printed it, driven
//! as `pyspades/world.pyx` and `pyspades/player.py` drive a player: the
//! start as `set_position`, a line's keys as `set_walk`, its jump through
//! the input handler's gate (kept only while 0 <= v.z < 0.017), its crouch
//! as `set_crouch`, the look as `set_orientation` (normalised), the clock
//! as `World.update(1/60)`. That program was built outside this repository
//! and is not part of it; only its output is. The scripts were made at
//! random around places of each map chosen for what they test: the entry's
//! category (see [`CATEGORIES`]).

mod common;

use mapscope::formats::{self, LoadOptions};
use mapscope::walk::{script, Script, Solids, Walking};
use std::collections::{BTreeMap, HashMap};
use std::io::Read;

/// What the scripts test, as the reference's entries name them: a one-block
/// climb (also sprinting, crouched, looking steeply down, which forbid it),
/// walls (run into, jumped at), crouching under an overhang and standing
/// up beneath it, drops off ledges, jumps across gaps, wading into and in
/// the water, the map's edge, falls from above the map, starts within half
/// a box of the edge, ground below an overhang, open ground and random
/// input.
const CATEGORIES: [&str; 13] = [
    "climb1", "wall", "overhang", "drop", "gap", "water", "inwater", "edge", "fall", "outside",
    "lower", "ground", "random",
];

struct Entry {
    map: String,
    name: String,
    category: String,
    script: String,
    trace: Vec<String>,
}

fn reference() -> Vec<Entry> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference/walk.txt.gz");
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    let mut entries: Vec<Entry> = Vec::new();
    let mut in_trace = false;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(head) = line.strip_prefix("= ") {
            let w: Vec<&str> = head.split_whitespace().collect();
            entries.push(Entry {
                map: w[0].into(),
                name: w[1].into(),
                category: w[2].into(),
                script: String::new(),
                trace: Vec::new(),
            });
            in_trace = false;
        } else if line == "-" {
            in_trace = true;
        } else {
            let e = entries.last_mut().expect("an entry's head first");
            if in_trace {
                e.trace.push(line.to_string());
            } else {
                e.script.push_str(line);
                e.script.push('\n');
            }
        }
    }
    entries
}

fn solids(map: &str) -> Option<Solids> {
    let dir = common::corpus_dir()?;
    let path = dir.join("vxl").join(format!("{map}.vxl"));
    let map = formats::load_path(&path, &LoadOptions::default()).unwrap();
    let walking = mapscope::kinds::of(&map).walking();
    match walking {
        Some(Walking::Voxels(s)) => Some(s),
        _ => panic!("{}: a voxel map walks", path.display()),
    }
}

/// Where two tick lines differ beyond 1e-3 (positions, velocities) or at
/// all (tick, flags, damage).
fn differs(want: &str, got: &str) -> Option<String> {
    let (w, g): (Vec<&str>, Vec<&str>) = (
        want.split_whitespace().collect(),
        got.split_whitespace().collect(),
    );
    if w.len() != 10 || g.len() != 10 {
        return Some(format!("{} columns against {}", g.len(), w.len()));
    }
    const NAMES: [&str; 10] = [
        "tick", "px", "py", "pz", "vx", "vy", "vz", "airborne", "wade", "damage",
    ];
    for i in 0..10 {
        let same = if (1..7).contains(&i) {
            let (a, b) = (w[i].parse::<f64>().unwrap(), g[i].parse::<f64>().unwrap());
            (a - b).abs() <= 1e-3
        } else {
            w[i] == g[i]
        };
        if !same {
            return Some(format!("{} {} against {}", NAMES[i], g[i], w[i]));
        }
    }
    None
}

#[test]
fn every_reference_trace_agrees_tick_by_tick() {
    let entries = reference();
    assert_eq!(entries.len(), 320, "the reference's entries");
    let mut by_category: BTreeMap<&str, usize> = BTreeMap::new();
    for e in &entries {
        *by_category.entry(e.category.as_str()).or_default() += 1;
    }
    for c in CATEGORIES {
        assert!(
            by_category.get(c).copied().unwrap_or(0) >= 5,
            "at least 5 scripts of {c}: {by_category:?}"
        );
    }
    let mut maps: HashMap<&str, Option<Solids>> = HashMap::new();
    let (mut ticks, mut checked) = (0usize, 0usize);
    for e in &entries {
        let Some(map) = maps.entry(&e.map).or_insert_with(|| solids(&e.map)) else {
            continue; // no corpus, said by corpus_dir
        };
        let s = Script::parse(&e.script, map.dims()).unwrap();
        let mut lines = Vec::new();
        s.replay(map, |tick, player, landing| {
            let mut line = String::new();
            script::tick_line(&mut line, tick, player, landing);
            lines.push(line.trim_end().to_string());
        });
        assert_eq!(
            lines.len(),
            e.trace.len(),
            "{} {} ({}): ticks",
            e.map,
            e.name,
            e.category
        );
        for (want, got) in e.trace.iter().zip(&lines) {
            if let Some(why) = differs(want, got) {
                panic!(
                    "{} {} ({}): {why}\n  reference {want}\n  mapscope  {got}",
                    e.map, e.name, e.category
                );
            }
        }
        ticks += lines.len();
        checked += 1;
    }
    if checked > 0 {
        assert_eq!(checked, 320);
        assert!(ticks > 100_000, "{ticks} ticks checked");
    }
}

/// The command prints exactly what the library replays: one map's scripts
/// through `mapscope walk`, line for line against the reference.
#[test]
fn the_walk_command_prints_the_reference_lines() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let scratch = common::scratch_dir("walk", "command");
    for e in reference()
        .iter()
        .filter(|e| e.map == "spadesx_Triangle_Hell")
        .take(6)
    {
        let script = scratch.join(format!("{}.txt", e.name));
        std::fs::write(&script, &e.script).unwrap();
        let map = dir.join("vxl/spadesx_Triangle_Hell.vxl");
        let out = walk(&map, &script);
        let text = succeeded(out);
        let got: Vec<&str> = text.lines().collect();
        assert_eq!(got.len(), e.trace.len(), "{} ({})", e.name, e.category);
        for (want, got) in e.trace.iter().zip(&got) {
            assert!(
                differs(want, got).is_none(),
                "{}: {got} against {want}",
                e.name
            );
        }
    }
}

/// `walk --help` says how a script's jump is asked: once a line, as the
/// viewer asks it once a press of Space.
#[test]
fn the_help_says_a_lines_jump_is_asked_once() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mapscope"))
        .args(["walk", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(out.status.success());
    assert!(
        help.contains("its jump is asked once, before its first tick"),
        "{help}"
    );
    assert!(
        help.contains("The viewer holds Space the same way"),
        "{help}"
    );
}

/// A bad script: one line naming its line and what is wrong, exit 2.
#[test]
fn bad_scripts_exit_2_with_their_line() {
    let dir = common::scratch_dir("walk", "bad");
    let map = dir.join("flat.vxl");
    std::fs::write(&map, flat_map()).unwrap();
    let cases = [
        ("1 2\n", "line 1"),
        ("10 10 10\n5 1 0 0\n", "line 2"),
        ("10 10 10\n5 1 0 0 0 0 0 0 0 x 0 0\n", "line 2: ox"),
        ("10 10 10\n\n-3 1 0 0 0 0 0 0 0 1 0 0\n", "line 3: ticks"),
        ("700 10 10\n", "outside the map"),
    ];
    for (i, (text, said)) in cases.iter().enumerate() {
        let script = dir.join(format!("{i}.txt"));
        std::fs::write(&script, text).unwrap();
        let out = walk(&map, &script);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{text:?}: {err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(err.contains(said), "{text:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

/// A reader that stops reading (`mapscope walk ... | head`) ends the walk
/// quietly, by the broken pipe's signal, not a panic on the next line.
#[test]
fn a_reader_that_stops_reading_ends_it_quietly() {
    use std::process::{Command, Stdio};
    let dir = common::scratch_dir("walk", "pipe");
    let map = dir.join("flat.vxl");
    std::fs::write(&map, flat_map()).unwrap();
    // 200,000 ticks of standing: megabytes of lines, past any pipe's buffer.
    let script = dir.join("long.txt");
    std::fs::write(&script, "256.5 256.5 47.5\n200000 0 0 0 0 0 0 0 0 1 0 0\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mapscope"))
        .args([
            "walk".as_ref(),
            map.as_os_str(),
            "--script".as_ref(),
            script.as_os_str(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(
            out.status.signal(),
            Some(13),
            "ended by SIGPIPE: {:?}",
            out.status
        );
    }
}

/// On a map the project writes itself: a drop from above lands, hurts
/// (the fall damage the servers' formula gives for the landing speed),
/// and the player then stands on the floor.
#[test]
fn a_long_fall_hurts_as_the_servers_reckon_it() {
    let dir = common::scratch_dir("walk", "fall");
    let map = dir.join("flat.vxl");
    std::fs::write(&map, flat_map()).unwrap();
    let script = dir.join("fall.txt");
    std::fs::write(&script, "100.5 100.5 -40\n300 0 0 0 0 0 0 0 0 1 0 0\n").unwrap();
    let out = walk(&map, &script);
    let text = succeeded(out);
    let rows: Vec<Vec<f64>> = text
        .lines()
        .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 300);
    let landing = rows.iter().position(|r| r[9] != 0.0).expect("a landing");
    let before = &rows[landing - 1];
    // The landing tick's speed before the box met the floor: the last
    // airborne tick's, plus gravity, over air friction.
    let dt = (1.0f64 / 60.0) as f32 as f64;
    let speed = (before[6] + dt) / (dt + 1.0);
    let expected = ((speed - 0.58) * (speed - 0.58) * 4096.0) as i64;
    assert!(
        (rows[landing][9] as i64 - expected).abs() <= 1,
        "{} vs {expected}",
        rows[landing][9]
    );
    let last = rows.last().unwrap();
    assert_eq!((last[7], last[8]), (0.0, 0.0), "on the ground, dry");
    assert!(
        (last[3] + 2.25 - 50.0).abs() < 0.6,
        "stands on z 50: {}",
        last[3]
    );
}

/// A Warcraft III map walks in the viewer only: the command says so.
#[test]
fn walk_scripts_are_for_voxel_maps() {
    let dir = common::scratch_dir("walk", "kind");
    let w3e = dir.join("t.w3e");
    let terrain = mapscope::store::terrain::W3eTerrain::flat(9, 9, 11);
    std::fs::write(&w3e, formats::w3e::encode_terrain(&terrain).unwrap()).unwrap();
    let script = dir.join("s.txt");
    std::fs::write(&script, "1 1 1\n").unwrap();
    let out = walk(&w3e, &script);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("voxel maps"));
}

/// `mapscope walk MAP --script SCRIPT`.
fn walk(map: &std::path::Path, script: &std::path::Path) -> std::process::Output {
    common::mapscope(&[
        "walk".as_ref(),
        map.as_os_str(),
        "--script".as_ref(),
        script.as_os_str(),
    ])
}

/// A run's output, which must have succeeded.
fn succeeded(out: std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A 512 x 512 x 64 AoS map, solid from z 50 down.
fn flat_map() -> Vec<u8> {
    common::aos_file(|_, _| (50, 0x7f80_8080))
}
