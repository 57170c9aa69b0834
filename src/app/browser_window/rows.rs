//! The browser's listing: a row an entry, its name and its label in the
//! label's colour (green: it opens as a map; orange: a map's extension or
//! start that would not open, with the reason on hover), and its size.

use super::{BrowserWindow, Step};
use crate::app::browser::{self, Entry, Kind};

const MAP_COLOUR: egui::Color32 = egui::Color32::LIGHT_GREEN;
const FOLDER_COLOUR: egui::Color32 = egui::Color32::from_rgb(140, 180, 255);
const NOT_A_MAP_COLOUR: egui::Color32 = egui::Color32::from_rgb(230, 150, 110);
const DAMAGED_COLOUR: egui::Color32 = egui::Color32::from_rgb(255, 120, 90);

/// The name shown, the label and its colour.
fn label(e: &Entry) -> (String, String, Option<egui::Color32>) {
    match &e.kind {
        Kind::Folder => (format!("{}/", e.name), "folder".into(), Some(FOLDER_COLOUR)),
        Kind::MapFolder => (
            format!("{}/", e.name),
            "map: Warcraft III map folder".into(),
            Some(MAP_COLOUR),
        ),
        Kind::Map(f) => (
            e.name.clone(),
            format!("map: {}", f.label()),
            Some(MAP_COLOUR),
        ),
        Kind::Replay => (
            e.name.clone(),
            "Warcraft III replay: opens on its map".into(),
            Some(MAP_COLOUR),
        ),
        Kind::Damaged { format, .. } => (
            e.name.clone(),
            format!("damaged {} (hover: why)", format.label()),
            Some(DAMAGED_COLOUR),
        ),
        Kind::NotAMap { .. } => (
            e.name.clone(),
            "not a map (hover: why)".into(),
            Some(NOT_A_MAP_COLOUR),
        ),
        Kind::Other => (e.name.clone(), String::new(), None),
    }
}

fn coloured(text: String, colour: Option<egui::Color32>) -> egui::RichText {
    let text = egui::RichText::new(text);
    match colour {
        Some(c) => text.color(c),
        None => text,
    }
}

impl BrowserWindow {
    /// The entries shown, as a table; a double-click opens one (see
    /// [`Self::step`]), a right-click offers to browse a map folder.
    pub(super) fn rows(&mut self, ui: &mut egui::Ui) -> Option<Step> {
        let listing = self.listing.as_ref()?;
        let mut step = None;
        let mut clicked = None;
        let reveal = std::mem::take(&mut self.reveal);
        let visible = self.visible();
        egui::Grid::new("browser-rows")
            .num_columns(3)
            .striped(true)
            .spacing([16.0, 2.0])
            .show(ui, |ui| {
                for e in &visible {
                    let (name, kind, colour) = label(e);
                    let selected = self.selected.as_deref() == Some(e.path.as_path());
                    let r = ui.selectable_label(selected, coloured(name, colour));
                    if selected && reveal {
                        r.scroll_to_me(None);
                    }
                    if r.clicked() {
                        clicked = Some(e.path.clone());
                    }
                    if r.double_clicked() {
                        step = Some(self.step(&e.path, &e.kind));
                    }
                    if e.kind == Kind::MapFolder {
                        r.context_menu(|ui| {
                            if ui.button("Open as a map").clicked() {
                                step = Some(self.step(&e.path, &e.kind));
                                ui.close();
                            }
                            if ui.button("Browse inside").clicked() {
                                step = Some(Step::Enter(e.path.clone()));
                                ui.close();
                            }
                        });
                    }
                    let k = ui.label(coloured(kind, colour));
                    if let Kind::NotAMap { why } | Kind::Damaged { why, .. } = &e.kind {
                        k.on_hover_text(why);
                    }
                    if e.is_folder() {
                        ui.label("");
                    } else {
                        ui.label(browser::human_size(e.size));
                    }
                    ui.end_row();
                }
                if listing.entries.is_empty() {
                    ui.label("(empty folder)");
                    ui.end_row();
                } else if visible.is_empty() && !self.filter.trim().is_empty() {
                    ui.label(format!("(nothing matches \"{}\")", self.filter.trim()));
                    ui.end_row();
                }
            });
        if let Some(p) = clicked {
            self.selected = Some(p);
        }
        step
    }
}
