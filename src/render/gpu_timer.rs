//! The GPU's own time for a picture, where the adapter has timestamp
//! queries: written at the start and end of the render pass, resolved and
//! read back without waiting (the readback maps when the GPU is done, and
//! its callback leaves the time for the next frame to collect). Where the
//! adapter has none, the viewer times a picture from its submission to the
//! GPU's done callback instead.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Two timestamps a picture: the pass's start and end.
const QUERIES: u32 = 2;
const BYTES: u64 = QUERIES as u64 * 8;

pub struct GpuTimer {
    set: wgpu::QuerySet,
    resolve: wgpu::Buffer,
    readback: wgpu::Buffer,
    /// Nanoseconds a timestamp tick.
    period: f32,
    /// While the readback is mapped or being mapped, no new picture is timed.
    busy: Arc<AtomicBool>,
    /// The last time read back, in milliseconds, until taken.
    done: Arc<Mutex<Option<f32>>>,
}

impl GpuTimer {
    /// A timer where the device has timestamp queries.
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue) -> Option<GpuTimer> {
        if !device.features().contains(wgpu::Features::TIMESTAMP_QUERY) {
            return None;
        }
        let buffer = |label, usage| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: BYTES,
                usage,
                mapped_at_creation: false,
            })
        };
        Some(GpuTimer {
            set: device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("picture time"),
                ty: wgpu::QueryType::Timestamp,
                count: QUERIES,
            }),
            resolve: buffer(
                "picture time",
                wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
            ),
            readback: buffer(
                "picture time readback",
                wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            ),
            period: queue.get_timestamp_period(),
            busy: Arc::default(),
            done: Arc::default(),
        })
    }

    /// The pass's timestamp writes, unless the last reading is still on
    /// its way back (that picture then goes untimed).
    pub fn writes(&self) -> Option<wgpu::RenderPassTimestampWrites<'_>> {
        (!self.busy.load(Ordering::Acquire)).then_some(wgpu::RenderPassTimestampWrites {
            query_set: &self.set,
            beginning_of_pass_write_index: Some(0),
            end_of_pass_write_index: Some(1),
        })
    }

    /// After the pass: resolves the timestamps into the readback buffer.
    pub fn resolve(&self, encoder: &mut wgpu::CommandEncoder) {
        encoder.resolve_query_set(&self.set, 0..QUERIES, &self.resolve, 0);
        encoder.copy_buffer_to_buffer(&self.resolve, 0, &self.readback, 0, BYTES);
    }

    /// After the submission: maps the readback when the GPU is done, and
    /// leaves the time for [`Self::take`].
    pub fn read_back(&self) {
        self.busy.store(true, Ordering::Release);
        let (buffer, busy, done, period) = (
            self.readback.clone(),
            self.busy.clone(),
            self.done.clone(),
            self.period,
        );
        self.readback
            .slice(..)
            .map_async(wgpu::MapMode::Read, move |result| {
                if result.is_ok() {
                    let ticks: Vec<u64> = match buffer.slice(..).get_mapped_range() {
                        Ok(data) => data
                            .chunks_exact(8)
                            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
                            .collect(),
                        Err(_) => Vec::new(),
                    };
                    buffer.unmap();
                    if let [start, end] = ticks[..] {
                        let ms = end.saturating_sub(start) as f32 * period / 1e6;
                        if let Ok(mut d) = done.lock() {
                            *d = Some(ms);
                        }
                    }
                }
                busy.store(false, Ordering::Release);
            });
    }

    /// The last picture's GPU time in milliseconds, once read back.
    pub fn take(&self) -> Option<f32> {
        self.done.lock().ok().and_then(|mut d| d.take())
    }
}
