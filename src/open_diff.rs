//! Two maps on disk compared: each read once (its bytes, and the files
//! decoding unpacked from an archive, kept for the file-by-file
//! comparison), both at once.

use crate::diff::files::{self, Source};
use crate::diff::{Change, MapDiff};
use crate::formats::{self, LoadOptions};
use crate::store::Map;
use std::path::Path;

/// One side of a diff: its bytes and its map.
pub struct Side {
    pub source: Source,
    pub map: Map,
    /// The files decoding unpacked from an archive, by name.
    pub unpacked: crate::formats::w3x::Unpacked,
}

impl Side {
    /// Reads and decodes the map at `path` (a file or a map folder).
    pub fn load(path: &Path, options: &LoadOptions) -> Result<Side, String> {
        let source =
            Source::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let (map, unpacked) = match &source {
            Source::File { bytes, .. } => formats::load_bytes_keeping(path, bytes, options),
            Source::Folder(_) => formats::load_folder(path).map(|m| (m, Vec::new())),
        }
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        Ok(Side {
            source,
            map,
            unpacked,
        })
    }
}

/// What changed from `old` to `new`: the kinds' model, and the files whose
/// bytes differ.
pub fn compare(old: &Side, new: &Side) -> Result<MapDiff, String> {
    let bytes_differ = !old.source.same_bytes(&new.source);
    // The files' bytes are compared beside the kinds' model.
    let (model, files) = std::thread::scope(|s| {
        let files = s.spawn(|| match bytes_differ {
            true => {
                files::compare_unpacked([&old.source, &new.source], [&old.unpacked, &new.unpacked])
            }
            false => Vec::new(),
        });
        let model = crate::kinds::diff(&old.map, &new.map);
        (model, files.join().unwrap_or_default())
    });
    let mut d = model.map_err(|e| e.to_string())?;
    settle_files(&mut d, bytes_differ, files, &old.source, &new.source);
    Ok(d)
}

/// Adds to `d` (the kinds' model, made already) the files whose bytes
/// differ between `old` and `new`.
pub fn add_files(d: &mut MapDiff, old: &Source, new: &Source) {
    let bytes_differ = !old.same_bytes(new);
    let files = match bytes_differ {
        true => files::compare(old, new),
        false => Vec::new(),
    };
    settle_files(d, bytes_differ, files, old, new);
}

/// The files' part of `d`, with each file marked where the model names its
/// change.
fn settle_files(
    d: &mut MapDiff,
    bytes_differ: bool,
    files: Vec<crate::diff::FileDiff>,
    old: &Source,
    new: &Source,
) {
    d.bytes_differ = bytes_differ;
    d.files = files;
    if bytes_differ {
        explain(d, !old.holds_files() || !new.holds_files());
    }
}

/// Marks each differing file whose change a part of `diff` names (as the
/// map's kind says: `kinds::diff_explains`), or, for a single-file map,
/// whose model changed. Any other file is shown by its byte ranges.
fn explain(diff: &mut MapDiff, single_file: bool) {
    let changed = diff.changed();
    let marks: Vec<bool> = diff
        .files
        .iter()
        .map(|f| match single_file {
            true => changed,
            false => crate::kinds::diff_explains(&f.name, diff),
        })
        .collect();
    // What a file's bytes say apart from the map (saved in another
    // format), noted before the coverage below names bytes by the notes.
    for f in &diff.files {
        let note = f
            .plain
            .as_ref()
            .and_then(|p| crate::kinds::diff_file_note(&f.name, &p.0, &p.1));
        if let Some(note) = note.filter(|n| !diff.notes.contains(n)) {
            diff.notes.push(note);
        }
    }
    // Where a kind accounts for a file byte by byte, it is explained only
    // when every differing byte is, and the rest are its ranges.
    let exact: Vec<Option<crate::diff::cover::Coverage>> = diff
        .files
        .iter()
        .map(|f| {
            let p = f.plain.as_ref()?;
            crate::kinds::diff_unexplained(&f.name, &p.0, &p.1, diff)
        })
        .collect();
    for ((f, m), exact) in diff.files.iter_mut().zip(marks).zip(exact) {
        f.explained = m && f.change == Change::Changed;
        if let Some(c) = exact {
            f.explained = c.complete() && f.change == Change::Changed;
            f.range_count = (c.left.len() + c.left_old.len()) as u64;
            f.ranges = c.left;
            f.old_ranges = c.left_old;
            f.named = c.named;
        }
    }
}

/// Loads both maps at once; each side's error names its path.
pub fn load_both(
    old: &Path,
    new: &Path,
    options: &LoadOptions,
) -> (Result<Side, String>, Result<Side, String>) {
    std::thread::scope(|s| {
        let o = s.spawn(|| Side::load(old, options));
        let n = Side::load(new, options);
        (
            o.join()
                .unwrap_or_else(|_| Err(format!("loading {} failed", old.display()))),
            n,
        )
    })
}

/// The diff of two maps on disk.
pub fn compare_paths(old: &Path, new: &Path, options: &LoadOptions) -> Result<MapDiff, String> {
    let (o, n) = load_both(old, new, options);
    compare(&o?, &n?)
}
