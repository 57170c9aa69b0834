//! What an export writes, whatever the file format: named nodes holding
//! meshes of coloured triangles, in glTF's frame and units (+Y up, metres).
//! The meshers' output becomes this first (`super::build`), so the glTF and
//! OBJ writers share one picture of the map and know nothing of maps.

/// A material: the colour comes from the vertices; the material says how
/// they are drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Material {
    pub name: String,
    /// Multiplies the vertex colours (linear RGBA).
    pub factor: [f32; 4],
    /// Blended over what is behind (water); opaque otherwise.
    pub translucent: bool,
    /// Seen from both sides (the viewer draws these without culling).
    pub double_sided: bool,
}

/// Triangles in one material.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Primitive {
    /// glTF frame, metres.
    pub positions: Vec<[f32; 3]>,
    /// Linear RGBA, 0..65535: the viewer's 8-bit sRGB colours converted
    /// exactly, with no banding in the shadows.
    pub colors: Vec<[u16; 4]>,
    /// Three a triangle, counter-clockwise seen from the front.
    pub indices: Vec<u32>,
    /// Index in [`Model::materials`].
    pub material: usize,
}

impl Primitive {
    pub fn new(material: usize) -> Primitive {
        Primitive {
            material,
            ..Default::default()
        }
    }

    /// Adds a quad of corners in order around it, split along 0-2, or along
    /// 1-3 where `flip`.
    pub fn quad(&mut self, p: [[f32; 3]; 4], c: [[u16; 4]; 4], flip: bool) {
        let base = self.positions.len() as u32;
        self.positions.extend_from_slice(&p);
        self.colors.extend_from_slice(&c);
        let order: [u32; 6] = if flip {
            [1, 2, 3, 1, 3, 0]
        } else {
            [0, 1, 2, 0, 2, 3]
        };
        self.indices.extend(order.map(|i| base + i));
    }

    pub fn triangles(&self) -> usize {
        self.indices.len() / 3
    }

    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }
}

/// A mesh: its primitives, one a material.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Mesh {
    pub name: String,
    pub primitives: Vec<Primitive>,
}

impl Mesh {
    pub fn vertices(&self) -> usize {
        self.primitives.iter().map(|p| p.positions.len()).sum()
    }

    pub fn triangles(&self) -> usize {
        self.primitives.iter().map(Primitive::triangles).sum()
    }
}

/// A node of the scene: a mesh placed by a translation and a scale (map
/// objects share one mesh a shape and colour), and children.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub name: String,
    /// Index in [`Model::meshes`].
    pub mesh: Option<usize>,
    pub translation: [f32; 3],
    pub scale: [f32; 3],
    pub children: Vec<Node>,
}

impl Node {
    /// A node holding only children.
    pub fn group(name: impl Into<String>, children: Vec<Node>) -> Node {
        Node {
            name: name.into(),
            mesh: None,
            translation: [0.0; 3],
            scale: [1.0; 3],
            children,
        }
    }

    /// A node showing mesh `mesh` where it is.
    pub fn of_mesh(name: impl Into<String>, mesh: usize) -> Node {
        Node {
            mesh: Some(mesh),
            ..Node::group(name, Vec::new())
        }
    }

    /// This node and every node under it, depth first.
    pub fn walk(&self) -> Vec<&Node> {
        let mut out = vec![self];
        for c in &self.children {
            out.extend(c.walk());
        }
        out
    }
}

/// A whole exported map.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Model {
    /// The map's name, for the scene.
    pub name: String,
    pub materials: Vec<Material>,
    pub meshes: Vec<Mesh>,
    /// The scene's top nodes.
    pub nodes: Vec<Node>,
}

impl Model {
    /// The index of the material named `name`, added by `make` if there is none.
    pub fn material(&mut self, name: &str, make: impl FnOnce() -> Material) -> usize {
        if let Some(i) = self.materials.iter().position(|m| m.name == name) {
            return i;
        }
        self.materials.push(make());
        self.materials.len() - 1
    }

    /// Adds a mesh (dropping empty primitives); `None` if nothing is left.
    pub fn add_mesh(
        &mut self,
        name: impl Into<String>,
        primitives: Vec<Primitive>,
    ) -> Option<usize> {
        let primitives: Vec<Primitive> = primitives.into_iter().filter(|p| !p.is_empty()).collect();
        if primitives.is_empty() {
            return None;
        }
        self.meshes.push(Mesh {
            name: name.into(),
            primitives,
        });
        Some(self.meshes.len() - 1)
    }

    /// Every node, depth first.
    pub fn all_nodes(&self) -> impl Iterator<Item = &Node> {
        self.nodes.iter().flat_map(Node::walk)
    }

    /// Vertices drawn: each mesh counted once for every node showing it.
    pub fn vertices(&self) -> usize {
        self.all_nodes()
            .filter_map(|n| n.mesh)
            .map(|m| self.meshes[m].vertices())
            .sum()
    }

    /// Triangles drawn, counted as [`Self::vertices`] are.
    pub fn triangles(&self) -> usize {
        self.all_nodes()
            .filter_map(|n| n.mesh)
            .map(|m| self.meshes[m].triangles())
            .sum()
    }
}
