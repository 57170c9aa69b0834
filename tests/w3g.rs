//! The W3G replay decoder against real replays and an independent
//! reference: for every replay with a `<name>.w3gjs.json` beside it (what
//! w3gjs, the JavaScript parser, printed for it), the decoded header,
//! slots, players, orders, pings, chat and leaves must match it field by
//! field. Replays come from `tests/replays/`, `$MAPSCOPE_REPLAYS` when set,
//! and the corpus's `w3g/` folder when there is one; each is searched
//! with its subfolders. The synthetic replays (`samples`) are checked
//! against what their writer put in.

mod common;

use mapscope::formats::w3g::{self, write, Race, Replay};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn replay_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            replay_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "w3g") {
            out.push(p);
        }
    }
}

/// Every replay the test can find, sorted.
fn replays() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays");
    replay_files(&here, &mut out);
    if let Some(dir) = std::env::var_os("MAPSCOPE_REPLAYS") {
        let dir = PathBuf::from(dir);
        let before = out.len();
        replay_files(&dir, &mut out);
        assert!(
            out.len() > before,
            "MAPSCOPE_REPLAYS={} holds no .w3g file",
            dir.display()
        );
    }
    if let Some(corpus) = common::corpus_dir() {
        replay_files(&corpus.join("w3g"), &mut out);
    }
    out.sort();
    out.dedup();
    out
}

fn reference(replay: &Path) -> Option<Value> {
    let stem = replay.file_stem()?.to_str()?;
    let json = replay.with_file_name(format!("{stem}.w3gjs.json"));
    let text = std::fs::read_to_string(json).ok()?;
    Some(serde_json::from_str(&text).expect("reference JSON parses"))
}

fn race_letter(r: Race) -> &'static str {
    match r {
        Race::Human => "H",
        Race::Orc => "O",
        Race::NightElf => "N",
        Race::Undead => "U",
        // w3gjs calls every other flag random.
        Race::Random | Race::Other(_) => "R",
    }
}

/// A float as the reference printed it (JSON has no NaN: null).
fn same_float(mine: f32, theirs: &Value) -> bool {
    match theirs.as_f64() {
        Some(v) => mine == v as f32 || (mine.is_nan() && v.is_nan()),
        None => !mine.is_finite(),
    }
}

