//! The placed objects of two Warcraft III maps compared (units, items
//! and start locations, doodads and trees, special doodads, minimap
//! icons): paired as [`pairing`] pairs them, then told as added, removed,
//! moved or changed, in a stable order (kind, player, position).
//!
//! What the editor cannot set is not a change: a shift below 1/64 unit
//! (x, y or z), an angle a whole turn apart or a scale that differs past
//! its third decimal is counted, one line a kind,
//! and the 2002 editor's z of -1000000 ("on the ground") is not compared.

use super::names;
use super::pairing::{self, Placed, STAYED};
use crate::diff::number as num;
use crate::diff::{Change, FieldChange, MapDiff, ObjectChange};
use crate::store::terrain::id_string;
use crate::store::warcraft::{MinimapIcon, WarcraftMap, TILE};
use serde_json::Value;
use std::collections::BTreeMap;

/// Farther than this (world units, 4 tiles), an object jumped: removed
/// where it was and added where it is.
pub const LIMIT: f32 = 4.0 * TILE;
/// Minimap icons are paired within this many minimap pixels.
const ICON_LIMIT: f32 = 4.0;
/// The 2002 editor's z for "on the ground".
pub const GROUND: f32 = -1_000_000.0;

fn units(map: &WarcraftMap) -> Vec<Placed> {
    let skin = |s: Option<[u8; 4]>| s.map_or(Value::Null, |s| id_string(&s).into());
    map.units
        .iter()
        .map(|u| Placed {
            kind: match &u.id {
                b"sloc" => "start location",
                _ => "unit",
            },
            id: u.id,
            position: u.position,
            editor_id: (u.editor_id >= 0).then_some(u.editor_id),
            owner: Some(u.owner),
            scale: u.scale,
            fields: vec![
                ("scale", u.scale.iter().map(|&s| num(s)).collect()),
                ("variation", u.variation.into()),
                ("flags", u.flags.into()),
                ("owner", (u.owner + 1).into()),
                ("hit points", u.hit_points.into()),
                ("mana", u.mana.into()),
                ("gold", u.gold.into()),
                ("hero level", u.hero_level.into()),
                ("skin", skin(u.skin)),
            ],
        })
        .collect()
}

fn doodads(map: &WarcraftMap) -> Vec<Placed> {
    let skin = |s: Option<[u8; 4]>| s.map_or(Value::Null, |s| id_string(&s).into());
    let mut out: Vec<Placed> = map
        .doodads
        .iter()
        .map(|d| Placed {
            kind: if d.is_tree() { "tree" } else { "doodad" },
            id: d.id,
            position: d.position,
            editor_id: (d.editor_id >= 0).then_some(d.editor_id),
            owner: None,
            scale: d.scale,
            fields: vec![
                ("scale", d.scale.iter().map(|&s| num(s)).collect()),
                ("variation", d.variation.into()),
                ("flags", d.flags.into()),
                ("life", d.life.into()),
                ("skin", skin(d.skin)),
            ],
        })
        .collect();
    out.extend(map.special_doodads.iter().map(|s| Placed {
        kind: "special doodad",
        id: s.id,
        // Placed by tile: the file's units, as the report gives them.
        position: [s.x as f32, s.y as f32, 0.0],
        editor_id: None,
        owner: None,
        scale: [1.0; 3],
        fields: Vec::new(),
    }));
    out
}

fn icons(map: &WarcraftMap) -> Vec<Placed> {
    let name = |k: u32| match k {
        0 => "gold mine icon",
        1 => "neutral building icon",
        2 => "start icon",
        _ => "minimap icon",
    };
    let hex = |c: [u8; 4]| format!("#{:02x}{:02x}{:02x}{:02x}", c[0], c[1], c[2], c[3]);
    map.icons
        .iter()
        .map(|i: &MinimapIcon| Placed {
            kind: name(i.kind),
            id: i.kind.to_le_bytes(),
            position: [i.x as f32, i.y as f32, 0.0],
            editor_id: None,
            owner: None,
            scale: [1.0; 3],
            fields: vec![("colour", hex(i.color).into())],
        })
        .collect()
}

/// What is compared apart from the fields: heights and angles.
struct Extra<'a> {
    z: &'a dyn Fn(usize) -> f32,
    angle: &'a dyn Fn(usize) -> f32,
}

/// What one side's objects count toward the notes and folded lines.
#[derive(Default)]
struct Tally {
    /// Objects with the 2002 editor's "on the ground" z on a side.
    ground: u64,
    /// By kind: objects whose only changes are below the editor's step.
    slight: BTreeMap<&'static str, u64>,
    /// Objects paired whose creation numbers differ.
    renumbered: u64,
}

