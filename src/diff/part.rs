//! One kind's part of a [`MapDiff`](super::MapDiff): a W3E terrain's
//! tilepoints, a voxel map's voxels, an ALW world's cells, a Warcraft III
//! map's pathing. The text report, the JSON and the viewer's Changes panel
//! each say every part through this trait (`MapDiff::parts`), so none of
//! them knows a kind; each kind words its own part in its home
//! (`kinds/*/diff.rs`), and grids of cells say theirs in the words their
//! kind gives them ([`GridSaid`]).

use super::report::{section, Unit};
use super::GridDiff;
use serde_json::{json, Value};

/// What a kind's part of a diff counts, and how each reader says it.
pub trait DiffPart {
    /// Whether it names a change.
    fn changed(&self) -> bool;

    /// Its lines in the text report, each ending in a newline; none when
    /// nothing in it changed.
    fn text(&self, out: &mut String);

    /// Its key in the JSON and the value under it.
    fn json(&self) -> (&'static str, Value);

    /// Its line in the Changes panel, where it has one.
    fn summary(&self) -> Option<String>;
}

/// How a grid's changes are said: ALW cells as cells, the pathing map's
/// quarter-tile cells in tiles. Each kind gives its grid's.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct GridSaid {
    /// Its key in the JSON and the first word of its lines ("pathing").
    pub key: &'static str,
    /// What is counted in its first line, in the plural ("cells":
    /// "pathing: 488 cells changed"), or nothing where the key says it
    /// ("cells: 1 changed").
    pub noun: &'static str,
    /// Where the regions' corners are counted from, after the region count
    /// (" (tiles from the south-west)"), or nothing.
    pub from: &'static str,
    /// What the corners are said in ("tiles"), `per` cells to one.
    pub named: &'static str,
    pub per: u32,
}

impl GridSaid {
    /// How its regions' corners are said.
    pub fn unit(&self) -> Unit<'static> {
        Unit::new("cells", self.named, self.per)
    }
}

impl GridDiff {
    /// Its first line ("pathing: 488 cells changed"), which the coverage
    /// of its file's bytes names too.
    pub fn head(&self) -> String {
        let (n, noun) = (self.cells_changed, self.said.noun);
        let count = match noun {
            "" => n.to_string(),
            noun => crate::reading::n_of(n, noun),
        };
        format!("{}: {count} changed", self.said.key)
    }
}

impl DiffPart for GridDiff {
    fn changed(&self) -> bool {
        self.cells_changed > 0
    }

    fn text(&self, out: &mut String) {
        if self.changed() {
            let s = self.said;
            let unit = s.unit();
            section(
                out,
                &self.head(),
                &self.by_field,
                &self.regions,
                s.from,
                &unit,
            );
        }
    }

    fn json(&self) -> (&'static str, Value) {
        let mut o = super::json::counts(&self.by_field);
        o.insert("cells_changed".into(), json!(self.cells_changed));
        let regions = super::json::regions(&self.regions, self.said.named, self.said.per);
        o.insert("regions".into(), regions);
        (self.said.key, Value::Object(o))
    }

    fn summary(&self) -> Option<String> {
        self.changed().then(|| self.head())
    }
}
