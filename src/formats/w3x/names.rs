//! The names of the files a Warcraft III map may hold, for listing an
//! archive whose `(listfile)` is missing or short: the editor's own files
//! and the archive's bookkeeping.

/// Files the World Editor writes (by version), and the MPQ's own.
pub const STANDARD: &[&str] = &[
    "war3map.w3e",
    "war3map.w3i",
    "war3map.wts",
    "war3map.j",
    "scripts\\war3map.j",
    "war3map.lua",
    "war3map.shd",
    "war3map.wpm",
    "war3map.doo",
    "war3mapUnits.doo",
    "war3map.mmp",
    "war3mapMap.blp",
    "war3mapMap.b00",
    "war3mapMap.tga",
    "war3mapPreview.tga",
    "war3mapPath.tga",
    "war3map.w3r",
    "war3map.w3c",
    "war3map.w3s",
    "war3map.w3u",
    "war3map.w3t",
    "war3map.w3a",
    "war3map.w3b",
    "war3map.w3d",
    "war3map.w3q",
    "war3map.w3h",
    "war3map.w3o",
    "war3map.imp",
    "war3map.wct",
    "war3map.wtg",
    "war3mapMisc.txt",
    "war3mapSkin.txt",
    "war3mapExtra.txt",
    "(listfile)",
    "(attributes)",
    "(signature)",
];

/// The names a `(listfile)` gives: one a line (or separated by `;`).
pub fn listed(listfile: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(listfile)
        .split(['\r', '\n', ';'])
        .map(str::trim)
        .filter(|n| !n.is_empty() && n.len() < 260)
        .map(str::to_string)
        .collect()
}
