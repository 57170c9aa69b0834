//! One frame of the window: the load's news, the camera's step, the
//! scripted run's turn, picking, then the 3D view and the overlay drawn
//! and presented; and what the overlay's buttons asked for.

use super::browser_window::{Answer, Purpose};
use super::gfx::paint_egui;
use super::loader::Source;
use super::ui::{self, Actions};
use super::view3d;
use super::{screenshot, App, Gfx};
use crate::kinds::views;
use crate::render::{labels, Scene};
use std::time::{Duration, Instant};
use winit::event_loop::ActiveEventLoop;

impl App {
    /// One frame: the camera steps, a script has its turn, the pick
    /// follows the pointer, the window is drawn, the frame is timed, and
    /// what the user asked of the overlay is done.
    pub(super) fn frame(&mut self, event_loop: &ActiveEventLoop) {
        self.poll_load();
        self.poll_coarse();
        self.poll_compare();
        self.poll_analysis();
        let started = Instant::now();
        let elapsed = self.clock.last_frame.elapsed().as_secs_f32();
        self.clock.last_frame = started;
        // A stall (a load, a dialog) must not throw the camera far.
        let dt = elapsed.min(0.1);
        self.step_camera(dt);
        self.clock.since_load = self.clock.since_load.saturating_add(1);
        // A comparison asked for on the command line is part of the load.
        let comparing = self.compare_load.is_some() || self.compare_first.is_some();
        // A script measures and pictures the map with its coarse levels.
        let settled = self.current.as_ref().is_some_and(|c| c.coarse.is_none())
            && self.load.is_none()
            && !comparing
            && !self.analysis.busy()
            && self.clock.since_load > 3;
        if self.script_turn(event_loop, settled, elapsed) {
            return;
        }
        if self.start.spin {
            self.spin(dt);
        }
        if let Some(game) = &mut self.game {
            game.advance(elapsed.min(1.0));
        }
        self.update_pick();
        let Some(mut g) = self.gfx.take() else { return };
        let drawn = self.draw_window(&mut g);
        self.gfx = Some(g);
        let Some((actions, scale)) = drawn else {
            return;
        };
        self.time_frame(started, settled, scale);
        self.act(actions, event_loop);
        let playing = self.game.as_ref().is_some_and(|g| g.playing);
        if self.input.held.any()
            || self.load.is_some()
            || self.input.looking
            || self.walk_busy()
            || playing
        {
            if let Some(g) = &self.gfx {
                g.window.request_redraw();
            }
        }
    }

    /// `--start-with spin`: circles the map's centre at 30 degrees a
    /// second, looking the same way relative to it, so the map stays in
    /// view while the camera moves.
    fn spin(&mut self, dt: f32) {
        let Some(c) = &self.current else { return };
        if self.walk.is_some() {
            // A player turns where it stands.
            self.fly.camera.yaw_deg += 30.0 * dt;
            return;
        }
        let e = views::extent(&c.map);
        let centre = glam::Vec2::new(e.width / 2.0, e.length / 2.0);
        self.fly.camera = self.fly.camera.circled(centre, 30.0 * dt);
    }

    /// Runs egui once: menus, panels, windows and the notice. Windows that
    /// answer (the browser, the screenshot settings) do so through the
    /// returned actions or directly on `self`. A `picture` (a screenshot
    /// with the UI) leaves out dialogs and notices. Also returns the 3D
    /// view's rectangle, in points: what the panels leave.
    pub(super) fn overlay(
        &mut self,
        g: &Gfx,
        input: egui::RawInput,
        picture: bool,
    ) -> (egui::FullOutput, Actions, Option<egui::Rect>) {
        let mut actions = Actions {
            overlays: self.overlays,
            ..Default::default()
        };
        let status = self.status();
        let seen = self.seen_size(g);
        let mut asked = screenshot::Asked::default();
        let mut view_rect = None;
        let mut chosen = None;
        let settings_before = self.shots.settings.clone();
        let out = g.egui_ctx.run_ui(input, |ui| {
            let area = self.panels_ui(ui, g, &status, &mut actions);
            view_rect = Some(area);
            chosen = self.over_view(ui, area);
            if !picture {
                asked = self.dialogs(ui.ctx(), area, seen, &mut actions);
            }
        });
        actions.screenshot |= asked.take_now;
        actions.choose_shot_folder = asked.choose_folder;
        actions.settings_changed = self.shots.settings != settings_before;
        if let Some(from) = chosen {
            self.measure_from(from);
        }
        (out, actions, view_rect)
    }

