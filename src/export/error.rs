//! What can go wrong writing an export.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("{}: cannot tell the export format from the extension; use .glb, .gltf or .obj", .path.display())]
    UnknownFormat { path: PathBuf },
    #[error("{} exists; add --force to replace it", .path.display())]
    Exists { path: PathBuf },
    #[error("cannot write {}: {source}", .path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the map is too large for {format}: {what} would be {size} and {format} holds at most {limit}; export as .gltf or .obj instead")]
    TooLarge {
        format: &'static str,
        what: &'static str,
        size: u64,
        limit: u64,
    },
}
