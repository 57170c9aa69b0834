//! What changed between two voxel maps (VXL or VMF, either with the other):
//! voxels added, removed and recoloured, and where both are VMF, light and
//! material changes; grouped into regions of changed columns. Columns whose
//! slabs and colours are equal are passed over without looking inside.
//! Its part of the diff says itself here too ([`DiffPart`]), in columns.

use crate::diff::regions::{self, Changed};
use crate::diff::report::{regions as region_lines, Unit};
use crate::diff::{region_marks, DiffPart, MapDiff, Mark, VoxelDiff};
use crate::store::voxels::{Column, VoxelStore};
use serde_json::{json, Value};
use std::fmt::Write;

/// A voxel as compared: air, solid without a stored colour, or a colour;
/// and its material bits.
/// Regions are said in columns.
const COLUMNS: Unit = Unit::new("columns", "columns", 1);
const AIR: u64 = 0;
const HIDDEN: u64 = 1;
const COLORED: u64 = 2;
const WATER: u64 = 4;
const INDESTRUCTIBLE: u64 = 8;

/// Writes column `c`'s voxels `0..depth` into `out`: the state in the low
/// byte, the stored colour above it.
fn expand(c: &Column, depth: usize, out: &mut Vec<u64>) {
    out.clear();
    out.resize(depth, AIR);
    let mut start = 0usize;
    for s in c.slabs {
        let (top, bottom) = (s.top as usize, s.bottom as usize);
        let (tl, bl) = (s.top_len as usize, s.bottom_len as usize);
        out[top.min(depth)..bottom.min(depth)].fill(HIDDEN);
        for i in 0..tl {
            if top + i < depth {
                out[top + i] = COLORED | (c.colors[start + i] as u64) << 8;
            }
        }
        for i in 0..bl {
            let z = bottom - bl + i;
            if z < depth {
                out[z] = COLORED | (c.colors[start + tl + i] as u64) << 8;
            }
        }
        start += s.colors();
    }
    for m in c.materials {
        for v in &mut out[(m.z0 as usize).min(depth)..(m.z1 as usize).min(depth)] {
            *v |=
                if m.water { WATER } else { 0 } | if m.indestructible { INDESTRUCTIBLE } else { 0 };
        }
    }
}

/// Counts of one column's changes, and their z range.
#[derive(Default)]
struct ColumnChanges {
    added: u64,
    removed: u64,
    recoloured: u64,
    relit: u64,
    material: u64,
    z: Option<[u32; 2]>,
}

fn column_changes(old: &[u64], new: &[u64], light: bool) -> ColumnChanges {
    let mut c = ColumnChanges::default();
    for (z, (&o, &n)) in old.iter().zip(new).enumerate() {
        if o == n {
            continue;
        }
        let (os, ns) = (o & 3, n & 3);
        let counted = match (os != AIR, ns != AIR) {
            (false, true) => {
                c.added += 1;
                true
            }
            (true, false) => {
                c.removed += 1;
                true
            }
            (true, true) => {
                let mut any = false;
                if os == COLORED && ns == COLORED {
                    let (oc, nc) = ((o >> 8) as u32, (n >> 8) as u32);
                    if oc & 0xFF_FFFF != nc & 0xFF_FFFF {
                        c.recoloured += 1;
                        any = true;
                    } else if light && oc >> 24 != nc >> 24 {
                        c.relit += 1;
                        any = true;
                    }
                }
                if o & (WATER | INDESTRUCTIBLE) != n & (WATER | INDESTRUCTIBLE) {
                    c.material += 1;
                    any = true;
                }
                any
            }
            (false, false) => false,
        };
        if counted {
            let z = z as u32;
            c.z = Some(c.z.map_or([z, z], |[a, b]| [a.min(z), b.max(z)]));
        }
    }
    c
}

/// The changes from `old` to `new` over the columns and depth both have.
/// `vmf`: both are VMF maps, whose fourth colour byte is light and whose
/// voxels have materials (a VXL has neither: they are not compared).
pub fn compare(old: &VoxelStore, new: &VoxelStore, vmf: bool) -> VoxelDiff {
    let (w, l) = (old.width().min(new.width()), old.length().min(new.length()));
    let depth = old.depth().min(new.depth()) as usize;
    let same_depth = old.depth() == new.depth();
    let materials = vmf && (!old.materials().is_empty() || !new.materials().is_empty());
    let light = vmf;
    let mut diff = VoxelDiff::default();
    let mut changed = Vec::new();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for y in 0..l {
        for x in 0..w {
            if same_depth && !materials && old.surface(x, y) == new.surface(x, y) {
                continue;
            }
            let (mut oc, mut nc) = (old.column(x, y), new.column(x, y));
            if !vmf {
                (oc.materials, nc.materials) = (&[], &[]);
            }
            if same_depth
                && oc.slabs == nc.slabs
                && oc.colors == nc.colors
                && oc.materials.len() == nc.materials.len()
                && oc.materials.iter().zip(nc.materials).all(|(p, q)| {
                    (p.z0, p.z1, p.water, p.indestructible)
                        == (q.z0, q.z1, q.water, q.indestructible)
                })
            {
                continue;
            }
            expand(&oc, depth, &mut a);
            expand(&nc, depth, &mut b);
            let c = column_changes(&a, &b, light);
            let count = c.added + c.removed + c.recoloured + c.relit + c.material;
            if count == 0 {
                continue;
            }
            diff.added += c.added;
            diff.removed += c.removed;
            diff.recoloured += c.recoloured;
            diff.relit += c.relit;
            diff.material += c.material;
            diff.columns_changed += 1;
            let change = match (c.added, c.removed) {
                (a, 0) if a == count => crate::diff::Change::Added,
                (0, r) if r == count => crate::diff::Change::Removed,
                _ => crate::diff::Change::Changed,
            };
            changed.push(Changed {
                x,
                y,
                count,
                z: c.z,
                change,
            });
        }
    }
    diff.regions = regions::group(&changed);
    diff
}

