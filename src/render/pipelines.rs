//! The render pipelines for one colour format: voxel faces (solid and
//! water) and coloured quads (opaque, one-sided, translucent).

use super::boxes::BoxVertex;
use super::scene::QuadLayer;
use super::DEPTH_FORMAT;
use crate::mesh::objects::{Instance, ShapeVertex};
use crate::mesh::Face;

/// What every format's pipelines share: shaders and layouts.
pub(super) struct Shared {
    pub voxel_module: wgpu::ShaderModule,
    pub voxel_layout: wgpu::PipelineLayout,
    pub quad_module: wgpu::ShaderModule,
    pub quad_layout: wgpu::PipelineLayout,
    pub instance_module: wgpu::ShaderModule,
    pub terrain_module: wgpu::ShaderModule,
    pub terrain_layout: wgpu::PipelineLayout,
}

/// The pipelines drawing into targets of one colour format.
pub(super) struct Pipelines {
    pub voxel: wgpu::RenderPipeline,
    pub voxel_water: wgpu::RenderPipeline,
    /// Coloured quads seen from both sides.
    pub opaque: wgpu::RenderPipeline,
    /// Coloured quads seen from their front (counter-clockwise) only.
    pub one_sided: wgpu::RenderPipeline,
    pub translucent: wgpu::RenderPipeline,
    /// Translucent quads seen from their front only: box sides, which
    /// tint nothing seen from inside the box.
    pub translucent_one_sided: wgpu::RenderPipeline,
    /// Translucent lines: box outlines.
    pub lines: wgpu::RenderPipeline,
    /// Translucent quads drawn faint over everything, hidden or not: the
    /// ground's walks where trees or hills hide them.
    pub routes_hidden: wgpu::RenderPipeline,
    /// Terrain quads, seen from both sides, their ground painted from a
    /// tile grid's corner colours.
    pub terrain: wgpu::RenderPipeline,
    /// A terrain's water, translucent, with the tile grid's tint on it.
    pub terrain_water: wgpu::RenderPipeline,
    /// Instanced shapes: map objects.
    pub instances: wgpu::RenderPipeline,
}

/// How a pipeline's colours meet what is drawn already.
#[derive(Clone, Copy, PartialEq)]
enum Blend {
    /// Hiding what is behind: depth tested and written.
    Opaque,
    /// Blended over what is behind without hiding it: depth tested, not
    /// written.
    Translucent,
    /// Blended over everything drawn, in front or not.
    OverAll,
}

/// Tested against the depth buffer (but [`Blend::OverAll`]); written to it
/// by opaque pipelines only, so that translucent things hide nothing
/// behind them.
fn depth(blend: Blend) -> wgpu::DepthStencilState {
    wgpu::DepthStencilState {
        format: DEPTH_FORMAT,
        depth_write_enabled: Some(blend == Blend::Opaque),
        depth_compare: Some(match blend {
            Blend::OverAll => wgpu::CompareFunction::Always,
            _ => wgpu::CompareFunction::LessEqual,
        }),
        stencil: Default::default(),
        bias: Default::default(),
    }
}

/// What a pipeline draws: triangles seen from both sides, triangles seen
/// from their front (counter-clockwise) only, or lines.
#[derive(Clone, Copy)]
enum Drawn {
    BothSides,
    FrontOnly,
    Lines,
}

impl Drawn {
    fn primitive(self) -> wgpu::PrimitiveState {
        wgpu::PrimitiveState {
            topology: match self {
                Drawn::Lines => wgpu::PrimitiveTopology::LineList,
                _ => wgpu::PrimitiveTopology::TriangleList,
            },
            cull_mode: matches!(self, Drawn::FrontOnly).then_some(wgpu::Face::Back),
            front_face: wgpu::FrontFace::Ccw,
            ..Default::default()
        }
    }
}

/// One pipeline: all but [`Blend::Opaque`] ones blend and leave depth alone.
#[allow(clippy::too_many_arguments)]
fn pipeline(
    device: &wgpu::Device,
    label: &str,
    layout: &wgpu::PipelineLayout,
    module: &wgpu::ShaderModule,
    buffers: &[Option<wgpu::VertexBufferLayout<'_>>],
    drawn: Drawn,
    blend: Blend,
    format: wgpu::TextureFormat,
    fragment: &str,
) -> wgpu::RenderPipeline {
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(label),
        layout: Some(layout),
        vertex: wgpu::VertexState {
            module,
            entry_point: Some("vs_main"),
            compilation_options: Default::default(),
            buffers,
        },
        primitive: drawn.primitive(),
        depth_stencil: Some(depth(blend)),
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module,
            entry_point: Some(fragment),
            compilation_options: Default::default(),
            targets: &[Some(wgpu::ColorTargetState {
                format,
                blend: (blend != Blend::Opaque).then_some(wgpu::BlendState::ALPHA_BLENDING),
                write_mask: wgpu::ColorWrites::ALL,
            })],
        }),
        multiview_mask: None,
        cache: None,
    })
}

