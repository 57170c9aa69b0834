//! The screenshot settings window: size (as seen, or one chosen), with
//! or without the UI, and the folder pictures go to.

use super::settings::{Settings, MAX_SIDE, PRESETS};

/// What the window asks for besides changing the settings.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Asked {
    pub take_now: bool,
    pub choose_folder: bool,
}

/// Shows the window while `open`; edits `settings` in place.
pub fn show(
    ctx: &egui::Context,
    open: &mut bool,
    settings: &mut Settings,
    seen: [u32; 2],
) -> Asked {
    let mut asked = Asked::default();
    // Where egui first puts a window, at the top left; the Export window
    // opens at the top right.
    egui::Window::new("Screenshot settings")
        .open(open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new("Size").strong());
            let [ww, wh] = seen;
            let what = match settings.with_ui {
                true => "the window",
                false => "the 3D view",
            };
            if ui
                .radio(settings.size.is_none(), format!("As seen: {what}, {ww} x {wh}"))
                .clicked()
            {
                settings.size = None;
            }
            let custom = settings.size.is_some();
            if ui.radio(custom, "Chosen size").clicked() && !custom {
                settings.size = Some(seen);
            }
            ui.horizontal(|ui| {
                let mut size = settings.size.unwrap_or(seen);
                let enabled = settings.size.is_some();
                ui.add_enabled_ui(enabled, |ui| {
                    ui.add(egui::DragValue::new(&mut size[0]).range(1..=MAX_SIDE));
                    ui.label("x");
                    ui.add(egui::DragValue::new(&mut size[1]).range(1..=MAX_SIDE));
                    ui.label("pixels");
                });
                if enabled {
                    settings.size = Some(size);
                }
            });
            ui.horizontal(|ui| {
                for [w, h] in PRESETS {
                    let chosen = settings.size == Some([w, h]);
                    if ui.selectable_label(chosen, format!("{w}x{h}")).clicked() {
                        settings.size = Some([w, h]);
                    }
                }
            });
            ui.separator();
            ui.checkbox(&mut settings.with_ui, "Include the UI (menus and panels)");
            ui.separator();
            ui.label(egui::RichText::new("Folder").strong());
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(settings.folder.display().to_string()).monospace());
            });
            ui.horizontal(|ui| {
                asked.choose_folder |= ui.button("Choose…").clicked();
                if ui.button("Default").clicked() {
                    settings.folder = super::settings::default_folder();
                }
            });
            ui.label(
                egui::RichText::new(
                    "Named from the map and the time; an existing file is never replaced (-2, -3… is added).",
                )
                .weak(),
            );
            ui.separator();
            asked.take_now |= ui.button("Take a screenshot (F12)").clicked();
        });
    asked
}
