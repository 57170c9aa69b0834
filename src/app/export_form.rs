//! File → Export… where no save dialog can be shown (a bare X server, no
//! desktop portal): a window asking what a save dialog would, the format,
//! the folder and the name, instead of writing somewhere unasked.

use crate::export::FileFormat;
use std::path::PathBuf;

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

const FORMATS: [(FileFormat, &str, &str); 3] = [
    (FileFormat::Glb, "glb", "glTF binary (.glb): one file"),
    (
        FileFormat::Gltf,
        "gltf",
        "glTF with a .bin beside it (.gltf)",
    ),
    (
        FileFormat::Obj,
        "obj",
        "Wavefront OBJ with a .mtl beside it (.obj)",
    ),
];

impl ExportForm {
    pub fn new(folder: PathBuf, name: String) -> ExportForm {
        ExportForm {
            format: FileFormat::Glb,
            folder: folder.display().to_string(),
            name,
        }
    }

    /// The file the answers name: the folder, the name and the format's
    /// extension (the name's own extension, if it is a format's, is
    /// replaced).
    pub fn path(&self) -> PathBuf {
        let ext = FORMATS
            .iter()
            .find(|(f, _, _)| *f == self.format)
            .map_or("glb", |(_, e, _)| *e);
        let name = self.name.trim();
        let stem = FORMATS
            .iter()
            .find_map(|(_, e, _)| name.strip_suffix(&format!(".{e}")))
            .unwrap_or(name);
        PathBuf::from(self.folder.trim()).join(format!("{stem}.{ext}"))
    }

    /// Why the answers cannot be exported yet, if they cannot.
    pub fn problem(&self) -> Option<String> {
        let folder = PathBuf::from(self.folder.trim());
        if self.name.trim().is_empty() {
            Some("Give the file a name".into())
        } else if !folder.is_dir() {
            Some(format!("{} is not a folder", folder.display()))
        } else if self.path().exists() {
            Some(format!(
                "{} exists; choose another name",
                self.path().display()
            ))
        } else {
            None
        }
    }

    /// Shows the window; Esc or Cancel closes it.
    pub fn show(&mut self, ctx: &egui::Context) -> Asked {
        let mut asked = Asked::Nothing;
        let mut open = true;
        egui::Window::new("Export the map")
            .open(&mut open)
            .resizable(false)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label("No save dialog can be shown here: say where the export goes.");
                ui.separator();
                ui.label(egui::RichText::new("Format").strong());
                for (format, _, label) in FORMATS {
                    if ui.radio(self.format == format, label).clicked() {
                        self.format = format;
                    }
                }
                ui.label(egui::RichText::new("Folder").strong());
                ui.text_edit_singleline(&mut self.folder);
                ui.label(egui::RichText::new("Name").strong());
                ui.text_edit_singleline(&mut self.name);
                ui.separator();
                let problem = self.problem();
                match &problem {
                    Some(why) => ui.colored_label(ui.visuals().warn_fg_color, why),
                    None => ui.label(format!("Writes {}", self.path().display())),
                };
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(problem.is_none(), egui::Button::new("Export"))
                        .clicked()
                    {
                        asked = Asked::Export(self.path());
                    }
                    if ui.button("Cancel").clicked() {
                        asked = Asked::Cancel;
                    }
                });
            });
        if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            asked = Asked::Cancel;
        }
        asked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(f.problem().unwrap().contains("not a folder"));
    }
}
