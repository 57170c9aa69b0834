//! `mapscope replay` on real replays (`$MAPSCOPE_REPLAYS`, with
//! subfolders; skipped, and said, without it): its JSON against what
//! w3gjs (an independent parser, run outside the repository) printed for
//! each replay (`<name>.w3gjs.json` beside it), and each game's start
//! locations and expansions against the corpus's maps.

mod common;

use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn real_replays() -> Vec<PathBuf> {
    let Some(dir) = std::env::var_os("MAPSCOPE_REPLAYS") else {
        common::said("no MAPSCOPE_REPLAYS: the real replays' tests have nothing to read");
        return Vec::new();
    };
    let out = common::replays::w3g_files(Path::new(&dir));
    assert!(!out.is_empty(), "MAPSCOPE_REPLAYS holds no .w3g file");
    out
}

fn mapscope_json(args: &[&std::ffi::OsStr]) -> Value {
    let scratch = std::env::temp_dir().join(format!("mapscope-replay-real-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_mapscope"))
        .args(args)
        .env("XDG_CONFIG_HOME", &scratch)
        .output()
        .expect("runs mapscope");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// `replay --json` of `file`, looking for maps in the corpus's.
fn replay_json(file: &Path) -> Value {
    let mut args = vec![
        std::ffi::OsStr::new("replay"),
        file.as_os_str(),
        "--json".as_ref(),
    ];
    let maps = common::corpus_dir().map(|c| c.join("w3x"));
    if let Some(m) = &maps {
        args.push("--maps".as_ref());
        args.push(m.as_os_str());
    }
    mapscope_json(&args)
}

/// Replays whose orders w3gjs misreads (see tests/w3g.rs).
const W3GJS_MISNUMBERS: [&str; 2] = [
    "3766547431_Rici_Kol9ni4_Concealed Hill.w3g",
    "905018518_DanGer_Sonik_Twisted Meadows 11.w3g",
];

fn order_id(order: &Value) -> u64 {
    let s = order.as_str().unwrap();
    match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).unwrap(),
        None => u64::from(u32::from_be_bytes(s.as_bytes().try_into().unwrap())),
    }
}

fn race_letter(race: &str) -> &'static str {
    match race {
        "human" => "H",
        "orc" => "O",
        "nightelf" => "N",
        "undead" => "U",
        _ => "R",
    }
}

fn same(a: &Value, b: &Value) -> bool {
    a.as_f64().map(|v| v as f32) == b.as_f64().map(|v| v as f32)
}

#[test]
fn replay_json_agrees_with_w3gjs_on_every_real_replay() {
    let (mut compared, mut players, mut orders, mut pings) = (0, 0, 0, 0);
    for file in real_replays() {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let Ok(text) = std::fs::read_to_string(file.with_file_name(format!("{stem}.w3gjs.json")))
        else {
            continue;
        };
        let t: Value = serde_json::from_str(&text).unwrap();
        let j = replay_json(&file);
        let at = |what: &str| format!("{}: {what}", file.display());
        assert_eq!(j["build"], t["buildNumber"], "{}", at("build"));
        assert_eq!(j["duration_ms"], t["slotsDuration"], "{}", at("length"));
        assert_eq!(j["map"]["path"], t["mapPath"], "{}", at("map path"));
        // w3gjs lists players by id: computers share one.
        let theirs = t["players"].as_array().unwrap();
        let mine = j["players"].as_array().unwrap();
        let mut ids: Vec<&Value> = mine.iter().map(|p| &p["id"]).collect();
        ids.dedup();
        assert_eq!(ids.len(), theirs.len(), "{}", at("players"));
        for q in theirs {
            let p = mine
                .iter()
                .rfind(|p| p["id"] == q["id"])
                .expect("the same ids");
            assert_eq!(&p["name"], &q["name"], "{}", at("player"));
            assert_eq!(
                race_letter(p["race"].as_str().unwrap()),
                q["race"],
                "{}",
                at("race")
            );
            let slot = t["slots"]
                .as_array()
                .unwrap()
                .iter()
                .rfind(|s| s["playerId"] == p["id"] && s["status"] == 2)
                .unwrap();
            assert_eq!(p["team"], slot["team"], "{}", at("team"));
        }
        players += theirs.len();
        if !W3GJS_MISNUMBERS.iter().any(|m| file.ends_with(m)) {
            let theirs = t["orders"].as_array().unwrap();
            let mine = j["orders"].as_array().unwrap();
            assert_eq!(mine.len(), theirs.len(), "{}", at("orders"));
            for (o, q) in mine.iter().zip(theirs) {
                let what = at(&format!("order {o} against {q}"));
                assert_eq!(
                    [&o["ms"], &o["player"], &o["action"]],
                    [&q[0], &q[1], &q[2]],
                    "{what}"
                );
                assert_eq!(order_id(&o["order"]), q[3].as_u64().unwrap(), "{what}");
                assert!(same(&o["x"], &q[4]) && same(&o["y"], &q[5]), "{what}");
                if let Some(second) = o.get("second") {
                    assert_eq!(order_id(&second["order"]), q[6].as_u64().unwrap(), "{what}");
                    assert!(
                        same(&second["x"], &q[7]) && same(&second["y"], &q[8]),
                        "{what}"
                    );
                }
            }
            orders += mine.len();
        }
        let theirs = t["pings"].as_array().unwrap();
        let mine = j["pings"].as_array().unwrap();
        assert_eq!(mine.len(), theirs.len(), "{}", at("pings"));
        for (p, q) in mine.iter().zip(theirs) {
            assert_eq!([&p["ms"], &p["player"]], [&q[0], &q[1]], "{}", at("ping"));
            assert!(
                same(&p["x"], &q[2]) && same(&p["y"], &q[3]),
                "{}",
                at("ping point")
            );
        }
        pings += mine.len();
        compared += 1;
    }
    common::said(&format!(
        "replay --json against w3gjs: {compared} replays, {players} players, {orders} orders, {pings} pings"
    ));
}

