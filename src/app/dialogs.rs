//! Native file dialogs on their own thread, so drawing never stops, and the
//! choice between them and the in-app browser.

use super::browser_window::{BrowserWindow, Purpose};
use super::wake::Wake;
use super::{browser, App};
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A native dialog that answered this fast was never seen by anyone: rfd
/// found nothing to show it with.
pub(super) const TOO_FAST: Duration = Duration::from_millis(300);

/// A native dialog in flight.
pub struct Pending {
    pub purpose: Purpose,
    pub started: Instant,
    rx: Receiver<Option<PathBuf>>,
}

impl Pending {
    /// `Some(answer)` once the dialog has closed.
    pub fn poll(&self) -> Option<Option<PathBuf>> {
        self.rx.try_recv().ok()
    }
}

/// The native dialog for `purpose`. Maps are filtered by their usual
/// extensions (both cases, as the portal's patterns are case-sensitive),
/// with "All files" as the second choice, since content decides the format.
pub fn native(purpose: Purpose, start: Option<PathBuf>, wake: Wake) -> Pending {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut dialog = rfd::FileDialog::new();
        if let Some(dir) = start {
            dialog = dialog.set_directory(dir);
        }
        let answer = match purpose {
            Purpose::OpenMap | Purpose::CompareWith => dialog
                .add_filter("Maps", &map_filter())
                .add_filter("All files", &["*"])
                .pick_file(),
            Purpose::ChooseFolder | Purpose::OpenMapFolder => dialog.pick_folder(),
        };
        let _ = tx.send(answer);
        wake.wake();
    });
    Pending {
        purpose,
        started: Instant::now(),
        rx,
    }
}

/// The map extensions in lower and upper case, and replays' (a replay
/// opens its map with the game on it).
pub fn map_filter() -> Vec<String> {
    browser::MAP_EXTENSIONS
        .iter()
        .chain(&["w3g"])
        .flat_map(|e| [e.to_string(), e.to_uppercase()])
        .collect()
}

impl App {
    /// Ctrl+O, File → Open…: the native dialog where one can be shown, the
    /// in-app browser otherwise.
    pub(super) fn open_dialog(&mut self) {
        self.ask(Purpose::OpenMap);
    }

    /// File → Open folder…: a Warcraft III map folder, the same way.
    pub(super) fn open_folder_dialog(&mut self) {
        self.ask(Purpose::OpenMapFolder);
    }

    /// File → Compare with…: a second map, the same way.
    pub(super) fn compare_dialog(&mut self) {
        self.ask(Purpose::CompareWith);
    }

    /// Choosing the screenshot folder, the same way.
    pub(super) fn choose_shot_folder(&mut self) {
        self.ask(Purpose::ChooseFolder);
    }

    fn ask(&mut self, purpose: Purpose) {
        if self.dialog.is_some() {
            return;
        }
        if browser::native_dialog_available() {
            self.dialog = Some(native(
                purpose,
                self.start_folder(purpose),
                self.wake.clone(),
            ));
        } else {
            self.browse(purpose);
        }
    }

    /// The in-app browser, whatever native dialogs there are.
    pub(super) fn browse(&mut self, purpose: Purpose) {
        let start = self
            .start_folder(purpose)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("."));
        self.browser = Some(BrowserWindow::new(purpose, start, self.wake.clone()));
    }

    fn start_folder(&self, purpose: Purpose) -> Option<PathBuf> {
        match purpose {
            // Where the user last was, else the map shown's folder, or the
            // one on its way (the map named on the command line, with
            // `--start-with browser`).
            Purpose::OpenMap | Purpose::OpenMapFolder | Purpose::CompareWith => self
                .last_folder
                .clone()
                .or_else(|| {
                    let source = self.current.as_ref().map(|c| &c.source);
                    let source = source.or(self.load.as_ref().map(|l| &l.source))?;
                    source.path()?.parent().map(PathBuf::from)
                })
                .filter(|d| d.is_dir())
                .or_else(super::recent::last_folder),
            Purpose::ChooseFolder => Some(self.shots.settings.folder.clone()),
        }
    }

    /// Where a dialog for maps closed: where the next one opens.
    pub(super) fn remember_folder(&mut self, purpose: Purpose, folder: PathBuf) {
        if purpose != Purpose::ChooseFolder {
            self.last_folder = Some(folder);
        }
    }

    /// Takes a native dialog's answer once it has closed.
    pub(super) fn poll_dialog(&mut self) {
        let Some(pending) = &self.dialog else { return };
        let Some(answer) = pending.poll() else { return };
        let (purpose, quick) = (pending.purpose, pending.started.elapsed() < TOO_FAST);
        self.dialog = None;
        // A map's folder, or the map folder's own parent.
        if let Some(folder) = answer.as_deref().and_then(|p| p.parent()) {
            self.remember_folder(purpose, folder.to_path_buf());
        }
        match (answer, purpose) {
            (Some(p), Purpose::OpenMap | Purpose::OpenMapFolder) => {
                self.open(super::loader::Source::at(p))
            }
            (Some(p), Purpose::ChooseFolder) => self.set_shot_folder(p),
            (Some(p), Purpose::CompareWith) => self.start_compare(super::loader::Source::at(p)),
            // Nothing could be shown after all.
            (None, _) if quick => self.browse(purpose),
            (None, _) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_map_filter_has_both_cases_of_every_extension() {
        let f = super::map_filter();
        for e in [
            "vxl", "VXL", "vmf", "VMF", "alw", "ALW", "w3e", "W3E", "w3x", "W3M", "w3g", "W3G",
        ] {
            assert!(f.iter().any(|x| x == e), "{e} missing from {f:?}");
        }
        assert_eq!(f.len(), 14);
    }
}
