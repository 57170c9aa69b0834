//! The egui overlay: menu bar and toolbar, status line, map info and
//! inspector panels, the key list and the notice that fades out.

use super::browser_window::Answer;
use super::camera_mode::ModeKind;
use super::Current;
use crate::render::Gpu;
use std::time::{Duration, Instant};

/// What the user asked for this frame through menus and buttons.
#[derive(Default)]
pub struct Actions {
    /// The W3E overlays as the Tile flags menu left them.
    pub overlays: crate::mesh::terrain::Overlays,
    pub open: bool,
    /// File → Open folder… (a Warcraft III map folder).
    pub open_folder: bool,
    pub browse: bool,
    pub reload: bool,
    pub screenshot: bool,
    pub screenshot_settings: bool,
    /// File → Export… (glTF or OBJ).
    pub export: bool,
    pub mode: Option<ModeKind>,
    /// View → Minimap.
    pub minimap: bool,
    pub quit: bool,
    /// From the screenshot settings window.
    pub choose_shot_folder: bool,
    pub settings_changed: bool,
    /// The in-app browser closed with this.
    pub browser_answer: Option<Answer>,
    /// A spawn area clicked in the Spawns list.
    pub spawn: Option<usize>,
}

/// Which panels are shown; the View menu changes them.
#[derive(Debug, Clone, Copy)]
pub struct Panels {
    pub info: bool,
    pub help: bool,
    /// Text labels over ALW entities and lights.
    pub labels: bool,
    /// Tint VMF indestructible voxels.
    pub indestructible: bool,
    /// The groups of Warcraft III objects drawn.
    pub objects: crate::mesh::objects::Shown,
}

/// The status line's contents.
pub struct Status<'a> {
    pub loading: Option<(String, &'static str)>,
    pub message: &'a Option<String>,
    /// The camera's position and heading, as its mode describes it.
    pub camera: String,
}

/// What the overlay shows of the open map, gathered before drawing it.
pub struct MapView<'a> {
    pub name: String,
    /// The map's own name and description, when it has them.
    pub title: Option<&'a str>,
    pub description: Option<&'a str>,
    pub pictures: &'a [(String, egui::TextureHandle)],
    pub players: &'a [([u8; 3], String)],
    pub summary: &'a str,
    pub timings: &'a str,
    pub stats: String,
    pub inspector: &'a [String],
    pub spawns: Vec<String>,
}

