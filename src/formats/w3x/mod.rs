//! Warcraft III maps as players hold them: a `.w3m`/`.w3x` MPQ archive, or
//! (since patch 1.31) a folder of the same files. The terrain
//! (`war3map.w3e`) is required; a broken one fails the map. See
//! FORMAT-NOTES.md, "Warcraft III maps as players have them".

use super::error::{DecodeError, Format};
use super::mpq::Archive;
use super::w3e;
use crate::store::warcraft::{MapInfo, Picture, WarcraftMap};
use crate::store::{Map, Metadata, Spawn};
use strings::Strings;

pub mod doo;
pub mod icons;
pub mod info;
pub mod names;
pub mod pathing;
pub mod pictures;
pub mod strings;

/// The files of a map that mapscope reads, by their names in the archive.
pub const TERRAIN: &str = "war3map.w3e";
pub const INFO: &str = "war3map.w3i";
pub const STRINGS: &str = "war3map.wts";
pub const MINIMAP: &str = "war3mapMap.blp";
pub const PREVIEW: &str = "war3mapPreview.tga";
pub const UNITS: &str = "war3mapUnits.doo";
pub const DOODADS: &str = "war3map.doo";
pub const PATHING: &str = "war3map.wpm";
pub const ICONS: &str = "war3map.mmp";
pub const KNOWN_FILES: [&str; 9] = [
    TERRAIN, INFO, STRINGS, UNITS, DOODADS, PATHING, ICONS, MINIMAP, PREVIEW,
];

/// Where a map's files come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    Mpq,
    Folder,
}

impl Container {
    pub fn id(self) -> &'static str {
        match self {
            Container::Mpq => "mpq",
            Container::Folder => "folder",
        }
    }
}

/// A map's files, fetched by name: `Ok(None)` for a file it lacks.
pub trait MapFiles {
    fn container(&self) -> Container;
    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, DecodeError>;
}

impl MapFiles for Archive<'_> {
    fn container(&self) -> Container {
        Container::Mpq
    }

    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, DecodeError> {
        self.read(name)
    }
}

/// A map folder's files, read beforehand by the caller (decoders do no I/O).
#[derive(Debug, Default, Clone)]
pub struct FolderFiles {
    pub files: Vec<(String, Vec<u8>)>,
}

impl MapFiles for FolderFiles {
    fn container(&self) -> Container {
        Container::Folder
    }

    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, DecodeError> {
        Ok(self
            .files
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, b)| b.clone()))
    }
}

/// The start locations as spawn areas: four tiles square, in map
/// coordinates (tiles, y from the north).
fn start_areas(map: &WarcraftMap) -> Vec<Spawn> {
    map.start_locations()
        .map(|u| {
            let [x, y] = map.world_to_map(u.position[0], u.position[1]);
            Spawn {
                label: format!("player {}", u.owner + 1),
                origin: format!("{UNITS} start location"),
                min: [x - 2.0, y - 2.0],
                max: [x + 2.0, y + 2.0],
                z: None,
                team: u8::try_from(u.owner).ok(),
            }
        })
        .collect()
}

/// Decodes a map archive from its bytes.
pub fn decode(bytes: &[u8]) -> Result<Map, DecodeError> {
    decode_parts(bytes, Parts::All)
}

/// Which of a map's files to decode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parts {
    All,
    /// What ground distances need: the terrain, the map info and its
    /// strings, the units and the pathing map; no doodads, icons or
    /// pictures.
    Ground,
}

impl Parts {
    /// Whether file `name` is one of these parts.
    fn has(self, name: &str) -> bool {
        match self {
            Parts::All => true,
            Parts::Ground => [TERRAIN, INFO, STRINGS, UNITS, PATHING].contains(&name),
        }
    }
}

