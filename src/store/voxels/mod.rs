//! The voxel store for VXL and VMF maps, read by chunks.
//!
//! Each column is a list of solid *slabs*, top to bottom. A slab is a solid
//! interval `[top, bottom)` whose first `top_len` voxels and last `bottom_len`
//! voxels carry colours: exactly one VXL span. Only surface colours are kept, so
//! the store is about the size of a VXL file (about 5 bytes a coloured voxel),
//! never 4 or 8 bytes a voxel. Coordinates follow VXL: x, y are columns and
//! z = 0 is the top of the map (the sky); z grows downward.

/// Columns per chunk side.
pub const CHUNK: u32 = 32;

/// The largest map the store accepts, per side and in depth. Larger declared
/// sizes are refused with an error naming this limit.
pub const MAX_SIDE: u32 = 16384;
pub const MAX_DEPTH: u32 = 4096;

mod column;
#[cfg(test)]
pub(crate) mod fixtures;
mod grey_tops;
mod starts;
#[cfg(test)]
mod tests;

pub use column::{Column, Run, RunKind, Voxel};
pub(crate) use starts::ColumnStarts;

/// One solid interval of a column, with its surface colour runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
pub struct Slab {
    /// First solid z (the top colour run starts here).
    pub top: u16,
    /// Number of coloured voxels from `top` down.
    pub top_len: u16,
    /// One past the last solid z.
    pub bottom: u16,
    /// Number of coloured voxels ending at `bottom`.
    pub bottom_len: u16,
}

impl Slab {
    pub fn colors(&self) -> usize {
        self.top_len as usize + self.bottom_len as usize
    }

    pub fn height(&self) -> u32 {
        (self.bottom - self.top) as u32
    }
}

/// A colour as stored: the file's four bytes read as a little-endian u32, so
/// 0xAARRGGBB. The top byte is the VXL "alpha"/shade byte, or VMF's light.
pub type Color = u32;

pub fn rgb(c: Color) -> [u8; 3] {
    [(c >> 16) as u8, (c >> 8) as u8, c as u8]
}

pub fn fourth_byte(c: Color) -> u8 {
    (c >> 24) as u8
}

/// What the top byte of a stored colour means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FourthByte {
    /// VXL: a shade or constant written by the saving tool.
    Shade,
    /// VMF: the amount of light the voxel emits.
    Light,
}

/// VMF-only voxel properties, as runs over z in one column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaterialRun {
    /// Column index in the map (y * width + x).
    pub column: u32,
    pub z0: u16,
    /// One past the last z.
    pub z1: u16,
    pub water: bool,
    pub indestructible: bool,
}

/// A 32 x 32 block of columns (fewer at the map's far edges): the unit the
/// mesher builds and re-builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkRect {
    /// The column coordinates of this chunk's first column.
    pub x0: u32,
    pub y0: u32,
    pub width: u32,
    pub length: u32,
}

/// A store's arrays, as a decoder builds them in one pass.
#[derive(Debug, Default)]
pub(crate) struct StoreParts {
    /// Per column plus one: a leading 0, then each column's slab end.
    pub(crate) slab_starts: ColumnStarts,
    /// Per column plus one: a leading 0, then each column's colour end.
    pub(crate) color_starts: ColumnStarts,
    pub(crate) slabs: Vec<Slab>,
    pub(crate) colors: Vec<Color>,
}

/// Some columns of a row, for the mesher's hottest loops, which index them
/// themselves rather than going through an iterator a column: column j's
/// slabs are `slabs[slab_ends[j]..slab_ends[j + 1]]`, and its colours
/// likewise (the ends as [`VoxelStore::row_starts`] gives them).
#[derive(Debug, Clone, Copy)]
pub(crate) struct RowParts<'a> {
    pub(crate) slab_ends: &'a [u32],
    pub(crate) color_ends: &'a [u32],
    pub(crate) slabs: &'a [Slab],
    pub(crate) colors: &'a [Color],
}

impl<'a> RowParts<'a> {
    /// The columns whose slabs and colours start at `slab_ends` and
    /// `color_ends` in `store`.
    #[inline(always)]
    pub(crate) fn new(store: &'a VoxelStore, slab_ends: &'a [u32], color_ends: &'a [u32]) -> Self {
        RowParts {
            slab_ends,
            color_ends,
            slabs: &store.slabs,
            colors: &store.colors,
        }
    }

    /// Column j's slabs and colours.
    #[inline]
    pub(crate) fn column(&self, j: usize) -> (&'a [Slab], &'a [Color]) {
        let (s, c) = (self.slab_ends, self.color_ends);
        let s = s[j] as usize..s[j + 1] as usize;
        let c = c[j] as usize..c[j + 1] as usize;
        (&self.slabs[s], &self.colors[c])
    }
}