/// How an object's stored z, x, y and angle changed.
fn compare_pair(
    o: &Placed,
    n: &Placed,
    (oz, nz): (f32, f32),
    (oa, na): (f32, f32),
    tally: &mut Tally,
) -> Option<ObjectChange> {
    let mut fields: Vec<FieldChange> = o
        .fields
        .iter()
        .zip(&n.fields)
        .filter(|(a, b)| a.1 != b.1)
        .map(|(a, b)| FieldChange::new(a.0, a.1.clone(), b.1.clone()))
        .collect();
    // A scale the editor re-saved in its last bits (0.9293009 -> 0.9293)
    // rounds to the same field: slight, as a shift below 1/64 unit is.
    let mut slight = o.scale != n.scale;
    tally.renumbered += (o.editor_id != n.editor_id) as u64;
    let (dx, dy) = (n.position[0] - o.position[0], n.position[1] - o.position[1]);
    let moved = dx.abs() >= STAYED || dy.abs() >= STAYED;
    slight |= !moved && (dx != 0.0 || dy != 0.0);
    if oz == GROUND || nz == GROUND {
        tally.ground += 1;
    } else if (nz - oz).abs() >= STAYED {
        fields.insert(0, FieldChange::new("z", num(oz), num(nz)));
    } else {
        slight |= oz != nz;
    }
    let turn = std::f32::consts::TAU;
    let apart = (na - oa).rem_euclid(turn);
    if apart.min(turn - apart) >= 1e-3 {
        fields.insert(0, FieldChange::new("angle", num(oa), num(na)));
    } else {
        slight |= oa != na;
    }
    let change = match (moved, fields.is_empty()) {
        (true, _) => Change::Moved,
        (false, false) => Change::Changed,
        (false, true) => {
            if slight {
                *tally.slight.entry(n.kind).or_default() += 1;
            }
            return None;
        }
    };
    Some(ObjectChange {
        kind: n.kind,
        change,
        id: id_of(n),
        name: names::of(&n.id),
        old: Some(with_z(o.position, oz)),
        new: Some(with_z(n.position, nz)),
        fields,
    })
}

fn with_z(p: [f32; 3], z: f32) -> [f32; 3] {
    [p[0], p[1], z]
}

/// Its four-letter ID; none for a minimap icon (its kind says it all).
fn id_of(p: &Placed) -> String {
    match p.kind.ends_with("icon") {
        true => String::new(),
        false => id_string(&p.id),
    }
}

/// One side's object, added or removed.
fn one_side(p: &Placed, change: Change) -> ObjectChange {
    ObjectChange {
        kind: p.kind,
        change,
        id: id_of(p),
        name: names::of(&p.id),
        old: (change == Change::Removed).then_some(p.position),
        new: (change == Change::Added).then_some(p.position),
        fields: Vec::new(),
    }
}

/// Where kinds come in the report.
fn rank(kind: &str) -> usize {
    let order = ["start location", "unit", "doodad", "tree", "special doodad"];
    order.iter().position(|k| *k == kind).unwrap_or(order.len())
}

/// The changed objects of two lists, in kind, player, position order.
fn objects(
    (old, new): (&[Placed], &[Placed]),
    (oe, ne): (Extra, Extra),
    limit: f32,
    out: &mut Vec<ObjectChange>,
    tally: &mut Tally,
) {
    let mut pairs = pairing::pairs(old, new, limit);
    let key = |&(i, j): &(Option<usize>, Option<usize>)| {
        let p = j.map(|j| &new[j]).or(i.map(|i| &old[i]));
        p.map(|p| {
            let at = |v: f32| (v * 64.0).round() as i64;
            let owner = p.owner.unwrap_or(-1);
            (rank(p.kind), owner, at(p.position[0]), at(p.position[1]))
        })
    };
    // Cached: a key ranks its kind by name, too dear for every comparison.
    pairs.sort_by_cached_key(key);
    for (i, j) in pairs {
        match (i, j) {
            (Some(i), Some(j)) => {
                let z = ((oe.z)(i), (ne.z)(j));
                let angle = ((oe.angle)(i), (ne.angle)(j));
                out.extend(compare_pair(&old[i], &new[j], z, angle, tally));
            }
            (Some(i), None) => out.push(one_side(&old[i], Change::Removed)),
            (None, Some(j)) => out.push(one_side(&new[j], Change::Added)),
            (None, None) => {}
        }
    }
}

