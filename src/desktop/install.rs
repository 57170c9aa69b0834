//! `mapscope install-desktop`: the MIME package, the `.desktop` and
//! `.thumbnailer` entries and the icon, written under one XDG data
//! directory (the user's, or a prefix's `share`), then the caches that
//! file managers read (`update-mime-database`, `update-desktop-database`)
//! brought up to date where those tools are installed. `--uninstall`
//! removes the same files and updates the caches again.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Where to install.
#[derive(Debug, Clone)]
pub enum Target {
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    User,
    /// `PREFIX/share`, as a package would (`/usr/local`, `/usr`).
    Prefix(PathBuf),
}

impl Target {
    /// The XDG data directory the files go under.
    pub fn data_dir(&self) -> Result<PathBuf, String> {
        match self {
            Target::Prefix(p) => Ok(p.join("share")),
            Target::User => {
                // The spec: a relative XDG_DATA_HOME is invalid, ignored.
                let home_data = std::env::var_os("XDG_DATA_HOME")
                    .map(PathBuf::from)
                    .filter(|p| p.is_absolute());
                home_data
                    .or_else(|| {
                        std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share"))
                    })
                    .ok_or_else(|| {
                        "neither XDG_DATA_HOME nor HOME is set: give --prefix DIR".to_string()
                    })
            }
        }
    }
}

/// The files install-desktop writes, relative to the data directory, with
/// their contents for the binary at `exe`.
pub fn files(exe: &Path) -> Vec<(&'static str, String)> {
    vec![
        ("mime/packages/mapscope.xml", super::mime::package_xml()),
        (
            "applications/mapscope.desktop",
            super::entries::desktop_entry(exe),
        ),
        (
            "thumbnailers/mapscope.thumbnailer",
            super::entries::thumbnailer_entry(exe),
        ),
        (
            "icons/hicolor/scalable/apps/mapscope.svg",
            super::ICON_SVG.to_string(),
        ),
    ]
}

/// Writes the files under `data` for the binary at `exe` and updates the
/// caches; returns what it did, a line each, for the user.
pub fn install(data: &Path, exe: &Path) -> Result<Vec<String>, String> {
    let mut done = Vec::new();
    for (rel, text) in files(exe) {
        let path = data.join(rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        done.push(format!("wrote {}", path.display()));
    }
    done.extend(update_caches(data)?);
    Ok(done)
}

/// Removes the files [`install`] writes (those that are there) and updates
/// the caches; returns what it did.
pub fn uninstall(data: &Path) -> Result<Vec<String>, String> {
    let mut done = Vec::new();
    for (rel, _) in files(Path::new("mapscope")) {
        let path = data.join(rel);
        match std::fs::remove_file(&path) {
            Ok(()) => done.push(format!("removed {}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("cannot remove {}: {e}", path.display())),
        }
    }
    if done.is_empty() {
        done.push(format!("nothing of mapscope's under {}", data.display()));
        return Ok(done);
    }
    done.extend(update_caches(data)?);
    done.extend(remove_empty_folders(data));
    Ok(done)
}

/// The folders [`install`] makes for its files, once uninstalling leaves
/// them empty, deepest first, never `data` itself; what it removed.
fn remove_empty_folders(data: &Path) -> Vec<String> {
    let mut folders: Vec<PathBuf> = files(Path::new("mapscope"))
        .iter()
        .flat_map(|(rel, _)| Path::new(rel).ancestors().skip(1).map(|a| data.join(a)))
        .filter(|dir| dir != data)
        .collect();
    folders.sort_by(|a, b| (b.components().count(), b).cmp(&(a.components().count(), a)));
    folders.dedup();
    folders
        .into_iter()
        // Only an empty folder goes: remove_dir refuses any other.
        .filter(|dir| std::fs::remove_dir(dir).is_ok())
        .map(|dir| format!("removed the empty folder {}", dir.display()))
        .collect()
}

/// Runs the cache tools that are installed; says which were not.
fn update_caches(data: &Path) -> Result<Vec<String>, String> {
    let mut done = Vec::new();
    let tools = [
        (
            "update-mime-database",
            data.join("mime"),
            "shared-mime-info",
        ),
        (
            "update-desktop-database",
            data.join("applications"),
            "desktop-file-utils",
        ),
    ];
    for (tool, dir, package) in tools {
        if !dir.is_dir() {
            continue;
        }
        match Command::new(tool).arg(&dir).output() {
            // update-mime-database skips a package it cannot parse, says so
            // on stderr and exits 0.
            Ok(out) if out.status.success() && !failed_quietly(&out.stderr) => {
                done.push(format!("ran {tool} {}", dir.display()))
            }
            Ok(out) => {
                return Err(format!(
                    "{tool} {} failed ({}): {}",
                    dir.display(),
                    out.status,
                    String::from_utf8_lossy(&out.stderr).trim()
                ))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => done.push(format!(
                "{tool} is not installed ({package}): file managers may not see the change until it runs"
            )),
            Err(e) => return Err(format!("cannot run {tool}: {e}")),
        }
    }
    Ok(done)
}

/// Whether a tool that exited 0 said it failed.
fn failed_quietly(stderr: &[u8]) -> bool {
    let text = String::from_utf8_lossy(stderr);
    text.contains("Failed") || text.contains("parser error")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefix_installs_under_its_share() {
        let t = Target::Prefix(PathBuf::from("/opt/m"));
        assert_eq!(t.data_dir().unwrap(), Path::new("/opt/m/share"));
    }

    #[test]
    fn uninstall_removes_what_install_wrote_and_nothing_else() {
        let dir =
            std::env::temp_dir().join(format!("mapscope-desktop-unit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let other = dir.join("applications/other.desktop");
        std::fs::create_dir_all(other.parent().unwrap()).unwrap();
        std::fs::write(&other, "[Desktop Entry]\n").unwrap();
        install(&dir, Path::new("/x/mapscope")).unwrap();
        let written: Vec<PathBuf> = files(Path::new("/x/mapscope"))
            .iter()
            .map(|(rel, _)| dir.join(rel))
            .collect();
        assert!(written.iter().all(|p| p.is_file()));
        uninstall(&dir).unwrap();
        assert!(written.iter().all(|p| !p.exists()));
        assert!(other.exists());
        // The folders it made go with them when nothing else is in them
        // (the mime folder keeps the caches its tool writes, if installed).
        for gone in ["icons", "thumbnailers", "mime/packages"] {
            assert!(!dir.join(gone).exists(), "{gone} is left");
        }
        assert!(dir.join("applications").is_dir(), "another's folder went");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
