//! The kinds of map: voxels (VXL and VMF), terrain (W3E), cells (ALW) and
//! whole Warcraft III maps (terrain with its objects).
//!
//! Each kind's module answers everything the rest of the program asks of a
//! map of that kind: its size and summary for `info`, its meshes, and (with
//! the `gui` feature) its extent for framing views, picking and the
//! inspector's description, overlays and upload to the GPU. [`of`] is the one
//! place that looks at which kind a map is; a new kind of map is a new
//! module here and a new arm there.

pub mod bench;
mod cells;
mod changes;
mod encode;
pub use crate::reading;
mod terrain;
#[cfg(feature = "gui")]
pub mod views;
mod voxels;
mod warcraft;

pub use changes::{diff, diff_explains, diff_file_note, diff_marks, diff_unexplained};
pub use encode::encode;
pub use reading::fixed;
pub use warcraft::players::player_lines;
pub use warcraft::{buildings, game};
pub use warcraft::{controller_name, object_name, race_name};

use crate::mesh::MapMeshes;
use crate::store::warcraft::Picture;
use crate::store::{Content, Map, Spawn};
use serde_json::{Map as JsonMap, Value};

#[cfg(feature = "gui")]
pub use gui::*;

/// Lines of the readable summary: (label, value).
pub type Lines = Vec<(String, String)>;

