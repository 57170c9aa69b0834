//! Decodes Warcraft III replays and prints a summary of each, with the
//! time the decode took: `cargo run --release --example w3g_dump -- FILES`.

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
