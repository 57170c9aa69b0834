//! One chunk's part of a row for maps one word deep (every 64-deep map, so
//! most real ones), in three loops over its columns:
//!
//! 1. a branch-free loop (which the compiler vectorises) finds each column's
//!    side and down faces and what is solid around it;
//! 2. ground: most columns of a real map are one slab whose top is the only
//!    face. Their colour comes straight from the slab, with no AO ring at
//!    all when nothing solid is around (open ground), else the ring of that
//!    one face. Other columns are listed for the third loop, so that this
//!    one keeps its values in registers;
//! 3. the rest: the edge of a step (a top face and side faces beside it,
//!    all of one colour; most of what remains on hilly maps) by
//!    [`StepColumn`], anything else through [`general_column`].

use super::ring_bits::Ring;
use super::rows::{Rows, Site};
use super::ChunkOut;
use crate::mesh::ao::AO_BITS;
use crate::mesh::color::{pack_rgb, ColumnColors};
use crate::mesh::face::{Face, DIR_SHIFT, Z_SHIFT};
use crate::store::voxels::RowParts;

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

/// A column's faces by direction (bit z: voxel z shows a face that way).
#[derive(Clone, Copy)]
struct ColumnFaces {
    east: u64,
    west: u64,
    south: u64,
    north: u64,
    up: u64,
    down: u64,
}

const UP: usize = 4;
const CHUNK: usize = crate::store::voxels::CHUNK as usize;

/// Meshes the `len` columns of `rows` (row `ly` of the chunk; the store's
/// `columns`) into `out`. `rgb` is scratch for 64 packed colours.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn mesh_row(
    rows: &Rows<'_, 1>,
    len: usize,
    ly: u32,
    edges: &MapEdges,
    columns: RowParts<'_>,
    shade: bool,
    rgb: &mut [u32; 64],
    out: &mut ChunkOut,
) {
    let open = |edge: bool| if edge { 0 } else { !0u64 };
    let (south_open, north_open) = (open(edges.south), open(edges.north));
    let len = len.min(CHUNK);
    let (m, c, p) = (&rows.m[..len + 2], &rows.c[..len + 2], &rows.p[..len + 2]);
    // The row for east and west faces: outside the map counts as solid
    // there (no faces toward it), though as air for AO.
    let mut walls = [0u64; CHUNK + 2];
    let walls = &mut walls[..len + 2];
    walls.copy_from_slice(c);
    if edges.west {
        walls[0] = !0;
    }
    if edges.east {
        walls[len + 1] = !0;
    }
    let near = Sides {
        p,
        m,
        walls,
        south_open,
        north_open,
        last_valid: rows.last_valid,
    };
    // In a loop of its own, which the compiler vectorises: for each column,
    // the 8 columns around, ORed (the column itself adds nothing, as it is
    // air just above an up face), and its faces other than up.
    let mut around = [0u64; CHUNK];
    let mut sides = [0u64; CHUNK];
    let (around, sides) = (&mut around[..len], &mut sides[..len]);
    for (j, (a, sd)) in around.iter_mut().zip(sides.iter_mut()).enumerate() {
        let v = |j: usize| m[j] | c[j] | p[j];
        *a = v(j) | v(j + 1) | v(j + 2);
        let f = near.faces(j, c[j + 1]);
        *sd = f.east | f.west | f.south | f.north | f.down;
    }
    let (around, sides) = (&*around, &*sides);
    // Room for one up face and one face each side a column, written by
    // index below.
    for d in [0, 1, 2, 3, UP] {
        if out.faces[d].len() < out.len[d] + len {
            super::grow(&mut out.faces[d]);
        }
    }
    // Ground first, in a loop of its own so that it keeps its values in
    // registers; the other columns are listed for the second loop.
    let mut rest = [0u8; CHUNK];
    let mut rest_len = 0;
    for j in 0..len {
        let raw = c[j + 1];
        let up = raw & rows.last_valid & !(raw << 1);
        if sides[j] == 0 && up & up.wrapping_sub(1) == 0 {
            if up == 0 {
                continue;
            }
            // One up face, the top of the column's only slab: open ground,
            // or ground beside something higher (then its ring is gathered
            // here, from the 8 columns around at z - 1).
            let z = up.trailing_zeros();
            if let Some(color) = open_top_color(&columns, j, z) {
                let ao = top_ao(rows, j, z, around[j]);
                let n = out.len[UP];
                out.faces[UP][n] = Face {
                    a: ly << 5 | j as u32 | z << Z_SHIFT | ao,
                    b: pack_rgb(color, shade) | (UP as u32) << DIR_SHIFT,
                };
                out.len[UP] = n + 1;
                continue;
            }
        }
        rest[rest_len] = j as u8;
        rest_len += 1;
    }
    for &j in &rest[..rest_len] {
        let j = j as usize;
        let raw = c[j + 1];
        let up = raw & rows.last_valid & !(raw << 1);
        let a_base = ly << 5 | j as u32;
        // The edge of a step: one up face, and side faces beside it only.
        if up & up.wrapping_sub(1) == 0 && up != 0 && sides[j] & !up == 0 {
            let step = StepColumn {
                j,
                z: up.trailing_zeros(),
                a_base,
                around: around[j],
            };
            if step.write(rows, &near, &columns, raw, shade, out) {
                continue;
            }
        }
        let faces = ColumnFaces {
            up,
            ..near.faces(j, raw)
        };
        general_column(rows, j, a_base, faces, around[j], &columns, shade, rgb, out);
    }
}

