//! File → Export… where no save dialog can be shown (a bare X server, no
//! desktop portal): a window asking what a save dialog would, the format,
//! the folder and the name, instead of writing somewhere unasked. A name
//! typed with a format's extension (`island.obj`) chooses that format; a
//! folder that does not exist can be made from the window; the preview
//! names every file the export writes.

use crate::export::FileFormat;
use std::path::{Path, PathBuf};

/// The export window's answers so far.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportForm {
    pub format: FileFormat,
    pub folder: String,
    /// The file's name without its extension.
    pub name: String,
}

/// What the window asks for.
#[derive(Debug, PartialEq, Default)]
pub enum Asked {
    /// Keep the window open.
    #[default]
    Nothing,
    Export(PathBuf),
    Cancel,
}

fn describe(format: FileFormat) -> &'static str {
    match format {
        FileFormat::Glb => "glTF binary (.glb): one file",
        FileFormat::Gltf => "glTF with a .bin beside it (.gltf)",
        FileFormat::Obj => "Wavefront OBJ with a .mtl beside it (.obj)",
    }
}

/// The format a name's own extension names, if it names one.
fn format_of_name(name: &str) -> Option<FileFormat> {
    FileFormat::of_path(Path::new(name.trim())).ok()
}

impl ExportForm {
    pub fn new(folder: PathBuf, name: String) -> ExportForm {
        ExportForm {
            format: FileFormat::Glb,
            folder: folder.display().to_string(),
            name,
        }
    }

    /// The answers an export to `path` gave, to offer again next time.
    pub fn from_path(path: &Path) -> Option<ExportForm> {
        Some(ExportForm {
            format: FileFormat::of_path(path).ok()?,
            folder: path.parent()?.display().to_string(),
            name: path.file_stem()?.to_string_lossy().into_owned(),
        })
    }

    /// The file the answers name: the folder, the name and the format's
    /// extension (the name's own extension, if it is a format's, is
    /// replaced).
    pub fn path(&self) -> PathBuf {
        let name = self.name.trim();
        let stem = FileFormat::ALL
            .iter()
            .find_map(|f| name.strip_suffix(&format!(".{}", f.extension())))
            .unwrap_or(name);
        PathBuf::from(self.folder.trim()).join(format!("{stem}.{}", self.format.extension()))
    }

    /// The folder named, when it does not exist (the window offers to make
    /// it).
    pub fn missing_folder(&self) -> Option<PathBuf> {
        let folder = PathBuf::from(self.folder.trim());
        (!self.folder.trim().is_empty() && !folder.exists()).then_some(folder)
    }

    /// Why the answers cannot be exported yet, if they cannot.
    pub fn problem(&self) -> Option<String> {
        let folder = PathBuf::from(self.folder.trim());
        let taken = self
            .format
            .files(&self.path())
            .into_iter()
            .find(|p| p.exists());
        if self.name.trim().is_empty() {
            Some("Give the file a name".into())
        } else if self.missing_folder().is_some() {
            Some(format!("{} does not exist", folder.display()))
        } else if !folder.is_dir() {
            Some(format!("{} is not a folder", folder.display()))
        } else {
            taken.map(|p| format!("{} exists; choose another name", p.display()))
        }
    }

    /// "Writes island.gltf and island.bin in /maps": every file written.
    pub fn preview(&self) -> String {
        let files = self.format.files(&self.path());
        let names: Vec<String> = files
            .iter()
            .filter_map(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .collect();
        format!("Writes {} in {}", names.join(" and "), self.folder.trim())
    }

    /// A name typed with a format's extension chooses that format; a
    /// format chosen takes such an extension off the name.
    fn follow_name(&mut self, name_changed: bool, format_clicked: bool) {
        let named = format_of_name(&self.name);
        if name_changed {
            if let Some(f) = named {
                self.format = f;
            }
        } else if format_clicked && named.is_some_and(|f| f != self.format) {
            if let Some(stem) = Path::new(self.name.trim()).file_stem() {
                self.name = stem.to_string_lossy().into_owned();
            }
        }
    }

    /// Shows the window; Esc or Cancel closes it.
    pub fn show(&mut self, ctx: &egui::Context) -> Asked {
        let mut asked = Asked::Nothing;
        let mut open = true;
        // At the top right, where the Screenshot settings (top left) are
        // not: both open at once, neither hides the other's buttons.
        let area = ctx.content_rect();
        egui::Window::new("Export the map")
            .open(&mut open)
            .resizable(false)
            .collapsible(false)
            .pivot(egui::Align2::RIGHT_TOP)
            .default_pos(area.right_top() + egui::vec2(-16.0, 48.0))
            .show(ctx, |ui| asked = self.contents(ui));
        if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            asked = Asked::Cancel;
        }
        asked
    }

