//! The ALW world: a grid of cells with heights, slopes and texture references,
//! plus lights, entities and the texture-name table. Everything the file holds
//! is kept, so the writer (`formats::alw`) gives the same bytes back.
//!
//! Geometry (from the engine's `atest.c`): +Y is up; cell (x, y) covers world X
//! `16x..16x+16` and Z `16y..16y+16`. Heights are world units. A cell whose
//! floor equals its ceiling is solid rock.

/// Cell flag: the cell is an occluder (the engine sets it where floor == ceiling).
pub const CF_OCCLUDER: u32 = 0x0000_0001;
/// Cell flag: part of a smooth heightmap (unused by the engine).
pub const CF_HEIGHTMAP: u32 = 0x0000_0002;

/// Which of the three known ALW layouts a world was read from (and is written
/// back in). What each layout holds and how large its parts are is the
/// codec's business: `formats::alw::LayoutShape`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AlwLayout {
    /// The seed spec: 284-byte header, 36-byte cells with six texture
    /// references and no corner offsets; entities without class name, yrot or
    /// reserved bytes. The texture table starts with one unused zero byte.
    Spec,
    /// The engine's `world.c` since 2010-09: a subversion byte after the magic
    /// (285-byte header), 44-byte cells with corner offsets and six texture
    /// references, entities with class name, yrot and 32 reserved bytes.
    Engine,
    /// The engine's `world.c` of 2010-08: like `Engine` but 36-byte cells with
    /// four texture references (no trims), and a texture table without the
    /// leading byte: offsets count from 0, and offset 0 still means "none".
    Engine201008,
}

impl AlwLayout {
    /// In the order the decoder tries them.
    pub const ALL: [AlwLayout; 3] = [AlwLayout::Engine, AlwLayout::Engine201008, AlwLayout::Spec];

    pub fn id(self) -> &'static str {
        match self {
            AlwLayout::Spec => "spec",
            AlwLayout::Engine => "engine",
            AlwLayout::Engine201008 => "engine-2010-08",
        }
    }

    pub fn from_id(id: &str) -> Option<AlwLayout> {
        AlwLayout::ALL.into_iter().find(|l| l.id() == id)
    }

    /// Whether the texture table starts with an unused zero byte (offsets then
    /// start at 1). Layout 2010-08 has no such byte.
    pub fn table_has_leading_byte(self) -> bool {
        self != AlwLayout::Engine201008
    }
}

/// One grid cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cell {
    pub floor: i32,
    pub ceiling: i32,
    pub flags: u32,
    /// Floor height offsets of corners 0 = (x,z), 1 = (x,z+1), 2 = (x+1,z+1),
    /// 3 = (x+1,z). Always zero in the spec layout.
    pub floor_offsets: [i8; 4],
    /// Ceiling height offsets, same corner order.
    pub ceiling_offsets: [i8; 4],
    /// Texture references: byte offsets into the texture table, 0 = none.
    pub ceiling_tex: u32,
    pub floor_tex: u32,
    pub upper_tex: u32,
    pub lower_tex: u32,
    /// Trims: always 0 in layout 2010-08, which has no trims.
    pub upper_trim: u32,
    pub lower_trim: u32,
}

impl Cell {
    /// The six references in file order: ceiling, floor, upper wall, lower
    /// wall, upper trim, lower trim.
    pub fn texture_refs(&self) -> [u32; 6] {
        [
            self.ceiling_tex,
            self.floor_tex,
            self.upper_tex,
            self.lower_tex,
            self.upper_trim,
            self.lower_trim,
        ]
    }

    /// Floor == ceiling: the engine draws nothing here (solid rock).
    pub fn is_solid_rock(&self) -> bool {
        self.floor == self.ceiling
    }

    /// Floor height of corner `i` (0..4): base plus offset.
    pub fn floor_corner(&self, i: usize) -> i32 {
        self.floor.saturating_add(self.floor_offsets[i & 3] as i32)
    }

