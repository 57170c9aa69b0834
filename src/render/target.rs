//! An offscreen colour + depth target, and reading its pixels back.

use super::{COLOR_FORMAT, DEPTH_FORMAT};

/// What the renderer draws into: a colour view of `format` and a depth view
/// of one size.
pub struct Target<'a> {
    pub color: &'a wgpu::TextureView,
    pub depth: &'a wgpu::TextureView,
    pub format: wgpu::TextureFormat,
    pub width: u32,
    pub height: u32,
}

/// A 2D texture of one mip level and one sample.
fn texture(
    device: &wgpu::Device,
    label: &str,
    (width, height): (u32, u32),
    format: wgpu::TextureFormat,
    usage: wgpu::TextureUsages,
) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage,
        view_formats: &[],
    })
}

pub fn depth_texture(device: &wgpu::Device, width: u32, height: u32) -> wgpu::Texture {
    texture(
        device,
        "depth",
        (width, height),
        DEPTH_FORMAT,
        wgpu::TextureUsages::RENDER_ATTACHMENT,
    )
}

/// A texture to render into and copy back to memory.
pub struct Offscreen {
    pub width: u32,
    pub height: u32,
    pub format: wgpu::TextureFormat,
    pub color: wgpu::Texture,
    pub color_view: wgpu::TextureView,
    pub depth_view: wgpu::TextureView,
}

impl Offscreen {
    /// A picture in [`COLOR_FORMAT`], as PNG wants it.
    pub fn new(device: &wgpu::Device, width: u32, height: u32) -> Self {
        Offscreen::with_format(device, width, height, COLOR_FORMAT)
    }

    /// A picture in `format`: 8-bit RGBA or BGRA (a window's format, so the
    /// window's egui renderer can paint over it).
    pub fn with_format(
        device: &wgpu::Device,
        width: u32,
        height: u32,
        format: wgpu::TextureFormat,
    ) -> Self {
        Offscreen::with_usage(device, width, height, format, wgpu::TextureUsages::COPY_SRC)
    }

    /// A picture in `format` that can also be used as `usage` says (read
    /// back, or sampled as the window's kept 3D view is).
    pub fn with_usage(
        device: &wgpu::Device,
        width: u32,
        height: u32,
        format: wgpu::TextureFormat,
        usage: wgpu::TextureUsages,
    ) -> Self {
        let color = texture(
            device,
            "offscreen colour",
            (width, height),
            format,
            wgpu::TextureUsages::RENDER_ATTACHMENT | usage,
        );
        let color_view = color.create_view(&Default::default());
        let depth_view = depth_texture(device, width, height).create_view(&Default::default());
        Offscreen {
            width,
            height,
            format,
            color,
            color_view,
            depth_view,
        }
    }

    pub fn target(&self) -> Target<'_> {
        Target {
            color: &self.color_view,
            depth: &self.depth_view,
            format: self.format,
            width: self.width,
            height: self.height,
        }
    }

    /// The picture as tightly packed RGBA rows, top row first (BGRA
    /// pictures are turned into RGBA); a lost device is an error, not a
    /// panic. Waits for the GPU: see [`Self::start_read`] not to.
    pub fn read_rgba(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
    ) -> Result<Vec<u8>, super::limits::PictureError> {
        self.start_read(device, queue).finish(device)
    }

    /// Submits the copy of the picture into a buffer, to be read by
    /// [`ReadBack::finish`] on whichever thread may wait for it.
    pub fn start_read(&self, device: &wgpu::Device, queue: &wgpu::Queue) -> ReadBack {
        // Copies need rows aligned to 256 bytes.
        let padded = super::limits::padded_row(self.width) as u32;
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("read-back"),
            size: padded as u64 * self.height as u64,
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        let mut encoder = device.create_command_encoder(&Default::default());
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture: &self.color,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &buffer,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(padded),
                    rows_per_image: Some(self.height),
                },
            },
            wgpu::Extent3d {
                width: self.width,
                height: self.height,
                depth_or_array_layers: 1,
            },
        );
        queue.submit([encoder.finish()]);
        ReadBack {
            buffer,
            width: self.width,
            height: self.height,
            padded,
            bgra: matches!(
                self.format,
                wgpu::TextureFormat::Bgra8Unorm | wgpu::TextureFormat::Bgra8UnormSrgb
            ),
        }
    }
}

/// A picture on its way back from the GPU.
pub struct ReadBack {
    buffer: wgpu::Buffer,
    pub width: u32,
    pub height: u32,
    padded: u32,
    bgra: bool,
}

impl ReadBack {
    /// Waits for the copy and returns tightly packed RGBA rows, top first.
    pub fn finish(self, device: &wgpu::Device) -> Result<Vec<u8>, super::limits::PictureError> {
        use super::limits::PictureError::ReadBack;
        let row = self.width as usize * 4;
        let slice = self.buffer.slice(..);
        let (tx, rx) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| ReadBack(e.to_string()))?;
        rx.recv()
            .map_err(|e| ReadBack(e.to_string()))?
            .map_err(|e| ReadBack(e.to_string()))?;
        let data = slice
            .get_mapped_range()
            .map_err(|e| ReadBack(e.to_string()))?;
        let mut out = Vec::with_capacity(row * self.height as usize);
        for y in 0..self.height as usize {
            let start = y * self.padded as usize;
            out.extend_from_slice(&data[start..start + row]);
        }
        drop(data);
        self.buffer.unmap();
        if self.bgra {
            for px in out.chunks_exact_mut(4) {
                px.swap(0, 2);
            }
        }
        Ok(out)
    }
}
