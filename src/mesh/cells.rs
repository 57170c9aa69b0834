//! Alithia worlds as coloured triangles, by the engine's rules (`atest.c`,
//! FORMAT-NOTES): floors and ceilings where floor != ceiling, lower and
//! upper walls toward lower floors and higher ceilings, 8-unit trims, and
//! per-corner height offsets. Lights and entities become boxes.
//!
//! Map coordinates as for voxels: one unit a cell (16 world units), x = world
//! X / 16, y = world Z / 16, z = -world Y / 16 (z down). Floors, ceilings
//! and walls are one-sided, wound to face the open space they bound, so from
//! above a viewer sees through ceilings onto the floors.

use super::terrain::TriMesh;
use super::tris::{
    build_rows, facing_light, facing_light_across, shade_256, ColorVertex, RowMesher, Sink,
    ONE_SIDED,
};
use crate::store::cells::{AlwWorld, Cell};
use rayon::prelude::*;

mod plan;
mod texture_colors;

pub use plan::{mesh_plan, ROCK};

use texture_colors::TextureColors;

/// World units a cell.
pub const CELL: f32 = 16.0;
/// Height of a trim band, in world units.
const TRIM: i32 = 8;

/// A box drawn for a light or an entity, in map coordinates.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    pub min: [f32; 3],
    pub max: [f32; 3],
    pub color: [f32; 4],
    pub kind: MarkerKind,
    /// What it is: "light" or the entity's class.
    pub label: String,
}

/// What a marker stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkerKind {
    /// A light's position.
    Light,
    /// The square a light reaches: drawn, never labelled.
    LightReach,
    /// An entity other than the player, by its bounding box.
    Entity,
    /// A Warcraft III start location, named by its player's number.
    StartLocation,
}

impl MarkerKind {
    /// Whether a text label names it in the picture.
    pub fn labelled(self) -> bool {
        self != MarkerKind::LightReach
    }
}

/// Everything an ALW world draws.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WorldMesh {
    /// One-sided quads (floors, ceilings, walls), 4 vertices each.
    pub faces: Vec<ColorVertex>,
    /// Quads drawn, by kind, for tests and stats.
    pub floors: usize,
    pub ceilings: usize,
    pub walls: usize,
    pub markers: Vec<Marker>,
    /// Texture names used, with their colours (the legend).
    pub legend: Vec<(String, [u8; 3])>,
}

/// A one-sided quad in one colour with its shade already worked out.
#[inline(always)]
fn push_shaded<S: Sink>(sink: &mut S, p: [[f32; 3]; 4], color: [u8; 3], shade: f32) {
    if !S::WRITES {
        sink.quad(ONE_SIDED, [ColorVertex::default(); 4]);
        return;
    }
    let shade = shade_256(shade);
    let v = |k: usize| ColorVertex::shaded(p[k], color, shade, 255);
    sink.quad(ONE_SIDED, [v(0), v(1), v(2), v(3)]);
}

/// A one-sided floor or ceiling quad of a cell in one colour, shaded by
/// how squarely it faces the light (worked out only when the sink writes).
/// Its diagonals run (1, 1) and `second` in x and y: corners are on whole
/// cells, at most 65 535, so those are exact and known beforehand.
#[inline(always)]
fn push_lit<S: Sink>(sink: &mut S, p: [[f32; 3]; 4], second: [f32; 2], color: [u8; 3]) {
    let shade = if S::WRITES {
        let u = [1.0, 1.0, p[2][2] - p[0][2]];
        let v = [second[0], second[1], p[3][2] - p[1][2]];
        0.5 + 0.5 * facing_light_across(u, v)
    } else {
        0.0
    };
    push_shaded(sink, p, color, shade);
}

