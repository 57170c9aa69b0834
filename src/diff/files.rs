//! The bytes of two maps compared file by file: the files inside an archive
//! or a map folder (named by the `(listfile)`, the editor's standard names
//! and, for files no name is known for, their hash-table entries), or the
//! map's one file. Equal stored bytes are taken as equal without
//! decompressing.

use super::{bytes, Change, FileDiff};
use crate::formats::mpq::crypto::{hash, HashKind};
use crate::formats::mpq::{self, Archive, Block};
use crate::formats::w3x::names;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Differing byte ranges the text and JSON show for each file.
pub const RANGES: usize = 8;
/// Files up to this size keep both sides' bytes for the kinds to account
/// for (a map's pathing and shadow maps are a quarter megabyte).
pub const KEEP: usize = 4 << 20;
/// Files a map folder may hold before it is refused (a folder of maps is
/// not a map).
const MAX_FOLDER_FILES: usize = 10_000;

/// A map's bytes: one file (an archive or a single-file map), or the files
/// of a map folder by their names inside it (`\` between folders, as an
/// archive names them).
#[derive(Debug, Clone)]
pub enum Source {
    File { name: String, bytes: Vec<u8> },
    Folder(Vec<(String, Vec<u8>)>),
}

impl Source {
    /// Reads a map file, or every file of a map folder.
    pub fn read(path: &Path) -> std::io::Result<Source> {
        if crate::formats::file::check_io(path, crate::formats::file::LARGEST_MAP)?.is_some() {
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            return Ok(Source::File {
                name,
                bytes: crate::formats::file::read_io(path, crate::formats::file::LARGEST_MAP)?,
            });
        }
        let mut files = Vec::new();
        let mut stack = vec![(path.to_path_buf(), String::new())];
        while let Some((dir, prefix)) = stack.pop() {
            for entry in std::fs::read_dir(&dir)? {
                let entry = entry?;
                let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
                if entry.file_type()?.is_dir() {
                    stack.push((entry.path(), format!("{name}\\")));
                } else {
                    let limit = crate::formats::mpq::MAX_FILE as u64;
                    files.push((name, crate::formats::file::read_io(&entry.path(), limit)?));
                }
                if files.len() > MAX_FOLDER_FILES {
                    return Err(std::io::Error::other(format!(
                        "{} holds more than {MAX_FOLDER_FILES} files: not a map folder",
                        path.display()
                    )));
                }
            }
        }
        files.sort();
        Ok(Source::Folder(files))
    }

    /// Whether it holds files by name (an archive or a folder), not one map
    /// file.
    pub fn holds_files(&self) -> bool {
        match self {
            Source::File { bytes, .. } => mpq::sniff(bytes).is_ok(),
            Source::Folder(_) => true,
        }
    }

    /// Whether both hold exactly the same bytes (a folder: the same files).
    pub fn same_bytes(&self, other: &Source) -> bool {
        match (self, other) {
            (Source::File { bytes: a, .. }, Source::File { bytes: b, .. }) => a == b,
            (Source::Folder(a), Source::Folder(b)) => a == b,
            _ => false,
        }
    }
}

/// A file inside a map, as far as it has been read.
struct Item<'a> {
    name: String,
    /// In an archive: its block and stored bytes.
    stored: Option<(Block, &'a [u8])>,
    archive: Option<&'a Archive<'a>>,
    plain: Option<&'a [u8]>,
}

impl Item<'_> {
    fn size(&self) -> u64 {
        match (self.plain, self.stored) {
            (Some(p), _) => p.len() as u64,
            (None, Some((b, _))) => b.file_size as u64,
            _ => 0,
        }
    }

    /// Its plain bytes (borrowed where they are at hand), or why they
    /// cannot be had.
    fn read(&self) -> Result<Cow<'_, [u8]>, String> {
        match (self.plain, self.archive) {
            (Some(p), _) => Ok(Cow::Borrowed(p)),
            (None, Some(a)) => match a.read(&self.name) {
                Ok(Some(b)) => Ok(Cow::Owned(b)),
                Ok(None) => Err("not found".into()),
                Err(e) => Err(e.to_string()),
            },
            _ => Err("an unnamed file: its stored bytes are compared".into()),
        }
    }
}

