//! What the View menu remembers between runs, in `view.toml` in mapscope's
//! config folder: whether spawn areas are drawn.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewPrefs {
    /// Spawn areas drawn in the 3D view (View → Spawn areas).
    pub spawn_areas: bool,
}

impl Default for ViewPrefs {
    fn default() -> ViewPrefs {
        ViewPrefs { spawn_areas: true }
    }
}

impl ViewPrefs {
    /// Reads what [`ViewPrefs::save`] wrote; defaults for anything missing
    /// or unreadable.
    pub fn load(file: &Path) -> ViewPrefs {
        std::fs::read_to_string(file)
            .ok()
            .and_then(|text| toml::from_str(&text).ok())
            .unwrap_or_default()
    }

    pub fn save(&self, file: &Path) -> std::io::Result<()> {
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let text = toml::to_string(self).map_err(std::io::Error::other)?;
        std::fs::write(file, text)
    }
}

/// `view.toml` in mapscope's config folder.
pub fn path() -> Option<PathBuf> {
    super::recent::config_dir().map(|d| d.join("view.toml"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_spawn_areas_are_remembered() {
        let dir = std::env::temp_dir().join(format!("mapscope-view-prefs-{}", std::process::id()));
        let file = dir.join("view.toml");
        assert!(ViewPrefs::load(&file).spawn_areas, "shown by default");
        ViewPrefs { spawn_areas: false }.save(&file).unwrap();
        assert!(!ViewPrefs::load(&file).spawn_areas);
        let _ = std::fs::remove_dir_all(dir);
    }
}
