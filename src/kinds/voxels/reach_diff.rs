//! How where each team can go changed between two versions of a voxel map:
//! each team's reachable share and highest place, and the columns no one
//! reaches or that trap a player ("team blue reachable share: 97.2 % ->
//! 96.1 %"). Worked out only where the voxels or the spawn areas changed.

use crate::analysis::reach::{analyze_with, ReachReport};
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
    let (a, b) = rayon::join(|| analyze_with(&a, 0), || analyze_with(&b, 0));
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
