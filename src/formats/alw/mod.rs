//! Alithia Engine worlds (`.alw`), in all three known layouts.
//!
//! | | spec | engine (since 2010-09) | engine-2010-08 |
//! |---|---|---|---|
//! | header | magic, u16 w, u16 h, u32 entities, u32 lights, u32 player, f32 yaw, f32 pitch, 256 reserved (284 bytes) | magic, **u8 subversion (0)**, then as spec (285 bytes) | as engine |
//! | cell | i32 floor, i32 ceil, u32 flags, 6 x u32 texture refs (36) | floor, ceil, flags, i8 x4 floor offsets, i8 x4 ceiling offsets, 6 refs (44) | floor, ceil, flags, offsets, **4 refs, no trims** (36) |
//! | light | 7 x f32: x y z r g b radius | same | same |
//! | entity | 3+3 f32 position/offset, 16 f32 matrix, 6 f32 bbox, u32 frame, f32 anim, u32 event mask, u32 attr count | **u8-length class name** first, **f32 yrot** after offset, **32 reserved** before attr count | as engine |
//! | attribute | u32 name length, name, u32 value length, value | same | same |
//! | texture table (to end of file) | a zero byte, then u8-length names; offsets from table start | same | **no leading byte**: names from offset 0 |
//!
//! Sections follow each other: header, cells (row by row), lights, entities,
//! texture table. A cell's texture reference is the byte offset of a name in the
//! table; 0 means no texture in every layout. In 2010-08 the engine's writer
//! starts offsets at 0, so the first texture it meets gets offset 0 and reads
//! back as "none"; its "already placed?" test (offset != 0) then places that
//! name again. Such a file has an unreachable name at offset 0, which this
//! decoder keeps (raw table bytes) so the file round-trips.
//!
//! The layout is not stored in the file. The decoder tries engine, 2010-08 and
//! spec in that order and takes the first whose sections all parse exactly to
//! the end of file and whose every texture reference points at the start of a
//! name. When none fits, the error is the one of the most plausible layout:
//! first one whose cells fit and hold no texture reference past the end of
//! file (a layout read at the wrong cell size rarely passes), then the one
//! that got furthest (header checks, cells, lights, entities, table, in that
//! order), then by byte offset. The message says which layout that was.
//!
//! Limits (each refused with an error naming it): entities ≤ [`MAX_ENTITIES`],
//! lights ≤ [`MAX_LIGHTS`], attributes per entity ≤ [`MAX_ATTRIBUTES`],
//! attribute name or value ≤ [`MAX_ATTRIBUTE_LEN`] bytes; width and height ≥ 1;
//! subversion 0 (the only one the engine reads). Every count is also checked
//! against the bytes left before anything is allocated.
//!
//! Spawn: the player entity (header index) becomes one [`Spawn`] labelled
//! "player" (origin "player entity"): its world x and z ± 8 units, and height
//! y-48..y+16, the box the engine gives the player on load. An index out of
//! range (or a non-finite position) gives a warning and no spawn.
//!
//! [`Spawn`]: crate::store::Spawn

mod decode;
mod encode;
mod layout;

pub use decode::{decode_layout, decode_world};
pub use encode::{convert_layout, encode_world};
pub use layout::LayoutShape;

use super::error::{DecodeError, Format};
use crate::store::cells::AlwLayout;
use crate::store::{DefaultCamera, Map, Metadata, Spawn};

/// The file's first four bytes.
pub const MAGIC: &[u8; 4] = b"ALW\0";
/// At most this many entities.
pub const MAX_ENTITIES: u32 = 65_536;
/// At most this many lights.
pub const MAX_LIGHTS: u32 = 65_536;
/// At most this many attributes on one entity.
pub const MAX_ATTRIBUTES: u32 = 4_096;
/// At most this many bytes in one attribute name or value.
pub const MAX_ATTRIBUTE_LEN: u32 = 65_536;
/// Half the width of the spawn box around the player entity, world units.
pub const SPAWN_HALF_WIDTH: f32 = 8.0;

