//! "New folder…" while choosing a folder: a name, then the folder made in
//! the one listed and highlighted there, ready to be used.

use super::BrowserWindow;
use std::path::{Path, PathBuf};

/// Makes the folder `name` in `parent`; its path, or why not.
pub fn make(parent: &Path, name: &str) -> Result<PathBuf, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("Give the new folder a name".into());
    }
    if name.contains(['/', '\\']) || name == "." || name == ".." {
        return Err(format!("{name:?} is not a folder name"));
    }
    let path = parent.join(name);
    std::fs::create_dir(&path).map_err(|e| format!("cannot make {}: {e}", path.display()))?;
    Ok(path)
}

impl BrowserWindow {
    /// The button, or while a name is asked for, its field with Create.
    pub(super) fn new_folder_button(&mut self, ui: &mut egui::Ui) {
        let Some((name, focus)) = &mut self.new_folder else {
            if ui.button("New folder…").clicked() {
                self.new_folder = Some((String::new(), true));
            }
            return;
        };
        let field = ui.add(
            egui::TextEdit::singleline(name)
                .desired_width(140.0)
                .hint_text("the new folder's name"),
        );
        // The keyboard goes to the name once, as the field appears.
        if std::mem::take(focus) {
            field.request_focus();
        }
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if !(ui.button("Create").clicked() || enter) {
            return;
        }
        let name = name.clone();
        let listed = self.folder().to_path_buf();
        match make(&listed, &name) {
            Ok(made) => {
                self.new_folder = None;
                self.go(listed);
                self.select_when_listed = Some(made);
            }
            Err(why) => self.error = Some(why),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::make;

    #[test]
    fn a_new_folder_is_made_once_and_bad_names_are_refused() {
        let dir = std::env::temp_dir().join(format!("mapscope-newfolder-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let made = make(&dir, " shots ").unwrap();
        assert_eq!(made, dir.join("shots"));
        assert!(made.is_dir());
        assert!(make(&dir, "shots").unwrap_err().contains("cannot make"));
        assert!(make(&dir, "  ").is_err());
        assert!(make(&dir, "a/b").is_err());
        assert!(make(&dir, "..").is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
