//! Texture colours by table offset, worked out once per world, and found
//! by offset in one step: a world names a texture for every floor,
//! ceiling and wall quad, and searching the table for each would cost a
//! tenth of the meshing.

use super::super::palette::hashed;
use crate::store::cells::AlwWorld;

/// Grey, for quads with no texture or a dangling offset.
const NO_TEXTURE: [u8; 3] = [150; 3];
/// The largest table offset looked up in one step; worlds with textures
/// further on (only hand-built ones) are searched instead.
const MAX_DIRECT_OFFSET: u32 = 1 << 20;
/// In [`TextureColors::by_offset`]: no texture starts at this offset.
const NONE: u32 = u32::MAX;

pub(super) struct TextureColors {
    /// Table offsets, sorted (as [`AlwWorld::textures`] keeps them).
    offsets: Vec<u32>,
    rgb: Vec<[u8; 3]>,
    /// The index in the table of the texture at each offset ([`NONE`] for
    /// none), when the offsets are strictly increasing and small enough;
    /// else empty.
    by_offset: Vec<u32>,
}

impl TextureColors {
    pub(super) fn new(world: &AlwWorld) -> TextureColors {
        let offsets: Vec<u32> = world.textures.iter().map(|(o, _)| *o).collect();
        // Strictly increasing, so a direct look-up finds what a binary
        // search would.
        let increasing = offsets.windows(2).all(|p| p[0] < p[1]);
        let last = offsets.last().copied().unwrap_or(0);
        let mut by_offset = Vec::new();
        if increasing && last <= MAX_DIRECT_OFFSET && offsets.len() < NONE as usize {
            by_offset = vec![NONE; last as usize + 1];
            for (i, &o) in offsets.iter().enumerate() {
                by_offset[o as usize] = i as u32;
            }
        }
        TextureColors {
            offsets,
            rgb: world.textures.iter().map(|(_, n)| hashed(n)).collect(),
            by_offset,
        }
    }

    /// Index in the table of the texture at `offset`; `None` for none or a
    /// dangling offset.
    #[inline]
    pub(super) fn index(&self, offset: u32) -> Option<usize> {
        if offset == 0 {
            return None;
        }
        if self.by_offset.is_empty() {
            return self.offsets.binary_search(&offset).ok();
        }
        match self.by_offset.get(offset as usize) {
            Some(&i) if i != NONE => Some(i as usize),
            _ => None,
        }
    }

    /// The colour of the texture at `offset`; grey for none.
    #[inline]
    pub(super) fn of(&self, offset: u32) -> [u8; 3] {
        match self.index(offset) {
            Some(i) => self.rgb[i],
            None => NO_TEXTURE,
        }
    }

    /// The textures the cells name, with their colours, in the order cells
    /// first name them.
    pub(super) fn legend(&self, world: &AlwWorld) -> Vec<(String, [u8; 3])> {
        let mut seen = vec![false; self.offsets.len()];
        let mut legend: Vec<(String, [u8; 3])> = Vec::new();
        // Neighbouring cells mostly name the same textures: an offset the
        // last cell named in the same slot has been dealt with.
        let mut last = [0; 6];
        for cell in &world.cells {
            let refs = cell.texture_refs();
            for (offset, last) in refs.into_iter().zip(&mut last) {
                if std::mem::replace(last, offset) == offset {
                    continue;
                }
                let Some(i) = self.index(offset) else {
                    continue;
                };
                // A name may stand twice in the table (2010-08 writers).
                let name = &world.textures[i].1;
                if !std::mem::replace(&mut seen[i], true) && !legend.iter().any(|(n, _)| n == name)
                {
                    legend.push((name.clone(), self.rgb[i]));
                }
            }
        }
        legend
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::cells::AlwLayout;

    #[test]
    fn direct_look_up_finds_what_a_search_finds() {
        let mut w = crate::samples::alw_room(4, 4, AlwLayout::Engine201008);
        w.add_texture("more");
        let direct = TextureColors::new(&w);
        assert!(!direct.by_offset.is_empty());
        // Out of order: searched, as before.
        w.textures.swap(0, 1);
        let searched = TextureColors::new(&w);
        assert!(searched.by_offset.is_empty());
        w.textures.swap(0, 1);
        let last = direct.offsets.last().copied().unwrap();
        for offset in 0..last + 300 {
            let search = (offset != 0)
                .then(|| direct.offsets.binary_search(&offset).ok())
                .flatten();
            assert_eq!(direct.index(offset), search, "offset {offset}");
        }
        assert_eq!(direct.of(0), NO_TEXTURE);
        assert_eq!(direct.of(u32::MAX), NO_TEXTURE);
    }
}