/// A map's start locations and gold mines (world units).
type Places = (Vec<[f64; 2]>, Vec<[f64; 2]>);

/// A map's start locations and gold mines as `info --json` prints them.
fn places(map: &str, cache: &mut HashMap<String, Places>) -> Places {
    cache
        .entry(map.to_string())
        .or_insert_with(|| {
            let j = mapscope_json(&["info".as_ref(), "--json".as_ref(), map.as_ref()]);
            let xy = |v: &Value| [v[0].as_f64().unwrap(), v[1].as_f64().unwrap()];
            let starts = j["start_locations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| xy(&s["position"]))
                .collect();
            let mines = j["gold_mines"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| xy(&m["position"]))
                .collect();
            (starts, mines)
        })
        .clone()
}

fn nearest(points: &[[f64; 2]], at: [f64; 2]) -> (usize, f64) {
    points
        .iter()
        .enumerate()
        .map(|(i, p)| (i, (p[0] - at[0]).hypot(p[1] - at[1])))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap()
}

/// Start locations are told from buildings (where a player placed some);
/// here they are checked by another sign: where each player first sends workers to mine (an order
/// with a target object, 0x12, in the first 15 s, on a gold mine) is the
/// main mine of the start location it was given.
#[test]
fn starts_and_expansions_hold_on_real_replays_against_the_corpus_maps() {
    if common::corpus_dir().is_none() {
        return;
    }
    let mut cache = HashMap::new();
    let (mut games, mut one_v_one, mut confirmed, mut expansions) = (0, 0, 0, 0);
    for file in real_replays() {
        let j = replay_json(&file);
        let Some(map) = j["map"]["used"].as_str() else {
            continue;
        };
        games += 1;
        let (starts, mines) = places(map, &mut cache);
        let players = j["players"].as_array().unwrap();
        let at = |what: &str| format!("{}: {what}", file.display());
        let given: Vec<Option<usize>> = players
            .iter()
            .map(|p| p["start_location"].as_u64().map(|s| s as usize))
            .collect();
        // Computers leave no actions in a replay: nothing tells their start.
        let humans = players.iter().all(|p| p["computer"] == false);
        if players.len() == 2 && players[0]["team"] != players[1]["team"] && humans {
            one_v_one += 1;
            assert!(
                given.iter().all(Option::is_some) && given[0] != given[1],
                "{}",
                at("two different starts")
            );
        }
        for (p, start) in players.iter().zip(&given) {
            let Some(s) = *start else { continue };
            let built = j["builds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["player"] == p["id"]);
            if !built {
                // Its start was told from the workers it sent: no check.
                continue;
            }
            let main = nearest(&mines, starts[s]).0;
            let first = j["orders"].as_array().unwrap().iter().find(|o| {
                o["player"] == p["id"] && o["action"] == 0x12 && o["ms"].as_u64().unwrap() < 15_000
            });
            let Some(o) = first else { continue };
            let (mine, d) = nearest(&mines, [o["x"].as_f64().unwrap(), o["y"].as_f64().unwrap()]);
            if d < 200.0 {
                assert_eq!(
                    mine,
                    main,
                    "{}",
                    at(&format!("player {} mines at its start's main", p["id"]))
                );
                confirmed += 1;
            }
        }
        for e in j["expansions"].as_array().unwrap() {
            let (mine, d) = nearest(&mines, [e["x"].as_f64().unwrap(), e["y"].as_f64().unwrap()]);
            assert_eq!(
                (mine as u64, d <= 1100.0),
                (e["mine"].as_u64().unwrap(), true),
                "{}",
                at(&format!("{e}"))
            );
            let p = players.iter().position(|p| p["id"] == e["player"]).unwrap();
            if let Some(s) = given[p] {
                assert_ne!(
                    mine,
                    nearest(&mines, starts[s]).0,
                    "{}",
                    at("an expansion is not the main")
                );
            }
            expansions += 1;
        }
    }
    common::said(&format!(
        "real games on corpus maps: {games} games ({one_v_one} 1v1, two different starts each), {confirmed} starts confirmed by the first workers sent to mine, {expansions} expansions at the nearest mine, none at the player's main"
    ));
}
