//! Plates over the 3D view's corners ([`plate`]), and the tile flags'
//! legend at its bottom left: a swatch an overlay that is on, and the layer
//! map's gradient.

use super::ui::swatch;
use crate::mesh::terrain::Overlays;

/// The legend of the overlays that are on, at the bottom left of the 3D
/// view: a swatch each, and for the layer map a gradient from the map's
/// lowest layer to its highest (`layers`, where the map has layers).
pub fn legend(ctx: &egui::Context, overlays: Overlays, layers: Option<[u8; 2]>, area: egui::Rect) {
    let entries = overlays.legend();
    if entries.is_empty() {
        return;
    }
    plate(ctx, "legend", area, egui::Align2::LEFT_BOTTOM, |ui| {
        for (name, tint) in entries {
            ui.horizontal(|ui| match layers {
                Some(range) if name == Overlays::LAYERS_LABEL => {
                    ui.label("Layer heights");
                    layer_gradient(ui, range);
                }
                _ => {
                    swatch(ui, tint);
                    ui.label(name);
                }
            });
        }
    });
}

/// A plate that takes no clicks, 8 points in from `area`'s `corner`.
pub fn plate(
    ctx: &egui::Context,
    id: &str,
    area: egui::Rect,
    corner: egui::Align2,
    contents: impl FnOnce(&mut egui::Ui),
) {
    let at = corner.pos_in_rect(&area.shrink(8.0));
    egui::Area::new(egui::Id::unique(id))
        .fixed_pos(at)
        .pivot(corner)
        .order(egui::Order::Middle)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, contents);
        });
}

/// "2 ▬▬▬ 6": the layer map's colours from the lowest layer to the highest.
fn layer_gradient(ui: &mut egui::Ui, [lo, hi]: [u8; 2]) {
    use crate::mesh::overlay::layer_tint;
    ui.label(lo.to_string());
    let (rect, _) = ui.allocate_exact_size(egui::vec2(96.0, 12.0), egui::Sense::hover());
    let steps = 24;
    for i in 0..steps {
        let f = i as f32 / (steps - 1) as f32;
        let layer = lo as f32 + f * (hi.saturating_sub(lo)) as f32;
        let [r, g, b] =
            layer_tint(layer.round() as u8, [lo, hi]).map(|c| (c.clamp(0.0, 1.0) * 255.0) as u8);
        let x0 = rect.left() + rect.width() * i as f32 / steps as f32;
        let x1 = rect.left() + rect.width() * (i + 1) as f32 / steps as f32;
        let cell =
            egui::Rect::from_min_max(egui::pos2(x0, rect.top()), egui::pos2(x1, rect.bottom()));
        ui.painter()
            .rect_filled(cell, 0.0, egui::Color32::from_rgb(r, g, b));
    }
    ui.label(hi.to_string());
}
