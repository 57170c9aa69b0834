//! Real games on their maps: finding the map a replay was played on
//! ([`find_map`], by the names in [`map_name`]), one game's report
//! ([`report`]), who won ([`outcome`]), a season of games on each map
//! ([`season`]), and both drawn over the map's top view ([`picture`]).
//! The replay itself is `formats::w3g`'s; the game joined with its map
//! is the Warcraft III kind's (`kinds::game`).

pub mod collect;
pub mod find_map;
pub mod map_name;
pub mod outcome;
pub mod picture;
pub mod report;
pub mod season;
pub mod season_report;

use crate::formats::w3g::{self, Replay};
use std::path::Path;

/// The largest replay file read: a two-hour 12-player game is a few MB.
pub const LARGEST_REPLAY: u64 = 256 << 20;

/// Reads and decodes the replay at `path`; a device, a FIFO or a file over
/// [`LARGEST_REPLAY`] is refused before it is read.
pub fn read(path: &Path) -> Result<Replay, String> {
    decode(path, &read_bytes(path)?)
}

/// The bytes of the replay at `path`, refused as [`read`] refuses them,
/// and where they are not a replay's.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    let bytes = crate::formats::file::read(path, LARGEST_REPLAY).map_err(|e| e.to_string())?;
    match w3g::sniff(&bytes) {
        true => Ok(bytes),
        false => Err(format!(
            "{} is not a Warcraft III replay (no W3G header at byte 0)",
            path.display()
        )),
    }
}

/// Decodes `bytes`, read from `path` (which an error names).
pub fn decode(path: &Path, bytes: &[u8]) -> Result<Replay, String> {
    w3g::decode(bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Whether the file at `path` starts as a replay does (its first bytes
/// only are read; a device or a FIFO is not a replay).
pub fn is_replay_file(path: &Path) -> bool {
    use std::io::Read;
    if !matches!(
        crate::formats::file::check(path, LARGEST_REPLAY),
        Ok(Some(_))
    ) {
        return false;
    }
    let mut head = [0u8; 28];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|_| w3g::sniff(&head))
}
