//! Warcraft III objects as instanced nodes: one mesh a shape and colour
//! (every tree of a map shares one), and one node an object placing and
//! sizing it, as the viewer's instance shader does. Lighting is baked into
//! the vertex colours as that shader works it out: shapes are never turned,
//! so the light on each face is the same in every instance.

use super::frame::{linear16_of, Frame};
use super::model::{Material, Model, Node, Primitive};
use crate::mesh::objects::{shape_triangles, Group, Instance, ObjectInstances};
use std::collections::HashMap;

/// The light and trunk colour of shaders/instances.wgsl.
const LIGHT: [f32; 3] = [-0.3, 0.4, -1.0];
const TRUNK: [f32; 3] = [0.36, 0.25, 0.15];

/// The mesh of `group`'s shape in colour `rgb`, lit as the viewer lights it.
fn shape_mesh(group: Group, rgb: [u8; 3], material: usize) -> Primitive {
    let len = LIGHT.iter().map(|v| v * v).sum::<f32>().sqrt();
    let light = LIGHT.map(|v| v / len);
    let tint = rgb.map(|c| c as f32 / 255.0);
    let mut p = Primitive::new(material);
    for v in shape_triangles(group.shape()) {
        let n = v.normal;
        let lit = 0.55 + 0.45 * (n[0] * light[0] + n[1] * light[1] + n[2] * light[2]).max(0.0);
        let c = [0, 1, 2].map(|k| (TRUNK[k] + (tint[k] - TRUNK[k]) * v.tinted) * lit);
        p.indices.push(p.positions.len() as u32);
        p.positions.push(Frame::axes(v.position));
        p.colors.push([
            linear16_of(c[0]),
            linear16_of(c[1]),
            linear16_of(c[2]),
            65535,
        ]);
    }
    p
}

/// Adds one node a group ("Trees", "Start locations", …) holding one node
/// an object.
pub fn add_objects(model: &mut Model, objects: &ObjectInstances, frame: &Frame) -> Node {
    let material = model.material("objects", || Material {
        name: "objects".into(),
        factor: [1.0; 4],
        translucent: false,
        double_sided: true,
    });
    let mut meshes: HashMap<(Group, [u8; 3]), usize> = HashMap::new();
    let mut groups = Vec::new();
    for (group, instances) in &objects.groups {
        let mut nodes = Vec::with_capacity(instances.len());
        for (i, inst) in instances.iter().enumerate() {
            let Instance {
                position,
                scale,
                color,
            } = *inst;
            let rgb = [color[0], color[1], color[2]];
            let mesh = *meshes.entry((*group, rgb)).or_insert_with(|| {
                let name = format!(
                    "{} #{:02x}{:02x}{:02x}",
                    group.label(),
                    rgb[0],
                    rgb[1],
                    rgb[2]
                );
                let prim = shape_mesh(*group, rgb, material);
                model
                    .add_mesh(name, vec![prim])
                    .expect("shapes have triangles")
            });
            let m = frame.metres;
            let mut node = Node::of_mesh(format!("{} {}", group.label(), i + 1), mesh);
            node.translation = frame.point(position);
            node.scale = [scale[0] * m, scale[1] * m, scale[0] * m];
            nodes.push(node);
        }
        if !nodes.is_empty() {
            groups.push(Node::group(group.label(), nodes));
        }
    }
    Node::group("objects", groups)
}
