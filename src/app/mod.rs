//! The desktop viewer: a winit window drawing the map with the shared
//! renderer, an egui overlay on top, loading on a background thread.

pub mod fly;
pub mod loader;
pub mod pick;

use crate::formats::LoadOptions;
use crate::info;
use crate::render::headless::{upload_map, write_png};
use crate::render::target::depth_texture;
use crate::render::views::{self, View};
use crate::render::{Gpu, Offscreen, RenderOptions, Renderer, Scene, Target, COLOR_FORMAT};
use crate::store::Map;
use anyhow::{Context, Result};
use fly::{Fly, Held};
use loader::{Load, Progress, Source};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::event::{DeviceEvent, ElementState, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::{Window, WindowId};

/// How the viewer was started.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub file: Option<PathBuf>,
    pub load: LoadOptions,
    /// Scripted mode: save the first frame after loading here, then exit.
    pub screenshot: Option<PathBuf>,
    pub size: Option<[u32; 2]>,
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

struct Gfx {
    window: Arc<Window>,
    gpu: Gpu,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    depth: wgpu::TextureView,
    renderer: Renderer,
    /// Pipelines for screenshots, which are drawn into an RGBA texture.
    shot_renderer: Renderer,
    egui_ctx: egui::Context,
    egui_state: egui_winit::State,
    egui_renderer: egui_wgpu::Renderer,
    egui_shot_renderer: egui_wgpu::Renderer,
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
    fly: Fly,
    held: Held,
    looking: bool,
    last_frame: Instant,
    frame_ms: f32,
    stats: crate::render::DrawStats,
    message: Option<String>,
    render_options: RenderOptions,
    show_info: bool,
    show_help: bool,
    exit_error: Option<String>,
    /// The W3E flag overlays switched on.
    overlays: crate::mesh::terrain::Overlays,
    /// The flying camera while the top-down view is on.
    saved_fly: Option<Fly>,
    /// The cursor in window pixels, and whether it moved since the last pick.
    cursor: Option<(f32, f32)>,
    cursor_moved: bool,
    picked: Option<pick::Picked>,
    inspector: Vec<String>,
    /// Frames drawn since the current map arrived (egui settles its layout
    /// and font atlas over the first few).
    frames_since_load: u32,
    /// The file dialog's answer, when one is open.
    dialog: Option<std::sync::mpsc::Receiver<Option<PathBuf>>>,
}

impl App {
    fn new(options: Options) -> App {
        App {
            options,
            gfx: None,
            current: None,
            load: None,
            generation: 0,
            fly: Fly::new(crate::render::Camera::perspective(
                glam::Vec3::ZERO,
                0.0,
                -30.0,
                60.0,
            )),
            held: Held::default(),
            looking: false,
            last_frame: Instant::now(),
            frame_ms: 0.0,
            stats: Default::default(),
            message: None,
            render_options: RenderOptions::default(),
            show_info: true,
            show_help: false,
            exit_error: None,
            dialog: None,
            frames_since_load: 0,
            saved_fly: None,
            overlays: Default::default(),
            cursor: None,
            cursor_moved: false,
            picked: None,
            inspector: Vec::new(),
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

    fn reset_view(&mut self) {
        let (Some(c), Some(g)) = (&self.current, &self.gfx) else {
            return;
        };
        let aspect = g.config.width as f32 / g.config.height.max(1) as f32;
        if let Ok(camera) = views::camera_for(&c.map, View::Overview, aspect, 60.0) {
            let speed = self.fly.speed;
            self.fly = Fly::new(camera);
            self.fly.speed = speed;
        }
    }

    /// Takes what the loader thread has sent.
    fn poll_load(&mut self) {
        let Some(load) = &mut self.load else {
            return;
        };
        if let Err(std::sync::mpsc::TryRecvError::Disconnected) = load.rx.try_recv().map(|p| {
            // Put it back in front: handled in the loop below.
            load.pending = Some(p);
        }) {
            self.message = Some(format!(
                "could not open {}: the loader stopped",
                load.source.name()
            ));
            if self.options.screenshot.is_some() {
                self.exit_error = Some("mapscope: the loader stopped".into());
            }
            self.load = None;
            return;
        }
        while let Some(p) = load.pending.take().or_else(|| load.rx.try_recv().ok()) {
            match p {
                Progress::Stage(s) => load.stage = s,
                Progress::Failed(e) => {
                    // The map already open stays open.
                    self.message = Some(format!("could not open {}: {e}", load.source.name()));
                    if self.options.screenshot.is_some() {
                        self.exit_error = Some(format!("mapscope: {e}"));
                    }
                    self.load = None;
                    return;
                }
                Progress::Done(done) => {
                    let Some(g) = &self.gfx else { return };
                    let scene = upload_map(
                        &g.renderer,
                        &g.gpu.device,
                        &done.map,
                        &done.meshes,
                        self.render_options.show_spawns,
                    );
                    let timings = format!(
                        "decode {:.0} ms, mesh {:.0} ms, total {:.0} ms",
                        done.decode.as_secs_f64() * 1e3,
                        done.mesh.as_secs_f64() * 1e3,
                        load.started.elapsed().as_secs_f64() * 1e3
                    );
                    if let Source::File(p) = &done.source {
                        remember_recent(p);
                    }
                    self.current = Some(Current {
                        name: done.source.name(),
                        summary: info::summary_text(&done.map),
                        map: done.map,
                        scene,
                        timings,
                    });
                    self.message = None;
                    self.load = None;
                    self.frames_since_load = 0;
                    self.saved_fly = None;
                    // Overlays switched on stay on for the next W3E map.
                    if let Some(c) = &mut self.current {
                        if let Some(t) = c.map.terrain() {
                            let tints = crate::mesh::terrain::overlay_mesh(t, &self.overlays);
                            c.scene.set_overlay(&g.gpu.device, &tints);
                        }
                    }
                    self.reset_view();
                    return;
                }
            }
        }
    }

    fn screenshot(&mut self, path: Option<PathBuf>, with_ui: bool) -> Result<PathBuf> {
        let (Some(g), Some(c)) = (&mut self.gfx, &self.current) else {
            anyhow::bail!("no map is open");
        };
        let (w, h) = self
            .options
            .size
            .map_or((g.config.width, g.config.height), |[w, h]| (w, h));
        let target = Offscreen::new(&g.gpu.device, w, h);
        g.shot_renderer.draw(
            &g.gpu.device,
            &g.gpu.queue,
            &target.target(),
            &c.scene,
            &self.fly.camera,
            &self.render_options,
        );
        if with_ui {
            let input = g.egui_state.take_egui_input(&g.window);
            let (mut info, mut help) = (self.show_info, false);
            let out = g.egui_ctx.run_ui(input, |ui| {
                menu(ui, &mut Actions::default(), &mut info, &mut help);
                let mut view = UiView::of(
                    &self.fly,
                    c,
                    &self.stats,
                    self.frame_ms,
                    &g.gpu,
                    None,
                    &None,
                    info,
                    help,
                );
                view.inspector = &self.inspector;
                draw_ui(ui, &view);
            });
            paint_egui(g, &mut true, out, &target.color_view, (w, h), true);
        }
        let rgba = target.read_rgba(&g.gpu.device, &g.gpu.queue);
        let path = path.unwrap_or_else(|| {
            let stem = std::path::Path::new(&c.name)
                .file_stem()
                .map_or("mapscope".into(), |s| s.to_string_lossy().into_owned());
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            PathBuf::from(format!("{stem}-{t}.png"))
        });
        write_png(&path, &rgba, w, h, false)?;
        Ok(path)
    }

    fn frame(&mut self, event_loop: &ActiveEventLoop) {
        self.poll_load();
        let dt = self.last_frame.elapsed().as_secs_f32().min(0.1);
        self.last_frame = Instant::now();
        self.frame_ms = self.frame_ms * 0.9 + dt * 1000.0 * 0.1;
        self.fly.step(&self.held, dt);
        // Scripted mode: a frame shortly after loading is the picture.
        self.frames_since_load = self.frames_since_load.saturating_add(1);
        if self.current.is_some() && self.load.is_none() && self.frames_since_load > 3 {
            if let Some(path) = self.options.screenshot.take() {
                match self.screenshot(Some(path.clone()), true) {
                    Ok(p) => println!("wrote {}", p.display()),
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
        let Some(g) = &mut self.gfx else { return };
        let frame = match g.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(f)
            | wgpu::CurrentSurfaceTexture::Suboptimal(f) => f,
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                g.surface.configure(&g.gpu.device, &g.config);
                return;
            }
            _ => return,
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
        self.stats = g.renderer.draw(
            &g.gpu.device,
            &g.gpu.queue,
            &target,
            scene,
            &self.fly.camera,
            &self.render_options,
        );
        let input = g.egui_state.take_egui_input(&g.window);
        let mut actions = Actions {
            overlays: self.overlays,
            ..Default::default()
        };
        let loading = self.load.as_ref().map(|l| (l.source.name(), l.stage));
        let out = g.egui_ctx.run_ui(input, |ui| {
            menu(ui, &mut actions, &mut self.show_info, &mut self.show_help);
            if let Some(c) = &self.current {
                let mut view = UiView::of(
                    &self.fly,
                    c,
                    &self.stats,
                    self.frame_ms,
                    &g.gpu,
                    loading.clone(),
                    &self.message,
                    self.show_info,
                    self.show_help,
                );
                view.inspector = &self.inspector;
                draw_ui(ui, &view);
            } else {
                draw_status_only(ui, loading.clone(), &self.message);
            }
        });
        g.egui_state
            .handle_platform_output(&g.window, out.platform_output.clone());
        paint_egui(
            g,
            &mut false,
            out,
            &view,
            (g.config.width, g.config.height),
            false,
        );
        g.gpu.queue.present(frame);
        self.act(actions, event_loop);
        if self.held.any() || self.load.is_some() || self.looking {
            if let Some(g) = &self.gfx {
                g.window.request_redraw();
            }
        }
    }

    /// Picks what is under the cursor when it moved: the inspector's lines
    /// and the highlight box.
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

    /// T: the top-down orthographic view and back to flying.
    fn toggle_top(&mut self) {
        let (Some(c), Some(g)) = (&self.current, &self.gfx) else {
            return;
        };
        if let Some(fly) = self.saved_fly.take() {
            self.fly = fly;
            return;
        }
        let aspect = g.config.width as f32 / g.config.height.max(1) as f32;
        if let Ok(camera) = views::camera_for(&c.map, View::Top, aspect, 60.0) {
            self.saved_fly = Some(self.fly);
            self.fly = Fly::new(camera);
        }
    }

    /// F: flies to a few voxels before the picked point, looking at it.
    fn fly_to_picked(&mut self) {
        let (Some(c), Some(p)) = (&self.current, &self.picked) else {
            return;
        };
        if let Some((min, max)) = pick::highlight(&c.map, p) {
            let target = (min + max) / 2.0;
            let back = self.fly.camera.forward() * 12.0;
            self.fly.camera.position = target - back;
        }
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
        if a.open {
            self.open_dialog();
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

    fn take_screenshot(&mut self) {
        self.message = Some(match self.screenshot(None, false) {
            Ok(p) => format!("saved {}", p.display()),
            Err(e) => format!("screenshot failed: {e:#}"),
        });
    }

    /// The native file dialog, on its own thread so drawing never stops.
    fn open_dialog(&mut self) {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let file = rfd::FileDialog::new()
                .add_filter("Maps", &["vxl", "vmf", "alw", "w3e"])
                .add_filter("All files", &["*"])
                .pick_file();
            let _ = tx.send(file);
        });
        self.dialog = Some(rx);
    }
}

#[derive(Default)]
struct Actions {
    /// The W3E overlays as the Tile flags menu left them.
    overlays: crate::mesh::terrain::Overlays,
    open: bool,
    reload: bool,
    screenshot: bool,
    quit: bool,
}

/// What the overlay shows, gathered before drawing it.
struct UiView<'a> {
    name: &'a str,
    summary: &'a str,
    timings: &'a str,
    camera: String,
    stats: String,
    loading: Option<(String, &'static str)>,
    message: &'a Option<String>,
    show_info: bool,
    show_help: bool,
    inspector: &'a [String],
    spawns: Vec<String>,
}

impl<'a> UiView<'a> {
    #[allow(clippy::too_many_arguments)]
    fn of(
        fly: &Fly,
        c: &'a Current,
        stats: &crate::render::DrawStats,
        frame_ms: f32,
        gpu: &Gpu,
        loading: Option<(String, &'static str)>,
        message: &'a Option<String>,
        show_info: bool,
        show_help: bool,
    ) -> Self {
        UiView {
            name: &c.name,
            summary: &c.summary,
            timings: &c.timings,
            camera: fly.describe(),
            stats: format!(
                "{frame_ms:.1} ms a frame, {} faces drawn, {} of {} chunks visible, {} draw calls, store {:.1} MiB, faces on the GPU {:.1} MiB, {}",
                stats.faces_drawn,
                stats.chunks_visible,
                stats.chunks_total,
                stats.draw_calls,
                c.map.voxels().map_or(0, |v| v.heap_bytes()) as f64 / 1048576.0,
                c.scene.face_bytes as f64 / 1048576.0,
                gpu.describe()
            ),
            loading,
            message,
            show_info,
            show_help,
            inspector: &[],
            spawns: c
                .map
                .meta
                .spawns
                .iter()
                .map(|s| {
                    format!(
                        "{} ({}): x {:.0}..{:.0}, y {:.0}..{:.0}",
                        s.label, s.origin, s.min[0], s.max[0], s.min[1], s.max[1]
                    )
                })
                .collect(),
        }
    }
}

fn draw_status_only(
    ui: &mut egui::Ui,
    loading: Option<(String, &'static str)>,
    message: &Option<String>,
) {
    egui::Panel::bottom("status").show(ui, |ui| {
        if let Some((name, stage)) = loading {
            progress(ui, &name, stage);
        }
        if let Some(m) = message {
            ui.colored_label(egui::Color32::LIGHT_RED, m);
        }
    });
}

/// A progress bar naming the loading stage.
fn progress(ui: &mut egui::Ui, name: &str, stage: &str) {
    let done = match stage {
        "start" => 0.05,
        "read and decode" => 0.2,
        "mesh" => 0.6,
        _ => 0.9,
    };
    ui.add(
        egui::ProgressBar::new(done)
            .text(format!("loading {name}: {stage}… (Esc cancels)"))
            .show_percentage(),
    );
}

fn draw_ui(ui: &mut egui::Ui, v: &UiView<'_>) {
    egui::Panel::bottom("status").show(ui, |ui| {
        if let Some((name, stage)) = &v.loading {
            progress(ui, name, stage);
        }
        if let Some(m) = v.message {
            ui.colored_label(egui::Color32::LIGHT_YELLOW, m);
        }
        ui.label(&v.camera);
        ui.label(&v.stats);
    });
    if v.show_info {
        egui::Panel::left("info")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                ui.heading("Map");
                ui.label(v.name);
                ui.label(v.timings);
                ui.separator();
                egui::ScrollArea::both().show(ui, |ui| {
                    let text = egui::RichText::new(v.summary).monospace();
                    ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
                });
            });
    }
    egui::Panel::right("inspector")
        .resizable(true)
        .default_size(320.0)
        .show(ui, |ui| {
            ui.heading("Inspector");
            if v.inspector.is_empty() {
                ui.label("Point at the map to see what the file says there.");
            }
            egui::ScrollArea::both().show(ui, |ui| {
                for line in v.inspector {
                    let text = egui::RichText::new(line).monospace();
                    ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
                }
                if !v.spawns.is_empty() {
                    ui.separator();
                    ui.heading("Spawns");
                    for s in &v.spawns {
                        ui.label(s);
                    }
                }
            });
        });
    if v.show_help {
        egui::Window::new("Keys").show(ui.ctx(), |ui| {
            for line in HELP {
                ui.label(*line);
            }
        });
    }
}

const HELP: &[&str] = &[
    "W A S D: move    Space / Q: up    Ctrl / E: down    Shift: faster",
    "Right mouse button: look    Wheel: speed",
    "Home: reset view    F: fly to the point under the cursor    T: top-down view",
    "F5: reload    F12: screenshot    Ctrl+O: open",
    "Drop a file on the window to open it    Esc: cancel a load",
];

fn menu(ui: &mut egui::Ui, a: &mut Actions, show_info: &mut bool, show_help: &mut bool) {
    egui::Panel::top("menu").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                a.open |= ui.button("Open… (Ctrl+O)").clicked();
                a.reload |= ui.button("Reload (F5)").clicked();
                a.screenshot |= ui.button("Screenshot (F12)").clicked();
                a.quit |= ui.button("Quit").clicked();
            });
            ui.menu_button("View", |ui| {
                ui.checkbox(show_info, "Map info");
                ui.checkbox(show_help, "Keys");
            });
            ui.menu_button("Tile flags", |ui| {
                let o = &mut a.overlays;
                for (flag, label) in [
                    (&mut o.ramp, "Ramp"),
                    (&mut o.blight, "Blight"),
                    (&mut o.water, "Water flag"),
                    (&mut o.boundary, "Boundary"),
                    (&mut o.map_edge, "Map edge"),
                    (&mut o.cliff, "Cliff tiles"),
                    (&mut o.layers, "Layer heights"),
                ] {
                    ui.checkbox(flag, label);
                }
            });
        });
    });
}

