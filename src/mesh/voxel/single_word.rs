//! One chunk's part of a row for maps one word deep (every 64-deep map, so
//! most real ones), in loops that take no branch on what a column holds
//! (such branches, on hilly maps, are mispredicted often enough to cost more
//! than the work they would skip); the later loops go over just the columns
//! (bits of a mask) or faces they have work for:
//!
//! 1. [`row_scan`] (two columns at a time) finds which columns have the
//!    usual shape: one slab whose top is its only up face, with side faces,
//!    if any, beside that top voxel only. Those with side faces are steps;
//!    columns of any other shape are the rest;
//! 2. the rest: [`ledges`] (two slabs, a roof over a hollow and the ground
//!    under it, with side faces only beside the slabs' ends) are gathered,
//!    and the others written through [`general_column`]: side faces as a
//!    step's are, up and down faces from one ring of the 8 columns around;
//! 3. tops ([`tops`](super::tops)): every column of the usual shape, and
//!    every ledge's roof, gets its up face, with its colour straight from
//!    the slab and the AO ring of the 8 columns around (none at all in
//!    rows where no top has anything solid near). A face is written
//!    whatever the column, and kept (the count moved on) only where it
//!    holds;
//! 4. the ledges' other two ends, the roof's bottom and the ground's top,
//!    a column at a time with no loop over their voxels ([`ledges`]);
//! 5. steps: the side faces beside their tops and the ledges' roofs' tops
//!    in one loop a direction, then those beside the ledges' other two
//!    ends in another, with AO from 3-voxel windows of the columns around
//!    ([`Windows`]).

use super::isa::Lanes;
use super::ledges;
use super::ring_bits::RingBits;
use super::row_scan::{self, Around, RowScan};
use super::rows::{Rows, TopFields, TopsRow, CHUNK, UP};
use super::tops::tops;
use super::ChunkOut;
use crate::mesh::ao::{ao_bits, AO_BITS};
use crate::mesh::color::{pack_rgb, ColumnColors};
use crate::mesh::face::{Face, DIR_SHIFT, Z_SHIFT};
use crate::store::voxels::RowParts;

/// Scratch a row's columns are written through, kept from row to row.
#[derive(Debug)]
pub(super) struct Spare {
    /// Packed RGB of a general column's voxels that show faces, by z.
    rgb: [u32; 64],
    ledges: ledges::LedgeSides,
}

impl Default for Spare {
    fn default() -> Self {
        Spare {
            rgb: [0; 64],
            ledges: Default::default(),
        }
    }
}

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

const DOWN: usize = 5;

/// Which 64 voxels of the columns a word holds: all of a 64-deep map's, or
/// one layer of a deeper one's (`tall`).
#[derive(Clone, Copy)]
pub(super) struct Layer {
    /// The z of bit 0.
    pub(super) base: u32,
    /// The columns (bit j: column j) whose first up face in the word, if
    /// any, is the top of their first slab: nothing above the word is
    /// solid. Only their first colour is known to be their top's.
    pub(super) first_tops: u32,
}

impl Layer {
    /// A 64-deep map's only word.
    pub(super) const WHOLE: Layer = Layer {
        base: 0,
        first_tops: !0,
    };
}

