//! Three rows of column masks around the row being meshed: which voxels
//! show faces, by direction, and the faces themselves with their AO.

use super::ring_bits::Ring;
use super::{grow, ChunkOut};
use crate::mesh::ao::AO_BITS;
use crate::mesh::face::{Face, DIR_SHIFT, Z_SHIFT};

/// Three rows of masks around the row being meshed (`m` before it, `c` at
/// it, `p` after it), each one chunk's columns plus one each side: column j
/// of the chunk is column j + 1 here. `W` words a column (0: `words`).
pub(super) struct Rows<'m, const W: usize> {
    pub(super) m: &'m [u64],
    pub(super) c: &'m [u64],
    pub(super) p: &'m [u64],
    pub(super) words: usize,
    /// The bits of the last word inside the depth.
    pub(super) last_valid: u64,
}

impl<const W: usize> Rows<'_, W> {
    #[inline(always)]
    fn words(&self) -> usize {
        if W > 0 {
            W
        } else {
            self.words
        }
    }

    /// Bit z = solid at z, in word k of column `col` of `row`.
    #[inline(always)]
    fn at(&self, row: &[u64], col: usize, k: usize) -> u64 {
        row[col * self.words() + k]
    }

    /// Bit z = solid at z - 1; above the top is air.
    #[inline(always)]
    fn up(&self, row: &[u64], col: usize, k: usize) -> u64 {
        let carry = if k > 0 {
            self.at(row, col, k - 1) >> 63
        } else {
            0
        };
        self.at(row, col, k) << 1 | carry
    }

    /// Bit z = solid at z + 1; below the bottom is solid.
    #[inline(always)]
    fn dn(&self, row: &[u64], col: usize, k: usize) -> u64 {
        let carry = if k + 1 < self.words() {
            self.at(row, col, k + 1) << 63
        } else {
            1 << 63
        };
        self.at(row, col, k) >> 1 | carry
    }

    /// Which voxels of the `len` columns show a face, by direction, into
    /// `faces` (and all directions together into `exposed`), and the 8
    /// columns around each ORed into `around` (where an up or down face's
    /// AO ring may hold something solid). No branches, so that it runs at a
    /// few instructions a column.
    pub(super) fn find_faces(
        &self,
        len: usize,
        faces: &mut [Vec<u64>; 6],
        exposed: &mut [u64],
        around: &mut [u64],
    ) {
        let words = self.words();
        let [f0, f1, f2, f3, f4, f5] = faces;
        let n = len * words;
        let (f0, f1, f2, f3, f4, f5) = (
            &mut f0[..n],
            &mut f1[..n],
            &mut f2[..n],
            &mut f3[..n],
            &mut f4[..n],
            &mut f5[..n],
        );
        let (exposed, around) = (&mut exposed[..n], &mut around[..n]);
        if W == 1 {
            // One word a column (every 64-deep map): the same as below, over
            // slices the compiler sees the lengths of, so it can vectorise.
            fn row(r: &[u64], dx: usize, len: usize) -> &[u64] {
                &r[dx..dx + len]
            }
            let (m, c, p) = (self.m, self.c, self.p);
            let (cw, ce, cc) = (row(c, 0, len), row(c, 2, len), row(c, 1, len));
            let (mw, me, mc) = (row(m, 0, len), row(m, 2, len), row(m, 1, len));
            let (pw, pe, pc) = (row(p, 0, len), row(p, 2, len), row(p, 1, len));
            for j in 0..len {
                let raw = cc[j];
                let s = raw & self.last_valid;
                f0[j] = s & !ce[j];
                f1[j] = s & !cw[j];
                f2[j] = s & !pc[j];
                f3[j] = s & !mc[j];
                f4[j] = s & !(raw << 1);
                f5[j] = s & !(raw >> 1 | 1 << 63);
                exposed[j] = f0[j] | f1[j] | f2[j] | f3[j] | f4[j] | f5[j];
                around[j] = mw[j] | mc[j] | me[j] | cw[j] | ce[j] | pw[j] | pc[j] | pe[j];
            }
            return;
        }
        for j in 0..len {
            for k in 0..words {
                let col = j + 1;
                let valid = if k + 1 == words { self.last_valid } else { !0 };
                let s = self.at(self.c, col, k) & valid;
                let i = j * words + k;
                f0[i] = s & !self.at(self.c, col + 1, k);
                f1[i] = s & !self.at(self.c, col - 1, k);
                f2[i] = s & !self.at(self.p, col, k);
                f3[i] = s & !self.at(self.m, col, k);
                f4[i] = s & !self.up(self.c, col, k);
                f5[i] = s & !self.dn(self.c, col, k);
                exposed[i] = f0[i] | f1[i] | f2[i] | f3[i] | f4[i] | f5[i];
                let (m, c, p) = (self.m, self.c, self.p);
                let three = |r: &[u64]| {
                    self.at(r, col - 1, k) | self.at(r, col, k) | self.at(r, col + 1, k)
                };
                around[i] = three(m) | self.at(c, col - 1, k) | self.at(c, col + 1, k) | three(p);
            }
        }
    }

    /// Writes the faces of direction `D` in `f` (word `at.k` of column
    /// `at.col`, as [`Self::find_faces`] gives them) into `out`, with their
    /// colours from `rgb` (by z in the word).
    #[inline(always)]
    pub(super) fn emit<const D: usize>(&self, at: &Site, f: u64, rgb: &[u32], out: &mut ChunkOut) {
        if f == 0 {
            return;
        }
        let buf = &mut out.faces[D];
        if buf.len() < out.len[D] + 64 {
            grow(buf);
        }
        out.len[D] = self.dir_faces::<D>(at, f, rgb, buf, out.len[D]);
    }

    /// Writes the faces of direction `D` set in `f` (bit b = voxel z 64k + b
    /// of column `col`) at `out[n..]`, with AO from the ring (bit j of the
    /// ring pattern = bit z of `ring[j]`); returns the new count.
    #[inline(always)]
    fn dir_faces<const D: usize>(
        &self,
        at: &Site,
        mut f: u64,
        rgb: &[u32],
        out: &mut [Face],
        mut n: usize,
    ) -> usize {
        let (m, c, p) = (self.m, self.c, self.p);
        let (col, k, a_base) = (at.col, at.k, at.a_base);
        // Up and down faces with nothing solid around them (open ground,
        // most of a map) need no ring at all.
        let known = match D {
            4 => at.ring_up,
            5 => at.ring_dn,
            _ => !0,
        };
        if f & known == 0 {
            let b_dir = (D as u32) << DIR_SHIFT;
            let open = AO_BITS[D][0];
            while f != 0 {
                let b = f.trailing_zeros();
                out[n] = Face {
                    a: a_base | b << Z_SHIFT | open,
                    b: rgb[b as usize] | b_dir,
                };
                n += 1;
                f &= f - 1;
            }
            return n;
        }
        // The columns col - 1 ..= col + 1 of each row, as slices of a length
        // known at compile time: one bounds check a row instead of one a
        // load.
        fn near(r: &[u64], col: usize, words: usize) -> &[u64] {
            &r[(col - 1) * words..][..3 * words]
        }
        let words = self.words();
        let (m, c, p) = (
            near(m, col, words),
            near(c, col, words),
            near(p, col, words),
        );
        let col = 1;
        // The ring, in `ring_bit` order: (du, dv) row by row.
        let ring = match D {
            0..=3 => {
                // The air column beside the face and its two neighbours
                // along u (the other horizontal axis); v is z.
                let (r0, c0, r1, c1, r2, c2) = match D {
                    0 => (m, col + 1, c, col + 1, p, col + 1),
                    1 => (m, col - 1, c, col - 1, p, col - 1),
                    2 => (p, col - 1, p, col, p, col + 1),
                    _ => (m, col - 1, m, col, m, col + 1),
                };
                [
                    self.up(r0, c0, k),
                    self.up(r1, c1, k),
                    self.up(r2, c2, k),
                    self.at(r0, c0, k),
                    self.at(r2, c2, k),
                    self.dn(r0, c0, k),
                    self.dn(r1, c1, k),
                    self.dn(r2, c2, k),
                ]
            }
            // The 8 columns around, one voxel above (up) or below (down).
            _ => {
                let g = |row: &[u64], cl: usize| {
                    if D == 4 {
                        self.up(row, cl, k)
                    } else {
                        self.dn(row, cl, k)
                    }
                };
                [
                    g(m, col - 1),
                    g(m, col),
                    g(m, col + 1),
                    g(c, col - 1),
                    g(c, col + 1),
                    g(p, col - 1),
                    g(p, col),
                    g(p, col + 1),
                ]
            }
        };
        let ao_bits = &AO_BITS[D];
        let b_dir = (D as u32) << DIR_SHIFT;
        // Faces with nothing solid around them (open ground) skip the gather.
        let occluded = ring.iter().fold(0, |a, m| a | m);
        let ring = Ring::new(ring);
        while f != 0 {
            let b = f.trailing_zeros();
            let mut r = 0usize;
            if (occluded >> b) & 1 != 0 {
                r = ring.pattern(b);
            }
            out[n] = Face {
                a: a_base | b << Z_SHIFT | ao_bits[r],
                b: rgb[b as usize] | b_dir,
            };
            n += 1;
            f &= f - 1;
        }
        n
    }
}

/// Where a column's word of faces goes.
pub(super) struct Site {
    /// The column in [`Rows`].
    pub(super) col: usize,
    /// The word.
    pub(super) k: usize,
    /// `lx | ly << 5 | 64k << Z_SHIFT`, the start of every face's `a`.
    pub(super) a_base: u32,
    /// The rings of the word's up and down faces, ORed: bit z set where some
    /// voxel of the ring of a face at z is solid.
    pub(super) ring_up: u64,
    pub(super) ring_dn: u64,
}