    fn contents(&mut self, ui: &mut egui::Ui) -> Asked {
        let mut asked = Asked::Nothing;
        ui.label("No save dialog can be shown here: say where the export goes.");
        ui.separator();
        ui.label(egui::RichText::new("Format").strong());
        let mut format_clicked = false;
        for format in FileFormat::ALL {
            if ui.radio(self.format == format, describe(format)).clicked() {
                self.format = format;
                format_clicked = true;
            }
        }
        ui.label(egui::RichText::new("Folder").strong());
        ui.text_edit_singleline(&mut self.folder);
        ui.label(egui::RichText::new("Name").strong());
        let name_changed = ui.text_edit_singleline(&mut self.name).changed();
        self.follow_name(name_changed, format_clicked);
        if format_of_name(&self.name).is_some() {
            ui.label(egui::RichText::new("The name's extension chose the format").weak());
        }
        ui.separator();
        let problem = self.problem();
        match &problem {
            Some(why) => ui.colored_label(ui.visuals().warn_fg_color, why),
            None => ui.label(self.preview()),
        };
        ui.horizontal(|ui| {
            let export = ui.add_enabled(problem.is_none(), egui::Button::new("Export"));
            if export.clicked() {
                asked = Asked::Export(self.path());
            }
            if let Some(folder) = self.missing_folder() {
                if ui.button("Make the folder").clicked() {
                    if let Err(e) = std::fs::create_dir_all(&folder) {
                        self.folder = format!("{} (cannot make it: {e})", folder.display());
                    }
                }
            }
            if ui.button("Cancel").clicked() {
                asked = Asked::Cancel;
            }
        });
        asked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dir::TempDir;

    fn temp(name: &str) -> TempDir {
        TempDir::new(&format!("form-{name}"))
    }

    #[test]
    fn the_answers_name_one_file_of_the_chosen_format() {
        let dir = std::env::temp_dir();
        let mut f = ExportForm::new(dir.clone(), "island".into());
        assert_eq!(f.path(), dir.join("island.glb"));
        f.format = FileFormat::Obj;
        f.name = "island.glb".into();
        assert_eq!(f.path(), dir.join("island.obj"));
        f.name = "  ".into();
        assert!(f.problem().is_some(), "no name");
        f.name = "island".into();
        f.folder = dir.join("no-such-folder-here").display().to_string();
        assert!(f.problem().unwrap().contains("does not exist"));
        assert_eq!(f.missing_folder(), Some(dir.join("no-such-folder-here")));
        // A file where the folder should be is not a folder.
        let d = temp("file");
        std::fs::write(d.join("plain"), "x").unwrap();
        f.folder = d.join("plain").display().to_string();
        assert!(f.problem().unwrap().contains("not a folder"));
        assert_eq!(f.missing_folder(), None);
    }

    #[test]
    fn a_typed_extension_chooses_the_format_and_the_preview_names_every_file() {
        let d = temp("ext");
        let mut f = ExportForm::new(d.to_path_buf(), "island".into());
        f.format = FileFormat::Gltf;
        f.name = "island.obj".into();
        f.follow_name(true, false);
        assert_eq!(f.format, FileFormat::Obj);
        assert_eq!(f.path(), d.join("island.obj"));
        assert!(f
            .preview()
            .starts_with("Writes island.obj and island.mtl in "));
        // Choosing glTF then takes the .obj off the name.
        f.format = FileFormat::Gltf;
        f.follow_name(false, true);
        assert_eq!(f.name, "island");
        assert!(f
            .preview()
            .starts_with("Writes island.gltf and island.bin in "));
        // A .bin already there is a file the export would replace.
        std::fs::write(d.join("island.bin"), "old").unwrap();
        assert!(f.problem().unwrap().contains("island.bin exists"));
        f.format = FileFormat::Glb;
        assert_eq!(f.problem(), None);
        assert!(f.preview().starts_with("Writes island.glb in "));
    }

    #[test]
    fn an_export_is_offered_again_as_it_was_made() {
        let f = ExportForm::from_path(Path::new("/maps/out/island.gltf")).unwrap();
        assert_eq!(f.format, FileFormat::Gltf);
        assert_eq!(
            (f.folder.as_str(), f.name.as_str()),
            ("/maps/out", "island")
        );
        assert_eq!(ExportForm::from_path(Path::new("/maps/island.png")), None);
    }
}
