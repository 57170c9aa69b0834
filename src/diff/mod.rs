//! What changed between two versions of a map, as one plain value
//! ([`MapDiff`]) that the text report, the JSON, the picture and the
//! viewer's Changes panel all read; none of them compares maps itself.
//!
//! Each kind of map works out its own part in its home (`kinds::*::diff`,
//! reached through [`crate::kinds::diff`]); the containers' bytes (whole
//! files, the files inside an archive or a folder) are compared here
//! ([`files`]), so that two maps whose bytes differ are never called the
//! same: a difference no kind can name is shown as the file's differing
//! byte ranges.

pub mod bytes;
pub mod cover;
pub mod files;
pub mod json;
pub mod part;
pub mod regions;
pub mod report;

pub use part::{DiffPart, GridSaid};
pub use regions::Region;
use serde_json::Value;

/// One field that differs, with its old and new values as the file says
/// them (numbers stay numbers in JSON).
#[derive(Debug, Clone, PartialEq)]
pub struct FieldChange {
    pub field: String,
    pub old: Value,
    pub new: Value,
}

impl FieldChange {
    pub fn new(field: impl Into<String>, old: impl Into<Value>, new: impl Into<Value>) -> Self {
        FieldChange {
            field: field.into(),
            old: old.into(),
            new: new.into(),
        }
    }
}

/// Adds a change to `out` when `old` and `new` differ.
pub fn field<T: PartialEq + Into<Value>>(out: &mut Vec<FieldChange>, name: &str, old: T, new: T) {
    if old != new {
        out.push(FieldChange::new(name, old, new));
    }
}

/// A number as a diff gives it: three decimals at most.
pub fn number(v: f32) -> Value {
    let r = (v as f64 * 1000.0).round() / 1000.0;
    serde_json::Number::from_f64(r).map_or(Value::Null, Value::Number)
}

/// One side of an object as compared: where it is and its fields.
pub struct Seen<'a> {
    pub position: [f32; 3],
    pub fields: &'a [(&'static str, Value)],
}

/// What happened to an object seen on the old side, the new side or both:
/// added, removed, moved (as `moved` judges the two positions) or changed
/// (its fields, named); `None` when nothing did.
pub fn object_change(
    kind: &'static str,
    id: String,
    old: Option<Seen>,
    new: Option<Seen>,
    moved: impl Fn([f32; 3], [f32; 3]) -> bool,
) -> Option<ObjectChange> {
    let (change, fields) = match (&old, &new) {
        (Some(_), None) => (Change::Removed, Vec::new()),
        (None, Some(_)) => (Change::Added, Vec::new()),
        (Some(o), Some(n)) => {
            let fields: Vec<FieldChange> = o
                .fields
                .iter()
                .zip(n.fields)
                .filter(|(a, b)| a.1 != b.1)
                .map(|(a, b)| FieldChange::new(a.0, a.1.clone(), b.1.clone()))
                .collect();
            match (moved(o.position, n.position), fields.is_empty()) {
                (true, _) => (Change::Moved, fields),
                (false, false) => (Change::Changed, fields),
                (false, true) => return None,
            }
        }
        (None, None) => return None,
    };
    Some(ObjectChange {
        kind,
        change,
        id,
        name: None,
        old: old.map(|s| s.position),
        new: new.map(|s| s.position),
        fields,
    })
}

/// What happened to one object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Change {
    Added,
    Removed,
    /// Its position changed (by more than half a unit, for Warcraft III).
    Moved,
    /// The same object, with other fields changed.
    Changed,
}

impl Change {
    pub fn id(self) -> &'static str {
        match self {
            Change::Added => "added",
            Change::Removed => "removed",
            Change::Moved => "moved",
            Change::Changed => "changed",
        }
    }
}

/// A placed object (unit, doodad, tree, light, entity, minimap icon…) that
/// was added, removed, moved or changed.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectChange {
    /// What it is: "unit", "start location", "tree", "doodad", "light"…
    pub kind: &'static str,
    pub change: Change,
    /// Its type (a Warcraft III four-letter ID, an ALW class name).
    pub id: String,
    /// What the editor calls that type, where mapscope knows it.
    pub name: Option<&'static str>,
    /// Positions in the file's own coordinates.
    pub old: Option<[f32; 3]>,
    pub new: Option<[f32; 3]>,
    /// The fields that changed (a moved object's other changes too).
    pub fields: Vec<FieldChange>,
}