    /// The status line's contents: the load under way, the camera.
    fn status(&self) -> ui::Status {
        let loading = self
            .load
            .as_ref()
            .map(|l| (l.source.name(), l.stage))
            .or_else(|| {
                let c = self.compare_load.as_ref()?;
                Some((c.source.name(), "load and compare"))
            });
        ui::Status {
            loading,
            camera: self.describe_camera(),
        }
    }

    /// The menu bar, the status line, the side panels (or the error
    /// screen): what they leave is the 3D view, returned in points.
    fn panels_ui(
        &mut self,
        ui: &mut egui::Ui,
        g: &Gfx,
        status: &ui::Status,
        actions: &mut Actions,
    ) -> egui::Rect {
        let mode = ui::Showing {
            mode: self.mode.kind(),
            minimap: self.minimap_style(),
        };
        let applies = self.current.as_ref().map(|c| crate::kinds::applies(&c.map));
        ui::menu(ui, actions, &mut self.panels, mode, &self.recent, applies);
        let map = self.current.as_ref().map(|c| {
            let (stats, ms) = (&self.clock.stats, self.clock.frame_ms);
            let scale = g.view3d.scale();
            let inspector = super::ui::Inspector {
                pinned: self.pointer.pinned.as_ref().map(|p| p.lines.as_slice()),
                hover: &self.pointer.lines,
            };
            ui::MapView::of(c, stats, ms, scale, &g.gpu, inspector)
        });
        let changes = self.comparing.as_ref().map(|k| k.view());
        ui::draw(
            ui,
            status,
            map.as_ref(),
            changes.as_ref(),
            &mut self.panels,
            actions,
        );
        if let (None, None, Some(why)) = (&self.current, &self.load, &self.failed) {
            ui::error_screen(ui, why, actions);
        }
        ui.available_rect_before_wrap()
    }

    /// What is drawn over the 3D view (`area`, in points): labels, the key
    /// list and first hint, the legends, the Analysis window and the walk
    /// HUD. The start location chosen in the Analysis window, when it
    /// changes.
    fn over_view(&mut self, ui: &mut egui::Ui, area: egui::Rect) -> Option<Option<u32>> {
        if let (Some(c), true) = (&self.current, self.panels.labels) {
            // Over the 3D view only, in points, as egui lays out.
            let (w, h) = (area.width().round() as u32, area.height().round() as u32);
            let mut labels = labels::project(&self.fly.camera, w, h, &c.scene.markers);
            for l in &mut labels {
                l.pos = [l.pos[0] + area.min.x, l.pos[1] + area.min.y];
            }
            let painter = ui.ctx().layer_painter(egui::LayerId::background());
            labels::paint(&painter.with_clip_rect(area), &labels);
        }
        if self.panels.help {
            ui::keys(ui.ctx(), &mut self.panels.help, area);
        }
        if self.panels.hint {
            ui::hint(ui.ctx(), area);
        }
        let layers = self
            .current
            .as_ref()
            .filter(|_| self.overlays.layers)
            .and_then(|c| crate::kinds::of(&c.map).layer_range());
        super::ui::legend::legend(ui.ctx(), self.overlays, layers, area);
        let chosen = self.analysis_ui(ui.ctx(), area);
        if let Some(s) = &self.season {
            let painter = ui.ctx().layer_painter(egui::LayerId::background());
            super::season_view::marks(&painter.with_clip_rect(area), &self.fly.camera, area, s);
            super::season_view::window(ui.ctx(), s, area);
        }
        if let Some(s) = &self.season {
            let painter = ui.ctx().layer_painter(egui::LayerId::background());
            super::season_view::marks(&painter.with_clip_rect(area), &self.fly.camera, area, s);
            super::season_view::window(ui.ctx(), s, area);
        }
        if let Some(game) = &mut self.game {
            let painter = ui.ctx().layer_painter(egui::LayerId::background());
            super::game_window::marks(&painter.with_clip_rect(area), &self.fly.camera, area, game);
            super::game_window::timeline(ui.ctx(), game, area);
            super::game_window::window(ui.ctx(), game, area);
        }
        if let Some(lines) = self.walk_hud() {
            super::walk_mode::hud(ui.ctx(), &lines, area);
            let painter = ui.ctx().layer_painter(egui::LayerId::background());
            let marker = self.walk_marker();
            super::walk_mode::marks(
                &painter.with_clip_rect(area),
                &self.fly.camera,
                area,
                marker,
            );
        }
        chosen
    }

