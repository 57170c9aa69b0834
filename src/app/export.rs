//! File → Export…: the open map as glTF or OBJ (by the extension chosen),
//! picked in the system's save dialog and written on a thread of its own,
//! so drawing never stops; a notice says where it went. Where no dialog
//! can be shown, the export goes to the screenshot folder as a `.glb`
//! named from the map and the time.

use super::dialogs::TOO_FAST;
use super::notice::Notice;
use super::screenshot::settings;
use super::App;
use crate::export::{self, ExportOptions, FileFormat};
use crate::store::Map;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::Instant;

/// An export in flight: its notice once it is done (`None` if cancelled).
pub struct Exporting {
    rx: Receiver<Option<Notice>>,
}

/// Meshes `map` and writes it to `path`; the notice to show.
fn export_to(map: &Map, path: &Path) -> Notice {
    let result = FileFormat::of_path(path).and_then(|format| {
        let meshes = crate::kinds::mesh(map);
        let model = export::build(map, &meshes, &ExportOptions::default());
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
        if self.exporting.is_some() {
            return;
        }
        let Some(c) = &self.current else { return };
        let map: Arc<Map> = c.map.clone();
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let name = PathBuf::from(settings::file_name(&c.name(), secs)).with_extension("glb");
        let folder = std::path::absolute(&self.shots.settings.folder)
            .unwrap_or_else(|_| self.shots.settings.folder.clone());
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let started = Instant::now();
            let picked = rfd::FileDialog::new()
                .set_directory(&folder)
                .set_file_name(name.to_string_lossy())
                .add_filter("glTF binary (.glb)", &["glb"])
                .add_filter("glTF with .bin (.gltf)", &["gltf"])
                .add_filter("Wavefront OBJ with .mtl (.obj)", &["obj"])
                .save_file();
            let path = match picked {
                Some(p) if FileFormat::of_path(&p).is_ok() => p,
                // A name with no known extension: binary glTF.
                Some(p) => p.with_extension("glb"),
                // Answered at once: no dialog could be shown.
                None if started.elapsed() < TOO_FAST => {
                    settings::unique_path(&folder, &name.to_string_lossy())
                }
                None => {
                    let _ = tx.send(None);
                    return;
                }
            };
            let _ = tx.send(Some(export_to(&map, &path)));
        });
        self.exporting = Some(Exporting { rx });
    }

    /// Shows the notice of a finished export.
    pub(super) fn poll_export(&mut self) {
        let Some(e) = &self.exporting else { return };
        match e.rx.try_recv() {
            Err(TryRecvError::Empty) => {}
            Ok(None) | Err(TryRecvError::Disconnected) => self.exporting = None,
            Ok(Some(text)) => {
                self.exporting = None;
                self.notice = Some(text);
                // Polled between frames: nothing else would draw it.
                if let Some(g) = &self.gfx {
                    g.window.request_redraw();
                }
            }
        }
    }
}
