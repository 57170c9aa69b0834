//! The window's 3D view: the map drawn into a picture of its own only when
//! what it shows changes (camera, options, scene, size), so a menu or a
//! tooltip answers at once even where a 3D frame takes a second; every
//! frame copies the picture under the overlay. While the camera moves on a
//! slow renderer the picture is drawn at half resolution with far voxel
//! chunks coarser (levels of detail, where the map has them; `quality`
//! says how coarse), and again in full once the camera has been still for
//! a moment.

mod quality;

use crate::render::blit::{Blit, Picture};
use crate::render::{Camera, DrawStats, RenderOptions, Renderer, Scene};
use quality::{Cost, Quality};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a 3D picture shows: when any of it changes, it is drawn again.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shown {
    pub camera: Camera,
    pub options: RenderOptions,
    /// Counts changes to the scene's buffers (a new map, overlays, the
    /// highlight).
    pub scene: u64,
    /// The viewport, in pixels.
    pub size: [u32; 2],
}

/// How long the camera must be still before the full resolution is drawn.
const SETTLE: Duration = Duration::from_millis(200);

pub struct View3d {
    blit: Blit,
    picture: Option<Picture>,
    drawn: Option<Shown>,
    /// How the picture held was drawn.
    quality: Quality,
    /// What the last draw cost: milliseconds from its submission to the
    /// GPU finishing it (or the GPU's own time), and the faces it drew.
    last: Cost,
    /// Where the GPU's "done" callback leaves the last draw's time: the
    /// frame does not wait for the GPU, so the time arrives later.
    finished: Arc<Mutex<Option<f32>>>,
    /// The GPU's own time for each picture, where the adapter has
    /// timestamp queries (made with the first picture).
    timer: Option<Option<crate::render::gpu_timer::GpuTimer>>,
    /// What [`Self::reduced`] says.
    reduced: Option<(Option<f32>, Option<u64>)>,
    last_moved: Instant,
    /// Draw the 3D view every frame at full quality, as before it was kept
    /// (`MAPSCOPE_ALWAYS_REDRAW`): for measuring what keeping it saves.
    pub always: bool,
}

/// What one frame did with the 3D view.
pub struct Update {
    /// The draw's statistics, when the map was drawn this frame.
    pub stats: Option<DrawStats>,
    /// When to draw again without input (the full-quality picture once the
    /// camera has settled).
    pub wake_at: Option<Instant>,
}

impl View3d {
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> View3d {
        View3d {
            blit: Blit::new(device, format),
            picture: None,
            drawn: None,
            quality: Quality::FULL,
            last: Cost::default(),
            finished: Arc::default(),
            timer: None,
            reduced: None,
            last_moved: Instant::now(),
            always: std::env::var_os("MAPSCOPE_ALWAYS_REDRAW").is_some(),
        }
    }

    /// The resolution drawn last, as a fraction of the viewport's (1 when
    /// the picture is at full quality).
    pub fn scale(&self) -> f32 {
        if self.quality.reduced() {
            self.quality.scale.min(0.999)
        } else {
            1.0
        }
    }

