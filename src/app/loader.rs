//! Loading on a background thread: read, decode and mesh there, so a large
//! map never freezes the window. A newer load supersedes an older one.

use crate::formats::{self, LoadOptions};
use crate::mesh::{self, MapMeshes};
use crate::store::Map;
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where a map comes from.
#[derive(Debug, Clone)]
pub enum Source {
    File(PathBuf),
    /// The built-in demo map.
    Demo,
}

impl Source {
    pub fn name(&self) -> String {
        match self {
            Source::File(p) => p.display().to_string(),
            Source::Demo => "demo map".into(),
        }
    }
}

/// A map ready to upload.
pub struct Loaded {
    pub source: Source,
    pub map: Arc<Map>,
    pub meshes: MapMeshes,
    pub decode: Duration,
    pub mesh: Duration,
}

/// What the loader thread reports.
pub enum Progress {
    Stage(&'static str),
    Done(Box<Loaded>),
    Failed(String),
}

/// One load in flight.
pub struct Load {
    pub generation: u64,
    pub source: Source,
    pub stage: &'static str,
    pub started: Instant,
    pub rx: Receiver<Progress>,
    /// A report taken from the channel but not handled yet.
    pub pending: Option<Progress>,
}

pub const DEMO: &[u8] = include_bytes!("../../assets/demo.vxl");

/// Starts loading `source`; results arrive on the returned load's channel.
pub fn start(source: Source, options: LoadOptions, generation: u64) -> Load {
    let (tx, rx) = channel();
    let src = source.clone();
    std::thread::spawn(move || {
        let _ = tx.send(Progress::Stage("read and decode"));
        let t = Instant::now();
        let map = match &src {
            Source::File(p) => formats::load_path(p, &options),
            Source::Demo => formats::decode(DEMO, &options),
        };
        let map = match map {
            Ok(m) => Arc::new(m),
            Err(e) => {
                let _ = tx.send(Progress::Failed(e.to_string()));
                return;
            }
        };
        let decode = t.elapsed();
        let _ = tx.send(Progress::Stage("mesh"));
        let t = Instant::now();
        let meshes = mesh::mesh_map(&map);
        let mesh = t.elapsed();
        let _ = tx.send(Progress::Done(Box::new(Loaded {
            source: src,
            map,
            meshes,
            decode,
            mesh,
        })));
    });
    Load {
        generation,
        source,
        stage: "start",
        started: Instant::now(),
        rx,
        pending: None,
    }
}
