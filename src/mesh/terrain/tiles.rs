//! What each tile is, worked out once before meshing: plain ground, a ramp
//! or a cliff, which of its edges carry a midpoint vertex, how many quads it
//! draws, whether a corner is flagged as water, and which of its corners a
//! ramp lifts. The meshing passes read this rather than work it out again
//! from the four corners, and counting a row's quads needs nothing else but
//! the water depth.

use super::cliff::cliff_quads;
use super::edges::EDGES;
use crate::store::terrain::Tilepoint;
use rayon::prelude::*;

/// Drawn as a cliff: its corner layers differ and it is not a ramp.
const CLIFF: u8 = 1;
/// A ramp entrance: all four corners ramp-flagged, layers differ.
const RAMP: u8 = 2;
/// Some corner carries the water flag.
const WET: u8 = 4;
/// Corners of a ramp entrance on its lowest layer, which the ramp lifts:
/// this bit shifted by the corner's index in `tile_corners` order.
const LIFT: u8 = 16;

/// A tile's class, from its four corners and its neighbours.
#[derive(Clone, Copy, Default)]
pub(super) struct Tile {
    flags: u8,
    /// Edges with a midpoint vertex, a bit each in [`EDGES`] order: those
    /// beside a ramp or a cliff tile, this one or its neighbour across the
    /// edge (both work it out alike, so the two meet at the same vertices).
    mids: u8,
    /// Opaque quads it draws: a ground quad, a fan of ground around its
    /// centre, or a cliff's tops and walls.
    pub(super) opaque_quads: u8,
}

impl Tile {
    /// The tile of corners `c` in `tile_corners` order: bottom-left,
    /// bottom-right, top-left, top-right, before its neighbours are known
    /// (no midpoints yet).
    #[inline(always)]
    fn of(c: [&Tilepoint; 4]) -> Tile {
        let layers = c.map(|p| p.layer_height());
        let min = layers[0].min(layers[1]).min(layers[2].min(layers[3]));
        let max = layers[0].max(layers[1]).max(layers[2].max(layers[3]));
        let both = c[0].texflags & c[1].texflags & c[2].texflags & c[3].texflags;
        let either = c[0].texflags | c[1].texflags | c[2].texflags | c[3].texflags;
        let mut flags = if either & Tilepoint::WATER != 0 {
            WET
        } else {
            0
        };
        let mut opaque_quads = 1;
        if min != max {
            if both & Tilepoint::RAMP != 0 {
                flags |= RAMP;
                for (k, &l) in layers.iter().enumerate() {
                    flags |= u8::from(l == min) * (LIFT << k);
                }
            } else {
                flags |= CLIFF;
                opaque_quads = cliff_quads(layers);
            }
        }
        Tile {
            flags,
            mids: 0,
            opaque_quads,
        }
    }

    #[inline]
    pub(super) fn is_cliff(self) -> bool {
        self.flags & CLIFF != 0
    }

    /// A ramp or a cliff: its edges carry midpoints.
    #[inline(always)]
    fn is_shaped(self) -> bool {
        self.flags & (CLIFF | RAMP) != 0
    }

    /// Edges with a midpoint vertex, a bit each in [`EDGES`] order (all
    /// four on ramps and cliffs).
    #[inline(always)]
    pub(super) fn mids(self) -> u8 {
        self.mids
    }

    /// Whether a corner is flagged as water (drawn only where the surface
    /// is above the ground).
    #[inline]
    pub(super) fn is_wet(self) -> bool {
        self.flags & WET != 0
    }
}

/// Quads of the fan [`super::ground::fan_tile`] draws over a tile with
/// the midpoints `mids`: a triangle per boundary vertex, two a quad.
#[inline]
pub(super) fn fan_quads(mids: u8) -> u8 {
    (4 + mids.count_ones() as u8).div_ceil(2)
}

/// Every tile of a `w` x `h` tilepoint grid, row by row, on all cores.
pub(super) fn classify_tiles(tp: &[Tilepoint], w: usize, h: usize) -> Vec<Tile> {
    let mut tiles = vec![Tile::default(); (w - 1) * (h - 1)];
    tiles
        .par_chunks_mut(w - 1)
        .enumerate()
        .for_each(|(ty, row)| {
            let (below, above) = (&tp[ty * w..][..w], &tp[(ty + 1) * w..][..w]);
            for (tx, tile) in row.iter_mut().enumerate() {
                *tile = Tile::of([&below[tx], &below[tx + 1], &above[tx], &above[tx + 1]]);
            }
        });
    with_midpoints(&tiles, w - 1)
}

/// `tiles` (rows of `tw`) with their midpoints and the fans' quads.
fn with_midpoints(tiles: &[Tile], tw: usize) -> Vec<Tile> {
    let th = tiles.len() / tw;
    let mut out = tiles.to_vec();
    let shaped = |tx: usize, ty: usize| tiles[ty * tw + tx].is_shaped();
    out.par_chunks_mut(tw).enumerate().for_each(|(ty, row)| {
        for (tx, tile) in row.iter_mut().enumerate() {
            if tile.is_shaped() {
                tile.mids = 0b1111;
                if !tile.is_cliff() {
                    tile.opaque_quads = fan_quads(0b1111);
                }
                continue;
            }
            // By EDGES: bottom (the row below), top, left, right.
            let beside = [
                ty > 0 && shaped(tx, ty - 1),
                ty + 1 < th && shaped(tx, ty + 1),
                tx > 0 && shaped(tx - 1, ty),
                tx + 1 < tw && shaped(tx + 1, ty),
            ];
            let mids = (0..EDGES.len()).fold(0, |m, e| m | u8::from(beside[e]) << e);
            if mids != 0 {
                tile.mids = mids;
                tile.opaque_quads = fan_quads(mids);
            }
        }
    });
    out
}

/// Whether the tilepoint that is the top-right corner of `sw`, top-left
/// of `se`, bottom-right of `nw` and bottom-left of `ne` (`None` off the
/// grid) is on the lowest layer of a ramp entrance: lifted half a layer.
#[inline(always)]
pub(super) fn lifted_by(
    sw: Option<&Tile>,
    se: Option<&Tile>,
    nw: Option<&Tile>,
    ne: Option<&Tile>,
) -> bool {
    let bit = |t: Option<&Tile>, corner: usize| t.map_or(0, |t| t.flags & (LIFT << corner));
    bit(sw, 3) | bit(se, 2) | bit(nw, 1) | bit(ne, 0) != 0
}
