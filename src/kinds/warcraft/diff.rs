//! What changed between two Warcraft III maps: the terrain (as W3E
//! terrains differ), the placed objects (units, items and start locations,
//! doodads and trees, special doodads) added, removed, moved or changed,
//! the map information of `war3map.w3i`, the pathing map and the minimap
//! icons.
//!
//! The objects' part is `objects_diff.rs` (paired by `pairing.rs`), the
//! w3i's `info_diff.rs`.

use super::super::terrain::diff as terrain_diff;
use super::{info_diff, objects_diff};
use crate::diff::regions::{self, Changed};
use crate::diff::{
    counted, object_mark, region_marks, DiffPart, FieldChange, GridDiff, GridSaid, MapDiff, Mark,
};
use crate::store::warcraft::{Pathing, WarcraftMap};
use serde_json::Value;

/// The pathing flags a change is counted by.
const PATHING_FLAGS: [(&str, u8); 5] = [
    ("walk", Pathing::NO_WALK),
    ("fly", Pathing::NO_FLY),
    ("build", Pathing::NO_BUILD),
    ("blight", Pathing::BLIGHT),
    ("water", Pathing::NO_WATER),
];

/// Pathing cells are quarter tiles; said in tiles, as the terrain is.
const SAID: GridSaid = GridSaid {
    key: "pathing",
    noun: "cells",
    from: " (tiles from the south-west; a cell is a quarter tile)",
    named: "tiles",
    per: 4,
};

/// Pathing cells whose flags changed, over the cells both maps have.
fn pathing(old: &Pathing, new: &Pathing) -> GridDiff {
    let (w, h) = (old.width.min(new.width), old.height.min(new.height));
    let mut by = [0u64; 5];
    let mut changed = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let (a, b) = (old.at(x, y).unwrap_or(0), new.at(x, y).unwrap_or(0));
            if a == b {
                continue;
            }
            let mut count = 0;
            for (k, (_, bit)) in PATHING_FLAGS.iter().enumerate() {
                if (a ^ b) & bit != 0 {
                    by[k] += 1;
                    count += 1;
                }
            }
            // Bits no flag names still change the cell.
            changed.push(Changed {
                x,
                y,
                count: count.max(1),
                z: None,
                change: crate::diff::Change::Changed,
            });
        }
    }
    GridDiff {
        cells_changed: changed.len() as u64,
        by_field: counted(&PATHING_FLAGS.map(|f| f.0), &by),
        regions: regions::group(&changed),
        said: SAID,
    }
}

/// Adds what changed from `old` to `new` to `diff`.
pub fn compare(old: &WarcraftMap, new: &WarcraftMap, diff: &mut MapDiff) {
    diff.terrain = Some(terrain_diff::compare(&old.terrain, &new.terrain));
    info_diff::info(old.info.as_ref(), new.info.as_ref(), &mut diff.metadata);
    objects_diff::compare(old, new, diff);
    diff.plays = "fairness (ground distances, game units)";
    super::ground::fairness_diff(old, new, &mut diff.fairness);
    // The same icons at other places in the list: not listed, but said.
    let elsewhere = new
        .icons
        .iter()
        .enumerate()
        .filter(|(j, icon)| old.icons.get(*j) != Some(*icon) && old.icons.contains(icon));
    let n = elsewhere.count();
    if n > 0 {
        diff.notes.push(super::coverage::reordered_note(n));
    }
    diff.pathing = match (&old.pathing, &new.pathing) {
        (Some(a), Some(b)) => {
            if (a.width, a.height) != (b.width, b.height) {
                diff.notes.push(format!(
                    "the pathing maps differ in size ({} x {} and {} x {}): the cells both have are compared",
                    a.width, a.height, b.width, b.height
                ));
            }
            Some(pathing(a, b))
        }
        (None, None) => None,
        (a, b) => {
            let has = |p: &Option<Pathing>| Value::from(p.as_ref().map_or("none", |_| "present"));
            diff.metadata
                .push(FieldChange::new("war3map.wpm", has(a), has(b)));
            None
        }
    };
}

/// Whether a part of `d` names the change of the map's internal file
/// `name`: the files mapscope decodes, each by the part it fills.
pub fn explains(name: &str, d: &MapDiff) -> bool {
    let objects = |kinds: &[&str]| d.objects.iter().any(|o| kinds.contains(&o.kind));
    match name.to_ascii_lowercase().as_str() {
        "war3map.w3e" => d.terrain.as_ref().is_some_and(|t| t.changed()),
        "war3map.w3i" => !d.metadata.is_empty(),
        "war3mapunits.doo" => objects(&["unit", "start location"]),
        "war3map.doo" => objects(&["tree", "doodad", "special doodad"]),
        "war3map.wpm" => d.pathing.as_ref().is_some_and(|p| p.changed()),
        "war3map.mmp" => d.objects.iter().any(|o| o.kind.ends_with("icon")),
        _ => false,
    }
}

