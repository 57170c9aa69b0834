//! `mapscope replays`' text and JSON: each map's games beside its
//! fairness table.

use super::report::clock;
use super::season::{median, MapEntry, Season, HEAT_CELL, RACES};
use crate::analysis::report as ground_report;
use serde_json::{json, Value};
use std::fmt::Write;

/// What `kind` says of `replays --json`'s object.
pub const KIND: &str = "replays";

/// Row `s` of the fairness table: (walk to the main mine, to the natural).
fn walks(e: &MapEntry, s: usize) -> (Option<f32>, Option<f32>) {
    let player = e.start_locations[s].1 + 1;
    let row = e.ground.as_ref().and_then(|g| {
        g.rows
            .iter()
            .find(|r| i64::from(r.player) == i64::from(player))
    });
    (row.and_then(|r| r.main_mine), row.and_then(|r| r.natural))
}

fn map_json(path: &std::path::Path, e: &MapEntry) -> Value {
    let s = &e.season;
    let starts: Vec<Value> = s
        .starts
        .iter()
        .enumerate()
        .map(|(i, st)| {
            let (main, natural) = walks(e, i);
            json!({
                "start_location": i,
                "player": e.start_locations[i].1 + 1,
                "games": st.games,
                "wins": st.wins,
                "main_mine": e.homes[i].main,
                "natural": e.homes[i].natural,
                "walk_to_main_mine": main,
                "walk_to_natural": natural,
                "natural_taken": st.natural_taken_ms.len(),
                "natural_median_ms": median(&st.natural_taken_ms),
                "usual_first_expansion": st.usual_first_expansion().map(|(m, n, ms)| json!({"mine": m, "games": n, "median_ms": ms})),
            })
        })
        .collect();
    let mines: Vec<Value> = s
        .mines
        .iter()
        .enumerate()
        .map(|(i, taken)| {
            json!({"mine": i, "x": e.mines[i][0], "y": e.mines[i][1], "expansions": taken.len(), "median_ms": median(taken)})
        })
        .collect();
    let mut heat = serde_json::Map::new();
    for (r, race) in RACES.iter().enumerate() {
        let cells: Vec<Value> = s
            .heat
            .iter()
            .filter(|((rr, ..), _)| usize::from(*rr) == r)
            .map(|(&(_, x, y), &n)| {
                json!([
                    (x as f32 + 0.5) * HEAT_CELL,
                    (y as f32 + 0.5) * HEAT_CELL,
                    n
                ])
            })
            .collect();
        heat.insert(race.name().into(), cells.into());
    }
    json!({
        "map": path.display().to_string(),
        "games": s.games,
        "matched": {"same_name_and_version": s.same_version, "same_name_only": s.name_only},
        "start_locations": starts,
        "gold_mines": mines,
        "heat": {"cell": HEAT_CELL, "races": heat},
        "fairness": e.ground.as_ref().map(ground_report::json),
    })
}

pub fn json(season: &Season) -> Value {
    let skipped = |v: &[super::season::Skipped]| -> Vec<Value> {
        v.iter()
            .map(|s| json!({"file": s.file.display().to_string(), "why": s.why}))
            .collect()
    };
    json!({
        "kind": KIND,
        "replays": season.replays,
        "maps": season.maps.iter().map(|(p, e)| map_json(p, e)).collect::<Vec<_>>(),
        "unmatched": skipped(&season.unmatched),
        "unreadable": skipped(&season.unreadable),
    })
}

fn units(d: Option<f32>) -> String {
    d.map_or("-".into(), |d| format!("{d:.0}"))
}

pub fn map_text(out: &mut String, path: &std::path::Path, e: &MapEntry) {
    let s = &e.season;
    let _ = writeln!(
        out,
        "\n{}: {} (same name and version {}, same name only {})",
        path.display(),
        crate::reading::n_of(u64::from(s.games), "games"),
        s.same_version,
        s.name_only
    );
    let mut rows = vec![[
        "start",
        "games",
        "wins",
        "main walk",
        "natural",
        "natural walk",
        "taken",
        "median time",
        "usual first expansion",
    ]
    .map(String::from)];
    for (i, st) in s.starts.iter().enumerate() {
        let (main, natural) = walks(e, i);
        rows.push([
            format!("player {}'s", e.start_locations[i].1 + 1),
            st.games.to_string(),
            st.wins.to_string(),
            units(main),
            e.homes[i]
                .natural
                .map_or("-".into(), |m| format!("mine {}", m + 1)),
            units(natural),
            format!("{} of {}", st.natural_taken_ms.len(), st.games),
            median(&st.natural_taken_ms).map_or("-".into(), clock),
            st.usual_first_expansion().map_or("-".into(), |(m, n, ms)| {
                format!("mine {} ({n} of {}, median {})", m + 1, st.games, clock(ms))
            }),
        ]);
    }
    crate::reading::write_table(out, &rows, "  ");
    if let Some((line, _)) = e.ground.as_ref().and_then(ground_report::summary) {
        let _ = writeln!(out, "  {line}");
    }
    let taken: Vec<String> = s
        .mines
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.is_empty())
        .map(|(i, t)| {
            format!(
                "mine {} {}x (median {})",
                i + 1,
                t.len(),
                median(t).map_or("-".into(), clock)
            )
        })
        .collect();
    let taken = match taken.is_empty() {
        true => "none".to_string(),
        false => taken.join(", "),
    };
    let _ = writeln!(out, "  expansions: {taken}");
}

pub fn text(season: &Season) -> String {
    let mut out = String::new();
    let games: u32 = season.maps.values().map(|e| e.season.games).sum();
    let _ = writeln!(
        out,
        "{}: {} on {}, {} whose map was not found, {} unreadable",
        crate::reading::n_of(season.replays as u64, "replays"),
        crate::reading::n_of(u64::from(games), "games"),
        crate::reading::n_of(season.maps.len() as u64, "maps"),
        season.unmatched.len(),
        season.unreadable.len()
    );
    let _ = writeln!(out, "Walks are ground distances in game units (as `analyze`); times are game time; \"taken\" counts the games its players ordered a town hall at their natural.");
    for (p, e) in &season.maps {
        map_text(&mut out, p, e);
    }
    for s in &season.unmatched {
        let _ = writeln!(out, "not found: {} ({})", s.file.display(), s.why);
    }
    for s in &season.unreadable {
        let _ = writeln!(out, "unreadable: {} ({})", s.file.display(), s.why);
    }
    out
}
