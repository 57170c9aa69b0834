//! Loading on a background thread: read, decode and mesh there, so a large
//! map never freezes the window. A newer load cancels an older one, which
//! stops at its next stage.

use super::wake::Wake;
use crate::formats::{self, LoadOptions};
use crate::mesh::MapMeshes;
use crate::store::Map;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where a map comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    File(PathBuf),
    /// A map folder (a Warcraft III map saved as a folder): its terrain,
    /// `war3map.w3e`.
    Folder(PathBuf),
    /// The built-in demo map.
    Demo,
}

impl Source {
    /// A file or a folder, whichever `path` is.
    pub fn at(path: PathBuf) -> Source {
        if path.is_dir() {
            Source::Folder(path)
        } else {
            Source::File(path)
        }
    }

    pub fn name(&self) -> String {
        match self {
            Source::File(p) | Source::Folder(p) => p.display().to_string(),
            Source::Demo => "demo map".into(),
        }
    }

    /// The file or folder, where there is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Source::File(p) | Source::Folder(p) => Some(p),
            Source::Demo => None,
        }
    }

    pub(super) fn read(&self, options: &LoadOptions) -> Result<Map, String> {
        let map = match self {
            Source::File(p) | Source::Folder(p) => formats::load_path(p, options),
            // Its size is known: no "worked out from the data" warning
            // on a new user's first screen.
            Source::Demo => formats::decode(
                DEMO,
                &LoadOptions {
                    vxl_size: Some(DEMO_SIZE),
                    ..Default::default()
                },
            ),
        };
        // An OS error names the path already; a decoder's does not.
        map.map_err(|e| match e {
            formats::LoadError::Io { .. } | formats::LoadError::NotAMapFolder { .. } => {
                e.to_string()
            }
            e => format!("could not open {}: {e}", self.name()),
        })
    }
}

/// A map ready to upload.
pub struct Loaded {
    pub source: Source,
    pub map: Arc<Map>,
    pub meshes: MapMeshes,
    pub decode: Duration,
    pub mesh: Duration,
    /// A replay opened: the game, put on `map`.
    pub game: Option<Box<super::game_view::GameFile>>,
    /// A folder of replays opened: the season, put on `map`.
    pub season: Option<Box<super::season_view::SeasonFile>>,
}