/// What the program asks of a map, answered by its kind; with the `gui`
/// feature, what a window or a picture asks too ([`ViewKind`]).
pub trait MapKind: Shown {
    /// `[x, y, z]` for voxel maps (z = height in voxels); `[width, height]`
    /// for W3E (tilepoints) and ALW (cells); and what they count, for people.
    fn size(&self) -> (Vec<u32>, &'static str);
    /// The kind's lines of `mapscope info`, after name and description.
    fn summary_lines(&self, lines: &mut Lines);
    /// Lines after the spawn areas (what the format cannot say of them).
    fn spawn_notes(&self, _lines: &mut Lines) {}
    /// A spawn area's x and y ranges as the file counts positions (W3E:
    /// tiles from the south-west corner), as the status line and the
    /// Inspector count them.
    fn file_area(&self, s: &Spawn) -> [[f32; 2]; 2] {
        [[s.min[0], s.max[0]], [s.min[1], s.max[1]]]
    }
    /// How positions are counted in `info` (text and JSON), the Inspector,
    /// the status line and the Spawns list: one convention a kind.
    fn positions(&self) -> &'static str;
    /// The units of a spawn area's ranges (`file_area`), in a few words,
    /// said beside the Spawns list.
    fn area_units(&self) -> &'static str;
    /// The file's names for a spawn area's two ground axes and its
    /// height, so that a spawn and a position in the same file say the
    /// same axis by the same letter.
    fn area_axes(&self) -> [&'static str; 3] {
        ["x", "y", "z"]
    }
    /// The kind's keys of `mapscope info --json`.
    fn summary_json(&self, o: &mut JsonMap<String, Value>);
    /// Everything the map draws, meshed (voxel chunks on all cores).
    fn mesh(&self) -> MapMeshes;
    /// What a view from straight above draws (`render --view top`,
    /// thumbnails) where that is not [`MapKind::mesh`]: an indoor world's
    /// floor plan, cut above its floors.
    fn plan(&self) -> Option<MapMeshes> {
        None
    }
    /// The map from straight above on the CPU, a pixel a column, tile or
    /// cell, north up (`mesh::top_colors`): thumbnails without a GPU.
    fn top_colors(&self) -> Picture;
    /// [`Self::top_colors`]'s grid: columns, tiles or cells across and down.
    fn top_grid(&self) -> [u32; 2];
    /// The playable area in tiles, `[x0, y0, x1, y1]` from the north-west
    /// corner, where the map has one (Warcraft III: the camera bounds).
    fn playable_tiles(&self) -> Option<[u32; 4]> {
        None
    }
    /// The minimap the file carries (Warcraft III's `war3mapMap.blp`).
    fn minimap(&self) -> Option<&Picture> {
        None
    }
    /// Adds what the map draws (`meshes`, meshed from it) to an export.
    fn export_into(
        &self,
        model: &mut crate::export::model::Model,
        meshes: &MapMeshes,
        options: &crate::export::ExportOptions,
    );
    /// [`Self::mesh`], given up (`None`) soon after `stop` is set, where
    /// meshing takes long enough to matter (voxel maps).
    fn mesh_until(&self, _stop: &std::sync::atomic::AtomicBool) -> Option<MapMeshes> {
        Some(self.mesh())
    }
    /// Coarser meshes of the map for drawing its far parts while the camera
    /// moves (levels of detail), made after [`Self::mesh_until`]'s; `None`
    /// where the kind has none, or soon after `stop` is set.
    fn coarse_until(
        &self,
        _stop: &std::sync::atomic::AtomicBool,
    ) -> Option<crate::mesh::coarse::Coarse> {
        None
    }
    /// `mapscope bench`'s lines beside decoding and drawing: what the kind
    /// times of its own (meshing on one core, a whole open) and its store's
    /// size, as (label, value).
    fn bench(&self, _input: &bench::BenchInput<'_>) -> Lines {
        Vec::new()
    }
    /// How many objects the map places (Warcraft III units and doodads):
    /// `mapscope bench` times a frame without them where there are any.
    fn placed_objects(&self) -> usize {
        0
    }
    /// The ground the analysis measures distances on, with the places it
    /// measures between (`mapscope analyze`); why not, where it cannot.
    fn ground_map(&self) -> Result<crate::analysis::GroundMap, String> {
        Err(
            "ground distances between start locations and gold mines are for Warcraft III maps"
                .into(),
        )
    }
    /// The voxels and team spawn areas the reachability search walks
    /// (`mapscope analyze` on voxel maps); why not, where it cannot.
    fn reach_map(&self) -> Result<crate::analysis::reach::ReachMap, String> {
        Err("mapscope analyzes Warcraft III maps' ground and voxel maps' reachability on foot; this kind of map has neither".into())
    }
    /// The map as a player walks it (`mapscope walk`, the viewer's walk
    /// mode); `None` where the kind has no walking.
    fn walking(&self) -> Option<crate::walk::Walking> {
        None
    }
}

/// The parts of a kind only a window or a picture needs: [`ViewKind`] with
/// the `gui` feature, nothing without.
#[cfg(feature = "gui")]
pub trait Shown: ViewKind {}
#[cfg(feature = "gui")]
impl<T: ViewKind> Shown for T {}
#[cfg(not(feature = "gui"))]
pub trait Shown {}
#[cfg(not(feature = "gui"))]
impl<T> Shown for T {}

/// "green: x 384..512, y 128..384 (implicit)": a spawn area as the
/// Spawns list and `mapscope info` show it, in the file's positions.
pub fn spawn_text(kind: &dyn MapKind, s: &Spawn) -> String {
    let [[x0, x1], [y0, y1]] = kind.file_area(s).map(|r| r.map(reading::coordinate));
    let [x, y, z] = kind.area_axes();
    let z = s.z.map_or(String::new(), |[a, b]| {
        format!(
            ", {z} {}..{}",
            reading::coordinate(a),
            reading::coordinate(b)
        )
    });
    format!(
        "{}: {x} {x0}..{x1}, {y} {y0}..{y1}{z} ({})",
        s.label, s.origin
    )
}

/// What `analyze`, the Analysis window and gallery cards measure of `map`:
/// its ground where it has one (Warcraft III), else where each team can
/// go (voxel maps); the ground's reason where neither can be measured.
pub fn play_map(map: &Map) -> Result<crate::analysis::PlayMap, String> {
    use crate::analysis::PlayMap;
    let kind = of(map);
    match kind.ground_map() {
        Ok(ground) => Ok(PlayMap::Ground(ground)),
        Err(why) => kind.reach_map().map(PlayMap::Reach).map_err(|_| why),
    }
}

/// The Warcraft III map a replay's game is put on, or why `map` is none.
pub fn replay_map(map: &Map) -> Result<&crate::store::warcraft::WarcraftMap, String> {
    map.warcraft()
        .ok_or_else(|| "it is not a Warcraft III map (replays are Warcraft III games)".to_string())
}

/// The map under the Ace of Spades servers' player physics, for scripts
/// (`mapscope walk`, a witness played back); why not, for other kinds.
pub fn player_physics(map: &Map) -> Result<crate::walk::Solids, String> {
    match of(map).walking() {
        Some(crate::walk::Walking::Voxels(solids)) => Ok(solids),
        _ => Err(format!(
            "walk scripts replay Ace of Spades players, on voxel maps; this is {} map (walk it in the viewer, key P)",
            crate::reading::a_or_an(map.format.label())
        )),
    }
}

/// The one place that tells the kinds apart.
pub fn of(map: &Map) -> Box<dyn MapKind + '_> {
    match &map.content {
        Content::Voxels(store) => Box::new(voxels::Voxels { map, store }),
        Content::Terrain(terrain) => Box::new(terrain::Terrain {
            terrain,
            era: crate::mesh::terrain::game_colors::Era::Release,
        }),
        Content::Cells(world) => Box::new(cells::Cells { world }),
        Content::Warcraft(map) => Box::new(warcraft::Warcraft { map }),
    }
}

