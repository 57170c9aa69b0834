//! Screenshots, all in one place: the 3D view drawn offscreen at the size
//! asked for (in the window's colour format, so the window's own renderers
//! draw it, the UI on top when asked), saved as a PNG that never replaces a
//! file; the settings (`settings`) and their window (`window`).

pub mod settings;
pub mod window;

use super::gfx::{paint_egui, Gfx};
use super::notice::Notice;
use super::App;
use crate::render::headless::write_png;
use crate::render::target::ReadBack;
use crate::render::{labels, Offscreen};
use anyhow::Result;
pub use settings::Settings;
use std::path::{Path, PathBuf};
pub use window::Asked;

/// The screenshot settings, and whether their window is open.
pub(super) struct Shots {
    pub settings: Settings,
    pub window_open: bool,
    /// Screenshots being read back and written: their notices to come.
    pub saving: Vec<std::sync::mpsc::Receiver<Notice>>,
}

impl Shots {
    /// The settings saved last time, or the defaults.
    pub fn new(window_open: bool) -> Shots {
        let settings = settings::settings_path()
            .map(|f| Settings::load(&f))
            .unwrap_or_default();
        Shots {
            settings,
            window_open,
            saving: Vec::new(),
        }
    }
}

impl App {
    /// Draws the view into a `w x h` picture and writes it to `path`, which
    /// must not exist yet, waiting for both (scripted pictures).
    pub(super) fn screenshot(&mut self, path: &Path, size: [u32; 2], with_ui: bool) -> Result<()> {
        let (read, device) = self.draw_shot(size, with_ui)?;
        let rgba = read.finish(&device)?;
        write_png(path, &rgba, size[0], size[1], false)
    }

    /// Draws the view into a `w x h` picture and starts reading it back.
    fn draw_shot(&mut self, size: [u32; 2], with_ui: bool) -> Result<(ReadBack, wgpu::Device)> {
        // Taken out while drawing, so the overlay can borrow the rest of self.
        let Some(mut g) = self.gfx.take() else {
            anyhow::bail!("no window");
        };
        let result = self.draw_picture(&mut g, size, with_ui);
        let device = g.gpu.device.clone();
        self.gfx = Some(g);
        Ok((result?, device))
    }

