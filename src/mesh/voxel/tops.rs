//! A row's up faces, for the columns of the usual shape (`row_scan`) and
//! the roofs of ledges (`ledges`), their first slab's top: each
//! column's top, its colour straight from the store (or grey), its AO ring
//! from the 8 columns around, and its face, written whatever the column and
//! kept only for those. The x86-64-v3 build takes four columns at a time
//! (`tops_four`), this one the rest.

use super::isa::Lanes;
use super::ring_bits::RingBits;
use super::rows::{ring_around, Slots, TopFields, TopsRow, CHUNK, UP};
use super::ChunkOut;
use crate::mesh::ao::AO_BITS;
use crate::mesh::color::{pack_rgb, GREY};
use crate::mesh::face::{Face, DIR_SHIFT, Z_SHIFT};

/// Writes the up face of each of the `topped` columns, the top of its
/// first slab, and `top` for the side faces beside it. Each face is written
/// whatever the column and kept (its count moved on) only for those.
/// `RINGED`: some face may have something solid in its AO ring.
#[inline(always)]
pub(super) fn tops<const RINGED: bool, const SHADE: bool, L: Lanes>(
    row: &TopsRow<'_>,
    top: &mut TopFields,
    out: &mut ChunkOut,
) {
    let &TopsRow {
        rows,
        ly,
        ups,
        topped,
        greys,
        columns,
        base,
    } = row;
    let len = ups.len().min(CHUNK);
    let (m, c, p) = (&rows.m[..len + 2], &rows.c[..len + 2], &rows.p[..len + 2]);
    let color_ends = &columns.color_ends[..len];
    let last_color = columns.colors.len() - 1;
    let mut tops = Slots::new(&mut out.faces[UP], out.len[UP]);
    #[cfg(target_arch = "x86_64")]
    let from = if L::FOUR_COLUMNS {
        // SAFETY: only the v3 build's lanes take four columns, and it runs
        // only on CPUs with AVX2.
        unsafe { super::tops_four::tops::<RINGED, SHADE>(row, top, &mut tops) }
    } else {
        0
    };
    #[cfg(not(target_arch = "x86_64"))]
    let from = 0;
    for j in from..len {
        let z = ups[j].trailing_zeros();
        // The column's first colour, its top's, or grey where its top has
        // none (for other columns, some colour, read and not kept).
        let stored = columns.colors[(color_ends[j] as usize).min(last_color)];
        let color = if greys >> j & 1 != 0 { GREY } else { stored };
        let ao = if RINGED {
            let ring = ring_around(m, c, p, j);
            AO_BITS[UP][L::Ring::new(ring).pattern_above(z)]
        } else {
            AO_BITS[UP][0]
        };
        let (a, b) = (
            (ly << 5 | j as u32) + ((base + z) << Z_SHIFT),
            pack_rgb(color, SHADE),
        );
        (top.z[j], top.a[j], top.b[j]) = (z, a, b);
        let face = Face {
            a: a | ao,
            b: b | (UP as u32) << DIR_SHIFT,
        };
        tops.put(face, topped >> j & 1 != 0);
    }
    out.len[UP] += tops.kept;
}
