//! mapscope's config folder and the recent-files list kept there.

use std::path::{Path, PathBuf};

/// `$XDG_CONFIG_HOME/mapscope`, or `~/.config/mapscope`.
pub fn config_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("mapscope"))
}

/// Recent files, one a line, newest first.
fn recent_path() -> Option<PathBuf> {
    config_dir().map(|d| d.join("recent.txt"))
}

/// Puts `p` at the top of the recent files (ten at most). Failing to save
/// is not worth bothering the user about.
pub fn remember(p: &Path) {
    let Some(file) = recent_path() else { return };
    let p = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let mut list: Vec<String> = std::fs::read_to_string(&file)
        .unwrap_or_default()
        .lines()
        .filter(|l| *l != p.to_string_lossy())
        .map(str::to_string)
        .collect();
    list.insert(0, p.to_string_lossy().into_owned());
    list.truncate(10);
    if let Some(dir) = file.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let _ = std::fs::write(&file, list.join("\n"));
}

/// The folder of the newest recent file that still exists, to start
/// browsing in.
pub fn last_folder() -> Option<PathBuf> {
    let text = std::fs::read_to_string(recent_path()?).ok()?;
    text.lines()
        .filter_map(|l| Path::new(l).parent())
        .find(|d| d.is_dir())
        .map(Path::to_path_buf)
}
