//! The in-app file browser's window: the folder's path, its parent, its
//! folders and files with the maps marked, opened by double-click or Open.
//! Folders are listed (and their files sniffed) on a background thread.

use super::browser::{self, Kind, Listing};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver};

/// What the browser is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    OpenMap,
    /// Opening a Warcraft III map folder.
    OpenMapFolder,
    /// Choosing the screenshot folder.
    ChooseFolder,
}

/// The user's answer, when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Open(PathBuf),
    Folder(PathBuf),
    Cancel,
}

pub struct BrowserWindow {
    pub purpose: Purpose,
    folder: PathBuf,
    path_text: String,
    listing: Option<Listing>,
    error: Option<String>,
    pending: Option<Receiver<std::io::Result<Listing>>>,
    selected: Option<PathBuf>,
    maps_only: bool,
}

impl BrowserWindow {
    pub fn new(purpose: Purpose, folder: PathBuf) -> BrowserWindow {
        let mut b = BrowserWindow {
            purpose,
            folder: PathBuf::new(),
            path_text: String::new(),
            listing: None,
            error: None,
            pending: None,
            selected: None,
            maps_only: false,
        };
        b.go(folder);
        b
    }

    /// Whether a listing is on its way (the window needs redrawing then).
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    fn go(&mut self, folder: PathBuf) {
        let folder = std::fs::canonicalize(&folder).unwrap_or(folder);
        self.path_text = folder.display().to_string();
        self.folder = folder.clone();
        self.selected = None;
        self.error = None;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let _ = tx.send(browser::list(&folder));
        });
        self.pending = Some(rx);
    }

    fn poll(&mut self) {
        let Some(rx) = &self.pending else { return };
        match rx.try_recv() {
            Ok(Ok(listing)) => {
                // An older folder's answer arriving late is dropped.
                if listing.folder == self.folder {
                    self.listing = Some(listing);
                }
                self.pending = None;
            }
            Ok(Err(e)) => {
                self.error = Some(format!("cannot read {}: {e}", self.folder.display()));
                self.listing = None;
                self.pending = None;
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => {}
            Err(std::sync::mpsc::TryRecvError::Disconnected) => self.pending = None,
        }
    }

    pub fn show(&mut self, ctx: &egui::Context) -> Option<Answer> {
        self.poll();
        let title = match self.purpose {
            Purpose::OpenMap => "Open a map",
            Purpose::OpenMapFolder => "Open a Warcraft III map folder",
            Purpose::ChooseFolder => "Choose the screenshot folder",
        };
        let mut answer = None;
        let mut open = true;
        egui::Window::new(title)
            .open(&mut open)
            .default_size([620.0, 440.0])
            .collapsible(false)
            .show(ctx, |ui| answer = self.contents(ui));
        // Esc closes it, as it closes any dialog.
        if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            answer = Some(Answer::Cancel);
        }
        answer
    }

    fn contents(&mut self, ui: &mut egui::Ui) -> Option<Answer> {
        let mut answer = None;
        let mut go_to = None;
        ui.horizontal(|ui| {
            if ui.button("Parent folder").clicked() {
                go_to = self.folder.parent().map(Path::to_path_buf);
            }
            if ui.button("Home").clicked() {
                go_to = std::env::var_os("HOME").map(PathBuf::from);
            }
            let edit = ui.add(
                egui::TextEdit::singleline(&mut self.path_text)
                    .desired_width(f32::INFINITY)
                    .hint_text("folder"),
            );
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                go_to = Some(PathBuf::from(&self.path_text));
            }
        });
        if self.purpose == Purpose::OpenMap {
            ui.horizontal(|ui| {
                ui.checkbox(&mut self.maps_only, "Maps only");
                ui.label(
                    egui::RichText::new(
                        "Maps are found by their content, whatever their extension.",
                    )
                    .weak(),
                );
            });
        }
        ui.separator();
        if let Some(e) = &self.error {
            ui.colored_label(egui::Color32::LIGHT_RED, e);
        }
        if self.busy() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("reading the folder…");
            });
        }
        let bottom = 34.0;
        // One scroll position a folder: a new folder opens at its top.
        egui::ScrollArea::vertical()
            .id_salt(&self.folder)
            .max_height((ui.available_height() - bottom).max(60.0))
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if let Some(a) = self.rows(ui, &mut go_to) {
                    answer = Some(a);
                }
            });
        ui.separator();
        // A Warcraft III map folder opens as a map.
        let map_folder = self.folder.join("war3map.w3e").is_file();
        ui.horizontal(|ui| match self.purpose {
            Purpose::OpenMap | Purpose::OpenMapFolder => {
                let file = self.selected.clone().filter(|p| !p.is_dir());
                if ui
                    .add_enabled(file.is_some(), egui::Button::new("Open"))
                    .clicked()
                {
                    answer = file.map(Answer::Open);
                }
                let folder_button = egui::Button::new("Open this folder as a map");
                if ui
                    .add_enabled(map_folder, folder_button)
                    .on_disabled_hover_text("A Warcraft III map folder holds war3map.w3e")
                    .clicked()
                {
                    answer = Some(Answer::Open(self.folder.clone()));
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(Answer::Cancel);
                }
                if let Some(p) = &self.selected {
                    ui.label(p.display().to_string());
                }
            }
            Purpose::ChooseFolder => {
                if ui.button("Use this folder").clicked() {
                    answer = Some(Answer::Folder(self.folder.clone()));
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(Answer::Cancel);
                }
            }
        });
        if let Some(folder) = go_to {
            self.go(folder);
        }
        answer
    }

    /// The folder's entries as a table; a double-click enters a folder or
    /// opens a file.
    fn rows(&mut self, ui: &mut egui::Ui, go_to: &mut Option<PathBuf>) -> Option<Answer> {
        let listing = self.listing.as_ref()?;
        let mut answer = None;
        let mut clicked = None;
        egui::Grid::new("browser-rows")
            .num_columns(3)
            .striped(true)
            .spacing([16.0, 2.0])
            .show(ui, |ui| {
                for e in &listing.entries {
                    let show = match (&e.kind, self.purpose, self.maps_only) {
                        (Kind::Folder, _, _) => true,
                        (_, Purpose::ChooseFolder, _) => false,
                        (Kind::Map(_), _, _) => true,
                        (_, _, maps_only) => !maps_only,
                    };
                    if !show {
                        continue;
                    }
                    let (name, kind, color) = match &e.kind {
                        Kind::Folder => (
                            format!("{}/", e.name),
                            "folder".to_string(),
                            Some(egui::Color32::from_rgb(140, 180, 255)),
                        ),
                        Kind::Map(f) => (
                            e.name.clone(),
                            format!("map: {}", f.label()),
                            Some(egui::Color32::LIGHT_GREEN),
                        ),
                        Kind::NotAMap { .. } => (
                            e.name.clone(),
                            "not a map (hover: why)".to_string(),
                            Some(egui::Color32::from_rgb(230, 150, 110)),
                        ),
                        Kind::Other => (e.name.clone(), String::new(), None),
                    };
                    let mut text = egui::RichText::new(name);
                    if let Some(c) = color {
                        text = text.color(c);
                    }
                    let selected = self.selected.as_deref() == Some(e.path.as_path());
                    let r = ui.selectable_label(selected, text);
                    if r.clicked() {
                        clicked = Some(e.path.clone());
                    }
                    if r.double_clicked() {
                        if e.kind == Kind::Folder {
                            *go_to = Some(e.path.clone());
                        } else if self.purpose == Purpose::OpenMap {
                            answer = Some(Answer::Open(e.path.clone()));
                        }
                    }
                    let mut kind_label = egui::RichText::new(kind);
                    if let Some(c) = color {
                        kind_label = kind_label.color(c);
                    }
                    let k = ui.label(kind_label);
                    if let Kind::NotAMap { why } = &e.kind {
                        k.on_hover_text(why);
                    }
                    if e.kind == Kind::Folder {
                        ui.label("");
                    } else {
                        ui.label(browser::human_size(e.size));
                    }
                    ui.end_row();
                }
                if listing.entries.is_empty() {
                    ui.label("(empty folder)");
                    ui.end_row();
                }
            });
        if let Some(p) = clicked {
            self.selected = Some(p);
        }
        answer
    }
}