/// [`decode`], of only the files `parts` names.
pub fn decode_parts(bytes: &[u8], parts: Parts) -> Result<Map, DecodeError> {
    let archive = Archive::open(bytes)?;
    let map = decode_files_of(&archive, parts)?;
    Ok(with_archive(map, &archive))
}

/// [`decode`], keeping the files it unpacked, by name: a diff compares
/// them file by file after, and need not unpack them again.
pub fn decode_keeping(bytes: &[u8]) -> Result<(Map, Unpacked), DecodeError> {
    let kept = Kept {
        archive: Archive::open(bytes)?,
        read: Default::default(),
    };
    let map = decode_files(&kept)?;
    let map = with_archive(map, &kept.archive);
    Ok((map, kept.read.into_inner()))
}

/// Files unpacked from an archive: each name, and its bytes.
pub type Unpacked = Vec<(String, Vec<u8>)>;

/// An archive whose files are kept as they are read.
struct Kept<'a> {
    archive: Archive<'a>,
    read: std::cell::RefCell<Unpacked>,
}

impl MapFiles for Kept<'_> {
    fn container(&self) -> Container {
        Container::Mpq
    }

    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, DecodeError> {
        let bytes = self.archive.read(name)?;
        if let Some(b) = &bytes {
            self.read.borrow_mut().push((name.to_string(), b.clone()));
        }
        Ok(bytes)
    }
}

/// What the archive adds to the map decoded from its files: the name in
/// its header where the map info has none, and its notes.
fn with_archive(mut map: Map, archive: &Archive) -> Map {
    if let Some(h) = &archive.map_header {
        if map.meta.name.is_none() && !h.name.is_empty() {
            map.meta.name = Some(h.name.clone());
        }
    }
    map.meta
        .warnings
        .splice(0..0, archive.notes.iter().cloned());
    map
}

/// `Ok` if a whole map archive holds what opening it needs, as far as can
/// be told without unpacking anything: its tables lie inside the file, the
/// hash table names the terrain, and the terrain's stored bytes are there.
/// A download cut short fails here; a terrain whose bytes are there but
/// wrong is found only when it is read.
pub fn check_archive(bytes: &[u8]) -> Result<(), String> {
    let archive = Archive::open(bytes).map_err(|e| e.to_string())?;
    let terrain = archive
        .find(TERRAIN)
        .ok_or_else(|| format!("the archive's hash table has no {TERRAIN} (the terrain)"))?;
    let there = archive.stored(terrain).len() as u64;
    if there < u64::from(terrain.stored_size) {
        return Err(format!(
            "{TERRAIN} is {} bytes stored, and the file ends after {there} of them",
            terrain.stored_size
        ));
    }
    Ok(())
}

/// Decodes a map from its files, wherever they are kept. Only the terrain
/// is required: a file that is missing is left out, and one that does not
/// decode is a warning.
pub fn decode_files(files: &dyn MapFiles) -> Result<Map, DecodeError> {
    decode_files_of(files, Parts::All)
}

