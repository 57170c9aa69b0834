//! Plates over the 3D view's corners ([`plate`]), and the tile flags'
//! legend at its bottom left: a swatch an overlay that is on, and the layer
//! map's gradient.

use super::swatch;
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
    use crate::mesh::terrain::overlay::layer_tint;
    let layer = |f: f32| (lo as f32 + f * (hi.saturating_sub(lo)) as f32).round() as u8;
    gradient(ui, &lo.to_string(), &hi.to_string(), |f| {
        layer_tint(layer(f), [lo, hi])
    });
}

/// The ground-distance overlay's legend, at the bottom right of the 3D
/// view: its tint from the field's nearest to its farthest (`range`), with
/// [`crate::mesh::ground_view::legend`]'s marks in game units, and the walks.
pub fn distance_legend(ctx: &egui::Context, player: u32, range: [f32; 2], area: egui::Rect) {
    use crate::mesh::ground_view::{distance_tint, legend};
    let marks = legend(range, 2);
    plate(
        ctx,
        "distance legend",
        area,
        egui::Align2::RIGHT_BOTTOM,
        |ui| {
            ui.label(format!(
                "Ground distance from player {player}'s start, game units"
            ));
            ui.horizontal(|ui| {
                let [lo, hi] = [0, 1].map(|i| format!("{:.0}", marks[i].0));
                let [a, b] = range;
                gradient(ui, &lo, &hi, |f| distance_tint(a + f * (b - a), range));
            });
            ui.label(
                "Walks to each start's main mine in its player's colour, to its natural paler",
            );
        },
    );
}

/// "lo ▬▬▬ hi": `tint` from 0 to 1 between two labels.
fn gradient(ui: &mut egui::Ui, lo: &str, hi: &str, tint: impl Fn(f32) -> [f32; 3]) {
    ui.label(lo);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(96.0, 12.0), egui::Sense::hover());
    let steps = 24;
    for i in 0..steps {
        let f = i as f32 / (steps - 1) as f32;
        let [r, g, b] = tint(f).map(|c| (c.clamp(0.0, 1.0) * 255.0) as u8);
        let x0 = rect.left() + rect.width() * i as f32 / steps as f32;
        let x1 = rect.left() + rect.width() * (i + 1) as f32 / steps as f32;
        let cell =
            egui::Rect::from_min_max(egui::pos2(x0, rect.top()), egui::pos2(x1, rect.bottom()));
        ui.painter()
            .rect_filled(cell, 0.0, egui::Color32::from_rgb(r, g, b));
    }
    ui.label(hi);
}
