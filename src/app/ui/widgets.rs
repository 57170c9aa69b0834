//! Small widgets the panels share.

/// A label that wraps at the panel's edge.
pub fn wrapped(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add(egui::Label::new(text).wrap())
}

/// A small square of `rgb` (0..1), as legends and the player list show.
pub fn swatch(ui: &mut egui::Ui, rgb: [f32; 3]) {
    let [r, g, b] = rgb.map(|c| (c.clamp(0.0, 1.0) * 255.0) as u8);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter()
        .rect_filled(rect, 2.0, egui::Color32::from_rgb(r, g, b));
}
