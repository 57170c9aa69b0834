//! Alithia worlds as coloured triangles, by the engine's rules (`atest.c`,
//! FORMAT-NOTES): floors and ceilings where floor != ceiling, lower and
//! upper walls toward lower floors and higher ceilings, 8-unit trims, and
//! per-corner height offsets. Lights and entities become boxes.
//!
//! Map coordinates as for voxels: one unit a cell (16 world units), x = world
//! X / 16, y = world Z / 16, z = -world Y / 16 (z down). Floors, ceilings
//! and walls are one-sided, wound to face the open space they bound, so from
//! above a viewer sees through ceilings onto the floors.

use super::palette::hashed;
use super::terrain::TriMesh;
use super::tris::{build_rows, facing_light, ColorVertex, RowMesher, Sink, ONE_SIDED};
use crate::store::cells::{AlwWorld, Cell};

/// World units a cell.
pub const CELL: f32 = 16.0;
/// Height of a trim band, in world units.
const TRIM: f32 = 8.0;

/// A box drawn for a light or an entity, in map coordinates.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    pub min: [f32; 3],
    pub max: [f32; 3],
    pub color: [f32; 4],
    /// What it is: "light" or the entity's class.
    pub label: String,
}

/// Everything an ALW world draws.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WorldMesh {
    /// One-sided triangles (floors, ceilings, walls).
    pub faces: Vec<ColorVertex>,
    /// Quads drawn, by kind, for tests and stats.
    pub floors: usize,
    pub ceilings: usize,
    pub walls: usize,
    pub markers: Vec<Marker>,
    /// Texture names used, with their colours (the legend).
    pub legend: Vec<(String, [u8; 3])>,
}

/// Texture colours by table offset, worked out once per world.
struct TextureColors {
    /// Table offsets, sorted (as [`AlwWorld::textures`] keeps them).
    offsets: Vec<u32>,
    rgb: Vec<[u8; 3]>,
}

impl TextureColors {
    fn new(world: &AlwWorld) -> TextureColors {
        TextureColors {
            offsets: world.textures.iter().map(|(o, _)| *o).collect(),
            rgb: world.textures.iter().map(|(_, n)| hashed(n)).collect(),
        }
    }

    /// Index in the table of the texture at `offset`; `None` for none or a
    /// dangling offset.
    fn index(&self, offset: u32) -> Option<usize> {
        (offset != 0)
            .then(|| self.offsets.binary_search(&offset).ok())
            .flatten()
    }

    /// The colour of the texture at `offset`; grey for none.
    fn of(&self, offset: u32) -> [f32; 3] {
        match self.index(offset) {
            Some(i) => self.rgb[i].map(|v| v as f32 / 255.0),
            None => [150.0 / 255.0; 3],
        }
    }

    /// The textures the cells name, with their colours, in the order cells
    /// first name them.
    fn legend(&self, world: &AlwWorld) -> Vec<(String, [u8; 3])> {
        let mut seen = vec![false; self.offsets.len()];
        let mut legend: Vec<(String, [u8; 3])> = Vec::new();
        for cell in &world.cells {
            for offset in cell.texture_refs() {
                let Some(i) = self.index(offset) else {
                    continue;
                };
                // A name may stand twice in the table (2010-08 writers).
                let name = &world.textures[i].1;
                if !std::mem::replace(&mut seen[i], true) && !legend.iter().any(|(n, _)| n == name)
                {
                    legend.push((name.clone(), self.rgb[i]));
                }
            }
        }
        legend
    }
}

/// A one-sided quad in one colour, flat-shaded by its plane.
#[inline(always)]
fn push_quad<S: Sink>(sink: &mut S, p: [[f32; 3]; 4], color: [f32; 3]) {
    if !S::WRITES {
        sink.quad(ONE_SIDED, [ColorVertex::default(); 4]);
        return;
    }
    let shade = 0.5 + 0.5 * facing_light([p[0], p[1], p[2]]);
    let c = [color[0] * shade, color[1] * shade, color[2] * shade, 1.0];
    sink.quad(ONE_SIDED, p.map(|p| ColorVertex::new(p, c)));
}

