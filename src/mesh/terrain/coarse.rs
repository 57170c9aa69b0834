//! Coarser terrain for its far parts while the camera moves (levels of
//! detail). The map is cut into blocks of [`BLOCK`] x [`BLOCK`] tiles, and
//! each level draws every block on its own, in cells of `step` x `step`
//! tiles. A cell of plain ground (no cliff, ramp or midpoint in any of its
//! tiles) is a fan from its centre tilepoint over its rim; any other cell
//! keeps its tiles as the full detail draws them. Water likewise, over
//! cells whose every tile shows water of one colour.
//!
//! A coarse cell's rim carries every tilepoint along the edges where it
//! meets anything finer: the block's border, and cells kept at full
//! detail. Those are the very vertices the full detail puts there (a plain
//! tile's edges have no midpoints, so the tile across has none there
//! either), so every block's border is the full detail's, blocks drawn at
//! different levels meet with no crack, and no block needs to know at
//! which level its neighbours are drawn. The ground's colours come from
//! the tile grid in the shader, so a coarse cell is coloured as the full
//! detail is: only its relief is simpler.

use super::super::tris::{ColorVertex, Sink, OPAQUE, TRANSLUCENT};
use super::game_colors::Era;
use super::water::Water;
use super::{has_tiles, TileRows};
use crate::store::terrain::W3eTerrain;
use rayon::prelude::*;
use std::ops::Range;

/// Tiles a block spans on each side.
pub const BLOCK: usize = 16;

/// Tiles a cell spans on each side, by level: the full detail (by block),
/// then each level twice as coarse.
pub const STEPS: [u32; 4] = [1, 2, 4, 8];

/// Every level of a terrain, block by block.
#[derive(Debug, Clone, Default)]
pub struct TerrainLevels {
    /// Blocks across the map (east) and up it (north).
    pub blocks_x: u32,
    pub blocks_y: u32,
    /// By block (row by row, the southern row first, as W3E stores tiles):
    /// the box around its full detail, in map coordinates. A coarse
    /// block's vertices are some of the full detail's, so it holds those
    /// too.
    pub bounds: Vec<([f32; 3], [f32; 3])>,
    /// By `STEPS`.
    pub levels: Vec<TerrainLevel>,
}

/// One level's quads (4 vertices each, as [`super::TriMesh`]'s), block by
/// block.
#[derive(Debug, Clone, Default)]
pub struct TerrainLevel {
    /// Tiles a cell spans on each side.
    pub step: u32,
    /// Ground and cliffs, as [`super::TriMesh::opaque`].
    pub opaque: Vec<ColorVertex>,
    /// Water, as [`super::TriMesh::translucent`].
    pub water: Vec<ColorVertex>,
    /// By block, as [`TerrainLevels::bounds`]: its quads in `opaque` and in
    /// `water`.
    pub blocks: Vec<[Range<u32>; 2]>,
}

impl TerrainLevels {
    /// Bytes of vertex data over every level.
    pub fn bytes(&self) -> usize {
        let vertices: usize = self
            .levels
            .iter()
            .map(|l| l.opaque.len() + l.water.len())
            .sum();
        vertices * std::mem::size_of::<ColorVertex>()
    }
}

/// `t`'s levels (`STEPS`), in the released game's colours; `None`
/// where it has no tiles.
pub fn terrain_levels(t: &W3eTerrain) -> Option<TerrainLevels> {
    terrain_levels_of_era(t, Era::Release)
}

