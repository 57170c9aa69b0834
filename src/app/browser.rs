//! The in-app file browser's logic, with no window: list a folder, sort it
//! (folders first, then by name), mark which files are maps by sniffing
//! their first bytes and length ([`formats::identify`]) and checking the
//! whole file cheaply ([`formats::check_file`]: a label means the file
//! would open; a map that would not is marked damaged) and which folders
//! are Warcraft III map folders, filter by name, and read a typed path. Used when no native file dialog can be
//! shown, and from File → Browse in app… always.

use crate::formats::{self, Format};
use std::io::Read;
use std::path::{Path, PathBuf};

/// How much of a file the detector sees. Enough for every format's header
/// and for an AoS map's first column (at most 256 spans of a few colours).
pub const SNIFF_BYTES: usize = 64 * 1024;

/// Extensions the viewer's maps usually have (`format.rs`'s table): a
/// first hint only, shown for files whose content is not recognised.
pub use crate::format::MAP_EXTENSIONS;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    Folder,
    /// A Warcraft III map saved as a folder (it holds `war3map.w3e`): it
    /// opens as a map.
    MapFolder,
    /// The detector recognised the content, and the whole file holds
    /// what opening it needs.
    Map(Format),
    /// A Warcraft III replay: it opens its map with the game on it.
    Replay,
    /// Starts as a map of this format, but would not open: cut short or
    /// damaged, for this reason.
    Damaged {
        format: Format,
        why: String,
    },
    /// A map's extension, but the content is not one (or unreadable).
    NotAMap {
        why: String,
    },
    Other,
}

impl Kind {
    /// Why choosing the file `name` would not open a map, for a file that
    /// is not one (a damaged map, a sidecar's text); `None` for maps and
    /// folders.
    pub fn why_not_a_map(&self, name: &str) -> Option<String> {
        match self {
            Kind::Folder | Kind::MapFolder | Kind::Map(_) | Kind::Replay => None,
            Kind::Damaged { format, why } => {
                Some(format!("{name} is a damaged {} map: {why}", format.label()))
            }
            Kind::NotAMap { why } => Some(format!("{name} is not a map: {why}")),
            Kind::Other => Some(format!("{name} is not a map")),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub path: PathBuf,
    pub kind: Kind,
    /// Bytes, for files.
    pub size: u64,
}

impl Entry {
    /// A map file or a map folder: it opens as a map.
    pub fn is_map(&self) -> bool {
        matches!(self.kind, Kind::Map(_) | Kind::MapFolder | Kind::Replay)
    }

    /// A folder, a map folder included.
    pub fn is_folder(&self) -> bool {
        matches!(self.kind, Kind::Folder | Kind::MapFolder)
    }
}

/// One folder's contents, sorted.
#[derive(Debug, Clone, Default)]
pub struct Listing {
    pub folder: PathBuf,
    pub entries: Vec<Entry>,
}

/// Whether a file name ends in one of [`MAP_EXTENSIONS`], in any case.
pub fn has_map_extension(name: &str) -> bool {
    Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| MAP_EXTENSIONS.iter().any(|m| e.eq_ignore_ascii_case(m)))
}

/// The format a file would open as, from at most [`SNIFF_BYTES`] of its
/// start and its length, then the whole file's cheap checks; `Damaged`
/// when the start is a map's and the rest would not open.
pub fn sniff(path: &Path) -> Result<Format, String> {
    match sniff_kind(path) {
        Kind::Map(format) => Ok(format),
        Kind::Damaged { why, .. } | Kind::NotAMap { why } => Err(why),
        _ => Err("not a map".into()),
    }
}

fn sniff_kind(path: &Path) -> Kind {
    let head = || -> std::io::Result<(Vec<u8>, u64)> {
        // A FIFO would hold the listing until something writes to it.
        use crate::formats::file;
        file::check_io(path, file::LARGEST_MAP)?;
        let file = std::fs::File::open(path)?;
        let len = file.metadata()?.len();
        let mut head = Vec::with_capacity(SNIFF_BYTES.min(4096));
        file.take(SNIFF_BYTES as u64).read_to_end(&mut head)?;
        Ok((head, len))
    };
    let (head, len) = match head() {
        Ok(read) => read,
        Err(e) => return Kind::NotAMap { why: e.to_string() },
    };
    if crate::formats::w3g::sniff(&head) {
        return Kind::Replay;
    }
    // A sidecar's size lets an AoS map of any column count open; only
    // looked for where it can matter.
    let sidecar_size = || formats::sidecar::read_beside(path).map_size.is_some();
    let whole = (head.len() as u64) >= len;
    let found = match formats::identify(&head, len, false) {
        Err(_) if whole && sidecar_size() => formats::identify(&head, len, true),
        found => found,
    };
    let format = match found {
        Ok(format) => format,
        Err(why) => return Kind::NotAMap { why },
    };
    // What the start cannot show: the whole file's columns or tables.
    match formats::check_file(path, format, false) {
        Err(_) if sidecar_size() && formats::check_file(path, format, true).is_ok() => {
            Kind::Map(format)
        }
        Ok(()) => Kind::Map(format),
        Err(why) => Kind::Damaged { format, why },
    }
}

/// Whether `name` matches a filter: the filter's text anywhere in it,
/// ignoring case and the filter's surrounding spaces; an empty filter
/// matches everything.
pub fn matches_filter(name: &str, filter: &str) -> bool {
    let filter = filter.trim();
    filter.is_empty() || name.to_lowercase().contains(&filter.to_lowercase())
}

/// The path a user typed or pasted, read as a file chooser would: quotes
/// and a `file://` prefix taken off, `~` for the home folder, relative to
/// the folder shown.
pub fn typed_path(text: &str, folder: &Path) -> PathBuf {
    let mut t = text.trim();
    for q in ['"', '\''] {
        if t.len() >= 2 && t.starts_with(q) && t.ends_with(q) {
            t = &t[1..t.len() - 1];
        }
    }
    let t = t.strip_prefix("file://").unwrap_or(t);
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let path = match (t.strip_prefix('~'), home) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
            home.join(rest.trim_start_matches('/'))
        }
        _ => PathBuf::from(t),
    };
    folder.join(path)
}

