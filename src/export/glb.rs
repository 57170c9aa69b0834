//! glTF 2.0 files: `.glb` (JSON and binary in one file) and `.gltf` with
//! its `.bin` beside it. gltf-json writes the JSON; the binary buffer is
//! laid out here: for each primitive its positions (f32 x 3), colours
//! (normalized u16 x 4, linear) and indices (u16 where they fit, else
//! u32), each in a buffer view of its own, 4-byte aligned.

use super::error::ExportError;
use super::model::{Model, Node, Primitive};
use gltf_json as json;
use json::validation::{Checked::Valid, USize64};
use std::collections::BTreeMap;

/// The JSON document and its binary buffer.
pub struct Document {
    pub root: json::Root,
    pub bin: Vec<u8>,
}

/// Appends `bytes` to `bin` (4-byte aligned) as a buffer view.
fn push_view(
    root: &mut json::Root,
    bin: &mut Vec<u8>,
    bytes: &[u8],
    target: json::buffer::Target,
) -> json::Index<json::buffer::View> {
    while bin.len() % 4 != 0 {
        bin.push(0);
    }
    let offset = bin.len();
    bin.extend_from_slice(bytes);
    root.push(json::buffer::View {
        buffer: json::Index::new(0),
        byte_length: USize64::from(bytes.len()),
        byte_offset: Some(USize64::from(offset)),
        byte_stride: None,
        name: None,
        target: Some(Valid(target)),
        extensions: None,
        extras: Default::default(),
    })
}

fn accessor(
    view: json::Index<json::buffer::View>,
    count: usize,
    component: json::accessor::ComponentType,
    type_: json::accessor::Type,
    normalized: bool,
) -> json::Accessor {
    json::Accessor {
        buffer_view: Some(view),
        byte_offset: None,
        count: USize64::from(count),
        component_type: Valid(json::accessor::GenericComponentType(component)),
        extensions: None,
        extras: Default::default(),
        type_: Valid(type_),
        min: None,
        max: None,
        name: None,
        normalized,
        sparse: None,
    }
}

/// Writes a primitive's arrays and returns its JSON.
fn primitive(root: &mut json::Root, bin: &mut Vec<u8>, p: &Primitive) -> json::mesh::Primitive {
    use json::accessor::{ComponentType as C, Type as T};
    use json::buffer::Target;
    let n = p.positions.len();
    let mut lo = [f32::MAX; 3];
    let mut hi = [f32::MIN; 3];
    for v in &p.positions {
        for k in 0..3 {
            lo[k] = lo[k].min(v[k]);
            hi[k] = hi[k].max(v[k]);
        }
    }
    let view = push_view(
        root,
        bin,
        bytemuck::cast_slice(&p.positions),
        Target::ArrayBuffer,
    );
    let mut pos = accessor(view, n, C::F32, T::Vec3, false);
    pos.min = Some(json::Value::from(lo.to_vec()));
    pos.max = Some(json::Value::from(hi.to_vec()));
    let pos = root.push(pos);
    let view = push_view(
        root,
        bin,
        bytemuck::cast_slice(&p.colors),
        Target::ArrayBuffer,
    );
    let col = root.push(accessor(view, n, C::U16, T::Vec4, true));
    let (bytes, component) = if n <= u16::MAX as usize + 1 {
        let small: Vec<u16> = p.indices.iter().map(|&i| i as u16).collect();
        (bytemuck::cast_slice(&small).to_vec(), C::U16)
    } else {
        (bytemuck::cast_slice(&p.indices).to_vec(), C::U32)
    };
    let view = push_view(root, bin, &bytes, Target::ElementArrayBuffer);
    let idx = root.push(accessor(view, p.indices.len(), component, T::Scalar, false));
    let mut attributes = BTreeMap::new();
    attributes.insert(Valid(json::mesh::Semantic::Positions), pos);
    attributes.insert(Valid(json::mesh::Semantic::Colors(0)), col);
    json::mesh::Primitive {
        attributes,
        extensions: None,
        extras: Default::default(),
        indices: Some(idx),
        material: Some(json::Index::new(p.material as u32)),
        mode: Valid(json::mesh::Mode::Triangles),
        targets: None,
    }
}

/// Adds `node` and its children to `root`; returns its index.
fn push_node(root: &mut json::Root, node: &Node) -> json::Index<json::Node> {
    let children: Vec<_> = node.children.iter().map(|c| push_node(root, c)).collect();
    root.push(json::Node {
        camera: None,
        children: (!children.is_empty()).then_some(children),
        extensions: None,
        extras: Default::default(),
        matrix: None,
        mesh: node.mesh.map(|m| json::Index::new(m as u32)),
        name: Some(node.name.clone()),
        rotation: None,
        scale: (node.scale != [1.0; 3]).then_some(node.scale),
        translation: (node.translation != [0.0; 3]).then_some(node.translation),
        skin: None,
        weights: None,
    })
}