/// The store. Columns are kept in row-major order (as VXL stores them) in a
/// few flat arrays: decoders write them as one sequential stream, which is
/// what makes loading fast. Chunks are views onto it ([`ChunkRect`]).
#[derive(Debug, Clone, PartialEq)]
pub struct VoxelStore {
    width: u32,
    length: u32,
    depth: u32,
    /// Per column plus one: index of its first slab (a leading 0, then ends).
    slab_starts: ColumnStarts,
    /// Per column plus one: index of its first colour.
    color_starts: ColumnStarts,
    slabs: Vec<Slab>,
    colors: Vec<Color>,
    /// Sorted by column, then z.
    materials: Vec<MaterialRun>,
    pub fourth_byte: FourthByte,
}

impl VoxelStore {
    /// An empty store, to be filled column by column in row-major order
    /// (y, then x) with [`Self::push_slab`], [`Self::push_colors`] and
    /// [`Self::end_column`]. Sizes must already be checked against
    /// [`MAX_SIDE`] and [`MAX_DEPTH`].
    pub fn new(width: u32, length: u32, depth: u32, fourth_byte: FourthByte) -> Self {
        let columns = width as usize * length as usize;
        let mut slab_starts = ColumnStarts::with_capacity(columns + 1);
        slab_starts.push(0);
        let mut color_starts = ColumnStarts::with_capacity(columns + 1);
        color_starts.push(0);
        let parts = StoreParts {
            slab_starts,
            color_starts,
            ..Default::default()
        };
        Self::assemble([width, length, depth], fourth_byte, parts)
    }

    /// The store holding `parts` as they are, its size checked.
    fn assemble(dims: [u32; 3], fourth_byte: FourthByte, parts: StoreParts) -> Self {
        let [width, length, depth] = dims;
        assert!(width >= 1 && length >= 1 && width <= MAX_SIDE && length <= MAX_SIDE);
        assert!((1..=MAX_DEPTH).contains(&depth));
        VoxelStore {
            width,
            length,
            depth,
            slab_starts: parts.slab_starts,
            color_starts: parts.color_starts,
            slabs: parts.slabs,
            colors: parts.colors,
            materials: Vec::new(),
            fourth_byte,
        }
    }

    /// A store from arrays built elsewhere; spare capacity is freed.
    /// `parts` must hold `width * length` columns.
    pub(crate) fn from_parts(dims: [u32; 3], fourth_byte: FourthByte, parts: StoreParts) -> Self {
        // Not through `new`: its empty indexes, sized for every column, would
        // be 1 MB more at the peak of loading a 512 x 512 map.
        let mut store = Self::assemble(dims, fourth_byte, parts);
        store.finish();
        store
    }

    /// Appends a slab to the column being built. Its colours follow with
    /// [`Self::push_colors`]: top colours first, then bottom colours.
    #[inline]
    pub fn push_slab(&mut self, slab: Slab) {
        self.slabs.push(slab);
    }

    #[inline]
    pub fn push_colors(&mut self, colors: impl IntoIterator<Item = Color>) {
        self.colors.extend(colors);
    }

    /// Appends colours given as the file's raw 4-byte groups.
    #[inline]
    pub fn push_raw_colors(&mut self, raw: &[u8]) {
        let n = raw.len() / 4;
        if n > 8 && cfg!(target_endian = "little") {
            // Long runs: one memory copy.
            let old = self.colors.len();
            self.colors.resize(old + n, 0);
            bytemuck::cast_slice_mut::<Color, u8>(&mut self.colors[old..])
                .copy_from_slice(&raw[..n * 4]);
        } else {
            // Most spans hold a few colours; a call to memcpy costs more than the copy.
            for c in raw.chunks_exact(4) {
                self.colors
                    .push(u32::from_le_bytes([c[0], c[1], c[2], c[3]]));
            }
        }
    }

    /// Marks `[z0, z1)` of the column being built as water or indestructible.
    pub fn push_material(&mut self, z0: u16, z1: u16, water: bool, indestructible: bool) {
        self.materials.push(MaterialRun {
            column: self.columns_done() as u32,
            z0,
            z1,
            water,
            indestructible,
        });
    }

    /// Closes the column being built.
    #[inline]
    pub fn end_column(&mut self) {
        self.slab_starts.push(self.slabs.len() as u32);
        self.color_starts.push(self.colors.len() as u32);
    }

    /// Number of columns already finished.
    pub fn columns_done(&self) -> usize {
        self.slab_starts.len() - 1
    }

    /// Reserves room for exactly this many more slabs and colours.
    pub fn reserve_exact(&mut self, slabs: usize, colors: usize) {
        self.slabs.reserve_exact(slabs);
        self.colors.reserve_exact(colors);
    }