/// A column whose only faces are the top of its only slab, at `z`, and
/// side faces beside that top voxel: the edge of a step, most columns that
/// are not open ground.
struct StepColumn {
    j: usize,
    z: u32,
    a_base: u32,
    /// The 8 columns around, ORed.
    around: u64,
}

impl StepColumn {
    /// Writes the column's faces, all of the top voxel's colour, with their
    /// AO; false (nothing written) if the column is not such a column after
    /// all (its top voxel is uncoloured, or has a down face too).
    #[inline(always)]
    fn write(
        &self,
        rows: &Rows<'_, 1>,
        near: &Sides<'_>,
        columns: &RowParts<'_>,
        raw: u64,
        shade: bool,
        out: &mut ChunkOut,
    ) -> bool {
        let (j, z) = (self.j, self.z);
        let f = near.faces(j, raw);
        let Some(color) = open_top_color(columns, j, z).filter(|_| f.down == 0) else {
            return false;
        };
        let rgb = pack_rgb(color, shade);
        let ao = top_ao(rows, j, z, self.around);
        let (m, c, p) = (&rows.m[j..j + 3], &rows.c[j..j + 3], &rows.p[j..j + 3]);
        self.face::<UP>(ao, rgb, out);
        self.side::<0>(f.east, [m[2], c[2], p[2]], rgb, out);
        self.side::<1>(f.west, [m[0], c[0], p[0]], rgb, out);
        self.side::<2>(f.south, [p[0], p[1], p[2]], rgb, out);
        self.side::<3>(f.north, [m[0], m[1], m[2]], rgb, out);
        true
    }

    /// Writes the face toward side `D` if `f` holds it, with AO from `ring`:
    /// the three columns of its ring along u (-1, 0, +1).
    #[inline(always)]
    fn side<const D: usize>(&self, f: u64, ring: [u64; 3], rgb: u32, out: &mut ChunkOut) {
        if f == 0 {
            return;
        }
        let [r0, r1, r2] = ring;
        // Solid at z - 1 and at z + 1 (above the top is air, below the
        // bottom solid), in `ring_bit` order.
        let (up, dn) = (|x: u64| x << 1, |x: u64| x >> 1 | 1 << 63);
        let ring = [up(r0), up(r1), up(r2), r0, r2, dn(r0), dn(r1), dn(r2)];
        self.face::<D>(AO_BITS[D][Ring::new(ring).pattern(self.z)], rgb, out);
    }

