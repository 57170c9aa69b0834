//! The 8-byte face record the GPU reads, and the corner table its shader uses.

use bytemuck::{Pod, Zeroable};

/// Face directions: the outward normal of the face, in store coordinates
/// (x, y columns; z = 0 at the sky, growing downward).
pub const DIR_POS_X: u8 = 0;
pub const DIR_NEG_X: u8 = 1;
pub const DIR_POS_Y: u8 = 2;
pub const DIR_NEG_Y: u8 = 3;
/// Toward the sky (smaller z): the face on the top side of a voxel.
pub const DIR_UP: u8 = 4;
/// Toward larger z: the face on the underside of a voxel.
pub const DIR_DOWN: u8 = 5;

/// The outward normal of each direction, in store coordinates (x, y, z).
pub const NORMALS: [[i8; 3]; 6] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, -1],
    [0, 0, 1],
];

/// The four corners of each face, indexed `CORNERS[dir][corner]`, as offsets
/// `[x, y, z]` (each 0 or 1) from the voxel's minimum corner, in store
/// coordinates. A corner's world position is
/// `(chunk.x0 + lx + cx, chunk.y0 + ly + cy, z + cz)`.
///
/// * **Which side is front:** the quad is seen from the air side, i.e. from
///   the side its normal ([`NORMALS`]) points to; the solid voxel is behind it.
/// * **Winding:** corners 0, 1, 2, 3 go around the quad (consecutive corners
///   share an edge; 0 and 2, and 1 and 3, are diagonal). They turn
///   counter-clockwise seen from the front in the right-handed frame
///   (x, y, z): `cross(c1 - c0, c2 - c1)` points along the outward normal.
///   Any rotation into world space keeps this; a reflection (a map with
///   determinant -1, such as world = (x, y, -z)) turns it clockwise.
/// * **AO order:** corner `i`'s ambient occlusion is [`Face::ao`]`()[i]`, bits
///   `2i..2i+1` of the AO byte.
/// * **Triangulation:** triangles (0, 1, 2) and (0, 2, 3) when the flip bit is
///   clear (split along diagonal 0-2), (1, 2, 3) and (1, 3, 0) when it is set
///   (split along 1-3). Both keep the counter-clockwise winding.
///
/// ```text
/// dir 0 +x:   (1,0,0) (1,1,0) (1,1,1) (1,0,1)
/// dir 1 -x:   (0,0,0) (0,0,1) (0,1,1) (0,1,0)
/// dir 2 +y:   (0,1,0) (0,1,1) (1,1,1) (1,1,0)
/// dir 3 -y:   (0,0,0) (1,0,0) (1,0,1) (0,0,1)
/// dir 4 up:   (0,0,0) (0,1,0) (1,1,0) (1,0,0)   (z = 0 side: toward the sky)
/// dir 5 down: (0,0,1) (1,0,1) (1,1,1) (0,1,1)
/// ```
pub const CORNERS: [[[u8; 3]; 4]; 6] = [
    [[1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 0, 1]],
    [[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 1, 0]],
    [[0, 1, 0], [0, 1, 1], [1, 1, 1], [1, 1, 0]],
    [[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 0, 1]],
    [[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 0, 0]],
    [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]],
];

/// The triangles of a quad, as corner indices: `TRIANGLES[flip as usize]`.
pub const TRIANGLES: [[u8; 6]; 2] = [[0, 1, 2, 0, 2, 3], [1, 2, 3, 1, 3, 0]];

/// One visible voxel face, 8 bytes, as uploaded to the GPU. The fields are
/// those of [`FIELDS`], which the shader reads through constants made from
/// the same table ([`wgsl_constants`]):
///
/// ```text
/// a: bits  0..5   lx    chunk-local x (0..31)
///    bits  5..10  ly    chunk-local y (0..31)
///    bits 10..22  z     store z of the solid voxel (0..4095)
///    bits 22..30  ao    2 bits per corner, corner i at bits 22+2i..; 0 darkest, 3 open
///    bit  30      flip  split the quad along diagonal 1-3 instead of 0-2
///    bit  31      0
/// b: bits  0..8   r
///    bits  8..16  g
///    bits 16..24  b
///    bits 24..27  dir   0 +x, 1 -x, 2 +y, 3 -y, 4 up (-z), 5 down (+z)
///    bit  27      water           VMF: a water surface, drawn translucent
///    bit  28      indestructible  VMF: tinted when the user asks
///    bits 29..32  glow            VMF: light emitted, 0 (none) to 7
/// ```
///
/// The plain mesher leaves bits 27..32 clear; `materials` sets them.
///
/// The position is the solid voxel's, not the face plane's: add
/// [`CORNERS`]`[dir]` to reach the quad.
#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable, Debug, PartialEq, Eq, Default)]
pub struct Face {
    pub a: u32,
    pub b: u32,
}

