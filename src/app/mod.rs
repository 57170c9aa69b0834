//! The desktop viewer: a winit window drawing the map with the shared
//! renderer, an egui overlay on top, loading on a background thread.
//!
//! The window's graphics are in `gfx`, its event handling in `events`, the
//! overlay in `ui`; the camera modes in `camera_mode` (with `fly` and `orbit`
//! holding their input logic), screenshots in `capture` and `screenshot`,
//! file choosing in `dialogs`, `browser` and `browser_window`.

pub mod browser;
mod browser_window;
mod camera_mode;
mod capture;
mod dialogs;
mod events;
pub mod fly;
mod gfx;
mod loaded;
pub mod loader;
pub mod orbit;
pub mod pick;
mod recent;
pub mod screenshot;
mod scripted;
mod shot_window;
mod ui;

use crate::formats::LoadOptions;
use crate::render::{labels, RenderOptions, Scene, Target};
use crate::store::Map;
use anyhow::{Context, Result};
use browser_window::{Answer, BrowserWindow, Purpose};
use camera_mode::CameraMode;
use fly::{Fly, Held};
use gfx::{paint_egui, Gfx};
use loader::{Load, Source};
use scripted::frame_report;
pub use scripted::StartWith;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use ui::{Actions, Panels, Toast};
use winit::event_loop::{ActiveEventLoop, EventLoop};

/// How the viewer was started.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub file: Option<PathBuf>,
    pub load: LoadOptions,
    /// Scripted mode: save the first frame after loading here, then exit.
    pub screenshot: Option<PathBuf>,
    pub size: Option<[u32; 2]>,
    /// What to show from the start (for scripted pictures of the UI).
    pub start: StartWith,
    /// Scripted mode: draw this many frames after loading before the
    /// picture, and print their times.
    pub measure_frames: u32,
}

/// Opens the window and runs until it closes. In scripted mode, returns an
/// error when the map fails to load.
pub fn run(options: Options) -> Result<()> {
    let event_loop = EventLoop::new().context("cannot open a window (is there a display?)")?;
    let mut app = App::new(options);
    event_loop.run_app(&mut app)?;
    match app.exit_error {
        Some(e) => Err(anyhow::anyhow!(e)),
        None => Ok(()),
    }
}

struct Current {
    map: Arc<Map>,
    name: String,
    scene: Scene,
    summary: String,
    timings: String,
}

struct App {
    options: Options,
    gfx: Option<Gfx>,
    current: Option<Current>,
    load: Option<Load>,
    generation: u64,
    /// The camera drawn, whatever the mode; flown directly in fly mode.
    fly: Fly,
    mode: CameraMode,
    held: Held,
    modifiers: winit::keyboard::ModifiersState,
    /// A mouse button is held to look (fly) or orbit.
    looking: bool,
    last_frame: Instant,
    frame_ms: f32,
    stats: crate::render::DrawStats,
    message: Option<String>,
    toast: Option<Toast>,
    render_options: RenderOptions,
    panels: Panels,
    exit_error: Option<String>,
    /// The W3E flag overlays switched on.
    overlays: crate::mesh::terrain::Overlays,
    /// The cursor in window pixels, and whether it moved since the last pick.
    cursor: Option<(f32, f32)>,
    cursor_moved: bool,
    picked: Option<pick::Picked>,
    inspector: Vec<String>,
    /// Frames drawn since the current map arrived (egui settles its layout
    /// and font atlas over the first few).
    frames_since_load: u32,
    /// A native file dialog, when one is open.
    dialog: Option<dialogs::Pending>,
    /// The in-app file browser, when it is open.
    browser: Option<BrowserWindow>,
    shot_settings: screenshot::Settings,
    show_shot_settings: bool,
    /// Scripted mode: the frames measured so far, in milliseconds: from
    /// one frame's start to the next, and each frame's own work.
    frame_times: Vec<f32>,
    frame_work: Vec<f32>,
}

impl App {
    fn new(options: Options) -> App {
        App {
            fly: Fly::new(crate::render::Camera::perspective(
                glam::Vec3::ZERO,
                0.0,
                -30.0,
                60.0,
            )),
            mode: CameraMode::Fly,
            held: Held::default(),
            modifiers: Default::default(),
            looking: false,
            last_frame: Instant::now(),
            frame_ms: 0.0,
            stats: Default::default(),
            message: None,
            toast: None,
            render_options: RenderOptions::default(),
            panels: Panels {
                info: true,
                help: false,
                labels: true,
                indestructible: false,
            },
            exit_error: None,
            dialog: None,
            browser: None,
            frames_since_load: 0,
            overlays: Default::default(),
            cursor: None,
            cursor_moved: false,
            picked: None,
            inspector: Vec::new(),
            shot_settings: capture::saved_settings(),
            show_shot_settings: options.start.screenshot_settings,
            frame_times: Vec::new(),
            frame_work: Vec::new(),
            gfx: None,
            current: None,
            load: None,
            generation: 0,
            options,
        }
    }

