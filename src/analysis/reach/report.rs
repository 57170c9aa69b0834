//! The reachability analysis for people (`mapscope analyze`) and for
//! scripts (`--json`).

use super::drive::script_text;
use super::{ReachReport, Region, TeamReach};
use serde_json::{json, Value};
use std::fmt::Write as _;

/// What the search counts as a move, and what it leaves out, said with it.
pub const REACH_NOTE: &str = "on foot under the Ace of Spades servers' player physics (piqueserver's world_c.cpp): walking, the automatic one-block climb, jumping, and walking off edges with or without a jump, each move run through the physics from rest in the middle of a column; no digging, building, crouching or grenades; a place counts as reached only by a way whose falls add up to less than a player's 100 health; witnesses and fairness walks are walked as a player would, without stopping between plain walks, and their times are those of these walks";

/// Regions listed in the text; the JSON lists them all.
const LISTED: usize = 5;

fn team_name(t: &TeamReach) -> String {
    t.area.name()
}

/// What `kind` says of the reachability report in `analyze --json`.
pub const REACH_KIND: &str = "reachability";

fn height(r: &ReachReport, z: i32) -> i32 {
    r.dims[2] as i32 - z
}

/// "floor z 40"; a floor below the map's last layer (the servers' clip
/// lets a player into an AoS map's water layer, onto the bottom) says so.
pub fn floor_text(dims: [u32; 3], z: i32) -> String {
    if z >= dims[2] as i32 {
        format!("floor z {z}, in the bottom (water) layer")
    } else {
        format!("floor z {z}")
    }
}

fn list(out: &mut String, what: &str, regions: &[Region]) {
    use crate::reading::n_of;
    let columns: u32 = regions.iter().map(|r| r.columns).sum();
    let _ = writeln!(
        out,
        "{what}: {}, {}",
        n_of(regions.len() as u64, "regions"),
        n_of(columns as u64, "columns")
    );
    // Under their heading: two spaces further in than it.
    let indent = " ".repeat(what.len() - what.trim_start().len() + 2);
    for r in regions.iter().take(LISTED) {
        let _ = writeln!(out, "{indent}{}", r.text());
    }
    if regions.len() > LISTED {
        let _ = writeln!(out, "{indent}... and {} smaller", regions.len() - LISTED);
    }
}

pub fn text(r: &ReachReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Where each team can go {REACH_NOTE}.");
    let _ = writeln!(
        out,
        "{} standing places over {} surface columns.",
        r.places, r.surface_columns
    );
    if r.teams.is_empty() {
        let _ = writeln!(
            out,
            "The map gives no team spawn areas: nothing to search from."
        );
    }
    for t in &r.teams {
        let _ = writeln!(
            out,
            "\n{}, spawning in x {}..{}, y {}..{}:",
            team_name(t),
            t.area.min[0],
            t.area.max[0],
            t.area.min[1],
            t.area.max[1]
        );
        if t.spawn_columns == 0 {
            let _ = writeln!(out, "  its spawn area has no place to stand (solid rock or outside the map): it reaches nothing");
            continue;
        }
        let _ = writeln!(
            out,
            "  reaches {:.1} % of the surface columns ({} of {})",
            t.share * 100.0,
            t.columns,
            r.surface_columns
        );
        // z alone, counted down as every other line of the report
        // counts it (`--json` gives the height up too).
        if let Some([x, y, z]) = t.highest {
            let _ = writeln!(
                out,
                "  highest place: column ({x}, {y}), {}",
                floor_text(r.dims, z)
            );
        }
        if r.teams.len() > 1 {
            list(&mut out, "  only this team reaches", &t.only_this_team);
        }
        for w in &t.witnesses {
            let [x, y, z] = w.place;
            let hurt = if w.damage > 0 {
                format!(
                    ", {} fall damage on the way, {} health left",
                    w.damage,
                    w.health_left()
                )
            } else {
                String::new()
            };
            let ticks: u64 = w.script.stretches.iter().map(|s| s.ticks as u64).sum();
            let _ = writeln!(
                out,
                "  witness ({}): ({x}, {y}) {}, {ticks} ticks ({:.1} s){hurt}",
                w.why,
                floor_text(r.dims, z),
                ticks as f64 * crate::walk::player::TICK
            );
        }
    }
    if !r.fairness.is_empty() {
        super::fairness::text(&mut out, &r.teams, &r.fairness, r.dims[2]);
    }
    out.push('\n');
    list(&mut out, "No team reaches", &r.unreachable);
    list(
        &mut out,
        "Traps (reached, but no way back to the team's spawn area)",
        &r.traps,
    );
    let _ = writeln!(
        out,
        "(`--json` gives each witness's script, for `mapscope walk`.)"
    );
    out
}