/// `t`'s levels in the colours of `era`'s game (as
/// [`super::mesh_terrain_of_era`]).
pub fn terrain_levels_of_era(t: &W3eTerrain, era: impl Into<super::Look>) -> Option<TerrainLevels> {
    if !has_tiles(t) {
        return None;
    }
    let rows = TileRows::new(t, era.into());
    let (tw, th) = (rows.w - 1, rows.h - 1);
    let (bx, by) = (tw.div_ceil(BLOCK), th.div_ceil(BLOCK));
    let mut bounds = Vec::new();
    let levels = STEPS
        .iter()
        .map(|&step| {
            let blocks: Vec<Lists> = (0..bx * by)
                .into_par_iter()
                .map(|b| block(&rows, [b % bx, b / bx], step as usize))
                .collect();
            if step == 1 {
                bounds = blocks.iter().map(|b| (b.min, b.max)).collect();
            }
            let mut level = TerrainLevel {
                step,
                ..Default::default()
            };
            for b in blocks {
                let quads = |list: &Vec<ColorVertex>| (list.len() / 4) as u32;
                let (o, w) = (quads(&level.opaque), quads(&level.water));
                level
                    .blocks
                    .push([o..o + quads(&b.opaque), w..w + quads(&b.water)]);
                level.opaque.extend_from_slice(&b.opaque);
                level.water.extend_from_slice(&b.water);
            }
            level
        })
        .collect();
    Some(TerrainLevels {
        blocks_x: bx as u32,
        blocks_y: by as u32,
        bounds,
        levels,
    })
}

/// One block's quads, and the box its full-detail tiles report.
struct Lists {
    opaque: Vec<ColorVertex>,
    water: Vec<ColorVertex>,
    min: [f32; 3],
    max: [f32; 3],
}

impl Sink for Lists {
    fn quad(&mut self, list: usize, v: [ColorVertex; 4]) {
        match list {
            OPAQUE => self.opaque.extend_from_slice(&v),
            TRANSLUCENT => self.water.extend_from_slice(&v),
            _ => unreachable!("the terrain draws no one-sided quads"),
        }
    }

    fn bounds(&mut self, lo: [f32; 3], hi: [f32; 3]) {
        for k in 0..3 {
            self.min[k] = self.min[k].min(lo[k]);
            self.max[k] = self.max[k].max(hi[k]);
        }
    }
}

/// Passes on one list's quads only (and the bounds).
struct Only<'a, S: Sink>(&'a mut S, usize);

impl<S: Sink> Sink for Only<'_, S> {
    fn quad(&mut self, list: usize, v: [ColorVertex; 4]) {
        if list == self.1 {
            self.0.quad(list, v);
        }
    }

    fn bounds(&mut self, lo: [f32; 3], hi: [f32; 3]) {
        self.0.bounds(lo, hi);
    }
}

/// The two things a cell may be drawn coarse for, by list.
const KINDS: [usize; 2] = [OPAQUE, TRANSLUCENT];

/// A cell drawn as a fan: its first tile, its side in tiles, which of
/// [`KINDS`] it draws, and (water) its colour.
struct Fan {
    at: [usize; 2],
    side: usize,
    kind: usize,
    color: [u8; 4],
}

/// Block `[bx, by]` at `step`: each cell of `step` x `step` tiles drawn
/// as a fan where it can be, else its four quarters looked at in its
/// place, down to cells of 2 x 2 tiles; tiles no fan covers as the full
/// detail draws them.
fn block(rows: &TileRows<'_>, [bx, by]: [usize; 2], step: usize) -> Lists {
    let mut out = Lists {
        opaque: Vec::new(),
        water: Vec::new(),
        min: [f32::MAX; 3],
        max: [f32::MIN; 3],
    };
    let (tw, th) = (rows.w - 1, rows.h - 1);
    let (x0, y0) = (bx * BLOCK, by * BLOCK);
    let area = Area {
        x0,
        y0,
        x1: (x0 + BLOCK).min(tw),
        y1: (y0 + BLOCK).min(th),
    };
    if step == 1 {
        for ty in area.y0..area.y1 {
            rows.span(ty, area.x0..area.x1, &mut out);
        }
        return out;
    }
    let (side, fans) = fans(rows, &area, step);
    uncovered(rows, &area, &side, &mut out);
    for f in fans {
        draw_fan(rows, &area, &side, &f, &mut out);
    }
    out
}

