//! Finding the map a replay was played on among the maps a user has: the
//! files (and map folders) named `.w3x`/`.w3m` under some folders, matched
//! by the map they name ([`super::map_name`]), the same version first.
//!
//! The replay's own checksum of the map cannot be compared with a file:
//! the game hashes its own scripts (`common.j`, `blizzard.j`) with the
//! map's, and those are not in the map. So a match is by name: the same
//! ladder id or version, or the same name only, and says which.

use super::map_name::{self, MapName};
use std::path::{Path, PathBuf};

/// Folders are searched this deep below each one given.
const DEPTH: usize = 4;
/// At most this many entries are looked at over all folders, so that
/// `--maps /` ends in bounded time.
const ENTRIES: usize = 50_000;

/// How sure a match is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum How {
    /// The same map id (W3Champions') or the same version number.
    NameAndVersion,
    /// The same name; the versions differ or one is not named.
    Name,
}

impl How {
    pub fn as_str(self) -> &'static str {
        match self {
            How::NameAndVersion => "same name and version",
            How::Name => "same name only",
        }
    }
}

/// The map file chosen for a replay.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub path: PathBuf,
    pub how: How,
    /// The versions the replay's path and the file's name say.
    pub versions: (Option<String>, Option<String>),
}

/// The maps under some folders, read once (a season asks for many
/// replays' maps).
#[derive(Debug, Clone, Default)]
pub struct Maps {
    pub files: Vec<(PathBuf, MapName)>,
}

impl Maps {
    /// Every map file and map folder under `dirs` (missing ones skipped;
    /// a map file given as one is taken as it is).
    pub fn scan(dirs: &[PathBuf]) -> Maps {
        let mut files = Vec::new();
        let mut budget = ENTRIES;
        let mut seen = Vec::new();
        for dir in dirs {
            let key = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone());
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            if is_map_name(dir) && dir.is_file() {
                files.push((dir.clone(), map_name::parse(&dir.to_string_lossy())));
            } else {
                walk(dir, DEPTH, &mut budget, &mut files);
            }
        }
        files.sort_by(|a, b| a.0.cmp(&b.0));
        files.dedup_by(|a, b| a.0 == b.0);
        Maps { files }
    }

    /// The best match for a replay's stored map path.
    pub fn find(&self, stored: &str) -> Option<Found> {
        let want = map_name::parse(stored);
        if want.name.is_empty() {
            return None;
        }
        self.files
            .iter()
            .filter(|(_, n)| n.name == want.name)
            .map(|(path, n)| {
                let same_id = want.id.is_some() && want.id == n.id;
                let same_version = want.version.is_some() && want.version == n.version;
                let how = match same_id || same_version {
                    true => How::NameAndVersion,
                    false => How::Name,
                };
                Found {
                    path: path.clone(),
                    how,
                    versions: (want.version.clone(), n.version.clone()),
                }
            })
            .min_by(|a, b| {
                a.how
                    .cmp(&b.how)
                    .then_with(|| b.versions.1.cmp(&a.versions.1))
            })
    }
}

fn is_map_name(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("w3x") || e.eq_ignore_ascii_case("w3m"))
}

fn walk(dir: &Path, depth: usize, budget: &mut usize, out: &mut Vec<(PathBuf, MapName)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut subdirs = Vec::new();
    for e in entries.flatten() {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let p = e.path();
        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
        if is_map_name(&p) {
            // A map folder is a map, not a folder to look in.
            let name = map_name::parse(&p.to_string_lossy());
            out.push((p, name));
        } else if is_dir && depth > 0 {
            subdirs.push(p);
        }
    }
    for d in subdirs {
        walk(&d, depth - 1, budget, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn maps(names: &[&str]) -> Maps {
        Maps {
            files: names
                .iter()
                .map(|n| (PathBuf::from(n), map_name::parse(n)))
                .collect(),
        }
    }

    #[test]
    fn the_same_version_is_preferred_and_a_name_only_match_says_so() {
        let m = maps(&[
            "ladder/1v1_ConcealedHill@1.w3x",
            "ladder/1v1_LastRefuge_v1.5@3.w3x",
            "old/(2)LastRefuge-1.3.w3x",
            "ladder/1v1_2v2_TwistedMeadows_v1.9@6.w3x",
        ]);
        let f = m
            .find(r"maps\W3Champions\1_w3c_251104_0950_ConcealedHill.w3x")
            .unwrap();
        assert_eq!(
            (f.path.to_str().unwrap(), f.how),
            ("ladder/1v1_ConcealedHill@1.w3x", How::NameAndVersion)
        );
        let f = m.find("Maps/Download/(2)LastRefuge-1.3.w3x").unwrap();
        assert_eq!(
            (f.path.to_str().unwrap(), f.how),
            ("old/(2)LastRefuge-1.3.w3x", How::NameAndVersion)
        );
        let f = m
            .find("Maps/W3Champions/v11/w3c_LastRefuge_v1.4.w3x")
            .unwrap();
        assert_eq!(f.how, How::Name);
        assert_eq!(
            f.path.to_str().unwrap(),
            "ladder/1v1_LastRefuge_v1.5@3.w3x",
            "the newest of the rest"
        );
        let f = m.find(r"Maps\FrozenThrone\(4)TwistedMeadows.w3x").unwrap();
        assert_eq!(f.how, How::Name);
        assert!(m.find("Maps/(2)bootybay.w3m").is_none());
        assert!(
            m.find("v1.2.w3x").is_none(),
            "a path naming no map matches none"
        );
    }
}