    /// Draws the map into the picture if `shown` differs from what it
    /// holds (or the settled camera deserves full quality).
    pub fn update(
        &mut self,
        gpu: &crate::render::Gpu,
        renderer: &mut Renderer,
        scene: &Scene,
        shown: Shown,
    ) -> Update {
        // Collect what the GPU has finished, without waiting for it.
        let _ = gpu.device.poll(wgpu::PollType::Poll);
        if let Some(ms) = self.finished.lock().ok().and_then(|mut f| f.take()) {
            self.last.ms = ms;
            self.last.fresh = true;
        }
        let timer = self.timer.get_or_insert_with(|| {
            crate::render::gpu_timer::GpuTimer::new(&gpu.device, &gpu.queue)
        });
        if let Some(ms) = timer.as_ref().and_then(|t| t.take()) {
            self.last.ms = ms;
            self.last.fresh = true;
        }
        let now = Instant::now();
        let moved = self.drawn.is_some_and(|d| d.camera != shown.camera);
        if moved {
            self.last_moved = now;
        }
        let settling = now.duration_since(self.last_moved) < SETTLE;
        let quality = if settling && (moved || self.quality.reduced()) {
            self.moving_quality()
        } else {
            Quality::FULL
        };
        let wake_at = quality.reduced().then(|| self.last_moved + SETTLE);
        if self.drawn == Some(shown) && quality == self.quality && !self.always {
            return Update {
                stats: None,
                wake_at,
            };
        }
        let [w, h] = shown.size;
        let size = [
            ((w as f32 * quality.scale).round() as u32).max(1),
            ((h as f32 * quality.scale).round() as u32).max(1),
        ];
        if self
            .picture
            .as_ref()
            .is_none_or(|p| [p.frame.width, p.frame.height] != size)
        {
            self.picture = Some(self.blit.picture(&gpu.device, size[0], size[1]));
        }
        let Some(picture) = &self.picture else {
            unreachable!("made above")
        };
        let options = RenderOptions {
            face_budget: quality.face_budget,
            lod: quality.lod_pixels.map(|px| px / size[1] as f32),
            ..shown.options
        };
        let started = Instant::now();
        let timer = self.timer.as_ref().and_then(|t| t.as_ref());
        let stats = renderer.draw_timed(
            &gpu.device,
            &gpu.queue,
            &picture.frame.target(),
            scene,
            &shown.camera,
            &options,
            timer,
        );
        // Its cost is known when the GPU is done with it; the CPU meanwhile
        // goes on with the frame (the overlay, presenting) and the next.
        // Without timestamps, from submission to the GPU's done callback.
        if timer.is_none() {
            let finished = self.finished.clone();
            gpu.queue.on_submitted_work_done(move || {
                if let Ok(mut f) = finished.lock() {
                    *f = Some(started.elapsed().as_secs_f32() * 1000.0);
                }
            });
        }
        self.last.faces = stats.faces_drawn;
        self.last.left_out = stats.chunks_left_out > 0;
        self.last.fresh = false;
        self.quality = quality;
        self.reduced = quality
            .reduced()
            .then_some((options.lod, options.face_budget));
        self.drawn = Some(shown);
        Update {
            stats: Some(stats),
            wake_at,
        }
    }

    /// The quality to draw at while moving (`quality::moving`).
    fn moving_quality(&self) -> Quality {
        if self.always {
            return Quality::FULL;
        }
        quality::moving(self.quality, self.last)
    }

    /// How the last picture was reduced while moving (the share of the
    /// view a coarse voxel may take, the face budget); `None` when it was
    /// drawn at full quality. For a scripted picture of the moving view.
    pub fn reduced(&self) -> Option<(Option<f32>, Option<u64>)> {
        self.reduced
    }

    /// Copies the picture into `rect` (`[x, y, w, h]`) of `target`, the
    /// rest cleared to `background`.
    pub fn show(
        &self,
        gpu: &crate::render::Gpu,
        target: &wgpu::TextureView,
        rect: [u32; 4],
        background: [f64; 3],
    ) {
        if let Some(p) = &self.picture {
            self.blit
                .copy(&gpu.device, &gpu.queue, p, target, rect, background);
        }
    }

    /// The blit, for pictures drawn elsewhere (screenshots with the UI).
    pub fn blit(&self) -> &Blit {
        &self.blit
    }
}

/// A rectangle in pixels, `[x, y, w, h]`, at least 1 x 1 and kept inside a
/// `size` picture.
pub fn pixel_rect(r: egui::Rect, [pw, ph]: [u32; 2]) -> [u32; 4] {
    let x = (r.min.x.round().max(0.0) as u32).min(pw.saturating_sub(1));
    let y = (r.min.y.round().max(0.0) as u32).min(ph.saturating_sub(1));
    let w = (r.width().round().max(1.0) as u32).min(pw - x).max(1);
    let h = (r.height().round().max(1.0) as u32).min(ph - y).max(1);
    [x, y, w, h]
}