/// Meshes the `len` columns of `rows` (row `ly` of the chunk; the store's
/// `columns`) into `out`, the voxels of `rows.last_valid` in `layer`. `rgb`
/// is scratch for 64 packed colours. `SHADE`: colours are shaded by their
/// fourth byte.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn mesh_row<const SHADE: bool, L: Lanes>(
    rows: &Rows<'_>,
    len: usize,
    ly: u32,
    edges: &MapEdges,
    columns: RowParts<'_>,
    layer: Layer,
    spare: &mut Spare,
    out: &mut ChunkOut,
) {
    let open = |edge: bool| if edge { 0 } else { !0u64 };
    let (south_open, north_open) = (open(edges.south), open(edges.north));
    let len = len.min(CHUNK);
    let (m, c, p) = (&rows.m[..len + 2], &rows.c[..len + 2], &rows.p[..len + 2]);
    let mut walled = [0u64; CHUNK + 2];
    let near = Around {
        p,
        c,
        m,
        walls: walls(c, len, edges, &mut walled),
        south_open,
        north_open,
        last_valid: rows.last_valid,
    };
    // Which columns show which kinds of faces.
    let RowScan {
        ups,
        usual,
        toward,
        shows,
        solid,
        above_tops,
        shown_z,
    } = row_scan::scan::<L>(&near, len);
    let ups = &ups[..len];
    out.shown.add(ly, shows, shown_z, layer.base);
    // Whether some up face may have something solid in its ring: some
    // column near is solid just above some top. Open ground (most of a
    // flat map) has nothing there, and needs no ring.
    let edge = |j: usize| m[j] | c[j] | p[j];
    let ringed = (solid | edge(0) | edge(len + 1)) & above_tops != 0;
    // A column whose up face here is not its first slab's top takes its
    // colours the general way. (So does every column of a map with no
    // colours at all, where there is none to read.)
    let first_tops = match columns.colors.is_empty() {
        false => layer.first_tops,
        true => 0,
    };
    let usual = usual & first_tops;
    // The rest: ledges are gathered, the others written the general way.
    let mut ledges = 0;
    let mut rest = shows & !usual;
    while rest != 0 {
        let j = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let raw = c[j + 1];
        let faces = ColumnFaces {
            up: ups[j],
            ..near.faces(j, raw)
        };
        let sides = faces.east | faces.west | faces.south | faces.north;
        if first_tops >> j & 1 != 0
            && ledges::shaped(faces.up, faces.down, sides)
            && ledges::slabs_agree(&columns, j, faces.down, faces.up, layer.base)
        {
            ledges |= 1 << j;
            continue;
        }
        let (a_base, rgb) = (
            (ly << 5 | j as u32) + (layer.base << Z_SHIFT),
            &mut spare.rgb,
        );
        general_column::<SHADE, L>(&near, j, a_base, layer.base, faces, &columns, rgb, out);
    }
    make_room(out, ledges != 0);
    if usual | ledges != 0 {
        let row = TopsRow {
            rows,
            ly,
            ups,
            topped: usual | ledges,
            greys: columns.grey_tops(),
            columns: &columns,
            base: layer.base,
        };
        let steps = toward.map(|t| t & usual);
        tops_and_sides::<SHADE, L>(&row, &near, ringed, steps, ledges, shown_z, spare, out);
    }
}

/// Makes room for what a row's tops and steps write by index: a face a
/// column and direction, and in a row with `ledges` one for each of a
/// ledge's three ends (asked for only there: growing the down faces' and
/// the others' lists for every row cost the corpus maps 2 % more
/// instructions).
#[inline(always)]
fn make_room(out: &mut ChunkOut, ledges: bool) {
    let room = |out: &mut ChunkOut, d: usize, n: usize| {
        if out.faces[d].len() < out.len[d] + n {
            super::grow(&mut out.faces[d]);
        }
    };
    if ledges {
        for d in [0, 1, 2, 3, UP, DOWN] {
            room(out, d, 3 * CHUNK);
        }
    } else {
        for d in [0, 1, 2, 3, UP] {
            room(out, d, CHUNK);
        }
    }
}

