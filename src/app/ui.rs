//! The egui overlay: menu bar and toolbar, status line, map info and
//! inspector panels, the key list and the notice that fades out.

use super::browser_window::Answer;
use super::camera_mode::ModeKind;
pub use super::side_panel::{side_panel, Side};
use super::Current;
use crate::render::Gpu;

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
    /// View → File's camera.
    pub file_camera: bool,
    /// File → Recent.
    pub open_recent: Option<std::path::PathBuf>,
    /// The error screen's "Open the demo map".
    pub open_demo: bool,
    /// The notice was clicked away.
    pub dismiss_notice: bool,
    pub quit: bool,
    /// From the screenshot settings window.
    pub choose_shot_folder: bool,
    pub settings_changed: bool,
    /// The in-app browser closed with this.
    pub browser_answer: Option<Answer>,
    /// A spawn area clicked in the Spawns list.
    pub spawn: Option<usize>,
    /// File → Compare with….
    pub compare: bool,
    /// A change clicked in the Changes panel.
    pub change: Option<usize>,
    /// The Changes panel's button to show the other map.
    pub flip: bool,
    /// The Changes panel's "Dim what did not change", when clicked.
    pub dim: Option<bool>,
    /// View → Spawn areas changed (it is remembered).
    pub view_prefs_changed: bool,
    /// From the export window.
    pub export_asked: super::export_form::Asked,
}

/// Which panels are shown; the View menu changes them.
#[derive(Debug, Clone, Copy)]
pub struct Panels {
    pub info: bool,
    pub help: bool,
    /// The first start's corner hint, until a key or a click.
    pub hint: bool,
    /// Text labels over ALW entities and lights.
    pub labels: bool,
    /// Tint VMF indestructible voxels.
    pub indestructible: bool,
    /// The groups of Warcraft III objects drawn.
    pub objects: crate::mesh::objects::Shown,
    /// Spawn areas drawn (remembered: `view.toml`).
    pub spawn_areas: bool,
    /// The left panel (Map, or Changes while comparing) open, not
    /// collapsed (remembered).
    pub map_open: bool,
    /// The Inspector open, not collapsed (remembered).
    pub inspector_open: bool,
    /// What the left panel shows while comparing.
    pub compare_tab: CompareTab,
    /// The Analysis window (G).
    pub analysis: bool,
}

/// The left panel's tabs while comparing: the Changes panel takes the Map
/// panel's place, the Map panel a tab beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CompareTab {
    #[default]
    Changes,
    Map,
}

