//! A ground colour kept with its channels in 16-bit lanes of a `u64`.

/// An RGB colour in lanes: red in bits 0-7, green 16-23, blue 32-39.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct LanedRgb(u64);

impl LanedRgb {
    pub(super) fn new(c: [u8; 3]) -> LanedRgb {
        LanedRgb(c[0] as u64 | (c[1] as u64) << 16 | (c[2] as u64) << 32)
    }

    /// As a ground vertex's colour (see [`super::GROUND_ALPHA`]).
    pub(super) fn rgba(self) -> [u8; 4] {
        let [r, g, b] = self.rgb();
        [r, g, b, super::GROUND_ALPHA]
    }

    pub(super) fn rgb(self) -> [u8; 3] {
        [self.0 as u8, (self.0 >> 16) as u8, (self.0 >> 32) as u8]
    }
}