/// Things counted while meshing, by [`Sink::note`] kind.
const FLOOR: usize = 0;
const CEILING: usize = 1;
const WALL: usize = 2;

/// The four edges of a cell: the neighbour's offset, this cell's two corner
/// indices along the edge (in the order the wall is wound), and the
/// neighbour's matching corners.
type Edge = ((i32, i32), [usize; 2], [usize; 2]);

const EDGES: [Edge; 4] = [
    ((-1, 0), [0, 1], [3, 2]),
    ((1, 0), [2, 3], [1, 0]),
    ((0, -1), [3, 0], [2, 1]),
    ((0, 1), [1, 2], [0, 3]),
];

/// Builds the world's triangles and markers.
pub fn mesh_world(world: &AlwWorld) -> WorldMesh {
    let colors = TextureColors::new(world);
    let built = build_rows(&CellRows {
        world,
        colors: &colors,
    });
    let [_, faces, _] = built.lists;
    let mut m = WorldMesh {
        faces,
        floors: built.notes[FLOOR],
        ceilings: built.notes[CEILING],
        walls: built.notes[WALL],
        legend: colors.legend(world),
        markers: Vec::new(),
    };
    add_markers(world, &mut m);
    m
}

/// The world, ready to mesh a row of cells at a time.
struct CellRows<'a> {
    world: &'a AlwWorld,
    colors: &'a TextureColors,
}

impl RowMesher for CellRows<'_> {
    fn rows(&self) -> usize {
        self.world.height as usize
    }

    fn row<S: Sink>(&self, y: usize, sink: &mut S) {
        let (world, colors) = (self.world, self.colors);
        let (w, h) = (world.width as i32, world.height as i32);
        let y = y as i32;
        let corner_xy = |x: i32, y: i32, i: usize| -> [f32; 2] {
            let (dx, dy) = [(0, 0), (0, 1), (1, 1), (1, 0)][i];
            [(x + dx) as f32, (y + dy) as f32]
        };
        let at = |xy: [f32; 2], height: f32| [xy[0], xy[1], -height / CELL];
        for x in 0..w {
            let Some(cell) = world.cell(x as u32, y as u32) else {
                continue;
            };
            let floor = cell.floor_corners().map(|v| v as f32);
            let ceiling = cell.ceiling_corners().map(|v| v as f32);
            if !cell.is_solid_rock() {
                // Corner order 0, 1, 2, 3 faces up; reversed faces down.
                let p = [0, 1, 2, 3].map(|i| at(corner_xy(x, y, i), floor[i]));
                push_quad(sink, p, colors.of(cell.floor_tex));
                let p = [0, 3, 2, 1].map(|i| at(corner_xy(x, y, i), ceiling[i]));
                push_quad(sink, p, colors.of(cell.ceiling_tex));
                sink.note(FLOOR);
                sink.note(CEILING);
            } else {
                // Solid rock: a dark cap on top, so it reads as solid from above.
                let p = [0, 1, 2, 3].map(|i| at(corner_xy(x, y, i), floor[i]));
                push_quad(sink, p, [0.22, 0.21, 0.2]);
            }
            for ((dx, dy), ours, theirs) in EDGES {
                // No walls at the map edge.
                let Some(n) = world
                    .cell((x + dx) as u32, (y + dy) as u32)
                    .filter(|_| (0..w).contains(&(x + dx)) && (0..h).contains(&(y + dy)))
                else {
                    continue;
                };
                let ends = |c: &Cell, mine: bool, floor_side: bool| -> [f32; 2] {
                    let idx = if mine { ours } else { theirs };
                    idx.map(|i| {
                        if floor_side {
                            c.floor_corner(i) as f32
                        } else {
                            c.ceiling_corner(i) as f32
                        }
                    })
                };
                let xy = ours.map(|i| corner_xy(x, y, i));
                // Lower wall: the neighbour's floor is lower than ours.
                let (low, high) = (ends(n, false, true), ends(cell, true, true));
                if low[0] < high[0] || low[1] < high[1] {
                    let low = [low[0].min(high[0]), low[1].min(high[1])];
                    let textures = (cell.lower_tex, cell.lower_trim);
                    wall(sink, xy, low, high, textures, colors, at);
                }
                // Upper wall: the neighbour's ceiling is higher than ours.
                let (low, high) = (ends(cell, true, false), ends(n, false, false));
                if high[0] > low[0] || high[1] > low[1] {
                    let high = [high[0].max(low[0]), high[1].max(low[1])];
                    let textures = (cell.upper_tex, cell.upper_trim);
                    wall(sink, xy, low, high, textures, colors, at);
                }
            }
        }
    }
}