/// The status line's contents.
pub struct Status {
    pub loading: Option<(String, &'static str)>,
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
    pub inspector: super::inspector::Inspector<'a>,
    pub spawns: Vec<String>,
    /// How the kind counts positions, said on hovering the Players and
    /// Spawns headings.
    pub positions: &'static str,
    /// The units of the Spawns list and the players' starts, said under
    /// the Spawns heading.
    pub area_units: &'static str,
}

impl<'a> MapView<'a> {
    pub fn of(
        c: &'a Current,
        stats: &crate::render::DrawStats,
        frame_ms: f32,
        scale: f32,
        gpu: &Gpu,
        inspector: super::inspector::Inspector<'a>,
    ) -> Self {
        let kind = crate::kinds::of(&c.map);
        let mut line = format!(
            "{frame_ms:.1} ms a frame, {} {} drawn",
            group_digits(stats.faces_drawn),
            kind.drawn_unit()
        );
        // Only voxel maps are cut into chunks.
        if stats.chunks_total > 0 {
            line += &format!(
                ", {} of {} chunks visible",
                stats.chunks_visible, stats.chunks_total
            );
            if stats.chunks_coarse > 0 {
                line += &format!(" ({} coarser)", stats.chunks_coarse);
            }
            if stats.chunks_left_out > 0 {
                line += &format!(", {} far chunks left out", stats.chunks_left_out);
            }
        }
        if scale < 1.0 {
            line += ", 3D view reduced while moving";
        }
        line += &format!(", {} draw calls", stats.draw_calls);
        if let Some(bytes) = kind.store_bytes() {
            line += &format!(", voxel store {:.1} MiB", bytes as f64 / 1048576.0);
        }
        line += &format!(
            ", GPU buffers {:.1} MiB, {}",
            c.scene.gpu_bytes() as f64 / 1048576.0,
            gpu.describe()
        );
        MapView {
            name: c.name(),
            title: c.map.meta.name.as_deref(),
            description: c.map.meta.description.as_deref(),
            pictures: &c.pictures,
            players: &c.players,
            summary: &c.summary,
            timings: &c.timings,
            stats: line,
            inspector,
            spawns: c
                .map
                .meta
                .spawns
                .iter()
                .map(|s| crate::kinds::spawn_text(&*kind, s))
                .collect(),
            positions: kind.positions(),
            area_units: kind.area_units(),
        }
    }
}

/// 1234567 as "1,234,567".
fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
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

/// A label that wraps at the panel's edge.
pub fn wrapped(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add(egui::Label::new(text).wrap())
}

/// A small square of `rgb` (0..1), as legends and the player list show.
pub fn swatch(ui: &mut egui::Ui, rgb: [f32; 3]) {
    let [r, g, b] = rgb.map(|c| (c.clamp(0.0, 1.0) * 255.0) as u8);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter()
        .rect_filled(rect, 2.0, egui::Color32::from_rgb(r, g, b));
}

/// The status line, and the map's panels when a map is open: at the left
/// the Map panel, or while comparing the Changes panel in its place (with
/// the Map panel a tab beside it); the Inspector at the right. Sets the
/// spawn area clicked in the Spawns list, and whether a panel was collapsed
/// or opened (remembered).
pub fn draw(
    ui: &mut egui::Ui,
    status: &Status,
    map: Option<&MapView<'_>>,
    changes: Option<&super::compare::ChangesView<'_>>,
    panels: &mut Panels,
    a: &mut Actions,
) {
    egui::Panel::bottom("status").show(ui, |ui| {
        if let Some((name, stage)) = &status.loading {
            progress(ui, name, stage);
        }
        if let Some(v) = map {
            wrapped(ui, &status.camera);
            wrapped(ui, &v.stats);
        }
    });
    let Some(v) = map else { return };
    let left = match changes {
        Some(c) => {
            let side = Side {
                panel: egui::Panel::left("changes"),
                name: "Changes",
                left: true,
            };
            let tab = &mut panels.compare_tab;
            side_panel(ui, side, &mut panels.map_open, 0.2, 320.0, |ui| {
                ui.horizontal(|ui| {
                    ui.selectable_value(tab, CompareTab::Changes, heading("Changes"));
                    ui.selectable_value(tab, CompareTab::Map, heading("Map"));
                });
                match tab {
                    CompareTab::Changes => super::changes_panel::changes(ui, c, a),
                    CompareTab::Map => super::map_panel::contents(ui, v),
                }
            })
        }
        None if panels.info => {
            let side = Side {
                panel: egui::Panel::left("info"),
                name: "Map",
                left: true,
            };
            side_panel(ui, side, &mut panels.map_open, 0.18, 300.0, |ui| {
                ui.heading("Map");
                super::map_panel::contents(ui, v);
            })
        }
        None => false,
    };
    let right = super::inspector::panel(ui, v, &mut panels.inspector_open, &mut a.spawn);
    a.view_prefs_changed |= left || right;
}

/// A panel's heading, as a tab.
fn heading(text: &str) -> egui::RichText {
    egui::RichText::new(text).heading()
}

/// In place of the 3D view when the map asked for could not be opened and
/// none is open: why, and what to do instead.
pub fn error_screen(ui: &mut egui::Ui, why: &str, a: &mut Actions) {
    egui::CentralPanel::default().show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.2);
            ui.heading(egui::RichText::new("This map could not be opened").color(ERROR_RED));
            ui.add_space(8.0);
            ui.set_max_width(560.0);
            wrapped(ui, egui::RichText::new(why).color(ERROR_RED));
            ui.add_space(16.0);
            // One under another: a centred column needs no measuring.
            let button =
                |ui: &mut egui::Ui, text| ui.add_sized([200.0, 26.0], egui::Button::new(text));
            a.open |= button(ui, "Open another map…").clicked();
            a.browse |= button(ui, "Browse in app…").clicked();
            a.open_demo |= button(ui, "Open the demo map").clicked();
        });
    });
}

/// The red of errors, on the dark theme.
pub const ERROR_RED: egui::Color32 = egui::Color32::from_rgb(255, 110, 110);