/// The second diagonal of a cell's quad with corners in order 0, 1, 2, 3
/// (facing up), and in order 0, 3, 2, 1 (facing down).
const UP_DIAGONAL: [f32; 2] = [1.0, -1.0];
const DOWN_DIAGONAL: [f32; 2] = [-1.0, 1.0];

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
    let w = world.width as usize;
    // Whole rows of cells only (a decoded world always has them all).
    let h = (world.height as usize).min(world.cells.len().checked_div(w).unwrap_or(0));
    let cells = &world.cells[..w * h];
    let rows = CellRows {
        w,
        h,
        cells,
        floor: cells.par_iter().map(Cell::floor_corners).collect(),
        ceiling: cells.par_iter().map(Cell::ceiling_corners).collect(),
        colors: &colors,
        wall_shade: EDGES.map(|((dx, dy), _, _)| {
            // Walls are vertical: their shade depends on the edge alone.
            let (ex, ey) = (-dy as f32, dx as f32);
            let p = [
                [0.0, 0.0, 0.0],
                [ex, ey, 0.0],
                [ex, ey, 1.0],
                [0.0, 0.0, 1.0],
            ];
            0.5 + 0.5 * facing_light(p)
        }),
    };
    // The legend is a serial walk over the cells: alongside the meshing.
    let (built, legend) = rayon::join(|| build_rows(&rows), || colors.legend(world));
    let [_, faces, _] = built.lists;
    let mut m = WorldMesh {
        faces,
        floors: built.notes[FLOOR],
        ceilings: built.notes[CEILING],
        walls: built.notes[WALL],
        legend,
        markers: Vec::new(),
    };
    add_markers(world, &mut m);
    m
}

/// The world, ready to mesh a row of cells at a time: corner heights worked
/// out once a cell.
struct CellRows<'a> {
    w: usize,
    h: usize,
    cells: &'a [Cell],
    floor: Vec<[i32; 4]>,
    ceiling: Vec<[i32; 4]>,
    colors: &'a TextureColors,
    /// The shade of a wall on each of [`EDGES`].
    wall_shade: [f32; 4],
}

/// The quad over corners `order` of a cell at heights `heights`.
#[inline(always)]
fn quad_at(xy: &[[f32; 2]; 4], heights: [i32; 4], order: [usize; 4]) -> [[f32; 3]; 4] {
    let [a, b, c, d] = order;
    [
        at(xy[a], heights[a]),
        at(xy[b], heights[b]),
        at(xy[c], heights[c]),
        at(xy[d], heights[d]),
    ]
}

/// A world height at a map position, in map coordinates (z down, cells).
#[inline(always)]
fn at(xy: [f32; 2], height: i32) -> [f32; 3] {
    [xy[0], xy[1], -(height as f32) / CELL]
}

impl RowMesher for CellRows<'_> {
    fn rows(&self) -> usize {
        self.h
    }

    fn row<S: Sink>(&self, y: usize, sink: &mut S) {
        let (w, h, colors) = (self.w, self.h, self.colors);
        for x in 0..w {
            let i = y * w + x;
            let cell = &self.cells[i];
            let (floor, ceiling) = (self.floor[i], self.ceiling[i]);
            let (x0, y0, x1, y1) = (x as f32, y as f32, x as f32 + 1.0, y as f32 + 1.0);
            // Corners 0..4 of the cell (see [`Cell`]).
            let xy = [[x0, y0], [x0, y1], [x1, y1], [x1, y0]];
            if !cell.is_solid_rock() {
                // Corner order 0, 1, 2, 3 faces up; reversed faces down.
                let p = quad_at(&xy, floor, [0, 1, 2, 3]);
                push_lit(sink, p, UP_DIAGONAL, colors.of(cell.floor_tex));
                let p = quad_at(&xy, ceiling, [0, 3, 2, 1]);
                push_lit(sink, p, DOWN_DIAGONAL, colors.of(cell.ceiling_tex));
                sink.note(FLOOR);
                sink.note(CEILING);
            } else {
                // Solid rock: a dark cap on top, so it reads as solid from above.
                let p = quad_at(&xy, floor, [0, 1, 2, 3]);
                push_lit(sink, p, UP_DIAGONAL, [56, 54, 51]);
            }
            // Walls toward the neighbours across EDGES; none at the map edge.
            let walls = |sink: &mut S, e: usize, j: usize| {
                self.walls(sink, (cell, floor, ceiling), &xy, e, j);
            };
            if x > 0 {
                walls(sink, 0, i - 1);
            }
            if x + 1 < w {
                walls(sink, 1, i + 1);
            }
            if y > 0 {
                walls(sink, 2, i - w);
            }
            if y + 1 < h {
                walls(sink, 3, i + w);
            }
        }
    }
}