/// The key files are matched by: case and separators as the game ignores them.
fn key(name: &str) -> String {
    name.to_ascii_lowercase().replace('/', "\\")
}

fn hashes(name: &str) -> (u32, u32) {
    (hash(name, HashKind::CheckA), hash(name, HashKind::CheckB))
}

/// An archive's files: every candidate name it holds, then its entries no
/// candidate names, each as `(unnamed XXXXXXXX-XXXXXXXX)`.
fn archive_items<'a>(
    a: &'a Archive<'a>,
    candidates: &BTreeSet<String>,
    unpacked: &'a [(String, Vec<u8>)],
) -> BTreeMap<String, Item<'a>> {
    let unpacked: BTreeMap<String, &[u8]> = unpacked
        .iter()
        .map(|(n, b)| (key(n), b.as_slice()))
        .collect();
    let mut items = BTreeMap::new();
    let mut named = BTreeSet::new();
    for name in candidates {
        if let Some(b) = a.find(name) {
            named.insert(hashes(name));
            let k = key(name);
            items.insert(
                k.clone(),
                Item {
                    name: name.clone(),
                    stored: Some((*b, a.stored(b))),
                    archive: Some(a),
                    plain: unpacked.get(&k).copied(),
                },
            );
        }
    }
    for (h, b) in a.entries() {
        if !named.contains(&h) {
            let name = format!("(unnamed {:08X}-{:08X})", h.0, h.1);
            items.entry(key(&name)).or_insert(Item {
                name,
                stored: Some((b, a.stored(&b))),
                archive: None,
                plain: None,
            });
        }
    }
    items
}

fn folder_items(files: &[(String, Vec<u8>)]) -> BTreeMap<String, Item<'_>> {
    files
        .iter()
        .map(|(n, b)| {
            (
                key(n),
                Item {
                    name: n.clone(),
                    stored: None,
                    archive: None,
                    plain: Some(b),
                },
            )
        })
        .collect()
}

/// Names worth looking for in an archive: the standard ones, those in
/// either side's `(listfile)`, and a folder's.
fn candidates(archives: &[&Archive], folders: &[&[(String, Vec<u8>)]]) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = names::STANDARD.iter().map(|s| s.to_string()).collect();
    for a in archives {
        if let Ok(Some(list)) = a.read("(listfile)") {
            out.extend(names::listed(&list));
        }
    }
    for f in folders {
        out.extend(f.iter().map(|(n, _)| n.clone()));
    }
    out
}

fn one_file(name: &str, old: &[u8], new: &[u8]) -> FileDiff {
    let (ranges, range_count) = bytes::ranges(old, new, usize::MAX);
    FileDiff {
        name: name.to_string(),
        change: Change::Changed,
        old_size: Some(old.len() as u64),
        new_size: Some(new.len() as u64),
        explained: false,
        ranges,
        old_ranges: Vec::new(),
        range_count,
        named: Vec::new(),
        plain: (old.len().max(new.len()) <= KEEP)
            .then(|| std::sync::Arc::new((old.to_vec(), new.to_vec()))),
    }
}

