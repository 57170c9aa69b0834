//! The status line, the map's side panels and the error screen.

use super::{side_panel, wrapped, Actions, CompareTab, MapView, Panels, Side, Status};

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

/// The status line, and the map's panels when a map is open: at the left
/// the Map panel, or while comparing the Changes panel in its place (with
/// the Map panel a tab beside it); the Inspector at the right. Sets the
/// spawn area clicked in the Spawns list, and whether a panel was collapsed
/// or opened (remembered).
pub fn draw(
    ui: &mut egui::Ui,
    status: &Status,
    map: Option<&MapView<'_>>,
    changes: Option<&crate::app::compare::ChangesView<'_>>,
    panels: &mut Panels,
    a: &mut Actions,
) {
    let shown = egui::Panel::bottom("status").show(ui, |ui| {
        if let Some((name, stage)) = &status.loading {
            progress(ui, name, stage);
        }
        if let Some(v) = map {
            wrapped(ui, &status.camera);
            wrapped(ui, &v.stats);
        }
    });
    // A status line that grew this frame (a large map's first figures
    // wrapping to two lines) was laid out in the last frame's height and
    // cut off at the window's bottom: one more frame lays it out whole,
    // though nothing else asks for one.
    let height = shown.response.rect.height();
    let id = ui.scope_id().with("status line height");
    let before = ui.ctx().data_mut(|d| {
        let before = d.get_temp::<f32>(id);
        d.insert_temp(id, height);
        before
    });
    if before.is_some_and(|h| (h - height).abs() > 0.5) {
        ui.ctx().request_repaint();
    }
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