/// Lists `folder`: hidden entries (a leading dot) left out, folders first,
/// then files, each by name ignoring case. Every file is sniffed, so this
/// belongs on a background thread for large folders.
pub fn list(folder: &Path) -> std::io::Result<Listing> {
    let mut entries = Vec::new();
    for item in std::fs::read_dir(folder)? {
        let Ok(item) = item else { continue };
        let name = item.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = item.path();
        // Follows links, so a link to a folder opens like one.
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        let (kind, size) = if meta.is_dir() && formats::is_map_folder(&path) {
            (Kind::MapFolder, 0)
        } else if meta.is_dir() {
            (Kind::Folder, 0)
        } else {
            (kind_of_file(&path, &name, meta.len()), meta.len())
        };
        entries.push(Entry {
            name,
            path,
            kind,
            size,
        });
    }
    sort(&mut entries);
    Ok(Listing {
        folder: folder.to_path_buf(),
        entries,
    })
}

fn kind_of_file(path: &Path, name: &str, len: u64) -> Kind {
    // Empty files say nothing; the detector would call a few zero bytes a
    // (tiny) AoS map, so it gets at least one column's header.
    let kind = if len >= 8 {
        sniff_kind(path)
    } else {
        Kind::NotAMap {
            why: format!("{len} bytes"),
        }
    };
    match kind {
        Kind::NotAMap { .. } if !has_map_extension(name) => Kind::Other,
        kind => kind,
    }
}

/// Folders first, then files; by name, ignoring case.
pub fn sort(entries: &mut [Entry]) {
    entries.sort_by(|a, b| {
        let folder = |e: &Entry| !e.is_folder();
        folder(a)
            .cmp(&folder(b))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then_with(|| a.name.cmp(&b.name))
    });
}

/// A size for people: "512 B", "3.2 KiB", "4.7 MiB".
pub fn human_size(bytes: u64) -> String {
    match bytes {
        b if b < 1024 => format!("{b} B"),
        b if b < 1024 * 1024 => format!("{:.1} KiB", b as f64 / 1024.0),
        b => format!("{:.1} MiB", b as f64 / 1048576.0),
    }
}

/// Whether a native file dialog can be shown: on Linux, rfd asks the XDG
/// desktop portal over D-Bus and falls back to `zenity`; with neither it
/// gives up at once, which looks just like the user cancelling.
pub fn native_dialog_available() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some();
    let portal = [
        "/usr/libexec/xdg-desktop-portal",
        "/usr/lib/xdg-desktop-portal",
        "/usr/lib/xdg-desktop-portal/xdg-desktop-portal",
    ]
    .iter()
    .any(|p| Path::new(p).is_file());
    let path = std::env::var_os("PATH").unwrap_or_default();
    dialog_possible(bus && portal, &path)
}