/// The first start's hint at the 3D view's bottom right: the keys to get
/// going and where the rest are, covering none of the map's middle.
pub fn hint(ctx: &egui::Context, area: egui::Rect) {
    super::legend::plate(ctx, "first hint", area, egui::Align2::RIGHT_BOTTOM, |ui| {
        ui.label(egui::RichText::new("Welcome to mapscope").strong());
        for line in [
            "W A S D and right drag: fly and look",
            "O orbit, T top-down, P walk as a player",
            "Ctrl+O or drop a file: open a map",
            "the View menu's Keys: every key",
        ] {
            ui.label(line);
        }
    });
}

/// The key list: a window that can be closed (View → Keys opens it again),
/// at the 3D view's top right corner, where it hides the least of the map
/// the first view frames in the middle.
pub fn keys(ctx: &egui::Context, open: &mut bool, area: egui::Rect) {
    egui::Window::new("Keys and mouse")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::RIGHT_TOP)
        .default_pos(area.right_top() + egui::vec2(-8.0, 8.0))
        .show(ctx, |ui| {
            egui::Grid::new("keys").num_columns(2).show(ui, |ui| {
                for (keys, what) in HELP {
                    ui.label(egui::RichText::new(*keys).strong().monospace());
                    ui.label(*what);
                    ui.end_row();
                }
            });
        });
}

/// Keys and what they do, in the key list and the README.
pub const HELP: &[(&str, &str)] = &[
    ("W A S D", "fly (orbit, top-down: pan)"),
    ("Space, Q / E, C", "up / down"),
    ("Shift", "faster"),
    ("Right drag", "look around (orbit: circle the pivot)"),
    ("Left drag", "orbit: circle the pivot"),
    ("Wheel", "fly speed (orbit, top-down: zoom)"),
    ("O", "orbit mode: drag to circle the pivot"),
    ("T", "top-down view"),
    ("F", "fly to the point under the cursor"),
    (
        "P / Shift+P",
        "walk as a player: from a spawn / where you look",
    ),
    ("walking: W A S D", "move (mouse: look)"),
    ("walking: Space, Ctrl", "jump, crouch"),
    ("walking: Shift, V", "sprint, sneak"),
    ("walking: Esc or P", "fly on from where you stand"),
    ("Home", "overview"),
    ("End", "the file's own camera"),
    ("F5", "reload"),
    ("F12", "screenshot"),
    (
        "G",
        "Analysis: fairness table, ground distances; voxel maps: where teams can go",
    ),
    ("X", "comparing two maps: show the other one"),
    ("Ctrl+O", "open a map (or drop it on the window)"),
    ("Esc", "cancel a load"),
];