/// The up faces of a row's columns of the usual shape and of its ledges
/// (`row.usual`: both) and the faces beside them: the usual columns' side
/// faces (`steps`: those toward each side; all beside their tops) and the
/// rest of the `ledges`' faces ([`ledges`]). `RINGED` as [`tops`] has it;
/// `near` and `shown_z` as [`step_sides`] has them.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn tops_and_sides<const SHADE: bool, L: Lanes>(
    row: &TopsRow<'_>,
    near: &Around<'_>,
    ringed: bool,
    mut steps: [u32; 4],
    ledges: u32,
    shown_z: u64,
    spare: &mut Spare,
    out: &mut ChunkOut,
) {
    let mut top = TopFields {
        z: [0; CHUNK],
        a: [0; CHUNK],
        b: [0; CHUNK],
    };
    if ringed {
        tops::<true, SHADE, L>(row, &mut top, out);
    } else {
        tops::<false, SHADE, L>(row, &mut top, out);
    }
    if ledges != 0 {
        let got = &mut spare.ledges;
        let at = (row.ly, row.base);
        ledges::ledges::<SHADE, L::Ring>(near, row.ups, ledges, row.columns, at, got, out);
        // A ledge's roof's top is a top, with faces beside it as a step's.
        for (s, t) in steps.iter_mut().zip(got.tops) {
            *s |= t;
        }
        step_sides(near, &got.lower, &got.ends, shown_z, out);
    }
    step_sides(near, &steps.map(u64::from), &top, shown_z, out);
}

/// The row for east and west faces (`c`, `len` columns and one each
/// side): outside the map counts as solid there (no faces toward it),
/// though as air for AO. A copy, into `walled`, only at the map's east and
/// west edges (a few chunks).
#[inline(always)]
fn walls<'w>(
    c: &'w [u64],
    len: usize,
    edges: &MapEdges,
    walled: &'w mut [u64; CHUNK + 2],
) -> &'w [u64] {
    if !(edges.west || edges.east) {
        return c;
    }
    let walled = &mut walled[..len + 2];
    walled.copy_from_slice(&c[..len + 2]);
    if edges.west {
        walled[0] = !0;
    }
    if edges.east {
        walled[len + 1] = !0;
    }
    walled
}

/// The side faces toward each side d of the entries of `shown[d]` (bit
/// i: entry i of `top`, beside column i % [`CHUNK`]), each beside one
/// voxel of its column, of colour and place `top` (a step's edge, beside
/// its top; or beside a ledge's end), written a direction at a time, each
/// loop going over just the faces there are. `shown_z`: the row's voxels
/// with faces.
#[inline(always)]
fn step_sides<const N: usize>(
    near: &Around<'_>,
    shown: &[u64; 4],
    top: &TopFields<N>,
    shown_z: u64,
    out: &mut ChunkOut,
) {
    // Some face at the word's first or last bit, whose windows reach past
    // the word (rare: the map's top or bottom).
    if shown_z & EDGE_BITS != 0 {
        all_sides::<true, N>(near, shown, top, out);
    } else {
        all_sides::<false, N>(near, shown, top, out);
    }
}

/// The four directions' side faces of [`step_sides`]' entries. `EDGY`:
/// some voxel beside them may be at the word's first or last bit.
#[inline(always)]
fn all_sides<const EDGY: bool, const N: usize>(
    near: &Around<'_>,
    shown: &[u64; 4],
    top: &TopFields<N>,
    out: &mut ChunkOut,
) {
    let (m, c, p) = (near.m, near.c, near.p);
    let (zs, a, b) = (&top.z, &top.a, &top.b);
    // The ring's three columns along u (-1, 0, +1), the middle one the air
    // column in front of the face.
    side::<0, EDGY, N>(shown[0], zs, a, b, |j| [m[j + 2], c[j + 2], p[j + 2]], out);
    side::<1, EDGY, N>(shown[1], zs, a, b, |j| [m[j], c[j], p[j]], out);
    side::<2, EDGY, N>(shown[2], zs, a, b, |j| [p[j], p[j + 1], p[j + 2]], out);
    side::<3, EDGY, N>(shown[3], zs, a, b, |j| [m[j], m[j + 1], m[j + 2]], out);
}

