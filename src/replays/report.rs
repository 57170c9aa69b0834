//! One game's report: `mapscope replay`'s text and JSON, read from the
//! decoded replay and, where its map was found, the game joined with it.

use super::find_map::Found;
use super::outcome;
use crate::formats::w3g::{rawcode, Player, Replay};
use crate::kinds::game::Game;
use serde_json::{json, Value};
use std::fmt::Write;

/// What `kind` says of `replay --json`'s object.
pub const KIND: &str = "replay";

/// The game's colours as the lobby names them, player colour 0 first.
const COLOUR_NAMES: [&str; 24] = [
    "red",
    "blue",
    "teal",
    "purple",
    "yellow",
    "orange",
    "green",
    "pink",
    "gray",
    "light blue",
    "dark green",
    "brown",
    "maroon",
    "navy",
    "turquoise",
    "violet",
    "wheat",
    "peach",
    "mint",
    "lavender",
    "coal",
    "snow",
    "emerald",
    "peanut",
];

pub fn colour_name(colour: u8) -> &'static str {
    COLOUR_NAMES
        .get(usize::from(colour))
        .copied()
        .unwrap_or("none")
}

/// "12:05" (minutes and seconds of game time), "1:02:03" past the hour.
pub fn clock(ms: u32) -> String {
    let s = ms / 1000;
    match s >= 3600 {
        true => format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60),
        false => format!("{}:{:02}", s / 60, s % 60),
    }
}

/// The map part of the report: the path as stored, the file used and how
/// it was matched.
fn map_json(replay: &Replay, found: Option<&Found>) -> Value {
    json!({
        "path": replay.map_path,
        "checksum": format!("{:08x}", replay.map_checksum),
        "used": found.map(|f| f.path.display().to_string()),
        "how": found.map(|f| f.how.as_str()),
        "versions": found.map(|f| json!({"replay": f.versions.0, "file": f.versions.1})),
    })
}

fn race_played(p: &Player) -> Value {
    p.race_played.map_or(Value::Null, |r| r.name().into())
}

/// `replay --json`.
pub fn json(replay: &Replay, found: Option<&Found>, game: Option<&Game>) -> Json {
    let results = outcome::results(replay);
    let players: Vec<Value> = replay
        .players
        .iter()
        .filter(|p| !p.is_observer)
        .map(|p| {
            json!({
                "id": p.id,
                "name": p.name,
                "race": p.race.name(),
                "race_played": race_played(p),
                "team": p.team,
                "colour": p.colour,
                "computer": p.is_computer,
                "apm": p.apm,
                "start_location": game.and_then(|g| g.start_of(p.id)),
                "result": results.iter().find(|r| r.0 == p.id).map(|r| r.1),
            })
        })
        .collect();
    let orders: Vec<OrderRow> = replay.orders.iter().map(OrderRow::of).collect();
    let pings: Vec<Value> = replay
        .pings
        .iter()
        .map(|p| json!({"ms": p.ms, "player": p.player, "x": p.x, "y": p.y}))
        .collect();
    let builds: Vec<Value> = game.map_or_else(Vec::new, |g| {
        g.builds
            .iter()
            .map(|b| {
                json!({"ms": b.ms, "player": b.player, "order": String::from_utf8_lossy(&b.building.code),
                "name": b.building.name, "x": b.at[0], "y": b.at[1], "place": g.place(b.at, b.player, b.building.town_hall)})
            })
            .collect()
    });
    let expansions: Vec<Value> = game.map_or_else(Vec::new, |g| {
        g.expansions
            .iter()
            .map(|e| {
                json!({"player": e.player, "ms": e.ms, "mine": e.mine, "x": e.at[0], "y": e.at[1],
                "building": e.building.name, "place": g.place(e.at, e.player, true)})
            })
            .collect()
    });
    let rest = json!({
        "kind": KIND,
        "version": replay.header.version_label(),
        "build": replay.header.build,
        "duration_ms": replay.duration_ms,
        "game_name": replay.game_name,
        "map": map_json(replay, found),
        "players": players,
        "observers": replay.players.iter().filter(|p| p.is_observer).map(|p| p.name.clone()).collect::<Vec<_>>(),
        "pings": pings,
        "builds": builds,
        "expansions": expansions,
        "chat": replay.chat.iter().map(|c| json!({"ms": c.ms, "player": c.player, "text": c.text})).collect::<Vec<_>>(),
        "warnings": replay.warnings,
    });
    // Orders are most of a report (tens of thousands): written from rows,
    // not built as JSON values first.
    Json { rest, orders }
}

/// `replay --json`'s object: its fields, and the orders written after them.
#[derive(serde::Serialize)]
pub struct Json {
    #[serde(flatten)]
    rest: Value,
    orders: Vec<OrderRow>,
}

impl std::fmt::Display for Json {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = serde_json::to_string(self).map_err(|_| std::fmt::Error)?;
        f.write_str(&text)
    }
}

/// An order with a target point, as `--json` lists it.
#[derive(serde::Serialize)]
struct OrderRow {
    ms: u32,
    player: u8,
    action: u8,
    order: String,
    x: f32,
    y: f32,
    #[serde(skip_serializing_if = "Option::is_none")]
    second: Option<SecondRow>,
}