/// Paints egui's output into `view`, which has the window's format, or the
/// screenshot format when `shot`.
fn paint_egui(
    g: &mut Gfx,
    _first: &mut bool,
    out: egui::FullOutput,
    view: &wgpu::TextureView,
    (w, h): (u32, u32),
    shot: bool,
) {
    let egui::FullOutput {
        shapes,
        pixels_per_point,
        mut textures_delta,
        ..
    } = out;
    // Both renderers keep every texture (fonts), so either can paint next.
    for renderer in [&mut g.egui_renderer, &mut g.egui_shot_renderer] {
        for (id, deltas) in &textures_delta.set {
            for delta in deltas {
                renderer.update_texture(&g.gpu.device, &g.gpu.queue, *id, delta);
            }
        }
    }
    let renderer = if shot {
        &mut g.egui_shot_renderer
    } else {
        &mut g.egui_renderer
    };
    let jobs = g.egui_ctx.tessellate(shapes, pixels_per_point);
    let screen = egui_wgpu::ScreenDescriptor {
        size_in_pixels: [w, h],
        pixels_per_point,
    };
    let mut encoder = g.gpu.device.create_command_encoder(&Default::default());
    let extra = renderer.update_buffers(&g.gpu.device, &g.gpu.queue, &mut encoder, &jobs, &screen);
    {
        let pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("egui"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target: None,
                // The 3D picture stays underneath.
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Load,
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        let mut pass = pass.forget_lifetime();
        renderer.render(&mut pass, &jobs, &screen);
    }
    g.gpu
        .queue
        .submit(extra.into_iter().chain([encoder.finish()]));
    for id in &textures_delta.free {
        g.egui_renderer.free_texture(id);
        g.egui_shot_renderer.free_texture(id);
    }
    // Every delta is applied; egui checks that none is dropped unseen.
    textures_delta.clear();
}

/// Recent files, one a line, newest first, in the user's config folder.
fn recent_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("mapscope").join("recent.txt"))
}

