//! What changed between two Warcraft III maps: the terrain (as W3E
//! terrains differ), the placed objects (units, items and start locations,
//! doodads and trees, special doodads) added, removed, moved or changed,
//! the map information of `war3map.w3i`, the pathing map and the minimap
//! icons.
//!
//! Objects are matched by the editor's creation number where both sides
//! have it (and it names one object of the same type on each), then by
//! type and position; an object moved when x or y changed by more than
//! half a unit.

use super::super::terrain::diff as terrain_diff;
use super::environment;
use crate::diff::regions::{self, Changed};
use crate::diff::{
    counted, field, object_change, object_mark, region_marks, Change, FieldChange, GridDiff,
    MapDiff, Mark, ObjectChange, Seen,
};
use crate::store::terrain::id_string;
use crate::store::warcraft::{MapInfo, Pathing, WarcraftMap};
use serde_json::Value;
use std::collections::HashMap;

/// How far an object may shift, in world units, and still be where it was.
pub const MOVE: f32 = 0.5;

use crate::diff::number as num;

/// One placed object, as compared.
struct Placed {
    kind: &'static str,
    id: [u8; 4],
    position: [f32; 3],
    editor_id: Option<i32>,
    fields: Vec<(&'static str, Value)>,
}

fn units(map: &WarcraftMap) -> Vec<Placed> {
    map.units
        .iter()
        .map(|u| Placed {
            kind: if &u.id == b"sloc" {
                "start location"
            } else {
                "unit"
            },
            id: u.id,
            position: u.position,
            editor_id: (u.editor_id >= 0).then_some(u.editor_id),
            fields: vec![
                ("z", num(u.position[2])),
                ("angle", num(u.angle)),
                ("scale", u.scale.iter().map(|&s| num(s)).collect()),
                ("variation", u.variation.into()),
                ("flags", u.flags.into()),
                ("owner", (u.owner + 1).into()),
                ("hit points", u.hit_points.into()),
                ("mana", u.mana.into()),
                ("gold", u.gold.into()),
                ("hero level", u.hero_level.into()),
                ("skin", u.skin.map_or(Value::Null, |s| id_string(&s).into())),
            ],
        })
        .collect()
}

fn doodads(map: &WarcraftMap) -> Vec<Placed> {
    let mut out: Vec<Placed> = map
        .doodads
        .iter()
        .map(|d| Placed {
            kind: if d.is_tree() { "tree" } else { "doodad" },
            id: d.id,
            position: d.position,
            editor_id: (d.editor_id >= 0).then_some(d.editor_id),
            fields: vec![
                ("z", num(d.position[2])),
                ("angle", num(d.angle)),
                ("scale", d.scale.iter().map(|&s| num(s)).collect()),
                ("variation", d.variation.into()),
                ("flags", d.flags.into()),
                ("life", d.life.into()),
                ("skin", d.skin.map_or(Value::Null, |s| id_string(&s).into())),
            ],
        })
        .collect();
    out.extend(map.special_doodads.iter().map(|s| Placed {
        kind: "special doodad",
        id: s.id,
        position: [s.x as f32, s.y as f32, 0.0],
        editor_id: None,
        fields: Vec::new(),
    }));
    out
}

/// Creation numbers that name exactly one object.
fn unique_ids(list: &[Placed]) -> HashMap<i32, usize> {
    let mut seen: HashMap<i32, Option<usize>> = HashMap::new();
    for (i, p) in list.iter().enumerate() {
        if let Some(e) = p.editor_id {
            seen.entry(e).and_modify(|v| *v = None).or_insert(Some(i));
        }
    }
    seen.into_iter()
        .filter_map(|(e, i)| Some((e, i?)))
        .collect()
}

fn near(p: &Placed, q: &Placed) -> bool {
    (p.position[0] - q.position[0]).abs() <= MOVE && (p.position[1] - q.position[1]).abs() <= MOVE
}

/// Pairs of (old, new) indices of the same object, by creation number, then
/// by type and exact position, then by type and position within [`MOVE`];
/// and whether creation numbers were set aside. They are when fewer than
/// half the objects they pair stayed where they were: the editor then
/// numbered the objects afresh (the 2002 betas do), and pairing by number
/// would call most of the map moved.
fn pairs(old: &[Placed], new: &[Placed]) -> (Vec<(usize, usize)>, bool) {
    let mut out = Vec::new();
    let (mut old_taken, mut new_taken) = (vec![false; old.len()], vec![false; new.len()]);
    let new_ids = unique_ids(new);
    let by_number: Vec<(usize, usize)> = unique_ids(old)
        .into_iter()
        .filter_map(|(e, i)| new_ids.get(&e).map(|&j| (i, j)))
        .filter(|&(i, j)| old[i].id == new[j].id && old[i].kind == new[j].kind)
        .collect();
    let stayed = by_number
        .iter()
        .filter(|&&(i, j)| near(&old[i], &new[j]))
        .count();
    let renumbered = stayed * 2 < by_number.len();
    if !renumbered {
        for (i, j) in by_number {
            out.push((i, j));
            (old_taken[i], new_taken[j]) = (true, true);
        }
    }
    type Key = ([u8; 4], &'static str, i64, i64);
    let mut by = |key: &dyn Fn(&Placed) -> Key, within: bool| {
        let mut index: HashMap<Key, Vec<usize>> = HashMap::new();
        for (j, p) in new.iter().enumerate() {
            if !new_taken[j] {
                index.entry(key(p)).or_default().push(j);
            }
        }
        for (i, p) in old.iter().enumerate() {
            if old_taken[i] {
                continue;
            }
            let Some(list) = index.get_mut(&key(p)) else {
                continue;
            };
            let close = |j: &usize| !within || near(p, &new[*j]);
            if let Some(k) = list.iter().position(close) {
                let j = list.swap_remove(k);
                out.push((i, j));
                (old_taken[i], new_taken[j]) = (true, true);
            }
        }
    };
    by(
        &|p| {
            (
                p.id,
                p.kind,
                p.position[0].to_bits() as i64,
                p.position[1].to_bits() as i64,
            )
        },
        false,
    );
    by(
        &|p| {
            (
                p.id,
                p.kind,
                p.position[0].round() as i64,
                p.position[1].round() as i64,
            )
        },
        true,
    );
    out.sort_unstable();
    let unpaired_old = (0..old.len())
        .filter(|&i| !old_taken[i])
        .map(|i| (i, usize::MAX));
    let unpaired_new = (0..new.len())
        .filter(|&j| !new_taken[j])
        .map(|j| (usize::MAX, j));
    out.extend(unpaired_old.chain(unpaired_new).collect::<Vec<_>>());
    (out, renumbered)
}

/// The changed objects of two lists (of the file `file`); a note when the
/// file's creation numbers were set aside.
fn objects(
    file: &str,
    old: &[Placed],
    new: &[Placed],
    out: &mut Vec<ObjectChange>,
    notes: &mut Vec<String>,
) {
    let (pairs, renumbered) = pairs(old, new);
    if renumbered {
        notes.push(format!(
            "{file}: the editor numbered the objects afresh, so they are matched by type and position"
        ));
    }
    for (i, j) in pairs {
        let (o, n) = (old.get(i), new.get(j));
        let Some(p) = n.or(o) else { continue };
        fn seen(p: &Placed) -> Seen<'_> {
            Seen {
                position: p.position,
                fields: &p.fields,
            }
        }

        let moved =
            |a: [f32; 3], b: [f32; 3]| (a[0] - b[0]).abs() > MOVE || (a[1] - b[1]).abs() > MOVE;
        out.extend(object_change(
            p.kind,
            id_string(&p.id),
            o.map(seen),
            n.map(seen),
            moved,
        ));
    }
}

/// The w3i's fields that differ, players and forces by their slot.
pub fn info(old: Option<&MapInfo>, new: Option<&MapInfo>, out: &mut Vec<FieldChange>) {
    let (o, n) = match (old, new) {
        (Some(o), Some(n)) => (o, n),
        (None, None) => return,
        (o, n) => {
            let has = |i: Option<&MapInfo>| Value::from(i.map_or("none", |_| "present"));
            out.push(FieldChange::new("war3map.w3i", has(o), has(n)));
            return;
        }
    };
    field(out, "info version", o.version, n.version);
    field(out, "saves", o.saves, n.saves);
    field(out, "editor version", o.editor_version, n.editor_version);
    let gv = |v: Option<[u32; 4]>| {
        v.map_or(String::new(), |v| {
            format!("{}.{}.{}.{}", v[0], v[1], v[2], v[3])
        })
    };
    field(out, "game version", gv(o.game_version), gv(n.game_version));
    field(
        out,
        "description",
        o.description.as_str(),
        n.description.as_str(),
    );
    field(
        out,
        "suggested players",
        o.suggested_players.as_str(),
        n.suggested_players.as_str(),
    );
    let bounds = |b: &[f32; 8]| b.iter().map(|&v| num(v)).collect::<Value>();
    field(
        out,
        "camera bounds",
        bounds(&o.camera_bounds),
        bounds(&n.camera_bounds),
    );
    let ints = |b: &[i32]| b.iter().map(|&v| Value::from(v)).collect::<Value>();
    field(
        out,
        "camera bound complements",
        ints(&o.bounds_complements),
        ints(&n.bounds_complements),
    );
    field(
        out,
        "playable area",
        format!("{} x {}", o.playable[0], o.playable[1]),
        format!("{} x {}", n.playable[0], n.playable[1]),
    );
    field(
        out,
        "flags",
        format!("{:#x}", o.flags),
        format!("{:#x}", n.flags),
    );
    field(
        out,
        "tileset",
        (o.tileset as char).to_string(),
        (n.tileset as char).to_string(),
    );
    // The environment as `info` words it (fog and tint with their flags),
    // a line either side lacks (an older w3i) as empty.
    let (eo, en) = (environment::lines(o), environment::lines(n));
    let of = |l: &[(&str, String)], k: &str| {
        l.iter()
            .find(|e| e.0 == k)
            .map_or(String::new(), |e| e.1.clone())
    };
    let mut keys: Vec<&str> = Vec::new();
    for (k, _) in eo.iter().chain(&en) {
        if !keys.contains(k) {
            keys.push(k);
        }
    }
    for k in keys {
        field(out, k, of(&eo, k), of(&en, k));
    }
    field(out, "players", o.players.len(), n.players.len());
    for (a, b) in o.players.iter().zip(&n.players) {
        let p = format!("player {}", b.number + 1);
        field(out, &format!("{p} number"), a.number + 1, b.number + 1);
        field(
            out,
            &format!("{p} controller"),
            super::controller_name(a.controller),
            super::controller_name(b.controller),
        );
        field(
            out,
            &format!("{p} race"),
            super::race_name(a.race),
            super::race_name(b.race),
        );
        field(
            out,
            &format!("{p} fixed start"),
            a.fixed_start,
            b.fixed_start,
        );
        field(out, &format!("{p} name"), a.name.as_str(), b.name.as_str());
        let at = |s: [f32; 2]| format!("{}, {}", num(s[0]), num(s[1]));
        field(out, &format!("{p} start"), at(a.start), at(b.start));
    }
    field(out, "forces", o.forces.len(), n.forces.len());
    for (k, (a, b)) in o.forces.iter().zip(&n.forces).enumerate() {
        let f = format!("force {}", k + 1);
        field(out, &format!("{f} name"), a.name.as_str(), b.name.as_str());
        field(
            out,
            &format!("{f} flags"),
            format!("{:#x}", a.flags),
            format!("{:#x}", b.flags),
        );
        let members = |m: u32| {
            (0..32)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| (i + 1).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        field(
            out,
            &format!("{f} players"),
            members(a.players),
            members(b.players),
        );
    }
}

/// The pathing flags a change is counted by.
const PATHING_FLAGS: [(&str, u8); 5] = [
    ("walk", Pathing::NO_WALK),
    ("fly", Pathing::NO_FLY),
    ("build", Pathing::NO_BUILD),
    ("blight", Pathing::BLIGHT),
    ("water", Pathing::NO_WATER),
];

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
    }
}

