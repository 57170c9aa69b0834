//! What changed between two W3E terrains: tilepoints whose decoded record
//! changed, by field, a texture compared as the ID each file's own list
//! names (a reordered list is no change), grouped into regions of
//! tilepoints counted from the south-west; and the header's fields. Its
//! part of the diff says itself here too ([`DiffPart`]), in tiles.

use crate::diff::regions::{self, Changed};
use crate::diff::report::{field_line, section, Unit};
use crate::diff::{
    counted, field, region_marks, DiffPart, FieldChange, MapDiff, Mark, TerrainDiff,
};
use crate::store::terrain::{id_string, Tilepoint, W3eTerrain};
use serde_json::{json, Value};
use std::fmt::Write;

/// Regions are said in tiles, the tilepoints' corners.
const TILEPOINTS: Unit = Unit::new("tilepoints", "tiles", 1);

/// The fields a tilepoint change is counted by.
pub const TILEPOINT_FIELDS: [&str; 12] = [
    "height",
    "ground_texture",
    "ground_variation",
    "cliff_layer",
    "cliff_texture",
    "cliff_variation",
    "water_level",
    "ramp",
    "blight",
    "water",
    "boundary",
    "map_edge",
];

/// A tilepoint's fields as compared, in [`TILEPOINT_FIELDS`] order.
pub(super) fn fields(t: &W3eTerrain, p: &Tilepoint) -> [u32; 12] {
    let id = |list: &[[u8; 4]], i: u8| {
        list.get(i as usize)
            .map_or(u32::MAX, |v| u32::from_le_bytes(*v))
    };
    let cliff = match p.cliff_texture() {
        Tilepoint::NO_CLIFF_TEXTURE => u32::MAX - 1,
        i => id(&t.cliff_textures, i),
    };
    [
        p.height as u32,
        id(&t.ground_textures, p.texture()),
        p.ground_variation() as u32,
        p.layer_height() as u32,
        cliff,
        p.cliff_variation() as u32,
        (p.water & Tilepoint::WATER_LEVEL_MASK) as u32,
        p.ramp() as u32,
        p.blight() as u32,
        p.water_flag() as u32,
        p.boundary() as u32,
        p.map_edge() as u32,
    ]
}

fn ids(list: &[[u8; 4]]) -> Value {
    list.iter()
        .map(id_string)
        .collect::<Vec<_>>()
        .join(" ")
        .into()
}

/// The header's fields that differ.
fn header(old: &W3eTerrain, new: &W3eTerrain) -> Vec<FieldChange> {
    let mut out = Vec::new();
    // The report heads these lines "terrain", so the field is "version".
    field(&mut out, "version", old.version, new.version);
    field(
        &mut out,
        "tileset",
        (old.tileset as char).to_string(),
        (new.tileset as char).to_string(),
    );
    field(
        &mut out,
        "custom tileset",
        old.custom_tileset,
        new.custom_tileset,
    );
    field(
        &mut out,
        "ground textures",
        ids(&old.ground_textures),
        ids(&new.ground_textures),
    );
    field(
        &mut out,
        "cliff textures",
        ids(&old.cliff_textures),
        ids(&new.cliff_textures),
    );
    let size = |t: &W3eTerrain| format!("{} x {}", t.width, t.height);
    field(&mut out, "tilepoints", size(old), size(new));
    let offset = |t: &W3eTerrain| format!("{}, {}", t.offset[0], t.offset[1]);
    field(&mut out, "offset", offset(old), offset(new));
    out
}