fn remember_recent(p: &std::path::Path) {
    let Some(file) = recent_path() else { return };
    let p = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let mut list: Vec<String> = std::fs::read_to_string(&file)
        .unwrap_or_default()
        .lines()
        .filter(|l| *l != p.to_string_lossy())
        .map(str::to_string)
        .collect();
    list.insert(0, p.to_string_lossy().into_owned());
    list.truncate(10);
    if let Some(dir) = file.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let _ = std::fs::write(&file, list.join("\n"));
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gfx.is_some() {
            return;
        }
        match Gfx::new(event_loop, self.options.size) {
            Ok(g) => {
                self.gfx = Some(g);
                let source = match self.options.file.clone() {
                    Some(p) => Source::File(p),
                    None => Source::Demo,
                };
                self.open(source);
            }
            Err(e) => {
                self.exit_error = Some(format!("mapscope: {e:#}"));
                event_loop.exit();
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        if let Some(g) = &mut self.gfx {
            let response = g.egui_state.on_window_event(&g.window, &event);
            // egui asks to repaint after every redraw; honouring that would
            // never let the window go idle.
            if response.repaint && !matches!(event, WindowEvent::RedrawRequested) {
                g.window.request_redraw();
            }
            if response.consumed
                && !matches!(
                    event,
                    WindowEvent::RedrawRequested | WindowEvent::Resized(_)
                )
            {
                return;
            }
        }
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => {
                if let Some(g) = &mut self.gfx {
                    g.resize(size.width, size.height);
                }
            }
            WindowEvent::DroppedFile(path) => self.open(Source::File(path)),
            WindowEvent::CursorMoved { position, .. } => {
                self.cursor = Some((position.x as f32, position.y as f32));
                self.cursor_moved = true;
                if let Some(g) = &self.gfx {
                    g.window.request_redraw();
                }
            }
            WindowEvent::CursorLeft { .. } => self.cursor = None,
            WindowEvent::RedrawRequested => self.frame(event_loop),
            WindowEvent::MouseInput {
                state,
                button: MouseButton::Right,
                ..
            } => {
                self.looking = state == ElementState::Pressed;
            }
            WindowEvent::MouseWheel { delta, .. } => {
                let notches = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y,
                    MouseScrollDelta::PixelDelta(p) => p.y as f32 / 40.0,
                };
                self.fly.scroll(notches);
            }
            WindowEvent::KeyboardInput { event, .. } => {
                let down = event.state == ElementState::Pressed;
                let PhysicalKey::Code(code) = event.physical_key else {
                    return;
                };
                let ctrl_held = self.held.down;
                match code {
                    KeyCode::KeyW => self.held.forward = down,
                    KeyCode::KeyS => self.held.back = down,
                    KeyCode::KeyA => self.held.left = down,
                    KeyCode::KeyD => self.held.right = down,
                    KeyCode::Space | KeyCode::KeyQ => self.held.up = down,
                    KeyCode::ControlLeft | KeyCode::ControlRight | KeyCode::KeyE => {
                        self.held.down = down
                    }
                    KeyCode::ShiftLeft | KeyCode::ShiftRight => self.held.fast = down,
                    KeyCode::KeyO if down && ctrl_held => self.open_dialog(),
                    KeyCode::Home if down => self.reset_view(),
                    KeyCode::KeyF if down => self.fly_to_picked(),
                    KeyCode::KeyT if down => self.toggle_top(),
                    KeyCode::F5 if down => self.reload(),
                    KeyCode::F12 if down => self.take_screenshot(),
                    KeyCode::Escape if down && self.load.take().is_some() => {
                        self.message = Some("load cancelled".into());
                    }
                    _ => {}
                }
                if let Some(g) = &self.gfx {
                    g.window.request_redraw();
                }
            }
            _ => {}
        }
    }

    fn device_event(
        &mut self,
        _el: &ActiveEventLoop,
        _id: winit::event::DeviceId,
        event: DeviceEvent,
    ) {
        if let DeviceEvent::MouseMotion { delta } = event {
            if self.looking {
                self.fly.look(delta.0 as f32, delta.1 as f32);
                if let Some(g) = &self.gfx {
                    g.window.request_redraw();
                }
            }
        }
    }

    fn about_to_wait(&mut self, _event_loop: &ActiveEventLoop) {
        if let Some(rx) = &self.dialog {
            if let Ok(choice) = rx.try_recv() {
                self.dialog = None;
                if let Some(p) = choice {
                    self.open(Source::File(p));
                }
            }
        }
        // Keep drawing while something changes; otherwise wait for events.
        if self.load.is_some()
            || self.held.any()
            || self.options.screenshot.is_some()
            || self.dialog.is_some()
            || self.frames_since_load < 4
        {
            if let Some(g) = &self.gfx {
                g.window.request_redraw();
            }
        }
    }
}

