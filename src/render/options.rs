//! How to draw, and what a frame drew.

/// How to draw.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RenderOptions {
    /// Ambient-occlusion strength, 0 (none) to 1.
    pub ao: f32,
    /// The game's distance fog, in voxels; `None` for none.
    pub fog: Option<f32>,
    pub show_spawns: bool,
    /// Draw the pointed element's highlight: the window does, pictures
    /// (screenshots) do not.
    pub show_highlight: bool,
    /// Name ALW entities and lights with text labels.
    pub labels: bool,
    /// Tint VMF indestructible voxels.
    pub highlight_indestructible: bool,
    /// The sky (and fog) colour, sRGB 0..1.
    pub sky: [f32; 3],
    /// Which groups of map objects are drawn.
    pub objects: crate::mesh::objects::Shown,
    /// Flat colours, unlit: the minimap view.
    pub flat: bool,
    /// Draw terrain, water and objects only inside this map area (x0, y0,
    /// x1, y1 in map coordinates): the minimap view's playable area.
    pub clip: Option<[f32; 4]>,
    /// Voxel faces to draw at most, nearest chunks first: the window keeps
    /// frames short while the camera moves on a slow renderer by leaving
    /// the farthest chunks out. `None` draws them all.
    pub face_budget: Option<u64>,
    /// Draw far voxel chunks coarser, where the scene has coarse levels
    /// ([`crate::render::Renderer::add_coarse_level`]): each part of the map
    /// at the coarsest level whose voxels, seen from its nearest point,
    /// take at most this share of the view's height (2 pixels of a
    /// 400-pixel view: 0.005). `None` draws everything at full detail.
    pub lod: Option<f32>,
    /// How much to darken the map, 0 (not at all) to 1, leaving boxes and
    /// their outlines as they are: a comparison's unchanged parts.
    pub dim: f32,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            ao: 1.0,
            fog: None,
            show_spawns: true,
            show_highlight: true,
            labels: true,
            highlight_indestructible: false,
            sky: [0.55, 0.72, 0.90],
            objects: Default::default(),
            flat: false,
            clip: None,
            face_budget: None,
            lod: None,
            dim: 0.0,
        }
    }
}

/// What one frame drew.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DrawStats {
    pub chunks_visible: u32,
    /// Of those, the chunks drawn at a coarse level.
    pub chunks_coarse: u32,
    /// Chunks in view left out for the face budget.
    pub chunks_left_out: u32,
    pub chunks_total: u32,
    pub faces_drawn: u64,
    pub draw_calls: u32,
}
