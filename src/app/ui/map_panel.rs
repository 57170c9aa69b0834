//! The Map panel: the open map's name, description, players, pictures and
//! summary (at the left; while comparing, a tab beside the Changes panel).

use super::{swatch, wrapped, MapView};

/// The Map panel's contents: the map's name, description, players (their
/// starts in the units of the Spawns list), pictures and summary.
pub fn contents(ui: &mut egui::Ui, v: &MapView<'_>) {
    if let Some(title) = v.title {
        wrapped(ui, egui::RichText::new(title).strong());
    }
    if let Some(d) = v.description {
        wrapped(ui, d);
    }
    wrapped(ui, &v.name);
    wrapped(ui, v.timings);
    ui.separator();
    if !v.players.is_empty() {
        ui.label(egui::RichText::new("Players").strong())
            .on_hover_text(v.positions);
        for (rgb, text) in v.players {
            ui.horizontal(|ui| {
                swatch(ui, rgb.map(|c| c as f32 / 255.0));
                wrapped(ui, text);
            });
        }
        ui.separator();
    }
    for (caption, texture) in v.pictures {
        ui.label(egui::RichText::new(caption).strong());
        let size = texture.size_vec2();
        let width = ui.available_width().clamp(64.0, 256.0);
        ui.image((texture.id(), size * (width / size.x.max(1.0))));
        ui.separator();
    }
    summary(ui, v.summary);
}

/// The summary as `mapscope info` prints it, one "key  value" a line: keys
/// in a column, values wrapping beside them; in a narrow panel, each value
/// under its key, so that no number is broken across lines.
fn summary(ui: &mut egui::Ui, text: &str) {
    let pairs = text.lines().filter_map(|line| {
        let line = line.trim_start();
        let (key, value) = line.split_once("  ").unwrap_or(("", line));
        // Shown at the top of the panel already.
        (key != "name" && key != "description").then(|| (key, value.trim_start()))
    });
    if ui.available_width() < NARROW_SUMMARY {
        for (key, value) in pairs {
            ui.label(egui::RichText::new(key).strong());
            ui.indent(key, |ui| wrapped(ui, value));
        }
        return;
    }
    egui::Grid::new("summary")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (key, value) in pairs {
                ui.label(egui::RichText::new(key).strong());
                wrapped(ui, value);
                ui.end_row();
            }
        });
}

/// Below this width (points) the summary's keys and values do not fit side
/// by side.
const NARROW_SUMMARY: f32 = 240.0;