/// `Ok` if the bytes look like an ALW file; otherwise why not.
pub fn sniff(bytes: &[u8]) -> Result<(), String> {
    if bytes.starts_with(MAGIC) {
        Ok(())
    } else {
        Err("no \"ALW\\0\" magic".into())
    }
}

/// Decodes an ALW file in whichever layout fits.
pub fn decode(bytes: &[u8]) -> Result<Map, DecodeError> {
    let world = decode_world(bytes)?;
    Ok(world_to_map(world))
}

/// Wraps a world into a [`Map`], with camera, player spawn and warnings.
pub fn world_to_map(world: crate::store::cells::AlwWorld) -> Map {
    let mut meta = Metadata {
        camera: Some(DefaultCamera::Angles {
            yaw_deg: world.camera_yaw,
            pitch_deg: world.camera_pitch,
        }),
        ..Metadata::default()
    };
    match world.player() {
        Some(e) if e.position.iter().all(|v| v.is_finite()) => {
            let [x, y, z] = e.position;
            let h = SPAWN_HALF_WIDTH;
            meta.spawns.push(Spawn {
                label: "player".into(),
                origin: "player entity".into(),
                min: [x - h, z - h],
                max: [x + h, z + h],
                z: Some([y - 48.0, y + 16.0]),
                team: None,
            });
        }
        Some(e) => meta.warnings.push(format!(
            "player entity {} has a non-finite position {:?}; no spawn shown",
            world.player_entity, e.position
        )),
        None => meta.warnings.push(format!(
            "player entity index {} is out of range ({} entities); no spawn shown",
            world.player_entity,
            world.entities.len()
        )),
    }
    Map {
        format: Format::Alw,
        meta,
        content: world.into(),
    }
}

/// The names of a texture table and which table offsets start a name.
pub(crate) struct TextureTable {
    pub names: Vec<(u32, String)>,
    /// `starts[o]` is true where a name starts at table offset `o`.
    pub starts: Vec<bool>,
}

impl TextureTable {
    /// Whether a cell may hold reference `r`: 0 (none) or the start of a name.
    #[inline]
    pub fn valid_ref(&self, r: u32) -> bool {
        r == 0 || self.starts.get(r as usize).copied().unwrap_or(false)
    }

    /// A few name offsets, for messages.
    pub fn describe(&self) -> String {
        let shown: Vec<String> = self
            .names
            .iter()
            .take(8)
            .map(|(o, _)| o.to_string())
            .collect();
        let more = if self.names.len() > 8 { ", ..." } else { "" };
        if shown.is_empty() {
            format!("the {}-byte table holds no names", self.starts.len())
        } else {
            format!(
                "names start at {}{more} in the {}-byte table",
                shown.join(", "),
                self.starts.len()
            )
        }
    }
}

/// Where and why a texture table does not parse: (offset in the table, field,
/// problem).
pub(crate) type TableError = (usize, String, String);

/// Parses a texture table by `layout`'s rules.
pub(crate) fn parse_texture_table(
    layout: AlwLayout,
    table: &[u8],
) -> Result<TextureTable, TableError> {
    let mut starts = vec![false; table.len()];
    let mut names = Vec::new();
    let mut pos = 0usize;
    if layout.table_has_leading_byte() {
        match table.first() {
            None => {
                return Err((
                    0,
                    "texture table leading byte".into(),
                    "the file ends where the texture table's leading zero byte should be".into(),
                ))
            }
            Some(0) => pos = 1,
            Some(b) => {
                return Err((
                    0,
                    "texture table leading byte".into(),
                    format!("is {b}, but the table must start with an unused zero byte"),
                ))
            }
        }
    }
    while pos < table.len() {
        let len = table[pos] as usize;
        let end = pos + 1 + len;
        if end > table.len() {
            return Err((
                pos,
                format!("texture table name {} (table offset {pos})", names.len()),
                format!(
                    "declares {len} bytes but the file ends after {}",
                    table.len() - pos - 1
                ),
            ));
        }
        starts[pos] = true;
        let name = String::from_utf8_lossy(&table[pos + 1..end]).into_owned();
        names.push((pos as u32, name));
        pos = end;
    }
    Ok(TextureTable { names, starts })
}

#[cfg(test)]
mod tests;