    /// The windows that answer (the browser, the export form, the
    /// screenshot settings) and the notice, which none of them hides; their
    /// answers go into `actions`, the screenshot settings' are returned.
    fn dialogs(
        &mut self,
        ctx: &egui::Context,
        area: egui::Rect,
        seen: [u32; 2],
        actions: &mut Actions,
    ) -> screenshot::Asked {
        if let Some(b) = &mut self.browser {
            actions.browser_answer = b.show(ctx);
        }
        if let Some(form) = &mut self.export_form {
            actions.export_asked = form.show(ctx);
        }
        let mut asked = screenshot::Asked::default();
        if self.shots.window_open {
            asked = screenshot::window::show(
                ctx,
                &mut self.shots.window_open,
                &mut self.shots.settings,
                seen,
            );
        }
        if let Some(n) = self.notice.as_ref().filter(|n| n.alive()) {
            if n.draw(ctx, area, &dialog_rects(ctx)) {
                actions.dismiss_notice = true;
            }
        }
        asked
    }

    /// A scripted run's part of the frame: its F12, its end once measured,
    /// the error screen's picture, the pointer in the middle of the view.
    /// True when the run is over.
    fn script_turn(&mut self, event_loop: &ActiveEventLoop, settled: bool, elapsed: f32) -> bool {
        if settled {
            if let Some(s) = &mut self.script {
                s.between.push(elapsed * 1000.0);
            }
        }
        if settled && std::mem::take(&mut self.start.f12) {
            self.take_screenshot();
        }
        if settled && self.script.as_ref().is_some_and(|s| s.measured()) {
            // A scripted F12's picture is written before the script's own.
            self.wait_for_shots();
            self.finish_script();
            event_loop.exit();
            return true;
        }
        if self.exit_error.is_some() {
            // A scripted run whose map failed draws the error screen a few
            // frames (egui settles its layout), saves it, and exits.
            let failed = self.failed.is_some();
            let showing = failed
                && self.script.as_mut().is_some_and(|s| {
                    s.failure_frames += 1;
                    s.failure_frames <= 3
                });
            if !showing {
                if failed {
                    self.finish_script();
                }
                event_loop.exit();
                return true;
            }
        }
        if self.script.is_some() && self.pointer.cursor.is_none() {
            if let Some(g) = &self.gfx {
                let [x, y, w, h] = self.viewport(g).map(|v| v as f32);
                self.pointer.cursor = Some((x + w / 2.0, y + h / 2.0));
                self.pointer.moved = true;
            }
        }
        false
    }

