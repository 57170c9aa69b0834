//! VXL. (Being written.)
use super::error::{DecodeError, EncodeError, Format};
use crate::store::Map;

pub fn sniff_voxlap(_bytes: &[u8]) -> Result<(), String> {
    Err("not implemented".into())
}
pub fn sniff_aos(_bytes: &[u8]) -> Result<(), String> {
    Err("not implemented".into())
}
pub fn decode(_bytes: &[u8], _size: Option<[u32; 3]>) -> Result<Map, DecodeError> {
    Err(DecodeError::new(
        Format::AosVxl,
        "file",
        0,
        "not implemented yet",
    ))
}
pub fn encode(_map: &Map, format: Format) -> Result<Vec<u8>, EncodeError> {
    Err(EncodeError::new(format, "not implemented yet"))
}
