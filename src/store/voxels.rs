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

/// A span header as VXL would store it: N, S, E, A.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawSpan {
    pub n: u8,
    pub s: u8,
    pub e: u8,
    pub a: u8,
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

    /// The span headers a VXL writer stores for this column. `None` where the
    /// column cannot be written as VXL (see [`Column::vxl_problem`]). A column
    /// with air at the bottom ends in an empty span with S = depth, as real
    /// maps do.
    pub fn raw_spans(&self) -> Option<Vec<RawSpan>> {
        if self.vxl_problem().is_some() {
            return None;
        }
        let grounded = self
            .slabs
            .last()
            .is_some_and(|s| s.bottom as u32 == self.depth);
        let mut spans: Vec<RawSpan> = self
            .slabs
            .iter()
            .enumerate()
            .map(|(i, s)| RawSpan {
                n: (1 + s.colors()) as u8,
                s: s.top as u8,
                e: (s.top as i32 + s.top_len as i32 - 1) as u8,
                a: if i == 0 {
                    0
                } else {
                    self.slabs[i - 1].bottom as u8
                },
            })
            .collect();
        if grounded {
            let (last, slab) = (
                spans.last_mut().expect("grounded means a slab"),
                self.slabs[self.slabs.len() - 1],
            );
            last.n = 0;
            // A floor slab coloured all the way down is one top run.
            last.e = (slab.top as i32 + slab.colors() as i32 - 1) as u8;
        } else {
            spans.push(RawSpan {
                n: 0,
                s: self.depth as u8,
                e: (self.depth - 1) as u8,
                a: self.slabs.last().map_or(0, |s| s.bottom as u8),
            });
        }
        Some(spans)
    }

    /// Why this column has no VXL encoding, if it has none.
    pub fn vxl_problem(&self) -> Option<String> {
        if self.depth > 256 {
            return Some(format!("depth {} is more than VXL's 256", self.depth));
        }
        match self.slabs.last() {
            Some(last)
                if last.bottom as u32 == self.depth
                    && last.bottom_len != 0
                    && last.colors() < last.height() as usize =>
            {
                return Some("bottom colours on the map floor, which VXL cannot store".into());
            }
            Some(last) if last.bottom as u32 == self.depth => {}
            // Air at the bottom: an empty last span with S = depth says so.
            _ if self.depth > 255 => {
                return Some(
                    "air at the bottom of a 256-deep column, which VXL cannot store".into(),
                );
            }
            _ => {}
        }
        for s in self.slabs {
            if s.top == 0 && s.top_len == 0 {
                return Some("solid at z=0 with no top colour, which VXL cannot store".into());
            }
            if s.colors() + 1 > 255 {
                return Some(format!(
                    "a span of {} colours, more than VXL's 254",
                    s.colors()
                ));
            }
        }
        None
    }
}

/// A store's arrays, as a decoder builds them in one pass.
#[derive(Debug, Default)]
pub struct StoreParts {
    /// Per column plus one: a leading 0, then each column's slab end.
    pub slab_index: Vec<u32>,
    /// Per column plus one: a leading 0, then each column's colour end.
    pub color_index: Vec<u32>,
    pub slabs: Vec<Slab>,
    pub colors: Vec<Color>,
}

/// A row's columns as the store holds them (see [`VoxelStore::row_parts`]):
/// column j's slabs are `slabs[slab_ends[j]..slab_ends[j + 1]]`, and its
/// colours likewise.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RowParts<'a> {
    pub(crate) slab_ends: &'a [u32],
    pub(crate) color_ends: &'a [u32],
    pub(crate) slabs: &'a [Slab],
    pub(crate) colors: &'a [Color],
}

