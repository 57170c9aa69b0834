//! `mapscope export`: a map's meshes, exactly as the viewer draws them, as
//! glTF 2.0 (`.glb`, or `.gltf` with a `.bin`) or Wavefront OBJ (`.obj`
//! with a `.mtl`).
//!
//! The meshers' output ([`MapMeshes`]) becomes a [`Model`] first: each
//! kind adds its parts (`kinds::export_model`) through the `add_*` here,
//! with the modules by what is drawn: `voxels`, `terrain`, `objects`,
//! `cells`, in glTF's frame and units ([`frame`]); the writers (`glb`,
//! `obj`) know models, not maps. Nothing here asks which kind a map is:
//! kinds use export, never the other way. Lighting, ambient occlusion and
//! shading are baked into vertex colours and materials are unlit
//! (`KHR_materials_unlit`), so another viewer shows what mapscope shows.

mod cells;
mod error;
pub mod frame;
mod glb;
mod merge;
pub mod model;
mod obj;
mod objects;
mod terrain;
mod voxels;

pub use error::ExportError;
pub use glb::GLB_LIMIT;
pub use model::{Material, Mesh, Model, Node, Primitive};

use crate::mesh::MapMeshes;
use std::path::{Path, PathBuf};

/// How to export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportOptions {
    /// Merge neighbouring voxel faces of one colour and AO into rectangles.
    pub merge: bool,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions { merge: true }
    }
}

/// The files an export writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileFormat {
    /// One binary glTF file.
    Glb,
    /// glTF JSON with the binary buffer in a `.bin` beside it.
    Gltf,
    /// Wavefront OBJ with a `.mtl` beside it.
    Obj,
}

impl FileFormat {
    /// The format named by `path`'s extension, in either case.
    pub fn of_path(path: &Path) -> Result<FileFormat, ExportError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("glb") => Ok(FileFormat::Glb),
            Some("gltf") => Ok(FileFormat::Gltf),
            Some("obj") => Ok(FileFormat::Obj),
            _ => Err(ExportError::UnknownFormat {
                path: path.to_path_buf(),
            }),
        }
    }
}

impl FileFormat {
    /// Every format, in the order offered.
    pub const ALL: [FileFormat; 3] = [FileFormat::Glb, FileFormat::Gltf, FileFormat::Obj];

    /// The extension of the file named (lower case, no dot).
    pub fn extension(self) -> &'static str {
        match self {
            FileFormat::Glb => "glb",
            FileFormat::Gltf => "gltf",
            FileFormat::Obj => "obj",
        }
    }

    /// Every file that writing `path` in this format makes: `path`, and
    /// the `.bin` or `.mtl` beside it.
    pub fn files(self, path: &Path) -> Vec<PathBuf> {
        let beside = match self {
            FileFormat::Glb => None,
            FileFormat::Gltf => Some("bin"),
            FileFormat::Obj => Some("mtl"),
        };
        std::iter::once(path.to_path_buf())
            .chain(beside.map(|ext| path.with_extension(ext)))
            .collect()
    }
}

/// A voxel map's chunks (and VMF water) as a node.
pub fn add_voxels(
    model: &mut Model,
    store: &crate::store::voxels::VoxelStore,
    meshes: &MapMeshes,
    options: &ExportOptions,
) {
    if !meshes.chunks.is_empty() || !meshes.water.is_empty() {
        let node = voxels::add_chunks(model, store, &meshes.chunks, &meshes.water, options.merge);
        model.nodes.push(node);
    }
}

/// A W3E terrain's triangles as a node.
pub fn add_terrain(model: &mut Model, t: &crate::store::terrain::W3eTerrain, meshes: &MapMeshes) {
    if let Some(tri) = &meshes.triangles {
        let node = terrain::add_terrain(model, t, tri);
        model.nodes.push(node);
    }
}

/// An ALW world's parts as a node.
pub fn add_world(model: &mut Model, meshes: &MapMeshes) {
    if let Some(world) = &meshes.world {
        let node = cells::add_world(model, world);
        model.nodes.push(node);
    }
}

/// Warcraft III objects, a node each, in the terrain's frame.
pub fn add_objects(model: &mut Model, meshes: &MapMeshes) {
    if let Some(objects) = &meshes.objects {
        let node = objects::add_objects(model, objects, &terrain::FRAME);
        model.nodes.push(node);
    }
}

/// Opens `path` for writing; refuses to replace a file unless `force`.
fn create(path: &Path, force: bool) -> Result<std::fs::File, ExportError> {
    crate::output::create(path, force).map_err(|source| {
        if source.kind() == std::io::ErrorKind::AlreadyExists {
            ExportError::Exists {
                path: path.to_path_buf(),
            }
        } else {
            ExportError::Io {
                path: path.to_path_buf(),
                source,
            }
        }
    })
}

/// Writes `files` (path, bytes), all or none: nothing is written when one
/// of them exists (without `force`).
fn write_all(files: &[(PathBuf, &[u8])], force: bool) -> Result<(), ExportError> {
    if !force {
        if let Some((p, _)) = files.iter().find(|(p, _)| p.exists()) {
            return Err(ExportError::Exists { path: p.clone() });
        }
    }
    for (path, bytes) in files {
        use std::io::Write;
        let mut f = create(path, force)?;
        f.write_all(bytes).map_err(|source| ExportError::Io {
            path: path.clone(),
            source,
        })?;
    }
    Ok(())
}

/// `path` with its extension replaced by `ext`, and its file name.
fn beside(path: &Path, ext: &str) -> (PathBuf, String) {
    let p = path.with_extension(ext);
    let name = p
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (p, name)
}

/// Writes `model` to `path` (and the `.bin` or `.mtl` beside it) in
/// `format`; returns each file written with its size in bytes.
pub fn write(
    model: &Model,
    path: &Path,
    format: FileFormat,
    force: bool,
) -> Result<Vec<(PathBuf, u64)>, ExportError> {
    let files: Vec<(PathBuf, Vec<u8>)> = match format {
        FileFormat::Glb => vec![(path.to_path_buf(), glb::glb_bytes(model)?)],
        FileFormat::Gltf => {
            let (bin, name) = beside(path, "bin");
            let (json, data) = glb::gltf_bytes(model, &name)?;
            vec![(path.to_path_buf(), json), (bin, data)]
        }
        FileFormat::Obj => {
            let (mtl, name) = beside(path, "mtl");
            let (obj, mtl_text) = obj::obj_text(model, &name);
            vec![
                (path.to_path_buf(), obj.into_bytes()),
                (mtl, mtl_text.into_bytes()),
            ]
        }
    };
    let refs: Vec<(PathBuf, &[u8])> = files
        .iter()
        .map(|(p, b)| (p.clone(), b.as_slice()))
        .collect();
    write_all(&refs, force)?;
    Ok(files
        .into_iter()
        .map(|(p, b)| (p, b.len() as u64))
        .collect())
}

/// The bytes of a `.glb` of `model` (for tests and the in-memory checks).
pub fn glb_bytes(model: &Model) -> Result<Vec<u8>, ExportError> {
    glb::glb_bytes(model)
}
