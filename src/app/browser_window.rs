//! The in-app file browser's window: a path field (type or paste a file or
//! folder and press Enter), a filter (type to narrow the listing by name),
//! the folder's folders and files with the maps marked, Warcraft III map
//! folders among them. Double-click, Enter or Open opens a map (a map
//! folder too) or enters a folder; "Browse inside" enters a map folder.
//! Folders are listed (and their files sniffed) on a background thread.
//!
//! The keyboard: the filter has it whenever no other field does, so typing
//! filters at once; ↑ and ↓ move the selection, Enter opens it (or the
//! first match), Ctrl+L goes to the path field, Esc closes the window.
//! Only what is labelled a map opens from the listing: anything else (a
//! damaged map, a sidecar's text) says why instead. A typed path is opened
//! whatever it is, so that its own error can be read.

mod new_folder;
mod rows;

use super::browser::{self, Entry, Kind, Listing};
use super::wake::Wake;
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
    /// Choosing a map to compare the open one with.
    CompareWith,
}

/// The user's answer, when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Open(PathBuf),
    Folder(PathBuf),
    Cancel,
}

/// What choosing an entry or a typed path does.
enum Step {
    /// Show this folder.
    Enter(PathBuf),
    Answer(Answer),
    /// Nothing happens, for this reason.
    Refused(String),
}

pub struct BrowserWindow {
    pub purpose: Purpose,
    folder: PathBuf,
    path_text: String,
    filter: String,
    listing: Option<Listing>,
    error: Option<String>,
    pending: Option<Receiver<std::io::Result<Listing>>>,
    /// Wakes the window when a listing arrives.
    wake: Wake,
    selected: Option<PathBuf>,
    maps_only: bool,
    /// Ctrl+L: the path field takes the keyboard, its text selected.
    focus_path: bool,
    /// The selection moved by key: scroll it into view.
    reveal: bool,
    /// Selected once the folder's listing arrives (a folder just made).
    select_when_listed: Option<PathBuf>,
    /// The name typed for a new folder, while one is asked for, and
    /// whether its field is still to take the keyboard.
    new_folder: Option<(String, bool)>,
}

impl BrowserWindow {
    pub fn new(purpose: Purpose, folder: PathBuf, wake: Wake) -> BrowserWindow {
        let mut b = BrowserWindow {
            purpose,
            folder: PathBuf::new(),
            path_text: String::new(),
            filter: String::new(),
            listing: None,
            error: None,
            pending: None,
            wake,
            selected: None,
            maps_only: false,
            focus_path: false,
            reveal: false,
            select_when_listed: None,
            new_folder: None,
        };
        b.go(folder);
        b
    }

    /// Whether a listing is on its way (the window needs redrawing then).
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    /// The folder listed: where the user was when the window closed.
    pub fn folder(&self) -> &Path {
        self.listing.as_ref().map_or(&self.folder, |l| &l.folder)
    }

    fn go(&mut self, folder: PathBuf) {
        let folder = std::fs::canonicalize(&folder).unwrap_or(folder);
        self.path_text = folder.display().to_string();
        self.folder = folder.clone();
        self.selected = None;
        self.select_when_listed = None;
        self.error = None;
        // A filter is for one folder's names.
        self.filter.clear();
        let (tx, rx) = channel();
        let wake = self.wake.clone();
        std::thread::spawn(move || {
            let _ = tx.send(browser::list(&folder));
            wake.wake();
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
                    self.selected = self.select_when_listed.take();
                    self.reveal = true;
                }
                self.pending = None;
            }
            Ok(Err(e)) => {
                self.error = Some(format!("cannot read {}: {e}", self.folder.display()));
                // The folder listed before stays, and the path says so.
                if let Some(listed) = &self.listing {
                    self.folder = listed.folder.clone();
                    self.path_text = self.folder.display().to_string();
                }
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
            Purpose::CompareWith => "Compare with a map",
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
        // Esc closes it, as it closes any dialog (a focused field gives the
        // keyboard up on Esc, and the window closes all the same).
        if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            answer = Some(Answer::Cancel);
        }
        answer
    }