impl<'a> RowParts<'a> {
    /// The columns (bit j: column j, of the first 32) whose first slab does
    /// not start with a colour run, so that their first colour is not their
    /// top voxel's. Most VXL slabs start with one; some do not.
    #[inline]
    pub(crate) fn uncoloured_tops(&self) -> u32 {
        let (first, end) = (self.slab_ends[0], self.slab_ends[self.slab_ends.len() - 1]);
        let slabs = &self.slabs[first as usize..end as usize];
        // A count first, which the compiler vectorises (`any` stops early,
        // and so is not); the columns only where there are some.
        let uncoloured = slabs.iter().map(|s| (s.top_len == 0) as u32).sum::<u32>();
        if uncoloured == 0 {
            return 0;
        }
        let mut found = 0;
        for (j, ends) in self.slab_ends.windows(2).take(32).enumerate() {
            let first = self.slabs[ends[0] as usize..ends[1] as usize].first();
            found |= (first.is_some_and(|s| s.top_len == 0) as u32) << j;
        }
        found
    }

    /// Column j's slabs and colours.
    #[inline]
    pub(crate) fn column(&self, j: usize) -> (&'a [Slab], &'a [Color]) {
        let s = self.slab_ends[j] as usize..self.slab_ends[j + 1] as usize;
        let c = self.color_ends[j] as usize..self.color_ends[j + 1] as usize;
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
    slab_index: Vec<u32>,
    /// Per column plus one: index of its first colour.
    color_index: Vec<u32>,
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
        assert!(width >= 1 && length >= 1 && width <= MAX_SIDE && length <= MAX_SIDE);
        assert!((1..=MAX_DEPTH).contains(&depth));
        let columns = width as usize * length as usize;
        let mut slab_index = Vec::with_capacity(columns + 1);
        slab_index.push(0);
        let mut color_index = Vec::with_capacity(columns + 1);
        color_index.push(0);
        VoxelStore {
            width,
            length,
            depth,
            slab_index,
            color_index,
            slabs: Vec::new(),
            colors: Vec::new(),
            materials: Vec::new(),
            fourth_byte,
        }
    }

    /// A store from arrays built elsewhere; spare capacity is freed.
    /// `parts` must hold `width * length` columns.
    pub fn from_parts(dims: [u32; 3], fourth_byte: FourthByte, parts: StoreParts) -> Self {
        let [width, length, depth] = dims;
        let mut store = VoxelStore::new(width, length, depth, fourth_byte);
        store.slab_index = parts.slab_index;
        store.color_index = parts.color_index;
        store.slabs = parts.slabs;
        store.colors = parts.colors;
        store.slab_index.shrink_to_fit();
        store.color_index.shrink_to_fit();
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
        self.slab_index.push(self.slabs.len() as u32);
        self.color_index.push(self.colors.len() as u32);
    }

    /// Number of columns already finished.
    pub fn columns_done(&self) -> usize {
        self.slab_index.len() - 1
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
        let s = self.slab_index[i] as usize..self.slab_index[i + 1] as usize;
        let c = self.color_index[i] as usize..self.color_index[i + 1] as usize;
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
        let ends = &self.slab_index[i..=i + xs.len()];
        ends.windows(2)
            .map(|w| &self.slabs[w[0] as usize..w[1] as usize])
    }

