//! How where each team can go changed between two versions of a voxel map:
//! each team's reachable share and highest place, its fairness walks ("team
//! 1 (blue) to the other team's spawn: 172.4 s -> 180.1 s, 7.7 s longer"),
//! and the columns no one reaches or that trap a player ("team 1 (blue)
//! reachable share: 97.2 % -> 96.1 %"). Worked out only where the voxels or
//! the spawn areas changed.

use crate::analysis::reach::fairness::TeamWays;
use crate::analysis::reach::Witness;
use crate::analysis::reach::{analyze_fairness, ReachReport};
use crate::diff::{field, FieldChange};
use crate::store::Map;
use serde_json::Value;

pub fn reach_diff(old: &Map, new: &Map, out: &mut Vec<FieldChange>) {
    let (Ok(a), Ok(b)) = (
        super::super::of(old).reach_map(),
        super::super::of(new).reach_map(),
    ) else {
        return;
    };
    // Both versions at once (each search is one thread's work).
    let (a, b) = rayon::join(|| analyze_fairness(&a), || analyze_fairness(&b));
    let share = |s: f64| Value::from(format!("{:.1} %", s * 100.0));
    let height = |r: &ReachReport, h: Option<[i32; 3]>| {
        h.map_or(Value::from("none"), |[_, _, z]| {
            Value::from(r.dims[2] as i64 - z as i64)
        })
    };
    for t in &b.teams {
        let Some(before) = a.teams.iter().find(|u| u.area.team == t.area.team) else {
            continue;
        };
        let name = t.area.name();
        field(
            out,
            &format!("{name} reachable share"),
            share(before.share),
            share(t.share),
        );
        field(
            out,
            &format!("{name} highest place, height"),
            height(&a, before.highest),
            height(&b, t.highest),
        );
        // A report's walks are in its teams' order.
        if let (Some(was), Some(now)) = (team_ways(&a, t.area.team), team_ways(&b, t.area.team)) {
            walks(out, &name, was, now);
        }
    }
    let columns =
        |v: &[crate::analysis::reach::Region]| v.iter().map(|r| r.columns as u64).sum::<u64>();
    field(
        out,
        "columns no team reaches",
        columns(&a.unreachable),
        columns(&b.unreachable),
    );
    field(out, "trap columns", columns(&a.traps), columns(&b.traps));
}

/// Team `team`'s walks in `r` (a report's walks are in its teams' order).
fn team_ways(r: &ReachReport, team: u8) -> Option<&TeamWays> {
    let k = r.teams.iter().position(|u| u.area.team == team)?;
    r.fairness.get(k)
}

/// A team's fairness walks that changed, the new time saying how much
/// longer or shorter it is.
fn walks(out: &mut Vec<FieldChange>, name: &str, was: &TeamWays, now: &TeamWays) {
    for ((to, before), (_, after)) in was.walks().into_iter().zip(now.walks()) {
        if before.map(Witness::ticks) == after.map(Witness::ticks) {
            continue;
        }
        let time = |w: Option<&Witness>| {
            w.map_or("no way found".to_string(), |w| {
                format!("{:.1} s", w.seconds())
            })
        };
        let mut new = time(after);
        if let (Some(b), Some(a)) = (before, after) {
            let d = a.seconds() - b.seconds();
            let how = if d > 0.0 { "longer" } else { "shorter" };
            new.push_str(&format!(", {:.1} s {how}", d.abs()));
        }
        field(
            out,
            &format!("{name} {to}"),
            Value::from(time(before)),
            Value::from(new),
        );
    }
}