/// The changes from `old` to `new` over the tilepoints both have.
pub fn compare(old: &W3eTerrain, new: &W3eTerrain) -> TerrainDiff {
    let (w, h) = (old.width.min(new.width), old.height.min(new.height));
    let mut by_field = [0u64; 12];
    let mut changed = Vec::new();
    let lists_equal =
        old.ground_textures == new.ground_textures && old.cliff_textures == new.cliff_textures;
    for y in 0..h {
        for x in 0..w {
            let (p, q) = (old.tile(x, y), new.tile(x, y));
            if lists_equal && p == q {
                continue;
            }
            let (a, b) = (fields(old, p), fields(new, q));
            let mut count = 0;
            for k in 0..a.len() {
                if a[k] != b[k] {
                    by_field[k] += 1;
                    count += 1;
                }
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
    TerrainDiff {
        tilepoints_changed: changed.len() as u64,
        by_field: counted(&TILEPOINT_FIELDS, &by_field),
        header: header(old, new),
        regions: regions::group(&changed),
    }
}

impl TerrainDiff {
    /// "terrain: 24 tilepoints changed", as the report heads the terrain's
    /// lines (and the coverage names the bytes under it).
    pub(crate) fn head(&self) -> String {
        let n = crate::reading::n_of(self.tilepoints_changed, "tilepoints");
        format!("terrain: {n} changed")
    }
}

impl DiffPart for TerrainDiff {
    fn changed(&self) -> bool {
        self.tilepoints_changed > 0 || !self.header.is_empty()
    }

    /// The header's fields, a line each, then the tilepoints by region.
    fn text(&self, out: &mut String) {
        for f in &self.header {
            let _ = writeln!(out, "terrain {}", field_line(f));
        }
        if self.tilepoints_changed > 0 {
            let at = " (tiles from the south-west)";
            let unit = TILEPOINTS;
            section(out, &self.head(), &self.by_field, &self.regions, at, &unit);
        }
    }

    fn json(&self) -> (&'static str, Value) {
        let mut o = crate::diff::json::counts(&self.by_field);
        o.insert("tilepoints_changed".into(), json!(self.tilepoints_changed));
        o.insert("header".into(), crate::diff::json::fields(&self.header));
        let regions = crate::diff::json::regions(&self.regions, "tiles", 1);
        o.insert("regions".into(), regions);
        ("terrain", Value::Object(o))
    }

    /// Tilepoints only: the header's changes are the report's.
    fn summary(&self) -> Option<String> {
        (self.tilepoints_changed > 0).then(|| self.head())
    }
}

/// Regions of tilepoints (counted from the south) as map rectangles: tiles
/// from the west and the north, a tilepoint at its tile corner.
pub fn to_map(t: &W3eTerrain) -> impl Fn([f32; 2], [f32; 2]) -> ([f32; 2], [f32; 2]) {
    let tiles_y = t.height.saturating_sub(1) as f32;
    move |a, b| {
        (
            [a[0] - 0.5, tiles_y - b[1] + 0.5],
            [b[0] - 0.5, tiles_y - a[1] + 0.5],
        )
    }
}

/// Where the terrain's changes lie.
pub fn marks(t: &W3eTerrain, d: &MapDiff) -> Vec<Mark> {
    d.terrain.as_ref().map_or_else(Vec::new, |td| {
        region_marks(&td.regions, "terrain", &TILEPOINTS, to_map(t))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reordered_texture_list_is_no_change_and_edits_are_counted_by_field() {
        let old = W3eTerrain::flat(20, 16, 11);
        let mut new = old.clone();
        // The same textures, listed the other way round.
        new.ground_textures.reverse();
        for p in &mut new.tilepoints {
            p.set_texture(1 - p.texture());
        }
        let d = compare(&old, &new);
        assert_eq!(d.tilepoints_changed, 0);
        assert_eq!(d.header.len(), 1, "{:?}", d.header);
        new.tile_mut(3, 4).height += 10;
        new.tile_mut(3, 4).set_flag(Tilepoint::RAMP, true);
        new.tile_mut(15, 12).set_flag(Tilepoint::BLIGHT, true);
        let d = compare(&old, &new);
        assert_eq!(d.tilepoints_changed, 2);
        assert_eq!(d.by_field, vec![("height", 1), ("ramp", 1), ("blight", 1)]);
        assert_eq!(d.regions.len(), 2);
        assert_eq!(d.regions[0].min, [3, 4]);
    }
}