/// The menu bar, with a toolbar at its right: camera modes and screenshots.
/// `applies` is what applies to the open map (none while no map is open):
/// the rest is greyed out, with a tooltip saying why.
pub fn menu(
    ui: &mut egui::Ui,
    a: &mut Actions,
    panels: &mut Panels,
    mode: ModeKind,
    recent: &[std::path::PathBuf],
    applies: Option<crate::kinds::Applies>,
) {
    let has_map = applies.is_some();
    let on = applies.unwrap_or_default();
    let no_map = "No map is open";
    // Why an entry is greyed out: no map, or not this kind of map.
    let why = |what: &'static str| if has_map { what } else { no_map };
    egui::Panel::top("menu").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                a.open |= ui.button("Open… (Ctrl+O)").clicked();
                a.open_folder |= ui
                    .button("Open folder…")
                    .on_hover_text("A Warcraft III map saved as a folder")
                    .clicked();
                a.browse |= ui.button("Browse in app…").clicked();
                a.compare |= ui
                    .add_enabled(has_map, egui::Button::new("Compare with…"))
                    .on_hover_text("Another version of this map: what changed, marked on the map")
                    .on_disabled_hover_text(no_map)
                    .clicked();
                ui.menu_button("Recent", |ui| {
                    if recent.is_empty() {
                        ui.label("No maps opened yet");
                    }
                    for p in recent {
                        let name = p.file_name().unwrap_or(p.as_os_str()).to_string_lossy();
                        let hover = p.display().to_string();
                        if ui.button(name).on_hover_text(hover).clicked() {
                            a.open_recent = Some(p.clone());
                        }
                    }
                });
                a.reload |= ui
                    .add_enabled(has_map, egui::Button::new("Reload (F5)"))
                    .on_disabled_hover_text(no_map)
                    .clicked();
                ui.separator();
                a.screenshot |= ui
                    .add_enabled(has_map, egui::Button::new("Screenshot (F12)"))
                    .on_disabled_hover_text(no_map)
                    .clicked();
                a.export |= ui
                    .add_enabled(has_map, egui::Button::new("Export…"))
                    .on_hover_text("The map's meshes as glTF (.glb, .gltf) or OBJ, for Blender")
                    .on_disabled_hover_text(no_map)
                    .clicked();
                a.screenshot_settings |= ui.button("Screenshot settings…").clicked();
                ui.separator();
                a.quit |= ui.button("Quit").clicked();
            });
            ui.menu_button("View", |ui| {
                for (kind, label) in MODES {
                    let radio = egui::RadioButton::new(mode == kind, label);
                    if ui
                        .add_enabled(has_map, radio)
                        .on_disabled_hover_text(no_map)
                        .clicked()
                    {
                        a.mode = Some(kind);
                    }
                }
                a.file_camera |= ui
                    .add_enabled(on.file_camera, egui::Button::new("File's camera (End)"))
                    .on_hover_text("Where the file's own camera stands (Voxlap VXL and ALW headers)")
                    .on_disabled_hover_text(why("This map's file stores no camera (only Voxlap VXL and ALW files do)"))
                    .clicked();
                a.minimap |= ui
                    .add_enabled(has_map, egui::Button::new("Minimap"))
                    .on_hover_text(
                        "The playable area from above in flat colours, framed as the game's own minimap (T goes back)",
                    )
                    .on_disabled_hover_text(no_map)
                    .clicked();
                ui.separator();
                ui.checkbox(&mut panels.info, "Map info");
                ui.checkbox(&mut panels.help, "Keys");
                ui.separator();
                a.view_prefs_changed |= ui
                    .add_enabled(on.spawns, egui::Checkbox::new(&mut panels.spawn_areas, "Spawn areas"))
                    .on_hover_text("Spawn areas as outlined boxes, tinted when seen from outside (remembered)")
                    .on_disabled_hover_text(why("This map has no spawn areas"))
                    .changed();
                ui.add_enabled(
                    on.labels,
                    egui::Checkbox::new(&mut panels.labels, "Labels (ALW entities, lights, players)"),
                )
                .on_disabled_hover_text(why("Only ALW worlds and Warcraft III maps have labels"));
                ui.add_enabled(
                    on.indestructible,
                    egui::Checkbox::new(&mut panels.indestructible, "Indestructible voxels (VMF)"),
                )
                .on_disabled_hover_text(why("Only VMF maps mark voxels indestructible"));
                ui.separator();
                ui.add_enabled_ui(on.objects, |ui| {
                    ui.label("Warcraft III objects");
                    for g in crate::mesh::objects::Group::ALL {
                        let mut shown = panels.objects.get(g);
                        let check = egui::Checkbox::new(&mut shown, g.label());
                        if ui
                            .add(check)
                            .on_disabled_hover_text(why("Only Warcraft III maps have objects"))
                            .changed()
                        {
                            panels.objects.set(g, shown);
                        }
                    }
                });
                // Last, so that the entries above keep their places.
                ui.separator();
                ui.checkbox(&mut panels.analysis, "Analysis (G)").on_hover_text(
                    "How the map plays: Warcraft III's fairness table and ground distances, where each team of a voxel map can go",
                );
            });
            ui.menu_button("Tile flags", |ui| {
                ui.label("Warcraft III tile flags and pathing, tinted over the ground");
                for (i, (flag, label, tint)) in a.overlays.all().into_iter().enumerate() {
                    if i == 7 {
                        ui.separator();
                    }
                    let (enabled, reason) = if i < 7 {
                        (on.tile_flags, "Only W3E terrain and Warcraft III maps have tile flags")
                    } else {
                        (on.pathing, "Only Warcraft III maps with pathing (war3map.wpm) have it")
                    };
                    ui.horizontal(|ui| {
                        swatch(ui, tint);
                        ui.add_enabled(enabled, egui::Checkbox::new(flag, label))
                            .on_disabled_hover_text(why(reason));
                    });
                }
            });
            ui.separator();
            ui.add_enabled_ui(has_map, |ui| {
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
            });
            a.screenshot_settings |= ui
                .button("Settings…")
                .on_hover_text("Screenshot settings: size, UI, folder")
                .clicked();
        });
    });
}

const MODES: [(ModeKind, &str); 4] = [
    (ModeKind::Fly, "Fly"),
    (ModeKind::Orbit, "Orbit (O)"),
    (ModeKind::Top, "Top-down (T)"),
    (ModeKind::Walk, "Walk (P)"),
];
