//! A Warcraft III map as a whole: its terrain and what the other files of
//! the archive or folder say: the map's information and players (w3i, with
//! its strings resolved), placed units and items, doodads and trees,
//! pathing, minimap icons and the pictures the editor saved.
//!
//! Positions are world units as the files give them (one tile is 128
//! units; the terrain's offset is the world position of tilepoint (0, 0)).

use super::terrain::W3eTerrain;

/// A map's content: the terrain and the objects on it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WarcraftMap {
    pub terrain: W3eTerrain,
    pub info: Option<MapInfo>,
    /// Every record of `war3mapUnits.doo`: units, items, start locations.
    pub units: Vec<Unit>,
    /// Every record of `war3map.doo`'s first list: doodads and destructables.
    pub doodads: Vec<Doodad>,
    /// `war3map.doo`'s second list.
    pub special_doodads: Vec<SpecialDoodad>,
    pub pathing: Option<Pathing>,
    pub icons: Vec<MinimapIcon>,
    /// `war3mapMap.blp`, the minimap the editor saved.
    pub minimap: Option<Picture>,
    /// `war3mapPreview.tga`, the lobby picture.
    pub preview: Option<Picture>,
    /// Where the files came from: "mpq" or "folder".
    pub container: String,
    /// The map files found, by name.
    pub files: Vec<String>,
}

impl WarcraftMap {
    /// The start locations (`sloc`), by owner.
    pub fn start_locations(&self) -> impl Iterator<Item = &Unit> {
        let mut starts: Vec<&Unit> = self.units.iter().filter(|u| &u.id == b"sloc").collect();
        starts.sort_by_key(|u| u.owner);
        starts.into_iter()
    }

    /// The gold mines (`ngol`).
    pub fn gold_mines(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| &u.id == b"ngol")
    }

    /// The doodads that are trees.
    pub fn trees(&self) -> impl Iterator<Item = &Doodad> {
        self.doodads.iter().filter(|d| d.is_tree())
    }

    /// The playable area in map tiles: x0, y0, x1, y1 with y from the
    /// north edge, the map less the camera bounds' complements (left,
    /// right, bottom, top) as the game's minimap shows it. The 2002 betas'
    /// w3i (versions below 15) has no complements: there the area is the
    /// playable size, placed as every later map places it around its
    /// camera bounds (4 tiles beyond them east and west, 2 north and
    /// south). `None` without a w3i, or where that leaves nothing.
    pub fn playable_tiles(&self) -> Option<[u32; 4]> {
        let info = self.info.as_ref()?;
        let t = &self.terrain;
        let (w, h) = (t.width.saturating_sub(1), t.height.saturating_sub(1));
        let area = if info.version < 15 && info.bounds_complements == [0; 4] {
            let c = info.camera_bounds;
            let min = |a: [f32; 4]| a.into_iter().fold(f32::INFINITY, f32::min);
            let x0 = (min([c[0], c[2], c[4], c[6]]) - t.offset[0]) / TILE - 4.0;
            let y0 = (min([c[1], c[3], c[5], c[7]]) - t.offset[1]) / TILE - 2.0;
            let (x0, south) = (x0.round().max(0.0) as u32, y0.round().max(0.0) as u32);
            let [pw, ph] = info.playable;
            let (x1, north) = ((x0 + pw).min(w), h.saturating_sub(south));
            [x0, north.saturating_sub(ph), x1, north]
        } else {
            let [left, right, bottom, top] = info.bounds_complements.map(|c| c.max(0) as u32);
            [left, top, w.saturating_sub(right), h.saturating_sub(bottom)]
        };
        (area[2] > area[0] && area[3] > area[1]).then_some(area)
    }

    /// World units (x, y) as map coordinates: tiles from the west edge, and
    /// from the north edge (the terrain's rows count from the south).
    pub fn world_to_map(&self, x: f32, y: f32) -> [f32; 2] {
        let t = &self.terrain;
        let tiles_y = t.height.saturating_sub(1) as f32;
        [(x - t.offset[0]) / TILE, tiles_y - (y - t.offset[1]) / TILE]
    }
}

/// World units a tile.
pub const TILE: f32 = 128.0;

/// `war3map.w3i`: the map's information, strings resolved through the wts.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MapInfo {
    pub version: u32,
    /// Saves, and the editor version that wrote the file.
    pub saves: u32,
    pub editor_version: u32,
    /// The game version that wrote the map (version 28 and later).
    pub game_version: Option<[u32; 4]>,
    pub name: String,
    pub author: String,
    pub description: String,
    pub suggested_players: String,
    /// Camera bounds: four corners (x, y) in world units.
    pub camera_bounds: [f32; 8],
    /// Left, right, bottom, top margins of the playable area, in tiles.
    pub bounds_complements: [i32; 4],
    /// The playable area: the map's tiles less the complements.
    pub playable: [u32; 2],
    pub flags: u32,
    pub tileset: u8,
    /// Fog, weather, sound, light and water (version 23 and later).
    pub environment: Option<Environment>,
    pub players: Vec<Player>,
    pub forces: Vec<Force>,
    /// The fields kept only as text, by the names a diff gives them, in
    /// file order: the loading and prologue screens, script language and
    /// game data, each player's flags and ally (and enemy) priorities,
    /// the upgrade, tech and random tables (their size and a hash).
    pub other: Vec<(String, String)>,
}

