//! File → Export…: the open map as glTF or OBJ (by the extension chosen),
//! picked in the system's save dialog and written on a thread of its own,
//! so drawing never stops; a notice says where it went. Where no dialog
//! can be shown, a window of mapscope's own asks the same
//! ([`super::export_form`]).

use super::dialogs::TOO_FAST;
use super::export_form::ExportForm;
use super::notice::Notice;
use super::screenshot::settings;
use super::App;
use crate::export::{self, ExportOptions, FileFormat};
use crate::store::Map;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::time::Instant;

/// An export in flight: what became of it.
pub struct Exporting {
    rx: Receiver<Outcome>,
}

enum Outcome {
    /// Written to the path (or failed, as the notice says).
    Done(Notice, PathBuf),
    Cancelled,
    /// The save dialog could not be shown: ask in a window instead.
    NoDialog,
}

/// Meshes `map` and writes it to `path`; the notice to show.
fn export_to(map: &Map, path: &Path) -> Notice {
    let result = FileFormat::of_path(path).and_then(|format| {
        let meshes = crate::kinds::mesh(map);
        let model = crate::kinds::export_model(map, &meshes, &ExportOptions::default());
        // The save dialog has asked about replacing a file already.
        export::write(&model, path, format, true)
    });
    match result {
        Ok(files) => {
            let bytes: u64 = files.iter().map(|(_, n)| n).sum();
            Notice::info(format!(
                "Exported {} ({:.1} MiB)",
                path.display(),
                bytes as f64 / 1048576.0
            ))
        }
        Err(e) => Notice::error(format!("Export failed: {e}")),
    }
}

impl App {
    /// File → Export….
    pub(super) fn export_dialog(&mut self) {
        if self.exporting.is_some() || self.export_form.is_some() || self.current.is_none() {
            return;
        }
        let form = self.export_offer();
        if !crate::app::browser::native_dialog_available() {
            self.export_form = Some(form);
            return;
        }
        let (folder, file) = (PathBuf::from(&form.folder), form.path());
        let file = file.file_name().map(|n| n.to_string_lossy().into_owned());
        let (tx, rx) = channel();
        let Some(map) = self.current.as_ref().map(|c| c.map.clone()) else {
            return;
        };
        let wake = self.wake.clone();
        std::thread::spawn(move || {
            let started = Instant::now();
            let picked = rfd::FileDialog::new()
                .set_directory(&folder)
                .set_file_name(file.unwrap_or_default())
                .add_filter("glTF binary (.glb)", &["glb"])
                .add_filter("glTF with .bin (.gltf)", &["gltf"])
                .add_filter("Wavefront OBJ with .mtl (.obj)", &["obj"])
                .save_file();
            let outcome = match picked {
                // A name with no known extension: binary glTF.
                Some(p) if FileFormat::of_path(&p).is_err() => {
                    let p = p.with_extension("glb");
                    Outcome::Done(export_to(&map, &p), p)
                }
                Some(p) => Outcome::Done(export_to(&map, &p), p),
                // Answered at once: no dialog could be shown.
                None if started.elapsed() < TOO_FAST => Outcome::NoDialog,
                None => Outcome::Cancelled,
            };
            let _ = tx.send(outcome);
            wake.wake();
        });
        self.exporting = Some(Exporting { rx });
    }

    /// What the export offers: the last export's format, folder and name,
    /// else binary glTF with [`Self::export_default`]'s folder and name.
    fn export_offer(&self) -> ExportForm {
        self.export_last.clone().unwrap_or_else(|| {
            let (folder, name) = self.export_default();
            ExportForm::new(folder, name)
        })
    }

    /// Where an export goes unless the user says otherwise: the screenshot
    /// folder, and a name from the map and the time (no extension).
    fn export_default(&self) -> (PathBuf, String) {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let stem = self
            .current
            .as_ref()
            .map_or("map".into(), |c| c.picture_stem());
        let name = PathBuf::from(settings::stem_file_name(&stem, secs));
        let stem = name
            .file_stem()
            .map_or("map".into(), |s| s.to_string_lossy().into_owned());
        let folder = std::path::absolute(&self.shots.settings.folder)
            .unwrap_or_else(|_| self.shots.settings.folder.clone());
        (folder, stem)
    }

    /// Exports to `path`, chosen in the export window.
    pub(super) fn export_to_path(&mut self, path: PathBuf) {
        let Some(map) = self.current.as_ref().map(|c| c.map.clone()) else {
            return;
        };
        let (tx, rx) = channel();
        let wake = self.wake.clone();
        std::thread::spawn(move || {
            let _ = tx.send(Outcome::Done(export_to(&map, &path), path));
            wake.wake();
        });
        self.exporting = Some(Exporting { rx });
    }

    /// Shows the notice of a finished export.
    pub(super) fn poll_export(&mut self) {
        let Some(e) = &self.exporting else { return };
        match e.rx.try_recv() {
            Err(TryRecvError::Empty) => {}
            Ok(Outcome::Cancelled) | Err(TryRecvError::Disconnected) => self.exporting = None,
            Ok(Outcome::NoDialog) => {
                self.exporting = None;
                self.export_form = Some(self.export_offer());
                if let Some(g) = &self.gfx {
                    g.window.request_redraw();
                }
            }
            Ok(Outcome::Done(text, path)) => {
                self.exporting = None;
                self.notice = Some(text);
                self.export_last = ExportForm::from_path(&path).or(self.export_last.take());
                // Polled between frames: nothing else would draw it.
                if let Some(g) = &self.gfx {
                    g.window.request_redraw();
                }
            }
        }
    }
}
