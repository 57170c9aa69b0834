//! The viewer's small settings files (`screenshot.toml`, `view.toml`):
//! read with defaults for anything missing or unreadable, written with
//! their folder made first.

use serde::{de::DeserializeOwned, Serialize};
use std::path::Path;

/// What `file` holds, or the defaults where it is missing or unreadable.
pub fn load<T: DeserializeOwned + Default>(file: &Path) -> T {
    std::fs::read_to_string(file)
        .ok()
        .and_then(|text| toml::from_str(&text).ok())
        .unwrap_or_default()
}

/// Writes `value` to `file`, making its folder if need be.
pub fn save<T: Serialize>(value: &T, file: &Path) -> std::io::Result<()> {
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let text = toml::to_string(value).map_err(std::io::Error::other)?;
    std::fs::write(file, text)
}