    /// Columns `xs` of row `y` as the store holds them, for the mesher's
    /// hottest loop, which indexes them itself rather than going through an
    /// iterator a column.
    #[inline]
    pub(crate) fn row_parts(&self, y: u32, xs: std::ops::Range<u32>) -> RowParts<'_> {
        let i = y as usize * self.width as usize + xs.start as usize;
        RowParts {
            slab_ends: &self.slab_index[i..=i + xs.len()],
            color_ends: &self.color_index[i..=i + xs.len()],
            slabs: &self.slabs,
            colors: &self.colors,
        }
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
        let slab_ends = &self.slab_index[i..=i + xs.len()];
        let color_ends = &self.color_index[i..=i + xs.len()];
        slab_ends
            .windows(2)
            .zip(color_ends.windows(2))
            .map(|(s, c)| {
                (
                    &self.slabs[s[0] as usize..s[1] as usize],
                    &self.colors[c[0] as usize..c[1] as usize],
                )
            })
    }

    pub fn column(&self, x: u32, y: u32) -> Column<'_> {
        let i = y as usize * self.width as usize + x as usize;
        let s = self.slab_index[i] as usize..self.slab_index[i + 1] as usize;
        let c = self.color_index[i] as usize..self.color_index[i + 1] as usize;
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
        self.slab_index.capacity() * 4
            + self.color_index.capacity() * 4
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x1 map, depth 8: column 0 has air 0..2, colours 2..4, solid, one
    /// bottom colour at 5, air at 6, then ground 7..8 coloured.
    fn small() -> VoxelStore {
        let mut s = VoxelStore::new(2, 1, 8, FourthByte::Shade);
        let c = &mut s;
        c.push_slab(Slab {
            top: 2,
            top_len: 2,
            bottom: 6,
            bottom_len: 1,
        });
        c.push_colors([1, 2, 3]);
        c.push_slab(Slab {
            top: 7,
            top_len: 1,
            bottom: 8,
            bottom_len: 0,
        });
        c.push_colors([4]);
        c.end_column();
        c.push_slab(Slab {
            top: 0,
            top_len: 1,
            bottom: 8,
            bottom_len: 0,
        });
        c.push_colors([9]);
        c.end_column();
        s.finish();
        s
    }

    #[test]
    fn voxel_queries_follow_the_slabs() {
        let s = small();
        s.validate().unwrap();
        let solid: Vec<bool> = (0..8).map(|z| s.solid(0, 0, z)).collect();
        assert_eq!(solid, [false, false, true, true, true, true, false, true]);
        let colors: Vec<_> = (0..8).map(|z| s.color(0, 0, z)).collect();
        assert_eq!(
            colors,
            [None, None, Some(1), Some(2), None, Some(3), None, Some(4)]
        );
        assert_eq!(s.colored_voxels(), 5);
        assert_eq!(s.filled_voxels(), 4 + 1 + 8);
        assert!(!s.solid(5, 0, 0), "outside is air");
    }

    #[test]
    fn a_row_reads_as_its_columns_do() {
        let s = small();
        let row: Vec<_> = s.row_surfaces(0, 0..2).collect();
        let slabs: Vec<_> = s.row_slabs(0, 1..2).collect();
        assert_eq!(row, [s.surface(0, 0), s.surface(1, 0)]);
        assert_eq!(row[0].0.len(), 2, "column 0 has two slabs");
        assert_eq!(slabs, [s.surface(1, 0).0]);
    }

    #[test]
    fn runs_and_raw_spans_match_the_vxl_spec() {
        let s = small();
        let col = s.column(0, 0);
        let kinds: Vec<_> = col.runs().iter().map(|r| (r.kind, r.z0, r.z1)).collect();
        use RunKind::*;
        assert_eq!(
            kinds,
            [
                (Air, 0, 2),
                (TopColors, 2, 4),
                (Solid, 4, 5),
                (BottomColors, 5, 6),
                (Air, 6, 7),
                (TopColors, 7, 8)
            ]
        );
        let spans = col.raw_spans().unwrap();
        assert_eq!(
            spans[0],
            RawSpan {
                n: 4,
                s: 2,
                e: 3,
                a: 0
            }
        );
        assert_eq!(
            spans[1],
            RawSpan {
                n: 0,
                s: 7,
                e: 7,
                a: 6
            }
        );
    }

    #[test]
    fn columns_that_vxl_cannot_hold_say_why() {
        // All air is fine at depth 8 (an empty last span with S = 8)...
        let mut s = VoxelStore::new(1, 1, 8, FourthByte::Light);
        s.end_column();
        s.finish();
        let spans = s.column(0, 0).raw_spans().unwrap();
        assert_eq!(
            spans,
            [RawSpan {
                n: 0,
                s: 8,
                e: 7,
                a: 0
            }]
        );
        // ...but S cannot say 256.
        let mut s = VoxelStore::new(1, 1, 256, FourthByte::Light);
        s.end_column();
        s.finish();
        assert!(s.column(0, 0).vxl_problem().unwrap().contains("256-deep"));
    }
}