/// Writes the faces toward side `D` of the `shown` entries (bit i: entry
/// i, beside column i % [`CHUNK`]), beside voxels `zs[i]`, with `a[i]` and
/// `b[i]` the start of their faces' fields, and `ring(j)` the columns of
/// column j's AO rings. `EDGY`: some voxel may be at the word's first or
/// last bit.
#[inline(always)]
fn side<const D: usize, const EDGY: bool, const N: usize>(
    shown: u64,
    zs: &[u32; N],
    a: &[u32; N],
    b: &[u32; N],
    ring: impl Fn(usize) -> [u64; 3],
    out: &mut ChunkOut,
) {
    // A slice, whose start and length stay in registers (through the
    // `Vec`, both were read again for each face).
    let list = &mut out.faces[D][..];
    let mut n = out.len[D];
    let mut t = shown;
    while t != 0 {
        // Entry i of the fields, beside column i % CHUNK.
        let i = t.trailing_zeros() as usize % N;
        t &= t - 1;
        let index = side_index::<EDGY>(ring(i % CHUNK), zs[i]);
        list[n] = Face {
            a: a[i] | SIDE_AO[D][index],
            b: b[i] | (D as u32) << DIR_SHIFT,
        };
        n += 1;
    }
    out.len[D] = n;
}

/// Bits z - 1, z and z + 1 of column masks (above the top is air, below the
/// bottom solid), as bits 0, 1 and 2.
struct Windows {
    shift: u32,
    /// Clears bit 0 when z is the top.
    top: u32,
    /// Sets bit 2 when z is the bottom.
    bottom: u32,
}

impl Windows {
    #[inline(always)]
    fn new(z: u32) -> Self {
        Windows {
            shift: z.wrapping_sub(1) & 63,
            top: if z == 0 { 6 } else { 7 },
            bottom: ((z == 63) as u32) << 2,
        }
    }

    #[inline(always)]
    fn of(&self, x: u64) -> u32 {
        (x.rotate_right(self.shift) as u32 & self.top) | self.bottom
    }
}

/// `SIDE_AO[d][w0 | w1 << 3 | w2 << 6]`: the AO bits of a side face of
/// direction `d` (0..4) from the [`Windows`] of its ring's columns along u
/// (w1 is the column in front of the face, whose middle bit is air).
static SIDE_AO: [[u32; 512]; 4] = {
    let mut t = [[0u32; 512]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 512 {
            // `ring_bit` order: up (z - 1) of the three columns, then the
            // two ends at z, then down (z + 1) of the three.
            let from = [0, 3, 6, 1, 7, 2, 5, 8];
            let mut pattern = 0;
            let mut k = 0;
            while k < 8 {
                pattern |= ((i >> from[k]) & 1) << k;
                k += 1;
            }
            t[d][i] = ao_bits(d, pattern as u8);
            i += 1;
        }
        d += 1;
    }
    t
};

impl Around<'_> {
    /// Column j's faces other than up (left 0); `raw` is its mask.
    #[inline(always)]
    fn faces(&self, j: usize, raw: u64) -> ColumnFaces {
        let s = raw & self.last_valid;
        let [east, west, south, north] = self.toward(j, s);
        ColumnFaces {
            east,
            west,
            south,
            north,
            up: 0,
            down: row_scan::downs(raw, s),
        }
    }
}

/// Any column: the colours of its faces, then its faces by direction, with
/// their AO: side faces as a step's are, up and down faces from the ring of
/// the 8 columns around, gathered once. Bit 0 is voxel `base`, which
/// `a_base` holds already.
///
/// Its branches predict well: each branch-free form tried meshed
/// make_tall's maps slower. Colours by counting (a mask of the word's
/// coloured voxels made once a column, then a popcount a face, colours
/// being stored in z order) by 4-5 %; two side directions in one 128-bit
/// loop, for fewer loop exits, by 2-4 %; two-slab columns' (most of this
/// path's) up and down faces written to two places a direction, colours
/// straight from the slabs, by 4-6 %.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn general_column<const SHADE: bool, L: Lanes>(
    near: &Around<'_>,
    j: usize,
    a_base: u32,
    base: u32,
    f: ColumnFaces,
    columns: &RowParts<'_>,
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
        rgb[b as usize] = pack_rgb(colors.at(base + b), SHADE);
        t &= t - 1;
    }
    let (m, c, p) = (&near.m[j..j + 3], &near.c[j..j + 3], &near.p[j..j + 3]);
    any_sides::<0>(f.east, [m[2], c[2], p[2]], a_base, rgb, out);
    any_sides::<1>(f.west, [m[0], c[0], p[0]], a_base, rgb, out);
    any_sides::<2>(f.south, [p[0], p[1], p[2]], a_base, rgb, out);
    any_sides::<3>(f.north, [m[0], m[1], m[2]], a_base, rgb, out);
    if f.up | f.down == 0 {
        return;
    }
    let ring = L::Ring::new([m[0], m[1], m[2], c[0], c[2], p[0], p[1], p[2]]);
    // Above the top is air (`pattern_above` gives none at z = 0); below
    // the bottom is solid, so no down face is at z = 63.
    ends::<UP>(f.up, a_base, rgb, out, |z| ring.pattern_above(z));
    ends::<DOWN>(f.down, a_base, rgb, out, |z| ring.pattern_below(z));
}

