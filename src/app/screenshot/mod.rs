//! Screenshots, all in one place: the 3D view drawn offscreen at the size
//! asked for (in the window's colour format, so the window's own renderers
//! draw it, the UI on top when asked), saved as a PNG that never replaces a
//! file; the settings (`settings`) and their window (`window`).

pub mod settings;
pub mod window;

use super::gfx::{paint_egui, Gfx};
use super::ui::Toast;
use super::App;
use crate::render::headless::write_png;
use crate::render::{labels, Offscreen};
use anyhow::Result;
pub use settings::Settings;
use std::path::{Path, PathBuf};
pub use window::Asked;

/// The screenshot settings, and whether their window is open.
pub(super) struct Shots {
    pub settings: Settings,
    pub window_open: bool,
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
        }
    }
}

impl App {
    /// Draws the view into a `w x h` picture and writes it to `path`, which
    /// must not exist yet.
    pub(super) fn screenshot(&mut self, path: &Path, size: [u32; 2], with_ui: bool) -> Result<()> {
        // Taken out while drawing, so the overlay can borrow the rest of self.
        let Some(mut g) = self.gfx.take() else {
            anyhow::bail!("no window");
        };
        let result = self.draw_picture(&mut g, path, size, with_ui);
        self.gfx = Some(g);
        result
    }

    fn draw_picture(
        &mut self,
        g: &mut Gfx,
        path: &Path,
        [w, h]: [u32; 2],
        with_ui: bool,
    ) -> Result<()> {
        let Some(c) = &self.current else {
            anyhow::bail!("no map is open");
        };
        let format = g.config.format;
        let target = Offscreen::with_format(&g.gpu.device, w, h, format);
        g.renderer.draw(
            &g.gpu.device,
            &g.gpu.queue,
            &target.target(),
            &c.scene,
            &self.fly.camera,
            &self.drawn_options(),
        );
        if with_ui {
            let mut input = g.egui_state.take_egui_input(&g.window);
            // Lay the UI out for the picture, not the window.
            let ppp = g.egui_ctx.pixels_per_point();
            input.screen_rect = Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(w as f32 / ppp, h as f32 / ppp),
            ));
            let (out, _ignored) = self.overlay(g, input);
            paint_egui(g, out, &target.color_view, (w, h));
        } else if self.render_options.labels {
            let labels = labels::project(&self.fly.camera, w, h, &c.scene.markers);
            let (device, queue) = (&g.gpu.device, &g.gpu.queue);
            let view = &target.color_view;
            labels::paint_offscreen(device, queue, view, format, (w, h), &labels);
        }
        let rgba = target.read_rgba(&g.gpu.device, &g.gpu.queue);
        write_png(path, &rgba, w, h, false)
    }

    /// F12, the toolbar button, the menu: a picture as the settings say, in
    /// their folder, named from the map and the time; a notice says where.
    pub(super) fn take_screenshot(&mut self) {
        let (Some(c), Some(g)) = (&self.current, &self.gfx) else {
            return;
        };
        let s = &self.shots.settings;
        let size = s.picture_size([g.config.width, g.config.height]);
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let name = settings::file_name(&c.name(), secs);
        let folder = std::path::absolute(&s.folder).unwrap_or_else(|_| s.folder.clone());
        let path = settings::unique_path(&folder, &name);
        let with_ui = s.with_ui;
        let text = match self.screenshot(&path, size, with_ui) {
            Ok(()) => format!("Screenshot saved: {}", path.display()),
            Err(e) => format!("Screenshot failed: {e:#}"),
        };
        self.message = Some(text.clone());
        self.toast = Some(Toast::new(text));
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
            self.message = Some(format!(
                "could not save the screenshot settings to {}: {e}",
                file.display()
            ));
        }
    }
}
