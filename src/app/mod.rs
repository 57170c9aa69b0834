//! The desktop viewer: a winit window drawing the map with the shared
//! renderer, an egui overlay on top, loading on a background thread.
//!
//! The window's graphics are in `gfx`, its event handling in `events`, the
//! overlay in `ui`; the camera modes in `camera_mode` (with `fly` and `orbit`
//! holding their input logic), pictures in `screenshot`, file choosing in
//! `dialogs`, `browser` and `browser_window`, loading in `loader` and
//! `loaded`. Scripted runs (`--screenshot`) keep their state in `scripted`,
//! apart from what a person at the window changes.

mod analysis;
mod analysis_window;
pub mod browser;
mod browser_window;
mod camera_mode;
mod coarse;
mod compare;
mod dialogs;
mod events;
mod export;
mod export_form;
pub mod fly;
mod frame;
mod game_view;
mod game_window;
mod gfx;
mod loaded;
pub mod loader;
mod notice;
pub mod orbit;
pub mod recent;
pub mod screenshot;
mod scripted;
mod season_view;
mod selection;
mod side_panel;
mod toml_file;
mod ui;
mod view3d;
mod view_prefs;
mod wake;
mod walk_mode;
mod witness_replay;

use crate::formats::LoadOptions;
use crate::render::{DrawStats, RenderOptions, Scene};
use crate::store::Map;
use anyhow::Result;
use browser_window::BrowserWindow;
use camera_mode::CameraMode;
use fly::{Fly, Held};
use gfx::Gfx;
use loader::{Load, Source};
use scripted::Script;
pub use scripted::StartWith;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use ui::Panels;
use winit::event_loop::EventLoop;

/// The hover highlight: pink, unlike every overlay's tint.
const HOVER_COLOR: [f32; 4] = [1.0, 0.35, 0.7, 0.45];

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
    /// `--compare NEW`: once the map is open, compare it with this one.
    pub compare: Option<PathBuf>,
}

/// Opens the window and runs until it closes. In scripted mode, returns an
/// error when the map fails to load.
pub fn run(options: Options) -> Result<()> {
    let event_loop = EventLoop::<wake::Woken>::with_user_event()
        .build()
        .map_err(|e| {
            // winit's message names its own source file; say what to do instead.
            let why = e.to_string();
            let why = why
                .rsplit(": ")
                .next()
                .unwrap_or(&why)
                .trim_end_matches('.');
            anyhow::anyhow!(
            "cannot open a window: {why}. Run it where there is a display (or under xvfb-run); \
             `mapscope render` draws a map to a PNG without one"
        )
        })?;
    let mut app = App::new(options);
    let proxy = event_loop.create_proxy();
    app.wake = wake::Wake::new(move || {
        let _ = proxy.send_event(wake::Woken);
    });
    event_loop.run_app(&mut app)?;
    match app.exit_error {
        Some(e) => Err(anyhow::anyhow!(e)),
        None => Ok(()),
    }
}

/// The map on screen.
struct Current {
    map: Arc<Map>,
    /// Where it came from: what F5 reloads.
    source: Source,
    scene: Scene,
    /// What top-down draws instead, where the kind has a plan (an ALW
    /// world cut above its floors).
    plan: Option<Scene>,
    /// Warcraft III objects as placed for drawing: what picking tests.
    objects: Option<crate::mesh::objects::ObjectInstances>,
    summary: String,
    timings: String,
    /// Pictures the map carries (a Warcraft III map's minimap and preview),
    /// as egui textures, with their captions.
    pictures: Vec<Captioned>,
    /// A Warcraft III map's players: colour and a line of text.
    players: Vec<PlayerRow>,
    /// Its coarse levels, while a worker makes them.
    coarse: Option<coarse::CoarseLoad>,
}

/// A picture for the Map panel, and what it is.
type Captioned = (String, egui::TextureHandle);
/// A player's colour and line in the Map panel.
type PlayerRow = ([u8; 3], String);

impl Current {
    /// The scene drawn: the plan in top-down (not the minimap view),
    /// where there is one.
    fn drawn(&self, mode: &CameraMode) -> &Scene {
        match (mode, &self.plan) {
            (CameraMode::Top { minimap: false, .. }, Some(plan)) => plan,
            _ => &self.scene,
        }
    }

    fn name(&self) -> String {
        self.source.name()
    }

    /// What pictures and exports of the map are named after: a file's
    /// name less its extension, but for a map folder (often just
    /// `map.w3x`, as the editor saves it) the name the map gives itself,
    /// where it has one.
    fn picture_stem(&self) -> String {
        let own = self.map.meta.name.as_deref().map(str::trim);
        match (&self.source, own) {
            (Source::Folder(_), Some(own)) if !own.is_empty() => own.to_string(),
            (source, _) => std::path::Path::new(&source.name())
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
        }
    }
}

