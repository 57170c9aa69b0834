//! Alithia Engine worlds, in all three layouts. (Being written.)

use super::error::{DecodeError, EncodeError, Format};
use crate::store::Map;

/// `Ok` if the bytes look like an ALW file; otherwise why not.
pub fn sniff(bytes: &[u8]) -> Result<(), String> {
    if bytes.starts_with(b"ALW\0") {
        Ok(())
    } else {
        Err("no \"ALW\0\" magic".into())
    }
}

pub fn decode(_bytes: &[u8]) -> Result<Map, DecodeError> {
    Err(DecodeError::new(
        Format::Alw,
        "file",
        0,
        "not implemented yet",
    ))
}

pub fn encode(_map: &Map) -> Result<Vec<u8>, EncodeError> {
    Err(EncodeError::new(Format::Alw, "not implemented yet"))
}
