//! `mapscope replay` and `mapscope replays`: a game found on its map, its
//! players' start locations, buildings and expansions, the season folded
//! by map, the pictures, and bad input; on synthetic replays of a
//! synthetic map (always), and on real replays against the corpus's maps
//! and w3gjs's reading (where `$MAPSCOPE_REPLAYS` holds them; skipped,
//! and said, otherwise).

mod common;

use common::Scratch;
use mapscope::formats::w3g::write::{self, PointOrder, Sample};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs mapscope with a config folder of its own (the viewer's recent
/// folders are looked in for maps: the user's must not be).
fn run(dir: &Path, args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mapscope"))
        .args(args)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .current_dir(dir)
        .output()
        .expect("runs mapscope")
}

fn os<S: AsRef<std::ffi::OsStr> + ?Sized>(s: &S) -> &std::ffi::OsStr {
    s.as_ref()
}

fn json_of(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The sample melee map (start locations at (-1280, 1280) for player 1 and
/// (1280, -1280) for player 2, each with its gold mine 384 units east) as
/// W3Champions' ladder folder names it.
const MAP_FILE: &str = "1v1_TwoRivers_v1.0@77.w3x";
/// The path a W3Champions replay stores for it.
const STORED: &str = r"maps\W3Champions\77_w3c_251104_0950_TwoRivers_v1.0.w3x";

/// Alice (id 1) builds at the north-west start, Bob (id 2) at the
/// south-east one, then orders a necropolis at the north-west mine.
const GAME: [PointOrder; 5] = [
    (7_000, 1, *b"hhou", -1100.0, 1000.0),
    (8_000, 2, *b"usep", 1100.0, -1000.0),
    (9_000, 1, *b"halt", -1500.0, 1500.0),
    (9_500, 1, *b"halt", -1500.0, 1500.0),
    (300_000, 2, *b"unpl", -400.0, 900.0),
];

/// A folder with the map under `maps/` and the game's replay.
fn season_folder(dir: &Scratch) -> (PathBuf, PathBuf) {
    let maps = dir.join("maps");
    std::fs::create_dir_all(&maps).unwrap();
    let archive = mapscope::samples::w3x_archive(0, Default::default());
    std::fs::write(maps.join(MAP_FILE), archive).unwrap();
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let replay = games.join("game.w3g");
    std::fs::write(
        &replay,
        write::game(Sample::new(10100, 6115), STORED, &GAME),
    )
    .unwrap();
    (maps, replay)
}

#[test]
fn a_game_is_found_on_its_map_with_starts_builds_and_expansions() {
    let dir = common::scratch_dir("replay", "game");
    let (maps, replay) = season_folder(&dir);
    let j = json_of(&run(
        &dir,
        &[
            os("replay"),
            os(&replay),
            os("--maps"),
            os(&maps),
            os("--json"),
        ],
    ));
    assert_eq!(j["kind"], "replay");
    assert_eq!(j["build"], 6115);
    assert_eq!(j["duration_ms"], 300_000);
    assert_eq!(j["map"]["path"], STORED);
    assert!(
        j["map"]["used"].as_str().unwrap().ends_with(MAP_FILE),
        "{}",
        j["map"]
    );
    assert_eq!(j["map"]["how"], "same name and version");
    let players = j["players"].as_array().unwrap();
    let summary: Vec<(u64, &str, &str, Value)> = players
        .iter()
        .map(|p| {
            (
                p["id"].as_u64().unwrap(),
                p["name"].as_str().unwrap(),
                p["race"].as_str().unwrap(),
                p["start_location"].clone(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            (1, "Alice", "human", Value::from(0)),
            (2, "Bob#12345", "undead", Value::from(1))
        ],
        "observers apart, each at the start its buildings are at"
    );
    assert_eq!(j["observers"], serde_json::json!(["Watcher"]));
    assert_eq!(players[1]["result"], "won");
    assert_eq!(
        j["orders"].as_array().unwrap().len(),
        GAME.len(),
        "every order, clicked twice or not"
    );
    let builds: Vec<(&str, &str)> = j["builds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["order"].as_str().unwrap(), b["place"].as_str().unwrap()))
        .collect();
    assert_eq!(
        builds,
        vec![
            ("hhou", "at home"),
            ("usep", "at home"),
            ("halt", "at home"),
            ("unpl", "gold mine 1, player 1's main")
        ],
        "the altar clicked twice is one placement"
    );
    let e = &j["expansions"][0];
    assert_eq!(
        (e["player"].as_u64(), e["mine"].as_u64(), e["ms"].as_u64()),
        (Some(2), Some(0), Some(300_000))
    );
    assert_eq!(j["expansions"].as_array().unwrap().len(), 1);

    let text = run(&dir, &[os("replay"), os(&replay), os("--maps"), os(&maps)]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("(same name and version)"), "{text}");
    assert!(
        text.contains("5:00 Bob#12345: necropolis at gold mine 1, player 1's main"),
        "{text}"
    );
}

#[test]
fn the_replays_own_folder_is_looked_in_and_a_missing_map_is_said() {
    let dir = common::scratch_dir("replay", "folders");
    let (maps, replay) = season_folder(&dir);
    let beside = replay.with_file_name(MAP_FILE);
    std::fs::rename(maps.join(MAP_FILE), &beside).unwrap();
    let j = json_of(&run(&dir, &[os("replay"), os(&replay), os("--json")]));
    assert_eq!(
        j["map"]["used"].as_str().map(PathBuf::from),
        Some(beside.clone())
    );
    // A folder the viewer was given with --maps is remembered there (in
    // the config folder) and looked in by `replay` too.
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::copy(&beside, elsewhere.join(MAP_FILE)).unwrap();
    std::fs::create_dir_all(dir.join("config/mapscope")).unwrap();
    std::fs::write(
        dir.join("config/mapscope/maps-folders.txt"),
        elsewhere.to_str().unwrap(),
    )
    .unwrap();
    std::fs::remove_file(&beside).unwrap();
    let j = json_of(&run(&dir, &[os("replay"), os(&replay), os("--json")]));
    assert_eq!(
        j["map"]["used"].as_str().map(PathBuf::from),
        Some(elsewhere.join(MAP_FILE))
    );
    std::fs::remove_file(dir.join("config/mapscope/maps-folders.txt")).unwrap();
    let j = json_of(&run(&dir, &[os("replay"), os(&replay), os("--json")]));
    assert_eq!(j["map"]["used"], Value::Null);
    assert_eq!(j["players"][0]["start_location"], Value::Null);
    assert_eq!(
        j["orders"].as_array().unwrap().len(),
        GAME.len(),
        "the game without its map"
    );
    let out = run(&dir, &[os("replay"), os(&replay), os("-o"), os("x.png")]);
    assert_eq!(out.status.code(), Some(1), "no map to draw on");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("was not found; give its folder with --maps")
    );
}

#[test]
fn the_picture_shows_each_players_buildings_in_their_colour_where_they_are() {
    let dir = common::scratch_dir("replay", "picture");
    let (maps, replay) = season_folder(&dir);
    let png = dir.join("game.png");
    let draw = |more: &[&str]| {
        let mut args = vec![
            os("replay"),
            os(&replay),
            os("--maps"),
            os(&maps),
            os("-o"),
            os(&png),
        ];
        args.extend(more.iter().map(os));
        run(&dir, &args)
    };
    let out = draw(&["--size", "512"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (w, h, rgba) = common::golden::read_png(&png).expect("a PNG");
    assert_eq!(w.max(h), 512);
    // The playable area is 28 x 28 tiles around the map's centre: world
    // (x, y) lies at pixel ((x / 128 + 14) / 28, (14 - y / 128) / 28).
    let pixel = |x: f32, y: f32| {
        let px = ((x / 128.0 + 14.0) / 28.0 * w as f32) as usize;
        let py = ((14.0 - y / 128.0) / 28.0 * h as f32) as usize;
        let i = (py * w as usize + px) * 4;
        [rgba[i], rgba[i + 1], rgba[i + 2]]
    };
    assert_eq!(pixel(-1100.0, 1000.0), [255, 3, 3], "Alice's farm in red");
    assert_eq!(pixel(1100.0, -1000.0), [0, 66, 255], "Bob's crypt in blue");
    let out = draw(&[]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "an existing picture is kept without --force"
    );
}

#[test]
fn a_season_counts_games_by_map_and_says_what_it_left_out() {
    let dir = common::scratch_dir("replay", "season");
    let (maps, replay) = season_folder(&dir);
    let games = replay.parent().unwrap();
    let other = write::game(
        Sample::new(10032, 6114),
        r"Maps\FrozenThrone\(2)Nowhere.w3x",
        &GAME,
    );
    std::fs::write(games.join("elsewhere.w3g"), other).unwrap();
    let bytes = std::fs::read(&replay).unwrap();
    std::fs::write(games.join("second.w3g"), &bytes).unwrap();
    std::fs::write(games.join("cut.w3g"), &bytes[..100]).unwrap();
    std::fs::write(games.join("notes.w3g"), b"not a replay").unwrap();
    let j = json_of(&run(
        &dir,
        &[
            os("replays"),
            os(games),
            os("--maps"),
            os(&maps),
            os("--json"),
        ],
    ));
    assert_eq!(j["kind"], "replays");
    assert_eq!(j["replays"], 5);
    let m = &j["maps"][0];
    assert_eq!(j["maps"].as_array().unwrap().len(), 1);
    assert_eq!(m["games"], 2);
    let starts: Vec<(u64, u64)> = m["start_locations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["games"].as_u64().unwrap(), s["wins"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        starts,
        vec![(2, 0), (2, 2)],
        "Bob began at the second start and won both"
    );
    assert_eq!(m["gold_mines"][0]["expansions"], 2);
    assert_eq!(m["gold_mines"][0]["median_ms"], 300_000);
    assert_eq!(m["fairness"]["kind"], "ground-distances");
    let heat: u64 = m["heat"]["races"]["undead"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c[2].as_u64().unwrap())
        .sum();
    assert_eq!(heat, 4, "Bob's two orders in each game");
    assert_eq!(j["unmatched"].as_array().unwrap().len(), 1);
    let unreadable: Vec<&str> = j["unreadable"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["why"].as_str().unwrap())
        .collect();
    assert_eq!(unreadable.len(), 2, "{unreadable:?}");
    assert!(
        unreadable
            .iter()
            .any(|w| w.contains("not a Warcraft III replay")),
        "{unreadable:?}"
    );
    assert!(
        unreadable.iter().any(|w| w.contains("byte")),
        "the cut one names where: {unreadable:?}"
    );
}

#[test]
fn bad_replays_fail_with_a_message_naming_where_and_mistakes_exit_2() {
    let dir = common::scratch_dir("replay", "bad");
    let (_, replay) = season_folder(&dir);
    let bytes = std::fs::read(&replay).unwrap();
    let mut lying = bytes.clone();
    // The header's inflated size (bytes 0x28-0x2b): far more than a
    // replay may hold.
    lying[0x28..0x2c].copy_from_slice(&u32::MAX.to_le_bytes());
    let cases: [(&str, Vec<u8>); 4] = [
        ("cut.w3g", bytes[..60].to_vec()),
        ("lying.w3g", lying),
        ("empty.w3g", Vec::new()),
        (
            "map.w3g",
            mapscope::samples::w3x_archive(0, Default::default()),
        ),
    ];
    for (name, b) in cases {
        std::fs::write(dir.join(name), b).unwrap();
        let out = run(&dir, &[os("replay"), os(name)]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(
            err.contains(name)
                && (err.contains("byte") || err.contains("not a Warcraft III replay")),
            "{name}: {err}"
        );
    }
    let out = run(&dir, &[os("replay"), os("/dev/zero")]);
    assert_eq!(out.status.code(), Some(1));
    for args in [
        vec!["replay"],
        vec!["replay", "x.w3g", "--size", "0"],
        vec!["replays"],
    ] {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(os).collect();
        assert_eq!(run(&dir, &args).status.code(), Some(2), "{args:?}");
    }
    let out = run(&dir, &[os("replays"), os("nowhere")]);
    assert_eq!(out.status.code(), Some(1));
}