/// The tiles of a block: `x0..x1`, `y0..y1`.
struct Area {
    x0: usize,
    y0: usize,
    x1: usize,
    y1: usize,
}

impl Area {
    /// Where tile (`tx`, `ty`) of the block lies in a [`Sides`] array.
    fn at(&self, tx: usize, ty: usize) -> usize {
        (ty - self.y0) * BLOCK + tx - self.x0
    }
}

/// By kind, each tile of a block: the side of the fan that covers it (0:
/// none).
type Sides = [[u8; BLOCK * BLOCK]; 2];

/// The fans of `area` at `step`, and the sides they cover: each cell a fan
/// where it can be, else its four quarters in its place, down to 2 x 2.
fn fans(rows: &TileRows<'_>, area: &Area, step: usize) -> (Sides, Vec<Fan>) {
    let Area { x0, y0, x1, y1 } = *area;
    let mut side = [[0u8; BLOCK * BLOCK]; 2];
    let mut fans = Vec::new();
    // Cells to look at, with the kinds still to cover in them.
    let mut todo: Vec<([usize; 2], usize, [bool; 2])> = (y0..y1)
        .step_by(step)
        .flat_map(|y| {
            (x0..x1)
                .step_by(step)
                .map(move |x| ([x, y], step, [true; 2]))
        })
        .collect();
    while let Some(([x, y], s, kinds)) = todo.pop() {
        // A cell cut short by the map's edge has its tiles drawn finer.
        let covered = if x + s <= x1 && y + s <= y1 {
            cell(rows, x, y, s)
        } else {
            [None; 2]
        };
        let mut left = [false; 2];
        for kind in 0..KINDS.len() {
            match covered[kind].filter(|_| kinds[kind]) {
                Some(color) => {
                    for ty in y..y + s {
                        let row = area.at(x, ty);
                        side[kind][row..row + s].fill(s as u8);
                    }
                    fans.push(Fan {
                        at: [x, y],
                        side: s,
                        kind,
                        color,
                    });
                }
                None => left[kind] = kinds[kind],
            }
        }
        if left.contains(&true) && s > 2 {
            let h = s / 2;
            let quarters = [[x, y], [x + h, y], [x, y + h], [x + h, y + h]];
            todo.extend(quarters.map(|at| (at, h, left)));
        }
    }
    (side, fans)
}

/// What no fan covers, as the full detail draws it, a run of a row at a
/// time.
fn uncovered(rows: &TileRows<'_>, area: &Area, side: &Sides, out: &mut Lists) {
    let Area { x0, y0, x1, y1 } = *area;
    for ty in y0..y1 {
        let mut tx = x0;
        while tx < x1 {
            let fine = |tx: usize| side.map(|s| s[area.at(tx, ty)] == 0);
            let here = fine(tx);
            let end = (tx..x1).find(|&t| fine(t) != here).unwrap_or(x1);
            match here {
                [true, true] => rows.span(ty, tx..end, out),
                [true, false] => rows.span(ty, tx..end, &mut Only(out, OPAQUE)),
                [false, true] => rows.span(ty, tx..end, &mut Only(out, TRANSLUCENT)),
                [false, false] => {}
            }
            tx = end;
        }
    }
}

