//! How a map's terrain is coloured beyond its textures: the colours of the
//! game era that drew its minimap, and the water tint its w3i asks for.

use super::game_colors::Era;

/// A terrain's colouring. A bare W3E's is the released game's, untinted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Look {
    pub era: Era,
    /// The w3i's water tint (RGB) where the map's flags turn it on: the
    /// water's colour is multiplied by it, as the game tints its water.
    pub water_tint: Option<[u8; 3]>,
}

impl From<Era> for Look {
    fn from(era: Era) -> Look {
        Look {
            era,
            water_tint: None,
        }
    }
}

impl Look {
    /// Water colour `c` under the tint, if any.
    pub fn tint_water(&self, c: [u8; 3]) -> [u8; 3] {
        let Some(tint) = self.water_tint else {
            return c;
        };
        std::array::from_fn(|i| ((c[i] as u32 * tint[i] as u32 + 127) / 255) as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tint_multiplies_the_water_and_white_leaves_it() {
        let c = [40, 120, 200];
        assert_eq!(Look::from(Era::Release).tint_water(c), c);
        let white = Look {
            water_tint: Some([255; 3]),
            ..Look::default()
        };
        assert_eq!(white.tint_water(c), c);
        let brown = Look {
            water_tint: Some([90, 40, 0]),
            ..Look::default()
        };
        assert_eq!(brown.tint_water(c), [14, 19, 0]);
    }
}