/// Minimap icons added, removed or recoloured, by kind and place.
fn icons(old: &WarcraftMap, new: &WarcraftMap, out: &mut Vec<ObjectChange>) {
    let name = |k: u32| match k {
        0 => "gold mine icon",
        1 => "neutral building icon",
        2 => "start icon",
        _ => "minimap icon",
    };
    let place = |i: &crate::store::warcraft::MinimapIcon| [i.x as f32, i.y as f32, 0.0];
    let mut unmatched: Vec<_> = new.icons.iter().collect();
    for o in &old.icons {
        match unmatched
            .iter()
            .position(|n| (n.kind, n.x, n.y) == (o.kind, o.x, o.y))
        {
            Some(k) => {
                let n = unmatched.swap_remove(k);
                if n.color != o.color {
                    let hex =
                        |c: [u8; 4]| format!("#{:02x}{:02x}{:02x}{:02x}", c[0], c[1], c[2], c[3]);
                    out.push(ObjectChange {
                        kind: name(o.kind),
                        change: Change::Changed,
                        id: String::new(),
                        old: Some(place(o)),
                        new: Some(place(n)),
                        fields: vec![FieldChange::new("colour", hex(o.color), hex(n.color))],
                    });
                }
            }
            None => out.push(ObjectChange {
                kind: name(o.kind),
                change: Change::Removed,
                id: String::new(),
                old: Some(place(o)),
                new: None,
                fields: Vec::new(),
            }),
        }
    }
    for n in unmatched {
        out.push(ObjectChange {
            kind: name(n.kind),
            change: Change::Added,
            id: String::new(),
            old: None,
            new: Some(place(n)),
            fields: Vec::new(),
        });
    }
}