/// The keys and buttons held.
#[derive(Default)]
struct Input {
    held: Held,
    modifiers: winit::keyboard::ModifiersState,
    /// A mouse button is held to look (fly) or orbit.
    looking: bool,
}

/// The pointer over the 3D view and what it picks.
#[derive(Default)]
struct Pointer {
    /// In window pixels.
    cursor: Option<(f32, f32)>,
    /// Whether it moved since the last pick.
    moved: bool,
    /// The camera of the last pick: the view moving under a still pointer
    /// picks again.
    picked_from: Option<crate::render::Camera>,
    picked: Option<crate::kinds::Picked>,
    /// The inspector's lines for what is picked.
    lines: Vec<String>,
    /// What a click pinned in the Inspector (`selection`).
    pinned: Option<selection::Pinned>,
    /// Where the left button went down over the 3D view: its release
    /// near there is a click.
    pressed_at: Option<(f32, f32)>,
    /// The pointer is over a panel or a window, not the 3D view: it picks
    /// nothing and drags no camera.
    over_ui: bool,
    /// The 3D view: what the panels left of the window at the last frame,
    /// in egui's points.
    /// `None` until a frame has been laid out.
    view_rect: Option<egui::Rect>,
}

/// Frame timing and what the last frame drew.
struct Clock {
    last_frame: Instant,
    /// The status line's frame time, smoothed.
    frame_ms: f32,
    stats: DrawStats,
    /// Frames drawn since the current map arrived (egui settles its layout
    /// and font atlas over the first few).
    since_load: u32,
    /// The first click or key not yet answered on screen, and the frames
    /// presented since.
    input_at: Option<(Instant, u8)>,
}

struct App {
    load_options: LoadOptions,
    /// The map to open first; none for the demo map.
    first_file: Option<PathBuf>,
    /// The window's size asked for on the command line.
    window_size: Option<[u32; 2]>,
    start: StartWith,
    /// Scripted mode, when a picture was asked for on the command line.
    script: Option<Script>,
    gfx: Option<Gfx>,
    current: Option<Current>,
    load: Option<Load>,
    /// The camera drawn, whatever the mode; flown directly in fly mode.
    fly: Fly,
    mode: CameraMode,
    /// Walk mode's walker, while walking (`mode` is then `Walk`).
    walk: Option<Box<walk_mode::WalkMode>>,
    walk_starts: walk_mode::Starts,
    input: Input,
    pointer: Pointer,
    clock: Clock,
    /// The notice over the 3D view.
    notice: Option<notice::Notice>,
    /// Why the map asked for could not be opened, while no map is open:
    /// the error screen.
    failed: Option<String>,
    /// File → Recent, newest first.
    recent: Vec<PathBuf>,
    /// When egui asked to be drawn again (a tooltip's delay, an opening
    /// menu's second pass); `None` when it asked for nothing.
    repaint_at: Option<Instant>,
    render_options: RenderOptions,
    panels: Panels,
    /// The W3E flag overlays switched on.
    overlays: crate::mesh::terrain::Overlays,
    /// A native file dialog, when one is open.
    dialog: Option<dialogs::Pending>,
    /// File → Export…, while its dialog is open or the file is written.
    exporting: Option<export::Exporting>,
    /// Wakes the event loop from worker threads.
    wake: wake::Wake,
    /// The export window, where no save dialog can be shown.
    export_form: Option<export_form::ExportForm>,
    /// The last export's format, folder and name (or the window's when
    /// it was cancelled): what File → Export… offers next.
    export_last: Option<export_form::ExportForm>,
    /// The in-app file browser, when it is open.
    browser: Option<BrowserWindow>,
    /// Where the user last was in a file dialog or the browser: where the
    /// next one opens, whether or not the map chosen there opened.
    last_folder: Option<PathBuf>,
    /// `--compare NEW`, until the first map is open.
    compare_first: Option<PathBuf>,
    /// A second map loading to be compared with the open one.
    compare_load: Option<compare::CompareLoad>,
    /// Two maps compared: the other side and the changes.
    comparing: Option<compare::Comparing>,
    shots: screenshot::Shots,
    /// The Analysis window's figures and the ground-distance overlay.
    analysis: analysis::Analysis,
    /// A replay opened: its game on the open map, and the timeline.
    game: Option<game_view::GameView>,
    /// A folder of replays opened: its season on the open map.
    season: Option<Box<season_view::SeasonFile>>,
    /// Counts changes to the scene's buffers, so the kept 3D view knows
    /// when to draw again.
    scene_edits: u64,
    exit_error: Option<String>,
}

