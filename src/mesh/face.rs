//! The 8-byte face record the GPU draws.
//!
//! `a`: lx (5 bits, chunk-local x) | ly (5) << 5 | z (12) << 10 |
//! ao (2 bits a corner, corner i at bits 22 + 2i; 0 darkest .. 3 open) |
//! flip (1) << 30.
//! `b`: r | g << 8 | b << 16 | dir (3 bits) << 24.
//!
//! Directions, in map coordinates (x east, y south, z down): 0 = +x, 1 = -x,
//! 2 = +y, 3 = -y, 4 = up (toward the sky, -z), 5 = down (+z).

/// One quad. See the module docs for the packing.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Face {
    pub a: u32,
    pub b: u32,
}

const _: () = assert!(std::mem::size_of::<Face>() == 8);

/// The outward normal of each direction.
pub const NORMALS: [[i32; 3]; 6] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, -1],
    [0, 0, 1],
];

/// `CORNERS[dir][i]`: corner i of the face on side `dir` of the unit cube at
/// the voxel, as 0/1 offsets in x, y, z. The corners go around the quad
/// counter-clockwise seen from the air side (the front), so triangles
/// 0-1-2 and 0-2-3, or 1-2-3 and 1-3-0 when flipped, both face outward.
pub const CORNERS: [[[u8; 3]; 4]; 6] = [
    [[1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 0, 1]],
    [[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 1, 0]],
    [[0, 1, 0], [0, 1, 1], [1, 1, 1], [1, 1, 0]],
    [[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 0, 1]],
    [[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 0, 0]],
    [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]],
];

impl Face {
    #[inline]
    pub fn new(lx: u32, ly: u32, z: u32, dir: u32, ao: [u8; 4], flip: bool, rgb: [u8; 3]) -> Face {
        let ao_bits =
            ao[0] as u32 | (ao[1] as u32) << 2 | (ao[2] as u32) << 4 | (ao[3] as u32) << 6;
        Face {
            a: (lx & 31) | (ly & 31) << 5 | (z & 4095) << 10 | ao_bits << 22 | (flip as u32) << 30,
            b: rgb[0] as u32 | (rgb[1] as u32) << 8 | (rgb[2] as u32) << 16 | (dir & 7) << 24,
        }
    }

    pub fn lx(&self) -> u32 {
        self.a & 31
    }
    pub fn ly(&self) -> u32 {
        (self.a >> 5) & 31
    }
    pub fn z(&self) -> u32 {
        (self.a >> 10) & 4095
    }
    pub fn ao(&self) -> [u8; 4] {
        std::array::from_fn(|i| ((self.a >> (22 + 2 * i)) & 3) as u8)
    }
    pub fn flip(&self) -> bool {
        (self.a >> 30) & 1 != 0
    }
    pub fn rgb(&self) -> [u8; 3] {
        [self.b as u8, (self.b >> 8) as u8, (self.b >> 16) as u8]
    }
    pub fn dir(&self) -> u32 {
        (self.b >> 24) & 7
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        let f = Face::new(31, 7, 4095, 5, [0, 1, 2, 3], true, [1, 2, 3]);
        assert_eq!((f.lx(), f.ly(), f.z(), f.dir()), (31, 7, 4095, 5));
        assert_eq!(f.ao(), [0, 1, 2, 3]);
        assert!(f.flip());
        assert_eq!(f.rgb(), [1, 2, 3]);
    }

    #[test]
    fn corners_lie_on_their_side_and_wind_outward() {
        for (dir, corners) in CORNERS.iter().enumerate() {
            let n = NORMALS[dir];
            let axis = n.iter().position(|&v| v != 0).unwrap();
            let side = if n[axis] > 0 { 1 } else { 0 };
            let p: Vec<[i32; 3]> = corners.iter().map(|c| c.map(|v| v as i32)).collect();
            assert!(p.iter().all(|c| c[axis] == side), "dir {dir}");
            let sub = |a: [i32; 3], b: [i32; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
            let cross = |u: [i32; 3], v: [i32; 3]| {
                [
                    u[1] * v[2] - u[2] * v[1],
                    u[2] * v[0] - u[0] * v[2],
                    u[0] * v[1] - u[1] * v[0],
                ]
            };
            for (a, b, c) in [(0, 1, 2), (0, 2, 3), (1, 2, 3), (1, 3, 0)] {
                assert_eq!(
                    cross(sub(p[b], p[a]), sub(p[c], p[a])),
                    n,
                    "dir {dir} triangle {a}{b}{c}"
                );
            }
        }
    }
}
