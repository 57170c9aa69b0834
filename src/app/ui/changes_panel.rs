//! The Changes panel of a comparison (`compare`): what changed, counted,
//! each change a link that flies the camera there, and the button that
//! shows the other map. It has the Map panel's place (`ui::draw`).

use super::{wrapped, Actions};

/// The Changes panel's contents: what changed, counted, and each change a
/// link that flies the camera there.
pub fn changes(ui: &mut egui::Ui, v: &crate::app::compare::ChangesView<'_>, a: &mut Actions) {
    wrapped(ui, &v.title);
    ui.horizontal(|ui| {
        ui.label(format!("Showing the {} map", v.showing));
        a.flip |= ui
            .button("Flip (X)")
            .on_hover_text("Show the other map in place")
            .clicked();
    });
    let mut dim = v.dim;
    if ui.checkbox(&mut dim, "Dim what did not change").changed() {
        a.dim = Some(dim);
    }
    ui.separator();
    for line in &v.summary {
        wrapped(ui, line);
    }
    if !v.marks.is_empty() {
        ui.separator();
        ui.label(egui::RichText::new(format!("On the map ({})", v.marks.len())).strong());
    }
    for (i, m) in v.marks.iter().enumerate() {
        let [r, g, b, _] = m.color();
        let text = format!("{} {}", m.change.id(), m.what);
        let mut rich = egui::RichText::new(text).color(egui::Rgba::from_rgb(r, g, b));
        if v.selected == Some(i) {
            rich = rich.strong().underline();
        }
        let link = egui::Label::new(rich).wrap().sense(egui::Sense::click());
        let link = ui.add(link).on_hover_cursor(egui::CursorIcon::PointingHand);
        if link.on_hover_text("Fly there").clicked() {
            a.change = Some(i);
        }
    }
    if !v.files.is_empty() {
        ui.separator();
        ui.label(egui::RichText::new("Files whose bytes differ").strong());
        for f in &v.files {
            wrapped(ui, egui::RichText::new(f).monospace());
        }
    }
}
