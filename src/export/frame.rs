//! From map coordinates to glTF's: axes, units and colours.
//!
//! Map coordinates (as every mesher writes them): x east, y south, z down,
//! one unit a voxel, a Warcraft III tile or an Alithia cell. glTF: +Y up,
//! right-handed, metres. So glTF X = x (east), Y = -z (up), Z = y (south):
//! a rotation, which keeps every quad's winding, with north toward -Z.

/// Metres a voxel: AoS and VMF maps, as voxel editors export them.
pub const VOXEL_METRES: f32 = 1.0;
/// Metres a Warcraft III tile: 128 game units, taken as an inch each
/// (a footman, about 32 units across, comes out some 80 cm wide).
pub const TILE_METRES: f32 = 128.0 * 0.0254;
/// Metres an Alithia cell: 16 world units, an inch each.
pub const CELL_METRES: f32 = 16.0 * 0.0254;

/// Turns map coordinates into glTF's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Metres a map unit.
    pub metres: f32,
    /// The map z that becomes glTF's Y = 0 (a voxel map's bottom, so the
    /// map stands on the ground plane instead of hanging below it).
    pub ground_z: f32,
}

impl Frame {
    /// A point.
    #[inline]
    pub fn point(&self, [x, y, z]: [f32; 3]) -> [f32; 3] {
        let m = self.metres;
        [x * m, (self.ground_z - z) * m, y * m]
    }

    /// A direction or a size (no offset, no unit scale).
    #[inline]
    pub fn axes([x, y, z]: [f32; 3]) -> [f32; 3] {
        [x, -z, y]
    }
}

/// The viewer's 8-bit colour (sRGB, as it writes to the screen) as glTF's
/// linear 16-bit vertex colour, which viewers encode back to the same sRGB.
#[inline]
pub fn linear16(rgb: [u8; 3], alpha: f32) -> [u16; 4] {
    let [r, g, b] = rgb.map(|c| LINEAR16[c as usize]);
    [r, g, b, (alpha.clamp(0.0, 1.0) * 65535.0 + 0.5) as u16]
}

/// A 0..1 sRGB value as linear 0..65535.
#[inline]
pub fn linear16_of(c: f32) -> u16 {
    (srgb_to_linear(c.clamp(0.0, 1.0)) * 65535.0 + 0.5) as u16
}

fn srgb_to_linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// [`linear16`] of every 8-bit value, worked out once.
static LINEAR16: std::sync::LazyLock<[u16; 256]> =
    std::sync::LazyLock::new(|| std::array::from_fn(|i| linear16_of(i as f32 / 255.0)));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn up_is_plus_y_and_north_is_minus_z() {
        let f = Frame {
            metres: 2.0,
            ground_z: 64.0,
        };
        // The sky (z = 0) is 64 voxels up; one step south is +Z.
        assert_eq!(f.point([1.0, 3.0, 0.0]), [2.0, 128.0, 6.0]);
        assert_eq!(f.point([0.0, 0.0, 64.0]), [0.0, 0.0, 0.0]);
        assert_eq!(Frame::axes([0.0, -1.0, 0.0]), [0.0, 0.0, -1.0]);
    }

    #[test]
    fn colours_go_to_linear_and_keep_their_ends() {
        assert_eq!(linear16([0, 255, 0], 1.0), [0, 65535, 0, 65535]);
        // sRGB 50% grey is about 21% linear.
        let mid = linear16([128, 128, 128], 0.5)[0] as f32 / 65535.0;
        assert!((mid - 0.2158).abs() < 0.001, "{mid}");
        assert_eq!(linear16([1, 1, 1], 0.0)[3], 0);
    }
}
