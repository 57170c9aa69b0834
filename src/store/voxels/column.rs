//! One column of the store, read-only: its voxels and its runs as the VXL
//! spec names them (air, top colours, solid, bottom colours).

use super::{Color, MaterialRun, Slab};

/// A read-only view of one column.
#[derive(Debug, Clone, Copy)]
pub struct Column<'a> {
    pub slabs: &'a [Slab],
    pub colors: &'a [Color],
    pub materials: &'a [MaterialRun],
    pub depth: u32,
}

/// What a voxel is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voxel {
    Air,
    /// A filled voxel; `color` is `None` for hidden solid voxels.
    Solid {
        color: Option<Color>,
        water: bool,
        indestructible: bool,
    },
}

/// One run of a column as the VXL spec names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunKind {
    Air,
    TopColors,
    Solid,
    BottomColors,
}

/// A run `[z0, z1)` of one kind; coloured runs carry their colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run<'a> {
    pub kind: RunKind,
    pub z0: u32,
    pub z1: u32,
    pub colors: &'a [Color],
}

impl<'a> Column<'a> {
    /// The colours of slab `i`: (top run, bottom run).
    pub fn slab_colors(&self, i: usize) -> (&'a [Color], &'a [Color]) {
        let start: usize = self.slabs[..i].iter().map(Slab::colors).sum();
        let s = &self.slabs[i];
        let top = &self.colors[start..start + s.top_len as usize];
        let bottom = &self.colors[start + s.top_len as usize..start + s.colors()];
        (top, bottom)
    }

    pub fn voxel(&self, z: u32) -> Voxel {
        let mut start = 0usize;
        for s in self.slabs {
            let (top, bottom) = (s.top as u32, s.bottom as u32);
            if z < top {
                return Voxel::Air;
            }
            if z < bottom {
                let color = if z < top + s.top_len as u32 {
                    Some(self.colors[start + (z - top) as usize])
                } else if z >= bottom - s.bottom_len as u32 {
                    let i = s.top_len as u32 + z - (bottom - s.bottom_len as u32);
                    Some(self.colors[start + i as usize])
                } else {
                    None
                };
                let m = self
                    .materials
                    .iter()
                    .find(|m| (m.z0 as u32..m.z1 as u32).contains(&z));
                return Voxel::Solid {
                    color,
                    water: m.is_some_and(|m| m.water),
                    indestructible: m.is_some_and(|m| m.indestructible),
                };
            }
            start += s.colors();
        }
        Voxel::Air
    }

    /// The runs (air, top colours, solid, bottom colours) from z = 0 to the
    /// bottom, as the VXL spec names them. Empty runs are left out.
    pub fn runs(&self) -> Vec<Run<'a>> {
        let mut out = Vec::with_capacity(self.slabs.len() * 4 + 1);
        let mut z = 0u32;
        let mut start = 0usize;
        let mut push = |kind, z0: u32, z1: u32, colors: &'a [Color]| {
            if z1 > z0 {
                out.push(Run {
                    kind,
                    z0,
                    z1,
                    colors,
                });
            }
        };
        for s in self.slabs {
            let (top, bottom) = (s.top as u32, s.bottom as u32);
            let (tl, bl) = (s.top_len as u32, s.bottom_len as u32);
            push(RunKind::Air, z, top, &[]);
            let top_colors = &self.colors[start..start + tl as usize];
            let bottom_colors = &self.colors[start + tl as usize..start + s.colors()];
            push(RunKind::TopColors, top, top + tl, top_colors);
            push(RunKind::Solid, top + tl, bottom - bl, &[]);
            push(RunKind::BottomColors, bottom - bl, bottom, bottom_colors);
            start += s.colors();
            z = bottom;
        }
        push(RunKind::Air, z, self.depth, &[]);
        out
    }
}