/// Meshes any map.
pub fn mesh(map: &Map) -> MapMeshes {
    of(map).mesh()
}

/// The export model of everything `meshes` (meshed from `map`) draws:
/// each kind adds its parts ([`MapKind::export_into`]). Here, not in
/// `export`, which knows models, not maps.
pub fn export_model(
    map: &Map,
    meshes: &MapMeshes,
    options: &crate::export::ExportOptions,
) -> crate::export::Model {
    let mut model = crate::export::Model {
        name: map.meta.name.clone().unwrap_or_default(),
        ..Default::default()
    };
    of(map).export_into(&mut model, meshes, options);
    model
}

/// Meshes any map, giving up (`None`) soon after `stop` is set.
pub fn mesh_until(map: &Map, stop: &std::sync::atomic::AtomicBool) -> Option<MapMeshes> {
    of(map).mesh_until(stop)
}

/// Any map's coarse levels, where its kind has them (see
/// [`MapKind::coarse_until`]).
pub fn coarse_until(
    map: &Map,
    stop: &std::sync::atomic::AtomicBool,
) -> Option<crate::mesh::coarse::Coarse> {
    of(map).coarse_until(stop)
}

#[cfg(feature = "gui")]
mod gui {
    use crate::mesh::terrain::Overlays;
    use crate::mesh::MapMeshes;
    use crate::render::boxes::{Box3, BoxVertex};
    use crate::render::{Renderer, Scene};