impl Gfx {
    fn new(event_loop: &ActiveEventLoop, size: Option<[u32; 2]>) -> Result<Gfx> {
        let [w, h] = size.unwrap_or([1280, 720]);
        let window = Arc::new(
            event_loop.create_window(
                Window::default_attributes()
                    .with_title("mapscope")
                    .with_inner_size(winit::dpi::PhysicalSize::new(w, h)),
            )?,
        );
        let desc = wgpu::InstanceDescriptor::new_with_display_handle_from_env(Box::new(
            event_loop.owned_display_handle(),
        ));
        let instance = wgpu::Instance::new(desc);
        let surface = instance.create_surface(window.clone())?;
        let gpu = Gpu::with_instance(instance, Some(&surface))?;
        let caps = surface.get_capabilities(&gpu.adapter);
        // The shaders write sRGB values as they are: prefer a plain format.
        let format = caps
            .formats
            .iter()
            .copied()
            .find(|f| !f.is_srgb())
            .or_else(|| caps.formats.first().copied())
            .context("the window surface offers no format")?;
        let size = window.inner_size();
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            format,
            width: size.width.max(1),
            height: size.height.max(1),
            present_mode: wgpu::PresentMode::AutoVsync,
            desired_maximum_frame_latency: 2,
            alpha_mode: caps
                .alpha_modes
                .first()
                .copied()
                .unwrap_or(wgpu::CompositeAlphaMode::Auto),
            view_formats: vec![],
            color_space: Default::default(),
        };
        surface.configure(&gpu.device, &config);
        let depth = depth_texture(&gpu.device, config.width, config.height)
            .create_view(&Default::default());
        let renderer = Renderer::new(&gpu.device, format);
        let shot_renderer = Renderer::new(&gpu.device, COLOR_FORMAT);
        let egui_ctx = egui::Context::default();
        let egui_state = egui_winit::State::new(
            egui_ctx.clone(),
            egui::ViewportId::ROOT,
            &window,
            Some(window.scale_factor() as f32),
            None,
            Some(gpu.device.limits().max_texture_dimension_2d as usize),
        );
        let egui_renderer = egui_wgpu::Renderer::new(&gpu.device, format, Default::default());
        let egui_shot_renderer =
            egui_wgpu::Renderer::new(&gpu.device, COLOR_FORMAT, Default::default());
        window.request_redraw();
        Ok(Gfx {
            window,
            gpu,
            surface,
            config,
            depth,
            renderer,
            shot_renderer,
            egui_ctx,
            egui_state,
            egui_renderer,
            egui_shot_renderer,
        })
    }

    fn resize(&mut self, w: u32, h: u32) {
        if w == 0 || h == 0 {
            return;
        }
        self.config.width = w;
        self.config.height = h;
        self.surface.configure(&self.gpu.device, &self.config);
        self.depth = depth_texture(&self.gpu.device, w, h).create_view(&Default::default());
        self.window.request_redraw();
    }
}
