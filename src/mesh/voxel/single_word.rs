//! One chunk's part of a row for maps one word deep (every 64-deep map, so
//! most real ones), in a single pass: each column's faces are found and
//! written at once, instead of being stored by direction first and read
//! back. Most columns show a top face and nothing else, so the other five
//! directions are skipped together when they have no face.

use super::rows::{Rows, Site};
use super::ChunkOut;
use crate::mesh::color::{pack_rgb, ColumnColors};
use crate::store::voxels::{Color, Slab};

/// Which sides of a chunk's row lie on the map's edge, where no faces are
/// drawn toward the outside.
pub(super) struct MapEdges {
    /// The row's last column is the map's last (+x).
    pub(super) east: bool,
    /// The row's first column is the map's first (-x).
    pub(super) west: bool,
    /// The row is the map's last (+y).
    pub(super) south: bool,
    /// The row is the map's first (-y).
    pub(super) north: bool,
}

/// Meshes the `len` columns of `rows` (row `ly` of the chunk) into `out`;
/// `surfaces` gives each column's slabs and colours. `rgb` is scratch for 64
/// packed colours.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn mesh_row<'s>(
    rows: &Rows<'_, 1>,
    len: usize,
    ly: u32,
    edges: &MapEdges,
    surfaces: impl Iterator<Item = (&'s [Slab], &'s [Color])>,
    shade: bool,
    rgb: &mut [u32; 64],
    out: &mut ChunkOut,
) {
    let open = |edge: bool| if edge { 0 } else { !0u64 };
    let (south_open, north_open) = (open(edges.south), open(edges.north));
    let east_j = if edges.east { len - 1 } else { usize::MAX };
    let west_j = if edges.west { 0 } else { usize::MAX };
    let (m, c, p) = (&rows.m[..len + 2], &rows.c[..len + 2], &rows.p[..len + 2]);
    // Columns j - 1 and j, carried from one column to the next so that each
    // is loaded once: `cw`, `cc` the row itself; `mc`, `pc` the rows before
    // and after; `vw`, `vc` all three rows ORed.
    let (mut cw, mut cc, mut mc, mut pc) = (c[0], c[1], m[1], p[1]);
    let (mut vw, mut vc) = (m[0] | c[0] | p[0], mc | cc | pc);
    for (j, (slabs, col_colors)) in (0..len).zip(surfaces) {
        let (me, ce, pe) = (m[j + 2], c[j + 2], p[j + 2]);
        let ve = me | ce | pe;
        // The 8 columns around, ORed; the column itself adds nothing, as it
        // is air just above an up face and just below a down face.
        let around = vw | vc | ve;
        let raw = cc;
        let s = raw & rows.last_valid;
        let up = s & !(raw << 1);
        let down = s & !(raw >> 1 | 1 << 63);
        let east = s & !ce & if j == east_j { 0 } else { !0 };
        let west = s & !cw & if j == west_j { 0 } else { !0 };
        let south = s & !pc & south_open;
        let north = s & !mc & north_open;
        (cw, cc, mc, pc, vw, vc) = (cc, ce, me, pe, vc, ve);
        let sides = east | west | south | north | down;
        let mut t = sides | up;
        if t == 0 {
            continue;
        }
        let mut colors = ColumnColors::new(slabs, col_colors);
        while t != 0 {
            let b = t.trailing_zeros();
            rgb[b as usize] = pack_rgb(colors.at(b), shade);
            t &= t - 1;
        }
        let at = Site {
            col: j + 1,
            k: 0,
            a_base: ly << 5 | j as u32,
            ring_up: around << 1,
            ring_dn: around >> 1 | 1 << 63,
        };
        rows.emit::<4>(&at, up, rgb, out);
        if sides != 0 {
            rows.emit::<0>(&at, east, rgb, out);
            rows.emit::<1>(&at, west, rgb, out);
            rows.emit::<2>(&at, south, rgb, out);
            rows.emit::<3>(&at, north, rgb, out);
            rows.emit::<5>(&at, down, rgb, out);
        }
    }
}
