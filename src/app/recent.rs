//! mapscope's config folder and what is kept there: the recent-files list,
//! and whether the key list was shown once.

use std::path::{Path, PathBuf};

/// `$XDG_CONFIG_HOME/mapscope`, or `~/.config/mapscope`.
pub fn config_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("mapscope"))
}

/// True the first time it is asked on this machine (no config folder
/// holds the mark yet), and then never again: the key list opens once.
pub fn first_run() -> bool {
    let Some(dir) = config_dir() else {
        return false;
    };
    let mark = dir.join("keys-shown");
    if mark.exists() {
        return false;
    }
    let _ = std::fs::create_dir_all(&dir);
    std::fs::write(&mark, "the key list was shown at the first start\n").is_ok()
}

/// Recent files, one a line, newest first.
fn recent_path() -> Option<PathBuf> {
    config_dir().map(|d| d.join("recent.txt"))
}

/// Puts `p` at the top of the recent files (ten at most). Failing to save
/// is not worth bothering the user about.
pub fn remember(p: &Path) {
    if let Some(file) = recent_path() {
        put_first(&file, p);
    }
}

/// Folders of maps given to the viewer with `--maps` (where replays'
/// maps are), newest first, ten at most.
fn maps_path() -> Option<PathBuf> {
    config_dir().map(|d| d.join("maps-folders.txt"))
}

/// Remembers `dir` as a folder of maps for replays, as [`remember`] does
/// a file.
pub fn remember_maps_folder(dir: &Path) {
    if let Some(file) = maps_path() {
        put_first(&file, dir);
    }
}

/// Puts `p` (made absolute) at the top of the list in `file`, a path a
/// line, once, ten at most.
fn put_first(file: &Path, p: &Path) {
    let p = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let mut list: Vec<String> = std::fs::read_to_string(file)
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
    let _ = std::fs::write(file, list.join("\n"));
}

/// Where a replay's map is looked for beyond its own folder: the folders
/// given with `--maps`, then those recent maps were opened from.
pub fn maps_folders() -> Vec<PathBuf> {
    let given = maps_path()
        .and_then(|f| std::fs::read_to_string(f).ok())
        .unwrap_or_default();
    let mut out: Vec<PathBuf> = given
        .lines()
        .filter(|l| !l.is_empty())
        .map(PathBuf::from)
        .collect();
    out.extend(
        list()
            .iter()
            .filter_map(|r| r.parent().map(Path::to_path_buf)),
    );
    out
}

/// The recent files, newest first.
pub fn list() -> Vec<PathBuf> {
    let Some(file) = recent_path() else {
        return Vec::new();
    };
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.is_empty())
        .map(PathBuf::from)
        .collect()
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
