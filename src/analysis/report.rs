//! The analysis for people (`mapscope analyze`) and for scripts (`--json`).

use super::fairness::{GroundReport, UNFAIR};
use serde_json::{json, Value};
use std::fmt::Write as _;

/// What the distances leave out, said with them.
pub const GROUND_NOTE: &str = "shortest walks over the pathing map's walkable cells (32 x 32 game units, to the 8 neighbours, diagonals only between two walkable cells); trees and other objects are not counted (they can be cut, or are placed later)";

fn units(d: Option<f32>) -> String {
    d.map_or("unreachable".into(), |d| format!("{:.0}", d))
}

/// The table's heading: player, main mine, natural, nearest opponent.
pub const HEADING: [&str; 4] = ["player", "main mine", "natural", "nearest opponent"];

/// The report in lines, as the text report and the viewer's Analysis
/// panel both show it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Lines {
    /// What the map lacks for a table ("no start locations").
    pub statements: Vec<String>,
    /// A row a player, in [`HEADING`]'s columns, whole game units.
    pub table: Vec<[String; 4]>,
    /// Each column's spread, then what cannot be reached; true where a
    /// line is flagged (a spread over 5 %).
    pub notes: Vec<(String, bool)>,
}

/// The report's lines: `mines` is how many gold mines the map places.
pub fn lines(r: &GroundReport, mines: usize) -> Lines {
    let mut l = Lines::default();
    if r.rows.is_empty() {
        l.statements
            .push("The map places no start locations: there is no table.".into());
    } else if mines == 0 {
        l.statements
            .push("The map places no gold mines: no mine distances.".into());
    }
    for row in &r.rows {
        let opponent = row.opponent.map_or("unreachable".into(), |(d, p)| {
            format!("{d:.0} (player {p})")
        });
        l.table.push([
            row.player.to_string(),
            units(row.main_mine),
            units(row.natural),
            opponent,
        ]);
    }
    for s in &r.spreads {
        let flagged = s.share > UNFAIR;
        let over = if flagged {
            let far = &s.farthest_players;
            let walk = if far.len() == 1 { "walks" } else { "walk" };
            format!(
                ", over 5 %: {} {walk} {:.0}, {} {:.0}",
                players(far),
                s.farthest.1,
                players(&s.nearest_players),
                s.nearest.1
            )
        } else {
            String::new()
        };
        let line = format!(
            "spread of {}: {:.0} ({}){over}",
            s.column,
            s.spread,
            percent(s.share)
        );
        l.notes.push((line, flagged));
    }
    let mut note = |line: String| l.notes.push((line, false));
    for i in &r.unreachable_mines {
        note(format!(
            "gold mine {} cannot be reached from any start location",
            i + 1
        ));
    }
    for (a, b) in &r.unconnected {
        note(format!(
            "players {a} and {b} cannot reach each other on foot"
        ));
    }
    for s in &r.stranded {
        note(format!("{s} stands on no walkable ground at all"));
    }
    l
}

/// "player 3", "players 2 and 3", "players 1, 2 and 4".
fn players(list: &[u32]) -> String {
    let noun = if list.len() == 1 { "player" } else { "players" };
    format!("{noun} {}", numbers(list))
}