    fn open(&mut self, source: Source) {
        self.generation += 1;
        self.load = Some(loader::start(
            source,
            self.options.load.clone(),
            self.generation,
        ));
    }

    fn frame(&mut self, event_loop: &ActiveEventLoop) {
        self.poll_load();
        let started = Instant::now();
        let elapsed = self.last_frame.elapsed().as_secs_f32();
        self.last_frame = started;
        // A stall (a load, a dialog) must not throw the camera far.
        let dt = elapsed.min(0.1);
        self.step_camera(dt);
        // Scripted mode: a frame shortly after loading is the picture.
        self.frames_since_load = self.frames_since_load.saturating_add(1);
        let settled = self.current.is_some() && self.load.is_none() && self.frames_since_load > 3;
        if settled && self.options.screenshot.is_some() {
            self.frame_times.push(elapsed * 1000.0);
        }
        if settled && std::mem::take(&mut self.options.start.f12) {
            self.take_screenshot();
        }
        let measured = self.frame_times.len() > self.options.measure_frames as usize;
        if settled && measured {
            if self.options.measure_frames > 0 {
                println!("between frames: {}", frame_report(&self.frame_times[1..]));
                println!("frame work: {}", frame_report(&self.frame_work));
            }
            if let Some(path) = self.options.screenshot.take() {
                let size = self.options.size.unwrap_or_else(|| {
                    self.gfx
                        .as_ref()
                        .map_or([1280, 720], |g| [g.config.width, g.config.height])
                });
                match self.screenshot(&path, size, true) {
                    Ok(()) => println!("wrote {}", path.display()),
                    Err(e) => self.exit_error = Some(format!("mapscope: {e:#}")),
                }
                event_loop.exit();
                return;
            }
        }
        if self.exit_error.is_some() {
            event_loop.exit();
            return;
        }
        if self.options.screenshot.is_some() && self.cursor.is_none() {
            // Scripted pictures show the inspector for the middle of the view.
            if let Some(g) = &self.gfx {
                self.cursor = Some((g.config.width as f32 / 2.0, g.config.height as f32 / 2.0));
                self.cursor_moved = true;
            }
        }
        self.update_pick();
        let Some(mut g) = self.gfx.take() else { return };
        let frame = match g.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(f)
            | wgpu::CurrentSurfaceTexture::Suboptimal(f) => f,
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                g.surface.configure(&g.gpu.device, &g.config);
                self.gfx = Some(g);
                return;
            }
            _ => {
                self.gfx = Some(g);
                return;
            }
        };
        let view = frame.texture.create_view(&Default::default());
        let target = Target {
            color: &view,
            depth: &g.depth,
            width: g.config.width,
            height: g.config.height,
        };
        let empty = Scene::default();
        let scene = self.current.as_ref().map_or(&empty, |c| &c.scene);
        self.render_options.labels = self.panels.labels;
        self.render_options.highlight_indestructible = self.panels.indestructible;
        self.stats = g.renderer.draw(
            &g.gpu.device,
            &g.gpu.queue,
            &target,
            scene,
            &self.fly.camera,
            &self.render_options,
        );
        let input = g.egui_state.take_egui_input(&g.window);
        let (out, actions) = self.overlay(&g, input);
        g.egui_state
            .handle_platform_output(&g.window, out.platform_output.clone());
        let size = (g.config.width, g.config.height);
        paint_egui(&mut g, out, &view, size, false);
        g.gpu.queue.present(frame);
        self.gfx = Some(g);
        // The status line's frame time: this frame's own work, drawing and
        // presenting (the time between frames includes waiting for input).
        let work_ms = started.elapsed().as_secs_f32() * 1000.0;
        self.frame_ms = if self.frame_ms == 0.0 {
            work_ms
        } else {
            self.frame_ms * 0.9 + work_ms * 0.1
        };
        if self.options.screenshot.is_some() && self.load.is_none() && self.frames_since_load > 3 {
            self.frame_work.push(work_ms);
        }
        self.act(actions, event_loop);
        if self.held.any() || self.load.is_some() || self.looking {
            if let Some(g) = &self.gfx {
                g.window.request_redraw();
            }
        }
    }

    /// Runs egui once: menus, panels, windows and the notice. Windows that
    /// answer (the browser, the screenshot settings) do so through the
    /// returned actions or directly on `self`.
    fn overlay(&mut self, g: &Gfx, input: egui::RawInput) -> (egui::FullOutput, Actions) {
        let mut actions = Actions {
            overlays: self.overlays,
            ..Default::default()
        };
        let loading = self.load.as_ref().map(|l| (l.source.name(), l.stage));
        let status = ui::Status {
            loading,
            message: &self.message,
            camera: self.describe_camera(),
        };
        let mode = self.mode.kind();
        let window = [g.config.width, g.config.height];
        let mut browser_answer = None;
        let mut asked = shot_window::Asked::default();
        let settings_before = self.shot_settings.clone();
        let out = g.egui_ctx.run_ui(input, |ui| {
            ui::menu(ui, &mut actions, &mut self.panels, mode);
            let map = self
                .current
                .as_ref()
                .map(|c| ui::MapView::of(c, &self.stats, self.frame_ms, &g.gpu, &self.inspector));
            if let (Some(c), true) = (&self.current, self.panels.labels) {
                // Behind the panels, over the 3D view; in points, as egui
                // lays out.
                let area = ui.ctx().content_rect();
                let (w, h) = (area.width().round() as u32, area.height().round() as u32);
                let labels = labels::project(&self.fly.camera, w, h, &c.scene.markers);
                labels::paint(
                    &ui.ctx().layer_painter(egui::LayerId::background()),
                    &labels,
                );
            }
            actions.spawn = ui::draw(ui, &status, map.as_ref(), self.panels);
            if let Some(b) = &mut self.browser {
                browser_answer = b.show(ui.ctx());
            }
            if self.show_shot_settings {
                asked = shot_window::show(
                    ui.ctx(),
                    &mut self.show_shot_settings,
                    &mut self.shot_settings,
                    window,
                );
            }
            if let Some(t) = self.toast.as_ref().filter(|t| t.alive()) {
                t.draw(ui.ctx());
            }
        });
        actions.screenshot |= asked.take_now;
        actions.choose_shot_folder = asked.choose_folder;
        actions.settings_changed = self.shot_settings != settings_before;
        actions.browser_answer = browser_answer;
        (out, actions)
    }

    fn act(&mut self, a: Actions, event_loop: &ActiveEventLoop) {
        if a.overlays != self.overlays {
            self.overlays = a.overlays;
            if let (Some(c), Some(g)) = (&mut self.current, &self.gfx) {
                if let Some(t) = c.map.terrain() {
                    let tints = crate::mesh::terrain::overlay_mesh(t, &self.overlays);
                    c.scene.set_overlay(&g.gpu.device, &tints);
                }
            }
        }
        if let Some(answer) = a.browser_answer {
            self.browser = None;
            match answer {
                Answer::Open(p) => self.open(Source::File(p)),
                Answer::Folder(p) => self.set_shot_folder(p),
                Answer::Cancel => {}
            }
        }
        if a.settings_changed {
            self.save_shot_settings();
        }
        if a.choose_shot_folder {
            self.choose_shot_folder();
        }
        if a.open {
            self.open_dialog();
        }
        if a.browse {
            self.browse(Purpose::OpenMap);
        }
        if a.screenshot_settings {
            self.show_shot_settings = true;
        }
        if let Some(i) = a.spawn {
            self.fly_to_spawn(i);
        }
        if let Some(kind) = a.mode {
            self.set_mode(kind, false);
        }
        if a.reload {
            self.reload();
        }
        if a.screenshot {
            self.take_screenshot();
        }
        if a.quit {
            event_loop.exit();
        }
    }

    fn reload(&mut self) {
        if let Some(c) = &self.current {
            let source = if c.name == "demo map" {
                Source::Demo
            } else {
                Source::File(PathBuf::from(&c.name))
            };
            self.open(source);
        }
    }

    fn update_pick(&mut self) {
        if !self.cursor_moved || self.looking {
            return;
        }
        let (Some(g), Some(c), Some((px, py))) = (&self.gfx, &mut self.current, self.cursor) else {
            return;
        };
        self.cursor_moved = false;
        // Scripted pictures are drawn at the asked size, whatever the window got.
        let (w, h) = match (&self.options.screenshot, self.options.size) {
            (Some(_), Some([w, h])) => (w as f32, h as f32),
            _ => (g.config.width as f32, g.config.height as f32),
        };
        let (px, py) = if self.options.screenshot.is_some() {
            (w / 2.0, h / 2.0)
        } else {
            (px, py)
        };
        let (origin, dir) = pick::ray(&self.fly.camera, px, py, w, h);
        let picked = pick::pick(&c.map, origin, dir);
        if picked == self.picked {
            return;
        }
        self.inspector = picked
            .as_ref()
            .map(|p| pick::describe(&c.map, p))
            .unwrap_or_default();
        let boxes: Vec<_> = picked
            .as_ref()
            .and_then(|p| pick::highlight(&c.map, p))
            .map(|(min, max)| crate::render::boxes::Box3 {
                min,
                max,
                color: [1.0, 1.0, 0.2, 0.35],
            })
            .into_iter()
            .collect();
        c.scene.set_highlight(&g.gpu.device, &boxes);
        self.picked = picked;
    }
}