    /// Ceiling height of corner `i` (0..4): base plus offset.
    pub fn ceiling_corner(&self, i: usize) -> i32 {
        self.ceiling
            .saturating_add(self.ceiling_offsets[i & 3] as i32)
    }

    pub fn floor_corners(&self) -> [i32; 4] {
        [0, 1, 2, 3].map(|i| self.floor_corner(i))
    }

    pub fn ceiling_corners(&self) -> [i32; 4] {
        [0, 1, 2, 3].map(|i| self.ceiling_corner(i))
    }

    pub fn is_sloped(&self) -> bool {
        self.floor_offsets != [0; 4] || self.ceiling_offsets != [0; 4]
    }
}

/// Names of the six texture slots, in file order (for messages).
pub const TEXTURE_SLOTS: [&str; 6] = [
    "ceiling texture",
    "floor texture",
    "upper wall texture",
    "lower wall texture",
    "upper trim texture",
    "lower trim texture",
];

/// A point light. The engine's lightmapper ignores `position[1]`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Light {
    pub position: [f32; 3],
    /// Red, green, blue; may lie outside 0..1.
    pub color: [f32; 3],
    pub radius: f32,
}

/// An entity record.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Entity {
    /// Class name (engine layouts only; at most 255 bytes; empty = none).
    pub class: Vec<u8>,
    pub position: [f32; 3],
    pub offset: [f32; 3],
    /// Rotation about Y in degrees (engine layouts only).
    pub yrot: f32,
    pub matrix: [f32; 16],
    pub bbox_min: [f32; 3],
    pub bbox_max: [f32; 3],
    pub frame: u32,
    pub anim_state: f32,
    pub event_mask: u32,
    /// 32 reserved bytes (engine layouts only; zero as the engine writes them).
    pub reserved: [u8; 32],
    /// Attributes as raw name and value bytes, in file order.
    pub attributes: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Entity {
    /// The class name as text (lossy), or `None` when empty.
    pub fn class_name(&self) -> Option<String> {
        (!self.class.is_empty()).then(|| String::from_utf8_lossy(&self.class).into_owned())
    }

    /// The value of the first attribute called `name`.
    pub fn attribute(&self, name: &str) -> Option<&[u8]> {
        self.attributes
            .iter()
            .find(|(n, _)| n == name.as_bytes())
            .map(|(_, v)| v.as_slice())
    }

    /// An entity at `position` with an identity-plus-translation matrix, as the
    /// engine's `ent_update` computes it for yrot 0.
    pub fn at(position: [f32; 3]) -> Entity {
        let mut matrix = [0.0; 16];
        matrix[0] = 1.0;
        matrix[5] = 1.0;
        matrix[10] = 1.0;
        matrix[15] = 1.0;
        matrix[12] = position[0];
        matrix[13] = position[1];
        matrix[14] = position[2];
        Entity {
            position,
            matrix,
            ..Entity::default()
        }
    }
}

/// A whole ALW world.
#[derive(Debug, Clone, PartialEq)]
pub struct AlwWorld {
    pub layout: AlwLayout,
    /// The byte after the magic in the engine layouts; the engine reads only 0.
    /// Not stored in the spec layout (keep it 0 there).
    pub subversion: u8,
    /// Grid width and height in cells.
    pub width: u16,
    pub height: u16,
    /// Index of the player entity in `entities`, as the header says (may be
    /// out of range; the decoder then warns).
    pub player_entity: u32,
    /// Initial camera yaw and pitch in degrees; yaw 0 looks toward -Z.
    pub camera_yaw: f32,
    pub camera_pitch: f32,
    /// The 256 reserved header bytes, kept raw.
    pub reserved: Box<[u8; 256]>,
    /// `width * height` cells, row by row (y outer, x inner).
    pub cells: Vec<Cell>,
    pub lights: Vec<Light>,
    pub entities: Vec<Entity>,
    /// The texture table exactly as in the file (it runs to the end of file).
    pub texture_table: Vec<u8>,
    /// The names in `texture_table`: (byte offset in the table, name). In
    /// layout 2010-08 the name at offset 0 exists but cannot be referenced,
    /// since offset 0 means "no texture".
    pub textures: Vec<(u32, String)>,
}

