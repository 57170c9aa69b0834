//! How a map's terrain is coloured beyond its textures: the colours of the
//! game era that drew its minimap.
//!
//! The w3i's water tint is not drawn: the game's minimaps, whose colours
//! every view draws, leave it out. On the 24 corpus maps that turn it on,
//! water drawn under it was further from the minimap on 20 and nearer on
//! none by more than 0.4 (Fel'ror Coast, tinted red: 12.6 untinted, 21.8
//! tinted; tests/minimap.rs).

use super::game_colors::Era;

/// A terrain's colouring. A bare W3E's is the released game's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Look {
    pub era: Era,
}

impl From<Era> for Look {
    fn from(era: Era) -> Look {
        Look { era }
    }
}