/// Fan `f` of a block: an edge takes only its corners where a fan of the
/// same side lies across it (fans are aligned to their side, so it shares
/// the whole edge), else every tilepoint along it.
fn draw_fan(rows: &TileRows<'_>, area: &Area, side: &Sides, f: &Fan, out: &mut Lists) {
    let Area { x0, y0, x1, y1 } = *area;
    let [x, y] = f.at;
    let across = [
        y.checked_sub(1).map(|y| [x, y]),
        Some([x + f.side, y]),
        Some([x, y + f.side]),
        x.checked_sub(1).map(|x| [x, y]),
    ];
    let split = across.map(|t| {
        !t.is_some_and(|[tx, ty]| {
            (x0..x1).contains(&tx)
                && (y0..y1).contains(&ty)
                && side[f.kind][area.at(tx, ty)] as usize == f.side
        })
    });
    let c = &rows.corners;
    if KINDS[f.kind] == OPAQUE {
        fan(rows, out, OPAQUE, f.at, f.side, split, |k| {
            (c.heights[k], c.colors[k].rgba())
        });
    } else {
        fan(rows, out, TRANSLUCENT, f.at, f.side, split, |k| {
            (c.water_levels[k], f.color)
        });
    }
}

/// Whether the cell of `side` x `side` tiles from tile (`cx`, `cy`), all
/// on the map, may be one fan, by [`KINDS`]: the ground where every tile
/// is plain (no cliff, ramp or midpoint), the water where every tile shows
/// water of one colour. `Some` with the fan's colour (water's; none for
/// the ground, whose colour the tile grid gives).
fn cell(rows: &TileRows<'_>, cx: usize, cy: usize, side: usize) -> [Option<[u8; 4]>; 2] {
    let mut ground = true;
    let mut water = None;
    let mut all_wet = true;
    for ty in cy..cy + side {
        let row = rows.tile_row(ty);
        for tx in cx..cx + side {
            ground &= row.tiles[tx].mids() == 0;
            let over = row.tiles[tx]
                .is_wet()
                .then(|| Water::over(row.water_levels(tx), row.heights(tx)))
                .flatten();
            let color = over.map(|w| w.color(&rows.pal));
            all_wet &= color.is_some() && (water.is_none() || water == color);
            water = water.or(color);
        }
    }
    [ground.then_some([0; 4]), water.filter(|_| all_wet)]
}

/// Draws the cell of `step` x `step` tiles from tile `[cx, cy]` into
/// `list` as a fan from its centre tilepoint over its rim: its corners,
/// and every tilepoint along the edges `split` says (rim order: south,
/// east, north, west), each with the height and colour `at` gives for
/// its index in the tilepoint grid.
fn fan(
    rows: &TileRows<'_>,
    out: &mut Lists,
    list: usize,
    [cx, cy]: [usize; 2],
    step: usize,
    split: [bool; 4],
    at: impl Fn(usize) -> (f32, [u8; 4]),
) {
    let (w, h) = (rows.w, rows.h);
    // W3E rows go north, map y goes south; positions as the full detail
    // works them out, exact for whole numbers.
    let vertex = |x: usize, y: usize| {
        let (height, color) = at(y * w + x);
        ColorVertex {
            position: [x as f32, (h - 1 - y) as f32, -height],
            color,
        }
    };
    // Counter-clockwise from the south-west corner: each edge from its
    // first corner, up to (not with) the next.
    let mut rim = Vec::with_capacity(4 * step);
    let corners = [
        (cx, cy),
        (cx + step, cy),
        (cx + step, cy + step),
        (cx, cy + step),
    ];
    let toward = [(1, 0), (0, 1), (-1, 0), (0, -1)];
    for d in 0..4 {
        let (x, y) = corners[d];
        let stops = if split[d] { step } else { 1 };
        for k in 0..stops as isize {
            let (dx, dy) = toward[d];
            rim.push(vertex(
                (x as isize + dx * k) as usize,
                (y as isize + dy * k) as usize,
            ));
        }
    }
    let centre = vertex(cx + step / 2, cy + step / 2);
    let n = rim.len();
    for k in (0..n).step_by(2) {
        // A triangle a rim vertex, two a quad; an odd last one repeats the
        // first vertex (a triangle that draws nothing).
        let quad = [centre, rim[k], rim[(k + 1) % n], rim[(k + 2).min(n) % n]];
        out.quad(list, quad);
    }
}