/// Boxes for the lights (with a square showing their reach) and the
/// entities other than the player.
fn add_markers(world: &AlwWorld, m: &mut WorldMesh) {
    for light in &world.lights {
        let [lx, ly, lz] = light.position;
        let (cx, cy, cz) = (lx / CELL, lz / CELL, -ly / CELL);
        let c = light.color.map(|v| v.clamp(0.0, 1.0));
        m.markers.push(Marker {
            min: [cx - 0.25, cy - 0.25, cz - 0.25],
            max: [cx + 0.25, cy + 0.25, cz + 0.25],
            color: [c[0], c[1], c[2], 0.9],
            label: "light".into(),
        });
        // Its reach, as a thin translucent square at its height.
        let r = light.radius.max(0.0) / CELL;
        m.markers.push(Marker {
            min: [cx - r, cy - r, cz - 0.02],
            max: [cx + r, cy + r, cz + 0.02],
            color: [c[0], c[1], c[2], 0.08],
            label: "light radius".into(),
        });
    }
    for (i, e) in world.entities.iter().enumerate() {
        if i == world.player_entity as usize {
            continue; // drawn as the spawn
        }
        let p = e.position;
        let (lo, hi) = (e.bbox_min, e.bbox_max);
        let sane = (0..3).all(|k| lo[k].is_finite() && hi[k].is_finite() && lo[k] < hi[k]);
        let (lo, hi) = if sane {
            (lo, hi)
        } else {
            ([-4.0; 3], [4.0; 3])
        };
        m.markers.push(Marker {
            min: [
                (p[0] + lo[0]) / CELL,
                (p[2] + lo[2]) / CELL,
                -(p[1] + hi[1]) / CELL,
            ],
            max: [
                (p[0] + hi[0]) / CELL,
                (p[2] + hi[2]) / CELL,
                -(p[1] + lo[1]) / CELL,
            ],
            color: [1.0, 0.55, 0.1, 0.45],
            label: e.class_name().unwrap_or_else(|| "entity".into()),
        });
    }
}

/// One wall quad between two heights at each end of an edge, with its
/// bottom 8 units in the trim colour when there is a trim. `textures` is
/// (wall, trim).
fn wall<S: Sink>(
    sink: &mut S,
    xy: [[f32; 2]; 2],
    low: [f32; 2],
    high: [f32; 2],
    (texture, trim): (u32, u32),
    colors: &TextureColors,
    at: impl Fn([f32; 2], f32) -> [f32; 3],
) {
    let mut split = low;
    if trim != 0 {
        split = [0, 1].map(|k| (low[k] + TRIM).min(high[k]));
        let p = [
            at(xy[0], low[0]),
            at(xy[1], low[1]),
            at(xy[1], split[1]),
            at(xy[0], split[0]),
        ];
        push_quad(sink, p, colors.of(trim));
        sink.note(WALL);
    }
    if split[0] < high[0] || split[1] < high[1] {
        let p = [
            at(xy[0], split[0]),
            at(xy[1], split[1]),
            at(xy[1], high[1]),
            at(xy[0], high[0]),
        ];
        push_quad(sink, p, colors.of(texture));
        sink.note(WALL);
    }
}

impl From<&WorldMesh> for TriMesh {
    fn from(w: &WorldMesh) -> TriMesh {
        TriMesh {
            one_sided: w.faces.clone(),
            ..TriMesh::default()
        }
    }
}
