//! Fairness for Ace of Spades, the counterpart of Warcraft III's table:
//! each team's quickest walk from its spawn area to the other team's spawn
//! area and to the map's middle (each a witness, driven through the
//! physics), beside the share of the map it reaches and its high ground;
//! a spread between the teams over 5 % is flagged.

use super::fastest::{quickest, Quickest};
use super::flow::flowing;
use super::graph::Graph;
use super::search::Reached;
use super::witness::{along, quicker, witness, Back, Witness};
use super::TeamReach;
use serde_json::{json, Value};
use std::fmt::Write as _;

/// A spread between teams over this share of the larger figure is flagged.
pub const FLAGGED: f64 = 0.05;

/// One team's quickest walks (`None`: no way found that the physics makes).
#[derive(Debug, Clone)]
pub struct TeamWays {
    /// The team's number, from 1.
    pub team: u32,
    pub to_enemy_spawn: Option<Witness>,
    pub to_middle: Option<Witness>,
}

impl TeamWays {
    /// Each walk with what it is to ("to the other team's spawn", "to
    /// the middle"), in the table's order.
    pub fn walks(&self) -> [(&'static str, Option<&Witness>); 2] {
        [
            ("to the other team's spawn", self.to_enemy_spawn.as_ref()),
            ("to the middle", self.to_middle.as_ref()),
        ]
    }
}

/// Each team's quickest walks to the nearest other team's spawn place and
/// to `middle`: the quickest way driven move by move, else (where the
/// driven player strays from it) a witness's way there, slower but one the
/// physics makes.
pub fn team_ways(
    graph: &mut Graph,
    reached: &[Reached],
    back: &Back,
    middle: Option<u32>,
) -> Vec<TeamWays> {
    (0..reached.len())
        .map(|k| {
            let q = quickest(graph, &reached[k].spawns);
            let enemy: Vec<u32> = (0..reached.len())
                .filter(|&o| o != k)
                .flat_map(|o| reached[o].spawns.iter().copied())
                .collect();
            let walk = |target: Option<u32>, why| {
                let target = target?;
                way_to(graph, &q, back, target, why)
                    .or_else(|| witness(graph, &reached[k], back, target, why))
            };
            TeamWays {
                team: k as u32 + 1,
                to_enemy_spawn: walk(q.nearest(&enemy), "to the other team's spawn"),
                to_middle: walk(middle, "to the middle"),
            }
        })
        .collect()
}

/// The quickest way to `target` walked as a player would (the search's
/// moves one by one where that is quicker or the other strays).
fn way_to(
    graph: &Graph,
    q: &Quickest,
    back: &Back,
    target: u32,
    why: &'static str,
) -> Option<Witness> {
    if q.from[target as usize] == super::search::NONE {
        return None;
    }
    let way = q.way(target);
    quicker(flowing(graph, back, &way, why), along(graph, &way, why))
}

/// The place nearest the map's middle column that every team reaches
/// (the column's highest such place).
pub fn middle(graph: &Graph, reached: &[Reached]) -> Option<u32> {
    let places = &graph.places;
    let (cx, cy) = (places.width as i32 / 2, places.length as i32 / 2);
    (0..places.len() as u32)
        .filter(|&i| reached.iter().all(|r| r.has(i)))
        .min_by_key(|&i| {
            let (x, y) = places.column_of(i);
            (
                (x - cx).pow(2) + (y - cy).pow(2),
                places.floors[i as usize],
                i,
            )
        })
}

/// The spread of `values` (the larger less the smaller, over the larger).
fn spread(values: &[f64]) -> Option<f64> {
    let max = values.iter().copied().fold(f64::MIN, f64::max);
    let min = values.iter().copied().fold(f64::MAX, f64::min);
    (values.len() > 1 && max > 0.0).then(|| (max - min) / max)
}

/// Each figure's name and value for each team, the order of the table.
fn figures(teams: &[TeamReach], ways: &[TeamWays], depth: u32) -> Vec<(&'static str, Vec<f64>)> {
    let secs = |w: &Option<Witness>| w.as_ref().map(Witness::seconds);
    let all = |f: &dyn Fn(&TeamWays) -> Option<f64>| ways.iter().map(f).collect::<Option<Vec<_>>>();
    let mut out = Vec::new();
    if let Some(v) = all(&|w| secs(&w.to_enemy_spawn)) {
        out.push(("to the other team's spawn (s)", v));
    }
    if let Some(v) = all(&|w| secs(&w.to_middle)) {
        out.push(("to the middle (s)", v));
    }
    out.push(("reached share", teams.iter().map(|t| t.share).collect()));
    let high = |t: &TeamReach| t.highest.map_or(0.0, |h| depth as f64 - h[2] as f64);
    out.push(("high ground (height)", teams.iter().map(high).collect()));
    out
}

/// The walks in a line for a gallery card ("to the other team's spawn:
/// team 1 (blue) 172.4 s, team 2 (green) 192.3 s, spread 10.4 %"), and
/// whether any of the table's spreads is over 5 %. `None` without walks.
pub fn summary(teams: &[TeamReach], ways: &[TeamWays], depth: u32) -> Option<(String, bool)> {
    let first = ways.first()?;
    let figures = figures(teams, ways, depth);
    let mut parts = Vec::new();
    // A map of one team has no other team's spawn to walk to.
    let skip = if ways.len() < 2 { 1 } else { 0 };
    for (k, (to, _)) in first.walks().iter().enumerate().skip(skip) {
        let each: Vec<String> = teams
            .iter()
            .zip(ways)
            .map(|(t, w)| match w.walks()[k].1 {
                Some(w) => format!("{} {:.1} s", t.area.name(), w.seconds()),
                None => format!("{} no way found", t.area.name()),
            })
            .collect();
        let spread = figures
            .iter()
            .find(|(name, _)| name.starts_with(to))
            .and_then(|(_, v)| spread(v))
            .map_or(String::new(), |s| format!(", spread {:.1} %", s * 100.0));
        parts.push(format!("{to}: {}{spread}", each.join(", ")));
    }
    let flagged = figures
        .iter()
        .any(|(_, v)| spread(v).is_some_and(|s| s > FLAGGED));
    Some((parts.join("; "), flagged))
}

/// The table's lines for `analyze`.
pub fn text(out: &mut String, teams: &[TeamReach], ways: &[TeamWays], depth: u32) {
    let _ = writeln!(out, "\nFairness (each team from its spawn area):");
    let time = |w: &Option<Witness>| match w {
        Some(w) => format!("{:.1} s ({} ticks)", w.seconds(), w.ticks()),
        None => "no way found".to_string(),
    };
    // A map of one team has no other team's spawn to walk to.
    let enemy = |w: &Option<Witness>| match teams.len() {
        0 | 1 => "none (no other team)".to_string(),
        _ => time(w),
    };
    for (t, w) in teams.iter().zip(ways) {
        let high = t.highest.map_or(0, |h| depth as i32 - h[2]);
        let _ = writeln!(
            out,
            "  {}: to the other team's spawn {}, to the middle {}, reaches {:.1} %, high ground height {high}",
            t.area.name(),
            enemy(&w.to_enemy_spawn),
            time(&w.to_middle),
            t.share * 100.0
        );
    }
    for (name, values) in figures(teams, ways, depth) {
        if let Some(s) = spread(&values) {
            let flag = if s > FLAGGED { " (over 5 %)" } else { "" };
            let _ = writeln!(out, "  spread, {name}: {:.1} %{flag}", s * 100.0);
        }
    }
}

/// `fairness` in `analyze --json`.
pub fn json(teams: &[TeamReach], ways: &[TeamWays], depth: u32) -> Value {
    let walk = |w: &Option<Witness>| {
        w.as_ref().map(|w| {
            json!({
                "seconds": w.seconds(),
                "ticks": w.ticks(),
                "script": super::drive::script_text(&w.script),
                "end": w.position,
                "place": w.place,
                "health_left": w.health_left(),
            })
        })
    };
    let spreads: Vec<Value> = figures(teams, ways, depth)
        .into_iter()
        .filter_map(|(name, v)| {
            let s = spread(&v)?;
            Some(json!({ "figure": name, "spread": s, "flagged": s > FLAGGED }))
        })
        .collect();
    json!({
        "teams": ways.iter().map(|w| json!({
            "team": w.team,
            "to_enemy_spawn": walk(&w.to_enemy_spawn),
            "to_middle": walk(&w.to_middle),
        })).collect::<Vec<_>>(),
        "spreads": spreads,
    })
}
