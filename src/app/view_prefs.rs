//! What the View menu remembers between runs, in `view.toml` in mapscope's
//! config folder: whether spawn areas are drawn, and which side panels are
//! collapsed.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewPrefs {
    /// Spawn areas drawn in the 3D view (View → Spawn areas).
    pub spawn_areas: bool,
    /// The left panel (Map, or Changes while comparing) open; false when
    /// collapsed to its strip.
    pub map_panel: bool,
    /// The Inspector open; false when collapsed to its strip.
    pub inspector_panel: bool,
}

impl Default for ViewPrefs {
    fn default() -> ViewPrefs {
        ViewPrefs {
            spawn_areas: true,
            map_panel: true,
            inspector_panel: true,
        }
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
        let hidden = ViewPrefs {
            spawn_areas: false,
            ..ViewPrefs::default()
        };
        hidden.save(&file).unwrap();
        assert!(!ViewPrefs::load(&file).spawn_areas);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn collapsed_panels_are_remembered_and_old_files_open_them() {
        let dir = std::env::temp_dir().join(format!("mapscope-panels-{}", std::process::id()));
        let file = dir.join("view.toml");
        // A file from before panels collapsed: both open.
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&file, "spawn_areas = false\n").unwrap();
        let old = ViewPrefs::load(&file);
        assert!(old.map_panel && old.inspector_panel && !old.spawn_areas);
        let collapsed = ViewPrefs {
            inspector_panel: false,
            ..ViewPrefs::default()
        };
        collapsed.save(&file).unwrap();
        assert_eq!(ViewPrefs::load(&file), collapsed);
        let _ = std::fs::remove_dir_all(dir);
    }
}
