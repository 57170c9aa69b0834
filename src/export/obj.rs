//! Wavefront OBJ with its MTL, for tools older than glTF. OBJ has no
//! instancing, no vertex alpha and no standard vertex colours: instanced
//! objects are written out in place, colours go after the position
//! (`v x y z r g b`, sRGB 0..1, which Blender and MeshLab read), and a
//! translucent material's opacity is the mean of its vertices' alpha.

use super::model::{Model, Node};
use std::fmt::Write as _;

/// A name with no whitespace (OBJ and MTL names end at a space).
fn obj_name(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect()
}

fn srgb(linear: u16) -> f32 {
    let c = linear as f32 / 65535.0;
    if c <= 0.003_130_8 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

/// The .obj and .mtl texts of `model`; the .obj names `mtl_name`.
pub fn obj_text(model: &Model, mtl_name: &str) -> (String, String) {
    let mut obj = String::new();
    let _ = writeln!(obj, "# {} (mapscope export; +Y up, metres)", model.name);
    let _ = writeln!(obj, "mtllib {mtl_name}");
    let mut alpha = vec![(0.0f64, 0usize); model.materials.len()];
    let mut base = 1usize;
    let mut stack: Vec<(&Node, [f32; 3], [f32; 3])> = model
        .nodes
        .iter()
        .rev()
        .map(|n| (n, [0.0; 3], [1.0; 3]))
        .collect();
    while let Some((node, t0, s0)) = stack.pop() {
        // Nodes here only translate and scale: compose them directly.
        let s = [0, 1, 2].map(|k| s0[k] * node.scale[k]);
        let t = [0, 1, 2].map(|k| t0[k] + s0[k] * node.translation[k]);
        if let Some(m) = node.mesh {
            let _ = writeln!(obj, "o {}", obj_name(&node.name));
            for p in &model.meshes[m].primitives {
                for (v, c) in p.positions.iter().zip(&p.colors) {
                    let at = [0, 1, 2].map(|k| t[k] + s[k] * v[k]);
                    let _ = writeln!(
                        obj,
                        "v {} {} {} {:.4} {:.4} {:.4}",
                        at[0],
                        at[1],
                        at[2],
                        srgb(c[0]),
                        srgb(c[1]),
                        srgb(c[2])
                    );
                    let a = &mut alpha[p.material];
                    a.0 += c[3] as f64 / 65535.0;
                    a.1 += 1;
                }
                let _ = writeln!(
                    obj,
                    "usemtl {}",
                    obj_name(&model.materials[p.material].name)
                );
                for t in p.indices.chunks_exact(3) {
                    let _ = writeln!(
                        obj,
                        "f {} {} {}",
                        base + t[0] as usize,
                        base + t[1] as usize,
                        base + t[2] as usize
                    );
                }
                base += p.positions.len();
            }
        }
        for c in node.children.iter().rev() {
            stack.push((c, t, s));
        }
    }
    let mut mtl = String::new();
    for (m, (sum, n)) in model.materials.iter().zip(alpha) {
        let d = if m.translucent && n > 0 {
            sum / n as f64
        } else {
            1.0
        };
        let [r, g, b, _] = m.factor;
        let _ = writeln!(mtl, "newmtl {}", obj_name(&m.name));
        let _ = writeln!(mtl, "Kd {r} {g} {b}\nd {d:.3}\nillum 0\n");
    }
    (obj, mtl)
}
