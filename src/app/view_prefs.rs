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
        super::toml_file::load(file)
    }

    pub fn save(&self, file: &Path) -> std::io::Result<()> {
        super::toml_file::save(self, file)
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
