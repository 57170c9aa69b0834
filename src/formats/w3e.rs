//! Warcraft III `war3map.w3e` terrain, versions 11 and 12. (Being written.)

use super::error::{DecodeError, EncodeError, Format};
use crate::store::Map;

/// `Ok` if the bytes look like a W3E file; otherwise why not.
pub fn sniff(bytes: &[u8]) -> Result<(), String> {
    if bytes.starts_with(b"W3E!") {
        Ok(())
    } else {
        Err("no \"W3E!\" magic".into())
    }
}

pub fn decode(_bytes: &[u8]) -> Result<Map, DecodeError> {
    Err(DecodeError::new(
        Format::W3e,
        "file",
        0,
        "not implemented yet",
    ))
}

pub fn encode(_map: &Map) -> Result<Vec<u8>, EncodeError> {
    Err(EncodeError::new(Format::W3e, "not implemented yet"))
}
