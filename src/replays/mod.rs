//! Real games on their maps: finding the map a replay was played on
//! ([`find_map`], by the names in [`map_name`]), one game's report
//! ([`report`]), who won ([`outcome`]), a season of games on each map
//! ([`season`]), and both drawn over the map's top view ([`picture`]).
//! The replay itself is `formats::w3g`'s; the game joined with its map
//! is the Warcraft III kind's (`kinds::game`).

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
    let bytes = crate::formats::file::read(path, LARGEST_REPLAY).map_err(|e| e.to_string())?;
    if !w3g::sniff(&bytes) {
        return Err(format!(
            "{} is not a Warcraft III replay (no W3G header at byte 0)",
            path.display()
        ));
    }
    w3g::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}
