//! The menu bar, one function a menu (File, View, Tile flags), with the
//! toolbar at its right: camera modes and screenshots.

use super::{swatch, Actions, Panels};
use crate::app::camera_mode::ModeKind;

/// What the 3D view shows: the camera mode, and whether top-down is the
/// minimap (one entry lit in the View menu and the toolbar, as the status
/// line says).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Showing {
    pub mode: ModeKind,
    pub minimap: bool,
}

impl Showing {
    /// Whether `kind`'s entry is the one lit.
    fn is(self, kind: ModeKind) -> bool {
        self.mode == kind && !self.minimap
    }
}

/// What applies to the open map, for greying out the rest with a tooltip
/// saying why.
#[derive(Clone, Copy)]
struct Greyed {
    has_map: bool,
    on: crate::kinds::Applies,
}

const NO_MAP: &str = "No map is open";

impl Greyed {
    /// Why an entry is greyed out: no map, or not this kind of map.
    fn why(self, what: &'static str) -> &'static str {
        if self.has_map {
            what
        } else {
            NO_MAP
        }
    }
}

/// The menu bar, with a toolbar at its right: camera modes and screenshots.
/// `applies` is what applies to the open map (none while no map is open):
/// the rest is greyed out, with a tooltip saying why.
pub fn menu(
    ui: &mut egui::Ui,
    a: &mut Actions,
    panels: &mut Panels,
    mode: Showing,
    recent: &[std::path::PathBuf],
    applies: Option<crate::kinds::Applies>,
) {
    let g = Greyed {
        has_map: applies.is_some(),
        on: applies.unwrap_or_default(),
    };
    egui::Panel::top("menu").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| file_menu(ui, a, recent, g));
            ui.menu_button("View", |ui| view_menu(ui, a, panels, mode, g));
            ui.menu_button("Tile flags", |ui| tile_flags_menu(ui, a, g));
            ui.separator();
            toolbar(ui, a, mode, g);
        });
    });
}

/// File: open, compare, recent maps, reload, screenshots, export, quit.
fn file_menu(ui: &mut egui::Ui, a: &mut Actions, recent: &[std::path::PathBuf], g: Greyed) {
    let has_map = g.has_map;
    a.open |= ui.button("Open… (Ctrl+O)").clicked();
    a.open_folder |= ui
        .button("Open folder…")
        .on_hover_text("A Warcraft III map saved as a folder")
        .clicked();
    a.browse |= ui.button("Browse in app…").clicked();
    a.compare |= ui
        .add_enabled(has_map, egui::Button::new("Compare with…"))
        .on_hover_text("Another version of this map: what changed, marked on the map")
        .on_disabled_hover_text(NO_MAP)
        .clicked();
    ui.menu_button("Recent", |ui| recent_menu(ui, a, recent));
    a.reload |= ui
        .add_enabled(has_map, egui::Button::new("Reload (F5)"))
        .on_disabled_hover_text(NO_MAP)
        .clicked();
    ui.separator();
    a.screenshot |= ui
        .add_enabled(has_map, egui::Button::new("Screenshot (F12)"))
        .on_disabled_hover_text(NO_MAP)
        .clicked();
    a.export |= ui
        .add_enabled(has_map, egui::Button::new("Export…"))
        .on_hover_text("The map's meshes as glTF (.glb, .gltf) or OBJ, for Blender")
        .on_disabled_hover_text(NO_MAP)
        .clicked();
    a.screenshot_settings |= ui.button("Screenshot settings…").clicked();
    ui.separator();
    a.quit |= ui.button("Quit").clicked();
}

/// File → Recent: the maps opened last, by file name.
fn recent_menu(ui: &mut egui::Ui, a: &mut Actions, recent: &[std::path::PathBuf]) {
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
}