/// "3", "2 and 3", "1, 2 and 4".
fn numbers(list: &[u32]) -> String {
    let names: Vec<String> = list.iter().map(u32::to_string).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// A share as a percentage, to one decimal, or to two where one would
/// round a flagged share down to the 5 % it is over ("5.02 %", not "5.0 %").
fn percent(share: f32) -> String {
    let tenths = (share * 1000.0).round();
    let decimals = if share > UNFAIR && tenths <= UNFAIR * 1000.0 {
        2
    } else {
        1
    };
    format!("{:.decimals$} %", share * 100.0)
}

/// The table in one line, for a gallery card: each column's spread as a
/// share, "(over 5 %)" after those flagged; and whether any is. `None`
/// where the map places no start locations.
pub fn summary(r: &GroundReport) -> Option<(String, bool)> {
    if r.rows.is_empty() {
        return None;
    }
    let parts: Vec<String> = r
        .spreads
        .iter()
        .map(|s| {
            let over = if s.share > UNFAIR {
                let farther = players(&s.farthest_players);
                let nearer = numbers(&s.nearest_players);
                format!(" (over 5 %: {farther} farther than {nearer})")
            } else {
                String::new()
            };
            format!("{} {}{over}", s.column, percent(s.share))
        })
        .collect();
    let flagged = r.spreads.iter().any(|s| s.share > UNFAIR);
    let mut line = format!("Walking spreads: {}", parts.join(", "));
    if !r.unreachable_mines.is_empty() || !r.unconnected.is_empty() {
        line.push_str("; some mines or players cannot be reached");
    }
    Some((line, flagged))
}

/// The report as text: the table, its spreads (over 5 % flagged with the
/// players), and what cannot be reached.
pub fn text(r: &GroundReport, mines: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Ground distances, game units: {GROUND_NOTE}.");
    let l = lines(r, mines);
    for s in &l.statements {
        let _ = writeln!(out, "{s}");
    }
    if !l.table.is_empty() {
        let [a, b, c, d] = HEADING;
        let _ = writeln!(out, "\n{a:<8}{b:>12}{c:>12}{d:>26}");
        for [a, b, c, d] in &l.table {
            let _ = writeln!(out, "{a:<8}{b:>12}{c:>12}{d:>26}");
        }
    }
    for (line, _) in &l.notes {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// The report as JSON: `ground.start_to_mine` and `ground.start_to_start`
/// (null where unreachable; rows and columns in `info --json`'s orders),
/// `fairness` (rows and spreads), and what cannot be reached.
pub fn json(r: &GroundReport) -> Value {
    let matrix = |m: &Vec<Vec<Option<f32>>>| -> Value {
        m.iter()
            .map(|row| {
                row.iter()
                    .map(|d| d.map(|d| (d * 10.0).round() / 10.0))
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>()
            .into()
    };
    json!({
        "ground": {
            "unit": "game units",
            "note": GROUND_NOTE,
            "start_to_mine": matrix(&r.start_to_mine),
            "start_to_start": matrix(&r.start_to_start),
        },
        "fairness": {
            "rows": r.rows.iter().map(|row| json!({
                "player": row.player,
                "main_mine": row.main_mine,
                "natural": row.natural,
                "nearest_opponent": row.opponent.map(|(d, p)| json!({"player": p, "distance": d})),
            })).collect::<Vec<_>>(),
            "spreads": r.spreads.iter().map(|s| json!({
                "column": s.column,
                "spread": s.spread,
                "share": s.share,
                "flagged": s.share > UNFAIR,
                "nearest": {"player": s.nearest.0, "distance": s.nearest.1},
                "farthest": {"player": s.farthest.0, "distance": s.farthest.1},
                "nearest_players": s.nearest_players,
                "farthest_players": s.farthest_players,
            })).collect::<Vec<_>>(),
        },
        "unreachable_mines": r.unreachable_mines.iter().map(|i| i + 1).collect::<Vec<_>>(),
        "unconnected_players": r.unconnected.iter().map(|(a, b)| [a, b]).collect::<Vec<_>>(),
        "stranded": r.stranded,
    })
}

#[cfg(test)]
mod tests {
    use super::{numbers, percent};

    #[test]
    fn lists_and_shares_read_as_written() {
        assert_eq!(numbers(&[3]), "3");
        assert_eq!(numbers(&[2, 3]), "2 and 3");
        assert_eq!(numbers(&[1, 2, 4]), "1, 2 and 4");
        assert_eq!(percent(0.062), "6.2 %");
        assert_eq!(percent(0.049), "4.9 %");
        // Flagged, so not shown as the 5.0 % it is over.
        assert_eq!(percent(0.0502), "5.02 %");
    }
}