const _: () = assert!(std::mem::size_of::<Face>() == 8);

/// A field of the face record: in word `a` or `b`, `bits` wide from `shift`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// The name the shader knows it by: `FACE_<NAME>_SHIFT`, `_MASK`.
    pub name: &'static str,
    pub word: char,
    pub shift: u32,
    pub bits: u32,
}

impl Field {
    const fn new(name: &'static str, word: char, shift: u32, bits: u32) -> Field {
        Field {
            name,
            word,
            shift,
            bits,
        }
    }

    /// The field's value mask, before shifting.
    pub const fn mask(self) -> u32 {
        (1 << self.bits) - 1
    }
}

pub const LX: Field = Field::new("LX", 'a', 0, 5);
pub const LY: Field = Field::new("LY", 'a', 5, 5);
pub const Z: Field = Field::new("Z", 'a', 10, 12);
pub const AO: Field = Field::new("AO", 'a', 22, 8);
pub const FLIP: Field = Field::new("FLIP", 'a', 30, 1);
pub const DIR: Field = Field::new("DIR", 'b', 24, 3);
pub const WATER: Field = Field::new("WATER", 'b', 27, 1);
pub const INDESTRUCTIBLE: Field = Field::new("INDESTRUCTIBLE", 'b', 28, 1);
pub const GLOW: Field = Field::new("GLOW", 'b', 29, 3);

/// Every field but the colour bytes (b bits 0..24, read as they are).
pub const FIELDS: [Field; 9] = [LX, LY, Z, AO, FLIP, DIR, WATER, INDESTRUCTIBLE, GLOW];

pub(crate) const Z_SHIFT: u32 = Z.shift;
pub(crate) const AO_SHIFT: u32 = AO.shift;
pub(crate) const FLIP_SHIFT: u32 = FLIP.shift;
pub(crate) const DIR_SHIFT: u32 = DIR.shift;

/// WGSL constants for [`FIELDS`] (`const FACE_Z_SHIFT: u32 = 10u;` and its
/// `_MASK`), put in front of the voxel shader so both sides read one layout.
pub fn wgsl_constants() -> String {
    FIELDS
        .iter()
        .map(|f| {
            format!(
                "const FACE_{0}_SHIFT: u32 = {1}u;\nconst FACE_{0}_MASK: u32 = {2}u;\n",
                f.name,
                f.shift,
                f.mask()
            )
        })
        .collect()
}

impl Face {
    /// Packs a face. `lx`, `ly` < 32, `z` < 4096, `dir` < 6, AO values < 4.
    #[inline]
    pub fn new(lx: u32, ly: u32, z: u32, dir: u8, ao: [u8; 4], flip: bool, rgb: [u8; 3]) -> Self {
        debug_assert!(lx < 32 && ly < 32 && z < 4096 && dir < 6);
        debug_assert!(ao.iter().all(|&v| v < 4));
        let ao = ao[0] as u32 | (ao[1] as u32) << 2 | (ao[2] as u32) << 4 | (ao[3] as u32) << 6;
        Face {
            a: lx << LX.shift
                | ly << LY.shift
                | z << Z_SHIFT
                | ao << AO_SHIFT
                | (flip as u32) << FLIP_SHIFT,
            b: rgb[0] as u32
                | (rgb[1] as u32) << 8
                | (rgb[2] as u32) << 16
                | (dir as u32) << DIR_SHIFT,
        }
    }

    pub fn lx(&self) -> u32 {
        (self.a >> LX.shift) & LX.mask()
    }

    pub fn ly(&self) -> u32 {
        (self.a >> LY.shift) & LY.mask()
    }

    pub fn z(&self) -> u32 {
        (self.a >> Z_SHIFT) & Z.mask()
    }

    /// The AO byte as stored: corner i at bits 2i..2i+1.
    pub fn ao_bits(&self) -> u8 {
        (self.a >> AO_SHIFT) as u8
    }

    /// Per-corner AO, in [`CORNERS`] order: 0 darkest .. 3 open.
    pub fn ao(&self) -> [u8; 4] {
        let v = self.ao_bits();
        [v & 3, (v >> 2) & 3, (v >> 4) & 3, (v >> 6) & 3]
    }

    pub fn flip(&self) -> bool {
        (self.a >> FLIP_SHIFT) & 1 == 1
    }

    pub fn rgb(&self) -> [u8; 3] {
        [self.b as u8, (self.b >> 8) as u8, (self.b >> 16) as u8]
    }

    pub fn dir(&self) -> u8 {
        ((self.b >> DIR_SHIFT) & DIR.mask()) as u8
    }