impl DiffPart for VoxelDiff {
    fn changed(&self) -> bool {
        self.columns_changed > 0
    }

    /// Its counts (light and material only where they changed), then the
    /// regions.
    fn text(&self, out: &mut String) {
        if !self.changed() {
            return;
        }
        let mut parts = vec![
            format!("{} added", self.added),
            format!("{} removed", self.removed),
            format!("{} recoloured", self.recoloured),
        ];
        if self.relit > 0 {
            parts.push(format!("{} relit", self.relit));
        }
        if self.material > 0 {
            parts.push(format!("{} changed material", self.material));
        }
        let _ = writeln!(
            out,
            "voxels: {}, in {} columns, {} regions",
            parts.join(", "),
            self.columns_changed,
            self.regions.len()
        );
        let unit = COLUMNS;
        region_lines(out, &self.regions, &unit, "voxels");
    }

    fn json(&self) -> (&'static str, Value) {
        let regions = crate::diff::json::regions(&self.regions, "columns", 1);
        let o = json!({
            "added": self.added,
            "removed": self.removed,
            "recoloured": self.recoloured,
            "relit": self.relit,
            "material": self.material,
            "columns_changed": self.columns_changed,
            "regions": regions,
        });
        ("voxels", o)
    }

    fn summary(&self) -> Option<String> {
        self.changed().then(|| {
            format!(
                "voxels: {} added, {} removed, {} recoloured",
                self.added, self.removed, self.recoloured
            )
        })
    }
}

/// Where the changes lie: regions of columns, in map coordinates as they are.
pub fn marks(d: &MapDiff) -> Vec<Mark> {
    d.voxels.as_ref().map_or_else(Vec::new, |v| {
        region_marks(&v.regions, "voxels", &COLUMNS, |a, b| (a, b))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store whose solid voxels `solid` gives, every one coloured.
    fn store(n: u32, d: u32, solid: impl Fn(u32, u32, u32) -> Option<u32>) -> VoxelStore {
        crate::samples::voxels_from(n, d, crate::store::voxels::FourthByte::Light, solid)
    }

    fn ground(x: u32, y: u32, z: u32) -> Option<u32> {
        (z >= 20 + (x + y) % 5).then_some(0x7F00_0000 | (x * 3 + y) & 0xFF)
    }

    #[test]
    fn the_same_store_has_no_changes() {
        let s = store(40, 32, ground);
        assert_eq!(compare(&s, &s, true), VoxelDiff::default());
    }

    #[test]
    fn edits_are_counted_and_grouped_where_they_were_made() {
        let old = store(40, 32, ground);
        // A 3x3 pillar added at (5..8, 5..8), z 10..20 (30 voxels a column
        // minus what was ground), a hole dug at (30, 30), one voxel
        // recoloured and one relit at (20, 20).
        let new = store(40, 32, |x, y, z| {
            let pillar = (5..8).contains(&x) && (5..8).contains(&y) && z >= 10;
            if pillar && ground(x, y, z).is_none() {
                return Some(0x7F11_2233);
            }
            if (x, y) == (30, 30) && z < 26 {
                return None;
            }
            let g = ground(x, y, z)?;
            Some(match (x, y, z) {
                (20, 20, 21) => g ^ 0x10,
                (20, 20, 22) => g ^ 0x0100_0000,
                _ => g,
            })
        });
        let added: u64 = (5..8)
            .flat_map(|x| (5..8).map(move |y| (x, y)))
            .map(|(x, y)| (10..32).filter(|&z| ground(x, y, z).is_none()).count() as u64)
            .sum();
        let removed = (0..26).filter(|&z| ground(30, 30, z).is_some()).count() as u64;
        let d = compare(&old, &new, true);
        assert_eq!(
            (d.added, d.removed, d.recoloured, d.relit),
            (added, removed, 1, 1)
        );
        assert_eq!(d.columns_changed, 9 + 1 + 1);
        assert_eq!(d.regions.len(), 3, "{:?}", d.regions);
        assert_eq!((d.regions[0].min, d.regions[0].max), ([5, 5], [7, 7]));
        assert_eq!(d.regions[0].z, Some([10, 23]));
        // Without light (a VXL's fourth byte), the relit voxel is no change.
        let d = compare(&old, &new, false);
        assert_eq!((d.relit, d.columns_changed), (0, 11));
    }
}