/// Where the changes lie on `map`: the terrain's, the pathing map's and
/// the placed objects' (minimap icons are not placed).
pub fn marks(map: &WarcraftMap, d: &MapDiff) -> Vec<Mark> {
    let mut out = terrain_diff::marks(&map.terrain, d);
    if let Some(p) = &d.pathing {
        // Cells from the south-west, four a tile; map y from the north.
        let tiles_y = map.terrain.height.saturating_sub(1) as f32;
        out.extend(region_marks(&p.regions, "pathing", &SAID.unit(), |a, b| {
            (
                [a[0] / 4.0, tiles_y - b[1] / 4.0],
                [b[0] / 4.0, tiles_y - a[1] / 4.0],
            )
        }));
    }
    let objects = d.objects.iter().filter(|o| !o.kind.ends_with("icon"));
    out.extend(objects.filter_map(|o| object_mark(o, 1.0, |p| map.world_to_map(p[0], p[1]))));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::Change;
    use crate::formats::{self, LoadOptions};
    use crate::store::warcraft::MapInfo;

    fn sample() -> WarcraftMap {
        let bytes = crate::samples::w3x_archive(30, Default::default());
        let map = formats::decode(&bytes, &LoadOptions::default()).unwrap();
        map.warcraft().unwrap().clone()
    }

    #[test]
    fn objects_added_removed_moved_and_changed_are_told_apart() {
        let old = sample();
        let mut new = old.clone();
        assert!(new.doodads.len() >= 30 && new.units.len() >= 2);
        let gone = new.doodads.remove(0);
        new.doodads[0].position[0] += 300.0;
        new.doodads[1].position[0] += 0.005; // below the editor's step: not a move
        new.doodads[1].life = new.doodads[1].life.wrapping_add(1);
        new.units[0].owner += 1;
        let mut extra = new.units[1].clone();
        extra.editor_id = 9999;
        extra.position[1] += 512.0;
        new.units.push(extra);
        let mut d = MapDiff::default();
        compare(&old, &new, &mut d);
        let of = |c: Change| {
            d.objects
                .iter()
                .filter(|o| o.change == c)
                .collect::<Vec<_>>()
        };
        assert_eq!(of(Change::Removed).len(), 1);
        assert_eq!(of(Change::Removed)[0].old, Some(gone.position));
        assert_eq!(of(Change::Moved).len(), 1);
        assert_eq!(of(Change::Added).len(), 1);
        let changed = of(Change::Changed);
        assert_eq!(changed.len(), 2, "{changed:?}");
        let names: Vec<&str> = changed
            .iter()
            .flat_map(|c| c.fields.iter().map(|f| f.field.as_str()))
            .collect();
        assert!(
            names.contains(&"life") && names.contains(&"owner"),
            "{names:?}"
        );
        assert_eq!(d.terrain.as_ref().unwrap().tilepoints_changed, 0);
    }

    /// A new weather and the water tint turned on are told, in `info`'s
    /// words; the rest of the environment is the same.
    #[test]
    fn environment_changes_are_told() {
        let old = sample();
        let mut new = old.clone();
        let info = new.info.as_mut().unwrap();
        info.flags |= MapInfo::WATER_TINT;
        let e = info.environment.as_mut().unwrap();
        e.weather = Some(*b"SNbs");
        e.water_tint = [200, 30, 30, 255];
        let mut out = Vec::new();
        info_diff::info(old.info.as_ref(), new.info.as_ref(), &mut out);
        let told: Vec<(&str, &Value, &Value)> = out
            .iter()
            .map(|f| (f.field.as_str(), &f.old, &f.new))
            .collect();
        assert_eq!(
            told,
            [
                ("flags", &Value::from("0x4"), &Value::from("0x10004")),
                (
                    "weather",
                    &Value::from("Lordaeron rain (light) (RLlr)"),
                    &Value::from("Northrend blizzard (SNbs)")
                ),
                (
                    "water tint",
                    &Value::from("off"),
                    &Value::from("#c81e1e (alpha 255)")
                ),
            ]
        );
        // A w3i with no environment (older than version 23): each line
        // the other side has is told, as gone.
        let mut none = new.clone();
        none.info.as_mut().unwrap().environment = None;
        let mut out = Vec::new();
        info_diff::info(new.info.as_ref(), none.info.as_ref(), &mut out);
        let gone: Vec<&str> = out.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(gone.len(), 5, "{gone:?}");
        assert!(out.iter().all(|f| f.new == ""), "{out:?}");
    }
}
