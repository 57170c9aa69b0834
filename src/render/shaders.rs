//! The WGSL sources as the pipelines get them: the shared globals and the
//! face layout put in front of each shader file, so that both sides of
//! every record are written once.

use crate::mesh::face;

const GLOBALS: &str = include_str!("../../shaders/globals.wgsl");

/// The voxel shader, with the face fields and the corner table from the
/// mesher filled in.
pub fn voxel() -> String {
    let mut table = String::new();
    for dir in face::CORNERS {
        for c in dir {
            table.push_str(&format!("vec3<f32>({}.0, {}.0, {}.0), ", c[0], c[1], c[2]));
        }
    }
    let body = include_str!("../../shaders/voxel.wgsl").replace("CORNER_TABLE", &table);
    format!("{GLOBALS}\n{}\n{body}", face::wgsl_constants())
}

/// The shader of instanced shapes (map objects).
pub fn instances() -> String {
    format!(
        "{GLOBALS}\n{}",
        include_str!("../../shaders/instances.wgsl")
    )
}

/// The shader of plain coloured quads.
pub fn quads() -> String {
    format!("{GLOBALS}\n{}", include_str!("../../shaders/boxes.wgsl"))
}

/// The terrain shader: ground painted from its tiles' corner colours.
pub fn terrain() -> String {
    format!("{GLOBALS}\n{}", include_str!("../../shaders/terrain.wgsl"))
}
