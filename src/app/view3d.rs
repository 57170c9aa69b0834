//! The window's 3D view: the map drawn into a picture of its own only when
//! what it shows changes (camera, options, scene, size), so a menu or a
//! tooltip answers at once even where a 3D frame takes a second; every
//! frame copies the picture under the overlay. While the camera moves on a
//! slow renderer the picture is drawn at a lower resolution, and again at
//! full resolution once the camera has been still for a moment.

use crate::render::blit::{Blit, Picture};
use crate::render::{Camera, DrawStats, RenderOptions, Renderer, Scene};
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

/// The slowest a frame may be while the camera moves.
const MOVING_BUDGET_MS: f32 = 60.0;
/// How long the camera must be still before the full resolution is drawn.
const SETTLE: Duration = Duration::from_millis(200);
/// The lowest resolution, as a fraction of the viewport's width and height.
const MIN_SCALE: f32 = 0.25;

pub struct View3d {
    blit: Blit,
    picture: Option<Picture>,
    drawn: Option<Shown>,
    /// The resolution of the picture drawn, as a fraction of the viewport.
    scale: f32,
    /// Milliseconds the last draw took, and at what scale.
    last_ms: f32,
    last_moved: Instant,
    /// Draw the 3D view every frame, as before it was kept: for measuring
    /// what keeping it saves.
    pub always: bool,
}

/// What one frame did with the 3D view.
pub struct Update {
    /// The draw's statistics, when the map was drawn this frame.
    pub stats: Option<DrawStats>,
    /// When to draw again without input (the full-resolution picture once
    /// the camera has settled).
    pub wake_at: Option<Instant>,
}

impl View3d {
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> View3d {
        View3d {
            blit: Blit::new(device, format),
            picture: None,
            drawn: None,
            scale: 1.0,
            last_ms: 0.0,
            last_moved: Instant::now(),
            always: std::env::var_os("MAPSCOPE_ALWAYS_REDRAW").is_some(),
        }
    }

    /// The resolution drawn last, as a fraction of the viewport's.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// Draws the map into the picture if `shown` differs from what it
    /// holds (or the settled camera deserves full resolution).
    pub fn update(
        &mut self,
        gpu: &crate::render::Gpu,
        renderer: &mut Renderer,
        scene: &Scene,
        shown: Shown,
    ) -> Update {
        let now = Instant::now();
        let moved = self.drawn.is_some_and(|d| d.camera != shown.camera);
        if moved {
            self.last_moved = now;
        }
        let settling = now.duration_since(self.last_moved) < SETTLE;
        let same = self.drawn == Some(shown);
        let scale = if settling && (moved || self.scale < 1.0) {
            self.moving_scale()
        } else {
            1.0
        };
        let wake_at = (scale < 1.0).then(|| self.last_moved + SETTLE);
        if same && scale == self.scale && !self.always {
            return Update {
                stats: None,
                wake_at,
            };
        }
        let [w, h] = shown.size;
        let size = [
            ((w as f32 * scale).round() as u32).max(1),
            ((h as f32 * scale).round() as u32).max(1),
        ];
        if self
            .picture
            .as_ref()
            .is_none_or(|p| [p.width, p.height] != size)
        {
            self.picture = Some(self.blit.picture(&gpu.device, size[0], size[1]));
        }
        let Some(picture) = &self.picture else {
            unreachable!("made above")
        };
        let started = Instant::now();
        let stats = renderer.draw(
            &gpu.device,
            &gpu.queue,
            &picture.target(),
            scene,
            &shown.camera,
            &shown.options,
        );
        // Wait for the picture, so its cost is known (the window waits for
        // it anyway before showing it).
        let _ = gpu.device.poll(wgpu::PollType::wait_indefinitely());
        self.last_ms = started.elapsed().as_secs_f32() * 1000.0;
        self.scale = scale;
        self.drawn = Some(shown);
        Update {
            stats: Some(stats),
            wake_at,
        }
    }

    /// The scale to draw at while moving: the last draw's time, scaled by
    /// the pixels, kept within the budget.
    fn moving_scale(&self) -> f32 {
        if self.last_ms <= MOVING_BUDGET_MS && self.scale >= 1.0 {
            return 1.0;
        }
        // Time grows with the pixels drawn: scale^2.
        let full_ms = self.last_ms / (self.scale * self.scale);
        (MOVING_BUDGET_MS / full_ms).sqrt().clamp(MIN_SCALE, 1.0)
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
