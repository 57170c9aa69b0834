//! A terrain's tile grid on the GPU, the terrain shader's group 1: the
//! ground's corner colours (`shaders/terrain.wgsl` paints each tile from
//! them) and a tint the ground is painted with on top, a colour a cell of
//! some grid of its own (the ground-distance field, one a pathing cell).
//! The tint is drawn by the ground's own fragments, so it lies on the
//! surface at every level of detail and from any view.

use crate::mesh::ground_view::GroundTint;
use crate::mesh::terrain::TileColors;
use wgpu::util::DeviceExt;

/// Half the width of the transition between two corners' ground colours,
/// in tiles: short and sharp, as the game paints its textures.
const TRANSITION: f32 = 0.12;

/// The grid's uniform, as `Grid` in `terrain.wgsl` lays it out.
#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct Uniform {
    /// Tilepoints across and down, the transition's half width.
    size: [f32; 4],
    /// The view's (x, y) to a tint cell: column x·[0] + [1], row y·[2] + [3].
    tint_map: [f32; 4],
    /// Tint cells across and down (0: no tint).
    tint_size: [f32; 4],
}

/// The grid's buffers and the bind group over them.
pub(super) struct TileGrid {
    layout: wgpu::BindGroupLayout,
    size: [f32; 4],
    corners: wgpu::Buffer,
    pub bind: wgpu::BindGroup,
}

/// A storage buffer of RGBA8 words (never empty: a binding may not be).
fn colors(device: &wgpu::Device, label: &str, colors: &[[u8; 4]]) -> wgpu::Buffer {
    let colors = if colors.is_empty() { &[[0; 4]] } else { colors };
    device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some(label),
        contents: bytemuck::cast_slice(colors),
        usage: wgpu::BufferUsages::STORAGE,
    })
}

impl TileGrid {
    /// `grid`'s corner colours, with no tint.
    pub fn new(device: &wgpu::Device, layout: &wgpu::BindGroupLayout, grid: &TileColors) -> Self {
        let size = [grid.width as f32, grid.height as f32, TRANSITION, 0.0];
        let corners = colors(device, "tile grid colours", &grid.colors);
        let bind = Self::bind(device, layout, size, &corners, None);
        TileGrid {
            layout: layout.clone(),
            size,
            corners,
            bind,
        }
    }

    /// Paints `tint` over the ground from now on (`None`: takes it off).
    pub fn set_tint(&mut self, device: &wgpu::Device, tint: Option<&GroundTint>) {
        self.bind = Self::bind(device, &self.layout, self.size, &self.corners, tint);
    }

    fn bind(
        device: &wgpu::Device,
        layout: &wgpu::BindGroupLayout,
        size: [f32; 4],
        corners: &wgpu::Buffer,
        tint: Option<&GroundTint>,
    ) -> wgpu::BindGroup {
        let uniform = Uniform {
            size,
            tint_map: tint.map_or([0.0; 4], |t| t.to_cell),
            tint_size: tint.map_or([0.0; 4], |t| [t.width as f32, t.height as f32, 0.0, 0.0]),
        };
        let uniform = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("tile grid"),
            contents: bytemuck::bytes_of(&uniform),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        let tint = colors(device, "ground tint", tint.map_or(&[], |t| &t.cells));
        fn entry(binding: u32, buffer: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
            wgpu::BindGroupEntry {
                binding,
                resource: buffer.as_entire_binding(),
            }
        }
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("tile grid"),
            layout,
            entries: &[entry(0, &uniform), entry(1, corners), entry(2, &tint)],
        })
    }
}