    /// Reserves room for exactly this many more material runs (VMF).
    pub fn reserve_materials(&mut self, runs: usize) {
        self.materials.reserve_exact(runs);
    }

    /// Frees spare capacity after filling.
    pub fn finish(&mut self) {
        debug_assert_eq!(
            self.columns_done(),
            self.width as usize * self.length as usize
        );
        self.slabs.shrink_to_fit();
        self.colors.shrink_to_fit();
        self.materials.shrink_to_fit();
        self.slab_starts.finish();
        self.color_starts.finish();
    }

    /// `[width (x), length (y), depth (z)]`.
    pub fn dims(&self) -> [u32; 3] {
        [self.width, self.length, self.depth]
    }

    pub fn width(&self) -> u32 {
        self.width
    }
    pub fn length(&self) -> u32 {
        self.length
    }
    pub fn depth(&self) -> u32 {
        self.depth
    }

    pub fn chunks_x(&self) -> u32 {
        self.width.div_ceil(CHUNK)
    }

    pub fn chunks_y(&self) -> u32 {
        self.length.div_ceil(CHUNK)
    }

    /// The chunk with index `i` (row-major over chunks).
    pub fn chunk(&self, i: usize) -> ChunkRect {
        let cx = i as u32 % self.chunks_x();
        let cy = i as u32 / self.chunks_x();
        let (x0, y0) = (cx * CHUNK, cy * CHUNK);
        ChunkRect {
            x0,
            y0,
            width: CHUNK.min(self.width - x0),
            length: CHUNK.min(self.length - y0),
        }
    }