/// The glTF document of `model`, its buffer at `uri` (`None` in a .glb).
pub fn document(model: &Model, uri: Option<String>) -> Result<Document, ExportError> {
    let mut root = json::Root::default();
    root.asset.generator = Some(format!("mapscope {}", env!("CARGO_PKG_VERSION")));
    root.extensions_used.push("KHR_materials_unlit".into());
    for m in &model.materials {
        let mut mat = json::Material {
            name: Some(m.name.clone()),
            double_sided: m.double_sided,
            alpha_mode: Valid(if m.translucent {
                json::material::AlphaMode::Blend
            } else {
                json::material::AlphaMode::Opaque
            }),
            ..Default::default()
        };
        // Colours are lit already: unlit where the viewer knows the
        // extension, and a rough, non-metallic surface where it does not.
        mat.pbr_metallic_roughness.base_color_factor = json::material::PbrBaseColorFactor(m.factor);
        mat.pbr_metallic_roughness.metallic_factor = json::material::StrengthFactor(0.0);
        mat.pbr_metallic_roughness.roughness_factor = json::material::StrengthFactor(1.0);
        // Other extensions' fields appear when other crates turn on more
        // of gltf-json's features.
        #[allow(clippy::needless_update)]
        let extensions = json::extensions::material::Material {
            unlit: Some(json::extensions::material::Unlit {}),
            ..Default::default()
        };
        mat.extensions = Some(extensions);
        root.push(mat);
    }
    let mut bin = Vec::new();
    for mesh in &model.meshes {
        let primitives = mesh
            .primitives
            .iter()
            .map(|p| primitive(&mut root, &mut bin, p))
            .collect();
        root.push(json::Mesh {
            extensions: None,
            extras: Default::default(),
            name: Some(mesh.name.clone()),
            primitives,
            weights: None,
        });
    }
    while bin.len() % 4 != 0 {
        bin.push(0);
    }
    let nodes: Vec<_> = model
        .nodes
        .iter()
        .map(|n| push_node(&mut root, n))
        .collect();
    let scene = root.push(json::Scene {
        extensions: None,
        extras: Default::default(),
        name: Some(model.name.clone()),
        nodes,
    });
    root.scene = Some(scene);
    if !bin.is_empty() {
        root.push(json::Buffer {
            byte_length: USize64::from(bin.len()),
            name: None,
            uri,
            extensions: None,
            extras: Default::default(),
        });
    }
    Ok(Document { root, bin })
}

/// The largest .glb: its length is a u32.
pub const GLB_LIMIT: u64 = u32::MAX as u64;

/// The bytes of a .glb file.
pub fn glb_bytes(model: &Model) -> Result<Vec<u8>, ExportError> {
    let doc = document(model, None)?;
    let mut json = serde_json::to_vec(&doc.root).expect("glTF JSON serializes");
    while json.len() % 4 != 0 {
        json.push(b' ');
    }
    let bin_chunk = if doc.bin.is_empty() {
        0
    } else {
        8 + doc.bin.len()
    };
    let total = 12 + 8 + json.len() + bin_chunk;
    if total as u64 > GLB_LIMIT {
        return Err(ExportError::TooLarge {
            format: "glb",
            what: "the file",
            size: total as u64,
            limit: GLB_LIMIT,
        });
    }
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"glTF");
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&(total as u32).to_le_bytes());
    out.extend_from_slice(&(json.len() as u32).to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(&json);
    if !doc.bin.is_empty() {
        out.extend_from_slice(&(doc.bin.len() as u32).to_le_bytes());
        out.extend_from_slice(b"BIN\0");
        out.extend_from_slice(&doc.bin);
    }
    Ok(out)
}

/// The .gltf JSON (pretty) and its .bin, the buffer named `bin_name`.
pub fn gltf_bytes(model: &Model, bin_name: &str) -> Result<(Vec<u8>, Vec<u8>), ExportError> {
    let doc = document(model, Some(uri_escape(bin_name)))?;
    let json = serde_json::to_vec_pretty(&doc.root).expect("glTF JSON serializes");
    Ok((json, doc.bin))
}

/// A file name as a relative URI: everything but unreserved characters
/// percent-encoded.
fn uri_escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_for_uris() {
        assert_eq!(uri_escape("a b@1.bin"), "a%20b%401.bin");
    }
}