pub fn json(r: &ReachReport) -> Value {
    let regions = |v: &[Region]| v.iter().map(Region::json).collect::<Vec<_>>();
    let teams: Vec<Value> = r
        .teams
        .iter()
        .map(|t| {
            json!({
                "team": t.area.number(),
                "label": t.area.label,
                "spawn": { "min": t.area.min, "max": t.area.max, "columns": t.spawn_columns },
                "reachable_share": t.share,
                "reachable_columns": t.columns,
                "highest": t.highest.map(|[x, y, z]| json!({ "column": [x, y], "floor_z": z, "height": height(r, z) })),
                "only_this_team": regions(&t.only_this_team),
                "witnesses": t.witnesses.iter().map(|w| json!({
                    "why": w.why,
                    "place": w.place,
                    "position": w.position,
                    "damage": w.damage,
                    "health_left": w.health_left(),
                    "script": script_text(&w.script),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "kind": REACH_KIND,
        "note": REACH_NOTE,
        "dims": r.dims,
        "surface_columns": r.surface_columns,
        "places": r.places,
        "teams": teams,
        "unreachable": regions(&r.unreachable),
        "traps": regions(&r.traps),
        "moves": { "run": r.moves_run, "reused": r.moves_reused },
        "fairness": (!r.fairness.is_empty())
            .then(|| super::fairness::json(&r.teams, &r.fairness, r.dims[2])),
    })
}

/// A gallery card's line: each team's reachable share, what no one reaches
/// and the traps, then the fairness table's walks where they were worked
/// out; flagged where the teams' shares differ by over 5 points, a team
/// can be trapped or a walk's spread is over 5 %. `None` where the map has
/// no teams.
pub fn summary(r: &ReachReport) -> Option<(String, bool)> {
    if r.teams.is_empty() {
        return None;
    }
    let shares: Vec<String> = r
        .teams
        .iter()
        .map(|t| format!("{} {:.1} %", team_name(t), t.share * 100.0))
        .collect();
    let columns = |v: &[Region]| v.iter().map(|g| g.columns).sum::<u32>();
    let (lo, hi) = r.teams.iter().fold((1.0f64, 0.0f64), |(lo, hi), t| {
        (lo.min(t.share), hi.max(t.share))
    });
    let mut flagged = hi - lo > 0.05 || !r.traps.is_empty();
    let mut line = format!(
        "On foot: {}; {} columns no team reaches; {} trap columns",
        shares.join(", "),
        columns(&r.unreachable),
        columns(&r.traps)
    );
    // The fairness table's walks, where they were worked out.
    if let Some((walks, spread)) = super::fairness::summary(&r.teams, &r.fairness, r.dims[2]) {
        line.push_str(&format!("; {walks}"));
        flagged |= spread;
    }
    Some((line, flagged))
}

#[cfg(test)]
mod tests {
    use super::floor_text;

    /// A place on the bottom, below a 64-deep map's last (water) layer,
    /// says so; one in the map reads as its z alone.
    #[test]
    fn a_floor_below_the_last_layer_says_the_player_is_in_it() {
        assert_eq!(floor_text([512, 512, 64], 62), "floor z 62");
        let bottom = floor_text([512, 512, 64], 64);
        assert!(
            bottom.starts_with("floor z 64,") && bottom.contains("water"),
            "{bottom}"
        );
        assert_eq!(floor_text([64, 64, 256], 200), "floor z 200");
    }
}