fn n(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[derive(Default)]
struct Counts {
    replays: usize,
    compared: usize,
    orders: usize,
    pings: usize,
    players: usize,
    chat: usize,
    /// Orders of the replays w3gjs misreads, not compared.
    skipped_orders: usize,
}

/// Replays where w3gjs is wrong about actions: 2.0 replays with the new
/// action numbering but no 0x38 records, which w3gjs reads with the old
/// one (see actions.rs). Its reading stops their command blocks at the
/// first sync action (0x77), losing the orders after it, the builds its
/// race detection needs, and part of the APM count. Orders, races played
/// and APM are not compared for them; the rest is.
const W3GJS_MISNUMBERS: [&str; 2] = [
    "3766547431_Rici_Kol9ni4_Concealed Hill.w3g",
    "905018518_DanGer_Sonik_Twisted Meadows 11.w3g",
];

fn compare(name: &str, r: &Replay, j: &Value, counts: &mut Counts) {
    let misnumbered = W3GJS_MISNUMBERS.iter().any(|f| name.ends_with(f));
    let at = |what: &str| format!("{name}: {what}");
    assert_eq!(
        u64::from(r.header.build),
        n(&j["buildNumber"]),
        "{}",
        at("build")
    );
    assert_eq!(
        u64::from(r.header.duration_ms),
        n(&j["duration"]),
        "{}",
        at("header duration")
    );
    assert_eq!(
        u64::from(r.duration_ms),
        n(&j["slotsDuration"]),
        "{}",
        at("time slots' sum")
    );
    assert_eq!(
        r.map_path,
        j["mapPath"].as_str().unwrap(),
        "{}",
        at("map path")
    );
    assert_eq!(
        u64::from(r.random_seed),
        n(&j["randomSeed"]),
        "{}",
        at("random seed")
    );
    assert_eq!(
        u64::from(r.start_spot_count),
        n(&j["startSpots"]),
        "{}",
        at("start spots")
    );
    compare_slots(name, r, j);
    compare_players(name, r, j, counts, misnumbered);
    let orders = j["orders"].as_array().unwrap();
    if misnumbered {
        // w3gjs loses orders; it must not find any that are not here.
        assert!(r.orders.len() >= orders.len(), "{}", at("order count"));
        counts.skipped_orders += orders.len();
        return compare_the_rest(name, r, j, counts);
    }
    assert_eq!(r.orders.len(), orders.len(), "{}", at("order count"));
    for (i, (o, t)) in r.orders.iter().zip(orders).enumerate() {
        let t = t.as_array().unwrap();
        let what = at(&format!("order {i} ({o:?} against {t:?})"));
        assert_eq!(
            [
                u64::from(o.ms),
                u64::from(o.player),
                u64::from(o.action),
                u64::from(o.order_id)
            ],
            [n(&t[0]), n(&t[1]), n(&t[2]), n(&t[3])],
            "{what}"
        );
        assert!(same_float(o.x, &t[4]) && same_float(o.y, &t[5]), "{what}");
        match o.second {
            Some(s) => assert!(
                u64::from(s.order_id) == n(&t[6])
                    && same_float(s.x, &t[7])
                    && same_float(s.y, &t[8]),
                "{what}"
            ),
            None => assert_eq!(t.len(), 6, "{what}"),
        }
    }
    counts.orders += orders.len();
    compare_the_rest(name, r, j, counts);
}

fn compare_slots(name: &str, r: &Replay, j: &Value) {
    let at = |what: &str| format!("{name}: {what}");
    let slots = j["slots"].as_array().unwrap();
    assert_eq!(r.slots.len(), slots.len(), "{}", at("slot count"));
    for (i, (s, t)) in r.slots.iter().zip(slots).enumerate() {
        let mine = [
            s.player_id,
            s.status,
            u8::from(s.computer),
            s.team,
            s.colour,
            s.race_flags,
            s.ai_strength,
            s.handicap,
        ];
        let keys = [
            "playerId",
            "status",
            "computer",
            "team",
            "colour",
            "raceFlag",
            "aiStrength",
            "handicap",
        ];
        for (m, k) in mine.iter().zip(keys) {
            assert_eq!(u64::from(*m), n(&t[k]), "{}", at(&format!("slot {i} {k}")));
        }
    }
}

/// Players by id; for replays w3gjs misreads, names and chosen races only.
fn compare_players(name: &str, r: &Replay, j: &Value, counts: &mut Counts, misnumbered: bool) {
    let at = |what: &str| format!("{name}: {what}");
    // w3gjs lists players by id (computers share one) without observers.
    for t in j["players"].as_array().unwrap() {
        let id = n(&t["id"]);
        let mine: Vec<_> = r
            .players
            .iter()
            .filter(|p| u64::from(p.id) == id && !p.is_observer)
            .collect();
        let p = mine
            .last()
            .unwrap_or_else(|| panic!("{}", at(&format!("no player {id}"))));
        let what = |f: &str| at(&format!("player {id} {f}"));
        assert_eq!(p.name, t["name"].as_str().unwrap(), "{}", what("name"));
        assert_eq!(
            race_letter(p.race),
            t["race"].as_str().unwrap(),
            "{}",
            what("race")
        );
        counts.players += 1;
        if misnumbered {
            continue;
        }
        let played = p.race_played.map(race_letter);
        assert_eq!(
            played,
            t["raceDetected"].as_str(),
            "{}",
            what("race played")
        );
        assert_eq!(u64::from(p.apm), n(&t["apm"]), "{}", what("APM"));
    }
}

/// Pings, chat and leaves.
fn compare_the_rest(name: &str, r: &Replay, j: &Value, counts: &mut Counts) {
    let at = |what: &str| format!("{name}: {what}");
    let pings = j["pings"].as_array().unwrap();
    assert_eq!(r.pings.len(), pings.len(), "{}", at("ping count"));
    for (p, t) in r.pings.iter().zip(pings) {
        let what = at(&format!("ping {p:?} against {t}"));
        assert_eq!(
            [u64::from(p.ms), u64::from(p.player)],
            [n(&t[0]), n(&t[1])],
            "{what}"
        );
        assert!(same_float(p.x, &t[2]) && same_float(p.y, &t[3]), "{what}");
    }
    counts.pings += pings.len();
    let chat = j["chat"].as_array().unwrap();
    assert_eq!(r.chat.len(), chat.len(), "{}", at("chat count"));
    for (c, t) in r.chat.iter().zip(chat) {
        let what = at(&format!("chat {c:?} against {t}"));
        assert_eq!(
            [u64::from(c.ms), u64::from(c.player)],
            [n(&t[0]), n(&t[1])],
            "{what}"
        );
        assert_eq!(c.text, t[2].as_str().unwrap(), "{what}");
    }
    counts.chat += chat.len();
    let leaves = j["leaves"].as_array().unwrap();
    assert_eq!(r.leaves.len(), leaves.len(), "{}", at("leave count"));
    for (l, t) in r.leaves.iter().zip(leaves) {
        let what = at(&format!("leave {l:?} against {t}"));
        assert_eq!(
            [u64::from(l.ms), u64::from(l.player)],
            [n(&t[0]), n(&t[1])],
            "{what}"
        );
        // w3gjs prints the reason and result as their bytes in hex.
        assert_eq!(hex(l.reason), t[2].as_str().unwrap(), "{what}");
        assert_eq!(hex(l.result), t[3].as_str().unwrap(), "{what}");
    }
    counts.compared += 1;
}

fn hex(v: u32) -> String {
    v.to_le_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn real_replays_match_the_w3gjs_reference() {
    let files = replays();
    let mut counts = Counts::default();
    for path in &files {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).unwrap();
        let r = w3g::decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        counts.replays += 1;
        if let Some(j) = reference(path) {
            compare(&name, &r, &j, &mut counts);
        }
    }
    common::said(&format!(
        "{} replays decoded, {} compared with w3gjs: {} players, {} orders, {} pings, {} chat messages ({} orders of replays w3gjs misreads not compared)",
        counts.replays, counts.compared, counts.players, counts.orders, counts.pings, counts.chat, counts.skipped_orders
    ));
}

fn samples() -> Vec<(String, write::Sample)> {
    [
        (6, 4656, false),
        (18, 6051, false),
        (26, 6059, false),
        (31, 6072, false),
        (10032, 6105, false),
        (10100, 6115, false),
        (10100, 6116, true),
    ]
    .map(|(version, build, format_202)| {
        (
            format!(
                "sample {version} build {build}{}",
                if format_202 { " (2.0.2 records)" } else { "" }
            ),
            write::Sample {
                version,
                build,
                format_202,
            },
        )
    })
    .into()
}

#[test]
fn synthetic_replays_of_every_layout_decode_to_what_was_written() {
    for (name, s) in samples() {
        let r = w3g::decode(&write::replay(s)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(r.warnings.is_empty(), "{name}: {:?}", r.warnings);
        assert_eq!(r.header.version, s.version, "{name}");
        assert_eq!(r.map_path, write::MAP_PATH, "{name}");
        assert_eq!(r.map_checksum, 0xDEAD_BEEF, "{name}");
        assert_eq!(r.random_seed, 0x1234_5678, "{name}");
        let total: u32 = write::INCREMENTS.iter().map(|&i| u32::from(i)).sum();
        assert_eq!(
            (r.duration_ms, r.header.duration_ms),
            (total, total),
            "{name}"
        );
        let names: Vec<_> = r.players.iter().map(|p| p.name.as_str()).collect();
        let bob = if s.version >= 10000 {
            "Bob#12345"
        } else {
            "Bob"
        };
        assert_eq!(names, ["Alice", bob, "Watcher"], "{name}");
        let p = &r.players;
        assert_eq!(
            (p[0].race, p[1].race, p[2].race),
            (Race::Human, Race::Undead, Race::Random),
            "{name}"
        );
        assert_eq!(p[0].race_played, Some(Race::Orc), "{name}");
        assert!(p[2].is_observer && !p[0].is_observer, "{name}");
        let orders: Vec<_> = r
            .orders
            .iter()
            .map(|o| (o.ms, o.player, o.action, o.order_id, o.x, o.y))
            .collect();
        assert_eq!(orders, write::ORDERS, "{name}");
        let second = r.orders[3].second.expect("0x14 has a second point");
        assert_eq!(
            (second.order_id, second.x, second.y),
            (0x000D_000F, 11.0, 21.0),
            "{name}"
        );
        assert_eq!(r.orders[0].rawcode(), "hhou");
        let ping = (r.pings[0].ms, r.pings[0].player, r.pings[0].x, r.pings[0].y);
        assert_eq!((r.pings.len(), ping), (1, write::PING), "{name}");
        assert_eq!(
            (r.chat.len(), r.chat[0].text.as_str(), r.chat[0].ms),
            (1, "glhf", 100),
            "{name}"
        );
        assert_eq!(
            (r.leaves.len(), r.leaves[0].player, r.leaves[0].result),
            (1, 2, 9),
            "{name}"
        );
        // Player 1: a build, then a selection and an order in two slots.
        assert_eq!(p[0].apm_actions, 5, "{name}");
    }
}

#[test]
fn errors_name_a_field_and_a_byte() {
    let good = write::replay(samples()[3].1);
    let e = w3g::decode(&good[..20]).unwrap_err();
    assert_eq!((e.field.as_str(), e.offset), ("magic", 0), "{e}");
    let mut bad = good.clone();
    bad[36] = 7;
    let e = w3g::decode(&bad).unwrap_err();
    assert_eq!((e.field.as_str(), e.offset), ("header version", 36), "{e}");
    assert!(
        e.to_string().starts_with("W3G header version at byte 36: "),
        "{e}"
    );
    let mut bad = good.clone();
    bad[40..44].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = w3g::decode(&bad).unwrap_err();
    assert_eq!(
        (e.field.as_str(), e.offset),
        ("inflated data size", 40),
        "{e}"
    );
    // A header whose total leaves the lobby short: the lobby's field
    // that runs out is named, at its byte in the inflated data.
    let mut bad = good.clone();
    bad[40..44].copy_from_slice(&100u32.to_le_bytes());
    let e = w3g::decode(&bad).unwrap_err();
    assert_eq!(
        (e.field.as_str(), e.offset, e.place),
        ("game type", 98, w3g::Place::Data),
        "{e}"
    );
    // A 1.32 block that says it inflates to 4 GiB.
    let mut wide = write::replay(samples()[4].1);
    wide[72..76].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = w3g::decode(&wide).unwrap_err();
    assert_eq!(
        (e.field.as_str(), e.offset),
        ("block 0 inflated size", 68),
        "{e}"
    );
    // Cut inside the lobby: the file ends inside block 0, which is a
    // warning, and the lobby then does not read.
    let e = w3g::decode(&good[..100]).unwrap_err();
    assert_eq!(e.place, w3g::Place::Data, "{e}");
    assert!(!e.field.is_empty(), "{e}");
    assert!(w3g::sniff(&good) && !w3g::sniff(b"MPQ\x1a"));
}