impl AlwWorld {
    /// An empty world: every cell open (floor -128, ceiling 128, the engine's
    /// defaults), no textures, lights or entities.
    pub fn new(width: u16, height: u16, layout: AlwLayout) -> AlwWorld {
        let cell = Cell {
            floor: -128,
            ceiling: 128,
            ..Cell::default()
        };
        AlwWorld {
            layout,
            subversion: 0,
            width,
            height,
            player_entity: 0,
            camera_yaw: 0.0,
            camera_pitch: 0.0,
            reserved: Box::new([0; 256]),
            cells: vec![cell; width as usize * height as usize],
            lights: Vec::new(),
            entities: Vec::new(),
            texture_table: if layout.table_has_leading_byte() {
                vec![0]
            } else {
                Vec::new()
            },
            textures: Vec::new(),
        }
    }

    /// Appends a name to the texture table and returns its offset. Names
    /// longer than 255 bytes are cut (the length is one byte).
    pub fn add_texture(&mut self, name: &str) -> u32 {
        let mut end = name.len().min(255);
        while !name.is_char_boundary(end) {
            end -= 1;
        }
        let name = &name[..end];
        if self.layout.table_has_leading_byte() && self.texture_table.is_empty() {
            self.texture_table.push(0);
        }
        let offset = self.texture_table.len() as u32;
        self.texture_table.push(name.len() as u8);
        self.texture_table.extend_from_slice(name.as_bytes());
        self.textures.push((offset, name.to_string()));
        offset
    }

    /// `[width, height]` in cells.
    pub fn dims(&self) -> [u32; 2] {
        [self.width as u32, self.height as u32]
    }

    /// The cell at (x, y), or `None` outside the grid.
    pub fn cell(&self, x: u32, y: u32) -> Option<&Cell> {
        if x >= self.width as u32 || y >= self.height as u32 {
            return None;
        }
        self.cells
            .get(y as usize * self.width as usize + x as usize)
    }

    pub fn cell_mut(&mut self, x: u32, y: u32) -> Option<&mut Cell> {
        if x >= self.width as u32 || y >= self.height as u32 {
            return None;
        }
        self.cells
            .get_mut(y as usize * self.width as usize + x as usize)
    }

    /// The name a texture reference points at; `None` for 0 (no texture) or an
    /// offset that is not the start of a name.
    pub fn texture_name(&self, offset: u32) -> Option<&str> {
        if offset == 0 {
            return None;
        }
        self.textures
            .binary_search_by_key(&offset, |(o, _)| *o)
            .ok()
            .map(|i| self.textures[i].1.as_str())
    }

    /// Floor heights of the 4 corners of cell (x, y) (see [`Cell::floor_corner`]).
    pub fn floor_corners(&self, x: u32, y: u32) -> Option<[i32; 4]> {
        self.cell(x, y).map(Cell::floor_corners)
    }

    /// Ceiling heights of the 4 corners of cell (x, y).
    pub fn ceiling_corners(&self, x: u32, y: u32) -> Option<[i32; 4]> {
        self.cell(x, y).map(Cell::ceiling_corners)
    }

    /// Whether cell (x, y) is solid rock (floor == ceiling); `false` outside.
    pub fn is_solid_rock(&self, x: u32, y: u32) -> bool {
        self.cell(x, y).is_some_and(Cell::is_solid_rock)
    }

    /// The entity the header names as the player, if the index is in range.
    pub fn player(&self) -> Option<&Entity> {
        self.entities.get(self.player_entity as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_heights_add_offsets() {
        let c = Cell {
            floor: -100,
            ceiling: 50,
            floor_offsets: [1, -2, 3, -4],
            ceiling_offsets: [0, 0, 10, 0],
            ..Cell::default()
        };
        assert_eq!(c.floor_corners(), [-99, -102, -97, -104]);
        assert_eq!(c.ceiling_corners(), [50, 50, 60, 50]);
        assert!(c.is_sloped());
        assert!(!c.is_solid_rock());
    }
}
