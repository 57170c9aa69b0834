//! The analysis for people (`mapscope analyze`) and for scripts (`--json`).

use super::fairness::{GroundReport, UNFAIR};
use serde_json::{json, Value};
use std::fmt::Write as _;

/// What the distances leave out, said with them.
pub const GROUND_NOTE: &str = "shortest walks over the pathing map's walkable cells (32 x 32 game units, to the 8 neighbours, diagonals only between two walkable cells); trees and other objects are not counted (they can be cut, or are placed later)";

/// A mine's distance and which it is, numbered from 1 in `info --json`'s
/// `gold_mines` order as everywhere else: "812 (mine 3)", the number
/// padded to `width` digits so that a column's distances line up.
fn mine(d: Option<f32>, index: Option<usize>, width: usize) -> String {
    match (d, index) {
        (Some(d), Some(i)) => format!("{d:.0} (mine {:>width$})", i + 1),
        _ => "unreachable".into(),
    }
}

/// How many digits `n` takes.
fn digits(n: usize) -> usize {
    n.max(1).to_string().len()
}

/// The table's heading: player, main mine, natural, nearest opponent.
pub const HEADING: [&str; 4] = ["player", "main mine", "natural", "nearest opponent"];

/// The report in lines, as the text report and the viewer's Analysis
/// panel both show it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Lines {
    /// What the map lacks for a table ("no start locations").
    pub statements: Vec<String>,
    /// The table's columns: [`HEADING`]'s, less the mines' on a map that
    /// places none.
    pub heading: Vec<&'static str>,
    /// A row a player, in `heading`'s columns, whole game units.
    pub table: Vec<Vec<String>>,
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
    let with_mines = mines > 0;
    l.heading = HEADING
        .iter()
        .enumerate()
        .filter(|(i, _)| with_mines || *i == 0 || *i == 3)
        .map(|(_, h)| *h)
        .collect();
    let player_width = digits(r.rows.iter().map(|r| r.player as usize).max().unwrap_or(1));
    let mine_width = digits(mines);
    for row in &r.rows {
        let opponent = match (row.opponent, row.has_opponents) {
            (Some((d, p)), _) => format!("{d:.0} (player {p:>player_width$})"),
            (None, true) => "unreachable".into(),
            (None, false) => "none".into(),
        };
        let mut cells = vec![row.player.to_string()];
        if with_mines {
            cells.push(mine(row.main_mine, row.main_mine_index, mine_width));
            cells.push(mine(row.natural, row.natural_index, mine_width));
        }
        cells.push(opponent);
        l.table.push(cells);
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
        out.push('\n');
        let heading: Vec<String> = l.heading.iter().map(|h| h.to_string()).collect();
        aligned(&mut out, &heading, &l.table);
    }
    for (line, _) in &l.notes {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// The table in columns as wide as their widest cell, the first to the
/// left and the figures to the right, whatever the player numbers (1-24)
/// and distances.
fn aligned(out: &mut String, heading: &[String], rows: &[Vec<String>]) {
    let all = || std::iter::once(heading).chain(rows.iter().map(Vec::as_slice));
    let widths: Vec<usize> = (0..heading.len())
        .map(|c| all().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for row in all() {
        let mut line = String::new();
        for (c, (cell, w)) in row.iter().zip(&widths).enumerate() {
            match c {
                0 => line.push_str(&format!("{cell:<w$}")),
                _ => line.push_str(&format!("    {cell:>w$}")),
            }
        }
        let _ = writeln!(out, "{line}");
    }
}

/// What `kind` says of each `analyze --json` report, so that a script
/// tells them apart: the Warcraft III ground table, or a voxel map's
/// reachability.
pub const GROUND_KIND: &str = "ground-distances";

/// The report as JSON: `kind`, `ground.start_to_mine` and `ground.start_to_start`
/// (null where unreachable; rows and columns in `info --json`'s orders,
/// named by `ground.rows` (players, from 1) and `ground.mines` (mines,
/// numbered from 1 as the text and `unreachable_mines` number them)),
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
    let number = |i: Option<usize>| i.map(|i| i + 1);
    let mines: Vec<usize> = (1..=r.start_to_mine.first().map_or(0, Vec::len)).collect();
    json!({
        "kind": GROUND_KIND,
        "ground": {
            "unit": "game units",
            "note": GROUND_NOTE,
            "rows": r.rows.iter().map(|row| row.player).collect::<Vec<_>>(),
            "mines": mines,
            "start_to_mine": matrix(&r.start_to_mine),
            "start_to_start": matrix(&r.start_to_start),
        },
        "fairness": {
            "rows": r.rows.iter().map(|row| json!({
                "player": row.player,
                "main_mine": row.main_mine,
                "main_mine_number": number(row.main_mine_index),
                "natural": row.natural,
                "natural_number": number(row.natural_index),
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
    use crate::analysis::fairness::{analyze, GroundMap, Start};
    use crate::analysis::WalkGrid;

    /// An open field 40 cells across with a start location every cell
    /// and a mine beside each of the first `mines`.
    fn field_with(players: u32, mines: usize) -> GroundMap {
        GroundMap {
            grid: WalkGrid {
                width: 40,
                height: 4,
                walkable: vec![true; 160],
                origin: [0.0, 0.0],
                cell: 32.0,
            },
            starts: (0..players)
                .map(|p| Start {
                    player: p + 1,
                    forces: vec![p as usize],
                    at: [16.0 + 32.0 * p as f32, 16.0],
                })
                .collect(),
            mines: (0..mines).map(|m| [16.0 + 32.0 * m as f32, 80.0]).collect(),
        }
    }

    /// The table's columns line up for any number of players up to 24,
    /// with no mine columns where there are no mines, and "none" where a
    /// player has no one to play against.
    #[test]
    fn the_table_lines_up_and_says_none_where_nothing_is() {
        for (players, mines) in [(24, 30), (12, 0), (1, 2), (1, 0)] {
            let map = field_with(players, mines);
            let text = super::text(&analyze(&map), mines);
            let table: Vec<&str> = text
                .lines()
                .skip_while(|l| !l.starts_with("player"))
                .take(players as usize + 1)
                .collect();
            assert_eq!(table.len(), players as usize + 1, "{text}");
            let width = table[0].chars().count();
            for line in &table {
                assert_eq!(line.chars().count(), width, "{text}");
            }
            assert_eq!(table[0].contains("main mine"), mines > 0, "{text}");
            assert!(!text.contains("unreachable"), "{text}");
            if players == 1 {
                assert!(table[1].ends_with("none"), "{text}");
            }
        }
    }

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