/// Adds what changed from `old` to `new` to `diff`.
pub fn compare(old: &WarcraftMap, new: &WarcraftMap, diff: &mut MapDiff) {
    diff.terrain = Some(terrain_diff::compare(&old.terrain, &new.terrain));
    info(old.info.as_ref(), new.info.as_ref(), &mut diff.metadata);
    objects(
        "war3mapUnits.doo",
        &units(old),
        &units(new),
        &mut diff.objects,
        &mut diff.notes,
    );
    objects(
        "war3map.doo",
        &doodads(old),
        &doodads(new),
        &mut diff.objects,
        &mut diff.notes,
    );
    icons(old, new, &mut diff.objects);
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

/// Where the changes lie on `map`: the terrain's, the pathing map's and
/// the placed objects' (minimap icons are not placed).
pub fn marks(map: &WarcraftMap, d: &MapDiff) -> Vec<Mark> {
    let mut out = terrain_diff::marks(&map.terrain, d);
    if let Some(p) = &d.pathing {
        // Cells from the south-west, four a tile; map y from the north.
        let tiles_y = map.terrain.height.saturating_sub(1) as f32;
        out.extend(region_marks(&p.regions, "pathing", |a, b| {
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
    use crate::formats::{self, LoadOptions};

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
        new.doodads[1].position[0] += 0.25; // not a move
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
        super::info(old.info.as_ref(), new.info.as_ref(), &mut out);
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
        super::info(new.info.as_ref(), none.info.as_ref(), &mut out);
        let gone: Vec<&str> = out.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(gone.len(), 5, "{gone:?}");
        assert!(out.iter().all(|f| f.new == ""), "{out:?}");
    }
}