#[derive(serde::Serialize)]
struct SecondRow {
    order: String,
    x: f32,
    y: f32,
}

impl OrderRow {
    fn of(o: &crate::formats::w3g::Order) -> OrderRow {
        OrderRow {
            ms: o.ms,
            player: o.player,
            action: o.action,
            order: rawcode(o.order_id),
            x: o.x,
            y: o.y,
            second: o.second.map(|s| SecondRow {
                order: rawcode(s.order_id),
                x: s.x,
                y: s.y,
            }),
        }
    }
}

/// `replay`'s text: the game, its players, each one's build order with
/// places named by the map, and the expansions.
pub fn text(replay: &Replay, found: Option<&Found>, game: Option<&Game>) -> String {
    let mut out = String::new();
    let h = &replay.header;
    let _ = writeln!(
        out,
        "game      Warcraft III {} (build {}), {} of game time",
        h.version_label(),
        h.build,
        clock(replay.duration_ms)
    );
    let _ = writeln!(out, "map       {}", replay.map_path);
    match found {
        Some(f) => {
            let versions = match &f.versions {
                (a, b) if f.how == super::find_map::How::Name => format!(
                    ": the replay names {}, the file {}",
                    a.as_deref()
                        .map_or("no version".into(), |v| format!("v{v}")),
                    b.as_deref()
                        .map_or("no version".into(), |v| format!("v{v}"))
                ),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "used      {} ({}{versions})",
                f.path.display(),
                f.how.as_str()
            );
        }
        None => {
            let _ = writeln!(
                out,
                "used      none: no map of that name was found (give the folder with --maps)"
            );
        }
    }
    players_text(&mut out, replay, game);
    if let Some(g) = game {
        builds_text(&mut out, replay, g);
    }
    for w in &replay.warnings {
        let _ = writeln!(out, "warning   {w}");
    }
    out
}

fn players_text(out: &mut String, replay: &Replay, game: Option<&Game>) {
    let results = outcome::results(replay);
    let mut rows = vec![[
        "id", "player", "race", "played", "team", "colour", "apm", "start", "result",
    ]
    .map(String::from)];
    for p in replay.players.iter().filter(|p| !p.is_observer) {
        let start = game.and_then(|g| {
            g.start_of(p.id)
                .map(|s| format!("player {}'s", g.start_locations[s].1 + 1))
        });
        rows.push([
            p.id.to_string(),
            shown_name(&p.name).to_string(),
            p.race.name().to_string(),
            p.race_played.map_or("-".into(), |r| r.name().to_string()),
            p.team.to_string(),
            colour_name(p.colour).to_string(),
            p.apm.to_string(),
            start.unwrap_or_else(|| "-".into()),
            results
                .iter()
                .find(|r| r.0 == p.id)
                .map_or("-", |r| r.1)
                .to_string(),
        ]);
    }
    let _ = writeln!(out, "players");
    crate::reading::write_table(out, &rows, "  ");
    let observers: Vec<&str> = replay
        .players
        .iter()
        .filter(|p| p.is_observer)
        .map(|p| p.name.as_str())
        .collect();
    if !observers.is_empty() {
        let _ = writeln!(
            out,
            "observers {} ({})",
            observers.len(),
            observers.join(", ")
        );
    }
}

fn builds_text(out: &mut String, replay: &Replay, g: &Game) {
    let _ = writeln!(
        out,
        "build orders (as ordered: a replay holds orders, not what was finished)"
    );
    for p in replay.players.iter().filter(|p| !p.is_observer) {
        let _ = writeln!(
            out,
            "  {} ({})",
            shown_name(&p.name),
            p.race_played.unwrap_or(p.race).name()
        );
        for b in g.builds.iter().filter(|b| b.player == p.id) {
            let _ = writeln!(
                out,
                "    {:>7} {} {}",
                clock(b.ms),
                b.building.name,
                preposition(&g.place(b.at, p.id, b.building.town_hall))
            );
        }
    }
    let _ = writeln!(out, "expansions");
    if g.expansions.is_empty() {
        let _ = writeln!(out, "  none");
    }
    for e in &g.expansions {
        let name = replay
            .players
            .iter()
            .find(|p| p.id == e.player)
            .map_or("?", |p| shown_name(&p.name));
        let _ = writeln!(
            out,
            "  {:>7} {name}: {} {}",
            clock(e.ms),
            e.building.name,
            preposition(&g.place(e.at, e.player, true))
        );
    }
}

/// A player's name, or "(no name)" where the replay stores none.
fn shown_name(name: &str) -> &str {
    match name.is_empty() {
        true => "(no name)",
        false => name,
    }
}

/// "at gold mine 5, the natural", "at home", "near player 2's start",
/// "by gold mine 3", "at (120, -340)".
fn preposition(place: &str) -> String {
    match ["at ", "near ", "by "].iter().any(|p| place.starts_with(p)) {
        true => place.to_string(),
        false => format!("at {place}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_time_reads_as_a_clock() {
        assert_eq!(clock(0), "0:00");
        assert_eq!(clock(252_400), "4:12");
        assert_eq!(clock(3_723_000), "1:02:03");
        assert_eq!(colour_name(1), "blue");
        assert_eq!(colour_name(24), "none");
    }
}