/// What the loader thread reports.
pub enum Progress {
    Stage(&'static str),
    Done(Box<Loaded>),
    /// Why, naming the file.
    Failed(String),
}

/// The loader thread's side of the channel: a report wakes the window.
struct Reports {
    tx: std::sync::mpsc::Sender<Progress>,
    wake: Wake,
}

impl Reports {
    fn send(&self, p: Progress) -> Result<(), std::sync::mpsc::SendError<Progress>> {
        let sent = self.tx.send(p);
        self.wake.wake();
        sent
    }
}

/// One load in flight.
pub struct Load {
    pub source: Source,
    pub stage: &'static str,
    pub started: Instant,
    pub rx: Receiver<Progress>,
    /// A report taken from the channel but not handled yet.
    pub pending: Option<Progress>,
    /// Set to stop the thread at its next stage.
    cancelled: Arc<AtomicBool>,
}

impl Load {
    /// Asks the thread to stop; it drops what it made at its next stage.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }
}

/// A load let go of (Escape, a newer load, a new map) is cancelled: its
/// thread stops at its next stage instead of meshing a map nobody waits for.
impl Drop for Load {
    fn drop(&mut self) {
        self.cancel();
    }
}

pub const DEMO: &[u8] = include_bytes!("../../assets/demo.vxl");
/// The demo map's width, length and height, which AoS VXL does not store.
pub const DEMO_SIZE: [u32; 3] = [128, 128, 64];

/// Starts loading `source`; results arrive on the returned load's channel.
pub fn start(source: Source, options: LoadOptions, wake: Wake) -> Load {
    start_with_flag(source, options, Arc::new(AtomicBool::new(false)), wake)
}

/// [`start`], with the cancel flag given.
fn start_with_flag(
    source: Source,
    options: LoadOptions,
    cancelled: Arc<AtomicBool>,
    wake: Wake,
) -> Load {
    let (tx, rx) = channel();
    let src = source.clone();
    let stop = cancelled.clone();
    std::thread::spawn(move || {
        let began = Instant::now();
        let stopped = |when: &str| {
            let stop = stop.load(Ordering::Relaxed);
            if stop {
                stopped_loading(&src, when, began);
            }
            stop
        };
        // Each report wakes the window to show it.
        let tx = Reports { tx, wake };
        if stopped("before reading") {
            return;
        }
        let _ = tx.send(Progress::Stage("read and decode"));
        let t = Instant::now();
        // A replay opens the map it was played on, with the game on it.
        let file = match &src {
            Source::File(p) => Some(p.as_path()),
            _ => None,
        };
        let replay = match super::game_view::replay_of(file) {
            Ok(r) => r,
            Err(e) => {
                let _ = tx.send(Progress::Failed(e));
                return;
            }
        };
        // A folder of replays opens the map most of its games were on.
        let folder = match &src {
            Source::Folder(p) => Some(p.as_path()),
            _ => None,
        };
        let season = match super::season_view::season_of(folder) {
            Ok(s) => s,
            Err(e) => {
                let _ = tx.send(Progress::Failed(e));
                return;
            }
        };
        let map_source = match (&replay, &season) {
            (Some((_, f)), _) => Source::at(f.path.clone()),
            (None, Some((_, map))) => Source::at(map.clone()),
            (None, None) => src.clone(),
        };
        let map = match map_source.read(&options) {
            Ok(m) => Arc::new(m),
            Err(e) => {
                let _ = tx.send(Progress::Failed(e));
                return;
            }
        };
        let game = replay.map(|(r, f)| Box::new(super::game_view::GameFile::new(r, f, &map)));
        let season = season.and_then(|(s, at)| {
            let dir = src.path()?.to_path_buf();
            super::season_view::SeasonFile::new(dir, s, at, &map).map(Box::new)
        });
        let decode = t.elapsed();
        if stopped("after decoding") {
            return;
        }
        let _ = tx.send(Progress::Stage("mesh"));
        let t = Instant::now();
        let Some(meshes) = crate::kinds::mesh_until(&map, &stop) else {
            stopped_loading(&src, "while meshing", began);
            return;
        };
        let mesh = t.elapsed();
        if stopped("after meshing") {
            return;
        }
        let _ = tx.send(Progress::Done(Box::new(Loaded {
            source: src,
            map,
            meshes,
            decode,
            mesh,
            game,
            season,
        })));
    });
    Load {
        source,
        stage: "start",
        started: Instant::now(),
        rx,
        pending: None,
        cancelled,
    }
}

/// Says on stderr where a cancelled load let go (Escape, a newer load), so
/// that a run from a terminal, and the window tests, can tell the loader
/// stopped rather than meshing a map nobody waits for.
fn stopped_loading(source: &Source, when: &str, began: Instant) {
    eprintln!(
        "mapscope: stopped loading {} {when}, {} ms in",
        source.name(),
        began.elapsed().as_millis()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_load_sends_no_map() {
        // Cancelled before its first stage, as a newer load would.
        let flag = Arc::new(AtomicBool::new(true));
        let load = start_with_flag(Source::Demo, LoadOptions::default(), flag, Wake::none());
        let reports: Vec<Progress> = load.rx.iter().collect();
        assert!(
            !reports.iter().any(|p| matches!(p, Progress::Done(_))),
            "a cancelled load delivered its map"
        );
        let load = start(Source::Demo, LoadOptions::default(), Wake::none());
        let done = load.rx.iter().any(|p| matches!(p, Progress::Done(_)));
        assert!(done, "an uncancelled load delivers");
    }

    #[test]
    fn a_folder_is_a_source_of_its_own() {
        let dir = std::env::temp_dir();
        assert_eq!(Source::at(dir.clone()), Source::Folder(dir.clone()));
        assert_eq!(Source::Folder(dir.clone()).path(), Some(dir.as_path()));
        assert_eq!(Source::Demo.name(), "demo map");
    }

    #[test]
    fn the_demo_map_opens_without_warnings() {
        let map = Source::Demo.read(&LoadOptions::default()).unwrap();
        assert_eq!(map.meta.warnings, Vec::<String>::new());
        assert_eq!(crate::kinds::of(&map).size().0, DEMO_SIZE);
    }

    #[test]
    fn a_load_let_go_of_is_cancelled() {
        // Escape drops the load: its thread must be told to stop.
        let flag = Arc::new(AtomicBool::new(false));
        let load = start_with_flag(
            Source::Demo,
            LoadOptions::default(),
            flag.clone(),
            Wake::none(),
        );
        drop(load);
        assert!(flag.load(Ordering::Relaxed));
    }
}
