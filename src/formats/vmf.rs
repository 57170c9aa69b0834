//! VMF (AoS 0.8 proposal). (Being written.)
use super::error::{DecodeError, EncodeError, Format};
use crate::store::Map;

pub fn sniff(_bytes: &[u8]) -> Result<(), String> {
    Err("not implemented".into())
}
pub fn decode(_bytes: &[u8]) -> Result<Map, DecodeError> {
    Err(DecodeError::new(
        Format::Vmf,
        "file",
        0,
        "not implemented yet",
    ))
}
pub fn encode(_map: &Map) -> Result<Vec<u8>, EncodeError> {
    Err(EncodeError::new(Format::Vmf, "not implemented yet"))
}