impl CellRows<'_> {
    /// The walls on edge `e` of [`EDGES`] of `cell` (with its floor and
    /// ceiling corners), toward cell `j`: inlined for each edge, so the
    /// compiler knows which corners it reads.
    #[inline(always)]
    fn walls<S: Sink>(
        &self,
        sink: &mut S,
        (cell, floor, ceiling): (&Cell, [i32; 4], [i32; 4]),
        xy: &[[f32; 2]; 4],
        e: usize,
        j: usize,
    ) {
        let (_, ours, theirs) = EDGES[e];
        let (nf, nc) = (&self.floor[j], &self.ceiling[j]);
        let ends = [xy[ours[0]], xy[ours[1]]];
        let shade = self.wall_shade[e];
        let colors = self.colors;
        // Lower wall: the neighbour's floor is lower than ours.
        let high = [floor[ours[0]], floor[ours[1]]];
        let low = [nf[theirs[0]], nf[theirs[1]]];
        if low[0] < high[0] || low[1] < high[1] {
            let low = [low[0].min(high[0]), low[1].min(high[1])];
            let textures = (cell.lower_tex, cell.lower_trim);
            wall(sink, ends, low, high, textures, colors, shade);
        }
        // Upper wall: the neighbour's ceiling is higher than ours.
        let low = [ceiling[ours[0]], ceiling[ours[1]]];
        let high = [nc[theirs[0]], nc[theirs[1]]];
        if high[0] > low[0] || high[1] > low[1] {
            let high = [high[0].max(low[0]), high[1].max(low[1])];
            let textures = (cell.upper_tex, cell.upper_trim);
            wall(sink, ends, low, high, textures, colors, shade);
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
            kind: MarkerKind::Light,
            label: "light".into(),
        });
        // Its reach, as a thin translucent square at its height.
        let r = light.radius.max(0.0) / CELL;
        m.markers.push(Marker {
            min: [cx - r, cy - r, cz - 0.02],
            max: [cx + r, cy + r, cz + 0.02],
            color: [c[0], c[1], c[2], 0.08],
            kind: MarkerKind::LightReach,
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
            kind: MarkerKind::Entity,
            label: e.class_name().unwrap_or_else(|| "entity".into()),
        });
    }
}

/// One wall quad between two heights at each end of an edge, with its
/// bottom 8 units in the trim colour when there is a trim. `textures` is
/// (wall, trim).
#[inline(always)]
fn wall<S: Sink>(
    sink: &mut S,
    xy: [[f32; 2]; 2],
    low: [i32; 2],
    high: [i32; 2],
    (texture, trim): (u32, u32),
    colors: &TextureColors,
    shade: f32,
) {
    let mut split = low;
    if trim != 0 {
        split = [0, 1].map(|k| low[k].saturating_add(TRIM).min(high[k]));
        let p = [
            at(xy[0], low[0]),
            at(xy[1], low[1]),
            at(xy[1], split[1]),
            at(xy[0], split[0]),
        ];
        push_shaded(sink, p, colors.of(trim), shade);
        sink.note(WALL);
    }
    if split[0] < high[0] || split[1] < high[1] {
        let p = [
            at(xy[0], split[0]),
            at(xy[1], split[1]),
            at(xy[1], high[1]),
            at(xy[0], high[0]),
        ];
        push_shaded(sink, p, colors.of(texture), shade);
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