/// Tilepoints of W3E terrain whose decoded record changed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TerrainDiff {
    pub tilepoints_changed: u64,
    /// Tilepoints changed, by field (a tilepoint counts once under each of
    /// its fields that changed), in the order the terrain kind lists them.
    pub by_field: Vec<(&'static str, u64)>,
    /// The file's header: version, tileset, texture lists, size, offset.
    pub header: Vec<FieldChange>,
    /// Groups of changed tilepoints, in tilepoints from the south-west.
    pub regions: Vec<Region>,
}

/// Voxels that changed, counted over the part both maps cover.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VoxelDiff {
    /// Solid in the new map only.
    pub added: u64,
    /// Solid in the old map only.
    pub removed: u64,
    /// Coloured in both, in another colour.
    pub recoloured: u64,
    /// VMF: the fourth colour byte (light) changed, colour the same.
    pub relit: u64,
    /// VMF: water or indestructible changed.
    pub material: u64,
    pub columns_changed: u64,
    /// Connected groups of changed columns, with their z range.
    pub regions: Vec<Region>,
}

/// Cells of a grid (ALW cells, the pathing map) whose value changed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GridDiff {
    pub cells_changed: u64,
    /// Cells changed by what changed (ALW: each field of a cell; pathing:
    /// each flag), only those that did.
    pub by_field: Vec<(&'static str, u64)>,
    pub regions: Vec<Region>,
    /// How its kind says it.
    pub said: GridSaid,
}

/// The fields that changed with their counts, in `names` order.
pub fn counted(names: &[&'static str], counts: &[u64]) -> Vec<(&'static str, u64)> {
    names
        .iter()
        .copied()
        .zip(counts.iter().copied())
        .filter(|f| f.1 > 0)
        .collect()
}

/// How a file inside a map (or the map's one file) differs.
#[derive(Debug, Clone, PartialEq)]
pub struct FileDiff {
    pub name: String,
    pub change: Change,
    pub old_size: Option<u64>,
    pub new_size: Option<u64>,
    /// Whether a part of the report above names what changed in it; when
    /// not, `ranges` says where its bytes differ.
    pub explained: bool,
    /// The differing byte ranges `[start, end)` no named change covers:
    /// every one, in the new file's offsets (where the files' lengths
    /// differ, the tail is one range); the text and JSON show the first
    /// [`files::RANGES`].
    pub ranges: Vec<[u64; 2]>,
    /// Such ranges of the old file, for bytes only the old file holds.
    pub old_ranges: Vec<[u64; 2]>,
    /// How many ranges are listed, both sides.
    pub range_count: u64,
    /// The changes the report names and the bytes of this file each covers,
    /// for the files a kind accounts for byte by byte.
    pub named: Vec<cover::Named>,
    /// Both sides' plain bytes (files up to [`files::KEEP`]), for a kind
    /// to say which of their differences its changes name.
    pub plain: Option<std::sync::Arc<(Vec<u8>, Vec<u8>)>>,
}

impl FileDiff {
    /// A file added, removed or changed as a whole, with no byte ranges.
    pub fn whole(name: &str, change: Change, old_size: Option<u64>, new_size: Option<u64>) -> Self {
        FileDiff {
            name: name.to_string(),
            change,
            old_size,
            new_size,
            explained: false,
            ranges: Vec::new(),
            old_ranges: Vec::new(),
            range_count: 0,
            named: Vec::new(),
            plain: None,
        }
    }
}

/// What changed between two maps.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MapDiff {
    /// Whether their bytes differ at all: a diff with nothing named is still
    /// not "same" when they do.
    pub bytes_differ: bool,
    /// Sizes that differ, one side a bare terrain file…
    pub notes: Vec<String>,
    pub metadata: Vec<FieldChange>,
    /// How the way the map plays changed: a Warcraft III map's fairness
    /// table ("player 3 to main mine", game units), a voxel map's
    /// reachability ("team 0 (blue) reachable share"). Worked out from the
    /// other changes, so not a change of its own.
    pub fairness: Vec<FieldChange>,
    /// What `fairness` measures, as its heading says it; set by the kind
    /// that fills it.
    pub plays: &'static str,
    pub objects: Vec<ObjectChange>,
    /// By kind, objects whose only changes are below what the editor can
    /// set (under 1/64 unit, an angle by whole turns): counted, not listed.
    pub slight: Vec<(String, u64)>,
    /// "8 start locations moved 64 units outward": kinds of objects that
    /// all moved alike, a line each.
    pub moved_alike: Vec<String>,
    pub terrain: Option<TerrainDiff>,
    pub voxels: Option<VoxelDiff>,
    pub cells: Option<GridDiff>,
    pub pathing: Option<GridDiff>,
    /// Internal files (or the map's one file) whose bytes differ.
    pub files: Vec<FileDiff>,
}

