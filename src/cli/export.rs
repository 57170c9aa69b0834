//! `mapscope export`: a map's meshes as glTF (.glb, .gltf + .bin) or OBJ
//! (.obj + .mtl), for Blender and game engines.

use anyhow::Result;
use mapscope::export::{self, ExportOptions, FileFormat};
use mapscope::formats::{self, LoadOptions};
use std::path::Path;

/// Exports `file` to `output`, in the format its extension names.
pub fn export(
    file: &Path,
    output: &Path,
    merge: bool,
    force: bool,
    load: &LoadOptions,
) -> Result<()> {
    // Before decoding: a wrong extension or an existing file is said at once.
    let format = FileFormat::of_path(output)?;
    if output.exists() && !force {
        return Err(export::ExportError::Exists {
            path: output.to_path_buf(),
        }
        .into());
    }
    let map = formats::load_path(file, load)?;
    let meshes = mapscope::kinds::mesh(&map);
    let model = mapscope::kinds::export_model(&map, &meshes, &ExportOptions { merge });
    let written = export::write(&model, output, format, force)?;
    let files: Vec<String> = written
        .iter()
        .map(|(p, n)| format!("{} ({n} bytes)", p.display()))
        .collect();
    println!(
        "wrote {}: {} nodes, {} vertices, {} triangles",
        files.join(", "),
        model.all_nodes().count(),
        model.vertices(),
        model.triangles()
    );
    Ok(())
}