/// View: camera modes, the file's camera, the minimap, panels, what is
/// drawn, and the Analysis window.
fn view_menu(ui: &mut egui::Ui, a: &mut Actions, panels: &mut Panels, mode: Showing, g: Greyed) {
    let on = g.on;
    for (kind, label) in MODES {
        let radio = egui::RadioButton::new(mode.is(kind), label);
        if ui
            .add_enabled(g.has_map, radio)
            .on_disabled_hover_text(NO_MAP)
            .clicked()
        {
            a.mode = Some(kind);
        }
    }
    a.file_camera |= ui
        .add_enabled(on.file_camera, egui::Button::new("File's camera (End)"))
        .on_hover_text("Where the file's own camera stands (Voxlap VXL and ALW headers)")
        .on_disabled_hover_text(
            g.why("This map's file stores no camera (only Voxlap VXL and ALW files do)"),
        )
        .clicked();
    a.minimap |= ui
        .add_enabled(on.minimap, egui::RadioButton::new(mode.minimap, "Minimap"))
        .on_hover_text(
            "The playable area from above in flat colours, framed as the game's own minimap (T goes back)",
        )
        .on_disabled_hover_text(g.why("Only Warcraft III maps have a minimap"))
        .clicked();
    ui.separator();
    ui.checkbox(&mut panels.info, "Map info");
    ui.checkbox(&mut panels.help, "Keys");
    ui.separator();
    drawn_entries(ui, a, panels, g);
    // Last, so that the entries above keep their places.
    ui.separator();
    ui.checkbox(&mut panels.analysis, "Analysis (G)").on_hover_text(
        "How the map plays: Warcraft III's fairness table and ground distances, where each team of a voxel map can go",
    );
}

/// View's entries for what is drawn: spawn areas, labels, indestructible
/// voxels and the groups of Warcraft III objects.
fn drawn_entries(ui: &mut egui::Ui, a: &mut Actions, panels: &mut Panels, g: Greyed) {
    let on = g.on;
    a.view_prefs_changed |= ui
        .add_enabled(
            on.spawns,
            egui::Checkbox::new(&mut panels.spawn_areas, "Spawn areas"),
        )
        .on_hover_text("Spawn areas as outlined boxes, tinted when seen from outside (remembered)")
        .on_disabled_hover_text(g.why("This map has no spawn areas"))
        .changed();
    ui.add_enabled(
        on.labels,
        egui::Checkbox::new(&mut panels.labels, "Labels (ALW entities, lights, players)"),
    )
    .on_disabled_hover_text(g.why("Only ALW worlds and Warcraft III maps have labels"));
    ui.add_enabled(
        on.indestructible,
        egui::Checkbox::new(&mut panels.indestructible, "Indestructible voxels (VMF)"),
    )
    .on_disabled_hover_text(g.why("Only VMF maps mark voxels indestructible"));
    ui.separator();
    ui.add_enabled_ui(on.objects, |ui| {
        ui.label("Warcraft III objects");
        for group in crate::mesh::objects::Group::ALL {
            let mut shown = panels.objects.get(group);
            let check = egui::Checkbox::new(&mut shown, group.label());
            if ui
                .add(check)
                .on_disabled_hover_text(g.why("Only Warcraft III maps have objects"))
                .changed()
            {
                panels.objects.set(group, shown);
            }
        }
    });
}

/// Tile flags: the W3E tile flags and Warcraft III pathing tints, each with
/// its colour.
fn tile_flags_menu(ui: &mut egui::Ui, a: &mut Actions, g: Greyed) {
    ui.label("Warcraft III tile flags and pathing, tinted over the ground");
    for (i, (flag, label, tint)) in a.overlays.all().into_iter().enumerate() {
        if i == 7 {
            ui.separator();
        }
        let (enabled, reason) = if i < 7 {
            (
                g.on.tile_flags,
                "Only W3E terrain and Warcraft III maps have tile flags",
            )
        } else {
            (
                g.on.pathing,
                "Only Warcraft III maps with pathing (war3map.wpm) have it",
            )
        };
        ui.horizontal(|ui| {
            swatch(ui, tint);
            ui.add_enabled(enabled, egui::Checkbox::new(flag, label))
                .on_disabled_hover_text(g.why(reason));
        });
    }
}

/// The toolbar right of the menus: the camera modes by their short names,
/// Screenshot and the screenshot settings.
fn toolbar(ui: &mut egui::Ui, a: &mut Actions, mode: Showing, g: Greyed) {
    ui.add_enabled_ui(g.has_map, |ui| {
        for (kind, label) in MODES {
            let short = label.split(' ').next().unwrap_or(label);
            if ui
                .selectable_label(mode.is(kind), short)
                .on_hover_text(label)
                .clicked()
            {
                a.mode = Some(kind);
            }
        }
        if g.on.minimap {
            a.minimap |= ui
                .selectable_label(mode.minimap, "Minimap")
                .on_hover_text("View → Minimap: the playable area as the game's minimap draws it")
                .clicked();
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
}

const MODES: [(ModeKind, &str); 4] = [
    (ModeKind::Fly, "Fly"),
    (ModeKind::Orbit, "Orbit (O)"),
    (ModeKind::Top, "Top-down (T)"),
    (ModeKind::Walk, "Walk (P)"),
];