/// How the file one side or both hold differs, if it does.
fn differs(old: Option<&Item>, new: Option<&Item>) -> Option<FileDiff> {
    match (old, new) {
        (Some(o), None) => Some(FileDiff::whole(
            &o.name,
            Change::Removed,
            Some(o.size()),
            None,
        )),
        (None, Some(n)) => Some(FileDiff::whole(
            &n.name,
            Change::Added,
            None,
            Some(n.size()),
        )),
        (Some(o), Some(n)) => {
            if let (Some((ob, os)), Some((nb, ns))) = (o.stored, n.stored) {
                let key_moves = ob.flags & mpq::KEY_ADJUSTED != 0 && ob.offset != nb.offset;
                if os == ns && ob.flags == nb.flags && ob.file_size == nb.file_size && !key_moves {
                    return None;
                }
            }
            match (o.read(), n.read()) {
                (Ok(a), Ok(b)) if a == b => None,
                (Ok(a), Ok(b)) => Some(one_file(&n.name, &a, &b)),
                _ => {
                    // Unreadable on a side: its stored bytes are all there
                    // is to compare.
                    let (a, b) = (
                        o.stored.map_or(&[][..], |s| s.1),
                        n.stored.map_or(&[][..], |s| s.1),
                    );
                    (a != b).then(|| one_file(&n.name, a, b))
                }
            }
        }
        (None, None) => None,
    }
}

/// The files whose bytes differ. A single-file map is one file, named as
/// the new side names it; an archive or folder, its files by name.
pub fn compare(old: &Source, new: &Source) -> Vec<FileDiff> {
    compare_unpacked([old, new], [&[], &[]])
}

/// [`compare`], given the files already unpacked from each side's archive
/// (by name), which are not unpacked again.
pub fn compare_unpacked(
    [old, new]: [&Source; 2],
    [old_unpacked, new_unpacked]: [&[(String, Vec<u8>)]; 2],
) -> Vec<FileDiff> {
    fn opened(s: &Source) -> Option<Archive<'_>> {
        match s {
            Source::File { bytes, .. } if mpq::sniff(bytes).is_ok() => Archive::open(bytes).ok(),
            _ => None,
        }
    }
    let (old_archive, new_archive) = (opened(old), opened(new));
    let is_map = |s: &Source, a: &Option<Archive>| a.is_some() || matches!(s, Source::Folder(_));
    if !is_map(old, &old_archive) || !is_map(new, &new_archive) {
        return match (old, new) {
            (Source::File { bytes: a, .. }, Source::File { name, bytes: b }) if a != b => {
                vec![one_file(name, a, b)]
            }
            (Source::File { .. }, Source::File { .. }) => Vec::new(),
            // A single file against a folder: nothing lines up.
            _ => vec![FileDiff::whole("(the map)", Change::Changed, None, None)],
        };
    }
    let archives: Vec<&Archive> = old_archive.iter().chain(new_archive.iter()).collect();
    let folders: Vec<&[(String, Vec<u8>)]> = [old, new]
        .into_iter()
        .filter_map(|s| match s {
            Source::Folder(f) => Some(f.as_slice()),
            _ => None,
        })
        .collect();
    let names = candidates(&archives, &folders);
    let old_items = match (&old_archive, old) {
        (Some(a), _) => archive_items(a, &names, old_unpacked),
        (None, Source::Folder(f)) => folder_items(f),
        _ => BTreeMap::new(),
    };
    let new_items = match (&new_archive, new) {
        (Some(a), _) => archive_items(a, &names, new_unpacked),
        (None, Source::Folder(f)) => folder_items(f),
        _ => BTreeMap::new(),
    };
    let keys: Vec<&String> = old_items
        .keys()
        .chain(new_items.keys())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    // Files decompress on all cores: a map's largest (shadows, pathing)
    // are a quarter megabyte each.
    use rayon::prelude::*;
    let mut out: Vec<FileDiff> = keys
        .par_iter()
        .filter_map(|k| differs(old_items.get(*k), new_items.get(*k)))
        .collect();
    if out.is_empty() && !old.same_bytes(new) {
        // Every file is equal, yet the archives are not: their tables,
        // header or unused bytes differ.
        match (old, new) {
            (Source::File { bytes: a, .. }, Source::File { bytes: b, .. }) => {
                out.push(one_file("(archive)", a, b))
            }
            _ => out.push(FileDiff::whole(
                "(container: an archive and a folder)",
                Change::Changed,
                None,
                None,
            )),
        }
    }
    out
}