    /// The entries the purpose shows (folders only when choosing one, maps
    /// and damaged maps with "Maps only"), before the filter.
    fn eligible(&self) -> Vec<&Entry> {
        let Some(listing) = &self.listing else {
            return Vec::new();
        };
        listing
            .entries
            .iter()
            .filter(|e| match (&e.kind, self.purpose, self.maps_only) {
                (Kind::Folder | Kind::MapFolder, _, _) => true,
                (_, Purpose::ChooseFolder, _) => false,
                (Kind::Map(_) | Kind::Damaged { .. }, _, _) => true,
                (Kind::Replay, Purpose::OpenMap, _) => true,
                (_, _, maps_only) => !maps_only,
            })
            .collect()
    }

    /// The entries shown: the purpose's and the filter's.
    fn visible(&self) -> Vec<&Entry> {
        let mut shown = self.eligible();
        shown.retain(|e| browser::matches_filter(&e.name, &self.filter));
        shown
    }

    /// What the listing's counts are, in words: how many the filter
    /// matches of what it looks through, and what the purpose hides.
    fn counts(&self) -> Option<String> {
        let listing = self.listing.as_ref()?;
        let eligible = self.eligible().len();
        let what = match self.purpose {
            Purpose::ChooseFolder => "folders",
            _ if self.maps_only => "maps and folders",
            _ => "entries",
        };
        let mut parts = Vec::new();
        if !self.filter.trim().is_empty() {
            parts.push(format!(
                "{} of {eligible} {what} match",
                self.visible().len()
            ));
        } else if eligible == 0 {
            parts.push(format!("no {what} here"));
        }
        let hidden = listing.entries.len() - eligible;
        if hidden > 0 {
            parts.push(match self.purpose {
                Purpose::ChooseFolder => format!("{hidden} files not shown"),
                _ => format!("{hidden} files that are not maps hidden"),
            });
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }

    fn entry(&self, path: &Path) -> Option<&Entry> {
        self.listing
            .as_ref()?
            .entries
            .iter()
            .find(|e| e.path == path)
    }

    /// What opening `path` (of kind `kind`) does: a folder is entered, a
    /// map folder opened as a map (entered when choosing a folder), a file
    /// opened.
    fn step(&self, path: &Path, kind: &Kind) -> Step {
        let name = path
            .file_name()
            .unwrap_or(path.as_os_str())
            .to_string_lossy();
        let why_not = kind.why_not_a_map(&name);
        let path = path.to_path_buf();
        match (kind, self.purpose) {
            (Kind::Folder, _) | (Kind::MapFolder, Purpose::ChooseFolder) => Step::Enter(path),
            (Kind::MapFolder, _) => Step::Answer(Answer::Open(path)),
            (_, Purpose::ChooseFolder) => {
                Step::Refused(format!("{} is a file; choose a folder", path.display()))
            }
            _ => match why_not {
                Some(why) => Step::Refused(why),
                None => Step::Answer(Answer::Open(path)),
            },
        }
    }

    /// What Enter on a typed or pasted path does.
    fn typed(&self) -> Step {
        let path = browser::typed_path(&self.path_text, &self.folder);
        let path = std::fs::canonicalize(&path).unwrap_or(path);
        if path.is_dir() {
            let kind = if crate::formats::is_map_folder(&path) {
                Kind::MapFolder
            } else {
                Kind::Folder
            };
            self.step(&path, &kind)
        } else if path.is_file() && self.purpose == Purpose::ChooseFolder {
            self.step(&path, &Kind::Other)
        } else if path.is_file() {
            // Named by the user: opened whatever it is, to say what it is.
            Step::Answer(Answer::Open(path))
        } else {
            Step::Refused(format!("{}: no such file or folder", path.display()))
        }
    }

    /// Enter with the filter (or nothing) focused: the selection, or the
    /// first entry shown when the filter has narrowed the listing.
    fn enter_target(&self) -> Option<(PathBuf, Kind)> {
        let visible = self.visible();
        let chosen = self
            .selected
            .as_ref()
            .and_then(|s| visible.iter().find(|e| &e.path == s))
            .or_else(|| visible.first().filter(|_| !self.filter.trim().is_empty()))?;
        Some((chosen.path.clone(), chosen.kind.clone()))
    }

    /// ↑ / ↓: the selection moves through the entries shown.
    fn move_selection(&mut self, by: isize) {
        let visible = self.visible();
        if visible.is_empty() {
            return;
        }
        let at = self
            .selected
            .as_ref()
            .and_then(|s| visible.iter().position(|e| &e.path == s));
        let next = match at {
            Some(i) => (i as isize + by).clamp(0, visible.len() as isize - 1) as usize,
            None if by > 0 => 0,
            None => visible.len() - 1,
        };
        self.selected = Some(visible[next].path.clone());
        self.reveal = true;
    }

    fn contents(&mut self, ui: &mut egui::Ui) -> Option<Answer> {
        let path_id = ui.make_persistent_id("browser-path");
        let filter_id = ui.make_persistent_id("browser-filter");
        // Keys the browser itself handles, taken before any field sees them.
        let (down, up, ctrl_l) = ui.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown),
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp),
                i.consume_key(egui::Modifiers::COMMAND, egui::Key::L),
            )
        });
        if down || up {
            self.move_selection(if down { 1 } else { -1 });
        }
        if ctrl_l {
            self.focus_path = true;
        }
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
        let nothing_focused = ui.memory(|m| m.focused().is_none());
        let mut step = ui.horizontal(|ui| self.path_bar(ui, path_id, enter)).inner;
        let typed = step.is_some();
        let filtered = ui
            .horizontal(|ui| self.filter_bar(ui, filter_id, enter, nothing_focused, typed))
            .inner;
        step = step.or(filtered);
        ui.separator();
        if self.busy() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("reading the folder…");
            });
        }
        // A line kept for a message whether or not there is one, then the
        // buttons where they always were: a message above the list would
        // move every row down under the pointer, so that the next click
        // picked another file.
        let bottom = 56.0;
        // One scroll position a folder: a new folder opens at its top.
        egui::ScrollArea::vertical()
            .id_salt(&self.folder)
            .max_height((ui.available_height() - bottom).max(60.0))
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if let Some(s) = self.rows(ui) {
                    step = Some(s);
                }
            });
        ui.separator();
        let said = self.error.as_deref().unwrap_or(" ");
        let line = egui::RichText::new(said).color(egui::Color32::LIGHT_RED);
        ui.add(egui::Label::new(line).truncate())
            .on_hover_text(said);
        ui.horizontal(|ui| {
            if let Some(s) = self.buttons(ui) {
                step = Some(s);
            }
        });
        self.take_step(step?)
    }

    /// The top row: Parent folder, Home, and the path field (Enter there
    /// goes to what was typed; Ctrl+L selects it all).
    fn path_bar(&mut self, ui: &mut egui::Ui, path_id: egui::Id, enter: bool) -> Option<Step> {
        let mut step = None;
        if ui.button("Parent folder").clicked() {
            if let Some(p) = self.folder.parent() {
                step = Some(Step::Enter(p.to_path_buf()));
            }
        }
        if ui.button("Home").clicked() {
            if let Some(home) = std::env::var_os("HOME") {
                step = Some(Step::Enter(PathBuf::from(home)));
            }
        }
        let edit = egui::TextEdit::singleline(&mut self.path_text)
            .id(path_id)
            .desired_width(f32::INFINITY)
            .hint_text("a folder or a file: type or paste, then Enter");
        let mut output = edit.show(ui);
        if std::mem::take(&mut self.focus_path) {
            output.response.request_focus();
            let all = egui::text::CCursorRange::two(
                egui::text::CCursor::new(0),
                egui::text::CCursor::new(self.path_text.chars().count()),
            );
            output.state.cursor.set_char_range(Some(all));
            output.state.store(ui.ctx(), path_id);
        }
        if output.response.lost_focus() && enter {
            step = Some(self.typed());
        }
        step
    }

    /// The second row: the filter (which has the keyboard when no other
    /// field does; Enter there opens the selection, unless the path field
    /// already `stepped`), the counts and "Maps only".
    fn filter_bar(
        &mut self,
        ui: &mut egui::Ui,
        filter_id: egui::Id,
        enter: bool,
        nothing_focused: bool,
        stepped: bool,
    ) -> Option<Step> {
        let mut step = None;
        ui.label("Filter");
        let before = self.filter.clone();
        let filter = ui.add(
            egui::TextEdit::singleline(&mut self.filter)
                .id(filter_id)
                .desired_width(180.0)
                .hint_text("type to filter by name"),
        );
        // Typing goes to the filter whenever no other field has the
        // keyboard.
        if nothing_focused && !self.focus_path {
            filter.request_focus();
        }
        if self.filter != before && !self.filter.trim().is_empty() {
            // The first match that opens is selected, so Enter opens it.
            let visible = self.visible();
            let opens = visible.iter().find(|e| e.kind.why_not_a_map("").is_none());
            self.selected = opens.or(visible.first()).map(|e| e.path.clone());
            self.reveal = true;
        }
        if !self.filter.is_empty() && ui.small_button("Clear").clicked() {
            self.filter.clear();
        }
        if (filter.lost_focus() || nothing_focused) && enter && !stepped {
            if let Some((path, kind)) = self.enter_target() {
                step = Some(self.step(&path, &kind));
            }
        }
        if let Some(counts) = self.counts() {
            ui.label(egui::RichText::new(counts).weak());
        }
        if self.purpose == Purpose::OpenMap {
            ui.checkbox(&mut self.maps_only, "Maps only")
                .on_hover_text("Maps are found by their content, whatever their extension.");
        }
        step
    }

    /// Where a step leads: into a folder, an answer, or a refusal shown.
    fn take_step(&mut self, step: Step) -> Option<Answer> {
        match step {
            Step::Enter(folder) => {
                self.go(folder);
                None
            }
            Step::Answer(a) => Some(a),
            Step::Refused(why) => {
                self.error = Some(why);
                // The path field shows the folder listed, not what failed.
                self.path_text = self.folder().display().to_string();
                None
            }
        }
    }

    fn buttons(&mut self, ui: &mut egui::Ui) -> Option<Step> {
        let mut step = None;
        let selected = self
            .selected
            .as_deref()
            .and_then(|p| self.entry(p))
            .map(|e| (e.path.clone(), e.kind.clone()));
        match self.purpose {
            Purpose::OpenMap | Purpose::OpenMapFolder | Purpose::CompareWith => {
                let open = ui
                    .add_enabled(selected.is_some(), egui::Button::new("Open"))
                    .on_hover_text("Open the map (a map folder too), or enter the folder");
                if open.clicked() {
                    if let Some((p, k)) = &selected {
                        step = Some(self.step(p, k));
                    }
                }
                let map_folder = selected.as_ref().filter(|(_, k)| *k == Kind::MapFolder);
                let browse = ui
                    .add_enabled(map_folder.is_some(), egui::Button::new("Browse inside"))
                    .on_hover_text("Show the map folder's files instead of opening it")
                    .on_disabled_hover_text("For a Warcraft III map folder: show its files");
                if browse.clicked() {
                    step = map_folder.map(|(p, _)| Step::Enter(p.clone()));
                }
                // Inside a map folder, the folder itself opens as a map.
                if crate::formats::is_map_folder(&self.folder)
                    && ui.button("Open this folder as a map").clicked()
                {
                    step = Some(Step::Answer(Answer::Open(self.folder.clone())));
                }
                if ui.button("Cancel").clicked() {
                    step = Some(Step::Answer(Answer::Cancel));
                }
                if let Some((p, _)) = &selected {
                    ui.label(p.display().to_string());
                }
            }
            Purpose::ChooseFolder => {
                // The folder highlighted, else the one listed.
                let (chosen, what) = match selected.filter(|(_, k)| k.why_not_a_map("").is_none()) {
                    Some((p, _)) => (p, "Use the highlighted folder"),
                    None => (self.folder.clone(), "Use this folder"),
                };
                let use_it = ui.button(what).on_hover_text(chosen.display().to_string());
                if use_it.clicked() {
                    step = Some(Step::Answer(Answer::Folder(chosen)));
                }
                if ui.button("Cancel").clicked() {
                    step = Some(Step::Answer(Answer::Cancel));
                }
                self.new_folder_button(ui);
            }
        }
        step
    }
}