impl<'a> MapView<'a> {
    pub fn of(
        c: &'a Current,
        stats: &crate::render::DrawStats,
        frame_ms: f32,
        gpu: &Gpu,
        inspector: &'a [String],
    ) -> Self {
        MapView {
            name: c.name(),
            title: c.map.meta.name.as_deref(),
            description: c.map.meta.description.as_deref(),
            pictures: &c.pictures,
            players: &c.players,
            summary: &c.summary,
            timings: &c.timings,
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
            inspector,
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

/// The status line, and the map's panels when a map is open. Returns the
/// spawn area clicked in the Spawns list, if any.
pub fn draw(
    ui: &mut egui::Ui,
    status: &Status<'_>,
    map: Option<&MapView<'_>>,
    panels: Panels,
) -> Option<usize> {
    let mut clicked = None;
    egui::Panel::bottom("status").show(ui, |ui| {
        if let Some((name, stage)) = &status.loading {
            progress(ui, name, stage);
        }
        if let Some(m) = status.message {
            let color = if map.is_some() {
                egui::Color32::LIGHT_YELLOW
            } else {
                egui::Color32::LIGHT_RED
            };
            ui.colored_label(color, m);
        }
        if let Some(v) = map {
            ui.label(&status.camera);
            ui.label(&v.stats);
        }
    });
    let v = map?;
    if panels.info {
        egui::Panel::left("info")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                ui.heading("Map");
                if let Some(title) = v.title {
                    ui.label(egui::RichText::new(title).strong());
                }
                if let Some(d) = v.description {
                    ui.add(egui::Label::new(d).wrap());
                }
                ui.label(&v.name);
                ui.label(v.timings);
                ui.separator();
                egui::ScrollArea::both().show(ui, |ui| {
                    if !v.players.is_empty() {
                        ui.label(egui::RichText::new("Players").strong());
                        for ([r, g, b], text) in v.players {
                            ui.horizontal(|ui| {
                                let size = egui::vec2(12.0, 12.0);
                                let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
                                let color = egui::Color32::from_rgb(*r, *g, *b);
                                ui.painter().rect_filled(rect, 2.0, color);
                                ui.label(text);
                            });
                        }
                        ui.separator();
                    }
                    for (caption, texture) in v.pictures {
                        ui.label(egui::RichText::new(caption).strong());
                        let size = texture.size_vec2();
                        let width = ui.available_width().clamp(64.0, 256.0);
                        ui.image((texture.id(), size * (width / size.x.max(1.0))));
                        ui.separator();
                    }
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
                    for (i, s) in v.spawns.iter().enumerate() {
                        if ui.link(s).on_hover_text("Fly there").clicked() {
                            clicked = Some(i);
                        }
                    }
                }
            });
        });
    if panels.help {
        egui::Window::new("Keys").show(ui.ctx(), |ui| {
            for line in HELP {
                ui.label(*line);
            }
        });
    }
    clicked
}

pub const HELP: &[&str] = &[
    "Fly: W A S D move    Space / Q: up    Ctrl / E: down    Shift: faster",
    "Fly: right mouse button: look    Wheel: speed",
    "O: orbit mode    Orbit: drag (left or right button) to circle the pivot,",
    "    wheel: zoom, W A S D / Space / Ctrl: pan the pivot, F: pivot to the cursor",
    "T: top-down view (W A S D pan, wheel zooms)    Home: reset view",
    "F: fly to the point under the cursor",
    "F5: reload    F12: screenshot    Ctrl+O: open",
    "Drop a file on the window to open it    Esc: cancel a load",
];

/// The menu bar, with a toolbar at its right: camera modes and screenshots.
pub fn menu(ui: &mut egui::Ui, a: &mut Actions, panels: &mut Panels, mode: ModeKind) {
    egui::Panel::top("menu").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                a.open |= ui.button("Open… (Ctrl+O)").clicked();
                a.open_folder |= ui
                    .button("Open folder…")
                    .on_hover_text("A Warcraft III map saved as a folder")
                    .clicked();
                a.browse |= ui.button("Browse in app…").clicked();
                a.reload |= ui.button("Reload (F5)").clicked();
                ui.separator();
                a.screenshot |= ui.button("Screenshot (F12)").clicked();
                a.screenshot_settings |= ui.button("Screenshot settings…").clicked();
                a.export |= ui
                    .button("Export…")
                    .on_hover_text("The map's meshes as glTF (.glb, .gltf) or OBJ, for Blender")
                    .clicked();
                ui.separator();
                a.quit |= ui.button("Quit").clicked();
            });
            ui.menu_button("View", |ui| {
                for (kind, label) in MODES {
                    if ui.radio(mode == kind, label).clicked() {
                        a.mode = Some(kind);
                    }
                }
                a.minimap |= ui
                    .button("Minimap")
                    .on_hover_text(
                        "The playable area from above in flat colours, framed as the game's own minimap (T goes back)",
                    )
                    .clicked();
                ui.separator();
                ui.checkbox(&mut panels.info, "Map info");
                ui.checkbox(&mut panels.help, "Keys");
                ui.separator();
                ui.checkbox(&mut panels.labels, "Labels (ALW entities, lights, players)");
                ui.checkbox(&mut panels.indestructible, "Indestructible voxels (VMF)");
                ui.separator();
                ui.label("Warcraft III objects");
                for g in crate::mesh::objects::Group::ALL {
                    let mut on = panels.objects.get(g);
                    if ui.checkbox(&mut on, g.label()).changed() {
                        panels.objects.set(g, on);
                    }
                }
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
                ui.separator();
                ui.label("Pathing (Warcraft III maps)");
                use crate::mesh::terrain::{NO_BUILD_TINT, NO_FLY_TINT, NO_WALK_TINT};
                for (flag, label, tint) in [
                    (&mut o.no_walk, "Not walkable", NO_WALK_TINT),
                    (&mut o.no_build, "Not buildable", NO_BUILD_TINT),
                    (&mut o.no_fly, "Not flyable", NO_FLY_TINT),
                ] {
                    ui.horizontal(|ui| {
                        let [r, g, b] = tint.map(|c| (c * 255.0) as u8);
                        let (rect, _) =
                            ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                        ui.painter()
                            .rect_filled(rect, 2.0, egui::Color32::from_rgb(r, g, b));
                        ui.checkbox(flag, label);
                    });
                }
            });
            ui.separator();
            for (kind, label) in MODES {
                let short = label.split(' ').next().unwrap_or(label);
                if ui
                    .selectable_label(mode == kind, short)
                    .on_hover_text(label)
                    .clicked()
                {
                    a.mode = Some(kind);
                }
            }
            ui.separator();
            a.screenshot |= ui
                .button("Screenshot")
                .on_hover_text("Save a PNG of the 3D view (F12)")
                .clicked();
            a.screenshot_settings |= ui
                .button("Settings…")
                .on_hover_text("Screenshot settings: size, UI, folder")
                .clicked();
        });
    });
}

const MODES: [(ModeKind, &str); 3] = [
    (ModeKind::Fly, "Fly"),
    (ModeKind::Orbit, "Orbit (O)"),
    (ModeKind::Top, "Top-down (T)"),
];

/// A notice that shows for a few seconds, e.g. where a screenshot went.
pub struct Toast {
    pub text: String,
    pub shown: Instant,
}

impl Toast {
    pub const LIFETIME: Duration = Duration::from_secs(6);

    pub fn new(text: String) -> Toast {
        Toast {
            text,
            shown: Instant::now(),
        }
    }

    pub fn alive(&self) -> bool {
        self.shown.elapsed() < Toast::LIFETIME
    }

    pub fn draw(&self, ctx: &egui::Context) {
        egui::Area::new(egui::Id::unique("toast"))
            .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
            .order(egui::Order::Foreground)
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(egui::RichText::new(&self.text).strong());
                });
            });
    }
}