    /// Writes the face toward `D` with AO bits `ao`.
    #[inline(always)]
    fn face<const D: usize>(&self, ao: u32, rgb: u32, out: &mut ChunkOut) {
        let n = out.len[D];
        out.faces[D][n] = Face {
            a: self.a_base | self.z << Z_SHIFT | ao,
            b: rgb | (D as u32) << DIR_SHIFT,
        };
        out.len[D] = n + 1;
    }
}

/// The AO bits of column `j`'s up face at `z`: open when nothing in
/// `around` (the 8 columns around, ORed) is solid at z - 1, else from the
/// ring of those 8 columns at z - 1.
#[inline(always)]
fn top_ao(rows: &Rows<'_, 1>, j: usize, z: u32, around: u64) -> u32 {
    if 1 << z & around << 1 == 0 {
        return AO_BITS[UP][0];
    }
    let (m, c, p) = (&rows.m[j..j + 3], &rows.c[j..j + 3], &rows.p[j..j + 3]);
    let ring = [m[0], m[1], m[2], c[0], c[2], p[0], p[1], p[2]];
    // z > 0 here: bit 0 of `around << 1` is clear.
    AO_BITS[UP][Ring::new(ring).pattern(z - 1)]
}

/// The rows around the one being meshed, as the side faces need them.
struct Sides<'a> {
    /// The row after (+y) and before (-y).
    p: &'a [u64],
    m: &'a [u64],
    /// The row itself for east and west faces (outside the map is solid).
    walls: &'a [u64],
    /// All ones, or 0 where the row is on the map's south or north edge.
    south_open: u64,
    north_open: u64,
    last_valid: u64,
}

impl Sides<'_> {
    /// Column j's faces other than up (left 0); `raw` is its mask.
    #[inline(always)]
    fn faces(&self, j: usize, raw: u64) -> ColumnFaces {
        let s = raw & self.last_valid;
        ColumnFaces {
            east: s & !self.walls[j + 2],
            west: s & !self.walls[j],
            south: s & !self.p[j + 1] & self.south_open,
            north: s & !self.m[j + 1] & self.north_open,
            up: 0,
            down: s & !(raw >> 1 | 1 << 63),
        }
    }
}

/// The colour of the top voxel `z` of column `j` when it starts its only
/// slab's top colour run (as every VXL top does); `None` otherwise.
#[inline(always)]
fn open_top_color(columns: &RowParts<'_>, j: usize, z: u32) -> Option<u32> {
    let slab = columns.slabs.get(columns.slab_ends[j] as usize)?;
    if slab.top as u32 != z || slab.top_len == 0 {
        return None;
    }
    columns.colors.get(columns.color_ends[j] as usize).copied()
}

/// Any column: the colours of its faces, then its faces by direction, with
/// their AO.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn general_column(
    rows: &Rows<'_, 1>,
    j: usize,
    a_base: u32,
    f: ColumnFaces,
    around: u64,
    columns: &RowParts<'_>,
    shade: bool,
    rgb: &mut [u32; 64],
    out: &mut ChunkOut,
) {
    let mut t = f.east | f.west | f.south | f.north | f.up | f.down;
    if t == 0 {
        return;
    }
    let (slabs, col_colors) = columns.column(j);
    let mut colors = ColumnColors::new(slabs, col_colors);
    while t != 0 {
        let b = t.trailing_zeros();
        rgb[b as usize] = pack_rgb(colors.at(b), shade);
        t &= t - 1;
    }
    let at = Site {
        col: j + 1,
        k: 0,
        a_base,
        ring_up: around << 1,
        ring_dn: around >> 1 | 1 << 63,
    };
    rows.emit::<0>(&at, f.east, rgb, out);
    rows.emit::<1>(&at, f.west, rgb, out);
    rows.emit::<2>(&at, f.south, rgb, out);
    rows.emit::<3>(&at, f.north, rgb, out);
    rows.emit::<4>(&at, f.up, rgb, out);
    rows.emit::<5>(&at, f.down, rgb, out);
}