    /// The solid voxel's store coordinates, given its chunk's first column.
    pub fn voxel(&self, x0: u32, y0: u32) -> [u32; 3] {
        [x0 + self.lx(), y0 + self.ly(), self.z()]
    }

    /// The quad's corners in store coordinates, in [`CORNERS`] order.
    pub fn corners(&self, x0: u32, y0: u32) -> [[u32; 3]; 4] {
        let v = self.voxel(x0, y0);
        CORNERS[self.dir() as usize]
            .map(|c| [v[0] + c[0] as u32, v[1] + c[1] as u32, v[2] + c[2] as u32])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(a: [u8; 3], b: [u8; 3]) -> [i32; 3] {
        [0, 1, 2].map(|i| a[i] as i32 - b[i] as i32)
    }

    fn cross(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    }

    #[test]
    fn packing_round_trips_every_field() {
        let f = Face::new(
            31,
            17,
            4095,
            DIR_DOWN,
            [3, 0, 2, 1],
            true,
            [0xAB, 0xCD, 0xEF],
        );
        assert_eq!(f.lx(), 31);
        assert_eq!(f.ly(), 17);
        assert_eq!(f.z(), 4095);
        assert_eq!(f.dir(), DIR_DOWN);
        assert_eq!(f.ao(), [3, 0, 2, 1]);
        assert!(f.flip());
        assert_eq!(f.rgb(), [0xAB, 0xCD, 0xEF]);
        // The exact bit layout the shader reads.
        assert_eq!(
            f.a,
            31 | 17 << 5 | 4095 << 10 | 0b01_10_00_11 << 22 | 1 << 30
        );
        assert_eq!(f.b, 0xAB | 0xCD << 8 | 0xEF << 16 | 5 << 24);
        assert_eq!(bytemuck::bytes_of(&f).len(), 8);
        let g = Face::new(0, 0, 0, DIR_POS_X, [0; 4], false, [0; 3]);
        assert_eq!((g.a, g.b), (0, 0));
    }

    #[test]
    fn fields_tile_their_words_without_overlap() {
        for word in ['a', 'b'] {
            let mut used = if word == 'b' { 0x00FF_FFFF } else { 0 };
            for f in FIELDS.iter().filter(|f| f.word == word) {
                let bits = (f.mask() as u64) << f.shift;
                assert!(bits <= u32::MAX as u64, "{} past bit 31", f.name);
                assert_eq!(used & bits as u32, 0, "{} overlaps", f.name);
                used |= bits as u32;
            }
        }
        let wgsl = wgsl_constants();
        assert!(wgsl.contains("const FACE_Z_SHIFT: u32 = 10u;"), "{wgsl}");
        assert!(wgsl.contains("const FACE_GLOW_MASK: u32 = 7u;"), "{wgsl}");
    }

    #[test]
    fn corners_lie_on_the_right_cube_side() {
        for (d, n) in NORMALS.iter().enumerate() {
            let axis = n.iter().position(|&v| v != 0).unwrap();
            let side = if n[axis] > 0 { 1 } else { 0 };
            let cs = CORNERS[d];
            for c in cs {
                assert_eq!(c[axis], side, "dir {d}: corner {c:?} off its side");
                assert!(c.iter().all(|&v| v <= 1));
            }
            // Four distinct corners: the whole side.
            for i in 0..4 {
                for j in i + 1..4 {
                    assert_ne!(cs[i], cs[j], "dir {d}");
                }
            }
        }
    }

    #[test]
    fn corners_go_around_the_quad_counter_clockwise_from_the_air() {
        for (d, n) in NORMALS.iter().enumerate() {
            let n = n.map(|v| v as i32);
            let cs = CORNERS[d];
            for i in 0..4 {
                let (p, c, q) = (cs[i], cs[(i + 1) % 4], cs[(i + 2) % 4]);
                // Consecutive corners share an edge: they differ in one axis.
                let e = sub(c, p);
                assert_eq!(e.iter().map(|v| v.abs()).sum::<i32>(), 1, "dir {d}");
                // Opposite corners are diagonal: they differ in two axes.
                let diag = sub(q, p);
                assert_eq!(diag.iter().map(|v| v.abs()).sum::<i32>(), 2, "dir {d}");
                // Every turn has the outward normal: counter-clockwise.
                assert_eq!(cross(e, sub(q, c)), n, "dir {d} at corner {i}");
            }
            // Both triangulations keep the winding.
            for tri in TRIANGLES {
                for t in tri.chunks(3) {
                    let [a, b, c] = [0, 1, 2].map(|k| cs[t[k] as usize]);
                    assert_eq!(cross(sub(b, a), sub(c, a)), n, "dir {d} tri {t:?}");
                }
            }
        }
    }
}