/// The portal's answer, or `zenity` somewhere on `path` (a PATH value).
pub fn dialog_possible(portal: bool, path: &std::ffi::OsStr) -> bool {
    portal
        || std::env::split_paths(path).any(|dir| {
            let zenity = dir.join("zenity");
            zenity.is_file()
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dir::TempDir;

    /// A real (small) AoS map, written by mapscope's own writer.
    fn aos_map_bytes() -> Vec<u8> {
        crate::kinds::encode(
            &crate::formats::decode(crate::app::loader::DEMO, &Default::default()).unwrap(),
            Format::AosVxl,
        )
        .unwrap()
    }

    #[test]
    fn lists_folders_first_then_files_by_name_and_marks_maps_by_content() {
        let t = TempDir::new("browser-list");
        let d = &t.0;
        std::fs::create_dir(d.join("zeta")).unwrap();
        std::fs::create_dir(d.join("Alpha")).unwrap();
        std::fs::create_dir(d.join(".hidden")).unwrap();
        let map = aos_map_bytes();
        // A map whose name says nothing, and a map extension on a text file.
        std::fs::write(d.join("island.dat"), &map).unwrap();
        std::fs::write(d.join("Big.vxl"), &map).unwrap();
        std::fs::write(d.join("notes.vxl"), "hello,\nthis is not a map\n").unwrap();
        std::fs::write(d.join("readme.txt"), "# just text\nwith lines\n").unwrap();
        let files = crate::samples::w3x_files(0);
        let w3e = &files.iter().find(|(n, _)| *n == "war3map.w3e").unwrap().1;
        std::fs::write(d.join("war3map.w3e"), w3e).unwrap();
        std::fs::write(d.join("empty.vmf"), b"").unwrap();

        let listing = list(d).unwrap();
        let names: Vec<&str> = listing.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Alpha",
                "zeta",
                "Big.vxl",
                "empty.vmf",
                "island.dat",
                "notes.vxl",
                "readme.txt",
                "war3map.w3e"
            ]
        );
        let kind = |n: &str| {
            listing
                .entries
                .iter()
                .find(|e| e.name == n)
                .unwrap()
                .kind
                .clone()
        };
        assert_eq!(kind("Alpha"), Kind::Folder);
        assert_eq!(kind("Big.vxl"), Kind::Map(Format::AosVxl));
        assert_eq!(kind("island.dat"), Kind::Map(Format::AosVxl));
        assert_eq!(kind("war3map.w3e"), Kind::Map(Format::W3e));
        assert!(matches!(kind("notes.vxl"), Kind::NotAMap { .. }));
        assert!(matches!(kind("empty.vmf"), Kind::NotAMap { .. }));
        assert_eq!(kind("readme.txt"), Kind::Other);
        let big = listing
            .entries
            .iter()
            .find(|e| e.name == "Big.vxl")
            .unwrap();
        assert_eq!(big.size, map.len() as u64);
        assert!(big.is_map());
        assert_eq!(listing.entries.iter().filter(|e| e.is_map()).count(), 3);
    }

    #[test]
    fn the_start_names_the_format_and_the_whole_file_whether_it_opens() {
        let t = TempDir::new("browser-prefix");
        // A W3E header followed by far more than the sniffer reads: its
        // start makes it a W3E, and the whole file, mapped and decoded, a
        // damaged one.
        let mut bytes = b"W3E!".to_vec();
        bytes.extend(12i32.to_le_bytes());
        bytes.resize(SNIFF_BYTES * 4, 0xAB);
        let p = t.0.join("huge.bin");
        std::fs::write(&p, &bytes).unwrap();
        assert!(matches!(
            sniff_kind(&p),
            Kind::Damaged {
                format: Format::W3e,
                ..
            }
        ));
        assert!(sniff(&p).unwrap_err().contains("texture count"));
        assert!(sniff(&t.0.join("missing.vxl")).is_err());
    }

    #[test]
    fn maps_cut_short_are_labelled_damaged_and_sidecars_are_not_maps() {
        let t = TempDir::new("browser-damaged");
        let d = &t.0;
        let vxl = aos_map_bytes();
        let w3x = crate::samples::w3x_archive(400, Default::default());
        assert!(w3x.len() > 5000 && vxl.len() > SNIFF_BYTES);
        std::fs::write(d.join("whole.vxl"), &vxl).unwrap();
        std::fs::write(d.join("half.vxl"), &vxl[..vxl.len() / 2]).unwrap();
        std::fs::write(d.join("whole.w3x"), &w3x).unwrap();
        std::fs::write(d.join("cut.w3x"), &w3x[..5000]).unwrap();
        std::fs::write(d.join("half.txt"), "name = Half\nauthor = Nobody\n").unwrap();
        let listing = list(d).unwrap();
        let entry = |n: &str| listing.entries.iter().find(|e| e.name == n).unwrap();
        assert_eq!(entry("whole.vxl").kind, Kind::Map(Format::AosVxl));
        assert_eq!(entry("whole.w3x").kind, Kind::Map(Format::W3x));
        for (name, format, says) in [
            ("half.vxl", Format::AosVxl, "cut short"),
            ("cut.w3x", Format::W3x, "past the end"),
        ] {
            let e = entry(name);
            let Kind::Damaged { format: f, why } = &e.kind else {
                panic!("{name}: {:?}", e.kind);
            };
            assert_eq!(*f, format);
            assert!(why.contains(says), "{name}: {why}");
            assert!(!e.is_map());
            let refusal = e.kind.why_not_a_map(name).unwrap();
            assert!(refusal.contains("damaged") && refusal.contains(why.as_str()));
            // And it does fail to open, as the label says.
            assert!(crate::formats::load_path(&e.path, &Default::default()).is_err());
        }
        assert_eq!(entry("half.txt").kind, Kind::Other);
        assert!(entry("half.txt").kind.why_not_a_map("half.txt").is_some());
        assert_eq!(entry("whole.vxl").kind.why_not_a_map("whole.vxl"), None);
    }

    /// A Warcraft III map folder as the World Editor saves one: the files
    /// of mapscope's sample map, with a shadow map (`war3map.shd`, a byte
    /// a quarter-cell, zeros where no shadow falls) and an empty camera
    /// list (`war3map.w3c`: version 0, no cameras), as real maps have.
    fn write_map_folder(dir: &Path) {
        std::fs::create_dir_all(dir).unwrap();
        for (name, bytes) in crate::samples::w3x_files(40) {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        std::fs::write(dir.join("war3map.shd"), vec![0u8; 32 * 32 * 16]).unwrap();
        std::fs::write(dir.join("war3map.w3c"), [0u8; 8]).unwrap();
    }

    fn kinds(listing: &Listing) -> Vec<(&str, &Kind)> {
        listing
            .entries
            .iter()
            .map(|e| (e.name.as_str(), &e.kind))
            .collect()
    }

    #[test]
    fn a_map_folders_own_files_are_not_labelled_maps_but_the_folder_is() {
        let t = TempDir::new("browser-w3x-folder");
        let map = t.0.join("Two Rivers.w3x");
        write_map_folder(&map);
        let inside = list(&map).unwrap();
        let maps: Vec<_> = kinds(&inside)
            .into_iter()
            .filter(|(_, k)| matches!(k, Kind::Map(_)))
            .collect();
        // Nor are they damaged maps.
        let damaged = inside
            .entries
            .iter()
            .filter(|e| matches!(e.kind, Kind::Damaged { .. }));
        assert_eq!(damaged.count(), 0, "{:?}", kinds(&inside));
        // war3map.doo and .mmp were "AoS VXL", .shd and .w3c "VMF".
        assert_eq!(
            maps,
            [("war3map.w3e", &Kind::Map(Format::W3e))],
            "{:?}",
            kinds(&inside)
        );
        // The folder itself is the map, and sorts with the folders.
        std::fs::create_dir(t.0.join("plain")).unwrap();
        let fake = t.0.join("fake.w3x");
        std::fs::create_dir(&fake).unwrap();
        std::fs::write(fake.join("war3map.w3e"), "not a terrain").unwrap();
        std::fs::write(t.0.join("a.txt"), "text").unwrap();
        let outside = list(&t.0).unwrap();
        assert_eq!(
            kinds(&outside),
            [
                ("fake.w3x", &Kind::Folder),
                ("plain", &Kind::Folder),
                ("Two Rivers.w3x", &Kind::MapFolder),
                ("a.txt", &Kind::Other),
            ]
        );
        assert!(outside.entries[2].is_map() && outside.entries[2].is_folder());
        // And it opens, as the label promises.
        assert!(crate::formats::load_path(&map, &Default::default()).is_ok());
    }

    /// The corpus of real maps, where there is one.
    fn corpus() -> Option<PathBuf> {
        crate::test_corpus::corpus_dir()
    }

    #[test]
    fn corpus_labels_are_the_formats_the_maps_open_as() {
        let Some(corpus) = corpus() else { return };
        // A real map folder: only its terrain is a map file; the folder is.
        let folder = corpus.join("w3x/folder");
        if folder.is_dir() {
            for e in list(&folder).unwrap().entries {
                assert_eq!(e.kind, Kind::MapFolder, "{}", e.name);
                let inside = list(&e.path).unwrap();
                for f in &inside.entries {
                    let want = f.name == "war3map.w3e";
                    assert_eq!(f.is_map(), want, "{}: {:?}", f.name, f.kind);
                    let damaged = matches!(f.kind, Kind::Damaged { .. });
                    assert!(!damaged, "{}: {:?}", f.name, f.kind);
                }
            }
        }
        // Every real map is still a map, of the format it opens as.
        for (sub, format) in [
            ("vxl", Format::AosVxl),
            ("w3e", Format::W3e),
            ("w3x/ladder", Format::W3x),
            ("w3x/war3net", Format::W3x),
            ("versions", Format::W3x),
        ] {
            let Ok(listing) = list(&corpus.join(sub)) else {
                continue;
            };
            for e in listing
                .entries
                .iter()
                .filter(|e| has_map_extension(&e.name))
            {
                assert_eq!(e.kind, Kind::Map(format), "{sub}/{}", e.name);
            }
        }
    }

    #[test]
    fn filters_by_name_ignoring_case() {
        assert!(matches_filter("LostTemple.w3x", "temple"));
        assert!(matches_filter("LostTemple.w3x", " TEMPLE "));
        assert!(matches_filter("anything", ""));
        assert!(!matches_filter("EchoIsles.w3x", "temple"));
    }

    #[test]
    fn a_typed_path_is_read_as_a_file_chooser_would() {
        let here = Path::new("/maps/aos");
        assert_eq!(typed_path("/tmp/a.vxl", here), Path::new("/tmp/a.vxl"));
        assert_eq!(typed_path("  b.vxl\n", here), here.join("b.vxl"));
        assert_eq!(typed_path("'/x y/c.vxl'", here), Path::new("/x y/c.vxl"));
        assert_eq!(typed_path("\"/x/d.vxl\"", here), Path::new("/x/d.vxl"));
        assert_eq!(typed_path("file:///x/e.vxl", here), Path::new("/x/e.vxl"));
        assert_eq!(typed_path("../w3x", here), here.join("../w3x"));
        if let Some(home) = std::env::var_os("HOME") {
            let home = PathBuf::from(home);
            assert_eq!(typed_path("~/f.vxl", here), home.join("f.vxl"));
            assert_eq!(typed_path("~", here), home);
        }
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_panic() {
        let t = TempDir::new("browser-missing");
        assert!(list(&t.0.join("nope")).is_err());
    }

    #[test]
    fn extensions_hint_in_any_case() {
        assert!(has_map_extension("A.VXL"));
        assert!(has_map_extension("war3map.w3e"));
        assert!(!has_map_extension("vxl"));
        assert!(!has_map_extension("map.png"));
        assert_eq!(human_size(512), "512 B");
        assert_eq!(human_size(3 * 1024 + 200), "3.2 KiB");
        assert_eq!(human_size(5 * 1048576), "5.0 MiB");
    }

    #[test]
    fn a_dialog_is_possible_with_the_portal_or_zenity_on_the_path() {
        let t = TempDir::new("browser-zenity");
        let empty = std::ffi::OsString::from(t.0.as_os_str());
        assert!(!dialog_possible(false, &empty));
        assert!(dialog_possible(true, &empty));
        std::fs::write(t.0.join("zenity"), "#!/bin/sh\n").unwrap();
        let path = std::env::join_paths(["/nonexistent-dir".as_ref(), t.0.as_path()]).unwrap();
        assert!(dialog_possible(false, &path));
    }
}