impl MapInfo {
    /// Flag: the terrain fog is on (the editor's "use terrain fog").
    pub const TERRAIN_FOG: u32 = 0x2000;
    /// Flag: the water is tinted (the editor's "use water tinting").
    pub const WATER_TINT: u32 = 0x10000;
}

/// What the editor's map options set for the map's look and sound, as the
/// w3i holds it (version 23 and later).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Environment {
    /// Terrain fog: its style (the map's flags say whether it is on), the
    /// heights it starts and ends at, density and colour (RGBA).
    pub fog_style: i32,
    pub fog_z: [f32; 2],
    pub fog_density: f32,
    pub fog_color: [u8; 4],
    /// The weather effect's ID (`RAhr`, `SNbs`, ...); none where 0.
    /// (Version 25 and later.)
    pub weather: Option<[u8; 4]>,
    /// The sound environment's name; empty for the default.
    pub sound: String,
    /// The tileset whose light the map uses instead of its own; none for
    /// its own.
    pub light: Option<u8>,
    /// The water's tint, RGBA (the map's flags say whether it is on).
    pub water_tint: [u8; 4],
}

/// A player slot.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Player {
    pub number: i32,
    /// 1 human, 2 computer, 3 neutral, 4 rescuable.
    pub controller: i32,
    /// 1 human, 2 orc, 3 undead, 4 night elf (0 selectable).
    pub race: i32,
    pub fixed_start: bool,
    pub name: String,
    /// The start position, world units.
    pub start: [f32; 2],
}

/// A force (team) of players.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Force {
    pub flags: u32,
    /// Bit n: player n is in the force.
    pub players: u32,
    pub name: String,
}

/// A placed unit or item of `war3mapUnits.doo`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Unit {
    pub id: [u8; 4],
    pub variation: i32,
    /// World units (x, y, z).
    pub position: [f32; 3],
    /// Radians.
    pub angle: f32,
    pub scale: [f32; 3],
    /// Game 1.32 and later.
    pub skin: Option<[u8; 4]>,
    pub flags: u8,
    /// Player number; neutral hostile is 24 (12 in older maps), neutral
    /// passive 27 (15).
    pub owner: i32,
    /// -1 for the default.
    pub hit_points: i32,
    pub mana: i32,
    /// Gold in a gold mine.
    pub gold: i32,
    pub hero_level: i32,
    /// The editor's number for it.
    pub editor_id: i32,
}

/// A doodad or destructable of `war3map.doo`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Doodad {
    pub id: [u8; 4],
    pub variation: i32,
    pub position: [f32; 3],
    pub angle: f32,
    pub scale: [f32; 3],
    pub skin: Option<[u8; 4]>,
    /// 0 invisible and not solid, 1 visible not solid, 2 normal.
    pub flags: u8,
    /// Life, in percent.
    pub life: u8,
    pub editor_id: i32,
}

impl Doodad {
    /// Trees are destructables whose ID has `T` as its second letter
    /// (`LTlt`, `ATtr`, ...).
    pub fn is_tree(&self) -> bool {
        self.id[1] == b'T'
    }
}

/// A doodad of the special list (cliff and water doodads), placed by tile.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SpecialDoodad {
    pub id: [u8; 4],
    pub x: i32,
    pub y: i32,
}

/// `war3map.wpm`: a byte of pathing flags a quarter tile.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pathing {
    pub width: u32,
    pub height: u32,
    /// Row by row from the bottom, as the file stores it.
    pub cells: Vec<u8>,
}

impl Pathing {
    pub const NO_WALK: u8 = 0x02;
    pub const NO_FLY: u8 = 0x04;
    pub const NO_BUILD: u8 = 0x08;
    pub const BLIGHT: u8 = 0x20;
    pub const NO_WATER: u8 = 0x40;

    /// The flags of cell (x, y), y counted from the bottom.
    pub fn at(&self, x: u32, y: u32) -> Option<u8> {
        (x < self.width && y < self.height)
            .then(|| self.cells.get((y * self.width + x) as usize).copied())
            .flatten()
    }
}

/// An icon of `war3map.mmp`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MinimapIcon {
    /// 0 gold mine, 1 neutral building, 2 player start.
    pub kind: u32,
    /// Minimap pixels, 0..255.
    pub x: u32,
    pub y: u32,
    /// RGBA.
    pub color: [u8; 4],
}

/// A decoded picture: RGBA rows, top first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}