    /// Every chunk, row-major.
    pub fn chunks(&self) -> impl ExactSizeIterator<Item = ChunkRect> + '_ {
        (0..(self.chunks_x() * self.chunks_y()) as usize).map(|i| self.chunk(i))
    }

    pub fn chunk_index(&self, x: u32, y: u32) -> usize {
        ((y / CHUNK) * self.chunks_x() + x / CHUNK) as usize
    }

    pub fn in_bounds(&self, x: i64, y: i64, z: i64) -> bool {
        x >= 0
            && y >= 0
            && z >= 0
            && x < self.width as i64
            && y < self.length as i64
            && z < self.depth as i64
    }

    /// Column (x, y)'s slabs and colours, without its VMF materials: the
    /// cheap accessor for hot loops.
    #[inline]
    pub fn surface(&self, x: u32, y: u32) -> (&[Slab], &[Color]) {
        let i = y as usize * self.width as usize + x as usize;
        let (s, c) = (self.slab_starts.range(i), self.color_starts.range(i));
        (&self.slabs[s], &self.colors[c])
    }

    /// The slabs of columns `xs` of row `y`, in order: for hot loops that
    /// read the store a row at a time.
    #[inline]
    pub fn row_slabs(
        &self,
        y: u32,
        xs: std::ops::Range<u32>,
    ) -> impl Iterator<Item = &[Slab]> + '_ {
        let i = y as usize * self.width as usize + xs.start as usize;
        (i..i + xs.len()).map(|i| &self.slabs[self.slab_starts.range(i)])
    }

    /// Where the slabs and the colours of columns `xs` of row `y` start,
    /// and where the last one's end, into `slab_ends` and `color_ends`
    /// (each one longer than `xs`).
    #[inline(always)]
    pub(crate) fn row_starts(
        &self,
        y: u32,
        xs: std::ops::Range<u32>,
        slab_ends: &mut [u32],
        color_ends: &mut [u32],
    ) {
        let i = y as usize * self.width as usize + xs.start as usize;
        self.slab_starts.fill(i, &mut slab_ends[..=xs.len()]);
        self.color_starts.fill(i, &mut color_ends[..=xs.len()]);
    }

    /// The memory that columns `xs` of row `y` lie in, as bytes: where
    /// their slabs and colours start, and those slabs and colours (for
    /// asking for it ahead of reading it).
    #[inline(always)]
    pub(crate) fn row_memory(&self, y: u32, xs: std::ops::Range<u32>) -> [&[u8]; 6] {
        let i = y as usize * self.width as usize + xs.start as usize;
        let entries = i..i + xs.len() + 1;
        let [s0, s1] = self.slab_starts.memory(entries.clone());
        let [c0, c1] = self.color_starts.memory(entries);
        let (slabs, colors) = (
            self.slab_starts.get(i) as usize..self.slab_starts.get(i + xs.len()) as usize,
            self.color_starts.get(i) as usize..self.color_starts.get(i + xs.len()) as usize,
        );
        [
            s0,
            s1,
            c0,
            c1,
            bytemuck::cast_slice(&self.slabs[slabs]),
            bytemuck::cast_slice(&self.colors[colors]),
        ]
    }

    /// The slabs and colours of columns `xs` of row `y`, in order: for hot
    /// loops that read the store a row at a time.
    #[inline]
    pub fn row_surfaces(
        &self,
        y: u32,
        xs: std::ops::Range<u32>,
    ) -> impl Iterator<Item = (&[Slab], &[Color])> + '_ {
        let i = y as usize * self.width as usize + xs.start as usize;
        (i..i + xs.len()).map(|i| {
            (
                &self.slabs[self.slab_starts.range(i)],
                &self.colors[self.color_starts.range(i)],
            )
        })
    }

    pub fn column(&self, x: u32, y: u32) -> Column<'_> {
        let i = y as usize * self.width as usize + x as usize;
        let (s, c) = (self.slab_starts.range(i), self.color_starts.range(i));
        let materials = if self.materials.is_empty() {
            &[][..]
        } else {
            let lo = self.materials.partition_point(|m| (m.column as usize) < i);
            let hi = self.materials.partition_point(|m| (m.column as usize) <= i);
            &self.materials[lo..hi]
        };
        Column {
            slabs: &self.slabs[s],
            colors: &self.colors[c],
            materials,
            depth: self.depth,
        }
    }

    pub fn voxel(&self, x: u32, y: u32, z: u32) -> Voxel {
        if x >= self.width || y >= self.length || z >= self.depth {
            return Voxel::Air;
        }
        self.column(x, y).voxel(z)
    }

    /// Whether (x, y, z) is filled (solid or water). Outside the map is air.
    pub fn solid(&self, x: u32, y: u32, z: u32) -> bool {
        matches!(self.voxel(x, y, z), Voxel::Solid { .. })
    }

    /// The stored colour of (x, y, z); `None` for air and hidden solid voxels.
    pub fn color(&self, x: u32, y: u32, z: u32) -> Option<Color> {
        match self.voxel(x, y, z) {
            Voxel::Solid { color, .. } => color,
            Voxel::Air => None,
        }
    }

    /// Number of coloured voxels stored.
    pub fn colored_voxels(&self) -> u64 {
        self.colors.len() as u64
    }

    /// Number of filled voxels (solid and water).
    pub fn filled_voxels(&self) -> u64 {
        self.slabs.iter().map(|s| s.height() as u64).sum()
    }

    /// Every VMF material run, sorted by column then z.
    pub fn materials(&self) -> &[MaterialRun] {
        &self.materials
    }

    /// The largest fourth colour byte stored (VMF: the brightest light).
    pub fn max_fourth_byte(&self) -> u8 {
        self.colors
            .iter()
            .map(|&c| fourth_byte(c))
            .max()
            .unwrap_or(0)
    }

    /// Number of water voxels (VMF only).
    pub fn water_voxels(&self) -> u64 {
        self.material_voxels(|m| m.water)
    }

    pub fn indestructible_voxels(&self) -> u64 {
        self.material_voxels(|m| m.indestructible)
    }

    fn material_voxels(&self, pick: impl Fn(&MaterialRun) -> bool) -> u64 {
        self.materials
            .iter()
            .filter(|m| pick(m))
            .map(|m| (m.z1 - m.z0) as u64)
            .sum()
    }

    /// Bytes the store holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.slab_starts.heap_bytes()
            + self.color_starts.heap_bytes()
            + self.slabs.capacity() * std::mem::size_of::<Slab>()
            + self.colors.capacity() * 4
            + self.materials.capacity() * std::mem::size_of::<MaterialRun>()
    }

    /// Checks the store's invariants; for tests and after building by hand.
    pub fn validate(&self) -> Result<(), String> {
        let columns = self.width as usize * self.length as usize;
        if self.columns_done() != columns {
            return Err(format!(
                "{} of {columns} columns filled",
                self.columns_done()
            ));
        }
        for y in 0..self.length {
            for x in 0..self.width {
                let col = self.column(x, y);
                let mut z = 0u32;
                let mut n = 0usize;
                for s in col.slabs {
                    let (top, bottom) = (s.top as u32, s.bottom as u32);
                    if top < z || bottom <= top || bottom > self.depth {
                        return Err(format!(
                            "column ({x}, {y}): slab {top}..{bottom} out of order"
                        ));
                    }
                    if s.colors() as u32 > bottom - top {
                        return Err(format!(
                            "column ({x}, {y}): slab {top}..{bottom} has {} colours",
                            s.colors()
                        ));
                    }
                    z = bottom;
                    n += s.colors();
                }
                if n != col.colors.len() {
                    return Err(format!("column ({x}, {y}): colour count mismatch"));
                }
            }
        }
        if !self.materials.is_sorted_by_key(|m| (m.column, m.z0)) {
            return Err("material runs out of order".into());
        }
        Ok(())
    }
}
