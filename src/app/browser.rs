//! The in-app file browser's logic, with no window: list a folder, sort it
//! (folders first, then by name), and mark which files are maps by sniffing
//! their first bytes with the format detector. Used when no native file
//! dialog can be shown, and from File → Browse in app… always.

use crate::formats::{self, Format};
use std::io::Read;
use std::path::{Path, PathBuf};

/// How much of a file the detector sees. Enough for every format's header
/// and for an AoS map's first column (at most 256 spans of a few colours).
pub const SNIFF_BYTES: usize = 64 * 1024;

/// Extensions the viewer's maps usually have: a first hint only, shown
/// for files whose content is not recognised.
pub const MAP_EXTENSIONS: [&str; 6] = ["vxl", "vmf", "alw", "w3e", "w3x", "w3m"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    Folder,
    /// The detector recognised the content.
    Map(Format),
    /// A map's extension, but the content is not one (or unreadable).
    NotAMap {
        why: String,
    },
    Other,
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
    pub fn is_map(&self) -> bool {
        matches!(self.kind, Kind::Map(_))
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

/// The format of a file, from at most [`SNIFF_BYTES`] of its start.
pub fn sniff(path: &Path) -> Result<Format, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut head = Vec::with_capacity(SNIFF_BYTES.min(4096));
    file.take(SNIFF_BYTES as u64)
        .read_to_end(&mut head)
        .map_err(|e| e.to_string())?;
    formats::detect(&head).map_err(|e| e.to_string())
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
        let (kind, size) = if meta.is_dir() {
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
    let sniffed = if len >= 8 {
        sniff(path)
    } else {
        Err(format!("{len} bytes"))
    };
    match sniffed {
        Ok(format) => Kind::Map(format),
        Err(why) if has_map_extension(name) => Kind::NotAMap { why },
        Err(_) => Kind::Other,
    }
}

/// Folders first, then files; by name, ignoring case.
pub fn sort(entries: &mut [Entry]) {
    entries.sort_by(|a, b| {
        let folder = |e: &Entry| e.kind != Kind::Folder;
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

    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> TempDir {
            let dir = std::env::temp_dir()
                .join(format!("mapscope-browser-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A real (small) AoS map, written by mapscope's own writer.
    fn aos_map_bytes() -> Vec<u8> {
        crate::formats::encode(
            &crate::formats::decode(crate::app::loader::DEMO, &Default::default()).unwrap(),
            Format::AosVxl,
        )
        .unwrap()
    }

    #[test]
    fn lists_folders_first_then_files_by_name_and_marks_maps_by_content() {
        let t = TempDir::new("list");
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
        let mut w3e = b"W3E!".to_vec();
        w3e.extend(11i32.to_le_bytes());
        w3e.extend([0u8; 16]);
        std::fs::write(d.join("war3map.w3e"), &w3e).unwrap();
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
    fn sniffing_reads_a_bounded_prefix_only() {
        let t = TempDir::new("prefix");
        // A W3E header followed by far more than the sniffer reads: still a
        // map, because only the start decides.
        let mut bytes = b"W3E!".to_vec();
        bytes.extend(12i32.to_le_bytes());
        bytes.resize(SNIFF_BYTES * 4, 0xAB);
        let p = t.0.join("huge.bin");
        std::fs::write(&p, &bytes).unwrap();
        assert_eq!(sniff(&p), Ok(Format::W3e));
        assert!(sniff(&t.0.join("missing.vxl")).is_err());
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_panic() {
        let t = TempDir::new("missing");
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
        let t = TempDir::new("zenity");
        let empty = std::ffi::OsString::from(t.0.as_os_str());
        assert!(!dialog_possible(false, &empty));
        assert!(dialog_possible(true, &empty));
        std::fs::write(t.0.join("zenity"), "#!/bin/sh\n").unwrap();
        let path = std::env::join_paths(["/nonexistent-dir".as_ref(), t.0.as_path()]).unwrap();
        assert!(dialog_possible(false, &path));
    }
}
