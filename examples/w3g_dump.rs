//! Decodes Warcraft III replays and prints a summary of each, with the
//! time the decode took: `cargo run --release --example w3g_dump -- FILES`.
//! With `W3G_JSON=DIR`, also writes each replay's orders, pings and
//! players as `DIR/<name>.mapscope.json`, in the shape of the w3gjs
//! reference files, for comparing outside the tests.

use mapscope::formats::w3g;
use std::time::Instant;

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let start = Instant::now();
        let result = w3g::decode(&bytes);
        let took = start.elapsed();
        match result {
            Ok(r) => {
                if let Some(dir) = std::env::var_os("W3G_JSON") {
                    let name = std::path::Path::new(&path)
                        .file_stem()
                        .unwrap()
                        .to_string_lossy()
                        .into_owned();
                    let file = std::path::Path::new(&dir).join(format!("{name}.mapscope.json"));
                    std::fs::write(file, json(&r).to_string()).unwrap();
                }
                println!(
                    "{path}: {} build {} {} ms (slots {} ms), {} players, {} orders, {} pings, {} chat, {} leaves, {} warnings, decoded in {:.2} ms",
                    r.header.version_label(),
                    r.header.build,
                    r.header.duration_ms,
                    r.duration_ms,
                    r.players.len(),
                    r.orders.len(),
                    r.pings.len(),
                    r.chat.len(),
                    r.leaves.len(),
                    r.warnings.len(),
                    took.as_secs_f64() * 1000.0
                );
                println!("  map {} checksum {:08x}", r.map_path, r.map_checksum);
                for p in &r.players {
                    println!(
                        "  player {} {:?} race {} played {:?} team {} colour {} computer {} observer {} apm {}",
                        p.id, p.name, p.race.name(), p.race_played.map(|r| r.name()), p.team, p.colour, p.is_computer, p.is_observer, p.apm
                    );
                }
                for w in r.warnings.iter().take(5) {
                    println!("  warning: {w}");
                }
            }
            Err(e) => println!("{path}: ERROR {e}"),
        }
    }
}

fn json(r: &w3g::Replay) -> serde_json::Value {
    use serde_json::json;
    let orders: Vec<_> = r
        .orders
        .iter()
        .map(|o| match o.second {
            Some(s) => {
                json!([o.ms, o.player, o.action, o.order_id, o.x, o.y, s.order_id, s.x, s.y])
            }
            None => json!([o.ms, o.player, o.action, o.order_id, o.x, o.y]),
        })
        .collect();
    let pings: Vec<_> = r
        .pings
        .iter()
        .map(|p| json!([p.ms, p.player, p.x, p.y]))
        .collect();
    let players: Vec<_> = r
        .players
        .iter()
        .map(|p| json!({"id": p.id, "name": p.name, "race": p.race.name(), "raceDetected": p.race_played.map(|r| r.name()), "apm": p.apm, "observer": p.is_observer}))
        .collect();
    json!({"duration": r.header.duration_ms, "slotsDuration": r.duration_ms, "players": players, "orders": orders, "pings": pings, "warnings": r.warnings})
}
