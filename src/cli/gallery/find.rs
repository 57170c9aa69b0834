//! Finding the maps under a folder by their content, whatever their
//! extension: files the format detector recognises, Warcraft III map
//! folders (a folder holding `war3map.w3e`), and files with a map's
//! extension that are not maps (listed as failures, so a broken map is
//! seen, not silently left out).

use mapscope::app::browser::{has_map_extension, sniff};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// A map found, or a file that looks like one and is not.
#[derive(Debug, Clone)]
pub struct Found {
    pub path: PathBuf,
    /// The file's size, or the sum of a map folder's files.
    pub bytes: u64,
    /// When it last changed (a folder: its newest file).
    pub modified: SystemTime,
    /// Why it is not a map, for a file with a map's extension that the
    /// detector refuses.
    pub not_a_map: Option<String>,
}

/// Size and newest change time of the files directly in `dir`.
fn folder_stats(dir: &Path) -> (u64, SystemTime) {
    let mut bytes = 0;
    let mut newest = SystemTime::UNIX_EPOCH;
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if let Ok(m) = e.metadata() {
            if m.is_file() {
                bytes += m.len();
                newest = newest.max(m.modified().unwrap_or(SystemTime::UNIX_EPOCH));
            }
        }
    }
    (bytes, newest)
}

/// Walks `dir`, leaving out hidden entries and `skip` (the output folder);
/// returns map folders and the candidate files, each sorted by path.
fn walk(dir: &Path, skip: Option<&Path>, folders: &mut Vec<PathBuf>, files: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if skip.is_some_and(|s| p.canonicalize().is_ok_and(|c| c == s)) {
                continue;
            }
            if p.join("war3map.w3e").is_file() {
                folders.push(p);
            } else {
                walk(&p, skip, folders, files);
            }
        } else if p.is_file() {
            files.push(p);
        }
    }
}

/// Every map under `dir` (or `dir` itself, a map file or folder), in path
/// order; files are sniffed on all cores.
pub fn find_maps(dir: &Path, skip: Option<&Path>) -> Vec<Found> {
    let (mut folders, mut files) = (Vec::new(), Vec::new());
    if dir.is_file() {
        files.push(dir.to_path_buf());
    } else if dir.join("war3map.w3e").is_file() {
        folders.push(dir.to_path_buf());
    } else {
        walk(dir, skip, &mut folders, &mut files);
    }
    let mut found: Vec<Found> = folders
        .into_iter()
        .map(|path| {
            let (bytes, modified) = folder_stats(&path);
            Found {
                path,
                bytes,
                modified,
                not_a_map: None,
            }
        })
        .collect();
    found.par_extend(files.into_par_iter().filter_map(|path| {
        let meta = std::fs::metadata(&path).ok()?;
        let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        let name = path.file_name()?.to_string_lossy().into_owned();
        // A few bytes say nothing (the detector takes zeros for a tiny AoS
        // map), as in the in-app browser.
        let sniffed = if meta.len() >= 8 {
            sniff(&path)
        } else {
            Err(format!("{} bytes", meta.len()))
        };
        let not_a_map = match sniffed {
            Ok(_) => None,
            Err(why) if has_map_extension(&name) => Some(why),
            Err(_) => return None,
        };
        Some(Found {
            path,
            bytes: meta.len(),
            modified,
            not_a_map,
        })
    }));
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found
}
