//! What changed between two ALW worlds: cells whose record changed (a
//! texture compared by the name its table gives, not its offset), grouped
//! into regions; lights and entities added, removed, moved or changed; and
//! the header's fields.

use crate::diff::regions::{self, Changed};
use crate::diff::{
    counted, field, object_change, object_mark, region_marks, GridDiff, GridSaid, MapDiff, Mark,
    ObjectChange, Seen,
};
use crate::store::cells::{AlwWorld, Cell};
use serde_json::Value;

fn textures<'a>(w: &'a AlwWorld, c: &Cell) -> [Option<&'a str>; 6] {
    c.texture_refs()
        .map(|r| (r != 0).then(|| w.texture_name(r).unwrap_or("?")))
}

/// The fields a cell change is counted by.
pub const CELL_FIELDS: [&str; 5] = ["floor", "ceiling", "flags", "slopes", "textures"];

/// ALW cells are said as cells, counted from the grid's corner.
const SAID: GridSaid = GridSaid {
    key: "cells",
    noun: "",
    from: "",
    named: "cells",
    per: 1,
};

fn cells(old: &AlwWorld, new: &AlwWorld) -> GridDiff {
    let (w, h) = (
        old.width.min(new.width) as u32,
        old.height.min(new.height) as u32,
    );
    let mut by = [0u64; 5];
    let mut changed = Vec::new();
    let same_table = old.texture_table == new.texture_table;
    for y in 0..h {
        for x in 0..w {
            let a = &old.cells[(y * old.width as u32 + x) as usize];
            let b = &new.cells[(y * new.width as u32 + x) as usize];
            if same_table && a == b {
                continue;
            }
            let diffs = [
                a.floor != b.floor,
                a.ceiling != b.ceiling,
                a.flags != b.flags,
                (a.floor_offsets, a.ceiling_offsets) != (b.floor_offsets, b.ceiling_offsets),
                textures(old, a) != textures(new, b),
            ];
            let count = diffs.iter().filter(|&&d| d).count() as u64;
            for (k, d) in diffs.iter().enumerate() {
                by[k] += *d as u64;
            }
            if count > 0 {
                changed.push(Changed {
                    x,
                    y,
                    count,
                    z: None,
                    change: crate::diff::Change::Changed,
                });
            }
        }
    }
    GridDiff {
        cells_changed: changed.len() as u64,
        by_field: counted(&CELL_FIELDS, &by),
        regions: regions::group(&changed),
        said: SAID,
    }
}

use crate::diff::number as num;

fn vec3(v: [f32; 3]) -> Value {
    v.iter().map(|&x| num(x)).collect()
}

/// Lights or entities paired by their place in the file's list: one at the
/// same index is the same thing (moved when its position changed).
fn listed<T>(
    kind: &'static str,
    old: &[T],
    new: &[T],
    id: impl Fn(&T) -> String,
    position: impl Fn(&T) -> [f32; 3],
    fields: impl Fn(&T) -> Vec<(&'static str, Value)>,
    out: &mut Vec<ObjectChange>,
) {
    for k in 0..old.len().max(new.len()) {
        let (o, n) = (old.get(k), new.get(k));
        let Some(t) = n.or(o) else { continue };
        let (of, nf) = (
            o.map(&fields).unwrap_or_default(),
            n.map(&fields).unwrap_or_default(),
        );
        let seen = |t: &T, fields| Seen {
            position: position(t),
            fields,
        };
        let (os, ns) = (o.map(|t| seen(t, &of)), n.map(|t| seen(t, &nf)));
        out.extend(object_change(kind, id(t), os, ns, |a, b| a != b));
    }
}

/// Adds what changed from `old` to `new` to `diff`.
pub fn compare(old: &AlwWorld, new: &AlwWorld, diff: &mut MapDiff) {
    let m = &mut diff.metadata;
    field(m, "layout", old.layout.id(), new.layout.id());
    field(
        m,
        "cells",
        format!("{} x {}", old.width, old.height),
        format!("{} x {}", new.width, new.height),
    );
    field(m, "player entity", old.player_entity, new.player_entity);
    field(m, "camera yaw", num(old.camera_yaw), num(new.camera_yaw));
    field(
        m,
        "camera pitch",
        num(old.camera_pitch),
        num(new.camera_pitch),
    );
    let names = |w: &AlwWorld| {
        w.textures
            .iter()
            .map(|t| t.1.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    field(m, "textures", names(old), names(new));
    diff.cells = Some(cells(old, new));
    listed(
        "light",
        &old.lights,
        &new.lights,
        |_| String::new(),
        |l| l.position,
        |l| vec![("colour", vec3(l.color)), ("radius", num(l.radius))],
        &mut diff.objects,
    );
    listed(
        "entity",
        &old.entities,
        &new.entities,
        |e| e.class_name().unwrap_or_default(),
        |e| e.position,
        |e| {
            let attrs = e
                .attributes
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{}={}",
                        String::from_utf8_lossy(k),
                        String::from_utf8_lossy(v)
                    )
                })
                .collect::<Vec<_>>()
                .join(" ");
            vec![
                ("class", e.class_name().unwrap_or_default().into()),
                ("offset", vec3(e.offset)),
                ("yaw", num(e.yrot)),
                (
                    "bounds",
                    format!("{} {}", vec3(e.bbox_min), vec3(e.bbox_max)).into(),
                ),
                ("attributes", attrs.into()),
            ]
        },
        &mut diff.objects,
    );
}

/// Where the changes lie: regions of cells as they are, lights and
/// entities at their world position (Y up) in cells.
pub fn marks(d: &MapDiff) -> Vec<Mark> {
    let cell = crate::mesh::cells::CELL;
    let mut out = d.cells.as_ref().map_or_else(Vec::new, |c| {
        region_marks(&c.regions, "cells", &SAID.unit(), |a, b| (a, b))
    });
    out.extend(
        d.objects
            .iter()
            .filter_map(|o| object_mark(o, 1.0, |p| [p[0] / cell, p[2] / cell])),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::cells::AlwLayout;

    #[test]
    fn a_raised_floor_and_a_moved_light_are_seen() {
        let old = crate::samples::alw_room(8, 6, AlwLayout::Engine);
        let mut new = old.clone();
        new.cells[8 + 2].floor += 4;
        assert!(!new.lights.is_empty());
        new.lights[0].position[0] += 16.0;
        let mut d = MapDiff::default();
        compare(&old, &new, &mut d);
        let c = d.cells.unwrap();
        assert_eq!(
            (c.cells_changed, c.by_field.clone()),
            (1, vec![("floor", 1)])
        );
        assert_eq!(c.regions[0].min, [2, 1]);
        assert_eq!(d.objects.len(), 1);
        assert_eq!(d.objects[0].change, crate::diff::Change::Moved);
        assert!(d.metadata.is_empty());
    }
}