impl Pipelines {
    pub fn new(device: &wgpu::Device, shared: &Shared, format: wgpu::TextureFormat) -> Pipelines {
        let face_attrs = wgpu::vertex_attr_array![0 => Uint32x2];
        let faces = wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<Face>() as u64,
            step_mode: wgpu::VertexStepMode::Instance,
            attributes: &face_attrs,
        };
        // Solid faces are wound to face the air; back faces never show. A
        // water surface shows from below too.
        let voxel = |label, water: bool| {
            let cull = if water {
                Drawn::BothSides
            } else {
                Drawn::FrontOnly
            };
            let (layout, module) = (&shared.voxel_layout, &shared.voxel_module);
            let buffers = [Some(faces.clone())];
            let blend = if water {
                Blend::Translucent
            } else {
                Blend::Opaque
            };
            pipeline(
                device, label, layout, module, &buffers, cull, blend, format, "fs_main",
            )
        };
        let quad_attrs = wgpu::vertex_attr_array![0 => Float32x3, 1 => Unorm8x4];
        let quads = wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<BoxVertex>() as u64,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &quad_attrs,
        };
        let quad_with = |label, cull, blend, layout, module, fragment| {
            let buffers = [Some(quads.clone())];
            pipeline(
                device, label, layout, module, &buffers, cull, blend, format, fragment,
            )
        };
        let quad = |label, cull, translucent: bool| {
            let (layout, module) = (&shared.quad_layout, &shared.quad_module);
            let blend = if translucent {
                Blend::Translucent
            } else {
                Blend::Opaque
            };
            quad_with(label, cull, blend, layout, module, "fs_main")
        };
        let marker = |label, cull| {
            let (layout, module) = (&shared.quad_layout, &shared.quad_module);
            quad_with(label, cull, Blend::Translucent, layout, module, "fs_marker")
        };
        let (terrain_layout, terrain_module) = (&shared.terrain_layout, &shared.terrain_module);
        let terrain = quad_with(
            "terrain",
            Drawn::BothSides,
            Blend::Opaque,
            terrain_layout,
            terrain_module,
            "fs_main",
        );
        let terrain_water = quad_with(
            "terrain water",
            Drawn::BothSides,
            Blend::Translucent,
            terrain_layout,
            terrain_module,
            "fs_water",
        );
        let routes_hidden = quad_with(
            "hidden routes",
            Drawn::BothSides,
            Blend::OverAll,
            &shared.quad_layout,
            &shared.quad_module,
            "fs_faint",
        );
        let instances = instances(device, shared, format);
        Pipelines {
            voxel: voxel("voxel faces", false),
            voxel_water: voxel("voxel water", true),
            opaque: quad("opaque quads", Drawn::BothSides, false),
            one_sided: quad("one-sided quads", Drawn::FrontOnly, false),
            translucent: quad("translucent quads", Drawn::BothSides, true),
            translucent_one_sided: marker("boxes", Drawn::FrontOnly),
            lines: marker("box outlines", Drawn::Lines),
            routes_hidden,
            terrain,
            terrain_water,
            instances,
        }
    }

    /// The pipeline that draws a layer's quads.
    pub fn for_layer(&self, layer: QuadLayer) -> &wgpu::RenderPipeline {
        match layer {
            QuadLayer::Boxes => &self.translucent_one_sided,
            _ if layer.translucent() => &self.translucent,
            QuadLayer::OneSided => &self.one_sided,
            _ => &self.opaque,
        }
    }
}

/// Map objects: instances of a few shapes, wound like voxel faces
/// (counter-clockwise from outside).
fn instances(
    device: &wgpu::Device,
    shared: &Shared,
    format: wgpu::TextureFormat,
) -> wgpu::RenderPipeline {
    let shape_attrs = wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x3, 2 => Float32];
    let instance_attrs = wgpu::vertex_attr_array![3 => Float32x3, 4 => Float32x2, 5 => Unorm8x4];
    let instance_buffers = [
        Some(wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<ShapeVertex>() as u64,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &shape_attrs,
        }),
        Some(wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<Instance>() as u64,
            step_mode: wgpu::VertexStepMode::Instance,
            attributes: &instance_attrs,
        }),
    ];
    pipeline(
        device,
        "instanced shapes",
        &shared.quad_layout,
        &shared.instance_module,
        &instance_buffers,
        Drawn::FrontOnly,
        Blend::Opaque,
        format,
        "fs_main",
    )
}