/// [`decode_files`], of only the files `parts` names.
pub fn decode_files_of(files: &dyn MapFiles, parts: Parts) -> Result<Map, DecodeError> {
    let container = files.container().id();
    let w3e_bytes = files.get(TERRAIN)?.ok_or_else(|| {
        DecodeError::new(
            Format::W3x,
            format!("file {TERRAIN}"),
            0,
            format!("the {container} holds no terrain"),
        )
    })?;
    let (terrain, warnings) = w3e::decode_terrain(&w3e_bytes).map_err(|e| {
        DecodeError::new(
            Format::W3x,
            format!("file {TERRAIN}: {}", e.field),
            e.offset as usize,
            e.problem,
        )
    })?;
    let mut read = Reading {
        files,
        parts,
        found: vec![TERRAIN.to_string()],
        warnings,
    };
    let info = read.info();
    let units = read
        .decoded(UNITS, |b| doo::decode_units(b, None))
        .map(|(units, notes)| {
            read.warnings.extend(notes);
            units
        })
        .unwrap_or_default();
    let (doodads, special_doodads) = read
        .decoded(DOODADS, |b| doo::decode_doodads(b, None))
        .map(|(doodads, special, notes)| {
            read.warnings.extend(notes);
            (doodads, special)
        })
        .unwrap_or_default();
    let pathing = read.decoded(PATHING, pathing::decode_pathing);
    let icons = read.decoded(ICONS, icons::decode_icons).unwrap_or_default();
    let minimap = read.minimap();
    let preview = read.decoded(PREVIEW, |b| pictures::decode_tga(b, PREVIEW));
    let mut meta = Metadata {
        sources: read
            .found
            .iter()
            .map(|n| format!("{container} {n}"))
            .collect(),
        ..Metadata::default()
    };
    if let Some(info) = &info {
        let text = |s: &str| (!s.is_empty()).then(|| s.to_string());
        meta.name = text(&info.name);
        meta.author = text(&info.author);
        meta.description = text(&info.description);
    }
    meta.warnings = read.warnings;
    let map = WarcraftMap {
        terrain,
        info,
        units,
        doodads,
        special_doodads,
        pathing,
        icons,
        minimap,
        preview,
        container: container.to_string(),
        files: read.found,
    };
    meta.spawns = start_areas(&map);
    Ok(Map {
        format: Format::W3x,
        meta,
        content: map.into(),
    })
}

/// A map's files as they are read: which were found, and the warnings.
struct Reading<'a> {
    files: &'a dyn MapFiles,
    /// Files outside these are left unread, as if missing.
    parts: Parts,
    found: Vec<String>,
    warnings: Vec<String>,
}

impl Reading<'_> {
    /// Any file but the terrain: its bytes, or a warning and nothing.
    fn optional(&mut self, name: &str) -> Option<Vec<u8>> {
        if !self.parts.has(name) {
            return None;
        }
        match self.files.get(name) {
            Ok(Some(bytes)) => {
                self.found.push(name.to_string());
                Some(bytes)
            }
            Ok(None) => None,
            Err(e) => {
                self.warnings.push(format!("{name} left out: {e}"));
                None
            }
        }
    }

    /// File `name` decoded by `decode`, or where it fails, a warning.
    fn decoded<T, E: std::fmt::Display>(
        &mut self,
        name: &str,
        decode: impl FnOnce(&[u8]) -> Result<T, E>,
    ) -> Option<T> {
        let bytes = self.optional(name)?;
        decode(&bytes)
            .map_err(|e| self.warnings.push(format!("{name} left out: {e}")))
            .ok()
    }

    /// The map's info, its strings put in.
    fn info(&mut self) -> Option<MapInfo> {
        let strings = match self.optional(STRINGS) {
            Some(bytes) => {
                let (strings, notes) = Strings::parse(&bytes);
                self.warnings.extend(notes);
                strings
            }
            None => Strings::default(),
        };
        let (info, notes) = self.decoded(INFO, |b| info::decode_info(b, &strings))?;
        self.warnings.extend(notes);
        Some(info)
    }

    /// The minimap picture. The 2002 beta kept the picture's data in a
    /// file beside it.
    fn minimap(&mut self) -> Option<Picture> {
        let bytes = self.optional(MINIMAP)?;
        let external = match bytes.starts_with(b"BLP0") {
            true => self.optional(&pictures::blp0_mipmap_file(MINIMAP)),
            false => None,
        };
        pictures::decode_blp_with(&bytes, external.as_deref(), MINIMAP)
            .map_err(|e| self.warnings.push(format!("{MINIMAP} left out: {e}")))
            .ok()
    }
}

/// The corpus of real maps for unit tests (`tests/support/corpus.rs`).
#[cfg(test)]
pub(crate) fn test_corpus() -> Option<std::path::PathBuf> {
    crate::test_corpus::corpus_dir()
}