    /// Lays out the overlay, brings the 3D picture up to date, draws both
    /// into the window and presents it. What the overlay asked for, and the
    /// 3D picture's scale; `None` when the window could not be drawn.
    fn draw_window(&mut self, g: &mut Gfx) -> Option<(Actions, f32)> {
        let frame = match g.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(f)
            | wgpu::CurrentSurfaceTexture::Suboptimal(f) => f,
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                g.surface.configure(&g.gpu.device, &g.config);
                return None;
            }
            _ => return None,
        };
        let view = frame.texture.create_view(&Default::default());
        self.render_options.labels = self.panels.labels;
        self.render_options.highlight_indestructible = self.panels.indestructible;
        self.render_options.objects = self.panels.objects;
        // A comparison's marks take the spawn areas' place, always shown.
        self.render_options.show_spawns = self.panels.spawn_areas || self.comparing.is_some();
        self.render_options.dim = match &self.comparing {
            Some(k) if k.dim => 0.55,
            _ => 0.0,
        };
        // The overlay first: its panels decide the 3D view's rectangle.
        let input = g.egui_state.take_egui_input(&g.window);
        let (out, actions, view_rect) = self.overlay(g, input, false);
        if view_rect.is_some() {
            self.pointer.view_rect = view_rect;
        }
        let rect = self.viewport(g);
        let shown = view3d::Shown {
            camera: self.fly.camera,
            options: self.drawn_options(),
            scene: self.scene_edits,
            size: [rect[2], rect[3]],
        };
        let empty = Scene::default();
        let scene = self
            .current
            .as_ref()
            .map_or(&empty, |c| c.drawn(&self.mode));
        let update = g.view3d.update(&g.gpu, &mut g.renderer, scene, shown);
        if let Some(stats) = update.stats {
            self.clock.stats = stats;
            // The status line was laid out before this picture was drawn:
            // one more frame (egui only) shows its figures and quality.
            g.window.request_redraw();
        }
        let g_scale = g.view3d.scale();
        let background = g.egui_ctx.global_style().visuals.panel_fill;
        let background = [background.r(), background.g(), background.b()].map(|c| c as f64 / 255.0);
        g.view3d.show(&g.gpu, &view, rect, background);
        // egui says when it must be drawn again: at once (a menu opening
        // takes two passes), after a delay (a tooltip), or not at all.
        let repaint = out
            .viewport_output
            .get(&egui::ViewportId::ROOT)
            .map_or(Duration::MAX, |v| v.repaint_delay);
        g.egui_state
            .handle_platform_output(&g.window, out.platform_output.clone());
        let size = (g.config.width, g.config.height);
        paint_egui(g, out, &view, size);
        g.gpu.queue.present(frame);
        if repaint.is_zero() {
            g.window.request_redraw();
        } else if let Some(at) = Instant::now().checked_add(repaint) {
            self.repaint_at = Some(at);
        }
        // A click is answered on the second frame after it (egui opens a
        // menu in two passes): then its answer is on screen.
        if let Some((at, frames)) = &mut self.clock.input_at {
            *frames += 1;
            if *frames == 2 {
                if let Some(s) = &mut self.script {
                    s.latency.push(at.elapsed().as_secs_f32() * 1000.0);
                }
                self.clock.input_at = None;
            }
        }
        if let Some(at) = update.wake_at {
            self.repaint_at = Some(self.repaint_at.map_or(at, |r| r.min(at)));
        }
        Some((actions, g_scale))
    }

    /// The frame's own time, for the status line and a script's figures.
    fn time_frame(&mut self, started: Instant, settled: bool, scale: f32) {
        // The status line's frame time: this frame's own work, drawing and
        // presenting (the time between frames includes waiting for input).
        let work_ms = started.elapsed().as_secs_f32() * 1000.0;
        self.clock.frame_ms = if self.clock.frame_ms == 0.0 {
            work_ms
        } else {
            self.clock.frame_ms * 0.9 + work_ms * 0.1
        };
        if settled {
            if let Some(s) = &mut self.script {
                s.work.push(work_ms);
                s.scales.push(scale);
                s.left_out += u32::from(self.clock.stats.chunks_left_out > 0);
            }
        }
    }

    /// Does what the overlay asked for this frame.
    fn act(&mut self, mut a: Actions, event_loop: &ActiveEventLoop) {
        self.take_answers(&mut a);
        if a.choose_shot_folder {
            self.choose_shot_folder();
        }
        if a.open {
            self.open_dialog();
        }
        if a.open_folder {
            self.open_folder_dialog();
        }
        if a.browse {
            self.browse(Purpose::OpenMap);
        }
        if a.screenshot_settings {
            self.shots.window_open = true;
        }
        if a.dismiss_notice {
            self.notice = None;
        }
        if let Some(p) = a.open_recent {
            self.open(Source::at(p));
        }
        if a.open_demo {
            self.open(Source::Demo);
        }
        if a.file_camera {
            self.file_camera();
        }
        if let Some(i) = a.spawn {
            self.fly_to_spawn(i);
        }
        if let Some(i) = a.change {
            self.fly_to_change(i);
        }
        if a.flip {
            self.flip_compare();
        }
        if let (Some(dim), Some(k)) = (a.dim, &mut self.comparing) {
            k.dim = dim;
        }
        if a.compare {
            self.compare_dialog();
        }
        if let Some(kind) = a.mode {
            self.set_mode(kind, false);
        }
        if a.minimap {
            self.show_minimap();
        }
        if a.reload {
            self.reload();
        }
        if a.screenshot {
            self.take_screenshot();
        }
        if a.export {
            self.export_dialog();
        }
        if a.quit {
            event_loop.exit();
        }
    }

    /// The overlay's changed tile flags and the windows' answers (the
    /// export form, the browser, the screenshot and view settings).
    fn take_answers(&mut self, a: &mut Actions) {
        if a.overlays != self.overlays {
            self.overlays = a.overlays;
            if let (Some(c), Some(g)) = (&mut self.current, &self.gfx) {
                views::apply_overlays(&c.map, &mut c.scene, &g.gpu.device, &self.overlays);
                self.scene_edits += 1;
            }
        }
        match std::mem::take(&mut a.export_asked) {
            super::export_form::Asked::Nothing => {}
            super::export_form::Asked::Cancel => self.export_last = self.export_form.take(),
            super::export_form::Asked::Export(path) => {
                self.export_form = None;
                self.export_to_path(path);
            }
        }
        if let Some(answer) = a.browser_answer.take() {
            let comparing = self
                .browser
                .as_ref()
                .is_some_and(|b| b.purpose == Purpose::CompareWith);
            if let Some(b) = self.browser.take() {
                self.remember_folder(b.purpose, b.folder().to_path_buf());
            }
            match answer {
                Answer::Open(p) if comparing => self.start_compare(Source::at(p)),
                Answer::Open(p) => self.open(Source::at(p)),
                Answer::Folder(p) => self.set_shot_folder(p),
                Answer::Cancel => {}
            }
        }
        if a.settings_changed {
            self.save_shot_settings();
        }
        if a.view_prefs_changed {
            let prefs = super::view_prefs::ViewPrefs {
                spawn_areas: self.panels.spawn_areas,
                map_panel: self.panels.map_open,
                inspector_panel: self.panels.inspector_open,
            };
            if let Some(Err(e)) = super::view_prefs::path().map(|p| prefs.save(&p)) {
                self.notice = Some(super::notice::Notice::error(format!(
                    "could not remember the view settings: {e}"
                )));
            }
        }
    }
}

/// The rectangles of the windows open over the view (the browser, the
/// export and screenshot settings windows, the key list): what a notice
/// must not cover.
fn dialog_rects(ctx: &egui::Context) -> Vec<egui::Rect> {
    ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| l.order == egui::Order::Middle && m.areas().is_visible(l))
            .filter_map(|l| m.area_rect(l.id))
            .collect()
    })
}
