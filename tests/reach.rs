//! `mapscope analyze` on Ace of Spades maps: where each team can go on
//! foot, and the witnesses that show it. Every witness script is replayed
//! through `mapscope walk`, and (for the corpus maps) the same scripts were
//! replayed through a program built from piqueserver's
//! `pyspades/world_c.cpp` outside this repository
//! (`tests/reference/witness.txt.gz` holds its last positions and the
//! fall damage it counted). The moves the search keeps are checked
//! against moves run in full.

mod common;

use serde_json::Value;
use std::io::Read;
use std::path::Path;

fn analyze(map: &Path) -> Value {
    let out = common::mapscope(&["analyze".as_ref(), map.as_os_str(), "--json".as_ref()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("analyze --json prints JSON")
}

/// `mapscope walk`'s player position after the script's last tick, and
/// the fall damage its ticks say (each line's last number, where positive).
fn walked(map: &Path, script: &str, dir: &Path, name: &str) -> ([f64; 3], i64) {
    let file = dir.join(format!("{name}.script"));
    std::fs::write(&file, script).unwrap();
    let out = common::mapscope(&[
        "walk".as_ref(),
        map.as_os_str(),
        "--script".as_ref(),
        file.as_os_str(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let damage = text
        .lines()
        .filter_map(|l| l.split_whitespace().last()?.parse::<i64>().ok())
        .filter(|&d| d > 0)
        .sum();
    let last: Vec<f64> = text
        .lines()
        .last()
        .expect("a line a tick")
        .split_whitespace()
        .skip(1)
        .take(3)
        .map(|w| w.parse().unwrap())
        .collect();
    ([last[0], last[1], last[2]], damage)
}

/// Where a witness ends (`position`), or a fairness walk (`end`).
fn position(w: &Value) -> [f64; 3] {
    let p = w["position"].as_array().or(w["end"].as_array()).unwrap();
    [0, 1, 2].map(|i| p[i].as_f64().unwrap())
}

fn within_a_voxel(a: [f64; 3], b: [f64; 3]) -> bool {
    (0..3).all(|i| (a[i] - b[i]).abs() <= 1.0)
}

/// The reference: for each map, team and witness, its script and the
/// physics reference's last position and fall damage.
fn reference() -> Vec<(String, String, [f64; 3], i64)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/reference/witness.txt.gz"
    );
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    let mut out: Vec<(String, String, [f64; 3], i64)> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(head) = line.strip_prefix("= ") {
            out.push((head.to_string(), String::new(), [0.0; 3], -1));
        } else if let Some(p) = line.strip_prefix("- ") {
            let v: Vec<f64> = p.split_whitespace().map(|w| w.parse().unwrap()).collect();
            let e = out.last_mut().unwrap();
            e.2 = [v[0], v[1], v[2]];
            e.3 = v[3] as i64;
        } else {
            let e = out.last_mut().unwrap();
            e.1.push_str(line);
            e.1.push('\n');
        }
    }
    out
}

/// On every corpus VXL map: each team gets at least 10 witnesses and both
/// fairness walks, and each one's script ends within one voxel of its
/// position replayed through `mapscope walk` and through the servers' own
/// physics, with the fall damage it says (the same under both) under a
/// player's 100 health.
#[test]
fn corpus_witnesses_end_where_they_say_under_walk_and_the_servers_physics() {
    if common::corpus_dir().is_none() {
        common::cannot_run("corpus witnesses", "no corpus");
        return;
    }
    let reference = reference();
    let dir = common::scratch_dir("reach", "corpus");
    let maps = common::corpus_files("vxl", "vxl");
    assert!(maps.len() >= 8, "the corpus's VXL maps");
    let (mut checked, mut walks) = (0, 0);
    for map in &maps {
        let stem = map.file_stem().unwrap().to_string_lossy().to_string();
        let v = analyze(map);
        let teams = v["teams"].as_array().unwrap();
        assert_eq!(teams.len(), 2, "{stem}: two teams");
        for t in teams {
            let team = t["team"].as_u64().unwrap();
            let witnesses = t["witnesses"].as_array().unwrap();
            assert!(
                witnesses.len() >= 10,
                "{stem} team {team}: {} witnesses",
                witnesses.len()
            );
            let share = t["reachable_share"].as_f64().unwrap();
            assert!(share > 0.0 && share <= 1.0, "{stem}: {share}");
            for (k, w) in witnesses.iter().enumerate() {
                let head = format!("{stem} {team} {k}");
                check_walk(map, &dir, &reference, &head, w);
                checked += 1;
            }
        }
        // The fairness table's walks, likewise; each says its time, the
        // ticks its script takes (the reference ran as many).
        for t in v["fairness"]["teams"].as_array().unwrap() {
            for to in ["to_enemy_spawn", "to_middle"] {
                let w = &t[to];
                assert!(w.is_object(), "{stem}: no walk {to}: {t}");
                let head = format!("{stem} {} {to}", t["team"]);
                check_walk(map, &dir, &reference, &head, w);
                let script_ticks: u64 = w["script"]
                    .as_str()
                    .unwrap()
                    .lines()
                    .skip(1)
                    .map(|l| l.split_whitespace().next().unwrap().parse::<u64>().unwrap())
                    .sum();
                assert_eq!(w["ticks"].as_u64(), Some(script_ticks), "{head}");
                let seconds = w["seconds"].as_f64().unwrap();
                assert!(
                    (seconds * 60.0 - script_ticks as f64).abs() < 1e-6,
                    "{head}"
                );
                walks += 1;
            }
        }
    }
    assert!(walks >= 32, "{walks} fairness walks checked");
    assert!(checked >= 160, "{checked} witnesses checked");
}

/// A witness or a fairness walk (`head` names it in the reference): the
/// reference replayed the same script, and it and `mapscope walk` end
/// within a voxel of where the walk says, with its fall damage, on the
/// place it names, with health left.
fn check_walk(
    map: &Path,
    dir: &Path,
    reference: &[(String, String, [f64; 3], i64)],
    head: &str,
    w: &Value,
) {
    let script = w["script"].as_str().unwrap();
    let at = position(w);
    let (_, ref_script, ref_end, ref_damage) = reference
        .iter()
        .find(|(h, _, _, _)| *h == head)
        .unwrap_or_else(|| panic!("{head}: not in the reference; remake it"));
    assert_eq!(
        ref_script.trim(),
        script.trim(),
        "{head}: the walk is not the one the reference replayed; remake it"
    );
    assert!(
        within_a_voxel(*ref_end, at),
        "{head}: the servers' physics ends at {ref_end:?}, the walk says {at:?}"
    );
    let (walked, walk_damage) = walked(map, script, dir, &head.replace(' ', "-"));
    assert!(
        within_a_voxel(walked, at),
        "{head}: walk ends at {walked:?}, the witness says {at:?}"
    );
    let damage = 100 - w["health_left"].as_i64().unwrap();
    assert_eq!(walk_damage, damage, "{head}: walk's fall damage");
    assert_eq!(*ref_damage, damage, "{head}: the servers' fall damage");
    assert!(damage < 100, "{head}: {damage} damage");
    // And it stands on the place the walk names (its middle may hang over
    // the next column, a corner on the place).
    let place = w["place"].as_array().unwrap();
    for i in 0..2 {
        let middle = place[i].as_f64().unwrap() + 0.5;
        assert!(
            (walked[i] - middle).abs() < 1.0,
            "{head}: {walked:?} off {place:?}"
        );
    }
    let feet = walked[2] + 2.25;
    let floor = place[2].as_f64().unwrap();
    assert!(
        feet < floor && feet > floor - 1.0,
        "{head}: feet {feet}, floor {floor}"
    );
}

/// Flat ground at z 50 with a pit 8 deep at x 200..206, y 250..256 and a
/// plateau 10 high at x 300..312, y 100..112.
fn write_pit_map(path: &Path) {
    let pit = |x: u32, y: u32| (200..206).contains(&x) && (250..256).contains(&y);
    let plateau = |x: u32, y: u32| (300..312).contains(&x) && (100..112).contains(&y);
    let file = common::aos_file(|x, y| {
        let top = if pit(x, y) {
            58
        } else if plateau(x, y) {
            40
        } else {
            50
        };
        (top, 0x7f80_8080)
    });
    std::fs::write(path, file).unwrap();
}

/// A map made here: flat ground with a pit nobody climbs out of and a
/// plateau nobody climbs onto. The analysis finds both, and its
/// witnesses replay through `mapscope walk` to where they say.
#[test]
fn a_pit_is_a_trap_and_a_plateau_is_out_of_reach() {
    let dir = common::scratch_dir("reach", "pit");
    let map = dir.join("pit.vxl");
    write_pit_map(&map);
    let v = analyze(&map);
    let inside = |r: &Value, x: i64, y: i64| {
        let (min, max) = (&r["min"], &r["max"]);
        (min[0].as_i64().unwrap()..=max[0].as_i64().unwrap()).contains(&x)
            && (min[1].as_i64().unwrap()..=max[1].as_i64().unwrap()).contains(&y)
    };
    let traps = v["traps"].as_array().unwrap();
    assert!(
        traps.iter().any(|r| inside(r, 202, 252)),
        "the pit: {traps:?}"
    );
    let unreachable = v["unreachable"].as_array().unwrap();
    assert!(
        unreachable.iter().any(|r| inside(r, 305, 105)),
        "the plateau: {unreachable:?}"
    );
    assert!(
        !traps.iter().any(|r| inside(r, 50, 50)),
        "open ground is no trap"
    );
    for t in v["teams"].as_array().unwrap() {
        let share = t["reachable_share"].as_f64().unwrap();
        // All but the plateau's 144 columns.
        let expected = 1.0 - 144.0 / (512.0 * 512.0);
        assert!((share - expected).abs() < 1e-9, "share {share}");
        assert_eq!(t["highest"]["floor_z"], 50, "the plateau is not reached");
        let witnesses = t["witnesses"].as_array().unwrap();
        assert!(witnesses.len() >= 10);
        for (k, w) in witnesses.iter().enumerate().step_by(3) {
            let name = format!("{}-{k}", t["team"]);
            let (walked, _) = walked(&map, w["script"].as_str().unwrap(), &dir, &name);
            assert!(within_a_voxel(walked, position(w)), "{walked:?} {w}");
        }
    }
    let out = common::mapscope(&["analyze".as_ref(), map.as_os_str()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Traps") && text.contains("No team reaches"),
        "{text}"
    );
}

/// `diff` says how where each team can go changed: a pit dug into flat
/// ground is a trap (36 columns), a plateau raised from it is out of
/// reach (144 columns), and the teams' share drops by those.
#[test]
fn diff_says_how_reachability_changed() {
    let dir = common::scratch_dir("reach", "diff");
    let flat = dir.join("flat.vxl");
    let pit = dir.join("pit.vxl");
    std::fs::write(&flat, common::aos_file(|_, _| (50, 0x7f80_8080))).unwrap();
    write_pit_map(&pit);
    let out = common::mapscope(&["diff".as_ref(), flat.as_os_str(), pit.as_os_str()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("trap columns: 0 -> 36"), "{text}");
    assert!(
        text.contains("reachable share: 100.0 % -> 99.9 %"),
        "{text}"
    );
    assert!(text.contains("columns no team reaches: 0 -> 144"), "{text}");
    let out = common::mapscope(&[
        "diff".as_ref(),
        flat.as_os_str(),
        pit.as_os_str(),
        "--json".as_ref(),
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let fairness = v["fairness"].as_array().unwrap();
    assert!(fairness.iter().any(|f| f["field"] == "trap columns"), "{v}");
}

/// `diff` says when a new version makes a team's walk to the other
/// team's spawn longer: a wall ten blocks high across the middle, open
/// only at its south end, sends both teams round it.
#[test]
fn diff_says_a_walk_got_longer() {
    let dir = common::scratch_dir("reach", "walk-longer");
    let flat = dir.join("flat.vxl");
    let walled = dir.join("walled.vxl");
    std::fs::write(&flat, common::aos_file(|_, _| (50, 0x7f80_8080))).unwrap();
    let wall = |x: u32, y: u32| (250..253).contains(&x) && y < 470;
    std::fs::write(
        &walled,
        common::aos_file(|x, y| (if wall(x, y) { 40 } else { 50 }, 0x7f80_8080)),
    )
    .unwrap();
    let out = common::mapscope(&["diff".as_ref(), flat.as_os_str(), walled.as_os_str()]);
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.contains("team 1 (blue) to the other team's spawn:"))
        .unwrap_or_else(|| panic!("{text}"));
    // "172.4 s -> 180.1 s, 7.7 s longer": the seconds before and after.
    let seconds: Vec<f64> = line
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(line.ends_with(" s longer"), "{line}");
    assert!(seconds.len() >= 4 && seconds[2] > seconds[1], "{line}");
    let out = common::mapscope(&[
        "diff".as_ref(),
        flat.as_os_str(),
        walled.as_os_str(),
        "--json".as_ref(),
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let walk = v["fairness"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == "team 2 (green) to the other team's spawn")
        .unwrap_or_else(|| panic!("{v}"));
    assert!(walk["new"].as_str().unwrap().ends_with("longer"), "{walk}");
}

/// The corpus's VXL maps, by name.
/// On every corpus VXL map, the moves the search keeps are the physics'
/// own from each place's rest: after both teams' searches (most moves
/// found in kept shapes), the moves from every 23rd place they worked out
/// are, move for move, those found by running every move in full.
#[test]
fn kept_moves_are_the_moves_run_in_full_on_every_corpus_map() {
    use mapscope::analysis::reach::{graph::Graph, search};
    use mapscope::formats::{self, LoadOptions};
    if common::corpus_dir().is_none() {
        common::cannot_run("kept moves", "no corpus");
        return;
    }
    let maps = common::corpus_files("vxl", "vxl");
    assert!(maps.len() >= 8, "the corpus's VXL maps");
    for path in &maps {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let map = formats::load_path(path, &LoadOptions::default()).unwrap();
        let reach = mapscope::kinds::of(&map).reach_map().unwrap();
        let mut graph = Graph::new(&reach.solids);
        for team in &reach.teams {
            search::reach(&mut graph, team);
        }
        assert!(
            graph.reused > 2 * graph.ran,
            "{stem}: {} reused, {} run",
            graph.reused,
            graph.ran
        );
        let (mut places, mut moves) = (0, 0);
        for i in (0..graph.places.len() as u32).step_by(23) {
            let Some(kept) = graph.known(i).map(<[_]>::to_vec) else {
                continue;
            };
            assert_eq!(kept, graph.edges_run_in_full(i), "{stem}: place {i}");
            places += 1;
            moves += kept.len();
        }
        assert!(
            places >= 400 && moves >= 2000,
            "{stem}: {places} places, {moves} moves"
        );
    }
}

/// `analyze --json`'s fairness on the pit map: each team's quickest walks
/// to the other team's spawn area and to the middle, each a script that
/// `mapscope walk` replays to where it says, in the ticks it says.
#[test]
fn fairness_gives_each_team_walks_that_replay_to_their_ends() {
    let dir = common::scratch_dir("reach", "fairness");
    let map = dir.join("pit.vxl");
    write_pit_map(&map);
    let v = analyze(&map);
    let teams = v["fairness"]["teams"].as_array().expect("fairness.teams");
    assert_eq!(teams.len(), 2);
    for t in teams {
        for key in ["to_enemy_spawn", "to_middle"] {
            let w = &t[key];
            let ticks = w["ticks"].as_u64().expect("a walk");
            let seconds = w["seconds"].as_f64().unwrap();
            assert!(
                ticks > 60 && (seconds - ticks as f64 / 60.0).abs() < 1e-6,
                "{w}"
            );
            let script = w["script"].as_str().unwrap();
            let lines: u64 = script
                .lines()
                .skip(1)
                .map(|l| l.split_whitespace().next().unwrap().parse::<u64>().unwrap())
                .sum();
            assert_eq!(lines, ticks, "the script's ticks");
            let end = w["end"].as_array().unwrap();
            let end = [0, 1, 2].map(|i| end[i].as_f64().unwrap());
            let (walked, damage) = walked(&map, script, &dir, &format!("{}-{key}", t["team"]));
            assert!(within_a_voxel(walked, end), "{key}: {walked:?} {end:?}");
            assert_eq!(100 - damage, w["health_left"].as_i64().unwrap());
        }
    }
    let text = common::mapscope(&["analyze".as_ref(), map.as_os_str()]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("Fairness"));
}