/// Writes the faces toward side `D` in `f` (bit z: voxel z), coloured from
/// `rgb` (by z), with `ring` the columns of their AO rings along u (-1, 0,
/// +1), the middle one in front of the faces.
#[inline(always)]
fn any_sides<const D: usize>(
    f: u64,
    ring: [u64; 3],
    a_base: u32,
    rgb: &[u32; 64],
    out: &mut ChunkOut,
) {
    if f & EDGE_BITS == 0 {
        faces::<D>(f, a_base, rgb, out, |z| {
            SIDE_AO[D][side_index::<false>(ring, z)]
        });
    } else {
        faces::<D>(f, a_base, rgb, out, |z| {
            SIDE_AO[D][side_index::<true>(ring, z)]
        });
    }
}

/// A word's first and last bits, whose [`Windows`] reach past the word.
const EDGE_BITS: u64 = 1 | 1 << 63;

/// The [`SIDE_AO`] index of a side face at `z` whose ring columns along u
/// are `ring`. Not `EDGY`: `z` is neither 0 nor 63, so the three bits
/// around it are a shift away, with nothing past the word to stand in for.
#[inline(always)]
fn side_index<const EDGY: bool>(ring: [u64; 3], z: u32) -> usize {
    let [r0, r1, r2] = if EDGY {
        let w = Windows::new(z);
        ring.map(|x| w.of(x))
    } else {
        ring.map(|x| (x >> (z.wrapping_sub(1) & 63)) as u32 & 7)
    };
    (r0 | r1 << 3 | r2 << 6) as usize
}

/// Writes the up or down faces (`D`) in `f`, with AO from the ring pattern
/// `pattern(z)`.
#[inline(always)]
fn ends<const D: usize>(
    f: u64,
    a_base: u32,
    rgb: &[u32; 64],
    out: &mut ChunkOut,
    pattern: impl Fn(u32) -> usize,
) {
    faces::<D>(f, a_base, rgb, out, |z| AO_BITS[D][pattern(z) % 256]);
}

/// Writes the faces of direction `D` in `f` (bit z: voxel z), coloured from
/// `rgb` (by z), with AO bits `ao(z)`.
#[inline(always)]
fn faces<const D: usize>(
    mut f: u64,
    a_base: u32,
    rgb: &[u32; 64],
    out: &mut ChunkOut,
    ao: impl Fn(u32) -> u32,
) {
    if f == 0 {
        return;
    }
    if out.faces[D].len() < out.len[D] + 64 {
        super::grow(&mut out.faces[D]);
    }
    // A slice, whose start and length stay in registers (through the
    // `Vec`, both were read again for each face).
    let list = &mut out.faces[D][..];
    let mut n = out.len[D];
    while f != 0 {
        let z = f.trailing_zeros();
        f &= f - 1;
        list[n] = Face {
            a: (a_base + (z << Z_SHIFT)) | ao(z),
            b: rgb[z as usize % 64] | (D as u32) << DIR_SHIFT,
        };
        n += 1;
    }
    out.len[D] = n;
}