    /// Where a kind uploads its meshes.
    #[derive(Clone, Copy)]
    pub struct Upload<'a> {
        pub renderer: &'a Renderer,
        pub device: &'a wgpu::Device,
    }
    use crate::store::Spawn;
    use glam::Vec3;

    /// The map's extent in map coordinates: x, y and the z range holding its
    /// surface (z down), for framing views.
    #[derive(Debug, Clone, Copy)]
    pub struct Extent {
        pub width: f32,
        pub length: f32,
        /// The highest surface (smallest z) and the lowest floor.
        pub top: f32,
        pub bottom: f32,
    }

    impl Extent {
        /// What an empty map frames: one unit.
        pub const UNIT: Extent = Extent {
            width: 1.0,
            length: 1.0,
            top: 0.0,
            bottom: 1.0,
        };
    }

    /// What a pick ray hit, in the kind's own grid.
    #[derive(Debug, Clone, PartialEq)]
    pub enum Picked {
        Voxel {
            x: u32,
            y: u32,
            z: u32,
        },
        Tile {
            x: u32,
            y: u32,
        },
        Cell {
            x: u32,
            y: u32,
        },
        /// A record of a Warcraft III map's `war3mapUnits.doo`, by index.
        Unit {
            index: usize,
        },
        /// A record of `war3map.doo`'s first list, by index.
        Doodad {
            index: usize,
        },
    }

    /// Which of the viewer's menu entries apply to a map; the others are
    /// greyed out, saying why.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
    pub struct Applies {
        /// W3E tile flags and the layer map.
        pub tile_flags: bool,
        /// Warcraft III pathing tints (the map has `war3map.wpm`).
        pub pathing: bool,
        /// Warcraft III object groups.
        pub objects: bool,
        /// VMF's indestructible voxels.
        pub indestructible: bool,
        /// Text labels (ALW entities and lights, Warcraft III players).
        pub labels: bool,
        /// The file stores a camera (Voxlap VXL, ALW).
        pub file_camera: bool,
        /// The map has spawn areas.
        pub spawns: bool,
        /// Warcraft III terrain, which View → Minimap draws in the game's
        /// minimap colours (a bare W3E or a whole map).
        pub minimap: bool,
    }

    /// What applies to `map`: its kind's answer and its metadata's.
    pub fn applies(map: &crate::store::Map) -> Applies {
        Applies {
            file_camera: map.meta.camera.is_some(),
            spawns: !map.meta.spawns.is_empty(),
            ..super::of(map).applies()
        }
    }

    /// Spawn areas of no team a kind knows: yellow, pink, cyan.
    pub const OTHER_SPAWN_COLORS: [[f32; 3]; 3] =
        [[1.0, 0.8, 0.1], [1.0, 0.3, 0.8], [0.2, 0.9, 0.9]];

    /// What a window or a picture asks of a kind of map.
    pub trait ViewKind {
        /// The kind's own menu entries that apply ([`applies`] adds what
        /// the metadata says).
        fn applies(&self) -> Applies {
            Applies::default()
        }
        fn extent(&self) -> Extent;
        /// The z (down) of the ground at column (x, y), where the kind has
        /// columns; views fall back to the extent.
        fn ground_z(&self, _x: u32, _y: u32) -> Option<f32> {
            None
        }
        /// A spawn area in map coordinates: (x, y) corners, and its z range
        /// (down) where the file gives one.
        fn spawn_area(&self, s: &Spawn) -> ([f32; 2], [f32; 2], Option<[f32; 2]>) {
            let z = s.z.map(|[a, b]| [a.min(b), a.max(b)]);
            (s.min, s.max, z)
        }
        /// What the status line counts drawn: "triangles", or a voxel
        /// map's "faces".
        fn drawn_unit(&self) -> &'static str {
            "triangles"
        }
        /// The bytes the map's own store holds, where the status line says
        /// it (voxel maps).
        fn store_bytes(&self) -> Option<u64> {
            None
        }
        /// A spawn area's colour (RGB, 0..1): by default a stable colour
        /// per area; kinds with teams or players colour by those.
        fn spawn_color(&self, _s: &Spawn, index: usize) -> [f32; 3] {
            OTHER_SPAWN_COLORS[index % OTHER_SPAWN_COLORS.len()]
        }
        /// The playable area (x0, y0, x1, y1 in map coordinates), where the
        /// map has one (Warcraft III maps: the camera bounds).
        fn playable(&self) -> Option<[f32; 4]> {
            None
        }
        /// The pictures the file carries, captioned, for the Map panel.
        fn pictures(&self) -> Vec<(&'static str, &crate::store::warcraft::Picture)> {
            Vec::new()
        }
        /// The players in their colours (RGB), for the Map panel.
        fn player_rows(&self) -> Vec<([u8; 3], String)> {
            Vec::new()
        }
        /// The lowest and highest layer of the tiles, where the map has
        /// layers: the tile flags' legend spans them.
        fn layer_range(&self) -> Option<[u8; 2]> {
            None
        }
        /// A point of the 3D view as the file counts positions (W3E: tiles
        /// from the south-west corner, heights up); the view's own
        /// coordinates (x east, y south, z down) elsewhere.
        fn file_position(&self, world: Vec3) -> [f32; 3] {
            world.into()
        }
        /// Where a camera stored as angles stands (ALW: the player's eyes).
        fn eye(&self) -> Option<Vec3> {
            None
        }
        /// The first element along a ray.
        fn pick(&self, origin: Vec3, dir: Vec3) -> Option<Picked>;
        /// [`Self::pick`] among what is drawn: objects of hidden groups are
        /// not picked (nor highlighted) through. `objects` are the instances
        /// already placed for drawing, where the caller keeps them: picking
        /// then places nothing again.
        fn pick_shown(
            &self,
            origin: Vec3,
            dir: Vec3,
            _shown: crate::mesh::objects::Shown,
            _objects: Option<&crate::mesh::objects::ObjectInstances>,
        ) -> Option<Picked> {
            self.pick(origin, dir)
        }
        /// How far a ray goes before something blocks it (infinity where
        /// nothing does): by default, to the middle of what it picks.
        fn open_distance(&self, origin: Vec3, dir: Vec3) -> f32 {
            self.pick(origin, dir)
                .and_then(|p| self.highlight(&p))
                .map_or(f32::INFINITY, |(a, b)| ((a + b) / 2.0 - origin).length())
        }
        /// The inspector's lines for a picked element: what the file says.
        fn describe(&self, picked: &Picked) -> Vec<String>;
        /// The box to outline a picked element.
        fn highlight(&self, picked: &Picked) -> Option<(Vec3, Vec3)>;
        /// Tints for the switched-on overlays (W3E tile flags).
        fn overlay(&self, _overlays: &Overlays) -> Vec<BoxVertex> {
            Vec::new()
        }
        /// The ground-distance overlay ([`crate::analysis::routes`]) laid on
        /// the kind's ground; nothing where the kind has no ground map.
        fn ground_overlay(
            &self,
            _view: &crate::analysis::routes::GroundView,
        ) -> crate::mesh::ground_view::GroundOverlay {
            Default::default()
        }
        /// Where each team can go ([`crate::analysis::reach`]) tinted on the
        /// kind's ground; nothing where the kind has no reachability.
        fn reach_overlay(&self, _r: &crate::analysis::reach::ReachReport) -> Vec<BoxVertex> {
            Vec::new()
        }
        /// Uploads the meshes, with `boxes` (spawn areas) drawn translucent.
        fn upload(&self, to: Upload<'_>, meshes: &MapMeshes, boxes: Vec<Box3>) -> Scene;
        /// Adds the coarse levels [`super::MapKind::coarse_until`] made to
        /// the map's scene.
        fn upload_coarse(
            &self,
            _to: Upload<'_>,
            _scene: &mut Scene,
            _levels: &crate::mesh::coarse::Coarse,
        ) {
        }
    }
}
