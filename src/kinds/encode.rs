//! Writing a map: the store part each format's encoder writes, handed to
//! it here, where asking which kind of content a map holds belongs.

use crate::formats::{self, EncodeError, Format};
use crate::store::Map;

/// Writes a map in `format`, handing each encoder the store part it writes.
/// Voxel maps can be written as any voxel format; W3E (from a W3E file or a
/// whole Warcraft III map's terrain) and ALW only as themselves. An ALW
/// world is written in its own layout, byte for byte: the camera and spawn
/// in `map.meta` are not written, the world's own header fields are.
pub fn encode(map: &Map, format: Format) -> Result<Vec<u8>, EncodeError> {
    let not = |what: String| Err(EncodeError::new(format, what));
    match format {
        Format::AosVxl | Format::VoxlapVxl => match map.voxels() {
            Some(store) => formats::vxl::encode(store, &map.meta, format),
            None => not("only voxel maps can be written as VXL".into()),
        },
        Format::Vmf => match map.voxels() {
            Some(store) => formats::vmf::encode(store, &map.meta),
            None => not("only voxel maps can be written as VMF".into()),
        },
        Format::Alw => match map.cells() {
            Some(world) => formats::alw::encode_world(world),
            None => not(format!(
                "only an ALW world can be written as ALW; this map is {}",
                map.format
            )),
        },
        Format::W3e => match map.terrain() {
            Some(t) => formats::w3e::encode_terrain(t),
            None => not("only a Warcraft III terrain can be written as W3E".into()),
        },
        Format::W3x => not("map archives are not written; convert to w3e for the terrain".into()),
    }
}