impl App {
    fn new(options: Options) -> App {
        let script = options
            .screenshot
            .map(|picture| Script::new(picture, options.size, options.measure_frames));
        let prefs =
            view_prefs::path().map_or_else(Default::default, |p| view_prefs::ViewPrefs::load(&p));
        App {
            fly: Fly::new(crate::render::Camera::perspective(
                glam::Vec3::ZERO,
                0.0,
                -30.0,
                60.0,
            )),
            mode: CameraMode::Fly,
            walk: None,
            walk_starts: Default::default(),
            input: Input::default(),
            pointer: Pointer::default(),
            clock: Clock {
                last_frame: Instant::now(),
                frame_ms: 0.0,
                stats: Default::default(),
                since_load: 0,
                input_at: None,
            },
            notice: None,
            failed: None,
            recent: recent::list(),
            repaint_at: None,
            render_options: RenderOptions::default(),
            panels: Panels {
                info: true,
                help: false,
                // Once, on the first start; never in scripted pictures.
                hint: script.is_none() && recent::first_run(),
                labels: true,
                indestructible: false,
                objects: Default::default(),
                spawn_areas: prefs.spawn_areas,
                map_open: prefs.map_panel,
                inspector_open: prefs.inspector_panel,
                compare_tab: Default::default(),
                analysis: options.start.analysis,
            },
            exit_error: None,
            scene_edits: 0,
            dialog: None,
            exporting: None,
            export_form: None,
            export_last: None,
            wake: wake::Wake::none(),
            browser: None,
            last_folder: None,
            compare_first: options.compare,
            compare_load: None,
            comparing: None,
            overlays: crate::mesh::terrain::Overlays {
                no_walk: options.start.pathing,
                no_build: options.start.pathing,
                ..Default::default()
            },
            shots: screenshot::Shots::new(options.start.screenshot_settings),
            analysis: analysis::Analysis::measuring(options.start.distance.then_some(1)),
            game: None,
            season: None,
            gfx: None,
            current: None,
            load: None,
            load_options: options.load,
            first_file: options.file,
            window_size: options.size,
            start: options.start,
            script,
        }
    }

    /// Starts loading `source`; a load in flight is cancelled.
    fn open(&mut self, source: Source) {
        if let Some(old) = self.load.take() {
            old.cancel();
        }
        self.load = Some(loader::start(
            source,
            self.load_options.clone(),
            self.wake.clone(),
        ));
    }

    fn reload(&mut self) {
        if let Some(c) = &self.current {
            self.open(c.source.clone());
        }
    }

    /// The 3D view, in window pixels (`[x, y, w, h]`): what the panels
    /// leave of the window at the last frame, the whole window before the
    /// first.
    fn viewport(&self, g: &Gfx) -> [u32; 4] {
        let (ww, wh) = (g.config.width, g.config.height);
        let Some(r) = self.pointer.view_rect else {
            return [0, 0, ww, wh];
        };
        view3d::pixel_rect(r * g.egui_ctx.pixels_per_point(), [ww, wh])
    }

    fn update_pick(&mut self) {
        // A pointer gone from the 3D view (over a panel, or out of the
        // window) points at nothing: the hover highlight and the
        // Inspector's hover lines go with it (a pin stays).
        let gone = self.pointer.cursor.is_none() || self.pointer.over_ui;
        if gone && self.script.is_none() && !self.input.looking && self.walk.is_none() {
            if self.pointer.picked.is_some() || !self.pointer.lines.is_empty() {
                self.pointer.picked = None;
                self.pointer.lines.clear();
                self.pointer.picked_from = None;
                self.show_highlights();
            }
            return;
        }
        let view_moved = self.pointer.picked_from != Some(self.fly.camera);
        // Walking, the pointer is hidden and the mouse looks: nothing is picked.
        let walking = self.walk.is_some();
        if !(self.pointer.moved || view_moved)
            || self.input.looking
            || self.pointer.over_ui
            || walking
        {
            return;
        }
        let Some(g) = &self.gfx else { return };
        let [x, y, w, h] = self.viewport(g).map(|v| v as f32);
        let (Some(c), Some((px, py))) = (&self.current, self.pointer.cursor) else {
            return;
        };
        self.pointer.moved = false;
        self.pointer.picked_from = Some(self.fly.camera);
        // Scripted pictures show the inspector for the middle of the view.
        let (px, py) = if self.script.is_some() {
            (w / 2.0, h / 2.0)
        } else {
            (px - x, py - y)
        };
        let (origin, dir) = crate::kinds::views::ray(&self.fly.camera, px, py, w, h);
        let (picked, lines) = {
            let kind = crate::kinds::of(&c.map);
            let objects = c.objects.as_ref();
            let picked = kind.pick_shown(origin, dir, self.render_options.objects, objects);
            if picked == self.pointer.picked {
                return;
            }
            let lines = picked.as_ref().map(|p| kind.describe(p));
            (picked, lines.unwrap_or_default())
        };
        self.pointer.lines = lines;
        self.pointer.picked = picked;
        self.show_highlights();
    }
}