    fn draw_picture(&mut self, g: &mut Gfx, [w, h]: [u32; 2], with_ui: bool) -> Result<ReadBack> {
        // With the UI, a picture of the error screen may be taken too.
        if self.current.is_none() && !with_ui {
            anyhow::bail!("no map is open");
        }
        let format = g.config.format;
        // Refused with the limit named, before wgpu would panic on it.
        crate::render::limits::check(&g.gpu.device.limits(), w, h)?;
        let target = Offscreen::with_format(&g.gpu.device, w, h, format);
        // The pointer's highlight belongs to the window, not the picture.
        let mut options = crate::render::RenderOptions {
            show_highlight: false,
            ..self.drawn_options()
        };
        // `--start-with moving`: what the moving view showed.
        if let Some((lod, face_budget)) = g.view3d.reduced().filter(|_| self.start.moving) {
            options.lod = lod;
            options.face_budget = face_budget;
        }
        if with_ui {
            // The UI as the window lays it out, scaled with the picture, the
            // 3D view in what its panels leave; dialogs and notices left out.
            let scale = (w as f32 / g.config.width as f32).min(h as f32 / g.config.height as f32);
            let ppp = g.egui_ctx.pixels_per_point() * scale;
            let mut input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(w as f32 / ppp, h as f32 / ppp),
                )),
                ..Default::default()
            };
            input
                .viewports
                .entry(egui::ViewportId::ROOT)
                .or_default()
                .native_pixels_per_point = Some(ppp / g.egui_ctx.zoom_factor());
            let (out, _ignored, rect) = self.overlay(g, input, true);
            let rect = rect.map_or([0, 0, w, h], |r| {
                super::view3d::pixel_rect(r * out.pixels_per_point, [w, h])
            });
            let empty = crate::render::Scene::default();
            let scene = self
                .current
                .as_ref()
                .map_or(&empty, |c| c.drawn(&self.mode));
            let blit = g.view3d.blit();
            let view = blit.picture(&g.gpu.device, rect[2], rect[3]);
            let (device, queue) = (&g.gpu.device, &g.gpu.queue);
            let camera = &self.fly.camera;
            g.renderer
                .draw(device, queue, &view.frame.target(), scene, camera, &options);
            let fill = g.egui_ctx.global_style().visuals.panel_fill;
            let fill = [fill.r(), fill.g(), fill.b()].map(|c| c as f64 / 255.0);
            blit.copy(device, queue, &view, &target.color_view, rect, fill);
            paint_egui(g, out, &target.color_view, (w, h));
        } else if let Some(c) = &self.current {
            g.renderer.draw(
                &g.gpu.device,
                &g.gpu.queue,
                &target.target(),
                c.drawn(&self.mode),
                &self.fly.camera,
                &options,
            );
            if self.render_options.labels {
                let labels = labels::project(&self.fly.camera, w, h, &c.scene.markers);
                let (device, queue) = (&g.gpu.device, &g.gpu.queue);
                let view = &target.color_view;
                labels::paint_offscreen(device, queue, view, format, (w, h), (&labels, &[]));
            }
        }
        Ok(target.start_read(&g.gpu.device, &g.gpu.queue))
    }

    /// A picture's size "as seen": the whole window with the UI, else the
    /// 3D view alone.
    pub(super) fn seen_size(&self, g: &super::Gfx) -> [u32; 2] {
        let [_, _, vw, vh] = self.viewport(g);
        if self.shots.settings.with_ui {
            [g.config.width, g.config.height]
        } else {
            [vw, vh]
        }
    }

    /// F12, the toolbar button, the menu: a picture as the settings say, in
    /// their folder, named from the map and the time; a notice says where.
    pub(super) fn take_screenshot(&mut self) {
        let (Some(c), Some(g)) = (&self.current, &self.gfx) else {
            return;
        };
        let s = &self.shots.settings;
        let size = s.picture_size(self.seen_size(g));
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let name = settings::stem_file_name(&c.picture_stem(), secs);
        let folder = std::path::absolute(&s.folder).unwrap_or_else(|_| s.folder.clone());
        let path = settings::unique_path(&folder, &name);
        let with_ui = s.with_ui;
        let (read, device) = match self.draw_shot(size, with_ui) {
            Ok(drawn) => drawn,
            Err(e) => {
                self.notice = Some(Notice::error(format!("Screenshot failed: {e:#}")));
                return;
            }
        };
        // Reading back (up to 8192 x 8192) and encoding the PNG happen on a
        // thread of their own; the window goes on meanwhile.
        self.notice = Some(Notice::info(format!("Saving {}…", path.display())));
        let (tx, rx) = std::sync::mpsc::channel();
        let wake = self.wake.clone();
        std::thread::spawn(move || {
            let saved = read
                .finish(&device)
                .map_err(anyhow::Error::from)
                .and_then(|rgba| write_png(&path, &rgba, size[0], size[1], false));
            let _ = tx.send(match saved {
                Ok(()) => Notice::info(format!("Screenshot saved: {}", path.display())),
                Err(e) => Notice::error(format!("Screenshot failed: {e:#}")),
            });
            wake.wake();
        });
        self.shots.saving.push(rx);
    }

    /// Waits for the screenshots being written (a script ending), showing
    /// the last one's notice.
    pub(super) fn wait_for_shots(&mut self) {
        for rx in std::mem::take(&mut self.shots.saving) {
            if let Ok(n) = rx.recv() {
                self.notice = Some(n);
            }
        }
    }

    /// Shows the notice of each screenshot saved since the last look.
    pub(super) fn poll_shots(&mut self) {
        let mut done = Vec::new();
        self.shots.saving.retain(|rx| match rx.try_recv() {
            Ok(n) => {
                done.push(n);
                false
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => true,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => false,
        });
        if let Some(n) = done.pop() {
            self.notice = Some(n);
            if let Some(g) = &self.gfx {
                g.window.request_redraw();
            }
        }
    }

    pub(super) fn set_shot_folder(&mut self, folder: PathBuf) {
        self.shots.settings.folder = folder;
        self.save_shot_settings();
    }

    /// Keeps the settings for the next run; failing to is only a notice.
    pub(super) fn save_shot_settings(&mut self) {
        let Some(file) = settings::settings_path() else {
            return;
        };
        if let Err(e) = self.shots.settings.save(&file) {
            self.notice = Some(Notice::error(format!(
                "could not save the screenshot settings to {}: {e}",
                file.display()
            )));
        }
    }
}
