//! Per-corner ambient occlusion (0fps, "Ambient occlusion for Minecraft-like
//! worlds", 2013), precomputed for every neighbourhood.
//!
//! A face's *air layer* is the plane of voxels on its front side (the voxel
//! beside it along its normal, and that voxel's 8 neighbours in the plane).
//! The 8 neighbours form the *ring*; ring position `(du, dv)` is one step of
//! `du` along the face's first tangent axis and `dv` along its second
//! ([`TANGENTS`]). Each corner touches three ring voxels: two sides and the
//! diagonal between them.

use super::face::{AO_SHIFT, CORNERS, FLIP_SHIFT};

/// The two in-plane axes of each direction (0 = x, 1 = y, 2 = z), in the
/// order ring positions `(du, dv)` use them.
pub const TANGENTS: [[usize; 2]; 6] = [[1, 2], [1, 2], [0, 2], [0, 2], [0, 1], [0, 1]];

/// The bit of ring position `(du, dv)` (each -1, 0 or 1, not both 0) in a
/// ring pattern: row by row, `dv` major, skipping the centre.
pub const fn ring_bit(du: i32, dv: i32) -> usize {
    let i = ((dv + 1) * 3 + du + 1) as usize;
    if i > 4 {
        i - 1
    } else {
        i
    }
}

/// 0fps's vertex AO: 0 (darkest) to 3 (open). Two solid sides hide the
/// corner whatever the diagonal holds.
pub const fn vertex_ao(side1: bool, side2: bool, corner: bool) -> u8 {
    if side1 && side2 {
        0
    } else {
        3 - (side1 as u8 + side2 as u8 + corner as u8)
    }
}

/// Whether to split the quad along diagonal 1-3 instead of 0-2: the quad is
/// split along the diagonal whose corners are brighter together (ties keep
/// 0-2). This is 0fps's `a00 + a11 > a01 + a10` rule, and it keeps a single
/// dark corner inside one triangle instead of smearing it across the quad.
pub const fn flip(ao: [u8; 4]) -> bool {
    ao[0] + ao[2] < ao[1] + ao[3]
}

/// AO of each corner of a face of direction `dir`, from its ring pattern
/// (bit [`ring_bit`]`(du, dv)` set where that ring voxel is solid).
pub const fn corner_ao(dir: usize, ring: u8) -> [u8; 4] {
    let [u, v] = TANGENTS[dir];
    let mut ao = [0u8; 4];
    let mut i = 0;
    while i < 4 {
        let c = CORNERS[dir][i];
        let su = if c[u] == 1 { 1 } else { -1 };
        let sv = if c[v] == 1 { 1 } else { -1 };
        ao[i] = vertex_ao(
            solid(ring, ring_bit(su, 0)),
            solid(ring, ring_bit(0, sv)),
            solid(ring, ring_bit(su, sv)),
        );
        i += 1;
    }
    ao
}

const fn solid(ring: u8, bit: usize) -> bool {
    (ring >> bit) & 1 == 1
}

/// The AO byte and flip bit of a face of direction `dir` with ring pattern
/// `ring`, already at their places in [`super::Face::a`].
pub(crate) const fn ao_bits(dir: usize, ring: u8) -> u32 {
    let ao = corner_ao(dir, ring);
    let byte = ao[0] as u32 | (ao[1] as u32) << 2 | (ao[2] as u32) << 4 | (ao[3] as u32) << 6;
    byte << AO_SHIFT | (flip(ao) as u32) << FLIP_SHIFT
}

/// `AO_BITS[dir][ring]`: [`ao_bits`] for every direction and ring pattern.
pub(crate) static AO_BITS: [[u32; 256]; 6] = {
    let mut t = [[0u32; 256]; 6];
    let mut d = 0;
    while d < 6 {
        let mut r = 0;
        while r < 256 {
            t[d][r] = ao_bits(d, r as u8);
            r += 1;
        }
        d += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertex_ao_follows_0fps() {
        assert_eq!(vertex_ao(false, false, false), 3);
        assert_eq!(vertex_ao(false, false, true), 2);
        assert_eq!(vertex_ao(true, false, false), 2);
        assert_eq!(vertex_ao(true, false, true), 1);
        assert_eq!(vertex_ao(true, true, false), 0);
        assert_eq!(vertex_ao(true, true, true), 0);
    }

    #[test]
    fn ring_bits_are_the_eight_neighbours() {
        let mut seen = 0u32;
        for dv in -1..=1 {
            for du in -1..=1 {
                if (du, dv) != (0, 0) {
                    seen |= 1 << ring_bit(du, dv);
                }
            }
        }
        assert_eq!(seen, 0xFF);
    }

    #[test]
    fn one_solid_ring_voxel_darkens_only_the_corners_it_touches() {
        for d in 0..6 {
            assert_eq!(corner_ao(d, 0), [3; 4], "open face");
            assert_eq!(corner_ao(d, 0xFF), [0; 4], "buried face");
            // The side at +u darkens the two corners with offset 1 along u.
            let [u, _] = TANGENTS[d];
            let ao = corner_ao(d, 1 << ring_bit(1, 0));
            for (i, c) in CORNERS[d].iter().enumerate() {
                assert_eq!(ao[i], if c[u] == 1 { 2 } else { 3 }, "dir {d} corner {i}");
            }
            // The diagonal at (+u, +v) darkens one corner.
            let ao = corner_ao(d, 1 << ring_bit(1, 1));
            assert_eq!(ao.iter().filter(|&&a| a == 2).count(), 1, "dir {d}");
            assert_eq!(ao.iter().filter(|&&a| a == 3).count(), 3, "dir {d}");
        }
    }

    #[test]
    fn flip_splits_along_the_brighter_diagonal() {
        assert!(!flip([3, 3, 3, 3]));
        assert!(flip([0, 3, 3, 3]), "dark corner 0: split 1-3");
        assert!(!flip([3, 0, 3, 3]), "dark corner 1: split 0-2");
        let bits = AO_BITS[4][0];
        assert_eq!(bits, 0xFF << AO_SHIFT);
    }
}
