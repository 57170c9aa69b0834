//! The one in-memory model of a loaded map that the rest of the program sees.
//! What each kind of content answers is in `kinds`.

use crate::format::Format;
use crate::store::cells::AlwWorld;
use crate::store::terrain::W3eTerrain;
use crate::store::voxels::VoxelStore;
use crate::store::warcraft::WarcraftMap;

/// A loaded map: what kind it is, its common metadata, and its content.
#[derive(Debug, Clone, PartialEq)]
pub struct Map {
    pub format: Format,
    pub meta: Metadata,
    pub content: Content,
}

/// The content of a map, one store per family of formats.
#[derive(Debug, Clone, PartialEq)]
pub enum Content {
    /// VXL (both containers) and VMF.
    Voxels(VoxelStore),
    /// W3E tilepoints.
    Terrain(W3eTerrain),
    /// ALW cells, lights and entities.
    Cells(AlwWorld),
    /// A Warcraft III map: its terrain and the objects on it.
    Warcraft(Box<WarcraftMap>),
}

impl Map {
    /// A voxel map of `format` (what samples and tests build).
    pub fn of_voxels(format: Format, meta: Metadata, store: VoxelStore) -> Map {
        Map {
            format,
            meta,
            content: Content::Voxels(store),
        }
    }
}

/// Metadata common to every format. Fields a format or sidecar lacks stay empty.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Metadata {
    pub name: Option<String>,
    pub author: Option<String>,
    pub description: Option<String>,
    /// Spawn areas, in the map's own coordinates (see [`Spawn`]).
    pub spawns: Vec<Spawn>,
    /// The view the file itself suggests (Voxlap header, ALW header angles).
    pub camera: Option<DefaultCamera>,
    /// Things the reader noticed but could work around, for the user to see.
    pub warnings: Vec<String>,
    /// Where each piece of metadata came from, e.g. "sidecar pique_hallway.txt".
    pub sources: Vec<String>,
    /// The recommended game mode (VMF header: CTF 0, TC 1, Babel 2, Arena 3).
    pub game_mode: Option<u8>,
}

/// A spawn area: an axis-aligned box in map coordinates. For voxel maps x and y
/// are columns and z is the store's depth (0 = top); for ALW they are world units;
/// for W3E, tilepoints. `z` is `None` where the format gives no height.
#[derive(Debug, Clone, PartialEq)]
pub struct Spawn {
    pub label: String,
    /// Where the area came from: "implicit", "header", "sidecar", ...
    pub origin: String,
    pub min: [f32; 2],
    pub max: [f32; 2],
    pub z: Option<[f32; 2]>,
    /// The team (AoS, VMF) or player slot (Warcraft III) the area is for,
    /// from 0 as the file counts it; `None` where the file names none. The
    /// kind colours the area by it.
    pub team: Option<u8>,
}

/// A camera stored in the file.
#[derive(Debug, Clone, PartialEq)]
pub enum DefaultCamera {
    /// Voxlap header: position and the right, down and forward unit vectors, in
    /// voxel coordinates with z pointing down.
    Voxlap {
        position: [f64; 3],
        right: [f64; 3],
        down: [f64; 3],
        forward: [f64; 3],
    },
    /// ALW header: yaw then pitch in degrees; yaw 0 looks toward -Z.
    Angles { yaw_deg: f32, pitch_deg: f32 },
}

impl DefaultCamera {
    /// Where the camera looks, as the rest of the program counts it: yaw in
    /// degrees from east (90 is south, y growing), pitch above the horizon.
    pub fn yaw_pitch(&self) -> (f32, f32) {
        match self {
            DefaultCamera::Voxlap { forward, .. } => {
                let [x, y, z] = forward.map(|v| v as f32);
                let length = (x * x + y * y + z * z).sqrt();
                if !length.is_finite() || length == 0.0 {
                    return (0.0, 0.0);
                }
                // z points down, so looking up is a negative z.
                let pitch = (-z / length).clamp(-1.0, 1.0).asin().to_degrees();
                (y.atan2(x).to_degrees(), pitch)
            }
            // ALW's yaw 0 looks toward -Z, which is north (-y) on the map.
            DefaultCamera::Angles { yaw_deg, pitch_deg } => (yaw_deg - 90.0, *pitch_deg),
        }
    }
}