impl MapDiff {
    /// Nothing differs, not even a byte.
    pub fn same(&self) -> bool {
        !self.bytes_differ && !self.changed()
    }

    /// Whether any part of the model names a change.
    pub fn changed(&self) -> bool {
        !self.metadata.is_empty()
            || !self.objects.is_empty()
            || !self.slight.is_empty()
            || self.parts().any(|p| p.changed())
    }

    /// The kinds' parts, in the order the report gives them.
    pub fn parts(&self) -> impl Iterator<Item = &dyn DiffPart> {
        let parts: [Option<&dyn DiffPart>; 4] = [
            self.terrain.as_ref().map(|p| p as _),
            self.voxels.as_ref().map(|p| p as _),
            self.cells.as_ref().map(|p| p as _),
            self.pathing.as_ref().map(|p| p as _),
        ];
        parts.into_iter().flatten()
    }

    /// Changed objects of one kind of change.
    pub fn count(&self, change: Change) -> usize {
        self.objects.iter().filter(|o| o.change == change).count()
    }
}

/// Why two maps cannot be compared.
#[derive(Debug, thiserror::Error)]
pub enum DiffError {
    #[error("cannot compare {old} with {new}: they are different kinds of map")]
    DifferentKinds { old: String, new: String },
}

/// A change placed on the map for pictures and the viewer, in map
/// coordinates (x east, y south, z down, the viewer's units): a rectangle,
/// its z range where the kind knows one, and for a moved object where it
/// came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    pub change: Change,
    pub min: [f32; 2],
    pub max: [f32; 2],
    pub z: Option<[f32; 2]>,
    pub from: Option<[f32; 2]>,
    /// What it is, as the Changes list names it.
    pub what: String,
}

impl Mark {
    /// A square of side `size` around `at`.
    pub fn around(change: Change, at: [f32; 2], size: f32, what: String) -> Mark {
        let h = size / 2.0;
        Mark {
            change,
            min: [at[0] - h, at[1] - h],
            max: [at[0] + h, at[1] + h],
            z: None,
            from: None,
            what,
        }
    }

    pub fn center(&self) -> [f32; 2] {
        [
            (self.min[0] + self.max[0]) / 2.0,
            (self.min[1] + self.max[1]) / 2.0,
        ]
    }

    /// Added green, removed red, moved and changed amber.
    pub fn color(&self) -> [f32; 4] {
        match self.change {
            Change::Added => [0.2, 0.9, 0.3, 0.55],
            Change::Removed => [0.95, 0.2, 0.2, 0.55],
            Change::Moved | Change::Changed => [1.0, 0.7, 0.1, 0.55],
        }
    }
}

/// An object change's mark, placed by `to_map` (the file's position to
/// map x, y), `size` map units square.
pub fn object_mark(
    o: &ObjectChange,
    size: f32,
    to_map: impl Fn([f32; 3]) -> [f32; 2],
) -> Option<Mark> {
    let at = o.new.or(o.old)?;
    let at = match o.change {
        Change::Removed => o.old?,
        _ => at,
    };
    let mut m = Mark::around(
        o.change,
        to_map(at),
        size,
        format!("{} at {}", report::object_title(o), report::object_place(o)),
    );
    if o.change == Change::Moved {
        m.from = o.old.map(&to_map);
    }
    Some(m)
}

/// Regions' marks: `to_map` turns a region's cell corners (min, and max
/// plus one) into map rectangles; each is named with its corners in
/// `unit`, as the report names it.
pub fn region_marks(
    regions: &[Region],
    what: &str,
    unit: &report::Unit,
    to_map: impl Fn([f32; 2], [f32; 2]) -> ([f32; 2], [f32; 2]),
) -> Vec<Mark> {
    regions
        .iter()
        .map(|r| {
            let (a, b) = to_map(
                [r.min[0] as f32, r.min[1] as f32],
                [r.max[0] as f32 + 1.0, r.max[1] as f32 + 1.0],
            );
            Mark {
                change: r.change,
                min: [a[0].min(b[0]), a[1].min(b[1])],
                max: [a[0].max(b[0]), a[1].max(b[1])],
                z: r.z.map(|[z0, z1]| [z0 as f32, z1 as f32 + 1.0]),
                from: None,
                what: format!(
                    "{what}: {}, {}",
                    report::n_of(r.count, "changes"),
                    unit.corners(r)
                ),
            }
        })
        .collect()
}