/// Adds the objects that changed from `old` to `new` to `diff`, with
/// the note on "on the ground" heights, the folded slight changes and a
/// line for each kind of object that moved alike.
pub fn compare(old: &WarcraftMap, new: &WarcraftMap, diff: &mut MapDiff) {
    let mut tally = Tally::default();
    let mut out = Vec::new();
    let unit_extra = |m: &WarcraftMap| -> (Vec<f32>, Vec<f32>) {
        let z = m.units.iter().map(|u| u.position[2]).collect();
        (z, m.units.iter().map(|u| u.angle).collect())
    };
    let doodad_extra = |m: &WarcraftMap| -> (Vec<f32>, Vec<f32>) {
        let z = m.doodads.iter().map(|d| d.position[2]);
        let angle = m.doodads.iter().map(|d| d.angle);
        let specials = m.special_doodads.len();
        let z = z.chain(std::iter::repeat_n(0.0, specials)).collect();
        (z, angle.chain(std::iter::repeat_n(0.0, specials)).collect())
    };
    for (lists, extra) in [
        ((units(old), units(new)), (unit_extra(old), unit_extra(new))),
        (
            (doodads(old), doodads(new)),
            (doodad_extra(old), doodad_extra(new)),
        ),
    ] {
        let ((oz, oa), (nz, na)) = extra;
        let (ozf, oaf) = (|i: usize| oz[i], |i: usize| oa[i]);
        let (nzf, naf) = (|i: usize| nz[i], |i: usize| na[i]);
        let sides = (
            Extra {
                z: &ozf,
                angle: &oaf,
            },
            Extra {
                z: &nzf,
                angle: &naf,
            },
        );
        objects((&lists.0, &lists.1), sides, LIMIT, &mut out, &mut tally);
    }
    let flat = |_: usize| 0.0;
    let none = || Extra {
        z: &flat,
        angle: &flat,
    };
    let icon_lists = (icons(old), icons(new));
    objects(
        (&icon_lists.0, &icon_lists.1),
        (none(), none()),
        ICON_LIMIT,
        &mut out,
        &mut tally,
    );
    if tally.ground > 0 {
        diff.notes.push(format!(
            "{} objects have z -1000000 on a side, the 2002 editor's \"on the ground\": their z is not compared",
            tally.ground
        ));
    }
    if tally.renumbered > 0 {
        diff.notes.push(format!(
            "{} objects have other creation numbers (the editor's own numbering, no change in the map): not listed",
            tally.renumbered
        ));
    }
    diff.slight
        .extend(tally.slight.into_iter().map(|(k, n)| (k.to_string(), n)));
    diff.moved_alike.extend(moved_alike(&out, new));
    diff.objects.extend(out);
}

/// "8 start locations moved 64 units outward": a line for each kind of
/// which two or more objects moved, all by the same distance.
fn moved_alike(list: &[ObjectChange], map: &WarcraftMap) -> Vec<String> {
    let t = &map.terrain;
    let centre = [
        t.offset[0] + t.width.saturating_sub(1) as f32 * TILE / 2.0,
        t.offset[1] + t.height.saturating_sub(1) as f32 * TILE / 2.0,
    ];
    type Move = ([f32; 3], [f32; 3]);
    let mut by: BTreeMap<(usize, &str), Vec<Move>> = BTreeMap::new();
    // Icons move by minimap pixels, not units.
    let moved = |o: &&ObjectChange| o.change == Change::Moved && !o.kind.ends_with("icon");
    for o in list.iter().filter(moved) {
        if let (Some(a), Some(b)) = (o.old, o.new) {
            by.entry((rank(o.kind), o.kind)).or_default().push((a, b));
        }
    }
    let mut out = Vec::new();
    for ((_, kind), moves) in by {
        let d = |(a, b): &([f32; 3], [f32; 3])| (b[0] - a[0]).hypot(b[1] - a[1]);
        let first = d(&moves[0]);
        if moves.len() < 2 || moves.iter().any(|m| (d(m) - first).abs() > 0.5) {
            continue;
        }
        let away = |(a, b): &([f32; 3], [f32; 3])| {
            (b[0] - a[0]) * (a[0] - centre[0]) + (b[1] - a[1]) * (a[1] - centre[1])
        };
        let how = if moves.iter().all(|m| away(m) > 0.0) {
            "outward"
        } else if moves.iter().all(|m| away(m) < 0.0) {
            "inward"
        } else {
            "each"
        };
        // To the editor's step, as a reader would say it ("64", not "64.0").
        let units = (first as f64 * 64.0).round() / 64.0;
        out.push(match how {
            "each" => format!("{} {kind}s moved by {units} units each", moves.len()),
            _ => format!("{} {kind}s moved {units} units {how}", moves.len()),
        });
    }
    out
}
